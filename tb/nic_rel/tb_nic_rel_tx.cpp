// tb_nic_rel_tx.cpp -- lockstep testbench of nic_rel_tx (RTL, Verilator) against the C model
// cmodel/nic_rel_tx.{h,c}, with the receiver model cmodel/nic_rel_rx as the remote side
// (docs/nic_rel.md 9.7).
//
// Ports: s_alloc / s_ack / s_done (inputs, told to the model at their handshakes, in cycle order)
// -> m_aresp, m_retx, m_evt compared field by field per handshake; the timer events
// (to_fire/key/now/fatal) are told to the model, which checks each is legal; the fifteen counters
// (stat_cnt) at the end. The tick (now_tick) is +1 every `tickp` cycles (per-seed profile).
// Environment: allocs to random (target, class) keys (some seeds use more keys than trackers);
// every alloc response and retransmit command becomes a data packet {key, seq, epoch, reset,
// handle, cmd} on a channel that drops, duplicates and delays (FIFO per key); the receiver model
// (note B9 rules, 32-bit ticks, horizon per seed: some seeds short, so that the receiver forgets a
// burst during a retransmit backoff: NACK_NOSTATE -> fatal) answers each packet; its responses
// travel back on an ACK channel that drops, duplicates, delays and reorders. A delivered message's
// operation completes (s_done) after a random delay; a flushed one (fatal) is completed by the
// bench at the flush event. A few dones name a handle >= R (ignored by the RTL).
// Independent checks (tb bookkeeping, no model): the delivered message is the one allocated for
// its (key, epoch, seq) with its command (retransmit buffer contents), delivered at most once, and
// at the end every allocated message was delivered or flushed; reset == 1 exactly on a key's first
// message with nothing in flight, with seq 0 and a new epoch, else the key's epoch and seq + 1;
// X1 no two in-flight messages of a key share a seq; X2 in flight per key <= W_MAX; X8 a granted
// handle is not in use, and at the end every handle is back (model and counters). X2 / X8 / the
// reset check need the bench to see each retire event before the next grant: they run on seeds
// whose m_evt sink never stalls ("exact" seeds). Liveness: no tracker's timeout overdue by more
// than a scan period (seeds without backpressure).
// Faults (--fault): flip (one expected retransmit seq changed), to (one timer event not told to the
// model), cnt (one counter off by one): each must be reported.
// Scenario bench (make bench-nic_rel_tx; all the checks above stay on): goodput against window and
// loss. Fixed profile from options instead of the seed: --wmax W (default 8), --loss P (data and
// ACK drop probability, default 0), --lat L (one-way channel latency in cycles, default 200, plus
// 0..7 cycles jitter, FIFO per key), --keys K (default 8 targets, each with its own tracker), --cycles C
// (measured cycles, default 200,000, after a 20,000-cycle warm-up); no backpressure, no duplication,
// an alloc offered every cycle, done 1..8 cycles after delivery. Reports delivered messages per
// cycle, retransmissions and timeouts per delivered message, and the retransmit-buffer lookups per
// ACK (responses resolved through the echoed handle / valid responses: the seed's direct index).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "Vnic_rel_tx.h"
#include "core.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "nic_rel_rx.h"
#include "nic_rel_tx.h"
}

#ifndef TB_TRK
#define TB_TRK 6
#endif
#ifndef TB_HW
#define TB_HW 10
#endif
#ifndef TB_KW
#define TB_KW 14
#endif
#ifndef TB_SW
#define TB_SW 16
#endif
#ifndef TB_WW
#define TB_WW 6
#endif
#define TB_EW 32
#define TB_TW 16
#define TB_RW 3
#define TB_CW 64
#define TB_FORCE 8

using tb::Txn;

static const uint32_t NTRK = 1u << TB_TRK, NH = 1u << TB_HW, SMASK = (1u << TB_SW) - 1u, KMASK = (1u << TB_KW) - 1u;

static Txn ar_txn(uint32_t h, uint32_t seq, uint32_t ep, unsigned reset) {
  return Txn().add("handle", 16, h).add("seq", TB_SW, seq).add("epoch", TB_EW, ep).add("reset", 1, reset);
}
static Txn rx_txn(uint32_t h, uint32_t seq, uint32_t ep, unsigned reset, uint32_t key, uint64_t cmd) {
  return Txn().add("handle", 16, h).add("seq", TB_SW, seq).add("epoch", TB_EW, ep).add("reset", 1, reset)
      .add("key", TB_KW, key).add("cmd", TB_CW, cmd);
}
static Txn ev_txn(unsigned type, uint32_t h, uint32_t key) {
  return Txn().add("type", 2, type).add("handle", 16, h).add("key", TB_KW, key);
}

