/*
 * barrier.h - bit-accurate C11 golden model of the `barrier` block (seed 001, multicast barrier).
 *
 * Contract: docs/barrier.md (section numbers below refer to it). Two models:
 *   struct barrier_dev_model     - barrier_dev, the device endpoint (CSRs, barrier_rx parser and
 *                                  drop counters, barrier_ctr counter table / per-PE tgt /
 *                                  request-release protocol / internal path / mirror writes,
 *                                  barrier_tx notification builder with PSN)
 *   struct barrier_fanout_model  - barrier_fanout, the switch-side replicator (section 7)
 *
 * The models are untimed and transaction-level: every input transaction the RTL accepts is
 * pushed, every output the RTL emits is popped and compared. No global state; every model owns
 * its heap memory (released by *_free).
 *
 * Same-cycle rule (section 4): when the RTL accepts an s_req and an s_inc in the same cycle,
 * push the request first (barrier_dev_push_req), then the increment (barrier_dev_push_rx /
 * barrier_dev_push_inc). A release handshaken in the same cycle as a request of the same PE is
 * popped after that request is pushed (the request saw the PE busy, section 3 check 2).
 *
 * Arithmetic on counters, targets, steps and epochs is uint64_t masked to W = cnt_width bits;
 * the serial compare is GE(c, t) = ((c - t) mod 2^W) < 2^(W-1) (section 2).
 */
#ifndef CMODEL_BARRIER_H
#define CMODEL_BARRIER_H

#include <stddef.h>
#include <stdint.h>

#include "common/roce.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ================================================================== common */

/* Return codes of the init / pop / CSR functions (negative = error). */
enum barrier_rc {
    BARRIER_OK       = 0,
    BARRIER_EINVAL   = -1,  /* bad parameter / argument */
    BARRIER_ENOMEM   = -2,  /* allocation failed */
    BARRIER_ENOSPC   = -3,  /* caller's buffer too small */
};

/* ================================================================== barrier_dev */

/* Request opcodes (section 3, s_req.op). */
enum barrier_op {
    BARRIER_OP_ARRIVE    = 0,
    BARRIER_OP_WAIT      = 1,
    BARRIER_OP_ARRIVE_NB = 2,
    BARRIER_OP_ILLEGAL   = 3   /* answered with BARRIER_ST_ERR_OP */
};

/* Release status (section 3, m_rel.status). */
enum barrier_status {
    BARRIER_ST_OK      = 0,
    BARRIER_ST_ERR_BAR = 1,
    BARRIER_ST_ERR_FAR = 2,
    BARRIER_ST_ERR_OP  = 3
};

/* Statistics indices of barrier_dev (section 6, CSR 0x100 + 4*i). */
enum barrier_dev_stat {
    BDS_RX_OK = 0, BDS_RX_DROP_TRUNC, BDS_RX_DROP_LONG, BDS_RX_DROP_MALFORMED,
    BDS_RX_DROP_IPCSUM, BDS_RX_DROP_NOT_ROCE, BDS_RX_DROP_OPCODE, BDS_RX_DROP_ICRC,
    BDS_RX_DROP_RKEY, BDS_RX_DROP_BAR, BDS_RX_DROP_INC, BDS_REQ_ARRIVE, BDS_REQ_WAIT,
    BDS_REQ_DROP_PE, BDS_REQ_DROP_BUSY, BDS_RSP_ERR_BAR, BDS_RSP_ERR_FAR, BDS_RSP_ERR_OP,
    BDS_REL_OK, BDS_TX_NOTIF, BDS_MIRROR_WR, BDS_CFG_REJECT, BDS_CSR_ERR,
    BDS_RX_DROP_SRC, BDS_RX_DROP_DUP, BDS_RX_GAP,   /* 23..25: per-source sequence (section 5.5) */
    BDS_RX_DROP_SELF,   /* 26: own notification on an internal-path barrier (5.4, 7.1) */
    BDS_NUM_STATS  /* 27 (26 in legacy mode, barrier_dev_set_ext) */
};

/* CSR byte addresses of barrier_dev (section 6), from the map generated out of
 * rdl/barrier_dev.rdl (cmodel/regs/barrier_dev_regs.h, docs/regs/barrier_dev.md): a register's
 * address is its offset in the packed struct barrier_dev_t, an array's stride the distance
 * between two elements (docs/regs.md). */
