/*
 * cmodel/test/test_gpubar.c -- unit tests of the GPU BAR translator model (cmodel/gpubar.{h,c};
 * spec note 004 T04, T05, T06, T12, T23; docs/gpubar.md). Expected values are computed by hand
 * from the note's R-1..R-6 and the PCIe header layout, not by the model.
 */
#include "gpubar.h"
#include "tinytest.h"

#include <string.h>

static struct gpubar_model m;
static const struct gpubar_cfg CFG = {4, 8, 8, 8, 100};   /* 8 tags, timeout 100 cycles */

static void cfg(unsigned op, unsigned region, unsigned idx, uint64_t data) {
    struct gpubar_cfg_op o = {op, region, idx, data};
    CHECK_EQ(gpubar_push_cfg(&m, &o), GPUBAR_OK);
}
static void desc(unsigned id, unsigned region, unsigned gen, uint32_t off, uint32_t len, unsigned wr) {
    struct gpubar_desc d = {id, region, gen, off, len, wr};
    CHECK_EQ(gpubar_push_desc(&m, &d), GPUBAR_OK);
}
static uint64_t arm_word(unsigned off0, uint32_t ulen, unsigned gen) {
    return (uint64_t)gen << 48 | (uint64_t)ulen << 16 | off0;
}
/* one cycle per request handshake, then every read's completion (s_rc) one per cycle, then
 * enough cycles for the walker (2 per tag) to retire them all */
static void settle(void) {
    struct gpubar_req r;
    unsigned tags[4096], n = 0;
    while (gpubar_pop_req(&m, &r) == GPUBAR_OK) {
        if (!r.write && n < 4096) tags[n++] = r.tag;
        gpubar_tick(&m);
    }
    for (unsigned i = 0; i < n; i++) gpubar_push_rc(&m, tags[i], 0), gpubar_tick(&m);
    for (unsigned i = 0; i < 64; i++) gpubar_tick(&m);
}
static void setup(void) {
    CHECK_EQ(gpubar_init(&m, &CFG), GPUBAR_OK);
    cfg(GPUBAR_OP_MPS, 0, 0, 1u | 0xbeefu << 16);   /* MPS 256, requester ID 0xbeef */
    /* region 1: pages at shuffled BAR addresses, one below 4 GiB */
    cfg(GPUBAR_OP_LOAD, 1, 0, 0x100000230000ull);
    cfg(GPUBAR_OP_LOAD, 1, 1, 0x100000010000ull);
    cfg(GPUBAR_OP_LOAD, 1, 2, 0x00000000fff0000ull);
    cfg(GPUBAR_OP_ARM, 1, 0, arm_word(0x1234, 3 * 65536 - 0x1234 - 100, 7));
}

static void test_translate_split(void) {   /* T04, T05 */
    setup();
    /* k = 0x10000 - 0x1234 - 8 -> o = 0xfff8: 8 bytes on page 0, then page 1 */
    desc(5, 1, 7, 0x10000 - 0x1234 - 8, 300, 1);
    struct gpubar_req r;
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.addr, 0x10000023fff8ull);
    CHECK_EQ(r.len, 8);
    CHECK_EQ(r.dw, 2);
    CHECK_EQ(r.first_be, 0xf);
    CHECK_EQ(r.last_be, 0xf);
    CHECK_EQ(r.fmt4, 1);
    CHECK_EQ(r.last, 0);
    CHECK_EQ(r.tag, 0);
    static const uint8_t h0[16] = {0x60, 0, 0, 2, 0xbe, 0xef, 0, 0xff, 0x00, 0x00, 0x10, 0x00, 0x00, 0x23, 0xff, 0xf8};
    CHECK(memcmp(r.hdr, h0, 16) == 0);
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.addr, 0x100000010000ull);   /* next page: its own entry */
    CHECK_EQ(r.len, 256);                  /* MPS */
    CHECK_EQ(r.boff, 0x10000 - 0x1234);
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.len, 36);
    CHECK_EQ(r.last, 1);
    CHECK_EQ(r.tag, 0);                    /* posted writes: tag 0 */
    gpubar_tick(&m);
    /* the flush read, one DW holding the last written byte (0x...10123), first tag */
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.flush, 1);
    CHECK_EQ(r.write, 0);
    CHECK_EQ(r.last, 0);
    CHECK_EQ(r.addr, 0x100000010120ull);
    CHECK_EQ(r.len, 4);
    CHECK_EQ(r.dw, 1);
    CHECK_EQ(r.first_be, 0xf);
    CHECK_EQ(r.last_be, 0);
    CHECK_EQ(r.tag, 0);
    CHECK_EQ(r.hdr[0], 0x20);              /* MRd, 4-DW header */
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_EMPTY);
    gpubar_tick(&m);
    struct gpubar_cpl c;
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_EMPTY);   /* T24: not before the flush retired */
    gpubar_push_rc(&m, 0, 0);
    for (int i = 0; i < 8; i++) gpubar_tick(&m);
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.flag, 0);
    CHECK_EQ(c.code, GPUBAR_CPL_OK);
    CHECK_EQ(c.id, 5);
    CHECK_EQ(m.c[GPUBAR_C_SPLIT_4K], 1);
    CHECK_EQ(m.c[GPUBAR_C_SPLIT_64K], 1);
    CHECK_EQ(m.c[GPUBAR_C_TLP_WR], 3);
    gpubar_free(&m);
}

