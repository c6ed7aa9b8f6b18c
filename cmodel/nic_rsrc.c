/* cmodel/nic_rsrc.c -- bit-accurate C model of rtl/nic/nic_rsrc.v (see nic_rsrc.h and
 * docs/nic_rsrc.md; seed 003 L164-L188, spec/003-nic-app-state.md 2.6 and B8). */
#include "nic_rsrc.h"

#include <stdlib.h>
#include <string.h>

#include "regs/nic_rsrc_regs.h"

#define NR_A(r) ((uint32_t)offsetof(nic_rsrc_t, r))

static int pow2(unsigned x) { return x && !(x & (x - 1)); }

int nic_rsrc_init(nic_rsrc *m, unsigned entries, unsigned npid, unsigned ntypes) {
  memset(m, 0, sizeof *m);
  if (!pow2(entries) || entries < 8 || entries > 32768 || !pow2(npid) || npid < 2 || npid > 256 ||
      ntypes < 3 || ntypes > 8)
    return -1;
  m->entries = entries, m->npid = npid, m->ntypes = ntypes;
  m->fifo = calloc(entries, sizeof *m->fifo);
  m->next = calloc(entries, sizeof *m->next);
  m->m_pid = calloc(entries, sizeof *m->m_pid);
  m->m_state = calloc(entries, 1);
  m->m_type = calloc(entries, 1);
  uint32_t **pa[] = {&m->cnt, &m->ucnt, &m->head, &m->tail, &m->phwm, &m->plwm};
  for (size_t i = 0; i < 6; i++) *pa[i] = calloc(npid, sizeof(uint32_t));
  m->qcap = 64;
  m->q = calloc(m->qcap, sizeof *m->q);
  if (!m->fifo || !m->next || !m->m_pid || !m->m_state || !m->m_type || !m->cnt || !m->ucnt ||
      !m->head || !m->tail || !m->phwm || !m->plwm || !m->q) {
    nic_rsrc_free(m);
    return -1;
  }
  for (unsigned i = 0; i < entries; i++) m->fifo[i] = (uint16_t)i;
  for (unsigned p = 0; p < npid; p++) m->phwm[p] = entries;
  m->free_cnt = entries;
  for (unsigned t = 0; t < 8; t++) m->thwm[t] = entries;
  m->refill = NIC_RSRC__REFILL_N__N_reset;
  return 0;
}

void nic_rsrc_free(nic_rsrc *m) {
  free(m->fifo), free(m->next), free(m->m_pid), free(m->m_state), free(m->m_type);
  free(m->cnt), free(m->ucnt), free(m->head), free(m->tail), free(m->phwm), free(m->plwm);
  free(m->q);
  memset(m, 0, sizeof *m);
}

static void emit(nic_rsrc *m, const nic_rsrc_evt *e) {
  if (m->qlen == m->qcap) {
    nic_rsrc_evt *n = calloc(m->qcap * 2, sizeof *n);
    if (!n) abort();
    for (size_t i = 0; i < m->qlen; i++) n[i] = m->q[(m->qhead + i) % m->qcap];
    free(m->q);
    m->q = n, m->qhead = 0, m->qcap *= 2;
  }
  m->q[(m->qhead + m->qlen++) % m->qcap] = *e;
  m->stat[NR_ST_EVT]++;
}

int nic_rsrc_pop(nic_rsrc *m, nic_rsrc_evt *e) {
  if (!m->qlen) return 0;
  *e = m->q[m->qhead];
  m->qhead = (m->qhead + 1) % m->qcap, m->qlen--;
  return 1;
}

size_t nic_rsrc_pending(const nic_rsrc *m) { return m->qlen; }

static void push_free(nic_rsrc *m, unsigned e) {
  m->fifo[m->wr] = (uint16_t)e;
  m->wr = (m->wr + 1) & (m->entries - 1);
  m->free_cnt++;
}

