// tb_gpubar.cpp -- lockstep testbench of gpubar_xlat (RTL, Verilator) against the C model
// cmodel/gpubar.{h,c} (docs/gpubar.md section 6).
//
// Ports: s_cfg (MPS / requester ID, entry loads and clears, region arm / disarm, refused ops),
// s_desc (descriptors) -> m_req (TLP-sized requests with their header bytes), m_cpl (one
// completion per descriptor). Random valid on both sources and random ready on both sinks
// (backpressure profile per seed, tb/common/stimulus.h). s_cfg is constructed first: the RTL accepts
// at most one of the two per cycle and finishes it before the next, so acceptance order is the
// model's order. Every output field is compared per handshake; the nine counters (stat_cnt) at the
// end of the scenario.
// Stimulus: per region a random off0 (va & 0xFFFF), user length and generation; entries at
// random 64 KiB-aligned BAR addresses (below and above 4 GiB, around the H100 BAR1 base
// 0x1000_0000_0000); descriptors mostly valid, with lengths from 1 byte to > 2 pages, and some
// generation mismatches (also across the 0xffff -> 0 wrap), out-of-bounds (one byte past the user
// length, 32-bit wrap, length 0) and ranges over cleared entries; cfg ops during traffic (MPS
// changes, loads, misaligned loads, clears, re-arms with a new generation, disarms, bad ops).
// Independently of the model, every request is checked: 0 < len <= MPS, no 4 KiB crossing, dw and
// byte enables consistent with len, the bytes of each descriptor covered exactly once in order.
// Second slice (docs/gpubar.md 3, 6.2): a fake GPU BAR / data mover answers every read request
// (payload reads and flush reads) on s_rc after a random latency, out of order, sometimes with
// err (UR / CA), sometimes late (after the completion timeout: stale), sometimes never (the RTL
// must time the tag out), plus spurious reports for tags that are not reads; cpl_to is drawn per
// seed. INVALIDATEs (ranges and whole regions) during traffic; after each ACK the fake frees the
// BAR pages of the invalidated entries (as the kernel's free callback would) and any later request
// that hits a freed page before a LOAD maps it again is a FAILURE (T30). Further independent
// checks: an OK completion only after its flush read (write) or all its reads (read) retired:
// an s_rc for the tag accepted in or after the cycle before the issue cycle (the RTL applies it
// two edges later to the use then out), or cpl_to cycles since the issue
// (T24); an ACK only after every read issued before the INVALIDATE retired and every earlier
// write of the region was followed by a retired read; the flush read itself: one DW,
// all bytes, the DW of the descriptor's last byte, right after its last write.
// Options: --tlp-out FILE writes every request (header bytes, len) for scripts/gpubar_tlp_check.py.
// Faults (--fault): flip (one expected address bit flipped), code (one expected completion code
// changed), flag (one expected m_cpl flag flipped), ack (one expected ACK region changed) are
// model faults; t24 (the tb forgets one flush read's completion: the completion then looks early)
// and t30 (the tb frees every page still mapped at an ACK) must be reported by the independent
// checks.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#ifdef TB_CSR
#include "Vgpubar_top.h"
#include "Vgpubar_top___024root.h"
#include "csr.h"
#include "vectors.h"
#include "regs/gpubar_regs.h"
#define VTOP Vgpubar_top
// CSR addresses from the generated header's struct (docs/regs.md)
#define GPUBAR__ID_ADDR uint32_t(offsetof(gpubar_t, ID))
#define GPUBAR__PARAMS_ADDR uint32_t(offsetof(gpubar_t, PARAMS))
#define GPUBAR__MPS_ADDR uint32_t(offsetof(gpubar_t, MPS))
#define GPUBAR__CPL_TO_ADDR uint32_t(offsetof(gpubar_t, CPL_TO))
#define GPUBAR__REGION_ADDR uint32_t(offsetof(gpubar_t, REGION))
#define GPUBAR__IDX_ADDR uint32_t(offsetof(gpubar_t, IDX))
#define GPUBAR__DATA_LO_ADDR uint32_t(offsetof(gpubar_t, DATA_LO))
#define GPUBAR__DATA_HI_ADDR uint32_t(offsetof(gpubar_t, DATA_HI))
#define GPUBAR__OP_ADDR uint32_t(offsetof(gpubar_t, OP))
#define GPUBAR__STATUS_ADDR uint32_t(offsetof(gpubar_t, STATUS))
#define GPUBAR__ACK_HEAD_ADDR uint32_t(offsetof(gpubar_t, ACK_HEAD))
#define GPUBAR__ACK_POP_ADDR uint32_t(offsetof(gpubar_t, ACK_POP))
#define GPUBAR__ACK_CNT_ADDR uint32_t(offsetof(gpubar_t, ACK_CNT))
#define GPUBAR__STAT_ADDR uint32_t(offsetof(gpubar_t, STAT[0]))
#else
#include "Vgpubar_xlat.h"
#define VTOP Vgpubar_xlat
#endif
#include "core.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "gpubar.h"
}

#ifndef TB_NR
#define TB_NR 16
#endif
#ifndef TB_NE
#define TB_NE 64
#endif
#define ID_W 8

using tb::Txn;

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }
static const unsigned RW = log2u(TB_NR), PW = log2u(TB_NE);

struct Rgn { bool armed = false; unsigned off0 = 0; uint32_t ulen = 0; unsigned gen = 0; };

#ifdef TB_CSR
// gpubar_top build: reads the top's inner handshakes (public_flat_rd in gpubar_top.v) before the
// edge (the s_cfg and m_ack handshakes of gpubar_xlat, BUSY) and hands them to post()
class Probe : public tb::Agent {
 public:
  Probe(tb::SimBase& sim, std::function<void()> s, std::function<void()> p)
      : tb::Agent(sim, "probe", Role::other), s_(std::move(s)), p_(std::move(p)) {}
 protected:
  void drive() override {}
  void sample() override { s_(); }
  void post() override { if (!sim_.in_reset()) p_(); }
 private:
  std::function<void()> s_, p_;
};
#endif

static Txn req_txn(const gpubar_req& r) {
  uint64_t h0 = 0, h1 = 0;
  for (int i = 0; i < 8; i++) h0 = h0 << 8 | r.hdr[i], h1 = h1 << 8 | r.hdr[8 + i];
  return Txn().add("addr", 64, r.addr).add("len", 10, r.len).add("dw", 8, r.dw).add("first_be", 4, r.first_be)
      .add("last_be", 4, r.last_be).add("fmt4", 1, r.fmt4).add("write", 1, r.write).add("tag", 8, r.tag)
      .add("hdr0", 64, h0).add("hdr1", 64, h1).add("region", RW, r.region).add("id", ID_W, r.id)
      .add("boff", 32, r.boff).add("last", 1, r.last).add("flush", 1, r.flush);
}

