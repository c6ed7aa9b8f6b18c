/*
 * test_core.c - the module core (gb_core) against the fake NVIDIA side, no GPU, no FPGA:
 * behaviours T01-T12 of note 004 §6 (T05 is RTL/formal only). Expected values come from the
 * note (§2.3 constants, A-2 rounding formula, R-1/R-3 address formula, §3.4 contract), not from
 * the code under test. Runs under ASan+UBSan (make cmodel-test-sw) and TSan (threaded parts).
 */
#include <string.h>
#include <stdlib.h>
#include "check.h"
#include "gb_core.h"
#include "gb_explore.h"
#include "fakep2p.h"
#include "fpga_stub.h"

#define KB64 0x10000ull
static struct fs_dev fpga;

static struct gb_ctx *setup(const struct fk_cfg *cfg)
{
    fk_init(cfg);
    fs_init(&fpga);
    gb_core_init();
    fk_set_pid(100);
    return gb_open(&fs_ops, &fpga, NULL);
}

static void teardown(const char *t)
{
    fk_fini();
    fs_fini(&fpga);
    gb_core_fini();
    CHECK_EQ(t, gb_live_allocs(), 0);                   /* nothing leaked, nothing freed twice */
}

/* T01: get_pages rejects VA not 64 KiB aligned and length not a 64 KiB multiple (-EINVAL) */
static void t01(void)
{
    struct nvidia_p2p_page_table *pt = NULL;
    uint64_t a;
    struct gb_ctx *c = setup(NULL);
    static int dummy;
    CHECK_EQ("T01", fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE), FK_CUDA_SUCCESS);
    CHECK_EQ("T01", a & 0x1fffff, 0);                   /* H6: 2 MiB-aligned base */
    CHECK_EQ("T01", nvidia_p2p_get_pages(0, 0, a + 0x1000, KB64, &pt, (void (*)(void *))free,
                                         &dummy), -EINVAL);
    CHECK_EQ("T01", nvidia_p2p_get_pages(0, 0, a, KB64 + 0x1000, &pt, (void (*)(void *))free,
                                         &dummy), -EINVAL);
    CHECK_EQ("T01", nvidia_p2p_get_pages(0, 0, a, 0, &pt, (void (*)(void *))free, &dummy),
             -EINVAL);
    CHECK(  "T01", pt == NULL);
    /* the core rounds both ends: va 0x...1234 len 0x20000 -> va64 = base, len64 = 0x30000 */
    {
        uint32_t h;
        struct gb_info i;
        CHECK_EQ("T01", gb_pin(c, a + 0x1234, 0x20000, &h), 0);
        CHECK_EQ("T01", gb_query(c, h, &i), 0);
        CHECK_EQ("T01", i.va64, a);
        CHECK_EQ("T01", i.len64, 0x30000);
        CHECK_EQ("T01", i.entries, 3);
        CHECK_EQ("T01", gb_unpin(c, h), 0);
    }
    CHECK_EQ("T01", gb_pin(c, a, 0, &(uint32_t){0}), -EINVAL);
    gb_release(c);
    teardown("T01");
}

/* T02: entries == len >> 16, page_size == 64KB (1), version fields compatible */
static void t02(void)
{
    struct nvidia_p2p_page_table *pt = NULL;
    struct nvidia_p2p_dma_mapping *m = NULL;
    uint64_t a;
    fk_init(NULL);
    fk_set_pid(100);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    CHECK_EQ("T02", nvidia_p2p_get_pages(0, 0, a, 1 << 20, &pt, (void (*)(void *))free, NULL), 0);
    CHECK_EQ("T02", pt->entries, 16);                   /* 1 MiB >> 16 */
    CHECK_EQ("T02", pt->page_size, 1);                  /* NVIDIA_P2P_PAGE_SIZE_64KB */
    CHECK_EQ("T02", pt->version, 0x00010002);
    CHECK(  "T02", NVIDIA_P2P_PAGE_TABLE_VERSION_COMPATIBLE(pt));
    CHECK_EQ("T02", pt->pages[0]->physical_address & 0xffff, 0);
    CHECK_EQ("T02", pt->pages[0]->physical_address >> 44, 1);   /* BAR1 at 0x1000_0000_0000 */
    CHECK_EQ("T02", nvidia_p2p_dma_map_pages(NULL, pt, &m), 0);
    CHECK_EQ("T02", m->version, 0x00020003);
    CHECK(  "T02", NVIDIA_P2P_DMA_MAPPING_VERSION_COMPATIBLE(m));
    CHECK_EQ("T02", m->entries, 16);
    /* pages handed out shuffled: consecutive VA pages not at consecutive bus addresses */
    CHECK(  "T02", pt->pages[1]->physical_address != pt->pages[0]->physical_address + KB64);
    CHECK_EQ("T02", nvidia_p2p_dma_unmap_pages(NULL, pt, m), 0);
    CHECK_EQ("T02", nvidia_p2p_put_pages(0, 0, a, pt), 0);
    CHECK_EQ("T02", fk_bar_pages_in_use(), 0);
    CHECK_EQ("T02", fk_violations(), 0);
    fk_fini();
}

