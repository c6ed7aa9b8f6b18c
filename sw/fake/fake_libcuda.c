/*
 * fake_libcuda.c - a stand-in libcuda.so.1 for testing the dlopen / dlsym path of
 * sw/lib/gpureg_cuda.c without a GPU (docs/sw.md §9). Built as build/sw/fakecuda/libcuda.so.1
 * exporting only cu* symbols (sw/fake/fake_libcuda.map) and loaded by test_gpu through
 * LD_LIBRARY_PATH; the CUDA state behind it is the fake of sw/fake/fakep2p.c (allocator, buffer
 * IDs, pointer attributes of appendix A H6-H16).
 *
 * On purpose this file does not include gpureg_cuda.h: it spells the enum values, struct layouts
 * and exported names again on its own (from the CUDA Driver API reference, as listed there), so
 * that a wrong value, a wrong argument order or a wrong symbol name on the caller's side shows
 * up as an error here. Unknown attributes, bad flags and calls without a current context are
 * rejected the way the driver documents (INVALID_VALUE / INVALID_CONTEXT).
 *
 * Added on top of fakep2p: device attributes (appendix A H17), P2P tokens 0 / 0xfe00 that set
 * SYNC_MEMOPS (H14), the VMM calls (H22: 2 MiB granularity; a mapping = a fakep2p allocation of
 * kind FK_VMM, addresses translated between the reserved range and the fakep2p VA), and a fake
 * default-pool allocator (kind FK_POOL); cuMemAlloc over 2 MiB in a VA window of its own (H10).
 *
 * Environment knobs (test only): FAKE_CUDA_INIT=<CUresult> makes cuInit fail with that code;
 * FAKE_CUDA_DEVICES=<n> device count (default 1); FAKE_CUDA_FAULT=1 every buffer ID of the
 * single getter reads 0x39f (IDs not renewed: T13/T14 must fail), =2 the multi getter errors on
 * freed pointers (contradicts H8: T13/T15 must fail).
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fakep2p.h"

/* CUresult */
#define R_OK          0
#define R_INVALID     1
#define R_NOT_INIT    3
#define R_NO_DEVICE   100
#define R_INVALID_DEV 101
#define R_NO_CONTEXT  201
#define R_NOT_SUPP    801
/* CUpointer_attribute */
enum { PA_MEMORY_TYPE = 2, PA_P2P_TOKENS = 5, PA_SYNC_MEMOPS = 6, PA_BUFFER_ID = 7,
       PA_IS_MANAGED = 8, PA_DEVICE_ORDINAL = 9, PA_RDMA_CAPABLE = 15 };

struct fc_tokens { unsigned long long p2p; unsigned int va_space; };
struct fc_loc { int type, id; };
struct fc_prop {
    int type, handle_types;
    struct fc_loc loc;
    void *win32;
    unsigned char compression, rdma_capable;
    unsigned short usage;
    unsigned char reserved[4];
};
struct fc_access { struct fc_loc loc; int flags; };

#define FC_GRAN      0x200000ull                /* VMM granularity on the H100 (H22) */
#define FC_VMM_BASE  0x7fd000000000ull          /* reserved ranges handed out from here */
#define FC_BIG_BASE  0x7e0000000000ull          /* cuMemAlloc over 2 MiB (H10), see cuMemAlloc_v2 */
#define FC_MAX       64

static int fc_inited, fc_fault, fc_ndev = 1;
static int fc_ctx_token;                        /* the primary context's handle points here */
static void *fc_cur;                            /* current context */
static struct { uint64_t va, size; int used; } fc_res[FC_MAX];
static struct { uint64_t size; int used, rdma; } fc_hdl[FC_MAX];
static struct { uint64_t va, size, fkva; int used, big; } fc_map[FC_MAX];
static uint64_t fc_next_va = FC_VMM_BASE;

static int fc_env(const char *n, int dflt)
{
    const char *v = getenv(n);
    return v && *v ? atoi(v) : dflt;
}

