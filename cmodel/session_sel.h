/*
 * session_sel.h - bit-accurate C11 golden model of the `session_sel` block (seed 000, SRDMA
 * multipath session selector). Contract: docs/session_sel.md (section numbers below refer to it).
 *
 * The block holds a QP table (QP -> session group, class, granularity, selection mode), a group
 * table (5-tuple endpoints, common destination QP, cost) and a session table (NUM_GROUPS x
 * MAX_SESSIONS slots, each with its UDP ports, state, congestion state and counters). Per
 * descriptor it selects one ACTIVE session of the QP's group by the weighted hash of section 3
 * (or the literal "lowest weight wins" of seed [0044]); feedback (ACK, CNP/ECN, RTT samples)
 * drives a per-session congestion level; a tick engine raises add/remove-session events and
 * runs key-expiry and drain timers (section 5); the receive lookup maps a 5-tuple back to
 * {group, session, QPN} (section 6).
 *
 * Timing: the model is cycle-based where the RTL is (timers): call session_sel_clock() once per
 * RTL clock cycle, after pushing the inputs the RTL accepted in that cycle, in this order
 * (section 7, same-cycle rule): CSR reads (they see the state before the cycle's updates),
 * push_desc, push_rx, push_fb, CSR write, clock. Outputs are queued in order per port and
 * popped by the harness.
 *
 * No global state; the model owns no heap memory (fixed maximum sizes below), so
 * session_sel_free() only clears it.
 */
#ifndef CMODEL_SESSION_SEL_H
#define CMODEL_SESSION_SEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SS_MAX_GROUPS   16   /* upper bound of cfg.num_groups */
#define SS_MAX_SESS     16   /* upper bound of cfg.max_sessions (RTL MAX_SESSIONS) */
#define SS_MAX_QPS      64   /* upper bound of cfg.num_qps */
#define SS_QDEPTH      256   /* output queue depth per port (the harness pops continuously) */

/* Return codes (negative = error). */
enum ss_rc { SS_OK = 0, SS_EINVAL = -1, SS_EFULL = -2, SS_CSR_ERR = -3 };

/* Session states (section 2.3, seed [0036], [0040]). */
enum ss_state { SS_INVALID = 0, SS_ACTIVE = 1, SS_DRAINING = 2, SS_EXPIRED = 3 };

/* Descriptor output status (section 3.4). */
enum ss_status { SS_ST_OK = 0, SS_ST_DQPN = 1, SS_ST_NO_SESSION = 2, SS_ST_QP_INVALID = 3 };

/* QP granularity (the note's gap A4) and selection mode. */
enum ss_gran { SS_GRAN_PACKET = 0, SS_GRAN_MESSAGE = 1, SS_GRAN_STICKY = 2 };
enum ss_mode { SS_MODE_HASH = 0, SS_MODE_LOWEST = 1 };

/* Feedback types (section 4). */
enum ss_fb_type { SS_FB_ACK = 0, SS_FB_CNP = 1, SS_FB_RTT = 2, SS_FB_ECN_ACK = 3 };

/* Global counters, CSR 0x040 + 4*i (section 8). */
enum ss_ctr {
    SS_CTR_DECISIONS = 0, SS_CTR_DQPN_MISMATCH, SS_CTR_NO_SESSION, SS_CTR_QP_INVALID,
    SS_CTR_FB_UNKNOWN, SS_CTR_RX_HIT, SS_CTR_RX_DROP, SS_CTR_ADD_EV, SS_CTR_REM_EV,
    SS_CTR_KEY_EXP, SS_CTR_DRAIN_DONE, SS_CTR_DRAIN_TIMEOUT, SS_CTR_ACK_UNDERFLOW,
    SS_CTR_MSG_REMAP, SS_CTR_FB_CNP, SS_CTR_FB_RTT, SS_CTR_FB_ACK, SS_CTR_CSR_ERR,
    SS_NUM_CTR
};

/* CSR byte addresses (section 8): generated from rdl/session_sel.rdl by PeakRDL-cheader
 * (cmodel/regs/session_sel_regs.h, docs/regs/session_sel.md for the field table); each address
 * is the offset of its register in the generated packed struct session_sel_t. Field positions:
 * SESSION_SEL__<REG>__<FIELD>_bp / _bw / _bm (groups: SESSION_SEL__GRP__<REG>__..., sessions:
 * SESSION_SEL__SESS__<REG>__...). */
#include "regs/session_sel_regs.h"
#define SS_OFF(m)           ((unsigned)offsetof(session_sel_t, m))
/* field F of register R (R of a group / session block: GRP__R / SESS__R): mask, position,
 * value of v, v placed in the field, reset value placed in the field */
