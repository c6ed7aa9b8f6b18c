/*
 * cmodel/test/test_nic_rel_rx.c -- unit tests of the receive-side E2E check model
 * (cmodel/nic_rel_rx.{h,c}; spec note 003 B9 rules 1-5, A3; docs/nic_rel.md 2). Expected verdicts
 * are written by hand from the note's rules, not computed by the model.
 */
#include "nic_rel_rx.h"
#include "tinytest.h"

static struct nic_rel_rx_model m;

static void setup(unsigned literal, uint32_t h, uint32_t wmax)
{
    struct nic_rel_rx_cfg c = {12, 16, 32, 16, h, wmax, literal};
    CHECK_EQ(nic_rel_rx_init(&m, &c), NIC_REL_OK);
}

/* push one packet, pop its verdict, compare deliver / resp / resp seq */
static void pk(uint32_t key, uint32_t seq, uint32_t epoch, unsigned reset, uint64_t now,
               unsigned deliver, unsigned resp, uint32_t rseq)
{
    struct nic_rel_pkt p = {key, seq, epoch, reset, 0xbeef, now};
    struct nic_rel_vrd v;
    CHECK_EQ(nic_rel_rx_push_pkt(&m, &p), NIC_REL_OK);
    CHECK_EQ(nic_rel_rx_pop_vrd(&m, &v), NIC_REL_OK);
    CHECK_EQ(v.deliver, deliver);
    CHECK_EQ(v.resp, resp);
    CHECK_EQ(v.seq, rseq);
    CHECK_EQ(v.handle, 0xbeefu);
    CHECK_EQ(v.key, key);
    CHECK_EQ(v.epoch, epoch);
}

static void test_rules(void)
{
    setup(0, 100, 4);
    pk(7, 3, 5, 0, 10, 0, NIC_REL_NACK_NOSTATE, 3);   /* rule 2: no state */
    pk(7, 0, 5, 1, 10, 1, NIC_REL_ACK, 0);            /* rule 1: new burst */
    pk(7, 0, 5, 1, 11, 0, NIC_REL_DUP_ACK, 0);        /* rule 1: duplicate reset -> DUP_ACK(exp-1 = 0) */
    pk(7, 1, 5, 0, 12, 1, NIC_REL_ACK, 1);            /* rule 3 */
    pk(7, 2, 5, 0, 13, 1, NIC_REL_ACK, 2);
    pk(7, 1, 5, 0, 14, 0, NIC_REL_DUP_ACK, 2);        /* rule 4: exp 3, d = 2 */
    pk(7, 7, 5, 0, 15, 0, NIC_REL_NACK_SEQ, 3);       /* rule 5: ahead */
    pk(7, 0xffff, 5, 0, 15, 0, NIC_REL_DUP_ACK, 2);   /* d = 4 = W_MAX: duplicate region */
    pk(7, 0xfffe, 5, 0, 15, 0, NIC_REL_NACK_SEQ, 3);  /* d = 5 > W_MAX */
    pk(7, 3, 6, 0, 16, 0, NIC_REL_NACK_NOSTATE, 3);   /* rule 2: other epoch */
    pk(7, 0, 4, 1, 16, 0, NIC_REL_NONE, 0);           /* rule 1: stale (older epoch, live) */
    pk(7, 0, 9, 1, 17, 1, NIC_REL_ACK, 0);            /* rule 1: newer epoch */
    pk(7, 1, 9, 0, 117, 1, NIC_REL_ACK, 1);           /* age 100 = H: live */
    pk(7, 2, 9, 0, 218, 0, NIC_REL_NACK_NOSTATE, 2);  /* age 101 > H: not live */
    pk(7, 0, 9, 1, 218, 1, NIC_REL_ACK, 0);           /* same epoch, not live: new burst */
    CHECK_EQ(m.c[NIC_REL_C_DELIVERED], 6u);
    CHECK_EQ(m.c[NIC_REL_C_DUP], 3u);
    CHECK_EQ(m.c[NIC_REL_C_STALE], 1u);
    CHECK_EQ(m.c[NIC_REL_C_NACK_SEQ], 2u);
    CHECK_EQ(m.c[NIC_REL_C_NACK_NOSTATE], 3u);
    CHECK_EQ(m.c[NIC_REL_C_RESETS], 3u);
    nic_rel_rx_free(&m);
}

