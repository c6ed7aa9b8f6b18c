/*
 * test_gpu.c - the tests that need a GPU (note 004 §5.2 "GPU-only regression suite", behaviours
 * T13-T16, T18-T20, T23, T26 of §6): the CUDA driver API through sw/lib/gpureg_cuda.c (dlopen of
 * libcuda.so.1) and the registration cache (gpureg) end to end on real CUDA. Expected values come
 * from the note's appendix A (H100, driver r580, CUDA 13.0: H6-H17, H21, H22) and the guide's
 * statements quoted in §1.6 / §3.5, not from the code under test.
 *
 * The pin side of the cache is a recording stand-in (stub_ops below): the kernel module cannot be
 * loaded on the lent GPU machines (no headers, no nv-p2p.h: §5.2), so what is checked here is
 * the library's CUDA half: classification, the buffer-ID tag check, re-pin after free +
 * reallocation at the same VA, SYNC_MEMOPS registration.
 *
 *   test_gpu                no CUDA driver / no device and no sign of a GPU: prints one line
 *                           "test_gpu: SKIP: <reason>", exit 0 (CI); a GPU visible in /dev or
 *                           /proc but no usable driver: FAIL, exit 1
 *   test_gpu --require-gpu  (make gpu-test-sw) a missing driver or device is a failure too
 * With a driver and a device: every check runs; any failed check -> exit 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gpureg_cuda.h"

#define MB (1ull << 20)
#define API G.api
static struct gr_cu G;

/* ------------------------------------------------------------------ pin-side stand-in */
struct stub {
    int pins, unpins;
    uint64_t va, len;                   /* last pin request */
    uint32_t next, last_unpinned;
};
static struct stub S;

static int s_pin(void *k, uint64_t va, uint64_t len, uint32_t *h, uint32_t *gen)
{
    struct stub *s = k;
    s->pins++;
    s->va = va;
    s->len = len;
    *h = ++s->next;
    *gen = s->next;
    return 0;
}

static int s_unpin(void *k, uint32_t h)
{
    struct stub *s = k;
    s->unpins++;
    s->last_unpinned = h;
    return 0;
}

static int s_table(void *k, uint32_t h, uint64_t *addrs, uint32_t max, uint32_t *n)
{
    (void)k, (void)h, (void)addrs, (void)max;
    *n = 0;
    return 0;
}

static const struct gr_pin_ops stub_ops = { s_pin, s_unpin, s_table };

/* ------------------------------------------------------------------ helpers */
static int get_id(CUdeviceptr p, uint64_t *id)
{
    unsigned long long v = 0;
    int r = API.cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_BUFFER_ID, p);
    *id = v;
    return r;
}

static int get_sync(CUdeviceptr p, unsigned *flag)
{
    uint64_t v = 0;                     /* zeroed wide slot: the driver may write a bool */
    int r = API.cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p);
    *flag = (uint32_t)v;
    return r;
}

static int set_sync(CUdeviceptr p, unsigned flag)
{
    return API.cuPointerSetAttribute(&flag, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p);
}

struct pattrs {
    uint64_t id;
    unsigned memtype;
    int managed, rdma, ordinal;
};

/* one cuPointerGetAttributes call with five attributes (§1.6, H8) */
static int multi(CUdeviceptr p, struct pattrs *a)
{
    int at[5] = { CU_POINTER_ATTRIBUTE_BUFFER_ID, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                  CU_POINTER_ATTRIBUTE_IS_MANAGED, CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
                  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL };
    uint64_t v[5] = { 0, 0, 0, 0, 0 };
    void *d[5] = { &v[0], &v[1], &v[2], &v[3], &v[4] };
    int r = API.cuPointerGetAttributes(5, at, d, p);
    a->id = v[0];
    a->memtype = (uint32_t)v[1];
    a->managed = (uint32_t)v[2] != 0;
    a->rdma = (uint32_t)v[3] != 0;
    a->ordinal = (int32_t)(uint32_t)v[4];
    return r;
}

