/*
 * test_lib.c - the user library's registration cache (gpureg) against the fake CUDA / NVIDIA side
 * and the module core in-process: behaviours T14, T15, T21, T22, T23 of note 004 §6 (plus the
 * classification of T18 / T26 and the SYNC_MEMOPS re-registration of F5 / H12). Expected values
 * from the note: first buffer ID 0x39f and +1 per allocation (H7, H10), same VA after free +
 * realloc (H10), zeros from the multi getter (H8), 1 KiB stride of small allocations (H11),
 * Kepler BAR 256 MiB with 32 MiB reserved (§3.1 / §5.1(a)).
 */
#include <string.h>
#include "check.h"
#include "gpureg.h"
#include "adapters.h"
#include "fakep2p.h"
#include "fpga_stub.h"

#define MB (1ull << 20)
static struct fs_dev fpga;
static struct gb_ctx *ctx;

static struct gr_cache *mk(const struct fk_cfg *cfg, uint64_t threshold, int multi)
{
    fk_init(cfg);
    fs_init(&fpga);
    gb_core_init();
    fk_set_pid(100);
    ctx = gb_open(&fs_ops, &fpga, NULL);
    return gr_create(&fk_cuda_ops, NULL, &gb_core_pin_ops, ctx, threshold, multi);
}

static void done(const char *t, struct gr_cache *c)
{
    gr_destroy(c);
    gb_release(ctx);
    CHECK_EQ(t, fk_pins_live(), 0);
    CHECK_EQ(t, fk_bar_pages_in_use(), 0);
    CHECK_EQ(t, fk_violations(), 0);
    fk_fini();
    fs_fini(&fpga);
    gb_core_fini();
    CHECK_EQ(t, gb_live_allocs(), 0);
}

/* T14: free + realloc gives the same VA and a new buffer ID; the cache re-pins */
static void t14(int multi)
{
    struct gr_cache *c = mk(NULL, 0, multi);
    struct gr_reg r1, r2, r3;
    struct gr_stats st;
    uint64_t a, b;
    unsigned sm = 9;
    CHECK_EQ("T14", fk_cuMemAlloc(&a, MB, FK_DEVICE), 0);
    CHECK_EQ("T14", gr_register(c, a + 12345, 4096, &r1), 0);
    CHECK_EQ("T14", r1.buffer_id, 0x39f);
    CHECK_EQ("T14", r1.base, a);
    CHECK_EQ("T14", r1.offset, 12345);
    CHECK_EQ("T14", r1.len64, MB);
    CHECK_EQ("T14", r1.sync_memops, 1);
    CHECK_EQ("T14", gr_register(c, a, MB, &r2), 0);            /* hit */
    CHECK_EQ("T14", r2.handle, r1.handle);
    CHECK_EQ("T14", fk_cuMemFree(a), 0);                        /* callback revokes the pin */
    CHECK_EQ("T14", fk_cuMemAlloc(&b, MB, FK_DEVICE), 0);
    CHECK_EQ("T14", b, a);                                      /* same VA (H10) */
    CHECK_EQ("T14", fk_cuPointerGetAttribute_sync_memops(&sm, b), 0);
    CHECK_EQ("T14", sm, 0);                                     /* not inherited (H12) */
    CHECK_EQ("T14", gr_register(c, b, 4096, &r3), 0);
    CHECK_EQ("T14", r3.buffer_id, 0x3a0);                       /* new ID */
    CHECK(  "T14", r3.gen != r1.gen);
    CHECK_EQ("T14", fk_cuPointerGetAttribute_sync_memops(&sm, b), 0);
    CHECK_EQ("T14", sm, 1);                                     /* registered again */
    gr_get_stats(c, &st);
    CHECK_EQ("T14", st.hits, 1);
    CHECK_EQ("T14", st.misses, 2);
    CHECK_EQ("T14", st.stale_repins, 1);
    CHECK_EQ("T14", st.entries, 1);
    /* the FPGA can use the new pin: a descriptor lands in mapped pages */
    CHECK_EQ("T14", gb_submit(ctx, r3.handle, r3.gen, 0, 4096), 0);
    CHECK_EQ("T14", gb_submit(ctx, r3.handle, r1.gen, 0, 4096), -ESTALE);
    fs_run(&fpga);
    CHECK_EQ("T14", fk_bar_bytes_ok(), 4096);
    done("T14", c);
}

