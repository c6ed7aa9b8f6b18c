// tb/common/csr.h -- CSR checking for the AXI4-Lite port of a lockstep testbench. Header only.
//
// CsrChecker: compares every completed AXI4-Lite operation of an AxilMaster (response code,
// and the read data) with the C model. The model side is one callback, called when the
// operation completes (B or R handshake, post phase), in the cycle order of core.h:
//
//   tb::CsrChecker chk(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
//     if (o.write) return model_csr_write(&m, o.addr, o.data, o.strb) == ERR ? 2 : 0;
//     rdata = model_csr_read(&m, o.addr);
//     return model_csr_read_err(&m, o.addr) ? 2 : 0;             // 0 OKAY, 2 SLVERR
//   });
//   chk.on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) { ...vectors... };
//
// A difference fails the run ("AXI4-Lite read mismatch" / "write mismatch", port s_axil) with
// the expected and actual fields; every compared operation counts in Harness::outputs.
//
// CsrStorm: CSR writes during traffic. While `enabled`, in each cycle with probability `p`
// (and at most `max_queued` operations waiting in the master) it queues a write of one
// register drawn from `regs` (value from the register's generator), followed with
// probability `p_readback` by a read of the same address. Every such operation goes through
// the master like any other, so the CsrChecker compares it; the testbench applies the write
// to its model at the point the block's documented same-cycle rule gives (docs/<block>.md).
// Counts per register name go to the coverage registry as "csr_wr_<name>" (or another prefix).
//
// CsrWriteProbe: a lockstep timing probe on the DUT's register-write strobe (its reg_wr_en /
// addr / data / strb, made public by the testbench's .vlt): `read` returns the strobe of the
// cycle; `take` applies the write to the model in post() of the cycle the DUT's state takes it,
// `delay` (0 or 1) cycles after the strobe; the B response codes wait in `rc` for the
// CsrChecker (next_rc): take's return value, or with `respond` set, respond's, called in the
// strobe's cycle (for a write applied a cycle later whose B can come first). post() runs in
// construction order: construct it after the probes whose model events read the registers
// before a write lands in the same cycle.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "core.h"
#include "ports.h"

namespace tb {

class CsrChecker {
 public:
  // expect(op, rdata): the model's response code for op (0 OKAY, 2 SLVERR); for a read it
  // also sets rdata to the model's read data.
  using Expect = std::function<unsigned(const AxilMaster::Op&, uint32_t& rdata)>;

  CsrChecker(Harness& h, AxilMaster& m, Expect expect) : h_(h), expect_(std::move(expect)) {
    m.on_done = [this](const AxilMaster::Op& o, unsigned resp, uint32_t data) { done(o, resp, data); };
  }
  CsrChecker(const CsrChecker&) = delete;
  CsrChecker& operator=(const CsrChecker&) = delete;

  // called for every read after the comparison with the model's values (vector files)
  std::function<void(const AxilMaster::Op&, uint32_t exp_rdata, unsigned exp_resp)> on_read;
  // called after every compared operation (scenario hooks)
  std::function<void(const AxilMaster::Op&, unsigned resp, uint32_t rdata)> after;
  uint64_t reads = 0, writes = 0, slverr = 0;

 private:
  static std::string hex32(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
  }
  void done(const AxilMaster::Op& o, unsigned resp, uint32_t data) {
    uint32_t md = 0;
    const unsigned er = expect_(o, md);
    Txn a, e;
    a.add("addr", 16, o.addr).add("resp", 2, resp);
    e.add("addr", 16, o.addr).add("resp", 2, er);
    if (!o.write) a.add("rdata", 32, data), e.add("rdata", 32, md);
    if (a != e)
      h_.fail("s_axil", std::string("AXI4-Lite ") + (o.write ? "write" : "read") + " mismatch",
              "  expected: " + e.str() + "\n  actual  : " + a.str() +
                  (o.write ? "  (wdata " + hex32(o.data) + ", wstrb " + std::to_string(o.strb) + ")" : ""));
    h_.outputs++;
    (o.write ? writes : reads)++;
    if (er) slverr++;
    if (!o.write && on_read) on_read(o, md, er);
    if (after) after(o, resp, data);
  }
  Harness& h_;
  Expect expect_;
};

// One writable register for CsrStorm: address, name (coverage), value generator.
struct CsrReg {
  uint32_t addr;
  std::string name;
  std::function<uint32_t(Rng&)> value;
  unsigned strb = 0xf;     // 0: a random non-zero strobe per write
  bool readback = true;    // false for registers whose read value depends on the traffic
};

class CsrStorm : public Agent {
 public:
  // cov: prefix of the coverage class of each register (cov + name)
  CsrStorm(SimBase& sim, AxilMaster& m, std::vector<CsrReg> regs, double p = 0.002,
           std::string cov = "csr_wr_")
      : Agent(sim, "csr storm", Role::other), p(p), m_(m), regs_(std::move(regs)), cov_(std::move(cov)) {
    for (auto& r : regs_) sim.h.cov_declare(cov_ + r.name);
  }
  bool enabled = true;
  double p;                 // P(a write is queued) per cycle
  double p_readback = 0.5;  // P(the write is followed by a read of the same register)
  size_t max_queued = 2;
  uint64_t issued = 0;

 protected:
  void drive() override {
    if (!enabled || regs_.empty() || sim_.in_reset() || m_.queued() >= max_queued) return;
    if (!rng().chance(p)) return;
    const CsrReg& r = regs_[rng().below(regs_.size())];
    const unsigned strb = r.strb ? r.strb : unsigned(rng().range(1, 15));
    m_.write(r.addr, r.value(rng()), {}, strb);
    if (r.readback && rng().chance(p_readback)) m_.read(r.addr, {});
    sim_.h.cover(cov_ + r.name);
    issued++;
  }
  void sample() override {}

 private:
  AxilMaster& m_;
  std::vector<CsrReg> regs_;
  std::string cov_;
};

class CsrWriteProbe : public Agent {
 public:
  struct Wr {
    bool en = false;
    uint32_t addr = 0, data = 0;
    unsigned strb = 0;
  };
  CsrWriteProbe(SimBase& sim, std::function<Wr()> read, std::function<int(const Wr&)> take,
                unsigned delay = 0, std::function<int(const Wr&)> respond = {})
      : Agent(sim, "csr write", Role::other), read_(std::move(read)), take_(std::move(take)),
        respond_(std::move(respond)), delay_(delay) {}
  std::deque<int> rc;
  // the next B response code (FIFO); `missing` and a failure when the RTL answered a write it
  // never applied
  int next_rc(Harness& h, int missing) {
    if (rc.empty()) {
      h.fail("s_axil", "write response without a write strobe (probe)");
      return missing;
    }
    const int r = rc.front();
    rc.pop_front();
    return r;
  }
  void clear() { rc.clear(), held_ = false; }

 protected:
  void drive() override {}
  void sample() override { w_ = read_(); }
  void post() override {
    if (sim_.in_reset()) {
      held_ = false;
      return;
    }
    if (held_) take_(h_), held_ = false;
    if (!w_.en) return;
    if (respond_) rc.push_back(respond_(w_));
    if (delay_) {
      held_ = true, h_ = w_;
    } else {
      const int r = take_(w_);
      if (!respond_) rc.push_back(r);
    }
  }

 private:
  std::function<Wr()> read_;
  std::function<int(const Wr&)> take_, respond_;
  unsigned delay_;
  Wr w_, h_;
  bool held_ = false;
};

}  // namespace tb
