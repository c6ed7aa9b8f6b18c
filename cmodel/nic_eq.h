/*
 * cmodel/nic_eq.h -- bit-accurate model of rtl/nic/nic_eq.v: the EQ reservation unit, the
 * event-posting interlock and the EQ event writer (issue 12 block B7; seed 003 L102-L148; spec
 * note 003 sections 2.5, 4 B7, 5 A15/A16; docs/nic_eq.md).
 *
 * Transaction level. Inputs are pushed as the RTL accepts them (nic_eq_push_msg / push_post on the
 * s_msg / s_post handshakes, nic_eq_csr_write on the AXI4-Lite write's apply cycle). The RTL's op
 * engine runs one table op at a time; the order of ops (which source's op is decided in which
 * cycle) depends on arbitration timing, so the harness reports each op as the RTL decides it
 * (nic_eq_op: type and cycle; docs/nic_eq.md 4, the lockstep contract) and the model computes its
 * whole effect from its own state: the decision, the event beat, the table and counter updates.
 * Outputs are popped in order (nic_eq_pop_res, nic_eq_pop_wr). Same counters as the RTL.
 * No globals; every function takes the model.
 */
#ifndef CMODEL_NIC_EQ_H
#define CMODEL_NIC_EQ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_EQ_OK     0
#define NIC_EQ_EINVAL (-1)   /* bad argument / an op with no input queued */
#define NIC_EQ_ENOMEM (-2)
#define NIC_EQ_EMPTY  (-3)   /* pop: no output queued */

#define NIC_EQ_MAX_NE 256
#define NIC_EQ_COPQ 4        /* pending EQ_CTRL / CONS_DB ops (the RTL's COPQ) */
#define NIC_EQ_DW_WORDS 7    /* event payload: 224 bits = 7 x 32 (event bytes 4..31) */

/* Elaboration parameters (the RTL's; docs/nic_eq.md 2). */
struct nic_eq_cfg {
    unsigned ne;       /* EQs, power of two, 2..256 */
    unsigned log2max;  /* largest EQ 2^log2max events, 1..15 */
    unsigned kmax;     /* most events per message, 1..7 */
    unsigned cnt_w;    /* count width, > log2(kmax) */
    unsigned pt_w;     /* PT index width, 1..16 */
};

/* Decision codes on m_res. */
enum nic_eq_code { NIC_EQ_PROCEED = 0, NIC_EQ_FC_DROP = 1, NIC_EQ_DIS_DROP = 2 };

/* Op types reported by the harness (the RTL's x_type_reg). */
enum nic_eq_op { NIC_EQ_OP_RES = 0, NIC_EQ_OP_POST = 1, NIC_EQ_OP_CSR = 2 };

struct nic_eq_msg { unsigned eq, kmax, pt; };
struct nic_eq_res { unsigned eq, kmax, pt, code; };
struct nic_eq_post { unsigned eq, kres, n; uint32_t data[NIC_EQ_DW_WORDS]; };
/* One event write (m_dma_wr beat): len 32, last 1; data[0] = bytes 3..0 of the event. */
struct nic_eq_wr { uint64_t addr; unsigned len; uint32_t data[8]; };

/* Counters (CSR order PROCEED .. CSR_ERR). */
enum {
    NIC_EQ_C_PROCEED, NIC_EQ_C_FC_DROP, NIC_EQ_C_DIS_DROP, NIC_EQ_C_STALL, NIC_EQ_C_POSTS,
    NIC_EQ_C_EVENTS, NIC_EQ_C_POST_BAD, NIC_EQ_C_POST_EXCESS, NIC_EQ_C_CONS_BAD, NIC_EQ_C_CFG_BAD,
    NIC_EQ_C_CSR_ERR, NIC_EQ_NCNT
};

struct nic_eq_q;  /* private FIFO */