static int dev_attr(int attr)
{
    int v = -12345;
    if (API.cuDeviceGetAttribute(&v, attr, G.dev) != CUDA_SUCCESS)
        return -12345;
    return v;
}

static struct gr_cache *mkcache(int multi_getter)
{
    memset(&S, 0, sizeof(S));
    return gr_create(&gr_cuda_real_ops, &G, &stub_ops, &S, 0, multi_getter);
}

/* ------------------------------------------------------------------ tests */
/* H17 device attribute snapshot (§5.2 item 4: fail loudly if a new driver changes them) */
static void t_device(void)
{
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED), 1);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED), 1);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS), 1);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING), 100);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING), 1);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED), 1);
    CHECK_EQ("H17", dev_attr(CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED), 1);
    CHECK_EQ("H22", dev_attr(CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED), 1);
}

/* T13 (H6-H9): one ID for every interior pointer, INVALID_VALUE one past the end and after
 * free; T15: the multi getter answers SUCCESS with zeros there */
static void t13_t15(void)
{
    CUdeviceptr a = 0, b = 0;
    size_t s = 0;
    uint64_t id, id2;
    unsigned f;
    struct pattrs pa;
    CHECK_EQ("T13", API.cuMemAlloc(&a, MB), CUDA_SUCCESS);
    CHECK_EQ("T13", a & 0x1fffff, 0);                           /* H6: 2 MiB aligned */
    CHECK_EQ("T13", API.cuMemGetAddressRange(&b, &s, a + 12345), CUDA_SUCCESS);
    CHECK_EQ("T13", b, a);
    CHECK_EQ("T13", s, MB);
    CHECK_EQ("T13", get_id(a, &id), CUDA_SUCCESS);
    CHECK("T13", id != 0);
    CHECK_EQ("T13", get_id(a + 12345, &id2), CUDA_SUCCESS);
    CHECK_EQ("T13", id2, id);
    CHECK_EQ("T13", get_id(a + MB - 1, &id2), CUDA_SUCCESS);
    CHECK_EQ("T13", id2, id);
    CHECK_EQ("T13", get_id(a + MB, &id2), CUDA_ERROR_INVALID_VALUE);     /* H7 */
    CHECK_EQ("T15", multi(a + MB, &pa), CUDA_SUCCESS);                   /* H8 */
    CHECK_EQ("T15", pa.id, 0);
    CHECK_EQ("T15", pa.memtype, 0);
    CHECK_EQ("T15", pa.ordinal, -2);
    CHECK_EQ("T13", multi(a, &pa), CUDA_SUCCESS);
    CHECK_EQ("T13", pa.id, id);
    CHECK_EQ("T13", pa.memtype, CU_MEMORYTYPE_DEVICE);
    CHECK_EQ("T13", pa.managed, 0);
    CHECK_EQ("T13", pa.rdma, 1);                                         /* H16 */
    CHECK_EQ("T13", pa.ordinal, 0);
    CHECK_EQ("T13", API.cuMemFree(a), CUDA_SUCCESS);
    CHECK_EQ("T13", get_id(a, &id2), CUDA_ERROR_INVALID_VALUE);          /* H9 */
    CHECK_EQ("T15", multi(a, &pa), CUDA_SUCCESS);
    CHECK_EQ("T15", pa.id, 0);
    CHECK_EQ("T15", pa.memtype, 0);
    CHECK_EQ("T15", pa.ordinal, -2);
    CHECK_EQ("T13", get_sync(a, &f), CUDA_ERROR_INVALID_VALUE);          /* H9 */
}

/* T14 (H10): 8 x (alloc 1 MiB, free) -> same VA, a new (increasing) ID each time; 512 KiB after
 * free -> same VA; 3 MiB -> another VA */