struct Msg {            // one allocation (tb bookkeeping)
  uint32_t key = 0, seq = 0, epoch = 0, handle = 0;
  uint64_t cmd = 0;
  bool delivered = false, retired = false, flushed = false, done_sent = false, done_acc = false;
};
struct Pkt { uint32_t key, seq, epoch, reset, handle; uint64_t cmd; };
struct Ack { unsigned type; uint32_t key, seq, epoch, handle; };

struct X {
  tb::Harness& h;
  tb::Sim<Vnic_rel_tx> sim;
  Vnic_rel_tx* top;
  nic_rel_tx_model m{};
  nic_rel_rx_model rxm{};
  tb::StreamSource alloc, ack, done;
  tb::StreamSink aresp, retx, evt;
  tb::Scoreboard sb_ar, sb_rx, sb_ev;
  // profile
  unsigned tickp = 1;
  uint32_t wmax = 0, rto = 0, maxr = 0, horizon = 0;
  uint64_t dmax = 0, admax = 0, donemax = 0;
  double p_drop = 0, p_dup = 0, p_ackdrop = 0, p_ackdup = 0, p_send = 1;
  uint64_t dmin = 0, admin = 0;            // fixed channel latency (bench; 0 in the random profile)
  std::map<uint32_t, uint32_t> bq;         // bench: allocs queued per key, not yet accepted
  bool exact = false, nobp = false, bench = false;
  std::vector<uint32_t> keys;
  // time
  uint64_t tick = 0, tphase = 0;
  bool stop_alloc = false;
  // channels
  std::multimap<uint64_t, Pkt> dch;       // arrival cycle -> data packet
  std::vector<uint64_t> last_arr;         // FIFO per key
  std::multimap<uint64_t, Ack> ach;       // arrival cycle -> response (reordering)
  std::multimap<uint64_t, uint32_t> dn;   // done schedule: cycle -> message index
  // bookkeeping
  std::vector<Msg> msgs;
  std::deque<std::pair<uint32_t, uint64_t>> alloc_acc;  // accepted allocs (key, cmd) awaiting aresp
  std::map<uint64_t, size_t> by_kes;       // (key, epoch, seq) -> latest message index
  std::vector<int64_t> by_h;               // handle -> message index in use (-1 free; exact checks)
  std::vector<std::deque<size_t>> h_gen;   // handle -> its messages not yet retired (oldest first)
  std::vector<std::deque<size_t>> infl;    // per key: in-flight message indices (alloc order)
  std::vector<int64_t> last_ep;            // per key: epoch of the last message (-1 none)
  std::vector<uint32_t> last_seq;
  int64_t max_ep = -1;
  std::string fault;
  bool fault_done = false;
  uint64_t nto = 0, nretx = 0, ndeliv = 0, nfatal = 0;

  static uint64_t kes(uint32_t k, uint32_t e, uint32_t s) { return (uint64_t(e) << 32) | (uint64_t(k) << 16) | s; }

