// tb_nic_eq.cpp -- lockstep testbench of nic_eq (RTL, Verilator) against the C model
// cmodel/nic_eq.{h,c} (docs/nic_eq.md section 6).
//
// Ports: s_msg -> m_res (one decision per message), s_post -> m_dma_wr (event beats), s_axil
// (EQ setup, consumer doorbells, refused writes, counter readback). Random valid on the sources
// and random ready on the sinks (backpressure profile per seed, tb/common/stimulus.h).
// Environment:
//   * message pipeline (L110): every PROCEED decision becomes a post after a random latency
//     (16..120 cycles), at most 16 messages in flight (m_res ready is withheld while full); the post
//     writes n <= kmax events (sometimes n > kmax: POST_EXCESS); extra posts to a disabled EQ are
//     injected (POST_BAD);
//   * host: cmodel/nic_host (the project's host model: sparse memory, write sink) takes every event beat; a consumer per EQ polls its ring by the
//     phase bit at a random rate with random pauses (so EQs fill, stall and flow-control drop),
//     checks each event's phase, EQ number and index independently of the model (fields of
//     docs/nic_eq.md 3.3), and writes CONS_DB; EQs are disabled and re-enabled with a new base
//     and size during traffic; refused writes (backward / foreign doorbells, EN on an enabled EQ,
//     LOG2SIZE > LOG2MAX, EQ_SEL >= NE, partial strobes, read-only addresses).
// Model timing (docs/nic_eq.md 4, the lockstep contract): agents' post() run in this order:
//   1. op probe     the op in stage D (d_valid_reg / d_type_reg) goes to nic_eq_op with the cycle
//   2. CSR probe    the write's apply cycle (reg_wr_en): nic_eq_csr_write (B code to the checker)
//   3. sources      s_msg / s_post accepted: pushed to the model
//   4. sinks        m_res / m_dma_wr compared field by field with the model's outputs in order
// --vectors DIR (scenario random) writes the Icarus replay vectors (tb/nic/nic_eq_replay.v).
// At the end of a scenario, traffic stops, everything drains, and every counter and the state of
// every EQ is read through AXI4-Lite and compared with the model.
// Scenarios: random (--n input transactions: messages + posts + CSR writes), bench (--no-stall:
// messages per cycle with no EQ near full, stall evaluations vs EQ size).
// Faults (--fault): flip (one expected event data bit flipped), code (one expected decision code
// changed): each must be reported.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "Vnic_eq.h"
#include "Vnic_eq___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"
#include "vectors.h"

extern "C" {
#include "nic_eq.h"
#include "nic_host.h"
#include "regs/nic_eq_regs.h"
}

#ifndef TB_NE
#define TB_NE 64
#endif
#ifndef TB_LOG2MAX
#define TB_LOG2MAX 12
#endif
#ifndef TB_KMAX
#define TB_KMAX 3
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 5
#endif
#define PT_W 8

using tb::Txn;

static unsigned clog2(unsigned v) {
  unsigned w = 0;
  while ((1u << w) < v) w++;
  return w;
}
static const unsigned EQW = clog2(TB_NE), KW = clog2(TB_KMAX + 1), IW = TB_LOG2MAX + 1;
static const uint32_t IMASK = (1u << (TB_LOG2MAX + 1)) - 1;

enum : uint32_t {
  A_ID = 0x000, A_PARAMS = 0x004, A_TSTALL = 0x008, A_SEL = 0x010, A_BLO = 0x014, A_BHI = 0x018,
  A_CTRL = 0x01c, A_PROD = 0x020, A_CONS = 0x024, A_COUNT = 0x028, A_DB = 0x02c, A_CNT0 = 0x040
};
static_assert(offsetof(nic_eq_t, CONS_DB) == A_DB, "regs map");
static_assert(offsetof(nic_eq_t, PROCEED) == A_CNT0, "regs map");
static_assert(offsetof(nic_eq_t, CSR_ERR) == A_CNT0 + 4 * (NIC_EQ_NCNT - 1), "regs map");

struct Eq;

