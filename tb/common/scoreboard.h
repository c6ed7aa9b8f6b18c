// tb/common/scoreboard.h -- per-port scoreboard: RTL output vs C-model output.
//
//   Scoreboard sb(sim, "m_rel");
//   sb.model([&](tb::Txn& t) { rel r; if (!m_pop_rel(&m, &r)) return false; t = to_txn(r); return true; });
//   sb.key("pe");                       // optional: in order per value of field "pe" only
//   rel_sink.on_capture = [&](const tb::Txn& t) { sb.actual(t); };
//
// Expected transactions come from expect(t) or, lazily, from the model() callback: when
// an actual output arrives and no expected one is queued (for its key), the scoreboard
// pops the model until one appears. Pulling lazily means the model's outputs are taken
// exactly when the RTL shows its own, after the same inputs (see the phase convention
// in core.h). Any difference -- a field value, field names/count, or an output the
// model does not have -- fails with the full report (Harness::fail).
//
// Keyed mode, key(field): outputs whose order across keys depends on arbitration timing
// (e.g. releases per PE) are compared in order per key; the key is read from the actual
// transaction and expected ones are sorted into per-key queues as they are pulled.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <string>

#include "core.h"

namespace tb {

class Scoreboard {
 public:
  Scoreboard(SimBase& sim, std::string port);
  ~Scoreboard();
  Scoreboard(const Scoreboard&) = delete;
  Scoreboard& operator=(const Scoreboard&) = delete;

  Scoreboard& model(std::function<bool(Txn&)> pop);  // pop the model's next output; false: none
  Scoreboard& key(std::string field);                // compare in order per value of `field`

  void expect(Txn t);          // queue an expected transaction explicitly
  void clear() { q_.clear(); } // forget queued expected outputs (after a mid-traffic reset)
  void actual(const Txn& t);   // an RTL output: compare now (fails on mismatch)
  size_t pending();            // expected not yet seen (pulls the model dry; for end checks)
  std::string describe_pending();  // "    m_rel: 2 pending, next: pe=0x3 ..." lines

  const std::string& port() const { return port_; }
  uint64_t compared() const { return n_actual_; }

 private:
  struct Exp {
    Txn t;
    uint64_t seq;  // index in the model's output stream on this port
  };
  bool pull_one();
  uint64_t key_of(const Txn& t, const char* which);
  [[noreturn]] void mismatch(const Txn* exp, const Txn& act, uint64_t key, uint64_t key_idx, uint64_t seq);

  SimBase& sim_;
  std::string port_, key_;
  std::function<bool(Txn&)> pop_;
  std::map<uint64_t, std::deque<Exp>> q_;     // per key (single key 0 when not keyed)
  std::map<uint64_t, uint64_t> per_key_seen_;  // actuals seen per key
  uint64_t n_expected_ = 0, n_actual_ = 0;
};

}  // namespace tb
