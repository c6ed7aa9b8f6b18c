// tb_barrier_dev.cpp -- lockstep regression of barrier_dev (RTL, Verilator) against the C model
// cmodel/barrier.{h,c} (docs/barrier.md). Seed 001: ¶30-¶39, ¶48, ¶51.
//
// Build parameters (compile-time, must match the verilated model): TB_DW (DATA_WIDTH),
// TB_NB (NUM_BARRIERS), TB_NW (NUM_PES), TB_W (CNT_WIDTH). See tb/barrier/barrier.mk.
//
// Scenarios (--scenario NAME runs one; default: all):
//   csr      every CSR: reset values, write/read-back, the SLVERR write rules (partial strobes,
//            read-only, unmapped, unaligned, STEP/CNT locked while enabled, TGT locked while the
//            PE waits), cfg_reject, read errors.
//   directed each request rule of section 3 (ARRIVE, WAIT, ARRIVE_NB, ERR_OP/BAR/FAR, drops),
//            and, with --pcap-in FILE, the packets of a capture (scapy-built) replayed on s_axis_rx.
//   random   --n input transactions: random requests (all ops, bad PEs and barriers, far epochs)
//            and random fabric packets (valid notifications, increments 0 / > INC_MAX / >= 2^(W-1),
//            truncated, long, corrupted, garbage); periodic quiesce + CSR traffic + full
//            statistics read-back. --vectors DIR writes the Icarus replay vectors. Per-port
//            backpressure profile on m_axis_tx / m_rel / m_mir (tb/common/stimulus.h, --bp or
//            seed mod 4; s_req and s_axis_rx unthrottled unless uniform). Coverage (cov_*) in
//            random, directed and system from the model's statistics (cover_stats).
//   reset    random traffic with synchronous resets at random cycles; after each reset every
//            register must read its reset value and no output may appear.
//   system   the RTL device among 7 C-model peer devices (8 devices x NW PEs) connected by the
//            barrier_fanout C model; every PE runs --n consecutive barrier epochs (ARRIVE, or
//            ARRIVE_NB + WAIT). Checked independently of the model on every release (S1):
//            every participant has issued its arrival for that epoch, and the epoch value is
//            c0 + k*STEP mod 2^W. A run with no release for 50000 cycles is a deadlock.
//   bench    (--no-stall) notifications accepted per cycle and release latency; numbers are
//            written with --json only (make bench).
// Faults (--fault, the self-test shows the harness catches each; make test expects failure):
//   drop     system: one notification to the RTL device is lost        -> deadlock reported
//   dup      system: one notification to the RTL device is delivered twice -> S1 early release
//   flip     random: one bit of one expected mirror write is flipped   -> m_mir mismatch
//
// Output comparison: m_axis_tx (packets, in order), m_mir (in order), m_rel (the model decides
// whether the PE may be released, and with which fields), AXI-Lite read data and responses.
// Timing (ARCHITECTURE.md: the harness tells the model what it observed; signals made public by
// barrier_dev.vlt): the model applies a fabric increment when the RTL's barrier_rx -> barrier_ctr
// handshake happens (inc_valid/inc_ready), so the same-cycle rule of section 4 orders model
// updates exactly as the RTL's; and a release is decided by the model when the RTL loads its
// release register (u_ctr.rel_load, sel_pe), from the state of the cycle before, so a counter
// that moves on while m_rel is stalled cannot change the verdict. Which PE the arbiter picks is
// the RTL's choice; that the PE may be released, and every field of the release, is the model's.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>

#include "Vbarrier_dev.h"
#include "Vbarrier_dev___024root.h"
#include "barrier.h"
#include "common/roce.h"
#include "pcap.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"
#include "vectors.h"

#ifndef TB_DW
#define TB_DW 64
#endif
#ifndef TB_NB
#define TB_NB 16
#endif
#ifndef TB_NW
#define TB_NW 16
#endif
#ifndef TB_W
#define TB_W 64
#endif
// Which issue 10 part 5 additions the RTL has (docs/barrier.md 3.2, 5.4, 6, 7.1): a BDEV_EXT_*
// mask (cmodel/barrier.h, barrier_dev_set_ext) given to the model; CSR = BAR_CTRL bits 2:1,
// BAR_LOCAL_N, stat 26; IP = per-barrier internal path; LEADER = leader mode; SELF = the "self"
// verdict. Whoever lands an RTL piece sets its bit here in the same commit. Scenarios that need a
// missing piece are skipped (system_self) or run it on the C-model peers only (system_leader).
#ifndef TB_RTL_EXT
#define TB_RTL_EXT BDEV_EXT_ALL
#endif
static constexpr unsigned RTL_EXT = TB_RTL_EXT;
static constexpr bool RTL_HAS_BAR_IP = (RTL_EXT & (BDEV_EXT_CSR | BDEV_EXT_IP)) == (BDEV_EXT_CSR | BDEV_EXT_IP);
static constexpr bool RTL_HAS_LEADER = RTL_HAS_BAR_IP && (RTL_EXT & BDEV_EXT_LEADER);
static constexpr bool RTL_HAS_SELF = RTL_HAS_BAR_IP && (RTL_EXT & BDEV_EXT_SELF);

static constexpr unsigned DW = TB_DW, NB = TB_NB, NW = TB_NW, W = TB_W;
static constexpr uint64_t MASK = W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
static constexpr uint64_t HALF = uint64_t(1) << (W - 1);

using tb::Txn;

using tb::BitVec;  // tb/common/vectors.h

// ------------------------------------------------------------------ device under test + model
struct Dev {
  tb::Harness& h;
  tb::Sim<Vbarrier_dev> sim;
  Vbarrier_dev* top;
  struct RelProbe;
  std::unique_ptr<tb::Agent> rel_probe;  // constructed first: its post() sees the state of cycle c-1
  struct MirProbe;
  struct ReqProbe;
  struct RxProbe;
  struct TxProbe;
  // model-event probes, constructed right after rel_probe, in this order, so that their post()
  // runs before every port agent's (the order of the model events within a cycle, section 3.1);
  // rx_probe and tx_probe sample configuration, so they come before csr_probe: a consumer in the
  // W2 cycle of a write still sees the old value (same-cycle rule, docs/barrier.md 6)
  std::unique_ptr<tb::Agent> mir_probe, req_probe, rx_probe, tx_probe;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  tb::AxilMaster csr;
  tb::StreamSource req;
  tb::AxisSource rx;
  struct IncProbe;
  std::unique_ptr<tb::Agent> probe;
  tb::AxisSink tx;
  tb::StreamSink rel;
  tb::StreamSink mir;
  tb::Scoreboard sb_tx, sb_rel, sb_mir;
  barrier_dev_model m{};
  uint64_t flip_at = UINT64_MAX, mir_pulled = 0;  // --fault flip
  std::function<void(const Txn&)> on_rel;          // scenario hook after each compared release
  std::function<void(const tb::Packet&)> on_tx;    // scenario hook after each compared packet
  // vectors
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_tx, v_rel, v_mir, v_rd;
  std::unique_ptr<tb::PcapWriter> pcap_tx, pcap_rx;

  // The release register loads (u_ctr.rel_load) from the state before this cycle's updates; the
  // model is asked then whether PE sel_pe may be released, and the release it returns waits in
  // `latched` for the m_rel handshake (the register holds at most one, plus one being loaded).
  std::deque<barrier_rel> latched;
  struct RelProbe : tb::Agent {
    Dev& d;
    bool fire = false;
    unsigned pe = 0;
    RelProbe(Dev& dev) : Agent(dev.sim, "release latch", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      fire = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__rel_load;
      pe = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__sel_pe;
    }
    void post() override {
      if (sim_.in_reset()) return;
      barrier_dev_tick(&d.m);  // first model event of the cycle: releasable PEs at its start
      if (!fire) return;
      barrier_rel r;
      if (barrier_dev_rel_latch(&d.m, pe, &r) != 1)
        sim_.h.fail("m_rel", "the RTL latched a release the model does not allow (premature or unexpected)",
                    "  PE " + std::to_string(pe) + "\n  model : " + d.pe_state(pe));
      d.latched.push_back(r);
    }
  };

