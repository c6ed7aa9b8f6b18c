// tb_nic_rel.cpp -- lockstep testbench of nic_rel_rx (RTL, Verilator) against the C model
// cmodel/nic_rel_rx.{h,c} (docs/nic_rel.md 5).
//
// Ports: s_pkt (reliability headers) -> m_vrd (verdicts), compared field by field per handshake;
// the scrubber's clear events (scrub_clr/key/now) are told to the model, which checks that each
// clear is legal; the seven counters (stat_cnt) at the end of each scenario. The tick (now_tick)
// is driven by the bench: +1 every `tickp` cycles (per-seed profile).
// Stimulus: a sender per key (bursts: the first message seq 0 with the reset flag and a fresh
// epoch from a global 32-bit counter that starts at a random value, possibly just below the wrap;
// in-order sequences in a window <= W_MAX; cumulative ACK / DUP_ACK, go-back-N on NACK_SEQ and on
// the retransmit timeout; NACK_NOSTATE: back to the reset message, or a new burst if the reset was
// acknowledged) through a channel that drops, duplicates and delays packets (FIFO per key, or
// reordering, per seed) and an ACK path that drops verdicts. Gaps between bursts: short (a new
// epoch while the old one is live) or long (past H: the scrubber clears the entry); some seeds add
// quiet periods longer than 2^TS_W ticks (the 16-bit age would alias without the scrubber).
// Independent checks (no model): V1/V2 for a FIFO channel: per key the delivered messages of an
// epoch are 0, 1, 2, ... (mod 2^SEQ_W) and no epoch's reset message is delivered twice; V4 every
// 256 cycles: no valid entry is 2^(TS_W-1) ticks old (the scrubber keeps up); two packets of one
// key are accepted >= 5 cycles apart (the same-key stall). NR_DEBUG_KEY=k traces one key.
// Scenarios: random (the note's rules), literal (the patent-literal mode; model comparison only).
// Faults (--fault): flip (one expected response seq changed), scrub (one scrub clear not told to
// the model): each must be reported.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "Vnic_rel_rx.h"
#include "core.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "nic_rel_rx.h"
}

#ifndef TB_KW
#define TB_KW 12
#endif
#ifndef TB_SW
#define TB_SW 16
#endif
#define TB_EW 32
#define TB_TW 16
#define TB_FORCE 8

using tb::Txn;

static const uint32_t NKEY = 1u << TB_KW, SMASK = (1u << TB_SW) - 1u;

struct Snd {
  bool active = false;
  uint32_t epoch = 0;
  uint32_t base = 0, next = 0, len = 0;  // message indices of the burst (seq = index mod 2^S)
  uint32_t hi = 0;                       // 1 + the highest index sent
  uint64_t last_prog = 0;                // cycle of the last progress (retry limit)
  uint64_t timer = 0;                    // retransmit timer (progress or the last go-back)
  uint64_t wake = 0;                     // cycle at which an idle sender may start a burst
  uint32_t handle = 0;
  int64_t nacked = -1;                   // the index of the last go-back-N (a NACK storm goes back once)
  Txn first;                             // the burst's reset message (late copies: stale)
};

struct Rec { bool has = false; uint32_t epoch = 0, next = 0; };

static Txn vrd_txn(unsigned deliver, unsigned resp, uint32_t seq, uint32_t epoch, uint32_t handle, uint32_t key) {
  return Txn().add("deliver", 1, deliver).add("resp", 3, resp).add("seq", TB_SW, seq).add("epoch", TB_EW, epoch)
      .add("handle", 16, handle).add("key", TB_KW, key);
}