/* fakep2p address of a pointer: inside a VMM mapping -> its backing allocation; inside a reserved
 * but unmapped range -> 0 (no allocation: INVALID_VALUE); anything else as is */
static uint64_t fc_xl(uint64_t p, int *m)
{
    int i;
    *m = -1;
    for (i = 0; i < FC_MAX; i++)
        if (fc_map[i].used && p >= fc_map[i].va && p < fc_map[i].va + fc_map[i].size) {
            *m = i;
            return fc_map[i].fkva + (p - fc_map[i].va);
        }
    for (i = 0; i < FC_MAX; i++)
        if (fc_res[i].used && p >= fc_res[i].va && p < fc_res[i].va + fc_res[i].size)
            return 0;
    return p;
}

static int fc_ready(void)
{
    if (!fc_inited)
        return R_NOT_INIT;
    return fc_cur == &fc_ctx_token ? R_OK : R_NO_CONTEXT;
}

int cuInit(unsigned int flags)
{
    int e = fc_env("FAKE_CUDA_INIT", 0);
    if (flags)
        return R_INVALID;               /* "Flags: Initialization flag for CUDA" must be 0 */
    if (e)
        return e;
    if (!fc_inited) {
        fk_init(NULL);
        fk_set_pid(1);
        fc_fault = fc_env("FAKE_CUDA_FAULT", 0);
        fc_ndev = fc_env("FAKE_CUDA_DEVICES", 1);
        fc_inited = 1;
    }
    return R_OK;
}

int cuDriverGetVersion(int *v)
{
    if (!v)
        return R_INVALID;
    *v = 13000;                         /* appendix A: cuDriverGetVersion 13000 */
    return R_OK;
}

int cuDeviceGetCount(int *n)
{
    if (!fc_inited)
        return R_NOT_INIT;
    if (!n)
        return R_INVALID;
    *n = fc_ndev;
    return R_OK;
}

/* common checks of the device calls: initialised, output pointer given, device exists */
static int fc_dev_args(const void *out, int dev)
{
    if (!fc_inited)
        return R_NOT_INIT;
    if (!out)
        return R_INVALID;
    return dev < 0 || dev >= fc_ndev ? R_INVALID_DEV : R_OK;
}

int cuDeviceGet(int *dev, int ordinal)
{
    int r = fc_dev_args(dev, ordinal);
    if (!r)
        *dev = ordinal;
    return r;
}

int cuDeviceGetName(char *name, int len, int dev)
{
    if (!name || len <= 0)
        return R_INVALID;
    if (dev != 0)
        return R_INVALID_DEV;
    strncpy(name, "fake libcuda.so.1 (sw/fake)", (size_t)len - 1);
    name[len - 1] = 0;
    return R_OK;
}

/* CUdevice_attribute values of appendix A H17 (and VMM / pools, H21 / H22) */
int cuDeviceGetAttribute(int *pi, int attrib, int dev)
{
    static const int tab[][2] = {
        { 41, 1 },      /* UNIFIED_ADDRESSING */
        { 102, 1 },     /* VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED */
        { 110, 1 },     /* GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED */
        { 115, 1 },     /* MEMORY_POOLS_SUPPORTED */
        { 116, 1 },     /* GPU_DIRECT_RDMA_SUPPORTED */
        { 117, 1 },     /* GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS: HOST only */
        { 118, 100 },   /* GPU_DIRECT_RDMA_WRITES_ORDERING: OWNER */
        { 124, 1 },     /* DMA_BUF_SUPPORTED */
    };
    size_t i;
    int r = fc_dev_args(pi, dev);
    if (r)
        return r;
    for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
        if (tab[i][0] == attrib) {
            *pi = tab[i][1];
            return R_OK;
        }
    return R_INVALID;
}

int cuDevicePrimaryCtxRetain(void **ctx, int dev)
{
    int r = fc_dev_args(ctx, dev);
    if (!r)
        *ctx = &fc_ctx_token;
    return r;
}

int cuDevicePrimaryCtxRelease_v2(int dev)
{
    return dev == 0 ? R_OK : R_INVALID_DEV;
}

