/*
 * cmodel/pcie_cq.h -- bit-accurate, cycle-agnostic model of rtl/pcie_cq/pcie_cq.v, the PCIe
 * completer adapter: CQ requests of the UltraScale+ PCIe4 block (AMD PG213, 256-bit, straddle off,
 * Dword-aligned) to BAR0 MMIO -- an AXI4 write master (doorbell window [0x00000, 0x80000)) and an
 * AXI4-Lite master (CSR window [0x80000, 0x100000)) -- and CC completions (issue 15;
 * docs/pcie_cq.md, docs/card.md 6.3).
 *
 * Transaction level. pcie_cq_req takes one CQ TLP (descriptor DWs 0..3 as on tdata[127:0], PG213
 * "Completer Request Descriptor Format": DW0 [1:0] AT, [31:2] address[31:2]; DW1 address[63:32];
 * DW2 [10:0] dword count, [14:11] request type, [31:16] requester ID; DW3 [7:0] tag, [15:8] target
 * function, [18:16] BAR ID, [24:19] BAR aperture, [27:25] TC, [30:28] attr; first_be / last_be of
 * tuser[7:0]; the payload DWs; the first beat carrying discontinue, tuser[41]) in CQ order and
 * queues everything the RTL does for it:
 *   AXI4 AW bursts (awaddr[18:0], awlen[7:0]; size 8 B, INCR), AXI4 W beats (wdata[63:0],
 *   wstrb[7:0], wlast; bytes with strobe 0 given as 0,
 *   the RTL leaves them undefined), AXI-Lite writes (awaddr[19:0], wdata[31:0], wstrb[3:0]) and reads
 *   (araddr[19:0]), CC beats (tdata as 8 DWs, tkeep[7:0] per DW, tlast; PG213 "Completer Completion
 *   Descriptor Format": DW0 [6:0] lower address, [9:8] AT, [28:16] byte count, [29] locked read
 *   completion; DW1 [10:0] dword count, [13:11] status, [14] poisoned, [31:16] requester ID;
 *   DW2 [7:0] tag, [15:8] completer function, [23:16] bus (0), [24] completer ID enable (0),
 *   [27:25] TC, [30:28] attr, [31] force ECRC (0); payload from DW 3; lanes without tkeep are 0).
 * The MMIO side answers through callbacks, called in the order the RTL issues the operations:
 * csr_rd / csr_wr (an AXI-Lite read / write; *err / return value: resp[1], SLVERR or DECERR) and
 * db_err (the B response of an AXI4 burst, by its awaddr and awlen). Counters as the RTL's
 * stat_* (32-bit wrapping in the RTL; here 64-bit, compare the low 32). No globals.
 */
#ifndef CMODEL_PCIE_CQ_H
#define CMODEL_PCIE_CQ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_CQ_OK     0
#define PCIE_CQ_EINVAL (-1)
#define PCIE_CQ_ENOMEM (-2)
#define PCIE_CQ_EMPTY  (-3)

/* counters, the RTL's stat_* outputs in this order */
enum { PCIE_CQ_ST_WR_DB, PCIE_CQ_ST_WR_CSR, PCIE_CQ_ST_RD_CSR, PCIE_CQ_ST_RD_DB, PCIE_CQ_ST_UR,
       PCIE_CQ_ST_DROP_POSTED, PCIE_CQ_ST_DISCONT, PCIE_CQ_ST_AXI_SLVERR, PCIE_CQ_ST_N };

/* PG213 request types (CQ descriptor DW2 [14:11]) */
#define PCIE_CQ_MEM_READ   0u
#define PCIE_CQ_MEM_WRITE  1u
#define PCIE_CQ_IO_READ    2u
#define PCIE_CQ_IO_WRITE   3u
#define PCIE_CQ_FETCH_ADD  4u
#define PCIE_CQ_SWAP       5u
#define PCIE_CQ_CAS        6u
#define PCIE_CQ_MEM_RD_LK  7u
#define PCIE_CQ_MSG        12u

#define PCIE_CQ_DB_END   0x80000u   /* doorbell window [0, DB_END), CSR window [DB_END, 2 * DB_END) */
#define PCIE_CQ_APERTURE 20u        /* BAR0: 1 MiB */

struct pcie_cq_aw { uint32_t addr; uint32_t len; };
struct pcie_cq_w { uint64_t data; uint8_t strb; int last; };
struct pcie_cq_lite { int write; uint32_t addr, data; uint8_t strb; };
struct pcie_cq_cc { uint32_t dw[8]; uint8_t keep; int last; };

struct pcie_cq_io {
    void *ctx;
    uint32_t (*csr_rd)(void *ctx, uint32_t addr, int *err);
    int (*csr_wr)(void *ctx, uint32_t addr, uint32_t data, unsigned strb);
    int (*db_err)(void *ctx, uint32_t awaddr, uint32_t awlen);
};

struct pcie_cq_q { void *buf; size_t n, h, cap, esz; };

struct pcie_cq {
    unsigned nrd;                  /* the RTL's NRD: max DWs of a CSR read (1..8) */
    struct pcie_cq_io io;
    struct pcie_cq_q aw, w, lite, cc;
    uint64_t stat[PCIE_CQ_ST_N];
};

int pcie_cq_init(struct pcie_cq *m, unsigned nrd, const struct pcie_cq_io *io);
void pcie_cq_free(struct pcie_cq *m);

/* CQ descriptor DWs 0..3 from fields (tests and testbench) */
void pcie_cq_desc(uint32_t d[4], uint64_t addr, unsigned at, unsigned dwc, unsigned type, unsigned rid,
                  unsigned tag, unsigned fn, unsigned bar, unsigned aperture, unsigned tc, unsigned attr);
/* CQ beats of a TLP with ndw payload DWs */
static inline uint32_t pcie_cq_beats(uint32_t ndw) { return (4 + ndw + 7) / 8; }
/* PCIe byte count of a request (dword count, first / last byte enables; PCIe 3.0 2.3.1.1) */
uint32_t pcie_cq_byte_count(uint32_t dwc, unsigned first_be, unsigned last_be);

/* one CQ TLP: desc, byte enables, ndw payload DWs (the beats carry exactly these), disc_beat: the
 * first beat (0..) that carries discontinue, or >= pcie_cq_beats(ndw) for none */
int pcie_cq_req(struct pcie_cq *m, const uint32_t desc[4], unsigned first_be, unsigned last_be,
                const uint32_t *dw, uint32_t ndw, uint32_t disc_beat);

int pcie_cq_pop_aw(struct pcie_cq *m, struct pcie_cq_aw *o);
int pcie_cq_pop_w(struct pcie_cq *m, struct pcie_cq_w *o);
int pcie_cq_pop_lite(struct pcie_cq *m, struct pcie_cq_lite *o);
int pcie_cq_pop_cc(struct pcie_cq *m, struct pcie_cq_cc *o);

#ifdef __cplusplus
}
#endif
#endif