struct X {
  tb::Harness& h;
  tb::Sim<Vnic_rel_rx> sim;
  Vnic_rel_rx* top;
  nic_rel_rx_model m{};
  tb::StreamSource pkt;
  tb::StreamSink vrd;
  tb::Scoreboard sb;
  bool literal;
  // profile
  unsigned tickp = 1;
  uint32_t horizon = 0, wmax = 0, win = 0;
  uint64_t hcyc = 0, rto = 0, dmax = 0;
  bool fifo = true;
  double p_drop = 0, p_dup = 0, p_ackdrop = 0, p_send = 1;
  // time
  uint64_t tick = 0, tphase = 0;
  // senders, channel
  std::vector<Snd> snd;
  std::vector<uint32_t> keys;            // the keys this seed uses
  std::multimap<uint64_t, std::pair<uint64_t, Txn>> chan;  // arrival cycle -> (send cycle, packet copy)
  std::vector<uint64_t> last_arr;        // FIFO channel: last arrival cycle per key
  std::vector<uint64_t> last_acc;        // cycle of the last accepted packet per key
  uint32_t gepoch = 0;
  bool paused = false;
  // checks
  std::deque<Txn> acc;                   // accepted packets awaiting their verdict
  std::vector<Rec> rec;
  std::set<std::pair<uint32_t, uint32_t>> reset_seen;
  std::string fault;
  bool fault_done = false;
  uint64_t nvrd = 0, nsent = 0, nclr = 0;
  uint32_t dbg_key = uint32_t(std::stoul(std::string(getenv("NR_DEBUG_KEY") ? getenv("NR_DEBUG_KEY") : "999999")));

