// tb_barrier_fanout.cpp -- lockstep regression of barrier_fanout (RTL, Verilator, default
// parameters NUM_PORTS 8, NUM_GROUPS 16, DATA_WIDTH 64, FIFO_DEPTH 32) against the C model
// barrier_fanout_model (cmodel/barrier.h; docs/barrier.md section 7; seed 001 ¶30, ¶42, ¶48).
//
// Scenarios (block "barrier" in the report):
//   fanout_csr     group table write/read-back, SLVERR rules, reset values
//   fanout_random  --n packets: random group tables (valid/reflect/empty masks, duplicate group
//                  IPs), notifications to known and unknown groups, short (< 34 bytes), non-IPv4
//                  and IPv4-version-6 frames, long packets (up to 300 bytes, longer than the
//                  FIFO), bad source ports (tuser >= NP); per-port backpressure profiles on the
//                  egress ports (tb/common/stimulus.h, --bp or seed mod 4), input unthrottled.
//                  Translation (section 7.2): XLT (CTRL, BASE_LO, BASE_HI) written for every
//                  (group, port), about a third of the groups untranslated per class (UD_EN and
//                  FA_EN drawn apart); ~40% of the frames of UD class (mostly 78 bytes with a
//                  correct ICRC), ~35% of FETCH_ADD class (mostly 86 bytes, correct ICRC ~90%),
//                  some of either with one class byte (14, 16, 17, 42) off by one.
//   fanout_pcap    --n well-formed notifications, UD (roce_ud_build) and FETCH_ADD (roce_fa_build,
//                  VA = CNT_BASE + 8 * bar) alternating at random, to 4 reflecting groups of all
//                  ports; with --pcap-out PREFIX every RTL egress copy goes to
//                  PREFIX_fanout_pcap_egress.pcap for scripts/barrier_pcap.py check (tshark + scapy).
// Coverage (JSON cov_*, from the model): every profile, every drop class, fwd, copies per port,
// xlt_ud_copy (translated UD copies), xlt_fa_copy (translated FETCH_ADD copies; XLT_FA = 1 build
// only), passthrough_copy.
// Builds (mk/barrier.mk): TB_XLT_FA (compile define, default 0) mirrors the RTL parameter XLT_FA
// the binary was built with (Verilator -GXLT_FA): build/barrier_fanout/tb_fanout (XLT_FA = 0, the
// RTL default: FA_EN ignored, XLT +4 / +8 SLVERR, FETCH_ADD copies unchanged) and
// build/barrier_fanout_fa/tb_fanout (XLT_FA = 1). The model gets cfg.xlt_fa = TB_XLT_FA; the
// stimulus is the same in both (FETCH_ADD frames, FA_EN and BASE writes included): the model says
// what the build does with them. The JSON lines carry xlt_fa (the build).
// Every egress port has its own in-order scoreboard (model queue of that port); the statistics
// are read back and compared after every quiesce; at the end the number of copies received must
// equal the copies_out statistic.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>

#include "Vbarrier_fanout.h"
#include "Vbarrier_fanout___024root.h"
#include "barrier.h"
#include "common/roce.h"
#include "csr.h"
#include "pcap.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

static constexpr unsigned NP = 8, NG = 16, DW = 64;
#ifndef TB_XLT_FA
#define TB_XLT_FA 0
#endif
static constexpr unsigned XLT_FA = TB_XLT_FA;  // RTL parameter XLT_FA of this build
using tb::Txn;

