// tb_mcast.cpp -- lockstep regression of mcast_pe (RTL, Verilator, default parameters: 8 ports,
// 4 ISLs, 16 groups, 16 switch ids, 8 records, 4 MOT entries, 2 dedup ways, 128-byte frames)
// against the C model mcast_model (cmodel/mcast.h; docs/mcast.md; seed 002, note §4.8/§4.10).
//
// Scenarios (block "mcast" in the report):
//   csr     every CSR written with random data and strobes, read back, SLVERR rules
//   random  --n input transactions on the RTL alone: random group tables, trees and routes;
//           local frames (posted / non-posted, unknown group, malformed, oversize), fabric
//           frames (valid subtrees, truncated, bad EtherType/version/type, misrouted, loops,
//           unknown switches, duplicates replayed), node completions (right, late, stale, error),
//           child completions (right, wrong counts, stale), ticks, link failures, MOT full.
//   system  --n input transactions at the RTL switch of an 8-switch fabric (3-cube plus one
//           diagonal ISL per switch; switch 0 = RTL + its model in lockstep, switches 1..7 =
//           C models), 64 nodes, 8 groups of 2 to 64 members, posted and non-posted mixed, silent
//           nodes, ISL 0 of the RTL switch failed for the second half. The scoreboard checks
//           the system properties from its own membership tables, independent of the model:
//           every member gets exactly one copy (a silent member of a non-posted multicast
//           1 + MAX_RETRY), the originator none, non-members none, at most one copy per link
//           per multicast while no link is down, one completion per non-posted multicast (none
//           for posted) only after every member answered or timed out, n_ok = answering
//           members, n_fail = silent members, status SC iff n_fail = 0.
// Every RTL output port has an in-order scoreboard against the model; counters are read back
// and compared at every quiesce. Corner stimulus (docs/mcast.md section 8): per-run backpressure
// profile (--bp, tb/common/stimulus.h), CSR writes during traffic under the same-cycle rule of
// docs/mcast.md section 4 (tb::CsrStorm), the event-priority pick checked every cycle (EvProbe),
// coverage classes (JSON cov_*). Options: --pcap-out PREFIX (m_axis_fab frames as pcap),
// --fault flip (model's 3rd m_fab frame corrupted) | lose (the fabric loses one RTL copy) |
// hang (outputs held not-ready: watchdog) | prio (the priority checker reversed).
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "Vmcast_pe.h"
#include "Vmcast_pe___024root.h"
#include "csr.h"
#include "mcast.h"
#include "pcap.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"
#include "vectors.h"

using tb::Txn;
static constexpr unsigned L = 8, K = 4, NG = 16, NSWID = 16, NR = 8, MOTN = 4;

// ------------------------------------------------------------------ Icarus vectors (--vectors DIR)
using tb::BitVec;  // tb/common/vectors.h
static std::string beats_hex(const std::vector<uint8_t>& d, unsigned user, unsigned uw) {
  std::string out;
  for (size_t off = 0; off < d.size(); off += 8) {
    uint64_t w = 0;
    unsigned keep = 0;
    for (unsigned i = 0; i < 8 && off + i < d.size(); i++) w |= uint64_t(d[off + i]) << (8 * i), keep |= 1u << i;
    BitVec v;
    v.add(w, 64), v.add(keep, 8), v.add(off + 8 >= d.size(), 1), v.add(user, uw);
    out += v.hex() + "\n";
  }
  return out;
}

