/*
 * cmodel/nic_rxdma.h -- bit-accurate C model of rtl/nic/nic_rxdma.v, the NIC RX DMA engine
 * (docs/nic_rxdma.md; seed 003 L52-L74, spec note 003 section 2.3 "RX DMA engine" and the
 * RX_HOST_SCHED pseudo-code, block B5 with R1-R4; issue 12).
 *
 * Two parts:
 *  1. Pure functions of a packed snapshot of the RTL's context state: RX_HOST_SCHED (which
 *     context the next host write serves and its length) and the room rule of a waiting packet.
 *     The lockstep testbench fills the snapshot from the RTL's registers every cycle and compares
 *     the RTL's decisions with them (cycle-exact; the timing rule is docs/nic_rxdma.md 4).
 *  2. A transaction-level model: packet headers and payload beats in (refusal rules and their
 *     counters), the messages of each VN and their bytes, host writes (the caller names the VN
 *     and length of each write the RTL issued, checked against the model's bytes and rules), the
 *     write beats, credit returns and completion events in order, the CSRs and the same counters
 *     as the RTL.
 *
 * Units: addresses, lengths, occ, rcvd, T1, T2 in bytes; buffer quantities (size, used, credits)
 * in 32-byte lines. No globals; every function takes the model. Return codes below.
 */
#ifndef CMODEL_NIC_RXDMA_H
#define CMODEL_NIC_RXDMA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NRD_OK        0
#define NRD_EINVAL   (-1)   /* bad argument */
#define NRD_ENOMEM   (-2)
#define NRD_EEMPTY   (-3)   /* nothing to pop (the RTL output something the model has not) */
#define NRD_ERULE    (-4)   /* a write the model's rules do not allow (length, occ, VN) */

#define NRD_MAX_VN   4
#define NRD_LINE     32u

/* counters (STAT index, rdl/nic_rxdma.rdl) */
enum {
    NRD_ST_PKTS = 0, NRD_ST_MSGS, NRD_ST_WRITES, NRD_ST_REF_VN, NRD_ST_REF_ALIGN, NRD_ST_REF_LEN,
    NRD_ST_REF_FIRST, NRD_ST_REF_NOMSG, NRD_ST_REF_OFFSET, NRD_ST_REF_LAST, NRD_ST_STALL_HDR,
    NRD_ST_CSR_ERR, NRD_NSTAT
};

/* ---------------------------------------------------------------- pure decision functions */

/* Snapshot for RX_HOST_SCHED (the RTL's phase-0 cycle). Per context c (= VN c). */
struct nic_rxdma_hs_state {
    unsigned n_vn;
    unsigned mps_code;                /* MPS CSR: 128 << min(code, 5) bytes */
    uint32_t t1, t2;                  /* T1, T2 CSRs (bytes) */
    int      v[NRD_MAX_VN];           /* context holds a message */
    int      frs[NRD_MAX_VN];         /* first write of the message issued */
    uint32_t len[NRD_MAX_VN];         /* message length */
    uint32_t rcvd[NRD_MAX_VN];        /* bytes received */
    uint32_t occ[NRD_MAX_VN];         /* bytes buffered, not yet handed to a write */
    uint64_t va[NRD_MAX_VN];          /* VA of the next write */
    uint16_t older;                   /* bit i*n_vn+j: context i allocated before j */
    int      room;                    /* the write-command queue has room */
};

struct nic_rxdma_hs_out {
    int      gnt_v;       /* a write issues in this slot */
    unsigned gnt;         /* its context */
    uint32_t wlen;        /* its length: min(occ, MPS - va % MPS) */
    unsigned elig;        /* bit mask of eligible contexts (coverage) */
    unsigned big;         /* bit mask of eligible contexts with occ > T2 (coverage) */
};

/* nic_rxdma_wlen - length of a context's next write: min(occ, MPS - va % MPS); MPS divides 4096,
 * so the write never crosses a 4 KiB page. (occ <= bytes left in the message by construction.) */
uint32_t nic_rxdma_wlen(uint64_t va, uint32_t occ, unsigned mps_code);

/* nic_rxdma_host_sched - RX_HOST_SCHED (spec note 2.3), a pure function:
 *   eligible(c) = v && occ > 0 && (frs || rcvd >= min(T1, len))
 *   grant the oldest eligible context with occ > T2, else the oldest eligible; none unless room. */
void nic_rxdma_host_sched(const struct nic_rxdma_hs_state *s, struct nic_rxdma_hs_out *o);

/* nic_rxdma_room_ok - a checked, accepted packet may enter the buffer: its slice has room for
 * need lines (size - used >= need) and, for a first packet, its VN's context is free. */
int nic_rxdma_room_ok(uint32_t size, uint32_t used, uint32_t need, int first, int ctx_v);

/* ---------------------------------------------------------------- transaction-level model */

struct nic_rxdma_cfg {
    unsigned n_vn;        /* 2..4 */
    unsigned lines;       /* buffer lines, power of two, 64..2048 */
};

struct nic_rxdma_hdr {
    unsigned vn;
    uint32_t pid;
    uint64_t target_addr;
    uint32_t msg_len, offset, pay_len;
    int      first, last;
    uint16_t src_nid, msg_id, eq_handle;
};