  X(tb::Harness& harness, bool lit)
      : h(harness), sim(harness), top(sim.top.get()),
        pkt(sim, "s_pkt", TB_HS(top, s_pkt),
            [this](const Txn& t) {
              top->s_pkt_key = uint16_t(t.get("key"));
              top->s_pkt_seq = uint32_t(t.get("seq"));
              top->s_pkt_epoch = uint32_t(t.get("epoch"));
              top->s_pkt_reset = uint8_t(t.get("reset"));
              top->s_pkt_handle = uint16_t(t.get("handle"));
            }),
        vrd(sim, "m_vrd", TB_HS(top, m_vrd),
            [this]() {
              return vrd_txn(top->m_vrd_deliver, top->m_vrd_resp, top->m_vrd_seq, top->m_vrd_epoch, top->m_vrd_handle,
                             top->m_vrd_key);
            }),
        sb(sim, "m_vrd"), literal(lit) {
    fault = h.opt.fault;
    tb::Rng& r = h.rng;
    // ---- per-seed profile
    tickp = unsigned(TB_KW >= 10 ? r.range(4, 16) : r.range(1, 8));
    hcyc = r.range(6000, 40000);
    horizon = uint32_t(hcyc / tickp);
    hcyc = uint64_t(horizon) * tickp;
    const uint64_t sweep = uint64_t(NKEY) * (TB_FORCE + 4) / tickp + 8;
    const uint64_t hmax = (1u << (TB_TW - 1)) - sweep - 64;
    if (horizon > hmax) horizon = uint32_t(hmax), hcyc = uint64_t(horizon) * tickp;
    wmax = uint32_t(r.range(1, TB_SW >= 7 ? 64 : (1u << (TB_SW - 1))));
    win = uint32_t(r.range(1, wmax));
    rto = r.range(300, hcyc / 10);
    dmax = r.range(1, hcyc / 5);
    fifo = r.chance(0.6);
    p_drop = 0.1 * double(r.below(101)) / 100.0;
    p_dup = 0.05 * double(r.below(101)) / 100.0;
    p_ackdrop = 0.1 * double(r.below(101)) / 100.0;
    p_send = 0.2 + 0.8 * double(r.below(101)) / 100.0;
    const unsigned nk = unsigned(r.chance(0.5) ? r.range(4, 16 < NKEY ? 16 : NKEY) : r.range(4, NKEY < 256 ? NKEY : 256));
    std::set<uint32_t> ks;
    while (ks.size() < nk) ks.insert(uint32_t(r.below(NKEY)));
    keys.assign(ks.begin(), ks.end());
    gepoch = r.chance(0.5) ? uint32_t(0xffffffffu - r.below(64)) : uint32_t(r.next());
    snd.assign(NKEY, Snd());
    last_arr.assign(NKEY, 0);
    last_acc.assign(NKEY, 0);
    rec.assign(NKEY, Rec());
    h.note("profile: %s tickp %u H %u ticks (%" PRIu64 " cycles) wmax %u win %u rto %" PRIu64 " dmax %" PRIu64
           " %s drop %.3f dup %.3f ackdrop %.3f send %.2f keys %zu\n",
           literal ? "literal" : "rules", tickp, horizon, hcyc, wmax, win, rto, dmax, fifo ? "fifo" : "reorder", p_drop,
           p_dup, p_ackdrop, p_send, keys.size());

    nic_rel_rx_cfg c{TB_KW, TB_SW, TB_EW, TB_TW, horizon, wmax, literal ? 1u : 0u};
    if (nic_rel_rx_init(&m, &c) != NIC_REL_OK) h.fail("model", "nic_rel_rx_init failed");
    top->cfg_horizon = uint16_t(horizon);
    top->cfg_wmax = wmax;
    top->cfg_literal = literal;
    top->now_tick = 0;
    sb.model([this](Txn& t) {
      nic_rel_vrd v;
      if (nic_rel_rx_pop_vrd(&m, &v) != NIC_REL_OK) return false;
      if (fault == "flip" && !fault_done && nvrd >= 300 && v.resp != NIC_REL_NONE) v.seq ^= 1, fault_done = true;
      t = vrd_txn(v.deliver, v.resp, v.seq, v.epoch, v.handle, v.key);
      return true;
    });
    pkt.on_accept = [this](const Txn& t) {
      nic_rel_pkt p{uint32_t(t.get("key")), uint32_t(t.get("seq")), uint32_t(t.get("epoch")), unsigned(t.get("reset")),
                    uint32_t(t.get("handle")), tick};
      if (nic_rel_rx_push_pkt(&m, &p) != NIC_REL_OK) h.fail("model", "push_pkt");
      acc.push_back(t);
      // the same-key stall (docs/nic_rel.md 4): two packets of one key are accepted >= 5 cycles apart
      const uint64_t c = sim.cycle();
      if (last_acc[p.key] && c - last_acc[p.key] < 5)
        h.fail("s_pkt", "two packets of one key accepted less than 5 cycles apart (read-modify-write hazard)");
      if (last_acc[p.key] && c - last_acc[p.key] == 5) h.cover("same_key_b2b");
      last_acc[p.key] = c;
      if (dbg_key == p.key) std::printf("dbg c%llu tick %llu acc %s\n", (unsigned long long)sim.cycle(), (unsigned long long)tick, t.str().c_str());
    };
    vrd.on_capture = [this](const Txn& t) {
      sb.actual(t);
      nvrd++;
      if (dbg_key == t.get("key")) std::printf("dbg c%llu tick %llu vrd %s\n", (unsigned long long)sim.cycle(), (unsigned long long)tick, t.str().c_str());
      if (acc.empty()) h.fail("m_vrd", "verdict without an accepted packet");
      const Txn p = acc.front();
      acc.pop_front();
      check_verdict(p, t);
      feedback(t);
    };
    for (auto* n : {"deliver", "ack", "dup_ack", "nack_seq", "nack_nostate", "stale", "reset_new", "scrub_clr",
                    "seq_wrap", "same_key_b2b"})
      if (!literal) h.cov_declare(n);
  }
  ~X() { nic_rel_rx_free(&m); }