#include "regs/barrier_dev_regs.h"
#define BDEV_OFF(m)            ((unsigned)offsetof(barrier_dev_t, m))
#define BDEV_STAT_STRIDE       (BDEV_OFF(STAT[1]) - BDEV_OFF(STAT[0]))
#define BDEV_BAR_STRIDE        (BDEV_OFF(BAR[1]) - BDEV_OFF(BAR[0]))
#define BDEV_TGT_STRIDE        (BDEV_OFF(TGT[1]) - BDEV_OFF(TGT[0]))
#define BDEV_CSR_ID            BDEV_OFF(ID)
#define BDEV_CSR_PARAMS        BDEV_OFF(PARAMS)
#define BDEV_CSR_CTRL          BDEV_OFF(CTRL)
#define BDEV_CSR_INC_MAX       BDEV_OFF(INC_MAX)
#define BDEV_CSR_SRC_MAC_LO    BDEV_OFF(SRC_MAC_LO)
#define BDEV_CSR_SRC_MAC_HI    BDEV_OFF(SRC_MAC_HI)
#define BDEV_CSR_SRC_IP        BDEV_OFF(SRC_IP)
#define BDEV_CSR_DEST_QP       BDEV_OFF(DEST_QP)
#define BDEV_CSR_RKEY          BDEV_OFF(KEY)
#define BDEV_CSR_UDP_SPORT_TOS BDEV_OFF(UDP_SPORT_TOS)
#define BDEV_CSR_CNT_BASE_LO   BDEV_OFF(CNT_BASE_LO)
#define BDEV_CSR_CNT_BASE_HI   BDEV_OFF(CNT_BASE_HI)
#define BDEV_CSR_MIR_BASE_LO   BDEV_OFF(MIRROR_BASE_LO)
#define BDEV_CSR_MIR_BASE_HI   BDEV_OFF(MIRROR_BASE_HI)
#define BDEV_CSR_TX_PSN        BDEV_OFF(TX_PSN)
#define BDEV_CSR_SRC           BDEV_OFF(SRC)  /* [31:24] SRC_ID, [23:0] SRC_QP (section 5) */
#define BDEV_CSR_KEY           BDEV_CSR_RKEY  /* R_Key (FA mode) / Q_Key (UD mode) */
#define BDEV_CSR_STAT(i)       (BDEV_OFF(STAT) + BDEV_STAT_STRIDE * (unsigned)(i))
#define BDEV_CSR_BAR_(m, b)    (BDEV_OFF(BAR[0].m) + BDEV_BAR_STRIDE * (unsigned)(b))
#define BDEV_CSR_BAR_CTRL(b)   BDEV_CSR_BAR_(CTRL, b)
#define BDEV_CSR_BAR_INC(b)    BDEV_CSR_BAR_(INC, b)
#define BDEV_CSR_BAR_STEP_LO(b) BDEV_CSR_BAR_(STEP_LO, b)
#define BDEV_CSR_BAR_STEP_HI(b) BDEV_CSR_BAR_(STEP_HI, b)
#define BDEV_CSR_GROUP_IP(b)   BDEV_CSR_BAR_(GROUP_IP, b)
#define BDEV_CSR_CNT_LO(b)     BDEV_CSR_BAR_(CNT_LO, b)
#define BDEV_CSR_CNT_HI(b)     BDEV_CSR_BAR_(CNT_HI, b)
#define BDEV_CSR_TGT_LO(p)     (BDEV_OFF(TGT[0].LO) + BDEV_TGT_STRIDE * (unsigned)(p))
#define BDEV_CSR_TGT_HI(p)     (BDEV_OFF(TGT[0].HI) + BDEV_TGT_STRIDE * (unsigned)(p))
#define BDEV_ID_VALUE          ((uint32_t)BARRIER_DEV__ID__ID_reset)  /* "BAR1" */
#define BDEV_CTRL_INTERNAL_PATH ((uint32_t)BARRIER_DEV__CTRL__INTERNAL_PATH_bm)
#define BDEV_CTRL_WIRE_FA      ((uint32_t)BARRIER_DEV__CTRL__WIRE_FA_bm)  /* 1: RC FETCH_ADD notifications (section 5.2), 0: UD (5.1) */
#define BDEV_BAR_CTRL_ENABLE   ((uint32_t)BARRIER_DEV__BAR__CTRL__EN_bm)
/* Issue 10 part 5 (docs/barrier.md 3.2, 6, 7.1): per-barrier internal path and leader mode. */
#define BDEV_BAR_CTRL_INTERNAL_PATH ((uint32_t)BARRIER_DEV__BAR__CTRL__INTERNAL_PATH_bm)
#define BDEV_BAR_CTRL_LEADER   ((uint32_t)BARRIER_DEV__BAR__CTRL__LEADER_bm)
#define BDEV_CSR_BAR_LOCAL_N(b) BDEV_CSR_BAR_(LOCAL_N, b)
#define BDEV_BAR_LOCAL_N_OFFS  (BDEV_OFF(BAR[0].LOCAL_N) - BDEV_OFF(BAR[0]))

/* Elaboration parameters (section 1). */
struct barrier_dev_cfg {
    unsigned num_barriers;  /* NB: power of two, 2..32 (the CSR map holds 32 barriers) */
    unsigned num_pes;       /* NW: power of two, 2..128 */
    unsigned cnt_width;     /* W: 4..64 */
};

/* s_req transaction (section 3). epoch is masked to W bits on entry. */
struct barrier_req {
    uint8_t  op;     /* enum barrier_op, 2 bits (upper bits ignored) */
    uint8_t  pe;
    uint8_t  bar;
    uint64_t epoch;  /* used by WAIT; echoed in error releases */
};

/* m_rel transaction (section 3). */
struct barrier_rel {
    uint8_t  pe;
    uint8_t  bar;     /* the request's bar field (8 bits) */
    uint64_t epoch;   /* W bits: OK -> the epoch passed / to wait for; error -> request epoch */
    uint8_t  status;  /* enum barrier_status */
};

/* m_mir transaction (section 4). */
struct barrier_mir {
    uint64_t addr;  /* MIRROR_BASE + 8*bar (mod 2^64) */
    uint64_t data;  /* the counter right after the update, zero-extended */
};

/* Outcome of one request (for tests and traces; the RTL has no such output). */
enum barrier_req_result {
    BARRIER_REQ_ARRIVE    = 0,  /* ARRIVE took effect: armed, notification queued */
    BARRIER_REQ_WAIT      = 1,  /* WAIT took effect: armed */
    BARRIER_REQ_ARRIVE_NB = 2,  /* ARRIVE_NB took effect: OK release pending at once */
    BARRIER_REQ_ERR_OP    = 3,  /* error release pending (status ERR_OP) */
    BARRIER_REQ_ERR_BAR   = 4,
    BARRIER_REQ_ERR_FAR   = 5,
    BARRIER_REQ_DROP_PE   = 6,  /* pe >= NUM_PES, no answer */
    BARRIER_REQ_DROP_BUSY = 7   /* PE armed or a release still pending, no answer */
};

/* Outcome of one CSR write (the AXI4-Lite response is always OKAY in docs/barrier.md). */
enum barrier_csr_result {
    BARRIER_CSR_DONE   = 0,  /* written (reserved bits dropped) */
    BARRIER_CSR_ERR    = 1,  /* read-only, unmapped or locked: ignored, csr_err counted */
    BARRIER_CSR_REJECT = 2   /* BAR_CTRL enable with invalid STEP: ignored, cfg_reject counted */
};

