/*
 * cmodel/nic_rel_rx.h -- bit-accurate model of rtl/nic_rel/nic_rel_rx.v, the receive-side E2E check
 * of the NIC reliability protocol (issue 13 first slice; spec note 003 block B9, A3; docs/nic_rel.md).
 *
 * Transaction level. nic_rel_rx_push_pkt() is called in the order the RTL accepts packets (the
 * s_pkt handshake), with the tick of the accept cycle (the RTL timestamps a packet with now_tick of
 * that cycle). Each push computes the verdict at once (rules of docs/nic_rel.md 2) and queues it;
 * nic_rel_rx_pop_vrd() returns the verdicts in order (m_vrd). Same seven counters as the RTL.
 *
 * Timing-dependent part: the background scrubber. Which key it visits when depends on the issue
 * slots packets leave free, so the model does not predict it: the harness tells the model every
 * scrub clear it observes on the RTL (scrub_clr / scrub_key / scrub_now) with
 * nic_rel_rx_scrub(), in cycle order with the packet pushes. The model checks that the clear is
 * legal (the entry is valid and its age at the scrubber's tick is past H) and applies it. A scrub
 * clear can only change a later verdict of that key when the entry was past H (not live) anyway,
 * except through the modular age, which is what the V4 check is for: nic_rel_rx_check_v4() says
 * whether a valid entry's true age (64-bit ticks, kept beside the TS_W-bit timestamp) has reached
 * 2^(TS_W-1), i.e. whether the scrubber fell behind.
 * Ticks are passed as 64-bit counts (the RTL sees the low TS_W bits). No globals.
 */
#ifndef CMODEL_NIC_REL_RX_H
#define CMODEL_NIC_REL_RX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_REL_OK     0
#define NIC_REL_EINVAL (-1)
#define NIC_REL_ENOMEM (-2)
#define NIC_REL_EMPTY  (-3)
#define NIC_REL_EILLEGAL (-4) /* nic_rel_rx_scrub: a clear the rules do not allow */

/* response types (m_vrd_resp) */
enum nic_rel_resp { NIC_REL_NONE = 0, NIC_REL_ACK = 1, NIC_REL_DUP_ACK = 2, NIC_REL_NACK_SEQ = 3,
                    NIC_REL_NACK_NOSTATE = 4 };
/* counters, stat_cnt word order */
enum { NIC_REL_C_DELIVERED, NIC_REL_C_DUP, NIC_REL_C_STALE, NIC_REL_C_NACK_SEQ, NIC_REL_C_NACK_NOSTATE,
       NIC_REL_C_RESETS, NIC_REL_C_SCRUB_CLR, NIC_REL_NCNT };

struct nic_rel_rx_cfg {
    unsigned key_w;    /* 1..16 (RTL KEY_W) */
    unsigned seq_w;    /* 2..32 (SEQ_W) */
    unsigned epoch_w;  /* 2..32 (EPOCH_W) */
    unsigned ts_w;     /* 2..32 (TS_W) */
    uint32_t horizon;  /* cfg_horizon, ticks */
    uint32_t wmax;     /* cfg_wmax */
    unsigned literal;  /* cfg_literal */
};

struct nic_rel_pkt { uint32_t key, seq, epoch; unsigned reset; uint32_t handle; uint64_t now; };
struct nic_rel_vrd { unsigned deliver, resp; uint32_t seq, epoch, handle, key; };

struct nic_rel_ent {
    unsigned v;
    uint32_t epoch, expected, ts;  /* ts: TS_W bits, as the RTL */
    uint64_t ts_full;              /* model only: the same tick, 64 bits (V4 check) */
};

struct nic_rel_rx_model {
    struct nic_rel_rx_cfg cfg;
    struct nic_rel_ent *ent;      /* 2^key_w */
    struct nic_rel_vrd *q;        /* verdict queue (ring) */
    size_t q_cap, q_head, q_len;
    uint32_t c[NIC_REL_NCNT];
};

int nic_rel_rx_init(struct nic_rel_rx_model *m, const struct nic_rel_rx_cfg *cfg);
void nic_rel_rx_free(struct nic_rel_rx_model *m);
int nic_rel_rx_push_pkt(struct nic_rel_rx_model *m, const struct nic_rel_pkt *p);
int nic_rel_rx_pop_vrd(struct nic_rel_rx_model *m, struct nic_rel_vrd *v);
/* the scrubber cleared `key` judging at tick scrub_now (64-bit) */
int nic_rel_rx_scrub(struct nic_rel_rx_model *m, uint32_t key, uint64_t scrub_now);
/* V4: returns -1 if every valid entry's true age at `now` is < 2^(ts_w-1), else the first key */
long nic_rel_rx_check_v4(const struct nic_rel_rx_model *m, uint64_t now);
/* is `key` live at `now` (the RTL's modular rule) */
int nic_rel_rx_live(const struct nic_rel_rx_model *m, uint32_t key, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