int cuCtxSetCurrent(void *ctx)
{
    if (ctx && ctx != &fc_ctx_token)
        return R_NO_CONTEXT;
    fc_cur = ctx;
    return R_OK;
}

static int fc_alloc(uint64_t *p, size_t bytes, enum fk_kind kind)
{
    int r = fc_ready();
    if (r)
        return r;
    if (!p)
        return R_INVALID;
    return fk_cuMemAlloc(p, bytes, kind);
}

/* fakep2p's allocator is one first-fit heap; on the H100 a 3 MiB allocation after a 1 MiB free
 * got another VA (H10): allocations over 2 MiB are shown in a window of their own
 * (FC_BIG_BASE + offset of the fakep2p address), translated by fc_xl like VMM mappings */
int cuMemAlloc_v2(unsigned long long *dptr, size_t bytes)
{
    uint64_t p;
    int i, r = fc_alloc(&p, bytes, FK_DEVICE);
    if (r || bytes <= FC_GRAN) {
        if (!r)
            *dptr = p;
        return r;
    }
    for (i = 0; i < FC_MAX && fc_map[i].used; i++)
        ;
    if (i == FC_MAX) {
        fk_cuMemFree(p);
        return 2;
    }
    fc_map[i].va = FC_BIG_BASE + (p & 0xffffffffffull);   /* 40-bit offset */
    fc_map[i].size = bytes;
    fc_map[i].fkva = p;
    fc_map[i].used = fc_map[i].big = 1;
    *dptr = fc_map[i].va;
    return R_OK;
}

int cuMemFree_v2(unsigned long long dptr)
{
    int m, r = fc_ready();
    uint64_t p = fc_xl(dptr, &m);
    if (r)
        return r;
    if (m >= 0 && (!fc_map[m].big || fc_map[m].va != dptr))
        return R_INVALID;               /* VMM mappings are unmapped, not freed */
    if (m >= 0)
        fc_map[m].used = 0;
    return fk_cuMemFree(p);
}

int cuMemAllocHost_v2(void **pp, size_t bytes)
{
    uint64_t p = 0;
    int r = pp ? fc_alloc(&p, bytes, FK_HOST_PINNED) : R_INVALID;
    if (!r)
        *pp = (void *)(uintptr_t)p;     /* a fake address: never dereferenced by the tests */
    return r;
}

int cuMemFreeHost(void *p)
{
    return cuMemFree_v2((uint64_t)(uintptr_t)p);
}

int cuMemAllocManaged(unsigned long long *dptr, size_t bytes, unsigned int flags)
{
    if (flags != 0x1 && flags != 0x2)   /* CU_MEM_ATTACH_GLOBAL or CU_MEM_ATTACH_HOST */
        return R_INVALID;
    return fc_alloc((uint64_t *)dptr, bytes, FK_MANAGED);
}

int cuMemAllocAsync(unsigned long long *dptr, size_t bytes, void *stream)
{
    (void)stream;
    return fc_alloc((uint64_t *)dptr, bytes, FK_POOL);
}

int cuMemFreeAsync(unsigned long long dptr, void *stream)
{
    (void)stream;
    return cuMemFree_v2(dptr);
}

int cuStreamSynchronize(void *stream)
{
    (void)stream;
    return fc_ready();
}

int cuMemGetAddressRange_v2(unsigned long long *base, size_t *size, unsigned long long dptr)
{
    uint64_t b, s;
    int m, r = fc_ready();
    if (r)
        return r;
    r = fk_cuMemGetAddressRange(&b, &s, fc_xl(dptr, &m));
    if (r)
        return r;
    if (base)                           /* both outputs optional ("ignored if NULL") */
        *base = m >= 0 ? fc_map[m].va : b;
    if (size)
        *size = s;
    return R_OK;
}

