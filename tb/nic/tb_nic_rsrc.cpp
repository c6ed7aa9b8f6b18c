// tb_nic_rsrc.cpp -- lockstep testbench of nic_rsrc (RTL, Verilator) against the C model
// cmodel/nic_rsrc.{h,c} (docs/nic_rsrc.md section 4).
//
// Ports: s_cmd -> m_evt (events in op order), s_axil (water marks, counters). Random valid on
// s_cmd, random ready on m_evt (the seed's backpressure profile, stimulus.h), CSR writes in the
// middle of the traffic (CsrStorm), every event compared with the model field by field.
// Model timing (the lockstep contract, docs/nic_rsrc.md 4): agents are constructed so that their
// post() callbacks of one cycle run in this order:
//   1. op probe    (dec_now: the RTL's S_RD state, where every decision input is sampled): the
//                  oldest accepted command goes to the model (nic_rsrc_push)
//   2. CSR write probe (reg_wr_en of axil_reg_if_pipe: the B code in that cycle; the write lands one
//                  cycle later, delay 1, after the op decided in that cycle)
//   3. s_cmd source (accepted commands queue for their S_RD one cycle later)
//   4. m_evt sink  compared with the model's events in order
// Counters (STAT, IN_USE, FREE_CNT, PCB_CNT) are compared by CSR reads when the block is idle
// (end of every phase and of the run): the model counts events at push, the RTL at the handshake,
// and a TEARDOWN's counter changes are atomic in the model and per entry in the RTL.
// Independent checks besides the model: event statuses of the directed scenario are literal
// values from the spec rules; M1 / M6 on the model (nic_rsrc_check) after every phase; no handle
// is granted twice while held (ghost map of granted NIC handles, from the RTL's events).
// Scenarios: rules (directed, one test per rule of docs/nic_rsrc.md 3), random (the op mix biased
// to hit every refusal and the water marks: fill / drain phases), bench (--no-stall: latency per
// op kind, ops per cycle).
// Faults (--fault): flip (one expected event handle bit flipped), status (one expected status
// changed): each must be reported.
// --vectors DIR (scenario random) writes the Icarus replay vectors (tb/nic/nic_rsrc_replay.v
// documents the files): every input pin and the handshake output pins every cycle, and the
// model's expected event / CSR response of every handshake.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "Vnic_rsrc.h"
#include "Vnic_rsrc___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"
#include "vectors.h"

extern "C" {
#include "nic_rsrc.h"
#include "regs/nic_rsrc_regs.h"
}

#ifndef TB_NE
#define TB_NE 1024
#endif
#ifndef TB_NPID
#define TB_NPID 64
#endif
#ifndef TB_NT
#define TB_NT 5
#endif
static constexpr unsigned NE = TB_NE, NPID = TB_NPID, NT = TB_NT;
#define NRA(r) uint32_t(offsetof(nic_rsrc_t, r))

using tb::Txn;

static Txn evt_txn(const nic_rsrc_evt& e) {
  return Txn().add("op", 3, e.op).add("pid", 12, e.pid).add("status", 4, e.status).add("type", 3, e.type)
      .add("handle", 17, e.handle).add("dest", 2, e.dest).add("last", 1, e.last);
}

struct Rs;
struct OpProbe : tb::Agent {
  Rs& x;
  bool now = false;
  OpProbe(Rs& r, tb::SimBase& s) : tb::Agent(s, "op probe", Role::other), x(r) {}
  void drive() override {}
  void sample() override;
  void post() override;
};

