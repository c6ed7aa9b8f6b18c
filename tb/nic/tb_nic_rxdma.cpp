// tb_nic_rxdma.cpp -- lockstep testbench of nic_rxdma (RTL, Verilator) against the C model
// cmodel/nic_rxdma.{h,c} and the host model cmodel/nic_host.{h,c} (docs/nic_rxdma.md section 5).
//
// Every cycle (sample phase, settled values before the rising edge):
//   - RX_HOST_SCHED: in the snapshot cycle (ph_reg 0) the RTL's context state (ctx_v, ctx_frs,
//     ctx_len, ctx_rcvd, ctx_occ, ctx_va, the age matrix, T1, T2, MPS, command-queue room) goes
//     into nic_rxdma_host_sched(); in the decision cycle (ph_reg 2) the RTL's grant (d_v, d_idx)
//     must equal it, and in the apply cycle (ph_reg 3) the RTL's apply flag and write length.
//   - the room rule of a waiting header: ok_reg must equal nic_rxdma_room_ok() (size / used three
//     cycles before, the context flag one cycle before); the stall counter follows it (tick).
//   - R3 first half: occ <= 32 * BUF_SIZE and used <= BUF_SIZE for every context.
// Per handshake (post phase, model order: header, payload beat, write issued, write beat,
// credit, event): headers and beats go to the model, whose verdict must equal the stimulus's
// (good packets accepted, bad ones refused); each issued write goes to the model (its rules:
// length <= occ, MPS / page); every m_dma_wr beat is compared field by field with the model's
// next beat and goes to the host write sink; credits and events are compared with the model's.
// Independent checks: after each write's last beat the host memory of [addr, addr + len) equals
// the sender's bytes (a seeded function of (message, offset)); at each event the whole message
// buffer in host memory and the event fields equal the message the stimulus sent. At the end
// every counter and BYTES are read over AXI4-Lite and compared with the model.
// Stimulus (seeded): messages on all VNs, 1 B .. 64 KiB (seeds divisible by 5: one 1 MiB
// message), MTU per message 256..4096 (multiples of 32), packets of different VNs interleaved at
// packet granularity, 3 % bad packets of every refusal kind the lab size can produce; random
// valid on s_hdr / s_data, random ready on m_dma_wr (host write sink) and m_evt; random CSRs per
// seed (MPS, T1, T2, slices). Faults (--fault): flip (one expected write byte flipped), gnt (the
// model's RX_HOST_SCHED grant replaced once): each must be reported.
// Scenario bench (--scenario bench): host-write bytes per cycle for 64 KiB messages, and the
// effect of T1 / T2 (writes per message, mean write size, VN switches between writes).
// --vectors DIR (scenario random) writes the Icarus replay vectors (tb/nic/nic_rxdma_replay.v
// documents the files): every input pin and the handshake output pins every cycle, and the
// model's expected write beat / credit return / event / CSR response of every handshake.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "Vnic_rxdma.h"
#include "Vnic_rxdma___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "sim.h"
#include "vectors.h"

#include "nic_host.h"
#include "nic_rxdma.h"

#ifndef TB_N_VN
#define TB_N_VN 4
#endif
#ifndef TB_LINES
#define TB_LINES 1024
#endif

namespace {

constexpr unsigned NVN = TB_N_VN;

struct Msg {
  uint64_t uid;
  unsigned vn;
  uint32_t len, mtu, sent;
  uint64_t addr;
  uint32_t pid;
  uint16_t src, mid, eqh;
};

struct Pkt {
  nic_rxdma_hdr h;
  bool bad;
  uint64_t uid;     // message (good packets)
  unsigned beats;
};

struct Beat {
  uint8_t d[32];
  bool last;
};

struct Env;

struct Rx : tb::Agent {
  Env& e;
  explicit Rx(Env& env);
  void drive() override;
  void sample() override;
  void post() override;
  bool busy() const override;
};

uint8_t pbyte(uint64_t seed, uint64_t uid, uint64_t off) {
  uint64_t x = seed * 0x9e3779b97f4a7c15ull ^ uid * 0xbf58476d1ce4e5b9ull ^ (off >> 3) * 0x94d049bb133111ebull;
  x ^= x >> 31;
  x *= 0xd6e8feb86659fd93ull;
  x ^= x >> 29;
  return uint8_t(x >> (8 * (off & 7)));
}

struct Env {
  tb::Harness& h;
  // --vectors DIR: before sim, so they outlive the agents
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_wr, v_cr, v_evt, v_csr, v_b;
  tb::Sim<Vnic_rxdma> sim;
  Vnic_rxdma___024root* r;
  nic_rxdma m{};
  nic_host host{};
  tb::AxilMaster csr;
  std::unique_ptr<tb::CsrChecker> chk;
  std::unique_ptr<Rx> rx;
  std::deque<Pkt> hdr_q;                 // packets to offer on s_hdr
  std::deque<Beat> dat_q;                // beats to offer on s_data (headers taken)
  std::map<uint64_t, Msg> msgs;          // uid -> message (accepted first packets .. event)
  std::map<uint64_t, uint64_t> by_addr;  // target addr -> uid
  Msg cur[NVN];                          // per VN: the message being generated
  bool cur_v[NVN] = {};
  uint64_t next_uid = 1, next_addr;
  bool gen_new = true;                   // start new messages
  double p_hdr = 0.8, p_dat = 0.8, p_evt = 0.8, p_bad = 0.03;
  bool fault_flip = false, fault_gnt = false, fault_done = false;
  bool hdr_v = false, dat_v = false;
  // scheduler compare
  bool have_hs = false;
  nic_rxdma_hs_out hs_exp{};
  bool prev_ok = false;
  uint32_t pv_need = 0, pv_sz[NVN] = {}, pv_us[NVN] = {}, pv2_sz[NVN] = {}, pv2_us[NVN] = {}, pv3_sz[NVN] = {}, pv3_us[NVN] = {};
  int pv_first = 0, pv_v = 0;
  uint64_t pkts_good = 0, pkts_bad = 0, beats_in = 0, wbeats = 0, writes = 0, evts = 0, credits = 0;
  // bench
  uint64_t first_wr = 0, last_wr = 0, wr_bytes = 0, vn_switch = 0;
  int last_wr_vn = -1;
  std::map<unsigned, uint64_t> big_cnt;