// ------------------------------------------------------------------ one RTL PE with its model
struct Pe {
  tb::Harness& h;
  tb::Sim<Vmcast_pe> sim;
  Vmcast_pe* top;
  tb::AxilMaster csr;
  tb::StreamSource lcpl, fcpl, tick;
  tb::AxisSource fab, loc;
  tb::AxisSink mfab, mloc;
  tb::StreamSink ocpl, mfcpl;
  tb::Scoreboard sb_fab, sb_loc, sb_ocpl, sb_fcpl;
  mcast_model m{};
  uint64_t fab_out = 0, pk_in = 0, pk_out = 0;
  std::function<void(const tb::Packet&)> on_fab, on_loc;
  std::function<void(const Txn&)> on_ocpl, on_fcpl;
  tb::PcapWriter pcap;
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_fab, v_loc, v_ocpl, v_fcpl, v_rd;
  // vector lines (tb::VecAgent, constructed after every port): input pins of the cycle
  void vec_inputs(BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 16), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 16), v.add(t->s_axil_rready, 1);
    v.add(t->s_axis_loc_tvalid, 1), v.add(t->s_axis_loc_tdata, 64), v.add(t->s_axis_loc_tkeep, 8);
    v.add(t->s_axis_loc_tlast, 1), v.add(t->s_axis_loc_tuser, 12);
    v.add(t->s_axis_fab_tvalid, 1), v.add(t->s_axis_fab_tdata, 64), v.add(t->s_axis_fab_tkeep, 8);
    v.add(t->s_axis_fab_tlast, 1), v.add(t->m_axis_fab_tready, 1), v.add(t->m_axis_loc_tready, 1);
    v.add(t->s_lcpl_valid, 1), v.add(t->s_lcpl_port, 3), v.add(t->s_lcpl_mtid, 8), v.add(t->s_lcpl_ok, 1);
    v.add(t->s_fcpl_valid, 1), v.add(t->s_fcpl_src_sw, 8), v.add(t->s_fcpl_mtid, 8), v.add(t->s_fcpl_n_ok, 8);
    v.add(t->s_fcpl_n_fail, 8), v.add(t->s_tick_valid, 1), v.add(t->m_ocpl_ready, 1), v.add(t->m_fcpl_ready, 1);
  }
  void vec_outputs(BitVec& v) {  // settled handshake output pins of the cycle
    auto* t = top;
    v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1), v.add(t->s_axil_bresp, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1), v.add(t->s_axis_loc_tready, 1), v.add(t->s_axis_fab_tready, 1);
    v.add(t->m_axis_fab_tvalid, 1), v.add(t->m_axis_loc_tvalid, 1), v.add(t->s_lcpl_ready, 1), v.add(t->s_fcpl_ready, 1);
    v.add(t->s_tick_ready, 1), v.add(t->m_ocpl_valid, 1), v.add(t->m_fcpl_valid, 1);
  }
  std::unique_ptr<tb::VecAgent> vec;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  std::unique_ptr<tb::CsrStorm> storm;  // CSR writes during traffic (start_storm)
  // Timing (docs/mcast.md section 4, same-cycle rule; ARCHITECTURE.md: the harness tells the model
  // what it observed). The model runs in timed mode (mcast_set_timed): a frame accepted (tlast
  // handshake) waits in frame_q and enters the model in the cycle of its ST_CHECK decision; each
  // ST_RCH child decision, ST_TICK entry visit and ST_CPLE completion is one model step in its
  // cycle; an AXI4-Lite write is applied to the model in its reg_wr_en cycle, after the decisions
  // of that cycle (they read the registers before the edge), and its B response is compared later
  // with the result recorded here. Which decision comes when is the RTL's; what each decides (the
  // outputs) is the model's. Signals made public by tb/mcast/mcast_pe.vlt.
  std::deque<std::pair<bool, tb::Packet>> frame_q;  // accepted frames: (from s_axis_fab, frame)
  std::deque<int> csr_wr_rc;
  bool live_cov = false;  // count CSR writes that change a value while traffic is in flight
  static const char* reg_name(uint32_t a) {
    switch (a) {
      case MCAST_CSR_SWITCH: return "switch";
      case MCAST_CSR_LINK_UP: return "link_up";
      case MCAST_CSR_T_LOCAL: return "t_local";
      case MCAST_CSR_T_CHILD: return "t_child";
      case MCAST_CSR_MAX_RETRY: return "max_retry";
      case MCAST_CSR_DEDUP_AGE: return "dedup_age";
      default: break;
    }
    if (a >= MCAST_CSR_GROUP && a < MCAST_CSR_TREE) return (a - MCAST_CSR_GROUP) % MCAST_GRP_STRIDE == MCAST_GRP_NREC ? "grp_nrec" : "grp_ctrl";
    if (a >= MCAST_CSR_TREE && a < MCAST_CSR_ROUTE) return "tree_rec";
    if (a >= MCAST_CSR_ROUTE) return "route";
    return "other";
  }
  static constexpr unsigned ST_IDLE = 0, ST_CHECK = 1, ST_RCH = 2, ST_REND = 3, ST_CPLE = 4, ST_TICK = 5;
  struct Timing : tb::Agent {
    Pe& d;
    unsigned st = 0, cur_e = 0, cpl_e = 0, strb = 0;
    bool chk_go = false, rch_go = false, tick_go = false, cple_go = false, wr = false;
    uint32_t addr = 0, data = 0;
    explicit Timing(Pe& pe) : Agent(pe.sim, "model timing", Role::other), d(pe) {}
    void drive() override {}
    void sample() override {
      auto* r = d.top->rootp;
      st = r->mcast_pe__DOT__state;
      cur_e = r->mcast_pe__DOT__cur_e, cpl_e = r->mcast_pe__DOT__cpl_e;
      chk_go = st == ST_CHECK && !r->mcast_pe__DOT__chk_stall;
      rch_go = st == ST_RCH && !r->mcast_pe__DOT__rch_stall;
      tick_go = st == ST_TICK && r->mcast_pe__DOT__tk_entry && !r->mcast_pe__DOT__tk_stall;
      cple_go = st == ST_CPLE && ((r->mcast_pe__DOT__mot_relay >> cpl_e) & 1u ? !r->mcast_pe__DOT__f_busy : !r->mcast_pe__DOT__o_busy);
      wr = r->mcast_pe__DOT__reg_wr_en;
      addr = r->mcast_pe__DOT__reg_wr_addr, data = r->mcast_pe__DOT__reg_wr_data, strb = r->mcast_pe__DOT__reg_wr_strb;
    }
    void post() override {
      if (sim_.in_reset()) return;
      mcast_model* m = &d.m;
      if (chk_go) {
        if (d.frame_q.empty()) d.h.fail("model timing", "ST_CHECK decision with no accepted frame");
        d.no_pending("a frame's ST_CHECK");
        auto f = std::move(d.frame_q.front());
        d.frame_q.pop_front();
        if (f.first) mcast_push_fab(m, f.second.data.data(), f.second.data.size());
        else mcast_push_loc(m, f.second.data.data(), f.second.data.size(), unsigned(f.second.user));
      }
      if (rch_go && !mcast_step_rch(m)) d.h.fail("model timing", "RTL ST_RCH child decision, the model has no child copy left");
      if (tick_go) {
        const int e = mcast_step_tick(m);
        if (e != int(cur_e))
          d.h.fail("model timing", "RTL ST_TICK visits MOT entry " + std::to_string(cur_e) + ", the model's next valid entry is " + std::to_string(e));
      }
      if (cple_go) {
        const int e = mcast_step_cple(m);
        if (e != int(cpl_e))
          d.h.fail("model timing", "RTL builds the completion of MOT entry " + std::to_string(cpl_e) + ", the model's is " + std::to_string(e));
      }
      if (wr && d.h.opt.fault == "csr_late") d.csr_wr_rc.push_back(-100);  // mutant: applied at the B handshake
      else if (wr) {
        const uint32_t old = mcast_csr_read(m, addr);
        const int rc = mcast_csr_write(m, addr, data, strb);
        d.csr_wr_rc.push_back(rc);
        if (d.live_cov && rc == MCAST_OK && mcast_csr_read(m, addr) != old && d.in_flight()) {
          d.h.cover(std::string("live_") + reg_name(addr));
          static const char* stn[] = {"idle", "check", "rch", "rend", "cple", "tick", "x6", "x7"};
          if (st != ST_IDLE) d.h.cover(std::string("live_during_") + stn[st & 7]);
        }
      }
    }
  };
  std::unique_ptr<Timing> timing;
  void no_pending(const char* what) {
    if (unsigned p = mcast_timed_pending(&m))
      h.fail("model timing", std::string(what) + " while the model still waits for a step (mask " + std::to_string(p) + "): the RTL skipped a decision");
  }
  bool in_flight() const {
    unsigned v = 0;
    for (unsigned e = 0; e < MOTN; e++) v |= m.mot[e].valid;
    return timing->st != ST_IDLE || !frame_q.empty() || inputs_busy() || mcast_pending(&m) || v || mfab.mid_packet() || mloc.mid_packet();
  }
  // The event-priority rule (docs/mcast.md section 1: s_lcpl > s_fcpl > s_tick > s_axis_fab >
  // s_axis_loc; a frame's event is its last beat) is the RTL's pick among events presented in the
  // same cycle. The model takes events in acceptance order, so the pick is checked here: an
  // event accepted while a higher-priority one is presented fails the run. Coverage: cycles with
  // two or more events presented (tie_*).
  struct EvProbe : tb::Agent {
    Pe& d;
    unsigned pv = 0, acc = 0;
    explicit EvProbe(Pe& pe) : Agent(pe.sim, "event priority", Role::other), d(pe) {}
    void drive() override {}
    void sample() override {  // events presented (valid; frames: last beat) and accepted this cycle
      auto* t = d.top;
      pv = (t->s_lcpl_valid ? 1 : 0) | (t->s_fcpl_valid ? 2 : 0) | (t->s_tick_valid ? 4 : 0) |
           (t->s_axis_fab_tvalid && t->s_axis_fab_tlast ? 8 : 0) | (t->s_axis_loc_tvalid && t->s_axis_loc_tlast ? 16 : 0);
      acc = (t->s_lcpl_valid && t->s_lcpl_ready ? 1 : 0) | (t->s_fcpl_valid && t->s_fcpl_ready ? 2 : 0) |
            (t->s_tick_valid && t->s_tick_ready ? 4 : 0) | (pv & 8 && t->s_axis_fab_tready ? 8 : 0) |
            (pv & 16 && t->s_axis_loc_tready ? 16 : 0);
    }
    void post() override {
      if (sim_.in_reset() || !(pv & (pv - 1))) return;
      static const char* nm[5] = {"s_lcpl", "s_fcpl", "s_tick", "s_axis_fab", "s_axis_loc"};
      d.h.cover("tie_events");
      if ((pv & 24) == 24) d.h.cover("tie_fab_loc");
      if ((pv & 3) && (pv & 24)) d.h.cover("tie_cpl_frame");
      if ((pv & 4) && (pv & 27)) d.h.cover("tie_tick_other");
      if (!acc) return;
      if (d.h.opt.fault == "prio") {  // mutant of the rule (reversed priority): must be reported
        auto rev = [](unsigned x) { unsigned y = 0; for (int b = 0; b < 5; b++) y |= ((x >> b) & 1u) << (4 - b); return y; };
        pv = rev(pv), acc = rev(acc);
      }
      const unsigned low = acc & (0u - acc);  // highest-priority event accepted
      if (pv & (low - 1)) {
        unsigned hi = 0, lo = 0;
        while (!((pv >> hi) & 1)) hi++;
        while (!((low >> lo) & 1)) lo++;
        d.h.fail(nm[lo], "event priority rule (docs/mcast.md section 1): " + std::string(nm[lo]) +
                             " accepted while " + nm[hi] + " was presented");
      }
      d.h.checks++;
    }
  };
  std::unique_ptr<EvProbe> ev_probe;
  static const char* st_name(unsigned st) {
    static const char* n[] = {"SC", "UR", "CA", "BUSY"};
    return n[st & 3];
  }

  // Stimulus of the random and system scenarios (tb/common/stimulus.h, csr.h):
  // backpressure profile of the run (--bp or seed mod 4) on the four output ports, sources
  // unthrottled unless the profile is `uniform`; returns its description.
  std::string backpressure(bool completions_only = false) {
    const tb::Bp bp = tb::bp_kind(h);
    for (tb::Bp b : {tb::Bp::uniform, tb::Bp::independent, tb::Bp::bursty, tb::Bp::stop}) h.cov_declare("bp_" + tb::bp_name(b));
    h.cover("bp_" + tb::bp_name(bp));
    if (completions_only) return tb::apply_backpressure(h, bp, {&ocpl, &mfcpl}, {&fab, &loc, &lcpl, &fcpl, &tick});
    return tb::apply_backpressure(h, bp, {&mfab, &mloc, &ocpl, &mfcpl}, {&fab, &loc, &lcpl, &fcpl, &tick});
  }
  // CSR writes during traffic under the same-cycle rule of docs/mcast.md section 4: every
  // writable register (scalars, group table, root-tree records, routes) rewritten with the
  // value it holds (random strobes), read back; writes of the read-only and an unmapped address
  // (SLVERR, no effect). Coverage classes csr_wr_<register>.
  void start_storm(double prob = 0.003) {
    std::vector<tb::CsrReg> regs;
    auto keep = [this](uint32_t a) { return [this, a](tb::Rng&) { return mcast_csr_read(&m, a); }; };
    auto rnd = [](tb::Rng& r) { return uint32_t(r.next()); };
    const std::pair<uint32_t, const char*> sc[] = {{MCAST_CSR_SWITCH, "switch"},       {MCAST_CSR_LINK_UP, "link_up"},
                                                   {MCAST_CSR_T_LOCAL, "t_local"},     {MCAST_CSR_T_CHILD, "t_child"},
                                                   {MCAST_CSR_MAX_RETRY, "max_retry"}, {MCAST_CSR_DEDUP_AGE, "dedup_age"}};
    for (int k = 0; k < 4; k++)  // scalars weighted up against the tables
      for (auto& x : sc) regs.push_back({x.first, x.second, keep(x.first), 0});
    for (unsigned g = 0; g < NG; g++) {
      regs.push_back({MCAST_CSR_GRP_CTRL(g), "grp_ctrl", keep(MCAST_CSR_GRP_CTRL(g)), 0});
      regs.push_back({MCAST_CSR_GRP_NREC(g), "grp_nrec", keep(MCAST_CSR_GRP_NREC(g)), 0});
      regs.push_back({MCAST_CSR_TREE_REC(g, h.rng.below(NR)), "tree_rec", nullptr, 0});
      regs.back().value = keep(regs.back().addr);
    }
    for (unsigned sw = 0; sw < NSWID; sw++) regs.push_back({MCAST_CSR_ROUTE_S(sw), "route", keep(MCAST_CSR_ROUTE_S(sw)), 0});
    for (int k = 0; k < 4; k++) {
      regs.push_back({MCAST_CSR_ID, "ro_id", rnd, 0});
      regs.push_back({MCAST_CSR_PARAMS, "ro_params", rnd, 0});
      regs.push_back({MCAST_CSR_ROOT_SEQ, "ro_root_seq", rnd, 0, false});  // value moves with traffic: no read
      regs.push_back({0x7000, "unmapped", rnd, 0});
    }
    storm.reset(new tb::CsrStorm(sim, csr, std::move(regs), prob));
    ev_probe.reset(new EvProbe(*this));
    for (const char* c : {"tie_events", "tie_fab_loc", "tie_cpl_frame", "tie_tick_other"}) h.cov_declare(c);
    storm->max_queued = 1;  // only into an idle master: never reorders the scenario's own writes
  }
  void storm_on(bool on) {
    if (storm) storm->enabled = on;
  }
  // every model counter as a coverage class (the RTL's equal the model's: read_stats)
  void cover_counters(const std::vector<unsigned>& declared) {
    for (unsigned i : declared) h.cov_declare(std::string("cnt_") + mcast_stat_name(static_cast<enum mcast_stat>(i)));
    for (unsigned i = 0; i < MCAST_S_NUM; i++)
      if (uint64_t v = mcast_stat(&m, static_cast<enum mcast_stat>(i)))
        h.cover(std::string("cnt_") + mcast_stat_name(static_cast<enum mcast_stat>(i)), v);
  }
  // --fault hang: from half of the inputs on, every output port holds ready low (a stuck
  // consumer): nothing moves any more, and the watchdog must report the deadlock
  void maybe_hang() {
    if (h.opt.fault == "hang" && h.inputs >= h.opt.n / 2)
      for (tb::Agent* a : {(tb::Agent*)&mfab, (tb::Agent*)&mloc, (tb::Agent*)&ocpl, (tb::Agent*)&mfcpl}) a->profile(1.0);
  }

  explicit Pe(tb::Harness& harness)
      : h(harness), sim(harness), top(sim.top.get()), csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        lcpl(sim, "s_lcpl", TB_HS(top, s_lcpl),
             [this](const Txn& t) {
               top->s_lcpl_port = uint8_t(t.get("port")), top->s_lcpl_mtid = uint8_t(t.get("mtid"));
               top->s_lcpl_ok = uint8_t(t.get("ok"));
             }),
        fcpl(sim, "s_fcpl", TB_HS(top, s_fcpl),
             [this](const Txn& t) {
               top->s_fcpl_src_sw = uint8_t(t.get("src_sw")), top->s_fcpl_mtid = uint8_t(t.get("mtid"));
               top->s_fcpl_n_ok = uint8_t(t.get("n_ok")), top->s_fcpl_n_fail = uint8_t(t.get("n_fail"));
             }),
        tick(sim, "s_tick", TB_HS(top, s_tick), [](const Txn&) {}),
        fab(sim, "s_axis_fab", TB_AXIS(top, s_axis_fab, 64)),
        loc(sim, "s_axis_loc", loc_pins(top)),
        mfab(sim, "m_axis_fab", fab_pins(top)),
        mloc(sim, "m_axis_loc", mloc_pins(top)),
        ocpl(sim, "m_ocpl", TB_HS(top, m_ocpl), [this] { return ocpl_txn(); }),
        mfcpl(sim, "m_fcpl", TB_HS(top, m_fcpl), [this] { return fcpl_txn(); }),
        sb_fab(sim, "m_axis_fab"), sb_loc(sim, "m_axis_loc"), sb_ocpl(sim, "m_ocpl"), sb_fcpl(sim, "m_fcpl") {
    mcast_cfg cfg;
    mcast_default_cfg(&cfg);
    if (mcast_init(&m, &cfg) != MCAST_OK) h.fail("model", "mcast_init failed");
    mcast_set_timed(&m, 1);
    lcpl.on_accept = [this](const Txn& t) {
      no_pending("s_lcpl accepted");
      mcast_push_lcpl(&m, unsigned(t.get("port")), unsigned(t.get("mtid")), unsigned(t.get("ok")));
    };
    fcpl.on_accept = [this](const Txn& t) {
      no_pending("s_fcpl accepted");
      mcast_fcpl c{};
      c.src_sw = uint8_t(t.get("src_sw")), c.mtid = uint8_t(t.get("mtid"));
      c.n_ok = uint8_t(t.get("n_ok")), c.n_fail = uint8_t(t.get("n_fail"));
      mcast_push_fcpl(&m, &c);
    };
    tick.on_accept = [this](const Txn&) { no_pending("s_tick accepted"); mcast_push_tick(&m); };
    fab.on_accept = [this](const tb::Packet& p) { pk_in++; frame_q.emplace_back(true, p); };
    loc.on_accept = [this](const tb::Packet& p) { pk_in++; frame_q.emplace_back(false, p); };
    sb_fab.model([this](Txn& t) {
      uint8_t b[1024];
      size_t len;
      unsigned isl;
      if (!mcast_pop_fab(&m, b, sizeof b, &len, &isl)) return false;
      if (h.opt.fault == "flip" && ++fab_out == 3 && len > 30) b[30] ^= 0x10;
      t = Txn();
      t.add_bytes("data", std::vector<uint8_t>(b, b + len)).add("isl", 2, isl);
      if (v_fab) *v_fab << beats_hex(std::vector<uint8_t>(b, b + len), isl, 2);
      return true;
    });
    sb_loc.model([this](Txn& t) {
      uint8_t b[1024];
      size_t len;
      unsigned user;
      if (!mcast_pop_loc(&m, b, sizeof b, &len, &user)) return false;
      t = Txn();
      t.add_bytes("data", std::vector<uint8_t>(b, b + len)).add("tuser", 12, user);
      if (v_loc) *v_loc << beats_hex(std::vector<uint8_t>(b, b + len), user, 12);
      return true;
    });
    sb_ocpl.model([this](Txn& t) {
      mcast_ocpl c;
      if (!mcast_pop_ocpl(&m, &c)) return false;
      h.cover(std::string("ocpl_") + st_name(c.status));
      t = Txn();
      t.add("port", 3, c.port).add("tag", 8, c.tag).add("status", 2, c.status).add("n_ok", 8, c.n_ok)
          .add("n_fail", 8, c.n_fail).add("fail_bmp", 8, c.fail_bmp);
      if (v_ocpl) {
        BitVec v;
        v.add(c.port, 3), v.add(c.tag, 8), v.add(c.status, 2), v.add(c.n_ok, 8), v.add(c.n_fail, 8), v.add(c.fail_bmp, 8);
        *v_ocpl << v.hex() << "\n";
      }
      return true;
    });
    sb_fcpl.model([this](Txn& t) {
      mcast_fcpl c;
      if (!mcast_pop_fcpl(&m, &c)) return false;
      h.cover(std::string("fcpl_") + st_name(c.status));
      t = Txn();
      t.add("dst_sw", 8, c.dst_sw).add("src_sw", 8, c.src_sw).add("mtid", 8, c.mtid).add("status", 2, c.status)
          .add("n_ok", 8, c.n_ok).add("n_fail", 8, c.n_fail);
      if (v_fcpl) {
        BitVec v;
        v.add(c.dst_sw, 8), v.add(c.src_sw, 8), v.add(c.mtid, 8), v.add(c.status, 2), v.add(c.n_ok, 8), v.add(c.n_fail, 8);
        *v_fcpl << v.hex() << "\n";
      }
      return true;
    });
    mfab.on_capture = [this](const tb::Packet& p) {
      Txn t;
      t.add_bytes("data", p.data).add("isl", 2, p.user);
      sb_fab.actual(t);
      pk_out++;
      pcap.write(p.data, sim.cycle());
      if (on_fab) on_fab(p);
    };
    mloc.on_capture = [this](const tb::Packet& p) {
      Txn t;
      t.add_bytes("data", p.data).add("tuser", 12, p.user);
      sb_loc.actual(t);
      pk_out++;
      if (on_loc) on_loc(p);
    };
    ocpl.on_capture = [this](const Txn& t) {
      sb_ocpl.actual(t);
      if (on_ocpl) on_ocpl(t);
    };
    mfcpl.on_capture = [this](const Txn& t) {
      sb_fcpl.actual(t);
      if (on_fcpl) on_fcpl(t);
    };
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) {  // applied in its reg_wr_en cycle (Timing)
        if (csr_wr_rc.empty()) h.fail("s_axil", "B response of a write the RTL never applied (no reg_wr_en)");
        int rc = csr_wr_rc.front();
        csr_wr_rc.pop_front();
        if (rc == -100) rc = mcast_csr_write(&m, o.addr, o.data, o.strb);  // --fault csr_late
        return rc == MCAST_CSR_ERR ? 2 : 0;
      }
      rdata = mcast_csr_read(&m, o.addr);
      return mcast_csr_read_err(&m, o.addr) ? 2 : 0;
    }));
    csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
      if (v_rd) *v_rd << BitVec().add(rdata, 32).add(resp, 2).hex() << "\n";
    };
    const std::string vd = h.opt.get("vectors");
    if (!vd.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(vd, ec);
      v_stim.reset(new std::ofstream(vd + "/stim.hex"));
      v_outs.reset(new std::ofstream(vd + "/outs.hex"));
      v_fab.reset(new std::ofstream(vd + "/exp_fab.hex"));
      v_loc.reset(new std::ofstream(vd + "/exp_loc.hex"));
      v_ocpl.reset(new std::ofstream(vd + "/exp_ocpl.hex"));
      v_fcpl.reset(new std::ofstream(vd + "/exp_fcpl.hex"));
      v_rd.reset(new std::ofstream(vd + "/exp_rd.hex"));
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](BitVec& v) { vec_inputs(v); },
                                 [this](BitVec& v) { vec_outputs(v); }));
    }
    timing.reset(new Timing(*this));  // constructed last: its post() runs after every port's
    sim.reset(8);
  }
  ~Pe() {
    vec.reset();
    h.extra("packets_in", double(pk_in));
    h.extra("packets_out", double(pk_out));
    mcast_free(&m);
  }

  static tb::AxisPins loc_pins(Vmcast_pe* t) {
    tb::AxisPins a = TB_AXIS(t, s_axis_loc, 64);
    a.tuser = tb::Sig(&t->s_axis_loc_tuser);
    return a;
  }
  static tb::AxisPins fab_pins(Vmcast_pe* t) {
    tb::AxisPins a = TB_AXIS(t, m_axis_fab, 64);
    a.tuser = tb::Sig(&t->m_axis_fab_tuser);
    return a;
  }
  static tb::AxisPins mloc_pins(Vmcast_pe* t) {
    tb::AxisPins a = TB_AXIS(t, m_axis_loc, 64);
    a.tuser = tb::Sig(&t->m_axis_loc_tuser);
    return a;
  }
  Txn ocpl_txn() {
    Txn t;
    t.add("port", 3, top->m_ocpl_port).add("tag", 8, top->m_ocpl_tag).add("status", 2, top->m_ocpl_status)
        .add("n_ok", 8, top->m_ocpl_n_ok).add("n_fail", 8, top->m_ocpl_n_fail).add("fail_bmp", 8, top->m_ocpl_fail_bmp);
    return t;
  }
  Txn fcpl_txn() {
    Txn t;
    t.add("dst_sw", 8, top->m_fcpl_dst_sw).add("src_sw", 8, top->m_fcpl_src_sw).add("mtid", 8, top->m_fcpl_mtid)
        .add("status", 2, top->m_fcpl_status).add("n_ok", 8, top->m_fcpl_n_ok).add("n_fail", 8, top->m_fcpl_n_fail);
    return t;
  }
  void wr(uint32_t a, uint32_t d, unsigned strb = 0xf) { csr.write(a, d, {}, strb); }
  void rd(uint32_t a) { csr.read(a, {}); }
  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }
  void send_lcpl(unsigned port, unsigned mtid, unsigned ok) {
    Txn t;
    t.add("port", 3, port).add("mtid", 8, mtid).add("ok", 1, ok);
    lcpl.push(t);
  }
  void send_fcpl(const mcast_fcpl& c) {
    Txn t;
    t.add("src_sw", 8, c.src_sw).add("mtid", 8, c.mtid).add("n_ok", 8, c.n_ok).add("n_fail", 8, c.n_fail);
    fcpl.push(t);
  }
  void send_tick() { tick.push(Txn().add("tick", 1, 1)); }
  bool inputs_busy() const { return lcpl.busy() || fcpl.busy() || tick.busy() || fab.busy() || loc.busy(); }
  void read_stats() {
    for (uint32_t a = 0; a < 0x28; a += 4) rd(a);
    for (uint32_t i = 0; i < MCAST_S_NUM; i++) rd(MCAST_CSR_STAT_I(i));
    csr_wait();
  }
};