  // barrier_ctr's update stage writes a counter (u_v_reg): a fabric increment, or the hold
  // (internal-path increment / CNT CSR write) when u_hold_reg, or the reset sweep (3.1).
  struct IncProbe : tb::Agent {
    Dev& d;
    bool fire = false, hold = false;
    IncProbe(Dev& dev) : Agent(dev.sim, "inc (rx->ctr)", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      // (a reset-sweep write, u_ini_reg, zeroes an entry the model already holds at 0)
      fire = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__u_v_reg &&
             !d.top->rootp->barrier_dev__DOT__u_ctr__DOT__u_ini_reg;
      hold = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__u_hold_reg;
      if (fire) moved_ = true;
    }
    void post() override {
      if (!fire || sim_.in_reset()) return;
      if (barrier_dev_upd_apply(&d.m, hold) != 1)
        sim_.h.fail("inc (rx->ctr)", hold ? "the RTL applied a held update (internal path / CNT write) the model does not have"
                                          : "the RTL applied a fabric increment the model did not accept");
    }
  };
  // barrier_ctr loads its mirror register (mir_load): the model picks the barrier and value.
  // barrier_ctr loads its mirror register (mir_load) and claims the next barrier (mir_claim):
  // the model picks the barrier (round robin over its dirty bits) and the value.
  struct MirProbe : tb::Agent {
    Dev& d;
    bool load = false, claim = false;
    unsigned bar = 0;
    MirProbe(Dev& dev) : Agent(dev.sim, "mirror load", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      load = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__mir_load;
      claim = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__mir_claim;
      bar = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__md_sel;
    }
    void post() override {
      if (sim_.in_reset()) return;
      if (load && barrier_dev_mir_load(&d.m) != 1)
        sim_.h.fail("m_mir", "the RTL loaded a mirror write the model has not claimed");
      if (claim && barrier_dev_mir_claim(&d.m) != 1)
        sim_.h.fail("m_mir", "the RTL claimed a mirror write while the model has no dirty barrier",
                    "  RTL barrier " + std::to_string(bar));
    }
  };
  // barrier_ctr decides and applies a request (c_done, phase C): the oldest accepted request
  // goes into the model now, with the state at the start of this cycle.
  std::deque<barrier_req> req_q;
  struct ReqProbe : tb::Agent {
    Dev& d;
    bool fire = false;
    ReqProbe(Dev& dev) : Agent(dev.sim, "request apply", Role::other), d(dev) {}
    void drive() override {}
    void sample() override { fire = d.top->rootp->barrier_dev__DOT__u_ctr__DOT__c_done; }
    void post() override {
      if (!fire || sim_.in_reset()) return;
      if (d.req_q.empty()) {
        sim_.h.fail("s_req", "the RTL applied a request that was never accepted");
        return;
      }
      // coverage: a WAIT whose ERR_FAR verdict differs between the counter of phase B (three
      // cycles before, what the RTL compares) and that of the cycle after B (an off-by-one in
      // the model's history would flip it: section 3.1)
      const barrier_req& q = d.req_q.front();
      if ((q.op & 3u) == BARRIER_OP_WAIT && q.bar < d.m.cfg.num_barriers && d.m.timed &&
          q.pe < d.m.cfg.num_pes && d.m.bar_en[q.bar] &&
          !d.m.armed[q.pe] && !d.m.pend[q.pe] && !d.m.presenting[q.pe]) {  // reaches check 5
        const unsigned nb = d.m.cfg.num_barriers;
        auto far = [&](uint64_t c) {
          const uint64_t dd = (q.epoch - c) & d.m.mask;
          return dd < d.m.half && dd > d.m.bar_step[q.bar];
        };
        if (far(d.m.cnt_hist[3u * nb + q.bar]) != far(d.m.cnt_hist[2u * nb + q.bar]))
          sim_.h.cover("err_far_cnt_moved");
      }
      barrier_dev_push_req(&d.m, &q);
      d.req_q.pop_front();
    }
  };
  // barrier_rx samples the configuration of a packet in its S1 cycle (hc_valid: the header
  // register; CTRL, KEY, DEST_QP, INC_MAX, SRC, CNT_BASE) and the entry of its barrier in its S2
  // cycle (v2_reg: the lookup; BAR_CTRL.EN / INTERNAL_PATH, GROUP_IP): the model checks the packet
  // then, against those samples (barrier_dev_push_rx_cfg). rx_wait: packets accepted on s_axis_rx
  // (rx_model) waiting for their S1 cycle; rx_s1: sampled in S1, waiting for S2.
  std::deque<std::vector<uint8_t>> rx_wait;
  std::deque<std::pair<std::vector<uint8_t>, barrier_rx_cfg>> rx_s1;
  void rx_model(const tb::Packet& p) { rx_wait.push_back(p.data); }
  struct RxProbe : tb::Agent {
    Dev& d;
    bool s1 = false, s2 = false;
    RxProbe(Dev& dev) : Agent(dev.sim, "rx config", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      s1 = d.top->rootp->barrier_dev__DOT__u_rx__DOT__hc_valid;
      s2 = d.top->rootp->barrier_dev__DOT__u_rx__DOT__v2_reg;
    }
    void post() override {
      if (sim_.in_reset()) return;
      if (s2) {  // the older packet first: it is in S2 while the next is in S1
        if (d.rx_s1.empty()) {
          sim_.h.fail("s_axis_rx", "barrier_rx has a packet in S2 that never passed S1 (probe)");
        } else {
          auto& e = d.rx_s1.front();
          barrier_dev_rx_cfg_s2(&d.m, e.first.data(), e.first.size(), &e.second);
          barrier_dev_push_rx_cfg(&d.m, e.first.data(), e.first.size(), &e.second);
          d.rx_s1.pop_front();
        }
      }
      if (s1) {
        if (d.rx_wait.empty()) {
          sim_.h.fail("s_axis_rx", "barrier_rx checks a packet that was never accepted (S1 probe)");
        } else {
          barrier_rx_cfg c;
          barrier_dev_rx_cfg_s1(&d.m, &c);
          d.rx_s1.emplace_back(std::move(d.rx_wait.front()), c);
          d.rx_wait.pop_front();
        }
      }
    }
  };
  // barrier_tx takes a notification (s_notif handshake): the model builds the packet from the
  // CSRs, GROUP_IP / BAR_INC and TX_PSN of this cycle (barrier_dev_tx_take).
  struct TxProbe : tb::Agent {
    Dev& d;
    bool fire = false;
    TxProbe(Dev& dev) : Agent(dev.sim, "tx take", Role::other), d(dev) {}
    void drive() override {}
    void sample() override {
      fire = d.top->rootp->barrier_dev__DOT__notif_valid && d.top->rootp->barrier_dev__DOT__notif_ready;
    }
    void post() override {
      if (!fire || sim_.in_reset()) return;
      if (barrier_dev_tx_take(&d.m) != 1)
        sim_.h.fail("m_axis_tx", "barrier_tx took a notification the model never decided");
    }
  };
  // AXI4-Lite write applied (W2, reg_wr_en): the model applies the write in that cycle; the B
  // response later is compared with the result recorded here.
  static tb::CsrWriteProbe::Wr csr_wr_pins(Vbarrier_dev* t) {
    auto* r = t->rootp;
    return {bool(r->barrier_dev__DOT__reg_wr_en), r->barrier_dev__DOT__reg_wr_addr, r->barrier_dev__DOT__reg_wr_data,
            r->barrier_dev__DOT__reg_wr_strb};
  }

  // vector lines (tb::VecAgent, constructed after every port): input pins of the cycle
  void vec_inputs(BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 16), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 16), v.add(t->s_axil_rready, 1);
    v.add(t->s_axis_rx_tvalid, 1);
    tb::Sig td(&t->s_axis_rx_tdata), tk(&t->s_axis_rx_tkeep);
    for (int w = int(DW) - 64; w >= 0; w -= 64) v.add(td.get(unsigned(w), 64), 64);
    if (DW < 64) v.add(td.get(0, DW), DW);
    v.add(tk.get(0, DW / 8), DW / 8);
    v.add(t->s_axis_rx_tlast, 1), v.add(t->m_axis_tx_tready, 1), v.add(t->s_req_valid, 1);
    v.add(t->s_req_op, 2), v.add(t->s_req_pe, 8), v.add(t->s_req_bar, 8), v.add(tb::Sig(&t->s_req_epoch).get(), 64);
    v.add(t->m_rel_ready, 1), v.add(t->m_mir_ready, 1);
  }
  void vec_outputs(BitVec& v) {  // settled outputs of the cycle: handshake pins, compared every cycle
    auto* t = top;
    v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1), v.add(t->s_axil_bresp, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1), v.add(t->s_axis_rx_tready, 1);
    v.add(t->m_axis_tx_tvalid, 1), v.add(t->s_req_ready, 1), v.add(t->m_rel_valid, 1), v.add(t->m_rel_pe, 8);
    v.add(t->m_mir_valid, 1);
    v.add(t->rootp->barrier_dev__DOT__inc_valid, 1), v.add(t->rootp->barrier_dev__DOT__inc_ready, 1);
  }
  std::unique_ptr<tb::Agent> vec;
  std::unique_ptr<tb::CsrChecker> csr_chk;

  static tb::Handshake hs_req(Vbarrier_dev* t) { return TB_HS(t, s_req); }

  explicit Dev(tb::Harness& harness, const std::string& vectors = "")
      : h(harness),
        sim(harness),
        top(sim.top.get()),
        rel_probe(new RelProbe(*this)),
        mir_probe(new MirProbe(*this)),
        req_probe(new ReqProbe(*this)),
        rx_probe(new RxProbe(*this)),
        tx_probe(new TxProbe(*this)),
        csr_probe(new tb::CsrWriteProbe(
            sim, [this] { return csr_wr_pins(top); },
            [this](const tb::CsrWriteProbe::Wr& w) { return barrier_dev_csr_write_strb(&m, w.addr, w.data, w.strb); })),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        req(sim, "s_req", TB_HS(top, s_req),
            [this](const Txn& t) {
              top->s_req_op = uint8_t(t.get("op"));
              top->s_req_pe = uint8_t(t.get("pe"));
              top->s_req_bar = uint8_t(t.get("bar"));
              tb::Sig(&top->s_req_epoch).set(t.get("epoch"));
            }),
        rx(sim, "s_axis_rx", TB_AXIS(top, s_axis_rx, DW)),
        probe(new IncProbe(*this)),
        tx(sim, "m_axis_tx", TB_AXIS(top, m_axis_tx, DW)),
        rel(sim, "m_rel", TB_HS(top, m_rel),
            [this]() {
              Txn t;
              t.add("pe", 8, top->m_rel_pe).add("bar", 8, top->m_rel_bar);
              t.add("epoch", W, tb::Sig(&top->m_rel_epoch).get()).add("status", 2, top->m_rel_status);
              return t;
            }),
        mir(sim, "m_mir", TB_HS(top, m_mir),
            [this]() {
              Txn t;
              t.add("addr", 64, top->m_mir_addr).add("data", 64, top->m_mir_data);
              return t;
            }),
        sb_tx(sim, "m_axis_tx"),
        sb_rel(sim, "m_rel"),
        sb_mir(sim, "m_mir") {
    const barrier_dev_cfg cfg{NB, NW, W};
    if (barrier_dev_init(&m, &cfg) != BARRIER_OK) h.fail("model", "barrier_dev_init failed");
    barrier_dev_set_ext(&m, RTL_EXT);  // the parts of issue 10 part 5 the RTL has
    barrier_dev_set_timed(&m, 1);

    req.on_accept = [this](const Txn& t) {
      req_q.push_back(barrier_req{uint8_t(t.get("op")), uint8_t(t.get("pe")), uint8_t(t.get("bar")), t.get("epoch")});
    };
    rx.on_accept = [this](const tb::Packet& p) {
      if (pcap_rx) pcap_rx->write(p.data, sim.cycle());
      rx_model(p);
    };
    sb_tx.model([this](Txn& t) {
      uint8_t b[ROCE_FA_LEN];
      size_t len = 0;
      if (barrier_dev_pop_tx(&m, b, sizeof b, &len) != 1) return false;
      t = Txn();
      t.add_bytes("data", std::vector<uint8_t>(b, b + len));
      if (v_tx) {  // expected beats of this packet, from the model's bytes
        for (size_t off = 0; off < len; off += DW / 8) {
          const size_t n = std::min<size_t>(DW / 8, len - off);
          BitVec v;
          std::vector<uint8_t> beat(b + off, b + off + n);
          v.add_bytes(beat, DW / 8);
          BitVec k;
          k.add(n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1, DW / 8);
          *v_tx << v.hex() << " " << k.hex() << " " << (off + n >= len ? 1 : 0) << "\n";
        }
      }
      return true;
    });
    tx.on_capture = [this](const tb::Packet& p) {
      if (pcap_tx) pcap_tx->write(p.data, sim.cycle());
      Txn t;
      t.add_bytes("data", p.data);
      sb_tx.actual(t);
      if (on_tx) on_tx(p);
    };
    sb_mir.model([this](Txn& t) {
      barrier_mir w;
      if (barrier_dev_pop_mir(&m, &w) != 1) return false;
      if (mir_pulled++ == flip_at) w.data ^= 1;  // --fault flip: corrupt one expected value
      t = Txn();
      t.add("addr", 64, w.addr).add("data", 64, w.data);
      if (v_mir) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%016" PRIx64 " %016" PRIx64 "\n", w.addr, w.data);
        *v_mir << buf;
      }
      return true;
    });
    mir.on_capture = [this](const Txn& t) { sb_mir.actual(t); };
    rel.on_capture = [this](const Txn& t) {
      if (latched.empty()) h.fail("m_rel", "release without a latch (probe) event", "  actual: " + t.str());
      const barrier_rel r = latched.front();
      latched.pop_front();
      barrier_dev_rel_ack(&m, r.pe);
      Txn e;
      e.add("pe", 8, r.pe).add("bar", 8, r.bar).add("epoch", W, r.epoch & MASK).add("status", 2, r.status);
      sb_rel.expect(e);
      sb_rel.actual(t);
      if (v_rel) {
        char buf[80];
        std::snprintf(buf, sizeof buf, "%02x %02x %016" PRIx64 " %x\n", r.pe, r.bar, r.epoch & MASK, r.status);
        *v_rel << buf;
      }
      if (on_rel) on_rel(t);
    };
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) return csr_probe->next_rc(h, BARRIER_CSR_ERR) == BARRIER_CSR_ERR ? 2 : 0;
      rdata = barrier_dev_csr_read(&m, o.addr);
      return barrier_dev_csr_read_err(&m, o.addr) ? 2 : 0;
    }));
    csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
      if (!v_rd) return;
      char buf[32];
      std::snprintf(buf, sizeof buf, "%08x %x\n", rdata, resp);
      *v_rd << buf;
    };
    if (!vectors.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(vectors, ec);
      v_stim.reset(new std::ofstream(vectors + "/stim.hex"));
      v_outs.reset(new std::ofstream(vectors + "/outs.hex"));
      v_tx.reset(new std::ofstream(vectors + "/exp_tx.hex"));
      v_rel.reset(new std::ofstream(vectors + "/exp_rel.hex"));
      v_mir.reset(new std::ofstream(vectors + "/exp_mir.hex"));
      v_rd.reset(new std::ofstream(vectors + "/exp_rd.hex"));
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](BitVec& v) { vec_inputs(v); },
                                 [this](BitVec& v) { vec_outputs(v); }));
    }
    const std::string pin = h.opt.get("pcap-out");
    if (!pin.empty()) {
      pcap_tx.reset(new tb::PcapWriter(pin + "_" + h.scenario() + "_tx.pcap"));
      pcap_rx.reset(new tb::PcapWriter(pin + "_" + h.scenario() + "_rx.pcap"));
    }
    sim.reset(8);
  }
  ~Dev() { barrier_dev_free(&m); }

  std::string pe_state(unsigned pe) const {
    if (pe >= NW) return "PE out of range";
    char b[200];
    const unsigned bar = m.arm_bar[pe] % NB;
    std::snprintf(b, sizeof b, "armed %u on bar %u, pending %u, tgt 0x%" PRIx64 ", cnt[bar] 0x%" PRIx64
                  ", %zu increment(s) accepted but not yet applied", m.armed[pe], m.arm_bar[pe], m.pend[pe],
                  m.tgt[pe], m.cnt[bar], barrier_dev_rx_pending(&m));
    return b;
  }
  static std::string hex32(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
  }

  // --- helpers
  void wr(uint32_t a, uint32_t d, unsigned strb = 0xf) { csr.write(a, d, {}, strb); }
  void wr64(uint32_t a, uint64_t d) { wr(a, uint32_t(d)), wr(a + 4, uint32_t(d >> 32)); }
  void rd(uint32_t a) {
    csr.read(a, {});
  }
  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }
  void request(unsigned op, unsigned pe, unsigned bar, uint64_t epoch) {
    Txn t;
    t.add("op", 2, op).add("pe", 8, pe).add("bar", 8, bar).add("epoch", 64, epoch & MASK);
    req.push(t);
  }
  // Full read-back of every register and statistic, compared with the model.
  void read_all() {
    for (uint32_t a = 0; a <= 0x3c; a += 4) rd(a);
    for (uint32_t i = 0; i < 24; i++) rd(0x100 + 4 * i);
    for (uint32_t b = 0; b < NB + 1 && b < 32; b++)
      for (uint32_t o = 0; o < 32; o += 4) rd(0x400 + 32 * b + o);
    for (uint32_t p = 0; p < NW + 1 && p < 128; p++) rd(0x800 + 8 * p), rd(0x804 + 8 * p);
    csr_wait();
  }
  void drain() {
    sim.drain(200);
    if (!latched.empty()) h.fail("m_rel", "a latched release never left m_rel");
    if (barrier_dev_hold_pending(&m) || !req_q.empty())
      h.fail("s_req", "the model holds requests or held updates the RTL never applied");
    if (!rx_wait.empty() || !rx_s1.empty())
      h.fail("s_axis_rx", "packets accepted on s_axis_rx that barrier_rx never checked (S1/S2 probes)");
    if (barrier_dev_tx_pending(&m))
      h.fail("m_axis_tx", "the model decided notifications that barrier_tx never took");
    if (barrier_dev_rx_pending(&m))
      h.fail("inc (rx->ctr)", "the model accepted " + std::to_string(barrier_dev_rx_pending(&m)) +
                                  " fabric increment(s) the RTL never applied");
    uint64_t bm[4];
    if (barrier_dev_releasable(&m, bm))
      h.fail("m_rel", "deadlock: the model has releasable PEs that the RTL never released",
             "  PE bitmap[63:0] = " + std::to_string(bm[0]));
  }
  // Clear everything after a synchronous reset of both sides.
  void reset_both(unsigned cycles) {
    req.clear(), rx.clear(), csr.clear(), tx.clear(), rel.clear(), mir.clear();
    latched.clear(), req_q.clear(), rx_wait.clear(), rx_s1.clear();
    csr_probe->clear();
    sim.reset(cycles);
    barrier_dev_reset(&m);
    sb_tx.clear(), sb_rel.clear(), sb_mir.clear();
  }
};

