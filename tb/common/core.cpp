// tb/common/core.cpp -- options, Sig, Txn, Harness reporting, SimBase clocking.
#include "core.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "scoreboard.h"

namespace tb {

// ------------------------------------------------------------------ Options
static void usage(const char* prog, const std::string& why) {
  std::fprintf(stderr,
               "%s: %s\n"
               "usage: %s [--seed N] [--n N] [--trace [FILE]] [--no-stall | --stall P]\n"
               "          [--stall-limit N] [--max-cycles N] [--json FILE] [--fault NAME] [--scenario NAME]\n"
               "          [--quiet] [--<block option> VALUE ...]\n",
               prog, why.c_str(), prog);
  std::exit(2);
}

static uint64_t to_u64(const char* prog, const std::string& k, const std::string& v) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long x = std::strtoull(v.c_str(), &end, 0);
  if (v.empty() || *end || errno || v[0] == '-') usage(prog, "bad number for --" + k + ": " + v);
  return x;
}

void Options::parse(int argc, char** argv_) {
  const char* prog = argc > 0 ? argv_[0] : "tb";
  for (int i = 0; i < argc; i++) argv.push_back(argv_[i]);
  for (int i = 1; i < argc; i++) {
    std::string a = argv_[i];
    if (a.rfind("+", 0) == 0) continue;  // +verilator+... plusargs
    if (a.rfind("--", 0) != 0) usage(prog, "unexpected argument " + a);
    std::string k = a.substr(2), v;
    bool has_v = false;
    if (auto eq = k.find('='); eq != std::string::npos) {
      v = k.substr(eq + 1);
      k = k.substr(0, eq);
      has_v = true;
    }
    auto value = [&]() -> std::string {
      if (has_v) return v;
      if (i + 1 >= argc) usage(prog, "--" + k + " needs a value");
      return argv_[++i];
    };
    if (k == "seed") seed = to_u64(prog, k, value());
    else if (k == "n") n = to_u64(prog, k, value());
    else if (k == "max-cycles") max_cycles = to_u64(prog, k, value());
    else if (k == "stall-limit") stall_limit = to_u64(prog, k, value());
    else if (k == "json") json = value();
    else if (k == "fault") fault = value();
    else if (k == "scenario") scenario = value();
    else if (k == "quiet") quiet = true;
    else if (k == "no-stall") stall = 0.0;
    else if (k == "stall") {
      std::string s = value();
      char* end = nullptr;
      stall = std::strtod(s.c_str(), &end);
      if (s.empty() || *end || stall < 0.0 || stall >= 1.0) usage(prog, "--stall needs 0 <= P < 1");
    } else if (k == "trace") {
      trace = true;
      if (has_v) trace_file = v;
      else if (i + 1 < argc && argv_[i + 1][0] != '-' && argv_[i + 1][0] != '+') trace_file = argv_[++i];
    } else if (k == "help" || k == "h") {
      usage(prog, "help");
    } else {
      // Block-specific option: "--key value", or a flag "--key" (value "1").
      if (!has_v && i + 1 < argc && argv_[i + 1][0] != '-') v = argv_[++i];
      else if (!has_v) v = "1";
      extra[k] = v;
    }
  }
}

// ------------------------------------------------------------------ Sig
uint64_t Sig::word(unsigned i) const {
  switch (wbytes_) {
    case 1: return static_cast<const uint8_t*>(p_)[i];
    case 2: return static_cast<const uint16_t*>(p_)[i];
    case 4: return static_cast<const uint32_t*>(p_)[i];
    default: return static_cast<const uint64_t*>(p_)[i];
  }
}

void Sig::put_word(unsigned i, uint64_t v) {
  switch (wbytes_) {
    case 1: static_cast<uint8_t*>(p_)[i] = uint8_t(v); break;
    case 2: static_cast<uint16_t*>(p_)[i] = uint16_t(v); break;
    case 4: static_cast<uint32_t*>(p_)[i] = uint32_t(v); break;
    default: static_cast<uint64_t*>(p_)[i] = v; break;
  }
}

static inline uint64_t lowmask(unsigned n) { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }

uint64_t Sig::get(unsigned lsb, unsigned n) const {
  if (!p_) return 0;
  const unsigned wb = wbytes_ * 8;
  uint64_t r = 0;
  unsigned pos = off_ + lsb, done = 0;
  while (done < n) {
    const unsigned wi = pos / wb, bi = pos % wb, take = std::min(wb - bi, n - done);
    r |= ((word(wi) >> bi) & lowmask(take)) << done;
    pos += take;
    done += take;
  }
  return r;
}

void Sig::set(unsigned lsb, unsigned n, uint64_t v) {
  if (!p_) return;
  const unsigned wb = wbytes_ * 8;
  unsigned pos = off_ + lsb, done = 0;
  while (done < n) {
    const unsigned wi = pos / wb, bi = pos % wb, take = std::min(wb - bi, n - done);
    const uint64_t m = lowmask(take) << bi;
    put_word(wi, (word(wi) & ~m) | (((v >> done) << bi) & m));
    pos += take;
    done += take;
  }
}

// ------------------------------------------------------------------ Txn
Txn& Txn::add(std::string name, unsigned width, uint64_t value) {
  Field f;
  f.name = std::move(name);
  f.width = width;
  f.value = value;
  fields.push_back(std::move(f));
  return *this;
}

Txn& Txn::add_bytes(std::string name, std::vector<uint8_t> b) {
  Field f;
  f.name = std::move(name);
  f.is_bytes = true;
  f.bytes = std::move(b);
  fields.push_back(std::move(f));
  return *this;
}

const Field* Txn::find(const std::string& name) const {
  for (auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}
Field* Txn::find(const std::string& name) {
  for (auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}
uint64_t Txn::get(const std::string& name) const {
  const Field* f = find(name);
  return f ? f->value : 0;
}

bool Txn::operator==(const Txn& o) const {
  if (fields.size() != o.fields.size()) return false;
  for (size_t i = 0; i < fields.size(); i++) {
    const Field &a = fields[i], &b = o.fields[i];
    if (a.name != b.name || a.is_bytes != b.is_bytes) return false;
    if (a.is_bytes ? a.bytes != b.bytes : a.value != b.value) return false;
  }
  return true;
}

std::string Txn::str() const {
  std::string s;
  char buf[64];
  for (auto& f : fields) {
    if (!s.empty()) s += ' ';
    if (f.is_bytes) std::snprintf(buf, sizeof buf, "[%zu bytes]", f.bytes.size());
    else std::snprintf(buf, sizeof buf, "=0x%" PRIx64, f.value);
    s += f.name + buf;
  }
  return s;
}

std::string hexdump(const std::vector<uint8_t>& b, size_t from, size_t to,
                    const std::vector<uint8_t>* other) {
  std::string s;
  char buf[16];
  to = std::min(to, b.size());
  for (size_t line = from & ~size_t(15); line < to; line += 16) {
    bool diff = false;
    std::string row;
    for (size_t i = line; i < line + 16 && i < b.size(); i++) {
      std::snprintf(buf, sizeof buf, " %02x", b[i]);
      row += buf;
      if (other && (i >= other->size() || (*other)[i] != b[i])) diff = true;
    }
    if (other && line + 16 > other->size() && b.size() != other->size()) diff = true;
    std::snprintf(buf, sizeof buf, "%c %04zx:", diff ? '*' : ' ', line);
    s += "      " + std::string(buf) + row + "\n";
  }
  return s;
}

// ------------------------------------------------------------------ Harness
Harness::Harness(int argc, char** argv, std::string block, std::string repro, Options dflt)
    : opt(std::move(dflt)), block_(std::move(block)), repro_(std::move(repro)) {
  opt.parse(argc, argv);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
}

static void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size()) s.replace(p, from.size(), to);
}

std::string Harness::repro() const {
  std::string s = repro_;
  char stall[32];
  std::snprintf(stall, sizeof stall, "%g", opt.stall);
  replace_all(s, "<seed>", std::to_string(opt.seed));
  replace_all(s, "<n>", std::to_string(opt.n));
  replace_all(s, "<scenario>", scenario_);
  replace_all(s, "<fault>", opt.fault.empty() ? "none" : opt.fault);
  replace_all(s, "<stall>", stall);
  replace_all(s, "<argv0>", opt.argv.empty() ? "tb" : opt.argv[0]);
  return s;
}