struct bq;  /* internal growable FIFO */

/*
 * The receive-side configuration one notification is checked against (barrier_dev_push_rx_cfg,
 * docs/barrier.md 5.4 and the same-cycle rule of 6). In the RTL, barrier_rx reads the global
 * fields in its S1 cycle (the header register: checks 1-9, the FA barrier index, the self match)
 * and the addressed barrier's entry in its S2 cycle (the per-barrier lookup: check 11, rule 9a).
 */
struct barrier_rx_cfg {
    /* S1 (barrier_dev_rx_cfg_s1) */
    uint32_t ctrl;      /* CTRL: WIRE_FA selects the layout of every check */
    uint32_t dest_qp;   /* DEST_QP (FA: BTH DestQP) */
    uint32_t rkey;      /* KEY (R_Key / Q_Key) */
    uint32_t inc_max;   /* INC_MAX */
    uint32_t src;       /* SRC ([31:24] SRC_ID: the self match) */
    uint64_t cnt_base;  /* CNT_BASE (FA: VA -> barrier) */
    /* S2 (barrier_dev_rx_cfg_s2): the entry of the barrier the packet names */
    uint8_t  bar_en;    /* BAR_CTRL.EN */
    uint8_t  int_path;  /* BAR_CTRL.INTERNAL_PATH or CTRL.INTERNAL_PATH */
    uint32_t group_ip;  /* BAR_GROUP_IP */
};

/* The model state. Treat as opaque; use the functions below (fields are for debugging). */
struct barrier_dev_model {
    struct barrier_dev_cfg cfg;
    unsigned log2_nb, log2_nw, log2_ns;
    unsigned num_sources;  /* NUM_SOURCES (default 16; barrier_dev_set_num_sources) */
    uint64_t mask;   /* 2^W - 1 */
    uint64_t half;   /* 2^(W-1) */

    /* global CSRs */
    uint32_t ctrl, inc_max, src_mac_lo, src_mac_hi, src_ip, dest_qp, rkey, sport_tos;
    uint64_t cnt_base, mirror_base;
    uint32_t tx_psn;
    uint32_t src;    /* CSR SRC: [31:24] SRC_ID, [23:0] SRC_QP */
    unsigned ext;    /* BDEV_EXT_* mask (default BDEV_EXT_ALL): issue 10 part 5 (barrier_dev_set_ext) */
    uint32_t stats[BDS_NUM_STATS];

    /* per source index (NUM_SOURCES entries, section 5.5) */
    uint8_t  *seq_known;  /* a notification of this source was accepted since reset */
    uint32_t *seq_exp;    /* next expected PSN (24 bits) */

    /* per barrier (NB entries) */
    uint8_t  *bar_en;
    uint8_t  *bar_ip;     /* BAR_CTRL.INTERNAL_PATH (ext); in effect: this OR CTRL.INTERNAL_PATH */
    uint8_t  *bar_leader; /* BAR_CTRL.LEADER (ext) */
    uint16_t *local_n;    /* BAR_LOCAL_N, 1..NUM_PES (ext) */
    uint16_t *lcnt;       /* local arrivals of the current epoch, leader mode (section 3.2) */
    uint64_t *bar_inc;    /* W bits */
    uint64_t *bar_step;   /* W bits */
    uint32_t *group_ip;
    uint64_t *cnt;        /* W bits */

    /* per PE (NW entries) */
    uint64_t *tgt;        /* W bits */
    uint8_t  *armed;
    uint8_t  *arm_bar;    /* barrier of the armed wait */
    uint8_t  *pend;       /* a response (error / ARRIVE_NB) is pending */
    struct barrier_rel *pend_rel;
    uint8_t  *presenting;     /* a release was latched (rel_latch) and not yet acknowledged */
    uint8_t  *presenting_ok;  /* ... and its status is OK (rel_ok counts at the ack) */

    /* output queues */
    struct bq *txq;   /* 86-byte notification packets */
    struct bq *mirq;  /* struct barrier_mir */
    struct bq *rxq;   /* deferred fabric increments {addr = bar, data = inc} */
    int rx_defer;     /* barrier_dev_set_rx_defer */

    /* barrier_ctr timing (docs/barrier.md 3.1/4; barrier_dev_set_timed) */
    int timed;            /* 1: lockstep hooks decide when updates, mirrors and releases happen */
    struct bq *holdq;     /* internal-path increments / CNT writes waiting for the update slot */
    struct bq *notifq;    /* notifications (barrier index, 1 byte) waiting for barrier_tx */
    uint8_t  *dirty;      /* per barrier: a coalesced mirror write is pending (NB entries) */
    unsigned mir_ptr;     /* round-robin pointer of the mirror drain */
    int mir_claimed;      /* a barrier is claimed for the next mirror load */
    unsigned mir_claim_bar;
    uint64_t hist[3][2];  /* releasable PE bitmaps at the start of the last 3 cycles (tick) */
    uint64_t *cnt_hist;   /* 4 x NB: counters at the start of the last 4 cycles (tick) */
};

/*
 * barrier_dev_init - create a model in its post-reset state.
 *   cfg: parameters (num_barriers power of two 2..32, num_pes power of two 2..128,
 *        cnt_width 4..64).
 * Reset values: all CSRs 0 except INC_MAX = 1; counters, targets, PSN and statistics 0; no PE
 * armed or pending; queues empty.
 * Returns BARRIER_OK, BARRIER_EINVAL (m or cfg NULL, a parameter out of range; *m is then
 * zeroed and safe to free) or BARRIER_ENOMEM.
 */
int barrier_dev_init(struct barrier_dev_model *m, const struct barrier_dev_cfg *cfg);