struct X {
  tb::Harness& h;
#ifdef TB_CSR
  // --vectors DIR (tb/gpubar/gpubar_top_replay.v): before sim, so they outlive the agents
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_req, v_cpl, v_csr, v_b;
  std::unique_ptr<tb::Agent> vec;
#endif
  tb::Sim<VTOP> sim;
  VTOP* top;
  gpubar_model m{};
#ifdef TB_CSR
  tb::AxilMaster csr;
#else
  tb::StreamSource cfg;
#endif
  tb::StreamSource desc, rc;
  tb::StreamSink req, cpl;
#ifndef TB_CSR
  tb::StreamSink ack;
#endif
  tb::Scoreboard sb_req, sb_cpl, sb_ack;
  std::vector<Rgn> rg;
  std::vector<uint8_t> valid;
  unsigned mps = 0;
  std::string fault;
  bool fault_done = false;
  uint64_t nreq = 0, ncpl = 0, ndesc = 0, nack = 0, nrd = 0, ninv = 0, nlate = 0, ndrop = 0;
  unsigned cto = 0;
  // independent checks: the descriptor the requests belong to (reads: tag and issue cycle)
  struct Rd { unsigned tag; uint64_t cyc; };
  struct Open { unsigned id; uint32_t off, len, seen; unsigned write; std::vector<Rd> rds; bool flushed; };
  std::deque<Open> open;    // accepted descriptors, for the coverage check of the requests
  FILE* tlp_out = nullptr;
  // fake GPU / data mover: responses due at a cycle; last s_rc acceptance cycle per tag
  std::multimap<uint64_t, std::pair<unsigned, unsigned>> due;
  uint64_t rc_last[256];
  // reads not yet retired (m_req index -> tag, issue cycle); last write index per region
  std::map<uint64_t, Rd> unret;
  std::vector<int64_t> last_wr;
  std::deque<std::pair<uint64_t, Rd>> reads_log;   // every read: index, tag, cycle (pruned by age)
  // INVALIDATEs accepted, ACK pending: region, requests before it, BAR pages of the entries
  struct Inv { unsigned region; uint64_t seq; std::vector<uint64_t> pages; };
  std::deque<Inv> invs;
  // the table as accepted (for the freed pages); pages freed by an ACK (addr >> 16)
  std::vector<uint8_t> a_valid;
  std::vector<uint64_t> a_addr;
  std::set<uint64_t> freed;
  tb::PostHook* ticker = nullptr;   // the last agent constructed: runs after every port's callback
  // bench scenarios: the fake GPU answers every read after bench_lat cycles (-2: never), no
  // spurious reports; INVALIDATE accept / ACK cycles
  int bench_lat = -1;
  uint64_t inv_acc_cyc = 0, ack_cyc = 0, nrc = 0;
#ifdef TB_CSR
  // CSR front (docs/gpubar.md 8): cfg ops as AXI4-Lite writes, one at a time (software waits for
  // BUSY low); the model takes each op at the s_cfg handshake of gpubar_xlat inside the top
  std::unique_ptr<tb::CsrChecker> chk;
  Probe* probe = nullptr;
  std::deque<Txn> cfgq;             // ops not yet handed to gpubar_xlat
  int cseq = 0;                     // 0 free, 1 OP written (waiting for s_cfg), 2 taken (waiting for BUSY low)
  bool p_fire = false, p_ack = false, p_busy = false;
  unsigned p_ackrg = 0;
  // the CSR model: staging as written, the last op's refusal, the ACK FIFO, ACK_CNT
  uint32_t c_cto = 12500, c_region = 0, c_idx = 0, c_dlo = 0, c_dhi = 0, c_op = 0, c_ackcnt = 0;
  uint32_t q_region = 0, q_idx = 0, q_dlo = 0, q_dhi = 0;   // the same, as queued
  bool c_bad = false, pop_busy = false, quiet = false;
  std::deque<unsigned> c_ackq;
  uint64_t nstat_rd = 0, ncsr_bad = 0, nmps_reg = 0;
#endif