/* T15: the multi getter returns SUCCESS with ID 0 / memtype 0 for a freed pointer; the cache
 * (multi-getter tag check) treats that as invalid */
static void t15(void)
{
    struct gr_cache *c = mk(NULL, 0, 1);
    struct gr_reg r;
    struct gr_stats st;
    uint64_t a, id = 7, one;
    unsigned mt = 7;
    int man = 7, rd = 7, ord = 7;
    fk_cuMemAlloc(&a, MB, FK_DEVICE);
    CHECK_EQ("T15", gr_register(c, a, MB, &r), 0);
    fk_cuMemFree(a);
    CHECK_EQ("T15", fk_cuPointerGetAttributes(a, &id, &mt, &man, &rd, &ord), FK_CUDA_SUCCESS);
    CHECK_EQ("T15", id, 0);
    CHECK_EQ("T15", mt, 0);
    CHECK_EQ("T15", ord, -2);
    CHECK_EQ("T15", fk_cuPointerGetAttribute_buffer_id(&one, a), FK_CUDA_ERROR_INVALID_VALUE);
    CHECK_EQ("T15", gr_register(c, a, MB, &r), -EINVAL);       /* dropped, not CUDA memory now */
    gr_get_stats(c, &st);
    CHECK_EQ("T15", st.stale_repins, 1);
    CHECK_EQ("T15", st.entries, 0);
    done("T15", c);
}

/* T21: LRU eviction at the size threshold and on -ENOMEM; pins with DMA in flight stay */
static void t21(void)
{
    struct gr_cache *c = mk(NULL, 3 * MB, 0);
    struct gr_reg r[6];
    struct gr_stats st;
    uint64_t a[6];
    int i;
    for (i = 0; i < 5; i++)
        fk_cuMemAlloc(&a[i], MB, FK_DEVICE);
    CHECK_EQ("T21", gr_register(c, a[0], 16, &r[0]), 0);
    CHECK_EQ("T21", gr_register(c, a[1], 16, &r[1]), 0);
    CHECK_EQ("T21", gr_register(c, a[2], 16, &r[2]), 0);       /* 3 MiB: at, not above */
    gr_get_stats(c, &st);
    CHECK_EQ("T21", st.evictions_size, 0);
    CHECK_EQ("T21", gr_register(c, a[0], 16, &r[0]), 0);       /* a0 used: a1 is LRU */
    CHECK_EQ("T21", gr_register(c, a[3], 16, &r[3]), 0);       /* 4 MiB > 3: evict a1 */
    gr_get_stats(c, &st);
    CHECK_EQ("T21", st.evictions_size, 1);
    CHECK_EQ("T21", st.entries, 3);
    CHECK_EQ("T21", st.pinned_bytes, 3 * MB);
    CHECK_EQ("T21", fk_bar_pages_in_use(), 48);
    CHECK_EQ("T21", gr_acquire(c, a[2], 16, &r[2]), 0);        /* a2: DMA in flight */
    CHECK_EQ("T21", gr_register(c, a[0], 16, &r[0]), 0);
    CHECK_EQ("T21", gr_register(c, a[3], 16, &r[3]), 0);       /* LRU order now a2, a0, a3 */
    CHECK_EQ("T21", gr_register(c, a[4], 16, &r[4]), 0);       /* evicts a0, not a2 */
    gr_get_stats(c, &st);
    CHECK_EQ("T21", st.evictions_size, 2);
    CHECK_EQ("T21", gr_evict(c, a[2]), -EBUSY);
    CHECK_EQ("T21", gr_release(c, r[2].handle), 0);
    CHECK_EQ("T21", gr_register(c, a[0], 16, &r[0]), 0);       /* miss (was evicted) */
    gr_get_stats(c, &st);
    CHECK_EQ("T21", st.misses, 6);
    done("T21", c);

    /* -ENOMEM: Kepler-size BAR, 256 MiB with 32 MiB reserved = 3584 pages of 64 KiB */
    {
        struct fk_cfg cfg;
        memset(&cfg, 0, sizeof(cfg));
        cfg.bar_pages = 4096;
        cfg.reserved_pages = 512;
        c = mk(&cfg, 0, 0);
        for (i = 0; i < 3; i++)
            fk_cuMemAlloc(&a[i], 100 * MB, FK_DEVICE);         /* 1600 pages each */
        CHECK_EQ("T21", gr_acquire(c, a[0], 16, &r[0]), 0);
        CHECK_EQ("T21", gr_acquire(c, a[1], 16, &r[1]), 0);
        CHECK_EQ("T21", fk_bar_pages_in_use(), 3200);
        CHECK_EQ("T21", gr_register(c, a[2], 16, &r[2]), -ENOMEM);  /* all in flight */
        CHECK_EQ("T21", fk_bar_pages_in_use(), 3200);
        CHECK_EQ("T21", gr_release(c, r[0].handle), 0);
        CHECK_EQ("T21", gr_register(c, a[2], 16, &r[2]), 0);   /* evicts a0, retries */
        gr_get_stats(c, &st);
        CHECK_EQ("T21", st.evictions_nomem, 1);
        CHECK_EQ("T21", st.entries, 2);
        CHECK_EQ("T21", fk_bar_pages_in_use(), 3200);
        /* reserved pages never handed out */
        {
            uint64_t t[4];
            uint32_t n;
            CHECK_EQ("T21", gr_table(c, &r[2], t, 4, &n), 0);
            CHECK_EQ("T21", n, 1600);
            CHECK(  "T21", t[0] >= 0x100000000000ull + 512 * 0x10000ull);
        }
        CHECK_EQ("T21", gr_release(c, r[1].handle), 0);
        done("T21", c);
    }
}

