// tb_nic_ack.cpp -- lockstep testbench of the ACK / NAK builder nic_ack_tx and parser nic_ack_rx
// (RTL, Verilator) against the C model cmodel/nic_ack.{h,c} (nic_ack_build, nic_ack_parse;
// docs/nic.md 3.5, docs/nic_rel.md 11). One source, built once per top (the generated header
// Vnic_ack_tx.h or Vnic_ack_rx.h selects the scenario).
//
// nic_ack_tx: random responses (type 1..4, an unknown type 0 / 5..7 on 3 %, random key, seq,
//   epoch, handle, qp; random CSRs per seed) on s_rsp; every packet on m_t* compared byte for byte
//   with nic_ack_build's 94 bytes (the AXI4-Stream sink also checks the beat rules: tkeep full
//   before the last beat, contiguous, data stable while stalled; 94 bytes = 32 + 32 + 30 with tlast
//   on the third); stat_bad_type against the number of unknown types after the drain.
// nic_ack_rx: packets built by nic_ack_build (the bytes nic_ack_tx is checked to produce), 35 %
//   left good, the others broken by one (10 % two) of the parser's rules: truncated, not RoCE
//   (EtherType, version / IHL, fragment, protocol, UDP port), IPv4 checksum, IPv4 / UDP length
//   (fields or frame length), a bit of the ICRC-covered bytes, BTH opcode / flags / P_Key / AckReq
//   (ICRC refixed), AETH syndrome / MSN (refixed), NXH version / reserved / flags / message fields
//   (refixed), payload appended with the lengths, checksum and ICRC refixed, and the ICRC-masked
//   fields (TOS, TTL, UDP checksum, BTH byte 4) changed with the checksum refixed (still good).
//   Every packet's verdict is nic_ack_parse's; good ones are compared field by field on m_ack,
//   the ten verdict counters (stat_cnt) after the drain.
// Builds: lab sizes (tx NID_W 8, SEQ_W 16, EPOCH_W 32; rx KEY_W 14, SEQ_W 16, EPOCH_W 32) and a
//   second parameter set each (tx NID_W 3, SEQ_W 5, EPOCH_W 7; rx KEY_W 19, SEQ_W 24, EPOCH_W 1).
// Backpressure: tb/common profiles on every port (the seed picks one).
// Faults (--fault flip): one expected byte of a packet (tx) or one expected handle bit (rx)
//   changed; (--fault cnt, rx) one ICRC drop counted under NXH in the model: each must be reported.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#if __has_include("Vnic_ack_tx.h")
#include "Vnic_ack_tx.h"
#define TB_TX 1
#else
#include "Vnic_ack_rx.h"
#define TB_TX 0
#endif
#include "core.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "common/roce.h"
#include "nic_ack.h"
}

#ifndef TB_NW
#define TB_NW 8
#endif
#ifndef TB_KW
#define TB_KW 14
#endif
#ifndef TB_SW
#define TB_SW 16
#endif
#ifndef TB_EW
#define TB_EW 32
#endif

using tb::Txn;

static uint64_t mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1u; }