  // ---------------------------------------------------------------- independent checks
  void check_verdict(const Txn& p, const Txn& v) {
    const uint32_t key = uint32_t(p.get("key"));
    const unsigned resp = unsigned(v.get("resp"));
    static const char* rn[] = {"stale", "ack", "dup_ack", "nack_seq", "nack_nostate"};
    if (!literal && resp < 5) h.cover(rn[resp]);
    if (!v.get("deliver")) return;
    if (!literal) h.cover("deliver");
    if (literal || !fifo) return;
    Rec& r = rec[key];
    const uint32_t ep = uint32_t(p.get("epoch")), seq = uint32_t(p.get("seq"));
    if (p.get("reset")) {
      h.check(seq == 0, "m_vrd", "a reset message has seq 0");
      if (!reset_seen.insert({key, ep}).second)
        h.fail("m_vrd", "V2: an epoch's first message delivered twice",
               "  key " + std::to_string(key) + " epoch " + std::to_string(ep) + "; the key's last refresh at tick " +
                   std::to_string(m.ent[key].ts_full) + ", now " + std::to_string(tick) + ", H " + std::to_string(horizon));
      h.check(true, "m_vrd", "V2");
      r.has = true, r.epoch = ep, r.next = 1;
      h.cover("reset_new");
    } else {
      if (!r.has || r.epoch != ep || r.next != seq)
        h.fail("m_vrd", "V1: delivered stream of a key not 0, 1, 2, ... within its epoch",
               "  key " + std::to_string(key) + " epoch " + std::to_string(ep) + " seq " + std::to_string(seq) +
                   ", expected " + (r.has ? "epoch " + std::to_string(r.epoch) + " seq " + std::to_string(r.next)
                                          : std::string("a reset message")));
      h.check(true, "m_vrd", "V1");
      if (seq == SMASK) h.cover("seq_wrap");
      r.next = (r.next + 1) & SMASK;
    }
  }

  // ---------------------------------------------------------------- sender model
  // the burst index i in [lo, hi] with seq(i) == s, or -1
  static int64_t find_idx(uint32_t lo, uint32_t hi, uint32_t s) {
    if (hi < lo) return -1;
    const uint32_t d = (s - lo) & SMASK;
    return lo + d <= hi ? int64_t(lo) + d : -1;
  }
  void feedback(const Txn& v) {
    if (h.rng.chance(p_ackdrop)) return;
    const uint32_t key = uint32_t(v.get("key"));
    Snd& s = snd[key];
    if (!s.active || uint32_t(v.get("epoch")) != s.epoch) return;
    const unsigned resp = unsigned(v.get("resp"));
    const uint32_t q = uint32_t(v.get("seq"));
    if (resp == NIC_REL_ACK || resp == NIC_REL_DUP_ACK) {
      if (s.hi == 0) return;
      const int64_t i = find_idx(s.base, s.hi - 1, q);
      if (i >= 0) s.base = uint32_t(i) + 1, s.last_prog = sim.cycle(), s.nacked = -1;
    } else if (resp == NIC_REL_NACK_SEQ) {
      const int64_t i = find_idx(s.base, s.hi, q);
      if (i >= 0 && i != s.nacked) s.base = uint32_t(i), s.next = uint32_t(i), s.last_prog = sim.cycle(), s.nacked = i;
    } else if (resp == NIC_REL_NACK_NOSTATE) {
      if (s.base == 0) {
        s.next = 0;
      } else {  // the receiver lost the burst: the rest goes as a new burst (new epoch, reset)
        restart(s);
      }
      s.last_prog = sim.cycle();
    }
    if (s.base >= s.len) {
      s.active = false;
      const uint64_t gap = h.rng.chance(0.85) ? h.rng.range(0, hcyc / 2) : h.rng.range(hcyc + hcyc / 4, 3 * hcyc);
      s.wake = sim.cycle() + gap;
    }
  }
  void restart(Snd& s) {
    s.len -= s.base;
    s.base = s.next = s.hi = 0;
    s.epoch = gepoch++;
    s.nacked = -1;
    s.last_prog = sim.cycle();
  }
  void send_one(uint32_t key) {
    Snd& s = snd[key];
    const uint32_t i = s.next++;
    if (s.next > s.hi) s.hi = s.next;
    if (dbg_key == key) std::printf("dbg c%llu send idx %u base %u len %u epoch %u\n", (unsigned long long)sim.cycle(), s.next, s.base, s.len, s.epoch);
    Txn t = Txn().add("key", TB_KW, key).add("seq", TB_SW, i & SMASK).add("epoch", TB_EW, s.epoch)
                .add("reset", 1, i == 0 ? 1 : 0).add("handle", 16, (s.handle + i) & 0xffff);
    nsent++;
    if (i == 0) s.first = t;
    if (h.rng.chance(p_drop)) return;
    const unsigned copies = h.rng.chance(p_dup) ? 2 : 1;
    for (unsigned c = 0; c < copies; c++) {
      uint64_t at = sim.cycle() + h.rng.range(0, dmax);
      if (fifo) {
        if (at < last_arr[key]) at = last_arr[key];
        last_arr[key] = at;
      }
      chan.emplace(at, std::make_pair(sim.cycle(), t));
    }
  }
  void senders() {
    tb::Rng& r = h.rng;
    const uint64_t now = sim.cycle();
    if (!paused && r.chance(p_send)) {
      const uint32_t key = keys[r.below(keys.size())];
      Snd& s = snd[key];
      if (!s.active && now >= s.wake) {
        // reordering channel: now and then a late copy of the previous burst's reset message
        if (!fifo && !s.first.fields.empty() && r.chance(0.3)) chan.emplace(now + r.range(0, dmax), std::make_pair(now, s.first));
        s.active = true;
        s.epoch = gepoch++;
        s.base = s.next = s.hi = 0;
        s.nacked = -1;
        s.len = uint32_t(r.chance(0.2) ? r.range(1, 3u * (SMASK + 1) < 400 ? 3u * (SMASK + 1) : 400) : r.range(1, 24));
        s.last_prog = now;
        s.handle = uint32_t(r.bits(16));
      }
      if (s.active && s.next < s.len && s.next - s.base < win) send_one(key);
    }
    // retransmit timeouts (one key a cycle, round robin over the keys in use)
    static size_t rr = 0;
    if (!paused && !keys.empty()) {
      Snd& s = snd[keys[rr++ % keys.size()]];
      // retry limit (B3 fatal): no progress for H / 2 -> the rest of the burst goes as a new one,
      // so that no retransmission of a burst reaches the receiver more than H after its last
      // progress (constraint 1 of the note's horizon)
      if (s.active && now - s.last_prog > hcyc / 2) restart(s), h.cover("fatal");
      else if (s.active && s.next > s.base && now - s.timer > rto && now - s.last_prog > rto) s.next = s.base, s.timer = now, s.nacked = -1;
    }
    // channel -> s_pkt
    // (a copy older than the packet lifetime, H / 3, is dropped: the network's lifetime bound,
    // constraint 1 of the note's horizon; a slow m_vrd sink would otherwise age the backlog)
    while (!chan.empty() && chan.begin()->first <= now && pkt.queued() < 4) {
      if (now - chan.begin()->second.first <= hcyc / 3) pkt.push(chan.begin()->second.second);
      else h.cover("expired_copy");
      chan.erase(chan.begin());
    }
  }

