/* cmodel/nic_rsrc.h -- bit-accurate C model of rtl/nic/nic_rsrc.v, the NIC resource manager
 * (block B8 of spec/003-nic-app-state.md; seed 003 L150-L190; docs/nic_rsrc.md is the contract).
 *
 * Shapes: entries (NIC_ENTRIES, power of two 8..32768), npid (power of two >= 2), ntypes (3..8;
 * 0 ME, 1 LE, 2 LROOT, 3 UNEXP, 4 RDV). Handles are 17 bits: bit 16 = 1 host, 0 NIC (index).
 * Contract: nic_rsrc_push() takes one command in the order the RTL decides them (the lockstep
 * probe is the RTL's S_RD state) and queues every event of that op at once; nic_rsrc_pop() gives
 * the events in order (the RTL's m_evt order). CSR reads / writes act at once (the lockstep
 * harness applies a write after an op decided in the same cycle). Counters: the RTL's STAT[]
 * with one timing difference documented in docs/nic_rsrc.md 4: STAT evt counts at push here, at
 * the m_evt handshake there; a TEARDOWN's counter changes are atomic here, per swept entry there
 * (equal once the op's event is out).
 * Errors: nic_rsrc_init returns -1 on a bad configuration; CSR accesses return NIC_RSRC_SLVERR.
 * C11, no globals. */
#ifndef NIC_RSRC_H
#define NIC_RSRC_H

#include <stddef.h>
#include <stdint.h>

enum { NR_OP_ALLOC = 0, NR_OP_TAKE = 1, NR_OP_FREE = 2, NR_OP_PTALLOC = 3, NR_OP_TEARDOWN = 4 };
enum { NR_T_ME = 0, NR_T_LE = 1, NR_T_LROOT = 2, NR_T_UNEXP = 3, NR_T_RDV = 4 };
/* event status: 0 OK, else the DENIED reason */
enum {
  NR_OK = 0, NR_FREE_EMPTY = 1, NR_TYPE_HWM = 2, NR_PROC_HWM = 3, NR_BAD_HANDLE = 4,
  NR_BAD_PID = 5, NR_BAD_TYPE = 6, NR_BAD_N = 7, NR_LIST_EMPTY = 8, NR_BAD_OP = 9
};
enum { NR_ES_FREE = 0, NR_ES_UNUSED = 1, NR_ES_USED = 2 }; /* entry state */
enum { NR_DEST_LIST = 0, NR_DEST_PROC = 1, NR_DEST_HOST = 2 }; /* FREE event dest */
/* STAT[] indices (rdl/nic_rsrc.rdl STAT) */
enum {
  NR_ST_CMD, NR_ST_EVT, NR_ST_OK_ALLOC, NR_ST_HANDLES, NR_ST_OK_TAKE, NR_ST_FREE_LIST,
  NR_ST_FREE_PROC, NR_ST_FREE_HOST, NR_ST_OK_PT, NR_ST_TD, NR_ST_TD_ITEMS, NR_ST_DEN_FREE_EMPTY,
  NR_ST_DEN_TYPE_HWM, NR_ST_DEN_PROC_HWM, NR_ST_DEN_BAD_HANDLE, NR_ST_DEN_BAD_PID,
  NR_ST_DEN_BAD_TYPE, NR_ST_DEN_BAD_N, NR_ST_DEN_LIST_EMPTY, NR_ST_DEN_BAD_OP, NR_ST_CSR_ERR,
  NR_NST
};
#define NIC_RSRC_SLVERR 2u

typedef struct {
  unsigned op;     /* 3 bits */
  unsigned pid;    /* 12 bits */
  unsigned type;   /* 3 bits */
  unsigned n;      /* 6 bits; 0 = REFILL_N */
  uint32_t handle; /* 17 bits */
} nic_rsrc_cmd;

typedef struct {
  unsigned op, pid, status, type;
  uint32_t handle; /* entry handle; TEARDOWN OK: entries returned; DENIED: the command's */
  unsigned dest, last;
} nic_rsrc_evt;

typedef struct {
  unsigned entries, npid, ntypes;
  /* free list: FIFO of indices */
  uint16_t *fifo;
  unsigned rd, wr, free_cnt;
  /* per entry */
  uint16_t *next, *m_pid;
  uint8_t *m_state, *m_type;
  /* per PID */
  uint32_t *cnt, *ucnt, *head, *tail, *phwm, *plwm;
  /* per type */
  uint32_t used[8], unused[8], thwm[8];
  unsigned refill, pcb_sel;
  uint32_t stat[NR_NST];
  /* event queue (ring) */
  nic_rsrc_evt *q;
  size_t qcap, qhead, qlen;
} nic_rsrc;

/* init: the state after reset and the initialisation sweep. Returns 0, or -1 on a bad
 * configuration (entries not a power of two in 8..32768, npid not a power of two >= 2 or > 256,
 * ntypes outside 3..8) or no memory. */
int nic_rsrc_init(nic_rsrc *m, unsigned entries, unsigned npid, unsigned ntypes);
void nic_rsrc_free(nic_rsrc *m);
/* push: one command, decided now; queues its events (1, or n for a granted batch). Returns the
 * status of the op (NR_OK or the DENIED reason). */
unsigned nic_rsrc_push(nic_rsrc *m, const nic_rsrc_cmd *c);
/* pop: the next event in m_evt order; 1 if one was queued, else 0. */
int nic_rsrc_pop(nic_rsrc *m, nic_rsrc_evt *e);
size_t nic_rsrc_pending(const nic_rsrc *m);
/* CSR access (rdl/nic_rsrc.rdl): 0 OKAY, NIC_RSRC_SLVERR (write: no effect, STAT csr_err). */
unsigned nic_rsrc_csr_write(nic_rsrc *m, uint32_t addr, uint32_t data, unsigned strb);
/* the B response code a write will get (0 / NIC_RSRC_SLVERR), without applying it: the RTL
 * answers in the strobe cycle and applies the write one cycle later (docs/nic_rsrc.md 4) */
unsigned nic_rsrc_csr_check(const nic_rsrc *m, uint32_t addr, uint32_t data, unsigned strb);
unsigned nic_rsrc_csr_read(const nic_rsrc *m, uint32_t addr, uint32_t *data);
/* invariant check (M1, M5, M6 on the model's own state, list walks): 0 if consistent, else a
 * non-zero code naming the first broken rule (unit tests and the testbench call it). */
int nic_rsrc_check(const nic_rsrc *m);

#endif
