// tb_nic_txdma.cpp -- lockstep testbench of nic_txdma (RTL, Verilator) against the C model
// cmodel/nic_txdma.{h,c} and the host model cmodel/nic_host.{h,c} (docs/nic_txdma.md section 5).
//
// Every cycle (sample phase, settled values before the rising edge):
//   - ROUTER_ARB: the RTL's context state (ctx_v, ctx_occ, cred_reg, ctx_head, ctx_hok, the
//     output-FIFO room flags, the age matrix) goes into nic_txdma_router_arb(); its grant must
//     equal the RTL's (gnt_v, gnt_idx). The hok flag is itself checked: hok(t) == occ(t-1) >=
//     hwml(t-1) for a context not started in t-1.
//   - HOST_SCHED: in a snapshot cycle (phase_reg 0) the state goes into nic_txdma_host_sched();
//     in the next cycle (decision) the RTL's slot / rd / start / nxt must equal its output.
//   - the stall counters of the model advance from these decisions (nic_txdma_tick).
// Per handshake (post phase, model order: start, credit, command, read request, completion,
// header, data): commands go to the model (refusals counted by both); a read request must equal
// the model's next read of the VN the RTL granted (addr, len) and goes to the host model;
// completion beats go to both; headers and flits are compared field by field with the model's
// next of the VN on the port, and every flit's bytes also with host memory (independent check:
// the bytes of the command's buffer, zero when the read failed). At the end every counter and
// BYTES are read over AXI4-Lite and compared with the model.
// Stimulus (seeded): commands on all VNs, 1 B .. 64 KiB (--big: a few of 1 MiB), 2 % malformed
// (unaligned address, length 0, length > 1 MiB); host read latency 100..400 cycles, completions
// split at 64-byte boundaries and interleaved, 0.2 % failed reads; random credit returns; random
// ready on m_hdr / m_data and random valid on s_cmd; random CSRs per seed (MRRS, LWM, HWM,
// CRED_MAX). Faults (--fault): flip (one expected flit byte flipped), gnt (the model's ROUTER_ARB
// grant replaced by another context once): each must be reported.
// Scenario bench (--scenario bench): TX bytes per cycle for 64 KiB messages at host latency 500
// with the buffer per VN given by --slice (lines), and the latency of a 64-byte message behind a
// 1 MiB message on another VN.
// Scenario bench_mix (--scenario bench_mix): the seed's shared engine (L40-L74, note 2.3) against
// one engine per class on one mixed-class workload (below): datapath utilisation and cycles.
// --vectors DIR (scenario random) writes the Icarus replay vectors (tb/nic/nic_txdma_replay.v
// documents the files): every input pin and the handshake output pins every cycle, and the
// model's expected read request / header / flit / CSR response of every handshake.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "Vnic_txdma.h"
#include "Vnic_txdma___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "sim.h"
#include "vectors.h"

#include "nic_host.h"
#include "nic_txdma.h"

#ifndef TB_N_VN
#define TB_N_VN 4
#endif
#ifndef TB_TAG_W
#define TB_TAG_W 5
#endif
#ifndef TB_LINES
#define TB_LINES 2048
#endif

namespace {

constexpr unsigned NVN = TB_N_VN;

struct Cmd {
  nic_txdma_cmd c;
  bool bad;
};

struct Env;

struct Tx : tb::Agent {
  Env& e;
  explicit Tx(Env& env);
  void drive() override;
  void sample() override;
  void post() override;
  bool busy() const override;
};

struct Env {
  tb::Harness& h;
  // --vectors DIR: before sim, so they outlive the agents
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_rd, v_hdr, v_data, v_csr, v_b;
  tb::Sim<Vnic_txdma> sim;
  Vnic_txdma___024root* r;
  nic_txdma m{};
  nic_host host{};
  tb::AxilMaster csr;
  std::unique_ptr<tb::CsrChecker> chk;
  std::unique_ptr<Tx> tx;
  std::deque<Cmd> cmd_q;                 // commands to offer
  std::deque<nic_txdma_cmd> exp_q[NVN];  // independent expectation: accepted commands per VN
  uint64_t exp_off[NVN] = {};            // byte offset of the next flit in exp_q[vn].front()
  std::deque<unsigned> rd_vn;            // VN of each read granted, not yet on m_rd_req
  uint64_t owed[NVN] = {};               // flits sent, credits not yet returned
  uint64_t next_addr;
  double p_hdr = 0.8, p_data = 0.8, p_cmd = 0.5, p_cr = 0.3;
  bool fault_flip = false, fault_gnt = false, fault_done = false;
  bool have_hs = false, pend_start = false, prev_ok = false;
  unsigned pend_start_vn = 0;
  nic_txdma_hs_out hs_exp{};
  nic_txdma_ra_state ra_prev{};
  uint32_t hwml_prev[NVN] = {};
  bool started_prev[NVN] = {};
  uint64_t cmds_acc = 0, beats = 0, credits_in = 0, flits = 0, msgs_out = 0;
  // drive state
  bool cmd_v = false, cr_v = false;
  unsigned cr_vc = 0, cr_n = 0;
  nic_host_beat beat{};
  bool beat_v = false;
  // bench
  uint64_t first_flit_cycle = 0, last_flit_cycle = 0, bytes_out = 0;
  std::vector<uint64_t> msg_done_cycle;  // per msg_id: cycle of its last flit