struct Rs {
  tb::Harness& h;
  // --vectors DIR: before sim, so they outlive the agents
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_evt, v_csr, v_b;
  tb::Sim<Vnic_rsrc> sim;
  Vnic_rsrc* top;
  nic_rsrc m{};
  std::unique_ptr<OpProbe> op_probe;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  tb::AxilMaster csr;
  tb::StreamSource cmd;
  tb::StreamSink evt;
  tb::Scoreboard sb;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  std::deque<nic_rsrc_cmd> accepted;  // accepted, before their S_RD
  std::string fault;
  bool fault_done = false;
  uint64_t pushed = 0, evts = 0;
  unsigned lastst = 99;      // status of the last event captured
  uint32_t lasth = 0;        // its handle
  std::vector<uint8_t> held;  // ghost: 1 + PID of each NIC handle granted (ALLOC / PTALLOC events) and not freed
  // bench: per op kind, accept cycle of the op in flight and sums
  uint64_t acc_cycle = 0;
  std::map<unsigned, std::pair<uint64_t, uint64_t>> lat;  // op -> (sum cycles, count)

  std::unique_ptr<tb::Agent> vec;  // tb::VecAgent, constructed after every port agent

  explicit Rs(tb::Harness& harness, const std::string& vectors = "")
      : h(harness), sim(harness), top(sim.top.get()),
        op_probe(new OpProbe(*this, sim)),
        csr_probe(new tb::CsrWriteProbe(
            sim,
            [this]() -> tb::CsrWriteProbe::Wr {
              auto* r = top->rootp;
              return {bool(r->nic_rsrc__DOT__reg_wr_en), r->nic_rsrc__DOT__reg_wr_addr,
                      r->nic_rsrc__DOT__reg_wr_data, r->nic_rsrc__DOT__reg_wr_strb};
            },
            [this](const tb::CsrWriteProbe::Wr& w) { return int(nic_rsrc_csr_write(&m, w.addr, w.data, w.strb)); },
            1, [this](const tb::CsrWriteProbe::Wr& w) { return int(nic_rsrc_csr_check(&m, w.addr, w.data, w.strb)); })),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        cmd(sim, "s_cmd", TB_HS(top, s_cmd),
            [this](const Txn& t) {
              top->s_cmd_op = uint8_t(t.get("op"));
              top->s_cmd_pid = uint16_t(t.get("pid"));
              top->s_cmd_type = uint8_t(t.get("type"));
              top->s_cmd_n = uint8_t(t.get("n"));
              top->s_cmd_handle = uint32_t(t.get("handle"));
            }),
        evt(sim, "m_evt", TB_HS(top, m_evt),
            [this]() {
              nic_rsrc_evt e{top->m_evt_op, top->m_evt_pid, top->m_evt_status, top->m_evt_type,
                             top->m_evt_handle, top->m_evt_dest, top->m_evt_last};
              return evt_txn(e);
            }),
        sb(sim, "m_evt") {
    if (nic_rsrc_init(&m, NE, NPID, NT)) h.fail("model", "nic_rsrc_init failed");
    fault = h.opt.fault;
    held.assign(NE, 0);
    sb.model([this](Txn& t) {
      nic_rsrc_evt e;
      if (!nic_rsrc_pop(&m, &e)) return false;
      evts++;
      if (fault == "flip" && !fault_done && evts > 300 && e.status == NR_OK && e.op == NR_OP_ALLOC)
        e.handle ^= 1, fault_done = true;
      if (fault == "status" && !fault_done && evts > 300 && e.status != NR_OK) e.status ^= 2, fault_done = true;
      t = evt_txn(e);
      if (v_evt) *v_evt << std::hex << e.op << " " << e.pid << " " << e.status << " " << e.type << " " << e.handle << " "
                        << e.dest << " " << e.last << std::dec << "\n";
      return true;
    });
    evt.on_capture = [this](const Txn& t) {
      sb.actual(t);
      got_evt(t);
    };
    cmd.on_accept = [this](const Txn& t) {
      accepted.push_back(nic_rsrc_cmd{unsigned(t.get("op")), unsigned(t.get("pid")), unsigned(t.get("type")),
                                      unsigned(t.get("n")), uint32_t(t.get("handle"))});
      acc_cycle = sim.cycle();
    };
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) {
        const unsigned rc = unsigned(csr_probe->next_rc(h, 2));
        if (v_b) *v_b << rc << "\n";
        return rc;
      }
      return nic_rsrc_csr_read(&m, o.addr, &rdata);
    }));
    if (!vectors.empty()) {
      v_stim = tb::vec_file(vectors, "stim.hex"), v_outs = tb::vec_file(vectors, "outs.hex");
      v_evt = tb::vec_file(vectors, "exp_evt.hex"), v_csr = tb::vec_file(vectors, "exp_csr.hex");
      v_b = tb::vec_file(vectors, "exp_b.hex");
      csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
        *v_csr << std::hex << rdata << " " << resp << std::dec << "\n";
      };
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](tb::BitVec& v) { vec_inputs(v); },
                                 [this](tb::BitVec& v) { vec_outputs(v); }));
    }
    sim.reset(8);
    // the initialisation sweep: NE cycles, STATUS.INIT set, no command accepted
    sim.run_until([this] { return top->s_cmd_ready != 0; }, "initialisation sweep");
    h.check(sim.cycle() >= NE, "s_cmd", "s_cmd_ready only after the NIC_ENTRIES-cycle initialisation sweep");
  }
  ~Rs() {
    vec.reset();
    nic_rsrc_free(&m);
  }
  // vector lines (tb/nic/nic_rsrc_replay.v): every input pin, and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_cmd_valid, 1), v.add(t->s_cmd_op, 3), v.add(t->s_cmd_pid, 12), v.add(t->s_cmd_type, 3);
    v.add(t->s_cmd_n, 6), v.add(t->s_cmd_handle, 17), v.add(t->m_evt_ready, 1);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->s_cmd_ready, 1), v.add(t->m_evt_valid, 1), v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1);
    v.add(t->s_axil_bvalid, 1), v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1);
  }

  // independent check: a granted NIC handle is never granted again while held (M6); a freed
  // one must have been held (the RTL's own FREE events)
  void got_evt(const Txn& t) {
    const unsigned op = unsigned(t.get("op")), st = unsigned(t.get("status"));
    const uint32_t hd = uint32_t(t.get("handle"));
    h.cover("st_" + std::to_string(st));
    lastst = st, lasth = hd;
    if (st != NR_OK) {
      auto& l = lat[8];
      l.first += sim.cycle() - acc_cycle, l.second++;
      return;
    }
    if (op == NR_OP_ALLOC || op == NR_OP_PTALLOC) {
      if (hd >= NE) h.fail("m_evt", "M5: a granted NIC handle >= NIC_ENTRIES");
      if (held[hd]) h.fail("m_evt", "M6: a NIC handle granted twice while held");
      held[hd] = uint8_t(1 + (t.get("pid") & 0xff));
    } else if (op == NR_OP_FREE && t.get("dest") == NR_DEST_LIST) {
      if (!held[hd]) h.fail("m_evt", "a NIC handle freed to the free list that was not held");
      held[hd] = 0;
    } else if (op == NR_OP_TEARDOWN) {
      const unsigned p = unsigned(t.get("pid"));
      for (unsigned e = 0; e < NE; e++)
        if (held[e] == 1 + (p & 0xff)) held[e] = 0;
    }
    if (op == NR_OP_TEARDOWN || t.get("last")) {
      auto& l = lat[st == NR_OK ? op : 8];
      l.first += sim.cycle() - acc_cycle, l.second++;
    }
  }

  void push(const nic_rsrc_cmd& c) {
    cmd.push(Txn().add("op", 3, c.op).add("pid", 12, c.pid).add("type", 3, c.type).add("n", 6, c.n)
                 .add("handle", 17, c.handle));
  }
  void idle() {  // all commands decided, every event out
    sim.run_until([this] { return !cmd.busy() && accepted.empty() && nic_rsrc_pending(&m) == 0 && top->s_cmd_ready; },
                  "idle");
  }
  // every counter and status register read and compared with the model (CsrChecker)
  void read_counters() {
    idle();
    for (unsigned i = 0; i < NR_NST; i++) csr.read(NRA(STAT) + 4 * i, {});
    for (unsigned t = 0; t < NT; t++) csr.read(NRA(IN_USE) + 4 * t, {}), csr.read(NRA(TYPE_HWM) + 4 * t, {});
    for (uint32_t a : {NRA(ID), NRA(PARAMS), NRA(STATUS), NRA(FREE_CNT), NRA(REFILL_N), NRA(PCB_SEL)}) csr.read(a, {});
    for (unsigned p = 0; p < NPID; p += (NPID > 8 ? 7 : 1)) {
      csr.write(NRA(PCB_SEL), p, {});
      csr.read(NRA(PCB_CNT), {}), csr.read(NRA(PCB_HWM), {}), csr.read(NRA(PCB_LWM), {});
    }
    sim.run_until([this] { return !csr.busy(); }, "counter reads");
    const int rc = nic_rsrc_check(&m);
    if (rc) h.fail("model", "model invariant broken (nic_rsrc_check " + std::to_string(rc) + ")");
    h.checks++;
  }
};