/*
 * barrier_dev_set_ext - which issue 10 part 5 additions of docs/barrier.md the model follows
 * (default after init: BDEV_EXT_ALL, the documented contract), so that a lockstep bench can match
 * an RTL that has only some of them. Resets the model.
 *   BDEV_EXT_CSR:    BAR_CTRL bits 1 (INTERNAL_PATH) and 2 (LEADER) stored and read back,
 *                    BAR_LOCAL_N (0x414 + 32*b) with its write rules, statistic 26 readable;
 *                    without it: BAR_CTRL bit 0 only, 0x414 a hole, 26 statistics.
 *   BDEV_EXT_IP:     a barrier uses the internal path when CTRL.INTERNAL_PATH or its
 *                    BAR_CTRL.INTERNAL_PATH is set (without it: CTRL.INTERNAL_PATH only).
 *   BDEV_EXT_LEADER: leader mode (3.2): only the LOCAL_N-th local arrival of an epoch notifies.
 *   BDEV_EXT_SELF:   receive verdict "self" (5.4 row 9a, statistic 26).
 */
#define BDEV_EXT_CSR    1u
#define BDEV_EXT_IP     2u
#define BDEV_EXT_LEADER 4u
#define BDEV_EXT_SELF   8u
#define BDEV_EXT_ALL    15u
void barrier_dev_set_ext(struct barrier_dev_model *m, unsigned mask);

/*
 * barrier_dev_set_num_sources - the RTL parameter NUM_SOURCES (power of two 2..256, default 16
 * after init): the number of source indices barrier_rx tracks (section 5.5). Clears the
 * per-source sequence state. Returns BARRIER_OK, BARRIER_EINVAL or BARRIER_ENOMEM.
 */
int barrier_dev_set_num_sources(struct barrier_dev_model *m, unsigned n);

/* barrier_dev_free - release the model's memory; m may be zeroed or already freed (idempotent). */
void barrier_dev_free(struct barrier_dev_model *m);

/*
 * barrier_dev_reset - synchronous reset (rst) at any time, even mid-traffic: every CSR,
 * counter, target, statistic and queue returns to the post-init state; parameters are kept.
 * Packets or releases the RTL had not emitted are lost on both sides.
 */
void barrier_dev_reset(struct barrier_dev_model *m);

/*
 * barrier_dev_csr_write - one AXI4-Lite write, full word (wstrb = 0xf); addr bits 1:0 must be 0.
 * Applies section 6: RO registers (ID, PARAMS, statistics) and unmapped addresses (holes, a
 * barrier >= NB, a PE >= NW) -> BARRIER_CSR_ERR and csr_err++. CNT[b] lo/hi while BAR_CTRL[b]
 * is enabled -> locked, BARRIER_CSR_ERR. TGT[p] lo/hi while PE p is armed or has a release
 * pending -> locked, BARRIER_CSR_ERR. BAR_CTRL[b] with bit 0 set while BAR_STEP[b] == 0 or
 * BAR_STEP[b] > 2^(W-1) -> BARRIER_CSR_REJECT and cfg_reject++ (the register keeps its value).
 * Register widths: CTRL [1:0], SRC_MAC_HI [15:0], DEST_QP [23:0], UDP_SPORT/TOS [23:0], TX_PSN
 * [23:0], BAR_CTRL [0]; BAR_INC, BAR_STEP, CNT and TGT hold W bits (bits above W are dropped);
 * the others 32 bits. Returns enum barrier_csr_result (or BARRIER_EINVAL for a NULL model).
 */
int barrier_dev_csr_write(struct barrier_dev_model *m, uint32_t addr, uint32_t data);

/*
 * barrier_dev_csr_write_strb - as barrier_dev_csr_write with the AXI4-Lite write strobes: a
 * partial write (strb != 0xf) or an address with bits 1:0 != 0 is refused (BARRIER_CSR_ERR,
 * csr_err++), as the RTL answers SLVERR (docs/barrier.md section 6).
 */
int barrier_dev_csr_write_strb(struct barrier_dev_model *m, uint32_t addr, uint32_t data,
                               unsigned strb);

/*
 * barrier_dev_csr_read_err - 1 when a read of addr is answered SLVERR (unmapped: holes, a
 * barrier >= NB, a PE >= NW, a statistic >= 26, addr bits 1:0 != 0), else 0.
 */
int barrier_dev_csr_read_err(const struct barrier_dev_model *m, uint32_t addr);

/*
 * barrier_dev_csr_read - one AXI4-Lite read. Unmapped addresses read 0.
 * Reads have no side effects. ID = 0x42415231, PARAMS = {W, log2 NW, log2 NB} in bits
 * [23:16], [15:8], [7:0]; statistics are 32-bit wrapping counters.
 */
uint32_t barrier_dev_csr_read(const struct barrier_dev_model *m, uint32_t addr);

/* barrier_dev_stat - statistics counter i (enum barrier_dev_stat); 0 for i out of range. */
uint32_t barrier_dev_stat(const struct barrier_dev_model *m, unsigned i);

/*
 * barrier_dev_push_req - one accepted s_req (section 3). Checks, with the state before this
 * request: pe >= NW -> dropped (req_drop_pe); PE busy (armed or release pending) -> dropped
 * (req_drop_busy); op == 3 -> ERR_OP; bar >= NB or disabled -> ERR_BAR; WAIT with
 * d = (epoch - cnt[bar]) mod 2^W, d < 2^(W-1) and d > STEP[bar] -> ERR_FAR. Error releases carry
 * the request's bar and epoch fields. Otherwise:
 *   ARRIVE    tgt[pe] += STEP; armed on bar; notification {bar, INC[bar]} built (PSN, +1);
 *             if CTRL.INTERNAL_PATH: cnt[bar] += INC[bar] and one mirror write; req_arrive++
 *   ARRIVE_NB as ARRIVE but not armed; OK release {pe, bar, tgt[pe] (new)} pending at once
 *   WAIT      tgt[pe] = epoch; armed on bar; req_wait++
 * Returns enum barrier_req_result, or BARRIER_EINVAL for NULL arguments.
 */