  std::unique_ptr<tb::Agent> vec;  // tb::VecAgent, constructed after every port agent

  Env(tb::Harness& hh, const nic_host_cfg& hc, const std::string& vectors = "")
      : h(hh), sim(hh), r(sim.top->rootp), csr(sim, "s_axil", TB_AXIL(sim.top, s_axil)) {
    nic_rxdma_cfg cfg{NVN, TB_LINES};
    if (nic_rxdma_init(&m, &cfg) != NRD_OK) h.fail("model", "nic_rxdma_init failed");
    if (nic_host_init(&host, &hc) != NIC_HOST_OK) h.fail("host", "nic_host_init failed");
    chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rd) -> unsigned {
      if (o.write) {
        const unsigned rc = nic_rxdma_csr_write(&m, o.addr, o.data, o.strb);
        if (v_b) *v_b << rc << "\n";
        return rc;
      }
      return nic_rxdma_csr_read(&m, o.addr, &rd);
    }));
    rx.reset(new Rx(*this));
    if (!vectors.empty()) {
      v_stim = tb::vec_file(vectors, "stim.hex"), v_outs = tb::vec_file(vectors, "outs.hex");
      v_wr = tb::vec_file(vectors, "exp_wr.hex"), v_cr = tb::vec_file(vectors, "exp_cr.hex");
      v_evt = tb::vec_file(vectors, "exp_evt.hex"), v_csr = tb::vec_file(vectors, "exp_csr.hex");
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
    nic_rxdma_free(&m);
    nic_host_free(&host);
  }

  // vector lines (tb/nic/nic_rxdma_replay.v): every input pin, and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = sim.top.get();
    v.add(t->rst, 1), v.add(t->s_hdr_valid, 1), v.add(t->s_hdr_vn, 2), v.add(t->s_hdr_pid, 24);
    v.add(t->s_hdr_target_addr, 64), v.add(t->s_hdr_msg_len, 21), v.add(t->s_hdr_offset, 21), v.add(t->s_hdr_pay_len, 13);
    v.add(t->s_hdr_first, 1), v.add(t->s_hdr_last, 1), v.add(t->s_hdr_src_nid, 16), v.add(t->s_hdr_msg_id, 16);
    v.add(t->s_hdr_eq_handle, 16), v.add(t->s_data_valid, 1), v.add(tb::Sig(&t->s_data_data)), v.add(t->s_data_last, 1);
    v.add(t->m_dma_wr_ready, 1), v.add(t->m_evt_ready, 1);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = sim.top.get();
    v.add(t->s_hdr_ready, 1), v.add(t->s_data_ready, 1), v.add(t->m_dma_wr_valid, 1), v.add(t->m_evt_valid, 1);
    v.add(t->m_credit_valid, 1), v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1);
  }

  uint32_t rand_len(bool big) {
    if (big) return 1u << 20;
    double u = double(h.rng.below(1000)) / 1000;
    if (u < 0.45) return uint32_t(1 + h.rng.below(256));
    if (u < 0.85) return uint32_t(257 + h.rng.below(8192 - 256));
    return uint32_t(8193 + h.rng.below(65536 - 8192));
  }

  void new_msg(unsigned vn, uint32_t len, uint32_t mtu) {
    Msg& g = cur[vn];
    g.uid = next_uid++, g.vn = vn, g.len = len, g.mtu = mtu, g.sent = 0;
    g.addr = next_addr;
    next_addr += (uint64_t(len) + 31) / 32 * 32 + 32 * h.rng.below(200);
    g.pid = uint32_t(h.rng.bits(24)), g.src = uint16_t(h.rng.bits(16)), g.mid = uint16_t(h.rng.bits(16));
    g.eqh = uint16_t(h.rng.bits(16));
    cur_v[vn] = true;
  }

  bool open(unsigned vn) const { return cur_v[vn] && cur[vn].sent > 0 && cur[vn].sent < cur[vn].len; }

  void push_pkt(const nic_rxdma_hdr& hd, bool bad, uint64_t uid) {
    Pkt p{hd, bad, uid, 0};
    p.beats = hd.pay_len == 0 ? 1 : (hd.pay_len + 31) / 32;
    hdr_q.push_back(p);
  }

  // the next good packet of VN vn's message
  void good_pkt(unsigned vn) {
    Msg& g = cur[vn];
    nic_rxdma_hdr hd{};
    hd.vn = vn, hd.pid = g.pid, hd.target_addr = g.addr, hd.msg_len = g.len, hd.offset = g.sent;
    hd.pay_len = std::min(g.mtu, g.len - g.sent);
    hd.first = g.sent == 0, hd.last = g.sent + hd.pay_len == g.len;
    hd.src_nid = g.src, hd.msg_id = g.mid, hd.eq_handle = g.eqh;
    if (hd.first) {
      msgs[g.uid] = g;
      by_addr[g.addr] = g.uid;
    }
    g.sent += hd.pay_len;
    push_pkt(hd, false, g.uid);
    if (g.sent == g.len) cur_v[vn] = false;
  }

  void bad_pkt(unsigned vn) {
    nic_rxdma_hdr hd{};
    hd.vn = vn, hd.pid = 1, hd.target_addr = 0x1000, hd.msg_len = 4096, hd.offset = 0, hd.pay_len = 256;
    hd.first = 1, hd.last = 0, hd.src_nid = 2, hd.msg_id = 3, hd.eq_handle = 4;
    unsigned kind = unsigned(h.rng.below(7));
    bool op = open(vn);
    const Msg& g = cur[vn];
    uint32_t rem = op ? g.len - g.sent : 0;
    if (kind == 0 && op) {                     // first while open
      h.cover("bad_first");
    } else if (kind == 1 && !op) {             // no open message
      hd.first = 0, hd.offset = 32;
      h.cover("bad_nomsg");
    } else if (kind == 2 && op) {              // offset != received
      hd.first = 0, hd.offset = g.sent + 32, hd.msg_len = g.len;
      h.cover("bad_offset");
    } else if (kind == 3 && op && rem + 32 <= 4096) {   // past the message end
      hd.first = 0, hd.offset = g.sent, hd.pay_len = rem + 32, hd.last = 1;
      h.cover("bad_over");
    } else if (kind == 4 && op && rem > 32) {  // last flag wrong
      hd.first = 0, hd.offset = g.sent, hd.pay_len = 32, hd.last = 1;
      h.cover("bad_last");
    } else if (kind == 5) {                    // unaligned target address
      hd.target_addr = 0x1000 + 1 + h.rng.below(31);
      h.cover("bad_align");
    } else {                                   // pay_len 0 or > 4096
      hd.pay_len = h.rng.chance(0.5) ? 0 : 4097 + uint32_t(h.rng.below(100));
      h.cover("bad_len");
    }
    push_pkt(hd, true, 0);
  }

  // one more packet on a random VN (new messages while gen_new)
  void gen(bool big_seed) {
    for (unsigned tries = 0; tries < 8; tries++) {
      unsigned vn = unsigned(h.rng.below(NVN));
      if (gen_new && h.rng.chance(p_bad)) {
        bad_pkt(vn);
        return;
      }
      if (!cur_v[vn]) {
        if (!gen_new) continue;
        bool big = big_seed && vn == 1 && !big_cnt[vn]++;
        new_msg(vn, rand_len(big), 32 * uint32_t(h.rng.range(8, 128)));
      }
      good_pkt(vn);
      return;
    }
  }

  bool open_any() const {
    for (unsigned v = 0; v < NVN; v++)
      if (cur_v[v]) return true;
    return false;
  }

  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }

  void check_counters() {
    for (unsigned i = 0; i < NRD_NSTAT; i++) csr.read(0x100 + 4 * i, {});
    csr.read(0x040, {});
    csr.read(0x044, {});
    csr_wait();
  }

  bool all_done() const {
    return hdr_q.empty() && dat_q.empty() && !hdr_v && msgs.empty() && !open_any();
  }

  const Msg* msg_at(uint64_t addr) const {
    auto it = by_addr.upper_bound(addr);
    if (it == by_addr.begin()) return nullptr;
    --it;
    auto mi = msgs.find(it->second);
    if (mi == msgs.end() || addr >= mi->second.addr + mi->second.len) return nullptr;
    return &mi->second;
  }

  void check_host(uint64_t addr, uint32_t len, const char* what) {
    const Msg* g = msg_at(addr);
    if (!g) h.fail("m_dma_wr", std::string("MISMATCH on m_dma_wr: ") + what + ": address outside every open message");
    if (addr + len > g->addr + g->len) h.fail("m_dma_wr", std::string("MISMATCH on m_dma_wr: ") + what + ": write past the message end");
    std::vector<uint8_t> b(len);
    nic_host_mem_read(&host, addr, b.data(), len);
    for (uint32_t k = 0; k < len; k++)
      if (b[k] != pbyte(h.opt.seed, g->uid, addr - g->addr + k))
        h.fail("m_dma_wr", std::string("MISMATCH on m_dma_wr: ") + what + ": host memory differs from the sender's bytes at message offset " +
                               std::to_string(addr - g->addr + k));
  }
};

