// tb_session_sel.cpp -- lockstep testbench of session_sel (RTL, Verilator) against the C model
// cmodel/session_sel.{h,c} (docs/session_sel.md section 9).
//
// Ports: s_desc -> m_desc (one decision per descriptor, in order), s_rx -> m_rx (lookup),
// s_fb (feedback, always ready), s_axil (CSRs). Random valid stalls on every source, random
// ready stalls on every sink and on the AXI4-Lite master (--stall P, --no-stall).
//
// Model timing (doc section 7): the model is cycle-based for its timers. Agents are built so
// that their post() callbacks of one cycle run in the order of the same-cycle rule:
//   1. CSR read probe   (AR handshake: the model's value is taken from the state before the
//                        cycle's updates, like the RTL's combinational read mux)
//   2. s_desc, s_rx, s_fb sources (push_desc, push_rx, push_fb)
//   3. CSR write probe  (AW+W handshake = the register bus write cycle)
//   4. sinks (compare with the model's queued outputs)
//   5. clock agent      (session_sel_clock once per cycle out of reset)
// Scenarios: csr (every register, refused writes), directed (spec rules), random (traffic with
// writes of every writable CSR, session adds/removes, key expiries, event acks, feedback, rx
// lookups, CSR reads, all during traffic; each quarter under another backpressure profile),
// reset (mid-traffic reset inside ready-low bursts), ties (duplicate keys wherever the doc has a
// tie rule), samecycle (CSR writes in the cycle of decisions, feedback, lookups and ticks on the
// same entries), bench (--scenario bench: throughput and latency, --no-stall).
// Corner stimulus support (ss_cov.h, doc section 9.1): per-port backpressure profiles
// (tb/common/stimulus.h on m_desc, m_rx, the AXI4-Lite master and the sources), coverage classes
// (Harness::cover, JSON cov_*, checked over the seeds by scripts/report.py and cov_check.py), and the doc's selection / lookup / event rules written out again: every RTL
// m_desc and m_rx choice is checked against the rule, besides the scoreboard's model comparison.
// Faults (--fault): flip (one expected m_desc sess bit flipped), rxflip (one expected m_rx hit
// flipped), tick (the model's clock skipped once), and mutants of the rule checks: tie
// (lowest-weight ties to the highest index), rxtie (rx: highest slot), victim (REM victim ties to
// the lowest index): each must be reported.
// --vectors DIR writes the Icarus replay vectors (tb/session_sel/session_sel_replay.v).
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>

#include "Vsession_sel.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "pcap.h"
#include "sim.h"
#include "vectors.h"

extern "C" {
#include "session_sel.h"
#include "session_sel_pkt.h"
}
#include "ss_cov.h"
#include "stimulus.h"

#ifndef TB_NS
#define TB_NS 8
#endif
#ifndef TB_NG
#define TB_NG 4
#endif
#ifndef TB_NQ
#define TB_NQ 16
#endif
static constexpr unsigned NS = TB_NS, NG = TB_NG, NQ = TB_NQ, NT = NS * NG;
static constexpr unsigned SWB = NS <= 2 ? 1 : NS <= 4 ? 2 : NS <= 8 ? 3 : 4;
static constexpr unsigned GWB = NG <= 2 ? 1 : NG <= 4 ? 2 : NG <= 8 ? 3 : 4;
static constexpr unsigned QWB = NQ <= 2 ? 1 : NQ <= 4 ? 2 : NQ <= 8 ? 3 : NQ <= 16 ? 4 : NQ <= 32 ? 5 : 6;

using tb::Txn;

using tb::BitVec;  // tb/common/vectors.h

static Txn desc_txn(const ss_out& o) {
  Txn t;
  t.add("qp", QWB, o.qp).add("group", GWB, o.group).add("sess", SWB, o.sess).add("status", 2, o.status);
  t.add("sport", 16, o.sport).add("dport", 16, o.dport).add("src_ip", 32, o.src_ip).add("dst_ip", 32, o.dst_ip);
  t.add("tos", 8, o.tos).add("dest_qpn", 24, o.dest_qpn).add("key", 32, o.key).add("first", 1, o.first);
  t.add("len", 16, o.len);
  return t;
}
static Txn rx_txn(const ss_rx_out& o) {
  Txn t;
  t.add("hit", 1, o.hit).add("group", GWB, o.group).add("sess", SWB, o.sess).add("qpn", 24, o.qpn);
  return t;
}

struct Dev {
  tb::Harness& h;
  tb::Sim<Vsession_sel> sim;
  Vsession_sel* top;
  session_sel_model m{};
  std::deque<std::pair<uint32_t, int>> exp_rd;  // model read value, error, at AR handshake
  std::deque<int> exp_wr;                       // model write verdict, at AW/W handshake
  uint64_t flip_at = UINT64_MAX, rxflip_at = UINT64_MAX, tick_skip_at = UINT64_MAX;
  uint64_t n_desc_pulled = 0, n_rx_pulled = 0;
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_desc, v_rx, v_rd;
  // --pcap-out PREFIX: every m_desc decision with status OK as a RoCEv2 packet (the fields the
  // RTL wrote), plus PREFIX_desc.csv with the same fields for scripts/session_sel_pcap.py
  std::unique_ptr<tb::PcapWriter> pcap;
  std::unique_ptr<std::ofstream> pcap_csv;
  // latency/throughput probes (bench)
  std::deque<uint64_t> acc_cycle;
  uint64_t lat_sum = 0, lat_n = 0, lat_max = 0;
  // corner stimulus (ss_cov.h): coverage, the doc's rules for the RTL's choices, port profiles
  ss::Cov cov;
  std::deque<ss::Pick> exp_pick;      // rule's pick per accepted descriptor, in order
  std::deque<ss::RxPick> exp_rxpick;  // rule's lookup per accepted rx tuple
  std::vector<uint64_t> k16_key;      // (group, k16) -> hash key + 1 of the last decision
  std::vector<ss::TickPick> tick_pick;
  bool in_traffic = false;