/* T22 + T23: sub-allocations in one 64 KiB page: distinct IDs, their pins share the BAR page,
 * unpinning one keeps it mapped; bounds per buffer, not per page */
static void t22_t23(void)
{
    struct gr_cache *c = mk(NULL, 0, 0);
    struct gr_reg r1, r2, rx;
    uint64_t a1, a2, t1[2], t2[2];
    uint32_t n1, n2;
    CHECK_EQ("T23", fk_cuMemAlloc(&a1, 1000, FK_DEVICE), 0);
    CHECK_EQ("T23", fk_cuMemAlloc(&a2, 1000, FK_DEVICE), 0);
    CHECK_EQ("T23", a2 - a1, 0x400);                            /* 1 KiB stride (H11) */
    CHECK_EQ("T23", a1 >> 16, a2 >> 16);                        /* one 64 KiB page */
    CHECK_EQ("T23", gr_register(c, a1, 1000, &r1), 0);
    CHECK_EQ("T23", gr_register(c, a2 + 10, 990, &r2), 0);
    CHECK_EQ("T23", r1.buffer_id, 0x39f);
    CHECK_EQ("T23", r2.buffer_id, 0x3a0);
    CHECK(  "T23", r1.handle != r2.handle);
    CHECK_EQ("T23", r1.len64, 0x10000);
    CHECK_EQ("T23", gr_register(c, a1, 1001, &rx), -ERANGE);    /* beyond the buffer */
    CHECK_EQ("T23", gr_register(c, a2 + 10, 991, &rx), -ERANGE);
    CHECK_EQ("T23", gr_register(c, a1 + 1000, 8, &rx), -EINVAL);   /* the stride gap */
    CHECK_EQ("T23", gb_submit(ctx, r1.handle, r1.gen, 0, 1001), -ERANGE);
    /* T22: both tables name the same BAR page, mapped once with two references */
    CHECK_EQ("T22", gr_table(c, &r1, t1, 2, &n1), 0);
    CHECK_EQ("T22", gr_table(c, &r2, t2, 2, &n2), 0);
    CHECK_EQ("T22", n1, 1);
    CHECK_EQ("T22", n2, 1);
    CHECK_EQ("T22", t1[0], t2[0]);
    CHECK_EQ("T22", fk_bar_pages_in_use(), 1);
    CHECK_EQ("T22", fk_bar_refs(t1[0]), 2);
    CHECK_EQ("T22", gr_evict(c, a1), 0);
    CHECK_EQ("T22", fk_bar_refs(t1[0]), 1);                     /* still mapped for a2 */
    CHECK_EQ("T22", gb_submit(ctx, r2.handle, r2.gen, 0, 990), 0);
    fs_run(&fpga);
    CHECK_EQ("T22", fk_bar_bytes_ok(), 990);
    done("T22", c);
}