std::string Harness::trace_path() const {
  if (!opt.trace_file.empty()) return opt.trace_file;
  return "build/trace/" + block_ + "_" + (scenario_.empty() ? "run" : scenario_) + "_s" +
         std::to_string(opt.seed) + ".fst";
}

uint64_t Harness::cycle() const { return sim ? sim->cycle() : 0; }

void Harness::note(const char* fmt, ...) {
  if (opt.quiet) return;
  va_list ap;
  va_start(ap, fmt);
  std::vprintf(fmt, ap);
  va_end(ap);
}

void Harness::fail(const std::string& port, const std::string& what, const std::string& detail) {
  failures_++;
  std::fflush(stdout);
  std::printf("\n*** FAIL: %s\n", what.c_str());
  std::printf("  block     : %s\n", block_.c_str());
  std::printf("  scenario  : %s\n", scenario_.c_str());
  std::printf("  port      : %s\n", port.c_str());
  std::printf("  cycle     : %" PRIu64 "\n", cycle());
  std::printf("  seed      : %" PRIu64 "  (n %" PRIu64 ", stall %g%s%s)\n", opt.seed, opt.n, opt.stall,
              opt.fault.empty() ? "" : ", fault ", opt.fault.c_str());
  if (!detail.empty()) std::printf("%s%s", detail.c_str(), detail.back() == '\n' ? "" : "\n");
  if (sim) {
    // the failing port's last transactions; for a watchdog or drain failure, those of every
    // port that still owes expected outputs
    std::string hs = sim->history(port);
    if (hs.empty() && (port == "watchdog" || port == "drain")) hs = sim->pending_history();
    std::printf("%s", hs.c_str());
  }
  if (opt.trace) std::printf("  waveform  : %s\n", trace_path().c_str());
  std::printf("  reproduce : %s\n", repro().c_str());
  std::fflush(stdout);
  throw Failure();
}

void Harness::check(bool ok, const std::string& port, const std::string& what) {
  if (!ok) fail(port, "check failed: " + what);
  checks++;
}

void Harness::cov_declare(const std::string& name) {
  for (auto& kv : cov_)
    if (kv.first == name) return;
  cov_.emplace_back(name, 0);
}

void Harness::cover(const std::string& name, uint64_t n) {
  for (auto& kv : cov_)
    if (kv.first == name) {
      kv.second += n;
      return;
    }
  cov_.emplace_back(name, n);
}

uint64_t Harness::covered(const std::string& name) const {
  for (auto& kv : cov_)
    if (kv.first == name) return kv.second;
  return 0;
}

void Harness::extra(const std::string& key, double value) {
  for (auto& kv : extra_)
    if (kv.first == key) {
      kv.second = value;
      return;
    }
  extra_.emplace_back(key, value);
}

static std::string json_str(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
    } else o += c;
  }
  return o + "\"";
}

void Harness::write_json(bool ok) {
  if (opt.json.empty()) return;
  std::error_code ec;
  auto dir = std::filesystem::path(opt.json).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  FILE* f = std::fopen(opt.json.c_str(), "a");
  if (!f) {
    std::fprintf(stderr, "warning: cannot append to %s\n", opt.json.c_str());
    return;
  }
  std::string s = "{\"block\": " + json_str(block_) + ", \"scenario\": " + json_str(scenario_) +
                  ", \"seed\": " + std::to_string(opt.seed) + ", \"n\": " + std::to_string(opt.n);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", opt.stall);
  s += std::string(", \"stall\": ") + buf + ", \"fault\": " + json_str(opt.fault) +
       ", \"inputs\": " + std::to_string(inputs) + ", \"outputs_compared\": " + std::to_string(outputs) +
       ", \"checks\": " + std::to_string(checks) + ", \"cycles\": " + std::to_string(cycles) +
       ", \"mismatches\": " + std::to_string(failures_) + ", \"result\": " + json_str(ok ? "pass" : "fail");
  s += ", \"max_quiet_cycles\": " + std::to_string(max_quiet_);
  for (auto& kv : extra_) {
    std::snprintf(buf, sizeof buf, "%.17g", kv.second);
    s += ", " + json_str(kv.first) + ": " + buf;
  }
  for (auto& kv : cov_) s += ", " + json_str("cov_" + kv.first) + ": " + std::to_string(kv.second);
  std::fprintf(f, "%s}\n", s.c_str());
  std::fclose(f);
}

