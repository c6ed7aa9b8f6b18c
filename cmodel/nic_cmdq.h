/*
 * cmodel/nic_cmdq.h -- bit-accurate model of rtl/nic/nic_cmdq.v, the NIC command ingress
 * (issue 12 block B1; ../shared/spec/003-nic-app-state.md 2.2 and 4-B1; seed 003 L28-L30,
 * L202, L216; docs/nic_cmdq.md).
 *
 * NQ command queues, each owned by one PID. A queue is either PIO (commands are written into
 * N_SLOT 64-byte slots of the queue's 4 KiB doorbell page, any byte subset per AXI beat, any
 * order; a slot completes when its 64-bit byte-valid mask is full) or RING (a producer-index
 * doorbell; the commands are fetched from the ring in host memory with DMA reads into the same
 * slots). Commands leave a queue once and in ring order (slot = ring index mod N_SLOT) with their
 * initiator PID field (bytes 5:4) overwritten by the owner's PID (C4). The consumer index is
 * written back to host memory at least every K commands and when the queue is empty.
 *
 * Lockstep contract (docs/nic_cmdq.md 5): inputs are pushed when the RTL accepts them
 * (nic_cmdq_aw / _w / _cpl); the harness then tells the model when the RTL's write stage takes
 * the next op (nic_cmdq_op: in input order per port; the port is what the RTL took), when the
 * RTL pops a queue (nic_cmdq_pop), and what the RTL requested on its DMA ports (nic_cmdq_rd_req,
 * nic_cmdq_wr_req); the model checks each of those against its own state (a pop needs a
 * complete head slot, a read needs its commands produced, slots free and the ring address, a
 * write-back a legal consumer index) and returns NIC_CMDQ_EPROTO when the RTL did something the
 * rules forbid. Same cycle order: op, pop, CSR write. Commands and B responses are popped in
 * order and compared field by field. Counters are equal once both are idle.
 */
#ifndef CMODEL_NIC_CMDQ_H
#define CMODEL_NIC_CMDQ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_CMDQ_OK      0
#define NIC_CMDQ_EINVAL  (-1)
#define NIC_CMDQ_ENOMEM  (-2)
#define NIC_CMDQ_EEMPTY  (-3)   /* nothing to pop / no input pending for an op */
#define NIC_CMDQ_EPROTO  (-4)   /* the RTL's observed action breaks a rule (see above) */

/* Drop codes of the write stage (nic_cmdq_op's return value >= 0). */
enum nic_cmdq_drop {
    NIC_CMDQ_D_OK = 0, NIC_CMDQ_D_FULL = 1, NIC_CMDQ_D_DIS = 2, NIC_CMDQ_D_MODE = 3,
    NIC_CMDQ_D_UNDEF = 4, NIC_CMDQ_D_DB = 5, NIC_CMDQ_D_STRAY = 6
};

/* Counters, STAT[i] (rdl/nic_cmdq.rdl). */
enum nic_cmdq_stat {
    NIC_CMDQ_S_CMD_PIO = 0, NIC_CMDQ_S_CMD_RING, NIC_CMDQ_S_DROP_FULL, NIC_CMDQ_S_DROP_DIS,
    NIC_CMDQ_S_DROP_MODE, NIC_CMDQ_S_DROP_UNDEF, NIC_CMDQ_S_DROP_DB, NIC_CMDQ_S_CPL_ERR,
    NIC_CMDQ_S_CPL_STRAY, NIC_CMDQ_S_CMD_LOST, NIC_CMDQ_S_FETCH, NIC_CMDQ_S_WB, NIC_CMDQ_S_CSR_ERR,
    NIC_CMDQ_NSTAT
};

/* Doorbell page layout (byte offsets inside page q = address bits 12+ ). */
#define NIC_CMDQ_PAGE      4096u
#define NIC_CMDQ_DB_OFF    0x800u

/* Command layout (docs/nic_cmdq.md 2): the fields the block touches. */
#define NIC_CMDQ_PID_BYTE  4u    /* initiator PID, bytes 5:4 (bits 47:32), little-endian */

struct nic_cmdq_cfg {
    unsigned nq;      /* queues, power of two 2..64 (RTL NQ) */
    unsigned n_slot;  /* slots per queue, power of two 2..32 (RTL N_SLOT) */
    unsigned pidw;    /* PID width, <= 16 (RTL PIDW) */
    unsigned tag_w;   /* DMA tag width (RTL TAG_W) */
};

struct nic_cmdq_cmd {     /* m_cmd */
    uint8_t data[64];     /* byte j = bits 8j+7:8j */
    unsigned qid, pid, vn;
};
struct nic_cmdq_b { unsigned id, resp; };                 /* s_axi_b */
struct nic_cmdq_rd { uint64_t addr; unsigned len, tag; }; /* m_dma_rd_req */
struct nic_cmdq_wr { uint64_t addr; unsigned len; uint8_t data[32]; }; /* m_dma_wr (one beat) */

