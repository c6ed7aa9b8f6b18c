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
// weight updates, session adds/removes, key expiries, event acks, feedback, rx lookups, CSR
// reads, all during traffic), bench (--scenario bench: throughput and latency, --no-stall).
// Faults (--fault): flip (one expected m_desc sess bit flipped), rxflip (one expected m_rx hit
// flipped), tick (the model's clock skipped once): each must be reported.
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
#include "ports.h"
#include "scoreboard.h"
#include "pcap.h"
#include "sim.h"

extern "C" {
#include "session_sel.h"
#include "session_sel_pkt.h"
}

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

struct BitVec {
  std::vector<bool> b;  // MSB first
  void add(uint64_t v, unsigned w) {
    for (int i = int(w) - 1; i >= 0; i--) b.push_back(i < 64 && (v >> i & 1));
  }
  std::string hex() const {
    std::string s;
    const size_t pad = (4 - b.size() % 4) % 4;
    unsigned nib = 0, n = unsigned(pad);
    for (bool x : b) {
      nib = (nib << 1) | x;
      if (++n == 4) s += "0123456789abcdef"[nib], nib = 0, n = 0;
    }
    return s;
  }
};

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
      session_sel_clock(&d.m);
    }
  };
  struct VecAgent : tb::Agent {  // constructed last: drive() sees every input pin of the cycle
    Dev& d;
    VecAgent(Dev& dev) : Agent(dev.sim, "vectors", Role::other), d(dev) {}
    void drive() override {
      auto* t = d.top;
      BitVec v;
      v.add(t->rst, 1), v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 16), v.add(t->s_axil_wvalid, 1);
      v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
      v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 16), v.add(t->s_axil_rready, 1);
      v.add(t->s_desc_valid, 1), v.add(t->s_desc_qp, 8), v.add(t->s_desc_dest_qpn, 24), v.add(t->s_desc_key, 32);
      v.add(t->s_desc_first, 1), v.add(t->s_desc_len, 16), v.add(t->m_desc_ready, 1);
      v.add(t->s_fb_valid, 1), v.add(t->s_fb_type, 2), v.add(t->s_fb_group, 4), v.add(t->s_fb_sess, 4);
      v.add(t->s_fb_value, 16);
      v.add(t->s_rx_valid, 1), v.add(t->s_rx_src_ip, 32), v.add(t->s_rx_dst_ip, 32), v.add(t->s_rx_sport, 16);
      v.add(t->s_rx_dport, 16), v.add(t->m_rx_ready, 1);
      *d.v_stim << v.hex() << "\n";
    }
    void sample() override {
      auto* t = d.top;
      BitVec v;
      v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
      v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
      v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1), v.add(t->s_desc_ready, 1);
      v.add(t->m_desc_valid, 1), v.add(t->s_rx_ready, 1), v.add(t->m_rx_valid, 1), v.add(t->s_fb_ready, 1);
      *d.v_outs << v.hex() << "\n";
    }
  };

  std::unique_ptr<tb::Agent> rd_probe;
  tb::AxilMaster csr;
  tb::StreamSource desc, rx, fb;
  std::unique_ptr<tb::Agent> wr_probe;
  tb::StreamSink mdesc, mrx;
  std::unique_ptr<tb::Agent> clk_agent, vec;
  tb::Scoreboard sb_desc, sb_rx;

  explicit Dev(tb::Harness& harness, const std::string& vectors = "")
      : h(harness),
        sim(harness),
        top(sim.top.get()),
        rd_probe(new RdProbe(*this)),
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
    mrx.on_capture = [this](const Txn& t) { sb_rx.actual(t); };
    csr.on_done = [this](const tb::AxilMaster::Op& o, unsigned resp, uint32_t data) {
      Txn a, e;
      a.add("addr", 16, o.addr).add("resp", 2, resp);
      e.add("addr", 16, o.addr);
      if (o.write) {
        if (exp_wr.empty()) h.fail("s_axil", "write response without a write handshake");
        e.add("resp", 2, exp_wr.front() == SS_OK ? 0 : 2);
        exp_wr.pop_front();
      } else {
        if (exp_rd.empty()) h.fail("s_axil", "read response without a read handshake");
        e.add("resp", 2, exp_rd.front().second ? 2 : 0);
        a.add("rdata", 32, data), e.add("rdata", 32, exp_rd.front().first);
        if (v_rd) *v_rd << std::hex << exp_rd.front().first << " " << (exp_rd.front().second ? 2 : 0) << std::dec << "\n";
        exp_rd.pop_front();
      }
      if (a != e)
        h.fail("s_axil", std::string("AXI4-Lite ") + (o.write ? "write" : "read") + " mismatch",
               "  expected: " + e.str() + "\n  actual  : " + a.str());
      h.outputs++;
    };
    if (!vectors.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(vectors, ec);
      v_stim.reset(new std::ofstream(vectors + "/stim.hex"));
      v_outs.reset(new std::ofstream(vectors + "/outs.hex"));
      v_desc.reset(new std::ofstream(vectors + "/exp_desc.hex"));
      v_rx.reset(new std::ofstream(vectors + "/exp_rx.hex"));
      v_rd.reset(new std::ofstream(vectors + "/exp_rd.hex"));
      vec.reset(new VecAgent(*this));
    }
    const std::string po = h.opt.get("pcap-out");
    if (!po.empty()) {
      pcap.reset(new tb::PcapWriter(po + "_" + h.scenario() + ".pcap"));
      pcap_csv.reset(new std::ofstream(po + "_" + h.scenario() + "_desc.csv"));
      *pcap_csv << "src_ip,dst_ip,tos,sport,dport,dest_qpn,psn,qp\n";
    }
    sim.reset(8);
  }
  ~Dev() { session_sel_free(&m); }

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
  uint32_t src_ip[NG], dst_ip[NG], dqpn[NG];
  uint32_t sport[NT], dport[NT];
  unsigned qgroup[NQ];
};