#if TB_TX
// ------------------------------------------------------------------------------ nic_ack_tx
static void scenario(tb::Harness& h) {
  tb::Sim<Vnic_ack_tx> sim(h);
  Vnic_ack_tx* top = sim.top.get();
  tb::Rng& r = h.rng;
  nic_rel_csr c{};
  c.src_mac = r.bits(48);
  c.dst_mac_base = r.bits(48);
  c.src_ip = uint32_t(r.bits(32));
  c.dst_ip_base = uint32_t(r.bits(32));
  c.src_nid = uint16_t(r.bits(16));
  c.tos = uint8_t(r.bits(8));
  c.ttl = uint8_t(r.bits(8));
  top->cfg_src_mac = c.src_mac;
  top->cfg_dst_mac_base = c.dst_mac_base;
  top->cfg_src_ip = c.src_ip;
  top->cfg_dst_ip_base = c.dst_ip_base;
  top->cfg_src_nid = c.src_nid;
  top->cfg_tos = c.tos;
  top->cfg_ttl = c.ttl;
  const std::string fault = h.opt.fault;
  uint64_t nacc = 0, bad_type = 0, lat_min = ~0ull, lat_max = 0;
  bool fault_done = false, in_pkt = false;
  std::deque<uint64_t> acc_cyc;   // accept cycle of each expected packet (latency: to its first beat)

  tb::StreamSource rsp(sim, "s_rsp", TB_HS(top, s_rsp), [top](const Txn& t) {
    top->s_rsp_type = uint8_t(t.get("type"));
    top->s_rsp_key = uint32_t(t.get("key"));
    top->s_rsp_seq = uint32_t(t.get("seq"));
    top->s_rsp_epoch = uint32_t(t.get("epoch"));
    top->s_rsp_handle = uint16_t(t.get("handle"));
    top->s_rsp_qp = uint32_t(t.get("qp"));
  });
  tb::AxisSink pkt(sim, "m_t", TB_AXIS(top, m, 256));
  tb::Scoreboard sb(sim, "m_t");
  rsp.on_accept = [&](const Txn& t) {
    const uint32_t key = uint32_t(t.get("key"));
    nic_ack a{};
    a.type = uint8_t(t.get("type"));
    a.seq = uint32_t(t.get("seq"));
    a.epoch = uint32_t(t.get("epoch"));
    a.handle = uint16_t(t.get("handle"));
    a.src_nid = c.src_nid;
    a.dst_nid = uint16_t(key >> 4);
    a.half = uint8_t(key >> 3 & 1u);
    a.vn = uint8_t(key & 7u);
    nic_pkt_fields net{};
    net.dst_mac = (c.dst_mac_base & ~0xFFFFull) | a.dst_nid;
    net.src_mac = c.src_mac;
    net.tos = c.tos;
    net.ttl = c.ttl;
    net.ip_id = uint16_t(a.seq);
    net.src_ip = c.src_ip;
    net.dst_ip = (c.dst_ip_base & ~0xFFFFu) | a.dst_nid;
    net.udp_sport = uint16_t(0xC000u | ((((uint32_t)a.vn << 11) ^ a.dst_nid) & 0x3FFFu));
    net.dest_qp = uint32_t(t.get("qp"));
    std::vector<uint8_t> b(NIC_ACK_LEN);
    if (nic_ack_build(&net, &a, b.data()) == 0) {
      bad_type++;
      h.cover("bad_type");
      return;
    }
    h.cover("type" + std::to_string(a.type));
    acc_cyc.push_back(sim.cycle());
    if (fault == "flip" && !fault_done && ++nacc >= 200) b[60 + nacc % 30] ^= 0x10, fault_done = true;
    sb.expect(Txn().add_bytes("pkt", b));
  };
  pkt.on_capture = [&](const tb::Packet& p) { sb.actual(Txn().add_bytes("pkt", p.data)); };
  for (auto* n : {"type1", "type2", "type3", "type4", "bad_type", "b2b"}) h.cov_declare(n);
  uint64_t last_beat_cycle = 0;
  pkt.on_beat = [&](const std::vector<uint8_t>&, uint64_t, bool last) {
    if (!in_pkt && !acc_cyc.empty()) {   // first beat: handshake cycle - accept cycle (on_beat runs
      const uint64_t l = sim.cycle() + 1 - acc_cyc.front();   // before the edge, on_accept after it)
      acc_cyc.pop_front();
      lat_min = std::min(lat_min, l), lat_max = std::max(lat_max, l);
    }
    in_pkt = !last;
    if (last) {
      if (sim.cycle() - last_beat_cycle == 3) h.cover("b2b");   // full rate: 3 cycles a packet
      last_beat_cycle = sim.cycle();
    }
  };

  sim.reset();
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&pkt}, {&rsp}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  uint64_t pushed = 0;
  while (h.inputs < h.opt.n) {
    while (pushed < h.opt.n && rsp.queued() < 4) {
      Txn t;
      const uint64_t type = r.chance(0.03) ? (r.chance(0.25) ? 0 : r.range(5, 7)) : r.range(1, 4);
      t.add("type", 3, type).add("key", TB_NW + 4, r.bits(TB_NW + 4)).add("seq", TB_SW, r.bits(TB_SW))
          .add("epoch", TB_EW, r.bits(TB_EW)).add("handle", 16, r.bits(16)).add("qp", 24, r.bits(24));
      rsp.push(t);
      pushed++;
    }
    sim.step();
  }
  sim.drain(200);
  h.check(top->stat_bad_type == uint32_t(bad_type), "stat_bad_type",
          "stat_bad_type " + std::to_string(top->stat_bad_type) + " != model " + std::to_string(bad_type));
  h.extra("responses", double(h.inputs));
  h.extra("packets", double(pkt.packets));
  h.extra("lat_min", double(lat_min));
  h.extra("lat_max", double(lat_max));
  h.note("random: %" PRIu64 " responses, %" PRIu64 " packets, %" PRIu64 " unknown types, %" PRIu64
         " cycles, latency accept -> first beat %" PRIu64 "..%" PRIu64 " cycles\n",
         h.inputs, pkt.packets, bad_type, sim.cycle(), lat_min, lat_max);
}
#else
// ------------------------------------------------------------------------------ nic_ack_rx
static void fix_csum(std::vector<uint8_t>& p) {
  if (p.size() < 34) return;
  p[24] = p[25] = 0;
  const uint16_t s = roce_ipv4_csum(p.data() + 14, 20);
  p[24] = uint8_t(s >> 8);
  p[25] = uint8_t(s);
}
static void fix_icrc(std::vector<uint8_t>& p) {
  uint32_t c = 0;
  if (roce_icrc_ipv4(p.data(), p.size(), &c) == 0) roce_put_icrc(p.data() + p.size() - 4, c);
}
static void set_lens(std::vector<uint8_t>& p) {
  const size_t l = p.size();
  p[16] = uint8_t((l - 14) >> 8), p[17] = uint8_t(l - 14);
  p[38] = uint8_t((l - 34) >> 8), p[39] = uint8_t(l - 34);
  fix_csum(p);
}
static void nz(tb::Rng& r, uint8_t& b, uint8_t bits = 0xFF) {   // make b's `bits` non-zero
  uint8_t v;
  do v = uint8_t(r.bits(8)) & bits; while (v == 0);
  b ^= v;
}

