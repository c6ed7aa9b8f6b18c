// tb_nic_rel_hdr.cpp -- lockstep testbench of nic_rel_hdr (RTL, Verilator) against the C model
// cmodel/nic_ack.{h,c} (nic_rel_hdr_build, nic_b2_*; docs/nic_rel.md 10).
//
// Ports: s_req (64-byte command + the tracker's handle, seq, epoch, reset) -> m_hdr (the header
// fields of nic_pkt_tx), compared field by field per handshake; the B2 table write port
// (tbl_we/waddr/wdata) is driven by the bench every cycle with probability p_w and told to the
// model after the cycle's lookup (a write and a lookup in one cycle: the lookup reads the old
// entry). After reset the bench writes every table entry once (software initialisation), then
// rewrites entries during traffic, a third of them at the index the next queued command looks up
// (the last write wins: B2's property; a lookup in the cycle of a write to its entry is covered
// as `collide`).
// Builds: the lab size (JOB_W 2, RANK_W 10, SEQ_W 16, EPOCH_W 32) and a small one (JOB_W 1,
// RANK_W 4, SEQ_W 5, EPOCH_W 7: 32 entries, frequent rewrites and collisions).
// Stimulus: random commands (every byte random), the target NID in the table's range with
// probability 0.9, else with job or rank bits above JOB_W / RANK_W (m_hdr_bad); cfg_half random
// per seed; random backpressure on both ports (tb/common profiles).
// Faults (--fault): flip (one expected psn bit changed), tbl (one table write not told to the
// model): each must be reported.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include "Vnic_rel_hdr.h"
#include "core.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "nic_ack.h"
}

#ifndef TB_JW
#define TB_JW 2
#endif
#ifndef TB_RW
#define TB_RW 10
#endif
#ifndef TB_SW
#define TB_SW 16
#endif
#ifndef TB_EW
#define TB_EW 32
#endif

using tb::Txn;

static Txn hdr_txn(const nic_rel_hdr& x) {
  return Txn().add("msg_len", 21, x.msg_len).add("vn", 3, x.vn).add("dst_nid", 16, x.dst_nid)
      .add("msg_id", 16, x.msg_id).add("eq_handle", 16, x.eq_handle).add("handle", 16, x.handle)
      .add("target_addr", 64, x.target_addr).add("dest_qp", 24, x.dest_qp).add("psn", 24, x.psn)
      .add("epoch", TB_EW, x.epoch).add("reset", 1, x.reset).add("half", 1, x.half).add("bad", 1, x.bad);
}

static uint32_t idx_of(const std::vector<uint8_t>& c) {
  const uint32_t t = uint32_t(c[6]) | uint32_t(c[7]) << 8 | uint32_t(c[8]) << 16;   // bits 71:48
  return ((t >> 16) & ((1u << TB_JW) - 1u)) << TB_RW | (t & ((1u << TB_RW) - 1u));
}