void OpProbe::sample() { now = x.top->rootp->nic_rsrc__DOT__dec_now; }
void OpProbe::post() {
  if (!now || x.sim.in_reset()) return;
  if (x.accepted.empty()) x.h.fail("s_cmd", "the RTL decided an op that was never accepted");
  const nic_rsrc_cmd c = x.accepted.front();
  x.accepted.pop_front();
  nic_rsrc_push(&x.m, &c);
  x.pushed++;
}

// ------------------------------------------------------------------ stimulus
struct Gen {
  Rs& x;
  tb::Rng& r;
  bool fill = true;
  explicit Gen(Rs& rs) : x(rs), r(rs.h.rng) {}
  unsigned pid() { return r.chance(0.03) ? unsigned(r.range(NPID, 4095)) : unsigned(r.below(NPID > 8 && r.chance(0.7) ? 8 : NPID)); }
  nic_rsrc_cmd next() {
    nic_rsrc_cmd c{0, pid(), 0, 0, 0};
    const double u = double(r.next() >> 11) * 0x1.0p-53;
    const double p_alloc = fill ? 0.45 : 0.12, p_free = fill ? 0.15 : 0.5;
    const unsigned p = c.pid % NPID;
    if (u < p_alloc) {
      c.op = NR_OP_ALLOC;
      c.type = r.chance(0.75) ? unsigned(r.below(2)) : unsigned(r.below(r.chance(0.1) ? 8 : NT));
      const double v = double(r.next() >> 11) * 0x1.0p-53;
      c.n = v < 0.25 ? 0 : v < 0.93 ? unsigned(r.range(1, r.chance(0.5) ? 4 : 32)) : unsigned(r.range(33, 63));
    } else if (u < p_alloc + p_free) {
      c.op = NR_OP_FREE;
      const double v = double(r.next() >> 11) * 0x1.0p-53;
      if (v < 0.8) {  // an entry in use (of this PID most of the time)
        const unsigned s = unsigned(r.below(NE));
        uint32_t pick = s;
        for (unsigned k = 0; k < NE; k++) {
          const unsigned e = (s + k) % NE;
          if (x.m.m_state[e] == NR_ES_USED && (x.m.m_pid[e] == p || k > NE / 2 || r.chance(0.02))) { pick = e; break; }
        }
        c.handle = pick;
        if (r.chance(0.9) && x.m.m_state[pick] == NR_ES_USED && c.pid < NPID) c.pid = x.m.m_pid[pick];
      } else if (v < 0.88) c.handle = 0x10000 | uint32_t(r.bits(16));  // host handle
      else if (v < 0.94) c.handle = uint32_t(r.bits(16));                // out of range or not in use
      else c.handle = uint32_t(r.below(NE));                             // maybe unused / free
    } else if (u < 0.86) {
      c.op = NR_OP_TAKE;
      const unsigned hd = x.m.head[p];
      c.type = r.chance(0.85) && x.m.ucnt[p] ? x.m.m_type[hd] : unsigned(r.below(r.chance(0.1) ? 8 : 2));
    } else if (u < 0.96) {
      c.op = NR_OP_PTALLOC;
    } else if (u < 0.99) {
      c.op = unsigned(r.range(5, 7));  // BAD_OP
    } else {
      c.op = r.chance(0.08) ? NR_OP_TEARDOWN : NR_OP_TAKE;
    }
    return c;
  }
};