  struct RdProbe : tb::Agent {
    Dev& d;
    bool fire = false;
    uint32_t addr = 0;
    RdProbe(Dev& dev) : Agent(dev.sim, "csr read probe", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      fire = d.top->s_axil_arvalid && d.top->s_axil_arready;
      addr = d.top->s_axil_araddr;
    }
    void post() override {
      if (!fire || sim_.in_reset()) return;
      int err = 0;
      const uint32_t v = session_sel_csr_read(&d.m, addr, &err);
      d.exp_rd.emplace_back(v, err);
    }
  };
  struct WrProbe : tb::Agent {
    Dev& d;
    bool fire = false;
    uint32_t addr = 0, data = 0, strb = 0;
    WrProbe(Dev& dev) : Agent(dev.sim, "csr write probe", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      fire = d.top->s_axil_awvalid && d.top->s_axil_awready && d.top->s_axil_wvalid;
      addr = d.top->s_axil_awaddr, data = d.top->s_axil_wdata, strb = d.top->s_axil_wstrb;
    }
    void post() override {
      if (!fire || sim_.in_reset()) return;
      d.exp_wr.push_back(session_sel_csr_write(&d.m, addr, data, strb));
    }
  };
  struct ClockAgent : tb::Agent {
    Dev& d;
    uint64_t n = 0;
    ClockAgent(Dev& dev) : Agent(dev.sim, "model clock", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {}
    void post() override {
      if (sim_.in_reset()) return;
      const uint64_t c = n++;
      if (c >= d.tick_skip_at && c < d.tick_skip_at + 64) return;  // --fault tick: the model misses >= 1 tick
      const bool tick = d.m.tick_cnt >= d.m.tick_p;
      if (tick) d.tick_rules_before();
      session_sel_clock(&d.m);
      if (tick) d.tick_rules_after();
    }
  };
  // before the sources' post(): the doc's rule on the registers before the cycle (section 7)
  struct RuleProbe : tb::Agent {
    Dev& d;
    bool dfire = false, rfire = false;
    unsigned qp = 0, first = 0;
    uint32_t dqpn = 0, key = 0, sip = 0, dip = 0, sp = 0, dp = 0;
    RuleProbe(Dev& dev) : Agent(dev.sim, "rule probe", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      auto* t = d.top;
      dfire = t->s_desc_valid && t->s_desc_ready;
      rfire = t->s_rx_valid && t->s_rx_ready;
      qp = t->s_desc_qp, dqpn = t->s_desc_dest_qpn, key = t->s_desc_key, first = t->s_desc_first;
      sip = t->s_rx_src_ip, dip = t->s_rx_dst_ip, sp = t->s_rx_sport, dp = t->s_rx_dport;
    }
    void post() override {
      if (sim_.in_reset()) return;
      const std::string& f = d.h.opt.fault;
      if (dfire) d.exp_pick.push_back(ss::rule_pick(d.m, qp, dqpn, key, first, f == "tie"));
      if (rfire) d.exp_rxpick.push_back(ss::rule_rx(d.m, sip, dip, sp, dp, f == "rxtie"));
    }
  };
  // after the CSR write probe, before the model clock: same-cycle and backpressure coverage
  struct CovProbe : tb::Agent {
    Dev& d;
    bool wr = false, rd = false, dfire = false, ffire = false, rfire = false, bfire = false, rdfire = false;
    bool md_held = false, mr_held = false, b_held = false, sd_blk = false, sr_blk = false, md_fire = false;
    unsigned waddr = 0, wstrb = 0, qp = 0, ft = 0, bresp = 0, rresp = 0;
    uint64_t md_run = 0, mr_run = 0, b_run = 0, full_run = 0;
    CovProbe(Dev& dev) : Agent(dev.sim, "coverage probe", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      auto* t = d.top;
      wr = t->s_axil_awvalid && t->s_axil_awready && t->s_axil_wvalid;
      waddr = t->s_axil_awaddr, wstrb = t->s_axil_wstrb;
      rd = t->s_axil_arvalid && t->s_axil_arready;
      dfire = t->s_desc_valid && t->s_desc_ready, qp = t->s_desc_qp;
      ffire = t->s_fb_valid && t->s_fb_ready, ft = (unsigned(t->s_fb_group) << SWB) | t->s_fb_sess;
      rfire = t->s_rx_valid && t->s_rx_ready;
      bfire = t->s_axil_bvalid && t->s_axil_bready, bresp = t->s_axil_bresp;
      rdfire = t->s_axil_rvalid && t->s_axil_rready, rresp = t->s_axil_rresp;
      md_held = t->m_desc_valid && !t->m_desc_ready, md_fire = t->m_desc_valid && t->m_desc_ready;
      mr_held = t->m_rx_valid && !t->m_rx_ready;
      b_held = t->s_axil_bvalid && !t->s_axil_bready;
      sd_blk = t->s_desc_valid && !t->s_desc_ready, sr_blk = t->s_rx_valid && !t->s_rx_ready;
    }
    void post() override {
      if (sim_.in_reset()) { md_run = mr_run = b_run = full_run = 0; return; }
      d.coverage_cycle(*this);
    }
  };
  // vector lines (tb::VecAgent, constructed after every port): input pins of the cycle
  void vec_inputs(BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 16), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 16), v.add(t->s_axil_rready, 1);
    v.add(t->s_desc_valid, 1), v.add(t->s_desc_qp, 8), v.add(t->s_desc_dest_qpn, 24), v.add(t->s_desc_key, 32);
    v.add(t->s_desc_first, 1), v.add(t->s_desc_len, 16), v.add(t->m_desc_ready, 1);
    v.add(t->s_fb_valid, 1), v.add(t->s_fb_type, 2), v.add(t->s_fb_group, 4), v.add(t->s_fb_sess, 4);
    v.add(t->s_fb_value, 16);
    v.add(t->s_rx_valid, 1), v.add(t->s_rx_src_ip, 32), v.add(t->s_rx_dst_ip, 32), v.add(t->s_rx_sport, 16);
    v.add(t->s_rx_dport, 16), v.add(t->m_rx_ready, 1);
  }
  void vec_outputs(BitVec& v) {
    auto* t = top;
    v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1), v.add(t->s_desc_ready, 1);
    v.add(t->m_desc_valid, 1), v.add(t->s_rx_ready, 1), v.add(t->m_rx_valid, 1), v.add(t->s_fb_ready, 1);
  }

  std::unique_ptr<tb::Agent> rd_probe, rule_probe;
  tb::AxilMaster csr;
  tb::StreamSource desc, rx, fb;
  std::unique_ptr<tb::Agent> wr_probe, cov_probe;
  tb::StreamSink mdesc, mrx;
  std::unique_ptr<tb::Agent> clk_agent, vec;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  tb::Scoreboard sb_desc, sb_rx;

  explicit Dev(tb::Harness& harness, const std::string& vectors = "")
      : h(harness),
        sim(harness),
        top(sim.top.get()),
        rd_probe(new RdProbe(*this)),
        rule_probe(new RuleProbe(*this)),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        desc(sim, "s_desc", TB_HS(top, s_desc),
             [this](const Txn& t) {
               top->s_desc_qp = uint8_t(t.get("qp"));
               top->s_desc_dest_qpn = uint32_t(t.get("dest_qpn"));
               top->s_desc_key = uint32_t(t.get("key"));
               top->s_desc_first = uint8_t(t.get("first"));
               top->s_desc_len = uint16_t(t.get("len"));
             }),
        rx(sim, "s_rx", TB_HS(top, s_rx),
           [this](const Txn& t) {
             top->s_rx_src_ip = uint32_t(t.get("src_ip"));
             top->s_rx_dst_ip = uint32_t(t.get("dst_ip"));
             top->s_rx_sport = uint16_t(t.get("sport"));
             top->s_rx_dport = uint16_t(t.get("dport"));
           }),
        fb(sim, "s_fb", TB_HS(top, s_fb),
           [this](const Txn& t) {
             top->s_fb_type = uint8_t(t.get("type"));
             top->s_fb_group = uint8_t(t.get("group"));
             top->s_fb_sess = uint8_t(t.get("sess"));
             top->s_fb_value = uint16_t(t.get("value"));
           }),
        wr_probe(new WrProbe(*this)),
        cov_probe(new CovProbe(*this)),
        mdesc(sim, "m_desc", TB_HS(top, m_desc),
              [this]() {
                ss_out o;
                o.qp = top->m_desc_qp, o.group = top->m_desc_group, o.sess = top->m_desc_sess;
                o.status = top->m_desc_status, o.sport = top->m_desc_sport, o.dport = top->m_desc_dport;
                o.src_ip = top->m_desc_src_ip, o.dst_ip = top->m_desc_dst_ip, o.tos = top->m_desc_tos;
                o.dest_qpn = top->m_desc_dest_qpn, o.key = top->m_desc_key, o.first = top->m_desc_first;
                o.len = top->m_desc_len;
                return desc_txn(o);
              }),
        mrx(sim, "m_rx", TB_HS(top, m_rx),
            [this]() {
              ss_rx_out o;
              o.hit = top->m_rx_hit, o.group = top->m_rx_group, o.sess = top->m_rx_sess, o.qpn = top->m_rx_qpn;
              return rx_txn(o);
            }),
        clk_agent(new ClockAgent(*this)),
        sb_desc(sim, "m_desc"),
        sb_rx(sim, "m_rx") {
    const ss_cfg cfg{NS, NG, NQ};
    if (session_sel_init(&m, &cfg) != SS_OK) h.fail("model", "session_sel_init failed");
    desc.on_accept = [this](const Txn& t) {
      ss_desc d{uint32_t(t.get("qp")), uint32_t(t.get("dest_qpn")), uint32_t(t.get("key")),
                uint32_t(t.get("first")), uint32_t(t.get("len"))};
      if (session_sel_push_desc(&m, &d) != SS_OK) h.fail("s_desc", "model output queue overflow");
      acc_cycle.push_back(sim.cycle());
    };
    rx.on_accept = [this](const Txn& t) {
      ss_rx r{uint32_t(t.get("src_ip")), uint32_t(t.get("dst_ip")), uint32_t(t.get("sport")), uint32_t(t.get("dport"))};
      if (session_sel_push_rx(&m, &r) != SS_OK) h.fail("s_rx", "model output queue overflow");
    };
    fb.on_accept = [this](const Txn& t) {
      ss_fb f{uint32_t(t.get("type")), uint32_t(t.get("group")), uint32_t(t.get("sess")), uint32_t(t.get("value"))};
      session_sel_push_fb(&m, &f);
    };
    sb_desc.model([this](Txn& t) {
      ss_out o;
      if (session_sel_pop_desc(&m, &o) != 1) return false;
      if (n_desc_pulled++ == flip_at) o.sess ^= 1;  // --fault flip
      t = desc_txn(o);
      if (v_desc)
        *v_desc << std::hex << o.qp << " " << o.group << " " << o.sess << " " << o.status << " " << o.sport << " "
                << o.dport << " " << o.src_ip << " " << o.dst_ip << " " << o.tos << " " << o.dest_qpn << " "
                << o.key << " " << o.first << " " << o.len << std::dec << "\n";
      return true;
    });
    sb_rx.model([this](Txn& t) {
      ss_rx_out o;
      if (session_sel_pop_rx(&m, &o) != 1) return false;
      if (n_rx_pulled++ == rxflip_at) o.hit ^= 1;  // --fault rxflip
      t = rx_txn(o);
      if (v_rx) *v_rx << std::hex << o.hit << " " << o.group << " " << o.sess << " " << o.qpn << std::dec << "\n";
      return true;
    });
    mdesc.on_capture = [this](const Txn& t) {
      sb_desc.actual(t);
      check_pick(t);
      if (pcap && t.get("status") == SS_ST_OK) {
        ss_out o{};
        o.status = 0, o.sport = uint32_t(t.get("sport")), o.dport = uint32_t(t.get("dport"));
        o.src_ip = uint32_t(t.get("src_ip")), o.dst_ip = uint32_t(t.get("dst_ip")), o.tos = uint32_t(t.get("tos"));
        o.dest_qpn = uint32_t(t.get("dest_qpn")), o.key = uint32_t(t.get("key"));
        uint8_t b[SS_PKT_LEN];
        session_sel_pkt_build(&o, 0x020000000002ull, 0x020000000001ull, b);
        pcap->write(std::vector<uint8_t>(b, b + SS_PKT_LEN), sim.cycle());
        *pcap_csv << o.src_ip << "," << o.dst_ip << "," << o.tos << "," << o.sport << "," << o.dport << ","
                  << o.dest_qpn << "," << (o.key & 0xffffff) << "," << t.get("qp") << "\n";
      }
      if (!acc_cycle.empty()) {
        const uint64_t l = sim.cycle() - acc_cycle.front();
        acc_cycle.pop_front();
        lat_sum += l, lat_n++, lat_max = std::max(lat_max, l);
      }
    };
    mrx.on_capture = [this](const Txn& t) { sb_rx.actual(t), check_rx(t); };
    // expected CSR responses: queued by the probes at the AW/W and AR handshakes (exp_wr, exp_rd)
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) {
        if (exp_wr.empty()) h.fail("s_axil", "write response without a write handshake");
        const unsigned r = exp_wr.front() == SS_OK ? 0 : 2;
        exp_wr.pop_front();
        return r;
      }
      if (exp_rd.empty()) h.fail("s_axil", "read response without a read handshake");
      rdata = exp_rd.front().first;
      const unsigned r = exp_rd.front().second ? 2 : 0;
      exp_rd.pop_front();
      return r;
    }));
    csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
      if (v_rd) *v_rd << std::hex << rdata << " " << resp << std::dec << "\n";
    };
    if (!vectors.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(vectors, ec);
      v_stim.reset(new std::ofstream(vectors + "/stim.hex"));
      v_outs.reset(new std::ofstream(vectors + "/outs.hex"));
      v_desc.reset(new std::ofstream(vectors + "/exp_desc.hex"));
      v_rx.reset(new std::ofstream(vectors + "/exp_rx.hex"));
      v_rd.reset(new std::ofstream(vectors + "/exp_rd.hex"));
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](BitVec& v) { vec_inputs(v); },
                                 [this](BitVec& v) { vec_outputs(v); }));
    }
    const std::string po = h.opt.get("pcap-out");
    if (!po.empty()) {
      pcap.reset(new tb::PcapWriter(po + "_" + h.scenario() + ".pcap"));
      pcap_csv.reset(new std::ofstream(po + "_" + h.scenario() + "_desc.csv"));
      *pcap_csv << "src_ip,dst_ip,tos,sport,dport,dest_qpn,psn,qp\n";
    }
    sim.reset(8);
  }
  ~Dev() {
    fold_counters();
    cov.emit(h);
    session_sel_free(&m);
  }
  void fold_counters() {  // the model's counters (checked against the RTL by reads) as coverage
    for (unsigned i = 0; i < SS_NUM_CTR; i++) cov.hit(ss::Cls(ss::ctr_decisions + i), m.ctr[i]);
  }
  void forget_rules() { exp_pick.clear(), exp_rxpick.clear(); }
  // the RTL's choice against the doc's rule (section 3.3-3.4), and what it exercised
  void check_pick(const Txn& t) {
    if (exp_pick.empty()) h.fail("m_desc", "output without an accepted descriptor (rule probe)");
    const ss::Pick p = exp_pick.front();
    exp_pick.pop_front();
    const unsigned st = unsigned(t.get("status"));
    h.check(st == p.status && (st != SS_ST_OK || t.get("sess") == p.sess) && t.get("group") == p.group, "m_desc",
            "status/session differ from the selection rule of docs/session_sel.md 3.3-3.4 (rule: status " +
                std::to_string(p.status) + " session " + std::to_string(p.sess) + ")");
    cov.hit(ss::Cls(ss::st_ok + st));
    if (st != SS_ST_OK) return;
    if (p.lowest_tie) cov.hit(ss::tie_lowest);
    if (p.hashed && p.equal_w) cov.hit(ss::tie_hash_equal_w);
    if (p.hashed && p.zero_w) cov.hit(ss::tie_hash_zero_w);
    if (p.stored) cov.hit(ss::tie_msg_reuse);
    if (p.hashed) {
      if (k16_key.empty()) k16_key.assign(size_t(NG) << 16, 0);
      uint64_t& k = k16_key[(size_t(p.group) << 16) | p.k16];
      if (k && k != uint64_t(p.hkey) + 1) cov.hit(ss::tie_hash_k16);
      k = uint64_t(p.hkey) + 1;
    }
    const unsigned q = unsigned(t.get("qp"));
    for (unsigned o = 0; o < NQ; o++)
      if (o != q && (m.qp[o].ctrl & 1) && ((m.qp[o].ctrl >> 4) & (NG - 1)) == p.group) {
        cov.hit(ss::tie_qp_shared_group);
        break;
      }
    for (unsigned g = 0; g < NG; g++)
      if (g != p.group && m.grp[g].dqpn == m.grp[p.group].dqpn) {
        cov.hit(ss::tie_dqpn_shared);
        break;
      }
  }
  void check_rx(const Txn& t) {
    if (exp_rxpick.empty()) h.fail("m_rx", "output without an accepted lookup (rule probe)");
    const ss::RxPick p = exp_rxpick.front();
    exp_rxpick.pop_front();
    h.check(t.get("hit") == p.hit && (!p.hit || (t.get("group") == p.t / NS && t.get("sess") == p.t % NS)), "m_rx",
            "receive lookup differs from the lowest-slot rule of docs/session_sel.md 6");
    if (p.matches >= 2) cov.hit(ss::tie_rx_dup);
    if (p.groups >= 2) cov.hit(ss::tie_rx_dup_groups);
  }
  // section 5.2/5.3 rules for one tick, on the model (the RTL's EVENT/STATE are compared by reads)
  void tick_rules_before() {
    tick_pick.resize(NG);
    for (unsigned g = 0; g < NG; g++) tick_pick[g] = ss::rule_tick(m, g, h.opt.fault == "victim");
  }
  void tick_rules_after() {
    for (unsigned g = 0; g < NG; g++) {
      const ss::TickPick& p = tick_pick[g];
      const ss_grp& gr = m.grp[g];
      if (p.ev == 1) h.check(gr.add_req == 1, "model", "ADD_REQ not raised as section 5.2 says");
      if (p.ev == 2) {
        h.check(gr.rem_req == 1 && gr.victim == p.victim, "model",
                "REM victim differs from section 5.2 (highest c, ties to the highest index)");
        if (p.victim_tie) cov.hit(ss::tie_victim);
      }
      if (p.both_due) cov.hit(ss::tie_add_over_rem);
      if (p.n_exp) h.check(gr.key_exp == 1 && gr.exp_sess == p.exp_sess, "model",
                           "expired session index differs from section 5.3 (last in slot order)");
      if (p.n_exp >= 2) cov.hit(ss::tie_kexp_multi);
    }
  }
  static int csr_class(uint32_t a) {  // coverage class of a writable CSR, or -1
    if (a >= SS_CSR_TICK && a <= SS_CSR_EVCFG && !(a & 3)) return ss::csrw_tick + int((a - SS_CSR_TICK) / 4);
    if (a >= SS_CSR_QP(0) && a < SS_CSR_QP(NQ) && !(a & 3)) return ss::csrw_qp_ctrl;
    if (a >= SS_CSR_GRP(0, 0) && a < SS_CSR_GRP(NG, 0) && (a & 0x3f) <= SS_GRP_EVENT && !(a & 3))
      return ss::csrw_src_ip + int((a & 0x3f) / 4);
    if (a >= SS_CSR_SESS(0, 0) && a < SS_CSR_SESS(NT, 0) && (a & 0x3f) <= SS_SESS_KEY && !(a & 3))
      return ss::csrw_ports + int((a & 0x3f) / 4);
    return -1;
  }
  template <class P>
  void coverage_cycle(P& c) {
    if (c.bfire) cov.hit(c.bresp ? ss::axi_wr_slverr : ss::axi_wr_okay);
    if (c.rdfire) cov.hit(c.rresp ? ss::axi_rd_slverr : ss::axi_rd_okay);
    c.md_run = c.md_held ? c.md_run + 1 : 0;
    c.mr_run = c.mr_held ? c.mr_run + 1 : 0;
    c.b_run = c.b_held ? c.b_run + 1 : 0;
    c.full_run = c.md_fire ? c.full_run + 1 : 0;
    if (c.md_run == 32) cov.hit(ss::bp_mdesc_hold32);
    if (c.mr_run == 32) cov.hit(ss::bp_mrx_hold32);
    if (c.b_run == 16) cov.hit(ss::bp_b_hold16);
    if (c.full_run == 32) cov.hit(ss::bp_full_rate32);
    if (c.sd_blk) cov.hit(ss::bp_sdesc_blocked);
    if (c.sr_blk) cov.hit(ss::bp_srx_blocked);
    const bool tick = m.tick_cnt >= m.tick_p;  // the model clock of this cycle runs after this probe
    if (c.md_held && (c.wr || tick)) cov.hit(ss::bp_change_while_held);
    if (c.rd && c.dfire) cov.hit(ss::sc_rd_desc);
    if (!c.wr || c.wstrb != 0xf) return;
    const int k = csr_class(c.waddr);
    if (k < 0) return;
    if (in_traffic) cov.hit(ss::Cls(k));
    const unsigned a = c.waddr;
    const bool is_sess = k >= ss::csrw_ports, is_grp = k >= ss::csrw_src_ip && k <= ss::csrw_event;
    const unsigned wg = is_sess ? ((a - SS_CSR_SESS(0, 0)) >> 6) / NS : is_grp ? (a - SS_CSR_GRP(0, 0)) >> 6 : 0;
    const unsigned wt = is_sess ? (a - SS_CSR_SESS(0, 0)) >> 6 : 0;
    if (c.dfire) {
      const unsigned dg = (m.qp[c.qp].ctrl >> 4) & (NG - 1);
      const bool qp_hit = k == ss::csrw_qp_ctrl && (a - SS_CSR_QP(0)) / 4 == c.qp;
      if (qp_hit || ((is_sess || is_grp) && wg == dg)) cov.hit(ss::sc_wr_desc);
      if (qp_hit) cov.hit(ss::sc_qp_decided);
      // this cycle's decision is the newest rule pick (its output is captured in a later cycle)
      if (!exp_pick.empty() && k == ss::csrw_state) {
        const ss::Pick& p = exp_pick.back();
        if (p.status == SS_ST_OK && wt == p.group * NS + p.sess) cov.hit(ss::sc_state_decided);
      }
    }
    if (c.ffire && is_sess && wt == c.ft) cov.hit(ss::sc_wr_fb);
    if (c.ffire && k == ss::csrw_state && wt == c.ft) cov.hit(ss::sc_state_fb);
    if (c.rfire && (k == ss::csrw_ports || k == ss::csrw_state || k == ss::csrw_src_ip || k == ss::csrw_dst_ip))
      cov.hit(ss::sc_wr_rx);
    if (tick) {
      cov.hit(ss::sc_wr_tick);
      if (k == ss::csrw_state) cov.hit(ss::sc_state_tick);
      if (k == ss::csrw_key) cov.hit(ss::sc_key_tick);
      if (k == ss::csrw_event) cov.hit(ss::sc_event_tick);
      if (k == ss::csrw_tick) cov.hit(ss::sc_tick_tick);
    }
  }

  void wr(uint32_t a, uint32_t d, unsigned strb = 0xf) { csr.write(a, d, {}, strb); }
  void rd(uint32_t a) { csr.read(a, {}); }
  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }
  void read_all() {
    for (uint32_t a = 0; a <= 0x2c; a += 4) rd(a);
    for (uint32_t i = 0; i < SS_NUM_CTR + 1; i++) rd(SS_CSR_CTR(i));
    for (uint32_t q = 0; q < NQ; q++) rd(SS_CSR_QP(q));
    for (uint32_t g = 0; g < NG; g++)
      for (uint32_t o = 0; o <= 0x2c; o += 4) rd(SS_CSR_GRP(g, o));
    for (uint32_t t = 0; t < NT; t++)
      for (uint32_t o = 0; o <= 0x28; o += 4) rd(SS_CSR_SESS(t, o));
    csr_wait();
  }
  void drain() {
    sim.drain(200);
    if (!exp_rd.empty() || !exp_wr.empty()) h.fail("s_axil", "CSR handshakes without responses");
  }
  void desc_push(unsigned qp, uint32_t dqpn, uint32_t key, unsigned first, unsigned len) {
    Txn t;
    t.add("qp", QWB, qp).add("dest_qpn", 24, dqpn & 0xffffff).add("key", 32, key).add("first", 1, first).add("len", 16, len);
    desc.push(t);
  }
  void fb_push(unsigned type, unsigned g, unsigned s, unsigned v) {
    Txn t;
    t.add("type", 2, type).add("group", GWB, g).add("sess", SWB, s).add("value", 16, v);
    fb.push(t);
  }
  void rx_push(uint32_t sip, uint32_t dip, unsigned sp, unsigned dp) {
    Txn t;
    t.add("src_ip", 32, sip).add("dst_ip", 32, dip).add("sport", 16, sp).add("dport", 16, dp);
    rx.push(t);
  }
};

