// tb/common/ports.h -- the agents of the lockstep harness: valid/ready sources and sinks,
// AXI4-Stream packet sources and sinks, and an AXI4-Lite master. Header only.
//
// Every agent follows the phase convention of core.h (drive / sample / post). Stalls are
// seeded: a source withholds tvalid (between transactions and between beats) with
// probability `stall`, a sink withholds tready with probability `stall`; --stall 0
// (--no-stall) gives peak throughput. Sources keep valid and data stable until the
// handshake (AXI rule). Sinks check the same rule on the RTL's outputs: once valid is
// high and ready low, valid must stay high and every field stable until the handshake
// (ARM IHI 0051A section 2.2.1, IHI 0022 A3.2.1); a violation fails the run. AXI4-Stream
// sinks also check that tkeep is contiguous from bit 0 and full on every beat but the last.
//
// During reset (SimBase::reset) every source drives valid = 0 and every sink ready = 0.
// After a mid-traffic reset call clear() on the sources (the RTL forgot what was in flight).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "core.h"

namespace tb {

// ---------------------------------------------------------------------------------
// StreamSource: drives one valid/ready input port with Txn's. `put` writes the fields of a
// transaction to the DUT's data pins (called every cycle the transaction is presented).
class StreamSource : public Agent {
 public:
  StreamSource(SimBase& sim, std::string name, Handshake hs, std::function<void(const Txn&)> put)
      : Agent(sim, std::move(name), Role::input), hs_(hs), put_(std::move(put)) {}

  void push(Txn t) { q_.push_back(std::move(t)); }
  void clear() { q_.clear(); holding_ = false; }
  size_t queued() const { return q_.size(); }
  std::function<void(const Txn&)> on_accept;  // after the handshake, in post()

  bool busy() const override { return !q_.empty(); }
  std::string status() const override {
    return q_.empty() ? "" : std::to_string(q_.size()) + " queued, next " + q_.front().str();
  }

 protected:
  void drive() override {
    if (sim_.in_reset()) holding_ = false;
    else if (!holding_ && !q_.empty() && !withhold()) holding_ = true;
    hs_.valid.set(holding_ ? 1 : 0);
    if (holding_) put_(q_.front());
  }
  void sample() override {
    acc_ = holding_ && hs_.ready.get();
    if (acc_) fired_ = moved_ = true;
  }
  void post() override {
    if (!acc_) return;
    Txn t = std::move(q_.front());
    q_.pop_front();
    holding_ = false;
    sim_.h.inputs++;
    if (on_accept) on_accept(t);
    sim_.log_txn(name_, t);
  }

 private:
  Handshake hs_;
  std::function<void(const Txn&)> put_;
  std::deque<Txn> q_;
  bool holding_ = false, acc_ = false;
};

// ---------------------------------------------------------------------------------
// StreamSink: accepts one valid/ready output port. `get` reads the DUT's data pins into a
// Txn (called while valid is high). on_capture runs in post() for every handshake.
class StreamSink : public Agent {
 public:
  StreamSink(SimBase& sim, std::string name, Handshake hs, std::function<Txn()> get)
      : Agent(sim, std::move(name), Role::output), hs_(hs), get_(std::move(get)) {}

  std::function<void(const Txn&)> on_capture;
  uint64_t count = 0;  // handshakes so far
  void clear() { waiting_ = false; }

 protected:
  void drive() override { hs_.ready.set(!sim_.in_reset() && !withhold()); }
  void sample() override {
    got_ = false;
    if (sim_.in_reset()) { waiting_ = false; return; }
    const bool v = hs_.valid.get() != 0, r = hs_.ready.get() != 0;
    if (waiting_) {
      if (!v) sim_.h.fail(name_, "AXI handshake rule: valid dropped before ready", "  held: " + held_.str());
      Txn now = get_();
      if (now != held_)
        sim_.h.fail(name_, "AXI handshake rule: fields changed while valid and not ready",
                    "  before: " + held_.str() + "\n  now   : " + now.str());
    }
    if (v && r) {
      cap_ = get_();
      got_ = fired_ = moved_ = true;
      waiting_ = false;
      count++;
    } else if (v) {
      if (!waiting_) held_ = get_();
      waiting_ = true;
    }
  }
  void post() override {
    if (!got_) return;
    if (on_capture) on_capture(cap_);
    sim_.log_txn(name_, cap_);
  }