static void scenario(tb::Harness& h) {
  tb::Sim<Vnic_rel_hdr> sim(h);
  Vnic_rel_hdr* top = sim.top.get();
  tb::Rng& r = h.rng;
  nic_b2 tbl{};
  if (nic_b2_init(&tbl, TB_JW, TB_RW) != 0) h.fail("model", "nic_b2_init failed");
  const unsigned half = unsigned(r.bits(1));
  const double p_w = r.chance(0.5) ? 0.05 : 0.4;
  std::string fault = h.opt.fault;
  uint64_t nacc = 0;
  bool cur_we = false;
  uint32_t cur_wa = 0;
  bool fault_done = false;
  std::deque<std::vector<uint8_t>> cmds;   // commands queued in the source, in order

  tb::StreamSource req(sim, "s_req", TB_HS(top, s_req), [top](const Txn& t) {
    const tb::Field* f = t.find("cmd");
    for (int w = 0; w < 16; w++)
      top->s_req_cmd[w] = uint32_t(f->bytes[4 * w]) | uint32_t(f->bytes[4 * w + 1]) << 8 |
                          uint32_t(f->bytes[4 * w + 2]) << 16 | uint32_t(f->bytes[4 * w + 3]) << 24;
    top->s_req_handle = uint16_t(t.get("handle"));
    top->s_req_seq = uint32_t(t.get("seq"));
    top->s_req_epoch = uint32_t(t.get("epoch"));
    top->s_req_reset = uint8_t(t.get("reset"));
  });
  tb::StreamSink hdr(sim, "m_hdr", TB_HS(top, m_hdr), [top]() {
    nic_rel_hdr x{};
    x.msg_len = top->m_hdr_msg_len; x.vn = top->m_hdr_vn; x.dst_nid = top->m_hdr_dst_nid;
    x.msg_id = top->m_hdr_msg_id; x.eq_handle = top->m_hdr_eq_handle; x.handle = top->m_hdr_handle;
    x.target_addr = top->m_hdr_target_addr; x.dest_qp = top->m_hdr_dest_qp; x.psn = top->m_hdr_psn;
    x.epoch = top->m_hdr_epoch; x.reset = top->m_hdr_reset; x.half = top->m_hdr_half; x.bad = top->m_hdr_bad;
    return hdr_txn(x);
  });
  tb::Scoreboard sb(sim, "m_hdr");
  req.on_accept = [&](const Txn& t) {
    const tb::Field* f = t.find("cmd");
    nic_rel_hdr x;
    nic_rel_hdr_build(f->bytes.data(), uint16_t(t.get("handle")), uint32_t(t.get("seq")), TB_SW,
                      uint32_t(t.get("epoch")), int(t.get("reset")), int(half), &tbl, &x);
    if (fault == "flip" && !fault_done && ++nacc >= 300) x.psn ^= 1u, fault_done = true;
    if (x.bad) h.cover("bad");
    if (cur_we && idx_of(f->bytes) == cur_wa) h.cover("collide");   // same-cycle write: old entry read
    if (x.reset) h.cover("reset");
    sb.expect(hdr_txn(x));
    cmds.pop_front();
  };
  hdr.on_capture = [&](const Txn& t) { sb.actual(t); };
  for (auto* n : {"bad", "reset", "collide", "rewrite_hit"}) h.cov_declare(n);

  top->cfg_half = half;
  top->tbl_we = 0;
  sim.reset();
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&hdr}, {&req}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  // software initialisation: every entry once
  const uint32_t nidx = 1u << (TB_JW + TB_RW);
  for (uint32_t i = 0; i < nidx; i++) {
    const uint16_t v = uint16_t(r.bits(16));
    top->tbl_we = 1; top->tbl_waddr = i; top->tbl_wdata = v;
    sim.step();
    nic_b2_write(&tbl, i, v);
  }
  top->tbl_we = 0;
  uint64_t nwr = 0, pushed = 0;
  std::vector<uint32_t> recent;
  while (h.inputs < h.opt.n) {
    while (pushed < h.opt.n && req.queued() < 4) {
      std::vector<uint8_t> c = r.bytes(64);
      if (r.chance(0.9)) {   // target NID {job[23:16], rank[15:0]} in range
        c[8] = uint8_t(c[8] & ((1u << TB_JW) - 1u));
        const uint32_t rk = uint32_t(r.bits(TB_RW));
        c[6] = uint8_t(rk); c[7] = uint8_t(rk >> 8);
        if (!recent.empty() && r.chance(0.3)) {   // a recently rewritten entry
          const uint32_t i = recent[r.below(recent.size())];
          c[8] = uint8_t(i >> TB_RW); c[6] = uint8_t(i & ((1u << TB_RW) - 1u)); c[7] = uint8_t((i & ((1u << TB_RW) - 1u)) >> 8);
          h.cover("rewrite_hit");
        }
      }
      const uint32_t seqmask = TB_SW >= 32 ? 0xFFFFFFFFu : (1u << TB_SW) - 1u;
      const uint64_t emask = TB_EW >= 64 ? ~0ull : (1ull << TB_EW) - 1u;
      Txn t;
      t.add_bytes("cmd", c);
      t.add("handle", 16, r.bits(16)).add("seq", TB_SW, r.bits(32) & seqmask).add("epoch", TB_EW, r.next() & emask)
          .add("reset", 1, r.chance(0.1));
      req.push(t);
      cmds.push_back(c);
      pushed++;
    }
    bool we = r.chance(p_w);
    uint32_t wa = 0;
    uint16_t wd = uint16_t(r.bits(16));
    if (we) {
      wa = (!cmds.empty() && r.chance(0.33)) ? idx_of(cmds.front()) : uint32_t(r.below(nidx));
      recent.push_back(wa);
      if (recent.size() > 16) recent.erase(recent.begin());
    }
    top->tbl_we = we; top->tbl_waddr = wa; top->tbl_wdata = wd;
    cur_we = we; cur_wa = wa;
    sim.step();
    cur_we = false;
    if (we) {
      nwr++;
      if (fault == "tbl" && !fault_done && nwr >= 50 && recent.size() > 1) fault_done = true;   // the model misses it
      else nic_b2_write(&tbl, wa, wd);
    }
  }
  top->tbl_we = 0;
  sim.drain(200);
  h.extra("headers", double(h.inputs));
  h.extra("table_writes", double(nwr));
  h.note("random: %" PRIu64 " headers, %" PRIu64 " table writes during traffic, %" PRIu64 " cycles\n", h.inputs, nwr,
         sim.cycle());
  nic_b2_free(&tbl);
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_rel_hdr", "make sim-nic_rel_hdr SEED=<seed> N=<n> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario(h); });
  return h.exit_code();
}