// ------------------------------------------------------------------ configuration
struct Cfg {
  uint32_t src_ip[NG], dst_ip[NG], dqpn[NG], seed[NG];
  uint32_t sport[NT], dport[NT], wsw[NT];
  unsigned qgroup[NQ];
  uint32_t qctrl[NQ];
  uint32_t key_val = 5;  // last KEY written (duplicates: the same value to several sessions)
};

static uint32_t grp_ip(unsigned g, bool dst) { return (dst ? 0x0a010000u : 0x0a000000u) | (g + 1); }

static uint32_t qp_ctrl(unsigned valid, unsigned g, unsigned gran, unsigned mode, unsigned ar) {
  return (valid & 1) | (g << 4) | ((gran & 3) << 8) | ((mode & 1) << 12) | ((ar & 1) << 16);
}

static void program(Dev& d, Cfg& c, tb::Rng& r, bool hw_weights_some) {
  d.wr(SS_CSR_TICK, uint32_t(r.range(3, 40)));
  d.wr(SS_CSR_ENGINE, uint32_t(r.range(1, 6) | (r.range(0, 8) << 8)));
  d.wr(SS_CSR_RTT_MIN, uint32_t(r.range(50, 200)));
  d.wr(SS_CSR_RTT_CFG, uint32_t(r.range(16, 4096) | (r.range(0, 8) << 16)));
  d.wr(SS_CSR_TOS, uint32_t(r.bits(6) | (r.bits(6) << 8) | (r.bits(2) << 16)));
  d.wr(SS_CSR_DRAIN_TO, uint32_t(r.range(2, 30)));
  d.wr(SS_CSR_HOLD, uint32_t(r.range(0, 20)));
  d.wr(SS_CSR_THRESH, uint32_t(r.range(300, 900) | (r.range(0, 300) << 16)));
  d.wr(SS_CSR_EVCFG, uint32_t(r.range(0, 4) | (r.range(0, 4) << 4) | (r.range(0, 3) << 8) | (r.range(0, 6) << 16)));
  for (unsigned g = 0; g < NG; g++) {
    c.src_ip[g] = grp_ip(g, false), c.dst_ip[g] = grp_ip(g, true), c.dqpn[g] = uint32_t(r.bits(24));
    c.seed[g] = uint32_t(r.bits(16));
    d.wr(SS_CSR_GRP(g, SS_GRP_SRC_IP), c.src_ip[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_DST_IP), c.dst_ip[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_DQPN), c.dqpn[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_RX_QPN), uint32_t(r.bits(24)));
    d.wr(SS_CSR_GRP(g, SS_GRP_CTRL), hw_weights_some ? uint32_t(r.bits(1)) : 1u);
    d.wr(SS_CSR_GRP(g, SS_GRP_COST), uint32_t(r.bits(4)));
    d.wr(SS_CSR_GRP(g, SS_GRP_TCOST), uint32_t(r.bits(4)));
    d.wr(SS_CSR_GRP(g, SS_GRP_SEED), c.seed[g]);
  }
  for (unsigned t = 0; t < NT; t++) {
    c.sport[t] = 0xc000u + (t << 4) + unsigned(r.bits(4));  // unique per session
    c.dport[t] = 0x1000u + unsigned(r.bits(12));
    c.wsw[t] = uint32_t(r.chance(0.1) ? 0 : r.range(1, 255));
    d.wr(SS_CSR_SESS(t, SS_SESS_PORTS), c.sport[t] | (c.dport[t] << 16));
    d.wr(SS_CSR_SESS(t, SS_SESS_WSW), c.wsw[t]);
    d.wr(SS_CSR_SESS(t, SS_SESS_STATE), r.chance(0.8) ? SS_ACTIVE : uint32_t(r.bits(2)));
    if (r.chance(0.2)) d.wr(SS_CSR_SESS(t, SS_SESS_KEY), uint32_t(r.range(1, 400)));
  }
  for (unsigned q = 0; q < NQ; q++) {
    c.qgroup[q] = unsigned(r.below(NG));
    c.qctrl[q] = qp_ctrl(r.chance(0.95), c.qgroup[q], unsigned(r.below(4)), r.chance(0.1), unsigned(r.bits(1)));
    d.wr(SS_CSR_QP(q), c.qctrl[q]);
  }
  d.csr_wait();
}