int cuPointerGetAttribute(void *data, int attr, unsigned long long ptr)
{
    uint64_t p, id;
    unsigned mt, flag;
    int managed, rdma, ord, m, r;
    if (!fc_inited)
        return R_NOT_INIT;
    if (!data)
        return R_INVALID;
    p = fc_xl(ptr, &m);
    if (fk_cuPointerGetAttribute_buffer_id(&id, p))
        return R_INVALID;               /* freed / not CUDA memory (H9, H13, H14) */
    fk_cuPointerGetAttributes(p, &id, &mt, &managed, &rdma, &ord);
    switch (attr) {
    case PA_BUFFER_ID:
        *(unsigned long long *)data = fc_fault == 1 ? 0x39f : id;
        return R_OK;
    case PA_MEMORY_TYPE:
        *(unsigned int *)data = mt;
        return R_OK;
    case PA_IS_MANAGED:
        *(unsigned int *)data = (unsigned)managed;
        return R_OK;
    case PA_RDMA_CAPABLE:
        *(unsigned int *)data = (unsigned)rdma;
        return R_OK;
    case PA_DEVICE_ORDINAL:
        *(int *)data = ord;
        return R_OK;
    case PA_SYNC_MEMOPS:
        r = fk_cuPointerGetAttribute_sync_memops(&flag, p);
        *(unsigned int *)data = flag;
        return r;
    case PA_P2P_TOKENS: {
        struct fc_tokens t = { 0, 0xfe00 };     /* H14 */
        fk_cuPointerSetAttribute_sync_memops(p, 1);     /* token query registers (H14) */
        memcpy(data, &t, sizeof(t));
        return R_OK;
    }
    default:
        return R_INVALID;
    }
}

int cuPointerGetAttributes(unsigned int n, int *attrs, void **data, unsigned long long ptr)
{
    uint64_t id, p;
    unsigned mt, i;
    int managed, rdma, ord, m;
    if (!fc_inited)
        return R_NOT_INIT;
    if (!attrs || !data)
        return R_INVALID;
    p = fc_xl(ptr, &m);
    fk_cuPointerGetAttributes(p, &id, &mt, &managed, &rdma, &ord);
    if (fc_fault == 2 && id == 0)
        return R_INVALID;
    for (i = 0; i < n; i++) {
        if (!data[i])
            return R_INVALID;
        switch (attrs[i]) {
        case PA_BUFFER_ID:      *(unsigned long long *)data[i] = id; break;
        case PA_MEMORY_TYPE:    *(unsigned int *)data[i] = mt; break;
        case PA_IS_MANAGED:     *(unsigned int *)data[i] = (unsigned)managed; break;
        case PA_RDMA_CAPABLE:   *(unsigned int *)data[i] = (unsigned)rdma; break;
        case PA_DEVICE_ORDINAL: *(int *)data[i] = ord; break;
        default:                return R_INVALID;
        }
    }
    return R_OK;                        /* SUCCESS with zeros on freed pointers (H8) */
}

int cuPointerSetAttribute(const void *value, int attr, unsigned long long ptr)
{
    int m;
    if (!fc_inited)
        return R_NOT_INIT;
    if (!value || attr != PA_SYNC_MEMOPS)
        return R_INVALID;               /* SYNC_MEMOPS is the only settable attribute */
    return fk_cuPointerSetAttribute_sync_memops(fc_xl(ptr, &m), *(const unsigned int *)value);
}

/* ------------------------------------------------------------------ VMM */
static int fc_prop_ok(const struct fc_prop *p)
{
    return p && p->type == 1 && p->loc.type == 1 && p->loc.id >= 0 && p->loc.id < fc_ndev;
}

int cuMemGetAllocationGranularity(size_t *g, const struct fc_prop *prop, int option)
{
    int r = fc_ready();
    if (r)
        return r;
    if (!g || !fc_prop_ok(prop) || (option != 0 && option != 1))
        return R_INVALID;
    *g = FC_GRAN;
    return R_OK;
}