static std::vector<uint8_t> mc_frame(tb::Rng& r, unsigned grp, size_t len, uint32_t id) {
  std::vector<uint8_t> f = r.bytes(len);
  f[0] = 0x01, f[1] = 0x00, f[2] = 0x5E, f[3] = 0x7F, f[4] = 0x00, f[5] = uint8_t(grp);
  f[6] &= 0xFE;              // unicast source MAC
  f[12] = 0x88, f[13] = 0xB6;  // inner payload: local experimental EtherType 2
  if (len >= 18)
    for (int i = 0; i < 4; i++) f[14 + size_t(i)] = uint8_t(id >> (24 - 8 * i));
  return f;
}

// ------------------------------------------------------------------ scenario: csr
static void scenario_csr(tb::Harness& h) {
  Pe p(h);
  tb::Rng& r = h.rng;
  auto all = [&] {
    for (uint32_t a = 0; a < 0x30; a += 4) p.rd(a);
    for (uint32_t a = 0x100; a < 0x160; a += 4) p.rd(a);
    for (uint32_t a = 0x200; a < 0x200 + 8 * NG + 8; a += 4) p.rd(a);
    for (uint32_t a = 0x400; a < 0x400 + 32 * NG + 32; a += 4) p.rd(a);
    for (uint32_t a = 0xC00; a < 0xC00 + 4 * NSWID + 8; a += 4) p.rd(a);
    p.rd(0x2), p.rd(0x8000), p.rd(0xFFFC);
    p.csr_wait();
  };
  all();
  for (int round = 0; round < 3; round++) {
    for (uint32_t a = 0; a < 0x30; a += 4) p.wr(a, uint32_t(r.next()), unsigned(r.range(0, 15)));
    for (uint32_t a = 0x200; a < 0x200 + 8 * NG; a += 4) p.wr(a, uint32_t(r.next()), unsigned(r.range(0, 15)));
    for (uint32_t a = 0x400; a < 0x400 + 32 * NG; a += 4) p.wr(a, uint32_t(r.next()), unsigned(r.range(0, 15)));
    for (uint32_t a = 0xC00; a < 0xC00 + 4 * NSWID + 4; a += 4) p.wr(a, uint32_t(r.next()), 0xF);
    p.wr(0x100, 5), p.wr(0x3, 1), p.wr(0x7000, 1);
    all();
  }
  p.sim.drain(50);
}

