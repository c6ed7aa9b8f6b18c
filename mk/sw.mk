# mk/sw.mk - host software of the GPU BAR window DMA path (issue 14, docs/sw.md): the kernel
# module's pin / unpin / callback core (sw/core), the fake NVIDIA side (sw/fake), the user
# library's registration cache (sw/lib) and the kernel module (sw/kmod). No GPU needed.
#
#   make cmodel-test-sw   unit tests T01-T04, T06-T12 (core), T14 T15 T18 T21-T23 T26 (library)
#                         under ASan+UBSan; the interleaving explorer (every interleaving of
#                         {unpin, callback, DMA submit, fd release}) under ASan+UBSan, plus
#                         5000 seeded random schedules per scenario with a scheduling point at
#                         every lock acquisition; the core and library tests again under
#                         ThreadSanitizer (callbacks run on their own thread; the
#                         unpin-vs-callback race, 200 rounds); the CLI
#   make kmod-sw          kbuild of sw/kmod against /usr/src/linux-headers-*-amd64 (newest),
#                         -Werror, nvidia_p2p_* resolved by sw/kmod/nvidia.symvers (part of lint)
#   make selftest-sw      eight core faults and two library faults must each be caught
#   make cli-sw           build/sw/gpureg-cli (registers a fake GPU buffer, prints its table)
#   make gpu-fake-test-sw the GPU tests (sw/tests/test_gpu.c, ASan+UBSan) without a GPU: the skip
#                         path (one "test_gpu: SKIP" line, exit 0; on a GPU machine the real run),
#                         then through a fake libcuda.so.1 (sw/fake/fake_libcuda.c over fakep2p)
#                         found by dlopen via LD_LIBRARY_PATH: all checks pass; two fake faults and
#                         a missing symbol must fail (exit 1), cuInit failing / 0 devices must skip
#                         (or fail with --require-gpu, or where the machine shows a GPU)
#   make gpu-test-sw      on a machine with an NVIDIA GPU and driver: test_gpu --require-gpu
#                         (no sanitizer: the CUDA driver does not run under ASan's default
#                         shadow layout); fails when no GPU or driver is found. Not in make test.