  X(tb::Harness& harness, bool bench_mode)
      : h(harness), sim(harness), top(sim.top.get()),
        alloc(sim, "s_alloc", TB_HS(top, s_alloc),
              [this](const Txn& t) {
                top->s_alloc_key = uint16_t(t.get("key"));
                top->s_alloc_cmd = t.get("cmd");
              }),
        ack(sim, "s_ack", TB_HS(top, s_ack),
            [this](const Txn& t) {
              top->s_ack_type = uint8_t(t.get("type"));
              top->s_ack_key = uint16_t(t.get("key"));
              top->s_ack_seq = uint32_t(t.get("seq"));
              top->s_ack_epoch = uint32_t(t.get("epoch"));
              top->s_ack_handle = uint16_t(t.get("handle"));
            }),
        done(sim, "s_done", TB_HS(top, s_done), [this](const Txn& t) { top->s_done_handle = uint16_t(t.get("handle")); }),
        aresp(sim, "m_aresp", TB_HS(top, m_aresp),
              [this]() { return ar_txn(top->m_aresp_handle, top->m_aresp_seq, top->m_aresp_epoch, top->m_aresp_reset); }),
        retx(sim, "m_retx", TB_HS(top, m_retx),
             [this]() {
               return rx_txn(top->m_retx_handle, top->m_retx_seq, top->m_retx_epoch, top->m_retx_reset, top->m_retx_key,
                             top->m_retx_cmd);
             }),
        evt(sim, "m_evt", TB_HS(top, m_evt), [this]() { return ev_txn(top->m_evt_type, top->m_evt_handle, top->m_evt_key); }),
        sb_ar(sim, "m_aresp"), sb_rx(sim, "m_retx"), sb_ev(sim, "m_evt") {
    fault = h.opt.fault;
    tb::Rng& r = h.rng;
    bench = bench_mode;
    if (bench) {
      bench_profile();
    } else {
    // ---- per-seed profile
    wmax = uint32_t(r.range(1, 1u << TB_WW));
    if (wmax > (1u << (TB_SW - 1))) wmax = 1u << (TB_SW - 1);
    dmax = r.range(4, 400);
    admax = r.range(4, 400);
    donemax = r.range(1, 600);
    maxr = uint32_t(r.range(1, 4));
    const uint64_t scan = uint64_t(NTRK) * TB_FORCE * (5 * wmax + 12);
    const uint64_t rto_cyc = r.range(2, 6) * (dmax + admax + 64) + (r.chance(0.5) ? scan : scan / 8);
    tickp = unsigned(std::max<uint64_t>(1, (rto_cyc << maxr) / 16000 + 1));
    rto = uint32_t(std::max<uint64_t>(2, rto_cyc / tickp));
    // the receiver's horizon: longer than the longest retransmit gap (rto << maxr) plus the
    // lifetime, except on short-horizon seeds (the receiver forgets bursts in a backoff)
    const bool shorth = r.chance(0.2);
    horizon = shorth ? rto * 2 : uint32_t((uint64_t(rto) << (maxr + 1)) + (dmax + admax) / tickp + 64);
    p_drop = 0.12 * double(r.below(101)) / 100.0;
    p_dup = 0.05 * double(r.below(101)) / 100.0;
    p_ackdrop = 0.12 * double(r.below(101)) / 100.0;
    p_ackdup = 0.05 * double(r.below(101)) / 100.0;
    p_send = 0.05 + 0.6 * double(r.below(101)) / 100.0;
    const unsigned nk = unsigned(r.chance(0.3) ? r.range(NTRK + 1, 2 * NTRK + 4) : r.range(1, NTRK));
    std::set<uint32_t> ks;
    while (ks.size() < nk) ks.insert(uint32_t(r.bits(TB_KW)) & KMASK);
    keys.assign(ks.begin(), ks.end());
    exact = r.chance(0.6);
    h.note("profile: tickp %u rto %u ticks maxr %u wmax %u H %u%s dmax %" PRIu64 " admax %" PRIu64
           " drop %.3f dup %.3f ackdrop %.3f ackdup %.3f send %.2f keys %zu%s\n",
           tickp, rto, maxr, wmax, horizon, shorth ? " (short)" : "", dmax, admax, p_drop, p_dup, p_ackdrop, p_ackdup,
           p_send, keys.size(), exact ? " exact" : "");
    }
    last_arr.assign(KMASK + 1, 0);
    infl.assign(KMASK + 1, {});
    last_ep.assign(KMASK + 1, -1);
    last_seq.assign(KMASK + 1, 0);
    by_h.assign(NH, -1);
    h_gen.assign(NH, {});

    nic_rel_tx_cfg c{TB_TRK, TB_HW, TB_KW, TB_SW, TB_EW, TB_TW, TB_WW, TB_RW, TB_CW, wmax, rto, maxr};
    if (nic_rel_tx_init(&m, &c) != NIC_REL_TX_OK) h.fail("model", "nic_rel_tx_init failed");
    nic_rel_rx_cfg rc{TB_KW, TB_SW, TB_EW, 32, horizon, wmax, 0};
    if (nic_rel_rx_init(&rxm, &rc) != NIC_REL_OK) h.fail("model", "nic_rel_rx_init failed");
    top->cfg_wmax = uint8_t(wmax);
    top->cfg_rto = uint16_t(rto);
    top->cfg_max_retry = uint8_t(maxr);
    top->now_tick = 0;

    sb_ar.model([this](Txn& t) {
      nic_rel_tx_aresp a;
      if (nic_rel_tx_pop_aresp(&m, &a) != NIC_REL_TX_OK) return false;
      t = ar_txn(a.handle, a.seq, a.epoch, a.reset);
      return true;
    });
    sb_rx.model([this](Txn& t) {
      nic_rel_tx_retx a;
      if (nic_rel_tx_pop_retx(&m, &a) != NIC_REL_TX_OK) return false;
      if (fault == "flip" && !fault_done && nretx >= 20) a.seq ^= 1, fault_done = true;
      t = rx_txn(a.handle, a.seq, a.epoch, a.reset, a.key, a.cmd[0]);
      return true;
    });
    sb_ev.model([this](Txn& t) {
      nic_rel_tx_evt a;
      if (nic_rel_tx_pop_evt(&m, &a) != NIC_REL_TX_OK) return false;
      t = ev_txn(a.type, a.handle, a.key);
      return true;
    });

    alloc.on_accept = [this](const Txn& t) {
      const uint32_t key = uint32_t(t.get("key"));
      const uint64_t cmd = t.get("cmd");
      if (!nic_rel_tx_can_alloc(&m, key))
        h.fail("s_alloc", "alloc granted while the window is full / no tracker / no handle is free (model)",
               "  key " + std::to_string(key));
      uint64_t cw[NIC_REL_TX_CMD_WORDS] = {cmd};
      if (nic_rel_tx_alloc(&m, key, cw, tick) != NIC_REL_TX_OK) h.fail("model", "alloc");
      alloc_acc.push_back({key, cmd});
      if (bench) bq[key]--;
    };
    ack.on_accept = [this](const Txn& t) {
      if (nic_rel_tx_ack(&m, unsigned(t.get("type")), uint32_t(t.get("key")), uint32_t(t.get("seq")),
                         uint32_t(t.get("epoch")), uint32_t(t.get("handle")), tick) != NIC_REL_TX_OK)
        h.fail("model", "ack");
    };
    done.on_accept = [this](const Txn& t) {
      const uint32_t hd = uint32_t(t.get("handle"));
      if (nic_rel_tx_done(&m, hd) != NIC_REL_TX_OK) h.fail("model", "done");
      if (t.find("idx")) {
        Msg& g = msgs[size_t(t.get("idx"))];
        g.done_acc = true;
        if (g.retired && by_h[hd] == int64_t(t.get("idx"))) by_h[hd] = -1;  // both stages seen: free
      }
    };
    aresp.on_capture = [this](const Txn& t) {
      sb_ar.actual(t);
      on_aresp(t);
    };
    retx.on_capture = [this](const Txn& t) {
      sb_rx.actual(t);
      nretx++;
      h.cover("retx");
      if (t.get("reset")) h.cover("retx_reset");
      send(Pkt{uint32_t(t.get("key")), uint32_t(t.get("seq")), uint32_t(t.get("epoch")), uint32_t(t.get("reset")),
               uint32_t(t.get("handle")), t.get("cmd")});
    };
    evt.on_capture = [this](const Txn& t) {
      sb_ev.actual(t);
      on_evt(t);
    };
    for (auto* n : {"alloc", "new_tracker", "window_full", "no_tracker", "retx", "retx_reset", "acked", "flushed",
                    "fatal", "timeout", "deliver", "done_first", "ack_first", "stale", "nack_seq", "nack_nostate",
                    "nack_dup", "done_bad", "seq_wrap", "fast_path"})
      h.cov_declare(n);
  }
  ~X() {
    nic_rel_tx_free(&m);
    nic_rel_rx_free(&rxm);
  }