  explicit X(tb::Harness& harness)
      : h(harness), sim(harness), top(sim.top.get()),
#ifdef TB_CSR
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
#else
        cfg(sim, "s_cfg", TB_HS(top, s_cfg),
            [this](const Txn& t) {
              top->s_cfg_op = uint8_t(t.get("op"));
              top->s_cfg_region = uint8_t(t.get("region"));
              top->s_cfg_idx = uint16_t(t.get("idx"));
              top->s_cfg_data = t.get("data");
            }),
#endif
        desc(sim, "s_desc", TB_HS(top, s_desc),
             [this](const Txn& t) {
               top->s_desc_id = uint8_t(t.get("id"));
               top->s_desc_region = uint8_t(t.get("region"));
               top->s_desc_gen = uint16_t(t.get("gen"));
               top->s_desc_off = uint32_t(t.get("off"));
               top->s_desc_len = uint32_t(t.get("len"));
               top->s_desc_write = uint8_t(t.get("write"));
             }),
        rc(sim, "s_rc", TB_HS(top, s_rc),
           [this](const Txn& t) {
             top->s_rc_tag = uint8_t(t.get("tag"));
             top->s_rc_err = uint8_t(t.get("err"));
           }),
        req(sim, "m_req", TB_HS(top, m_req),
            [this]() {
              const uint64_t h0 = uint64_t(top->m_req_hdr[3]) << 32 | top->m_req_hdr[2];
              const uint64_t h1 = uint64_t(top->m_req_hdr[1]) << 32 | top->m_req_hdr[0];
              return Txn().add("addr", 64, top->m_req_addr).add("len", 10, top->m_req_len).add("dw", 8, top->m_req_dw)
                  .add("first_be", 4, top->m_req_first_be).add("last_be", 4, top->m_req_last_be)
                  .add("fmt4", 1, top->m_req_fmt4).add("write", 1, top->m_req_write).add("tag", 8, top->m_req_tag)
                  .add("hdr0", 64, h0).add("hdr1", 64, h1).add("region", RW, top->m_req_region)
                  .add("id", ID_W, top->m_req_id).add("boff", 32, top->m_req_boff).add("last", 1, top->m_req_last)
                  .add("flush", 1, top->m_req_flush);
            }),
        cpl(sim, "m_cpl", TB_HS(top, m_cpl),
            [this]() {
              return Txn().add("id", ID_W, top->m_cpl_id).add("region", RW, top->m_cpl_region).add("code", 2, top->m_cpl_code)
                  .add("flag", 1, top->m_cpl_flag);
            }),
#ifndef TB_CSR
        ack(sim, "m_ack", TB_HS(top, m_ack), [this]() { return Txn().add("region", RW, top->m_ack_region); }),
#endif
        sb_req(sim, "m_req"), sb_cpl(sim, "m_cpl"), sb_ack(sim, "m_ack") {
    tb::Rng& r0 = h.rng;
    cto = r0.chance(0.1) ? unsigned(r0.range(0, 40)) : unsigned(r0.range(60, 700));
    if (!h.opt.get("cpl-to").empty()) cto = unsigned(std::stoul(h.opt.get("cpl-to")));
#ifndef TB_CSR
    top->cpl_to = uint16_t(cto);
#endif
    gpubar_cfg c{TB_NR, TB_NE, ID_W, 32, cto};
    if (gpubar_init(&m, &c) != GPUBAR_OK) h.fail("model", "gpubar_init failed");
    fault = h.opt.fault;
    rg.assign(TB_NR, Rgn());
    valid.assign(TB_NR * TB_NE, 0);
    a_valid.assign(TB_NR * TB_NE, 0);
    a_addr.assign(TB_NR * TB_NE, 0);
    last_wr.assign(TB_NR, -1);
    for (auto& v : rc_last) v = 0;
    const std::string tf = h.opt.get("tlp-out");
    if (!tf.empty() && !(tlp_out = std::fopen(tf.c_str(), "w"))) h.fail("tb", "cannot open --tlp-out " + tf);
    sb_req.model([this](Txn& t) {
      gpubar_req r;
      const int e = gpubar_pop_req(&m, &r);
      if (e == GPUBAR_EINVAL) h.fail("model", "a read request while every tag is out (the RTL cannot have issued it)");
      if (e != GPUBAR_OK) return false;
      if (fault == "flip" && !fault_done && nreq >= 300) r.addr ^= 1ull << 20, fault_done = true;
      t = req_txn(r);
      return true;
    });
    sb_cpl.model([this](Txn& t) {
      gpubar_cpl c;
      if (gpubar_pop_cpl(&m, &c) != GPUBAR_OK) return false;
      if (fault == "code" && !fault_done && ncpl >= 300) c.code ^= 2, fault_done = true;
      if (fault == "flag" && !fault_done && ncpl >= 300) c.flag ^= 1, fault_done = true;
      t = Txn().add("id", ID_W, c.id).add("region", RW, c.region).add("code", 2, c.code).add("flag", 1, c.flag);
      return true;
    });
    sb_ack.model([this](Txn& t) {
      unsigned g;
      if (gpubar_pop_ack(&m, &g) != GPUBAR_OK) return false;
      if (fault == "ack" && !fault_done && nack >= 20) g ^= 1, fault_done = true;
      t = Txn().add("region", RW, g);
      return true;
    });
#ifndef TB_CSR
    cfg.on_accept = [this](const Txn& t) { cfg_accept(t); };
    ack.on_capture = [this](const Txn& t) { ack_capture(t); };
#endif
    rc.on_accept = [this](const Txn& t) {
      const unsigned tag = unsigned(t.get("tag"));
      gpubar_push_rc(&m, tag, unsigned(t.get("err")));
      rc_last[tag] = sim.cycle() - 1;   // the handshake's cycle
      nrc++;
      // the most recent unretired read with this tag retires
      for (auto it = unret.rbegin(); it != unret.rend(); ++it)
        if (it->second.tag == tag) { unret.erase(std::next(it).base()); break; }
    };
    desc.on_accept = [this](const Txn& t) {
      gpubar_desc d{unsigned(t.get("id")), unsigned(t.get("region")), unsigned(t.get("gen")), uint32_t(t.get("off")),
                    uint32_t(t.get("len")), unsigned(t.get("write"))};
      if (gpubar_push_desc(&m, &d) != GPUBAR_OK) h.fail("model", "push_desc");
      open.push_back(Open{d.id, d.off, d.len, 0, d.write, {}, false});
      ndesc++;
    };
    req.on_capture = [this](const Txn& t) {
      check_req(t);
      sb_req.actual(t);   // equal to the model's (a difference fails the run): the replay's expectation
#ifdef TB_CSR
      if (v_req)
        *v_req << std::hex << t.get("addr") << " " << t.get("len") << " " << t.get("dw") << " " << t.get("first_be") << " "
               << t.get("last_be") << " " << t.get("fmt4") << " " << t.get("write") << " " << t.get("tag") << " "
               << t.get("hdr0") << " " << t.get("hdr1") << " " << t.get("region") << " " << t.get("id") << " "
               << t.get("boff") << " " << t.get("last") << " " << t.get("flush") << std::dec << "\n";
#endif
      nreq++;
    };
    cpl.on_capture = [this](const Txn& t) {
      sb_cpl.actual(t);
#ifdef TB_CSR
      if (v_cpl)
        *v_cpl << std::hex << t.get("id") << " " << t.get("region") << " " << t.get("code") << " " << t.get("flag") << std::dec << "\n";
#endif
      ncpl++;
      const unsigned code = unsigned(t.get("code"));
      h.cover(code == 0 ? "ok" : code == 1 ? "err_gen" : code == 2 ? "err_inv" : "err_oob");
      if (t.get("flag")) h.cover("cpl_flag");
      if (open.empty() || open.front().id != t.get("id")) h.fail("m_cpl", "completion of no open descriptor");
      const Open& o = open.front();
      if (code == 0 && o.seen != o.len)
        h.fail("m_cpl", "OK completion before every byte was requested",
               "  seen " + std::to_string(o.seen) + " of " + std::to_string(o.len));
      if (code != 0 && o.seen != 0) h.fail("m_cpl", "error completion after requests (R-14)");
      if (code == 0 && o.write && !o.flushed) h.fail("m_cpl", "OK completion of a write without its flush read (R-7)");
      // T24: the completion only after its flush read / all its reads retired
      for (const Rd& d : o.rds)
        if (!retired(d))
          h.fail("m_cpl", "completion before its flush read / read retired (T24)",
                 "  tag " + std::to_string(d.tag) + " issued in cycle " + std::to_string(d.cyc));
      h.check(true, "m_cpl", "T24 flush before completion");
      open.pop_front();
    };
#ifdef TB_CSR
    probe = new Probe(sim, [this]() { probe_sample(); }, [this]() { probe_post(); });
    chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rd) {
      const unsigned rc = csr_expect(o, rd);
      if (o.write && v_b) *v_b << rc << "\n";
      return rc;
    }));
    const std::string vd = h.opt.get("vectors");
    if (!vd.empty()) {
      v_stim = tb::vec_file(vd, "stim.hex"), v_outs = tb::vec_file(vd, "outs.hex");
      v_req = tb::vec_file(vd, "exp_req.hex"), v_cpl = tb::vec_file(vd, "exp_cpl.hex");
      v_csr = tb::vec_file(vd, "exp_csr.hex"), v_b = tb::vec_file(vd, "exp_b.hex");
      chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
        *v_csr << std::hex << rdata << " " << resp << std::dec << "\n";
      };
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](tb::BitVec& v) { vec_inputs(v); },
                                 [this](tb::BitVec& v) { vec_outputs(v); }));
    }