struct OpProbe : tb::Agent {
  Eq& x;
  bool v = false;
  unsigned type = 0;
  explicit OpProbe(Eq& e);
  void drive() override {}
  void sample() override;
  void post() override;
};

struct Env : tb::Agent {  // message pipeline + host consumer
  Eq& x;
  explicit Env(Eq& e);
  void drive() override;
  void sample() override {}
};

struct HostEq {
  bool en = false;
  unsigned lg = 0;
  uint64_t base = 0;
  uint32_t cons = 0;  // host's consumer index (IW bits)
};

struct Eq {
  tb::Harness& h;
  // --vectors DIR (tb/nic/nic_eq_replay.v documents the files): before sim, so they outlive the agents
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_res, v_wr, v_csr;
  tb::Sim<Vnic_eq> sim;
  Vnic_eq* top;
  nic_eq m{};
  std::unique_ptr<OpProbe> op_probe;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  tb::AxilMaster csr;
  tb::StreamSource msg, pst;
  tb::StreamSink res, wr;
  tb::Scoreboard sb_res, sb_wr;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  std::unique_ptr<Env> env;
  // environment state
  struct Pend { uint64_t due; Txn t; };
  std::deque<Pend> pipe;     // proceeded messages on their way to the posting unit
  unsigned inflight = 0;     // decisions PROCEED whose post has not been accepted
  std::vector<HostEq> host;
  nic_host hm{};  // host memory and write sink (cmodel/nic_host.h, the project's host model)
  std::vector<unsigned> active;   // EQs used by the traffic
  unsigned dis_eq = 0;            // an EQ left disabled
  double p_cons = 0.1, p_msg = 0.5, res_stall = 0.3;
  uint64_t pause_until = 0, reenable_at = 0;
  int reenable_eq = -1;
  bool traffic = true;
  std::string fault;
  bool fault_done = false;
  uint64_t events_checked = 0;

