/*
 * cmodel/test/test_nic_eq.c -- unit tests of cmodel/nic_eq.c (docs/nic_eq.md): one case per rule
 * of the reservation flow chart (seed 003 L128-L148), the posting unit, the doorbell and the
 * EQ_CTRL rules, the event layout, and the CSR error paths. Expected values come from the rules of
 * docs/nic_eq.md, written out by hand.
 */
#include <stdint.h>
#include <string.h>

#include "nic_eq.h"
#include "tinytest.h"

#define A_TSTALL 0x008
#define A_SEL    0x010
#define A_BLO    0x014
#define A_BHI    0x018
#define A_CTRL   0x01c
#define A_COUNT  0x028
#define A_DB     0x02c

static uint64_t cyc;

static void init(struct nic_eq *m)
{
    struct nic_eq_cfg c = {8, 4, 3, 4, 8};
    CHECK_EQ(nic_eq_init(m, &c), NIC_EQ_OK);
}

/* enable EQ e with 2^lg entries at base through the CSR ops */
static void enable(struct nic_eq *m, unsigned e, unsigned lg, uint64_t base)
{
    CHECK_EQ(nic_eq_csr_write(m, A_SEL, e, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(m, A_BLO, (uint32_t)base, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(m, A_BHI, (uint32_t)(base >> 32), 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(m, A_CTRL, 1u | lg << 8, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
}

static unsigned decide(struct nic_eq *m, unsigned e, unsigned k, uint64_t at)
{
    struct nic_eq_msg msg = {e, k, 0x5a};
    struct nic_eq_res r;
    CHECK_EQ(nic_eq_push_msg(m, &msg), NIC_EQ_OK);
    CHECK_EQ(nic_eq_op(m, NIC_EQ_OP_RES, at), NIC_EQ_OK);
    if (nic_eq_pop_res(m, &r) != NIC_EQ_OK) return 99;  /* stalled */
    CHECK_EQ(r.pt, 0x5au);
    return r.code;
}

static void post(struct nic_eq *m, unsigned e, unsigned kres, unsigned n)
{
    struct nic_eq_post p;
    memset(&p, 0, sizeof p);
    p.eq = e, p.kres = kres, p.n = n;
    for (int i = 0; i < NIC_EQ_DW_WORDS; i++) p.data[i] = 0x11111111u * (uint32_t)(i + 1);
    CHECK_EQ(nic_eq_push_post(m, &p), NIC_EQ_OK);
    unsigned ops = n && n <= kres ? n : 1;
    for (unsigned i = 0; i < ops; i++) CHECK_EQ(nic_eq_op(m, NIC_EQ_OP_POST, ++cyc), NIC_EQ_OK);
}

/* L136: proceed iff fill + count + kmax <= size; L138: stall while count > 0 */
static void test_proceed_stall(void)
{
    struct nic_eq m;
    init(&m);
    enable(&m, 1, 2, 0x1000);                /* 4 entries */
    CHECK_EQ(decide(&m, 1, 2, 10), (unsigned)NIC_EQ_PROCEED);
    CHECK_EQ(decide(&m, 1, 2, 11), (unsigned)NIC_EQ_PROCEED);  /* 0 + 2 + 2 = 4 <= 4 */
    CHECK_EQ(m.cnt[1], 4u);
    CHECK_EQ(decide(&m, 1, 1, 12), 99u);     /* 0 + 4 + 1 > 4, count > 0: stall */
    CHECK_EQ(m.c[NIC_EQ_C_STALL], 1u);
    post(&m, 1, 2, 1);                       /* one event, reservation of 2 returned */
    CHECK_EQ(m.cnt[1], 2u);
    CHECK_EQ(nic_eq_fill(&m, 1), 1u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_RES, 13), NIC_EQ_OK);  /* 1 + 2 + 1 = 4: proceeds */
    CHECK_EQ(m.c[NIC_EQ_C_PROCEED], 3u);
    nic_eq_free(&m);
}

/* L140-L144: count 0 and full: stall TSTALL cycles re-reading the fill, then flow-control drop */
static void test_bounded_stall(void)
{
    struct nic_eq m;
    struct nic_eq_res r;
    init(&m);
    CHECK_EQ(nic_eq_csr_write(&m, A_TSTALL, 10, 0xf, ++cyc), 0u);
    enable(&m, 2, 1, 0x2000);                /* 2 entries */
    CHECK_EQ(decide(&m, 2, 2, 100), (unsigned)NIC_EQ_PROCEED);
    post(&m, 2, 2, 2);                       /* full: fill 2, count 0 */
    CHECK_EQ(nic_eq_fill(&m, 2), 2u);
    CHECK_EQ(decide(&m, 2, 1, 200), 99u);    /* first full evaluation: timer starts */
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_RES, 209), NIC_EQ_OK);   /* 9 < 10: stall */
    CHECK_EQ(nic_eq_pop_res(&m, &r), NIC_EQ_EMPTY);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_RES, 210), NIC_EQ_OK);   /* 10: drop */
    CHECK_EQ(nic_eq_pop_res(&m, &r), NIC_EQ_OK);
    CHECK_EQ(r.code, (unsigned)NIC_EQ_FC_DROP);
    CHECK_EQ(m.c[NIC_EQ_C_FC_DROP], 1u);
    /* the host consumes one: the next message proceeds at once */
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 1u | 2u << 16, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(decide(&m, 2, 1, 300), (unsigned)NIC_EQ_PROCEED);
    /* TSTALL 0: a full EQ drops at the first evaluation */
    CHECK_EQ(nic_eq_csr_write(&m, A_TSTALL, 0, 0xf, ++cyc), 0u);
    post(&m, 2, 1, 1);
    CHECK_EQ(decide(&m, 2, 1, 400), (unsigned)NIC_EQ_FC_DROP);
    nic_eq_free(&m);
}

