// tb/common/core.h -- core of the lockstep harness: options, PRNG, signal access,
// transactions, the per-binary Harness (reporting) and the per-run SimBase (clocking).
//
// Phase convention of one clock cycle, SimBase::step() (period = 10 time units):
//   t = 10c      clk falls; every agent's drive() sets the DUT inputs for cycle c
//                (valid/data of sources, ready of sinks); eval(); trace dump.
//   (pre-edge)   every agent's sample() reads valid && ready as settled before the
//                rising edge: that is the handshake of cycle c (combinational ready
//                paths included). Sinks read the output fields here.
//   t = 10c+5    clk rises; eval(); trace dump; cycle() becomes c+1.
//   (post-edge)  every agent's post() runs the user callbacks of the handshakes of
//                cycle c, in the order the agents were constructed. Construct the
//                input ports in the order the block's doc gives for same-cycle events
//                and the output ports after them: then in one cycle the model first
//                receives its inputs (Source::on_accept -> model push) and only then
//                the outputs are compared (Sink::on_capture -> Scoreboard::actual,
//                which pulls the model's expected outputs lazily).
// Reset is synchronous, active high: reset(n) holds rst = 1 for n cycles with all
// sources idle (valid = 0) and all sinks not ready.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "verilated.h"

namespace tb {

// ---------------------------------------------------------------------------------
// Seeded PRNG: xoshiro256** with its state filled by splitmix64(seed). No rand().
class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { reseed(seed); }
  void reseed(uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t next() {  // 64 random bits
    const uint64_t r = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
    s_[2] ^= t; s_[3] = rotl(s_[3], 45);
    return r;
  }
  uint64_t below(uint64_t n) {  // uniform in [0, n), unbiased; n = 0 -> 0
    if (n == 0) return 0;
    const uint64_t thresh = (0 - n) % n;  // 2^64 mod n
    uint64_t x;
    do x = next(); while (x < thresh);
    return x % n;
  }
  uint64_t range(uint64_t lo, uint64_t hi) { return lo + below(hi - lo + 1); }  // [lo, hi]
  bool chance(double p) {  // Bernoulli(p)
    if (p <= 0.0) return false;
    if (p >= 1.0) return true;
    return double(next() >> 11) * 0x1.0p-53 < p;
  }
  uint64_t bits(unsigned w) { return w >= 64 ? next() : next() & ((uint64_t(1) << w) - 1); }
  std::vector<uint8_t> bytes(size_t n) {
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = uint8_t(next() >> 56);
    return v;
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// ---------------------------------------------------------------------------------
// Command line, common to every lockstep binary. Unknown "--key value" pairs land in
// `extra` for block-specific options (e.g. --pcap-in FILE); "+verilator+..." args are
// left to Verilator.
struct Options {
  uint64_t seed = 1;                 // --seed N
  uint64_t n = 1000;                 // --n N         transactions per scenario
  bool trace = false;                // --trace [FILE] FST waveform (model built with --trace-fst)
  std::string trace_file;            //   default build/trace/<block>_<scenario>_s<seed>.fst
  double stall = 0.3;                // --stall P     P(valid or ready withheld in a cycle); --no-stall: 0
  uint64_t stall_limit = 100000;     // --stall-limit N  watchdog: fail after N consecutive cycles
                                     //   with no handshake on any port (SimBase::stuck_limit)
  uint64_t max_cycles = 0;           // --max-cycles N  optional cycle budget per Sim (0: none)
  std::string json;                  // --json FILE   append one JSON object per scenario
  std::string fault;                 // --fault NAME  block-specific fault injection, passed through
  std::string scenario;              // --scenario NAME  run only this scenario
  bool quiet = false;                // --quiet
  std::map<std::string, std::string> extra;
  std::vector<std::string> argv;     // the command line as given

  void parse(int argc, char** argv);  // exits with a usage message on a malformed option
  std::string get(const std::string& key, const std::string& dflt = "") const {
    auto it = extra.find(key);
    return it == extra.end() ? dflt : it->second;
  }
};

// ---------------------------------------------------------------------------------
// Sig: bit-level access to one Verilator port (or a slice of it) of any width.
// Verilator stores 1..8 bits in CData (uint8_t), ..16 in SData, ..32 in IData,
// ..64 in QData (uint64_t), and 65+ bits in VlWide<N> (N uint32_t words, word 0 =
// bits 31:0). Writes touch only the bits inside the slice (read-modify-write), so
// flattened per-port vectors (tvalid[NP], tdata[NP*DW]) can be split per port.
class Sig {
 public:
  Sig() = default;  // unbound: get() returns 0, set() is ignored
  Sig(CData* p) : p_(p), wbytes_(1), width_(8) {}
  Sig(SData* p) : p_(p), wbytes_(2), width_(16) {}
  Sig(IData* p) : p_(p), wbytes_(4), width_(32) {}
  Sig(QData* p) : p_(p), wbytes_(8), width_(64) {}
  template <std::size_t N>
  Sig(VlWide<N>* p) : p_(p->data()), wbytes_(4), width_(unsigned(32 * N)) {}

  Sig slice(unsigned lsb, unsigned width) const {  // bits [lsb + width - 1 : lsb]
    Sig s = *this;
    s.off_ += lsb;
    s.width_ = width;
    return s;
  }
  bool bound() const { return p_ != nullptr; }
  unsigned width() const { return width_; }
  uint64_t get(unsigned lsb, unsigned n) const;  // n <= 64
  void set(unsigned lsb, unsigned n, uint64_t v);
  uint64_t get() const { return get(0, width_ < 64 ? width_ : 64); }
  void set(uint64_t v) { set(0, width_ < 64 ? width_ : 64, v); }

 private:
  uint64_t word(unsigned i) const;
  void put_word(unsigned i, uint64_t v);
  void* p_ = nullptr;
  unsigned wbytes_ = 0;  // storage word size in bytes (4 for VlWide)
  unsigned off_ = 0;     // slice offset in bits
  unsigned width_ = 0;   // slice width in bits
};

// One valid/ready pair; TB_HS(top, s_req) binds top->s_req_valid / top->s_req_ready.
struct Handshake {
  Sig valid, ready;
};
#define TB_HS(top, pfx) (::tb::Handshake{::tb::Sig(&(top)->pfx##_valid), ::tb::Sig(&(top)->pfx##_ready)})

// ---------------------------------------------------------------------------------
// Txn: a transaction as an ordered list of named fields, the unit of comparison.
// A field is either a number (width in bits <= 64, value) or a byte vector (packets).
struct Field {
  std::string name;
  unsigned width = 0;  // bits; 0 for a byte vector
  uint64_t value = 0;
  bool is_bytes = false;
  std::vector<uint8_t> bytes;
};

struct Txn {
  std::vector<Field> fields;
  Txn& add(std::string name, unsigned width, uint64_t value);
  Txn& add_bytes(std::string name, std::vector<uint8_t> b);
  const Field* find(const std::string& name) const;
  uint64_t get(const std::string& name) const;  // numeric field value (0 if absent)
  Field* find(const std::string& name);
  bool operator==(const Txn& o) const;
  bool operator!=(const Txn& o) const { return !(*this == o); }
  std::string str() const;  // "pe=0x3 epoch=0x10 data[86 bytes]"
};

// Hex dump, 16 bytes a line ("0010: 00 11 ..."); lines in [from, to) only; lines that
// differ from `other` (when given) are marked with '*'.
std::string hexdump(const std::vector<uint8_t>& b, size_t from = 0, size_t to = SIZE_MAX,
                    const std::vector<uint8_t>* other = nullptr);

// ---------------------------------------------------------------------------------
class SimBase;
class Scoreboard;

// Thrown by Harness::fail after the report is printed; Harness::run catches it.
// Deliberately not a std::exception, so scenario code cannot swallow it by accident.
struct Failure {};

// Harness: one per binary. Parses the options, owns the PRNG, runs the scenarios and
// reports. Every failure (scoreboard mismatch, protocol or property check, watchdog,
// RTL assertion) goes through fail(): it prints block, scenario, port, cycle, seed,
// details and the reproduce command, and stops the run.
class Harness {
 public:
  // repro: the block's reproduce-command template; <seed>, <n>, <scenario>, <fault>,
  // <stall> and <argv0> are substituted, e.g. "make sim BLOCK=barrier SEED=<seed> N=<n> TRACE=1".
  // Set defaults in `dflt` (e.g. dflt.n = 200) before the command line overrides them.
  Harness(int argc, char** argv, std::string block, std::string repro, Options dflt = Options());

  Options opt;
  Rng rng;  // reseeded at the start of every scenario from (seed, scenario name)

  // Runs one scenario: body() builds a Sim, ports, model and scoreboards, and drives it.
  // Prints "N passed, N failed" (N passed = outputs compared equal + checks passed),
  // appends the JSON line. After a failure, later scenarios are skipped.
  bool run(const std::string& scenario, const std::function<void()>& body);
  int exit_code() const { return failed_ ? 1 : 0; }  // return this from main()

  [[noreturn]] void fail(const std::string& port, const std::string& what,
                         const std::string& detail = "");
  void check(bool ok, const std::string& port, const std::string& what);  // property check
  void extra(const std::string& key, double value);                       // extra JSON number

  // Coverage registry of the running scenario: named classes (a status, a drop or error
  // counter, a corner) counted per run and written to the JSON line as "cov_<name>": count.
  // declare() makes a class appear with count 0 when it is not reached in this run;
  // scripts/report.py sums every cov_ key per (block, scenario) over the seeds and fails
  // `make test` naming any class whose total is 0.
  void cov_declare(const std::string& name);
  void cover(const std::string& name, uint64_t n = 1);
  uint64_t covered(const std::string& name) const;
  void note(const char* fmt, ...) __attribute__((format(printf, 2, 3)));  // printf unless --quiet

  const std::string& block() const { return block_; }
  const std::string& scenario() const { return scenario_; }
  std::string repro() const;
  std::string trace_path() const;  // --trace file, or the default name
  uint64_t cycle() const;          // cycle of the Sim in flight (0 if none)

  // Counters of the running scenario, maintained by the ports and scoreboards.
  uint64_t inputs = 0;    // input transactions accepted by the RTL
  uint64_t outputs = 0;   // output transactions compared equal
  uint64_t checks = 0;    // check() calls that held
  uint64_t cycles = 0;    // cycles of finished Sims of this scenario
  uint64_t max_quiet_ = 0; // longest stretch without a handshake in finished Sims (JSON max_quiet_cycles)
  SimBase* sim = nullptr; // the Sim in flight (set by SimBase)

 private:
  void write_json(bool ok);
  std::string block_, repro_, scenario_;
  std::vector<std::pair<std::string, double>> extra_;
  std::vector<std::pair<std::string, uint64_t>> cov_;
  uint64_t failures_ = 0;
  bool failed_ = false;
};

// ---------------------------------------------------------------------------------
// Agent: anything that touches DUT pins each cycle (stream sources and sinks, the
// AXI4-Lite master). It registers with the Sim on construction; the Sim calls
// drive(), sample(), post() in the phases described at the top of this file.
class Agent {
 public:
  enum class Role { input, output, other };
  Agent(SimBase& sim, std::string name, Role role);
  virtual ~Agent();
  Agent(const Agent&) = delete;
  Agent& operator=(const Agent&) = delete;

  const std::string& name() const { return name_; }
  Role role() const { return role_; }
  bool fired() const { return fired_; }  // a whole transaction completed in the last step()
  double stall;                          // P(valid/ready withheld in a cycle); default --stall

  // Backpressure profile of this port: besides `stall` (per-cycle probability), a burst of
  // `burst_min`..`burst_max` consecutive withheld cycles (ready low on a sink, valid low on a
  // source) starts with probability `burst_p` in a cycle. burst_p = 0 (default) draws nothing
  // extra from the PRNG, so runs without bursts are unchanged. See tb/common/stimulus.h.
  double burst_p = 0.0;
  uint32_t burst_min = 0, burst_max = 0;
  void profile(double p_stall, double p_burst = 0.0, uint32_t bmin = 0, uint32_t bmax = 0) {
    stall = p_stall, burst_p = p_burst, burst_min = bmin, burst_max = bmax, burst_left_ = 0;
  }

  virtual bool busy() const { return false; }         // input work queued or in flight
  virtual std::string status() const { return ""; }   // for the deadlock report
  virtual std::string leftover() const { return ""; } // non-empty: error at the end of drain()

 protected:
  friend class SimBase;
  virtual void drive() = 0;   // set inputs for this cycle (clk low)
  virtual void sample() = 0;  // read handshakes, settled, before the rising edge
  virtual void post() {}      // after the edge: user callbacks
  Rng& rng();
  bool withhold();  // this cycle's draw of the profile: true = valid / ready withheld
  uint64_t burst_left_ = 0;
  SimBase& sim_;
  std::string name_;
  Role role_;
  bool fired_ = false;  // transaction completed this cycle
  bool moved_ = false;  // any handshake (beat) this cycle: progress for the watchdog
};

// SimBase: the Verilator-independent part of Sim<Top> (sim.h): cycle loop, reset,
// drain, watchdogs, registry of agents and scoreboards.
class SimBase {
 public:
  explicit SimBase(Harness& h);
  virtual ~SimBase();
  SimBase(const SimBase&) = delete;
  SimBase& operator=(const SimBase&) = delete;

  Harness& h;
  uint64_t cycle() const { return cycle_; }  // rising edges so far
  bool in_reset() const { return in_reset_; }

  void step(uint64_t n = 1);        // n clock cycles
  void reset(unsigned cycles = 8);  // rst = 1 for `cycles` cycles, ports idle
  // Clock until no source has work left, no port is inside a backpressure burst, and no
  // handshake happened on any port for `quiet` cycles, then require every scoreboard to be empty (the model has no
  // expected output the RTL did not produce) and every sink idle; fails otherwise.
  void drain(uint64_t quiet = 1000);
  // Clock until done() holds; the watchdogs apply. `what` names the wait in reports.
  void run_until(const std::function<bool()>& done, const char* what);

  // Watchdog: fail ("deadlock / no progress") after this many consecutive cycles with no
  // handshake on any port (reset excepted), or with input work waiting and no handshake on
  // any stream port (input / output agents: CSR traffic does not count); from --stall-limit.
  // Only no-progress fails: the total length of a run is not limited (unless --max-cycles).
  uint64_t stuck_limit;
  uint64_t max_quiet() const { return max_quiet_; }  // longest such stretch so far
  std::string pending_report();   // per port: pending expected outputs, queued inputs

  // Transaction history: the last kHistory transactions of every port (inputs accepted,
  // outputs captured, AXI4-Lite operations), printed by Harness::fail for the failing port.
  static constexpr size_t kHistory = 16;
  void log_txn(const std::string& port, const Txn& t);
  std::string history(const std::string& port) const;  // "" if the port has none
  std::string pending_history();  // history() of every port whose scoreboard owes outputs

  void attach(Agent* a);
  void detach(Agent* a);
  void attach(Scoreboard* s);
  void detach(Scoreboard* s);

 protected:
  virtual void set_clk(bool v) = 0;
  virtual void set_rst(bool v) = 0;
  virtual void eval_at(uint64_t time) = 0;  // eval + trace dump at `time`
  virtual bool rtl_error() = 0;             // $stop / $error / failed assertion / $finish
  void check_rtl(const char* when);
  uint64_t cycle_ = 0;
  uint64_t last_move_ = 0;  // last cycle with any handshake
  uint64_t last_data_move_ = 0;  // last cycle with a stream handshake, or with no input waiting
  uint64_t max_quiet_ = 0;
  struct Hist {
    uint64_t count = 0;  // transactions logged on the port
    struct Ent {
      uint64_t idx = 0, cycle = 0;
      Txn t;
    } ring[kHistory];
  };
  std::map<std::string, Hist> hist_;
  bool in_reset_ = false;
  std::vector<Agent*> agents_;
  std::vector<Scoreboard*> sbs_;
  SimBase* prev_sim_ = nullptr;
};

}  // namespace tb
