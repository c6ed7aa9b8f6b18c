/*
 * cmodel/test/test_nic_rel_tx.c -- unit tests of the transmit-side tracker / retransmit buffer
 * model (cmodel/nic_rel_tx.{h,c}; spec note 003 B3, A2, A13; docs/nic_rel.md 9). Expected
 * responses are written by hand from the note's algorithm, not computed by the model.
 */
#include "nic_rel_tx.h"
#include "tinytest.h"

static struct nic_rel_tx_model m;
static const uint64_t cmd0[NIC_REL_TX_CMD_WORDS] = {0x1111, 0x2222};

/* T 2, R 4, SEQ_W 4, W_MAX 3, RTO 10, 2 retries */
static void setup(void)
{
    struct nic_rel_tx_cfg c = {1, 2, 8, 4, 8, 16, 2, 2, 64, 3, 10, 2};
    CHECK_EQ(nic_rel_tx_init(&m, &c), NIC_REL_TX_OK);
}

static void al(uint32_t key, uint64_t now, uint32_t h, uint32_t seq, uint32_t ep, unsigned reset)
{
    struct nic_rel_tx_aresp r;
    CHECK_EQ(nic_rel_tx_alloc(&m, key, cmd0, now), NIC_REL_TX_OK);
    CHECK_EQ(nic_rel_tx_pop_aresp(&m, &r), NIC_REL_TX_OK);
    CHECK_EQ(r.handle, h);
    CHECK_EQ(r.seq, seq);
    CHECK_EQ(r.epoch, ep);
    CHECK_EQ(r.reset, reset);
}

static void ev(unsigned type, uint32_t h, uint32_t key)
{
    struct nic_rel_tx_evt e;
    CHECK_EQ(nic_rel_tx_pop_evt(&m, &e), NIC_REL_TX_OK);
    CHECK_EQ(e.type, type);
    CHECK_EQ(e.handle, h);
    CHECK_EQ(e.key, key);
}

static void rx(uint32_t h, uint32_t seq, uint32_t ep, unsigned reset)
{
    struct nic_rel_tx_retx r;
    CHECK_EQ(nic_rel_tx_pop_retx(&m, &r), NIC_REL_TX_OK);
    CHECK_EQ(r.handle, h);
    CHECK_EQ(r.seq, seq);
    CHECK_EQ(r.epoch, ep);
    CHECK_EQ(r.reset, reset);
    CHECK_EQ(r.cmd[0], 0x1111u);
}

static void empty(void)
{
    struct nic_rel_tx_evt e;
    struct nic_rel_tx_retx r;
    CHECK_EQ(nic_rel_tx_pop_evt(&m, &e), NIC_REL_TX_EMPTY);
    CHECK_EQ(nic_rel_tx_pop_retx(&m, &r), NIC_REL_TX_EMPTY);
}

static void test_alloc_ack_done(void)
{
    setup();
    al(5, 0, 0, 0, 0, 1);                          /* new tracker: seq 0, reset, epoch 0 */
    al(5, 0, 1, 1, 0, 0);
    al(5, 0, 2, 2, 0, 0);
    CHECK_EQ(nic_rel_tx_can_alloc(&m, 5), 0);      /* window W_MAX 3 full */
    CHECK_EQ(nic_rel_tx_alloc(&m, 5, cmd0, 0), NIC_REL_TX_EILLEGAL);
    al(6, 0, 3, 0, 1, 1);                          /* second tracker, fresh epoch 1 */
    CHECK_EQ(nic_rel_tx_can_alloc(&m, 7), 0);      /* no tracker and no handle free */
    /* done before the E2E ACK (A13): the handle stays */
    CHECK_EQ(nic_rel_tx_done(&m, 1), NIC_REL_TX_OK);
    /* cumulative ACK(1): retires seq 0 and 1 (handle 1 freed: op_done was seen) */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_ACK, 5, 1, 0, 1, 1), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_ACKED, 0, 5);
    ev(NIC_REL_TX_E_ACKED, 1, 5);
    empty();
    CHECK_EQ(m.hf_len, 1u);
    CHECK_EQ(nic_rel_tx_done(&m, 1), NIC_REL_TX_OK);   /* handle 1 is free: a bad done */
    CHECK_EQ(m.c[NIC_REL_TX_C_DBAD], 1u);
    /* stale: wrong epoch, seq outside [oldest, next) -- nothing changes (X9) */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_ACK, 5, 2, 1, 2, 2), NIC_REL_TX_OK);
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_ACK, 5, 1, 0, 2, 2), NIC_REL_TX_OK);
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_ACK, 5, 3, 0, 2, 2), NIC_REL_TX_OK);
    CHECK_EQ(m.c[NIC_REL_TX_C_STALE], 3u);
    empty();
    al(5, 3, 1, 3, 0, 0);                          /* next_seq 3 (A2: not the count 1) */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_DUP_ACK, 5, 3, 0, 1, 4), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_ACKED, 2, 5);
    ev(NIC_REL_TX_E_ACKED, 1, 5);
    CHECK_EQ(nic_rel_tx_find(&m, 5), -1);          /* cnt 0: tracker freed */
    CHECK_EQ(nic_rel_tx_done(&m, 0), NIC_REL_TX_OK);
    CHECK_EQ(nic_rel_tx_done(&m, 2), NIC_REL_TX_OK);
    CHECK_EQ(nic_rel_tx_done(&m, 1), NIC_REL_TX_OK);
    CHECK_EQ(m.hf_len, 3u);
    al(5, 9, 0, 0, 2, 1);                          /* a new burst: tracker 0 again, epoch 2 */
    CHECK_EQ(m.c[NIC_REL_TX_C_ALLOC], 6u);
    CHECK_EQ(m.c[NIC_REL_TX_C_TRK], 3u);
    CHECK_EQ(m.c[NIC_REL_TX_C_RETIRED], 4u);
    CHECK_EQ(m.c[NIC_REL_TX_C_FREED], 4u);
    CHECK_EQ(m.c[NIC_REL_TX_C_FAST], 2u);
    nic_rel_tx_free(&m);
}