  std::unique_ptr<tb::Agent> vec;  // tb::VecAgent, constructed after every port agent

  Env(tb::Harness& hh, const nic_host_cfg& hc, const std::string& vectors = "")
      : h(hh), sim(hh), r(sim.top->rootp), csr(sim, "s_axil", TB_AXIL(sim.top, s_axil)) {
    nic_txdma_cfg cfg{NVN, TB_TAG_W, TB_LINES};
    if (nic_txdma_init(&m, &cfg) != NTD_OK) h.fail("model", "nic_txdma_init failed");
    if (nic_host_init(&host, &hc) != NIC_HOST_OK) h.fail("host", "nic_host_init failed");
    chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rd) -> unsigned {
      if (o.write) {
        const unsigned rc = nic_txdma_csr_write(&m, o.addr, o.data, o.strb);
        if (v_b) *v_b << rc << "\n";
        return rc;
      }
      return nic_txdma_csr_read(&m, o.addr, &rd);
    }));
    tx.reset(new Tx(*this));
    if (!vectors.empty()) {
      v_stim = tb::vec_file(vectors, "stim.hex"), v_outs = tb::vec_file(vectors, "outs.hex");
      v_rd = tb::vec_file(vectors, "exp_rd.hex"), v_hdr = tb::vec_file(vectors, "exp_hdr.hex");
      v_data = tb::vec_file(vectors, "exp_data.hex"), v_csr = tb::vec_file(vectors, "exp_csr.hex");
      v_b = tb::vec_file(vectors, "exp_b.hex");
      chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
        *v_csr << std::hex << rdata << " " << resp << std::dec << "\n";
      };
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](tb::BitVec& v) { vec_inputs(v); },
                                 [this](tb::BitVec& v) { vec_outputs(v); }));
    }
    next_addr = (h.rng.below(1u << 20) << 12) + 32 * h.rng.below(128);
    fault_flip = h.opt.fault == "flip";
    fault_gnt = h.opt.fault == "gnt";
  }
  ~Env() {
    vec.reset();
    nic_txdma_free(&m);
    nic_host_free(&host);
  }

  // vector lines (tb/nic/nic_txdma_replay.v): every input pin, and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = sim.top.get();
    v.add(t->rst, 1), v.add(t->s_cmd_valid, 1), v.add(t->s_cmd_vn, 2), v.add(t->s_cmd_addr, 64), v.add(t->s_cmd_len, 21);
    v.add(t->s_cmd_dest_nid, 16), v.add(t->s_cmd_msg_id, 16), v.add(t->m_rd_req_ready, 1);
    v.add(t->s_cpl_valid, 1), v.add(t->s_cpl_tag, TB_TAG_W), v.add(tb::Sig(&t->s_cpl_data)), v.add(t->s_cpl_last, 1);
    v.add(t->s_cpl_err, 1), v.add(t->s_cr_valid, 1), v.add(t->s_cr_vc, 2), v.add(t->s_cr_n, 8);
    v.add(t->m_hdr_ready, 1), v.add(t->m_data_ready, 1);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = sim.top.get();
    v.add(t->s_cmd_ready, 1), v.add(t->m_rd_req_valid, 1), v.add(t->s_cpl_ready, 1), v.add(t->m_hdr_valid, 1);
    v.add(t->m_data_valid, 1), v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1);
  }

  // a command with its source buffer written into host memory (bump allocation: no overlap)
  void add_cmd(unsigned vn, uint32_t len, bool bad_ok = true) {
    Cmd c{};
    c.c.vn = vn, c.c.len = len;
    c.c.dest_nid = uint16_t(h.rng.bits(16)), c.c.msg_id = uint16_t(h.rng.bits(16));
    c.c.addr = next_addr;
    next_addr += (uint64_t(len) + 31) / 32 * 32 + 32 * h.rng.below(200);
    if (bad_ok && h.rng.chance(0.02)) {
      switch (h.rng.below(3)) {
        case 0: c.c.addr += 1 + h.rng.below(31); break;
        case 1: c.c.len = 0; break;
        default: c.c.len = (1u << 20) + 1 + uint32_t(h.rng.below(1000)); break;
      }
      c.bad = true;
    } else {
      std::vector<uint8_t> b = h.rng.bytes(len);
      if (nic_host_mem_write(&host, c.c.addr, b.data(), len) != NIC_HOST_OK) h.fail("host", "mem write");
    }
    cmd_q.push_back(c);
  }

  uint32_t rand_len(bool big) {
    if (big && h.rng.chance(0.002)) return 1u << 20;
    double u = double(h.rng.below(1000)) / 1000;
    if (u < 0.45) return uint32_t(1 + h.rng.below(256));
    if (u < 0.85) return uint32_t(257 + h.rng.below(8192 - 256));
    return uint32_t(8193 + h.rng.below(65536 - 8192));
  }

  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }

  void check_counters() {
    for (unsigned i = 0; i < NTD_NSTAT; i++) csr.read(0x100 + 4 * i, {});
    csr.read(0x70, {});
    csr.read(0x74, {});
    csr_wait();
  }

  bool all_done() const {
    for (unsigned v = 0; v < NVN; v++)
      if (!exp_q[v].empty()) return false;
    return cmd_q.empty() && !cmd_v && nic_host_outstanding(&host) == 0;
  }
};