static void t14(void)
{
    CUdeviceptr p = 0, v0 = 0;
    uint64_t id = 0, prev = 0;
    int i;
    for (i = 0; i < 8; i++) {
        CHECK_EQ("T14", API.cuMemAlloc(&p, MB), CUDA_SUCCESS);
        if (i == 0)
            v0 = p;
        CHECK_EQ("T14", p, v0);
        CHECK_EQ("T14", get_id(p, &id), CUDA_SUCCESS);
        CHECK("T14", id > prev);
        prev = id;
        CHECK_EQ("T14", API.cuMemFree(p), CUDA_SUCCESS);
    }
    CHECK_EQ("T14", API.cuMemAlloc(&p, MB / 2), CUDA_SUCCESS);
    CHECK_EQ("T14", p, v0);
    CHECK_EQ("T14", API.cuMemFree(p), CUDA_SUCCESS);
    CHECK_EQ("T14", API.cuMemAlloc(&p, 3 * MB), CUDA_SUCCESS);
    CHECK("T14", p != v0);
    CHECK_EQ("T14", API.cuMemFree(p), CUDA_SUCCESS);
}

/* T16 (H12): SYNC_MEMOPS default 0, set 1 for the whole allocation (also through an interior
 * pointer), clear works, not inherited by a new allocation at the same VA */