static void test_nacks(void)
{
    setup();
    al(9, 0, 0, 0, 0, 1);
    al(9, 0, 1, 1, 0, 0);
    al(9, 0, 2, 2, 0, 0);
    /* NACK_SEQ(1): seq 0 implicitly acked, go back to 1 */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_NACK_SEQ, 9, 1, 0, 1, 1), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_ACKED, 0, 9);
    rx(1, 1, 0, 0);
    rx(2, 2, 0, 0);
    empty();
    /* the same NACK again: suppressed (one go-back until progress) */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_NACK_SEQ, 9, 1, 0, 2, 1), NIC_REL_TX_OK);
    empty();
    CHECK_EQ(m.c[NIC_REL_TX_C_NDUP], 1u);
    /* NACK_NOSTATE while the oldest is not the reset message: fatal, entries flushed */
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_ACK, 9, 1, 0, 1, 2), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_ACKED, 1, 9);
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_NACK_NOSTATE, 9, 2, 0, 2, 3), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_FLUSH, 2, 9);
    ev(NIC_REL_TX_E_FATAL, 0, 9);
    empty();
    CHECK_EQ(nic_rel_tx_find(&m, 9), -1);
    /* NACK_NOSTATE while the reset message is pending: go back from it */
    al(4, 5, 3, 0, 1, 1);
    CHECK_EQ(nic_rel_tx_can_alloc(&m, 4), 0);      /* no handle: handle 0 is acked, not done */
    CHECK_EQ(nic_rel_tx_done(&m, 0), NIC_REL_TX_OK);
    al(4, 5, 0, 1, 1, 0);
    CHECK_EQ(nic_rel_tx_ack(&m, NIC_REL_TX_NACK_NOSTATE, 4, 1, 1, 0, 6), NIC_REL_TX_OK);
    rx(3, 0, 1, 1);
    rx(0, 1, 1, 0);
    empty();
    CHECK_EQ(m.c[NIC_REL_TX_C_NSEQ], 1u);
    CHECK_EQ(m.c[NIC_REL_TX_C_NOST], 1u);
    CHECK_EQ(m.c[NIC_REL_TX_C_FATAL], 1u);
    CHECK_EQ(m.c[NIC_REL_TX_C_FLUSH], 1u);
    CHECK_EQ(m.c[NIC_REL_TX_C_RETX], 4u);
    nic_rel_tx_free(&m);
}

static void test_timeout(void)
{
    setup();
    al(3, 100, 0, 0, 0, 1);
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 110, 0), NIC_REL_TX_EILLEGAL);  /* age 10 = RTO: not yet */
    CHECK_EQ(nic_rel_tx_overdue(&m, 115, 5), -1L);
    CHECK_EQ(nic_rel_tx_overdue(&m, 116, 5), 0L);
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 111, 0), NIC_REL_TX_OK);
    rx(0, 0, 0, 1);
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 131, 0), NIC_REL_TX_EILLEGAL);  /* backoff: 20 */
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 132, 1), NIC_REL_TX_EILLEGAL);  /* not yet fatal */
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 132, 0), NIC_REL_TX_OK);
    rx(0, 0, 0, 1);
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 173, 0), NIC_REL_TX_EILLEGAL);  /* 2 retries: fatal */
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 173, 1), NIC_REL_TX_OK);
    ev(NIC_REL_TX_E_FLUSH, 0, 3);
    ev(NIC_REL_TX_E_FATAL, 0, 3);
    empty();
    CHECK_EQ(m.c[NIC_REL_TX_C_TO], 2u);
    /* ts_w 16: the age is modular */
    al(3, 0xfffa, 1, 0, 1, 1);
    CHECK_EQ(nic_rel_tx_timeout(&m, 3, 0x10005, 0), NIC_REL_TX_OK);     /* age 11 across the wrap */
    nic_rel_tx_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_alloc_ack_done),
        TT_CASE(test_nacks),
        TT_CASE(test_timeout),
    };
    return TT_RUN(cases);
}
