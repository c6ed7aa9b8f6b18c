/*
 * cmodel/nic_xlat.h -- NIC VA->PA translation (issue 11, seed 003 section 2.4; docs/nic_xlat.md).
 *
 * This first part is the reference walk every later piece is checked against (property T1 of
 * ../shared/spec/003-nic-app-state.md block B6): a host-memory model holding NIC-private x86-64
 * 4-level page tables (note A19) and the walk of one VA through them; then the bit-accurate model
 * of the translation unit rtl/nic/nic_xlat.v (per-level caches, walker, miss queue, invalidation).
 *
 * Page-table format (Intel SDM Vol. 3A 4.5, 4-level paging, MAXPHYADDR 52): 512 8-byte entries
 * per 4 KiB table; entry bit 0 P, bit 1 R/W, bit 2 U/S, bit 7 PS, bits 51:12 the next table or
 * page frame; bits 62:52 and 63 (XD) ignored by this walk.
 */
#ifndef CMODEL_NIC_XLAT_H
#define CMODEL_NIC_XLAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_XLAT_OK     0
#define NIC_XLAT_EINVAL (-1)
#define NIC_XLAT_ENOMEM (-2)

/* Host memory: a sparse store of 8-byte words (unwritten words read 0). */
struct nic_hostmem {
    uint64_t *key;   /* open-addressing table of 8-byte-aligned PAs (key + 1; 0 = empty) */
    uint64_t *val;
    size_t cap;      /* power of two */
    size_t count;
};

/* nic_hostmem_init - an empty memory. Returns NIC_XLAT_OK, NIC_XLAT_EINVAL (m NULL) or
 * NIC_XLAT_ENOMEM. nic_hostmem_free releases it (idempotent). */
int nic_hostmem_init(struct nic_hostmem *m);
void nic_hostmem_free(struct nic_hostmem *m);

/* nic_hostmem_write64 / read64 - the 8-byte word at pa (pa bits 2:0 ignored: the aligned word),
 * little-endian as the host holds it. write64 returns NIC_XLAT_OK, NIC_XLAT_EINVAL or
 * NIC_XLAT_ENOMEM; read64 returns the word (0 if never written or m NULL). */
int nic_hostmem_write64(struct nic_hostmem *m, uint64_t pa, uint64_t v);
uint64_t nic_hostmem_read64(const struct nic_hostmem *m, uint64_t pa);

/* Fault codes of a translation (docs/nic_xlat.md section 2), in the order the walk finds them. */
enum nic_xlat_fault {
    NIC_FAULT_NONE        = 0,
    NIC_FAULT_NONCANON    = 1,  /* VA bits 63:47 not all equal */
    NIC_FAULT_NOT_PRESENT = 2,  /* an entry of the walk has P = 0 */
    NIC_FAULT_RSVD        = 3,  /* a present entry with a reserved bit set: PML4E PS, or the
                                   frame bits below the page of a 1 GiB (29:13) / 2 MiB (20:13)
                                   leaf */
    NIC_FAULT_WRITE       = 4   /* a write through an entry with R/W = 0 (any level) */
};

/* Page sizes of a leaf. */
enum nic_page_size { NIC_PAGE_4K = 0, NIC_PAGE_2M = 1, NIC_PAGE_1G = 2 };

/* Result of one walk. */
struct nic_walk {
    uint64_t pa;        /* PA[51:0] of the byte at va (0 on a fault) */
    unsigned size;      /* enum nic_page_size of the leaf (0 on a fault) */
    unsigned fault;     /* enum nic_xlat_fault */
    unsigned level;     /* level of the leaf or of the faulting entry: 4 PML4E, 3 PDPE, 2 PDE,
                           1 PTE; 0 for NONCANON */
    unsigned reads;     /* 8-byte entries read (1..4; 0 for NONCANON) */
};

/*
 * nic_xlat_ref_walk - translate va through the tables rooted at cr3 (CR3[51:12] = PML4 base;
 * other CR3 bits ignored) for a read (write = 0) or a write (write != 0), as an x86-64 CPU in
 * supervisor mode with CR0.WP = 1, CR4.PAE = 1, EFER.LME = EFER.NXE = 1, SMEP / SMAP off does
 * (U/S and XD do not restrict a data access): canonical check; then per level from PML4E down,
 * read the entry (index VA[47:39], [38:30], [29:21], [20:12]); P = 0 -> NOT_PRESENT; reserved
 * bit -> RSVD; PS = 1 in a PDPE / PDE -> 1 GiB / 2 MiB leaf; the PTE is always a leaf. A write
 * through any entry with R/W = 0 -> WRITE (checked once the leaf is found). PA = leaf frame |
 * VA offset within the page. Source: seed 003 L84-L88, note section 2.4 (table), Intel SDM Vol.
 * 3A 4.5 and 4.6.
 * Returns NIC_XLAT_OK (w filled, fault in w->fault) or NIC_XLAT_EINVAL (NULL arguments).
 */