int barrier_dev_push_req(struct barrier_dev_model *m, const struct barrier_req *req);

/*
 * barrier_dev_push_rx - one packet accepted on s_axis_rx (bytes 0..len-1, no FCS).
 * Parses it per section 5.4 in the layout CTRL.WIRE_FA selects (roce_ud_parse / roce_fa_parse,
 * checks 1-8), then: 9 source index >= NUM_SOURCES -> rx_drop_src; 10 per-source sequence
 * (section 5.5: known source and (psn - exp) mod 2^24 >= 2^23 -> rx_drop_dup; otherwise the
 * sequence is accepted: exp = psn + 1, known = 1, rx_gap++ when psn skipped ahead); 11 barrier
 * (UD: bar < NB; FA: VA in [CNT_BASE, CNT_BASE + 8*NB) without wrap and 8-aligned relative to
 * CNT_BASE; both: enabled, dst IP == GROUP_IP[bar]) -> else rx_drop_bar; 12 increment != 0,
 * <= INC_MAX and < 2^(W-1) -> else rx_drop_inc. Counts the verdict's statistic; on ROCE_RX_OK
 * applies cnt[bar] += increment (mod 2^W) and one mirror write (or queues it, rx_defer).
 * Returns the verdict (enum roce_rx_verdict), or BARRIER_EINVAL for a NULL model or pkt.
 */
int barrier_dev_push_rx(struct barrier_dev_model *m, const uint8_t *pkt, size_t len);

/*
 * Timed receive (lockstep, docs/barrier.md 6 same-cycle rule): the same verdict as
 * barrier_dev_push_rx, but against the configuration *c sampled when the RTL reads it:
 *   barrier_dev_rx_cfg_s1 - copies CTRL, DEST_QP, KEY, INC_MAX, SRC, CNT_BASE into *c (call in
 *     barrier_rx's S1 cycle of the packet, before that cycle's CSR write is applied);
 *   barrier_dev_rx_cfg_s2 - decodes pkt in the layout of c->ctrl (barrier index: UD ImmDt byte,
 *     FA (VA - c->cnt_base) / 8, both mod NB) and copies that barrier's BAR_CTRL.EN, effective
 *     internal path and GROUP_IP into *c (call in the packet's S2 cycle);
 *   barrier_dev_push_rx_cfg - checks and counts the packet against *c (the sequence state, the
 *     statistics and the counters are the model's own). Returns as barrier_dev_push_rx.
 * barrier_dev_push_rx(m, pkt, len) = s1 + s2 + push_rx_cfg with the configuration of now.
 * NULL arguments: the cfg functions do nothing, push_rx_cfg returns BARRIER_EINVAL.
 */
void barrier_dev_rx_cfg_s1(const struct barrier_dev_model *m, struct barrier_rx_cfg *c);
void barrier_dev_rx_cfg_s2(const struct barrier_dev_model *m, const uint8_t *pkt, size_t len,
                           struct barrier_rx_cfg *c);
int barrier_dev_push_rx_cfg(struct barrier_dev_model *m, const uint8_t *pkt, size_t len,
                            const struct barrier_rx_cfg *c);

/*
 * Deferred fabric increments (lockstep timing, ARCHITECTURE.md "the harness tells the model what
 * it observed"): with barrier_dev_set_rx_defer(m, 1), barrier_dev_push_rx decides the verdict
 * and counts it at once but queues an accepted increment instead of applying it;
 * barrier_dev_rx_apply applies the oldest queued increment (cnt += inc, one mirror write) when
 * the harness sees the RTL's barrier_rx -> barrier_ctr handshake, so that the order of counter
 * updates (and of mirror writes) relative to requests is the RTL's. *bar / *inc (optional)
 * receive what was applied. rx_apply returns 1 (applied), 0 (nothing queued: the RTL applied an
 * increment the model did not accept) or BARRIER_EINVAL. barrier_dev_rx_pending counts the
 * queued increments. Default: off (push_rx applies at once).
 */
void barrier_dev_set_rx_defer(struct barrier_dev_model *m, int on);
int barrier_dev_rx_apply(struct barrier_dev_model *m, unsigned *bar, uint64_t *inc);
size_t barrier_dev_rx_pending(const struct barrier_dev_model *m);

/*
 * Timed mode (lockstep of the RTL, docs/barrier.md section 3.1). barrier_dev_set_timed(m, 1) also
 * turns on rx_defer. In timed mode:
 *   - an internal-path increment of an ARRIVE and a CNT lo/hi CSR write are queued in the hold
 *     (not applied); barrier_dev_upd_apply(m, 1) applies the oldest (add, or replace bits 31:0 /
 *     63:32 of the counter at that moment, masked to W); barrier_dev_upd_apply(m, 0) applies the
 *     oldest deferred fabric increment (= barrier_dev_rx_apply). Call it when the RTL's update
 *     stage writes the counter (u_v_reg; u_hold_reg says which). Returns 1, 0 (nothing queued)
 *     or BARRIER_EINVAL.
 *   - every counter update (increment; not a CNT CSR write) sets the barrier's dirty bit (mirror coalescing: latest value wins);
 *     barrier_dev_mir_claim - when the RTL claims a barrier for the mirror (mir_claim): the
 *     barrier under the scan pointer of this cycle (advanced by barrier_dev_tick, 0 in the first
 *     cycle after reset) must be dirty; its dirty bit is cleared. Returns 1, 0 (no dirty barrier) or BARRIER_EINVAL (one is
 *     already claimed). barrier_dev_mir_load - when the RTL loads its mirror register
 *     (mir_load): {MIRROR_BASE + 8*bar, cnt[bar]} of the claimed barrier is queued for
 *     barrier_dev_pop_mir, mirror_wr++. Returns 1, 0 (nothing claimed) or BARRIER_EINVAL.
 *     Order within a cycle: load, then claim, then upd_apply (the RTL reads the dirty bits and
 *     the counter at the start of the cycle).
 *   - barrier_dev_tick - once per cycle, first thing: records which PEs are releasable and the
 *     counters at the start of the cycle; barrier_dev_rel_latch then allows PE pe iff it was
 *     releasable at the start of the cycle two cycles before (the release scanner's S1 read) and
 *     is still armed or pending; barrier_dev_push_req (called when the RTL applies the request,
 *     phase D) checks a WAIT's epoch against the counter at the start of the cycle two cycles
 *     before (phase B); everything else a request reads is the state at the start of its cycle.
 * Untimed mode (default): updates apply at once and set the dirty bit; barrier_dev_pop_mir
 * drains the dirty barriers round robin (the first dirty one from a pointer).
 */