#endif
    ticker = new tb::PostHook(sim, "tick", [this]() { tick(); }, [this]() { return !due.empty(); });
    for (auto* n : {"ok", "err_gen", "err_inv", "err_oob", "split4k", "split64k", "fmt3", "fmt4", "rd", "wr",
                    "cfg_bad", "mps128", "mps256", "mps512", "gen_wrap", "one_dw", "disarm", "flush", "ack",
                    "inv_all", "inv_range", "cpl_flag", "rc_err", "rc_late", "rc_never", "rc_spurious"})
      h.cov_declare(n);
  }
  ~X() {
    delete ticker;
#ifdef TB_CSR
    delete probe;
    vec.reset();
#endif
    if (tlp_out) std::fclose(tlp_out);
    gpubar_free(&m);
  }

  // an s_cfg handshake: the model's input, the tb's table as accepted
  void cfg_accept(const Txn& t) {
    gpubar_cfg_op o{unsigned(t.get("op")), unsigned(t.get("region")), unsigned(t.get("idx")), t.get("data")};
    // the requests before an INVALIDATE: every one the model has formed so far
    if (o.op == GPUBAR_OP_INV) {
      inv_acc_cyc = sim.cycle() - 1;
      Inv v{o.region, nreq + m.rq_n, {}};
      const unsigned last = unsigned(o.data & (TB_NE - 1));
      for (unsigned i = 0; i < TB_NE; i++)
        if ((o.data >> 63) || (i >= o.idx && i <= last)) {
          const unsigned e = o.region * TB_NE + i;
          if (a_valid[e]) v.pages.push_back(a_addr[e] >> 16);
          a_valid[e] = 0;
        }
      invs.push_back(v);
      ninv++;
    } else if (o.op == GPUBAR_OP_LOAD && !(o.data & 0xffff)) {
      const unsigned e = o.region * TB_NE + o.idx;
      a_valid[e] = 1, a_addr[e] = o.data;
      freed.erase(o.data >> 16);   // mapped again
    } else if (o.op == GPUBAR_OP_CLEAR) {
      a_valid[o.region * TB_NE + o.idx] = 0;
    }
    if (gpubar_push_cfg(&m, &o) != GPUBAR_OK) h.fail("model", "push_cfg");
  }
  // an m_ack handshake: model compare, R-9, the fake frees the pages (T30)
  void ack_capture(const Txn& t) {
    sb_ack.actual(t);
    nack++;
    ack_cyc = sim.cycle() - 1;
    h.cover("ack");
    if (invs.empty() || invs.front().region != t.get("region")) h.fail("m_ack", "ACK of no pending INVALIDATE");
    Inv v = invs.front();
    invs.pop_front();
    // every read before the INVALIDATE retired; every earlier write of the region flushed
    for (auto it = unret.begin(); it != unret.end() && it->first < v.seq; ++it)
      if (!retired(it->second))
        h.fail("m_ack", "ACK before an earlier read retired (R-9)",
               "  request " + std::to_string(it->first) + " tag " + std::to_string(it->second.tag));
    const int64_t w = last_wr[v.region];
    if (w >= 0 && uint64_t(w) < v.seq) {
      bool ok = false;
      for (auto& e : reads_log)
        if (e.first > uint64_t(w) && retired(e.second)) { ok = true; break; }
      if (!ok) h.fail("m_ack", "ACK before the region's last write was flushed by a retired read (R-7, R-9)",
                      "  write request " + std::to_string(w));
    }
    h.check(true, "m_ack", "R-9 drained");
    // the free callback returns: the BAR pages of the entries go away unless still mapped
    std::set<uint64_t> live;
    for (unsigned e = 0; e < TB_NR * TB_NE; e++)
      if (a_valid[e]) live.insert(a_addr[e] >> 16);
    for (uint64_t p : v.pages)
      if (!live.count(p)) freed.insert(p);
    if (fault == "t30" && !fault_done && nack >= 2) freed.insert(live.begin(), live.end()), fault_done = true;
  }
#ifdef TB_CSR
  bool cfg_busy() const { return !cfgq.empty() || cseq != 0; }
  // vector lines (tb/gpubar/gpubar_top_replay.v): every input pin, and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
    v.add(t->s_desc_valid, 1), v.add(t->s_desc_id, ID_W), v.add(t->s_desc_region, RW), v.add(t->s_desc_gen, 16);
    v.add(t->s_desc_off, 32), v.add(t->s_desc_len, 32), v.add(t->s_desc_write, 1), v.add(t->m_req_ready, 1);
    v.add(t->s_rc_valid, 1), v.add(t->s_rc_tag, 8), v.add(t->s_rc_err, 1), v.add(t->m_cpl_ready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->s_desc_ready, 1), v.add(t->m_req_valid, 1), v.add(t->s_rc_ready, 1), v.add(t->m_cpl_valid, 1);
    v.add(t->irq_ack, 1), v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2), v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1);
  }
  void probe_sample() {
    auto* r = top->rootp;
    p_fire = r->gpubar_top__DOT__cfg_fire;
    p_ack = r->gpubar_top__DOT__m_ack_valid && r->gpubar_top__DOT__m_ack_ready;
    p_ackrg = r->gpubar_top__DOT__m_ack_region;
    p_busy = r->gpubar_top__DOT__busy;
  }
  void probe_post() {
    if (p_fire) {   // gpubar_xlat took the op: the model's input now
      if (cseq != 1 || cfgq.empty()) h.fail("s_cfg", "a cfg op handshake without an OP / MPS write");
      const Txn t = cfgq.front();
      cfgq.pop_front();
      const uint32_t bad0 = m.c[GPUBAR_C_CFG_BAD];
      cfg_accept(t);
      c_bad = m.c[GPUBAR_C_CFG_BAD] != bad0;
      cseq = 2;
    } else if (cseq == 2 && !p_busy) {
      cseq = 0;
    }
    if (p_ack) {    // into the ACK FIFO
      c_ackq.push_back(p_ackrg);
      c_ackcnt++;
      ack_capture(Txn().add("region", RW, p_ackrg));
    }
    tb::Rng& r = h.rng;
    if (cseq == 0 && !cfgq.empty() && csr.queued() < 8) {   // software: the next op
      const Txn& t = cfgq.front();
      const unsigned op = unsigned(t.get("op"));
      const uint64_t d = t.get("data");
      if (op == GPUBAR_OP_MPS && (d >> 32) == 0 && (d & 0xfffc) == 0 && r.chance(0.5)) {
        csr.write(GPUBAR__MPS_ADDR, uint32_t(d));
        nmps_reg++;
      } else {
        const uint32_t rg = uint32_t(t.get("region")), ix = uint32_t(t.get("idx"));
        if (rg != q_region || r.chance(0.1)) csr.write(GPUBAR__REGION_ADDR, q_region = rg);
        if (ix != q_idx || r.chance(0.1)) csr.write(GPUBAR__IDX_ADDR, q_idx = ix);
        if (uint32_t(d) != q_dlo || r.chance(0.1)) csr.write(GPUBAR__DATA_LO_ADDR, q_dlo = uint32_t(d));
        if (uint32_t(d >> 32) != q_dhi || r.chance(0.1)) csr.write(GPUBAR__DATA_HI_ADDR, q_dhi = uint32_t(d >> 32));
        csr.write(GPUBAR__OP_ADDR, op);
      }
      cseq = 1;
    }
    if (!pop_busy && top->irq_ack) {   // software: the ACK interrupt, read the head, pop it
      pop_busy = true;
      csr.read(GPUBAR__ACK_HEAD_ADDR, {});
      csr.write(GPUBAR__ACK_POP_ADDR, r.bits(32), [this](unsigned, uint32_t) { pop_busy = false; });
    }
  }
  // random CSR traffic during the run: reads of the registers that do not move with traffic,
  // refused writes (read-only, unmapped, partial strobe)
  void csr_random() {
    tb::Rng& r = h.rng;
    static const uint32_t rd[] = {GPUBAR__ID_ADDR, GPUBAR__PARAMS_ADDR, GPUBAR__CPL_TO_ADDR, GPUBAR__REGION_ADDR,
                                  GPUBAR__IDX_ADDR, GPUBAR__DATA_LO_ADDR, GPUBAR__DATA_HI_ADDR, GPUBAR__OP_ADDR,
                                  GPUBAR__ACK_POP_ADDR, 0x034, 0x0fc, 0x138, 0x102, 0xffc};
    switch (r.below(4)) {
      case 0: csr.write(GPUBAR__ID_ADDR, r.bits(32)); break;
      case 1: csr.write(GPUBAR__CPL_TO_ADDR, r.bits(32), {}, unsigned(r.range(0, 14))); break;
      case 2: csr.write(r.chance(0.5) ? 0x040 : GPUBAR__STAT_ADDR + 4 * r.below(14), r.bits(32)); break;
      default: csr.read(rd[r.below(sizeof rd / sizeof rd[0])], {}); break;
    }
  }
  // every register, when nothing moves (end of the run): the counters, STATUS, MPS in force
  void csr_final() {
    quiet = true;
    static const uint32_t all[] = {GPUBAR__ID_ADDR, GPUBAR__PARAMS_ADDR, GPUBAR__MPS_ADDR, GPUBAR__CPL_TO_ADDR,
                                   GPUBAR__REGION_ADDR, GPUBAR__IDX_ADDR, GPUBAR__DATA_LO_ADDR, GPUBAR__DATA_HI_ADDR,
                                   GPUBAR__OP_ADDR, GPUBAR__STATUS_ADDR, GPUBAR__ACK_HEAD_ADDR, GPUBAR__ACK_POP_ADDR,
                                   GPUBAR__ACK_CNT_ADDR};
    for (uint32_t a : all) csr.read(a, {});
    for (unsigned i = 0; i < GPUBAR_NCNT; i++) csr.read(GPUBAR__STAT_ADDR + 4 * i, {});
    sim.run_until([&] { return csr.idle_now(); }, "final CSR reads");
    if (top->irq_ack) h.fail("irq_ack", "irq_ack high with the ACK FIFO empty");
  }
  // the CSR model's answer (rdl/gpubar.rdl; docs/gpubar.md 8)
  unsigned csr_expect(const tb::AxilMaster::Op& o, uint32_t& v) {
    const uint32_t a = o.addr;
    v = 0;
    if (o.write) {
      if (o.strb != 0xf) { ncsr_bad++; return 2; }
      switch (a) {
        case GPUBAR__CPL_TO_ADDR: c_cto = o.data & 0xffff; return 0;
        case GPUBAR__REGION_ADDR: c_region = o.data & 0xff; return 0;   // written only while not BUSY
        case GPUBAR__IDX_ADDR: c_idx = o.data & 0x3ff; return 0;
        case GPUBAR__DATA_LO_ADDR: c_dlo = o.data; return 0;
        case GPUBAR__DATA_HI_ADDR: c_dhi = o.data; return 0;
        case GPUBAR__OP_ADDR: c_op = o.data & 7; return 0;
        case GPUBAR__MPS_ADDR: return 0;
        case GPUBAR__ACK_POP_ADDR:
          if (c_ackq.empty()) return 2;
          c_ackq.pop_front();
          return 0;
        default: ncsr_bad++; return 2;
      }
    }
    switch (a) {
      case GPUBAR__ID_ADDR: v = 0x47505542u; break;
      case GPUBAR__PARAMS_ADDR: v = RW | PW << 4 | 5u << 8 | 4u << 12 | unsigned(ID_W) << 16 | 4u << 24; break;
      case GPUBAR__MPS_ADDR: v = m.mps | m.req_id << 16; break;          // read when quiet only
      case GPUBAR__CPL_TO_ADDR: v = c_cto; break;
      case GPUBAR__REGION_ADDR: v = c_region; break;
      case GPUBAR__IDX_ADDR: v = c_idx; break;
      case GPUBAR__DATA_LO_ADDR: v = c_dlo; break;
      case GPUBAR__DATA_HI_ADDR: v = c_dhi; break;
      case GPUBAR__OP_ADDR: v = c_op; break;
      case GPUBAR__STATUS_ADDR: v = uint32_t(c_ackq.size()) << 8 | (c_bad ? 2u : 0u); break;   // quiet: BUSY 0
      case GPUBAR__ACK_HEAD_ADDR: v = c_ackq.empty() ? 0 : 0x80000000u | c_ackq.front(); break;
      case GPUBAR__ACK_POP_ADDR: v = 0; break;
      case GPUBAR__ACK_CNT_ADDR: v = c_ackcnt; break;
      default:
        if (a >= GPUBAR__STAT_ADDR && a < GPUBAR__STAT_ADDR + 4 * GPUBAR_NCNT && (a & 3) == 0) {
          if (!quiet) h.fail("tb", "a counter read during traffic");
          v = m.c[(a - GPUBAR__STAT_ADDR) / 4];
          if (fault == "csr" && !fault_done && a == GPUBAR__STAT_ADDR + 4 * GPUBAR_C_TLP_WR) v ^= 1, fault_done = true;
          nstat_rd++;
          break;
        }
        ncsr_bad++;
        return 2;
    }
    return 0;
  }