// A write to one of the 23 writable CSRs (section 8), value drawn so that traffic keeps going;
// with `dups` the value repeats a key another entry already holds where the doc has a tie rule
// (ports -> rx lowest slot; weights -> lowest-weight ties and equal shares; DQPN, seed, IPs,
// QP_CTRL duplicates; THRESH with T_HI = 0, T_LO = 1023: ADD and REM due in the same tick).
static void write_any(Dev& d, Cfg& c, tb::Rng& r, bool dups, int only_group = -1) {
  const unsigned g = only_group >= 0 ? unsigned(only_group) : unsigned(r.below(NG));
  const unsigned t = g * NS + unsigned(r.below(NS)), o = unsigned(r.below(NG)), ot = unsigned(r.below(NT));
  switch (r.below(23)) {
    case 0: d.wr(SS_CSR_TICK, uint32_t(r.range(0, 40))); break;
    case 1: d.wr(SS_CSR_ENGINE, uint32_t(r.range(0, 10) | (r.chance(0.2) ? r.range(200, 255) : r.range(0, 8)) << 8)); break;
    case 2: d.wr(SS_CSR_RTT_MIN, uint32_t(r.range(0, 300))); break;
    case 3: d.wr(SS_CSR_RTT_CFG, uint32_t(r.range(0, 4096) | (r.range(0, 10) << 16))); break;
    case 4: d.wr(SS_CSR_TOS, uint32_t(r.next())); break;
    case 5: d.wr(SS_CSR_DRAIN_TO, uint32_t(r.range(0, 30))); break;
    case 6: d.wr(SS_CSR_HOLD, uint32_t(r.range(0, 20))); break;
    case 7:
      d.wr(SS_CSR_THRESH, dups ? (0u | (1023u << 16)) : uint32_t(r.range(300, 900) | (r.range(0, 300) << 16)));
      break;
    case 8: d.wr(SS_CSR_EVCFG, uint32_t(r.range(0, 4) | (r.range(0, 4) << 4) | (r.range(0, 3) << 8) | (r.range(0, 6) << 16))); break;
    case 9: {
      const unsigned q = unsigned(r.below(NQ)), oq = unsigned(r.below(NQ));
      if (dups) c.qctrl[q] = c.qctrl[oq];  // duplicate QP entry
      else c.qctrl[q] = qp_ctrl(r.chance(0.9), only_group >= 0 ? g : unsigned(r.below(NG)), unsigned(r.below(4)),
                                r.chance(0.15), unsigned(r.bits(1)));
      c.qgroup[q] = (c.qctrl[q] >> 4) & (NG - 1);
      d.wr(SS_CSR_QP(q), c.qctrl[q]);
      break;
    }
    case 10: c.src_ip[g] = dups ? c.src_ip[o] : grp_ip(g, false) ^ uint32_t(r.bits(2) << 8);
             d.wr(SS_CSR_GRP(g, SS_GRP_SRC_IP), c.src_ip[g]); break;
    case 11: c.dst_ip[g] = dups ? c.dst_ip[o] : grp_ip(g, true) ^ uint32_t(r.bits(2) << 8);
             d.wr(SS_CSR_GRP(g, SS_GRP_DST_IP), c.dst_ip[g]); break;
    case 12: c.dqpn[g] = dups ? c.dqpn[o] : uint32_t(r.bits(24)); d.wr(SS_CSR_GRP(g, SS_GRP_DQPN), c.dqpn[g]); break;
    case 13: d.wr(SS_CSR_GRP(g, SS_GRP_RX_QPN), uint32_t(r.bits(24))); break;
    case 14: d.wr(SS_CSR_GRP(g, SS_GRP_CTRL), uint32_t(r.bits(1))); break;
    case 15: d.wr(SS_CSR_GRP(g, SS_GRP_COST), uint32_t(r.bits(4))); break;
    case 16: d.wr(SS_CSR_GRP(g, SS_GRP_TCOST), uint32_t(r.bits(4))); break;
    case 17: c.seed[g] = dups ? c.seed[o] : uint32_t(r.bits(16)); d.wr(SS_CSR_GRP(g, SS_GRP_SEED), c.seed[g]); break;
    case 18: d.wr(SS_CSR_GRP(g, SS_GRP_EVENT), uint32_t(r.bits(3))); break;
    case 19:
      if (dups) c.sport[t] = c.sport[ot], c.dport[t] = c.dport[ot];  // duplicate 5-tuple ports
      else c.sport[t] = 0xc000u + unsigned(r.bits(12)), c.dport[t] = 0x1000u + unsigned(r.bits(12));
      d.wr(SS_CSR_SESS(t, SS_SESS_PORTS), c.sport[t] | (c.dport[t] << 16));
      break;
    case 20: d.wr(SS_CSR_SESS(t, SS_SESS_STATE), r.chance(0.6) ? SS_ACTIVE : uint32_t(r.bits(2))); break;
    case 21: c.wsw[t] = dups ? c.wsw[g * NS + (t + 1) % NS] : uint32_t(r.range(0, 255));
             d.wr(SS_CSR_SESS(t, SS_SESS_WSW), c.wsw[t]); break;
    default:
      if (!dups) c.key_val = uint32_t(r.range(1, 60));
      d.wr(SS_CSR_SESS(t, SS_SESS_KEY), c.key_val);
      break;
  }
}