static void test_3dw_read_be(void) {      /* 3-DW header below 4 GiB, byte enables */
    setup();
    /* page 2 (0x0fff0000), o = 0x20001 -> k = 0x20001 - 0x1234, 2 bytes: one DW, BE 0110 */
    desc(1, 1, 7, 0x20001 - 0x1234, 2, 0);
    struct gpubar_req r;
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.addr, 0x0fff0001ull);
    CHECK_EQ(r.fmt4, 0);
    CHECK_EQ(r.dw, 1);
    CHECK_EQ(r.first_be, 0x6);
    CHECK_EQ(r.last_be, 0);
    static const uint8_t h[16] = {0x00, 0, 0, 1, 0xbe, 0xef, 0, 0x06, 0x0f, 0xff, 0x00, 0x00, 0, 0, 0, 0};
    CHECK(memcmp(r.hdr, h, 16) == 0);
    /* 4 KiB boundary in the middle, MPS 128: o = 0x20ff0, 0x30 bytes -> 0x10 + 0x20 */
    cfg(GPUBAR_OP_MPS, 0, 0, 0);
    desc(2, 1, 7, 0x20ff0 - 0x1234, 0x30, 0);
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.len, 0x10);
    CHECK_EQ(r.addr + r.len, 0x0fff1000ull);
    CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
    CHECK_EQ(r.addr, 0x0fff1000ull);
    CHECK_EQ(r.len, 0x20);
    CHECK_EQ(r.hdr[4], 0);                 /* requester ID 0 now */
    CHECK_EQ(m.c[GPUBAR_C_SPLIT_4K], 1);
    CHECK_EQ(m.c[GPUBAR_C_SPLIT_64K], 0);
    gpubar_free(&m);
}

static void test_errors(void) {           /* T06, T12, T23, R-6, R-14 */
    setup();
    struct gpubar_cpl c;
    const uint32_t ulen = 3 * 65536 - 0x1234 - 100;
    desc(1, 1, 8, 0, 4, 1);                /* generation mismatch */
    desc(2, 1, 7, ulen - 4, 5, 1);         /* one byte past the user buffer, inside the page */
    desc(3, 1, 7, ulen - 4, 4, 1);         /* the last 4 bytes: fine */
    desc(4, 1, 7, 0, 0, 1);                /* zero length */
    desc(5, 2, 0, 0, 4, 1);                /* region never armed */
    desc(6, 1, 7, 0xfffffff0u, 0x20, 1);   /* offset + len wraps 32 bits */
    unsigned exp[6] = {GPUBAR_CPL_GEN, GPUBAR_CPL_OOB, GPUBAR_CPL_OK, GPUBAR_CPL_OOB, GPUBAR_CPL_GEN, GPUBAR_CPL_OOB};
    settle();
    for (int i = 0; i < 6; i++) {
        CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
        CHECK_EQ(c.code, exp[i]);
    }
    CHECK_EQ(m.c[GPUBAR_C_TLP_WR], 1);
    cfg(GPUBAR_OP_CLEAR, 1, 1, 0);          /* page 1 invalid: a range over it is refused */
    desc(7, 1, 7, 0x10000 - 0x1234 - 1, 2, 1);
    desc(8, 1, 7, 0, 16, 1);                /* page 0 only: fine */
    settle();
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.code, GPUBAR_CPL_INV);
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.code, GPUBAR_CPL_OK);
    cfg(GPUBAR_OP_LOAD, 1, 1, 0x100000018000ull);   /* not 64 KiB aligned: refused */
    desc(9, 1, 7, 0x10000 - 0x1234 - 1, 2, 1);
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.code, GPUBAR_CPL_INV);
    cfg(GPUBAR_OP_ARM, 3, 0, arm_word(0x10, 8 * 65536 - 0xf, 1));   /* off0 + ulen > 8 pages */
    cfg(GPUBAR_OP_MPS, 0, 0, 3);
    cfg(7, 0, 0, 0);
    CHECK_EQ(m.c[GPUBAR_C_CFG_BAD], 4);
    cfg(GPUBAR_OP_ARM, 1, 0, arm_word(0x1234, ulen, 0xffff));        /* re-arm, generation 0xffff */
    desc(10, 1, 7, 0, 4, 1);
    desc(11, 1, 0xffff, 0, 4, 1);
    cfg(GPUBAR_OP_ARM, 1, 0, arm_word(0x1234, ulen, 0));             /* wrap to 0: compare exact */
    desc(12, 1, 0xffff, 0, 4, 1);
    desc(13, 1, 0, 0, 4, 1);
    cfg(GPUBAR_OP_DISARM, 1, 0, 0);
    desc(14, 1, 0, 0, 4, 1);
    settle();
    unsigned exp2[5] = {GPUBAR_CPL_GEN, GPUBAR_CPL_OK, GPUBAR_CPL_GEN, GPUBAR_CPL_OK, GPUBAR_CPL_GEN};
    for (int i = 0; i < 5; i++) {
        CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
        CHECK_EQ(c.code, exp2[i]);
    }
    CHECK_EQ(m.c[GPUBAR_C_ERR_GEN], 5);
    CHECK_EQ(m.c[GPUBAR_C_ERR_OOB], 3);
    CHECK_EQ(m.c[GPUBAR_C_ERR_INV], 2);
    gpubar_free(&m);
}