  // fixed bench profile (options, not the seed): see the file header
  void bench_profile() {
    const double lw = std::strtod(h.opt.get("wmax", "8").c_str(), nullptr);
    wmax = uint32_t(std::min<double>(std::max(1.0, lw), double(std::min(1u << TB_WW, 1u << (TB_SW - 1)))));
    p_drop = p_ackdrop = std::strtod(h.opt.get("loss", "0").c_str(), nullptr);
    p_dup = p_ackdup = 0;
    dmin = admin = std::strtoull(h.opt.get("lat", "200").c_str(), nullptr, 10);
    dmax = admax = 7;
    donemax = 8;
    maxr = 3;
    p_send = 1;
    exact = true;
    // RTO: four round trips or the timer scan period, whichever is longer; ticks of tickp cycles
    const uint64_t scan = uint64_t(NTRK) * TB_FORCE * (5 * wmax + 12);
    const uint64_t rto_cyc = std::max<uint64_t>(4 * (dmin + admin + 64), scan);
    tickp = unsigned(rto_cyc / 2000 + 1);
    rto = uint32_t(std::max<uint64_t>(2, rto_cyc / tickp));
    horizon = uint32_t((uint64_t(rto) << (maxr + 1)) + (dmin + admin + 64) / tickp + 64);
    const unsigned nk = unsigned(std::min<unsigned long>(NTRK, std::strtoul(h.opt.get("keys", "8").c_str(), nullptr, 10)));
    for (uint32_t k = 0; k < std::max(1u, nk); k++) keys.push_back(k * 37 % (KMASK + 1));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    h.note("bench profile: wmax %u loss %.3f latency %" PRIu64 "+0..7 cycles keys %zu; rto %u ticks of %u cycles, maxr %u\n",
           wmax, p_drop, dmin, keys.size(), rto, tickp, maxr);
  }