// ------------------------------------------------------------------ configuration
struct DevCfg {
  uint64_t mac = 0x020000000001ull;
  uint32_t ip = 0x0a000001u, dqp = 0x000123u, rkey = 0x5eed0001u, sport = 0xc000, tos = 0;
  uint64_t cnt_base = 0x0000100000000000ull, mir_base = 0x0000008000000000ull;
  uint32_t psn = 0, inc_max = 1, ctrl = 0;  // ctrl bit 1 = WIRE_FA (FETCH_ADD layout)
  uint32_t src = 0x100;                      // CSR SRC: {SRC_ID[31:24], SRC_QP[23:0] (>= 2, 5.1)}
  uint64_t inc[NB] = {}, step[NB] = {}, cnt[NB] = {};
  uint32_t gip[NB] = {};
  bool en[NB] = {};
};

static void program(Dev& d, const DevCfg& c) {
  d.wr(BDEV_CSR_SRC_MAC_LO, uint32_t(c.mac)), d.wr(BDEV_CSR_SRC_MAC_HI, uint32_t(c.mac >> 32));
  d.wr(BDEV_CSR_SRC_IP, c.ip), d.wr(BDEV_CSR_DEST_QP, c.dqp), d.wr(BDEV_CSR_RKEY, c.rkey);
  d.wr(BDEV_CSR_UDP_SPORT_TOS, c.sport | (c.tos << 16));
  d.wr64(BDEV_CSR_CNT_BASE_LO, c.cnt_base), d.wr64(BDEV_CSR_MIR_BASE_LO, c.mir_base);
  d.wr(BDEV_CSR_TX_PSN, c.psn), d.wr(BDEV_CSR_INC_MAX, c.inc_max), d.wr(BDEV_CSR_CTRL, c.ctrl);
  d.wr(BDEV_CSR_SRC, c.src);
  for (unsigned b = 0; b < NB; b++) {
    d.wr(BDEV_CSR_BAR_CTRL(b), 0);
    d.wr(BDEV_CSR_BAR_INC(b), uint32_t(c.inc[b]));
    d.wr64(BDEV_CSR_BAR_STEP_LO(b), c.step[b]);
    d.wr(BDEV_CSR_GROUP_IP(b), c.gip[b]);
    d.wr64(BDEV_CSR_CNT_LO(b), c.cnt[b]);
    if (c.en[b]) d.wr(BDEV_CSR_BAR_CTRL(b), 1);
  }
  d.csr_wait();
}

static void model_program(barrier_dev_model& m, const DevCfg& c) {  // a C-model peer
  auto w = [&](uint32_t a, uint32_t v) { barrier_dev_csr_write(&m, a, v); };
  auto w64 = [&](uint32_t a, uint64_t v) { w(a, uint32_t(v)), w(a + 4, uint32_t(v >> 32)); };
  w(BDEV_CSR_SRC_MAC_LO, uint32_t(c.mac)), w(BDEV_CSR_SRC_MAC_HI, uint32_t(c.mac >> 32));
  w(BDEV_CSR_SRC_IP, c.ip), w(BDEV_CSR_DEST_QP, c.dqp), w(BDEV_CSR_RKEY, c.rkey);
  w(BDEV_CSR_UDP_SPORT_TOS, c.sport | (c.tos << 16));
  w64(BDEV_CSR_CNT_BASE_LO, c.cnt_base), w64(BDEV_CSR_MIR_BASE_LO, c.mir_base);
  w(BDEV_CSR_TX_PSN, c.psn), w(BDEV_CSR_INC_MAX, c.inc_max), w(BDEV_CSR_CTRL, c.ctrl);
  w(BDEV_CSR_SRC, c.src);
  for (unsigned b = 0; b < NB; b++) {
    w(BDEV_CSR_BAR_INC(b), uint32_t(c.inc[b]));
    w64(BDEV_CSR_BAR_STEP_LO(b), c.step[b]);
    w(BDEV_CSR_GROUP_IP(b), c.gip[b]);
    w64(BDEV_CSR_CNT_LO(b), c.cnt[b]);
    if (c.en[b]) w(BDEV_CSR_BAR_CTRL(b), 1);
  }
}

static DevCfg random_cfg(tb::Rng& r) {
  DevCfg c;
  c.mac = r.bits(48) & ~0x010000000000ull;
  c.ip = uint32_t(r.next());
  c.dqp = uint32_t(r.bits(24)), c.rkey = uint32_t(r.next());
  c.sport = uint32_t(r.bits(16)), c.tos = uint32_t(r.bits(8));
  c.cnt_base = r.chance(0.2) ? (~uint64_t(0) - 8 * NB - r.below(64)) & ~uint64_t(7) : r.next() & ~uint64_t(7);
  c.mir_base = r.chance(0.1) ? ~uint64_t(0) - r.below(256) : r.next();
  c.psn = uint32_t(r.chance(0.2) ? 0xffffff - r.below(8) : r.bits(24));
  c.inc_max = uint32_t(r.chance(0.5) ? r.range(1, 8) : r.next());
  c.ctrl = (r.chance(0.5) ? BDEV_CTRL_INTERNAL_PATH : 0) | (r.chance(0.3) ? BDEV_CTRL_WIRE_FA : 0);
  c.src = uint32_t(r.next());
  for (unsigned b = 0; b < NB; b++) {
    c.inc[b] = r.range(1, std::min<uint64_t>(HALF - 1, 16));
    const uint64_t n = r.range(1, 8);
    c.step[b] = r.chance(0.1) ? (r.chance(0.5) ? 0 : HALF + 1 + r.below(4)) & MASK
                              : std::min<uint64_t>(n * c.inc[b], HALF);
    if (r.chance(0.05)) c.step[b] = HALF;
    c.gip[b] = 0xe0000000u | uint32_t(r.bits(28));
    c.cnt[b] = r.chance(0.3) ? (MASK - r.below(40)) & MASK : r.bits(W);
    c.en[b] = r.chance(0.85);
  }
  return c;
}

