// tb/common/scoreboard.cpp
#include "scoreboard.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace tb {

Scoreboard::Scoreboard(SimBase& sim, std::string port) : sim_(sim), port_(std::move(port)) { sim_.attach(this); }
Scoreboard::~Scoreboard() { sim_.detach(this); }

Scoreboard& Scoreboard::model(std::function<bool(Txn&)> pop) {
  pop_ = std::move(pop);
  return *this;
}
Scoreboard& Scoreboard::key(std::string field) {
  key_ = std::move(field);
  return *this;
}

uint64_t Scoreboard::key_of(const Txn& t, const char* which) {
  if (key_.empty()) return 0;
  const Field* f = t.find(key_);
  if (!f || f->is_bytes)
    sim_.h.fail(port_, std::string("scoreboard: ") + which + " transaction has no numeric key field '" + key_ + "'",
                "  transaction: " + t.str());
  return f->value;
}

void Scoreboard::expect(Txn t) {
  const uint64_t k = key_of(t, "expected");
  q_[k].push_back(Exp{std::move(t), n_expected_++});
}

bool Scoreboard::pull_one() {
  if (!pop_) return false;
  Txn t;
  if (!pop_(t)) return false;
  expect(std::move(t));
  return true;
}

void Scoreboard::actual(const Txn& t) {
  const uint64_t k = key_of(t, "actual");
  auto& q = q_[k];
  while (q.empty() && pull_one()) {
  }
  const uint64_t kidx = per_key_seen_[k]++;
  if (q.empty()) mismatch(nullptr, t, k, kidx, 0);
  if (q.front().t != t) mismatch(&q.front().t, t, k, kidx, q.front().seq);
  q.pop_front();
  n_actual_++;
  sim_.h.outputs++;
}

size_t Scoreboard::pending() {
  while (pull_one()) {
  }
  size_t n = 0;
  for (auto& kv : q_) n += kv.second.size();
  return n;
}

std::string Scoreboard::describe_pending() {
  const size_t n = pending();
  std::string s = "    " + port_ + ": " + std::to_string(n_actual_) + " compared, " + std::to_string(n) +
                  " expected pending";
  for (auto& kv : q_) {
    if (kv.second.empty()) continue;
    char buf[96];
    if (!key_.empty()) {
      std::snprintf(buf, sizeof buf, "\n      %s=0x%" PRIx64 ": %zu pending, next: ", key_.c_str(), kv.first,
                    kv.second.size());
      s += buf + kv.second.front().t.str();
    } else {
      s += ", next: " + kv.second.front().t.str();
    }
  }
  return s + "\n";
}

static std::string field_table(const Txn* exp, const Txn& act) {
  std::string s;
  char buf[256];
  std::snprintf(buf, sizeof buf, "    %-18s %5s  %-20s %-20s\n", "field", "width", "expected", "actual");
  s += buf;
  const size_t n = std::max(exp ? exp->fields.size() : 0, act.fields.size());
  std::string dumps;
  for (size_t i = 0; i < n; i++) {
    const Field* e = exp && i < exp->fields.size() ? &exp->fields[i] : nullptr;
    const Field* a = i < act.fields.size() ? &act.fields[i] : nullptr;
    const Field* f = e ? e : a;
    bool differ = !e || !a || e->name != a->name || e->is_bytes != a->is_bytes ||
                  (e->is_bytes ? e->bytes != a->bytes : e->value != a->value);
    if (!exp) differ = false;
    std::string name = f->name;
    if (e && a && e->name != a->name) name = e->name + "/" + a->name;
    auto val = [&](const Field* x) -> std::string {
      if (!x) return "(absent)";
      char b[64];
      if (x->is_bytes) std::snprintf(b, sizeof b, "[%zu bytes]", x->bytes.size());
      else std::snprintf(b, sizeof b, "0x%0*" PRIx64, int((x->width + 3) / 4), x->value);
      return b;
    };
    std::snprintf(buf, sizeof buf, "  %c %-18s %5u  %-20s %-20s\n", differ ? '*' : ' ', name.c_str(),
                  f->width, exp ? val(e).c_str() : "-", val(a).c_str());
    s += buf;
    // Byte fields: hex dumps around the first difference.
    if (f->is_bytes && (differ || !exp)) {
      const std::vector<uint8_t> none;
      const auto& eb = e && e->is_bytes ? e->bytes : none;
      const auto& ab = a && a->is_bytes ? a->bytes : none;
      size_t off = 0;
      while (off < eb.size() && off < ab.size() && eb[off] == ab[off]) off++;
      size_t from = 0, to = SIZE_MAX;
      const size_t longest = std::max(eb.size(), ab.size());
      if (longest > 256) {
        from = (off > 64 ? off - 64 : 0) & ~size_t(15);
        to = from + 256;
      }
      if (exp) {
        std::snprintf(buf, sizeof buf, "    %s: expected %zu bytes, actual %zu bytes, first difference at offset %zu (0x%zx)\n",
                      f->name.c_str(), eb.size(), ab.size(), off, off);
        dumps += buf;
        if (from || to < longest) {
          std::snprintf(buf, sizeof buf, "    (dump of bytes 0x%zx..0x%zx)\n", from, std::min(to, longest));
          dumps += buf;
        }
        dumps += "    expected:\n" + hexdump(eb, from, to, &ab);
      }
      dumps += "    actual:\n" + hexdump(ab, from, to, exp ? &eb : nullptr);
    }
  }
  return s + dumps;
}

void Scoreboard::mismatch(const Txn* exp, const Txn& act, uint64_t key, uint64_t kidx, uint64_t seq) {
  char buf[256];
  std::string d;
  std::snprintf(buf, sizeof buf, "  txn       : #%" PRIu64 " on %s (0-based)", n_actual_, port_.c_str());
  d += buf;
  if (!key_.empty()) {
    std::snprintf(buf, sizeof buf, "; key %s=0x%" PRIx64 ": #%" PRIu64 " for this key", key_.c_str(), key, kidx);
    d += buf;
  }
  if (exp) {
    std::snprintf(buf, sizeof buf, "; model output #%" PRIu64, seq);
    d += buf;
  }
  d += "\n" + field_table(exp, act);
  const std::string what =
      exp ? "MISMATCH on " + port_
          : "MISMATCH on " + port_ + ": unexpected output (the model has no expected transaction" +
                (key_.empty() ? std::string(")") : " for this key)");
  sim_.h.fail(port_, what, d);
}

}  // namespace tb