  // ---------------------------------------------------------------- independent checks
  void on_aresp(const Txn& t) {
    if (alloc_acc.empty()) h.fail("m_aresp", "response without an accepted alloc");
    const uint32_t key = alloc_acc.front().first;
    const uint64_t cmd = alloc_acc.front().second;
    alloc_acc.pop_front();
    Msg g;
    g.key = key, g.seq = uint32_t(t.get("seq")), g.epoch = uint32_t(t.get("epoch")), g.handle = uint32_t(t.get("handle"));
    g.cmd = cmd;
    const bool reset = t.get("reset") != 0;
    h.cover("alloc");
    if (reset) h.cover("new_tracker");
    if (g.seq == SMASK) h.cover("seq_wrap");
    auto& q = infl[key];
    if (exact) {
      // X8: the handle is not in use
      if (g.handle >= NH || by_h[g.handle] >= 0)
        h.fail("m_aresp", "X8: a granted handle is in use (or out of range)", "  handle " + std::to_string(g.handle));
      h.check(true, "m_aresp", "X8");
      // reset discipline (X6/X7): reset exactly when nothing of the key is in flight
      if (reset != q.empty())
        h.fail("m_aresp", reset ? "reset message while the key has messages in flight" : "no reset on a key with nothing in flight",
               "  key " + std::to_string(key) + " in flight " + std::to_string(q.size()));
      // X2
      if (q.size() + 1 > wmax) h.fail("m_aresp", "X2: more than W_MAX messages of a key in flight");
      h.check(true, "m_aresp", "X2");
    }
    if (reset) {
      if (g.seq != 0 || int64_t(g.epoch) <= max_ep) h.fail("m_aresp", "reset message: seq 0 and a new epoch expected");
      max_ep = g.epoch;
    } else {
      if (last_ep[key] != int64_t(g.epoch) || g.seq != ((last_seq[key] + 1) & SMASK))
        h.fail("m_aresp", "a message continues its key's epoch with seq + 1 (A2: next_seq, not the count)",
               "  key " + std::to_string(key) + " seq " + std::to_string(g.seq) + " epoch " + std::to_string(g.epoch));
    }
    // X1: no in-flight message of the same key and epoch has this seq
    for (size_t i : q)
      if (msgs[i].epoch == g.epoch && msgs[i].seq == g.seq) h.fail("m_aresp", "X1: two in-flight messages share a seq");
    h.check(true, "m_aresp", "X1");
    last_ep[key] = g.epoch, last_seq[key] = g.seq;
    const size_t idx = msgs.size();
    msgs.push_back(g);
    q.push_back(idx);
    by_kes[kes(key, g.epoch, g.seq)] = idx;
    if (g.handle < NH) by_h[g.handle] = int64_t(idx), h_gen[g.handle].push_back(idx);
    send(Pkt{key, g.seq, g.epoch, reset ? 1u : 0u, g.handle, cmd});
  }

  void on_evt(const Txn& t) {
    const unsigned type = unsigned(t.get("type"));
    const uint32_t key = uint32_t(t.get("key")), hd = uint32_t(t.get("handle"));
    if (type == NIC_REL_TX_E_FATAL) {
      nfatal++;
      h.cover("fatal");
      return;
    }
    if (hd >= NH || h_gen[hd].empty()) h.fail("m_evt", "retire event of a handle not in use");
    const size_t idx = h_gen[hd].front();
    h_gen[hd].pop_front();
    Msg& g = msgs[idx];
    if (g.key != key) h.fail("m_evt", "retire event with another key than the message's");
    // retire is from the head: the key's oldest in-flight message
    auto& q = infl[key];
    if (q.empty() || q.front() != idx) h.fail("m_evt", "X5: retire of a message that is not the oldest in flight");
    q.pop_front();
    g.retired = true;
    const bool acc = g.done_acc;
    if (type == NIC_REL_TX_E_FLUSH) {
      g.flushed = true;
      h.cover("flushed");
      if (!g.done_sent) {
        g.done_sent = true;
        dn.emplace(sim.cycle() + h.rng.range(0, donemax), uint32_t(idx));
      }
    } else {
      h.cover("acked");
      if (!g.delivered) h.fail("m_evt", "E2E-acked message that the receiver never delivered");
      h.cover(g.done_acc ? "done_first" : "ack_first");
    }
    if (acc && by_h[hd] == int64_t(idx)) by_h[hd] = -1;
  }

  void send(const Pkt& p) {
    if (h.rng.chance(p_drop)) return;
    const unsigned copies = h.rng.chance(p_dup) ? 2 : 1;
    for (unsigned c = 0; c < copies; c++) {
      uint64_t at = sim.cycle() + 1 + dmin + h.rng.range(0, dmax);
      if (at < last_arr[p.key]) at = last_arr[p.key];
      last_arr[p.key] = at;
      dch.emplace(at, p);
    }
  }