// one random CSR operation during traffic
static void random_csr(Dev& d, Cfg& c, tb::Rng& r) {
  const unsigned t = unsigned(r.below(NT)), g = unsigned(r.below(NG));
  const unsigned k = unsigned(r.below(100));
  if (k < 25) {                                                                       // weight update
    c.wsw[t] = r.chance(0.2) ? c.wsw[(t / NS) * NS + (t + 1) % NS] : uint32_t(r.range(0, 255));
    d.wr(SS_CSR_SESS(t, SS_SESS_WSW), c.wsw[t]);
  } else if (k < 33) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE);                    // session add
  else if (k < 37) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_DRAINING);                    // SW remove
  else if (k < 39) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_INVALID);                     // free
  else if (k < 44) d.wr(SS_CSR_SESS(t, SS_SESS_KEY), uint32_t(r.range(1, 60)));         // key timer
  else if (k < 51) d.wr(SS_CSR_GRP(g, SS_GRP_EVENT), uint32_t(r.bits(3)));              // event ack
  else if (k < 52) d.wr(SS_CSR_GRP(g, SS_GRP_COST), uint32_t(r.bits(4)));
  else if (k < 53) {  // one KEY to two sessions of a group: both expire in one tick
    const uint32_t v = uint32_t(r.range(1, 30));
    d.wr(SS_CSR_SESS(g * NS + unsigned(r.below(NS)), SS_SESS_KEY), v);
    d.wr(SS_CSR_SESS(g * NS + unsigned(r.below(NS)), SS_SESS_KEY), v);
  } else if (k < 54) {  // a last-group session takes the ports of a group-0 session (same IPs)
    const unsigned s0 = unsigned(r.below(NS)), tl = (NG - 1) * NS + unsigned(r.below(NS));
    c.sport[tl] = c.sport[s0], c.dport[tl] = c.dport[s0];
    d.wr(SS_CSR_SESS(tl, SS_SESS_PORTS), c.sport[tl] | (c.dport[tl] << 16));
  } else if (k < 69) write_any(d, c, r, r.chance(0.25));                                 // any writable CSR
  else if (k < 70) d.wr(uint32_t(r.bits(16)) & ~3u, uint32_t(r.next()), r.chance(0.5) ? 0xf : unsigned(r.bits(4)));  // refused mostly
  else if (k < 80) d.rd(SS_CSR_CTR(r.below(SS_NUM_CTR)));
  else if (k < 90) d.rd(SS_CSR_SESS(t, 4 * unsigned(r.below(11))));
  else d.rd(SS_CSR_GRP(g, 4 * unsigned(r.below(12))));
}

