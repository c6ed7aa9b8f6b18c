/* cmodel/mcast.h -- bit-accurate C11 golden model of mcast_pe, the switch multicast packet
 * engine (seed 002, note spec/002-reliable-multicast.md; contract: docs/mcast.md).
 *
 * One model = one packet engine (PE) of one switch. The model is event-serial, exactly like the
 * RTL: every input transaction (a local multicast frame, a fabric encapsulated frame, a local
 * node completion, a child-switch collective completion, a timer tick) is processed completely,
 * in the order it was accepted, before the next one; the outputs it produces are queued per
 * output port (m_fab, m_loc, m_ocpl, m_fcpl) in the order the RTL emits them.
 *
 * Wire format (docs/mcast.md section 3): Ethernet II, EtherType 0x88B5, 12-byte mcast header,
 * NREC 4-byte switch records (pre-order subtree, node bitmap per switch), then the original
 * frame. All multi-byte fields big-endian. Errors: functions return MCAST_OK (0) or a negative
 * MCAST_E* code; bad packets are never errors of the API: they get an outcome and a counter.
 *
 * No global state. Not thread-safe per model instance.
 */
#ifndef MCAST_H
#define MCAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- wire constants */
#define MCAST_ETHERTYPE   0x88B5u /* IEEE local experimental EtherType 1 */
#define MCAST_VERSION     1u
#define MCAST_ETH_LEN     14u     /* dst MAC, src MAC, EtherType */
#define MCAST_HDR_LEN     26u     /* Ethernet + 12-byte mcast header, before the records */
#define MCAST_REC_LEN     4u      /* sw_id(8) subtree_size(8) node_bmp(16) */
#define MCAST_TYPE_P      0u      /* posted data */
#define MCAST_TYPE_NP     1u      /* non-posted data: completions collated */

/* completion status (m_ocpl.status, m_fcpl.status); PCIe-like names (note §5-A7) */
#define MCAST_ST_SC   0u /* every targeted node completed successfully */
#define MCAST_ST_UR   1u /* unsupported request: unknown group, malformed, oversize (no copy sent) */
#define MCAST_ST_CA   2u /* at least one targeted node failed (timeout, error, no route, ...) */
#define MCAST_ST_BUSY 3u /* completion table (MOT) full: nothing sent, every target counted failed */

/* API return codes */
#define MCAST_OK        0
#define MCAST_EINVAL   -1 /* bad configuration or argument */
#define MCAST_ENOMEM   -2
#define MCAST_CSR_ERR  -3 /* unmapped or read-only CSR address (RTL answers SLVERR) */

/* ---------------------------------------------------------------- configuration (= RTL parameters) */
typedef struct {
    unsigned num_ports;   /* L, local device ports, 2..8 (node bitmap bits >= L are not members) */
    unsigned num_isl;     /* K, inter-switch link ports, 2..4 */
    unsigned num_groups;  /* multicast groups, power of two, 2..64 */
    unsigned num_sw;      /* switch IDs 0..num_sw-1 are routable, power of two, 4..64 */
    unsigned max_rec;     /* records per header, 2..8 */
    unsigned mot;         /* outstanding non-posted multicasts (MOT entries), 1..8 */
    unsigned dedup_ways;  /* duplicate-filter entries per group, 1..4 */
    unsigned max_len;     /* largest local multicast frame accepted, bytes, multiple of 8 */
} mcast_cfg;

/* ---------------------------------------------------------------- CSR map (byte addresses)
 * Generated from rdl/mcast_pe.rdl by PeakRDL-cheader (cmodel/regs/mcast_pe_regs.h; table in
 * docs/regs/mcast_pe.md): each address is the offset of its register in the packed struct
 * mcast_pe_t; field positions are MCAST_PE__<REG>__<FIELD>_bp / _bw / _bm. */