  void receive(const Pkt& p) {
    nic_rel_pkt rp{p.key, p.seq, p.epoch, p.reset, p.handle, tick};
    if (nic_rel_rx_push_pkt(&rxm, &rp) != NIC_REL_OK) h.fail("model", "rx push");
    nic_rel_vrd v;
    if (nic_rel_rx_pop_vrd(&rxm, &v) != NIC_REL_OK) h.fail("model", "rx pop");
    if (v.deliver) {
      auto it = by_kes.find(kes(p.key, p.epoch, p.seq));
      if (it == by_kes.end()) h.fail("deliver", "a delivered message that was never allocated");
      Msg& g = msgs[it->second];
      if (g.handle != p.handle || g.cmd != p.cmd)
        h.fail("deliver", "delivered message differs from its allocation (handle / command)",
               "  handle " + std::to_string(p.handle) + " vs " + std::to_string(g.handle));
      if (g.delivered) h.fail("deliver", "a message delivered twice");
      h.check(true, "deliver", "once");
      g.delivered = true;
      ndeliv++;
      h.cover("deliver");
      if (!g.done_sent) {
        g.done_sent = true;
        dn.emplace(sim.cycle() + h.rng.range(0, donemax), uint32_t(it->second));
      }
    }
    if (v.resp == NIC_REL_NONE || h.rng.chance(p_ackdrop)) return;
    const unsigned copies = h.rng.chance(p_ackdup) ? 2 : 1;
    for (unsigned c = 0; c < copies; c++)
      ach.emplace(sim.cycle() + 1 + admin + h.rng.range(0, admax), Ack{v.resp, v.key, v.seq, v.epoch, v.handle});
  }

  // ---------------------------------------------------------------- per cycle
  void env() {
    tb::Rng& r = h.rng;
    const uint64_t now = sim.cycle();
    if (bench) {
      // offer only keys whose window has room beyond the allocs already queued (no head-of-line
      // blocking in the bench's alloc queue: the measured goodput is the block's, not the queue's)
      if (!stop_alloc && alloc.queued() < 2) {
        std::vector<uint32_t> ok;
        for (uint32_t k : keys) {
          const int t = nic_rel_tx_find(&m, k);
          if ((t >= 0 ? m.trk[t].cnt : 0) + bq[k] < wmax) ok.push_back(k);
        }
        if (!ok.empty()) {
          const uint32_t key = ok[r.below(ok.size())];
          bq[key]++;
          alloc.push(Txn().add("key", TB_KW, key).add("cmd", TB_CW, r.next()));
        }
      }
    } else if (!stop_alloc && alloc.queued() < 2 && r.chance(p_send)) {
      const uint32_t key = keys[r.below(keys.size())];
      if (!nic_rel_tx_can_alloc(&m, key)) {
        const int k = nic_rel_tx_find(&m, key);
        h.cover(k >= 0 ? "window_full" : "no_tracker");
      }
      alloc.push(Txn().add("key", TB_KW, key).add("cmd", TB_CW, r.next()));
    }
    while (!dch.empty() && dch.begin()->first <= now) {
      receive(dch.begin()->second);
      dch.erase(dch.begin());
    }
    while (!ach.empty() && ach.begin()->first <= now && ack.queued() < 4) {
      const Ack& a = ach.begin()->second;
      ack.push(Txn().add("type", 3, a.type).add("key", TB_KW, a.key).add("seq", TB_SW, a.seq).add("epoch", TB_EW, a.epoch)
                   .add("handle", 16, a.handle));
      ach.erase(ach.begin());
    }
    while (!dn.empty() && dn.begin()->first <= now && done.queued() < 4) {
      done.push(Txn().add("handle", 16, msgs[dn.begin()->second].handle).add("idx", 32, dn.begin()->second));
      dn.erase(dn.begin());
    }
    if (!bench && NH < 65536 && !stop_alloc && r.chance(0.0005)) {
      done.push(Txn().add("handle", 16, NH + r.below(65536 - NH)));
      h.cover("done_bad");
    }
  }

  void step() {
    top->now_tick = uint16_t(tick);
    sim.step();
    if (top->to_fire) {
      const uint64_t tn = tick - ((uint16_t(tick) - top->to_now) & 0xffff);
      nto++;
      h.cover(top->to_fatal ? "fatal" : "timeout");
      if (fault == "to" && !fault_done && nto >= 3) {
        fault_done = true;
      } else if (nic_rel_tx_timeout(&m, top->to_key, tn, top->to_fatal) != NIC_REL_TX_OK) {
        h.fail("to_fire", "illegal timeout", "  key " + std::to_string(top->to_key) + " at tick " + std::to_string(tn) +
                                                  (top->to_fatal ? " (fatal)" : ""));
      }
    }
    if (nobp && (sim.cycle() & 255) == 0) {
      h.cover("liveness_checked");
      const uint64_t slack = (uint64_t(NTRK) * TB_FORCE * (5 * wmax + 16) + 4 * 16) / tickp + 4;
      const long k = nic_rel_tx_overdue(&m, tick, slack);
      if (k >= 0) h.fail("to_fire", "a tracker's timeout is overdue by more than a scan period", "  tracker " + std::to_string(k));
    }
    if (++tphase >= tickp) tphase = 0, tick++;
  }