// ------------------------------------------------------------------ per-port backpressure
// Profiles (doc 9.1) on Agent::profile (tb/common/stimulus.h): uniform (--stall on every port),
// independent (sources unthrottled, each sink its own ready probability), bursty (and ready-low
// bursts of 20..300 cycles on chosen sinks), stop (one sink held ready-low 600..1200 cycles at a
// time), full (no stall anywhere). The sinks are m_desc, m_rx and the AXI4-Lite master (B / R
// ready, and the start of its next operation). --no-stall keeps every port at 0.
enum { PF_UNIFORM, PF_INDEP, PF_BURSTY, PF_STOP, PF_FULL, PF_NUM };
static void set_profile(Dev& d, tb::Rng& r, int kind) {
  (void)r;  // tb::apply_backpressure draws from the harness PRNG
  static const ss::Cls cls[PF_NUM] = {ss::bp_prof_uniform, ss::bp_prof_independent, ss::bp_prof_bursty,
                                      ss::bp_prof_stop, ss::bp_prof_full};
  if (d.h.opt.stall == 0) kind = PF_FULL;
  std::vector<tb::Agent*> sinks = {&d.mdesc, &d.mrx, &d.csr}, sources = {&d.desc, &d.rx, &d.fb};
  if (kind == PF_FULL) {
    for (auto* a : sinks) a->profile(0);
    for (auto* a : sources) a->profile(0);
  } else {
    const std::string desc = tb::apply_backpressure(d.h, tb::Bp(kind), sinks, sources, 20, 300);
    if (!d.h.opt.quiet) d.h.note("%s\n", desc.c_str());
  }
  d.cov.hit(cls[kind]);
}
static void profile_off(Dev& d) {  // back to --stall on every port (drain, read-back)
  tb::Agent* a[6] = {&d.desc, &d.rx, &d.fb, &d.mdesc, &d.mrx, &d.csr};
  for (auto* x : a) x->profile(d.h.opt.stall);
}

struct TrafficOpt {
  double p_csr = 0.1;
  std::function<void(Dev&, Cfg&, tb::Rng&)> csr_op = random_csr;
  int focus_group = -1;  // >= 0: feedback and rx lookups name only this group
};

static void traffic(Dev& d, Cfg& c, tb::Harness& h, uint64_t n, const TrafficOpt& o) {
  tb::Rng& r = h.rng;
  uint32_t psn[NQ] = {}, last_key[NQ] = {};
  for (unsigned q = 0; q < NQ; q++) psn[q] = uint32_t(r.bits(24));
  uint32_t pool[8];  // a few keys that recur (equal hashes)
  for (auto& k : pool) k = uint32_t(r.next());
  uint64_t pushed = 0;
  const double p_fb = 0.1 + 0.4 * (r.next() * 0x1.0p-64), p_rx = 0.05 + 0.2 * (r.next() * 0x1.0p-64);
  d.in_traffic = true;
  while (pushed < n) {
    while (d.desc.queued() < 4 && pushed < n) {
      const unsigned q = unsigned(r.below(NQ));
      const uint32_t dq = r.chance(0.97) ? c.dqpn[c.qgroup[q]] : uint32_t(r.bits(24));
      const unsigned kk = unsigned(r.below(100));
      uint32_t key;
      if (kk < 70) key = psn[q]++ & 0xffffff;
      else if (kk < 80) key = pool[r.below(8)];
      else if (kk < 88) key = last_key[q] ^ (uint32_t(r.bits(16)) * 0x10001u);  // same k16, other key
      else key = uint32_t(r.next());
      last_key[q] = key;
      d.desc_push(q, dq, key, r.chance(0.25), unsigned(r.bits(16)));
      pushed++;
    }
    if (d.fb.queued() < 2 && r.chance(p_fb)) {
      const unsigned t = o.focus_group >= 0 ? unsigned(o.focus_group) * NS + unsigned(r.below(NS)) : unsigned(r.below(NT));
      const unsigned ty = unsigned(r.below(4));
      const unsigned v = ty == SS_FB_RTT ? unsigned(r.range(0, 1500)) : unsigned(r.range(0, 6));
      d.fb_push(ty, t / NS, t % NS, v);
    }
    if (d.rx.queued() < 2 && r.chance(p_rx)) {
      const unsigned t = o.focus_group >= 0 ? unsigned(o.focus_group) * NS + unsigned(r.below(NS)) : unsigned(r.below(NT));
      const unsigned g = t / NS;
      if (r.chance(0.8)) d.rx_push(c.dst_ip[g], c.src_ip[g], c.dport[t], c.sport[t]);
      else d.rx_push(uint32_t(r.next()), c.src_ip[g], c.dport[t], unsigned(r.bits(16)));
    }
    if (d.csr.idle_now() && r.chance(o.p_csr)) o.csr_op(d, c, r);
    d.sim.step();
  }
  d.in_traffic = false;
}

static void traffic(Dev& d, Cfg& c, tb::Harness& h, uint64_t n, double p_csr) {
  TrafficOpt o;
  o.p_csr = p_csr;
  traffic(d, c, h, n, o);
}

// ------------------------------------------------------------------ scenarios
static void scenario_csr(tb::Harness& h) {
  Dev d(h);
  d.cov.declare(ss::axi_wr_okay, ss::axi_rd_slverr), d.cov.declare(ss::ctr_csr_err);
  tb::Rng& r = h.rng;
  d.read_all();
  for (int i = 0; i < 400; i++) {
    uint32_t a;
    const unsigned k = unsigned(r.below(5));
    if (k == 0) a = 0x08 + 4 * uint32_t(r.below(9));
    else if (k == 1) a = SS_CSR_QP(r.below(NQ + 1));
    else if (k == 2) a = SS_CSR_GRP(r.below(NG), 4 * r.below(16));
    else if (k == 3) a = SS_CSR_SESS(r.below(NT), 4 * r.below(16));
    else a = uint32_t(r.bits(16));
    d.wr(a, uint32_t(r.next()), r.chance(0.9) ? 0xf : unsigned(r.bits(4)));
    d.rd(a);
  }
  d.csr_wait();
  d.read_all();
}