Rx::Rx(Env& env) : tb::Agent(env.sim, "rxdma", Role::other), e(env) {}

bool Rx::busy() const { return !e.all_done(); }

static void set_wide(VlWide<8>& w, const uint8_t* d) {
  for (unsigned k = 0; k < 8; k++) {
    uint32_t x;
    std::memcpy(&x, d + 4 * k, 4);
    w[k] = x;
  }
}

void Rx::drive() {
  auto* t = e.sim.top.get();
  tb::Harness& h = e.h;
  nic_host_cycle(&e.host);
  if (!e.hdr_v && !e.hdr_q.empty() && h.rng.chance(e.p_hdr)) e.hdr_v = true;
  t->s_hdr_valid = e.hdr_v;
  if (e.hdr_v) {
    const nic_rxdma_hdr& x = e.hdr_q.front().h;
    t->s_hdr_vn = x.vn, t->s_hdr_pid = x.pid, t->s_hdr_target_addr = x.target_addr, t->s_hdr_msg_len = x.msg_len;
    t->s_hdr_offset = x.offset, t->s_hdr_pay_len = x.pay_len, t->s_hdr_first = x.first, t->s_hdr_last = x.last;
    t->s_hdr_src_nid = x.src_nid, t->s_hdr_msg_id = x.msg_id, t->s_hdr_eq_handle = x.eq_handle;
  }
  if (!e.dat_v && !e.dat_q.empty() && h.rng.chance(e.p_dat)) e.dat_v = true;
  t->s_data_valid = e.dat_v;
  if (e.dat_v) {
    set_wide(t->s_data_data, e.dat_q.front().d);
    t->s_data_last = e.dat_q.front().last;
  }
  t->m_dma_wr_ready = !e.sim.in_reset() && nic_host_wr_ready(&e.host);
  t->m_evt_ready = h.rng.chance(e.p_evt);
}