void barrier_dev_set_timed(struct barrier_dev_model *m, int on);
int barrier_dev_upd_apply(struct barrier_dev_model *m, int from_hold);
int barrier_dev_mir_claim(struct barrier_dev_model *m);
int barrier_dev_mir_load(struct barrier_dev_model *m);
void barrier_dev_tick(struct barrier_dev_model *m);
size_t barrier_dev_hold_pending(const struct barrier_dev_model *m);

/*
 * barrier_dev_push_inc - one s_inc transaction straight into barrier_ctr (for block-level
 * harnesses of barrier_ctr that bypass barrier_rx): cnt[bar] += inc (mod 2^W), one mirror
 * write; no rx statistics. Returns BARRIER_OK or BARRIER_EINVAL (bar >= NB).
 */
int barrier_dev_push_inc(struct barrier_dev_model *m, unsigned bar, uint64_t inc);

/*
 * barrier_dev_pop_tx - the next notification packet this device emits on m_axis_tx.
 *   buf, cap: destination (cap >= the packet: 78 bytes UD, 86 FA); *len: its length.
 * Returns 1 (popped), 0 (none queued), BARRIER_ENOSPC (cap too small, nothing popped) or
 * BARRIER_EINVAL.
 */
int barrier_dev_pop_tx(struct barrier_dev_model *m, uint8_t *buf, size_t cap, size_t *len);

/*
 * Timed transmit (lockstep, docs/barrier.md 5.6 and 6): in timed mode a notification decided by
 * a request (tx_notif counts it then) waits in a queue of barrier indices; barrier_dev_tx_take,
 * called when barrier_tx takes it (its s_notif handshake), builds the packet from the CSRs,
 * GROUP_IP[bar], BAR_INC[bar] and TX_PSN of that moment (PSN + 1) for barrier_dev_pop_tx.
 * Returns 1, 0 (nothing queued: the RTL sent a notification the model did not decide) or
 * BARRIER_EINVAL. barrier_dev_tx_pending counts the queued notifications. Untimed mode builds
 * the packet when the request is applied.
 */
int barrier_dev_tx_take(struct barrier_dev_model *m);
size_t barrier_dev_tx_pending(const struct barrier_dev_model *m);

/*
 * barrier_dev_pop_rel - the next release of PE pe (keyed scoreboard, section 3).
 * A pending response (error or ARRIVE_NB) is returned first; otherwise, if the PE is armed and
 * GE(cnt[bar], tgt[pe]), the release {pe, bar, tgt[pe], OK} is returned and the PE disarmed.
 * OK releases count rel_ok.
 * Returns 1 (released, *rel filled), 0 (the model says PE pe may NOT be released now: the
 * harness should flag a premature or unexpected release), BARRIER_EINVAL (pe >= NW, NULL).
 */
int barrier_dev_pop_rel(struct barrier_dev_model *m, unsigned pe, struct barrier_rel *rel);

/*
 * Timed release (lockstep): barrier_dev_rel_latch decides a release of PE pe exactly as
 * barrier_dev_pop_rel, at the moment the RTL loads its release register; the PE then stays busy
 * (requests are dropped as req_drop_busy, TGT writes are refused) until barrier_dev_rel_ack,
 * called at the m_rel handshake, which also counts rel_ok. barrier_dev_pop_rel = latch + ack.
 * rel_latch returns 1, 0 (not releasable) or BARRIER_EINVAL (pe >= NW, NULL, or a release of pe
 * is already latched); rel_ack returns BARRIER_OK or BARRIER_EINVAL (nothing latched).
 */
int barrier_dev_rel_latch(struct barrier_dev_model *m, unsigned pe, struct barrier_rel *rel);
int barrier_dev_rel_ack(struct barrier_dev_model *m, unsigned pe);

/*
 * barrier_dev_pop_mir - the next mirror write (section 4, in update order; an internal-path
 * update precedes the fabric update of the same cycle).
 * Returns 1 (popped), 0 (none), BARRIER_EINVAL.
 */
int barrier_dev_pop_mir(struct barrier_dev_model *m, struct barrier_mir *mir);

/*
 * barrier_dev_releasable - the PEs that are releasable now (pending response, or armed and
 * GE(cnt[bar], tgt)): for end-of-run liveness checks (after the RTL drained, the result must
 * be 0).
 *   bitmap: optional (may be NULL), 4 words = 256 bits, bit p of word p/64 = PE p.
 * Returns the number of releasable PEs.
 */
unsigned barrier_dev_releasable(const struct barrier_dev_model *m, uint64_t bitmap[4]);

/* barrier_dev_ge - the serial compare GE(c, t) at the model's width (section 2): 1 or 0. */
int barrier_dev_ge(const struct barrier_dev_model *m, uint64_t c, uint64_t t);