#include "regs/mcast_pe_regs.h"
#define MCAST_OFF(m)        ((unsigned)offsetof(mcast_pe_t, m))
#define MCAST_CSR_ID        MCAST_OFF(ID)        /* RO 0x4D435354 "MCST" */
#define MCAST_CSR_SWITCH    MCAST_OFF(SWITCH)    /* RW my switch id */
#define MCAST_CSR_LINK_UP   MCAST_OFF(LINK_UP)   /* RW [K-1:0] ISL link state (1 = up); reset all ones */
#define MCAST_CSR_T_LOCAL   MCAST_OFF(T_LOCAL)   /* RW ticks before a silent node is retried; reset 4 */
#define MCAST_CSR_T_CHILD   MCAST_OFF(T_CHILD)   /* RW ticks before pending child switches fail; reset 32 */
#define MCAST_CSR_MAX_RETRY MCAST_OFF(MAX_RETRY) /* RW resends to a silent node before it fails; reset 2 */
#define MCAST_CSR_DEDUP_AGE MCAST_OFF(DEDUP_AGE) /* RW ticks a duplicate-filter entry lives; reset 64 */
#define MCAST_CSR_PARAMS    MCAST_OFF(PARAMS)    /* RO mot, max_rec, num_sw, num_groups, num_isl, num_ports */
#define MCAST_CSR_ROOT_SEQ  MCAST_OFF(ROOT_SEQ)  /* RO next RootSeq */
#define MCAST_CSR_MOT_VALID MCAST_OFF(MOT_VALID) /* RO [M-1:0] valid MOT entries */
#define MCAST_CSR_STAT      MCAST_OFF(STAT)      /* RO counters, 32-bit, wrap; index MCAST_S_* */
#define MCAST_CSR_GROUP     MCAST_OFF(GRP)       /* group table: CTRL {member_bmp, valid}, NREC */
#define MCAST_CSR_TREE      MCAST_OFF(TREE)      /* root-tree records (sw, size, bmp) per group */
#define MCAST_CSR_ROUTE     MCAST_OFF(ROUTE)     /* route per switch {alt, primary, alt_valid, valid} */
#define MCAST_STAT_STRIDE   (MCAST_OFF(STAT[1]) - MCAST_OFF(STAT[0]))
#define MCAST_GRP_STRIDE    (MCAST_OFF(GRP[1]) - MCAST_OFF(GRP[0]))
#define MCAST_GRP_NREC      (MCAST_OFF(GRP[0].NREC) - MCAST_OFF(GRP[0]))   /* offset of NREC in a group */
#define MCAST_TREE_STRIDE   (MCAST_OFF(TREE[1]) - MCAST_OFF(TREE[0]))
#define MCAST_REC_STRIDE    (MCAST_OFF(TREE[0].REC[1]) - MCAST_OFF(TREE[0].REC[0]))
#define MCAST_ROUTE_STRIDE  (MCAST_OFF(ROUTE[1]) - MCAST_OFF(ROUTE[0]))
#define MCAST_CSR_STAT_I(i)      (MCAST_CSR_STAT + MCAST_STAT_STRIDE * (unsigned)(i))
#define MCAST_CSR_GRP_CTRL(g)    (MCAST_CSR_GROUP + MCAST_GRP_STRIDE * (unsigned)(g))
#define MCAST_CSR_GRP_NREC(g)    (MCAST_CSR_GRP_CTRL(g) + MCAST_GRP_NREC)
#define MCAST_CSR_TREE_REC(g, r) (MCAST_CSR_TREE + MCAST_TREE_STRIDE * (unsigned)(g) + MCAST_REC_STRIDE * (unsigned)(r))
#define MCAST_CSR_ROUTE_S(s)     (MCAST_CSR_ROUTE + MCAST_ROUTE_STRIDE * (unsigned)(s))
/* register images: field values placed at their generated positions */
#define MCAST_GRP_CTRL_VAL(valid, member) \
    (((unsigned)(valid) << MCAST_PE__GRP__CTRL__VALID_bp & MCAST_PE__GRP__CTRL__VALID_bm) | \
     ((unsigned)(member) << MCAST_PE__GRP__CTRL__MEMBER_bp & MCAST_PE__GRP__CTRL__MEMBER_bm))