SW_INC  := -Isw/include -Isw/core -Isw/fake -Isw/lib -Isw/tests
SW_HDR  := $(wildcard sw/*/*.h)
SW_CORE := sw/core/gb_core.c sw/core/gb_os_user.c sw/fake/fakep2p.c sw/fake/fpga_stub.c
SW_LIB  := sw/fake/adapters.c sw/lib/gpureg.c
SW_B    := $(B)/sw
SW_KHDR  = $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))
SW_TSAN := -O1 -g -fsanitize=thread
# gcc 12's TSan aborts ("unexpected memory mapping") on kernels with a large mmap randomisation:
# run its binaries without address-space randomisation
SW_NOASLR := setarch $(shell uname -m) -R

$(SW_B)/test_core: sw/tests/test_core.c $(SW_CORE) $(SW_LIB) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_CORE) $(SW_LIB) $< -o $@ -lpthread
$(SW_B)/test_core_tsan: sw/tests/test_core.c $(SW_CORE) $(SW_LIB) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SW_TSAN) $(SW_INC) $(SW_CORE) $(SW_LIB) $< -o $@ -lpthread
$(SW_B)/test_lib_tsan: sw/tests/test_lib.c $(SW_CORE) $(SW_LIB) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SW_TSAN) $(SW_INC) $(SW_CORE) $(SW_LIB) $< -o $@ -lpthread
$(SW_B)/test_lib: sw/tests/test_lib.c $(SW_CORE) $(SW_LIB) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_CORE) $(SW_LIB) $< -o $@ -lpthread
$(SW_B)/test_explore: sw/tests/test_explore.c $(SW_CORE) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_CORE) $< -o $@ -lpthread
$(SW_B)/gpureg-cli: sw/lib/gpureg_cli.c $(SW_CORE) $(SW_LIB) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_CORE) $(SW_LIB) $< -o $@ -lpthread

# GPU tests (docs/sw.md §9): test_gpu loads libcuda.so.1 with dlopen, so it builds without CUDA
SW_GPU    := sw/tests/test_gpu.c sw/lib/gpureg_cuda.c sw/lib/gpureg.c
SW_FAKECU := sw/fake/fake_libcuda.c sw/fake/fakep2p.c sw/core/gb_os_user.c
SW_FCLD   := -fPIC -shared -Wl,--version-script=sw/fake/fake_libcuda.map -Wl,-soname,libcuda.so.1
$(SW_B)/test_gpu: $(SW_GPU) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_GPU) -o $@ -ldl
$(SW_B)/test_gpu_plain: $(SW_GPU) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -g $(SW_INC) $(SW_GPU) -o $@ -ldl
$(SW_B)/fakecuda/libcuda.so.1: $(SW_FAKECU) sw/fake/fake_libcuda.map $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) $(SW_FCLD) $(SW_FAKECU) -o $@ -lpthread
$(SW_B)/fakecuda_nomap/libcuda.so.1: $(SW_FAKECU) sw/fake/fake_libcuda.map $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) -DFC_OMIT_MEMMAP $(SW_INC) $(SW_FCLD) $(SW_FAKECU) -o $@ -lpthread

# does this machine show a GPU (as gr_cuda_gpu_evidence)? then "absent" must fail, not skip
SW_GPU_SEEN = { [ -e /dev/nvidia0 ] || ls /proc/driver/nvidia/gpus/* > /dev/null 2>&1; }
SW_TG = timeout 60 $(SW_B)/test_gpu
gpu-fake-test-sw: $(SW_B)/test_gpu $(SW_B)/fakecuda/libcuda.so.1 $(SW_B)/fakecuda_nomap/libcuda.so.1
	ASAN_OPTIONS=protect_shadow_gap=0 $(SW_TG) > $(SW_B)/gpu_real.txt; \
	  rc=$$?; cat $(SW_B)/gpu_real.txt; [ $$rc = 0 ] || exit 1; \
	  grep -qx 'test_gpu: SKIP: .*' $(SW_B)/gpu_real.txt || grep -q '^test_gpu: [0-9]* checks passed, 0 failed' $(SW_B)/gpu_real.txt
	LD_LIBRARY_PATH=$(SW_B)/fakecuda $(SW_TG) --require-gpu > $(SW_B)/gpu_fake.txt
	grep -q '^test_gpu: CUDA driver 13000, device 0: fake libcuda.so.1' $(SW_B)/gpu_fake.txt
	grep '^test_gpu: [0-9]* checks passed, 0 failed' $(SW_B)/gpu_fake.txt
	@for f in 1 2; do \
	  if FAKE_CUDA_FAULT=$$f LD_LIBRARY_PATH=$(SW_B)/fakecuda $(SW_TG) > $(SW_B)/gpu_fault$$f.txt 2>&1; \
	  then echo "gpu-fake-test-sw: fake fault $$f NOT caught"; exit 1; fi; \
	  grep -q SKIP $(SW_B)/gpu_fault$$f.txt && exit 1; \
	  echo "gpu-fake-test-sw: fake fault $$f caught ($$(grep -c '^FAIL' $(SW_B)/gpu_fault$$f.txt) failed checks)"; done
	! LD_LIBRARY_PATH=$(SW_B)/fakecuda_nomap $(SW_TG) > $(SW_B)/gpu_nomap.txt
	grep -qx 'test_gpu: FAIL: libcuda.so.1 lacks cuMemMap' $(SW_B)/gpu_nomap.txt
	! FAKE_CUDA_INIT=100 LD_LIBRARY_PATH=$(SW_B)/fakecuda $(SW_TG) --require-gpu > /dev/null
	@for e in FAKE_CUDA_INIT=100 FAKE_CUDA_INIT=999 FAKE_CUDA_DEVICES=0; do \
	  env $$e LD_LIBRARY_PATH=$(SW_B)/fakecuda $(SW_TG) > $(SW_B)/gpu_absent.txt; rc=$$?; \
	  if $(SW_GPU_SEEN); then [ $$rc = 1 ] && grep -q '^test_gpu: FAIL: .*, but ' $(SW_B)/gpu_absent.txt || exit 1; \
	  else [ $$rc = 0 ] && [ $$(wc -l < $(SW_B)/gpu_absent.txt) = 1 ] && grep -qx 'test_gpu: SKIP: no .*' $(SW_B)/gpu_absent.txt || exit 1; fi; \
	  echo "gpu-fake-test-sw: $$e: $$(cat $(SW_B)/gpu_absent.txt)"; done
	@echo "gpu-fake-test-sw: passed"

# faults in the dlopen path (symbol name, enum values, struct layout, skip decision, flag) must be
# caught through the fake libcuda (sw/tests/selftest_gpu.sh)
selftest-gpu-sw: $(SW_B)/fakecuda/libcuda.so.1 $(SW_B)/fakecuda_nomap/libcuda.so.1 $(SW_GPU) $(SW_HDR)
	sw/tests/selftest_gpu.sh $(SW_B)/gmut $(SW_B)/fakecuda $(SW_B)/fakecuda_nomap $(CC) $(CWARN) $(SAN)

gpu-test-sw: $(SW_B)/test_gpu_plain
	timeout 300 $(SW_B)/test_gpu_plain --require-gpu

.PHONY: cmodel-test-sw kmod-sw selftest-sw cli-sw gpu-fake-test-sw gpu-test-sw selftest-gpu-sw
cli-sw: $(SW_B)/gpureg-cli

cmodel-test-sw: $(SW_B)/test_core $(SW_B)/test_lib $(SW_B)/test_explore $(SW_B)/test_core_tsan \
                $(SW_B)/test_lib_tsan $(SW_B)/gpureg-cli
	timeout 120 $(SW_B)/test_core 50
	timeout 120 $(SW_B)/test_lib
	timeout 300 $(SW_B)/test_explore
	timeout 300 $(SW_B)/test_explore 5000 fine 1
	TSAN_OPTIONS=halt_on_error=1 $(SW_NOASLR) timeout 120 $(SW_B)/test_core_tsan 200
	TSAN_OPTIONS=halt_on_error=1 $(SW_NOASLR) timeout 120 $(SW_B)/test_lib_tsan
	$(SW_B)/gpureg-cli --size 0x50000 --offset 0x1234 > $(SW_B)/cli.txt
	grep -q '^pinned   0x00007fc100000000 len 0x50000 ' $(SW_B)/cli.txt
	grep -q '^table    5 entries of 64 KiB' $(SW_B)/cli.txt
	! $(SW_B)/gpureg-cli --kind managed 2> /dev/null
	@echo "cmodel-test-sw: passed"

kmod-sw:
	@test -n "$(SW_KHDR)" || { echo "kmod-sw: no /usr/src/linux-headers-*-amd64 (apt-get install linux-headers-amd64, scripts/setup)"; exit 1; }
	@rm -rf $(SW_B)/kmod && mkdir -p $(SW_B)/kmod
	cp sw/kmod/* sw/core/gb_core.c sw/core/gb_core.h sw/core/gb_csr.c sw/core/gb_csr.h sw/core/gb_os.h sw/include/nv-p2p.h $(SW_B)/kmod/
	$(MAKE) --no-print-directory -C $(SW_KHDR) M=$(ROOT)/$(SW_B)/kmod \
	  KBUILD_EXTRA_SYMBOLS=$(ROOT)/$(SW_B)/kmod/nvidia.symvers modules > $(SW_B)/kmod/build.log 2>&1 \
	  || { cat $(SW_B)/kmod/build.log; exit 1; }
	@! grep -i 'warning' $(SW_B)/kmod/build.log || { echo "kmod-sw: warnings"; exit 1; }
	@echo "kmod-sw: built $(SW_B)/kmod/gpubar.ko against $(SW_KHDR)"

# each fault must make a test fail (nonzero exit: a failed check, a sanitizer report or a
# deadlock found by the explorer): first the unit tests, then, if they pass, the explorer (which
# stops at the first failing interleaving); core
# faults GB_MUTANT 1-8 (gb_core.c rebuilt per fault, the rest compiled once), library faults
# GR_MUTANT 1-2
SW_MUT   := $(SW_B)/mut
SW_FIXED := sw/core/gb_os_user.c sw/fake/fakep2p.c sw/fake/fpga_stub.c sw/fake/adapters.c \
            sw/lib/gpureg.c sw/tests/test_explore.c sw/tests/test_core.c sw/tests/test_lib.c
SW_FIXO  := $(patsubst %.c,$(SW_MUT)/%.o,$(notdir $(SW_FIXED)))
$(SW_MUT)/%.o: $(SW_FIXED) $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) -c $(filter %/$*.c,$(SW_FIXED)) -o $@
$(SW_MUT)/gb_core.o: sw/core/gb_core.c $(SW_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(SAN) $(SW_INC) -c $< -o $@

selftest-sw: $(SW_FIXO) $(SW_MUT)/gb_core.o
	@cd $(SW_MUT) && B="gb_os_user.o fakep2p.o fpga_stub.o" && for m in 1 2 3 4 5 6 7 8; do \
	  $(CC) $(CWARN) $(SAN) -DGB_MUTANT=$$m $(addprefix -I$(ROOT)/,$(subst -I,,$(SW_INC))) -c $(ROOT)/sw/core/gb_core.c -o core_$$m.o || exit 1; \
	  $(CC) $(SAN) core_$$m.o $$B test_explore.o -o explore_$$m -lpthread || exit 1; \
	  $(CC) $(SAN) core_$$m.o $$B adapters.o gpureg.o test_core.o -o unit_$$m -lpthread || exit 1; \
	  if ! timeout 60 ./unit_$$m 5 > unit_$$m.log 2>&1; then \
	    echo "selftest-sw: core fault $$m caught by the unit tests ($$(grep -c '^FAIL' unit_$$m.log) failed checks)"; \
	  elif ! SW_EXPLORE_STOP=1 timeout 300 ./explore_$$m > explore_$$m.log 2>&1; then \
	    echo "selftest-sw: core fault $$m caught by the explorer ($$(grep -m1 -o 'VIOLATION.*\|AddressSanitizer: [a-z-]*\|DEADLOCK' explore_$$m.log))"; \
	  else echo "selftest-sw: core fault $$m NOT caught"; exit 1; fi; done
	@cd $(SW_MUT) && for m in 1 2; do \
	  $(CC) $(CWARN) $(SAN) -DGR_MUTANT=$$m $(addprefix -I$(ROOT)/,$(subst -I,,$(SW_INC))) -c $(ROOT)/sw/lib/gpureg.c -o gpureg_$$m.o || exit 1; \
	  $(CC) $(SAN) gb_core.o gb_os_user.o fakep2p.o fpga_stub.o adapters.o gpureg_$$m.o test_lib.o -o lib_$$m -lpthread || exit 1; \
	  if ./lib_$$m > lib_$$m.log 2>&1; then echo "selftest-sw: library fault $$m NOT caught"; exit 1; fi; \
	  echo "selftest-sw: library fault $$m caught"; done

# ------------------------------------------------------------------ the driver against the RTL
# sw/core/gb_csr.c (gpubar_top's register-level driver, built into gpubar.ko) run by
# tb/sw/tb_gb_csr.cpp against the Verilated gpubar_top (docs/sw.md 10): seeds 1-4 x 300 rounds
# in the lockstep stage; its two faults (GB_CSR_MUTANT 1: no wait for the ACK, 2: user length
# packed wrong) must each be caught (selftest stage)
#   make sw-rtl-sw [SEED=n]   make selftest-sw-rtl
SW_RTL   := $(B)/sw_rtl/tb_gb_csr
SW_RTL_N ?= 300
$(SW_B)/gbcsr%/libgbcsr.a: sw/core/gb_csr.c sw/core/gb_csr.h sw/core/gb_os.h
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -g $(if $(filter-out 0,$*),-DGB_CSR_MUTANT=$*) -Isw/core -c $< -o $(@D)/gb_csr.o
	ar rcs $@ $(@D)/gb_csr.o
$(eval $(call verilator_tb,$(SW_RTL),gpubar_top,rtl/gpubar rtl/common,$(GB_TRTL),,tb/sw/tb_gb_csr.cpp,$(SW_B)/gbcsr0/libgbcsr.a,))
$(eval $(call verilator_tb,$(B)/sw_rtl_m1/tb_gb_csr,gpubar_top,rtl/gpubar rtl/common,$(GB_TRTL),,tb/sw/tb_gb_csr.cpp,$(SW_B)/gbcsr1/libgbcsr.a,))
$(eval $(call verilator_tb,$(B)/sw_rtl_m2/tb_gb_csr,gpubar_top,rtl/gpubar rtl/common,$(GB_TRTL),,tb/sw/tb_gb_csr.cpp,$(SW_B)/gbcsr2/libgbcsr.a,))

.PHONY: sw-rtl-sw selftest-sw-rtl
sw-rtl-sw: $(SW_RTL)
	@for s in $(if $(filter command line,$(origin SEED)),$(SEED),1 2 3 4); do \
	  $(SW_RTL) --seed $$s --n $(SW_RTL_N) > $(B)/sw_rtl/seed$$s.log 2>&1 || { cat $(B)/sw_rtl/seed$$s.log; exit 1; }; \
	  echo "sw-rtl-sw: seed $$s: $$(grep -o 'gb_csr: .*' $(B)/sw_rtl/seed$$s.log) ($$(grep -o '[0-9]* passed, 0 failed' $(B)/sw_rtl/seed$$s.log))"; done
selftest-sw-rtl: $(B)/sw_rtl_m1/tb_gb_csr $(B)/sw_rtl_m2/tb_gb_csr
	scripts/expect_fail.sh "invalidate returned before the region's writes were flushed" $(B)/sw_rtl_m1/tb_gb_csr --seed 1 --n 100
	scripts/expect_fail.sh "returned -22, expected 0" $(B)/sw_rtl_m2/tb_gb_csr --seed 1 --n 100

LINT_TARGETS        += kmod-sw
CMODEL_TEST_TARGETS += cmodel-test-sw gpu-fake-test-sw
SELFTEST_TARGETS    += selftest-sw selftest-gpu-sw selftest-sw-rtl
LOCKSTEP_TARGETS    += sw-rtl-sw