#define SS_BM(R, F)         ((uint32_t)SESSION_SEL__##R##__##F##_bm)
#define SS_BP(R, F)         (SESSION_SEL__##R##__##F##_bp)
#define SS_FIELD(v, R, F)   (((uint32_t)(v) & SS_BM(R, F)) >> SS_BP(R, F))
#define SS_VAL(R, F, v)     (((uint32_t)(v) << SS_BP(R, F)) & SS_BM(R, F))
#define SS_RESET(R, F)      SS_VAL(R, F, SESSION_SEL__##R##__##F##_reset)
#define SS_CSR_ID           SS_OFF(ID)        /* RO 0x5353454c "SSEL" */
#define SS_CSR_PARAMS       SS_OFF(PARAMS)    /* RO MAX_SESSIONS, NUM_GROUPS, NUM_QPS */
#define SS_CSR_TICK         SS_OFF(TICK)      /* RW tick period - 1, in cycles */
#define SS_CSR_ENGINE       SS_OFF(ENGINE)    /* RW G (gain shift), W_MIN */
#define SS_CSR_RTT_MIN      SS_OFF(RTT_MIN)   /* RW */
#define SS_CSR_RTT_CFG      SS_OFF(RTT_CFG)   /* RW K_rtt, S_rtt */
#define SS_CSR_TOS          SS_OFF(TOS)       /* RW AR DSCP, default DSCP, ECN */
#define SS_CSR_DRAIN_TO     SS_OFF(DRAIN_TO)  /* RW drain timeout, ticks */
#define SS_CSR_HOLD         SS_OFF(HOLD)      /* RW hold-down, ticks */
#define SS_CSR_THRESH       SS_OFF(THRESH)    /* RW T_hi, T_lo */
#define SS_CSR_EVCFG        SS_OFF(EVCFG)     /* RW K_add, K_rem, N_min, H */
#define SS_CSR_CTR(i)       (SS_OFF(CTR) + (SS_OFF(CTR[1]) - SS_OFF(CTR[0])) * (unsigned)(i))   /* RO counters */
#define SS_CSR_QP(q)        (SS_OFF(QP_CTRL) + (SS_OFF(QP_CTRL[1]) - SS_OFF(QP_CTRL[0])) * (unsigned)(q))  /* RW QP_CTRL */
#define SS_GRP_STRIDE       (SS_OFF(GRP[1]) - SS_OFF(GRP[0]))
#define SS_CSR_GRP(g, o)    (SS_OFF(GRP) + SS_GRP_STRIDE * (unsigned)(g) + (o))
#define SS_GRP_OFF(m)       (SS_OFF(GRP[0].m) - SS_OFF(GRP[0]))
#define SS_GRP_SRC_IP       SS_GRP_OFF(SRC_IP)   /* RW */
#define SS_GRP_DST_IP       SS_GRP_OFF(DST_IP)   /* RW */
#define SS_GRP_DQPN         SS_GRP_OFF(DQPN)     /* RW common destination QP (claim 8, 11) */
#define SS_GRP_RX_QPN       SS_GRP_OFF(RX_QPN)   /* RW local QPN for the receive lookup */
#define SS_GRP_CTRL         SS_GRP_OFF(CTRL)     /* RW weights from software */
#define SS_GRP_COST         SS_GRP_OFF(COST)     /* RW cost (seed [0048]) */
#define SS_GRP_TCOST        SS_GRP_OFF(T_COST)   /* RW cost threshold */
#define SS_GRP_SEED         SS_GRP_OFF(SEED)     /* RW hash seed */
#define SS_GRP_EVENT        SS_GRP_OFF(EVENT)    /* R: ADD_REQ REM_REQ KEY_EXP victim expired; W1C */
#define SS_GRP_HOLD         SS_GRP_OFF(HOLD_LEFT) /* RO hold-down left, ticks */
#define SS_GRP_STAT         SS_GRP_OFF(STAT)     /* RO n_active, add / remove persistence */
#define SS_SESS_STRIDE      (SS_OFF(SESS[1]) - SS_OFF(SESS[0]))
#define SS_CSR_SESS(t, o)   (SS_OFF(SESS) + SS_SESS_STRIDE * (unsigned)(t) + (o))  /* t = g*MAX_SESSIONS+s */
#define SS_SESS_OFF(m)      (SS_OFF(SESS[0].m) - SS_OFF(SESS[0]))
#define SS_SESS_PORTS       SS_SESS_OFF(PORTS)   /* RW UDP source port, UDP destination port */
#define SS_SESS_STATE       SS_SESS_OFF(STATE)   /* RW; a write also clears the congestion state */
#define SS_SESS_WSW         SS_SESS_OFF(WSW)     /* RW software weight */
#define SS_SESS_KEY         SS_SESS_OFF(KEY)     /* RW key-expiry timer, ticks (0 = never) */
#define SS_SESS_ALPHA       SS_SESS_OFF(ALPHA)   /* RO */
#define SS_SESS_CRTT        SS_SESS_OFF(CRTT)    /* RO */
#define SS_SESS_SELW        SS_SESS_OFF(SELW)    /* RO selection weight (0 when not eligible) */
#define SS_SESS_OUTST       SS_SESS_OFF(OUTST)   /* RO outstanding packets */
#define SS_SESS_PKTS        SS_SESS_OFF(PKTS)    /* RO packets sent on the session */
#define SS_SESS_DRAIN       SS_SESS_OFF(DRAIN)   /* RO drain timer */