// A notification from device `from` to barrier `bar` of device `c`, in c's wire layout
// (docs/barrier.md section 5: UD by default, FETCH_ADD with CTRL.WIRE_FA).
static std::vector<uint8_t> notif(const DevCfg& c, unsigned bar, uint64_t add, uint32_t psn, const DevCfg& from) {
  const uint32_t gip = bar < NB ? c.gip[bar] : 0xe0000001u;
  if (c.ctrl & BDEV_CTRL_WIRE_FA) {
    roce_fa_fields f{};
    f.dst_mac = 0x01005e000000ull | (gip & 0x7fffff);
    f.src_mac = from.mac, f.tos = uint8_t(from.tos), f.src_ip = from.ip, f.dst_ip = gip;
    f.psn = psn & 0xffffff, f.udp_sport = uint16_t(from.sport), f.dest_qp = c.dqp;
    f.va = c.cnt_base + 8 * uint64_t(bar), f.rkey = c.rkey, f.add_data = add, f.cmp_data = from.src >> 24;
    std::vector<uint8_t> p(ROCE_FA_LEN);
    roce_fa_build(&f, p.data());
    return p;
  }
  roce_ud_fields f{};
  f.dst_mac = 0x01005e000000ull | (gip & 0x7fffff);
  f.src_mac = from.mac, f.tos = uint8_t(from.tos), f.src_ip = from.ip, f.dst_ip = gip;
  f.psn = psn & 0xffffff, f.udp_sport = uint16_t(from.sport), f.qkey = c.rkey;
  f.src_qp = from.src & 0xffffff, f.src_id = uint8_t(from.src >> 24), f.bar = uint8_t(bar), f.inc = add;
  std::vector<uint8_t> p(ROCE_UD_LEN);
  roce_ud_build(&f, p.data());
  return p;
}

// A random fabric packet for the random scenario: mostly valid notifications from a few sources
// (index 0..NUM_SOURCES+1), each with its own PSN stream: in order, repeated (duplicate), stale,
// skipping ahead (gap) or random (docs/barrier.md 5.5).
static std::vector<uint8_t> random_packet(tb::Rng& r, const DevCfg& c) {
  static uint32_t next_psn[256];
  const unsigned bar = r.chance(0.95) ? unsigned(r.below(NB)) : unsigned(NB + r.below(4));
  uint64_t add = r.range(1, std::max<uint64_t>(1, std::min<uint64_t>(c.inc_max, 4)));
  const double k = r.next() * 0x1.0p-64;
  if (k < 0.03) add = 0;
  else if (k < 0.06) add = uint64_t(c.inc_max) + 1 + r.below(3);
  else if (k < 0.08) add = HALF + r.below(3);
  else if (k < 0.09) add = r.next();
  DevCfg peer;
  peer.mac = 0x020000000099ull, peer.ip = 0x0a0000ffu;
  const unsigned src = r.chance(0.97) ? unsigned(r.below(4)) : unsigned(r.below(20));
  peer.src = (src << 24) | uint32_t(r.bits(24));
  uint32_t& nx = next_psn[src];
  const uint32_t old = nx;
  const double q = r.next() * 0x1.0p-64;
  uint32_t psn;
  if (q < 0.06) psn = nx - 1;                          // duplicate of the last one
  else if (q < 0.09) psn = nx - 1 - uint32_t(r.below(50));  // stale
  else if (q < 0.13) psn = nx + 1 + uint32_t(r.below(5));   // gap
  else if (q < 0.15) psn = uint32_t(r.bits(24));            // anything
  else psn = nx;                                        // in order
  psn &= 0xffffff;
  nx = (psn + 1) & 0xffffff;
  if (q < 0.09) nx = old;  // a duplicate / stale packet does not move the stream
  auto p = notif(c, bar, add, psn, peer);
  const double m = r.next() * 0x1.0p-64;
  if (m < 0.04) p.resize(r.range(1, p.size() - 1));                          // truncated
  else if (m < 0.07) for (uint64_t i = r.range(1, 70); i; i--) p.push_back(uint8_t(r.next()));  // long
  else if (m < 0.14) p[r.below(p.size())] ^= uint8_t(1u << r.below(8));      // one bit corrupted
  else if (m < 0.16) p = r.bytes(r.range(1, 200));                            // garbage
  else if (m < 0.18) p[54 + r.below(8)] ^= 0x40;                              // key / VA off (ICRC catches)
  else if (m < 0.19) { auto q2 = c; q2.ctrl ^= BDEV_CTRL_WIRE_FA; p = notif(q2, bar, add, psn, peer); }  // other layout
  return p;
}

// ------------------------------------------------------------------ scenarios
static void scenario_csr(tb::Harness& h) {
  Dev d(h);
  d.read_all();  // reset values
  tb::Rng& r = h.rng;
  DevCfg c = random_cfg(r);
  program(d, c);
  d.read_all();
  // every write rule, with random values, several rounds
  for (int round = 0; round < 6; round++) {
    for (uint32_t a = 0; a <= 0x3c; a += 4) d.wr(a, uint32_t(r.next()));
    d.wr(0x100 + 4 * uint32_t(r.below(24)), 1);                   // statistics are RO
    d.wr(uint32_t(r.below(0x40)) | 1, 5);                           // unaligned
    d.wr(0x008, 1, unsigned(r.range(0, 14)));                       // partial strobes
    for (unsigned b = 0; b < NB; b++) {
      const uint32_t base = 0x400 + 32 * b;
      d.wr(base + 8, uint32_t(r.chance(0.2) ? 0 : r.next() & (HALF | (HALF - 1))));  // STEP (locked if enabled)
      d.wr(base + 12, r.chance(0.7) ? 0 : uint32_t(r.next()));
      d.wr(base + 0x14, 7);                                         // hole
      if (b != 0 || d.m.bar_en[0])  // CNT (barrier 0 has waiting PEs: only while it is locked)
        d.wr(base + 0x18, uint32_t(r.next())), d.wr(base + 0x1c, uint32_t(r.next()));
      d.wr(base + 0, uint32_t(r.bits(2)));                          // enable / disable / reject
      d.wr(base + 4, uint32_t(r.next()));
    }
    for (unsigned p = 0; p < NW; p++) d.wr(0x800 + 8 * p + 4 * unsigned(r.below(2)), uint32_t(r.next()));
    d.wr(0x800 + 8 * NW, 1), d.wr(0x400 + 32 * NB, 1), d.wr(0x2000, 1), d.wr(0xfffc, 1);
    // TGT locked while a PE waits: arm some PEs with WAIT far in the future
    for (unsigned p = 0; p < NW; p += 3) d.request(BARRIER_OP_WAIT, p, 0, barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_LO(0)) + 1);
    d.sim.run_until([&] { return d.req.queued() == 0; }, "requests");
    d.sim.step(20);
    for (unsigned p = 0; p < NW; p++) d.wr(0x800 + 8 * p, uint32_t(r.next()));
    d.read_all();
  }
  d.drain();
}

// Coverage of the statistics classes (issue 10): counts are the C model's statistics (the
// reference), added with h.cover at the end of a scenario; only classes in `declared` are
// required (cov_declare) to be reached over the seeds, the others are reported when non-zero.
static const char* const kStatCov[BDS_NUM_STATS] = {
    "rx_ok", "rx_trunc", "rx_long", "rx_malformed", "rx_ipcsum", "rx_not_roce", "rx_opcode",
    "rx_icrc", "rx_key", "rx_bar", "rx_inc", nullptr, nullptr, "req_drop_pe", "req_drop_busy",
    "rel_err_bar", "rel_err_far", "rel_err_op", "rel_ok", nullptr, "mirror_wr", "cfg_reject",
    "csr_err", "rx_src", "rx_dup", "rx_gap", "rx_self"};

// Declared (required) per scenario: what each reaches over the seeds of make lockstep-barrier and
// of lockstep-quick-barrier. random never makes an R_Key mismatch (directed does); directed has
// no ICRC / malformed / CSR-error case (random does); system runs valid traffic only.
static const std::vector<unsigned> RANDOM_DECLARED = {
    BDS_RX_OK, BDS_RX_DROP_TRUNC, BDS_RX_DROP_LONG, BDS_RX_DROP_MALFORMED, BDS_RX_DROP_IPCSUM,
    BDS_RX_DROP_NOT_ROCE, BDS_RX_DROP_OPCODE, BDS_RX_DROP_ICRC, BDS_RX_DROP_BAR, BDS_RX_DROP_INC,
    BDS_RX_DROP_SRC, BDS_RX_DROP_DUP, BDS_RX_GAP, BDS_REQ_DROP_PE, BDS_REQ_DROP_BUSY,
    BDS_RSP_ERR_BAR, BDS_RSP_ERR_FAR, BDS_RSP_ERR_OP, BDS_REL_OK, BDS_MIRROR_WR, BDS_CFG_REJECT,
    BDS_CSR_ERR};
static const std::vector<unsigned> DIRECTED_DECLARED = {
    BDS_RX_OK, BDS_RX_DROP_TRUNC, BDS_RX_DROP_LONG, BDS_RX_DROP_IPCSUM, BDS_RX_DROP_NOT_ROCE,
    BDS_RX_DROP_OPCODE, BDS_RX_DROP_RKEY, BDS_RX_DROP_BAR, BDS_RX_DROP_INC, BDS_RX_DROP_SRC,
    BDS_RX_DROP_DUP, BDS_RX_GAP, BDS_REQ_DROP_PE, BDS_REQ_DROP_BUSY, BDS_RSP_ERR_BAR,
    BDS_RSP_ERR_FAR, BDS_RSP_ERR_OP, BDS_REL_OK, BDS_MIRROR_WR};
static const std::vector<unsigned> SYSTEM_DECLARED = {BDS_RX_OK, BDS_REL_OK, BDS_MIRROR_WR};
static const std::vector<unsigned> SELF_DECLARED = {BDS_RX_OK, BDS_REL_OK, BDS_MIRROR_WR, BDS_RX_DROP_SELF};