static void test_wraps(void)
{
    setup(0, 1000, 64);
    /* epoch serial compare across 2^32 */
    pk(1, 0, 0xfffffff0u, 1, 0, 1, NIC_REL_ACK, 0);
    pk(1, 0, 0x00000003u, 1, 1, 1, NIC_REL_ACK, 0);   /* newer across the wrap */
    pk(1, 0, 0xfffffff0u, 1, 2, 0, NIC_REL_NONE, 0);  /* older across the wrap: stale */
    pk(1, 0, 0x80000003u, 1, 3, 0, NIC_REL_NONE, 0);  /* exactly half the space: older */
    pk(1, 0, 0x80000002u, 1, 4, 1, NIC_REL_ACK, 0);   /* 2^31 - 1 ahead: newer */
    /* sequence wrap: expected 0xffff -> 0 */
    m.ent[1].expected = 0xffff;
    pk(1, 0xffff, 0x80000002u, 0, 5, 1, NIC_REL_ACK, 0xffff);
    pk(1, 0, 0x80000002u, 0, 6, 1, NIC_REL_ACK, 0);
    pk(1, 0xfffe, 0x80000002u, 0, 7, 0, NIC_REL_DUP_ACK, 0);  /* d = 3 across the wrap */
    /* timestamp modular age across 2^16 ticks */
    pk(2, 0, 1, 1, 0xfff0, 1, NIC_REL_ACK, 0);
    pk(2, 1, 1, 0, 0x10010, 1, NIC_REL_ACK, 1);       /* age 0x20 */
    nic_rel_rx_free(&m);
}

static void test_literal_a3(void)
{
    /* note A3 hazard 1: the patent-literal receiver delivers a retransmitted first message twice */
    setup(1, 100, 4);
    pk(3, 1, 5, 0, 0, 0, NIC_REL_NACK_SEQ, 0);        /* no state: expected 0 */
    pk(3, 0, 5, 1, 1, 1, NIC_REL_ACK, 0);
    pk(3, 1, 5, 0, 2, 1, NIC_REL_ACK, 1);
    pk(3, 0, 5, 1, 3, 1, NIC_REL_ACK, 0);             /* duplicate of seq 0: delivered again */
    pk(3, 2, 5, 0, 4, 0, NIC_REL_NACK_SEQ, 1);        /* and the burst is now out of sequence */
    pk(3, 1, 5, 0, 5000, 1, NIC_REL_ACK, 1);          /* no horizon in the literal mode */
    CHECK_EQ(m.c[NIC_REL_C_DELIVERED], 4u);
    CHECK_EQ(m.c[NIC_REL_C_RESETS], 2u);
    CHECK_EQ(m.c[NIC_REL_C_NACK_SEQ], 2u);
    nic_rel_rx_free(&m);
    /* the same sequence with the note's rules: the duplicate is a DUP_ACK */
    setup(0, 100, 4);
    pk(3, 0, 5, 1, 1, 1, NIC_REL_ACK, 0);
    pk(3, 1, 5, 0, 2, 1, NIC_REL_ACK, 1);
    pk(3, 0, 5, 1, 3, 0, NIC_REL_DUP_ACK, 1);
    pk(3, 2, 5, 0, 4, 1, NIC_REL_ACK, 2);
    nic_rel_rx_free(&m);
}

static void test_scrub_v4(void)
{
    setup(0, 100, 4);
    pk(9, 0, 1, 1, 50, 1, NIC_REL_ACK, 0);
    CHECK_EQ(nic_rel_rx_scrub(&m, 9, 150), NIC_REL_EILLEGAL);   /* age 100: live */
    CHECK_EQ(nic_rel_rx_scrub(&m, 8, 150), NIC_REL_EILLEGAL);   /* not valid */
    CHECK_EQ(nic_rel_rx_check_v4(&m, 50 + 32767), -1L);
    CHECK_EQ(nic_rel_rx_check_v4(&m, 50 + 32768), 9L);          /* scrubber behind: V4 */
    CHECK_EQ(nic_rel_rx_scrub(&m, 9, 151), NIC_REL_OK);
    CHECK_EQ(m.c[NIC_REL_C_SCRUB_CLR], 1u);
    CHECK_EQ(nic_rel_rx_check_v4(&m, 100000), -1L);
    pk(9, 1, 1, 0, 152, 0, NIC_REL_NACK_NOSTATE, 1);
    /* without the scrubber the 16-bit age aliases: 65,536 + 10 ticks later it looks live again */
    pk(10, 0, 1, 1, 0, 1, NIC_REL_ACK, 0);
    pk(10, 1, 1, 0, 65546, 1, NIC_REL_ACK, 1);
    CHECK_EQ(nic_rel_rx_live(&m, 10, 65546 + 101), 0);
    nic_rel_rx_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_rules),
        TT_CASE(test_wraps),
        TT_CASE(test_literal_a3),
        TT_CASE(test_scrub_v4),
    };
    return TT_RUN(cases);
}
