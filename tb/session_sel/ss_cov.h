// ss_cov.h -- corner stimulus support of the session_sel lockstep (issue 10 part 3,
// docs/session_sel.md section 9.1): the coverage classes, the selection rules of the doc written
// out a second time (to check the RTL's choices against the rule, not only against the model),
// No Verilator dependency; used by tb_session_sel.cpp.
//
// Coverage: every class below is counted per scenario in the harness registry (Harness::cover,
// JSON "cov_<class>"); a scenario declares the classes it is built to reach; scripts/report.py
// and tb/session_sel/cov_check.py sum them over the seeds and fail on a declared class at 0. Classes (doc section 9.1 lists the meaning of each):
//   st_*     m_desc status of an RTL output (section 3.4)
//   ctr_*    one per counter of section 8 (the model's count, checked against the RTL by reads)
//   axi_*    AXI4-Lite responses (OKAY / SLVERR, read and write)
//   csrw_*   a write of that writable CSR accepted while traffic runs (one class per CSR)
//   sc_*     same-cycle coincidences of section 7 (a CSR write in the cycle of a decision of the
//            written QP/group, of feedback to the written session, of an rx lookup, of a tick)
//   tie_*    a tie rule of the doc decided the outcome (equal weights, equal hashes, equal
//            congestion, duplicate 5-tuples, ADD and REM due together, several key expiries)
//   bp_*     backpressure corners (long ready-low bursts on m_desc / m_rx / B, blocked sources,
//            full rate, state changes while an output is held) and the profile of each run
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core.h"

extern "C" {
#include "session_sel.h"
}