// handshakes of the cycle, read in sample(), applied in post()
static bool hs_hdr, hs_dat, hs_wr, hs_evt, hs_cr, do_write;
static unsigned write_vn, write_len;
static uint64_t w_addr;
static unsigned w_len, w_last, w_pid, cr_vc, cr_n;
static uint8_t w_data[32];
static nic_rxdma_evt ev_rtl;

void Rx::sample() {
  auto* t = e.sim.top.get();
  auto* r = e.r;
  tb::Harness& h = e.h;
  if (e.sim.in_reset()) {
    hs_hdr = hs_dat = hs_wr = hs_evt = hs_cr = do_write = false;
    e.prev_ok = false;
    return;
  }
  hs_hdr = t->s_hdr_valid && t->s_hdr_ready;
  hs_dat = t->s_data_valid && t->s_data_ready;
  hs_wr = t->m_dma_wr_valid && t->m_dma_wr_ready;
  w_addr = t->m_dma_wr_addr, w_len = t->m_dma_wr_len, w_last = t->m_dma_wr_last, w_pid = t->m_dma_wr_pid;
  for (unsigned k = 0; k < 8; k++) std::memcpy(w_data + 4 * k, &t->m_dma_wr_data[k], 4);
  hs_evt = t->m_evt_valid && t->m_evt_ready;
  ev_rtl.eq_handle = t->m_evt_eq_handle, ev_rtl.src_nid = t->m_evt_src_nid, ev_rtl.msg_id = t->m_evt_msg_id;
  ev_rtl.msg_len = t->m_evt_msg_len, ev_rtl.vn = t->m_evt_vn, ev_rtl.pid = t->m_evt_pid, ev_rtl.status = t->m_evt_status;
  hs_cr = t->m_credit_valid;
  cr_vc = t->m_credit_vc, cr_n = t->m_credit_n;
  moved_ = hs_hdr || hs_dat || hs_wr || hs_evt || hs_cr;

  // ---- R3 first half, every cycle
  for (unsigned c = 0; c < NVN; c++) {
    uint32_t size = r->nic_rxdma__DOT__size_reg[c];
    if (r->nic_rxdma__DOT__ctx_occ[c] > 32u * size) h.fail("buffer", "R3: occ > 32 * BUF_SIZE of context " + std::to_string(c));
    if (r->nic_rxdma__DOT__used_reg[c] > size) h.fail("buffer", "R3: used lines > BUF_SIZE of context " + std::to_string(c));
  }

  // ---- room rule of a waiting header (ok_reg registered from the previous cycle)
  unsigned st = r->nic_rxdma__DOT__st_reg;
  bool wait = (st >> 4) & 1;
  if (wait) {
    if (!e.prev_ok) h.fail("room", "WAIT without a previous cycle");
    unsigned hv0 = r->nic_rxdma__DOT__h_vn % NVN;
    bool exp = nic_rxdma_room_ok(e.pv3_sz[hv0], e.pv3_us[hv0], e.pv_need, e.pv_first, e.pv_v);
    if (bool(r->nic_rxdma__DOT__ok_reg) != exp)
      h.fail("room", "MISMATCH on room: ok_reg " + std::to_string(int(r->nic_rxdma__DOT__ok_reg)) + ", model " + std::to_string(int(exp)));
    h.checks++;
    nic_rxdma_tick(&e.m, !exp);
    if (!exp) h.cover("hdr_stall");
  }
  unsigned hv = r->nic_rxdma__DOT__h_vn % NVN;
  for (unsigned c = 0; c < NVN; c++) {
    e.pv3_sz[c] = e.pv2_sz[c], e.pv3_us[c] = e.pv2_us[c];
    e.pv2_sz[c] = e.pv_sz[c], e.pv2_us[c] = e.pv_us[c];
    e.pv_sz[c] = r->nic_rxdma__DOT__size_reg[c], e.pv_us[c] = r->nic_rxdma__DOT__used_reg[c];
  }
  e.pv_need = r->nic_rxdma__DOT__k_need, e.pv_first = r->nic_rxdma__DOT__h_first;
  e.pv_v = (r->nic_rxdma__DOT__ctx_v >> hv) & 1;
  e.prev_ok = true;

  // ---- RX_HOST_SCHED
  unsigned ph = r->nic_rxdma__DOT__ph_reg;
  do_write = false;
  if (ph == 0) {
    nic_rxdma_hs_state s{};
    s.n_vn = NVN;
    s.mps_code = r->nic_rxdma__DOT__mps_reg;
    s.t1 = r->nic_rxdma__DOT__t1_reg, s.t2 = r->nic_rxdma__DOT__t2_reg;
    for (unsigned c = 0; c < NVN; c++) {
      s.v[c] = (r->nic_rxdma__DOT__ctx_v >> c) & 1;
      s.frs[c] = (r->nic_rxdma__DOT__ctx_frs >> c) & 1;
      s.len[c] = r->nic_rxdma__DOT__ctx_len[c];
      s.rcvd[c] = r->nic_rxdma__DOT__ctx_rcvd[c];
      s.occ[c] = r->nic_rxdma__DOT__ctx_occ[c];
      s.va[c] = r->nic_rxdma__DOT__ctx_va[c];
    }
    s.older = uint16_t(r->nic_rxdma__DOT__older_reg);
    s.room = r->nic_rxdma__DOT__cq_room;
    nic_rxdma_host_sched(&s, &e.hs_exp);
    if (e.fault_gnt && !e.fault_done && e.hs_exp.gnt_v && h.cycle() > 5000)
      e.hs_exp.gnt = (e.hs_exp.gnt + 1) % NVN, e.fault_done = true;
    e.have_hs = true;
    if (e.hs_exp.big) h.cover("t2_big");
    if ((e.hs_exp.elig & (e.hs_exp.elig - 1)) != 0) h.cover("sched_multi");
  } else if (ph == 2) {
    if (!e.have_hs) h.fail("rx_host_sched", "decision cycle without a snapshot");
    const nic_rxdma_hs_out& x = e.hs_exp;
    bool dv = r->nic_rxdma__DOT__d_v;
    unsigned di = r->nic_rxdma__DOT__d_idx;
    if (dv != bool(x.gnt_v) || (dv && di != x.gnt)) {
      char b[200];
      std::snprintf(b, sizeof b, "  RTL gnt_v %d gnt %u, model gnt_v %d gnt %u (elig %x big %x)", int(dv), di, x.gnt_v, x.gnt, x.elig, x.big);
      h.fail("rx_host_sched", "MISMATCH on rx_host_sched: grant differs from RX_HOST_SCHED(snapshot)", b);
    }
    h.checks++;
    if (x.gnt_v) h.cover("gnt_" + std::to_string(x.gnt));
  } else if (ph == 3 && e.have_hs) {
    const nic_rxdma_hs_out& x = e.hs_exp;
    if (bool(r->nic_rxdma__DOT__apply) != bool(x.gnt_v)) h.fail("rx_host_sched", "MISMATCH on rx_host_sched: applied grant differs");
    if (x.gnt_v) {
      if (r->nic_rxdma__DOT__wlen_g != x.wlen) {
        char b[120];
        std::snprintf(b, sizeof b, "  vn %u: RTL wlen %u, model %u", x.gnt, unsigned(r->nic_rxdma__DOT__wlen_g), x.wlen);
        h.fail("rx_host_sched", "MISMATCH on rx_host_sched: write length differs", b);
      }
      do_write = true, write_vn = x.gnt, write_len = x.wlen;
    }
    e.have_hs = false;
  }
}