bool Harness::run(const std::string& scenario, const std::function<void()>& body) {
  if (!opt.scenario.empty() && opt.scenario != scenario) return true;
  if (failed_) {
    note("scenario %s skipped (an earlier scenario failed)\n", scenario.c_str());
    return false;
  }
  scenario_ = scenario;
  inputs = outputs = checks = cycles = failures_ = max_quiet_ = 0;
  extra_.clear();
  cov_.clear();
  uint64_t x = opt.seed;
  for (unsigned char c : scenario) x = (x ^ c) * 0x100000001b3ull;  // FNV-style mix of the name
  rng.reseed(x);
  note("== %s/%s seed %" PRIu64 " n %" PRIu64 " stall %g\n", block_.c_str(), scenario.c_str(), opt.seed,
       opt.n, opt.stall);
  bool ok = true;
  try {
    body();
  } catch (const Failure&) {
    ok = false;
  } catch (const std::exception& e) {
    ok = false;
    failures_++;
    std::printf("\n*** FAIL: exception: %s\n  block     : %s\n  scenario  : %s\n  seed      : %" PRIu64
                "\n  reproduce : %s\n",
                e.what(), block_.c_str(), scenario_.c_str(), opt.seed, repro().c_str());
  }
  std::printf("%" PRIu64 " passed, %" PRIu64 " failed\n", outputs + checks, failures_);
  write_json(ok);
  if (!ok) failed_ = true;
  return ok;
}

// ------------------------------------------------------------------ Agent / SimBase
Agent::Agent(SimBase& sim, std::string name, Role role)
    : stall(sim.h.opt.stall), sim_(sim), name_(std::move(name)), role_(role) {
  sim_.attach(this);
}
Agent::~Agent() { sim_.detach(this); }
Rng& Agent::rng() { return sim_.h.rng; }

bool Agent::withhold() {
  if (burst_left_) {
    burst_left_--;
    return true;
  }
  if (burst_p > 0.0 && rng().chance(burst_p)) {
    const uint64_t len = rng().range(burst_min, std::max(burst_min, burst_max));
    burst_left_ = len ? len - 1 : 0;
    return true;
  }
  return rng().chance(stall);
}

SimBase::SimBase(Harness& harness)
    : h(harness), stuck_limit(harness.opt.stall_limit), prev_sim_(harness.sim) {
  h.sim = this;
}
SimBase::~SimBase() {
  h.max_quiet_ = std::max(h.max_quiet_, max_quiet_);
  h.cycles += cycle_;
  h.sim = prev_sim_;
}

void SimBase::attach(Agent* a) { agents_.push_back(a); }
void SimBase::detach(Agent* a) { agents_.erase(std::remove(agents_.begin(), agents_.end(), a), agents_.end()); }
void SimBase::attach(Scoreboard* s) { sbs_.push_back(s); }
void SimBase::detach(Scoreboard* s) { sbs_.erase(std::remove(sbs_.begin(), sbs_.end(), s), sbs_.end()); }

void SimBase::check_rtl(const char* when) {
  if (rtl_error())
    h.fail("rtl", std::string("RTL assertion failed or $stop/$error/$finish executed (") + when +
                      "); see the %Error line above");
}