/* T23 / A-13 both ways: freeing a neighbour in the same 64 KiB page either leaves our pin alone
 * (knob 0) or revokes it (knob 1); then the buffer ID is unchanged, the module answers -ESTALE
 * and gr_stale + gr_register pin again */
static void t23_neighbour(int revokes)
{
    struct fk_cfg cfg;
    struct gr_cache *c;
    struct gr_reg r1, r2, r3;
    struct gr_stats st;
    uint64_t a1, a2;
    memset(&cfg, 0, sizeof(cfg));
    cfg.neighbour_revokes = revokes;
    c = mk(&cfg, 0, 0);
    fk_cuMemAlloc(&a1, 1000, FK_DEVICE);
    fk_cuMemAlloc(&a2, 1000, FK_DEVICE);
    CHECK_EQ("A-13", gr_register(c, a1, 1000, &r1), 0);
    CHECK_EQ("A-13", gr_register(c, a2, 1000, &r2), 0);
    CHECK_EQ("A-13", fk_cuMemFree(a2), 0);
    CHECK_EQ("A-13", fk_pins_live(), revokes ? 0 : 2);
    CHECK_EQ("A-13", gr_register(c, a1, 1000, &r3), 0);        /* tag still valid: a hit */
    CHECK_EQ("A-13", r3.handle, r1.handle);
    CHECK_EQ("A-13", gb_submit(ctx, r3.handle, r3.gen, 0, 1000), revokes ? -ESTALE : 0);
    if (revokes) {
        CHECK_EQ("A-13", gr_stale(c, r3.handle), 0);
        CHECK_EQ("A-13", gr_register(c, a1, 1000, &r3), 0);    /* pinned again */
        CHECK(  "A-13", r3.gen != r1.gen);
        CHECK_EQ("A-13", gb_submit(ctx, r3.handle, r3.gen, 0, 1000), 0);
    }
    gr_get_stats(c, &st);
    CHECK_EQ("A-13", st.stale_repins, revokes ? 1 : 0);
    fs_run(&fpga);
    CHECK_EQ("A-13", fk_bar_bytes_ok(), 1000);
    done("A-13", c);
}

/* T18 / T26: classification; only RDMA-capable device memory takes the RDMA path */
static void t18_t26(void)
{
    struct gr_cache *c = mk(NULL, 0, 1);
    struct gr_reg r;
    uint64_t h, m, p, v;
    fk_cuMemAlloc(&h, MB, FK_HOST_PINNED);
    fk_cuMemAlloc(&m, MB, FK_MANAGED);
    fk_cuMemAlloc(&p, MB, FK_POOL);
    fk_cuMemAlloc(&v, 2 * MB, FK_VMM);
    CHECK_EQ("T18", fk_cuPointerSetAttribute_sync_memops(h, 1), FK_CUDA_SUCCESS);   /* H13 */
    CHECK_EQ("T18", gr_register(c, h, 64, &r), -EOPNOTSUPP);
    CHECK_EQ("T26", gr_register(c, m, 64, &r), -EOPNOTSUPP);
    CHECK_EQ("T18", gr_register(c, p, 64, &r), -EOPNOTSUPP);
    CHECK_EQ("T18", gr_register(c, 0x555500001000ull, 64, &r), -EINVAL);          /* malloc */
    CHECK_EQ("T18", gr_register(c, v, 64, &r), 0);
    CHECK_EQ("T18", r.sync_memops, 0);                          /* NOT_SUPPORTED on VMM */
    done("T18", c);
}

int main(void)
{
    t14(0);
    t14(1);
    t15();
    t21();
    t22_t23();
    t23_neighbour(0);
    t23_neighbour(1);
    t18_t26();
    CHECK_DONE("test_lib T14 T15 T18 T21 T22 T23 T26");
}
