/*
 * cmodel/nic_txdma.h -- bit-accurate C model of rtl/nic/nic_txdma.v, the NIC TX DMA engine
 * (docs/nic_txdma.md; seed 003 L40-L70, spec note 003 section 2.3 and block B4).
 *
 * Two parts:
 *  1. The decision functions HOST_SCHED and ROUTER_ARB as PURE functions of a packed snapshot of
 *     the context state (struct nic_txdma_hs_state / nic_txdma_ra_state). The lockstep testbench
 *     fills the snapshot from the RTL's registers every cycle and compares the RTL's decision
 *     with the function's (cycle-exact; the timing rule is in docs/nic_txdma.md 4).
 *  2. A transaction-level model of the engine: commands in (per-VN queues), the read sequence of
 *     each VN (addresses and lengths), completion beats stored per tag, the flits and headers of
 *     each VN in order, the CSRs and the same counters as the RTL. Where the RTL's output order
 *     across VNs depends on timing the caller names the VN of each output (the testbench takes it
 *     from the RTL's port; ROUTER_ARB's check makes that choice exact).
 *
 * Units: addresses and lengths in bytes; buffer quantities (occ, rsv, size) in 32-byte lines.
 * No globals; every function takes the model. Return codes below.
 */
#ifndef CMODEL_NIC_TXDMA_H
#define CMODEL_NIC_TXDMA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NTD_OK        0
#define NTD_EINVAL   (-1)   /* bad argument */
#define NTD_ENOMEM   (-2)
#define NTD_EEMPTY   (-3)   /* nothing to pop for this VN (the RTL output something the model has not) */
#define NTD_ENOTREADY (-4)  /* the flit's read has not completed all its beats */
#define NTD_ETAG     (-5)   /* tag unknown / beat beyond the read's length */

#define NTD_MAX_VN   4
#define NTD_MAX_TAGS 256
#define NTD_LINE     32u

/* counters (STAT index, rdl/nic_txdma.rdl) */
enum {
    NTD_ST_MSGS = 0, NTD_ST_FLITS, NTD_ST_READS, NTD_ST_CPL_ERR, NTD_ST_CMD_REFUSED, NTD_ST_CPL_BAD,
    NTD_ST_CRED_ERR, NTD_ST_STALL_BUF, NTD_ST_STALL_TAG, NTD_ST_STALL_CRED, NTD_ST_STARTS,
    NTD_ST_CSR_ERR, NTD_NSTAT
};

/* ---------------------------------------------------------------- pure decision functions */

/* Snapshot for HOST_SCHED (the RTL's phase-0 cycle). Per context c (= VN c). */
struct nic_txdma_hs_state {
    unsigned n_vn;
    unsigned mrrs_code[NTD_MAX_VN];   /* MRRS of context c's message (the CSR latched at its
                                         start): 128 << min(code, 5) bytes */
    int      v[NTD_MAX_VN];
    uint64_t addr[NTD_MAX_VN];        /* next byte to request */
    uint32_t rem[NTD_MAX_VN];         /* bytes not yet requested */
    uint32_t occ[NTD_MAX_VN];         /* lines buffered, not sent */
    uint32_t rsv[NTD_MAX_VN];         /* lines requested, not yet retired */
    uint32_t alloc[NTD_MAX_VN];       /* BUF_SIZE lines */
    uint32_t lwm[NTD_MAX_VN];         /* LWM bytes */
    int      cmd_valid[NTD_MAX_VN];   /* VN c has a queued command */
    uint16_t cmd_stamp[NTD_MAX_VN];   /* arrival stamp of that command (16-bit, modular) */
    uint16_t older;                   /* bit i*n_vn+j: context i allocated before j */
    int      cur_v;
    unsigned cur;
    int      tag_free;                /* a free tag exists */
    int      rd_busy;                 /* the read request register is occupied */
};

struct nic_txdma_hs_out {
    int      slot;        /* the decision is applied (a free tag and the read port idle) */
    int      nxt_v;
    unsigned nxt;
    int      rd;          /* a read for nxt issues */
    int      start;       /* context nxt starts its VN's head command */
    uint32_t req_bytes;   /* the read's length when rd */
    int      stall_buf;   /* slot with no read, no start, and a started context with rem > 0 */
};

/* nic_txdma_next_req - bytes of the next read of a context: min(rem, MRRS - addr % MRRS). */
uint32_t nic_txdma_next_req(uint64_t addr, uint32_t rem, unsigned mrrs_code);

/* nic_txdma_host_sched - HOST_SCHED (spec note 2.3), a pure function. */
void nic_txdma_host_sched(const struct nic_txdma_hs_state *s, struct nic_txdma_hs_out *o);

/* Snapshot for ROUTER_ARB (every cycle). */
struct nic_txdma_ra_state {
    unsigned n_vn;
    int      v[NTD_MAX_VN];
    uint32_t occ[NTD_MAX_VN];
    uint32_t cred[NTD_MAX_VN];
    int      head_sent[NTD_MAX_VN];
    int      hok[NTD_MAX_VN];         /* occ >= ceil(min(HWM, len) / 32) in the previous cycle */
    int      out_ok, hdr_ok;          /* room in the data / header output FIFOs */
    uint16_t older;
};

struct nic_txdma_ra_out {
    int      gnt_v;
    unsigned gnt;
    int      stall_cred;  /* a context ready to send (occ > 0, head_sent or hok) has no credits */
};

/* nic_txdma_router_arb - ROUTER_ARB (spec note 2.3), a pure function. */
void nic_txdma_router_arb(const struct nic_txdma_ra_state *s, struct nic_txdma_ra_out *o);