static std::vector<tb::CsrReg> storm_regs() {
  std::vector<tb::CsrReg> v;
  for (unsigned t = 0; t < NT; t++)
    v.push_back({NRA(TYPE_HWM) + 4 * t, "type_hwm" + std::to_string(t),
                 [](tb::Rng& r) { return uint32_t(r.chance(0.3) ? NE : r.range(NE / 8, NE)); }});
  v.push_back({NRA(PCB_SEL), "pcb_sel", [](tb::Rng& r) { return uint32_t(r.chance(0.05) ? r.range(NPID, 300) : r.below(NPID > 8 ? 8 : NPID)); }});
  v.push_back({NRA(PCB_HWM), "pcb_hwm", [](tb::Rng& r) { return uint32_t(r.chance(0.3) ? NE : r.range(4, NE / 4)); }});
  v.push_back({NRA(PCB_LWM), "pcb_lwm", [](tb::Rng& r) { return uint32_t(r.range(0, 48)); }});
  v.push_back({NRA(REFILL_N), "refill_n", [](tb::Rng& r) { return uint32_t(r.chance(0.8) ? 24 : r.range(0, 40)); }});
  v.push_back({NRA(FREE_CNT), "ro", [](tb::Rng& r) { return uint32_t(r.bits(32)); }, 0xf, false});  // SLVERR
  return v;
}