Tx::Tx(Env& env) : tb::Agent(env.sim, "txdma", Role::other), e(env) {}

bool Tx::busy() const { return !e.all_done(); }

void Tx::drive() {
  auto* t = e.sim.top.get();
  tb::Harness& h = e.h;
  nic_host_cycle(&e.host);
  uint64_t now = e.sim.cycle();
  // s_cmd: valid held until taken
  if (!e.cmd_v && !e.cmd_q.empty() && h.rng.chance(e.p_cmd)) e.cmd_v = true;
  t->s_cmd_valid = e.cmd_v;
  if (e.cmd_v) {
    const nic_txdma_cmd& c = e.cmd_q.front().c;
    t->s_cmd_vn = c.vn, t->s_cmd_addr = c.addr, t->s_cmd_len = c.len;
    t->s_cmd_dest_nid = c.dest_nid, t->s_cmd_msg_id = c.msg_id;
  }
  t->m_rd_req_ready = nic_host_rd_ready(&e.host);
  e.beat_v = !e.sim.in_reset() && nic_host_cpl_peek(&e.host, now, &e.beat);
  t->s_cpl_valid = e.beat_v;
  if (e.beat_v) {
    t->s_cpl_tag = e.beat.tag, t->s_cpl_last = e.beat.last, t->s_cpl_err = e.beat.err;
    for (unsigned w = 0; w < 8; w++) {
      uint32_t x;
      std::memcpy(&x, e.beat.data + 4 * w, 4);
      t->s_cpl_data[w] = x;
    }
  }
  // credit returns
  e.cr_v = false;
  if (!e.sim.in_reset() && h.rng.chance(e.p_cr)) {
    unsigned vc = unsigned(h.rng.below(NVN));
    if (e.owed[vc]) {
      e.cr_v = true, e.cr_vc = vc;
      e.cr_n = unsigned(1 + h.rng.below(e.owed[vc] < 8 ? e.owed[vc] : 8));
    }
  }
  t->s_cr_valid = e.cr_v, t->s_cr_vc = e.cr_vc, t->s_cr_n = e.cr_n;
  t->m_hdr_ready = h.rng.chance(e.p_hdr);
  t->m_data_ready = h.rng.chance(e.p_data);
}

// handshakes of the cycle, read in sample(), applied in post()
static bool hs_cmd, hs_rd, hs_cpl, hs_hdr, hs_data, do_start, do_rdg;
static unsigned start_vn, rdg_vn;
static uint64_t rd_addr;
static unsigned rd_len, rd_tag, hdr_vn, hdr_dest, hdr_len, hdr_msg, d_vn, d_bytes, d_last, d_err, d_vc;
static uint8_t d_data[32];