#define MCAST_TREE_REC_VAL(sw, size, bmp) \
    (((uint32_t)(sw) << MCAST_PE__TREE__REC__SW_bp & MCAST_PE__TREE__REC__SW_bm) | \
     ((uint32_t)(size) << MCAST_PE__TREE__REC__SIZE_bp & MCAST_PE__TREE__REC__SIZE_bm) | \
     ((uint32_t)(bmp) << MCAST_PE__TREE__REC__BMP_bp & MCAST_PE__TREE__REC__BMP_bm))
#define MCAST_ROUTE_VAL(valid, alt_valid, primary, alt) \
    (((unsigned)(valid) << MCAST_PE__ROUTE__VALID_bp & MCAST_PE__ROUTE__VALID_bm) | \
     ((unsigned)(alt_valid) << MCAST_PE__ROUTE__ALT_VALID_bp & MCAST_PE__ROUTE__ALT_VALID_bm) | \
     ((unsigned)(primary) << MCAST_PE__ROUTE__PRIMARY_bp & MCAST_PE__ROUTE__PRIMARY_bm) | \
     ((unsigned)(alt) << MCAST_PE__ROUTE__ALT_bp & MCAST_PE__ROUTE__ALT_bm))
#define MCAST_ROUTE_MASK    MCAST_ROUTE_VAL(1u, 1u, 3u, 3u)

enum mcast_stat {
    MCAST_S_RX_LOC = 0,   /* local multicast frames received */
    MCAST_S_RX_FAB,       /* fabric encapsulated frames received */
    MCAST_S_TX_FAB,       /* encapsulated copies sent */
    MCAST_S_TX_LOC,       /* local copies sent (first copies and resends) */
    MCAST_S_OCPL,         /* completions to an originator */
    MCAST_S_FCPL,         /* collective completions sent upstream */
    MCAST_S_LCPL_RX,      /* node completions accepted */
    MCAST_S_FCPL_RX,      /* child collective completions accepted */
    MCAST_S_UNKNOWN_GROUP,/* group >= num_groups or not valid */
    MCAST_S_MALFORMED,    /* truncated/bad header, bad EtherType/version/type, misrouted, bad record sizes */
    MCAST_S_LOOP,         /* switch list names this switch or the root again, or a switch twice */
    MCAST_S_UNKNOWN_SW,   /* switch id >= num_sw, or a child without a valid route */
    MCAST_S_NOROUTE,      /* child copy not sent: primary and alternative ISL down */
    MCAST_S_DUP_DROP,     /* fabric frame dropped by the duplicate filter */
    MCAST_S_STALE_CPL,    /* completion for no outstanding multicast / port / child */
    MCAST_S_MOT_FULL,     /* non-posted multicast answered BUSY */
    MCAST_S_RETRY,        /* resends to silent nodes */
    MCAST_S_TIMEOUT,      /* nodes failed after MAX_RETRY resends */
    MCAST_S_CHILD_TIMEOUT,/* child switches failed by T_CHILD */
    MCAST_S_REROUTE,      /* child copies sent on the alternative ISL */
    MCAST_S_OVERSIZE,     /* frame longer than the buffer */
    MCAST_S_NOT_MEMBER,   /* declared nodes that are not local members (counted failed) */
    MCAST_S_PROTO_ERR,    /* child completion with n_ok + n_fail != nodes declared */
    MCAST_S_NUM
};

/* ---------------------------------------------------------------- transactions */
typedef struct { /* m_ocpl: the one completion to the originator of a non-posted multicast */
    uint8_t port, tag, status, n_ok, n_fail, fail_bmp; /* fail_bmp: local ports that failed */
} mcast_ocpl;

typedef struct { /* m_fcpl / s_fcpl: collective completion of a subtree to its parent switch */
    uint8_t dst_sw, src_sw, mtid, status, n_ok, n_fail;
} mcast_fcpl;