struct Fan {
  tb::Harness& h;
  tb::Sim<Vbarrier_fanout> sim;
  Vbarrier_fanout* top;
  // Timing probes (docs/barrier.md 7, same-cycle rule; signals made public by
  // tb/barrier/barrier_fanout.vlt), constructed before the port agents so that their post() runs
  // first, in this order: the decision pipeline's P3 (PORT_MASK / REFLECT of the matched group
  // read: the model queues the copies, barrier_fanout_push_group) and P1 (GROUP_IP / VALID
  // compared: barrier_fanout_match) of the cycle, then the CSR write the RTL's table takes at the
  // end of this cycle (a write handshaken in cycle t lands at the end of t + 1). sent: packets
  // pushed on s_axis_in in order, each decided once; decided: matched in P1, waiting for P3.
  struct DecProbe;
  std::unique_ptr<tb::Agent> dec_probe;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  std::deque<tb::Packet> sent;
  std::deque<std::pair<tb::Packet, int>> decided;
  struct DecProbe : tb::Agent {
    Fan& f;
    bool p1 = false, p3 = false;
    DecProbe(Fan& fan) : Agent(fan.sim, "decision", Role::other), f(fan) {}
    void drive() override {}
    void sample() override {
      p1 = f.top->rootp->barrier_fanout__DOT__p1_v_reg;
      p3 = f.top->rootp->barrier_fanout__DOT__p3_v_reg;
    }
    void post() override {
      if (sim_.in_reset()) return;
      if (p3) {
        if (f.decided.empty()) {
          sim_.h.fail("s_axis_in", "the RTL decided a packet (P3) that never passed P1 (probe)");
        } else {
          auto& e = f.decided.front();
          barrier_fanout_push_group(&f.m, e.first.data.data(), e.first.data.size(), unsigned(e.first.user),
                                    unsigned(e.second));
          f.decided.pop_front();
        }
      }
      if (p1) {
        if (f.sent.empty()) {
          sim_.h.fail("s_axis_in", "the RTL decided a packet that was never sent (P1 probe)");
        } else {
          const int g = barrier_fanout_match(&f.m, f.sent.front().data.data(), f.sent.front().data.size());
          f.decided.emplace_back(std::move(f.sent.front()), g);
          f.sent.pop_front();
        }
      }
    }
  };
  tb::AxilMaster csr;
  tb::AxisSource in;
  std::vector<std::unique_ptr<tb::AxisSink>> out;
  std::vector<std::unique_ptr<tb::Scoreboard>> sb;
  barrier_fanout_model m{};
  uint64_t copies = 0, reflected_bad = 0;
  uint64_t model_copies[NP] = {};  // copies per port popped from the model (coverage)
  std::unique_ptr<tb::PcapWriter> pcap;  // --pcap-out PREFIX: every egress copy the RTL emitted

  static tb::AxisPins out_pins(Vbarrier_fanout* t, unsigned p) {
    tb::AxisPins a;
    a.tdata = tb::Sig(&t->m_axis_out_tdata).slice(p * DW, DW);
    a.tkeep = tb::Sig(&t->m_axis_out_tkeep).slice(p * DW / 8, DW / 8);
    a.tvalid = tb::Sig(&t->m_axis_out_tvalid).slice(p, 1);
    a.tready = tb::Sig(&t->m_axis_out_tready).slice(p, 1);
    a.tlast = tb::Sig(&t->m_axis_out_tlast).slice(p, 1);
    a.tuser = tb::Sig(&t->m_axis_out_tuser).slice(p * 4, 4);
    a.data_bytes = DW / 8;
    return a;
  }
  static tb::AxisPins in_pins(Vbarrier_fanout* t) {
    tb::AxisPins a = TB_AXIS(t, s_axis_in, DW);
    a.tuser = tb::Sig(&t->s_axis_in_tuser);
    return a;
  }

