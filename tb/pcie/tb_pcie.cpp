// tb/pcie/tb_pcie.cpp -- lockstep testbench of the PCIe requester adapter rtl/pcie/pcie_req.v
// against its C model cmodel/pcie.c, with the root-complex model cmodel/pcie_rc.c answering the
// RQ reads on RC (issue 15 first slice; docs/pcie.md 5).
//
// Ports: s_rd_req (NIC reads), s_wr (NIC write beats), s_axis_rc (completion beats from the
// root-complex model) in; m_axis_rq (RQ TLPs, assembled from beats) and m_cpl (NIC completion
// beats) out. Compared: every RQ read TLP (descriptor with the tag masked, byte enables) in order
// against the model, its tag as a property (< NTAG, not outstanding), every RQ write TLP
// (descriptor, byte enables, payload DWs) in order, every m_cpl beat in order per NIC tag (tag,
// data, last, err), and the six counters at the end (tag_stall: <= cycles, not modelled).
//
// Scenario random (default): --n NIC operations, about 60 % reads (1..4096 B, no 4 KiB crossing,
// addresses above 4 GiB half of the time) and 40 % writes (1..4096 B, may cross 4 KiB), MRRS and
// MPS drawn per seed, completer max payload 64..1024 B, reordering between requests, errors on
// 2 % of the read requests (UR, CA, poisoned, core timeout code), completions with unknown tags,
// random valid / ready on every port with the seed's backpressure profile.
// Options: --fault flip (one expected m_cpl byte flipped: the selftest), --fault wdata (one bit of
// an expected write TLP's payload flipped), --tlp-out FILE (the NIC
// requests and every RQ TLP, for scripts/pcie_tlp_check.py), the common ones (tb/common/core.h).
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <set>

#include "Vpcie_req.h"
#include "pcie.h"
#include "pcie_rc.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

using tb::Txn;

namespace {

#ifndef TB_NTAG
#define TB_NTAG 64   // the RTL's NTAG (a second build: 8, where reads run out of tags)
#endif
constexpr unsigned kNtag = TB_NTAG;

Txn beat_txn(const uint32_t* dw8, unsigned keep, bool last) {
  Txn t;
  for (int i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, uint64_t(dw8[2 * i]) | uint64_t(dw8[2 * i + 1]) << 32);
  t.add("keep", 8, keep).add("last", 1, last);
  return t;
}
void put_wide(tb::Sig s, const Txn& t) {
  for (int i = 0; i < 4; i++) s.set(64 * i, 64, t.get("d" + std::to_string(i)));
}

struct Bench {
  tb::Harness& h;
  tb::Sim<Vpcie_req> sim;
  Vpcie_req* top;
  pcie m{};
  pcie_rc rc{};
  tb::StreamSource rd, wr, rcs;
  tb::StreamSink rq, cpl;
  tb::Scoreboard sb_rd, sb_wr, sb_cpl;
  struct ExpRd { uint64_t seq, addr; uint32_t len; };
  std::deque<ExpRd> exp_rd;
  std::set<unsigned> out_tags;        // PCIe tags outstanding (RQ read seen, final completion not accepted)
  std::set<uint32_t> nic_busy;        // NIC tags in flight
  std::vector<uint32_t> cur;          // RQ TLP being assembled (DWs: descriptor, payload)
  uint64_t cur_user = 0;
  FILE* tlp_out = nullptr;
  bool flip = false;
  double rc_rate = 0.6;                // P(the root complex starts a completion in a cycle)
  uint64_t nwexp = 0, ncpl_beats = 0, nrd = 0, nwr = 0, nrq = 0;