static void t16(void)
{
    CUdeviceptr a = 0, b = 0;
    unsigned f = 9;
    CHECK_EQ("T16", API.cuMemAlloc(&a, MB), CUDA_SUCCESS);
    CHECK_EQ("T16", get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ("T16", f, 0);
    CHECK_EQ("T16", set_sync(a, 1), CUDA_SUCCESS);
    CHECK_EQ("T16", get_sync(a + 4096, &f), CUDA_SUCCESS);
    CHECK_EQ("T16", f, 1);
    CHECK_EQ("T16", set_sync(a, 0), CUDA_SUCCESS);
    CHECK_EQ("T16", get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ("T16", f, 0);
    CHECK_EQ("T16", set_sync(a + 12345, 1), CUDA_SUCCESS);
    CHECK_EQ("T16", get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ("T16", f, 1);
    CHECK_EQ("T16", API.cuMemFree(a), CUDA_SUCCESS);
    CHECK_EQ("T16", API.cuMemAlloc(&b, MB), CUDA_SUCCESS);
    CHECK_EQ("T16", b, a);                                      /* H10 */
    CHECK_EQ("T16", get_sync(b, &f), CUDA_SUCCESS);
    CHECK_EQ("T16", f, 0);                                      /* not inherited */
    CHECK_EQ("T16", API.cuMemFree(b), CUDA_SUCCESS);
}

/* T20 (H14): token query succeeds with 0 / 0xfe00 and sets SYNC_MEMOPS; malloc -> INVALID_VALUE */
static void t20(void)
{
    CUdeviceptr a = 0;
    CUDA_POINTER_ATTRIBUTE_P2P_TOKENS t;
    unsigned f = 9;
    void *m = malloc(4096);
    CHECK_EQ("T20", sizeof(t), 16);                             /* §2.1 [OBS] */
    CHECK_EQ("T20", API.cuMemAlloc(&a, MB), CUDA_SUCCESS);
    CHECK_EQ("T20", get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ("T20", f, 0);
    memset(&t, 0x5a, sizeof(t));
    CHECK_EQ("T20", API.cuPointerGetAttribute(&t, CU_POINTER_ATTRIBUTE_P2P_TOKENS, a),
             CUDA_SUCCESS);
    CHECK_EQ("T20", t.p2pToken, 0);
    CHECK_EQ("T20", t.vaSpaceToken, 0xfe00);
    CHECK_EQ("T20", get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ("T20", f, 1);                                      /* 0 -> 1 after the query */
    CHECK_EQ("T20", API.cuPointerGetAttribute(&t, CU_POINTER_ATTRIBUTE_P2P_TOKENS,
                                              (CUdeviceptr)(uintptr_t)m),
             CUDA_ERROR_INVALID_VALUE);
    CHECK_EQ("T20", API.cuMemFree(a), CUDA_SUCCESS);
    free(m);
}

/* one kind refused by the cache (T18 / T26): the multi getter's view, SetAttribute's answer
 * (H13) and gr_register's refusal without a pin */
static void refused(const char *t, struct gr_cache *c, CUdeviceptr p, unsigned memtype,
                    int managed, int set_ret)
{
    struct pattrs pa;
    struct gr_reg r = { 0 };
    int pins = S.pins, ret;
    CHECK_EQ(t, multi(p, &pa), CUDA_SUCCESS);
    CHECK_EQ(t, pa.memtype, memtype);
    CHECK_EQ(t, pa.managed, managed);
    CHECK_EQ(t, pa.rdma, 0);                                    /* H16 */
    CHECK(t, memtype == 0 ? pa.id == 0 : pa.id != 0);
    CHECK_EQ(t, set_sync(p, 1), set_ret);                       /* H13 (F3) */
    ret = gr_register(c, p, 4096, &r);
    CHECK(t, ret == -EOPNOTSUPP || ret == -EINVAL);             /* not the RDMA path */
    if (memtype == CU_MEMORYTYPE_DEVICE)
        CHECK_EQ(t, ret, -EOPNOTSUPP);                          /* classified, not unknown */
    CHECK_EQ(t, S.pins, pins);
}

/* T18 (H13, H16): malloc -> CPU path; pinned host, managed (T26), default pool -> not the RDMA
 * path although SetAttribute(SYNC_MEMOPS) succeeds on them; cuMemAlloc -> pinned, SYNC_MEMOPS 1 */
static void t18_t26(void)
{
    struct gr_cache *c = mkcache(1);
    CUdeviceptr d = 0, mg = 0, pl = 0, pl2 = 0;
    void *h = NULL, *m = malloc(MB);
    struct gr_reg r = { 0 };
    uint64_t id1 = 0, id2 = 0;
    unsigned f = 9;
    refused("T18 malloc", c, (CUdeviceptr)(uintptr_t)m, 0, 0, CUDA_ERROR_INVALID_VALUE);
    CHECK_EQ("T18 malloc", gr_register(c, (CUdeviceptr)(uintptr_t)m, 4096, &r), -EINVAL);
    CHECK_EQ("T18 host", API.cuMemAllocHost(&h, MB), CUDA_SUCCESS);
    refused("T18 host", c, (CUdeviceptr)(uintptr_t)h, CU_MEMORYTYPE_HOST, 0, CUDA_SUCCESS);
    CHECK_EQ("T26", API.cuMemAllocManaged(&mg, MB, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
    refused("T26", c, mg, CU_MEMORYTYPE_DEVICE, 1, CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuMemAllocAsync(&pl, MB, NULL), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuStreamSynchronize(NULL), CUDA_SUCCESS);
    refused("T18 pool", c, pl, CU_MEMORYTYPE_DEVICE, 0, CUDA_SUCCESS);
    /* H21: pool free + realloc (stream-ordered, one stream) -> same VA, new ID */
    CHECK_EQ("T18 pool", get_id(pl, &id1), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuMemFreeAsync(pl, NULL), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuMemAllocAsync(&pl2, MB, NULL), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuStreamSynchronize(NULL), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", pl2, pl);
    CHECK_EQ("T18 pool", get_id(pl2, &id2), CUDA_SUCCESS);
    CHECK("T18 pool", id2 > id1);
    CHECK_EQ("T18 pool", API.cuMemFreeAsync(pl2, NULL), CUDA_SUCCESS);
    CHECK_EQ("T18 pool", API.cuStreamSynchronize(NULL), CUDA_SUCCESS);
    /* device memory: accepted, pinned whole, registered */
    CHECK_EQ("T18 device", API.cuMemAlloc(&d, MB), CUDA_SUCCESS);
    CHECK_EQ("T18 device", gr_register(c, d + 100, 4096, &r), 0);
    CHECK_EQ("T18 device", r.sync_memops, 1);
    CHECK_EQ("T18 device", S.pins, 1);
    CHECK_EQ("T18 device", S.va, d);
    CHECK_EQ("T18 device", S.len, MB);
    CHECK_EQ("T18 device", get_sync(d, &f), CUDA_SUCCESS);
    CHECK_EQ("T18 device", f, 1);
    gr_destroy(c);
    CHECK_EQ("T18", S.unpins, 1);
    CHECK_EQ("T18", API.cuMemFree(d), CUDA_SUCCESS);
    CHECK_EQ("T26", API.cuMemFree(mg), CUDA_SUCCESS);
    CHECK_EQ("T18 host", API.cuMemFreeHost(h), CUDA_SUCCESS);
    free(m);
}

/* map one gpuDirectRDMACapable handle of size g at va (H22) */
static void vmm_map(CUdeviceptr va, size_t g, CUmemGenericAllocationHandle *h)
{
    CUmemAllocationProp p;
    CUmemAccessDesc d;
    memset(&p, 0, sizeof(p));
    memset(&d, 0, sizeof(d));
    p.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    p.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    p.location.id = G.dev;
    p.allocFlags.gpuDirectRDMACapable = 1;
    d.location = p.location;
    d.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    CHECK_EQ("T19", API.cuMemCreate(h, g, &p, 0), CUDA_SUCCESS);
    CHECK_EQ("T19", API.cuMemMap(va, g, 0, *h, 0), CUDA_SUCCESS);
    CHECK_EQ("T19", API.cuMemSetAccess(va, g, &d, 1), CUDA_SUCCESS);
}

/* T19 (H13, H16, H22): VMM with gpuDirectRDMACapable: RDMA-capable 1, SYNC_MEMOPS NOT_SUPPORTED;
 * the cache accepts it without registration; unmap -> INVALID_VALUE; a new handle at the same
 * VA -> new ID -> the cache re-pins */
static void t19(void)
{
    struct gr_cache *c = mkcache(0);
    CUmemAllocationProp p;
    CUmemGenericAllocationHandle h1 = 0, h2 = 0;
    CUdeviceptr va = 0, b = 0;
    size_t g = 0, s = 0;
    uint64_t id1 = 0, id2 = 0;
    struct pattrs pa;
    struct gr_reg r = { 0 };
    struct gr_stats st;
    memset(&p, 0, sizeof(p));
    p.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    p.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    p.location.id = G.dev;
    p.allocFlags.gpuDirectRDMACapable = 1;
    CHECK_EQ("T19", sizeof(p), 32);
    CHECK_EQ("T19", API.cuMemGetAllocationGranularity(&g, &p, CU_MEM_ALLOC_GRANULARITY_MINIMUM),
             CUDA_SUCCESS);
    CHECK_EQ("T19", g, 2 * MB);                                 /* H22 */
    if (g == 0 || g > 64 * MB) {
        gr_destroy(c);
        return;
    }
    CHECK_EQ("T19", API.cuMemAddressReserve(&va, g, 0, 0, 0), CUDA_SUCCESS);
    vmm_map(va, g, &h1);
    CHECK_EQ("T19", multi(va, &pa), CUDA_SUCCESS);
    CHECK_EQ("T19", pa.memtype, CU_MEMORYTYPE_DEVICE);
    CHECK_EQ("T19", pa.managed, 0);
    CHECK_EQ("T19", pa.rdma, 1);                                /* H16 */
    CHECK_EQ("T19", get_id(va + 100, &id1), CUDA_SUCCESS);
    CHECK_EQ("T19", pa.id, id1);
    CHECK_EQ("T19", API.cuMemGetAddressRange(&b, &s, va + 5), CUDA_SUCCESS);
    CHECK_EQ("T19", b, va);
    CHECK_EQ("T19", s, g);
    CHECK_EQ("T19", set_sync(va, 1), CUDA_ERROR_NOT_SUPPORTED); /* H13 */
    CHECK_EQ("T19", gr_register(c, va, 4096, &r), 0);
    CHECK_EQ("T19", r.sync_memops, 0);                          /* host must synchronise */
    CHECK_EQ("T19", r.buffer_id, id1);
    CHECK_EQ("T19", API.cuMemUnmap(va, g), CUDA_SUCCESS);
    CHECK_EQ("T19", get_id(va, &id2), CUDA_ERROR_INVALID_VALUE);    /* H22 */
    CHECK_EQ("T19", API.cuMemRelease(h1), CUDA_SUCCESS);
    vmm_map(va, g, &h2);
    CHECK_EQ("T19", get_id(va, &id2), CUDA_SUCCESS);
    CHECK("T19", id2 > id1);                                    /* H22: new ID, same VA */
    CHECK_EQ("T19", gr_register(c, va, 4096, &r), 0);
    CHECK_EQ("T19", r.buffer_id, id2);
    gr_get_stats(c, &st);
    CHECK_EQ("T19", st.stale_repins, 1);
    CHECK_EQ("T19", S.pins, 2);
    CHECK_EQ("T19", S.unpins, 1);
    gr_destroy(c);
    CHECK_EQ("T19", API.cuMemUnmap(va, g), CUDA_SUCCESS);
    CHECK_EQ("T19", API.cuMemRelease(h2), CUDA_SUCCESS);
    CHECK_EQ("T19", API.cuMemAddressFree(va, g), CUDA_SUCCESS);
}

/* the registration cache on real CUDA (T14, T15 with both getters; §1.7 tag-check recipe):
 * register, hit, free + realloc at the same VA -> new buffer ID -> re-pin and SYNC_MEMOPS again;
 * free -> the entry is dropped */
static void t_cache(int multi_getter)
{
    const char *t = multi_getter ? "T15 cache" : "T14 cache";
    struct gr_cache *c = mkcache(multi_getter);
    struct gr_reg r1 = { 0 }, r2 = { 0 }, r3 = { 0 };
    struct gr_stats st;
    CUdeviceptr a = 0, b = 0;
    uint64_t id = 0;
    unsigned f = 9;
    CHECK_EQ(t, API.cuMemAlloc(&a, MB), CUDA_SUCCESS);
    CHECK_EQ(t, get_id(a, &id), CUDA_SUCCESS);
    CHECK_EQ(t, gr_register(c, a + 12345, 4096, &r1), 0);
    CHECK_EQ(t, r1.buffer_id, id);
    CHECK_EQ(t, r1.base, a);
    CHECK_EQ(t, r1.size, MB);
    CHECK_EQ(t, r1.offset, 12345);
    CHECK_EQ(t, r1.va64, a);
    CHECK_EQ(t, r1.len64, MB);
    CHECK_EQ(t, r1.sync_memops, 1);
    CHECK_EQ(t, S.va, a);
    CHECK_EQ(t, S.len, MB);
    CHECK_EQ(t, get_sync(a, &f), CUDA_SUCCESS);
    CHECK_EQ(t, f, 1);
    CHECK_EQ(t, gr_register(c, a, MB, &r2), 0);                 /* hit */
    CHECK_EQ(t, r2.handle, r1.handle);
    CHECK_EQ(t, gr_register(c, a, MB + 1, &r2), -ERANGE);
    CHECK_EQ(t, API.cuMemFree(a), CUDA_SUCCESS);
    CHECK_EQ(t, API.cuMemAlloc(&b, MB), CUDA_SUCCESS);
    CHECK_EQ(t, b, a);                                          /* H10 */
    CHECK_EQ(t, get_sync(b, &f), CUDA_SUCCESS);
    CHECK_EQ(t, f, 0);                                          /* H12 */
    CHECK_EQ(t, gr_register(c, b, 4096, &r3), 0);
    CHECK(t, r3.buffer_id != r1.buffer_id);
    CHECK(t, r3.handle != r1.handle);
    CHECK_EQ(t, S.unpins, 1);
    CHECK_EQ(t, S.last_unpinned, r1.handle);
    CHECK_EQ(t, S.pins, 2);
    CHECK_EQ(t, get_sync(b, &f), CUDA_SUCCESS);
    CHECK_EQ(t, f, 1);                                          /* registered again (F5) */
    gr_get_stats(c, &st);
    CHECK_EQ(t, st.hits, 1);
    CHECK_EQ(t, st.misses, 2);
    CHECK_EQ(t, st.stale_repins, 1);
    CHECK_EQ(t, st.entries, 1);
    CHECK_EQ(t, API.cuMemFree(b), CUDA_SUCCESS);
    CHECK_EQ(t, gr_register(c, b, 4096, &r3), -EINVAL);        /* freed: dropped, not CUDA */
    gr_get_stats(c, &st);
    CHECK_EQ(t, st.stale_repins, 2);
    CHECK_EQ(t, st.entries, 0);
    CHECK_EQ(t, S.unpins, 2);
    gr_destroy(c);
}

/* T23 (H11): 1000-byte allocations share a 64 KiB page at a 1 KiB stride with distinct IDs and
 * range size 0x3e8; the cache bounds each by its own size, not by the rounded page */
static void t23(void)
{
    struct gr_cache *c = mkcache(0);
    CUdeviceptr p1 = 0, p2 = 0, b = 0;
    size_t s = 0;
    uint64_t id1 = 0, id2 = 0;
    struct gr_reg r = { 0 };
    CHECK_EQ("T23", API.cuMemAlloc(&p1, 1000), CUDA_SUCCESS);
    CHECK_EQ("T23", API.cuMemAlloc(&p2, 1000), CUDA_SUCCESS);
    CHECK_EQ("T23", p2 - p1, 0x400);
    CHECK_EQ("T23", p1 >> 16, p2 >> 16);
    CHECK_EQ("T23", get_id(p1, &id1), CUDA_SUCCESS);
    CHECK_EQ("T23", get_id(p2, &id2), CUDA_SUCCESS);
    CHECK("T23", id1 != id2);
    CHECK_EQ("T23", API.cuMemGetAddressRange(&b, &s, p2 + 10), CUDA_SUCCESS);
    CHECK_EQ("T23", b, p2);
    CHECK_EQ("T23", s, 0x3e8);
    CHECK_EQ("T23", gr_register(c, p1, 1000, &r), 0);
    CHECK_EQ("T23", r.va64, p1 & ~0xffffull);
    CHECK_EQ("T23", r.len64, 0x10000);
    CHECK_EQ("T23", gr_register(c, p1, 1001, &r), -ERANGE);
    CHECK_EQ("T23", gr_register(c, p1 + 999, 2, &r), -ERANGE);
    gr_destroy(c);
    CHECK_EQ("T23", API.cuMemFree(p2), CUDA_SUCCESS);
    CHECK_EQ("T23", API.cuMemFree(p1), CUDA_SUCCESS);
}

int main(int argc, char **argv)
{
    char why[256], ev[256];
    int require = argc > 1 && strcmp(argv[1], "--require-gpu") == 0;
    int r = gr_cuda_open(&G, why, sizeof(why));
    if (r == GR_CU_ABSENT) {
        int e = gr_cuda_gpu_evidence(ev, sizeof(ev));
        if (!require && !e) {
            printf("test_gpu: SKIP: %s\n", why);
            return 0;
        }
        printf("test_gpu: FAIL: %s, but %s\n", why, e ? ev : "--require-gpu was given");
        return 1;
    }
    if (r != GR_CU_OK) {
        printf("test_gpu: FAIL: %s\n", why);
        return 1;
    }
    printf("test_gpu: %s\n", why);
    t_device();
    t13_t15();
    t14();
    t16();
    t20();
    t18_t26();
    t19();
    t_cache(0);
    t_cache(1);
    t23();
    gr_cuda_close(&G);
    CHECK_DONE("test_gpu");
}