  explicit Eq(tb::Harness& harness, const std::string& vectors = "")
      : h(harness), sim(harness), top(sim.top.get()),
        op_probe(new OpProbe(*this)),
        csr_probe(new tb::CsrWriteProbe(
            sim,
            [this]() -> tb::CsrWriteProbe::Wr {
              auto* r = top->rootp;
              return {bool(r->nic_eq__DOT__reg_wr_en), r->nic_eq__DOT__reg_wr_addr, r->nic_eq__DOT__reg_wr_data,
                      r->nic_eq__DOT__reg_wr_strb};
            },
            [this](const tb::CsrWriteProbe::Wr& w) {
              return int(nic_eq_csr_write(&m, w.addr, w.data, w.strb, sim.cycle()));
            })),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        msg(sim, "s_msg", TB_HS(top, s_msg),
            [this](const Txn& t) {
              top->s_msg_eq = uint8_t(t.get("eq"));
              top->s_msg_kmax = uint8_t(t.get("kmax"));
              top->s_msg_pt = uint8_t(t.get("pt"));
            }),
        pst(sim, "s_post", TB_HS(top, s_post),
            [this](const Txn& t) {
              top->s_post_eq = uint8_t(t.get("eq"));
              top->s_post_kres = uint8_t(t.get("kres"));
              top->s_post_n = uint8_t(t.get("n"));
              for (int i = 0; i < NIC_EQ_DW_WORDS; i++) top->s_post_data[i] = uint32_t(t.get("d" + std::to_string(i)));
            }),
        res(sim, "m_res", TB_HS(top, m_res),
            [this]() {
              return Txn().add("eq", EQW, top->m_res_eq).add("kmax", KW, top->m_res_kmax).add("pt", PT_W, top->m_res_pt)
                  .add("code", 2, top->m_res_code);
            }),
        wr(sim, "m_dma_wr", TB_HS(top, m_dma_wr),
           [this]() {
             Txn t;
             t.add("addr", 64, top->m_dma_wr_addr).add("len", 13, top->m_dma_wr_len).add("last", 1, top->m_dma_wr_last);
             for (int i = 0; i < 8; i++) t.add("w" + std::to_string(i), 32, top->m_dma_wr_data[i]);
             return t;
           }),
        sb_res(sim, "m_res"), sb_wr(sim, "m_dma_wr") {
    nic_eq_cfg cfg{TB_NE, TB_LOG2MAX, TB_KMAX, TB_CNT_W, PT_W};
    if (nic_eq_init(&m, &cfg) != NIC_EQ_OK) h.fail("model", "nic_eq_init failed");
    fault = h.opt.fault;
    host.assign(TB_NE, HostEq());
    nic_host_cfg hc{};
    hc.seed = h.opt.seed, hc.lat_min = 1, hc.lat_max = 1, hc.rd_ready_pct = 100, hc.wr_ready_pct = 100, hc.max_tags = 1;
    if (nic_host_init(&hm, &hc) != NIC_HOST_OK) h.fail("host", "nic_host_init failed");
    sb_res.model([this](Txn& t) {
      nic_eq_res r;
      if (nic_eq_pop_res(&m, &r) != NIC_EQ_OK) return false;
      if (fault == "code" && !fault_done && m.c[NIC_EQ_C_PROCEED] > 300) r.code ^= 1, fault_done = true;
      t = Txn().add("eq", EQW, r.eq).add("kmax", KW, r.kmax).add("pt", PT_W, r.pt).add("code", 2, r.code);
      if (v_res) *v_res << std::hex << r.eq << " " << r.kmax << " " << r.pt << " " << r.code << std::dec << "\n";
      return true;
    });
    sb_wr.model([this](Txn& t) {
      nic_eq_wr w;
      if (nic_eq_pop_wr(&m, &w) != NIC_EQ_OK) return false;
      if (fault == "flip" && !fault_done && m.c[NIC_EQ_C_EVENTS] > 300) w.data[5] ^= 1u << 7, fault_done = true;
      t.add("addr", 64, w.addr).add("len", 13, w.len).add("last", 1, 1);
      for (int i = 0; i < 8; i++) t.add("w" + std::to_string(i), 32, w.data[i]);
      if (v_wr) {
        char b[96];
        std::snprintf(b, sizeof b, "%016" PRIx64 " ", w.addr);
        *v_wr << b;
        for (int i = 7; i >= 0; i--) std::snprintf(b, sizeof b, "%08x", w.data[i]), *v_wr << b;
        *v_wr << "\n";
      }
      return true;
    });
    res.on_capture = [this](const Txn& t) {
      sb_res.actual(t);
      h.cover(t.get("code") == 0 ? "proceed" : t.get("code") == 1 ? "fc_drop" : "dis_drop");
      if (t.get("code") == NIC_EQ_PROCEED) {
        inflight++;
        const unsigned k = unsigned(t.get("kmax"));
        unsigned n = unsigned(h.rng.range(0, k));
        if (h.rng.chance(0.5)) n = k;
        if (h.rng.chance(0.01)) n = k + 1 > TB_KMAX ? TB_KMAX : k + 1;  // excess when k < KMAX
        Txn p = post_txn(unsigned(t.get("eq")), k, n);
        pipe.push_back(Pend{sim.cycle() + h.rng.range(16, 120), p});
      }
    };
    wr.on_capture = [this](const Txn& t) {
      sb_wr.actual(t);
      uint8_t b[32];
      for (int i = 0; i < 32; i++) b[i] = uint8_t(t.get("w" + std::to_string(i / 4)) >> (8 * (i % 4)));
      const int rc = nic_host_wr_beat(&hm, t.get("addr"), unsigned(t.get("len")), b, int(t.get("last")));
      if (rc != NIC_HOST_OK) h.fail("m_dma_wr", "host write rejected by nic_host_wr_beat", "  rc " + std::to_string(rc));
    };
    msg.on_accept = [this](const Txn& t) {
      nic_eq_msg mm{unsigned(t.get("eq")), unsigned(t.get("kmax")), unsigned(t.get("pt"))};
      if (nic_eq_push_msg(&m, &mm)) h.fail("model", "push_msg");
    };
    pst.on_accept = [this](const Txn& t) {
      nic_eq_post p{};
      p.eq = unsigned(t.get("eq")), p.kres = unsigned(t.get("kres")), p.n = unsigned(t.get("n"));
      for (int i = 0; i < NIC_EQ_DW_WORDS; i++) p.data[i] = uint32_t(t.get("d" + std::to_string(i)));
      if (nic_eq_push_post(&m, &p)) h.fail("model", "push_post");
      if (t.get("real")) inflight--;
    };
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) return unsigned(csr_probe->next_rc(h, 2));
      return nic_eq_csr_read(&m, o.addr, &rdata);
    }));
    env.reset(new Env(*this));
    if (!vectors.empty()) {
      v_stim = tb::vec_file(vectors, "stim.hex"), v_outs = tb::vec_file(vectors, "outs.hex");
      v_res = tb::vec_file(vectors, "exp_res.hex"), v_wr = tb::vec_file(vectors, "exp_wr.hex");
      v_csr = tb::vec_file(vectors, "exp_csr.hex");
      csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
        *v_csr << std::hex << rdata << " " << resp << std::dec << "\n";
      };
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](tb::BitVec& v) { vec_inputs(v); },
                                 [this](tb::BitVec& v) { vec_outputs(v); }));
    }
    for (auto* n : {"proceed", "fc_drop", "dis_drop", "wrap", "post_bad", "post_excess", "cons_bad", "cfg_bad",
                    "csr_err", "stall", "reenable"})
      h.cov_declare(n);
  }
  ~Eq() {
    vec.reset();
    nic_eq_free(&m);
    nic_host_free(&hm);
  }
  std::unique_ptr<tb::Agent> vec;  // tb::VecAgent, constructed after every port agent
  // vector lines (tb/nic/nic_eq_replay.v): every input pin (eq at 8 bits, kmax / kres / n at 3,
  // pt at 8) and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_msg_valid, 1), v.add(t->s_msg_eq, 8), v.add(t->s_msg_kmax, 3), v.add(t->s_msg_pt, 8);
    v.add(t->m_res_ready, 1), v.add(t->s_post_valid, 1), v.add(t->s_post_eq, 8), v.add(t->s_post_kres, 3);
    v.add(t->s_post_n, 3), v.add(tb::Sig(&t->s_post_data)), v.add(t->m_dma_wr_ready, 1);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->s_msg_ready, 1), v.add(t->m_res_valid, 1), v.add(t->s_post_ready, 1), v.add(t->m_dma_wr_valid, 1);
    v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1);
  }

  Txn post_txn(unsigned eq, unsigned kres, unsigned n, bool real = true) {
    Txn p;
    p.add("eq", EQW, eq).add("kres", KW, kres).add("n", KW, n).add("real", 1, real);
    for (int i = 0; i < NIC_EQ_DW_WORDS; i++) p.add("d" + std::to_string(i), 32, uint32_t(h.rng.next()));
    return p;
  }

  void enable(unsigned e, unsigned lg, uint64_t base) {
    csr.write(A_SEL, e);
    csr.write(A_BLO, uint32_t(base));
    csr.write(A_BHI, uint32_t(base >> 32));
    csr.write(A_CTRL, 1u | lg << 8);
  }

  // called after every model op: the host follows the EQ's enable state
  void after_op(unsigned type) {
    if (type != NIC_EQ_OP_CSR) return;
    for (unsigned e : active) {
      HostEq& he = host[e];
      if (he.en && !m.en[e]) he.en = false;
      if (!he.en && m.en[e]) {
        he.en = true, he.lg = m.lg[e], he.base = m.base[e], he.cons = 0;
        std::vector<uint8_t> z(32ull << he.lg, 0);  // the driver zeroes the ring before enabling
        nic_host_mem_write(&hm, he.base, z.data(), z.size());
      }
    }
  }

  // the host consumer of EQ e: consume visible events, check them, ring the doorbell
  void consume(unsigned e, unsigned batch) {
    HostEq& he = host[e];
    if (!he.en) return;
    unsigned k = 0;
    while (k < batch) {
      const uint64_t a = he.base + 32ull * (he.cons & ((1u << he.lg) - 1));
      uint8_t ev[32];
      nic_host_mem_read(&hm, a, ev, sizeof ev);
      const unsigned want = ((he.cons >> he.lg) & 1) ? 0 : 1;
      if ((ev[0] & 1) != want) break;
      const uint32_t w0 = uint32_t(ev[0]) | uint32_t(ev[1]) << 8 | uint32_t(ev[2]) << 16 | uint32_t(ev[3]) << 24;
      if (((w0 >> 8) & 0xff) != e || (w0 >> 16) != (he.cons & 0xffff)) {
        char b[160];
        std::snprintf(b, sizeof b, "  EQ %u slot %#" PRIx64 ": word 0 %#x, expected EQ %u index %u (lg %u)", e, a, w0, e,
                      he.cons, he.lg);
        h.fail("host", "event EQ number / index", b);
      }
      h.check(true, "host", "event");
      events_checked++;
      if (((he.cons + 1) & ((1u << he.lg) - 1)) == 0) h.cover("wrap");
      he.cons = (he.cons + 1) & IMASK;
      k++;
    }
    if (k) csr.write(A_DB, he.cons | e << 16);
  }

  void env_cycle() {
    if (sim.in_reset()) return;
    const uint64_t now = sim.cycle();
    // pipeline: due posts to the posting unit
    while (!pipe.empty() && pipe.front().due <= now) {
      pst.push(pipe.front().t);
      pipe.pop_front();
    }
    res.stall = inflight >= 16 ? 1.0 : res_stall;
    if (!traffic) {
      for (unsigned e : active) consume(e, 64);
      return;
    }
    // messages
    if (msg.busy() == false && h.rng.chance(p_msg)) {
      unsigned e = active[h.rng.below(active.size())];
      if (h.rng.chance(0.02)) e = dis_eq;
      unsigned k = unsigned(h.rng.range(0, TB_KMAX));
      if (h.rng.chance(0.5)) k = 1;
      msg.push(Txn().add("eq", EQW, e).add("kmax", KW, k).add("pt", PT_W, h.rng.bits(PT_W)));
    }
    // host consumer
    if (now >= pause_until) {
      if (h.rng.chance(0.0005)) pause_until = now + h.rng.range(100, 3000);
      else if (h.rng.chance(p_cons) && csr.queued() < 4) consume(active[h.rng.below(active.size())], unsigned(h.rng.range(1, 8)));
    }
    // rare CSR activity
    if (csr.queued() < 4 && h.rng.chance(0.002)) {
      const unsigned e = active[h.rng.below(active.size())];
      switch (h.rng.below(9)) {
        case 0:  // EN on an enabled EQ: refused (not while a disable is in flight)
          if (reenable_eq < 0) csr.write(A_SEL, e), csr.write(A_CTRL, 1u | 3u << 8);
          break;
        case 1: csr.write(A_DB, ((host[e].cons - 1) & IMASK) | e << 16); break;          // backward: refused
        case 2: csr.write(A_DB, 0x00ff0000u | host[e].cons); break;                       // EQ >= NE (if NE < 256)
        case 3: csr.write(A_SEL, TB_NE < 256 ? TB_NE : 0x100); break;                      // SLVERR
        case 4: csr.write(A_TSTALL, uint32_t(h.rng.range(0, 300))); break;
        case 5: csr.write(A_PROD, 1); break;                                              // read-only: SLVERR
        case 6: csr.write(A_BLO, 0x1234560u, {}, 0x3); break;                             // partial strobe: SLVERR
        case 7: csr.write(A_SEL, dis_eq), csr.write(A_CTRL, 1u | (TB_LOG2MAX + 1u) << 8); break;  // too big
        case 8:
          if (reenable_eq < 0 && host[e].en) {  // disable (refused while count != 0), re-enable later
            csr.write(A_SEL, e), csr.write(A_CTRL, 0);
            reenable_eq = int(e), reenable_at = now + h.rng.range(50, 400);
          }
          break;
      }
      csr.read(A_PARAMS, {});
    }
    if (reenable_eq >= 0 && now >= reenable_at) {
      const unsigned e = unsigned(reenable_eq);
      if (!csr.idle_now() || nic_eq_pending_csr(&m) != 0) {
        reenable_at = now + 20;  // the disable may still be queued
      } else {
        if (!m.en[e] && !host[e].en) {
          enable(e, unsigned(h.rng.range(1, TB_LOG2MAX < 6 ? TB_LOG2MAX : 6)), (h.rng.next() & 0x0000fffffffff000ull));
          h.cover("reenable");
        }
        reenable_eq = -1;
      }
    }
    // injected bad posts: events to the disabled EQ
    if (h.rng.chance(0.001)) pst.push(post_txn(dis_eq, unsigned(h.rng.range(0, TB_KMAX)), 1, false));
  }
};

