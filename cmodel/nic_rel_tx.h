/*
 * cmodel/nic_rel_tx.h -- bit-accurate model of rtl/nic_rel/nic_rel_tx.v, the transmit-side E2E
 * tracker and retransmit buffer of the NIC reliability protocol (issue 13 second slice; spec note
 * 003 block B3, A2, A3, A13; docs/nic_rel.md 9).
 *
 * Transaction level. The RTL's engine takes one operation at a time and accepts a handshake only
 * when idle, so the order of the input handshakes (s_alloc, s_ack, s_done) is the processing
 * order: the harness calls nic_rel_tx_alloc / _ack / _done in that order, with the tick of the
 * accept cycle (the RTL latches now_tick with the op). Each call computes the op's outputs at
 * once and queues them: alloc responses (m_aresp), retransmit commands (m_retx) and events (m_evt),
 * each popped in order. Same fifteen counters as the RTL (stat_cnt).
 *
 * Timing-dependent part: the timer scan. Which tracker the scan visits when depends on the idle
 * cycles the inputs leave, so the model does not predict it: the harness tells the model every
 * timeout the RTL reports (to_fire / to_key / to_now / to_fatal) with nic_rel_tx_timeout(), in
 * cycle order with the handshakes (the RTL reports it before it accepts the next handshake). The
 * model checks that it is legal (the key has a tracker, expired at that tick: age > rto << retries,
 * and to_fatal == retries exhausted) and applies it (go-back-N from the oldest entry, or a fatal
 * flush). nic_rel_tx_overdue() is the liveness side: a tracker expired for longer than a bound.
 * nic_rel_tx_can_alloc() says whether an alloc to a key may be granted now (window, trackers,
 * handles): the harness checks every RTL grant with it. Ticks: 64-bit counts (the RTL sees the
 * low ts_w bits). No globals.
 */
#ifndef CMODEL_NIC_REL_TX_H
#define CMODEL_NIC_REL_TX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_REL_TX_OK       0
#define NIC_REL_TX_EINVAL   (-1)
#define NIC_REL_TX_ENOMEM   (-2)
#define NIC_REL_TX_EMPTY    (-3)
#define NIC_REL_TX_EILLEGAL (-4)  /* an alloc grant or a timeout the rules do not allow */

#define NIC_REL_TX_CMD_WORDS 8    /* cmd: up to 512 bits as 64-bit words, word 0 = bits 63:0 */

/* s_ack types (nic_rel_rx m_vrd_resp) */
enum { NIC_REL_TX_ACK = 1, NIC_REL_TX_DUP_ACK = 2, NIC_REL_TX_NACK_SEQ = 3, NIC_REL_TX_NACK_NOSTATE = 4 };
/* m_evt types */
enum { NIC_REL_TX_E_ACKED = 1, NIC_REL_TX_E_FLUSH = 2, NIC_REL_TX_E_FATAL = 3 };
/* counters, stat_cnt word order */
enum { NIC_REL_TX_C_ALLOC, NIC_REL_TX_C_TRK, NIC_REL_TX_C_ACK, NIC_REL_TX_C_STALE, NIC_REL_TX_C_RETIRED,
       NIC_REL_TX_C_NSEQ, NIC_REL_TX_C_NOST, NIC_REL_TX_C_NDUP, NIC_REL_TX_C_TO, NIC_REL_TX_C_FATAL,
       NIC_REL_TX_C_RETX, NIC_REL_TX_C_FREED, NIC_REL_TX_C_DBAD, NIC_REL_TX_C_FAST, NIC_REL_TX_C_FLUSH,
       NIC_REL_TX_NCNT };