static void scenario_directed(tb::Harness& h) {
  Dev d(h);
  d.cov.declare(ss::st_ok, ss::ctr_qp_invalid), d.cov.declare(ss::ctr_rx_hit, ss::ctr_rx_drop);
  d.cov.declare(ss::ctr_fb_cnp, ss::ctr_fb_ack), d.cov.declare(ss::ctr_ack_underflow);
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, true);
  // every session of group 0 ACTIVE with software weights 1..NS; QP 0 -> group 0, per packet
  d.wr(SS_CSR_GRP(0, SS_GRP_CTRL), 1);
  for (unsigned s = 0; s < NS; s++) {
    d.wr(SS_CSR_SESS(s, SS_SESS_STATE), SS_ACTIVE);
    d.wr(SS_CSR_SESS(s, SS_SESS_WSW), s + 1);
    d.wr(SS_CSR_SESS(s, SS_SESS_KEY), 0);
  }
  d.wr(SS_CSR_QP(0), 1u);
  c.qgroup[0] = 0;
  d.csr_wait();
  for (uint32_t k = 0; k < 2000; k++) d.desc_push(0, c.dqpn[0], k, 1, 64);          // sequential PSN
  for (uint32_t k = 0; k < 50; k++) d.desc_push(0, c.dqpn[0] ^ 1, k, 1, 64);        // claim 11 mismatch
  d.wr(SS_CSR_QP(1), 0);                                                             // invalid QP
  d.csr_wait();
  for (uint32_t k = 0; k < 20; k++) d.desc_push(1, 0, k, 1, 64);
  d.sim.run_until([&] { return !d.desc.busy(); }, "descriptors");
  // no eligible session: all weights 0
  for (unsigned s = 0; s < NS; s++) d.wr(SS_CSR_SESS(s, SS_SESS_WSW), 0);
  d.csr_wait();
  for (uint32_t k = 0; k < 20; k++) d.desc_push(0, c.dqpn[0], k, 1, 64);
  // rx: every session of group 0, then unknown tuples
  for (unsigned s = 0; s < NS; s++) d.rx_push(c.dst_ip[0], c.src_ip[0], c.dport[s], c.sport[s]);
  for (unsigned s = 0; s < NS; s++) d.rx_push(c.dst_ip[0] + 1, c.src_ip[0], c.dport[s], c.sport[s]);
  // feedback storm on one session with a tick period of 1 cycle
  d.wr(SS_CSR_TICK, 0);
  d.wr(SS_CSR_GRP(0, SS_GRP_CTRL), 0);
  d.csr_wait();
  for (int i = 0; i < 200; i++) d.fb_push(i % 4, 0, unsigned(i) % NS, unsigned(r.range(0, 2000)));
  d.sim.run_until([&] { return !d.fb.busy() && !d.desc.busy() && !d.rx.busy(); }, "inputs");
  d.drain();
  d.read_all();
}

static void scenario_random(tb::Harness& h) {
  const std::string vec = h.opt.get("vectors");
  Dev d(h, vec);
  d.cov.declare_all();  // every class over the seeds
  tb::Rng& r = h.rng;
  if (h.opt.fault == "flip") d.flip_at = 50 + r.below(200);
  if (h.opt.fault == "rxflip") d.rxflip_at = 5 + r.below(20);
  if (h.opt.fault == "tick") d.tick_skip_at = 3000 + r.below(1000);
  Cfg c;
  program(d, c, r, true);
  // the last group shares group 0's IPs: duplicated ports (write_any) then match in two groups
  c.src_ip[NG - 1] = c.src_ip[0], c.dst_ip[NG - 1] = c.dst_ip[0];
  d.wr(SS_CSR_GRP(NG - 1, SS_GRP_SRC_IP), c.src_ip[0]), d.wr(SS_CSR_GRP(NG - 1, SS_GRP_DST_IP), c.dst_ip[0]);
  const uint64_t n = h.opt.n;
  const uint64_t chunk = std::max<uint64_t>(2000, n / 4);
  unsigned ci = 0;
  for (uint64_t done = 0; done < n; done += chunk, ci++) {
    // each chunk under another backpressure profile
    set_profile(d, r, int((ci + h.opt.seed) % PF_NUM));
    traffic(d, c, h, std::min(chunk, n - done), 0.05 + 0.2 * (r.next() * 0x1.0p-64));
    profile_off(d);
    d.sim.run_until([&] { return !d.desc.busy() && !d.fb.busy() && !d.rx.busy(); }, "inputs");
    d.drain();
    // statistics read back between chunks
    for (uint32_t i = 0; i < SS_NUM_CTR; i++) d.rd(SS_CSR_CTR(i));
    for (unsigned t = 0; t < NT; t++) d.rd(SS_CSR_SESS(t, SS_SESS_PKTS)), d.rd(SS_CSR_SESS(t, SS_SESS_STATE));
    d.csr_wait();
  }
  d.drain();
  d.read_all();
  static const char* names[SS_NUM_CTR] = {"decisions", "dqpn_mismatch", "no_session", "qp_invalid", "fb_unknown",
      "rx_hit", "rx_drop", "add_ev", "rem_ev", "key_exp", "drain_done", "drain_timeout", "ack_underflow",
      "msg_remap", "fb_cnp", "fb_rtt", "fb_ack", "csr_err"};
  std::string cov;
  for (unsigned i = 0; i < SS_NUM_CTR; i++) cov += std::string(" ") + names[i] + "=" + std::to_string(d.m.ctr[i]);
  h.note("coverage (model counters):%s\n", cov.c_str());
  if (!vec.empty()) h.note("vectors written to %s (%" PRIu64 " cycles)\n", vec.c_str(), d.sim.cycle());
}

static void scenario_reset(tb::Harness& h) {
  Dev d(h);
  d.cov.declare(ss::st_ok, ss::st_qp_invalid), d.cov.declare(ss::axi_wr_okay, ss::axi_rd_slverr);
  d.cov.declare(ss::bp_mdesc_hold32);
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, true);
  set_profile(d, r, PF_BURSTY);
  traffic(d, c, h, 3000, 0.1);
  // mid-traffic reset (possibly inside a ready-low burst): both sides forget everything
  d.desc.clear(), d.rx.clear(), d.fb.clear(), d.csr.clear(), d.mdesc.clear(), d.mrx.clear();
  d.exp_rd.clear(), d.exp_wr.clear(), d.acc_cycle.clear();
  d.forget_rules();
  d.sim.reset(5);
  d.fold_counters();
  session_sel_reset(&d.m);
  d.sb_desc.clear(), d.sb_rx.clear();
  d.read_all();
  program(d, c, r, true);
  set_profile(d, r, PF_INDEP);
  traffic(d, c, h, 3000, 0.1);
  profile_off(d);
  d.sim.run_until([&] { return !d.desc.busy() && !d.fb.busy() && !d.rx.busy(); }, "inputs");
  d.drain();
  d.read_all();
}

// Duplicate keys wherever the doc has a tie rule (doc 9.1): equal weights (lowest-weight mode:
// lowest index; weighted hash: equal shares, zero weights between), equal hashes (keys with the
// same k16, duplicate seeds), duplicate 5-tuples (rx: lowest slot, across groups with the same
// IPs), equal congestion levels (REM victim: highest index), ADD and REM due in one tick (ADD),
// several key expiries in one tick (last index recorded), duplicate QP entries and DQPNs.
static void ties_csr(Dev& d, Cfg& c, tb::Rng& r) {
  const unsigned g = unsigned(r.below(NG)), k = unsigned(r.below(100));
  if (k < 15) d.wr(SS_CSR_GRP(g, SS_GRP_EVENT), 7);  // ack: the next event can come
  else if (k < 30) {
    const unsigned t = unsigned(r.below(NT));
    d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE);    // put removed / expired sessions back
  } else if (k < 38) {  // the same KEY to several sessions of a group: they expire in one tick
    c.key_val = uint32_t(r.range(2, 6));
    for (unsigned s = 0; s < NS; s++)
      if (s < 2 || r.chance(0.5)) d.wr(SS_CSR_SESS(g * NS + s, SS_SESS_KEY), c.key_val);
  } else if (k < 46) {  // equal RTT samples: equal congestion levels
    const unsigned s = unsigned(r.below(NS)), v = unsigned(r.range(0, 1500));
    d.fb_push(SS_FB_RTT, g, s, v), d.fb_push(SS_FB_RTT, g, (s + 1) % NS, v);
  } else if (k < 52) {
    d.wr(SS_CSR_THRESH, r.chance(0.5) ? (1023u << 16) : (768u | (128u << 16)));
  } else if (k < 58) {
    d.wr(SS_CSR_EVCFG, uint32_t(r.range(0, 2) | (r.range(1, 2) << 4) | (r.range(0, 1) << 8) | (r.range(0, 2) << 16)));
  } else if (k < 80) write_any(d, c, r, r.chance(0.7));
  else if (k < 90) d.rd(SS_CSR_GRP(g, SS_GRP_EVENT));
  else d.rd(SS_CSR_SESS(unsigned(r.below(NT)), 4 * unsigned(r.below(11))));
}