OpProbe::OpProbe(Eq& e) : tb::Agent(e.sim, "op probe", Role::other), x(e) {}
void OpProbe::sample() {
  auto* r = x.top->rootp;
  v = r->nic_eq__DOT__d_valid_reg;
  type = r->nic_eq__DOT__d_type_reg;
}
void OpProbe::post() {
  if (sim_.in_reset() || !v) return;
  if (nic_eq_op(&x.m, type, sim_.cycle()) != NIC_EQ_OK)
    x.h.fail("op", "RTL op the model cannot explain", "  op type " + std::to_string(type) + " with no input of that type queued");
  x.after_op(type);
}
Env::Env(Eq& e) : tb::Agent(e.sim, "env", Role::other), x(e) {}
void Env::drive() { x.env_cycle(); }

// read back every counter and the state of the EQs in use (quiescent: exact)
static void readback(Eq& x) {
  for (uint32_t a = A_CNT0; a < A_CNT0 + 4 * NIC_EQ_NCNT; a += 4) x.csr.read(a, {});
  std::vector<unsigned> eqs = x.active;
  eqs.push_back(x.dis_eq);
  for (unsigned e : eqs) {
    x.csr.write(A_SEL, e);
    for (uint32_t a : {A_CTRL, A_PROD, A_CONS, A_COUNT}) x.csr.read(a, {});
  }
  for (uint32_t a : {A_ID, A_PARAMS, A_TSTALL, A_SEL, A_BLO, A_BHI, A_DB}) x.csr.read(a, {});
  x.csr.read(0x100, {});  // unmapped: SLVERR
}