int nic_xlat_ref_walk(const struct nic_hostmem *m, uint64_t cr3, uint64_t va, int write,
                      struct nic_walk *w);


/* ================================================================== the translation unit
 * Bit-accurate model of rtl/nic/nic_xlat.v (docs/nic_xlat.md section 4). The model is told when
 * the RTL's op pipeline acts (the lockstep contract, docs/nic_xlat.md 4.3); what happens is
 * computed here: hits, victims, fills, host reads, results, the per-id order, counters, CSR
 * responses. Calls per cycle, in this order:
 *   nic_xlat_csr_write   a CSR write in its apply cycle (reg_wr_en of the RTL)
 *   nic_xlat_op_req / _op_cpl / _op_cmd   the op in P5 this cycle (at most one): a request
 *                        (operands in issue order), a host-read completion, the accepted command
 *   nic_xlat_retire      a miss-queue slot answers this cycle (it must be the lowest ready one)
 *   nic_xlat_inv_done    the invalidation drain completed this cycle
 * Outputs: nic_xlat_pop_rd (host reads, in RTL order), nic_xlat_pop_resp (responses, in RTL
 * order). Counters and registers: nic_xlat_csr_read.
 */

#define NIC_XLAT_MQ_MAX   32
#define NIC_XLAT_NSTAT    23
#define NIC_FAULT_PID     5    /* request PID >= NPID */
#define NIC_FAULT_NO_CR3  6    /* no CR3 loaded for the PID */

/* Counters (STAT[i], rdl/nic_xlat.rdl). */
enum nic_xlat_stat {
    NX_ST_REQ = 0, NX_ST_HIT_4K, NX_ST_HIT_2M, NX_ST_HIT_1G, NX_ST_WALK_L1, NX_ST_WALK_L2,
    NX_ST_WALK_L3, NX_ST_WALK_L4, NX_ST_HOST_RD, NX_ST_FILL, NX_ST_FILL_STALE, NX_ST_F_NONCANON,
    NX_ST_F_NP, NX_ST_F_RSVD, NX_ST_F_WRITE, NX_ST_F_PID, NX_ST_F_NOCR3, NX_ST_ERR_BUSY,
    NX_ST_ERR_CMD, NX_ST_ERR_TAG, NX_ST_INV_DONE, NX_ST_CSR_ERR, NX_ST_RESP
};

/* Commands (CMD.OP). */
enum nic_xlat_op { NX_OP_LOAD_CR3 = 1, NX_OP_CLEAR_CR3 = 2, NX_OP_INV_ALL = 3, NX_OP_INV_PID = 4,
                   NX_OP_INV_RANGE = 5 };

/* Parameters of the instance (the RTL's); index 1..4 of sets / ways = level (1 PTE .. 4 PML4E). */
struct nic_xlat_cfg {
    unsigned npid;       /* 2..65536 */
    unsigned pid_in_w;   /* request PID width (NPID <= 2^pid_in_w) */
    unsigned id_w;       /* 1..16 */
    unsigned mq;         /* power of two 4..32 */
    unsigned sets[5], ways[5];
};

struct nic_xlat_req { uint32_t pid; uint64_t va; int write; uint32_t id; };
struct nic_xlat_resp { uint32_t id; uint64_t pa; unsigned size, fault, gen; };
struct nic_xlat_rd { uint64_t addr; unsigned tag; };

struct nic_xlat_entry { int valid; uint32_t pid; uint64_t vpn; uint64_t data; };

struct nic_xlat_slot {
    int valid, done, write, rw;
    uint32_t id, pid, wait;   /* wait: older slots of the same id (bit mask) */
    uint64_t va;              /* VA[47:0] */
    unsigned gen, level, size, fault;
    uint64_t pa;
};

#define NIC_XLAT_QCAP 4096   /* model output queues (the RTL holds at most MQ + 1 of each) */

struct nic_xlat {
    struct nic_xlat_cfg cfg;
    struct nic_xlat_entry *c[5];   /* level L: sets[L] x ways[L], set-major */
    unsigned *rr[5];               /* round-robin pointer per set */
    uint64_t *cr3;                 /* per PID: PA[51:12] */
    unsigned char *cr3_valid;
    struct nic_xlat_slot mq[NIC_XLAT_MQ_MAX];
    unsigned gen;                  /* current generation bit */
    int pend, inv_active;          /* a command accepted and not executed; an invalidation draining */
    uint32_t cmd_pid, cmd_op, cmd_leaf;
    uint64_t cmd_addr, cmd_end;
    uint32_t stat[NIC_XLAT_NSTAT];
    struct nic_xlat_rd rdq[NIC_XLAT_QCAP];
    struct nic_xlat_resp respq[NIC_XLAT_QCAP];
    size_t rd_head, rd_count, resp_head, resp_count;
    int overflow;                  /* an output queue overflowed (a lockstep error) */
};