// ------------------------------------------------------------------ scenario: random (RTL alone)
struct RandomEnv {
  Pe& p;
  tb::Rng& r;
  unsigned me = 0;
  std::vector<std::vector<uint8_t>> recent_fab;  // for duplicate replays
  struct PendCopy { unsigned port, mtid; uint64_t due; };
  std::deque<PendCopy> replies;
  struct PendFab { mcast_fcpl c; uint64_t due; };
  std::deque<PendFab> freplies;
  uint32_t id = 1;

  RandomEnv(Pe& pe, tb::Rng& rng) : p(pe), r(rng) {}

  // a random valid subtree rooted at `root_sw` with `n` records; switch ids distinct, != avoid
  std::vector<mcast_rec> subtree(unsigned root_sw, unsigned n, std::set<unsigned>& used) {
    std::vector<mcast_rec> v;
    v.push_back(mcast_rec{uint8_t(root_sw), uint8_t(n), uint16_t(r.bits(16) & (r.chance(0.3) ? 0xFFFF : 0xFF))});
    used.insert(root_sw);
    unsigned left = n - 1;
    while (left) {
      unsigned s = unsigned(r.range(1, left));
      unsigned sw;
      do sw = unsigned(r.below(NSWID)); while (used.count(sw));
      auto c = subtree(sw, s, used);
      v.insert(v.end(), c.begin(), c.end());
      left -= s;
    }
    return v;
  }
  void program() {
    me = unsigned(r.below(NSWID));
    p.wr(MCAST_CSR_SWITCH, me);
    p.wr(MCAST_CSR_LINK_UP, r.chance(0.7) ? 0xF : uint32_t(r.bits(4)));
    p.wr(MCAST_CSR_T_LOCAL, uint32_t(r.range(1, 6)));
    p.wr(MCAST_CSR_T_CHILD, uint32_t(r.range(2, 40)));
    p.wr(MCAST_CSR_MAX_RETRY, uint32_t(r.range(0, 3)));
    p.wr(MCAST_CSR_DEDUP_AGE, uint32_t(r.range(1, 30)));
    for (unsigned s = 0; s < NSWID; s++)
      p.wr(MCAST_CSR_ROUTE_S(s), r.chance(0.9) ? uint32_t(1 | (r.chance(0.6) ? 2 : 0) | r.bits(2) << 4 | r.bits(2) << 8) : 0);
    for (unsigned g = 0; g < NG; g++) {
      p.wr(MCAST_CSR_GRP_CTRL(g), MCAST_GRP_CTRL_VAL(r.chance(0.85), r.bits(8)));
      std::set<unsigned> used;
      unsigned n = unsigned(r.range(1, NR));
      auto t = subtree(me, n, used);
      if (r.chance(0.05)) t[r.below(n)].sw = uint8_t(r.bits(8));       // broken tree
      unsigned nrec = r.chance(0.03) ? unsigned(r.bits(4)) : n;
      for (unsigned i = 0; i < t.size(); i++)
        p.wr(MCAST_CSR_TREE_REC(g, i), MCAST_TREE_REC_VAL(t[i].sw, t[i].size, t[i].bmp));
      p.wr(MCAST_CSR_GRP_NREC(g), nrec);
    }
    p.csr_wait();
  }
  std::vector<uint8_t> fab_frame() {
    std::set<unsigned> used;
    unsigned root = unsigned(r.below(NSWID));
    while (root == me) root = unsigned(r.below(NSWID));
    used.insert(root);
    unsigned n = unsigned(r.range(1, NR));
    auto t = subtree(me, n, used);
    unsigned grp = r.chance(0.95) ? unsigned(r.below(NG)) : unsigned(r.bits(8));
    size_t ilen = r.chance(0.1) ? size_t(r.range(1, 13)) : size_t(r.range(14, 140));
    auto inner = mc_frame(r, grp, std::max<size_t>(ilen, 14), id++);
    inner.resize(ilen);
    std::vector<uint8_t> f(1024);
    unsigned type = r.chance(0.5) ? 1 : 0;
    size_t len = mcast_build_enc(f.data(), f.size(), type, grp, unsigned(r.bits(8)), unsigned(r.below(NSWID)), me, root,
                                 unsigned(r.bits(16)), t.data(), n, inner.data(), inner.size());
    f.resize(len);
    double k = r.next() * 0x1.0p-64;
    if (k < 0.03) f.resize(size_t(r.range(1, len)));                              // truncated
    else if (k < 0.05) f[12] ^= uint8_t(1u << r.below(8));                           // EtherType
    else if (k < 0.06) f[14] = uint8_t(r.bits(8));                                   // version / type
    else if (k < 0.08) f[19] = uint8_t(r.bits(8));                                   // misrouted
    else if (k < 0.10 && n > 1) f[26 + 4 * r.range(1, n - 1)] = uint8_t(r.chance(0.5) ? me : root);  // loop
    else if (k < 0.12 && n > 1) f[26 + 4 * r.range(1, n - 1)] = uint8_t(r.range(NSWID, 255));         // unknown sw
    else if (k < 0.14) f[27 + 4 * r.below(n)] = uint8_t(r.bits(3));                  // bad subtree size
    else if (k < 0.15) f[16] = uint8_t(r.bits(4));                                   // NREC
    else if (k < 0.16) f.resize(len + r.range(1, 9), 0xAB);                          // trailing bytes
    return f;
  }
  std::vector<uint8_t> loc_frame(unsigned& user) {
    unsigned grp = r.chance(0.95) ? unsigned(r.below(NG)) : unsigned(r.bits(8));
    size_t len = r.chance(0.03) ? size_t(r.range(129, 200)) : r.chance(0.03) ? size_t(r.range(1, 13)) : size_t(r.range(14, 128));
    auto f = mc_frame(r, grp, std::max<size_t>(len, 18), id++);
    f.resize(len);
    if (r.chance(0.02)) f[0] &= 0xFE;  // not a multicast MAC
    user = MCAST_LOC_USER(r.below(8), r.chance(0.5), r.bits(8));
    return f;
  }
};