/* tuser of s_axis_loc: [2:0] ingress port, [3] non-posted, [11:4] originator tag */
#define MCAST_LOC_USER(port, np, tag) (((unsigned)(port) & 7u) | ((np) ? 8u : 0u) | (((unsigned)(tag) & 0xFFu) << 4))
/* tuser of m_axis_loc: [2:0] egress port, [10:3] MTID (NP), [11] non-posted */
/* tuser of m_axis_fab: [1:0] egress ISL */
/* MTID = {gen[3:0], mot index[3:0]} */

#define MCAST_MAX_PORTS 8
#define MCAST_MAX_REC   8
#define MCAST_MAX_MOT   8
#define MCAST_MAX_WAYS  4
#define MCAST_MAX_GROUPS 64
#define MCAST_MAX_SW    64

typedef struct {
    uint8_t sw, size;
    uint16_t bmp;
} mcast_rec;

typedef struct mcast_q mcast_q; /* opaque output queue */

typedef struct {
    uint8_t valid, gen, relay, grp;
    uint8_t orig_port, orig_tag;      /* root */
    uint8_t parent_sw, parent_mtid;   /* relay */
    uint8_t pend_local, fail_bmp;
    uint8_t retry[MCAST_MAX_PORTS];
    uint8_t nch, ch_sw[MCAST_MAX_REC], ch_decl[MCAST_MAX_REC];
    uint8_t pend_child;               /* bit c: child c pending */
    uint8_t n_ok, n_fail;
    uint16_t t_local, t_child;
    uint8_t buf;                      /* buffer holding the original frame */
    uint8_t frame[512];
    uint16_t frame_len;
} mcast_mot_entry;

typedef struct {
    uint8_t valid, sw;
    uint16_t seq, age;
} mcast_dedup_entry;

typedef struct {
    mcast_cfg cfg;
    /* CSRs */
    uint8_t my_sw, link_up, max_retry;
    uint16_t t_local, t_child, dedup_age;
    uint8_t grp_valid[MCAST_MAX_GROUPS];
    uint16_t grp_member[MCAST_MAX_GROUPS];
    uint8_t tree_nrec[MCAST_MAX_GROUPS];
    uint32_t tree[MCAST_MAX_GROUPS][MCAST_MAX_REC];
    uint16_t route[MCAST_MAX_SW];
    /* state */
    uint16_t root_seq;
    mcast_mot_entry mot[MCAST_MAX_MOT];
    mcast_dedup_entry dedup[MCAST_MAX_GROUPS][MCAST_MAX_WAYS];
    uint8_t dedup_rr[MCAST_MAX_GROUPS];
    uint32_t stat[MCAST_S_NUM];
    mcast_q *q_fab, *q_loc, *q_ocpl, *q_fcpl;
    /* timed mode (mcast_set_timed): the parts of an event that the RTL decides in later cycles,
     * waiting for the harness's step calls (docs/mcast.md section 4, same-cycle rule) */
    uint8_t timed;
    uint8_t rch_on, rch_np, rch_grp, rch_root, rch_nrec, rch_starts; /* child copies to send */
    int8_t rch_e;
    uint16_t rch_seq, rch_len;
    mcast_rec rch_R[MCAST_MAX_REC];
    uint8_t rch_frame[512];
    uint8_t tick_on, tick_next;       /* MOT entries of a tick still to visit */
    uint8_t cple_on, cple_e;          /* completion to build */
} mcast_model;

/* Defaults of the RTL: L 8, K 4, 16 groups, 16 switches, 8 records, 4 MOT entries, 2 ways, 128 B. */
void mcast_default_cfg(mcast_cfg *cfg);
/* Checks cfg (ranges above); MCAST_EINVAL on a bad one, MCAST_ENOMEM. State = RTL after reset. */
int mcast_init(mcast_model *m, const mcast_cfg *cfg);
void mcast_free(mcast_model *m);
void mcast_reset(mcast_model *m); /* synchronous reset: CSRs to reset values, queues emptied */