/* event layout and address; phase toggles per lap */
static void test_events(void)
{
    struct nic_eq m;
    struct nic_eq_wr w;
    init(&m);
    enable(&m, 3, 1, UINT64_C(0x123456789a0));
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ(decide(&m, 3, 1, 10 + i), (unsigned)NIC_EQ_PROCEED);
        post(&m, 3, 1, 1);
        CHECK_EQ(nic_eq_pop_wr(&m, &w), NIC_EQ_OK);
        CHECK_EQ(w.addr, UINT64_C(0x123456789a0) + 32u * (i & 1));
        CHECK_EQ(w.len, 32u);
        CHECK_EQ(w.data[0], (i < 2 ? 1u : 0u) | 1u << 4 | 3u << 8 | i << 16);
        CHECK_EQ(w.data[1], 0x11111111u);
        CHECK_EQ(w.data[7], 0x77777777u);
        CHECK_EQ(nic_eq_csr_write(&m, A_DB, (i + 1) | 3u << 16, 0xf, ++cyc), 0u);
        CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    }
    /* two events of one message: index j, last on the second */
    CHECK_EQ(decide(&m, 3, 2, 20), (unsigned)NIC_EQ_PROCEED);
    post(&m, 3, 2, 2);
    CHECK_EQ(nic_eq_pop_wr(&m, &w), NIC_EQ_OK);
    CHECK_EQ(w.data[0] & 0xff, 0u);          /* lap 1 (index 3): phase 0, j 0, not last */
    CHECK_EQ(nic_eq_pop_wr(&m, &w), NIC_EQ_OK);
    CHECK_EQ(w.data[0] & 0xff, 1u | 1u << 1 | 1u << 4);  /* index 4: lap 2, phase 1, j 1, last */
    CHECK_EQ(m.c[NIC_EQ_C_EVENTS], 5u);
    nic_eq_free(&m);
}