  // ---------------------------------------------------------------- clocking
  void step() {
    top->now_tick = uint16_t(tick);
    sim.step();
    if (top->scrub_clr) {
      nclr++;
      if (dbg_key == top->scrub_key) std::printf("dbg c%llu scrub clear\n", (unsigned long long)sim.cycle());
      h.cover("scrub_clr");
      const uint64_t sn = tick - ((uint16_t(tick) - top->scrub_now) & 0xffff);
      if (fault == "scrub" && !fault_done && nclr >= 3) {
        fault_done = true;
      } else if (nic_rel_rx_scrub(&m, top->scrub_key, sn) != NIC_REL_OK) {
        h.fail("scrub", "illegal scrub clear", "  key " + std::to_string(top->scrub_key) + " at tick " +
                                                   std::to_string(sn) + " (entry live or not valid in the model)");
      }
    }
    if ((sim.cycle() & 255) == 0) {
      const long k = nic_rel_rx_check_v4(&m, tick);
      if (k >= 0) h.fail("scrub", "V4: a valid entry is 2^(TS_W-1) ticks old (the scrubber fell behind)",
                         "  key " + std::to_string(k));
    }
    if (++tphase >= tickp) tphase = 0, tick++;
  }

  void compare_counters() {
    static const char* names[NIC_REL_NCNT] = {"delivered", "dup", "stale", "nack_seq", "nack_nostate", "resets",
                                              "scrub_clr"};
    for (int i = 0; i < NIC_REL_NCNT; i++) {
      uint32_t want = m.c[i];
      if (i == NIC_REL_C_SCRUB_CLR && top->scrub_clr) want--;  // the counter adds the event at the cycle's end
      if (fault == "cnt" && i == 0) want++;
      const uint32_t rtl = top->stat_cnt[i];
      if (rtl != want)
        h.fail("stat_cnt", std::string("counter ") + names[i] + " differs",
               "  rtl " + std::to_string(rtl) + ", model " + std::to_string(want));
      h.check(true, "stat_cnt", names[i]);
    }
  }
};