void Tx::sample() {
  auto* t = e.sim.top.get();
  auto* r = e.r;
  tb::Harness& h = e.h;
  if (e.sim.in_reset()) {
    hs_cmd = hs_rd = hs_cpl = hs_hdr = hs_data = do_start = do_rdg = false;
    e.prev_ok = false;
    return;
  }
  hs_cmd = t->s_cmd_valid && t->s_cmd_ready;
  hs_rd = t->m_rd_req_valid && t->m_rd_req_ready;
  rd_addr = t->m_rd_req_addr, rd_len = t->m_rd_req_len, rd_tag = t->m_rd_req_tag;
  hs_cpl = t->s_cpl_valid && t->s_cpl_ready;
  hs_hdr = t->m_hdr_valid && t->m_hdr_ready;
  hdr_vn = t->m_hdr_vn, hdr_dest = t->m_hdr_dest_nid, hdr_len = t->m_hdr_len, hdr_msg = t->m_hdr_msg_id;
  hs_data = t->m_data_valid && t->m_data_ready;
  d_vn = t->m_data_vn, d_vc = t->m_data_vc, d_bytes = t->m_data_bytes, d_last = t->m_data_last, d_err = t->m_data_err;
  for (unsigned w = 0; w < 8; w++) std::memcpy(d_data + 4 * w, &t->m_data_data[w], 4);
  moved_ = hs_cmd || hs_rd || hs_cpl || hs_hdr || hs_data || e.cr_v;

  // ---- ROUTER_ARB, every cycle
  nic_txdma_ra_state ra{};
  ra.n_vn = NVN;
  for (unsigned c = 0; c < NVN; c++) {
    ra.v[c] = (r->nic_txdma__DOT__ctx_v >> c) & 1;
    ra.occ[c] = r->nic_txdma__DOT__ctx_occ[c];
    ra.cred[c] = r->nic_txdma__DOT__cred_reg[c];
    ra.head_sent[c] = (r->nic_txdma__DOT__ctx_head >> c) & 1;
    ra.hok[c] = (r->nic_txdma__DOT__ctx_hok >> c) & 1;
    if (e.prev_ok && !e.started_prev[c] && ra.hok[c] != (e.ra_prev.occ[c] >= e.hwml_prev[c]))
      h.fail("hok", "context " + std::to_string(c) + ": hok differs from occ >= hwml of the previous cycle");
    if (ra.cred[c] > r->nic_txdma__DOT__cmax_reg[c]) h.fail("cred", "D7: credits above CRED_MAX");
    if (ra.occ[c] + r->nic_txdma__DOT__ctx_rsv[c] > r->nic_txdma__DOT__size_reg[c])
      h.fail("buffer", "D1: occ + rsv > alloc of context " + std::to_string(c));
  }
  ra.out_ok = r->nic_txdma__DOT__out_ok_reg, ra.hdr_ok = r->nic_txdma__DOT__hdr_ok_reg;
  ra.older = uint16_t(r->nic_txdma__DOT__older_reg);
  nic_txdma_ra_out ro;
  nic_txdma_router_arb(&ra, &ro);
  if (e.fault_gnt && !e.fault_done && ro.gnt_v && h.cycle() > 20000) {
    ro.gnt = (ro.gnt + 1) % NVN, e.fault_done = true;
  }
  bool rg = r->nic_txdma__DOT__gnt_v;
  if (rg != bool(ro.gnt_v) || (rg && r->nic_txdma__DOT__gnt_idx != ro.gnt)) {
    char b[200];
    std::snprintf(b, sizeof b, "  RTL gnt_v %d gnt %u, model gnt_v %d gnt %u", int(rg), unsigned(r->nic_txdma__DOT__gnt_idx),
                  ro.gnt_v, ro.gnt);
    h.fail("router_arb", "MISMATCH on router_arb: grant differs from ROUTER_ARB(state)", b);
  }
  e.ra_prev = ra;
  e.prev_ok = true;
  for (unsigned c = 0; c < NVN; c++) e.hwml_prev[c] = r->nic_txdma__DOT__ctx_hwml[c];

  // ---- HOST_SCHED
  unsigned phase = r->nic_txdma__DOT__ph_reg;
  nic_txdma_hs_out* hsp = nullptr;
  do_start = do_rdg = false;
  for (unsigned c = 0; c < NVN; c++) e.started_prev[c] = false;
  // a start is applied at the end of phase 0: hok of that context is forced to 0
  if (phase == 0 && e.pend_start) e.started_prev[e.pend_start_vn] = true, e.pend_start = false;
  if (phase == 3) {
    if (!e.have_hs) h.fail("host_sched", "decision cycle without a snapshot");
    const nic_txdma_hs_out& x = e.hs_exp;
    bool slot = r->nic_txdma__DOT__slot;
    bool ok = slot == bool(x.slot);
    if (ok && slot)
      ok = bool(r->nic_txdma__DOT__d_nxt_v) == bool(x.nxt_v) && (!x.nxt_v || r->nic_txdma__DOT__d_nxt == x.nxt) &&
           bool(r->nic_txdma__DOT__d_rd) == bool(x.rd) && bool(r->nic_txdma__DOT__d_start) == bool(x.start);
    if (!ok) {
      char b[240];
      std::snprintf(b, sizeof b, "  RTL slot %d nxt_v %d nxt %u rd %d start %d; model slot %d nxt_v %d nxt %u rd %d start %d",
                    int(slot), int(r->nic_txdma__DOT__d_nxt_v), unsigned(r->nic_txdma__DOT__d_nxt),
                    int(r->nic_txdma__DOT__d_rd), int(r->nic_txdma__DOT__d_start), x.slot, x.nxt_v, x.nxt, x.rd, x.start);
      h.fail("host_sched", "MISMATCH on host_sched: decision differs from HOST_SCHED(snapshot)", b);
    }
    h.checks++;
    if (slot && x.rd) do_rdg = true, rdg_vn = x.nxt, h.cover("hs_rd_" + std::to_string(x.nxt));
    if (slot && x.start) do_start = true, start_vn = x.nxt, e.pend_start = true, e.pend_start_vn = x.nxt, h.cover("hs_start");
    hsp = &e.hs_exp;
    e.have_hs = false;
  } else if (phase == 2) {
    nic_txdma_hs_state s{};
    s.n_vn = NVN;
    for (unsigned c = 0; c < NVN; c++) {
      // the context's latched MRRS in lines (4 << code); unused while rem == 0
      unsigned ml = r->nic_txdma__DOT__ctx_ml[c], code = 0;
      while (code < 5 && (4u << code) < ml) code++;
      s.mrrs_code[c] = code;
      s.v[c] = (r->nic_txdma__DOT__ctx_v >> c) & 1;
      s.addr[c] = r->nic_txdma__DOT__ctx_addr[c];
      s.rem[c] = r->nic_txdma__DOT__ctx_rem[c];
      s.occ[c] = r->nic_txdma__DOT__ctx_occ[c];
      s.rsv[c] = r->nic_txdma__DOT__ctx_rsv[c];
      s.alloc[c] = r->nic_txdma__DOT__size_reg[c];
      s.lwm[c] = r->nic_txdma__DOT__lwm_reg[c];
      s.cmd_valid[c] = (r->nic_txdma__DOT__cf_m_valid >> c) & 1;
      s.cmd_stamp[c] = uint16_t((r->nic_txdma__DOT__cf_m_data[c][3] >> 21) | (r->nic_txdma__DOT__cf_m_data[c][4] << 11));   // bits 132:117
    }
    s.older = uint16_t(r->nic_txdma__DOT__older_reg);
    s.cur_v = r->nic_txdma__DOT__cur_v_reg, s.cur = r->nic_txdma__DOT__cur_reg;
    uint64_t busy = r->nic_txdma__DOT__tag_busy;
    s.tag_free = busy != ((uint64_t(1) << (1u << TB_TAG_W)) - 1);
    s.rd_busy = r->nic_txdma__DOT__rdq_v_reg;
    nic_txdma_host_sched(&s, &e.hs_exp);
    e.have_hs = true;
  }
  nic_txdma_tick(&e.m, hsp, &ro);
  if (ro.gnt_v) h.cover("ra_gnt_" + std::to_string(ro.gnt));
}