#endif
  // a read retired: an s_rc for its tag that applies to this use, or timed out. The RTL applies
  // an s_rc at the second edge after its handshake to the tag's use out then: a handshake in
  // the cycle before the read's issue cycle or later (gpubar_tags.v)
  bool retired(const Rd& d) const {
    const uint64_t now = sim.cycle() - 1;
    return (rc_last[d.tag] != 0 && rc_last[d.tag] + 1 >= d.cyc) || now >= d.cyc + cto;
  }
  // after every cycle's callbacks: the model's clock edge, the fake GPU's answers that are due
  void tick() {
    gpubar_tick(&m);
    const uint64_t now = sim.cycle();
    while (!due.empty() && due.begin()->first <= now) {
      rc.push(Txn().add("tag", 8, due.begin()->second.first).add("err", 1, due.begin()->second.second));
      due.erase(due.begin());
    }
    if (bench_lat == -1 && h.rng.chance(0.001)) {   // a spurious report (a tag that is not a read, or not out)
      rc.push(Txn().add("tag", 8, h.rng.chance(0.5) ? h.rng.range(32, 255) : h.rng.below(32)).add("err", 1, 0));
      h.cover("rc_spurious");
    }
    // forget old retired reads
    while (!reads_log.empty() && reads_log.front().second.cyc + 200000 < now) reads_log.pop_front();
    for (auto it = unret.begin(); it != unret.end() && it->second.cyc + cto + 4 < now;) it = unret.erase(it);
  }
  // the fake GPU receives a read request
  void gpu_read(unsigned tag) {
    tb::Rng& r = h.rng;
    const uint64_t now = sim.cycle();
    if (bench_lat >= 0) due.emplace(now + uint64_t(bench_lat), std::make_pair(tag, 0u));
    if (bench_lat != -1) return;
    const unsigned k = unsigned(r.below(1000));
    if (k < 5) { ndrop++; h.cover("rc_never"); return; }               // never answered: timeout
    uint64_t lat = uint64_t(r.range(1, r.chance(0.5) ? 12 : 150));
    if (k < 20) lat = cto + uint64_t(r.range(1, 300)), nlate++, h.cover("rc_late");   // late
    const unsigned err = k >= 20 && k < 35 ? 1 : 0;
    if (err) h.cover("rc_err");
    due.emplace(now + lat, std::make_pair(tag, err));
  }

  // checks that do not use the model (spec note 004 R-5, T05; PCIe byte-enable rules)
  void check_req(const Txn& t) {
    const uint64_t a = t.get("addr"), len = t.get("len");
    const uint64_t now = sim.cycle() - 1;
    if (freed.count(a >> 16)) h.fail("m_req", "request to a BAR page freed after an ACK (T30)");
    h.check(true, "m_req", "T30 no request to a freed page");
    if (!t.get("write")) {
      const Rd d{unsigned(t.get("tag")), now};
      unret[nreq] = d;
      reads_log.emplace_back(nreq, d);
      nrd++;
      gpu_read(d.tag);
    } else {
      last_wr[t.get("region")] = int64_t(nreq);
    }
    if (t.get("flush")) {
      h.cover("flush");
      h.check(len == 4 && t.get("dw") == 1 && t.get("first_be") == 15 && t.get("last_be") == 0 && (a & 3) == 0 &&
                  !t.get("write") && !t.get("last"),
              "m_req", "flush read: 1 DW, all bytes");
      Open* op = nullptr;
      for (auto& e : open)
        if (e.id == t.get("id")) { op = &e; break; }
      if (!op || !op->write || op->seen != op->len || op->flushed) h.fail("m_req", "flush read not right after a write descriptor's last request");
      h.check(((last_addr + last_len - 1) & ~3ull) == a, "m_req", "flush read: the DW of the last written byte");
      op->flushed = true;
      if (tlp_out)   // the flush reads go to the oracle too
        std::fprintf(tlp_out, "%016" PRIx64 "%016" PRIx64 " %" PRIu64 " %" PRIx64 "\n", t.get("hdr0"), t.get("hdr1"), len, a);
      const Rd d{unsigned(t.get("tag")), now};
      if (!(fault == "t24" && !fault_done && nrd > 300)) op->rds.push_back(d);
      else { fault_done = true; op->rds.push_back(Rd{d.tag, now + 1000000}); }   // its s_rc forgotten
      return;
    }
    last_addr = a, last_len = len;
    const unsigned mpsb = 128u << mps_seen();
    h.check(len > 0 && len <= 512, "m_req", "0 < len <= 512");
    h.check((a >> 12) == ((a + len - 1) >> 12), "m_req", "no 4 KiB crossing");
    h.check(t.get("dw") == (((a & 3) + len + 3) >> 2), "m_req", "dw = ceil((addr & 3) + len)");
    h.check((t.get("dw") == 1) == (t.get("last_be") == 0), "m_req", "last_be 0 iff one DW");
    h.check(t.get("fmt4") == ((a >> 32) != 0), "m_req", "4-DW header iff addr >= 4 GiB");
    (void)mpsb;
    // the descriptor: the oldest open one with this id (ids wrap at 256; at most a few are open)
    Open* op = nullptr;
    for (auto& e : open)
      if (e.id == t.get("id")) { op = &e; break; }
    if (!op) h.fail("m_req", "request of no open descriptor");
    Open& o = *op;
    h.check(t.get("boff") == uint64_t(o.off) + o.seen && o.seen < o.len, "m_req", "bytes in order, once");
    o.seen += uint32_t(len);
    h.check((t.get("last") != 0) == (o.seen == o.len), "m_req", "last on the descriptor's last byte");
    if (!t.get("write")) o.rds.push_back(Rd{unsigned(t.get("tag")), now});
    h.cover(t.get("fmt4") ? "fmt4" : "fmt3");
    h.cover(t.get("write") ? "wr" : "rd");
    if (t.get("dw") == 1) h.cover("one_dw");
    if (tlp_out) {
      std::fprintf(tlp_out, "%016" PRIx64 "%016" PRIx64 " %" PRIu64 " %" PRIx64 "\n", t.get("hdr0"), t.get("hdr1"), len, a);
    }
  }
  unsigned mps_seen() const { return m.mps; }
  uint64_t last_addr = 0, last_len = 0;

  // ---------------------------------------------------------------- stimulus
  void push_cfg(unsigned op, unsigned region, unsigned idx, uint64_t data) {
    const Txn t = Txn().add("op", 3, op).add("region", RW, region).add("idx", PW, idx).add("data", 64, data);
#ifdef TB_CSR
    cfgq.push_back(t);
#else
    cfg.push(t);
#endif
  }
  uint64_t rand_page() {
    tb::Rng& r = h.rng;
    switch (r.below(4)) {
      case 0: return (r.bits(16)) << 16;                                   // below 4 GiB
      case 1: return 0x100000000000ull + (r.bits(21) << 16);               // H100 BAR1 base, 128 GiB
      case 2: return (r.bits(48)) << 16;                                   // anywhere
      default: return 0xffff0000ull + (r.below(3) << 16);                  // around 4 GiB
    }
  }
  void load(unsigned g, unsigned i) {
    push_cfg(GPUBAR_OP_LOAD, g, i, rand_page());
    valid[g * TB_NE + i] = 1;
  }
  void arm(unsigned g, unsigned gen) {
    tb::Rng& r = h.rng;
    Rgn& x = rg[g];
    x.off0 = r.chance(0.2) ? 0 : unsigned(r.bits(16));
    const uint32_t span = (uint32_t(TB_NE) << 16) - x.off0;
    x.ulen = r.chance(0.3) ? span : r.chance(0.5) ? uint32_t(r.range(1, span)) : uint32_t(r.range(0, 200000 < span ? 200000 : span));
    x.gen = gen & 0xffff;
    x.armed = true;
    push_cfg(GPUBAR_OP_ARM, g, 0, uint64_t(x.gen) << 48 | uint64_t(x.ulen) << 16 | x.off0);
  }
  void random_cfg() {
    tb::Rng& r = h.rng;
    const unsigned g = unsigned(r.below(TB_NR)), i = unsigned(r.below(TB_NE));
    switch (r.below(12)) {
      case 0: mps = unsigned(r.below(3)); push_cfg(GPUBAR_OP_MPS, 0, 0, mps | r.bits(16) << 16); break;
      case 1: case 2: load(g, i); break;
      case 3: push_cfg(GPUBAR_OP_LOAD, g, i, rand_page() | r.range(1, 0xffff)); break;   // misaligned: refused
      case 4: push_cfg(GPUBAR_OP_CLEAR, g, i, 0); valid[g * TB_NE + i] = 0; break;
      case 5: case 6: {
        const bool wrap = rg[g].gen == 0xffff || r.chance(0.1);
        if (wrap && rg[g].gen != 0xffff) { rg[g].gen = 0xffff; arm(g, 0xffff); }
        else arm(g, rg[g].gen + 1);
        if (rg[g].gen == 0) h.cover("gen_wrap");
        break;
      }
      case 7: push_cfg(GPUBAR_OP_DISARM, g, 0, 0); rg[g].armed = false; h.cover("disarm"); break;
      case 8: push_cfg(unsigned(r.range(6, 7)), g, i, r.next()); break;                  // bad op
      case 10: case 11:
        // INVALIDATE: a range idx .. last (empty when last < idx) or the whole region
        if (r.chance(0.3)) {
          push_cfg(GPUBAR_OP_INV, g, i, GPUBAR_INV_ALL | r.bits(16));
          for (unsigned e = 0; e < TB_NE; e++) valid[g * TB_NE + e] = 0;
          rg[g].armed = false;
          h.cover("inv_all");
          if (r.chance(0.8)) {   // the host pins the buffer again: new pages, a new generation
            for (unsigned e = 0; e < TB_NE; e++)
              if (!r.chance(0.02)) load(g, e);
            arm(g, rg[g].gen + 1);
          }
        } else {
          const unsigned last = unsigned(r.below(TB_NE));
          push_cfg(GPUBAR_OP_INV, g, i, last);
          for (unsigned e = i; e <= last; e++) valid[g * TB_NE + e] = 0;
          h.cover("inv_range");
          if (r.chance(0.8))     // the pages come back (new BAR addresses)
            for (unsigned e = i; e <= last; e++)
              if (!r.chance(0.02)) load(g, e);
        }
        break;
      default: {                                                                           // arm out of range
        const unsigned off0 = unsigned(r.range(1, 0xffff));
        push_cfg(GPUBAR_OP_ARM, g, 0, uint64_t(r.bits(16)) << 48 | uint64_t((uint32_t(TB_NE) << 16) - off0 + 1) << 16 | off0);
        break;
      }
    }
  }
  void random_desc(unsigned id) {
    tb::Rng& r = h.rng;
    unsigned g = unsigned(r.below(TB_NR));
    if (!rg[g].armed && r.chance(0.8)) g = unsigned(r.below(TB_NR));
    const Rgn& x = rg[g];
    unsigned gen = x.gen;
    if (r.chance(0.03)) gen = (gen + unsigned(r.range(1, 0xffff))) & 0xffff;
    uint32_t len;
    const unsigned k = unsigned(r.below(1000));
    if (k < 800) len = uint32_t(r.range(1, 600));
    else if (k < 970) len = uint32_t(r.range(1, 8192));
    else if (k < 975) len = uint32_t(r.range(1, 140000));   // more than two pages
    else len = uint32_t(r.range(0, 16));
    uint32_t off = 0;
    const unsigned e = unsigned(r.below(100));
    if (e < 3) {                                 // out of bounds
      off = x.ulen >= len ? x.ulen - len + 1 : uint32_t(r.bits(8));
      if (r.chance(0.2)) off = 0xffffffffu - uint32_t(r.below(len + 1));
      if (r.chance(0.2)) len = 0;
    } else {
      if (len > x.ulen) len = x.ulen ? uint32_t(r.range(1, x.ulen)) : 0;
      const uint32_t room = x.ulen - len;
      if (r.chance(0.4)) {
        off = uint32_t(r.range(0, room));
      } else {                                   // start just below a page boundary of o = off0 + off
        const uint64_t bnd = r.range(1, TB_NE - 1) << 16, back = r.bits(r.chance(0.5) ? 4 : 12);
        const int64_t o = int64_t(bnd) - int64_t(back) - int64_t(x.off0);
        off = o < 0 ? 0 : o > int64_t(room) ? room : uint32_t(o);
      }
    }
    desc.push(Txn().add("id", ID_W, id & 0xff).add("region", RW, g).add("gen", 16, gen).add("off", 32, off)
                  .add("len", 32, len).add("write", 1, r.chance(0.7) ? 1 : 0));
  }
};