static uint32_t grp_ip(unsigned g, bool dst) { return (dst ? 0x0a010000u : 0x0a000000u) | (g + 1); }

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
    d.wr(SS_CSR_GRP(g, SS_GRP_SRC_IP), c.src_ip[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_DST_IP), c.dst_ip[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_DQPN), c.dqpn[g]);
    d.wr(SS_CSR_GRP(g, SS_GRP_RX_QPN), uint32_t(r.bits(24)));
    d.wr(SS_CSR_GRP(g, SS_GRP_CTRL), hw_weights_some ? uint32_t(r.bits(1)) : 1u);
    d.wr(SS_CSR_GRP(g, SS_GRP_COST), uint32_t(r.bits(4)));
    d.wr(SS_CSR_GRP(g, SS_GRP_TCOST), uint32_t(r.bits(4)));
    d.wr(SS_CSR_GRP(g, SS_GRP_SEED), uint32_t(r.bits(16)));
  }
  for (unsigned t = 0; t < NT; t++) {
    c.sport[t] = 0xc000u + (t << 4) + unsigned(r.bits(4));  // unique per session
    c.dport[t] = 0x1000u + unsigned(r.bits(12));
    d.wr(SS_CSR_SESS(t, SS_SESS_PORTS), c.sport[t] | (c.dport[t] << 16));
    d.wr(SS_CSR_SESS(t, SS_SESS_WSW), uint32_t(r.chance(0.1) ? 0 : r.range(1, 255)));
    d.wr(SS_CSR_SESS(t, SS_SESS_STATE), r.chance(0.8) ? SS_ACTIVE : uint32_t(r.bits(2)));
    if (r.chance(0.2)) d.wr(SS_CSR_SESS(t, SS_SESS_KEY), uint32_t(r.range(1, 400)));
  }
  for (unsigned q = 0; q < NQ; q++) {
    c.qgroup[q] = unsigned(r.below(NG));
    const uint32_t gran = uint32_t(r.below(4)), mode = r.chance(0.1) ? 1u : 0u;
    d.wr(SS_CSR_QP(q), (r.chance(0.95) ? 1u : 0u) | (c.qgroup[q] << 4) | (gran << 8) | (mode << 12) |
                           (uint32_t(r.bits(1)) << 16));
  }
  d.csr_wait();
}