static void cover_stats(tb::Harness& h, const barrier_dev_model& m, const std::vector<unsigned>& declared) {
  for (unsigned i : declared) h.cov_declare(kStatCov[i]);
  for (unsigned i = 0; i < BDS_NUM_STATS; i++) {
    const uint32_t v = barrier_dev_stat(&m, i);
    if (kStatCov[i] && v) h.cover(kStatCov[i], v);
  }
}

static void scenario_directed(tb::Harness& h) {
  Dev d(h);
  DevCfg c;
  c.inc_max = 4;
  for (unsigned b = 0; b < NB; b++) c.inc[b] = 1, c.step[b] = 4, c.gip[b] = 0xef000100u + b, c.en[b] = b != 1;
  c.step[2] = HALF;  // the largest valid step
  program(d, c);
  DevCfg peer;
  peer.mac = 0x020000000002ull, peer.ip = 0x0a000002u;
  uint32_t psn = 7;
  auto deliver = [&](unsigned bar, uint64_t add) { d.rx.push(notif(c, bar, add, psn++, peer)); };
  // ARRIVE on barrier 0 by PE 0: one notification; 3 peer increments release it (STEP 4).
  d.request(BARRIER_OP_ARRIVE, 0, 0, 0);
  for (int i = 0; i < 3; i++) deliver(0, 1);
  d.sim.step(200);
  // errors: bad op, bad barrier (disabled 1, >= NB), far epoch, PE out of range, busy PE
  d.request(BARRIER_OP_ILLEGAL, 1, 0, 0);
  d.request(BARRIER_OP_ARRIVE, 2, 1, 0);
  d.request(BARRIER_OP_ARRIVE, 3, NB, 0);
  d.request(BARRIER_OP_WAIT, 4, 0, 4 + 5);   // d = 9 - cnt(4) = 5 > STEP: far
  d.request(BARRIER_OP_WAIT, 5, 0, 8);       // d = 4: ok
  d.request(BARRIER_OP_WAIT, 5, 0, 8);       // busy -> dropped
  d.request(BARRIER_OP_ARRIVE, NW, 0, 0);    // pe out of range -> dropped
  d.request(BARRIER_OP_ARRIVE_NB, 6, 0, 0);  // immediate release with the new epoch
  d.request(BARRIER_OP_WAIT, 7, 0, 3);       // already passed (serial compare) -> release
  for (int i = 0; i < 4; i++) deliver(0, 1);
  // fabric: increments 0, > INC_MAX, >= 2^(W-1); disabled barrier; wrong group IP
  deliver(0, 0), deliver(0, 5), deliver(0, HALF), deliver(1, 1);
  {
    auto p = notif(c, 3, 1, psn++, peer);
    p[33] ^= 1;  // dst IP (and the IP checksum is now wrong)
    d.rx.push(p);
  }
  // barrier 2 with STEP = 2^(W-1): wait far ahead is allowed up to STEP
  d.request(BARRIER_OP_WAIT, 8, 2, HALF);
  d.request(BARRIER_OP_WAIT, 9, 2, HALF + 1);  // far
  d.sim.step(400);
  // ERR_FAR race (section 3.1): WAITs at the far boundary (epoch = the counter when issued +
  // STEP + 1) while increments of barrier 0 stream in; the RTL compares the counter of phase B,
  // three cycles before the decision, and so must the model (coverage err_far_cnt_moved: the
  // verdict on the counter of the decision cycle would differ)
  h.cov_declare("err_far_cnt_moved");
  for (unsigned k = 0; k < 120; k++) {
    if (d.rx.queued() < 2) deliver(0, 1);
    d.sim.step(1 + unsigned(h.rng.below(8)));
    const uint64_t cur = barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_LO(0)) |
                         (uint64_t(barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_HI(0))) << 32);
    d.request(BARRIER_OP_WAIT, 10 + k % 6, 0, cur + c.step[0] + 1);
  }
  for (int i = 0; i < 12; i++) deliver(0, 1);
  d.sim.step(800);
  // scapy-built packets from a capture (independent builder), replayed on s_axis_rx
  const std::string pin = h.opt.get("pcap-in");
  if (!pin.empty()) {
    int lt = 0;
    auto pkts = tb::pcap_read_all(pin, &lt);
    h.check(lt == DLT_EN10MB, "pcap", "capture link type is Ethernet");
    // the capture was built for this device's configuration: see scripts/scapy_notif.py
    for (auto& p : pkts) d.rx.push(p);
    h.note("replaying %zu packets from %s\n", pkts.size(), pin.c_str());
    d.sim.run_until([&] { return d.rx.queued() == 0; }, "pcap replay");
    h.extra("pcap_packets", double(pkts.size()));
  }
  d.drain();
  d.read_all();
  cover_stats(h, d.m, DIRECTED_DECLARED);
}

// random traffic; returns when `n` inputs were accepted
static void random_traffic(Dev& d, tb::Harness& h, DevCfg& c, uint64_t n, uint64_t quiesce_every,
                           const std::function<void()>& between = {}) {
  tb::Rng& r = h.rng;
  uint64_t next_q = h.inputs + quiesce_every;
  const double p_req = 0.15 + 0.3 * (r.next() * 0x1.0p-64), p_rx = 0.1 + 0.2 * (r.next() * 0x1.0p-64);
  while (h.inputs < n) {
    if (d.req.queued() < 3 && r.chance(p_req)) {
      const double k = r.next() * 0x1.0p-64;
      unsigned op = k < 0.45 ? BARRIER_OP_ARRIVE : k < 0.7 ? BARRIER_OP_WAIT : k < 0.95 ? BARRIER_OP_ARRIVE_NB : BARRIER_OP_ILLEGAL;
      unsigned pe = r.chance(0.97) ? unsigned(r.below(NW)) : unsigned(NW + r.below(256 - NW));
      unsigned bar = r.chance(0.95) ? unsigned(r.below(NB)) : unsigned(r.below(256));
      uint64_t ep;
      const uint64_t cur = barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_LO(bar % NB)) |
                           (uint64_t(barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_HI(bar % NB))) << 32);
      ep = r.chance(0.8) ? cur + r.below(2 * c.step[bar % NB] + 2) - r.below(4) : r.next();
      d.request(op, pe, bar, ep);
    }
    if (d.rx.queued() < 2 && r.chance(p_rx)) d.rx.push(random_packet(r, c));
    d.sim.step();
    if (h.inputs >= next_q) {
      next_q = h.inputs + quiesce_every;
      d.sim.run_until([&] { return !d.req.busy() && !d.rx.busy(); }, "inputs");
      d.drain();
      if (between) between();
    }
  }
}

static std::string dev_backpressure(Dev& d, tb::Harness& h) {
  const tb::Bp bp = tb::bp_kind(h);
  for (tb::Bp b : {tb::Bp::uniform, tb::Bp::independent, tb::Bp::bursty, tb::Bp::stop}) h.cov_declare("bp_" + tb::bp_name(b));
  h.cover("bp_" + tb::bp_name(bp));
  // sinks m_axis_tx, m_rel, m_mir; sources s_req, s_axis_rx unthrottled (non-uniform profiles)
  return tb::apply_backpressure(h, bp, {&d.tx, &d.rel, &d.mir}, {&d.req, &d.rx}, 20, 300);
}