void Rx::post() {
  tb::Harness& h = e.h;
  nic_rxdma& m = e.m;
  if (e.sim.in_reset()) return;
  uint64_t now = e.sim.cycle() - 1;
  if (hs_hdr) {
    Pkt p = e.hdr_q.front();
    e.hdr_q.pop_front();
    e.hdr_v = false;
    int rc = nic_rxdma_push_hdr(&m, &p.h);
    if (rc < 0) h.fail("model", "push_hdr rc " + std::to_string(rc));
    if ((rc != 0) != p.bad)
      h.fail("s_hdr", "refusal rule of the model differs from the stimulus (" + std::string(p.bad ? "bad packet accepted" : "good packet refused") +
                          ", reason " + std::to_string(rc) + ")");
    for (unsigned k = 0; k < p.beats; k++) {
      Beat b{};
      for (unsigned j = 0; j < 32; j++) {
        uint64_t off = uint64_t(p.h.offset) + 32 * k + j;
        b.d[j] = p.bad ? uint8_t(h.rng.bits(8)) : (32 * k + j < p.h.pay_len ? pbyte(h.opt.seed, p.uid, off) : uint8_t(h.rng.bits(8)));
      }
      b.last = k + 1 == p.beats;
      e.dat_q.push_back(b);
    }
    h.inputs++;
    if (p.bad) e.pkts_bad++;
    else e.pkts_good++;
  }
  if (hs_dat) {
    Beat b = e.dat_q.front();
    e.dat_q.pop_front();
    e.dat_v = false;
    if (nic_rxdma_push_data(&m, b.d, b.last) < 0) h.fail("s_data", "a payload beat the model expects no packet for");
    h.inputs++, e.beats_in++;
  }
  if (do_write) {
    if (nic_rxdma_write(&m, write_vn, write_len) != NRD_OK)
      h.fail("rx_host_sched", "MISMATCH on rx_host_sched: write of " + std::to_string(write_len) + " bytes on VN " + std::to_string(write_vn) +
                                  " breaks the model's rules (occ, MPS, page)");
    e.writes++;
    if (e.last_wr_vn >= 0 && unsigned(e.last_wr_vn) != write_vn) e.vn_switch++;
    e.last_wr_vn = int(write_vn);
  }
  if (hs_wr) {
    nic_rxdma_wbeat x;
    if (nic_rxdma_pop_wbeat(&m, &x) != NRD_OK) h.fail("m_dma_wr", "MISMATCH on m_dma_wr: a write beat the model has not issued");
    if (e.fault_flip && !e.fault_done && e.wbeats > 2000) x.data[3] ^= 0x40, e.fault_done = true;
    if (e.v_wr) {
      char b[96];
      std::snprintf(b, sizeof b, "%016" PRIx64 " %x %x %x ", x.addr, x.len, unsigned(x.last != 0), x.pid);
      *e.v_wr << b;
      for (int j = 31; j >= 0; j--) std::snprintf(b, sizeof b, "%02x", x.data[j]), *e.v_wr << b;
      *e.v_wr << "\n";
    }
    if (x.addr != w_addr || x.len != w_len || bool(x.last) != bool(w_last) || x.pid != w_pid || std::memcmp(x.data, w_data, 32) != 0) {
      char b[300];
      std::snprintf(b, sizeof b, "  vn %u: RTL addr %016" PRIx64 " len %u last %u pid %06x, model addr %016" PRIx64 " len %u last %d pid %06x; data %s",
                    x.vn, w_addr, w_len, w_last, w_pid, x.addr, x.len, x.last, x.pid, std::memcmp(x.data, w_data, 32) ? "differs" : "equal");
      h.fail("m_dma_wr", "MISMATCH on m_dma_wr", b);
    }
    int hr = nic_host_wr_beat(&e.host, w_addr, w_len, w_data, int(w_last));
    if (hr != NIC_HOST_OK) h.fail("m_dma_wr", "host protocol error " + std::to_string(hr));
    if ((w_addr >> 12) != ((w_addr + w_len - 1) >> 12)) h.fail("m_dma_wr", "write crosses a 4 KiB page");
    if (w_last) e.check_host(w_addr, w_len, "write");
    if (!e.first_wr) e.first_wr = now;
    e.last_wr = now;
    if (w_last) e.wr_bytes += w_len;
    h.outputs++, e.wbeats++;
  }
  if (hs_cr) {
    nic_rxdma_credit c;
    if (nic_rxdma_pop_credit(&m, &c) != NRD_OK) h.fail("m_credit", "MISMATCH on m_credit: a credit return the model has not");
    if (e.v_cr) *e.v_cr << std::hex << c.vc << " " << c.n << std::dec << "\n";
    if (c.vc != cr_vc || c.n != cr_n) {
      char b[120];
      std::snprintf(b, sizeof b, "  RTL vc %u n %u, model vc %u n %u", cr_vc, cr_n, c.vc, c.n);
      h.fail("m_credit", "MISMATCH on m_credit", b);
    }
    h.outputs++, e.credits += cr_n;
  }
  if (hs_evt) {
    nic_rxdma_evt x;
    if (nic_rxdma_pop_evt(&m, &x) != NRD_OK) h.fail("m_evt", "MISMATCH on m_evt: an event the model has not");
    if (e.v_evt) {
      char b[96];
      std::snprintf(b, sizeof b, "%x %x %x %x %x %x %x\n", x.eq_handle, x.src_nid, x.msg_id, x.msg_len, x.vn, x.pid, x.status);
      *e.v_evt << b;
    }
    if (x.eq_handle != ev_rtl.eq_handle || x.src_nid != ev_rtl.src_nid || x.msg_id != ev_rtl.msg_id || x.msg_len != ev_rtl.msg_len ||
        x.vn != ev_rtl.vn || x.pid != ev_rtl.pid || x.status != ev_rtl.status) {
      char b[300];
      std::snprintf(b, sizeof b, "  RTL eqh %04x src %04x mid %04x len %u vn %u pid %06x st %u, model eqh %04x src %04x mid %04x len %u vn %u pid %06x st %u",
                    ev_rtl.eq_handle, ev_rtl.src_nid, ev_rtl.msg_id, ev_rtl.msg_len, ev_rtl.vn, ev_rtl.pid, ev_rtl.status, x.eq_handle,
                    x.src_nid, x.msg_id, x.msg_len, x.vn, x.pid, x.status);
      h.fail("m_evt", "MISMATCH on m_evt", b);
    }
    // independent: the oldest open message of the VN in the stimulus, whole buffer in host memory
    const Msg* g = nullptr;
    for (auto& kv : e.msgs)
      if (kv.second.vn == ev_rtl.vn) { g = &kv.second; break; }
    if (!g || g->len != ev_rtl.msg_len || g->mid != ev_rtl.msg_id || g->src != ev_rtl.src_nid || g->eqh != ev_rtl.eq_handle || g->pid != ev_rtl.pid)
      h.fail("m_evt", "MISMATCH on m_evt: event differs from the message the sender sent");
    e.check_host(g->addr, g->len, "event");
    e.by_addr.erase(g->addr);
    e.msgs.erase(g->uid);
    h.outputs++, e.evts++;
  }
}