struct nic_rxdma_wbeat {
    uint64_t addr;
    uint32_t len;
    uint8_t  data[32];
    int      last;
    uint32_t pid;
    unsigned vn;          /* not on the port: the write's VN (for the caller) */
};

struct nic_rxdma_evt {
    uint16_t eq_handle, src_nid, msg_id;
    uint32_t msg_len;
    unsigned vn;
    uint32_t pid;
    unsigned status;      /* 0 OK */
};

struct nic_rxdma_credit {
    unsigned vc;
    unsigned n;
};

struct nrd_msg;    /* a message of the model (nic_rxdma.c) */
struct nrd_write;  /* an issued write (nic_rxdma.c) */

struct nic_rxdma_vn {
    struct nrd_msg *msg; size_t nmsg, cap, head;   /* messages [head, nmsg) not yet evented */
};

struct nic_rxdma {
    struct nic_rxdma_cfg cfg;
    /* CSRs */
    unsigned en, mps_code;
    uint32_t t1, t2;
    uint32_t base[NRD_MAX_VN], size[NRD_MAX_VN];
    struct nic_rxdma_vn vn[NRD_MAX_VN];
    /* the packet whose payload is expected on s_data */
    int      pkt_busy, pkt_drop;
    unsigned pkt_vn;
    uint32_t pkt_off, pkt_len, pkt_beat;
    /* issued writes, in issue order: beats not yet popped */
    struct nrd_write *wr; size_t nwr, capwr, wr_head;
    uint32_t wr_beat;
    /* credits and events, in order */
    struct nic_rxdma_credit *cr; size_t ncr, capcr, cr_head;
    struct nic_rxdma_evt *ev; size_t nev, capev, ev_head;
    uint64_t stat[NRD_NSTAT];
    uint64_t bytes;
};

/* nic_rxdma_init - reset state, CSR defaults (ENABLE 1, MPS 512, T1 0, T2 0x1ffff, slices
 * LINES / N_VN). Returns NRD_OK, NRD_EINVAL. nic_rxdma_free releases everything. */
int  nic_rxdma_init(struct nic_rxdma *m, const struct nic_rxdma_cfg *cfg);
void nic_rxdma_free(struct nic_rxdma *m);

/* nic_rxdma_csr_write / read - AXI4-Lite access (12-bit byte address). write returns 0 OKAY or
 * 2 SLVERR (counter csr_err); read returns 0 or 2 and the data in *data. */
unsigned nic_rxdma_csr_write(struct nic_rxdma *m, uint32_t addr, uint32_t data, unsigned strb);
unsigned nic_rxdma_csr_read(const struct nic_rxdma *m, uint32_t addr, uint32_t *data);

/* nic_rxdma_push_hdr - one header taken on s_hdr. Returns 0 when accepted (its payload beats go
 * to the message), or the counter index (NRD_ST_REF_*) of the refusal (its beats are dropped);
 * NRD_ENOMEM, NRD_EINVAL (a header while the previous packet's payload is incomplete).
 * Rules (first reason wins, in this order): vn >= n_vn; pay_len 0 / > 4096 or (first) msg_len 0 /
 * > 1 MiB [ref_len]; (first) target_addr % 32 or (not last) pay_len % 32 [ref_align]; first while
 * a message is open [ref_first]; not first and none open [ref_nomsg]; offset != received (first:
 * != 0) [ref_offset]; offset + pay_len > msg_len or ceil(pay_len / 32) > BUF_SIZE [ref_len];
 * last != (offset + pay_len == msg_len) [ref_last]. Open: the VN's newest message has
 * received fewer than msg_len bytes. */
int nic_rxdma_push_hdr(struct nic_rxdma *m, const struct nic_rxdma_hdr *h);

/* nic_rxdma_push_data - one payload beat taken on s_data (32 bytes, last flag). Returns 1 stored,
 * 0 dropped (refused packet), NRD_EINVAL (no packet expects a beat). */
int nic_rxdma_push_data(struct nic_rxdma *m, const uint8_t *data, int last);

/* nic_rxdma_write - the RTL issued a host write of wlen bytes for VN vn (its RX_HOST_SCHED
 * decision, checked by the caller against nic_rxdma_host_sched). The model checks it against its
 * own state: the VN has a message with bytes received and not yet written (occ), wlen <= occ,
 * wlen <= MPS - va % MPS (the write ends at an MPS boundary or at occ). Counters writes, BYTES.
 * Returns NRD_OK, NRD_ERULE, NRD_ENOMEM. */
int nic_rxdma_write(struct nic_rxdma *m, unsigned vn, uint32_t wlen);

/* nic_rxdma_pop_wbeat - the next host-write beat (issue order). When it is a write's last beat
 * the write's credit {vn, beats} is queued and, if it ends its message, the message's event
 * (counter msgs). NRD_EEMPTY if none. */
int nic_rxdma_pop_wbeat(struct nic_rxdma *m, struct nic_rxdma_wbeat *b);
int nic_rxdma_pop_credit(struct nic_rxdma *m, struct nic_rxdma_credit *c);
int nic_rxdma_pop_evt(struct nic_rxdma *m, struct nic_rxdma_evt *e);

/* nic_rxdma_tick - one cycle: stall = a checked packet waited for room (counter stall_hdr). */
void nic_rxdma_tick(struct nic_rxdma *m, int stall);

#ifdef __cplusplus
}
#endif

#endif