namespace ss {

// ------------------------------------------------------------------ coverage classes
#define SS_COV_LIST(X)                                                                              \
  X(st_ok) X(st_dqpn) X(st_no_session) X(st_qp_invalid)                                             \
  X(ctr_decisions) X(ctr_dqpn_mismatch) X(ctr_no_session) X(ctr_qp_invalid) X(ctr_fb_unknown)       \
  X(ctr_rx_hit) X(ctr_rx_drop) X(ctr_add_ev) X(ctr_rem_ev) X(ctr_key_exp) X(ctr_drain_done)         \
  X(ctr_drain_timeout) X(ctr_ack_underflow) X(ctr_msg_remap) X(ctr_fb_cnp) X(ctr_fb_rtt)            \
  X(ctr_fb_ack) X(ctr_csr_err)                                                                      \
  X(axi_wr_okay) X(axi_wr_slverr) X(axi_rd_okay) X(axi_rd_slverr)                                   \
  X(csrw_tick) X(csrw_engine) X(csrw_rtt_min) X(csrw_rtt_cfg) X(csrw_tos) X(csrw_drain_to)          \
  X(csrw_hold) X(csrw_thresh) X(csrw_evcfg) X(csrw_qp_ctrl) X(csrw_src_ip) X(csrw_dst_ip)           \
  X(csrw_dqpn) X(csrw_rx_qpn) X(csrw_ctrl) X(csrw_cost) X(csrw_tcost) X(csrw_seed) X(csrw_event)    \
  X(csrw_ports) X(csrw_state) X(csrw_wsw) X(csrw_key)                                               \
  X(sc_wr_desc) X(sc_wr_fb) X(sc_wr_rx) X(sc_wr_tick) X(sc_state_tick) X(sc_key_tick)               \
  X(sc_event_tick) X(sc_tick_tick) X(sc_rd_desc) X(sc_state_decided) X(sc_qp_decided) X(sc_state_fb)   \
  X(tie_lowest) X(tie_hash_equal_w) X(tie_hash_zero_w) X(tie_hash_k16)                             \
  X(tie_msg_reuse) X(tie_qp_shared_group) X(tie_rx_dup) X(tie_rx_dup_groups) X(tie_victim)          \
  X(tie_add_over_rem) X(tie_kexp_multi) X(tie_dqpn_shared)                                          \
  X(bp_mdesc_hold32) X(bp_mrx_hold32) X(bp_b_hold16) X(bp_sdesc_blocked) X(bp_srx_blocked)          \
  X(bp_full_rate32) X(bp_change_while_held)                                                          \
  X(bp_prof_uniform) X(bp_prof_independent) X(bp_prof_bursty) X(bp_prof_stop) X(bp_prof_full)

enum Cls {
#define SS_COV_ENUM(n) n,
  SS_COV_LIST(SS_COV_ENUM)
#undef SS_COV_ENUM
  NUM_CLS
};
inline const char* cls_name(unsigned i) {
  static const char* const names[] = {
#define SS_COV_NAME(n) #n,
      SS_COV_LIST(SS_COV_NAME)
#undef SS_COV_NAME
  };
  return names[i];
}

// A scenario declares the classes it is built to reach; a declared class whose total over the
// seeds is 0 fails (per scenario, as scripts/report.py does for the harness registry). Classes
// reached but not declared are reported too.
struct Cov {
  uint64_t n[NUM_CLS] = {};
  bool decl[NUM_CLS] = {};
  void hit(Cls c, uint64_t k = 1) { n[c] += k; }
  void declare(Cls c) { decl[c] = true; }
  void declare(Cls lo, Cls hi) {  // lo..hi inclusive, in the order of SS_COV_LIST
    for (unsigned i = lo; i <= unsigned(hi); i++) decl[i] = true;
  }
  void declare_all() { declare(Cls(0), Cls(NUM_CLS - 1)); }
  // into the harness registry (JSON cov_<class>: declared or reached ones) and one summary line
  void emit(tb::Harness& h) const {
    std::string zero;
    unsigned reached = 0, nd = 0;
    for (unsigned i = 0; i < NUM_CLS; i++) {
      if (decl[i]) h.cov_declare(cls_name(i));
      if (n[i]) h.cover(cls_name(i), n[i]);
      nd += decl[i];
      if (decl[i] && n[i]) reached++;
      if (decl[i] && !n[i]) zero += std::string(" ") + cls_name(i);
    }
    h.note("coverage: %u of %u declared classes reached in this run%s%s\n", reached, nd,
           zero.empty() ? "" : "; not yet:", zero.c_str());
  }
};

// ------------------------------------------------------------------ the doc's rules, again
// Written from docs/session_sel.md, independently of cmodel/session_sel.c; they read the
// model's registers (= the RTL's registers before the cycle) and say what the rule picks.
inline uint32_t mix16(uint32_t x) {  // section 3.2
  x &= 0xffff;
  x ^= x >> 8;
  x = (x * 0xa3b5u) & 0xffff;
  x ^= x >> 7;
  x = (x * 0x6c4du) & 0xffff;
  return x ^ (x >> 9);
}
inline uint32_t cong(const session_sel_model& m, unsigned t) {
  return m.s[t].alpha > m.s[t].crtt ? m.s[t].alpha : m.s[t].crtt;
}
inline uint32_t weight(const session_sel_model& m, unsigned t) {  // section 3.3
  const unsigned ns = m.cfg.max_sessions;
  if (m.s[t].state != SS_ACTIVE) return 0;
  if (m.grp[t / ns].sw_w) return m.s[t].wsw;
  const uint32_t wmin = (m.engine >> 8) & 0xff, eff = wmin ? wmin : 1;
  const uint32_t raw = 255 - (cong(m, t) >> 2);
  return raw > eff ? raw : eff;
}

struct Pick {
  unsigned status = 0, sess = 0, group = 0;
  bool lowest_tie = false, equal_w = false, zero_w = false, stored = false, hashed = false;
  uint32_t k16 = 0, hkey = 0;
};
// sections 3.3-3.4: status and session of one descriptor
// mut (self-test of the check, --fault tie): lowest-weight ties to the highest index instead
inline Pick rule_pick(const session_sel_model& m, unsigned qp, uint32_t dqpn, uint32_t key, unsigned first,
                      bool mut = false) {
  Pick p;
  const unsigned ns = m.cfg.max_sessions, q = qp & (m.cfg.num_qps - 1);
  const uint32_t ctrl = m.qp[q].ctrl;
  const unsigned g = (ctrl >> 4) & (m.cfg.num_groups - 1), gran = (ctrl >> 8) & 3, mode = (ctrl >> 12) & 1;
  p.group = g;
  if (!(ctrl & 1)) return p.status = SS_ST_QP_INVALID, p;
  if ((dqpn & 0xffffff) != m.grp[g].dqpn) return p.status = SS_ST_DQPN, p;
  std::vector<uint32_t> w(ns);
  uint32_t tot = 0, wmax = 0;
  for (unsigned i = 0; i < ns; i++) w[i] = weight(m, g * ns + i), tot += w[i], wmax = w[i] > wmax ? w[i] : wmax;
  if (gran == 1 && !first && m.qp[q].msg_valid && w[m.qp[q].msg_sess]) {
    p.stored = true, p.sess = m.qp[q].msg_sess;
    return p;
  }
  if (tot == 0) return p.status = SS_ST_NO_SESSION, p;
  if (mode == 1) {  // highest w, ties to the lowest index
    unsigned nmax = 0;
    bool got = false;
    for (unsigned i = 0; i < ns; i++)
      if (w[i] == wmax) {
        nmax++;
        if (!got || mut) p.sess = i, got = true;
      }
    p.lowest_tie = nmax >= 2;
    return p;
  }
  p.hashed = true;
  p.hkey = gran == 2 ? ((dqpn & 0xffffff) ^ q) : key;
  p.k16 = (p.hkey ^ (p.hkey >> 16) ^ m.grp[g].seed) & 0xffff;
  const uint32_t t = (mix16(p.k16) * tot) >> 16;
  uint32_t pre = 0;
  unsigned nz = 0;
  bool eq = true;
  for (unsigned i = 0; i < ns; i++) {
    if (w[i]) {
      eq &= w[i] == wmax;
      nz++;
    }
  }
  p.equal_w = eq && nz >= 2;
  for (unsigned i = 0; i < ns; i++) {
    pre += w[i];
    if (t < pre) {
      p.sess = i;
      break;
    }
    if (!w[i]) p.zero_w = true;  // a zero weight before the pick: equal prefix sums
  }
  return p;
}

struct RxPick {
  unsigned hit = 0, t = 0, matches = 0, groups = 0;
};
// section 6: lowest matching ACTIVE or DRAINING slot
// mut (--fault rxtie): the highest matching slot instead
inline RxPick rule_rx(const session_sel_model& m, uint32_t sip, uint32_t dip, uint32_t sp, uint32_t dp,
                      bool mut = false) {
  RxPick r;
  const unsigned ns = m.cfg.max_sessions, nt = ns * m.cfg.num_groups;
  int last_g = -1;
  for (unsigned t = 0; t < nt; t++) {
    const ss_sess& s = m.s[t];
    const ss_grp& g = m.grp[t / ns];
    if ((s.state == SS_ACTIVE || s.state == SS_DRAINING) && g.dst_ip == sip && g.src_ip == dip && s.dport == sp &&
        s.sport == dp) {
      if (!r.hit || mut) r.hit = 1, r.t = t;
      r.matches++;
      if (int(t / ns) != last_g) r.groups++, last_g = int(t / ns);
    }
  }
  return r;
}

// section 5.2 step A and 5.3, for one tick: what the rules say each group gets
struct TickPick {
  int ev = 0;            // 0 none, 1 ADD, 2 REM
  unsigned victim = 0;   // REM: highest c among ACTIVE, ties to the highest index
  bool victim_tie = false, both_due = false;
  unsigned n_exp = 0, exp_sess = 0;  // key expiries of the tick; the last (highest) index recorded
};
// mut (--fault victim): equal congestion goes to the lowest index instead
inline TickPick rule_tick(const session_sel_model& m, unsigned g, bool mut = false) {
  TickPick p;
  const unsigned ns = m.cfg.max_sessions;
  const ss_grp& gr = m.grp[g];
  const uint32_t t_hi = m.thresh & 0x3ff, t_lo = (m.thresh >> 16) & 0x3ff;
  const uint32_t k_add = m.evcfg & 0xf, k_rem = (m.evcfg >> 4) & 0xf, n_min = (m.evcfg >> 8) & 0xf;
  const uint32_t h = (m.evcfg >> 16) & 0xff, hm = h ? h : 1;
  unsigned n_act = 0, n_hi = 0, n_lo = 0;
  uint32_t cmax = 0;
  bool any = false;
  for (unsigned i = 0; i < ns; i++) {
    if (m.s[g * ns + i].state != SS_ACTIVE) continue;
    const uint32_t c = cong(m, g * ns + i);
    n_act++, n_hi += c >= t_hi, n_lo += c <= t_lo;
    if (!any || c > cmax) cmax = c;
    any = true;
  }
  unsigned nmax = 0;
  for (unsigned i = 0; i < ns; i++)
    if (m.s[g * ns + i].state == SS_ACTIVE && cong(m, g * ns + i) == cmax) {
      if (!mut || !nmax) p.victim = i;
      nmax++;
    }
  p.victim_tie = nmax >= 2;
  const bool add = k_add && n_hi >= k_add;
  const bool rem = k_rem && n_lo >= k_rem && gr.cost > gr.tcost && n_act > n_min;
  const uint32_t apc = add ? (gr.add_pc < 255 ? gr.add_pc + 1 : 255) : 0;
  const uint32_t rpc = rem ? (gr.rem_pc < 255 ? gr.rem_pc + 1 : 255) : 0;
  if (!gr.hold && !gr.add_req && !gr.rem_req) {
    p.both_due = apc >= hm && rpc >= hm;
    if (apc >= hm) p.ev = 1;
    else if (rpc >= hm) p.ev = 2;
  }
  for (unsigned i = 0; i < ns; i++) {
    const ss_sess& s = m.s[g * ns + i];
    // a REM victim (ACTIVE -> DRAINING in step A) still counts: both states run the timer
    if ((s.state == SS_ACTIVE || s.state == SS_DRAINING) && s.key_t == 1) p.n_exp++, p.exp_sess = i;
  }
  return p;
}

}  // namespace ss
