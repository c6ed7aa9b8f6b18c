/*
 * cmodel/pcie.h -- bit-accurate, cycle-agnostic model of rtl/pcie/pcie_req.v, the PCIe requester
 * adapter between the NIC's host DMA interface (docs/nic.md 2) and the UltraScale+ PCIe4 block's
 * RQ / RC interfaces (AMD PG213, 256-bit, straddle off, Dword-aligned; issue 15 first slice;
 * docs/pcie.md).
 *
 * Transaction level. pcie_rd_req / pcie_wr take the NIC's reads and writes in the order the RTL
 * accepts them and queue the RQ TLPs they become (reads and writes in two queues: the RTL
 * interleaves the two streams by an arbitration that depends on time, each stream keeps its
 * order). The PCIe tag of a read TLP depends on when earlier completions came back: the model
 * leaves it 0 and the testbench checks it as a property (free, < NTAG). A NIC read's s_cpl beats
 * are known once each of its read TLPs has met the root complex: pcie_rd_sub(seq, err) reports
 * one (err: the completer answered it with an error completion: status != SC, poisoned, or a
 * core error code); pcie_pop_cpl then gives the beats of the reads all of whose TLPs were reported,
 * in NIC order. pcie_rc_tlp counts the RC TLPs. No globals.
 */
#ifndef CMODEL_PCIE_H
#define CMODEL_PCIE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_OK     0
#define PCIE_EINVAL (-1)
#define PCIE_ENOMEM (-2)
#define PCIE_EMPTY  (-3)

/* counters, the RTL's stat_* outputs */
enum { PCIE_ST_RD_TLP, PCIE_ST_WR_TLP, PCIE_ST_CPL, PCIE_ST_CPL_UNEXP, PCIE_ST_CPL_ERR, PCIE_ST_TAG_STALL,
       PCIE_ST_N };

/* RQ request types (PG213 descriptor DW2 [14:11]) */
#define PCIE_REQ_MEM_READ  0u
#define PCIE_REQ_MEM_WRITE 1u

/* one RQ TLP: descriptor DWs 0..3 as on tdata[127:0], byte enables of tuser[7:0], payload DWs */
struct pcie_tlp {
    uint32_t desc[4];
    uint8_t first_be, last_be;
    uint64_t addr;         /* first byte */
    uint32_t len;          /* bytes */
    uint32_t ndw;          /* payload DWs (writes), 0 for reads */
    uint32_t dw[1024];
    uint64_t nic_seq;      /* reads: the NIC read this TLP belongs to (0, 1, .. in acceptance order) */
};

struct pcie_cpl_beat {
    uint32_t tag;
    uint8_t data[32];
    int last, err;
};

/* byte of host memory at an address (the root complex model's memory, for expected read data) */
typedef uint8_t (*pcie_mem_fn)(void *ctx, uint64_t addr);

struct pcie_rd;   /* NIC reads in flight (internal) */

struct pcie {
    unsigned mrrs, mps;    /* bytes */
    /* queues */
    struct pcie_tlp *rdq, *wrq;
    size_t rd_n, rd_h, rd_cap, wr_n, wr_h, wr_cap;
    struct pcie_rd *rds;
    size_t rds_n, rds_h, rds_cap;
    uint64_t nic_seq;
    uint32_t beat;         /* next beat of the head read being popped */
    uint64_t stat[PCIE_ST_N];
};

/* mrrs_enc 0..7 (128 << min(enc, 5)), mps_enc 0..7 (128 << min(enc, 3)): the RTL's cfg ports */
int pcie_init(struct pcie *m, unsigned mrrs_enc, unsigned mps_enc);
void pcie_free(struct pcie *m);

/* helpers shared with the root-complex model and the testbench */
void pcie_be(uint64_t addr, uint32_t len, uint8_t *first_be, uint8_t *last_be);
uint32_t pcie_dwc(uint64_t addr, uint32_t len);
void pcie_rq_desc(uint32_t d[4], unsigned req_type, uint64_t addr, uint32_t dwc, unsigned tag);
/* RC descriptor DWs 0..2 (PG213 requester completion descriptor) */
void pcie_rc_desc(uint32_t d[3], unsigned lower_addr, unsigned error_code, unsigned byte_count,
                  int request_completed, unsigned dwc, unsigned status, int poisoned, unsigned tag);

/* NIC read: addr, len 1..4096 (no 4 KiB crossing), NIC tag */
int pcie_rd_req(struct pcie *m, uint64_t addr, uint32_t len, uint32_t tag);
/* NIC write: addr, len 1..4096, data = its beats, ((addr & 31) + len + 31) / 32 of 32 bytes */
int pcie_wr(struct pcie *m, uint64_t addr, uint32_t len, const uint8_t *beats);
int pcie_pop_rd_tlp(struct pcie *m, struct pcie_tlp *t);
int pcie_pop_wr_tlp(struct pcie *m, struct pcie_tlp *t);
/* one read TLP of NIC read `seq` met the completer; err: answered with an error completion */
int pcie_rd_sub(struct pcie *m, uint64_t seq, int err);
/* one RC TLP reached the adapter: known = its tag was outstanding; err = error completion */
void pcie_rc_tlp(struct pcie *m, int known, int err);
/* next s_cpl beat (NIC order), PCIE_EMPTY when the head read is not resolved yet */
int pcie_pop_cpl(struct pcie *m, pcie_mem_fn mem, void *ctx, struct pcie_cpl_beat *b);

#ifdef __cplusplus
}
#endif
#endif