/* CSR access (32-bit, byte strobes wstrb[3:0]); write returns MCAST_OK or MCAST_CSR_ERR. */
int mcast_csr_write(mcast_model *m, uint32_t addr, uint32_t data, unsigned wstrb);
int mcast_csr_read_err(const mcast_model *m, uint32_t addr); /* 1: SLVERR */
uint32_t mcast_csr_read(const mcast_model *m, uint32_t addr);

/* Input transactions, in acceptance order. Frames: bytes and length (>= 1). */
void mcast_push_loc(mcast_model *m, const uint8_t *frame, size_t len, unsigned tuser);
void mcast_push_fab(mcast_model *m, const uint8_t *frame, size_t len);
void mcast_push_lcpl(mcast_model *m, unsigned port, unsigned mtid, unsigned ok);
void mcast_push_fcpl(mcast_model *m, const mcast_fcpl *c);
void mcast_push_tick(mcast_model *m);

/* Output transactions: 1 and the next one of that port, or 0 when none is queued.
 * Frames: copied into buf (cap bytes; longer frames are truncated, *len = full length). */
int mcast_pop_fab(mcast_model *m, uint8_t *buf, size_t cap, size_t *len, unsigned *isl);
int mcast_pop_loc(mcast_model *m, uint8_t *buf, size_t cap, size_t *len, unsigned *tuser);
int mcast_pop_ocpl(mcast_model *m, mcast_ocpl *c);
int mcast_pop_fcpl(mcast_model *m, mcast_fcpl *c);
size_t mcast_pending(const mcast_model *m); /* outputs queued on all ports */

/* Timed mode (the lockstep harness; docs/mcast.md section 4 "same-cycle rule"). Off (default):
 * every push processes its event completely. On: an event is split at the points where the RTL
 * reads the CSRs, and the harness calls the step that the RTL takes in the cycle it observes it:
 *   mcast_push_loc / mcast_push_fab   at the frame's ST_CHECK decision (checks, duplicate filter,
 *                                     MOT allocation, UR / BUSY answers, local copies);
 *   mcast_step_rch                    at each ST_RCH decision: the next child subtree's copy (route
 *                                     entry, LINK_UP, SWITCH read now); after the last one the
 *                                     multicast ends (ST_REND);
 *   mcast_push_tick                   at the tick's acceptance (duplicate-filter ageing, DEDUP_AGE);
 *   mcast_step_tick                   at each ST_TICK visit of a valid MOT entry (T_LOCAL, T_CHILD,
 *                                     MAX_RETRY read now); returns the entry, -1 if none is due;
 *   mcast_step_cple                   when ST_CPLE builds a completion (m_fcpl.src_sw = SWITCH
 *                                     now); returns the entry, -1 if none is due.
 * A CSR write the harness applies between two calls is seen by the later ones only. */
void mcast_set_timed(mcast_model *m, int on);
int mcast_step_rch(mcast_model *m);   /* 1: a child step was due and done, 0: none due */
int mcast_step_tick(mcast_model *m);
int mcast_step_cple(mcast_model *m);
unsigned mcast_timed_pending(const mcast_model *m); /* bit 0 rch, 1 tick, 2 cple: steps due */

uint32_t mcast_stat(const mcast_model *m, enum mcast_stat s);
const char *mcast_stat_name(enum mcast_stat s);

/* Helpers shared with the testbenches (wire format). build_enc writes an encapsulated frame
 * of the given fields into out (cap bytes) and returns its length (0 if cap is too small). */
size_t mcast_build_enc(uint8_t *out, size_t cap, unsigned type, unsigned grp, unsigned mtid,
                       unsigned src_sw, unsigned dst_sw, unsigned root_sw, unsigned root_seq,
                       const mcast_rec *recs, unsigned nrec, const uint8_t *inner, size_t inner_len);
unsigned mcast_popcount16(unsigned v);

#ifdef __cplusplus
}
#endif
#endif
