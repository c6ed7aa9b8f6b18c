#!/bin/sh
# selftest_gpu.sh - faults in the dlopen path (sw/lib/gpureg_cuda.[ch]) must be caught by test_gpu
# run through the fake libcuda.so.1 (docs/sw.md §9): each fault is applied with sed to a copy,
# test_gpu is rebuilt against the copy, and the fault counts as caught when the run against the
# fake fails, or when the run against the fake that lacks cuMemMap does not fail.
# Usage (from the repository root, by make selftest-gpu-sw):
#   sw/tests/selftest_gpu.sh BUILD_DIR FAKE_DIR FAKE_NOMAP_DIR CC FLAGS...
set -u
out=$1; fake=$2; nomap=$3; cc=$4; shift 4
root=$(pwd)
mkdir -p "$out"
# fault number | file | sed script | what it breaks
faults='1|gpureg_cuda.c|s/"cuMemAlloc_v2"/"cuMemAlloc"/|symbol cuMemAlloc instead of cuMemAlloc_v2
2|gpureg_cuda.h|s/\(CU_POINTER_ATTRIBUTE_BUFFER_ID  *\)7$/\18/|BUFFER_ID = 8
3|gpureg_cuda.h|s/\(CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE  *\)15$/\114/|IS_GPU_DIRECT_RDMA_CAPABLE = 14
4|gpureg_cuda.c|s/GR_CU_ERROR, why, n, "libcuda.so.1 lacks/GR_CU_ABSENT, why, n, "libcuda.so.1 lacks/|missing symbol reported as absent (skip)
5|gpureg_cuda.h|/void \*win32HandleMetaData;/d|CUmemAllocationProp without win32HandleMetaData
6|gpureg_cuda.c|s/unsigned int one = 1; /unsigned int one = 0; /|SYNC_MEMOPS set with flag 0'
printf '%s\n' "$faults" | while IFS='|' read -r m f script what; do
  d="$out/m$m"
  rm -rf "$d" && mkdir -p "$d" && cp sw/lib/gpureg_cuda.c sw/lib/gpureg_cuda.h "$d/"
  sed -i "$script" "$d/$f"
  if cmp -s "$d/$f" "sw/lib/$f"; then
    echo "selftest-gpu-sw: fault $m ($what): pattern no longer matches sw/lib/$f"; exit 1
  fi
  "$cc" "$@" -I"$d" -Isw/lib -Isw/tests "$d/gpureg_cuda.c" sw/tests/test_gpu.c sw/lib/gpureg.c \
        -o "$d/test_gpu" -ldl || exit 1
  if ! LD_LIBRARY_PATH="$root/$fake" timeout 60 "$d/test_gpu" --require-gpu > "$d/fake.log" 2>&1; then
    echo "selftest-gpu-sw: fault $m ($what) caught: $(grep -c '^FAIL' "$d/fake.log") failed checks $(grep -m1 -o '^test_gpu: FAIL.*\|AddressSanitizer: [a-z-]*' "$d/fake.log" || true)"
  elif LD_LIBRARY_PATH="$root/$nomap" timeout 60 "$d/test_gpu" > "$d/nomap.log" 2>&1; then
    echo "selftest-gpu-sw: fault $m ($what) caught: a driver lacking cuMemMap passes ($(cat "$d/nomap.log"))"
  else
    echo "selftest-gpu-sw: fault $m ($what) NOT caught"; exit 1
  fi
done || exit 1
echo "selftest-gpu-sw: 6 faults caught"