// one random CSR operation during traffic
static void random_csr(Dev& d, Cfg& c, tb::Rng& r) {
  const unsigned t = unsigned(r.below(NT)), g = unsigned(r.below(NG));
  const unsigned k = unsigned(r.below(100));
  if (k < 30) d.wr(SS_CSR_SESS(t, SS_SESS_WSW), uint32_t(r.range(0, 255)));            // weight update
  else if (k < 38) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE);                      // session add
  else if (k < 42) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_DRAINING);                    // SW remove
  else if (k < 44) d.wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_INVALID);                     // free
  else if (k < 50) d.wr(SS_CSR_SESS(t, SS_SESS_KEY), uint32_t(r.range(1, 60)));         // key timer
  else if (k < 58) d.wr(SS_CSR_GRP(g, SS_GRP_EVENT), uint32_t(r.bits(3)));              // event ack
  else if (k < 62) d.wr(SS_CSR_GRP(g, SS_GRP_COST), uint32_t(r.bits(4)));
  else if (k < 64) d.wr(SS_CSR_GRP(g, SS_GRP_CTRL), uint32_t(r.bits(1)));
  else if (k < 66) {
    const uint32_t gran = uint32_t(r.below(4));
    const unsigned q = unsigned(r.below(NQ));
    d.wr(SS_CSR_QP(q), 1u | (c.qgroup[q] << 4) | (gran << 8) | ((r.chance(0.1) ? 1u : 0u) << 12) | (uint32_t(r.bits(1)) << 16));
  } else if (k < 68) d.wr(SS_CSR_EVCFG, uint32_t(r.range(0, 4) | (r.range(0, 4) << 4) | (r.range(0, 3) << 8) | (r.range(0, 6) << 16)));
  else if (k < 69) d.wr(SS_CSR_TICK, uint32_t(r.range(0, 40)));
  else if (k < 70) d.wr(uint32_t(r.bits(16)) & ~3u, uint32_t(r.next()), r.chance(0.5) ? 0xf : unsigned(r.bits(4)));  // refused mostly
  else if (k < 80) d.rd(SS_CSR_CTR(r.below(SS_NUM_CTR)));
  else if (k < 90) d.rd(SS_CSR_SESS(t, 4 * unsigned(r.below(11))));
  else d.rd(SS_CSR_GRP(g, 4 * unsigned(r.below(12))));
}

static void traffic(Dev& d, Cfg& c, tb::Harness& h, uint64_t n, double p_csr) {
  tb::Rng& r = h.rng;
  uint32_t psn[NQ] = {};
  for (unsigned q = 0; q < NQ; q++) psn[q] = uint32_t(r.bits(24));
  uint64_t pushed = 0;
  const double p_fb = 0.1 + 0.4 * (r.next() * 0x1.0p-64), p_rx = 0.05 + 0.2 * (r.next() * 0x1.0p-64);
  while (pushed < n) {
    while (d.desc.queued() < 4 && pushed < n) {
      const unsigned q = unsigned(r.below(NQ));
      const uint32_t dq = r.chance(0.97) ? c.dqpn[c.qgroup[q]] : uint32_t(r.bits(24));
      const uint32_t key = r.chance(0.7) ? (psn[q]++ & 0xffffff) : uint32_t(r.next());
      d.desc_push(q, dq, key, r.chance(0.25), unsigned(r.bits(16)));
      pushed++;
    }
    if (d.fb.queued() < 2 && r.chance(p_fb)) {
      const unsigned t = unsigned(r.below(NT));
      const unsigned ty = unsigned(r.below(4));
      const unsigned v = ty == SS_FB_RTT ? unsigned(r.range(0, 1500)) : unsigned(r.range(0, 6));
      d.fb_push(ty, t / NS, t % NS, v);
    }
    if (d.rx.queued() < 2 && r.chance(p_rx)) {
      const unsigned t = unsigned(r.below(NT)), g = t / NS;
      if (r.chance(0.8)) d.rx_push(c.dst_ip[g], c.src_ip[g], c.dport[t], c.sport[t]);
      else d.rx_push(uint32_t(r.next()), c.src_ip[g], c.dport[t], unsigned(r.bits(16)));
    }
    if (d.csr.idle_now() && r.chance(p_csr)) random_csr(d, c, r);
    d.sim.step();
  }
}

// ------------------------------------------------------------------ scenarios
static void scenario_csr(tb::Harness& h) {
  Dev d(h);
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
  tb::Rng& r = h.rng;
  if (h.opt.fault == "flip") d.flip_at = 50 + r.below(200);
  if (h.opt.fault == "rxflip") d.rxflip_at = 5 + r.below(20);
  if (h.opt.fault == "tick") d.tick_skip_at = 3000 + r.below(1000);
  Cfg c;
  program(d, c, r, true);
  const uint64_t n = h.opt.n;
  const uint64_t chunk = std::max<uint64_t>(2000, n / 4);
  for (uint64_t done = 0; done < n; done += chunk) {
    traffic(d, c, h, std::min(chunk, n - done), 0.05 + 0.2 * (r.next() * 0x1.0p-64));
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
  tb::Rng& r = h.rng;
  Cfg c;
  program(d, c, r, true);
  traffic(d, c, h, 3000, 0.1);
  // mid-traffic reset: both sides forget everything
  d.desc.clear(), d.rx.clear(), d.fb.clear(), d.csr.clear(), d.mdesc.clear(), d.mrx.clear();
  d.exp_rd.clear(), d.exp_wr.clear(), d.acc_cycle.clear();
  d.sim.reset(5);
  session_sel_reset(&d.m);
  d.sb_desc.clear(), d.sb_rx.clear();
  d.read_all();
  program(d, c, r, true);
  traffic(d, c, h, 3000, 0.1);
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
  return h.exit_code();
}