  explicit Bench(tb::Harness& hh)
      : h(hh), sim(hh), top(sim.top.get()),
        rd(sim, "s_rd_req", TB_HS(top, s_rd_req), [this](const Txn& t) {
          top->s_rd_req_addr = t.get("addr");
          top->s_rd_req_len = uint16_t(t.get("len"));
          top->s_rd_req_tag = uint16_t(t.get("tag"));
        }),
        wr(sim, "s_wr", TB_HS(top, s_wr), [this](const Txn& t) {
          top->s_wr_addr = t.get("addr");
          top->s_wr_len = uint16_t(t.get("len"));
          put_wide(tb::Sig(&top->s_wr_data), t);
          top->s_wr_last = uint8_t(t.get("last"));
        }),
        rcs(sim, "s_axis_rc", tb::Handshake{tb::Sig(&top->s_axis_rc_tvalid), tb::Sig(&top->s_axis_rc_tready)},
            [this](const Txn& t) {
              put_wide(tb::Sig(&top->s_axis_rc_tdata), t);
              top->s_axis_rc_tkeep = uint8_t(t.get("keep"));
              top->s_axis_rc_tlast = uint8_t(t.get("last"));
            }),
        rq(sim, "m_axis_rq", tb::Handshake{tb::Sig(&top->m_axis_rq_tvalid), tb::Sig(&top->m_axis_rq_tready)},
           [this]() {
             uint32_t d[8];
             tb::Sig s(&top->m_axis_rq_tdata);
             for (int i = 0; i < 8; i++) d[i] = uint32_t(s.get(32 * i, 32));
             Txn t = beat_txn(d, top->m_axis_rq_tkeep, top->m_axis_rq_tlast);
             t.add("user", 62, top->m_axis_rq_tuser);
             return t;
           }),
        cpl(sim, "m_cpl", TB_HS(top, m_cpl), [this]() {
          uint32_t d[8];
          tb::Sig s(&top->m_cpl_data);
          for (int i = 0; i < 8; i++) d[i] = uint32_t(s.get(32 * i, 32));
          Txn t;
          t.add("tag", 10, top->m_cpl_tag);
          for (int i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, uint64_t(d[2 * i]) | uint64_t(d[2 * i + 1]) << 32);
          t.add("last", 1, top->m_cpl_last).add("err", 1, top->m_cpl_err);
          return t;
        }),
        sb_rd(sim, "m_axis_rq(read)"), sb_wr(sim, "m_axis_rq(write)"), sb_cpl(sim, "m_cpl") {
    flip = h.opt.fault == "flip";
    const std::string f = h.opt.get("tlp-out");
    if (!f.empty() && !(tlp_out = std::fopen(f.c_str(), "w"))) h.fail("tlp-out", "cannot write " + f);
    sb_wr.model([this](Txn& t) {
      pcie_tlp x;
      if (pcie_pop_wr_tlp(&m, &x)) return false;
      if (h.opt.fault == "wdata" && nwexp++ == 3) x.dw[x.ndw - 1] ^= 0x100;   // --fault wdata
      t = tlp_txn(x.desc, x.first_be, x.last_be, x.dw, x.ndw);
      return true;
    });
    sb_cpl.key("tag");
    sb_cpl.model([this](Txn& t) {
      pcie_cpl_beat b;
      if (pcie_pop_cpl(&m, pcie_rc_mem_cb, nullptr, &b)) return false;
      if (flip && ncpl_beats == 5) b.data[h.opt.seed % 32] ^= 0x20;   // --fault flip: a wrong expectation
      ncpl_beats++;
      t = Txn();
      t.add("tag", 10, b.tag);
      for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 8; j++) v |= uint64_t(b.data[8 * i + j]) << (8 * j);
        t.add("d" + std::to_string(i), 64, v);
      }
      t.add("last", 1, b.last).add("err", 1, b.err);
      return true;
    });
    rq.on_capture = [this](const Txn& t) { rq_beat(t); };
    cpl.on_capture = [this](const Txn& t) {
      sb_cpl.actual(t);
      if (t.get("last")) nic_busy.erase(uint32_t(t.get("tag")));
    };
    rcs.on_accept = [this](const Txn& t) {
      if (!t.get("last")) return;
      pcie_rc_tlp(&m, int(t.get("known")), int(t.get("err")));
      if (t.get("known") && t.get("rcdone")) out_tags.erase(unsigned(t.get("rctag")));
    };
  }
  ~Bench() {
    if (tlp_out) std::fclose(tlp_out);
    pcie_free(&m);
    pcie_rc_free(&rc);
  }

  static Txn tlp_txn(const uint32_t* desc, unsigned fbe, unsigned lbe, const uint32_t* dw, uint32_t ndw) {
    Txn t;
    for (int i = 0; i < 4; i++) t.add("desc" + std::to_string(i), 32, desc[i]);
    t.add("first_be", 4, fbe).add("last_be", 4, lbe);
    std::vector<uint8_t> b;
    for (uint32_t i = 0; i < ndw; i++)
      for (int j = 0; j < 4; j++) b.push_back(uint8_t(dw[i] >> (8 * j)));
    t.add_bytes("payload", b);
    return t;
  }

  void rq_beat(const Txn& t) {
    const unsigned keep = unsigned(t.get("keep"));
    const bool first = cur.empty();
    if (first) cur_user = t.get("user");
    if (first && (keep & 0xf) != 0xf) h.fail("m_axis_rq", "first beat without the 4 descriptor DWs (tkeep)");
    if ((t.get("user") >> 8) != 0) h.fail("m_axis_rq", "tuser bits above last_be not 0");
    // tkeep contiguous from lane 0, full on every beat but the last
    if ((keep & (keep + 1)) != 0 || (!t.get("last") && keep != 0xff))
      h.fail("m_axis_rq", "tkeep not contiguous / not full before tlast");
    for (int i = 0; i < 8; i++)
      if (keep >> i & 1) cur.push_back(uint32_t(t.get("d" + std::to_string(i / 2)) >> (32 * (i & 1))));
    if (!t.get("last")) return;
    nrq++;
    std::vector<uint32_t> tlp;
    tlp.swap(cur);
    const unsigned type = (tlp[2] >> 11) & 0xf, fbe = cur_user & 0xf, lbe = (cur_user >> 4) & 0xf;
    if (tlp_out) {
      std::fprintf(tlp_out, "Q %x %x", fbe, lbe);
      for (uint32_t w : tlp) std::fprintf(tlp_out, " %08x", w);
      std::fprintf(tlp_out, "\n");
    }
    if (type == PCIE_REQ_MEM_READ) {
      if (tlp.size() != 4) h.fail("m_axis_rq", "read TLP with payload");
      const unsigned tag = tlp[3] & 0xff;
      h.check(tag < kNtag && !out_tags.count(tag), "m_axis_rq", "read tag < NTAG and not outstanding");
      out_tags.insert(tag);
      uint32_t d[4] = {tlp[0], tlp[1], tlp[2], tlp[3] & ~0xffu};
      if (exp_rd.empty()) h.fail("m_axis_rq(read)", "read TLP the model does not expect");
      ExpRd e = exp_rd.front();
      exp_rd.pop_front();
      sb_rd.actual(tlp_txn(d, fbe, lbe, nullptr, 0));
      const int fate = pcie_rc_read(&rc, tag, e.addr, e.len);
      if (fate < 0) h.fail("rc", "root-complex model out of memory");
      h.cover(fate == PCIE_RC_OK ? "rc_ok" : fate == PCIE_RC_UR ? "rc_ur" : fate == PCIE_RC_CA ? "rc_ca"
              : fate == PCIE_RC_POISON ? "rc_poison" : "rc_timeout");
      if (pcie_rd_sub(&m, e.seq, fate != PCIE_RC_OK)) h.fail("m_axis_rq(read)", "model: read TLP of no open NIC read");
    } else {
      sb_wr.actual(tlp_txn(tlp.data(), fbe, lbe, tlp.data() + 4, uint32_t(tlp.size() - 4)));
    }
  }

  // the root-complex model: queue the next completion's beats now and then
  void feed_rc() {
    if (rcs.queued() > 2 || !h.rng.chance(rc_rate)) return;
    struct pcie_rc_tlp t;
    if (pcie_rc_next(&rc, &t)) return;
    if (!t.known) h.cover("cpl_unexp");
    if (t.known && t.ndw > 3 + 8) h.cover("cpl_multi_beat");
    for (uint32_t i = 0; i < t.ndw; i += 8) {
      uint32_t d[8] = {0};
      unsigned keep = 0;
      for (uint32_t j = 0; j < 8 && i + j < t.ndw; j++) d[j] = t.dw[i + j], keep |= 1u << j;
      const bool last = i + 8 >= t.ndw;
      Txn x = beat_txn(d, keep, last);
      x.add("known", 1, t.known).add("err", 1, t.err).add("rcdone", 1, t.last).add("rctag", 8, t.tag);
      rcs.push(x);
    }
  }

  void nic_read(uint64_t addr, uint32_t len, uint32_t tag) {
    if (pcie_rd_req(&m, addr, len, tag)) h.fail("s_rd_req", "model rejected a read (test bug)");
    pcie_tlp x;
    while (!pcie_pop_rd_tlp(&m, &x)) {
      exp_rd.push_back({x.nic_seq, x.addr, x.len});
      sb_rd.expect(tlp_txn(x.desc, x.first_be, x.last_be, nullptr, 0));
    }
    if (tlp_out) std::fprintf(tlp_out, "R %" PRIx64 " %u\n", addr, len);
    nic_busy.insert(tag);
    rd.push(Txn().add("addr", 64, addr).add("len", 13, len).add("tag", 10, tag));
    nrd++;
  }
  void nic_write(uint64_t addr, uint32_t len) {
    const uint32_t nb = uint32_t(((addr & 31) + len + 31) >> 5);
    std::vector<uint8_t> b = h.rng.bytes(32 * nb);
    if (pcie_wr(&m, addr, len, b.data())) h.fail("s_wr", "model rejected a write (test bug)");
    if (tlp_out) {
      std::fprintf(tlp_out, "W %" PRIx64 " %u ", addr, len);
      for (uint8_t c : b) std::fprintf(tlp_out, "%02x", c);
      std::fprintf(tlp_out, "\n");
    }
    for (uint32_t k = 0; k < nb; k++) {
      uint32_t d[8];
      for (int i = 0; i < 8; i++)
        d[i] = uint32_t(b[32 * k + 4 * i]) | uint32_t(b[32 * k + 4 * i + 1]) << 8 |
               uint32_t(b[32 * k + 4 * i + 2]) << 16 | uint32_t(b[32 * k + 4 * i + 3]) << 24;
      Txn t = beat_txn(d, 0xff, k + 1 == nb);
      t.add("addr", 64, addr).add("len", 13, len);
      wr.push(t);
    }
    nwr++;
  }
  void step() {
    feed_rc();
    sim.step();
  }
  bool busy() {
    return rd.busy() || wr.busy() || rcs.busy() || pcie_rc_open(&rc) || !exp_rd.empty() || !nic_busy.empty() ||
           sb_wr.pending() || !cur.empty();
  }
};