unsigned nic_rsrc_push(nic_rsrc *m, const nic_rsrc_cmd *c) {
  const unsigned op = c->op & 7, pid = c->pid & 0xfff, n6 = c->n & 63;
  const uint32_t h = c->handle & 0x1ffff;
  const unsigned atype = op == NR_OP_PTALLOC ? NR_T_LROOT : (c->type & 7);
  const unsigned n = op == NR_OP_PTALLOC ? 1 : (n6 ? n6 : m->refill);
  const unsigned p = pid & (m->npid - 1);
  nic_rsrc_evt ev = {op, pid, NR_OK, atype, h, NR_DEST_LIST, 1};
  unsigned r = NR_OK;
  m->stat[NR_ST_CMD]++;
  /* checks, in the RTL's priority order (docs/nic_rsrc.md 3) */
  if (op > NR_OP_TEARDOWN) r = NR_BAD_OP;
  else if (pid >= m->npid) r = NR_BAD_PID;
  else if (op == NR_OP_ALLOC || op == NR_OP_PTALLOC) {
    if (atype >= m->ntypes) r = NR_BAD_TYPE;
    else if (n == 0 || n > 32) r = NR_BAD_N;
    else if (m->free_cnt < n) r = NR_FREE_EMPTY;
    else if (m->used[atype] + m->unused[atype] + n > m->thwm[atype]) r = NR_TYPE_HWM;
    else if (m->cnt[p] + n > m->phwm[p]) r = NR_PROC_HWM;
  } else if (op == NR_OP_TAKE) {
    if (atype > NR_T_LE) r = NR_BAD_TYPE;
    else if (m->ucnt[p] == 0) r = NR_LIST_EMPTY;
    else if (m->m_type[m->head[p]] != atype) r = NR_BAD_TYPE;
  } else if (op == NR_OP_FREE && !(h >> 16)) {
    const unsigned i = h & 0xffff;
    if (i >= m->entries) r = NR_BAD_HANDLE;
    else if (m->m_state[i] != NR_ES_USED || m->m_pid[i] != p) r = NR_BAD_HANDLE;
  }
  if (r != NR_OK) {
    m->stat[NR_ST_DEN_FREE_EMPTY - 1 + r]++;
    ev.status = r;
    emit(m, &ev);
    return r;
  }
  switch (op) {
    case NR_OP_ALLOC:
    case NR_OP_PTALLOC: {
      const int pool = atype <= NR_T_LE;
      m->stat[op == NR_OP_ALLOC ? NR_ST_OK_ALLOC : NR_ST_OK_PT]++;
      m->free_cnt -= n;
      if (pool) m->unused[atype] += n; else m->used[atype] += n;
      for (unsigned k = 0; k < n; k++) {
        const unsigned e = m->fifo[m->rd];
        m->rd = (m->rd + 1) & (m->entries - 1);
        m->m_state[e] = (uint8_t)(pool ? NR_ES_UNUSED : NR_ES_USED);
        m->m_type[e] = (uint8_t)atype, m->m_pid[e] = (uint16_t)p;
        if (pool) {
          if (m->ucnt[p] == 0) m->head[p] = e; else m->next[m->tail[p]] = (uint16_t)e;
          m->tail[p] = e;
          m->ucnt[p]++;
        }
        m->cnt[p]++;
        m->stat[NR_ST_HANDLES]++;
        ev.handle = e, ev.last = k == n - 1;
        emit(m, &ev);
      }
      break;
    }
    case NR_OP_TAKE: {
      const unsigned e = m->head[p], t = m->m_type[e];
      m->stat[NR_ST_OK_TAKE]++;
      m->head[p] = m->next[e];
      m->ucnt[p]--;
      m->m_state[e] = NR_ES_USED;
      m->unused[t]--, m->used[t]++;
      ev.type = t, ev.handle = e;
      emit(m, &ev);
      break;
    }
    case NR_OP_FREE:
      if (h >> 16) {
        m->stat[NR_ST_FREE_HOST]++;
        ev.dest = NR_DEST_HOST;
      } else {
        const unsigned e = h & 0xffff, t = m->m_type[e];
        const int to_proc = t <= NR_T_LE && m->cnt[p] <= m->plwm[p];
        ev.type = t;
        m->used[t]--;
        if (to_proc) {
          m->stat[NR_ST_FREE_PROC]++;
          ev.dest = NR_DEST_PROC;
          m->m_state[e] = NR_ES_UNUSED;
          m->next[e] = (uint16_t)m->head[p];
          if (m->ucnt[p] == 0) m->tail[p] = e;
          m->head[p] = e;
          m->ucnt[p]++;
          m->unused[t]++;
        } else {
          m->stat[NR_ST_FREE_LIST]++;
          m->m_state[e] = NR_ES_FREE;
          push_free(m, e);
          m->cnt[p]--;
        }
      }
      emit(m, &ev);
      break;
    default: { /* TEARDOWN: sweep every entry in index order (M7) */
      unsigned cntd = 0;
      for (unsigned e = 0; e < m->entries; e++) {
        if (m->m_state[e] == NR_ES_FREE || m->m_pid[e] != p) continue;
        if (m->m_state[e] == NR_ES_UNUSED) m->unused[m->m_type[e]]--; else m->used[m->m_type[e]]--;
        m->m_state[e] = NR_ES_FREE;
        push_free(m, e);
        m->stat[NR_ST_TD_ITEMS]++;
        cntd++;
      }
      m->cnt[p] = 0, m->ucnt[p] = 0;
      m->stat[NR_ST_TD]++;
      ev.handle = cntd;
      emit(m, &ev);
      break;
    }
  }
  return NR_OK;
}

unsigned nic_rsrc_csr_check(const nic_rsrc *m, uint32_t addr, uint32_t data, unsigned strb) {
  if (strb != 0xf) return NIC_RSRC_SLVERR;
  if (addr == NR_A(PCB_SEL)) return (data & 0xffff) >= m->npid ? NIC_RSRC_SLVERR : 0;
  if (addr == NR_A(PCB_HWM) || addr == NR_A(PCB_LWM) || addr == NR_A(REFILL_N)) return 0;
  if (addr >= NR_A(TYPE_HWM) && addr < NR_A(TYPE_HWM) + 32 && !(addr & 3) &&
      ((addr - NR_A(TYPE_HWM)) >> 2) < m->ntypes)
    return 0;
  return NIC_RSRC_SLVERR;
}