static void test_split_rules(void) {      /* every request: 0 < len <= MPS, no 4 KiB crossing */
    CHECK_EQ(gpubar_init(&m, &CFG), GPUBAR_OK);
    for (unsigned p = 0; p < 8; p++) cfg(GPUBAR_OP_LOAD, 0, p, 0x200000000000ull + (uint64_t)(7 - p) * 0x10000);
    cfg(GPUBAR_OP_ARM, 0, 0, arm_word(0x777, 8 * 65536 - 0x777, 3));
    for (unsigned mps = 0; mps < 3; mps++) {
        cfg(GPUBAR_OP_MPS, 0, 0, mps);
        for (uint32_t k = 0; k < 70000; k += 997) {
            uint32_t len = 1 + (k * 7919u) % 140000u;
            if (k + len > 8 * 65536 - 0x777) len = 8 * 65536 - 0x777 - k;
            desc(0, 0, 3, k, len, k & 1);
            struct gpubar_req r;
            uint64_t o = 0x777 + k, bytes = 0;
            while (gpubar_pop_req(&m, &r) == GPUBAR_OK) {
                gpubar_tick(&m);
                if (!r.write) {   /* answered at once: the walker keeps up (2 cycles per tag) */
                    gpubar_push_rc(&m, r.tag, 0);
                    gpubar_tick(&m), gpubar_tick(&m), gpubar_tick(&m);
                }
                if (r.flush) continue;
                CHECK(r.len > 0 && r.len <= (128u << mps));
                CHECK_EQ(r.addr >> 12, (r.addr + r.len - 1) >> 12);
                CHECK_EQ(r.addr, 0x200000000000ull + (7 - (o >> 16)) * 0x10000 + (o & 0xffff));
                CHECK_EQ(r.boff, k + bytes);
                o += r.len, bytes += r.len;
            }
            CHECK_EQ(bytes, len);
            for (unsigned i = 0; i < 40; i++) gpubar_tick(&m);
            struct gpubar_cpl c;
            CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
            CHECK_EQ(c.code, GPUBAR_CPL_OK);
        }
    }
    gpubar_free(&m);
}