void SimBase::step(uint64_t n) {
  for (uint64_t k = 0; k < n; k++) {
    for (Agent* a : agents_) {
      a->fired_ = a->moved_ = false;
      a->drive();
    }
    set_clk(false);
    eval_at(10 * cycle_);
    check_rtl("before the rising edge");
    for (Agent* a : agents_) a->sample();
    set_clk(true);
    eval_at(10 * cycle_ + 5);
    cycle_++;
    check_rtl("at the rising edge");
    bool waiting = false;
    for (Agent* a : agents_) {
      if (a->moved_) {
        last_move_ = cycle_;
        if (a->role_ != Agent::Role::other) last_data_move_ = cycle_;
      }
      waiting |= a->role_ == Agent::Role::input && a->busy();
    }
    if (in_reset_ || !waiting) last_data_move_ = cycle_;
    if (in_reset_) last_move_ = cycle_;
    // Callbacks may add agents (rare) -- iterate over a copy.
    auto agents = agents_;
    for (Agent* a : agents) a->post();
    const uint64_t quiet = cycle_ - last_move_;
    if (quiet > max_quiet_) max_quiet_ = quiet;
    if (stuck_limit && quiet >= stuck_limit)
      h.fail("watchdog",
             "deadlock / no progress: no handshake on any port for " + std::to_string(quiet) +
                 " consecutive cycles (--stall-limit " + std::to_string(stuck_limit) + ")",
             pending_report());
    // CSR traffic (Role::other agents) must not hide a stuck data path: inputs waiting and no
    // handshake on any stream port for as long also fails
    if (stuck_limit && cycle_ - last_data_move_ >= stuck_limit)
      h.fail("watchdog",
             "deadlock / no progress: inputs waiting and no handshake on any stream port for " +
                 std::to_string(cycle_ - last_data_move_) + " consecutive cycles (--stall-limit " +
                 std::to_string(stuck_limit) + ")",
             pending_report());
    if (h.opt.max_cycles && cycle_ >= h.opt.max_cycles)
      h.fail("watchdog", "cycle budget exhausted: --max-cycles " + std::to_string(h.opt.max_cycles) + " reached",
             pending_report());
  }
}

void SimBase::reset(unsigned cycles) {
  in_reset_ = true;
  set_rst(true);
  step(cycles);
  set_rst(false);
  in_reset_ = false;
  last_move_ = cycle_;
}

void SimBase::run_until(const std::function<bool()>& done, const char* what) {
  (void)what;  // the watchdogs in step() report; pending_report names the waiting agent
  while (!done()) step();
}

void SimBase::drain(uint64_t quiet) {
  const uint64_t start = cycle_;
  uint64_t last_busy = cycle_;
  for (;;) {
    bool busy = false;
    for (Agent* a : agents_) busy |= a->busy() || a->burst_left_ > 0;  // a held port is not quiet
    if (busy) last_busy = cycle_;
    const uint64_t since = std::max(std::max(last_move_, start), last_busy);
    if (!busy && cycle_ - since >= quiet) break;
    step();
  }
  std::string err;
  for (Agent* a : agents_)
    if (!a->leftover().empty()) err += "    " + a->name() + ": " + a->leftover() + "\n";
  size_t pend = 0;
  for (Scoreboard* s : sbs_) pend += s->pending();
  if (pend)
    h.fail("drain",
           "deadlock / no progress: no handshake for " + std::to_string(quiet) + " cycles, but " +
               std::to_string(pend) + " expected output(s) never appeared",
           err + pending_report());
  if (!err.empty()) h.fail("drain", "ports not idle at the end of the run", err);
}

void SimBase::log_txn(const std::string& port, const Txn& t) {
  Hist& hs = hist_[port];
  Hist::Ent& e = hs.ring[hs.count % kHistory];
  e.idx = hs.count++;
  e.cycle = cycle_;
  e.t = t;
}

std::string SimBase::history(const std::string& port) const {
  auto it = hist_.find(port);
  if (it == hist_.end() || !it->second.count) return "";
  const Hist& hs = it->second;
  const uint64_t n = std::min<uint64_t>(hs.count, kHistory);
  char buf[96];
  std::snprintf(buf, sizeof buf, "  last %" PRIu64 " transactions on %s (oldest first):\n", n, port.c_str());
  std::string s = buf;
  for (uint64_t k = hs.count - n; k < hs.count; k++) {
    const Hist::Ent& e = hs.ring[k % kHistory];
    std::snprintf(buf, sizeof buf, "    #%-6" PRIu64 " cycle %-9" PRIu64 " ", e.idx, e.cycle);
    s += buf + e.t.str() + "\n";
  }
  return s;
}

std::string SimBase::pending_history() {
  std::string s;
  for (Scoreboard* sb : sbs_)
    if (sb->pending()) s += history(sb->port());
  return s;
}

std::string SimBase::pending_report() {
  std::string s = "  pending per port:\n";
  for (Scoreboard* sb : sbs_) s += sb->describe_pending();
  for (Agent* a : agents_) {
    std::string st = a->status();
    if (!st.empty()) s += "    " + a->name() + ": " + st + "\n";
  }
  return s;
}

}  // namespace tb
