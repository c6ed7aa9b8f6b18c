/*
 * cmodel/gpubar.h -- bit-accurate model of rtl/gpubar/gpubar_xlat.v, the GPU BAR window translator
 * (issue 14, first slice: translate + split + errors; spec note 004 section 4 R-1..R-6, R-10, R-14;
 * docs/gpubar.md).
 *
 * Transaction level. Inputs are pushed in the order the RTL accepts them (gpubar_push_cfg on the
 * s_cfg handshake, gpubar_push_desc on s_desc; the RTL accepts at most one of them per cycle and
 * finishes each before accepting the next, so acceptance order is processing order). Each push
 * computes its whole effect at once: the requests (m_req, with their tags and the flush read of a
 * write descriptor), the completion (m_cpl) and the INVALIDATE ACK (m_ack) are queued and popped
 * in order with gpubar_pop_req / gpubar_pop_cpl / gpubar_pop_ack. Same counters as the RTL.
 * No globals; every function takes the model.
 *
 * Second slice (read tags, completion timeout, flush read, INVALIDATE -> ACK; docs/gpubar.md 3):
 * the tag of every request follows from the inputs alone (reads: the n-th read request, flush
 * reads included, gets tag n mod NT; writes 0). What depends on time is the retirement of read
 * tags (completion or timeout), hence m_cpl's flag and the counters CPL_ERR / CPL_TIMEOUT /
 * CPL_STALE. For these, and only these, the model is cycle-aware. Contract, per clock cycle after
 * reset (cycle 0 = the first cycle with rst low):
 *   1. gpubar_push_rc(tag, err) for an s_rc handshake in this cycle (at most one);
 *   2. gpubar_pop_req for an m_req handshake in this cycle (a read marks its tag issued in this
 *      cycle), gpubar_pop_cpl / gpubar_pop_ack for the other outputs (any order among them);
 *   3. gpubar_tick(): the clock edge that ends the cycle (the tag walker of gpubar_tags.v).
 * gpubar_push_cfg / gpubar_push_desc may be called at any point of their cycle. A model that is
 * never ticked still gives every request, code and ACK; only m_cpl's flag needs the ticks.
 */
#ifndef CMODEL_GPUBAR_H
#define CMODEL_GPUBAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPUBAR_OK     0
#define GPUBAR_EINVAL (-1)
#define GPUBAR_ENOMEM (-2)
#define GPUBAR_EMPTY  (-3)

#define GPUBAR_MAX_NR 256
#define GPUBAR_MAX_NE 1024

/* Elaboration parameters (the RTL's). */
struct gpubar_cfg {
    unsigned nr;     /* regions, power of two, 2..256 */
    unsigned ne;     /* 64 KiB entries per region, power of two, 2..1024 */
    unsigned id_w;   /* descriptor id width, 1..16 */
    unsigned nt;     /* read tags, power of two, 2..256 (0: 32) */
    unsigned cpl_to; /* completion timeout in cycles, 0..65535 (the RTL's cpl_to input) */
};

/* s_cfg ops */
enum gpubar_op { GPUBAR_OP_MPS = 0, GPUBAR_OP_LOAD = 1, GPUBAR_OP_CLEAR = 2, GPUBAR_OP_ARM = 3,
                 GPUBAR_OP_DISARM = 4, GPUBAR_OP_INV = 5 };
/* INVALIDATE data: bit 63 = the whole region (every entry, and disarm), else entries idx ..
 * data[PW-1:0] (empty when data < idx; the ACK comes all the same) */
#define GPUBAR_INV_ALL (1ull << 63)
/* m_cpl codes */
enum gpubar_code { GPUBAR_CPL_OK = 0, GPUBAR_CPL_GEN = 1, GPUBAR_CPL_INV = 2, GPUBAR_CPL_OOB = 3 };
/* counters, stat_cnt order */
enum { GPUBAR_C_DESC_OK, GPUBAR_C_ERR_GEN, GPUBAR_C_ERR_INV, GPUBAR_C_ERR_OOB, GPUBAR_C_TLP_WR,
       GPUBAR_C_TLP_RD, GPUBAR_C_SPLIT_4K, GPUBAR_C_SPLIT_64K, GPUBAR_C_CFG_BAD, GPUBAR_C_CPL_ERR,
       GPUBAR_C_CPL_TIMEOUT, GPUBAR_C_CPL_STALE, GPUBAR_C_FLUSH_RD, GPUBAR_C_INV_ACK, GPUBAR_NCNT };