static void scenario_random(tb::Harness& h) {
  Rs x(h, h.opt.get("vectors"));
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.evt}, {&x.cmd}, 20, 300).c_str());
  tb::CsrStorm storm(x.sim, x.csr, storm_regs(), 0.01);
  for (const char* c : {"st_0", "st_1", "st_2", "st_3", "st_4", "st_5", "st_6", "st_7", "st_8", "st_9"}) h.cov_declare(c);
  Gen g(x);
  uint64_t sent = 0;
  const uint64_t phase = 3000;
  while (sent < h.opt.n) {
    if (sent % phase == 0) g.fill = !g.fill;
    if (sent % 100000 == 0 && sent) {
      storm.enabled = false;
      x.read_counters();
      storm.enabled = true;
    }
    // stimulus reads the model's state: keep the queue short so it is current
    while (x.cmd.queued() >= 2) x.sim.step();
    x.push(g.next());
    sent++;
  }
  storm.enabled = false;
  x.read_counters();
  x.sim.drain(200);
  h.extra("ops", double(x.pushed));
  h.extra("events", double(x.evts));
  for (unsigned i = 0; i < NR_NST; i++) h.extra("stat" + std::to_string(i), double(x.m.stat[i]));
  h.note("ops %" PRIu64 " events %" PRIu64 " cycles %" PRIu64 "\n", x.pushed, x.evts, x.sim.cycle());
}