/* nic_xlat_init - reset state for cfg (checked as the RTL's parameter checks; sets must be
 * powers of two, ways 1..64). Returns NIC_XLAT_OK, NIC_XLAT_EINVAL or NIC_XLAT_ENOMEM.
 * nic_xlat_free releases it (idempotent). */
int nic_xlat_init(struct nic_xlat *m, const struct nic_xlat_cfg *cfg);
void nic_xlat_free(struct nic_xlat *m);

/* nic_xlat_op_req - a request in P5: canonical / PID checks, the four caches and the CR3 table
 * looked up, the deepest hit selected (PTE -> 4K; PDE leaf -> 2M; PDPE leaf -> 1G; else the walk
 * from the deepest non-leaf hit or from CR3), a miss-queue slot taken (lowest free), a host read
 * queued when it walks. Returns NIC_XLAT_OK, or NIC_XLAT_EINVAL when no slot is free (the RTL
 * issued a request without one: a lockstep error). */
int nic_xlat_op_req(struct nic_xlat *m, const struct nic_xlat_req *r);

/* nic_xlat_op_cpl - a completion (tag, 8-byte entry) in its P5: one walk step of slot tag (P,
 * RSVD, R/W, the fill of the level's cache when present and the slot's generation is current, then
 * the next read or the result). outstanding: whether slot tag had a read outstanding at the start
 * of the cycle the completion was accepted (nic_xlat_waiting_mask() then, before that cycle's P5
 * op); a completion without one is counted (err_tag) and ignored. Returns NIC_XLAT_OK, or
 * NIC_XLAT_EINVAL when outstanding is set and the slot is not walking (a lockstep error). */
int nic_xlat_op_cpl(struct nic_xlat *m, unsigned tag, uint64_t data, int outstanding);

/* nic_xlat_waiting_mask - slots with a read outstanding now (bit i: valid and not done). */
uint32_t nic_xlat_waiting_mask(const struct nic_xlat *m);

/* nic_xlat_op_cmd - the accepted command in P5. Returns NIC_XLAT_OK, or NIC_XLAT_EINVAL when none
 * is pending (a lockstep error). */
int nic_xlat_op_cmd(struct nic_xlat *m);

/* nic_xlat_retire - slot answers: its response is queued. ready0 is the set the RTL picks from:
 * nic_xlat_ready_mask() at the start of the previous cycle less the slot that answered in it
 * (docs/nic_xlat.md 4.5). Returns NIC_XLAT_OK, or NIC_XLAT_EINVAL when slot is not the lowest slot
 * of ready0 or is not ready now. */
int nic_xlat_retire(struct nic_xlat *m, unsigned slot, uint32_t ready0);

/* nic_xlat_inv_done - the invalidation drain completed. Returns NIC_XLAT_OK, or NIC_XLAT_EINVAL
 * when no invalidation is active or a slot of the old generation is still valid. */
int nic_xlat_inv_done(struct nic_xlat *m);

/* nic_xlat_ready_mask - ready slots now (bit i: slot i done, valid, waiting on none). */
uint32_t nic_xlat_ready_mask(const struct nic_xlat *m);
/* nic_xlat_old_slots - valid slots of the other generation than the current one. */
uint32_t nic_xlat_old_slots(const struct nic_xlat *m);

/* nic_xlat_pop_rd / nic_xlat_pop_resp - the next host read / response the RTL must show.
 * Return 1 and fill *out, or 0 when none is queued. */
int nic_xlat_pop_rd(struct nic_xlat *m, struct nic_xlat_rd *out);
int nic_xlat_pop_resp(struct nic_xlat *m, struct nic_xlat_resp *out);

/* nic_xlat_csr_write - a 32-bit write (strb: byte enables) at byte address addr in its apply
 * cycle. Returns 0 (OKAY) or 2 (SLVERR: wstrb != 0xf, read-only or unmapped address, a CMD_*
 * write while busy, a CMD with an unknown OP or a PID >= NPID). */
unsigned nic_xlat_csr_write(struct nic_xlat *m, uint32_t addr, uint32_t data, unsigned strb);
/* nic_xlat_csr_read - a read: *data and 0, or 0 and 2 (SLVERR) for an unmapped address. */
unsigned nic_xlat_csr_read(const struct nic_xlat *m, uint32_t addr, uint32_t *data);
/* nic_xlat_busy - STATUS.BUSY. */
int nic_xlat_busy(const struct nic_xlat *m);

#ifdef __cplusplus
}
#endif

#endif /* CMODEL_NIC_XLAT_H */