// csr_live: CSR writes with CHANGING values during traffic (docs/mcast.md section 4, same-cycle
// rule). Every writable register (the six scalars, group CTRL and NREC, root-tree records, routes)
// is rewritten at random cycles, random strobes, with a value drawn around the programmed one (the
// programmed value back, or a new one that changes the traffic's outcome: another switch id, links
// down, other timers, a group invalid or with other members, a tree record or NREC that breaks or
// changes the tree, another route), read back half of the time; read-only and unmapped writes as in
// `random`. The model applies each write in the RTL's reg_wr_en cycle (Pe::Timing). Coverage:
// live_<register> = writes that changed the value while traffic was in flight, live_during_<state>
// = such writes in a cycle in which the engine was in the middle of an event (its checks waiting,
// between two child copies, visiting MOT entries for a tick, building a completion).
static void start_live_storm(Pe& p, tb::Harness& h, std::shared_ptr<std::map<uint32_t, uint32_t>> base, double prob) {
  std::vector<tb::CsrReg> regs;
  auto around = [base](uint32_t a, double keep, std::function<uint32_t(tb::Rng&)> fresh) {
    return [base, a, keep, fresh](tb::Rng& r) { return r.chance(keep) ? (*base)[a] : fresh(r); };
  };
  auto rnd = [](tb::Rng& r) { return uint32_t(r.next()); };
  for (int k = 0; k < 4; k++) {
    regs.push_back({MCAST_CSR_SWITCH, "switch", around(MCAST_CSR_SWITCH, 0.5, [](tb::Rng& r) { return uint32_t(r.below(NSWID)); }), 0});
    regs.push_back({MCAST_CSR_LINK_UP, "link_up", [](tb::Rng& r) { return r.chance(0.5) ? 0xFu : uint32_t(r.bits(4)); }, 0});
    regs.push_back({MCAST_CSR_T_LOCAL, "t_local", [](tb::Rng& r) { return uint32_t(r.range(0, 6)); }, 0});
    regs.push_back({MCAST_CSR_T_CHILD, "t_child", [](tb::Rng& r) { return uint32_t(r.range(0, 40)); }, 0});
    regs.push_back({MCAST_CSR_MAX_RETRY, "max_retry", [](tb::Rng& r) { return uint32_t(r.range(0, 3)); }, 0});
    regs.push_back({MCAST_CSR_DEDUP_AGE, "dedup_age", [](tb::Rng& r) { return uint32_t(r.range(0, 30)); }, 0});
  }
  for (unsigned g = 0; g < NG; g++) {
    regs.push_back({MCAST_CSR_GRP_CTRL(g), "grp_ctrl",
                    around(MCAST_CSR_GRP_CTRL(g), 0.5, [](tb::Rng& r) { return uint32_t(MCAST_GRP_CTRL_VAL(r.chance(0.8), r.bits(8))); }), 0});
    regs.push_back({MCAST_CSR_GRP_NREC(g), "grp_nrec", around(MCAST_CSR_GRP_NREC(g), 0.6, [](tb::Rng& r) { return uint32_t(r.bits(4)); }), 0});
    for (unsigned i = 0; i < 2; i++) {
      const uint32_t a = MCAST_CSR_TREE_REC(g, h.rng.below(NR));
      regs.push_back({a, "tree_rec", [base, a](tb::Rng& r) {
                        const uint32_t b = (*base)[a];
                        if (r.chance(0.5)) return b;
                        if (r.chance(0.5)) return (b & 0xFFFF0000u) | uint32_t(r.bits(16));  // other nodes
                        return uint32_t(MCAST_TREE_REC_VAL(r.below(NSWID), r.range(1, 4), r.bits(8)));
                      }, 0});
    }
  }
  for (unsigned sw = 0; sw < NSWID; sw++)
    regs.push_back({MCAST_CSR_ROUTE_S(sw), "route", around(MCAST_CSR_ROUTE_S(sw), 0.5, [](tb::Rng& r) {
                       return uint32_t(1 | (r.chance(0.6) ? 2 : 0) | r.bits(2) << 4 | r.bits(2) << 8);
                     }), 0});
  for (int k = 0; k < 2; k++) {
    regs.push_back({MCAST_CSR_ID, "ro_id", rnd, 0});
    regs.push_back({MCAST_CSR_PARAMS, "ro_params", rnd, 0});
    regs.push_back({MCAST_CSR_ROOT_SEQ, "ro_root_seq", rnd, 0, false});
    regs.push_back({0x7000, "unmapped", rnd, 0});
  }
  p.storm.reset(new tb::CsrStorm(p.sim, p.csr, std::move(regs), prob));
  p.storm->max_queued = 1;
  p.ev_probe.reset(new Pe::EvProbe(p));
  for (const char* c : {"tie_events", "tie_fab_loc", "tie_cpl_frame", "tie_tick_other"}) h.cov_declare(c);
  for (const char* c : {"switch", "link_up", "t_local", "t_child", "max_retry", "dedup_age", "grp_ctrl", "grp_nrec", "tree_rec", "route"})
    h.cov_declare(std::string("live_") + c);
  for (const char* c : {"check", "rch", "tick", "cple"}) h.cov_declare(std::string("live_during_") + c);
  p.live_cov = true;
}
static void snapshot(Pe& p, std::map<uint32_t, uint32_t>& base) {  // the programmed values
  for (uint32_t a = MCAST_CSR_SWITCH; a <= MCAST_CSR_DEDUP_AGE; a += 4) base[a] = mcast_csr_read(&p.m, a);
  for (unsigned g = 0; g < NG; g++) {
    base[MCAST_CSR_GRP_CTRL(g)] = mcast_csr_read(&p.m, MCAST_CSR_GRP_CTRL(g));
    base[MCAST_CSR_GRP_NREC(g)] = mcast_csr_read(&p.m, MCAST_CSR_GRP_NREC(g));
    for (unsigned i = 0; i < NR; i++) base[MCAST_CSR_TREE_REC(g, i)] = mcast_csr_read(&p.m, MCAST_CSR_TREE_REC(g, i));
  }
  for (unsigned sw = 0; sw < NSWID; sw++) base[MCAST_CSR_ROUTE_S(sw)] = mcast_csr_read(&p.m, MCAST_CSR_ROUTE_S(sw));
}

static void scenario_random(tb::Harness& h, bool live = false) {
  Pe p(h);
  tb::Rng& r = h.rng;
  RandomEnv env(p, r);
  env.program();
  auto base = std::make_shared<std::map<uint32_t, uint32_t>>();
  snapshot(p, *base);
  if (tb::bp_kind(h) == tb::Bp::uniform) {
    for (tb::Bp b : {tb::Bp::uniform, tb::Bp::independent, tb::Bp::bursty, tb::Bp::stop}) h.cov_declare("bp_" + tb::bp_name(b));
    h.cover("bp_uniform");
    for (auto* s : {&p.mfab, &p.mloc}) s->stall = h.opt.stall * (0.3 + 1.4 * (r.next() * 0x1.0p-64));
  } else {
    h.note("random: %s\n", p.backpressure().c_str());
  }
  for (unsigned st = 0; st < 4; st++) h.cov_declare(std::string("ocpl_") + Pe::st_name(st));
  // m_fcpl never carries UR: a bad fabric frame is dropped unanswered (docs/mcast.md section 5)
  for (unsigned st : {MCAST_ST_SC, MCAST_ST_CA, MCAST_ST_BUSY}) h.cov_declare(std::string("fcpl_") + Pe::st_name(st));
  if (live) start_live_storm(p, h, base, 0.01);
  else p.start_storm();
  p.on_loc = [&](const tb::Packet& pk) {
    if ((pk.user >> 11) & 1)
      if (!r.chance(0.1)) env.replies.push_back({unsigned(pk.user & 7), unsigned(pk.user >> 3) & 0xFF, p.sim.cycle() + r.below(60)});
  };
  p.on_fab = [&](const tb::Packet& pk) {
    if (pk.data.size() > 26 && (pk.data[14] & 0xF) == 1 && !r.chance(0.1)) {
      unsigned nrec = pk.data[16], decl = 0;
      for (unsigned i = 0; i < nrec; i++) decl += mcast_popcount16(unsigned(pk.data[28 + 4 * i]) << 8 | pk.data[29 + 4 * i]);
      mcast_fcpl c{};
      c.src_sw = pk.data[19], c.mtid = pk.data[17];
      c.n_ok = uint8_t(r.below(decl + 1));
      c.n_fail = uint8_t(decl - c.n_ok);
      if (r.chance(0.05)) c.n_fail = uint8_t(r.bits(8));
      env.freplies.push_back({c, p.sim.cycle() + r.below(200)});
    }
    if (r.chance(0.3)) env.recent_fab.push_back(pk.data);
  };
  std::vector<std::vector<uint8_t>> sent_fab;
  const uint64_t per = std::max<uint64_t>(500, h.opt.n / 5);
  uint64_t next = per;
  while (h.inputs < h.opt.n) {
    const uint64_t now = p.sim.cycle();
    while (!env.replies.empty() && env.replies.front().due <= now) {
      auto c = env.replies.front();
      env.replies.pop_front();
      p.send_lcpl(c.port, c.mtid, r.chance(0.95));
      if (r.chance(0.03)) p.send_lcpl(c.port, c.mtid, 1);  // duplicate completion: stale
    }
    while (!env.freplies.empty() && env.freplies.front().due <= now) {
      p.send_fcpl(env.freplies.front().c);
      if (r.chance(0.03)) p.send_fcpl(env.freplies.front().c);
      env.freplies.pop_front();
    }
    if (p.loc.queued() < 2 && r.chance(0.06)) {
      unsigned user;
      auto f = env.loc_frame(user);
      p.loc.push(f, user);
    }
    if (p.fab.queued() < 2 && r.chance(0.05)) {
      if (!sent_fab.empty() && r.chance(0.1)) p.fab.push(sent_fab[r.below(sent_fab.size())]);  // duplicate
      else {
        auto f = env.fab_frame();
        sent_fab.push_back(f);
        if (sent_fab.size() > 8) sent_fab.erase(sent_fab.begin());
        p.fab.push(f);
      }
    }
    if (r.chance(0.002)) p.send_lcpl(unsigned(r.bits(3)), unsigned(r.bits(8)), unsigned(r.bits(1)));  // random
    if (r.chance(0.001)) {
      mcast_fcpl c{};
      c.src_sw = uint8_t(r.below(NSWID)), c.mtid = uint8_t(r.bits(8)), c.n_ok = uint8_t(r.bits(3)), c.n_fail = uint8_t(r.bits(3));
      p.send_fcpl(c);
    }
    if (r.chance(0.01) && p.tick.queued() < 2) p.send_tick();
    p.maybe_hang();
    p.sim.step();
    if (h.inputs >= next) {
      next += per;
      p.sim.run_until([&] { return !p.inputs_busy(); }, "input");
      p.storm_on(false);
      p.sim.drain(200);
      p.read_stats();
      if (r.chance(0.5)) env.program();
      else {  // only the link state changes (claim 12)
        p.wr(MCAST_CSR_LINK_UP, uint32_t(r.bits(4)));
        p.csr_wait();
      }
      snapshot(p, *base);
      p.storm_on(true);
    }
  }
  p.sim.run_until([&] { return !p.inputs_busy(); }, "input");
  p.storm_on(false);
  for (int i = 0; i < 200; i++) p.send_tick();  // every MOT entry times out and completes
  p.sim.run_until([&] { return !p.inputs_busy(); }, "ticks");
  p.sim.drain(200);
  p.read_stats();
  std::string st;
  for (unsigned i = 0; i < MCAST_S_NUM; i++)
    st += std::string(" ") + mcast_stat_name(static_cast<enum mcast_stat>(i)) + "=" + std::to_string(mcast_stat(&p.m, static_cast<enum mcast_stat>(i)));
  h.note("random: counters:%s\n", st.c_str());
  std::vector<unsigned> all;
  for (unsigned i = 0; i < MCAST_S_NUM; i++) all.push_back(i);
  p.cover_counters(all);
  h.check(p.m.mot[0].valid + p.m.mot[1].valid + p.m.mot[2].valid + p.m.mot[3].valid == 0, "model", "MOT empty at the end");
}