struct gpubar_cfg_op { unsigned op, region, idx; uint64_t data; };
struct gpubar_desc { unsigned id, region, gen; uint32_t off, len; unsigned write; };
struct gpubar_req {
    uint64_t addr;
    unsigned len, dw, first_be, last_be, fmt4, write, tag;
    uint8_t hdr[16];            /* header byte i = hdr[i] (RTL hdr[127-8i -: 8]); 3-DW: 12..15 = 0 */
    unsigned region, id;
    uint32_t boff;
    unsigned last;
    unsigned flush;             /* the flush read after a write descriptor's last request */
    unsigned mark;              /* (model only) a completion waits for this read's tag */
};
struct gpubar_cpl { unsigned id, region, code, flag; unsigned wait; /* wait: model only */ };

struct gpubar_model {
    struct gpubar_cfg cfg;
    unsigned mps;               /* MPS code 0..2 */
    unsigned req_id;
    unsigned rtag;              /* read tags handed out (mod NT) */
    uint64_t *ent;              /* nr * ne: {hi, addr[63:16]} as the 64-bit address */
    uint8_t *valid;             /* nr * ne */
    uint8_t *armed;             /* nr */
    uint64_t *rgn;              /* nr: {gen[16], ulen[32], off0[16]} (the RTL's region word) */
    uint32_t c[GPUBAR_NCNT];
    /* output queues (rings) */
    struct gpubar_req *rq;
    size_t rq_cap, rq_head, rq_n;
    struct gpubar_cpl *cq;
    size_t cq_cap, cq_head, cq_n;
    unsigned *aq;               /* m_ack regions */
    size_t aq_cap, aq_head, aq_n;
    /* tag walker (cycle-aware; gpubar_tags.v) */
    uint32_t now;               /* 17-bit cycle count */
    unsigned tail, iss;         /* ring pointers, mod 2 * NT */
    uint8_t out[256], bad[256], mark[256];
    uint32_t dl[256];
    unsigned exp, v0, acc;
    int rc_valid, rca_valid, rc_ev;   /* s_rc applied at the next edge (stage B), stage A, this cycle's */
    unsigned rc_tag, rc_err, rca_tag, rca_err, ev_tag, ev_err;
    int iss_ev;                 /* a read handshake in this cycle: its mark */
    uint8_t *res;               /* result FIFO (bad bits of marked tags) */
    size_t res_cap, res_head, res_n;
};

int  gpubar_init(struct gpubar_model *m, const struct gpubar_cfg *cfg);
void gpubar_free(struct gpubar_model *m);
int  gpubar_push_cfg(struct gpubar_model *m, const struct gpubar_cfg_op *op);
int  gpubar_push_desc(struct gpubar_model *m, const struct gpubar_desc *d);
int  gpubar_pop_req(struct gpubar_model *m, struct gpubar_req *r);   /* EINVAL: a read with no free tag */
int  gpubar_pop_cpl(struct gpubar_model *m, struct gpubar_cpl *c);
int  gpubar_pop_ack(struct gpubar_model *m, unsigned *region);
int  gpubar_push_rc(struct gpubar_model *m, unsigned tag, unsigned err);
void gpubar_tick(struct gpubar_model *m);
/* the head completion's release is allowed now (its tag retired, or it does not wait) */
int  gpubar_cpl_ready(const struct gpubar_model *m);
size_t gpubar_pending(const struct gpubar_model *m);   /* queued outputs, both ports */
/* Header of one request (exported for the unit tests and the TLP oracle): fills dw, first_be,
 * last_be, fmt4 and hdr[] from addr, len, write, req_id, tag. */
void gpubar_tlp_hdr(struct gpubar_req *r, unsigned req_id);

#ifdef __cplusplus
}
#endif
#endif