static void cover_counters(Eq& x) {
  tb::Harness& h = x.h;
  h.cover("post_bad", x.m.c[NIC_EQ_C_POST_BAD]);
  h.cover("post_excess", x.m.c[NIC_EQ_C_POST_EXCESS]);
  h.cover("cons_bad", x.m.c[NIC_EQ_C_CONS_BAD]);
  h.cover("cfg_bad", x.m.c[NIC_EQ_C_CFG_BAD]);
  h.cover("csr_err", x.m.c[NIC_EQ_C_CSR_ERR]);
  h.cover("stall", x.m.c[NIC_EQ_C_STALL]);
}

static void setup(Eq& x, unsigned nact, unsigned lg_lo, unsigned lg_hi) {
  tb::Rng& r = x.h.rng;
  std::vector<unsigned> all;
  for (unsigned e = 0; e < TB_NE; e++) all.push_back(e);
  for (unsigned i = 0; i < nact + 1; i++) std::swap(all[i], all[i + r.below(TB_NE - i)]);
  x.active.assign(all.begin(), all.begin() + nact);
  x.dis_eq = all[nact];
  for (unsigned e : x.active) x.enable(e, unsigned(r.range(lg_lo, lg_hi)), r.next() & 0x00ffffffffffffe0ull);
  x.sim.run_until([&] { return x.csr.idle_now() && nic_eq_pending(&x.m) == 0; }, "EQ setup");
}