  void compare_counters() {
    static const char* names[NIC_REL_TX_NCNT] = {"alloc", "trk", "ack", "stale", "retired", "nack_seq", "nack_nostate",
                                                 "nack_dup", "timeout", "fatal", "retx", "freed", "done_bad",
                                                 "ack_fast", "flushed"};
    for (int i = 0; i < NIC_REL_TX_NCNT; i++) {
      uint32_t want = m.c[i];
      if (fault == "cnt" && i == NIC_REL_TX_C_RETIRED) want++;
      const uint32_t rtl = top->stat_cnt[i];
      if (rtl != want)
        h.fail("stat_cnt", std::string("counter ") + names[i] + " differs",
               "  rtl " + std::to_string(rtl) + ", model " + std::to_string(want));
      h.check(true, "stat_cnt", names[i]);
    }
    if (m.c[NIC_REL_TX_C_STALE]) h.cover("stale", m.c[NIC_REL_TX_C_STALE]);
    if (m.c[NIC_REL_TX_C_NSEQ]) h.cover("nack_seq", m.c[NIC_REL_TX_C_NSEQ]);
    if (m.c[NIC_REL_TX_C_NOST]) h.cover("nack_nostate", m.c[NIC_REL_TX_C_NOST]);
    if (m.c[NIC_REL_TX_C_NDUP]) h.cover("nack_dup", m.c[NIC_REL_TX_C_NDUP]);
    if (m.c[NIC_REL_TX_C_FAST]) h.cover("fast_path", m.c[NIC_REL_TX_C_FAST]);
  }
};