enum Brk { B_TRUNC, B_ROCE, B_CSUM, B_LEN, B_ICRC, B_OPC, B_SYN, B_NXH, B_PAY, B_MASKED, B_N };

static void brk(tb::Rng& r, std::vector<uint8_t>& p, int k) {
  switch (k) {
    case B_TRUNC: p.resize(size_t(r.range(1, std::min<size_t>(93, p.size() - 1)))); break;
    case B_ROCE: {
      static const size_t at[] = {12, 13, 14, 20, 21, 23, 36, 37};
      const size_t i = at[r.below(8)];
      nz(r, p[i], i == 20 ? 0x3F : 0xFF);
      if (r.chance(0.5)) fix_csum(p);
      break;
    }
    case B_CSUM: {
      static const size_t at[] = {15, 16, 17, 18, 19, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33};
      p[at[r.below(16)]] ^= uint8_t(1u << r.below(8));
      break;
    }
    case B_LEN:
      if (r.chance(0.4)) {   // a length field
        const size_t i = r.chance(0.5) ? 16 + r.below(2) : 38 + r.below(2);
        nz(r, p[i]);
        fix_csum(p);
      } else {               // the frame: longer, lengths not adjusted
        const size_t k2 = size_t(r.range(1, 70));
        for (size_t i = 0; i < k2; i++) p.push_back(uint8_t(r.bits(8)));
      }
      if (r.chance(0.5)) fix_icrc(p);
      break;
    case B_ICRC: p[size_t(r.range(14, p.size() - 1))] ^= uint8_t(1u << r.below(8)); break;
    case B_OPC: {
      static const size_t at[] = {42, 43, 44, 45, 50};
      nz(r, p[at[r.below(5)]]);
      fix_icrc(p);
      break;
    }
    case B_SYN:
      if (r.chance(0.6)) p[54] = uint8_t(r.bits(8));   // may hit one of the four
      else nz(r, p[55 + r.below(3)]);
      fix_icrc(p);
      break;
    case B_NXH:
      if (r.chance(0.3)) nz(r, p[58], 0xFE);
      else if (r.chance(0.3)) nz(r, p[59], 0x1F);
      else nz(r, p[70 + r.below(20)]);
      fix_icrc(p);
      break;
    case B_PAY: {
      const size_t k2 = size_t(r.range(1, 100));
      std::vector<uint8_t> x = r.bytes(k2);
      p.insert(p.begin() + long(p.size() - 4), x.begin(), x.end());
      set_lens(p);
      fix_icrc(p);
      break;
    }
    case B_MASKED:
      if (r.chance(0.5)) p[15] = uint8_t(r.bits(8));
      if (r.chance(0.5)) p[22] = uint8_t(r.bits(8));
      fix_csum(p);
      if (r.chance(0.5)) p[40] = uint8_t(r.bits(8)), p[41] = uint8_t(r.bits(8));
      if (r.chance(0.5)) p[46] = uint8_t(r.bits(8));
      break;
  }
}

