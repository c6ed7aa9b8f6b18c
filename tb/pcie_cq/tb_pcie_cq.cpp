// tb/pcie_cq/tb_pcie_cq.cpp -- lockstep testbench of the PCIe completer adapter
// rtl/pcie_cq/pcie_cq.v against its C model cmodel/pcie_cq.c (issue 15; docs/pcie_cq.md 6).
//
// Ports: s_axis_cq (CQ TLPs as beats) in; m_axis_cc (CC beats), the AXI4 write master m_axi_*
// (AW, W out, B in) and the AXI4-Lite master m_axil_* (AW+W, AR out; B, R in) against two slave
// models here: a register file (the CSR window: random initial values, writes merged by strobe,
// SLVERR on 1/16 of the addresses) and a doorbell sink (B SLVERR on 1/32 of the bursts, by
// awaddr and awlen). The C model gets a second register-file instance and sees the same
// operations in the same order. Compared: every AW, every W beat, every AXI-Lite operation
// (address, data, strobe / read), every CC beat (tdata, tkeep, tlast, tuser) in order, and the
// eight counters at the end.
//
// Scenario random (default): --n CQ requests: doorbell writes (1..8 DWs mostly, up to 1024, across
// 2 KiB / 4 KiB), CSR writes (1..16 DWs), CSR reads (1..NRD DWs, some longer), doorbell reads,
// zero-length reads / writes, and bad ones (IO, atomics, locked reads, config, messages, other BAR
// ID or aperture, dword count 0, across a window end), random byte enables, 64-bit BAR
// addresses, AT 0..2, discontinue on about 3 %; random valid / ready with the seed's backpressure profile.
// Options: --fault ccflip (one expected CC bit flipped: the selftest), --cc-out FILE (every
// request, AXI-Lite read data and CC TLP, for scripts/pcie_cq_check.py), the common ones.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <unordered_map>

#include "Vpcie_cq.h"
#include "pcie_cq.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

using tb::Txn;

namespace {

#ifndef TB_NRD
#define TB_NRD 8  // the RTL's NRD
#endif
constexpr unsigned kNrd = TB_NRD;

uint32_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return uint32_t(x);
}

// register file of the CSR window (one instance for the RTL, one for the model)
struct Regs {
  uint64_t salt = 0;
  std::unordered_map<uint32_t, uint32_t> mem;
  bool bad(uint32_t a) const { return mix(a ^ salt) % 16 == 0; }
  uint32_t rd(uint32_t a, int* err) {
    *err = bad(a);
    if (*err) return 0xdeadbeef;
    auto it = mem.find(a);
    return it != mem.end() ? it->second : mix(a * 7 + salt);
  }
  int wr(uint32_t a, uint32_t d, unsigned strb) {
    if (bad(a)) return 1;
    int e;
    uint32_t v = rd(a, &e);
    for (int i = 0; i < 4; i++)
      if (strb >> i & 1) v = (v & ~(0xffu << 8 * i)) | (d & 0xffu << 8 * i);
    mem[a] = v;
    return 0;
  }
  bool db_err(uint32_t awaddr, uint32_t awlen) const { return mix(uint64_t(awaddr) << 8 ^ awlen ^ salt << 1) % 32 == 0; }
};
uint32_t cb_rd(void* c, uint32_t a, int* err) { return static_cast<Regs*>(c)->rd(a, err); }
int cb_wr(void* c, uint32_t a, uint32_t d, unsigned s) { return static_cast<Regs*>(c)->wr(a, d, s); }
int cb_db(void* c, uint32_t a, uint32_t l) { return static_cast<Regs*>(c)->db_err(a, l); }

Txn cq_txn(const uint32_t* d8, unsigned keep, bool last, uint64_t user_lo, bool disc) {
  Txn t;
  for (int i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, uint64_t(d8[2 * i]) | uint64_t(d8[2 * i + 1]) << 32);
  t.add("keep", 8, keep).add("last", 1, last).add("user", 64, user_lo).add("disc", 1, disc);
  return t;
}