unsigned nic_rsrc_csr_write(nic_rsrc *m, uint32_t addr, uint32_t data, unsigned strb) {
  unsigned err = 0;
  if (strb != 0xf) err = 1;
  else if (addr == NR_A(PCB_SEL)) {
    if ((data & 0xffff) >= m->npid) err = 1; else m->pcb_sel = data & (m->npid - 1);
  } else if (addr == NR_A(PCB_HWM)) m->phwm[m->pcb_sel] = data & 0xffff;
  else if (addr == NR_A(PCB_LWM)) m->plwm[m->pcb_sel] = data & 0xffff;
  else if (addr == NR_A(REFILL_N)) m->refill = data & 63;
  else if (addr >= NR_A(TYPE_HWM) && addr < NR_A(TYPE_HWM) + 32 && !(addr & 3) &&
           ((addr - NR_A(TYPE_HWM)) >> 2) < m->ntypes)
    m->thwm[(addr - NR_A(TYPE_HWM)) >> 2] = data & 0xffff;
  else err = 1;
  if (err) m->stat[NR_ST_CSR_ERR]++;
  return err ? NIC_RSRC_SLVERR : 0;
}

unsigned nic_rsrc_csr_read(const nic_rsrc *m, uint32_t addr, uint32_t *d) {
  *d = 0;
  const unsigned t = (addr >> 2) & 7;
  if (addr == NR_A(ID)) *d = NIC_RSRC__ID__ID_reset;
  else if (addr == NR_A(PARAMS)) *d = (m->ntypes << 24) | ((m->npid & 0xff) << 16) | (m->entries & 0xffff);
  else if (addr == NR_A(STATUS)) *d = 0; /* read when idle only (docs/nic_rsrc.md 4) */
  else if (addr == NR_A(FREE_CNT)) *d = m->free_cnt;
  else if (addr == NR_A(PCB_SEL)) *d = m->pcb_sel;
  else if (addr == NR_A(PCB_HWM)) *d = m->phwm[m->pcb_sel];
  else if (addr == NR_A(PCB_LWM)) *d = m->plwm[m->pcb_sel];
  else if (addr == NR_A(PCB_CNT)) *d = (m->ucnt[m->pcb_sel] << 16) | m->cnt[m->pcb_sel];
  else if (addr == NR_A(REFILL_N)) *d = m->refill;
  else if ((addr & 0xfe0) == NR_A(TYPE_HWM) && !(addr & 3) && t < m->ntypes) *d = m->thwm[t];
  else if ((addr & 0xfe0) == NR_A(IN_USE) && !(addr & 3) && t < m->ntypes) *d = (m->unused[t] << 16) | m->used[t];
  else if ((addr & 0xf00) == NR_A(STAT) && !(addr & 3) && ((addr >> 2) & 0x3f) < NR_NST) *d = m->stat[(addr >> 2) & 0x3f];
  else return NIC_RSRC_SLVERR;
  return 0;
}

int nic_rsrc_check(const nic_rsrc *m) {
  uint32_t used[8] = {0}, unused[8] = {0}, nfree = 0, sum = m->free_cnt;
  for (unsigned t = 0; t < m->ntypes; t++) sum += m->used[t] + m->unused[t];
  if (sum != m->entries) return 1; /* M1 */
  for (unsigned e = 0; e < m->entries; e++) {
    if (m->m_state[e] == NR_ES_FREE) nfree++;
    else if (m->m_state[e] == NR_ES_UNUSED) unused[m->m_type[e]]++;
    else used[m->m_type[e]]++;
  }
  if (nfree != m->free_cnt) return 2;
  for (unsigned t = 0; t < 8; t++)
    if (used[t] != m->used[t] || unused[t] != m->unused[t]) return 3;
  /* M6: the free FIFO holds every FREE entry exactly once */
  uint8_t *seen = calloc(m->entries, 1);
  if (!seen) return 9;
  int rc = 0;
  for (unsigned k = 0; k < m->free_cnt && !rc; k++) {
    const unsigned e = m->fifo[(m->rd + k) & (m->entries - 1)];
    if (e >= m->entries || seen[e] || m->m_state[e] != NR_ES_FREE) rc = 4;
    else seen[e] = 1;
  }
  /* unused lists: ucnt entries, each UNUSED of the PID, no entry twice; cnt = entries held */
  for (unsigned p = 0; p < m->npid && !rc; p++) {
    unsigned e = m->head[p], held = 0;
    for (unsigned k = 0; k < m->ucnt[p] && !rc; k++) {
      if (e >= m->entries || seen[e] || m->m_state[e] != NR_ES_UNUSED || m->m_pid[e] != p) rc = 5;
      else seen[e] = 1, e = m->next[e];
    }
    for (unsigned i = 0; i < m->entries; i++) held += m->m_state[i] != NR_ES_FREE && m->m_pid[i] == p;
    if (!rc && (held != m->cnt[p] || m->cnt[p] > 0xffff)) rc = 6;
  }
  free(seen);
  return rc;
}