uint64_t rand_addr(tb::Rng& r) {
  uint64_t a = r.bits(64);
  switch (r.below(4)) {
    case 0: return a & 0xffffffffull;                 // 32-bit
    case 1: return (a & 0xffffffffull) | (1ull << 32); // just above 4 GiB
    default: return a;
  }
}
uint32_t rand_len(tb::Rng& r) {
  switch (r.below(5)) {
    case 0: return uint32_t(r.range(1, 8));
    case 1: return uint32_t(r.range(1, 64));
    case 2: return uint32_t(r.range(65, 512));
    case 3: return uint32_t(r.range(513, 4096));
    default: return 4096;
  }
}

void scenario_random(tb::Harness& h) {
  for (const char* c : {"rc_ok", "rc_ur", "rc_ca", "rc_poison", "rc_timeout", "cpl_unexp", "cpl_multi_beat",
                        "rd_4k", "wr_4k_cross", "rd_split", "addr64", "tag_stall"})
    h.cov_declare(c);
  Bench b(h);
  tb::Rng& r = h.rng;
  const unsigned mrrs = unsigned(r.below(8)), mps = unsigned(r.below(8));
  pcie_init(&b.m, mrrs, mps);
  b.top->cfg_mrrs = uint8_t(mrrs);
  b.top->cfg_mps = uint8_t(mps);
  pcie_rc_cfg rcc{};
  rcc.cpl_max = 64u << r.below(5);
  rcc.err_ppm = 20000;
  rcc.reorder_pct = unsigned(r.range(0, 90));
  rcc.unexp_ppm = 3000;
  rcc.ntag = kNtag;
  b.rc_rate = (h.opt.seed % 3 == 0) ? 0.03 : (h.opt.seed % 3 == 1) ? 0.6 : 0.2;   // slow hosts run out of tags
  if (pcie_rc_init(&b.rc, &rcc, h.opt.seed)) h.fail("rc", "bad root-complex configuration");
  if (b.tlp_out) std::fprintf(b.tlp_out, "C %u %u\n", b.m.mrrs, b.m.mps);
  const tb::Bp bp = tb::bp_kind(h);
  h.note("mrrs %u mps %u cpl_max %u reorder %u%% rc rate %.2f; %s\n", b.m.mrrs, b.m.mps, rcc.cpl_max, rcc.reorder_pct, b.rc_rate,
         tb::apply_backpressure(h, bp, {&b.rq, &b.cpl}, {&b.rd, &b.wr, &b.rcs}, 20, 400).c_str());
  b.sim.reset();
  for (uint64_t i = 0; i < h.opt.n; i++) {
    if (r.below(100) < 60) {
      uint64_t a = rand_addr(r);
      uint32_t len = rand_len(r);
      if ((a & 4095) + len > 4096) {
        if (r.chance(0.5)) a &= ~4095ull;                  // whole page (or its start)
        else len = uint32_t(4096 - (a & 4095));
      }
      if (len == 4096) h.cover("rd_4k");
      if (len > b.m.mrrs - (a & (b.m.mrrs - 1))) h.cover("rd_split");
      if (a >> 32) h.cover("addr64");
      uint32_t tag;
      do tag = uint32_t(r.below(1024)); while (b.nic_busy.count(tag));
      b.nic_read(a, len, tag);
    } else {
      uint64_t a = rand_addr(r);
      uint32_t len = rand_len(r);
      if ((a & 4095) + len > 4096) h.cover("wr_4k_cross");
      b.nic_write(a, len);
    }
    while (b.rd.queued() > 1 || b.wr.queued() > 8 || b.nic_busy.size() > 200) b.step();
  }
  uint64_t guard = 0;
  while (b.busy()) {
    b.step();
    if (++guard > 2000000) h.fail("drain", "no end of traffic");
  }
  b.sim.drain(200);
  const uint64_t st[PCIE_ST_N] = {b.top->stat_rd_tlp, b.top->stat_wr_tlp, b.top->stat_cpl, b.top->stat_cpl_unexp,
                                  b.top->stat_cpl_err, b.top->stat_tag_stall};
  static const char* nm[PCIE_ST_N] = {"rd_tlp", "wr_tlp", "cpl", "cpl_unexp", "cpl_err", "tag_stall"};
  for (int i = 0; i < PCIE_ST_TAG_STALL; i++)
    if ((st[i] & 0xffffffffu) != (b.m.stat[i] & 0xffffffffu))
      h.fail("stat", std::string("counter ") + nm[i] + ": RTL " + std::to_string(st[i]) + ", model " +
                         std::to_string(b.m.stat[i]));
  h.check(st[PCIE_ST_TAG_STALL] <= b.sim.cycle(), "stat", "tag_stall <= cycles");
  h.checks += PCIE_ST_TAG_STALL;
  if (st[PCIE_ST_TAG_STALL]) h.cover("tag_stall", st[PCIE_ST_TAG_STALL]);
  h.extra("nic_reads", double(b.nrd));
  h.extra("nic_writes", double(b.nwr));
  h.extra("rq_tlps", double(b.nrq));
  h.extra("cpl_beats", double(b.ncpl_beats));
  h.note("nic reads %" PRIu64 ", writes %" PRIu64 ", RQ TLPs %" PRIu64 ", RC TLPs %" PRIu64 " (+%" PRIu64
         " unexpected, %" PRIu64 " errors), tag-stall cycles %" PRIu64 ", cycles %" PRIu64 "\n",
         b.nrd, b.nwr, b.nrq, st[2], st[3], st[4], st[5], b.sim.cycle());
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  tb::Harness h(argc, argv, "pcie", "make sim BLOCK=pcie SEED=<seed> N=<n> TRACE=1", dflt);
  h.run("random", [&] { scenario_random(h); });
  return h.exit_code();
}