/* ---------------------------------------------------------------- transaction-level model */

struct nic_txdma_cfg {
    unsigned n_vn;        /* 2..4 */
    unsigned tag_w;       /* 1..8 */
    unsigned lines;       /* buffer lines, power of two */
};

struct nic_txdma_cmd {
    unsigned vn;
    uint64_t addr;
    uint32_t len;
    uint16_t dest_nid, msg_id;
};

struct nic_txdma_hdr {
    uint16_t dest_nid;
    uint32_t len;
    unsigned vn;
    uint16_t msg_id;
};

struct nic_txdma_flit {
    uint8_t  data[32];
    unsigned bytes;       /* 1..32 */
    unsigned vn;
    int      last, err;
};

struct nic_txdma_rd {
    uint64_t addr;
    uint32_t len;
};

struct ntd_read;   /* a read of the model (nic_txdma.c) */
struct ntd_msg;

struct nic_txdma_vn {
    struct ntd_msg *msg;  size_t nmsg, cap_msg, started, rd_msg, hdr_msg, sent;   /* queue + cursors */
    uint64_t rd_off;                    /* bytes of msg[rd_msg] requested */
    struct ntd_read *rd;  size_t nrd, cap_rd, out_rd;   /* reads in issue order; out_rd: being sent */
    uint32_t out_line;                  /* next line of rd[out_rd] to send */
};

struct nic_txdma {
    struct nic_txdma_cfg cfg;
    /* CSRs */
    unsigned mrrs_code;
    uint32_t lwm[NTD_MAX_VN], hwm[NTD_MAX_VN], base[NTD_MAX_VN], size[NTD_MAX_VN], cmax[NTD_MAX_VN];
    int64_t  cred[NTD_MAX_VN];          /* credits as the model tracks them (decremented per flit popped) */
    struct nic_txdma_vn vn[NTD_MAX_VN];
    long     tag_rd[NTD_MAX_TAGS];      /* read index of the tag's VN, -1 free */
    unsigned tag_vn[NTD_MAX_TAGS];
    uint32_t tag_beat[NTD_MAX_TAGS];
    uint64_t stat[NTD_NSTAT];
    uint64_t bytes;
};

/* nic_txdma_init - reset state, CSR defaults (MRRS 512, LWM 0, HWM 0, slices LINES / N_VN,
 * CRED_MAX 64, credits 64). Returns NTD_OK, NTD_EINVAL, NTD_ENOMEM. nic_txdma_free releases. */
int  nic_txdma_init(struct nic_txdma *m, const struct nic_txdma_cfg *cfg);
void nic_txdma_free(struct nic_txdma *m);

/* nic_txdma_csr_write / read - AXI4-Lite access (12-bit byte address). write returns 0 OKAY or
 * 2 SLVERR (counter csr_err); read returns 0 or 2 and the data in *data. A CRED_MAX write also
 * reloads the VC's credits. */
unsigned nic_txdma_csr_write(struct nic_txdma *m, uint32_t addr, uint32_t data, unsigned strb);
unsigned nic_txdma_csr_read(const struct nic_txdma *m, uint32_t addr, uint32_t *data);

/* nic_txdma_push_cmd - one accepted command. Returns 1 queued, 0 refused (counter cmd_refused:
 * vn >= n_vn, len 0 or > 1 MiB, addr not 32-byte aligned), NTD_ENOMEM. */
int nic_txdma_push_cmd(struct nic_txdma *m, const struct nic_txdma_cmd *c);

/* nic_txdma_start - the RTL started VN vn's head command (counter starts); NTD_EEMPTY if none. */
int nic_txdma_start(struct nic_txdma *m, unsigned vn);

/* nic_txdma_pop_rd - the next read of VN vn (of its started messages): *r; the caller compares
 * it with the RTL's request and gives its tag. Counter reads. NTD_EEMPTY if none is due. */
int nic_txdma_pop_rd(struct nic_txdma *m, unsigned vn, unsigned tag, struct nic_txdma_rd *r);

/* nic_txdma_push_cpl - one completion beat accepted by the RTL: tag, 32 data bytes, err.
 * A beat for a tag with no read outstanding counts cpl_bad and returns 0; else 1 (the read's
 * data is stored; cpl_err counts once per failed read, at its last beat). */
int nic_txdma_push_cpl(struct nic_txdma *m, unsigned tag, const uint8_t *data, int err);

/* nic_txdma_pop_hdr - the next header of VN vn (counter msgs). NTD_EEMPTY if none started. */
int nic_txdma_pop_hdr(struct nic_txdma *m, unsigned vn, struct nic_txdma_hdr *h);

/* nic_txdma_pop_data - the next flit of VN vn (counter flits, bytes): NTD_EEMPTY when the VN has
 * no requested data, NTD_ENOTREADY when its read has not received every beat. */
int nic_txdma_pop_data(struct nic_txdma *m, unsigned vn, struct nic_txdma_flit *f);

/* nic_txdma_credit - a credit return {vc, n}: dropped with cred_err when vc >= n_vn or the
 * credits would exceed CRED_MAX (the model's credit count, decremented per flit popped). */
void nic_txdma_credit(struct nic_txdma *m, unsigned vc, unsigned n);

/* nic_txdma_tick - per-cycle stall counters from the decisions of the cycle: hs (NULL outside
 * a decision cycle) and ra. */
void nic_txdma_tick(struct nic_txdma *m, const struct nic_txdma_hs_out *hs, const struct nic_txdma_ra_out *ra);

#ifdef __cplusplus
}
#endif

#endif