struct nic_eq {
    struct nic_eq_cfg cfg;
    /* per EQ */
    uint8_t en[NIC_EQ_MAX_NE], lg[NIC_EQ_MAX_NE];
    uint32_t prod[NIC_EQ_MAX_NE], cons[NIC_EQ_MAX_NE], cnt[NIC_EQ_MAX_NE];
    uint64_t base[NIC_EQ_MAX_NE];
    /* CSRs */
    uint32_t tstall, sel, stage_lo, stage_hi;
    /* message head's bounded-stall timer */
    int waiting;
    uint64_t wait_start;
    /* post head progress */
    unsigned post_j;
    /* CSR op queue: the cycle of the last op pop (queue-full rule of nic_eq_csr_write) */
    uint64_t now, cop_pop_cycle;
    int cop_pop_valid;
    uint32_t c[NIC_EQ_NCNT];
    struct nic_eq_q *msgs, *posts, *cops, *res, *wrs;
};

/* nic_eq_init - the state after reset (every EQ disabled, TSTALL 64). NIC_EQ_OK, NIC_EQ_EINVAL
 * (a parameter out of range) or NIC_EQ_ENOMEM. nic_eq_free releases it (idempotent). */
int nic_eq_init(struct nic_eq *m, const struct nic_eq_cfg *cfg);
void nic_eq_free(struct nic_eq *m);

/* nic_eq_push_msg / push_post - an accepted s_msg / s_post transaction (fields truncated to their
 * port widths). NIC_EQ_OK or NIC_EQ_ENOMEM. */
int nic_eq_push_msg(struct nic_eq *m, const struct nic_eq_msg *msg);
int nic_eq_push_post(struct nic_eq *m, const struct nic_eq_post *p);

/* nic_eq_op - execute the op of type `type` decided in cycle `cycle` (any monotonic cycle count:
 * only differences matter, for the TSTALL timer). RES: the oldest message; POST: one step of the
 * oldest post; CSR: the oldest EQ_CTRL / CONS_DB write. NIC_EQ_OK, or NIC_EQ_EINVAL when no input
 * of that type is queued (an RTL op the model cannot explain). */
int nic_eq_op(struct nic_eq *m, unsigned type, uint64_t cycle);

/* nic_eq_pop_res / pop_wr - the next m_res decision / m_dma_wr beat. NIC_EQ_OK or NIC_EQ_EMPTY. */
int nic_eq_pop_res(struct nic_eq *m, struct nic_eq_res *out);
int nic_eq_pop_wr(struct nic_eq *m, struct nic_eq_wr *out);

/* nic_eq_csr_write - an AXI4-Lite write in its apply cycle. Returns the B code: 0 OKAY, 2 SLVERR
 * (wstrb != 0xf, read-only / unmapped address, EQ_SEL >= NE, EQ_CTRL / CONS_DB with NIC_EQ_COPQ ops
 * queued at the start of the cycle, i.e. counting one popped by an op in the same `cycle`; counted
 * in CSR_ERR). EQ_CTRL and CONS_DB are queued as ops. */
unsigned nic_eq_csr_write(struct nic_eq *m, uint32_t addr, uint32_t data, unsigned strb, uint64_t cycle);
/* nic_eq_csr_read - read data of addr into *data; returns 0 OKAY or 2 SLVERR (unmapped; data 0).
 * Reads of EQ_PROD / EQ_CONS / EQ_COUNT / counters are exact only with no op in flight. */
unsigned nic_eq_csr_read(const struct nic_eq *m, uint32_t addr, uint32_t *data);

/* nic_eq_fill - prod - cons of EQ eq (0 when disabled); nic_eq_size - its size (0 disabled). */
unsigned nic_eq_fill(const struct nic_eq *m, unsigned eq);
unsigned nic_eq_size(const struct nic_eq *m, unsigned eq);
/* nic_eq_pending - inputs queued and not yet fully consumed by ops (0: idle). */
size_t nic_eq_pending(const struct nic_eq *m);
/* nic_eq_pending_csr - EQ_CTRL / CONS_DB ops queued and not yet executed. */
size_t nic_eq_pending_csr(const struct nic_eq *m);

#ifdef __cplusplus
}
#endif
#endif