static void scenario_ties(tb::Harness& h) {
  Dev d(h);
  d.cov.declare(ss::tie_lowest, ss::tie_dqpn_shared), d.cov.declare(ss::st_ok);
  d.cov.declare(ss::ctr_rx_hit), d.cov.declare(ss::ctr_add_ev, ss::ctr_key_exp);
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, true);
  for (unsigned g = 0; g < NG; g++) {
    if (g & 1) {  // odd groups: the IPs and seed of the group before (rx tuples across groups)
      c.src_ip[g] = c.src_ip[g - 1], c.dst_ip[g] = c.dst_ip[g - 1], c.seed[g] = c.seed[g - 1];
      d.wr(SS_CSR_GRP(g, SS_GRP_SRC_IP), c.src_ip[g]);
      d.wr(SS_CSR_GRP(g, SS_GRP_DST_IP), c.dst_ip[g]);
      d.wr(SS_CSR_GRP(g, SS_GRP_SEED), c.seed[g]);
    }
    if (g >= NG / 2) c.dqpn[g] = c.dqpn[0], d.wr(SS_CSR_GRP(g, SS_GRP_DQPN), c.dqpn[g]);
    // weights: 0 = hardware (idle sessions all 255), 1 = software with equal / paired / zero weights
    const uint32_t sw = g % 3 == 2 ? 0u : 1u;
    d.wr(SS_CSR_GRP(g, SS_GRP_CTRL), sw);
    d.wr(SS_CSR_GRP(g, SS_GRP_COST), 9), d.wr(SS_CSR_GRP(g, SS_GRP_TCOST), 3);
    for (unsigned s = 0; s < NS; s++) {
      const unsigned t = g * NS + s;
      c.wsw[t] = g % 3 == 0 ? 9u : (s % 3 == 2 ? 0u : 40u + 20u * (s / 3));
      d.wr(SS_CSR_SESS(t, SS_SESS_WSW), c.wsw[t]);
      d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE);
      d.wr(SS_CSR_SESS(t, SS_SESS_KEY), 0);
      if (s & 1) c.sport[t] = c.sport[t - 1], c.dport[t] = c.dport[t - 1];  // pairs share the tuple
      if (g & 1) c.sport[t] = c.sport[t - NS], c.dport[t] = c.dport[t - NS];  // and the group before
      d.wr(SS_CSR_SESS(t, SS_SESS_PORTS), c.sport[t] | (c.dport[t] << 16));
    }
  }
  for (unsigned q = 0; q < NQ; q++) {  // duplicate QP entries: q and q + NQ/2 identical
    c.qctrl[q] = q < NQ / 2 ? qp_ctrl(1, q % NG, unsigned(r.below(3)), q & 1, unsigned(r.bits(1))) : c.qctrl[q - NQ / 2];
    c.qgroup[q] = (c.qctrl[q] >> 4) & (NG - 1);
    d.wr(SS_CSR_QP(q), c.qctrl[q]);
  }
  d.wr(SS_CSR_THRESH, 1023u << 16);  // T_HI = 0, T_LO = 1023: every ACTIVE session is both
  d.wr(SS_CSR_EVCFG, 1u | (1u << 4) | (1u << 16));
  d.wr(SS_CSR_HOLD, uint32_t(r.range(0, 3)));
  d.wr(SS_CSR_TICK, uint32_t(r.range(3, 12)));
  d.csr_wait();
  const uint64_t n = std::max<uint64_t>(2000, h.opt.n / 10), chunk = n / 2;
  for (int i = 0; i < 2; i++) {
    set_profile(d, r, int(r.below(PF_NUM)));
    TrafficOpt o;
    o.p_csr = 0.3, o.csr_op = ties_csr;
    traffic(d, c, h, chunk, o);
    profile_off(d);
    d.sim.run_until([&] { return !d.desc.busy() && !d.fb.busy() && !d.rx.busy(); }, "inputs");
    d.drain();
  }
  d.read_all();
}

// Same-cycle rule (doc section 7): every QP on group 0, feedback and lookups on group 0, a tick
// every 1-3 cycles, CSR writes back to back on group 0's registers and the globals, so writes
// land in the cycle of a decision, a feedback, a lookup and a tick touching the same entry.
static void samecycle_csr(Dev& d, Cfg& c, tb::Rng& r) {
  const unsigned k = unsigned(r.below(100)), t = unsigned(r.below(NS));
  if (k < 20) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), r.chance(0.7) ? SS_ACTIVE : uint32_t(r.bits(2)));
  else if (k < 30) d.wr(SS_CSR_SESS(t, SS_SESS_KEY), uint32_t(r.range(1, 4)));
  else if (k < 40) d.wr(SS_CSR_GRP(0, SS_GRP_EVENT), uint32_t(r.bits(3)));
  else if (k < 45) d.wr(SS_CSR_TICK, uint32_t(r.range(0, 2)));
  else if (k < 85) write_any(d, c, r, r.chance(0.3), 0);
  else if (k < 95) d.rd(SS_CSR_SESS(t, 4 * unsigned(r.below(11))));
  else d.rd(SS_CSR_GRP(0, 4 * unsigned(r.below(12))));
}

static void scenario_samecycle(tb::Harness& h) {
  Dev d(h);
  d.cov.declare(ss::sc_wr_desc, ss::sc_state_fb), d.cov.declare(ss::st_ok);
  d.cov.declare(ss::csrw_event), d.cov.declare(ss::csrw_state), d.cov.declare(ss::csrw_key);
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, true);
  for (unsigned q = 0; q < NQ; q++) {
    c.qctrl[q] = qp_ctrl(1, 0, unsigned(r.below(4)), r.chance(0.2), unsigned(r.bits(1)));
    c.qgroup[q] = 0;
    d.wr(SS_CSR_QP(q), c.qctrl[q]);
  }
  for (unsigned s = 0; s < NS; s++) d.wr(SS_CSR_SESS(s, SS_SESS_STATE), SS_ACTIVE);
  d.wr(SS_CSR_EVCFG, 1u | (1u << 4) | (0u << 8) | (1u << 16));
  d.wr(SS_CSR_GRP(0, SS_GRP_COST), 9);
  d.wr(SS_CSR_TICK, uint32_t(r.range(0, 2)));
  d.csr_wait();
  set_profile(d, r, PF_FULL);
  d.mdesc.profile(0.05), d.mrx.profile(0.05);  // rare stalls
  TrafficOpt o;
  o.p_csr = 1.0, o.csr_op = samecycle_csr, o.focus_group = 0;
  traffic(d, c, h, std::max<uint64_t>(2000, h.opt.n / 20), o);
  profile_off(d);
  d.sim.run_until([&] { return !d.desc.busy() && !d.fb.busy() && !d.rx.busy(); }, "inputs");
  d.drain();
  d.read_all();
}

static void scenario_bench(tb::Harness& h) {
  Dev d(h);
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, false);
  for (unsigned t = 0; t < NT; t++) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE), d.wr(SS_CSR_SESS(t, SS_SESS_WSW), 1 + t);
  d.csr_wait();
  const uint64_t c0 = d.sim.cycle(), in0 = h.inputs;
  d.lat_sum = d.lat_n = d.lat_max = 0;
  for (uint64_t i = 0; i < h.opt.n; i++) {
    const unsigned q = unsigned(r.below(NQ));
    d.desc_push(q, c.dqpn[c.qgroup[q]], uint32_t(i), 1, 64);
  }
  d.sim.run_until([&] { return !d.desc.busy(); }, "descriptors");
  const uint64_t cyc = d.sim.cycle() - c0, acc = h.inputs - in0;
  d.drain();
  const double per = double(acc) / double(cyc);
  h.extra("decisions_per_cycle", per);
  h.extra("latency_cycles", double(d.lat_sum) / double(d.lat_n));
  h.note("bench: %" PRIu64 " descriptors in %" PRIu64 " cycles = %.4f decisions/cycle, latency %.2f cycles (max %" PRIu64
         ", s_desc handshake -> m_desc valid)\n", acc, cyc, per, double(d.lat_sum) / double(d.lat_n), d.lat_max);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 5000;
  tb::Harness h(argc, argv, "session_sel",
                "make sim BLOCK=session_sel SEED=<seed> N=<n> SCENARIO=<scenario> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario == "bench") {
    h.run("bench", [&] { scenario_bench(h); });
    return h.exit_code();
  }
  h.run("csr", [&] { scenario_csr(h); });
  h.run("directed", [&] { scenario_directed(h); });
  h.run("random", [&] { scenario_random(h); });
  h.run("reset", [&] { scenario_reset(h); });
  h.run("ties", [&] { scenario_ties(h); });
  h.run("samecycle", [&] { scenario_samecycle(h); });
  return h.exit_code();
}