// ------------------------------------------------------------------ scenario: system (8 switches)
namespace sys {
constexpr unsigned NSW = 8, NP = 8, GROUPS = 8, MAX_RETRY = 2;

struct Mc {  // one multicast, tracked by the scoreboard
  unsigned root, port, grp, np, tag;
  std::set<unsigned> targets;          // node = sw * NP + port
  std::map<unsigned, unsigned> got;    // node -> copies received
  std::map<unsigned, unsigned> link;   // link (sw * 4 + isl) -> copies
  unsigned fab_copies = 0, tree_copies = 0;
  bool done = false, link_down = false;
};

struct Fabric {
  tb::Harness& h;
  tb::Rng& r;
  Pe& pe;                                  // switch 0
  mcast_model sw[NSW];                     // switches 1..7 (index 0 unused)
  unsigned member[GROUPS][NSW] = {};       // member port bitmaps
  std::set<unsigned> silent;               // silent nodes
  std::map<uint32_t, Mc> mcs;              // by id (inner bytes 14..17)
  std::map<unsigned, uint32_t> np_by_tag;  // (root * 256 + tag) -> id
  unsigned inflight_np = 0;
  uint32_t next_id = 1;
  unsigned tag_ctr = 0;
  bool link0_down = false;
  uint64_t lost = 0;
  struct Reply { unsigned sw, port, mtid; uint64_t due; };
  std::deque<Reply> replies;
  uint64_t delivered = 0, completions = 0;

  static unsigned nbr(unsigned s, unsigned isl) { return isl < 3 ? s ^ (1u << isl) : s ^ 7u; }
  static unsigned route(unsigned s, unsigned d) {  // {alt[9:8], primary[5:4], alt_valid, valid}
    unsigned x = s ^ d, prim = 0, alt = 3;
    while (!(x >> prim & 1u)) prim++;
    if (x == 7) prim = 3, alt = 0;
    else if (__builtin_popcount(x) == 2) { alt = 0; while (!(x >> alt & 1u) || alt == prim) alt++; }
    return 1u | 2u | prim << 4 | alt << 8;
  }
  // binomial spanning tree of the 3-cube rooted at root; children of s: s ^ (1 << k) for k below
  // the lowest set bit of (s ^ root) (all k for the root). Pruned: subtrees without members.
  bool has_members(unsigned g, unsigned root, unsigned s, unsigned orig_port) {
    unsigned bm = member[g][s] & (s == root ? ~(1u << orig_port) : 0xFFu);
    if (s != root && bm) return true;
    if (s == root && bm) {}
    unsigned x = s ^ root, lim = x ? unsigned(__builtin_ctz(x)) : 3;
    for (unsigned k = 0; k < lim; k++)
      if (has_members(g, root, s ^ (1u << k), orig_port)) return true;
    return false;
  }
  void build(unsigned g, unsigned root, unsigned s, std::vector<mcast_rec>& out) {
    size_t at = out.size();
    out.push_back(mcast_rec{uint8_t(s), 1, uint16_t(s == root ? 0 : member[g][s])});
    unsigned x = s ^ root, lim = x ? unsigned(__builtin_ctz(x)) : 3;
    for (unsigned k = 0; k < lim; k++)
      if (has_members(g, root, s ^ (1u << k), 0)) build(g, root, s ^ (1u << k), out);
    out[at].size = uint8_t(out.size() - at);
  }