static void scenario_random(tb::Harness& h) {
  Eq x(h, h.opt.get("vectors"));
  tb::Rng& r = h.rng;
  x.sim.reset();
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.res, &x.wr}, {&x.msg, &x.pst}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  x.res_stall = x.res.stall;
  x.p_cons = 0.02 + 0.3 * double(r.below(100)) / 100.0;
  x.p_msg = 0.2 + 0.8 * double(r.below(100)) / 100.0;
  x.csr.write(A_TSTALL, uint32_t(r.range(0, 200)));
  setup(x, unsigned(r.range(2, TB_NE < 6 ? TB_NE - 1 : 6)), 1, TB_LOG2MAX < 6 ? TB_LOG2MAX : 6);
  while (h.inputs < h.opt.n) x.sim.step();
  x.traffic = false;
  x.sim.run_until([&] { return x.pipe.empty() && x.inflight == 0 && !x.pst.busy() && !x.msg.busy() &&
                               nic_eq_pending(&x.m) == 0 && x.csr.idle_now(); }, "pipeline drain");
  x.sim.drain(200);
  readback(x);
  x.sim.drain(200);
  h.check(x.events_checked > 0 || x.m.c[NIC_EQ_C_EVENTS] == 0, "host", "events seen by the host consumer");
  cover_counters(x);
  h.extra("events", double(x.m.c[NIC_EQ_C_EVENTS]));
  h.extra("fc_drops", double(x.m.c[NIC_EQ_C_FC_DROP]));
  h.extra("events_checked", double(x.events_checked));
  h.note("random: %" PRIu64 " inputs, %u proceed, %u fc drops, %u dis drops, %u stalls, %u events, %" PRIu64
         " events checked by the host, %" PRIu64 " cycles\n",
         h.inputs, x.m.c[NIC_EQ_C_PROCEED], x.m.c[NIC_EQ_C_FC_DROP], x.m.c[NIC_EQ_C_DIS_DROP], x.m.c[NIC_EQ_C_STALL],
         x.m.c[NIC_EQ_C_EVENTS], x.events_checked, x.sim.cycle());
}