  explicit Fan(tb::Harness& harness)
      : h(harness), sim(harness), top(sim.top.get()), dec_probe(new DecProbe(*this)),
        csr_probe(new tb::CsrWriteProbe(
            sim,
            [this]() -> tb::CsrWriteProbe::Wr {
              auto* r = top->rootp;
              return {bool(r->barrier_fanout__DOT__reg_wr_en), r->barrier_fanout__DOT__reg_wr_addr,
                      r->barrier_fanout__DOT__reg_wr_data, r->barrier_fanout__DOT__reg_wr_strb};
            },
            [this](const tb::CsrWriteProbe::Wr& w) { return barrier_fanout_csr_write_strb(&m, w.addr, w.data, w.strb); },
            1, [this](const tb::CsrWriteProbe::Wr& w) { return barrier_fanout_csr_write_check(&m, w.addr, w.strb); })),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        in(sim, "s_axis_in", in_pins(top)) {
    const barrier_fanout_cfg cfg{NP, NG, XLT_FA};
    if (barrier_fanout_init(&m, &cfg) != BARRIER_OK) h.fail("model", "barrier_fanout_init failed");
    h.extra("xlt_fa", double(XLT_FA));
    for (unsigned p = 0; p < NP; p++) {
      const std::string name = "m_axis_out[" + std::to_string(p) + "]";
      out.emplace_back(new tb::AxisSink(sim, name, out_pins(top, p)));
      sb.emplace_back(new tb::Scoreboard(sim, name));
      sb[p]->model([this, p](Txn& t) {
        uint8_t b[2048];
        size_t len;
        unsigned src;
        if (barrier_fanout_pop(&m, p, b, sizeof b, &len, &src) != 1) return false;
        model_copies[p]++;
        t = Txn();
        t.add_bytes("data", std::vector<uint8_t>(b, b + len)).add("tuser", 4, src);
        return true;
      });
      out[p]->on_capture = [this, p](const tb::Packet& pk) {
        Txn t;
        t.add_bytes("data", pk.data).add("tuser", 4, pk.user);
        sb[p]->actual(t);
        copies++;
        if (pcap) pcap->write(pk.data, sim.cycle());
      };
    }
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) return csr_probe->next_rc(h, BARRIER_CSR_ERR) == BARRIER_CSR_ERR ? 2 : 0;
      rdata = barrier_fanout_csr_read(&m, o.addr);
      return barrier_fanout_csr_read_err(&m, o.addr) ? 2 : 0;
    }));
    const std::string po = h.opt.get("pcap-out");
    if (!po.empty()) pcap.reset(new tb::PcapWriter(po + "_" + h.scenario() + "_egress.pcap"));
    sim.reset(8);
  }
  std::unique_ptr<tb::CsrChecker> csr_chk;
  ~Fan() { barrier_fanout_free(&m); }
  void wr(uint32_t a, uint32_t d, unsigned strb = 0xf) { csr.write(a, d, {}, strb); }
  // one packet on s_axis_in (tuser = ingress port); the model decides it at the RTL's P1 / P3
  void send(std::vector<uint8_t> pkt, uint64_t user) {
    sent.push_back(tb::Packet{pkt, user});
    in.push(std::move(pkt), user);
  }
  void rd(uint32_t a) { csr.read(a, {}); }
  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }
  void read_all() {
    for (uint32_t a = 0; a < 0x20; a += 4) rd(a);
    for (uint32_t a = 0x100; a < 0x124; a += 4) rd(a);
    for (uint32_t g = 0; g <= NG; g++)
      for (uint32_t o = 0; o < 16; o += 4) rd(0x400 + 16 * g + o);
    csr_wait();
  }
};

// translation table (section 7.2): about a third of the groups untranslated (UD and FETCH_ADD
// drawn apart), the others with a random BAR and DST_BASE per member port and UD_EN / FA_EN on
// most ports; reserved bits (and BASE_LO bits 11:0) sometimes set
static void program_xlt(Fan& f, tb::Rng& r) {
  for (unsigned g = 0; g < NG; g++) {
    const bool grp_on = r.chance(0.67), fa_on = r.chance(0.67);
    for (unsigned p = 0; p < NP; p++) {
      const uint32_t a = 0x4000 + 0x100 * g + 0x10 * p;
      f.wr(a, uint32_t(r.bits(8)) << 8 | uint32_t(grp_on && r.chance(0.8) ? 1 : 0) |
                  uint32_t(fa_on && r.chance(0.8) ? 2 : 0) | (r.chance(0.1) ? uint32_t(r.next()) & 0xffff00fcu : 0));
      f.wr(a + 4, uint32_t(r.next()) & (r.chance(0.8) ? 0xfffff000u : 0xffffffffu));
      f.wr(a + 8, r.chance(0.2) ? 0u : uint32_t(r.next()));
    }
  }
}

static void program_groups(Fan& f, tb::Rng& r, std::vector<uint32_t>& ips) {
  program_xlt(f, r);
  ips.clear();
  for (unsigned g = 0; g < NG; g++) {
    const uint32_t ip = (!ips.empty() && r.chance(0.1)) ? ips[r.below(ips.size())] : 0xef000000u | uint32_t(r.bits(20));
    ips.push_back(ip);
    f.wr(0x404 + 16 * g, ip);
    f.wr(0x408 + 16 * g, r.chance(0.1) ? 0 : uint32_t(r.chance(0.5) ? (1u << NP) - 1 : r.bits(NP)));
    f.wr(0x400 + 16 * g, uint32_t(r.chance(0.85) ? 1 : 0) | uint32_t(r.chance(0.5) ? 2 : 0));
  }
  f.csr_wait();
}