  Fabric(tb::Harness& hh, Pe& p) : h(hh), r(hh.rng), pe(p) {
    mcast_cfg c;
    mcast_default_cfg(&c);
    for (unsigned s = 1; s < NSW; s++)
      if (mcast_init(&sw[s], &c) != MCAST_OK) h.fail("model", "init");
    for (unsigned g = 0; g < GROUPS; g++) {
      double pm = g == 0 ? 1.0 : g == 1 ? 0.0 : 0.05 + 0.9 * (r.next() * 0x1.0p-64);
      unsigned cnt = 0;
      for (unsigned s = 0; s < NSW; s++)
        for (unsigned q = 0; q < NP; q++)
          if (r.chance(pm)) member[g][s] |= 1u << q, cnt++;
      while (cnt < 2) {  // groups of 2 to all nodes
        unsigned s = unsigned(r.below(NSW)), q = unsigned(r.below(NP));
        if (!(member[g][s] >> q & 1u)) member[g][s] |= 1u << q, cnt++;
      }
    }
    for (int i = 0; i < 3; i++) silent.insert(unsigned(r.below(NSW * NP)));
    for (unsigned s = 0; s < NSW; s++) {
      auto W = [&](uint32_t a, uint32_t d) {
        if (s == 0) pe.wr(a, d);
        else if (mcast_csr_write(&sw[s], a, d, 0xF) != MCAST_OK) h.fail("model", "csr");
      };
      W(MCAST_CSR_SWITCH, s);
      W(MCAST_CSR_T_LOCAL, 4), W(MCAST_CSR_T_CHILD, 64), W(MCAST_CSR_MAX_RETRY, MAX_RETRY), W(MCAST_CSR_DEDUP_AGE, 16);
      for (unsigned d = 0; d < NSW; d++)
        if (d != s) W(MCAST_CSR_ROUTE_S(d), route(s, d));
      for (unsigned g = 0; g < GROUPS; g++) {
        W(MCAST_CSR_GRP_CTRL(g), MCAST_GRP_CTRL_VAL(1u, member[g][s]));
        std::vector<mcast_rec> t;
        build(g, s, s, t);
        for (unsigned i = 0; i < t.size(); i++)
          W(MCAST_CSR_TREE_REC(g, i), MCAST_TREE_REC_VAL(t[i].sw, t[i].size, t[i].bmp));
        W(MCAST_CSR_GRP_NREC(g), unsigned(t.size()));
      }
    }
    pe.csr_wait();
    pe.on_fab = [this](const tb::Packet& pk) { fab_tx(0, pk.data, unsigned(pk.user)); };
    pe.on_loc = [this](const tb::Packet& pk) { loc_tx(0, pk.data, unsigned(pk.user)); };
    pe.on_ocpl = [this](const Txn& t) { ocpl_rx(0, unsigned(t.get("tag")), unsigned(t.get("status")), unsigned(t.get("n_ok")), unsigned(t.get("n_fail"))); };
    pe.on_fcpl = [this](const Txn& t) {
      mcast_fcpl c{};
      c.dst_sw = uint8_t(t.get("dst_sw")), c.src_sw = uint8_t(t.get("src_sw")), c.mtid = uint8_t(t.get("mtid"));
      c.status = uint8_t(t.get("status")), c.n_ok = uint8_t(t.get("n_ok")), c.n_fail = uint8_t(t.get("n_fail"));
      fcpl_tx(c);
    };
  }
  ~Fabric() {
    for (unsigned s = 1; s < NSW; s++) mcast_free(&sw[s]);
  }
  static uint32_t id_of(const std::vector<uint8_t>& inner) {
    return inner.size() >= 18 ? uint32_t(inner[14]) << 24 | uint32_t(inner[15]) << 16 | uint32_t(inner[16]) << 8 | inner[17] : 0;
  }
  // an encapsulated frame leaves switch s on ISL isl: links, transit (plain unicast), arrival
  void fab_tx(unsigned s, const std::vector<uint8_t>& f, unsigned isl) {
    if (h.opt.fault == "lose" && s == 0 && ++lost == 5) return;  // the fabric loses one copy
    unsigned dst = f[19];
    Mc* mc = nullptr;
    auto it = mcs.find(id_of(std::vector<uint8_t>(f.begin() + 26 + 4 * f[16], f.end())));
    if (it != mcs.end()) mc = &it->second, mc->fab_copies++;
    unsigned at = s, hops = 0;
    while (true) {
      if (mc) mc->link[at * 4 + isl]++;
      at = nbr(at, isl);
      if (at == dst) break;
      if (++hops > 4) h.fail("fabric", "transit loop");
      unsigned rt = route(at, dst);
      isl = (rt >> 4) & 3u;  // transit switches have no failed links
    }
    if (dst == 0) pe.fab.push(f);
    else mcast_push_fab(&sw[dst], f.data(), f.size());
  }
  void loc_tx(unsigned s, const std::vector<uint8_t>& f, unsigned user) {
    unsigned port = user & 7u, node = s * NP + port;
    delivered++;
    auto it = mcs.find(id_of(f));
    if (it == mcs.end()) h.fail("node", "copy of an unknown multicast delivered to node " + std::to_string(node));
    Mc& mc = it->second;
    if (node == mc.root * NP + mc.port) h.fail("node", "property: the originator received its own copy");
    if (!mc.targets.count(node)) h.fail("node", "property: non-member node " + std::to_string(node) + " received a copy");
    unsigned n = ++mc.got[node];
    const unsigned limit = (mc.np && silent.count(node)) ? 1 + MAX_RETRY : 1;
    if (n > limit) h.fail("node", "property: node " + std::to_string(node) + " received " + std::to_string(n) + " copies");
    // per-port backpressure profiles: a resend to a silent node may still wait in a held
    // m_axis_loc / m_axis_fab when the completion leaves on m_ocpl (no order across ports);
    // finish_check counts its copies when the multicast retires
    if (mc.done && (strict_order || !silent.count(node))) h.fail("node", "property: copy delivered after the completion");
    if (((user >> 11) & 1u) != mc.np) h.fail("node", "non-posted flag of the copy is wrong");
    if (mc.np && !silent.count(node) && n == 1) replies.push_back({s, port, (user >> 3) & 0xFFu, h.cycle() + r.below(20)});
  }
  void fcpl_tx(const mcast_fcpl& c) {
    if (c.dst_sw == 0) pe.send_fcpl(c);
    else mcast_push_fcpl(&sw[c.dst_sw], &c);
  }
  void ocpl_rx(unsigned s, unsigned tag, unsigned status, unsigned n_ok, unsigned n_fail) {
    completions++;
    auto it = np_by_tag.find(s * 256 + tag);
    if (it == np_by_tag.end()) h.fail("originator", "property: completion for no outstanding multicast (or a second one)");
    Mc& mc = mcs.at(it->second);
    np_by_tag.erase(it);
    unsigned ok = 0, fail = 0;
    for (unsigned t : mc.targets) {
      unsigned got = mc.got.count(t) ? mc.got[t] : 0;
      if (silent.count(t)) {
        fail++;
        if (strict_order ? got != 1 + MAX_RETRY : got > 1 + MAX_RETRY)
          h.fail("originator", "property: completion before silent node " + std::to_string(t) + " got all resends");
      } else {
        ok++;
        if (got != 1) h.fail("originator", "property: completion before member " + std::to_string(t) + " received its copy");
      }
    }
    char b[200];
    std::snprintf(b, sizeof b, "  expected n_ok %u n_fail %u, got n_ok %u n_fail %u status %u", ok, fail, n_ok, n_fail, status);
    if (n_ok != ok || n_fail != fail || n_ok + n_fail != mc.targets.size() || (status == MCAST_ST_SC) != (fail == 0))
      h.fail("originator", "property: completion accounting", b);
    mc.done = true;
    inflight_np--;
    h.checks++;
  }
  bool strict_order = true;  // outputs in one uniform profile: copies before the completion
  void finish_check(Mc& mc) {  // posted (or completed) multicast, fabric quiet
    for (unsigned t : mc.targets) {
      unsigned got = mc.got.count(t) ? mc.got[t] : 0;
      unsigned want = (mc.np && silent.count(t)) ? 1 + MAX_RETRY : 1;
      if (got != want)
        h.fail("node", "property: member " + std::to_string(t) + " received " + std::to_string(got) + " copies, expected " +
                           std::to_string(want) + " (multicast from switch " + std::to_string(mc.root) + " port " +
                           std::to_string(mc.port) + ", group " + std::to_string(mc.grp) + (mc.np ? ", non-posted)" : ", posted)"));
    }
    if (mc.np && !mc.done) h.fail("originator", "property: no completion for a non-posted multicast");
    if (mc.fab_copies != mc.tree_copies)  // N-1 encapsulated copies (¶0082): one per tree edge
      h.fail("fabric", "property: " + std::to_string(mc.fab_copies) + " encapsulated copies, the tree has " +
                           std::to_string(mc.tree_copies) + " edges");
    if (!mc.link_down)
      for (auto& kv : mc.link)
        if (kv.second > 1) h.fail("fabric", "property: more than one copy of a multicast on link " + std::to_string(kv.first));
    h.checks++;
  }
  void inject(unsigned s) {
    unsigned port = unsigned(r.below(NP)), g = unsigned(r.below(GROUPS));
    unsigned np = inflight_np < MOTN && r.chance(0.5) ? 1 : 0;
    uint32_t id = next_id++;
    Mc mc{};
    mc.root = s, mc.port = port, mc.grp = g, mc.np = np, mc.tag = (tag_ctr++) & 0xFF, mc.link_down = link0_down;
    for (unsigned q = 0; q < NSW; q++)
      for (unsigned pp = 0; pp < NP; pp++)
        if ((member[g][q] >> pp & 1u) && !(q == s && pp == port)) mc.targets.insert(q * NP + pp);
    {
      std::vector<mcast_rec> t;
      build(g, s, s, t);
      mc.tree_copies = unsigned(t.size()) - 1;
    }
    if (np) {
      if (np_by_tag.count(s * 256 + mc.tag)) np = mc.np = 0;
      else np_by_tag[s * 256 + mc.tag] = id, inflight_np++;
    }
    mcs[id] = mc;
    auto f = mc_frame(r, g, size_t(r.range(18, 128)), id);
    unsigned user = MCAST_LOC_USER(port, np, mc.tag);
    if (s == 0) pe.loc.push(f, user);
    else mcast_push_loc(&sw[s], f.data(), f.size(), user);
  }
  void tick_all() {
    pe.send_tick();
    for (unsigned s = 1; s < NSW; s++) mcast_push_tick(&sw[s]);
  }
  // move every output of the model switches; deliver node replies that are due
  bool pump() {
    bool moved = false;
    for (unsigned s = 1; s < NSW; s++) {
      uint8_t b[1024];
      size_t len;
      unsigned isl, user;
      while (mcast_pop_fab(&sw[s], b, sizeof b, &len, &isl)) fab_tx(s, std::vector<uint8_t>(b, b + len), isl), moved = true;
      while (mcast_pop_loc(&sw[s], b, sizeof b, &len, &user)) loc_tx(s, std::vector<uint8_t>(b, b + len), user), moved = true;
      mcast_fcpl c;
      while (mcast_pop_fcpl(&sw[s], &c)) fcpl_tx(c), moved = true;
      mcast_ocpl o;
      while (mcast_pop_ocpl(&sw[s], &o)) ocpl_rx(s, o.tag, o.status, o.n_ok, o.n_fail), moved = true;
    }
    const uint64_t now = h.cycle();
    for (auto it = replies.begin(); it != replies.end();) {
      if (it->due <= now) {
        if (it->sw == 0) pe.send_lcpl(it->port, it->mtid, 1);
        else mcast_push_lcpl(&sw[it->sw], it->port, it->mtid, 1);
        it = replies.erase(it), moved = true;
      } else ++it;
    }
    return moved;
  }
  bool quiet() const { return replies.empty() && !pe.inputs_busy(); }
};
}  // namespace sys

