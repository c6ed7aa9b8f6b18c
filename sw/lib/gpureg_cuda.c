/* gpureg_cuda.c - gr_cuda_ops on the CUDA driver API loaded with dlopen (see gpureg_cuda.h;
 * note 004 §1.6, §1.7, §2.1, §3.5, A-12, A-15). */
#define _GNU_SOURCE
#include "gpureg_cuda.h"
#include <dirent.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* symbol name and offset of its slot in gr_cu_api */
struct gr_sym {
    const char *name;
    size_t off;
};

#define GR_SYM(field, sym) { sym, offsetof(struct gr_cu_api, field) }
static const struct gr_sym gr_syms[] = {
    GR_SYM(cuInit, "cuInit"),
    GR_SYM(cuDriverGetVersion, "cuDriverGetVersion"),
    GR_SYM(cuDeviceGetCount, "cuDeviceGetCount"),
    GR_SYM(cuDeviceGet, "cuDeviceGet"),
    GR_SYM(cuDeviceGetName, "cuDeviceGetName"),
    GR_SYM(cuDeviceGetAttribute, "cuDeviceGetAttribute"),
    GR_SYM(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
    GR_SYM(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"),
    GR_SYM(cuCtxSetCurrent, "cuCtxSetCurrent"),
    GR_SYM(cuMemAlloc, "cuMemAlloc_v2"),
    GR_SYM(cuMemFree, "cuMemFree_v2"),
    GR_SYM(cuMemAllocHost, "cuMemAllocHost_v2"),
    GR_SYM(cuMemFreeHost, "cuMemFreeHost"),
    GR_SYM(cuMemAllocManaged, "cuMemAllocManaged"),
    GR_SYM(cuMemAllocAsync, "cuMemAllocAsync"),
    GR_SYM(cuMemFreeAsync, "cuMemFreeAsync"),
    GR_SYM(cuStreamSynchronize, "cuStreamSynchronize"),
    GR_SYM(cuMemGetAddressRange, "cuMemGetAddressRange_v2"),
    GR_SYM(cuPointerGetAttribute, "cuPointerGetAttribute"),
    GR_SYM(cuPointerGetAttributes, "cuPointerGetAttributes"),
    GR_SYM(cuPointerSetAttribute, "cuPointerSetAttribute"),
    GR_SYM(cuMemGetAllocationGranularity, "cuMemGetAllocationGranularity"),
    GR_SYM(cuMemAddressReserve, "cuMemAddressReserve"),
    GR_SYM(cuMemAddressFree, "cuMemAddressFree"),
    GR_SYM(cuMemCreate, "cuMemCreate"),
    GR_SYM(cuMemRelease, "cuMemRelease"),
    GR_SYM(cuMemMap, "cuMemMap"),
    GR_SYM(cuMemUnmap, "cuMemUnmap"),
    GR_SYM(cuMemSetAccess, "cuMemSetAccess"),
};

/* reason into why[], unload, return ret */
static int gr_fail(struct gr_cu *g, int ret, char *why, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int gr_fail(struct gr_cu *g, int ret, char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    gr_cuda_close(g);
    return ret;
}

int gr_cuda_open(struct gr_cu *g, char *why, size_t n)
{
    size_t i;
    int count = 0, r;
    memset(g, 0, sizeof(*g));
    g->dl = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!g->dl) {
        const char *e = dlerror();
        snprintf(why, n, "no CUDA driver (dlopen libcuda.so.1: %s)", e ? e : "?");
        return GR_CU_ABSENT;
    }
    for (i = 0; i < sizeof(gr_syms) / sizeof(gr_syms[0]); i++) {
        void *f = dlsym(g->dl, gr_syms[i].name);
        if (!f)
            return gr_fail(g, GR_CU_ERROR, why, n, "libcuda.so.1 lacks %s", gr_syms[i].name);
        /* POSIX: a dlsym result converts to a function pointer; copy the representation */
        memcpy((char *)&g->api + gr_syms[i].off, &f, sizeof(f));
    }
    r = g->api.cuInit(0);
    if (r != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ABSENT, why, n, "no usable CUDA device (%s: CUresult %d)",
                       "cuInit", r);
    r = g->api.cuDeviceGetCount(&count);
    if (r != CUDA_SUCCESS || count < 1)
        return gr_fail(g, r == CUDA_SUCCESS || r == CUDA_ERROR_NO_DEVICE ? GR_CU_ABSENT :
                       GR_CU_ERROR, why, n, "no CUDA device (%s: CUresult %d, 0 devices)",
                       "cuDeviceGetCount", r);
    if ((r = g->api.cuDriverGetVersion(&g->driver_version)) != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ERROR, why, n, "%s failed: CUresult %d", "cuDriverGetVersion", r);
    if ((r = g->api.cuDeviceGet(&g->dev, 0)) != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ERROR, why, n, "%s failed: CUresult %d", "cuDeviceGet", r);
    if ((r = g->api.cuDeviceGetName(g->name, (int)sizeof(g->name), g->dev)) != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ERROR, why, n, "%s failed: CUresult %d", "cuDeviceGetName", r);
    if ((r = g->api.cuDevicePrimaryCtxRetain(&g->ctx, g->dev)) != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ERROR, why, n, "%s failed: CUresult %d",
                       "cuDevicePrimaryCtxRetain", r);
    if ((r = g->api.cuCtxSetCurrent(g->ctx)) != CUDA_SUCCESS)
        return gr_fail(g, GR_CU_ERROR, why, n, "%s failed: CUresult %d", "cuCtxSetCurrent", r);
    snprintf(why, n, "CUDA driver %d, device 0: %s", g->driver_version, g->name);
    return GR_CU_OK;
}

void gr_cuda_close(struct gr_cu *g)
{
    if (g->ctx) {
        g->api.cuCtxSetCurrent(NULL);
        g->api.cuDevicePrimaryCtxRelease(g->dev);
    }
    if (g->dl)
        dlclose(g->dl);
    memset(g, 0, sizeof(*g));
}

int gr_cuda_gpu_evidence(char *what, size_t n)
{
    DIR *d;
    struct dirent *e;
    if (access("/dev/nvidia0", F_OK) == 0) {
        snprintf(what, n, "/dev/nvidia0 exists");
        return 1;
    }
    d = opendir("/proc/driver/nvidia/gpus");
    if (!d)
        return 0;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') {
            snprintf(what, n, "/proc/driver/nvidia/gpus/%s exists", e->d_name);
            closedir(d);
            return 1;
        }
    closedir(d);
    return 0;
}

/* ------------------------------------------------------------------ gr_cuda_ops */
static int c_range(void *u, uint64_t ptr, uint64_t *base, uint64_t *size)
{
    struct gr_cu *g = u;
    CUdeviceptr b = 0;
    size_t s = 0;
    int r = g->api.cuMemGetAddressRange(&b, &s, ptr);
    *base = b;
    *size = s;
    return r;
}

/* one cuPointerGetAttributes call (§1.6; appendix A H8: SUCCESS with zeros on freed memory) */
static int c_attrs(void *u, uint64_t ptr, uint64_t *id, unsigned *memtype, int *managed,
                   int *rdma)
{
    struct gr_cu *g = u;
    int attrs[4] = { CU_POINTER_ATTRIBUTE_BUFFER_ID, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                     CU_POINTER_ATTRIBUTE_IS_MANAGED,
                     CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE };
    uint64_t v[4] = { 0, 0, 0, 0 };     /* zeroed 64-bit slots (see gpureg_cuda.h) */
    void *data[4] = { &v[0], &v[1], &v[2], &v[3] };
    int r = g->api.cuPointerGetAttributes(4, attrs, data, ptr);
    *id = v[0];
    *memtype = (unsigned)v[1];
    *managed = (uint32_t)v[2] != 0;
    *rdma = (uint32_t)v[3] != 0;
    return r;
}

static int c_id(void *u, uint64_t ptr, uint64_t *id)
{
    struct gr_cu *g = u;
    unsigned long long v = 0;
    int r = g->api.cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_BUFFER_ID, ptr);
    *id = v;
    return r;
}

static int c_sync(void *u, uint64_t ptr)
{
    struct gr_cu *g = u;
    unsigned int one = 1;               /* §1.6: flag = 1 */
    return g->api.cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, ptr);
}

const struct gr_cuda_ops gr_cuda_real_ops = { c_range, c_attrs, c_id, c_sync };