void Tx::post() {
  auto* t = e.sim.top.get();
  tb::Harness& h = e.h;
  nic_txdma& m = e.m;
  if (e.sim.in_reset()) return;
  uint64_t now = e.sim.cycle() - 1;
  (void)t;
  if (do_start && nic_txdma_start(&m, start_vn) != NTD_OK)
    h.fail("host_sched", "MISMATCH on host_sched: start of VN " + std::to_string(start_vn) + " with no command or its context busy (model)");
  if (do_rdg) e.rd_vn.push_back(rdg_vn);
  if (e.cr_v) nic_txdma_credit(&m, e.cr_vc, e.cr_n), e.owed[e.cr_vc] -= e.cr_n, h.inputs++, e.credits_in++;
  if (hs_cmd) {
    Cmd c = e.cmd_q.front();
    e.cmd_q.pop_front();
    e.cmd_v = false;
    int rc = nic_txdma_push_cmd(&m, &c.c);
    if (rc < 0) h.fail("model", "push_cmd");
    if (rc != int(!c.bad)) h.fail("s_cmd", "malformed-command rule of the model differs from the stimulus");
    if (rc == 1) e.exp_q[c.c.vn].push_back(c.c);
    h.inputs++, e.cmds_acc++;
    h.cover(c.bad ? "cmd_refused" : "cmd");
  }
  if (hs_rd) {
    if (e.rd_vn.empty()) h.fail("m_rd_req", "a read request with no HOST_SCHED read grant");
    unsigned vn = e.rd_vn.front();
    e.rd_vn.pop_front();
    nic_txdma_rd x;
    int rc = nic_txdma_pop_rd(&m, vn, rd_tag, &x);
    if (rc != NTD_OK) h.fail("m_rd_req", "MISMATCH on m_rd_req: the model has no read due for VN " + std::to_string(vn) + " (rc " + std::to_string(rc) + ")");
    if (x.addr != rd_addr || x.len != rd_len) {
      char b[200];
      std::snprintf(b, sizeof b, "  vn %u tag %u: RTL addr %016" PRIx64 " len %u, model addr %016" PRIx64 " len %u", vn, rd_tag,
                    rd_addr, rd_len, x.addr, x.len);
      h.fail("m_rd_req", "MISMATCH on m_rd_req", b);
    }
    if (e.v_rd) {
      char b[64];
      std::snprintf(b, sizeof b, "%016" PRIx64 " %x\n", x.addr, x.len);
      *e.v_rd << b;
    }
    int hr = nic_host_rd_req(&e.host, now, rd_addr, rd_len, rd_tag);
    if (hr != NIC_HOST_OK) h.fail("m_rd_req", "host protocol error " + std::to_string(hr) + " (4 KiB crossing, tag reuse or length)");
    h.outputs++;
  }
  if (hs_cpl) {
    if (!e.beat_v) h.fail("s_cpl", "handshake without a beat");
    nic_txdma_push_cpl(&m, e.beat.tag, e.beat.data, e.beat.err);
    nic_host_cpl_pop(&e.host);
    h.inputs++, e.beats++;
    if (e.beat.err) h.cover("cpl_err_beat");
  }
  if (hs_hdr) {
    nic_txdma_hdr x;
    if (nic_txdma_pop_hdr(&m, hdr_vn, &x) != NTD_OK) h.fail("m_hdr", "MISMATCH on m_hdr: no header due for VN " + std::to_string(hdr_vn));
    if (x.dest_nid != hdr_dest || x.len != hdr_len || x.msg_id != hdr_msg) {
      char b[200];
      std::snprintf(b, sizeof b, "  vn %u: RTL dest %04x len %u msg %04x, model dest %04x len %u msg %04x", hdr_vn, hdr_dest, hdr_len,
                    hdr_msg, x.dest_nid, x.len, x.msg_id);
      h.fail("m_hdr", "MISMATCH on m_hdr", b);
    }
    if (e.v_hdr) {
      char b[64];
      std::snprintf(b, sizeof b, "%x %x %x %x\n", x.vn, x.dest_nid, x.len, x.msg_id);
      *e.v_hdr << b;
    }
    h.outputs++, e.msgs_out++;
  }
  if (hs_data) {
    nic_txdma_flit f;
    int rc = nic_txdma_pop_data(&m, d_vn, &f);
    if (rc == NTD_ENOTREADY) h.fail("m_data", "MISMATCH on m_data: flit of a read whose beats have not all arrived (model)");
    if (rc != NTD_OK) h.fail("m_data", "MISMATCH on m_data: no flit due for VN " + std::to_string(d_vn));
    if (e.fault_flip && !e.fault_done && e.flits > 3000) f.data[0] ^= 0x10, e.fault_done = true;
    if (e.v_data) {
      char b[96];
      std::snprintf(b, sizeof b, "%x %x %x %x ", f.vn, f.bytes, unsigned(f.last != 0), unsigned(f.err != 0));
      *e.v_data << b;
      for (int j = 31; j >= 0; j--) std::snprintf(b, sizeof b, "%02x", f.data[j]), *e.v_data << b;
      *e.v_data << "\n";
    }
    bool same = f.bytes == d_bytes && f.last == int(d_last) && f.err == int(d_err) && d_vc == d_vn &&
                std::memcmp(f.data, d_data, 32) == 0;
    if (!same) {
      if (getenv("TD_DEBUG")) {
        std::printf("RTL  :"); for (int j = 0; j < 32; j++) std::printf(" %02x", d_data[j]);
        std::printf("\nmodel:"); for (int j = 0; j < 32; j++) std::printf(" %02x", f.data[j]);
        std::printf("\n");
      }
      char b[300];
      std::snprintf(b, sizeof b, "  vn %u flit: RTL bytes %u last %u err %u vc %u, model bytes %u last %d err %d; data %s", d_vn, d_bytes,
                    d_last, d_err, d_vc, f.bytes, f.last, f.err, std::memcmp(f.data, d_data, 32) ? "differs" : "equal");
      h.fail("m_data", "MISMATCH on m_data", b);
    }
    // independent check against host memory
    if (e.exp_q[d_vn].empty()) h.fail("m_data", "flit with no accepted command (stimulus)");
    const nic_txdma_cmd& c = e.exp_q[d_vn].front();
    uint8_t ref[32] = {};
    uint64_t off = e.exp_off[d_vn];
    unsigned nb = c.len - off >= 32 ? 32 : unsigned(c.len - off);
    if (!d_err) nic_host_mem_read(&e.host, c.addr + off, ref, nb);
    if (nb != d_bytes || std::memcmp(ref, d_data, nb) != 0 || bool(d_last) != (off + nb == c.len))
      h.fail("m_data", "MISMATCH on m_data: flit differs from host memory (message offset " + std::to_string(off) + ")");
    for (unsigned j = nb; j < 32; j++)
      if (d_data[j]) h.fail("m_data", "MISMATCH on m_data: bytes beyond the message end are not zero");
    e.exp_off[d_vn] += nb;
    if (d_last) {
      if (e.msg_done_cycle.size() <= c.msg_id) e.msg_done_cycle.resize(c.msg_id + 1u);
      e.msg_done_cycle[c.msg_id] = now;
      e.exp_q[d_vn].pop_front(), e.exp_off[d_vn] = 0;
    }
    if (d_err) h.cover("flit_err");
    e.owed[d_vn]++;
    if (!e.first_flit_cycle) e.first_flit_cycle = now;
    e.last_flit_cycle = now, e.bytes_out += d_bytes;
    h.outputs++, e.flits++;
  }
}

