/*
 * cmodel/pcie_msix.h -- bit-accurate model of rtl/pcie_msix/pcie_msix.v: the MSI-X table, pending
 * bit array (PBA) and message sender of the card (issue 15; docs/pcie_msix.md).
 *
 * Source: PCI Express Base Specification, MSI-X table and PBA (entry of 16 bytes: address DW 0-1,
 * data DW 2, vector control DW 3 bit 0 = mask, set at reset; a masked vector's event sets its
 * pending bit and sends nothing; MSI-X Enable and Function Mask gate every vector); AMD PG213,
 * MSI-X external table interface (cfg_interrupt_msix_int / _address / _data, answered by
 * cfg_interrupt_msi_sent or _fail).
 *
 * Architectural state, transaction level: the RTL decides *when* it sends and *which* eligible
 * vector it picks (round robin, by time); the model decides whether a message it sends is legal
 * and what it carries. Per clock cycle the testbench applies the cycle's events in this order, as
 * the RTL does at its edge:
 *   1. pcie_msix_read    an AXI4-Lite read whose AR handshake was in the previous cycle (the RTL
 *                        reads the state of this cycle, before its edge)
 *   2. pcie_msix_write   an AXI4-Lite write whose AW / W handshake was in the previous cycle (the
 *                        RTL applies it at this cycle's edge)
 *   3. pcie_msix_fire    cfg_msix_int high in this cycle: vector v's message; checks that v is
 *                        pending, unmasked, nothing else in flight; gives the expected address /
 *                        data; clears v's pending bit
 *   4. pcie_msix_irq     the cycle's irq_req bits: set pending bits (after 3: a request in the
 *                        cycle of v's message makes v pending again)
 *   5. pcie_msix_answer  cfg_msi_sent / cfg_msi_fail in this cycle: ends the message in flight;
 *                        fail: its vector pending again
 * Addresses are byte offsets in the 13-bit window: table 0x0000 + 16 v + 4 d, PBA 0x1000 + 4 k;
 * other offsets read 0, and writes to them and to the PBA are ignored (docs/pcie_msix.md 2).
 * The table is not reset in the RTL: read an entry only after writing each of its DWs.
 * Errors: PCIE_MSIX_EINVAL (bad argument), _ENOTPEND (message of a vector not pending), _EMASKED
 * (message of a masked vector), _EBUSY (a message while one is in flight), _ENOFLIGHT (an answer
 * with nothing in flight). No globals; NV <= PCIE_MSIX_NV_MAX.
 */
#ifndef CMODEL_PCIE_MSIX_H
#define CMODEL_PCIE_MSIX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_MSIX_NV_MAX 256

#define PCIE_MSIX_OK         0
#define PCIE_MSIX_EINVAL    (-1)
#define PCIE_MSIX_ENOTPEND  (-2)
#define PCIE_MSIX_EMASKED   (-3)
#define PCIE_MSIX_EBUSY     (-4)
#define PCIE_MSIX_ENOFLIGHT (-5)

/* counters, the RTL's stat_* outputs (32-bit, wrapping) */
enum { PCIE_MSIX_ST_INT, PCIE_MSIX_ST_SENT, PCIE_MSIX_ST_FAIL, PCIE_MSIX_ST_N };

struct pcie_msix {
    unsigned nv;                               /* vectors, a power of two 2..256 */
    uint32_t lo[PCIE_MSIX_NV_MAX], hi[PCIE_MSIX_NV_MAX], data[PCIE_MSIX_NV_MAX];
    uint8_t mask[PCIE_MSIX_NV_MAX], pend[PCIE_MSIX_NV_MAX];
    int flight;                                /* vector of the message in flight, -1: none */
    uint32_t st[PCIE_MSIX_ST_N];
};

/* reset state: every vector masked, nothing pending, nothing in flight, counters 0; the table
 * words 0. Returns PCIE_MSIX_EINVAL for nv not a power of two in 2..256. */
int pcie_msix_init(struct pcie_msix *m, unsigned nv);

/* the 32-bit word an AXI4-Lite read of byte offset addr (13 bits; bits 1:0 ignored) returns */
uint32_t pcie_msix_read(const struct pcie_msix *m, uint32_t addr);

/* an AXI4-Lite write: data with byte strobes strb[3:0] at byte offset addr (13 bits) */
void pcie_msix_write(struct pcie_msix *m, uint32_t addr, uint32_t data, unsigned strb);

/* a message of vector v presented to the core (cfg_msix_int): *addr / *data the expected
 * address and data. Returns PCIE_MSIX_OK or _EINVAL / _ENOTPEND / _EMASKED / _EBUSY (the state
 * is then unchanged). */
int pcie_msix_fire(struct pcie_msix *m, unsigned v, uint64_t *addr, uint32_t *data);

/* interrupt requests of one cycle: bit v of req[v / 64] sets vector v pending (v < nv) */
void pcie_msix_irq(struct pcie_msix *m, const uint64_t req[PCIE_MSIX_NV_MAX / 64]);

/* the core's answer to the message in flight: fail != 0: not sent, its vector pending again.
 * Returns PCIE_MSIX_OK or PCIE_MSIX_ENOFLIGHT. */
int pcie_msix_answer(struct pcie_msix *m, int fail);

/* 1 if some vector is pending and unmasked (the RTL must send it while MSI-X is enabled and the
 * function is not masked) */
int pcie_msix_eligible(const struct pcie_msix *m);

#ifdef __cplusplus
}
#endif

#endif