nic_host_cfg host_cfg(tb::Harness& h, unsigned wr_pct) {
  nic_host_cfg c{};
  c.seed = h.opt.seed * 7919 + 3;
  c.lat_min = 10, c.lat_max = 20;
  c.split_pct = 30, c.gap_max = 4;
  c.rd_ready_pct = 100, c.wr_ready_pct = wr_pct;
  c.max_tags = 16;
  return c;
}

void scenario_random(tb::Harness& h) {
  double st = h.opt.stall;
  unsigned wr_pct = unsigned(100 - st * h.rng.below(100));
  if (wr_pct < 30) wr_pct = 30;
  Env e(h, host_cfg(h, wr_pct), h.opt.get("vectors"));
  e.sim.reset();
  // CSRs of the seed: slices (each >= 128 lines), MPS, T1 <= 32 * min(size) - 4096, T2
  uint32_t size[NVN], base = 0, smin = TB_LINES;
  bool part = h.rng.chance(0.5);
  for (unsigned v = 0; v < NVN; v++) {
    size[v] = TB_LINES / NVN;
    if (part) size[v] = v + 1 < NVN ? 128 + 32 * uint32_t(h.rng.below((TB_LINES / NVN - 128) / 32 + 1)) : TB_LINES - base;
    e.csr.write(0x020 + 4 * v, base);
    e.csr.write(0x030 + 4 * v, size[v]);
    base += size[v];
    smin = std::min(smin, size[v]);
  }
  unsigned mps = unsigned(h.rng.below(6));
  e.csr.write(0x00c, mps);
  uint32_t t1max = 32 * smin - 4096;
  uint32_t t1 = h.rng.chance(0.3) ? 0 : h.rng.chance(0.3) ? t1max : uint32_t(h.rng.below(t1max + 1));
  uint32_t t2 = h.rng.chance(0.3) ? 0x1ffff : h.rng.chance(0.3) ? 0 : uint32_t(h.rng.below(32 * smin));
  e.csr.write(0x010, t1);
  e.csr.write(0x014, t2);
  e.csr.write(0x0f0, 1);            // unmapped: SLVERR, csr_err
  e.csr.read(0x000, {});
  e.csr.read(0x004, {});
  e.csr.read(0x010, {});
  e.csr.read(0x034, {});
  e.csr_wait();
  e.p_hdr = 1 - st * h.rng.below(100) / 100.0, e.p_dat = 1 - st * h.rng.below(100) / 100.0;
  e.p_evt = 1 - st * h.rng.below(100) / 100.0;
  bool big = h.opt.seed % 5 == 0;
  uint64_t n = h.opt.n;
  while (h.inputs < n) {
    if (e.hdr_q.size() < 4) e.gen(big);
    e.sim.step();
  }
  e.gen_new = false;
  e.sim.run_until([&] {
    if (e.hdr_q.size() < 4) e.gen(false);
    return e.all_done();
  }, "drain");
  e.sim.step(50);
  e.check_counters();
  h.extra("pkts_good", double(e.pkts_good));
  h.extra("pkts_bad", double(e.pkts_bad));
  h.extra("beats_in", double(e.beats_in));
  h.extra("writes", double(e.writes));
  h.extra("write_beats", double(e.wbeats));
  h.extra("msgs", double(e.evts));
  h.extra("t1", double(t1));
  h.extra("t2", double(t2));
}