static void scenario_system(tb::Harness& h) {
  Pe p(h);
  tb::Rng& r = h.rng;
  if (!h.opt.get("pcap-out").empty()) p.pcap.open(h.opt.get("pcap-out") + "_fab.pcap");
  sys::Fabric fab(h, p);
  uint64_t last_tick = 0;
  const uint64_t n = h.opt.n;
  // profiles on the completion ports only: the fabric properties (one copy per member, resends
  // only to silent nodes) assume copies reach the nodes before T_LOCAL expires, so the data
  // outputs keep the uniform --stall; held completion ports back-pressure the MOT instead
  h.note("system: %s\n", p.backpressure(true).c_str());
  for (unsigned st : {MCAST_ST_SC, MCAST_ST_CA}) h.cov_declare(std::string("ocpl_") + Pe::st_name(st));
  for (unsigned st : {MCAST_ST_SC, MCAST_ST_CA}) h.cov_declare(std::string("fcpl_") + Pe::st_name(st));
  p.start_storm();
  auto service = [&] {
    fab.pump();
    // ticks only when every reply was delivered and at most one frame waits at the RTL switch
    if (p.sim.cycle() - last_tick > 150 && fab.replies.empty() && !p.lcpl.busy() && !p.fcpl.busy() && p.fab.queued() <= 1) {
      fab.tick_all();
      last_tick = p.sim.cycle();
    }
  };
  uint64_t next_check = 2000;
  while (h.inputs < n) {
    service();
    // the fabric is back-pressured by the RTL switch: no injection while its inputs queue up
    if (r.chance(0.05) && p.loc.queued() < 2 && p.fab.queued() < 4) fab.inject(unsigned(r.below(sys::NSW)));
    if (r.chance(0.0003)) {  // bad input at the RTL switch: stale completions, unknown group
      if (r.chance(0.5)) p.send_lcpl(unsigned(r.bits(3)), unsigned(r.range(MOTN, 15)) | unsigned(r.bits(4)) << 4, 1);
      else {
        mcast_fcpl c{};
        c.src_sw = uint8_t(r.below(8)), c.mtid = uint8_t(r.range(MOTN, 15)), c.n_ok = 1;
        p.send_fcpl(c);
      }
    }
    if (!fab.link0_down && h.inputs >= n / 2) {  // fail ISL 0 of the RTL switch (claim 12)
      p.storm_on(false);
      p.sim.run_until([&] { service(); return fab.quiet() && fab.inflight_np == 0 && !p.mloc.mid_packet() && !p.mfab.mid_packet(); }, "quiesce");
      p.sim.drain(1000);  // copies still queued in the engine's emitters go out before the CSR write
      p.wr(MCAST_CSR_LINK_UP, 0xE);
      p.csr_wait();
      fab.link0_down = true;
      p.storm_on(true);
    }
    p.sim.step();
    if (h.inputs >= next_check) {  // retire finished multicasts
      next_check += 2000;
      for (auto it = fab.mcs.begin(); it != fab.mcs.end();) {
        if (it->first + 400 < fab.next_id && (!it->second.np || it->second.done)) {
          fab.finish_check(it->second);
          it = fab.mcs.erase(it);
        } else ++it;
      }
    }
  }
  // drain: keep ticking until every non-posted multicast completed
  p.storm_on(false);
  p.sim.run_until([&] {
    service();
    return fab.inflight_np == 0 && fab.quiet() && !p.mloc.mid_packet() && !p.mfab.mid_packet();
  }, "all completions");
  p.sim.drain(1000);
  while (fab.pump()) p.sim.drain(1000);
  for (auto& kv : fab.mcs) fab.finish_check(kv.second);
  p.read_stats();
  std::string st;
  for (unsigned i = 0; i < MCAST_S_NUM; i++)
    st += std::string(" ") + mcast_stat_name(static_cast<enum mcast_stat>(i)) + "=" + std::to_string(mcast_stat(&p.m, static_cast<enum mcast_stat>(i)));
  h.note("system: RTL switch counters:%s\n", st.c_str());
  p.cover_counters({MCAST_S_RX_LOC, MCAST_S_RX_FAB, MCAST_S_TX_FAB, MCAST_S_TX_LOC, MCAST_S_OCPL, MCAST_S_FCPL,
                    MCAST_S_LCPL_RX, MCAST_S_FCPL_RX, MCAST_S_STALE_CPL, MCAST_S_RETRY, MCAST_S_TIMEOUT,
                    MCAST_S_REROUTE});
  h.extra("multicasts", double(fab.next_id - 1));
  h.extra("node_copies", double(fab.delivered));
  h.extra("completions", double(fab.completions));
  h.note("system: %u multicasts, %" PRIu64 " node copies, %" PRIu64 " completions\n", fab.next_id - 1, fab.delivered, fab.completions);
}

// ------------------------------------------------------------------ scenario: bench (throughput)
// --no-stall, 64-byte original frames back to back, posted; per port beats per cycle (the
// target is one beat per cycle on the busiest port):
//   (a) local frame, 1 local member                      s_axis_loc -> m_axis_loc
//   (b) local frame, 4 child switches + 7 local members  s_axis_loc -> m_axis_fab (4) + m_axis_loc (7)
//   (c) fabric frame, 2 child subtrees + 2 members       s_axis_fab -> m_axis_fab (2) + m_axis_loc (2)
//   (d) both inputs at once: local frames to 1 child, fabric frames to 1 member
static void scenario_bench(tb::Harness& h) {
  struct Case {
    const char* name;
    const char* key;
    bool loc_in, fab_in;
  };
  const Case cases[] = {{"(a) local frame, 1 local copy", "a_1loc", true, false},
                        {"(b) local frame, 4 children + 7 local copies", "b_4fab_7loc", true, false},
                        {"(c) fabric frame, 2 children + 2 local copies", "c_relay", false, true},
                        {"(d) local -> 1 child and fabric -> 1 member at once", "d_both", true, true}};
  for (int c = 0; c < 4; c++) {
    Pe p(h);
    p.wr(MCAST_CSR_SWITCH, 0);
    for (unsigned s = 1; s <= 4; s++) p.wr(MCAST_CSR_ROUTE_S(s), MCAST_ROUTE_VAL(1u, 0u, s % 4, 0u));
    // group 0: local traffic; group 1: fabric traffic (members 0 and 1)
    const unsigned lmem = c == 0 ? 0x3u : c == 1 ? 0xFFu : 0x1u;
    p.wr(MCAST_CSR_GRP_CTRL(0), MCAST_GRP_CTRL_VAL(1u, lmem));
    p.wr(MCAST_CSR_GRP_CTRL(1), MCAST_GRP_CTRL_VAL(1u, 0x3u));
    const unsigned nrec = c == 1 ? 5 : c == 3 ? 2 : 1;
    p.wr(MCAST_CSR_TREE_REC(0, 0), MCAST_TREE_REC_VAL(0u, nrec, 0u));
    for (unsigned s = 1; s < nrec; s++) p.wr(MCAST_CSR_TREE_REC(0, s), MCAST_TREE_REC_VAL(s, 1u, 0x00FFu));
    p.wr(MCAST_CSR_GRP_NREC(0), nrec);
    p.csr_wait();
    const uint64_t n = std::max<uint64_t>(10, h.opt.n / 2);
    // fabric frames for this switch (root 9, distinct RootSeq: no duplicate drops)
    std::vector<mcast_rec> recs;
    if (c == 2) recs = {{0, 3, 0x3}, {1, 1, 0x1}, {2, 1, 0x1}};
    else recs = {{0, 1, 0x2}};
    uint64_t want_loc = 0, want_fab = 0;
    if (c == 0) {  // latency of one frame on an idle engine: tlast accepted -> first output beat
      p.loc.push(mc_frame(h.rng, 0, 64, 0), MCAST_LOC_USER(0, 0, 0));
      p.sim.run_until([&] { return !p.loc.busy(); }, "latency in");
      const uint64_t t_in = p.sim.cycle();
      p.sim.run_until([&] { return p.mloc.beats > 0; }, "latency out");
      const double lat = double(p.sim.cycle() - t_in);
      p.sim.run_until([&] { return p.mloc.packets == 1; }, "latency frame");
      p.sim.drain(20);
      h.note("bench: latency, input tlast handshake to first output beat: %.0f cycles\n", lat);
      std::printf("bench: mcast_pe latency (input tlast to first m_axis_loc beat, idle engine): %.0f cycles\n", lat);
      h.extra("latency_cycles", lat);
    }
    const uint64_t l0 = p.loc.beats, lo0 = p.mloc.beats;
    const uint64_t c0 = p.sim.cycle();
    for (uint64_t i = 0; i < n; i++) {
      if (cases[c].loc_in) {
        p.loc.push(mc_frame(h.rng, 0, 64, uint32_t(i)), MCAST_LOC_USER(0, 0, 0));
        want_loc += c == 0 ? 1 : c == 1 ? 7 : 0;
        want_fab += c == 1 ? 4 : c == 3 ? 1 : 0;
      }
      if (cases[c].fab_in) {
        const std::vector<uint8_t> inner = mc_frame(h.rng, 1, 64, uint32_t(i));
        uint8_t f[256];
        const size_t len = mcast_build_enc(f, sizeof f, 0, 1, 0, 9, 0, 9, unsigned(i & 0xFFFF), recs.data(),
                                           unsigned(recs.size()), inner.data(), inner.size());
        p.fab.push(std::vector<uint8_t>(f, f + len));
        want_loc += c == 2 ? 2 : 1;
        want_fab += c == 2 ? 2 : 0;
      }
    }
    p.sim.run_until([&] { return !p.loc.busy() && !p.fab.busy() && !p.mfab.mid_packet() && !p.mloc.mid_packet() &&
                                 p.mloc.packets == want_loc + (c == 0) && p.mfab.packets == want_fab; }, "bench");
    const double cyc = double(p.sim.cycle() - c0);
    const double u_li = double(p.loc.beats - l0) / cyc, u_fi = double(p.fab.beats) / cyc;
    const double u_fo = double(p.mfab.beats) / cyc, u_lo = double(p.mloc.beats - lo0) / cyc;
    const double busiest = std::max(std::max(u_li, u_fi), std::max(u_fo, u_lo));
    h.note("bench: %s: %" PRIu64 " frames per input in %.0f cycles, %.1f cycles per frame; beats/cycle: "
           "s_axis_loc %.3f s_axis_fab %.3f m_axis_fab %.3f m_axis_loc %.3f (busiest port %.3f)\n",
           cases[c].name, n, cyc, cyc / double(n), u_li, u_fi, u_fo, u_lo, busiest);
    std::printf("bench: mcast_pe %-52s %.1f cycles/frame, beats/cycle in loc %.3f fab %.3f, out fab %.3f loc %.3f, busiest %.3f\n",
                cases[c].name, cyc / double(n), u_li, u_fi, u_fo, u_lo, busiest);
    h.extra(std::string(cases[c].key) + "_cycles_per_frame", cyc / double(n));
    h.extra(std::string(cases[c].key) + "_busiest_port_beats_per_cycle", busiest);
    h.extra(std::string(cases[c].key) + "_out_beats_per_cycle", u_fo + u_lo);
    p.sim.drain(100);
  }
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  tb::Harness h(argc, argv, "mcast", "make sim BLOCK=mcast SEED=<seed> N=<n> SCENARIO=<scenario> FAULT=<fault> TRACE=1", dflt);
  h.run("csr", [&] { scenario_csr(h); });
  h.run("random", [&] { scenario_random(h); });
  h.run("csr_live", [&] { scenario_random(h, true); });
  h.run("system", [&] { scenario_system(h); });
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario_bench(h); });
  return h.exit_code();
}