#ifdef TB_CSR
#define CFG_BUSY(x) (x).cfg_busy()
#else
#define CFG_BUSY(x) (x).cfg.busy()
#endif

static void compare_counters(X& x) {
  static const char* names[GPUBAR_NCNT] = {"DESC_OK", "ERR_GEN", "ERR_INV", "ERR_OOB", "TLP_WR",
                                           "TLP_RD",  "SPLIT_4K", "SPLIT_64K", "CFG_BAD", "CPL_ERR",
                                           "CPL_TIMEOUT", "CPL_STALE", "FLUSH_RD", "INV_ACK"};
#ifdef TB_CSR
  x.csr_final();   // STAT[i] read through AXI4-Lite, compared with the model's counters
#else
  for (int i = 0; i < GPUBAR_NCNT; i++) {
    const uint32_t rtl = x.top->stat_cnt[i];
    if (rtl != x.m.c[i])
      x.h.fail("stat_cnt", std::string("counter ") + names[i] + " differs",
               "  rtl " + std::to_string(rtl) + ", model " + std::to_string(x.m.c[i]));
    x.h.check(true, "stat_cnt", names[i]);
  }
#endif
  x.h.cover("split4k", x.m.c[GPUBAR_C_SPLIT_4K]);
  x.h.cover("split64k", x.m.c[GPUBAR_C_SPLIT_64K]);
  x.h.cover("cfg_bad", x.m.c[GPUBAR_C_CFG_BAD]);
}