struct Bench {
  tb::Harness& h;
  tb::Sim<Vpcie_cq> sim;
  Vpcie_cq* top;
  Regs regs_rtl, regs_model;
  pcie_cq m{};
  tb::StreamSource cq, axb, lb, lr;
  tb::StreamSink cc, aw, w, law, lw, lar;
  tb::Scoreboard sb_cc, sb_aw, sb_w, sb_lite;
  std::deque<Txn> law_q, lw_q;      // AXI-Lite AW / W captured, waiting for their partner
  std::deque<uint64_t> aw_open;     // AXI4 bursts captured (awaddr << 8 | awlen), waiting for wlast
  uint64_t wlast_n = 0;
  FILE* cc_out = nullptr;
  std::vector<uint32_t> cc_cur;
  uint64_t ncc_exp = 0, nreq = 0, ncc = 0;

  explicit Bench(tb::Harness& hh)
      : h(hh), sim(hh), top(sim.top.get()),
        cq(sim, "s_axis_cq", tb::Handshake{tb::Sig(&top->s_axis_cq_tvalid), tb::Sig(&top->s_axis_cq_tready)},
           [this](const Txn& t) {
             tb::Sig s(&top->s_axis_cq_tdata);
             for (int i = 0; i < 4; i++) s.set(64 * i, 64, t.get("d" + std::to_string(i)));
             top->s_axis_cq_tkeep = uint8_t(t.get("keep"));
             top->s_axis_cq_tlast = uint8_t(t.get("last"));
             tb::Sig u(&top->s_axis_cq_tuser);
             u.set(0, 64, t.get("user"));
             u.set(64, 24, 0);
             u.set(41, 1, t.get("disc"));
           }),
        axb(sim, "m_axi_b", tb::Handshake{tb::Sig(&top->m_axi_bvalid), tb::Sig(&top->m_axi_bready)},
            [this](const Txn& t) { top->m_axi_bresp = uint8_t(t.get("resp")); }),
        lb(sim, "m_axil_b", tb::Handshake{tb::Sig(&top->m_axil_bvalid), tb::Sig(&top->m_axil_bready)},
           [this](const Txn& t) { top->m_axil_bresp = uint8_t(t.get("resp")); }),
        lr(sim, "m_axil_r", tb::Handshake{tb::Sig(&top->m_axil_rvalid), tb::Sig(&top->m_axil_rready)},
           [this](const Txn& t) {
             top->m_axil_rdata = uint32_t(t.get("data"));
             top->m_axil_rresp = uint8_t(t.get("resp"));
           }),
        cc(sim, "m_axis_cc", tb::Handshake{tb::Sig(&top->m_axis_cc_tvalid), tb::Sig(&top->m_axis_cc_tready)},
           [this]() {
             tb::Sig s(&top->m_axis_cc_tdata);
             Txn t;
             for (int i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, s.get(64 * i, 64));
             t.add("keep", 8, top->m_axis_cc_tkeep).add("last", 1, top->m_axis_cc_tlast);
             t.add("user", 33, top->m_axis_cc_tuser);
             return t;
           }),
        aw(sim, "m_axi_aw", tb::Handshake{tb::Sig(&top->m_axi_awvalid), tb::Sig(&top->m_axi_awready)}, [this]() {
          Txn t;
          t.add("addr", 19, top->m_axi_awaddr).add("len", 8, top->m_axi_awlen);
          t.add("size", 3, top->m_axi_awsize).add("burst", 2, top->m_axi_awburst);
          return t;
        }),
        w(sim, "m_axi_w", tb::Handshake{tb::Sig(&top->m_axi_wvalid), tb::Sig(&top->m_axi_wready)}, [this]() {
          Txn t;
          uint64_t mask = 0;   // bytes with strobe 0 carry no data (AXI): compared as 0
          for (int i = 0; i < 8; i++)
            if (top->m_axi_wstrb >> i & 1) mask |= uint64_t(0xff) << (8 * i);
          t.add("data", 64, top->m_axi_wdata & mask).add("strb", 8, top->m_axi_wstrb).add("last", 1, top->m_axi_wlast);
          return t;
        }),
        law(sim, "m_axil_aw", tb::Handshake{tb::Sig(&top->m_axil_awvalid), tb::Sig(&top->m_axil_awready)},
            [this]() { return Txn().add("addr", 20, top->m_axil_awaddr); }),
        lw(sim, "m_axil_w", tb::Handshake{tb::Sig(&top->m_axil_wvalid), tb::Sig(&top->m_axil_wready)}, [this]() {
          return Txn().add("data", 32, top->m_axil_wdata).add("strb", 4, top->m_axil_wstrb);
        }),
        lar(sim, "m_axil_ar", tb::Handshake{tb::Sig(&top->m_axil_arvalid), tb::Sig(&top->m_axil_arready)},
            [this]() { return Txn().add("addr", 20, top->m_axil_araddr); }),
        sb_cc(sim, "m_axis_cc"), sb_aw(sim, "m_axi_aw"), sb_w(sim, "m_axi_w"), sb_lite(sim, "m_axil") {
    regs_rtl.salt = regs_model.salt = h.opt.seed * 0x9e3779b97f4a7c15ull;
    const std::string f = h.opt.get("cc-out");
    if (!f.empty() && !(cc_out = std::fopen(f.c_str(), "w"))) h.fail("cc-out", "cannot write " + f);
    const bool flip = h.opt.fault == "ccflip";
    sb_cc.model([this, flip](Txn& t) {
      pcie_cq_cc b;
      if (pcie_cq_pop_cc(&m, &b)) return false;
      if (flip && ncc_exp == 7) b.dw[1 + h.opt.seed % 7] ^= 1u << (h.opt.seed % 32);   // --fault ccflip
      ncc_exp++;
      t = Txn();
      for (int i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, uint64_t(b.dw[2 * i]) | uint64_t(b.dw[2 * i + 1]) << 32);
      t.add("keep", 8, b.keep).add("last", 1, b.last).add("user", 33, 0);
      return true;
    });
    sb_aw.model([this](Txn& t) {
      pcie_cq_aw a;
      if (pcie_cq_pop_aw(&m, &a)) return false;
      t = Txn().add("addr", 19, a.addr).add("len", 8, a.len).add("size", 3, 3).add("burst", 2, 1);
      return true;
    });
    sb_w.model([this](Txn& t) {
      pcie_cq_w x;
      if (pcie_cq_pop_w(&m, &x)) return false;
      t = Txn().add("data", 64, x.data).add("strb", 8, x.strb).add("last", 1, x.last);
      return true;
    });
    sb_lite.model([this](Txn& t) {
      pcie_cq_lite l;
      if (pcie_cq_pop_lite(&m, &l)) return false;
      t = Txn().add("write", 1, l.write).add("addr", 20, l.addr).add("data", 32, l.data).add("strb", 4, l.strb);
      return true;
    });
    cc.on_capture = [this](const Txn& t) {
      sb_cc.actual(t);
      for (int i = 0; i < 8; i++)
        if (t.get("keep") >> i & 1) cc_cur.push_back(uint32_t(t.get("d" + std::to_string(i / 2)) >> (32 * (i & 1))));
      if (!t.get("last")) return;
      ncc++;
      if (cc_out) {
        std::fprintf(cc_out, "C");
        for (uint32_t x : cc_cur) std::fprintf(cc_out, " %08x", x);
        std::fprintf(cc_out, "\n");
      }
      cc_cur.clear();
    };
    aw.on_capture = [this](const Txn& t) {
      sb_aw.actual(t);
      aw_open.push_back(t.get("addr") << 8 | t.get("len"));
      b_match();
    };
    w.on_capture = [this](const Txn& t) {
      sb_w.actual(t);
      if (t.get("last")) wlast_n++, b_match();
    };
    law.on_capture = [this](const Txn& t) { law_q.push_back(t); lite_match(); };
    lw.on_capture = [this](const Txn& t) { lw_q.push_back(t); lite_match(); };
    lar.on_capture = [this](const Txn& t) {
      const uint32_t a = uint32_t(t.get("addr"));
      sb_lite.actual(Txn().add("write", 1, 0).add("addr", 20, a).add("data", 32, 0).add("strb", 4, 0));
      int err;
      const uint32_t d = regs_rtl.rd(a, &err);
      h.cover(err ? "csr_rd_slverr" : "csr_rd_ok");
      if (cc_out) std::fprintf(cc_out, "L %05x %08x %d\n", a, d, err);
      lr.push(Txn().add("data", 32, d).add("resp", 2, err ? 2 : 0));
    };
  }
  ~Bench() {
    if (cc_out) std::fclose(cc_out);
    pcie_cq_free(&m);
  }
  void b_match() {
    while (!aw_open.empty() && wlast_n) {
      const uint64_t a = aw_open.front();
      aw_open.pop_front();
      wlast_n--;
      const bool e = regs_rtl.db_err(uint32_t(a >> 8), uint32_t(a & 0xff));
      if (e) h.cover("db_slverr");
      axb.push(Txn().add("resp", 2, e ? 2 : 0));
    }
  }
  void lite_match() {
    while (!law_q.empty() && !lw_q.empty()) {
      const uint32_t a = uint32_t(law_q.front().get("addr")), d = uint32_t(lw_q.front().get("data"));
      const unsigned s = unsigned(lw_q.front().get("strb"));
      law_q.pop_front();
      lw_q.pop_front();
      sb_lite.actual(Txn().add("write", 1, 1).add("addr", 20, a).add("data", 32, d).add("strb", 4, s));
      const int e = regs_rtl.wr(a, d, s);
      if (e) h.cover("csr_wr_slverr");
      lb.push(Txn().add("resp", 2, e ? 2 : 0));
    }
  }
  // one CQ TLP: to the model and as beats to the CQ port
  void request(const uint32_t desc[4], unsigned fbe, unsigned lbe, const std::vector<uint32_t>& pl, uint32_t disc_beat) {
    if (pcie_cq_req(&m, desc, fbe, lbe, pl.data(), uint32_t(pl.size()), disc_beat))
      h.fail("s_axis_cq", "model rejected a request (test bug)");
    std::vector<uint32_t> all(desc, desc + 4);
    all.insert(all.end(), pl.begin(), pl.end());
    if (cc_out) {
      std::fprintf(cc_out, "Q %x %x %d", fbe, lbe, disc_beat < pcie_cq_beats(uint32_t(pl.size())) ? int(disc_beat) : -1);
      for (uint32_t x : all) std::fprintf(cc_out, " %08x", x);
      std::fprintf(cc_out, "\n");
    }
    for (size_t i = 0; i < all.size(); i += 8) {
      uint32_t d[8] = {0};
      unsigned keep = 0;
      for (size_t j = 0; j < 8 && i + j < all.size(); j++) d[j] = all[i + j], keep |= 1u << j;
      const uint64_t user = i == 0 ? (fbe | lbe << 4 | uint64_t(1) << 40) : 0;   // first_be, last_be, sop
      cq.push(cq_txn(d, keep, i + 8 >= all.size(), user, i / 8 >= disc_beat));
    }
    nreq++;
  }
  bool busy() {
    return cq.busy() || axb.busy() || lb.busy() || lr.busy() || sb_cc.pending() || sb_aw.pending() || sb_w.pending() ||
           sb_lite.pending();
  }
};