struct nic_rel_tx_cfg {
    unsigned trk_w;     /* T = 2^trk_w trackers, 1..10 */
    unsigned h_w;       /* R = 2^h_w handles, 2..15 */
    unsigned key_w;     /* 1..32 */
    unsigned seq_w;     /* 2..32 */
    unsigned epoch_w;   /* 2..32 */
    unsigned ts_w;      /* 2..32 */
    unsigned win_w;     /* 1..seq_w-1 */
    unsigned rtr_w;     /* 1..4 */
    unsigned cmd_w;     /* 1..512 */
    uint32_t wmax;      /* cfg_wmax: 1..2^win_w */
    uint32_t rto;       /* cfg_rto, ticks */
    uint32_t max_retry; /* cfg_max_retry */
};

struct nic_rel_tx_aresp { uint32_t handle, seq, epoch; unsigned reset; };
struct nic_rel_tx_retx {
    uint32_t handle, seq, epoch; unsigned reset; uint32_t key;
    uint64_t cmd[NIC_REL_TX_CMD_WORDS];
};
struct nic_rel_tx_evt { unsigned type; uint32_t handle, key; };

struct nic_rel_tx_trk {
    unsigned v, rst, nakd;
    uint32_t key, epoch, next, old, cnt, retries;
    uint64_t tl;        /* tick of the last progress / go-back (64-bit; the RTL keeps ts_w bits) */
    uint32_t *ring;     /* 2^win_w handles, indexed by seq mod 2^win_w */
};

struct nic_rel_tx_h {
    unsigned v, acked, done, reset;
    uint32_t trk, seq;
    uint64_t cmd[NIC_REL_TX_CMD_WORDS];
};

/* a simple ring queue of fixed-size records */
struct nic_rel_tx_q { unsigned char *buf; size_t rec, cap, head, len; };

struct nic_rel_tx_model {
    struct nic_rel_tx_cfg cfg;
    struct nic_rel_tx_trk *trk;   /* 2^trk_w */
    struct nic_rel_tx_h *h;       /* 2^h_w */
    uint32_t *hfree;              /* free-handle FIFO (ring of 2^h_w) */
    size_t hf_head, hf_len;
    uint32_t epoch_ctr;
    struct nic_rel_tx_q aresp, retx, evt;
    uint32_t c[NIC_REL_TX_NCNT];
};

int nic_rel_tx_init(struct nic_rel_tx_model *m, const struct nic_rel_tx_cfg *cfg);
void nic_rel_tx_free(struct nic_rel_tx_model *m);
int nic_rel_tx_can_alloc(const struct nic_rel_tx_model *m, uint32_t key);
int nic_rel_tx_alloc(struct nic_rel_tx_model *m, uint32_t key, const uint64_t *cmd, uint64_t now);
int nic_rel_tx_ack(struct nic_rel_tx_model *m, unsigned type, uint32_t key, uint32_t seq, uint32_t epoch,
                   uint32_t handle, uint64_t now);
int nic_rel_tx_done(struct nic_rel_tx_model *m, uint32_t handle);
int nic_rel_tx_timeout(struct nic_rel_tx_model *m, uint32_t key, uint64_t now, unsigned fatal);
int nic_rel_tx_pop_aresp(struct nic_rel_tx_model *m, struct nic_rel_tx_aresp *r);
int nic_rel_tx_pop_retx(struct nic_rel_tx_model *m, struct nic_rel_tx_retx *r);
int nic_rel_tx_pop_evt(struct nic_rel_tx_model *m, struct nic_rel_tx_evt *r);
/* the tracker index of key, or -1 */
int nic_rel_tx_find(const struct nic_rel_tx_model *m, uint32_t key);
/* liveness: the first valid tracker whose age at `now` exceeds rto << retries by more than
 * `slack` ticks (its timeout is overdue), or -1 */
long nic_rel_tx_overdue(const struct nic_rel_tx_model *m, uint64_t now, uint64_t slack);
/* handles valid (allocated and not yet returned to the pool), and in the free FIFO */
size_t nic_rel_tx_nvalid(const struct nic_rel_tx_model *m);

#ifdef __cplusplus
}
#endif
#endif