/* T03: a table whose major version differs, or whose page size is not 64 KiB, is refused */
static void t03(void)
{
    static const struct { uint32_t ptv, mapv, ps; int want; } cs[] = {
        { 0x00020002, 0, 0, -EPROTO },          /* page table major 2 */
        { 0x00010001, 0, 0, -EPROTO },          /* minor older than compiled (0x0002) */
        { 0x00010007, 0, 0, 0 },                /* newer minor: compatible */
        { 0, 0x00030003, 0, -EPROTO },          /* DMA mapping major 3 */
        { 0, 0, 0xff, -EPROTO },                /* page_size 4KB (code 0) */
        { 0, 0, NVIDIA_P2P_PAGE_SIZE_128KB, -EPROTO },
    };
    unsigned i;
    for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++) {
        struct fk_cfg cfg = {0};
        uint64_t a;
        uint32_t h = 0;
        struct gb_ctx *c;
        cfg.pt_version = cs[i].ptv;
        cfg.map_version = cs[i].mapv;
        cfg.page_size_type = cs[i].ps;
        c = setup(&cfg);
        fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
        CHECK_EQ("T03", gb_pin(c, a, 1 << 20, &h), cs[i].want);
        if (!cs[i].want)
            CHECK_EQ("T03", gb_unpin(c, h), 0);
        CHECK_EQ("T03", fk_pins_live(), 0);             /* refused table is put back */
        CHECK_EQ("T03", fk_bar_pages_in_use(), 0);
        CHECK_EQ("T03", fs_valid_slots(&fpga), 0);
        CHECK_EQ("T03", fk_violations(), 0);
        gb_release(c);
        teardown("T03");
    }
}

/* T04: user byte k lands at table[(off0+k)>>16] + ((off0+k) & 0xFFFF), off0 = va & 0xFFFF;
 * checked through the fake's own VA<->BAR map, with dma_addresses != physical */
static void t04(void)
{
    struct fk_cfg cfg = {0};
    uint64_t a, va, ks[6], got, addrs[8];
    uint32_t h, n;
    struct gb_info inf;
    struct gb_ctx *c;
    unsigned i;
    cfg.dma_offset = 0x0000200000000000ull;             /* IOMMU-translated peer addresses */
    c = setup(&cfg);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    va = a + 0x5432;                                     /* user buffer starts inside page 0 */
    CHECK_EQ("T04", gb_pin(c, va, 0x30000, &h), 0);
    CHECK_EQ("T04", gb_query(c, h, &inf), 0);
    CHECK_EQ("T04", inf.entries, 4);                     /* 0x5432 + 0x30000 spans 4 pages */
    CHECK_EQ("T04", gb_table(c, h, addrs, 8, &n), 0);
    CHECK_EQ("T04", n, 4);
    /* byte 0: table[0] + 0x5432 */
    CHECK_EQ("T04", fk_bus_to_va(addrs[0] + 0x5432, &got), 0);
    CHECK_EQ("T04", got, va);
    ks[0] = 0; ks[1] = 1; ks[2] = 0x10000 - 0x5432 - 1; ks[3] = 0x10000 - 0x5432;
    ks[4] = 0x20000; ks[5] = 0x30000 - 1;
    for (i = 0; i < 6; i++) {
        uint64_t o = 0x5432 + ks[i];
        CHECK_EQ("T04", fk_bus_to_va(addrs[o >> 16] + (o & 0xffff), &got), 0);
        CHECK_EQ("T04", got, va + ks[i]);
    }
    /* the FPGA stand-in writes the whole buffer through the table: all bytes land, no fault */
    CHECK_EQ("T04", gb_submit(c, h, inf.gen, 0, 0x30000), 0);
    fs_run(&fpga);
    CHECK_EQ("T04", fk_bar_bytes_ok(), 0x30000);
    CHECK_EQ("T04", fpga.writes, 4);                     /* split at each 64 KiB page */
    CHECK_EQ("T04", fk_violations(), 0);
    gb_release(c);
    teardown("T04");
}