static void scenario(tb::Harness& h, bool bench) {
  X x(h, bench);
  x.sim.reset();
  x.sim.stuck_limit = std::max<uint64_t>(h.opt.stall_limit, (uint64_t(x.rto) << (x.maxr + 2)) * x.tickp + 200000);
  const tb::Bp bp = tb::bp_kind(h);
  std::string d;
  if (bench) {
    for (tb::Agent* a : std::vector<tb::Agent*>{&x.aresp, &x.retx, &x.evt, &x.alloc, &x.ack, &x.done}) a->profile(0.0);
    d = "no backpressure (bench)";
  } else {
    d = tb::apply_backpressure(h, bp, {&x.aresp, &x.retx, &x.evt}, {&x.alloc, &x.ack, &x.done}, 20, 300);
  }
  if (x.exact) x.evt.profile(0.0), d += "; m_evt never stalls (exact checks)";
  // m_aresp never stalls: a message is known to the bench (and on the channel) before any
  // retransmission or retire event of it
  x.aresp.profile(0.0);
  d += "; m_aresp never stalls";
  // liveness check only where no output stall stretches the engine's ops
  x.nobp = x.retx.stall == 0.0 && x.retx.burst_p == 0.0 && x.evt.stall == 0.0 && x.evt.burst_p == 0.0;
  if (x.nobp) d += "; liveness check on";
  h.note("%s\n", d.c_str());
  if (!bench) h.cover("bp_" + tb::bp_name(bp));
  x.sim.run_until([&] { return x.top->init_done != 0; }, "init sweep");
  uint64_t b_c0 = 0, b_d0 = 0, b_r0 = 0, b_t0 = 0, b_a0 = 0, b_f0 = 0;
  if (bench) {
    const uint64_t warm = 20000, meas = std::strtoull(h.opt.get("cycles", "200000").c_str(), nullptr, 10);
    const uint64_t c0 = x.sim.cycle();
    while (x.sim.cycle() < c0 + warm) x.env(), x.step();
    b_c0 = x.sim.cycle(), b_d0 = x.ndeliv, b_r0 = x.nretx, b_t0 = x.m.c[NIC_REL_TX_C_TO];
    b_a0 = x.m.c[NIC_REL_TX_C_ACK] + x.m.c[NIC_REL_TX_C_NSEQ] + x.m.c[NIC_REL_TX_C_NDUP] + x.m.c[NIC_REL_TX_C_NOST], b_f0 = x.m.c[NIC_REL_TX_C_FAST];
    while (x.sim.cycle() < b_c0 + meas) x.env(), x.step();
    const double cyc = double(x.sim.cycle() - b_c0), dl = double(x.ndeliv - b_d0);
    const double acks = double(x.m.c[NIC_REL_TX_C_ACK] + x.m.c[NIC_REL_TX_C_NSEQ] + x.m.c[NIC_REL_TX_C_NDUP] + x.m.c[NIC_REL_TX_C_NOST] - b_a0);
    const double gp = dl / cyc, rx = dl > 0 ? double(x.nretx - b_r0) / dl : 0, to = dl > 0 ? double(x.m.c[NIC_REL_TX_C_TO] - b_t0) / dl : 0;
    const double lk = acks > 0 ? double(x.m.c[NIC_REL_TX_C_FAST] - b_f0) / acks : 0;
    // transmit-side sequence state (seed L220-L228): trackers as built (docs/nic_rel.md 9.2: registers
    // {v, key, cnt, rst, nakd}, LUTRAM {epoch, next_seq, oldest_seq, t_last, retries}, the ring of
    // 2^WIN_W handles) against a per-peer table for 4,096 peers, direct-indexed (no key, no epoch,
    // no valid bit) with a linked pending list (head and tail handles) instead of the ring
    const unsigned trk_bits = 1 + TB_KW + (TB_WW + 1) + 2 + TB_EW + 2 * TB_SW + TB_TW + TB_RW + (1u << TB_WW) * TB_HW;
    const unsigned peer_bits = 2 * TB_SW + (TB_WW + 1) + TB_TW + TB_RW + 2 * TB_HW;
    std::printf("bench: state: %u trackers x %u bits = %u bytes; per-peer table 4,096 x %u bits = %u bytes (%.1fx)\n", NTRK,
                trk_bits, NTRK * trk_bits / 8, peer_bits, 4096 * peer_bits / 8, double(4096 * peer_bits) / double(NTRK * trk_bits));
    h.extra("goodput_msg_per_cycle", gp);
    h.extra("retx_per_msg", rx);
    h.extra("timeouts_per_msg", to);
    h.extra("fast_lookups_per_ack", lk);
    std::printf("bench: wmax %3u loss %.3f lat %4" PRIu64 " keys %zu: %8.0f delivered in %8.0f cycles, goodput %.4f msg/cycle "
                "(%.4f per key; window bound W/RTT %.4f per key), %.3f retx/msg, %.4f timeouts/msg, ACK lookups: %.3f by handle\n",
                x.wmax, x.p_drop, x.dmin, x.keys.size(), dl, cyc, gp, gp / double(x.keys.size()),
                double(x.wmax) / double(x.dmin + x.admin + 8), rx, to, lk);
  } else {
    while (h.inputs < h.opt.n) {
      x.env();
      x.step();
    }
  }
  // drain: no new allocs; every message ends delivered (and acked) or flushed, every handle back
  x.stop_alloc = true;
  x.alloc.clear();
  uint64_t g = 0;
  const uint64_t glim = (uint64_t(x.rto) << (x.maxr + 3)) * x.tickp * 4 + 2000000;
  while (g++ < glim) {
    x.env();
    x.step();
    bool any = false;
    for (size_t k = 0; k < NTRK; k++) any = any || x.m.trk[k].v;
    if (!any && x.alloc_acc.empty() && nic_rel_tx_nvalid(&x.m) == 0 && x.dn.empty() && x.ach.empty() && x.dch.empty() &&
        !x.ack.busy() && !x.done.busy())
      break;
  }
  // the RTL's last outputs may still wait behind a stalled sink
  uint64_t g3 = 0;
  while ((x.sb_ar.pending() || x.sb_rx.pending() || x.sb_ev.pending()) && g3++ < 200000) x.step();
  for (int i = 0; i < 50; i++) x.step();
  if (nic_rel_tx_nvalid(&x.m) != 0) h.fail("drain", "handles still in use after the drain", x.sim.pending_report());
  if (x.sb_ar.pending() || x.sb_rx.pending() || x.sb_ev.pending())
    h.fail("outputs", "model outputs the RTL did not produce",
           x.sb_ar.describe_pending() + x.sb_rx.describe_pending() + x.sb_ev.describe_pending());
  for (const Msg& g2 : x.msgs)
    if (!g2.delivered && !g2.flushed) h.fail("drain", "a message neither delivered nor flushed (lost)");
  h.check(true, "drain", "every message delivered or flushed");
  if (x.m.c[NIC_REL_TX_C_FREED] != x.m.c[NIC_REL_TX_C_ALLOC]) h.fail("drain", "X8: handles freed != handles allocated");
  x.compare_counters();
  h.extra("inputs", double(h.inputs));
  h.extra("messages", double(x.msgs.size()));
  h.note("%s: %" PRIu64 " inputs, %zu messages (%" PRIu64 " delivered), %" PRIu64 " retransmitted, %u acks, %u stale, "
         "%u nack_seq, %u nack_nostate, %u nack_dup, %u timeouts, %u fatal, %u flushed, %u done_bad, %u fast; %" PRIu64
         " cycles, %" PRIu64 " ticks\n",
         bench ? "bench" : "random", h.inputs, x.msgs.size(), x.ndeliv, x.nretx, x.m.c[NIC_REL_TX_C_ACK], x.m.c[NIC_REL_TX_C_STALE],
         x.m.c[NIC_REL_TX_C_NSEQ], x.m.c[NIC_REL_TX_C_NOST], x.m.c[NIC_REL_TX_C_NDUP], x.m.c[NIC_REL_TX_C_TO],
         x.m.c[NIC_REL_TX_C_FATAL], x.m.c[NIC_REL_TX_C_FLUSH], x.m.c[NIC_REL_TX_C_DBAD], x.m.c[NIC_REL_TX_C_FAST],
         x.sim.cycle(), x.tick);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_rel_tx", "make sim-nic_rel_tx SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario(h, false); });
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario(h, true); });
  return h.exit_code();
}