static std::vector<uint8_t> frame(tb::Rng& r, const std::vector<uint32_t>& ips) {
  const uint32_t dip = r.chance(0.85) ? ips[r.below(ips.size())] : uint32_t(r.next());
  size_t len = r.chance(0.7) ? 86 : size_t(r.range(1, 300));
  std::vector<uint8_t> p = r.bytes(len);
  auto put = [&](size_t off, uint8_t v) {
    if (off < p.size()) p[off] = v;
  };
  const double k = r.next() * 0x1.0p-64;
  put(12, k < 0.03 ? 0x86 : 0x08), put(13, k < 0.03 ? 0xdd : 0x00);
  put(14, k < 0.06 && k >= 0.03 ? 0x65 : 0x45);
  for (int i = 0; i < 4; i++) put(30 + size_t(i), uint8_t(dip >> (24 - 8 * i)));
  // UD notification class (section 7.2): total length 64 and opcode 0x65, mostly 78 bytes with a
  // correct ICRC (roce_icrc_ipv4), sometimes another length; sometimes one class byte off
  const double c = r.next() * 0x1.0p-64;
  if (c < 0.35) {
    // FETCH_ADD class (section 7.2): total length 72 and opcode 0x14, mostly 86 bytes with a
    // correct ICRC, sometimes another length; sometimes one class byte off by one
    if (r.chance(0.8)) p.resize(86);
    put(16, 0x00), put(17, 72), put(42, 0x14);
    if (r.chance(0.1)) {
      static const size_t cls[] = {14, 16, 17, 42};
      const size_t off = cls[r.below(4)];
      if (off < p.size()) p[off] = uint8_t(p[off] + (r.chance(0.5) ? 1 : 0xff));
    }
    if (p.size() == 86 && p[14] == 0x45 && r.chance(0.9)) {
      uint32_t icrc = 0;
      if (roce_icrc_ipv4(p.data(), p.size(), &icrc) == 0) roce_put_icrc(p.data() + 82, icrc);
    }
  } else if (c < 0.75) {
    if (r.chance(0.8)) p.resize(78);
    put(16, 0x00), put(17, 64), put(42, 0x65);
    if (r.chance(0.1)) put(size_t(r.chance(0.5) ? 17 : 42), uint8_t(r.bits(8)));
    if (p.size() == 78 && p[14] == 0x45 && r.chance(0.9)) {
      uint32_t icrc = 0;
      if (roce_icrc_ipv4(p.data(), p.size(), &icrc) == 0) roce_put_icrc(p.data() + 74, icrc);
    }
  }
  return p;
}

static void scenario_csr(tb::Harness& h) {
  Fan f(h);
  f.read_all();
  tb::Rng& r = h.rng;
  program_xlt(f, r);  // XLT is RAM (not reset): written before it is read
  for (int round = 0; round < 4; round++) {
    for (uint32_t g = 0; g <= NG; g++)
      for (uint32_t o = 0; o < 16; o += 4) f.wr(0x400 + 16 * g + o, uint32_t(r.next()));
    f.wr(0x000, 1), f.wr(0x004, 1), f.wr(0x100, 1), f.wr(0x401, 1), f.wr(0x404, 1, unsigned(r.range(0, 14)));
    f.wr(0x2000, 1);
    // translation entries: in range (g < NG, p < NP, +0), out of range (p >= NP, g >= NG, +4)
    for (int i = 0; i < 40; i++)
      f.wr(0x4000 + 0x100 * uint32_t(r.below(NG + 2)) + 0x10 * uint32_t(r.below(16)) + 4 * uint32_t(r.chance(0.8) ? 0 : r.below(4)),
           uint32_t(r.next()));
    f.read_all();
    for (uint32_t g = 0; g <= NG; g++)
      for (uint32_t p = 0; p < 16; p += (g < NG ? 1 : 5))
        for (uint32_t o = 0; o < 16; o += 4) f.rd(0x4000 + 0x100 * g + 0x10 * p + o);
    f.csr_wait();
  }
  f.sim.drain(100);
}