// ---------------------------------------------------------------- benches (make bench-gpubar)
// Region 0 spans NE pages at 4-DW addresses (the H100 BAR1 base), off0 0, user length NE * 64 KiB.
static void bench_setup(X& x, unsigned mps, unsigned gen) {
  x.push_cfg(GPUBAR_OP_MPS, 0, 0, mps | 0x0100u << 16);
  x.push_cfg(GPUBAR_OP_ARM, 0, 0, uint64_t(gen & 0xffff) << 48 | (uint64_t(TB_NE) << 16) << 16);
  for (unsigned i = 0; i < TB_NE; i++) x.push_cfg(GPUBAR_OP_LOAD, 0, i, 0x100000000000ull + (uint64_t(i) << 16));
  x.rg[0].armed = true, x.rg[0].gen = gen & 0xffff, x.rg[0].ulen = uint32_t(TB_NE) << 16;
  x.sim.run_until([&] { return !CFG_BUSY(x); }, "bench setup");
}
static void bench_desc(X& x, uint32_t off, uint32_t len, bool write, unsigned id) {
  x.desc.push(Txn().add("id", ID_W, id & 0xff).add("region", RW, 0).add("gen", 16, x.rg[0].gen).add("off", 32, off)
                  .add("len", 32, len).add("write", 1, write ? 1 : 0));
}

// TLPs per descriptor and payload efficiency vs MPS (writes; reads split the same way). Per TLP on
// the link: the header (16 B: 4-DW, every address here is >= 4 GiB; 12 B for a 3-DW header) plus
// 8 B of framing and data link layer (Gen1/2: STP 1 + sequence 2 + LCRC 4 + END 1; Gen3+: a 4-B
// STP token carrying the sequence + LCRC 4), no ECRC: 24 B per 4-DW TLP. The flush read is one more
// 4-DW MRd (24 B) on the same direction.
static void scenario_bench_tlp(tb::Harness& h) {
  X x(h);
  x.bench_lat = 20;
  x.sim.reset();
  static const uint32_t lens[] = {64, 256, 1024, 4096, 16384, 65536, 262144, 1048576};
  unsigned id = 0;
  for (unsigned mps = 0; mps < 3; mps++) {
    bench_setup(x, mps, mps + 1);
    for (uint32_t len : lens)
      for (uint32_t off : {0u, 0x1f4u}) {
        const uint64_t r0 = x.nreq, c0 = x.sim.cycle();
        bench_desc(x, off, len, true, id++);
        x.sim.run_until([&] { return !x.desc.busy() && x.open.empty(); }, "bench descriptor");
        const uint64_t n = x.nreq - r0 - 1, cyc = x.sim.cycle() - c0;   // payload requests (the flush read aside)
        const double eff = double(len) / double(len + 24 * n), effl = double(len) / double(len + 24 * (n + 1));
        h.note("bench_tlp: mps %u len %u off 0x%x tlps %" PRIu64 " eff %.4f eff_with_flush %.4f cycles %" PRIu64 " bytes_per_cycle %.2f\n",
               128u << mps, len, off, n, eff, effl, cyc, double(len) / double(cyc));
        h.extra("tlps_m" + std::to_string(128u << mps) + "_l" + std::to_string(len) + "_o" + std::to_string(off), double(n));
      }
  }
  x.sim.drain(50);
  compare_counters(x);
}