// Value-changing CSR writes during traffic (issue 10 part 3; docs/barrier.md 6, same-cycle rule):
// every writable register, half of the writes with the configured value of `c` (so that traffic
// keeps passing), half with another one: CTRL (INTERNAL_PATH, and WIRE_FA now and then), INC_MAX,
// the source MAC / IP, DEST_QP, KEY, UDP port / TOS, CNT_BASE, MIRROR_BASE, TX_PSN, SRC; per
// barrier CTRL (EN, INTERNAL_PATH, LEADER), INC, STEP, GROUP_IP, LOCAL_N, CNT; per PE TGT (locked
// while the PE waits). The model samples each value where the RTL reads it: a request in phase C
// (the request restarts from B after any write), barrier_rx's S1 / S2 cycle, barrier_tx's
// s_notif handshake, the mirror register's load. Coverage classes live_wr_<register>.
static std::unique_ptr<tb::CsrStorm> make_live_storm(Dev& d, const DevCfg& c, double prob) {
  std::vector<tb::CsrReg> regs;
  auto half = [](tb::Rng& r, uint32_t v, uint32_t alt) { return r.chance(0.5) ? v : alt; };
  auto flip = [](tb::Rng& r, uint32_t v, unsigned bits) { return v ^ (uint32_t(1) << r.below(bits)); };
  const DevCfg* cp = &c;
  regs.push_back({BDEV_CSR_CTRL, "ctrl", [cp](tb::Rng& r) {
                    uint32_t v = cp->ctrl;
                    if (r.chance(0.5)) v ^= BDEV_CTRL_INTERNAL_PATH;
                    if (r.chance(0.1)) v ^= BDEV_CTRL_WIRE_FA;
                    return v;
                  }});
  regs.push_back({BDEV_CSR_INC_MAX, "inc_max", [=](tb::Rng& r) { return half(r, cp->inc_max, uint32_t(r.below(9))); }});
  regs.push_back({BDEV_CSR_SRC_MAC_LO, "src_mac_lo", [=](tb::Rng& r) { return half(r, uint32_t(cp->mac), uint32_t(r.next())); }});
  regs.push_back({BDEV_CSR_SRC_MAC_HI, "src_mac_hi", [=](tb::Rng& r) { return half(r, uint32_t(cp->mac >> 32), uint32_t(r.next())); }});
  regs.push_back({BDEV_CSR_SRC_IP, "src_ip", [=](tb::Rng& r) { return half(r, cp->ip, uint32_t(r.next())); }});
  regs.push_back({BDEV_CSR_DEST_QP, "dest_qp", [=](tb::Rng& r) { return half(r, cp->dqp, flip(r, cp->dqp, 24)); }});
  regs.push_back({BDEV_CSR_KEY, "key", [=](tb::Rng& r) { return half(r, cp->rkey, flip(r, cp->rkey, 32)); }});
  regs.push_back({BDEV_CSR_UDP_SPORT_TOS, "udp_sport_tos", [=](tb::Rng& r) {
                    return half(r, cp->sport | (cp->tos << 16), uint32_t(r.next()));
                  }});
  regs.push_back({BDEV_CSR_CNT_BASE_LO, "cnt_base_lo", [=](tb::Rng& r) {
                    return half(r, uint32_t(cp->cnt_base), uint32_t(cp->cnt_base) + 8u * uint32_t(r.range(1, 3)));
                  }});
  regs.push_back({BDEV_CSR_CNT_BASE_HI, "cnt_base_hi", [=](tb::Rng& r) { return half(r, uint32_t(cp->cnt_base >> 32), flip(r, uint32_t(cp->cnt_base >> 32), 32)); }});
  regs.push_back({BDEV_CSR_MIR_BASE_LO, "mir_base_lo", [=](tb::Rng& r) { return half(r, uint32_t(cp->mir_base), uint32_t(r.next())); }});
  regs.push_back({BDEV_CSR_MIR_BASE_HI, "mir_base_hi", [=](tb::Rng& r) { return half(r, uint32_t(cp->mir_base >> 32), uint32_t(r.next())); }});
  regs.push_back({BDEV_CSR_TX_PSN, "tx_psn", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
  regs.push_back({BDEV_CSR_SRC, "src", [=](tb::Rng& r) { return half(r, cp->src, uint32_t(r.next())); }});
  // the global registers weigh as much as the per-barrier ones together (16 entries each)
  const size_t nglob = regs.size();
  for (int k = 1; k < 16; k++)
    for (size_t i = 0; i < nglob; i++) regs.push_back(regs[i]);
  for (unsigned b = 0; b < NB; b++) {
    regs.push_back({BDEV_CSR_BAR_CTRL(b), "bar_ctrl", [=](tb::Rng& r) {
                      return uint32_t((cp->en[b] != r.chance(0.2)) ? BDEV_BAR_CTRL_ENABLE : 0) |
                             (r.chance(0.5) ? BDEV_BAR_CTRL_INTERNAL_PATH : 0) | (r.chance(0.2) ? BDEV_BAR_CTRL_LEADER : 0);
                    }});
    regs.push_back({BDEV_CSR_BAR_INC(b), "bar_inc", [=](tb::Rng& r) { return half(r, uint32_t(cp->inc[b]), uint32_t(r.range(1, 16))); }});
    regs.push_back({BDEV_CSR_BAR_STEP_LO(b), "bar_step_lo", [=](tb::Rng& r) { return half(r, uint32_t(cp->step[b]), uint32_t(r.range(1, 64))); }});
    regs.push_back({BDEV_CSR_BAR_STEP_HI(b), "bar_step_hi", [=](tb::Rng& r) { return half(r, uint32_t(cp->step[b] >> 32), 0u); }});
    regs.push_back({BDEV_CSR_GROUP_IP(b), "bar_group_ip", [=](tb::Rng& r) { return half(r, cp->gip[b], flip(r, cp->gip[b], 28)); }});
    regs.push_back({BDEV_CSR_BAR_LOCAL_N(b), "bar_local_n", [](tb::Rng& r) { return uint32_t(r.below(NW + 2)); }});
    regs.push_back({BDEV_CSR_CNT_LO(b), "bar_cnt_lo", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
    regs.push_back({BDEV_CSR_CNT_HI(b), "bar_cnt_hi", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
  }
  for (unsigned p = 0; p < NW; p += 1 + NW / 8) {
    regs.push_back({BDEV_CSR_TGT_LO(p), "tgt_lo", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
    regs.push_back({BDEV_CSR_TGT_HI(p), "tgt_hi", [](tb::Rng& r) { return uint32_t(r.next()); }, 0xf, false});
  }
  std::unique_ptr<tb::CsrStorm> st(new tb::CsrStorm(d.sim, d.csr, std::move(regs), prob, "live_wr_"));
  st->max_queued = 1;  // only into an idle master: never reorders the scenario's own CSR accesses
  return st;
}

static void scenario_random(tb::Harness& h) {
  const std::string vec = h.opt.get("vectors");
  Dev d(h, vec);
  tb::Rng& r = h.rng;
  if (h.opt.fault == "flip") d.flip_at = 20 + r.below(50);
  h.note("%s\n", dev_backpressure(d, h).c_str());
  DevCfg c = random_cfg(r);
  program(d, c);
  d.csr_wait();
  std::unique_ptr<tb::CsrStorm> live = make_live_storm(d, c, 0.02);
  random_traffic(d, h, c, h.opt.n, std::max<uint64_t>(200, h.opt.n / 8), [&] {
    // CSR traffic while idle: reprogram some barriers, including refused writes
    for (int i = 0; i < 6; i++) {
      const unsigned b = unsigned(r.below(NB));
      const uint32_t base = 0x400 + 32 * b;
      // CNT is initialisation state (docs/barrier.md section 6): it is rewritten only while no
      // PE waits on the barrier, else a release could be taken between the lo and hi halves.
      bool waited_on = false;
      for (unsigned p = 0; p < NW; p++) waited_on |= d.m.armed[p] && d.m.arm_bar[p] == b;
      if (waited_on) {
        if (d.m.bar_en[b]) d.wr(base + 0x18 + 4 * unsigned(r.below(2)), uint32_t(r.next()));  // refused
        continue;
      }
      if (r.chance(0.5)) {
        d.wr(base, 0);
        c.inc[b] = r.range(1, 8);
        c.step[b] = std::min<uint64_t>(c.inc[b] * r.range(1, 6), HALF);
        d.wr(base + 4, uint32_t(c.inc[b])), d.wr64(base + 8, c.step[b]);
        d.wr64(base + 0x18, r.bits(W));
        d.wr(base, 1);
      } else {
        d.wr(base + 0x18, uint32_t(r.next()));  // locked if enabled
      }
    }
    d.wr(BDEV_CSR_INC_MAX, uint32_t(r.range(1, 6)));
    c.inc_max = barrier_dev_csr_read(&d.m, BDEV_CSR_INC_MAX);
    d.wr(BDEV_CSR_CTRL, uint32_t(r.bits(1)));
    d.csr_wait();
    c.inc_max = barrier_dev_csr_read(&d.m, BDEV_CSR_INC_MAX);
    for (unsigned i = 0; i < 23; i++) d.rd(0x100 + 4 * i);
    d.csr_wait();
  });
  live->enabled = false;
  d.drain();
  h.note("random: %" PRIu64 " value-changing CSR writes during traffic\n", live->issued);
  d.read_all();
  cover_stats(h, d.m, RANDOM_DECLARED);
  if (!vec.empty()) h.note("vectors written to %s (%" PRIu64 " cycles)\n", vec.c_str(), d.sim.cycle());
}

static void scenario_reset(tb::Harness& h) {
  Dev d(h);
  tb::Rng& r = h.rng;
  uint64_t per = std::max<uint64_t>(100, h.opt.n / 5);
  for (int k = 0; k < 5; k++) {
    DevCfg c = random_cfg(r);
    program(d, c);
    const uint64_t stop = h.inputs + per;
    while (h.inputs < stop) {  // no quiesce: the reset hits whatever is in flight
      if (d.req.queued() < 3 && r.chance(0.3))
        d.request(unsigned(r.below(3)), unsigned(r.below(NW)), unsigned(r.below(NB)), r.next());
      if (d.rx.queued() < 2 && r.chance(0.2)) d.rx.push(random_packet(r, c));
      d.sim.step();
    }
    d.sim.step(r.below(12));  // anywhere inside a packet, a release or a mirror write
    d.reset_both(unsigned(r.range(1, 4)));
    d.read_all();  // every register and statistic back at its reset value (the model's)
    d.sim.step(50);
    d.drain();     // and nothing comes out
    h.check(d.tx.packets == d.sb_tx.compared(), "reset", "no packet after reset");
  }
}

// ------------------------------------------------------------------ system scenario
// Variants (issue 10 part 5, docs/barrier.md 3.2, 7.1):
//   SYS_PLAIN  every PE notifies (N = all PEs), the switch reflects or every device uses the internal path;
//   SYS_LEADER the 7 C-model peers run leader mode (BAR_CTRL.LEADER, BAR_LOCAL_N = 16 local PEs: one
//              notification per device and epoch), with the per-barrier BAR_CTRL.INTERNAL_PATH instead
//              of CTRL's; the RTL device too once TB_RTL_EXT (else it notifies per PE): N counts
//              notifications per epoch = 7 + 16 (or 8);
//   SYS_SELF   (TB_RTL_EXT only) the switch reflects, the RTL device's barrier uses the internal path
//              (BAR_CTRL.INTERNAL_PATH): its own notifications come back and must be dropped as "self"
//              (5.4 row 9a), counted once locally.
enum { SYS_PLAIN = 0, SYS_LEADER = 1, SYS_SELF = 2 };
// CSR writes during traffic (issue 10 part 3; docs/barrier.md 6, same-cycle rule of 3.1: a write
// is applied in W2, the request pipeline re-reads from phase B): every writable register rewritten
// with the value it holds (so the barrier traffic is unchanged), random strobes on half of the
// entries (partial writes: SLVERR, csr_err), read back; CNT of the enabled barrier (locked:
// SLVERR), STEP / LOCAL_N (locked while enabled), the read-only ID / PARAMS and an unmapped
// address (SLVERR). Not written: TGT (moves with the PEs' arrivals) and TX_PSN (moves with every
// notification). Coverage classes csr_wr_<register>.
static std::unique_ptr<tb::CsrStorm> make_storm(Dev& d, double prob) {
  std::vector<tb::CsrReg> regs;
  auto keep = [&d](uint32_t a) { return [&d, a](tb::Rng&) { return barrier_dev_csr_read(&d.m, a); }; };
  auto rnd = [](tb::Rng& r) { return uint32_t(r.next()); };
  const std::pair<uint32_t, const char*> glob[] = {
      {BDEV_CSR_CTRL, "ctrl"},           {BDEV_CSR_INC_MAX, "inc_max"},         {BDEV_CSR_SRC_MAC_LO, "src_mac_lo"},
      {BDEV_CSR_SRC_MAC_HI, "src_mac_hi"}, {BDEV_CSR_SRC_IP, "src_ip"},         {BDEV_CSR_DEST_QP, "dest_qp"},
      {BDEV_CSR_KEY, "key"},             {BDEV_CSR_UDP_SPORT_TOS, "udp_sport_tos"}, {BDEV_CSR_CNT_BASE_LO, "cnt_base_lo"},
      {BDEV_CSR_CNT_BASE_HI, "cnt_base_hi"}, {BDEV_CSR_MIR_BASE_LO, "mir_base_lo"}, {BDEV_CSR_MIR_BASE_HI, "mir_base_hi"},
      {BDEV_CSR_SRC, "src"}};
  for (auto& x : glob) {
    regs.push_back({x.first, x.second, keep(x.first)});
    regs.push_back({x.first, x.second, keep(x.first), 0});  // random strobes
  }
  for (unsigned b = 0; b < NB; b++) {
    const std::pair<uint32_t, const char*> bar[] = {
        {BDEV_CSR_BAR_CTRL(b), "bar_ctrl"}, {BDEV_CSR_BAR_INC(b), "bar_inc"}, {BDEV_CSR_BAR_STEP_LO(b), "bar_step_lo"},
        {BDEV_CSR_BAR_STEP_HI(b), "bar_step_hi"}, {BDEV_CSR_GROUP_IP(b), "bar_group_ip"},
        {BDEV_CSR_BAR_LOCAL_N(b), "bar_local_n"}};
    for (auto& x : bar) regs.push_back({x.first, x.second, keep(x.first)});
    regs.push_back({BDEV_CSR_CNT_LO(b), "bar_cnt_lo", keep(BDEV_CSR_CNT_LO(b)), 0xf, false});
    regs.push_back({BDEV_CSR_CNT_HI(b), "bar_cnt_hi", keep(BDEV_CSR_CNT_HI(b)), 0xf, false});
  }
  for (int k = 0; k < 4; k++) {
    regs.push_back({BDEV_CSR_ID, "ro_id", rnd});
    regs.push_back({BDEV_CSR_PARAMS, "ro_params", rnd});
    regs.push_back({0x3000, "unmapped", rnd});
  }
  std::unique_ptr<tb::CsrStorm> st(new tb::CsrStorm(d.sim, d.csr, std::move(regs), prob));
  st->max_queued = 1;  // only into an idle master: never reorders the scenario's own CSR accesses
  return st;
}

static void scenario_system(tb::Harness& h, int variant = SYS_PLAIN, bool storm = false) {
  Dev d(h);
  tb::Rng& r = h.rng;
  constexpr unsigned ND = 8, NPE = NW;  // devices, PEs per device
  const unsigned N = ND * NPE;          // participants
  const uint64_t epochs = std::stoull(h.opt.get("epochs", "1000"));
  const bool reflect = variant == SYS_SELF ? true : r.chance(0.5);
  const bool wire_fa = r.chance(0.25);  // FETCH_ADD layout (docs/barrier.md 5.2) instead of UD
  const bool rtl_leader = variant == SYS_LEADER && RTL_HAS_LEADER;
  const bool rtl_internal = variant == SYS_SELF || !reflect;  // the RTL device applies its own arrival
  // notifications per epoch (the counter's N, 3.2)
  const unsigned NN = variant == SYS_LEADER ? (ND - 1) + (rtl_leader ? 1 : NPE) : N;
  const uint64_t inc = (uint64_t(N) * 2 <= HALF && r.chance(0.5)) ? 2 : 1;
  const uint64_t step = NN * inc;
  if (step > HALF) h.fail("system", "test bug: N * INC > 2^(W-1)");
  const uint64_t c0 = r.bits(W);
  const unsigned bar = unsigned(r.below(NB));
  h.note("system: %u devices x %u PEs, barrier %u, INC %" PRIu64 ", STEP %" PRIu64 ", c0 0x%" PRIx64
         ", %s, %" PRIu64 " epochs\n", ND, NPE, bar, inc, step, c0, reflect ? "switch reflects" : "internal path", epochs);
  DevCfg cfg[ND];
  for (unsigned k = 0; k < ND; k++) {
    DevCfg& c = cfg[k];
    c.mac = 0x020000000000ull | k, c.ip = 0x0a000000u | (k + 1);
    c.dqp = 0x000777, c.rkey = 0xb0000001u, c.sport = 49152 + k, c.tos = 0x68;
    c.cnt_base = 0x7f0000001000ull, c.mir_base = 0x3800000000ull + (uint64_t(k) << 20);
    c.psn = uint32_t(r.bits(24)), c.inc_max = uint32_t(inc), c.ctrl = (reflect ? 0 : 1) | (wire_fa ? 2 : 0);
    c.src = (k << 24) | (0x100 + k);  // source index k
    for (unsigned b = 0; b < NB; b++) c.inc[b] = inc, c.step[b] = step, c.gip[b] = 0xef100000u + b, c.cnt[b] = c0;
    c.en[bar] = true;
  }
  if (variant != SYS_PLAIN)  // per-barrier internal path instead of CTRL's (section 6; the RTL: if it has it)
    for (unsigned k = RTL_HAS_BAR_IP ? 0 : 1; k < ND; k++) cfg[k].ctrl &= ~BDEV_CTRL_INTERNAL_PATH;
  const uint32_t bar_ctrl = BDEV_BAR_CTRL_ENABLE | (reflect ? 0 : BDEV_BAR_CTRL_INTERNAL_PATH);
  program(d, cfg[0]);
  for (unsigned p = 0; p < NPE; p++) d.wr64(BDEV_CSR_TGT_LO(p), c0);
  if (variant != SYS_PLAIN && RTL_HAS_BAR_IP) {  // the RTL decodes BAR_CTRL bits 1-2, BAR_LOCAL_N
    d.wr(BDEV_CSR_BAR_CTRL(bar), 0);
    d.wr(BDEV_CSR_BAR_LOCAL_N(bar), rtl_leader ? NPE : 1);
    d.wr(BDEV_CSR_BAR_CTRL(bar), variant == SYS_SELF ? BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_INTERNAL_PATH
                                                     : bar_ctrl | (rtl_leader ? BDEV_BAR_CTRL_LEADER : 0));
  }
  d.csr_wait();
  std::vector<barrier_dev_model> peer(ND);
  const barrier_dev_cfg pc{NB, NW, W};
  for (unsigned k = 1; k < ND; k++) {
    barrier_dev_init(&peer[k], &pc);
    model_program(peer[k], cfg[k]);
    for (unsigned p = 0; p < NPE; p++) barrier_dev_csr_write(&peer[k], BDEV_CSR_TGT_LO(p), uint32_t(c0)),
                                       barrier_dev_csr_write(&peer[k], BDEV_CSR_TGT_HI(p), uint32_t(c0 >> 32));
    if (variant == SYS_LEADER) {  // leader mode: BAR_LOCAL_N is written while the barrier is disabled
      barrier_dev_csr_write(&peer[k], BDEV_CSR_BAR_CTRL(bar), 0);
      if (barrier_dev_csr_write(&peer[k], BDEV_CSR_BAR_LOCAL_N(bar), NPE) != BARRIER_CSR_DONE ||
          barrier_dev_csr_write(&peer[k], BDEV_CSR_BAR_CTRL(bar), bar_ctrl | BDEV_BAR_CTRL_LEADER) != BARRIER_CSR_DONE)
        h.fail("system", "peer leader-mode configuration refused");
    }
  }
  barrier_fanout_model fan{};
  const barrier_fanout_cfg fc{ND, 16};
  barrier_fanout_init(&fan, &fc);
  barrier_fanout_csr_write(&fan, BFAN_CSR_G_IP(3), cfg[0].gip[bar]);
  barrier_fanout_csr_write(&fan, BFAN_CSR_G_MASK(3), (1u << ND) - 1);
  barrier_fanout_csr_write(&fan, BFAN_CSR_G_CTRL(3), BFAN_G_CTRL_VALID | (reflect ? BFAN_G_CTRL_REFLECT : 0));

  // PE state: arrivals issued, released epochs
  struct Pe {
    uint64_t arrivals = 0, passed = 0;
    int state = 0;  // 0 idle, 1 waiting for release (blocking), 2 NB release pending, 3 WAIT pending
    uint64_t wake = 0;
    uint64_t nb_epoch = 0;
  };
  std::vector<Pe> pe(N);
  uint64_t min_arrivals_cache = 0;
  auto min_arrivals = [&]() {
    uint64_t mn = UINT64_MAX;
    for (auto& q : pe) mn = std::min(mn, q.arrivals);
    return mn;
  };
  uint64_t last_progress = 0, releases = 0, dropped = 0, duplicated = 0;
  const uint64_t fault_after = 3 * N + r.below(N);
  uint64_t delivered_to_rtl = 0, seen = 0, distinct_rtl = 0;
  std::set<uint64_t> rtl_seen;  // {source IP, PSN} of each notification the RTL device accepted
  std::deque<std::vector<uint8_t>> fabric_in;  // packets entering the switch: {bytes}, src in tag
  std::deque<unsigned> fabric_src;

  auto s1 = [&](unsigned gp, uint64_t epoch, const char* who) {
    Pe& q = pe[gp];
    const uint64_t k = q.arrivals;  // this release passes epoch k (1-based)
    const uint64_t want = (c0 + k * step) & MASK;
    if (epoch != want)
      h.fail(who, "S1: release epoch value is not c0 + k*STEP",
             "  PE " + std::to_string(gp) + " k " + std::to_string(k) + " expected epoch " + std::to_string(want) +
                 " got " + std::to_string(epoch));
    if (gp < NPE && distinct_rtl < k * NN)  // the RTL device: delivered, distinct notifications
      h.fail(who, "S1 violated: early release: the RTL device released a PE from epoch " + std::to_string(k) +
                      " after only " + std::to_string(distinct_rtl) + " distinct notifications (need " +
                      std::to_string(k * NN) + ")",
             "  PE " + std::to_string(gp) + "; duplicated deliveries by fault injection: " + std::to_string(duplicated));
    if (min_arrivals_cache < k) min_arrivals_cache = min_arrivals();
    if (min_arrivals_cache < k)
      h.fail(who, "S1 violated: early release: a PE passed epoch " + std::to_string(k) +
                      " before every participant arrived at it",
             "  PE " + std::to_string(gp) + ", slowest participant has arrived " + std::to_string(min_arrivals_cache) +
                 " times");
    h.checks++;
    q.passed = k;
    q.state = 0;
    q.wake = d.sim.cycle() + r.below(40);
    releases++;
    last_progress = d.sim.cycle();
  };
  d.on_rel = [&](const Txn& t) {
    const unsigned p = unsigned(t.get("pe"));
    if (t.get("status") != BARRIER_ST_OK) h.fail("m_rel", "system: error release " + t.str());
    Pe& q = pe[p];
    if (q.state == 2) {  // ARRIVE_NB answer: now WAIT on the returned epoch
      q.nb_epoch = t.get("epoch");
      q.state = 3;
      d.request(BARRIER_OP_WAIT, p, bar, q.nb_epoch);
      return;
    }
    s1(p, t.get("epoch"), "m_rel");
  };
  d.on_tx = [&](const tb::Packet& p) { fabric_in.push_back(p.data), fabric_src.push_back(0); };
  d.rx.on_accept = [&](const tb::Packet& p) {
    if (d.pcap_rx) d.pcap_rx->write(p.data, d.sim.cycle());
    d.rx_model(p);
    delivered_to_rtl++;
    const uint64_t key = (uint64_t(p.data[26]) << 56 | uint64_t(p.data[27]) << 48 | uint64_t(p.data[28]) << 40 |
                          uint64_t(p.data[29]) << 32) | (uint64_t(p.data[ROCE_OFF_BTH + 9]) << 16) |
                         (uint64_t(p.data[ROCE_OFF_BTH + 10]) << 8) | p.data[ROCE_OFF_BTH + 11];
    const bool own = key >> 32 == cfg[0].ip;  // SYS_SELF: the RTL device's own copy, dropped as "self"
    if (!(variant == SYS_SELF && own) && rtl_seen.insert(key).second) distinct_rtl++;
  };
  uint64_t rtl_local = 0;  // RTL arrivals (leader mode: every NPE-th notifies)
  d.req.on_accept = [&](const Txn& t) {
    d.req_q.push_back(barrier_req{uint8_t(t.get("op")), uint8_t(t.get("pe")), uint8_t(t.get("bar")), t.get("epoch")});
    if (rtl_internal && t.get("op") != BARRIER_OP_WAIT && (!rtl_leader || ++rtl_local % NPE == 0))
      distinct_rtl++;  // internal path: own arrival (leader mode: the device's one notification)
  };

  std::unique_ptr<tb::CsrStorm> csr_storm;
  if (storm) csr_storm = make_storm(d, 0.004);
  uint64_t done_pes = 0;
  while (done_pes < N) {
    const uint64_t now = d.sim.cycle();
    // RTL device PEs
    for (unsigned p = 0; p < NPE; p++) {
      Pe& q = pe[p];
      if (q.state == 0 && q.passed < epochs && now >= q.wake && d.req.queued() < 4) {
        q.arrivals++;
        if (r.chance(0.25)) q.state = 2, d.request(BARRIER_OP_ARRIVE_NB, p, bar, 0);
        else q.state = 1, d.request(BARRIER_OP_ARRIVE, p, bar, 0);
      }
    }
    // peer PEs (C models): arrive, poll
    for (unsigned k = 1; k < ND; k++) {
      for (unsigned p = 0; p < NPE; p++) {
        Pe& q = pe[k * NPE + p];
        if (q.state == 0 && q.passed < epochs && now >= q.wake) {
          q.arrivals++;
          q.state = 1;
          barrier_req rq{BARRIER_OP_ARRIVE, uint8_t(p), uint8_t(bar), 0};
          barrier_dev_push_req(&peer[k], &rq);
        }
        barrier_rel rl;
        if (q.state == 1 && barrier_dev_pop_rel(&peer[k], p, &rl) == 1) s1(k * NPE + p, rl.epoch, "peer");
      }
      uint8_t b[ROCE_FA_LEN];
      size_t len;
      while (barrier_dev_pop_tx(&peer[k], b, sizeof b, &len) == 1)
        fabric_in.emplace_back(b, b + len), fabric_src.push_back(k);
      barrier_mir mw;
      while (barrier_dev_pop_mir(&peer[k], &mw) == 1) {
      }
    }
    // switch: a few packets per cycle through the fan-out model
    for (int i = 0; i < 2 && !fabric_in.empty(); i++) {
      auto pk = std::move(fabric_in.front());
      const unsigned src = fabric_src.front();
      fabric_in.pop_front(), fabric_src.pop_front();
      if (barrier_fanout_push(&fan, pk.data(), pk.size(), src) != BFAN_FWD) h.fail("fabric", "fan-out dropped a notification");
    }
    for (unsigned k = 1; k < ND; k++) {  // peers take their copies at once
      uint8_t b[256];
      size_t len;
      unsigned src;
      while (barrier_fanout_pop(&fan, k, b, sizeof b, &len, &src) == 1) barrier_dev_push_rx(&peer[k], b, len);
    }
    if (d.rx.queued() < 3) {  // the RTL device's port
      uint8_t b[256];
      size_t len;
      unsigned src;
      if (barrier_fanout_pop(&fan, 0, b, sizeof b, &len, &src) == 1) {
        seen++;
        std::vector<uint8_t> pk(b, b + len);
        if (h.opt.fault == "drop" && seen == fault_after) dropped++;  // lost in the fabric
        else {
          d.rx.push(pk);
          if (h.opt.fault == "dup" && seen == fault_after) d.rx.push(pk), duplicated++;
        }
      }
    }
    d.sim.step();
    done_pes = 0;
    for (auto& q : pe) done_pes += q.passed >= epochs;
    if (d.sim.cycle() - last_progress > 50000)
      h.fail("system", "deadlock / no progress: no PE released for 50000 cycles",
             "  released " + std::to_string(releases) + ", slowest PE has arrived " + std::to_string(min_arrivals()) +
                 " times; notifications dropped by fault injection: " + std::to_string(dropped) + "\n" +
                 d.sim.pending_report());
  }
  if (csr_storm) {
    csr_storm->enabled = false;
    h.note("system_csr: %" PRIu64 " CSR writes during traffic\n", csr_storm->issued);
  }
  d.drain();
  // every device's counter ended at c0 + N*epochs*INC
  const uint64_t want = (c0 + uint64_t(NN) * epochs * inc) & MASK;
  d.rd(BDEV_CSR_CNT_LO(bar)), d.rd(BDEV_CSR_CNT_HI(bar));
  d.csr_wait();
  const uint64_t got = uint64_t(barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_LO(bar))) |
                       (uint64_t(barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_HI(bar))) << 32);
  h.check(got == want, "system", "final counter == c0 + N * epochs * INC");
  d.read_all();
  cover_stats(h, d.m, variant == SYS_SELF ? SELF_DECLARED : SYSTEM_DECLARED);
  if (variant == SYS_LEADER) {  // leader-mode notifications and absorbed local arrivals (C-model statistics)
    uint64_t notif = 0, absorbed = 0;
    for (unsigned k = 1; k < ND; k++)
      notif += barrier_dev_stat(&peer[k], BDS_TX_NOTIF),
          absorbed += barrier_dev_stat(&peer[k], BDS_REQ_ARRIVE) - barrier_dev_stat(&peer[k], BDS_TX_NOTIF);
    if (rtl_leader)
      notif += barrier_dev_stat(&d.m, BDS_TX_NOTIF),
          absorbed += barrier_dev_stat(&d.m, BDS_REQ_ARRIVE) - barrier_dev_stat(&d.m, BDS_TX_NOTIF);
    h.check(notif == uint64_t(ND - 1 + (rtl_leader ? 1 : 0)) * epochs, "system_leader",
            "one notification per leader-mode device and epoch");
    h.cov_declare("leader_notif"), h.cov_declare("leader_absorbed");
    if (notif) h.cover("leader_notif", notif);
    if (absorbed) h.cover("leader_absorbed", absorbed);
    if (rtl_leader) {
      h.cov_declare("rtl_leader_notif");
      if (barrier_dev_stat(&d.m, BDS_TX_NOTIF)) h.cover("rtl_leader_notif", barrier_dev_stat(&d.m, BDS_TX_NOTIF));
    }
  }
  h.extra("epochs", double(epochs));
  h.extra("participants", double(N));
  h.extra("wraps", double((c0 + uint64_t(NN) * epochs * inc - c0) / (MASK + 1.0)));
  h.note("system: %" PRIu64 " releases, %" PRIu64 " notifications delivered to the RTL device, %" PRIu64 " cycles\n",
         releases, delivered_to_rtl, d.sim.cycle());
  for (unsigned k = 1; k < ND; k++) barrier_dev_free(&peer[k]);
  barrier_fanout_free(&fan);
  if (h.opt.fault == "dup") {  // note A10: the duplicate is dropped and counted, never applied
    const uint32_t dd = barrier_dev_stat(&d.m, BDS_RX_DROP_DUP);
    h.check(duplicated == 1 && dd == duplicated, "fault dup", "the duplicated notification is counted in rx_drop_dup");
    h.note("fault dup: %" PRIu64 " duplicate delivered to the RTL device, rx_drop_dup = %u (RTL statistic read back "
           "and compared), no early release\n", duplicated, dd);
  }
}

// ------------------------------------------------------------------ bench (no stall)
static void scenario_bench(tb::Harness& h) {
  Dev d(h);
  DevCfg c;
  c.inc_max = 1;
  for (unsigned b = 0; b < NB; b++) c.inc[b] = 1, c.step[b] = 1, c.gip[b] = 0xef000100u + b, c.en[b] = true;
  program(d, c);
  DevCfg peer;
  peer.ip = 0x0a000002u;
  // throughput: back-to-back valid notifications
  const uint64_t npk = std::max<uint64_t>(100, h.opt.n);
  for (uint64_t i = 0; i < npk; i++) d.rx.push(notif(c, unsigned(i % NB), 1, uint32_t(i), peer));
  uint64_t first = 0, last = 0, acc = 0;
  d.rx.on_accept = [&](const tb::Packet& p) {
    if (!acc++) first = d.sim.cycle();
    last = d.sim.cycle();
    d.rx_model(p);
  };
  d.sim.run_until([&] { return d.rx.queued() == 0; }, "throughput");
  d.drain();
  const double per_cycle = double(acc - 1) / double(last - first);
  // release latency: a PE waits for cnt + 1; one notification arrives
  uint64_t lat_sum = 0, lat_n = 0, t_in = 0;
  d.on_rel = [&](const Txn&) { lat_sum += d.sim.cycle() - t_in, lat_n++; };
  d.rx.on_accept = [&](const tb::Packet& p) {
    t_in = d.sim.cycle();
    d.rx_model(p);
  };
  for (int i = 0; i < 16; i++) {
    const uint64_t cur = barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_LO(0)) |
                         (uint64_t(barrier_dev_csr_read(&d.m, BDEV_CSR_CNT_HI(0))) << 32);
    d.request(BARRIER_OP_WAIT, unsigned(i % NW), 0, cur + 1);
    d.sim.step(10);
    d.rx.push(notif(c, 0, 1, uint32_t(npk + i), peer));
    d.sim.run_until([&] { return lat_n == uint64_t(i + 1); }, "release");
  }
  d.drain();
  h.extra("notifs_per_cycle", per_cycle);
  h.extra("beats_per_notif", double((ROCE_UD_LEN + DW / 8 - 1) / (DW / 8)));
  h.extra("release_latency_cycles", double(lat_sum) / double(lat_n));
  h.extra("data_width", DW);
  h.note("bench: DATA_WIDTH %u: %.4f notifications/cycle accepted (%u beats each), release latency %.1f cycles "
         "(last beat accepted -> m_rel handshake)\n",
         DW, per_cycle, unsigned((ROCE_UD_LEN + DW / 8 - 1) / (DW / 8)), double(lat_sum) / double(lat_n));
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  char repro[256];
  std::snprintf(repro, sizeof repro,
                "make sim BLOCK=barrier CFG=dw%u_w%u SEED=<seed> N=<n> SCENARIO=<scenario> FAULT=<fault> TRACE=1", DW, W);
  tb::Harness h(argc, argv, "barrier", repro, dflt);
  h.run("csr", [&] { scenario_csr(h); });
  h.run("directed", [&] { scenario_directed(h); });
  h.run("random", [&] { scenario_random(h); });
  h.run("reset", [&] { scenario_reset(h); });
  h.run("system", [&] { scenario_system(h); });
  h.run("system_csr", [&] { scenario_system(h, SYS_PLAIN, true); });
  h.run("system_leader", [&] { scenario_system(h, SYS_LEADER); });
  if (RTL_HAS_SELF) h.run("system_self", [&] { scenario_system(h, SYS_SELF); });
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario_bench(h); });
  return h.exit_code();
}