/* ================================================================== barrier_fanout */

/* Statistics indices of barrier_fanout (section 7, CSR 0x100 + 4*i). */
enum barrier_fanout_stat {
    BFS_PKTS_IN = 0, BFS_PKTS_FWD, BFS_COPIES_OUT, BFS_DROP_MALFORMED,
    BFS_DROP_UNKNOWN_GROUP, BFS_DROP_NO_MEMBERS, BFS_DROP_BAD_SRC, BFS_CSR_ERR,
    BFS_NUM_STATS  /* 8 */
};

/* Verdict of one ingress packet (barrier_fanout_push). */
enum barrier_fanout_verdict {
    BFAN_FWD               = 0,
    BFAN_DROP_MALFORMED    = 1,  /* < 34 bytes, EtherType != 0x0800 or IPv4 version != 4 */
    BFAN_DROP_BAD_SRC      = 2,  /* tuser (src port) >= NP */
    BFAN_DROP_UNKNOWN_GROUP = 3, /* no valid group entry with GROUP_IP == IPv4 dst */
    BFAN_DROP_NO_MEMBERS   = 4   /* empty destination mask */
};

#define BFAN_CSR_ID           0x000u
#define BFAN_CSR_PARAMS       0x004u
#define BFAN_CSR_STAT(i)      (0x100u + 4u * (unsigned)(i))
#define BFAN_CSR_G_CTRL(g)    (0x400u + 16u * (unsigned)(g))
#define BFAN_CSR_G_IP(g)      (0x404u + 16u * (unsigned)(g))
#define BFAN_CSR_G_MASK(g)    (0x408u + 16u * (unsigned)(g))
#define BFAN_ID_VALUE         0x46414e31u  /* "FAN1" */
#define BFAN_G_CTRL_VALID     0x1u
#define BFAN_G_CTRL_REFLECT   0x2u
/* translation entry of (group g, port p), section 7.2: CTRL [0] UD_EN, [1] FA_EN, [15:8] BAR;
 * BASE_LO (+4) DST_BASE[31:12] (bits 11:0 ignored), BASE_HI (+8) DST_BASE[63:32]; write-only.
 * FA_EN, BASE_LO and BASE_HI only with cfg.xlt_fa (RTL XLT_FA = 1) */
#define BFAN_CSR_XLT(g, p)    (0x4000u + 0x100u * (unsigned)(g) + 0x10u * (unsigned)(p))
#define BFAN_CSR_XLT_LO(g, p) (BFAN_CSR_XLT(g, p) + 4u)  /* staged; write it before XLT_HI (xlt_fa) */
#define BFAN_CSR_XLT_HI(g, p) (BFAN_CSR_XLT(g, p) + 8u)
#define BFAN_XLT_UD_EN        0x1u
#define BFAN_XLT_FA_EN        0x2u
#define BFAN_XLT_MASK         0xff03u
#define BFAN_XLT_BASE_MASK    UINT64_C(0xfffffffffffff000)  /* DST_BASE[63:12] */

struct barrier_fanout_cfg {
    unsigned num_ports;   /* NP: 2..16 */
    unsigned num_groups;  /* NG: 1..255 (PARAMS[15:8]) */
    unsigned xlt_fa;      /* RTL parameter XLT_FA (section 7.2): 0 (the RTL default) = no FETCH_ADD
                             translation: FA_EN ignored, FETCH_ADD copies unchanged, XLT +4 / +8
                             unmapped (SLVERR, csr_err); 1 = FETCH_ADD translation built */
};

struct barrier_fanout_model {
    struct barrier_fanout_cfg cfg;
    uint32_t stats[BFS_NUM_STATS];
    uint8_t  *g_ctrl;      /* [1:0] valid, reflect */
    uint32_t *g_ip;
    uint32_t *g_mask;      /* NP bits */
    uint16_t *xlt;         /* [16 * g + p]: translation entry (CSR XLT CTRL: 15:8 BAR, 1 FA_EN, 0 UD_EN) */
    uint64_t *xlt_base;    /* [16 * g + p]: DST_BASE[63:12] (committed by CSR XLT BASE_HI), low 12 bits 0 */
    uint32_t xlt_lo_stage; /* staged BASE_LO (DST_BASE[31:12] in bits 31:12; 0 after reset) */
    uint64_t xlt_ud;       /* copies rewritten (UD translation), for coverage */
    uint64_t xlt_fa;       /* copies rewritten (FETCH_ADD translation), for coverage */
    struct bq **outq;      /* per egress port: struct of packet copies */
};

/*
 * barrier_fanout_init - create the model in its post-reset state (group table all 0:
 * invalid). Returns BARRIER_OK, BARRIER_EINVAL (NULL, num_ports not 2..16, num_groups not
 * 1..255, xlt_fa not 0 / 1; *m zeroed) or BARRIER_ENOMEM.
 */
int barrier_fanout_init(struct barrier_fanout_model *m, const struct barrier_fanout_cfg *cfg);

/* barrier_fanout_free - release the model's memory (idempotent). */
void barrier_fanout_free(struct barrier_fanout_model *m);

/* barrier_fanout_reset - synchronous reset: group table, statistics and egress queues cleared. */
void barrier_fanout_reset(struct barrier_fanout_model *m);

/*
 * barrier_fanout_csr_write - full-word AXI4-Lite write, addr bits 1:0 must be 0. Group table
 * (g < NG): +0 CTRL [1:0], +4 GROUP_IP [31:0], +8 PORT_MASK [NP-1:0]; reserved bits dropped.
 * Translation table XLT[g][p] (g < NG, p < NP; section 7.2), write-only: 0x4000 + 0x100*g +
 * 0x10*p +0 CTRL {BAR[15:8], FA_EN[1], UD_EN[0]}, +4 BASE_LO DST_BASE[31:12] (data bits 31:12,
 * held in one staging register for the block), +8 BASE_HI DST_BASE[63:32]: commits DST_BASE =
 * {BASE_HI, staged BASE_LO} to the entry; +0xC and entries out of range answer SLVERR. With
 * cfg.xlt_fa = 0 (RTL XLT_FA = 0) +4 and +8 are unmapped too (SLVERR) and FA_EN is ignored.
 * ID, PARAMS, statistics and unmapped addresses -> BARRIER_CSR_ERR, csr_err++.
 * Returns enum barrier_csr_result or BARRIER_EINVAL.
 */