/* T06: descriptor beyond the user length (inside the rounded page) is rejected */
static void t06(void)
{
    uint64_t a;
    uint32_t h;
    struct gb_info inf;
    struct gb_ctx *c = setup(NULL);
    fk_cuMemAlloc(&a, 1000, FK_DEVICE);                  /* sub-allocation (H11) */
    CHECK_EQ("T06", gb_pin(c, a, 1000, &h), 0);
    gb_query(c, h, &inf);
    CHECK_EQ("T06", inf.len64, 0x10000);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 0, 1000), 0);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 0, 1001), -ERANGE);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 1000, 1), -ERANGE);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 999, 1), 0);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 10, 0), -ERANGE);
    CHECK_EQ("T06", gb_submit(c, h, inf.gen, 0xffffffffffffff00ull, 0x200), -ERANGE);
    fs_run(&fpga);
    CHECK_EQ("T06", fk_bar_bytes_ok(), 1001);
    gb_release(c);
    teardown("T06");
}

/* T07 + T08: free callback (fired by cuMemFree on another thread, holding the driver's lock)
 * invalidates and drains the FPGA before it returns, frees with free_dma_mapping /
 * free_page_table, never put_pages; no write reaches the range afterwards */
static void t07_t08(void)
{
    uint64_t a;
    uint32_t h;
    struct gb_info inf;
    struct gb_stats st;
    struct gb_ctx *c = setup(NULL);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    CHECK_EQ("T07", gb_pin(c, a, 1 << 20, &h), 0);
    gb_query(c, h, &inf);
    CHECK_EQ("T07", gb_submit(c, h, inf.gen, 0, 4096), 0);     /* queued, not yet executed */
    CHECK_EQ("T07", gb_submit(c, h, inf.gen, 0x70000, 0x20000), 0);
    CHECK_EQ("T07", fk_cuMemFree(a), FK_CUDA_SUCCESS);
    CHECK_EQ("T07", fpga.invalidates, 1);
    CHECK_EQ("T07", fs_valid_slots(&fpga), 0);
    CHECK_EQ("T07", fk_bar_bytes_ok(), 4096 + 0x20000);        /* drained while mapped */
    CHECK_EQ("T07", fk_bar_pages_in_use(), 0);                 /* unmapped after the return */
    CHECK_EQ("T07", gb_submit(c, h, inf.gen, 0, 16), -ESTALE);
    fs_run(&fpga);
    CHECK_EQ("T07", fk_violations(), 0);                       /* T08: contract kept */
    gb_stats(&st);
    CHECK_EQ("T08", st.callbacks, 1);
    CHECK_EQ("T08", fk_pins_live(), 0);
    CHECK_EQ("T07", gb_unpin(c, h), 0);                        /* reaps the dead region */
    CHECK_EQ("T07", gb_unpin(c, h), -ENOENT);
    gb_release(c);
    teardown("T07");
}

/* T09 (threads, for TSan): user unpin racing the free callback, many rounds */
struct race { struct gb_ctx *c; uint32_t h; uint64_t a; int ret; };
#include <pthread.h>
static void *race_unpin(void *p)
{
    struct race *r = p;
    fk_set_pid(100);
    r->ret = gb_unpin(r->c, r->h);
    return NULL;
}

static void t09_threads(int rounds)
{
    int i;
    for (i = 0; i < rounds; i++) {
        struct race r;
        pthread_t t;
        struct gb_stats st;
        r.c = setup(NULL);
        fk_cuMemAlloc(&r.a, 1 << 20, FK_DEVICE);
        CHECK_EQ("T09", gb_pin(r.c, r.a, 1 << 20, &r.h), 0);
        pthread_create(&t, NULL, race_unpin, &r);
        fk_cuMemFree(r.a);
        pthread_join(t, NULL);
        CHECK_EQ("T09", r.ret, 0);
        gb_stats(&st);
        CHECK(  "T09", st.unpins + st.callbacks >= 1);
        CHECK_EQ("T09", fk_pins_live(), 0);
        CHECK_EQ("T09", fk_bar_pages_in_use(), 0);
        CHECK_EQ("T09", fs_valid_slots(&fpga), 0);
        CHECK_EQ("T09", fk_violations(), 0);
        gb_release(r.c);
        teardown("T09");
    }
}

/* T10: process exit with both close orders leaves no pinned page and no valid FPGA entry */
static void t10(void)
{
    int order;
    for (order = 0; order < 2; order++) {
        uint64_t a, b;
        uint32_t h1, h2;
        struct gb_stats st;
        struct gb_ctx *c = setup(NULL);
        fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
        fk_cuMemAlloc(&b, 3 << 20, FK_DEVICE);
        CHECK_EQ("T10", gb_pin(c, a, 1 << 20, &h1), 0);
        CHECK_EQ("T10", gb_pin(c, b + 0x100, 0x50000, &h2), 0);
        CHECK_EQ("T10", fk_bar_pages_in_use(), 16 + 6);
        if (order == 0) {                       /* our fd first: release unpins (put_pages) */
            gb_release(c);
            fk_nv_close(100);
        } else {                                /* NVIDIA's first: callbacks, release reaps */
            fk_nv_close(100);
            gb_release(c);
        }
        gb_stats(&st);
        CHECK_EQ("T10", st.callbacks, order ? 2 : 0);
        CHECK_EQ("T10", st.unpins, order ? 0 : 2);
        CHECK_EQ("T10", fk_pins_live(), 0);
        CHECK_EQ("T10", fk_bar_pages_in_use(), 0);
        CHECK_EQ("T10", fs_valid_slots(&fpga), 0);
        CHECK_EQ("T10", fk_violations(), 0);
        teardown("T10");
    }
}