// bench: 64 KiB messages, host write port always ready, no stalls
void bench_one(tb::Harness& h, unsigned nvn, unsigned mps, uint32_t t1, uint32_t t2, uint32_t mtu, const char* tag) {
  Env e(h, host_cfg(h, 100));
  e.sim.reset();
  e.csr.write(0x00c, mps);
  e.csr.write(0x010, t1);
  e.csr.write(0x014, t2);
  e.csr_wait();
  e.p_hdr = e.p_dat = e.p_evt = 1, e.p_bad = 0;
  unsigned nmsg = 16;
  // packets of the nvn VNs interleaved round robin
  for (unsigned k = 0; k < nmsg; k += nvn) {
    for (unsigned v = 0; v < nvn; v++) e.new_msg(v, 65536, mtu);
    bool any = true;
    while (any) {
      any = false;
      for (unsigned v = 0; v < nvn; v++)
        if (e.cur_v[v]) e.good_pkt(v), any = true;
    }
  }
  e.gen_new = false;
  e.sim.run_until([&] { return e.all_done(); }, "bench");
  double cyc = double(e.last_wr - e.first_wr + 1);
  double bpc = double(e.wr_bytes) / cyc;
  std::printf("bench: %s: 16 x 64 KiB msgs on %u VN(s), MTU %u, MPS %u B, T1 %u, T2 %u: %.2f B/cycle (%.3f of 32), %.1f writes/msg, "
              "mean write %.0f B, %.2f VN switches/msg\n",
              tag, nvn, mtu, 128u << mps, t1, t2, bpc, bpc / 32, double(e.writes) / nmsg, double(e.wr_bytes) / double(e.writes),
              double(e.vn_switch) / nmsg);
  h.extra(std::string(tag) + "_bytes_per_cycle", bpc);
  h.extra(std::string(tag) + "_writes_per_msg", double(e.writes) / nmsg);
}

void scenario_bench(tb::Harness& h) {
  // one Sim at a time (Verilator 5.006 scopeErase, as tb_nic_txdma)
  bench_one(h, 1, 2, 0, 0x1ffff, 4096, "mps512");
  bench_one(h, 1, 5, 0, 0x1ffff, 4096, "mps4096");
  bench_one(h, 4, 2, 0, 0x1ffff, 1024, "4vn_t1_0");
  bench_one(h, 4, 2, 4096, 0x1ffff, 1024, "4vn_t1_4096");
  bench_one(h, 4, 2, 4096, 2048, 1024, "4vn_t1_4096_t2_2048");
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_rxdma", "make sim-nic_rxdma SEED=<seed> N=<n> TRACE=1", dflt);
  if (h.opt.scenario == "bench") {
    h.run("bench", [&] { scenario_bench(h); });
  } else {
    h.run("random", [&] { scenario_random(h); });
  }
  return h.exit_code();
}
