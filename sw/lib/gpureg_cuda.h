/*
 * gpureg_cuda.h - the real CUDA driver API behind the registration cache's gr_cuda_ops (gpureg.h),
 * loaded at run time: dlopen("libcuda.so.1") + dlsym, no CUDA header and no CUDA toolkit needed
 * to build. Source: note 004 §2.1 (prototypes of cuPointerSetAttribute / cuPointerGetAttribute /
 * cuPointerGetAttributes, the P2P_TOKENS struct, the related calls cuMemGetAddressRange,
 * cuMemFree), §1.6 (attributes BUFFER_ID, MEMORY_TYPE, IS_MANAGED, SYNC_MEMOPS), §3.5
 * (IS_GPU_DIRECT_RDMA_CAPABLE; kinds malloc / pinned host / device / managed / default pool /
 * VMM), §2.1 [EXT] (the GPU_DIRECT_RDMA_* device attributes) and appendix A.
 *
 * The note names the constants but gives no values; the values below are those of NVIDIA's CUDA
 * Driver API reference ("Data types used by CUDA driver", CUDA 12.x / 13.0: enums CUresult,
 * CUpointer_attribute, CUdevice_attribute, CUmemorytype, CUmemAttach_flags, CUmemAllocationType,
 * CUmemLocationType, CUmemAccess_flags, CUmemAllocationGranularity_flags and the structs
 * CUmemAllocationProp / CUmemLocation / CUmemAccessDesc), checked against several independent
 * bindings of cuda.h read through the code search (ctypes and Rust bindings, the CUDA Driver API
 * PDF text). Exported symbol names: cuda.h maps cuMemAlloc, cuMemFree, cuMemGetAddressRange,
 * cuMemAllocHost and cuDevicePrimaryCtxRelease to their "_v2" entry points (the ABI of 64-bit
 * CUdeviceptr / size_t since CUDA 3.2, and CUDA 11.0 for the primary-context release); the others
 * have no suffix. Only a GPU run proves them (docs/sw.md §9).
 *
 * Widths: CUdeviceptr 64 bit (x86-64), CUresult / enums 32 bit, BUFFER_ID unsigned long long.
 * Boolean attributes are read into zeroed 64-bit slots (the driver writes at most 4 bytes).
 */
#ifndef GPUREG_CUDA_H
#define GPUREG_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include "gpureg.h"

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef unsigned long long CUmemGenericAllocationHandle;

/* CUresult (values of cuda.h; note §2.4 names SUCCESS, INVALID_VALUE, NOT_SUPPORTED) */
#define CUDA_SUCCESS                0
#define CUDA_ERROR_INVALID_VALUE    1
#define CUDA_ERROR_OUT_OF_MEMORY    2
#define CUDA_ERROR_NOT_INITIALIZED  3
#define CUDA_ERROR_NO_DEVICE        100
#define CUDA_ERROR_INVALID_CONTEXT  201
#define CUDA_ERROR_NOT_FOUND        500
#define CUDA_ERROR_NOT_SUPPORTED    801

/* CUpointer_attribute (note §1.6, §2.3, §3.5) */
#define CU_POINTER_ATTRIBUTE_MEMORY_TYPE                 2
#define CU_POINTER_ATTRIBUTE_P2P_TOKENS                  5
#define CU_POINTER_ATTRIBUTE_SYNC_MEMOPS                 6
#define CU_POINTER_ATTRIBUTE_BUFFER_ID                   7
#define CU_POINTER_ATTRIBUTE_IS_MANAGED                  8
#define CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL              9
#define CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE  15

/* CUmemorytype (appendix A H16: host 1, device 2) */
#define CU_MEMORYTYPE_HOST   1
#define CU_MEMORYTYPE_DEVICE 2

/* CUdevice_attribute (note §2.1 [EXT], appendix A H17) */
#define CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING                       41
#define CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED      102
#define CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED  110
#define CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED                   115
#define CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED                116
#define CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS     117
#define CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING          118
#define CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED                        124

/* cuMemAllocManaged flags: CU_MEM_ATTACH_GLOBAL */
#define CU_MEM_ATTACH_GLOBAL 0x1
/* VMM (cuMemCreate / cuMemMap): CU_MEM_ALLOCATION_TYPE_PINNED, CU_MEM_LOCATION_TYPE_DEVICE,
 * CU_MEM_ACCESS_FLAGS_PROT_READWRITE, CU_MEM_ALLOC_GRANULARITY_MINIMUM */
#define CU_MEM_ALLOCATION_TYPE_PINNED      1
#define CU_MEM_LOCATION_TYPE_DEVICE        1
#define CU_MEM_ACCESS_FLAGS_PROT_READWRITE 3
#define CU_MEM_ALLOC_GRANULARITY_MINIMUM   0

/* note §2.1: sizeof == 16 on x86-64 [OBS] */
typedef struct {
    unsigned long long p2pToken;
    unsigned int vaSpaceToken;
} CUDA_POINTER_ATTRIBUTE_P2P_TOKENS;

typedef struct {
    int type;                           /* CUmemLocationType */
    int id;                             /* device ordinal */
} CUmemLocation;