static Txn ack_txn(unsigned type, uint32_t key, uint32_t seq, uint32_t epoch, unsigned handle, unsigned src,
                   unsigned dst, unsigned vn, unsigned half) {
  return Txn().add("type", 3, type).add("key", TB_KW, key).add("seq", TB_SW, seq).add("epoch", TB_EW, epoch)
      .add("handle", 16, handle).add("src_nid", 16, src).add("dst_nid", 16, dst).add("vn", 3, vn).add("half", 1, half);
}

static const char* const VNAME[10] = {"ok", "trunc", "not_roce", "ip_csum", "len", "icrc", "opcode", "syndrome",
                                      "nxh", "payload"};

static void scenario(tb::Harness& h) {
  tb::Sim<Vnic_ack_rx> sim(h);
  Vnic_ack_rx* top = sim.top.get();
  tb::Rng& r = h.rng;
  const std::string fault = h.opt.fault;
  uint64_t cnt[10] = {0}, nacc = 0, lat_min = ~0ull, lat_max = 0;
  std::deque<uint64_t> acc_cyc;   // last-beat cycle of each good packet (latency: to its m_ack handshake)
  bool fault_done = false;

  tb::AxisSource in(sim, "s_axis", TB_AXIS(top, s_axis, 256));
  tb::StreamSink ack(sim, "m_ack", TB_HS(top, m_ack), [top]() {
    return ack_txn(top->m_ack_type, top->m_ack_key, top->m_ack_seq, top->m_ack_epoch, top->m_ack_handle,
                   top->m_ack_src_nid, top->m_ack_dst_nid, top->m_ack_vn, top->m_ack_half);
  });
  tb::Scoreboard sb(sim, "m_ack");
  in.on_accept = [&](const tb::Packet& p) {
    nic_pkt_fields net;
    nic_ack a;
    const nic_ack_verdict v = nic_ack_parse(p.data.data(), p.data.size(), &net, &a);
    nacc++;
    unsigned vi = unsigned(v);
    if (fault == "cnt" && !fault_done && v == NIC_ACK_V_ICRC && nacc >= 100) vi = NIC_ACK_V_NXH, fault_done = true;
    cnt[vi]++;
    h.cover(VNAME[v]);
    if (p.data.size() > NIC_ACK_LEN) h.cover("long");
    if (v != NIC_ACK_V_OK) return;
    if (fault == "flip" && !fault_done && nacc >= 300) a.handle ^= 4u, fault_done = true;
    acc_cyc.push_back(sim.cycle());
    const uint32_t key = uint32_t(((uint32_t)a.src_nid << 3 | a.vn) & mask(TB_KW));
    sb.expect(ack_txn(a.type, key, uint32_t(a.seq & mask(TB_SW)), uint32_t(a.epoch & mask(TB_EW)), a.handle, a.src_nid,
                      a.dst_nid, a.vn, a.half));
  };
  ack.on_capture = [&](const Txn& t) {
    if (!acc_cyc.empty()) {
      const uint64_t l = sim.cycle() - acc_cyc.front();
      acc_cyc.pop_front();
      lat_min = std::min(lat_min, l), lat_max = std::max(lat_max, l);
    }
    sb.actual(t);
  };
  for (auto* n : VNAME) h.cov_declare(n);
  h.cov_declare("long");
  h.cov_declare("double");

  sim.reset();
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&ack}, {&in}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  uint64_t pushed = 0;
  while (h.inputs < h.opt.n) {
    while (pushed < h.opt.n && in.queued() < 4) {
      nic_pkt_fields net{};
      net.dst_mac = r.bits(48);
      net.src_mac = r.bits(48);
      net.tos = uint8_t(r.bits(8));
      net.ttl = uint8_t(r.bits(8));
      net.ip_id = uint16_t(r.bits(16));
      net.src_ip = uint32_t(r.bits(32));
      net.dst_ip = uint32_t(r.bits(32));
      net.udp_sport = uint16_t(r.bits(16));
      net.dest_qp = uint32_t(r.bits(24));
      nic_ack a{};
      a.type = uint8_t(r.range(1, 4));
      a.seq = uint32_t(r.bits(24));
      a.handle = uint16_t(r.bits(16));
      a.epoch = uint32_t(r.bits(32));
      a.src_nid = uint16_t(r.bits(16));
      a.dst_nid = uint16_t(r.bits(16));
      a.vn = uint8_t(r.bits(3));
      a.half = uint8_t(r.bits(1));
      std::vector<uint8_t> b(NIC_ACK_LEN);
      nic_ack_build(&net, &a, b.data());
      if (!r.chance(0.35)) {
        brk(r, b, int(r.below(B_N)));
        if (r.chance(0.1) && b.size() >= NIC_ACK_LEN) brk(r, b, int(r.below(B_N))), h.cover("double");
      }
      in.push(b);
      pushed++;
    }
    sim.step();
  }
  sim.drain(200);
  for (unsigned i = 0; i < 10; i++) {
    const uint32_t got = uint32_t(top->stat_cnt[i]);
    if (got != uint32_t(cnt[i]))
      h.fail("stat_cnt", std::string("MISMATCH on stat_cnt: counter ") + VNAME[i] + " RTL " + std::to_string(got) +
                             " model " + std::to_string(cnt[i]));
    h.checks++;
  }
  for (unsigned i = 0; i < 10; i++) h.extra(std::string("v_") + VNAME[i], double(cnt[i]));
  h.extra("lat_min", double(lat_min));
  h.extra("lat_max", double(lat_max));
  h.note("latency last beat -> m_ack handshake %" PRIu64 "..%" PRIu64 " cycles\n", lat_min, lat_max);
  h.note("random: %" PRIu64 " packets (ok %" PRIu64 " trunc %" PRIu64 " not_roce %" PRIu64 " ip_csum %" PRIu64
         " len %" PRIu64 " icrc %" PRIu64 " opcode %" PRIu64 " syndrome %" PRIu64 " nxh %" PRIu64 " payload %" PRIu64
         "), %" PRIu64 " cycles\n",
         h.inputs, cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], cnt[5], cnt[6], cnt[7], cnt[8], cnt[9], sim.cycle());
}
#endif

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 5000;
  tb::Harness h(argc, argv, TB_TX ? "nic_ack_tx" : "nic_ack_rx",
                "make sim-nic_ack NA_SIDE=" + std::string(TB_TX ? "tx" : "rx") + " SEED=<seed> N=<n> FAULT=<fault> TRACE=1",
                dflt);
  if (h.opt.scenario.empty() || h.opt.scenario == "random") h.run("random", [&] { scenario(h); });
  return h.exit_code();
}