// directed: one test per rule; statuses are literal values from the rules (docs/nic_rsrc.md 3),
// the events themselves are also compared with the model by the scoreboard
static void scenario_rules(tb::Harness& h) {
  Rs x(h);
  auto op = [&](unsigned o, unsigned pid, unsigned type, unsigned n, uint32_t hd, unsigned want, const char* rule) {
    x.push(nic_rsrc_cmd{o, pid, type, n, hd});
    x.idle();
    if (x.lastst != want)
      h.fail("m_evt", std::string("rule ") + rule + ": status " + std::to_string(x.lastst) + ", rule says " + std::to_string(want));
    h.checks++;
  };
  auto wr = [&](uint32_t a, uint32_t d) {
    x.csr.write(a, d, {});
    x.sim.run_until([&] { return !x.csr.busy(); }, "csr write");
  };
  // ALLOC_BATCH all or nothing (L174): first NE handles in free-list order 0..
  op(NR_OP_ALLOC, 1, NR_T_ME, 5, 0, NR_OK, "batch granted");
  if (x.lasth != 4) h.fail("m_evt", "batch: the fifth handle of a fresh free list is 4");
  op(NR_OP_ALLOC, 1, NR_T_ME, 40, 0, NR_BAD_N, "n > 32");
  op(NR_OP_ALLOC, 1, 7, 1, 0, NR_BAD_TYPE, "type >= NTYPES");
  op(NR_OP_ALLOC, NPID, NR_T_ME, 1, 0, NR_BAD_PID, "pid >= NPID");
  op(6, 0, 0, 0, 0, NR_BAD_OP, "unknown op");
  // type HWM (L166)
  wr(NRA(TYPE_HWM) + 4 * NR_T_LE, 3);
  op(NR_OP_ALLOC, 2, NR_T_LE, 4, 0, NR_TYPE_HWM, "type HWM");
  op(NR_OP_ALLOC, 2, NR_T_LE, 3, 0, NR_OK, "type HWM: up to it");
  wr(NRA(TYPE_HWM) + 4 * NR_T_LE, NE);
  // process HWM (L164)
  wr(NRA(PCB_SEL), 3);
  wr(NRA(PCB_HWM), 2);
  op(NR_OP_ALLOC, 3, NR_T_ME, 3, 0, NR_PROC_HWM, "process HWM");
  op(NR_OP_PTALLOC, 3, 0, 0, 0, NR_OK, "PTALLOC (EQ handle 0)");
  const uint32_t lroot = x.lasth;
  op(NR_OP_ALLOC, 3, NR_T_ME, 2, 0, NR_PROC_HWM, "process HWM counts the list root");
  // TAKE = head (L180)
  op(NR_OP_TAKE, 1, NR_T_LE, 0, 0, NR_BAD_TYPE, "TAKE of the wrong type");
  op(NR_OP_TAKE, 1, NR_T_ME, 0, 0, NR_OK, "TAKE");
  if (x.lasth != 0) h.fail("m_evt", "TAKE gives the head of the unused list (entry 0)");
  op(NR_OP_TAKE, 0, NR_T_ME, 0, 0, NR_LIST_EMPTY, "TAKE from an empty list");
  // FREE (L170-L172)
  op(NR_OP_FREE, 1, 0, 0, 3, NR_BAD_HANDLE, "FREE of an unused (not in use) entry");
  op(NR_OP_FREE, 1, 0, 0, NE, NR_BAD_HANDLE, "FREE out of range");
  op(NR_OP_FREE, 2, 0, 0, 0, NR_BAD_HANDLE, "FREE by another PID");
  op(NR_OP_FREE, 1, 0, 0, 0x1abcd, NR_OK, "FREE of a host handle");
  op(NR_OP_FREE, 1, 0, 0, 0, NR_OK, "FREE above the LWM: free list");
  op(NR_OP_FREE, 1, 0, 0, 0, NR_BAD_HANDLE, "double FREE");
  wr(NRA(PCB_SEL), 1);
  wr(NRA(PCB_LWM), 8);
  op(NR_OP_TAKE, 1, NR_T_ME, 0, 0, NR_OK, "TAKE");
  const uint32_t e1 = x.lasth;
  op(NR_OP_FREE, 1, 0, 0, e1, NR_OK, "FREE below the LWM: back to the process");
  if (x.m.head[1] != e1) h.fail("m_evt", "FREE below the LWM puts the entry at the head of the unused list");
  op(NR_OP_FREE, 3, 0, 0, lroot, NR_OK, "FREE of a list root: free list");
  wr(NRA(PCB_HWM), 3);  // PCB_SEL is 1
  wr(NRA(PCB_SEL), NPID);  // SLVERR
  // FREE_EMPTY: fill the free list with UNEXP batches for PID 5
  for (unsigned k = 0; x.m.free_cnt >= 32; k++) op(NR_OP_ALLOC, 0, NR_T_UNEXP, 32, 0, NR_OK, "fill");
  op(NR_OP_ALLOC, 2, NR_T_RDV % NT, 32, 0, NR_FREE_EMPTY, "free list empty");
  // TEARDOWN (M7)
  const unsigned before = x.m.free_cnt;
  op(NR_OP_TEARDOWN, 0, 0, 0, 0, NR_OK, "TEARDOWN");
  if (x.m.free_cnt != NE - x.m.cnt[1] - x.m.cnt[2] - x.m.cnt[3] || x.lasth + before != x.m.free_cnt)
    h.fail("m_evt", "TEARDOWN returns every entry of the PID");
  op(NR_OP_TEARDOWN, NPID, 0, 0, 0, NR_BAD_PID, "TEARDOWN bad pid");
  x.read_counters();
  x.sim.drain(100);
}