/* T11: put_pages only from the pinning process: another process' unpin is refused */
static void t11(void)
{
    uint64_t a;
    uint32_t h;
    struct nvidia_p2p_page_table *pt;
    struct gb_ctx *c = setup(NULL);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    CHECK_EQ("T11", gb_pin(c, a, 1 << 20, &h), 0);
    fk_set_pid(200);
    CHECK_EQ("T11", gb_unpin(c, h), -EPERM);
    CHECK_EQ("T11", fk_pins_live(), 1);
    fk_set_pid(100);
    CHECK_EQ("T11", gb_unpin(c, h), 0);
    CHECK_EQ("T11", fk_pins_live(), 0);
    CHECK_EQ("T11", fk_violations(), 0);
    /* the fake itself flags a put_pages from another process */
    fk_quiet(1);
    CHECK_EQ("T11", nvidia_p2p_get_pages(0, 0, a, KB64, &pt, (void (*)(void *))free, NULL), 0);
    fk_set_pid(200);
    CHECK_EQ("T11", nvidia_p2p_put_pages(0, 0, a, pt), -EINVAL);
    CHECK_EQ("T11", fk_violations(), 1);
    fk_set_pid(100);
    CHECK_EQ("T11", nvidia_p2p_put_pages(0, 0, a, pt), 0);
    fk_quiet(0);
    gb_release(c);
    teardown("T11");
}

/* T12: generation mismatch rejected; generation wrap skips 0 and stays exact */
static void t12(void)
{
    uint64_t a;
    uint32_t h1, h2, h3;
    struct gb_info i1, i2, i3;
    struct gb_ctx *c = setup(NULL);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    gb_core_set_next_gen(0xfffffffeu);
    CHECK_EQ("T12", gb_pin(c, a, KB64, &h1), 0);
    CHECK_EQ("T12", gb_pin(c, a + KB64, KB64, &h2), 0);
    CHECK_EQ("T12", gb_pin(c, a + 2 * KB64, KB64, &h3), 0);
    gb_query(c, h1, &i1);
    gb_query(c, h2, &i2);
    gb_query(c, h3, &i3);
    CHECK_EQ("T12", i1.gen, 0xfffffffeu);
    CHECK_EQ("T12", i2.gen, 0xffffffffu);
    CHECK_EQ("T12", i3.gen, 1);                          /* 0 is never a generation */
    CHECK_EQ("T12", gb_submit(c, h1, i1.gen, 0, 64), 0);
    CHECK_EQ("T12", gb_submit(c, h1, i1.gen + 1, 0, 64), -ESTALE);
    CHECK_EQ("T12", gb_submit(c, h3, 0, 0, 64), -ESTALE);
    CHECK_EQ("T12", gb_submit(c, h3, 1, 0, 64), 0);
    /* re-pin in the same slot: the old generation is refused */
    CHECK_EQ("T12", gb_unpin(c, h1), 0);
    CHECK_EQ("T12", gb_pin(c, a, KB64, &h1), 0);
    gb_query(c, h1, &i1);
    CHECK_EQ("T12", i1.gen, 2);
    CHECK_EQ("T12", gb_submit(c, h1, 0xfffffffeu, 0, 64), -ESTALE);
    gb_release(c);
    teardown("T12");
}

/* bounded ACK wait: an FPGA that never ACKs does not hang the callback */
static void t_ack_bound(void)
{
    uint64_t a;
    uint32_t h;
    struct gb_stats st;
    struct gb_ctx *c = setup(NULL);
    fk_cuMemAlloc(&a, 1 << 20, FK_DEVICE);
    CHECK_EQ("R-11", gb_pin(c, a, 1 << 20, &h), 0);
    fpga.ack_never = 1;
    fk_cuMemFree(a);
    gb_stats(&st);
    CHECK_EQ("R-11", st.ack_timeouts, 1);
    CHECK_EQ("R-11", fk_pins_live(), 0);
    gb_release(c);
    teardown("R-11");
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 50;
    if (argc > 2 && !strcmp(argv[2], "threads-only")) {
        t09_threads(rounds);
        CHECK_DONE("test_core (threads)");
    }
    t01();
    t02();
    t03();
    t04();
    t06();
    t07_t08();
    t09_threads(rounds);
    t10();
    t11();
    t12();
    t_ack_bound();
    CHECK_DONE("test_core T01-T04 T06-T12");
}