void scenario_random(tb::Harness& h) {
  for (const char* c : {"db_wr", "db_wr_2k_split", "db_wr_long", "db_wr_odd", "csr_wr", "csr_rd", "csr_rd_max", "rd_db",
                        "zero_len_rd", "zero_len_wr", "ur_type", "ur_bar", "ur_long", "ur_cross", "drop_msg",
                        "drop_cross", "disc_drop", "disc_part", "locked", "csr_rd_slverr", "csr_rd_ok",
                        "csr_wr_slverr", "db_slverr"})
    h.cov_declare(c);
  Bench b(h);
  tb::Rng& r = h.rng;
  const pcie_cq_io io{&b.regs_model, cb_rd, cb_wr, cb_db};
  if (pcie_cq_init(&b.m, kNrd, &io)) h.fail("model", "init");
  const tb::Bp bp = tb::bp_kind(h);
  h.note("NRD %u; %s\n", kNrd,
         tb::apply_backpressure(h, bp, {&b.cc, &b.aw, &b.w, &b.law, &b.lw, &b.lar}, {&b.cq, &b.axb, &b.lb, &b.lr}, 20,
                                300)
             .c_str());
  b.sim.reset();
  const uint32_t DBW = PCIE_CQ_DB_END / 4;   // DWs of a window
  auto rand_be = [&](unsigned dwc, unsigned& fbe, unsigned& lbe) {
    if (dwc == 1) fbe = unsigned(r.below(16)), lbe = 0;
    else if (dwc == 2) fbe = unsigned(r.range(1, 15)), lbe = unsigned(r.range(1, 15));
    else {
      const unsigned k = unsigned(r.below(4)), j = unsigned(r.below(4));
      fbe = (0xfu << k) & 0xf, lbe = 0xfu >> j;
    }
    if (r.chance(0.5) && dwc) fbe = 0xf, lbe = dwc > 1 ? 0xf : 0;
  };
  for (uint64_t i = 0; i < h.opt.n; i++) {
    unsigned type = PCIE_CQ_MEM_WRITE, dwc = 1, bar = 0, ap = PCIE_CQ_APERTURE;
    uint32_t off = 0;   // DW offset in BAR0
    const unsigned k = unsigned(r.below(100));
    if (k < 30) {   // doorbell write
      const unsigned s = unsigned(r.below(10));
      dwc = s < 6 ? unsigned(r.range(1, 8)) : s < 9 ? unsigned(r.range(9, 300)) : unsigned(r.range(301, 1024));
      off = r.chance(0.3) ? uint32_t(512 * r.below(DBW / 512) + 512 - r.range(1, 8)) : uint32_t(r.below(DBW));
      if (off + dwc > DBW) off = DBW - dwc;
      h.cover("db_wr");
      if ((off & 511) + dwc > 512) h.cover("db_wr_2k_split");
      if (dwc > 300) h.cover("db_wr_long");
      if (off & 1) h.cover("db_wr_odd");
    } else if (k < 50) {   // CSR write
      dwc = unsigned(r.range(1, r.chance(0.2) ? 16 : 2));
      off = DBW + uint32_t(r.below(r.chance(0.5) ? 64 : DBW - dwc));
      h.cover("csr_wr");
    } else if (k < 75) {   // CSR read
      type = PCIE_CQ_MEM_READ;
      dwc = unsigned(r.range(1, kNrd));
      off = DBW + uint32_t(r.below(r.chance(0.5) ? 64 : DBW - dwc));
      h.cover("csr_rd");
      if (dwc == kNrd) h.cover("csr_rd_max");
    } else if (k < 80) {   // doorbell read
      type = PCIE_CQ_MEM_READ;
      dwc = unsigned(r.range(1, 8));
      off = uint32_t(r.below(DBW - dwc));
      h.cover("rd_db");
    } else {   // bad ones
      const unsigned s = unsigned(r.below(8));
      off = uint32_t(r.below(2 * DBW));
      dwc = unsigned(r.range(1, 4));
      if (s == 0) {
        static const unsigned ts[] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        type = ts[r.below(10)];
        if (type == 7) h.cover("locked");
        if (type == 2 || type == 3 || type >= 8) dwc = 1;
        h.cover("ur_type");
      } else if (s == 1) {
        type = r.chance(0.5) ? PCIE_CQ_MEM_READ : PCIE_CQ_MEM_WRITE;
        if (r.chance(0.5)) bar = unsigned(r.range(1, 6)); else ap = unsigned(r.range(12, 32));
        h.cover("ur_bar");
      } else if (s == 2) {
        type = PCIE_CQ_MEM_READ;
        dwc = unsigned(r.range(kNrd + 1, 1024));
        off = DBW + uint32_t(r.below(DBW - dwc));
        h.cover("ur_long");
      } else if (s == 3) {
        type = r.chance(0.5) ? PCIE_CQ_MEM_READ : PCIE_CQ_MEM_WRITE;
        dwc = unsigned(r.range(2, 8));
        off = (r.chance(0.5) ? DBW : 2 * DBW) - uint32_t(r.range(1, dwc - 1));
        h.cover(type == PCIE_CQ_MEM_READ ? "ur_cross" : "drop_cross");
      } else if (s == 4) {
        type = unsigned(r.range(12, 15));
        dwc = unsigned(r.below(5));
        h.cover("drop_msg");
      } else if (s == 5) {
        type = r.chance(0.5) ? PCIE_CQ_MEM_READ : PCIE_CQ_MEM_WRITE;
        dwc = 0;
      } else {   // zero-length read / write
        type = r.chance(0.5) ? PCIE_CQ_MEM_READ : PCIE_CQ_MEM_WRITE;
        dwc = 1;
        off = r.chance(0.5) ? DBW + uint32_t(r.below(DBW)) : uint32_t(r.below(DBW));
        h.cover(type == PCIE_CQ_MEM_READ ? "zero_len_rd" : "zero_len_wr");
      }
    }
    unsigned fbe = 0, lbe = 0;
    rand_be(dwc, fbe, lbe);
    if (k >= 80 && r.below(8) == 7) fbe = 0, lbe = 0;
    const bool io = type == PCIE_CQ_IO_READ || type == PCIE_CQ_IO_WRITE;   // IO: 32-bit addresses
    const uint64_t base = (r.chance(0.5) && !io ? r.bits(44) : r.bits(12)) << 20;   // BAR0 base (1 MiB aligned)
    const uint64_t addr = base | uint64_t(off & 0x3ffff) << 2;
    uint32_t d[4];
    // target function: 8 bits (ARI); 0..7 with --cc-out (cocotbext-pcie's PcieId takes 3-bit functions)
    const unsigned fn = unsigned(r.bits(b.cc_out ? 3 : 8));
    pcie_cq_desc(d, addr, unsigned(r.below(3)), dwc, type, unsigned(r.bits(16)), unsigned(r.bits(8)), fn, bar, ap,
                 unsigned(r.bits(3)), unsigned(r.bits(3)));
    std::vector<uint32_t> pl;
    const bool has_data = type == PCIE_CQ_MEM_WRITE || type == PCIE_CQ_IO_WRITE || (type >= 4 && type <= 6) ||
                          type == 9 || type == 11 || (type >= 12 && r.chance(0.5));
    if (has_data) pl.resize(type >= 4 && type <= 6 ? 2 * dwc : dwc);
    if (type == PCIE_CQ_MEM_WRITE) pl.resize(dwc);
    for (auto& x : pl) x = uint32_t(r.bits(32));
    const uint32_t nb = pcie_cq_beats(uint32_t(pl.size()));
    uint32_t disc = nb;
    if (r.below(100) < 3) {
      disc = uint32_t(r.below(nb));
      h.cover(nb == 1 ? "disc_drop" : "disc_part");
    }
    b.request(d, fbe, lbe, pl, disc);
    while (b.cq.queued() > 24) b.sim.step();
  }
  uint64_t guard = 0;
  while (b.busy()) {
    b.sim.step();
    if (++guard > 5000000) h.fail("drain", "no end of traffic");
  }
  b.sim.drain(300);
  const uint64_t st[PCIE_CQ_ST_N] = {b.top->stat_wr_db, b.top->stat_wr_csr, b.top->stat_rd_csr, b.top->stat_rd_db,
                                     b.top->stat_ur, b.top->stat_drop_posted, b.top->stat_discont, b.top->stat_axi_slverr};
  static const char* nm[PCIE_CQ_ST_N] = {"wr_db", "wr_csr", "rd_csr", "rd_db", "ur", "drop_posted", "discont", "axi_slverr"};
  for (int i = 0; i < PCIE_CQ_ST_N; i++)
    if ((st[i] & 0xffffffffu) != (b.m.stat[i] & 0xffffffffu))
      h.fail("stat", std::string("counter ") + nm[i] + ": RTL " + std::to_string(st[i]) + ", model " +
                         std::to_string(b.m.stat[i]));
  h.checks += PCIE_CQ_ST_N;
  h.extra("cq_requests", double(b.nreq));
  h.extra("cc_tlps", double(b.ncc));
  h.note("CQ requests %" PRIu64 ", CC %" PRIu64 "; wr_db %" PRIu64 " wr_csr %" PRIu64 " rd_csr %" PRIu64 " rd_db %" PRIu64
         " ur %" PRIu64 " drop %" PRIu64 " discont %" PRIu64 " slverr %" PRIu64 "; cycles %" PRIu64 "\n",
         b.nreq, b.ncc, st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7], b.sim.cycle());
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  tb::Harness h(argc, argv, "pcie_cq", "make sim-pcie_cq SEED=<seed> N=<n> TRACE=1", dflt);
  h.run("random", [&] { scenario_random(h); });
  return h.exit_code();
}
