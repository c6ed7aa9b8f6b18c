// tb_pcie_msix.cpp -- lockstep testbench of pcie_msix (RTL, Verilator) against the C model
// cmodel/pcie_msix.{h,c} (docs/pcie_msix.md).
//
// One environment agent drives every input and samples every output each cycle: an AXI4-Lite
// master (writes of table words with random strobes, mask / unmask, PBA and out-of-range writes;
// reads of table words, mask words, PBA words and out-of-range offsets; valids raised together or
// apart, random bready / rready), random irq_req bits, rare toggles of MSI-X Enable / Function
// Mask, and a core model that answers each cfg_msix_int after 1..24 cycles with sent or (p_fail)
// fail. The cycle's events reach the model in the RTL's order (cmodel/pcie_msix.h): the read
// whose AR handshake was in the previous cycle (its expected data), the write whose AW / W
// handshake was in the previous cycle, the message, the irq bits, the answer.
// Compared: every read's data with the model's, every message's vector legality (pending,
// unmasked, none in flight) and its address / data with the model's table; properties: OKAY
// responses, address / data / vector stable until the answer, a message only after a cycle with
// MSI-X enabled and the function unmasked, no eligible vector left unsent for 64 cycles while
// the sender is free and enabled (liveness), AXI valid held until ready. At the end: every vector
// unmasked, enabled, run until nothing is pending or in flight, every table word and PBA word read
// back and compared, and the three counters compared.
// Builds: NV 32 (the card) and NV 4 (every vector contended).
// Faults (--fault): data (one expected message data bit flipped), pend (one irq of an unmasked,
// not pending vector not told to the model, and no later irq of that vector, which would merge
// with the lost one and hide it): each must be reported.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>

#include "Vpcie_msix.h"
#include "core.h"
#include "sim.h"

extern "C" {
#include "pcie_msix.h"
}

#ifndef TB_NV
#define TB_NV 32
#endif
static_assert(TB_NV >= 2 && TB_NV <= 64, "the bench drives irq_req as one 64-bit word");

namespace {

struct Rd {
  uint32_t addr, exp;
};

class Env : public tb::Agent {
 public:
  Env(tb::Sim<Vpcie_msix>& sim, tb::Harness& h, pcie_msix& m)
      : Agent(sim, "env", Role::other), h_(h), top_(sim.top.get()), m_(m), r_(h.rng) {
    fault_ = h.opt.fault;
    p_irq_ = r_.chance(0.5) ? 0.05 : 0.3;
    p_wr_ = r_.chance(0.5) ? 0.05 : 0.25;
    p_rd_ = r_.chance(0.5) ? 0.05 : 0.25;
    p_fail_ = r_.chance(0.5) ? 0.0 : 0.15;
    h_.note("p_irq %.2f p_wr %.2f p_rd %.2f p_fail %.2f\n", p_irq_, p_wr_, p_rd_, p_fail_);
  }

  bool traffic = true;   // random irqs, writes, reads, enable toggles
  uint64_t msgs = 0;
  std::deque<std::pair<uint32_t, std::pair<uint32_t, unsigned>>> wq;   // directed writes {addr, {data, strb}}
  std::deque<uint32_t> rq;                                             // directed reads
  bool en = true, fm = false;

  bool idle() const {
    return !aw_ && !wv_ && !ar_ && !rvw_ && !bw_ && !rd_due_ && !wr_due_ && wq.empty() && rq.empty() &&
           m_.flight < 0 && ans_ == 0;
  }

 protected:
  void drive() override {
    if (sim_.in_reset()) {
      aw_ = wv_ = ar_ = bw_ = rvw_ = false;
      ans_ = 0;
      put();
      return;
    }
    // AXI write: a directed write first, else a random one
    if (!aw_ && !wv_) {
      if (!wq.empty()) {
        wa_ = wq.front().first, wd_ = wq.front().second.first, ws_ = wq.front().second.second;
        wq.pop_front();
        aw_ = wv_ = true;
      } else if (traffic && r_.chance(p_wr_)) {
        rand_write();
        const bool apart = r_.chance(0.3);
        aw_ = true, wv_ = !apart;
      }
    } else if (aw_ != wv_ && r_.chance(0.5)) {
      aw_ = wv_ = true;   // the other half follows later
    }
    if (!ar_ && !rvw_) {
      if (!rq.empty()) {
        ra_ = rq.front(), rq.pop_front(), ar_ = true;
      } else if (traffic && r_.chance(p_rd_)) {
        ra_ = rand_addr(), ar_ = true;
      }
    }
    irq_ = 0;
    if (traffic && r_.chance(p_irq_)) {
      irq_ = r_.chance(0.7) ? 1ull << r_.below(TB_NV) : r_.bits(TB_NV);
      if (fault_done_) irq_ &= ~(1ull << fault_v_);
    }
    // MSI-X Enable / Function Mask: rarely off, back on soon (off about 5 % of the time each)
    if (traffic && r_.chance(en ? 0.0005 : 0.01)) en = !en;
    if (traffic && r_.chance(fm ? 0.01 : 0.0005)) fm = !fm;
    sent_ = fail_ = false;
    if (ans_ > 0 && --ans_ == 0) (r_.chance(p_fail_) ? fail_ : sent_) = true;
    put();
  }