nic_host_cfg host_cfg(tb::Harness& h, unsigned lat_min, unsigned lat_max, unsigned err_ppm) {
  nic_host_cfg c{};
  c.seed = h.opt.seed * 7919 + 1;
  c.lat_min = lat_min, c.lat_max = lat_max;
  c.split_pct = 30, c.gap_max = 4;
  c.rd_ready_pct = 85, c.wr_ready_pct = 100;
  c.max_tags = 1u << TB_TAG_W;
  c.err_ppm = err_ppm;
  return c;
}

void scenario_random(tb::Harness& h) {
  Env e(h, host_cfg(h, 100, 400, 2000), h.opt.get("vectors"));
  e.sim.reset();
  // CSRs of the seed
  unsigned mrrs = unsigned(h.rng.below(6));
  e.csr.write(0x008, mrrs);
  for (unsigned v = 0; v < NVN; v++) {
    uint32_t slice = TB_LINES / NVN;
    uint32_t lwm = h.rng.chance(0.3) ? 0 : h.rng.chance(0.3) ? (slice - 1) * 32 : uint32_t(h.rng.below(slice * 32));
    // configuration rule (docs/nic_txdma.md 6): HWM <= 32 * BUF_SIZE - MRRS
    uint32_t hwm = h.rng.chance(0.3) ? 0 : uint32_t(h.rng.below(slice * 32 - (128u << mrrs) + 1));
    e.csr.write(0x010 + 4 * v, lwm);
    e.csr.write(0x020 + 4 * v, hwm);
    e.csr.write(0x050 + 4 * v, uint32_t(2 + h.rng.below(63)));
    e.csr.read(0x010 + 4 * v, {});
  }
  e.csr.write(0x0f0, 1);            // unmapped: SLVERR, csr_err
  e.csr.read(0x000, {});
  e.csr.read(0x004, {});
  e.csr_wait();
  double st = h.opt.stall;
  e.p_hdr = 1 - st * h.rng.below(100) / 100.0, e.p_data = 1 - st * h.rng.below(100) / 100.0;
  e.p_cmd = 0.2 + 0.8 * h.rng.below(100) / 100.0;
  bool big = h.opt.get("big") == "1";
  uint64_t n = h.opt.n;
  while (h.inputs < n) {
    if (e.cmd_q.size() < 8) {
      unsigned vn = unsigned(h.rng.below(NVN));
      e.add_cmd(vn, e.rand_len(big));
    }
    e.sim.step();
  }
  e.sim.run_until([&] { return e.all_done(); }, "drain");
  e.sim.step(50);
  e.check_counters();
  h.extra("cmds", double(e.cmds_acc));
  h.extra("cpl_beats", double(e.beats));
  h.extra("credit_returns", double(e.credits_in));
  h.extra("flits", double(e.flits));
  h.extra("msgs", double(e.msgs_out));
}