// INVALIDATE-to-ACK latency (T28, R-11, R-12): a read descriptor of NT * 128 B (MPS 128: one
// request per tag, every tag out while the GPU has not answered), then INVALIDATE of the whole
// region; cycles from the INVALIDATE's s_cfg handshake (and from its offer) to its m_ack handshake.
// --gpu-lat L: every read answered L cycles after its issue (typical); never: no answer (every tag times
// out: the worst case). --cpl-to: the completion timeout.
static void scenario_bench_inv(tb::Harness& h) {
  X x(h);
  const std::string gl = h.opt.get("gpu-lat", "200");
  x.bench_lat = gl == "never" ? -2 : std::stoi(gl);
  x.sim.reset();
  const unsigned NT = 32, reps = 4;
  uint64_t lat_acc_max = 0, lat_off_max = 0, lat_acc_sum = 0, out_min = NT;
  for (unsigned k = 0; k < reps; k++) {
    bench_setup(x, 0, k + 1);
    bench_desc(x, 0, NT * 128, false, k);
    x.sim.run_until([&] { return !x.desc.busy(); }, "bench descriptor accepted");
    const uint64_t t_off = x.sim.cycle();
    x.push_cfg(GPUBAR_OP_INV, 0, 0, GPUBAR_INV_ALL);
    x.sim.run_until([&] { return x.inv_acc_cyc >= t_off; }, "INVALIDATE accepted");
    const uint64_t out = x.nrd - x.nrc;   // reads issued and not answered at the accept
    x.sim.run_until([&] { return x.invs.empty() && x.open.empty(); }, "ACK");
    const uint64_t la = x.ack_cyc - x.inv_acc_cyc, lo = x.ack_cyc - t_off;
    lat_acc_max = std::max(lat_acc_max, la), lat_off_max = std::max(lat_off_max, lo), lat_acc_sum += la;
    out_min = std::min(out_min, out);
    h.note("bench_inv: cpl_to %u gpu_lat %d rep %u reads_out_at_inv %" PRIu64 " inv_to_ack %" PRIu64 " offer_to_ack %" PRIu64 "\n",
           x.cto, x.bench_lat, k, out, la, lo);
  }
  x.sim.drain(50);
  compare_counters(x);
  h.note("bench_inv: cpl_to %u gpu_lat %d NT %u: INVALIDATE accept -> ACK max %" PRIu64 " mean %.1f cycles, offer -> ACK max %" PRIu64 " (bound cpl_to + 2 NT + 10 = %u from the last read's issue)\n",
         x.cto, x.bench_lat, NT, lat_acc_max, double(lat_acc_sum) / reps, lat_off_max, x.cto + 2 * NT + 10);
  h.extra("inv_to_ack_max", double(lat_acc_max));
  h.extra("offer_to_ack_max", double(lat_off_max));
}

static void scenario_random(tb::Harness& h) {
  X x(h);
  tb::Rng& r = h.rng;
  x.sim.reset();
  const tb::Bp bp = tb::bp_kind(h);
#ifdef TB_CSR
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.req, &x.cpl}, {&x.desc, &x.rc}, 20, 300).c_str());
  x.csr.write(GPUBAR__CPL_TO_ADDR, x.cto);   // before any read request
#else
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.req, &x.cpl, &x.ack}, {&x.cfg, &x.desc, &x.rc}, 20, 300).c_str());
#endif
  h.cover("bp_" + tb::bp_name(bp));
  x.mps = unsigned(r.below(3));
  x.push_cfg(GPUBAR_OP_MPS, 0, 0, x.mps | r.bits(16) << 16);
  for (unsigned g = 0; g < TB_NR; g++) {
    x.arm(g, unsigned(r.bits(16)));
    for (unsigned i = 0; i < TB_NE; i++)
      if (!r.chance(0.02)) x.load(g, i);
  }
  x.sim.run_until([&] { return !CFG_BUSY(x); }, "table setup");
  const double p_cfg = 0.005 + 0.03 * double(r.below(100)) / 100.0;
  unsigned mps_seen[3] = {0, 0, 0};
  uint64_t ndesc = 0;
  while (ndesc < h.opt.n) {
    if (x.desc.queued() < 2) {
      if (r.chance(p_cfg)) x.random_cfg();
      x.random_desc(unsigned(ndesc++));
      mps_seen[x.m.mps]++;
    }
#ifdef TB_CSR
    if (r.chance(0.003) && x.csr.queued() < 4) x.csr_random();
#endif
    x.sim.step();
  }
  x.sim.run_until([&] { return !CFG_BUSY(x) && !x.desc.busy() && x.open.empty() && x.invs.empty(); }, "drain");
#ifdef TB_CSR
  x.sim.run_until([&] { return x.csr.idle_now() && !x.pop_busy && !x.top->irq_ack; }, "ACK pops");
#endif
  x.sim.drain(50);
  compare_counters(x);
  for (unsigned i = 0; i < 3; i++) h.cover("mps" + std::to_string(128u << i), mps_seen[i]);
  h.extra("descriptors", double(x.ndesc));
  h.extra("requests", double(x.nreq));
  h.extra("acks", double(x.nack));
  h.note("random: %" PRIu64 " descriptors (%u ok, %u gen, %u inv, %u oob), %" PRIu64 " requests, %u split 4K, %u split 64K, %u cfg bad, %" PRIu64 " cycles\n",
         x.ndesc, x.m.c[GPUBAR_C_DESC_OK], x.m.c[GPUBAR_C_ERR_GEN], x.m.c[GPUBAR_C_ERR_INV], x.m.c[GPUBAR_C_ERR_OOB],
         x.nreq, x.m.c[GPUBAR_C_SPLIT_4K], x.m.c[GPUBAR_C_SPLIT_64K], x.m.c[GPUBAR_C_CFG_BAD], x.sim.cycle());
#ifdef TB_CSR
  h.extra("csr_ops", double(x.chk->reads + x.chk->writes));
  h.note("csr: %" PRIu64 " reads, %" PRIu64 " writes (%" PRIu64 " SLVERR), %" PRIu64 " MPS-register ops, %u ACKs popped, %" PRIu64 " counters read\n",
         x.chk->reads, x.chk->writes, x.chk->slverr, x.nmps_reg, x.c_ackcnt, x.nstat_rd);
#endif
  h.note("tags: cpl_to %u, %" PRIu64 " reads (%u flush), %u timeouts, %u err, %u stale (%" PRIu64 " late, %" PRIu64 " never answered), %" PRIu64 " INVALIDATE / ACK\n",
         x.cto, x.nrd, x.m.c[GPUBAR_C_FLUSH_RD], x.m.c[GPUBAR_C_CPL_TIMEOUT], x.m.c[GPUBAR_C_CPL_ERR], x.m.c[GPUBAR_C_CPL_STALE],
         x.nlate, x.ndrop, x.nack);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
#ifdef TB_CSR
  tb::Harness h(argc, argv, "gpubar", "make sim BLOCK=gpubar CSR=1 SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
#else
  tb::Harness h(argc, argv, "gpubar", "make sim BLOCK=gpubar SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
#endif
  if (h.opt.scenario == "bench_tlp") h.run("bench_tlp", [&] { scenario_bench_tlp(h); });
  else if (h.opt.scenario == "bench_inv") h.run("bench_inv", [&] { scenario_bench_inv(h); });
  else h.run("random", [&] { scenario_random(h); });
  return h.exit_code();
}