  void sample() override {
    if (sim_.in_reset()) return;
    const bool en_ok = en && !fm;
    // AXI rules on the RTL's outputs: valid held until ready, fields stable
    if (b_prev_ && !b_taken_) h_.check(top_->s_axil_bvalid, "s_axil_b", "bvalid dropped before bready");
    if (r_prev_ && !r_taken_) {
      h_.check(top_->s_axil_rvalid, "s_axil_r", "rvalid dropped before rready");
      h_.check(top_->s_axil_rdata == r_prev_data_, "s_axil_r", "rdata changed while rvalid held");
    }
    const bool wr_hs = aw_ && wv_ && top_->s_axil_awready;
    h_.check(!(top_->s_axil_awready && !(aw_ && wv_)), "s_axil_aw", "awready without both valids");
    h_.check(top_->s_axil_awready == top_->s_axil_wready, "s_axil_aw", "awready != wready");
    const bool ar_hs = ar_ && top_->s_axil_arready;
    const bool b_hs = top_->s_axil_bvalid && bready_;
    const bool r_hs = top_->s_axil_rvalid && rready_;
    // 1. read: the state in the cycle after its AR handshake (before this edge)
    if (rd_due_) {
      rd_ = Rd{rd_due_addr_, pcie_msix_read(&m_, rd_due_addr_)};
      if (rd_due_addr_ >= 0x1000 && rd_.exp) h_.cover("pba_nonzero");
      if ((rd_due_addr_ & 0x1000) == 0 && ((rd_due_addr_ >> 4) & 0xff) >= TB_NV) h_.cover("oob_read");
      rd_due_ = false;
    }
    // 2. write: applied at the edge of the cycle after its handshake
    if (wr_due_) {
      pcie_msix_write(&m_, wd_addr_, wd_data_, wd_strb_);
      if (m_.flight >= 0) h_.cover("write_in_flight");
      wr_due_ = false;
    }
    if (ar_hs) rd_due_ = true, rd_due_addr_ = ra_, h_.inputs++, moved_ = true;
    if (wr_hs) wr_due_ = true, wd_addr_ = wa_, wd_data_ = wd_, wd_strb_ = ws_, h_.inputs++, moved_ = true;
    // 3. message
    if (top_->cfg_msix_int) {
      const unsigned v = top_->cfg_msix_vec;
      h_.check(prev_en_ok_, "cfg_msix_int", "message after a cycle with MSI-X disabled or the function masked");
      uint64_t a = 0;
      uint32_t d = 0;
      const int rc = pcie_msix_fire(&m_, v, &a, &d);
      if (rc != PCIE_MSIX_OK)
        h_.fail("cfg_msix_int", "message of vector " + std::to_string(v) + " refused by the model: " + err(rc));
      msgs++;
      if (fault_ == "data" && msgs == 50) d ^= 1u;
      if (top_->cfg_msix_address != a || top_->cfg_msix_data != d) {
        char b[160];
        snprintf(b, sizeof b, "vector %u: address 0x%016" PRIx64 " data 0x%08x, model 0x%016" PRIx64 " 0x%08x", v,
                 uint64_t(top_->cfg_msix_address), unsigned(top_->cfg_msix_data), a, d);
        h_.fail("cfg_msix_int", std::string("MISMATCH: ") + b);
      }
      h_.outputs++, moved_ = true;
      fa_ = a, fd_ = d, fv_ = v;
      if (irq_ >> v & 1u) h_.cover("irq_in_send");
      ans_ = unsigned(r_.range(1, 24));
    } else if (m_.flight >= 0) {
      h_.check(top_->cfg_msix_address == fa_ && top_->cfg_msix_data == fd_ && top_->cfg_msix_vec == fv_,
               "cfg_msix", "address / data / vector changed before the answer");
    }
    // 4. irq bits (fault pend: one bit not told to the model)
    if (irq_) {
      uint64_t req[PCIE_MSIX_NV_MAX / 64] = {irq_};
      for (unsigned v = 0; v < TB_NV; v++)
        if (irq_ >> v & 1u) {
          if (m_.pend[v]) h_.cover("merge");
          if (m_.mask[v]) h_.cover("masked_irq");
        }
      const unsigned v0 = unsigned(__builtin_ctzll(irq_));
      if (fault_ == "pend" && !fault_done_ && ++nirq_ >= 40 && (irq_ & (irq_ - 1)) == 0 && !m_.pend[v0] &&
          !m_.mask[v0]) {   // a request that makes an unmasked vector pending
        req[0] = 0;
        fault_done_ = true;
        fault_v_ = v0;   // no later request of it: a merge would hide the lost one
      }
      pcie_msix_irq(&m_, req);
      h_.inputs++;
    }
    // 5. the core's answer
    if (sent_ || fail_) {
      if (pcie_msix_answer(&m_, fail_) != PCIE_MSIX_OK) h_.fail("cfg_msi", "answer with no message in flight");
      if (fail_) h_.cover("fail");
      moved_ = true;
    }
    // liveness: an eligible vector, the sender free and enabled: sent within 64 cycles
    if (en_ok && m_.flight < 0 && !top_->cfg_msix_int && pcie_msix_eligible(&m_)) {
      if (++starve_ > 64) h_.fail("cfg_msix_int", "a pending unmasked vector not sent for 64 cycles");
    } else {
      starve_ = 0;
    }
    if (!en_ok && pcie_msix_eligible(&m_)) h_.cover("held_disabled");
    // read data (registered at the AR edge, compared when taken)
    if (r_hs) {
      h_.check(top_->s_axil_rresp == 0, "s_axil_r", "rresp not OKAY");
      if (top_->s_axil_rdata != rd_.exp) {
        char b[120];
        snprintf(b, sizeof b, "read 0x%04x: 0x%08x, model 0x%08x", rd_.addr, unsigned(top_->s_axil_rdata), rd_.exp);
        h_.fail("s_axil_r", std::string("MISMATCH: ") + b);
      }
      h_.outputs++, moved_ = true;
    }
    if (b_hs) h_.check(top_->s_axil_bresp == 0, "s_axil_b", "bresp not OKAY");
    // bookkeeping for the next cycle
    if (wr_hs) aw_ = wv_ = false, bw_ = true;
    if (b_hs) bw_ = false;
    if (ar_hs) ar_ = false, rvw_ = true;
    if (r_hs) rvw_ = false;
    b_prev_ = top_->s_axil_bvalid, b_taken_ = b_hs;
    r_prev_ = top_->s_axil_rvalid, r_taken_ = r_hs, r_prev_data_ = top_->s_axil_rdata;
    prev_en_ok_ = en_ok;
  }