struct nic_cmdq_queue {
    int en, ring;
    unsigned vn, log_size, pid;
    uint64_t base, wb;
    uint16_t prod, cons, fetch, wbv;
    unsigned cptr;        /* next completion half-slot, mod 2 x n_slot */
    int infl;             /* a ring read outstanding (from its request to its last beat) */
};
struct nic_cmdq_slot {
    uint8_t data[64];
    uint64_t mask;        /* byte-valid mask of the command being written */
    int full, err;
};

struct ncq_fifo { unsigned char *buf; size_t esz, cap, head, count; };

struct nic_cmdq {
    struct nic_cmdq_cfg cfg;
    unsigned qw;                    /* log2 nq */
    struct nic_cmdq_queue *q;
    struct nic_cmdq_slot *slot;     /* nq x n_slot, index q * n_slot + s */
    unsigned k, qsel;
    uint32_t stat[NIC_CMDQ_NSTAT];
    /* burst in the write stage */
    int burst_open, burst_bad, burst_err;
    unsigned burst_id;
    uint64_t burst_addr;
    struct ncq_fifo aw, w, cpl, cmd, b;
};

/* nic_cmdq_init - reset state for cfg (NULL: the RTL defaults 16 / 8 / 12 / 8). Returns
 * NIC_CMDQ_OK, NIC_CMDQ_EINVAL (bad parameters) or NIC_CMDQ_ENOMEM. nic_cmdq_free releases. */
int nic_cmdq_init(struct nic_cmdq *m, const struct nic_cmdq_cfg *cfg);
void nic_cmdq_free(struct nic_cmdq *m);

/* Inputs, pushed in the cycle the RTL accepts them. aw: an AXI4 write address (awsize != 3 or
 * awburst != 1 marks the burst bad: its beats are dropped, drop_undef). w: one beat. cpl: one
 * completion beat (data 32 bytes). Return NIC_CMDQ_OK or NIC_CMDQ_ENOMEM. */
int nic_cmdq_aw(struct nic_cmdq *m, unsigned id, uint64_t addr, unsigned len, unsigned size,
                unsigned burst);
int nic_cmdq_w(struct nic_cmdq *m, uint64_t data, unsigned strb, int last);
int nic_cmdq_cpl(struct nic_cmdq *m, unsigned tag, const uint8_t data[32], int last, int err);

/* nic_cmdq_op - the write stage takes the oldest pending completion beat (is_cpl) or W beat.
 * Returns the drop code (enum nic_cmdq_drop) or NIC_CMDQ_EEMPTY. The last beat of a burst
 * queues its B (SLVERR if any beat of the burst was dropped). */
int nic_cmdq_op(struct nic_cmdq *m, int is_cpl);

/* nic_cmdq_pop - the RTL popped queue q: its head slot must be complete (else NIC_CMDQ_EPROTO,
 * nothing changes). The command is queued for output with the owner's PID (or discarded and
 * counted, cmd_lost, if its fetch failed). */
int nic_cmdq_pop(struct nic_cmdq *m, unsigned q);

/* nic_cmdq_rd_req / nic_cmdq_wr_req - the RTL's DMA read / write-back request, checked and
 * applied. NIC_CMDQ_OK or NIC_CMDQ_EPROTO (why: *why, a static string, when why != NULL). */
int nic_cmdq_rd_req(struct nic_cmdq *m, const struct nic_cmdq_rd *r, const char **why);
int nic_cmdq_wr_req(struct nic_cmdq *m, const struct nic_cmdq_wr *w, const char **why);

/* Outputs in order: NIC_CMDQ_OK or NIC_CMDQ_EEMPTY. */
int nic_cmdq_pop_cmd(struct nic_cmdq *m, struct nic_cmdq_cmd *out);
int nic_cmdq_pop_b(struct nic_cmdq *m, struct nic_cmdq_b *out);
size_t nic_cmdq_pending_ops(const struct nic_cmdq *m);   /* W + completion beats not yet taken */

/* CSR access (rdl/nic_cmdq.rdl): returns the AXI response, 0 OKAY or 2 SLVERR. */
unsigned nic_cmdq_csr_write(struct nic_cmdq *m, uint32_t addr, uint32_t data, unsigned strb);
unsigned nic_cmdq_csr_read(const struct nic_cmdq *m, uint32_t addr, uint32_t *data);

/* nic_cmdq_idle_check - after the RTL has drained (no op, pop, read or write pending): every
 * enabled queue has written back its consumer index (wbv == cons) and no read is outstanding.
 * NIC_CMDQ_OK or NIC_CMDQ_EPROTO with *bad_q. */
int nic_cmdq_idle_check(const struct nic_cmdq *m, unsigned *bad_q);

#ifdef __cplusplus
}
#endif
#endif