int cuMemAddressReserve(unsigned long long *ptr, size_t size, size_t align,
                        unsigned long long addr, unsigned long long flags)
{
    int i, r = fc_ready();
    if (r)
        return r;
    if (!ptr || !size || size % FC_GRAN || (align && align % FC_GRAN) || addr || flags)
        return R_INVALID;
    for (i = 0; i < FC_MAX && fc_res[i].used; i++)
        ;
    if (i == FC_MAX)
        return 2;                       /* OUT_OF_MEMORY */
    fc_res[i].va = fc_next_va;
    fc_res[i].size = size;
    fc_res[i].used = 1;
    fc_next_va += (size + 0x3fffffffull) & ~0x3fffffffull;
    *ptr = fc_res[i].va;
    return R_OK;
}

int cuMemAddressFree(unsigned long long ptr, size_t size)
{
    int i;
    for (i = 0; i < FC_MAX; i++)
        if (fc_res[i].used && fc_res[i].va == ptr && fc_res[i].size == size) {
            fc_res[i].used = 0;
            return R_OK;
        }
    return R_INVALID;
}

int cuMemCreate(unsigned long long *h, size_t size, const struct fc_prop *prop,
                unsigned long long flags)
{
    int i, r = fc_ready();
    if (r)
        return r;
    if (!h || !fc_prop_ok(prop) || !size || size % FC_GRAN || flags)
        return R_INVALID;
    for (i = 0; i < FC_MAX && fc_hdl[i].used; i++)
        ;
    if (i == FC_MAX)
        return 2;
    fc_hdl[i].size = size;
    fc_hdl[i].rdma = prop->rdma_capable;
    fc_hdl[i].used = 1;
    *h = (unsigned long long)i + 1;
    return R_OK;
}

int cuMemRelease(unsigned long long h)
{
    if (h < 1 || h > FC_MAX || !fc_hdl[h - 1].used)
        return R_INVALID;
    fc_hdl[h - 1].used = 0;
    return R_OK;
}

#ifndef FC_OMIT_MEMMAP                  /* -DFC_OMIT_MEMMAP: a driver lacking a symbol */
int cuMemMap(unsigned long long ptr, size_t size, size_t offset, unsigned long long h,
             unsigned long long flags)
{
    int i, k, m, r = fc_ready();
    if (r)
        return r;
    if (offset || flags || h < 1 || h > FC_MAX || !fc_hdl[h - 1].used ||
        fc_hdl[h - 1].size != size || fc_xl(ptr, &m) != 0 || m >= 0)
        return R_INVALID;               /* whole handle, at an unmapped reserved address */
    for (k = 0; k < FC_MAX; k++)
        if (fc_res[k].used && ptr >= fc_res[k].va && ptr + size <= fc_res[k].va + fc_res[k].size)
            break;
    if (k == FC_MAX)
        return R_INVALID;
    if (!fc_hdl[h - 1].rdma)
        return R_NOT_SUPP;              /* this fake models gpuDirectRDMACapable VMM only */
    for (i = 0; i < FC_MAX && fc_map[i].used; i++)
        ;
    if (i == FC_MAX)
        return 2;
    r = fk_cuMemAlloc(&fc_map[i].fkva, size, FK_VMM);  /* new buffer ID per mapping (H22) */
    if (r)
        return r;
    fc_map[i].va = ptr;
    fc_map[i].size = size;
    fc_map[i].used = 1;
    fc_map[i].big = 0;
    return R_OK;
}
#endif

int cuMemSetAccess(unsigned long long ptr, size_t size, const struct fc_access *d, size_t n)
{
    int m;
    fc_xl(ptr, &m);
    if (m < 0 || fc_map[m].big || fc_map[m].va != ptr || fc_map[m].size != size || n != 1 || !d ||
        d->loc.type != 1 || d->loc.id != 0 || d->flags != 3)
        return R_INVALID;               /* PROT_READWRITE for device 0 */
    return R_OK;
}

int cuMemUnmap(unsigned long long ptr, size_t size)
{
    int m;
    fc_xl(ptr, &m);
    if (m < 0 || fc_map[m].big || fc_map[m].va != ptr || fc_map[m].size != size)
        return R_INVALID;
    fc_map[m].used = 0;
    return fk_cuMemFree(fc_map[m].fkva);
}