 private:
  static std::string err(int rc) {
    switch (rc) {
      case PCIE_MSIX_ENOTPEND: return "not pending";
      case PCIE_MSIX_EMASKED: return "masked";
      case PCIE_MSIX_EBUSY: return "another message in flight";
      default: return "invalid vector";
    }
  }
  uint32_t rand_addr() {
    const unsigned k = unsigned(r_.below(10));
    if (k < 6) return uint32_t(16 * r_.below(TB_NV) + 4 * r_.below(4));
    if (k < 8) return uint32_t(0x1000 + 4 * r_.below(4));
    return uint32_t(r_.bits(13)) & ~3u;   // anywhere, mostly out of range
  }
  void rand_write() {
    const unsigned k = unsigned(r_.below(10));
    ws_ = 0xf;
    if (k < 5) {   // mask / unmask (unmask more often)
      wa_ = uint32_t(16 * r_.below(TB_NV) + 12), wd_ = r_.chance(0.6) ? 0u : uint32_t(r_.bits(32));
      if (r_.chance(0.1)) ws_ = unsigned(r_.bits(4));
    } else if (k < 8) {   // address / data word with random strobes
      wa_ = uint32_t(16 * r_.below(TB_NV) + 4 * r_.below(3)), wd_ = uint32_t(r_.bits(32)), ws_ = unsigned(r_.bits(4));
    } else {   // PBA or anywhere
      wa_ = r_.chance(0.5) ? uint32_t(0x1000 + 4 * r_.below(4)) : (uint32_t(r_.bits(13)) & ~3u);
      wd_ = uint32_t(r_.bits(32));
    }
  }
  void put() {
    top_->s_axil_awvalid = aw_, top_->s_axil_awaddr = wa_;
    top_->s_axil_wvalid = wv_, top_->s_axil_wdata = wd_, top_->s_axil_wstrb = ws_;
    top_->s_axil_arvalid = ar_, top_->s_axil_araddr = ra_;
    bready_ = !sim_.in_reset() && !r_.chance(0.3);
    rready_ = !sim_.in_reset() && !r_.chance(0.3);
    top_->s_axil_bready = bready_, top_->s_axil_rready = rready_;
    top_->irq_req = irq_;
    top_->cfg_msix_enable = en, top_->cfg_msix_fmask = fm;
    top_->cfg_msi_sent = sent_, top_->cfg_msi_fail = fail_;
  }