// bench: 64 KiB messages on every VN at host latency 500 (no stalls, credits returned at once)
void scenario_bench(tb::Harness& h) {
  unsigned lat = unsigned(std::stoul(h.opt.get("lat", "500")));
  unsigned mrrs = unsigned(std::stoul(h.opt.get("mrrs", "3")));
  // one Sim at a time: Verilator 5.006 deadlocks (scopeErase) destroying a model whose scopes
  // are public while a second context is alive
  {
    Env e(h, host_cfg(h, lat, lat, 0));
    e.sim.reset();
    unsigned slice = unsigned(std::stoul(h.opt.get("slice", std::to_string(TB_LINES / NVN))));
    unsigned nvn = unsigned(std::stoul(h.opt.get("vns", "1")));
    e.csr.write(0x008, mrrs);
    for (unsigned v = 0; v < NVN; v++) {
      e.csr.write(0x030 + 4 * v, v * slice), e.csr.write(0x040 + 4 * v, slice);
      e.csr.write(0x050 + 4 * v, 1000);
    }
    e.csr_wait();
    e.p_hdr = e.p_data = 1, e.p_cmd = 1, e.p_cr = 1;
    for (unsigned k = 0; k < 16; k++) e.add_cmd(k % nvn, 65536, false);
    e.sim.run_until([&] { return e.all_done(); }, "bench");
    double cyc = double(e.last_flit_cycle - e.first_flit_cycle + 1);
    double bpc = double(e.bytes_out) / cyc;
    std::printf("bench: 64KiB msgs x16 on %u VN(s), host latency %u, MRRS %u B, slice %u lines (%u B): %.2f B/cycle (%.3f of 32)\n",
                nvn, lat, 128u << mrrs, slice, slice * 32, bpc, bpc / 32);
    h.extra("bytes_per_cycle", bpc);
  }
  // latency of a small message behind a 1 MiB message on another VN
  Env e2(h, host_cfg(h, lat, lat, 0));
  e2.sim.reset();
  e2.csr.write(0x008, mrrs);
  for (unsigned v = 0; v < NVN; v++) e2.csr.write(0x050 + 4 * v, 1000);
  e2.csr_wait();
  e2.p_hdr = e2.p_data = 1, e2.p_cmd = 1, e2.p_cr = 1;
  e2.add_cmd(0, 1u << 20, false);
  e2.cmd_q.back().c.msg_id = 1;
  e2.sim.run_until([&] { return e2.flits > 2000; }, "bench big");
  uint64_t t0 = e2.sim.cycle();
  e2.add_cmd(1, 64, false);
  e2.cmd_q.back().c.msg_id = 2;
  e2.sim.run_until([&] { return e2.msg_done_cycle.size() > 2 && e2.msg_done_cycle[2]; }, "bench small");
  std::printf("bench: 64 B message on VN1 behind a 1 MiB message on VN0: %" PRIu64 " cycles from command to last flit (host latency %u)\n",
              e2.msg_done_cycle[2] - t0, lat);
  h.extra("small_latency", double(e2.msg_done_cycle[2] - t0));
}