static void scenario(tb::Harness& h, bool literal) {
  X x(h, literal);
  tb::Rng& r = h.rng;
  x.sim.reset();
  // idle stretches (gaps between bursts up to 3 H, quiet periods of 2^TS_W ticks) have no handshake
  x.sim.stuck_limit = std::max<uint64_t>(h.opt.stall_limit, ((uint64_t(1) << TB_TW) + 8) * x.tickp + 4 * x.hcyc + 100000);
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.vrd}, {&x.pkt}, 20, 300).c_str());
  if (!literal) h.cover("bp_" + tb::bp_name(bp));
  x.sim.run_until([&] { return x.top->init_done != 0; }, "init sweep");
  // quiet periods longer than 2^TS_W ticks (seed profile): the scrubber must keep the age exact
  const bool sleepy = !literal && (h.opt.seed % 3) == 0;
  uint64_t next_quiet = sleepy ? h.opt.n / 2 : UINT64_MAX;
  while (h.inputs < h.opt.n) {
    x.senders();
    x.step();
    if (h.inputs >= next_quiet) {
      // let every burst finish, then nothing for 2^TS_W + H ticks
      x.paused = false;
      uint64_t guard = 0;
      while (guard++ < 4000000) {
        bool busy = !x.chan.empty() || x.pkt.busy() || !x.acc.empty();
        for (uint32_t k : x.keys) busy = busy || x.snd[k].active;
        if (!busy) break;
        // only running bursts continue: no new ones
        for (uint32_t k : x.keys)
          if (!x.snd[k].active) x.snd[k].wake = x.sim.cycle() + 1000000000ull;
        x.senders();
        x.step();
      }
      const uint64_t quiet = (uint64_t(1) << TB_TW) * x.tickp + x.hcyc + r.range(0, 1000);
      for (uint64_t i = 0; i < quiet; i++) x.step();
      for (uint32_t k : x.keys) x.snd[k].wake = x.sim.cycle() + r.range(0, 1000);
      h.cover("quiet");
      next_quiet = UINT64_MAX;
    }
  }
  x.paused = true;
  x.sim.run_until([&] { return !x.pkt.busy(); }, "input drain");
  uint64_t g = 0;
  while (!x.acc.empty() && g++ < 1000000) x.step();
  for (int i = 0; i < 50; i++) x.step();
  if (x.sb.pending()) h.fail("m_vrd", "model verdicts the RTL did not produce", x.sb.describe_pending());
  x.compare_counters();
  h.extra("packets", double(h.inputs));
  h.extra("scrub_clears", double(x.nclr));
  h.note("%s: %" PRIu64 " packets (%u delivered, %u dup, %u stale, %u nack_seq, %u nack_nostate, %u resets), "
         "%u scrub clears, %" PRIu64 " cycles, %" PRIu64 " ticks\n",
         literal ? "literal" : "random", h.inputs, x.m.c[0], x.m.c[1], x.m.c[2], x.m.c[3], x.m.c[4], x.m.c[5], x.m.c[6],
         x.sim.cycle(), x.tick);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_rel", "make sim BLOCK=nic_rel SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario(h, false); });
  if (h.opt.scenario.empty() || h.opt.scenario == "literal") h.run("literal", [&] {
    h.opt.n /= 4;
    scenario(h, true);
    h.opt.n *= 4;
  });
  return h.exit_code();
}