int barrier_fanout_csr_write(struct barrier_fanout_model *m, uint32_t addr, uint32_t data);

/*
 * barrier_fanout_csr_write_strb - as barrier_fanout_csr_write with the write strobes: partial
 * writes (strb != 0xf) and addresses with bits 1:0 != 0 -> BARRIER_CSR_ERR, csr_err++ (SLVERR).
 */
int barrier_fanout_csr_write_strb(struct barrier_fanout_model *m, uint32_t addr, uint32_t data,
                                  unsigned strb);

/*
 * barrier_fanout_csr_write_check - the response a full write to addr with strobes strb gets
 * (BARRIER_CSR_DONE or BARRIER_CSR_ERR, as barrier_fanout_csr_write_strb), without writing or
 * counting anything: the lockstep answers B from it in the handshake cycle and applies the
 * write when the RTL's table takes it. BARRIER_EINVAL for a NULL model.
 */
int barrier_fanout_csr_write_check(const struct barrier_fanout_model *m, uint32_t addr,
                                   unsigned strb);

/* barrier_fanout_csr_read_err - 1 when a read of addr answers SLVERR (unmapped), else 0. */
int barrier_fanout_csr_read_err(const struct barrier_fanout_model *m, uint32_t addr);

/* barrier_fanout_csr_read - AXI4-Lite read; unmapped addresses read 0. PARAMS = {NG, NP}. */
uint32_t barrier_fanout_csr_read(const struct barrier_fanout_model *m, uint32_t addr);

/* barrier_fanout_stat - statistics counter i (enum barrier_fanout_stat); 0 if out of range. */
uint32_t barrier_fanout_stat(const struct barrier_fanout_model *m, unsigned i);

/*
 * barrier_fanout_push - one packet accepted on s_axis_in (section 7).
 *   pkt, len: the packet bytes; src_port: its tuser[3:0] (bits above 3 are ignored).
 * pkts_in++; then drop checks in order: malformed, bad_src, unknown_group (lowest matching
 * valid entry wins), no_members with dmask = PORT_MASK[g] & ~(REFLECT[g] ? 0 : 1 << src).
 * Otherwise the bytes are queued on every port of dmask with tuser = src; pkts_fwd++,
 * copies_out += popcount(dmask). Each copy is unchanged except for the per-member translation
 * of section 7.2, computed from scratch per copy (two full roce_icrc_ipv4 runs): a UD
 * notification (byte 14 0x45, IPv4 total length 64, opcode 0x65) with XLT[g][p].UD_EN gets
 * byte 63 := BAR; a FETCH_ADD notification (0x45, total length 72, opcode 0x14) with
 * XLT[g][p].FA_EN gets VA (bytes 54-61) := DST_BASE[63:12] || VA[11:0] (cfg.xlt_fa only,
 * otherwise the FETCH_ADD copy is unchanged); in both the ICRC
 * bytes present are XORed with ICRC(rewritten image) ^ ICRC(original image) (an ingress ICRC
 * error is preserved); frames of the class with another length are rewritten where the bytes
 * exist. Source: seed 001 ¶41-¶44, claims 8, 15; note block B, B2.
 * Returns enum barrier_fanout_verdict, BARRIER_EINVAL or BARRIER_ENOMEM.
 */
int barrier_fanout_push(struct barrier_fanout_model *m, const uint8_t *pkt, size_t len,
                        unsigned src_port);

/*
 * Timed decision (lockstep, docs/barrier.md 7, same-cycle rule): barrier_fanout_match - the group
 * the packet's IPv4 destination (bytes 30-33) selects in the table now: the lowest valid entry
 * with GROUP_IP == destination, 0..NG-1, or NG (none; also for a packet shorter than 34 bytes);
 * BARRIER_EINVAL for NULL arguments. The RTL compares in its P1 cycle. barrier_fanout_push_group
 * - barrier_fanout_push with that match decided earlier (group = its result; PORT_MASK and
 * CTRL.REFLECT of the group and the translation entries are read now: the RTL's P3 cycle).
 * barrier_fanout_push(m, pkt, len, src) = push_group(m, pkt, len, src, match(m, pkt, len)).
 * Returns as barrier_fanout_push (BARRIER_EINVAL also for group > NG).
 */
int barrier_fanout_match(const struct barrier_fanout_model *m, const uint8_t *pkt, size_t len);
int barrier_fanout_push_group(struct barrier_fanout_model *m, const uint8_t *pkt, size_t len,
                              unsigned src_port, unsigned group);

/*
 * barrier_fanout_pop - the next packet on egress port `port` (ingress order per port).
 *   buf, cap: destination; *len: packet length; *src: its tuser (source port).
 * Returns 1 (popped), 0 (none queued), BARRIER_ENOSPC (cap < length; *len set, nothing popped)
 * or BARRIER_EINVAL (port >= NP, NULL).
 */
int barrier_fanout_pop(struct barrier_fanout_model *m, unsigned port, uint8_t *buf, size_t cap,
                       size_t *len, unsigned *src);

/* barrier_fanout_pending - number of packets queued on egress port `port` (0 if invalid). */
size_t barrier_fanout_pending(const struct barrier_fanout_model *m, unsigned port);

#ifdef __cplusplus
}
#endif

#endif /* CMODEL_BARRIER_H */