  tb::Harness& h_;
  Vpcie_msix* top_;
  pcie_msix& m_;
  tb::Rng& r_;
  std::string fault_;
  double p_irq_, p_wr_, p_rd_, p_fail_;
  bool aw_ = false, wv_ = false, ar_ = false, bw_ = false, rvw_ = false, bready_ = false, rready_ = false;
  uint32_t wa_ = 0, wd_ = 0, ra_ = 0;
  unsigned ws_ = 0xf;
  uint64_t irq_ = 0;
  bool sent_ = false, fail_ = false;
  unsigned ans_ = 0;
  Rd rd_{0, 0};
  uint64_t fa_ = 0;
  uint32_t fd_ = 0;
  unsigned fv_ = 0;
  bool b_prev_ = false, b_taken_ = false, r_prev_ = false, r_taken_ = false, prev_en_ok_ = false;
  uint32_t r_prev_data_ = 0;
  uint64_t starve_ = 0, nirq_ = 0;
  bool rd_due_ = false, wr_due_ = false;
  uint32_t rd_due_addr_ = 0, wd_addr_ = 0, wd_data_ = 0;
  unsigned wd_strb_ = 0;
  bool fault_done_ = false;
  unsigned fault_v_ = 0;
};

void scenario(tb::Harness& h) {
  tb::Sim<Vpcie_msix> sim(h);
  pcie_msix m;
  if (pcie_msix_init(&m, TB_NV) != PCIE_MSIX_OK) h.fail("model", "pcie_msix_init failed");
  Env env(sim, h, m);
  for (auto* n : {"merge", "masked_irq", "irq_in_send", "fail", "write_in_flight", "pba_nonzero", "oob_read",
                  "held_disabled"})
    h.cov_declare(n);
  sim.reset();
  // software initialisation: every entry's address, data (masked, as after reset), then unmask
  // about two thirds of the vectors
  env.traffic = false;
  for (unsigned v = 0; v < TB_NV; v++) {
    env.wq.push_back({16 * v + 0, {uint32_t(h.rng.bits(32)) & ~3u, 0xf}});
    env.wq.push_back({16 * v + 4, {uint32_t(h.rng.bits(32)), 0xf}});
    env.wq.push_back({16 * v + 8, {uint32_t(h.rng.bits(32)), 0xf}});
    if (h.rng.chance(0.67)) env.wq.push_back({16 * v + 12, {0u, 0xf}});
  }
  sim.run_until([&] { return env.idle(); }, "table initialisation");
  env.traffic = true;
  sim.run_until([&] { return h.inputs >= h.opt.n; }, "random traffic");
  // end: no new events, everything unmasked and enabled: every pending vector must be sent
  env.traffic = false;
  env.en = true, env.fm = false;
  for (unsigned v = 0; v < TB_NV; v++) env.wq.push_back({16 * v + 12, {0u, 0xf}});
  sim.run_until([&] { return env.idle() && !pcie_msix_eligible(&m); }, "final drain");
  for (unsigned v = 0; v < TB_NV; v++)
    for (unsigned d = 0; d < 4; d++) env.rq.push_back(16 * v + 4 * d);
  for (unsigned k = 0; k < 4; k++) env.rq.push_back(0x1000 + 4 * k);
  sim.run_until([&] { return env.idle(); }, "final read-back");
  sim.step(4);
  auto* top = sim.top.get();
  h.check(top->stat_int == m.st[PCIE_MSIX_ST_INT], "stat_int", "counter != model");
  h.check(top->stat_sent == m.st[PCIE_MSIX_ST_SENT], "stat_sent", "counter != model");
  h.check(top->stat_fail == m.st[PCIE_MSIX_ST_FAIL], "stat_fail", "counter != model");
  h.extra("messages", double(env.msgs));
  h.note("random: %" PRIu64 " inputs, %" PRIu64 " messages (%u sent, %u failed), %" PRIu64 " cycles\n", h.inputs,
         env.msgs, m.st[PCIE_MSIX_ST_SENT], m.st[PCIE_MSIX_ST_FAIL], sim.cycle());
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "pcie_msix", "make sim-pcie_msix SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario(h); });
  return h.exit_code();
}