// bench (--no-stall): latency per op kind (accept to last event), ops per cycle of a TAKE / FREE
// stream
static void scenario_bench(tb::Harness& h) {
  Rs x(h);
  auto one = [&](unsigned o, unsigned pid, unsigned type, unsigned n, uint32_t hd) {
    x.push(nic_rsrc_cmd{o, pid, type, n, hd});
    x.idle();
  };
  for (unsigned k = 0; k < 20; k++) one(NR_OP_ALLOC, 1, NR_T_ME, 24, 0);
  for (unsigned k = 0; k < 200; k++) one(NR_OP_TAKE, 1, NR_T_ME, 0, 0);
  for (unsigned k = 0; k < 200; k++) one(NR_OP_FREE, 1, 0, 0, k);
  for (unsigned k = 0; k < 50; k++) one(NR_OP_PTALLOC, 2, 0, 0, 0);
  for (unsigned k = 0; k < 50; k++) one(NR_OP_ALLOC, NPID, 0, 1, 0);
  one(NR_OP_TEARDOWN, 2, 0, 0, 0);
  const char* names[] = {"alloc24", "take", "free", "ptalloc", "teardown", "", "", "", "denied"};
  for (unsigned o = 0; o < 9; o++) {
    const auto& l = x.lat[o];
    if (!l.second) continue;
    h.extra(std::string("lat_") + names[o], double(l.first) / double(l.second));
    std::printf("bench: %-9s latency %.1f cycles (accept to last event), %" PRIu64 " ops\n", names[o],
                double(l.first) / double(l.second), l.second);
  }
  // throughput: back-to-back TAKE / FREE stream
  for (unsigned k = 0; k < 10; k++) one(NR_OP_ALLOC, 3, NR_T_LE, 32, 0);
  const uint64_t c0 = x.sim.cycle(), p0 = x.pushed;
  for (unsigned k = 0; k < 300; k++) x.push(nic_rsrc_cmd{NR_OP_TAKE, 3, NR_T_LE, 0, 0});
  x.idle();
  const double opc = double(x.pushed - p0) / double(x.sim.cycle() - c0);
  h.extra("ops_per_cycle_take", opc);
  std::printf("bench: TAKE stream %.3f ops/cycle; ALLOC_BATCH 24: %.3f handles/cycle\n", opc,
              24.0 / (double(x.lat[0].first) / double(x.lat[0].second)));
  x.sim.drain(100);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_rsrc", "make sim BLOCK=nic_rsrc SEED=<seed> N=<n> SCENARIO=<scenario> TRACE=1", dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "rules") h.run("rules", [&] { scenario_rules(h); });
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario_random(h); });
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario_bench(h); });
  return h.exit_code();
}