struct Agent_prof {
  double stall, p;
  uint32_t bmin, bmax;
};

static constexpr bool FANOUT_DECLARE = true;  // every class reached over the seeds (quick run too)

// CSR writes during traffic (issue 10 part 3; docs/barrier.md 7, same-cycle rule): the group table
// with changing values, half of the writes the programmed value, half another one (CTRL: valid /
// reflect flipped; GROUP_IP: another group's (a duplicate: lowest valid entry wins) or a random
// one; PORT_MASK: random); translation entries XLT CTRL rewritten with the value they hold (XLT
// is changed only while its group is quiet, section 7.2), BASE_LO with any value (the staging
// register: no entry changes without a BASE_HI); read-only, statistics and unmapped addresses
// (SLVERR). Coverage classes live_wr_<register>.
static std::unique_ptr<tb::CsrStorm> make_live_storm(Fan& f, const std::vector<uint32_t>& ips, double prob) {
  std::vector<tb::CsrReg> regs;
  const std::vector<uint32_t>* ip = &ips;
  barrier_fanout_model* m = &f.m;
  for (unsigned g = 0; g < NG; g++) {
    const uint32_t a = 0x400 + 16 * g;
    regs.push_back({a, "g_ctrl", [=](tb::Rng& r) {
                      const uint32_t v = barrier_fanout_csr_read(m, a);
                      return r.chance(0.5) ? v : v ^ uint32_t(r.range(1, 3));
                    }});
    regs.push_back({a + 4, "g_group_ip", [=](tb::Rng& r) {
                      if (r.chance(0.5) && g < ip->size()) return (*ip)[g];
                      return r.chance(0.5) ? (*ip)[r.below(ip->size())] : uint32_t(r.next());
                    }});
    regs.push_back({a + 8, "g_port_mask", [](tb::Rng& r) { return uint32_t(r.bits(NP)); }});
  }
  for (unsigned g = 0; g < NG; g++)
    for (unsigned p = 0; p < NP; p += 3) {
      const uint32_t a = 0x4000 + 0x100 * g + 0x10 * p;
      regs.push_back({a, "xlt_ctrl", [=](tb::Rng&) { return uint32_t(m->xlt[16 * g + p]); }, 0xf, false});
      if (XLT_FA) regs.push_back({a + 4, "xlt_base_lo", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
    }
  // (a statistic moves with the traffic: not read back here; read_all() compares them drained)
  for (uint32_t a : {0x000u, 0x004u, 0x100u, 0x2000u})
    regs.push_back({a, "ro_unmapped", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, a != 0x100u});
  std::unique_ptr<tb::CsrStorm> st(new tb::CsrStorm(f.sim, f.csr, std::move(regs), prob, "live_wr_"));
  st->max_queued = 1;  // only into an idle master: never between the scenario's own writes
  return st;
}

static void scenario_random(tb::Harness& h) {
  Fan f(h);
  // drain(): the sinks' profiles are relaxed to the uniform stall (no bursts, ready >= 0.7) while
  // the last packets leave, then restored: a replicated packet needs its member ports ready, and
  // under ready 0.05 on some ports plus bursts (a burst port counts as busy) a quiet window of
  // drain() could take longer than the watchdog
  auto drain = [&] {
    std::vector<Agent_prof> saved;
    for (auto& o : f.out) saved.push_back({o->stall, o->burst_p, o->burst_min, o->burst_max}), o->profile(std::min(o->stall, h.opt.stall));
    f.sim.drain(1000);
    for (size_t i = 0; i < f.out.size(); i++) f.out[i]->profile(saved[i].stall, saved[i].p, saved[i].bmin, saved[i].bmax);
  };
  tb::Rng& r = h.rng;
  std::vector<uint32_t> ips;
  program_groups(f, r, ips);
  // per-port stall probabilities differ, so that ports drift apart
  for (auto& o : f.out) o->stall = h.opt.stall * (0.3 + 1.4 * (r.next() * 0x1.0p-64));
  // shared per-port profiles (tb/common/stimulus.h); uniform keeps the drifting stalls above
  const tb::Bp bp = tb::bp_kind(h);
  for (tb::Bp b : {tb::Bp::uniform, tb::Bp::independent, tb::Bp::bursty, tb::Bp::stop}) h.cov_declare("bp_" + tb::bp_name(b));
  h.cover("bp_" + tb::bp_name(bp));
  {
    std::vector<tb::Agent*> sinks;
    for (auto& o : f.out) sinks.push_back(o.get());
    h.note("%s\n", tb::apply_backpressure(h, bp, sinks, {&f.in}, 20, 300).c_str());
  }
  const uint64_t per = std::max<uint64_t>(100, h.opt.n / 4);
  uint64_t next = per;
  std::unique_ptr<tb::CsrStorm> live = make_live_storm(f, ips, 0.01);
  while (h.inputs < h.opt.n) {
    if (f.in.queued() < 3 && r.chance(0.5))
      f.send(frame(r, ips), r.chance(0.95) ? r.below(NP) : r.range(NP, 15));
    f.sim.step();
    if (h.inputs >= next) {  // quiesce, check statistics, reprogram the table
      next += per;
      f.sim.run_until([&] { return !f.in.busy(); }, "input");
      live->enabled = false;
      drain();
      f.read_all();
      program_groups(f, r, ips);
      live->enabled = true;
    }
  }
  live->enabled = false;
  h.note("fanout_random: %" PRIu64 " CSR writes during traffic\n", live->issued);
  drain();
  f.read_all();
  h.check(f.copies == barrier_fanout_stat(&f.m, BFS_COPIES_OUT), "m_axis_out", "copies received == copies_out");
  h.check(f.sent.empty() && f.decided.empty(), "s_axis_in", "every packet sent was decided (P1 / P3 probes)");
  // coverage from the model (the reference): every drop class and the copies per egress port
  const unsigned ids[] = {BFS_DROP_MALFORMED, BFS_DROP_UNKNOWN_GROUP, BFS_DROP_NO_MEMBERS, BFS_DROP_BAD_SRC, BFS_PKTS_FWD};
  const char* names[] = {"drop_malformed", "drop_unknown_group", "drop_no_members", "drop_bad_src", "fwd"};
  for (unsigned i = 0; i < 5; i++) {
    if (FANOUT_DECLARE) h.cov_declare(names[i]);
    if (uint32_t v = barrier_fanout_stat(&f.m, ids[i])) h.cover(names[i], v);
  }
  // translation classes (section 7.2), from the model; xlt_fa_copy only where FA is built
  for (const char* n : {"xlt_ud_copy", "xlt_fa_copy", "passthrough_copy"})
    if (FANOUT_DECLARE && (XLT_FA || std::string(n) != "xlt_fa_copy")) h.cov_declare(n);
  if (f.m.xlt_ud) h.cover("xlt_ud_copy", f.m.xlt_ud);
  if (f.m.xlt_fa) h.cover("xlt_fa_copy", f.m.xlt_fa);
  if (f.copies > f.m.xlt_ud + f.m.xlt_fa) h.cover("passthrough_copy", f.copies - f.m.xlt_ud - f.m.xlt_fa);
  for (unsigned p = 0; p < NP; p++) {
    const std::string n = "port" + std::to_string(p) + "_copies";
    if (FANOUT_DECLARE) h.cov_declare(n);
    if (f.model_copies[p]) h.cover(n, f.model_copies[p]);
  }
}

// fanout_pcap: only well-formed notifications (roce_ud_build / roce_fa_build, correct ICRC) to 4
// groups of all ports with reflection, translated on most (group, port) pairs: every egress copy is
// compared with the model and, with --pcap-out, written to a capture that
// scripts/barrier_pcap.py check decodes with tshark and rebuilds with scapy (independent ICRC).
static void scenario_pcap(tb::Harness& h) {
  Fan f(h);
  tb::Rng& r = h.rng;
  program_xlt(f, r);
  // group 0: port 0 translated for both classes, port 1 untranslated, whatever program_xlt drew
  // (with FA_EN drawn off for all of groups 0-3, about 1% of the seeds, e.g. seed 10, there was
  // no translated FETCH_ADD copy)
  f.wr(0x4000 + 0x10 * 0, 0x5a00u | 3u);
  f.wr(0x4000 + 0x10 * 1, 0u);
  for (unsigned g = 0; g < NG; g++) {
    f.wr(0x404 + 16 * g, 0xef000200u + g);
    f.wr(0x408 + 16 * g, (1u << NP) - 1);
    f.wr(0x400 + 16 * g, g < 4 ? 3u : 0u);
  }
  f.csr_wait();
  uint32_t psn = 1;
  while (h.inputs < h.opt.n) {
    if (f.in.queued() < 3 && r.chance(0.5)) {
      roce_ud_fields u{};
      const uint32_t g = uint32_t(r.below(4));
      u.dst_ip = 0xef000200u + g;
      u.dst_mac = roce_mcast_mac(u.dst_ip);
      u.src_mac = 0x020000000000ull | r.bits(24);
      u.tos = uint8_t(r.bits(8));
      u.src_ip = 0x0a000000u | uint32_t(r.bits(16));
      u.psn = psn++ & 0xffffff;
      u.udp_sport = uint16_t(0xc000 | r.bits(14));
      u.qkey = uint32_t(r.next());
      u.src_qp = uint32_t(2 + r.bits(20));
      u.src_id = uint8_t(r.bits(8));
      u.bar = uint8_t(r.bits(8));
      u.inc = 1 + r.bits(8);
      std::vector<uint8_t> pkt(ROCE_UD_LEN);
      roce_ud_build(&u, pkt.data());
      if (r.chance(0.5)) {  // FETCH_ADD mode (5.2): VA = CNT_BASE + 8 * bar
        roce_fa_fields a{};
        a.dst_mac = u.dst_mac, a.src_mac = u.src_mac, a.tos = u.tos, a.src_ip = u.src_ip;
        a.dst_ip = u.dst_ip, a.psn = u.psn, a.udp_sport = u.udp_sport;
        a.dest_qp = uint32_t(r.bits(24));
        a.va = (0x00007f0000000000ull | (r.bits(28) << 12)) + 8u * u.bar;
        a.rkey = uint32_t(r.next());
        a.add_data = u.inc;
        a.cmp_data = u.src_id;
        pkt.assign(ROCE_FA_LEN, 0);
        roce_fa_build(&a, pkt.data());
      }
      f.send(pkt, r.below(NP));
    }
    f.sim.step();
  }
  f.sim.run_until([&] { return !f.in.busy(); }, "input");
  f.sim.drain(1000);
  f.read_all();
  h.check(f.copies == barrier_fanout_stat(&f.m, BFS_COPIES_OUT), "m_axis_out", "copies received == copies_out");
  h.check(f.sent.empty() && f.decided.empty(), "s_axis_in", "every packet sent was decided (P1 / P3 probes)");
  if (XLT_FA)
    h.check(f.m.xlt_ud > 0 && f.m.xlt_fa > 0 && f.m.xlt_ud + f.m.xlt_fa < f.copies, "m_axis_out",
            "translated UD, translated FETCH_ADD and untranslated copies");
  else
    h.check(f.m.xlt_ud > 0 && f.m.xlt_fa == 0 && f.m.xlt_ud < f.copies, "m_axis_out",
            "translated UD, no translated FETCH_ADD (XLT_FA = 0) and untranslated copies");
  h.extra("xlt_ud_copies", double(f.m.xlt_ud));
  h.extra("xlt_fa_copies", double(f.m.xlt_fa));
  h.extra("copies", double(f.copies));
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  tb::Harness h(argc, argv, "barrier",
                XLT_FA ? "make sim BLOCK=barrier_fanout XLT_FA=1 SEED=<seed> N=<n> SCENARIO=<scenario> TRACE=1"
                       : "make sim BLOCK=barrier_fanout SEED=<seed> N=<n> SCENARIO=<scenario> TRACE=1",
                dflt);
  h.run("fanout_csr", [&] { scenario_csr(h); });
  h.run("fanout_random", [&] { scenario_random(h); });
  h.run("fanout_pcap", [&] { scenario_pcap(h); });
  return h.exit_code();
}