/* bad posts, doorbells, EQ_CTRL, CSR errors */
static void test_refusals(void)
{
    struct nic_eq m;
    struct nic_eq_wr w;
    uint32_t d;
    init(&m);
    enable(&m, 4, 3, 0x4000);
    CHECK_EQ(decide(&m, 5, 1, 1), (unsigned)NIC_EQ_DIS_DROP);
    post(&m, 4, 2, 1);                       /* kres 2 > count 0: refused */
    CHECK_EQ(m.c[NIC_EQ_C_POST_BAD], 1u);
    post(&m, 5, 0, 1);                       /* events to a disabled EQ: refused */
    CHECK_EQ(m.c[NIC_EQ_C_POST_BAD], 2u);
    CHECK_EQ(decide(&m, 4, 1, 2), (unsigned)NIC_EQ_PROCEED);
    post(&m, 4, 1, 2);                       /* n > kres: no event, reservation returned */
    CHECK_EQ(m.c[NIC_EQ_C_POST_EXCESS], 1u);
    CHECK_EQ(m.cnt[4], 0u);
    CHECK_EQ(nic_eq_pop_wr(&m, &w), NIC_EQ_EMPTY);
    /* doorbell beyond prod, backward, foreign EQ bits, disabled EQ */
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 1u | 4u << 16, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0u | 0x84u << 16, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0u | 5u << 16, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(m.c[NIC_EQ_C_CONS_BAD], 3u);
    /* EN on an enabled EQ, disable with count > 0, LOG2SIZE > LOG2MAX */
    CHECK_EQ(decide(&m, 4, 1, 3), (unsigned)NIC_EQ_PROCEED);
    CHECK_EQ(nic_eq_csr_write(&m, A_SEL, 4, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(&m, A_CTRL, 1u | 2u << 8, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(nic_eq_csr_write(&m, A_CTRL, 0, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(m.en[4], 1u);
    CHECK_EQ(nic_eq_csr_write(&m, A_SEL, 6, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(&m, A_CTRL, 1u | 5u << 8, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(m.c[NIC_EQ_C_CFG_BAD], 3u);
    /* disable once the count is back to 0 */
    post(&m, 4, 1, 0);
    CHECK_EQ(nic_eq_csr_write(&m, A_SEL, 4, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(&m, A_CTRL, 0, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);
    CHECK_EQ(m.en[4], 0u);
    CHECK_EQ(nic_eq_csr_read(&m, A_COUNT, &d), 0u);
    CHECK_EQ(d, 0u);
    /* SLVERR: strobe, read-only, SEL >= NE, unmapped; op queue full (4 queued) */
    CHECK_EQ(nic_eq_csr_write(&m, A_TSTALL, 1, 0x3, ++cyc), 2u);
    CHECK_EQ(nic_eq_csr_write(&m, A_COUNT, 1, 0xf, ++cyc), 2u);
    CHECK_EQ(nic_eq_csr_write(&m, A_SEL, 8, 0xf, ++cyc), 2u);
    CHECK_EQ(nic_eq_csr_read(&m, 0x100, &d), 2u);
    for (int i = 0; i < 4; i++) CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0, 0xf, ++cyc), 0u);
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0, 0xf, ++cyc), 2u);
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_CSR, ++cyc), NIC_EQ_OK);   /* popped in this cycle: still full */
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0, 0xf, cyc), 2u);
    CHECK_EQ(nic_eq_csr_write(&m, A_DB, 0, 0xf, ++cyc), 0u);
    CHECK_EQ(m.c[NIC_EQ_C_CSR_ERR], 5u);   /* the unmapped read is not counted */
    CHECK_EQ(nic_eq_op(&m, NIC_EQ_OP_POST, ++cyc), NIC_EQ_EINVAL);   /* nothing queued */
    nic_eq_free(&m);
}

/* count saturation: count + kmax must fit CNT_W bits (4 bits: 15) */
static void test_count_sat(void)
{
    struct nic_eq m;
    init(&m);
    enable(&m, 0, 4, 0);                     /* 16 entries */
    for (int i = 0; i < 5; i++) CHECK_EQ(decide(&m, 0, 3, 1 + (uint64_t)i), (unsigned)NIC_EQ_PROCEED);
    CHECK_EQ(m.cnt[0], 15u);
    CHECK_EQ(decide(&m, 0, 1, 10), 99u);     /* 0 + 15 + 1 <= 16 but 16 > 15: stall */
    nic_eq_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_proceed_stall),
        TT_CASE(test_bounded_stall),
        TT_CASE(test_events),
        TT_CASE(test_refusals),
        TT_CASE(test_count_sat),
    };
    return TT_RUN(cases);
}