// bench: (1) messages per cycle with every EQ far from full (kmax 1, n 1, host always consuming);
// (2) stall evaluations per message against the EQ size with a slow host.
static void scenario_bench(tb::Harness& h) {
  for (unsigned lg : {12u, 2u, 3u, 4u, 6u}) {
    if (lg > TB_LOG2MAX) continue;
    Eq x(h);
    x.sim.reset();
    x.res.stall = x.wr.stall = x.msg.stall = x.pst.stall = 0.0;
    x.res_stall = 0.0;
    x.p_msg = 1.0;
    x.p_cons = lg == 12 ? 1.0 : 0.02;
    x.csr.write(A_TSTALL, 0xffff);
    setup(x, 4, lg, lg);
    const uint64_t c0 = x.sim.cycle(), n0 = x.m.c[NIC_EQ_C_PROCEED], s0 = x.m.c[NIC_EQ_C_STALL];
    x.sim.run_until([&] { return x.m.c[NIC_EQ_C_PROCEED] - n0 >= h.opt.n; }, "bench");
    const double cyc = double(x.sim.cycle() - c0), msgs = double(x.m.c[NIC_EQ_C_PROCEED] - n0);
    const double st = double(x.m.c[NIC_EQ_C_STALL] - s0);
    std::printf("bench: EQ size %5u: %.3f messages/cycle, %.2f stall evaluations/message\n", 1u << lg, msgs / cyc,
                st / msgs);
    h.extra("msgs_per_cycle_size" + std::to_string(1u << lg), msgs / cyc);
    h.extra("stalls_per_msg_size" + std::to_string(1u << lg), st / msgs);
    x.traffic = false;
    x.sim.run_until([&] { return x.pipe.empty() && x.inflight == 0 && !x.pst.busy() && !x.msg.busy() &&
                                 nic_eq_pending(&x.m) == 0 && x.csr.idle_now(); }, "bench drain");
    x.sim.drain(200);
  }
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_eq", "make sim BLOCK=nic_eq SEED=<seed> N=<n> SCENARIO=<scenario> TRACE=1", dflt);
  if (h.opt.scenario == "bench") {
    h.run("bench", [&] { scenario_bench(h); });
  } else {
    h.run("random", [&] { scenario_random(h); });
  }
  return h.exit_code();
}