/* Block parameters (RTL parameters MAX_SESSIONS, NUM_GROUPS, NUM_QPS; powers of two). */
struct ss_cfg {
    unsigned max_sessions;  /* 2..16 */
    unsigned num_groups;    /* 2..16 */
    unsigned num_qps;       /* 2..64 */
};

/* s_desc: one packet descriptor from a QP (section 3.1). */
struct ss_desc {
    uint32_t qp;        /* QP index, log2(NUM_QPS) bits */
    uint32_t dest_qpn;  /* 24 bits, BTH destination QP */
    uint32_t key;       /* 32 bits: PSN or message id (hash entropy) */
    uint32_t first;     /* 1 bit: first packet of a message */
    uint32_t len;       /* 16 bits, bytes, passed through */
};

/* m_desc: the decision (section 3.4). */
struct ss_out {
    uint32_t qp, group, sess, status;
    uint32_t sport, dport, src_ip, dst_ip, tos;
    uint32_t dest_qpn, key, first, len;
};

/* s_fb: one feedback event naming a session (section 4). */
struct ss_fb {
    uint32_t type;   /* enum ss_fb_type, 2 bits */
    uint32_t group;  /* log2(NUM_GROUPS) bits */
    uint32_t sess;   /* log2(MAX_SESSIONS) bits */
    uint32_t value;  /* 16 bits: packets acknowledged (ACK) or RTT sample (RTT) */
};

/* s_rx / m_rx: receive lookup (section 6). The 5-tuple of the incoming packet. */
struct ss_rx { uint32_t src_ip, dst_ip, sport, dport; };
struct ss_rx_out { uint32_t hit, group, sess, qpn; };

struct ss_sess {
    uint32_t sport, dport, state, wsw, key_t;
    uint32_t alpha, crtt, mark, outst, pkts, drain_t;
};
struct ss_grp {
    uint32_t src_ip, dst_ip, dqpn, rx_qpn, sw_w, cost, tcost, seed;
    uint32_t add_req, rem_req, key_exp, victim, exp_sess, hold, add_pc, rem_pc;
};
struct ss_qp { uint32_t ctrl, msg_valid, msg_sess; };

struct session_sel_model {
    struct ss_cfg cfg;
    unsigned sw, gw, qw;   /* index widths */
    uint32_t tick_p, engine, rtt_min, rtt_cfg, tos, drain_to, hold, thresh, evcfg;
    uint32_t tick_cnt;
    uint32_t ctr[SS_NUM_CTR];
    struct ss_qp qp[SS_MAX_QPS];
    struct ss_grp grp[SS_MAX_GROUPS];
    struct ss_sess s[SS_MAX_GROUPS * SS_MAX_SESS];
    struct ss_out oq[SS_QDEPTH];
    unsigned oq_h, oq_n;
    struct ss_rx_out rq[SS_QDEPTH];
    unsigned rq_h, rq_n;
};

/* init: checks cfg (powers of two within the bounds above; SS_EINVAL otherwise), resets. */
int session_sel_init(struct session_sel_model *m, const struct ss_cfg *cfg);
/* reset: the RTL's synchronous reset: every register to its reset value, queues emptied. */
void session_sel_reset(struct session_sel_model *m);
void session_sel_free(struct session_sel_model *m);

/* push_desc: one accepted descriptor; queues one m_desc output. SS_EFULL if the queue is full. */
int session_sel_push_desc(struct session_sel_model *m, const struct ss_desc *d);
int session_sel_pop_desc(struct session_sel_model *m, struct ss_out *o);  /* 1 popped, 0 empty */
/* push_rx: one receive lookup; queues one m_rx output. */
int session_sel_push_rx(struct session_sel_model *m, const struct ss_rx *r);
int session_sel_pop_rx(struct session_sel_model *m, struct ss_rx_out *o);
/* push_fb: one feedback event (never produces an output). */
void session_sel_push_fb(struct session_sel_model *m, const struct ss_fb *f);
/* CSR access, 32-bit, byte address. write: SS_OK or SS_CSR_ERR (unmapped / read-only / partial
 * strobe: no effect, counted in SS_CTR_CSR_ERR). read: *err = 1 for unmapped (data 0). */
int session_sel_csr_write(struct session_sel_model *m, uint32_t addr, uint32_t data, unsigned strb);
uint32_t session_sel_csr_read(const struct session_sel_model *m, uint32_t addr, int *err);
/* clock: one RTL clock cycle of the timers (tick engine, section 5). */
void session_sel_clock(struct session_sel_model *m);

/* Helpers exposed for tests and benches (section 3.2). */
uint32_t session_sel_mix16(uint32_t x);
/* selection weight of global session t (0 if not eligible), section 3.3 */
uint32_t session_sel_weight(const struct session_sel_model *m, unsigned t);
/* congestion level c = max(alpha, c_rtt), Q0.10 */
uint32_t session_sel_cong(const struct session_sel_model *m, unsigned t);

#ifdef __cplusplus
}
#endif
#endif