/* read tags in ring order, completion timeout, error and stale completions */
static void test_tags_timeout(void) {
    setup();
    struct gpubar_req r;
    struct gpubar_cpl c;
    desc(1, 1, 7, 0, 300, 0);            /* MPS 256: two reads, tags 0 and 1 */
    desc(2, 1, 7, 0, 8, 1);              /* a write and its flush: tag 2 */
    desc(3, 1, 7, 0, 4, 0);              /* a read: tag 3 */
    unsigned tags[4], k = 0;
    while (gpubar_pop_req(&m, &r) == GPUBAR_OK) {
        if (!r.write) tags[k++] = r.tag;
        gpubar_tick(&m);
    }
    CHECK_EQ(k, 4);
    for (unsigned i = 0; i < 4; i++) CHECK_EQ(tags[i], i);
    gpubar_push_rc(&m, 1, 1);            /* tag 1: UR / CA */
    gpubar_tick(&m);
    gpubar_push_rc(&m, 3, 0);            /* tag 3 out of order */
    gpubar_tick(&m);
    gpubar_push_rc(&m, 3, 0);            /* again: stale */
    gpubar_tick(&m);
    gpubar_push_rc(&m, 200, 0);          /* not a tag: stale */
    gpubar_tick(&m);
    CHECK_EQ(gpubar_cpl_ready(&m), 0);   /* tags 0 (never answered) and 2 hold the ring */
    /* tag 0 issued in cycle 0: deadline 0 - 1 + 100 = 99, seen expired in cycle 100 (even),
     * timed out at the edge of cycle 101; tag 2 (cycle 3, deadline 102) at 107 */
    for (int i = 0; i < 92; i++) gpubar_tick(&m);   /* through cycle 100 */
    CHECK_EQ(m.c[GPUBAR_C_CPL_TIMEOUT], 0);
    gpubar_tick(&m);
    CHECK_EQ(m.c[GPUBAR_C_CPL_TIMEOUT], 1);
    for (int i = 0; i < 20; i++) gpubar_tick(&m);
    CHECK_EQ(m.c[GPUBAR_C_CPL_TIMEOUT], 2);
    CHECK_EQ(m.c[GPUBAR_C_CPL_ERR], 1);
    CHECK_EQ(m.c[GPUBAR_C_CPL_STALE], 2);
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.id, 1);
    CHECK_EQ(c.flag, 1);                 /* a read timed out / came back with err */
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.id, 2);
    CHECK_EQ(c.flag, 1);                 /* the flush timed out */
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.id, 3);
    CHECK_EQ(c.flag, 0);
    gpubar_push_rc(&m, 0, 0);            /* late: stale (applied at the second edge) */
    gpubar_tick(&m), gpubar_tick(&m), gpubar_tick(&m);
    CHECK_EQ(m.c[GPUBAR_C_CPL_STALE], 3);
    /* the ring: 8 tags; the 9th read gets tag 4 + 8 - 8 = ... (n mod 8) */
    for (int i = 0; i < 6; i++) desc(4, 1, 7, 0, 4, 0);
    for (int i = 0; i < 6; i++) {
        CHECK_EQ(gpubar_pop_req(&m, &r), GPUBAR_OK);
        CHECK_EQ(r.tag, (4u + i) % 8);
    }
    gpubar_free(&m);
}

/* R-9, T07: INVALIDATE clears a range (or the whole region and disarms) and queues an ACK */
static void test_invalidate(void) {
    setup();
    struct gpubar_cpl c;
    unsigned g;
    cfg(GPUBAR_OP_INV, 1, 1, 2);          /* entries 1..2 */
    CHECK_EQ(gpubar_pop_ack(&m, &g), GPUBAR_OK);
    CHECK_EQ(g, 1);
    desc(1, 1, 7, 0, 16, 1);              /* page 0: still fine */
    desc(2, 1, 7, 0x10000 - 0x1234, 4, 1);  /* page 1: INVALID */
    cfg(GPUBAR_OP_INV, 1, 3, 2);          /* empty range: nothing cleared, ACK all the same */
    cfg(GPUBAR_OP_INV, 1, 0, GPUBAR_INV_ALL);   /* everything, and disarm */
    desc(3, 1, 7, 0, 16, 1);              /* GEN: not armed */
    settle();
    unsigned exp[3] = {GPUBAR_CPL_OK, GPUBAR_CPL_INV, GPUBAR_CPL_GEN};
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
        CHECK_EQ(c.code, exp[i]);
    }
    CHECK_EQ(gpubar_pop_ack(&m, &g), GPUBAR_OK);
    CHECK_EQ(gpubar_pop_ack(&m, &g), GPUBAR_OK);
    CHECK_EQ(gpubar_pop_ack(&m, &g), GPUBAR_EMPTY);
    CHECK_EQ(m.c[GPUBAR_C_INV_ACK], 3);
    CHECK_EQ(m.c[GPUBAR_C_CFG_BAD], 0);
    cfg(GPUBAR_OP_LOAD, 1, 0, 0x100000230000ull);   /* reload + re-arm with a new generation */
    cfg(GPUBAR_OP_ARM, 1, 0, arm_word(0x1234, 1000, 8));
    desc(4, 1, 7, 0, 16, 1);
    desc(5, 1, 8, 0, 16, 1);
    settle();
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.code, GPUBAR_CPL_GEN);
    CHECK_EQ(gpubar_pop_cpl(&m, &c), GPUBAR_OK);
    CHECK_EQ(c.code, GPUBAR_CPL_OK);
    gpubar_free(&m);
}

int main(void) {
    static const struct tt_case cases[] = {
        TT_CASE(test_translate_split),
        TT_CASE(test_3dw_read_be),
        TT_CASE(test_errors),
        TT_CASE(test_split_rules),
        TT_CASE(test_tags_timeout),
        TT_CASE(test_invalidate),
    };
    return TT_RUN(cases);
}