typedef struct {
    int type;                           /* CUmemAllocationType */
    int requestedHandleTypes;           /* CUmemAllocationHandleType: 0 = none */
    CUmemLocation location;
    void *win32HandleMetaData;
    struct {
        unsigned char compressionType;
        unsigned char gpuDirectRDMACapable;     /* §3.5: VMM memory usable for RDMA */
        unsigned short usage;
        unsigned char reserved[4];
    } allocFlags;
} CUmemAllocationProp;                  /* 32 bytes */

typedef struct {
    CUmemLocation location;
    int flags;                          /* CUmemAccess_flags */
} CUmemAccessDesc;

/* the driver entry points used here (prototypes of the CUDA Driver API reference) */
struct gr_cu_api {
    CUresult (*cuInit)(unsigned int flags);
    CUresult (*cuDriverGetVersion)(int *version);
    CUresult (*cuDeviceGetCount)(int *count);
    CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal);
    CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev);
    CUresult (*cuDeviceGetAttribute)(int *value, int attrib, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev);                /* _v2 */
    CUresult (*cuCtxSetCurrent)(CUcontext ctx);
    CUresult (*cuMemAlloc)(CUdeviceptr *dptr, size_t bytes);             /* _v2 */
    CUresult (*cuMemFree)(CUdeviceptr dptr);                             /* _v2 */
    CUresult (*cuMemAllocHost)(void **pp, size_t bytes);                 /* _v2 */
    CUresult (*cuMemFreeHost)(void *p);
    CUresult (*cuMemAllocManaged)(CUdeviceptr *dptr, size_t bytes, unsigned int flags);
    CUresult (*cuMemAllocAsync)(CUdeviceptr *dptr, size_t bytes, CUstream stream);
    CUresult (*cuMemFreeAsync)(CUdeviceptr dptr, CUstream stream);
    CUresult (*cuStreamSynchronize)(CUstream stream);
    CUresult (*cuMemGetAddressRange)(CUdeviceptr *base, size_t *size, CUdeviceptr dptr); /* _v2 */
    CUresult (*cuPointerGetAttribute)(void *data, int attribute, CUdeviceptr ptr);
    CUresult (*cuPointerGetAttributes)(unsigned int n, int *attributes, void **data,
                                       CUdeviceptr ptr);
    CUresult (*cuPointerSetAttribute)(const void *value, int attribute, CUdeviceptr ptr);
    CUresult (*cuMemGetAllocationGranularity)(size_t *granularity, const CUmemAllocationProp *prop,
                                              int option);
    CUresult (*cuMemAddressReserve)(CUdeviceptr *ptr, size_t size, size_t alignment,
                                    CUdeviceptr addr, unsigned long long flags);
    CUresult (*cuMemAddressFree)(CUdeviceptr ptr, size_t size);
    CUresult (*cuMemCreate)(CUmemGenericAllocationHandle *handle, size_t size,
                            const CUmemAllocationProp *prop, unsigned long long flags);
    CUresult (*cuMemRelease)(CUmemGenericAllocationHandle handle);
    CUresult (*cuMemMap)(CUdeviceptr ptr, size_t size, size_t offset,
                         CUmemGenericAllocationHandle handle, unsigned long long flags);
    CUresult (*cuMemUnmap)(CUdeviceptr ptr, size_t size);
    CUresult (*cuMemSetAccess)(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc,
                               size_t count);
};

struct gr_cu {
    void *dl;                           /* dlopen handle */
    struct gr_cu_api api;
    CUdevice dev;                       /* device 0 */
    CUcontext ctx;                      /* its primary context, current on the opening thread */
    int driver_version;                 /* cuDriverGetVersion, e.g. 13000 */
    char name[128];                     /* cuDeviceGetName */
};

/* gr_cuda_open results */
#define GR_CU_OK      0
#define GR_CU_ABSENT  1                 /* no CUDA driver or no device: callers may skip */
#define GR_CU_ERROR  (-1)               /* a driver is there but something failed: a failure */

/*
 * Load libcuda.so.1, resolve every entry point of gr_cu_api, cuInit(0), take device 0's primary
 * context and make it current. GR_CU_ABSENT when dlopen fails, cuInit fails or no device is
 * there; GR_CU_ERROR when a symbol is missing or a later call fails (a driver that is present
 * but broken must not pass as "absent"). why: a one-line reason (both cases).
 */
int gr_cuda_open(struct gr_cu *g, char *why, size_t whylen);
/* release the primary context and dlclose */
void gr_cuda_close(struct gr_cu *g);
/*
 * 1 when this machine shows an NVIDIA GPU without asking the driver library (/dev/nvidia0, or
 * an entry in /proc/driver/nvidia/gpus), with what was found in what[]; 0 otherwise. Used so
 * that "absent" cannot hide a broken driver on a machine that has a GPU.
 */
int gr_cuda_gpu_evidence(char *what, size_t whylen);

/* gr_cuda_ops on the driver API; user pointer: struct gr_cu * */
extern const struct gr_cuda_ops gr_cuda_real_ops;

#endif