// bench_mix: four classes, one per VN: 8 x 64 KiB, 32 x 8 KiB, 64 x 2 KiB, 256 x 256 B (960 KiB),
// host read latency --lat, MRRS --mrrs, slice LINES / 4 per class, no stalls, credits returned at
// once. Shared: the four classes on this engine, commands round-robin over the classes (one
// s_cmd port: a command whose VN's FIFO is full holds it; a byte-fair order measured 186,871
// cycles, this one 166,104). Per class (the seed's baseline): each class alone on an engine of
// its own (this RTL with one context active and the same slice: the engines are independent, so
// they run one after the other here and the baseline's time is the slowest one's). Cycles from the
// first command to the last flit; utilisation = payload bytes / (cycles x 32 x datapaths).
struct MixClass {
  unsigned n;
  uint32_t len;
};
constexpr MixClass kMix[4] = {{8, 65536}, {32, 8192}, {64, 2048}, {256, 256}};

uint64_t run_mix(tb::Harness& h, unsigned only, uint64_t* bytes) {
  unsigned lat = unsigned(std::stoul(h.opt.get("lat", "500")));
  unsigned mrrs = unsigned(std::stoul(h.opt.get("mrrs", "3")));
  unsigned slice = TB_LINES / 4;
  Env e(h, host_cfg(h, lat, lat, 0));
  e.sim.reset();
  e.csr.write(0x008, mrrs);
  for (unsigned v = 0; v < NVN; v++) {
    e.csr.write(0x030 + 4 * v, v * slice), e.csr.write(0x040 + 4 * v, slice);
    e.csr.write(0x050 + 4 * v, 1000);
  }
  e.csr_wait();
  e.p_hdr = e.p_data = 1, e.p_cmd = 1, e.p_cr = 1;
  unsigned left[4];
  for (unsigned c = 0; c < 4; c++) left[c] = (only == 4 || only == c) ? kMix[c].n : 0;
  for (bool any = true; any;) {
    any = false;
    for (unsigned c = 0; c < 4; c++)
      if (left[c]) e.add_cmd(c, kMix[c].len, false), left[c]--, any = true;
  }
  uint64_t t0 = e.sim.cycle();
  e.sim.run_until([&] { return e.all_done(); }, "bench_mix");
  *bytes = e.bytes_out;
  return e.last_flit_cycle - t0 + 1;
}

void scenario_bench_mix(tb::Harness& h) {
  if (NVN < 4) h.fail("bench_mix", "needs an engine with 4 VN contexts (TB_N_VN 4)");
  uint64_t bytes = 0, total = 0;
  // one Sim at a time (Verilator 5.006, see scenario_bench)
  const uint64_t shared = run_mix(h, 4, &bytes);
  const double us = double(bytes) / (32.0 * double(shared));
  std::printf("bench: mix shared engine (1 datapath, 4 VN contexts, slice %u lines each): %" PRIu64
              " B in %" PRIu64 " cycles, %.2f B/cycle, utilisation %.3f\n",
              TB_LINES / 4, bytes, shared, double(bytes) / double(shared), us);
  uint64_t worst = 0;
  for (unsigned c = 0; c < 4; c++) {
    uint64_t b = 0;
    const uint64_t t = run_mix(h, c, &b);
    total += b, worst = t > worst ? t : worst;
    std::printf("bench: mix per class %u (%u x %u B) alone on its own engine: %" PRIu64
                " cycles, utilisation of its datapath %.3f\n",
                c, kMix[c].n, kMix[c].len, t, double(b) / (32.0 * double(t)));
  }
  const double up = double(total) / (4 * 32.0 * double(worst));
  std::printf("bench: mix one engine per class (4 datapaths, slice %u lines each): %" PRIu64
              " B done after %" PRIu64 " cycles (the slowest class), utilisation of the 4 datapaths %.3f\n",
              TB_LINES / 4, total, worst, up);
  if (total != bytes) h.fail("bench_mix", "the two configurations moved different byte counts");
  h.extra("shared_cycles", double(shared));
  h.extra("shared_util", us);
  h.extra("per_class_cycles", double(worst));
  h.extra("per_class_util", up);
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_txdma", "make sim-nic_txdma SEED=<seed> N=<n> TRACE=1", dflt);
  if (h.opt.scenario == "bench") {
    h.run("bench", [&] { scenario_bench(h); });
  } else if (h.opt.scenario == "bench_mix") {
    h.run("bench_mix", [&] { scenario_bench_mix(h); });
  } else {
    h.run("random", [&] { scenario_random(h); });
  }
  return h.exit_code();
}