 private:
  Handshake hs_;
  std::function<Txn()> get_;
  Txn cap_, held_;
  bool got_ = false, waiting_ = false;
};

// ---------------------------------------------------------------------------------
// AXI4-Stream pins of one port (slices allow one port of a flattened multi-port vector).
struct AxisPins {
  Sig tdata, tkeep, tvalid, tready, tlast, tuser;  // tuser may be unbound
  unsigned data_bytes = 8;                         // DATA_WIDTH / 8
};
#define TB_AXIS(top, pfx, dw)                                                                        \
  (::tb::AxisPins{::tb::Sig(&(top)->pfx##_tdata), ::tb::Sig(&(top)->pfx##_tkeep),                     \
                  ::tb::Sig(&(top)->pfx##_tvalid), ::tb::Sig(&(top)->pfx##_tready),                   \
                  ::tb::Sig(&(top)->pfx##_tlast), ::tb::Sig(), unsigned((dw) / 8)})

struct Packet {
  std::vector<uint8_t> data;
  uint64_t user = 0;  // tuser (constant over the packet)
};

// history entry of a packet (SimBase::log_txn): length, tuser and the first bytes
inline void log_packet(SimBase& sim, const std::string& port, const Packet& pk) {
  Txn t;
  t.add("len", 16, pk.data.size()).add("tuser", 64, pk.user);
  uint64_t head = 0;
  for (size_t i = 0; i < 8 && i < pk.data.size(); i++) head = head << 8 | pk.data[i];
  t.add("head", 64, head);
  sim.log_txn(port, t);
}

// AxisSource: sends packets beat by beat (byte 0 = tdata[7:0] of the first beat, tkeep
// contiguous, only the last beat partial). Zero-length packets are not allowed.
class AxisSource : public Agent {
 public:
  AxisSource(SimBase& sim, std::string name, AxisPins p) : Agent(sim, std::move(name), Role::input), p_(p) {}

  void push(Packet pk) { q_.push_back(std::move(pk)); }
  void push(std::vector<uint8_t> b, uint64_t user = 0) { push(Packet{std::move(b), user}); }
  void clear() { q_.clear(); holding_ = false; off_ = 0; }
  size_t queued() const { return q_.size(); }
  bool mid_packet() const { return off_ != 0; }
  std::function<void(const Packet&)> on_accept;  // after the tlast handshake
  uint64_t beats = 0;

  bool busy() const override { return !q_.empty(); }
  std::string status() const override {
    return q_.empty() ? "" : std::to_string(q_.size()) + " packet(s) queued, " + std::to_string(off_) +
                                 " bytes of the head sent";
  }

 protected:
  void drive() override {
    if (sim_.in_reset()) holding_ = false, off_ = 0;
    else if (!holding_ && !q_.empty() && !withhold()) holding_ = true;
    p_.tvalid.set(holding_);
    if (!holding_) return;
    const Packet& pk = q_.front();
    if (pk.data.empty()) sim_.h.fail(name_, "test bug: zero-length packet queued");
    const unsigned n = unsigned(std::min<size_t>(p_.data_bytes, pk.data.size() - off_));
    for (unsigned w = 0; w < p_.data_bytes; w += 8) {  // 64-bit chunks
      uint64_t v = 0;
      for (unsigned i = 0; i < 8 && w + i < p_.data_bytes; i++)
        if (w + i < n) v |= uint64_t(pk.data[off_ + w + i]) << (8 * i);
      p_.tdata.set(8 * w, std::min(64u, 8 * (p_.data_bytes - w)), v);
    }
    for (unsigned w = 0; w < p_.data_bytes; w += 64)
      p_.tkeep.set(w, std::min(64u, p_.data_bytes - w),
                   n >= w + 64 ? ~uint64_t(0) : (n > w ? (uint64_t(1) << (n - w)) - 1 : 0));
    p_.tlast.set(off_ + n >= pk.data.size());
    if (p_.tuser.bound()) p_.tuser.set(pk.user);
  }
  void sample() override {
    acc_ = holding_ && p_.tready.get();
    if (acc_) moved_ = true;
  }
  void post() override {
    if (!acc_) return;
    beats++;
    holding_ = false;
    off_ += p_.data_bytes;
    if (off_ < q_.front().data.size()) return;
    Packet pk = std::move(q_.front());
    q_.pop_front();
    off_ = 0;
    fired_ = true;
    sim_.h.inputs++;
    if (on_accept) on_accept(pk);
    log_packet(sim_, name_, pk);
  }

 private:
  AxisPins p_;
  std::deque<Packet> q_;
  size_t off_ = 0;
  bool holding_ = false, acc_ = false;
};

// AxisSink: collects beats into packets; on_capture after the tlast beat.
class AxisSink : public Agent {
 public:
  AxisSink(SimBase& sim, std::string name, AxisPins p) : Agent(sim, std::move(name), Role::output), p_(p) {}

  std::function<void(const Packet&)> on_capture;
  std::function<void(const std::vector<uint8_t>& tdata, uint64_t tkeep, bool tlast)> on_beat;  // vectors
  uint64_t packets = 0, beats = 0;
  bool mid_packet() const { return !cur_.data.empty(); }
  void clear() { cur_ = Packet(); waiting_ = false; }
  std::string leftover() const override {
    return cur_.data.empty() ? "" : "a packet was cut off after " + std::to_string(cur_.data.size()) + " bytes";
  }

 protected:
  void drive() override { p_.tready.set(!sim_.in_reset() && !withhold()); }
  void sample() override {
    got_ = done_ = false;
    if (sim_.in_reset()) { waiting_ = false; cur_ = Packet(); return; }
    const bool v = p_.tvalid.get() != 0, r = p_.tready.get() != 0;
    if (!v) {
      if (waiting_) sim_.h.fail(name_, "AXI4-Stream rule: tvalid dropped before tready");
      return;
    }
    read_beat();
    if (waiting_ && (bdata_ != held_data_ || bkeep_ != held_keep_ || blast_ != held_last_ || buser_ != held_user_))
      sim_.h.fail(name_, "AXI4-Stream rule: tdata/tkeep/tlast/tuser changed while tvalid and not tready");
    if (!r) {
      waiting_ = true;
      held_data_ = bdata_, held_keep_ = bkeep_, held_last_ = blast_, held_user_ = buser_;
      return;
    }
    waiting_ = false;
    got_ = moved_ = true;
    // tkeep: contiguous from bit 0; full unless tlast
    const uint64_t full = p_.data_bytes >= 64 ? ~uint64_t(0) : (uint64_t(1) << p_.data_bytes) - 1;
    if (bkeep_ == 0 || (bkeep_ & (bkeep_ + 1)) != 0 || (!blast_ && bkeep_ != full))
      sim_.h.fail(name_, "AXI4-Stream rule: tkeep not contiguous from bit 0, or partial beat before tlast",
                  "  tkeep = " + hex(bkeep_));
    if (!cur_.data.empty() && buser_ != cur_.user)
      sim_.h.fail(name_, "AXI4-Stream rule: tuser changed inside a packet");
    cur_.user = buser_;
    for (unsigned i = 0; i < p_.data_bytes; i++)
      if (bkeep_ >> i & 1) cur_.data.push_back(bdata_[i]);
    beats++;
    if (on_beat) on_beat(bdata_, bkeep_, blast_);
    if (blast_) {
      cap_ = std::move(cur_);
      cur_ = Packet();
      done_ = fired_ = true;
      packets++;
    }
  }
  void post() override {
    if (!done_) return;
    if (on_capture) on_capture(cap_);
    log_packet(sim_, name_, cap_);
  }

 private:
  static std::string hex(uint64_t v) {
    char b[24];
    std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
  }
  void read_beat() {  // tkeep wider than 64 bits (DATA_WIDTH > 512) is not supported
    bdata_.resize(p_.data_bytes);
    for (unsigned w = 0; w < p_.data_bytes; w += 8) {
      const uint64_t v = p_.tdata.get(8 * w, std::min(64u, 8 * (p_.data_bytes - w)));
      for (unsigned i = 0; i < 8 && w + i < p_.data_bytes; i++) bdata_[w + i] = uint8_t(v >> (8 * i));
    }
    bkeep_ = p_.tkeep.get(0, std::min(64u, p_.data_bytes));
    blast_ = p_.tlast.get() != 0;
    buser_ = p_.tuser.bound() ? p_.tuser.get() : 0;
  }
  AxisPins p_;
  Packet cur_, cap_;
  std::vector<uint8_t> bdata_, held_data_;
  uint64_t bkeep_ = 0, held_keep_ = 0, buser_ = 0, held_user_ = 0;
  bool blast_ = false, held_last_ = false;
  bool got_ = false, done_ = false, waiting_ = false;
};

// ---------------------------------------------------------------------------------
// AXI4-Lite master, one transaction at a time. AW and W are presented together and may
// be accepted in different cycles; B and R are accepted with a random bready / rready.
struct AxilPins {
  Sig awaddr, awvalid, awready, wdata, wstrb, wvalid, wready, bresp, bvalid, bready;
  Sig araddr, arvalid, arready, rdata, rresp, rvalid, rready;
};
#define TB_AXIL(top, pfx)                                                                        \
  (::tb::AxilPins{::tb::Sig(&(top)->pfx##_awaddr), ::tb::Sig(&(top)->pfx##_awvalid),              \
                  ::tb::Sig(&(top)->pfx##_awready), ::tb::Sig(&(top)->pfx##_wdata),               \
                  ::tb::Sig(&(top)->pfx##_wstrb), ::tb::Sig(&(top)->pfx##_wvalid),                \
                  ::tb::Sig(&(top)->pfx##_wready), ::tb::Sig(&(top)->pfx##_bresp),                \
                  ::tb::Sig(&(top)->pfx##_bvalid), ::tb::Sig(&(top)->pfx##_bready),               \
                  ::tb::Sig(&(top)->pfx##_araddr), ::tb::Sig(&(top)->pfx##_arvalid),              \
                  ::tb::Sig(&(top)->pfx##_arready), ::tb::Sig(&(top)->pfx##_rdata),               \
                  ::tb::Sig(&(top)->pfx##_rresp), ::tb::Sig(&(top)->pfx##_rvalid),                \
                  ::tb::Sig(&(top)->pfx##_rready)})

class AxilMaster : public Agent {
 public:
  struct Op {
    bool write = false;
    uint32_t addr = 0, data = 0;
    unsigned strb = 0xf;
    std::function<void(unsigned resp, uint32_t rdata)> done;  // resp: 0 OKAY, 2 SLVERR
  };
  AxilMaster(SimBase& sim, std::string name, AxilPins p) : Agent(sim, std::move(name), Role::other), p_(p) {}

  void write(uint32_t addr, uint32_t data, std::function<void(unsigned, uint32_t)> done = {}, unsigned strb = 0xf) {
    q_.push_back(Op{true, addr, data, strb, std::move(done)});
  }
  void read(uint32_t addr, std::function<void(unsigned, uint32_t)> done) {
    q_.push_back(Op{false, addr, 0, 0xf, std::move(done)});
  }
  void clear() { q_.clear(); st_ = idle; }
  bool idle_now() const { return q_.empty() && st_ == idle; }
  size_t queued() const { return q_.size(); }  // operations not yet completed
  bool busy() const override { return !idle_now(); }
  std::string status() const override {
    return idle_now() ? "" : std::to_string(q_.size()) + " op(s) queued, state " + std::to_string(int(st_));
  }
  std::function<void(const Op&, unsigned resp, uint32_t rdata)> on_done;  // every completed op
  uint64_t watchdog = 10000;  // cycles an op may take

 protected:
  void drive() override {
    if (sim_.in_reset()) st_ = idle;
    if (st_ == idle && !q_.empty() && !withhold()) {
      st_ = q_.front().write ? addr_phase : rd_addr;
      aw_done_ = w_done_ = false;
      start_ = sim_.cycle();
    }
    const Op* o = q_.empty() ? nullptr : &q_.front();
    const bool wa = st_ == addr_phase;
    p_.awvalid.set(wa && !aw_done_);
    p_.wvalid.set(wa && !w_done_);
    p_.arvalid.set(st_ == rd_addr);
    if (o) {
      p_.awaddr.set(o->addr), p_.wdata.set(o->data), p_.wstrb.set(o->strb), p_.araddr.set(o->addr);
    }
    p_.bready.set(st_ == wr_resp && !withhold());
    p_.rready.set(st_ == rd_data && !withhold());
    if (st_ != idle && sim_.cycle() - start_ > watchdog)
      sim_.h.fail(name_, "AXI4-Lite transaction did not complete within " + std::to_string(watchdog) + " cycles");
  }
  void sample() override {
    fin_ = false;
    switch (st_) {
      case addr_phase:
        if (!aw_done_ && p_.awready.get()) aw_done_ = moved_ = true;
        if (!w_done_ && p_.wready.get()) w_done_ = moved_ = true;
        break;
      case rd_addr:
        if (p_.arready.get()) moved_ = true, next_ = rd_data;
        break;
      case wr_resp:
        if (p_.bvalid.get() && p_.bready.get()) fin_ = moved_ = true, resp_ = unsigned(p_.bresp.get()), rdata_ = 0;
        break;
      case rd_data:
        if (p_.rvalid.get() && p_.rready.get())
          fin_ = moved_ = true, resp_ = unsigned(p_.rresp.get()), rdata_ = uint32_t(p_.rdata.get());
        break;
      default: break;
    }
  }
  void post() override {
    if (st_ == addr_phase && aw_done_ && w_done_) st_ = wr_resp;
    else if (st_ == rd_addr && next_ == rd_data) st_ = rd_data, next_ = idle;
    else if (fin_) {
      Op o = std::move(q_.front());
      q_.pop_front();
      st_ = idle;
      fired_ = true;
      if (o.done) o.done(resp_, rdata_);
      if (on_done) on_done(o, resp_, rdata_);
      Txn t;
      t.add("write", 1, o.write).add("addr", 32, o.addr).add(o.write ? "wdata" : "rdata", 32, o.write ? o.data : rdata_);
      if (o.write) t.add("strb", 4, o.strb);
      t.add("resp", 2, resp_);
      sim_.log_txn(name_, t);
    }
  }

 private:
  enum State { idle, addr_phase, wr_resp, rd_addr, rd_data };
  AxilPins p_;
  std::deque<Op> q_;
  State st_ = idle, next_ = idle;
  bool aw_done_ = false, w_done_ = false, fin_ = false;
  unsigned resp_ = 0;
  uint32_t rdata_ = 0;
  uint64_t start_ = 0;
};

// PostHook: a per-cycle callback as an agent: f() in post() of every cycle out of reset (after the
// callbacks of the agents constructed before it), busy() from b (default: never busy). For a
// testbench's environment step (a device model answering requests, a scheduler of due events).
class PostHook : public Agent {
 public:
  PostHook(SimBase& sim, std::string name, std::function<void()> f, std::function<bool()> b = {})
      : Agent(sim, std::move(name), Role::other), f_(std::move(f)), b_(std::move(b)) {}
  bool busy() const override { return b_ ? b_() : false; }

 protected:
  void drive() override {}
  void sample() override {}
  void post() override {
    if (!sim_.in_reset()) f_();
  }

 private:
  std::function<void()> f_;
  std::function<bool()> b_;
};

}  // namespace tb
