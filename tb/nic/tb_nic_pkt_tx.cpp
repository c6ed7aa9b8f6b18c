// tb/nic/tb_nic_pkt_tx.cpp -- lockstep testbench of the NIC transmit framer rtl/nic/nic_pkt_tx.v
// against its C model cmodel/nic_pkt_tx.c (docs/nic.md section 4).
//
// Ports: s_hdr (message headers) and s_data (message bytes, AXI4-Stream) in; m_pkt (packets)
// out, compared byte for byte with the model's packets (which cmodel/nic_pkt.c builds from the
// wire format of docs/nic.md 3; scripts/nic_pkt_check.py checks that builder against scapy and
// tshark, and --pcap writes the RTL's packets for the same check). The stat_* pulses are summed
// and compared with the model's counters at the end of every run.
//
// Scenarios:
//   random  (default) --n messages: lengths 1 B .. 1 MiB (mostly <= 64 KiB), random header
//           fields, path MTU drawn per run (256..4096), errors injected: msg_len 0, data shorter
//           or longer than msg_len; random valid / ready with the seed's backpressure profile.
//           The model takes every input when the testbench queues it for the RTL (packets leave
//           while their message streams in; the model frames whole messages).
//   bench   --no-stall: payload bytes per cycle and m_pkt beats per cycle per path MTU, for
//           1 KiB .. 64 KiB messages (docs/nic.md 4)
// Options: --pcap FILE (the RTL's packets), --fault flip (one expected packet byte flipped: the
// selftest), the common ones (tb/common/core.h).
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <pcap/pcap.h>

#include "Vnic_pkt_tx.h"
#include "nic_pkt_tx.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

using tb::Txn;

namespace {

// sums the stat_* pulses of the RTL (registered outputs, one cycle each)
class StatProbe : public tb::Agent {
 public:
  StatProbe(tb::SimBase& sim, Vnic_pkt_tx* top) : Agent(sim, "stat", Role::other), top_(top) {}
  uint64_t st[NPT_ST_N] = {0};

 protected:
  void drive() override {}
  void sample() override {
    if (sim_.in_reset()) return;
    st[NPT_ST_MSG] += top_->stat_msg;
    if (top_->stat_pkt) st[NPT_ST_PKT]++, st[NPT_ST_PAYLOAD] += top_->stat_payload;
    st[NPT_ST_ERR_ZERO] += top_->stat_err_zero;
    st[NPT_ST_ERR_SHORT] += top_->stat_err_short;
    st[NPT_ST_ERR_LONG] += top_->stat_err_long;
  }

 private:
  Vnic_pkt_tx* top_;
};

const char* kStatName[NPT_ST_N] = {"msg", "pkt", "payload", "err_zero", "err_short", "err_long"};

struct Bench {
  tb::Harness& h;
  tb::Sim<Vnic_pkt_tx> sim;
  Vnic_pkt_tx* top;
  nic_pkt_tx m{};
  nic_pkt_tx_cfg cfg{};
  tb::StreamSource hdr;
  tb::AxisSource data;
  tb::AxisSink pkt;
  StatProbe stat;
  tb::Scoreboard sb;
  pcap_t* pd = nullptr;
  pcap_dumper_t* dump = nullptr;
  uint64_t npkt = 0;
  bool flip = false;

  explicit Bench(tb::Harness& hh)
      : h(hh), sim(hh), top(sim.top.get()),
        hdr(sim, "s_hdr", TB_HS(top, s_hdr), [this](const Txn& t) { put_hdr(t); }),
        data(sim, "s_data", TB_AXIS(top, s_data, 256)),
        pkt(sim, "m_pkt", TB_AXIS(top, m_pkt, 256)),
        stat(sim, top), sb(sim, "m_pkt") {
    sb.model([this](Txn& t) {
      static nic_pkt_tx_pkt o;
      if (!nic_pkt_tx_pop_pkt(&m, &o)) return false;
      std::vector<uint8_t> b(o.b, o.b + o.len);
      if (flip && npkt == 7) b[40 + (h.opt.seed % 40)] ^= 0x10;   // --fault flip: a wrong expectation
      t = Txn().add_bytes("pkt", std::move(b));
      return true;
    });
    pkt.on_capture = [this](const tb::Packet& p) {
      npkt++;
      if (dump) {
        pcap_pkthdr ph{};
        ph.ts.tv_usec = long(npkt % 1000000);
        ph.caplen = ph.len = unsigned(p.data.size());
        pcap_dump(reinterpret_cast<u_char*>(dump), &ph, p.data.data());
      }
      sb.actual(Txn().add_bytes("pkt", p.data));
    };
    flip = h.opt.fault == "flip";
    const std::string pc = h.opt.get("pcap");
    if (!pc.empty()) {
      pd = pcap_open_dead(DLT_EN10MB, 65535);
      dump = pcap_dump_open(pd, pc.c_str());
      if (!dump) h.fail("pcap", "cannot write " + pc);
    }
  }
  ~Bench() {
    if (dump) pcap_dump_close(dump);
    if (pd) pcap_close(pd);
    nic_pkt_tx_free(&m);
  }

  static nic_pkt_tx_hdr to_hdr(const Txn& t) {
    nic_pkt_tx_hdr x{};
    x.msg_len = uint32_t(t.get("msg_len"));
    x.vn = uint8_t(t.get("vn"));
    x.dst_nid = uint16_t(t.get("dst_nid"));
    x.msg_id = uint16_t(t.get("msg_id"));
    x.eq_handle = uint16_t(t.get("eq_handle"));
    x.handle = uint16_t(t.get("handle"));
    x.target_addr = t.get("target_addr");
    x.dest_qp = uint32_t(t.get("dest_qp"));
    x.psn = uint32_t(t.get("psn"));
    x.epoch = uint32_t(t.get("epoch"));
    x.reset = int(t.get("reset"));
    x.half = int(t.get("half"));
    return x;
  }
  void put_hdr(const Txn& t) {
    top->s_hdr_msg_len = uint32_t(t.get("msg_len"));
    top->s_hdr_vn = uint8_t(t.get("vn"));
    top->s_hdr_dst_nid = uint16_t(t.get("dst_nid"));
    top->s_hdr_msg_id = uint16_t(t.get("msg_id"));
    top->s_hdr_eq_handle = uint16_t(t.get("eq_handle"));
    top->s_hdr_handle = uint16_t(t.get("handle"));
    top->s_hdr_target_addr = t.get("target_addr");
    top->s_hdr_dest_qp = uint32_t(t.get("dest_qp"));
    top->s_hdr_psn = uint32_t(t.get("psn"));
    top->s_hdr_epoch = uint32_t(t.get("epoch"));
    top->s_hdr_reset = uint8_t(t.get("reset"));
    top->s_hdr_half = uint8_t(t.get("half"));
  }
  void set_cfg(const nic_pkt_tx_cfg& c) {
    cfg = c;
    top->cfg_src_mac = c.src_mac;
    top->cfg_dst_mac_base = c.dst_mac_base;
    top->cfg_src_ip = c.src_ip;
    top->cfg_dst_ip_base = c.dst_ip_base;
    top->cfg_src_nid = c.src_nid;
    top->cfg_tos = c.tos;
    top->cfg_ttl = c.ttl;
    top->cfg_pmtu_log2 = uint8_t(c.pmtu_log2);
    if (m.oq ? nic_pkt_tx_set_cfg(&m, &c) : nic_pkt_tx_init(&m, &c)) h.fail("cfg", "model rejected the configuration");
  }
  nic_pkt_tx_cfg random_cfg() {
    tb::Rng& r = h.rng;
    nic_pkt_tx_cfg c{};
    c.src_mac = r.bits(48) & ~(uint64_t(1) << 40);
    c.dst_mac_base = r.bits(48) & ~(uint64_t(1) << 40);
    c.src_ip = 0x0a000000u | uint32_t(r.bits(24));
    c.dst_ip_base = 0x0a000000u | uint32_t(r.bits(24));
    c.src_nid = uint16_t(r.bits(16));
    c.tos = uint8_t(r.bits(8));
    c.ttl = uint8_t(r.range(32, 255));
    c.pmtu_log2 = unsigned(r.range(8, 12));
    return c;
  }
  // one message: its header and (unless msg_len is 0) its data, possibly short or long
  void message(uint32_t len, int err) {
    tb::Rng& r = h.rng;
    Txn t;
    t.add("msg_len", 21, err == 1 ? 0 : len).add("vn", 3, r.bits(3)).add("dst_nid", 16, r.bits(16))
        .add("msg_id", 16, r.bits(16)).add("eq_handle", 16, r.bits(16)).add("handle", 16, r.bits(16))
        .add("target_addr", 64, r.bits(64)).add("dest_qp", 24, r.bits(24)).add("psn", 24, r.bits(24))
        .add("epoch", 32, r.bits(32)).add("reset", 1, r.chance(0.1)).add("half", 1, r.chance(0.3));
    // the model takes each input when it is queued for the RTL: a packet leaves the RTL while its
    // message's data still streams in, and the model frames whole messages (the sources hand the
    // RTL exactly these inputs, in this order; drain() checks that it accepted all of them)
    nic_pkt_tx_hdr x = to_hdr(t);
    if (nic_pkt_tx_push_hdr(&m, &x)) h.fail("s_hdr", "model header queue full (test bug)");
    hdr.push(t);
    if (err == 1) {
      h.cover("err_zero");
      return;
    }
    if (err == 2 && len == 1) err = 0;   // cannot be shorter than 1 byte: a plain message
    uint32_t dl = len;
    if (err == 2) dl = uint32_t(r.range(1, len > 1 ? len - 1 : 1)), h.cover("err_short");
    if (err == 3) dl = len + uint32_t(r.range(1, 100)), h.cover("err_long");
    std::vector<uint8_t> d = r.bytes(dl);
    if (nic_pkt_tx_push_data(&m, d.data(), d.size())) h.fail("s_data", "model data queue full (test bug)");
    data.push(std::move(d));
    const unsigned p = 1u << cfg.pmtu_log2;
    h.cover(len <= p ? "single_packet" : "multi_packet");
    const unsigned last_n = len % p ? len % p : p;   // the last packet's payload
    if ((86 + ((last_n + 3) & ~3u)) % 32 == 30) h.cover("icrc_straddle");   // ICRC in two beats
  }
  void finish() {
    sim.drain(2000);
    for (int i = 0; i < NPT_ST_N; i++)
      if (stat.st[i] != m.stat[i])
        h.fail("stat", std::string("counter ") + kStatName[i] + ": RTL " + std::to_string(stat.st[i]) + ", model " +
                           std::to_string(m.stat[i]));
    h.checks += NPT_ST_N;
  }
};

uint32_t random_len(tb::Rng& r) {
  const uint64_t k = r.below(100);
  if (k < 35) return uint32_t(r.range(1, 64));
  if (k < 75) return uint32_t(r.range(65, 4096));
  if (k < 98) return uint32_t(r.range(4097, 65536));
  return uint32_t(r.range(65537, 1u << 20));
}

void scenario_random(tb::Harness& h) {
  for (const char* c : {"err_zero", "err_short", "err_long", "single_packet", "multi_packet", "icrc_straddle"})
    h.cov_declare(c);
  Bench b(h);
  b.set_cfg(b.random_cfg());
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&b.pkt}, {&b.hdr, &b.data}, 20, 400).c_str());
  h.cover("pmtu_" + std::to_string(1u << b.cfg.pmtu_log2));
  b.sim.reset();
  for (uint64_t i = 0; i < h.opt.n; i++) {
    const uint64_t e = h.rng.below(100);
    b.message(random_len(h.rng), e < 2 ? 1 : e < 4 ? 2 : e < 6 ? 3 : 0);
    while (b.hdr.queued() > 2 || b.data.queued() > 2) b.sim.step();
    // now and then: drain, then a new configuration (the RTL samples cfg per packet)
    if (h.rng.chance(0.002)) {
      b.sim.drain(200);
      b.set_cfg(b.random_cfg());
      b.sim.step(8);   // the RTL registers its configuration: idle for a few cycles (docs/nic.md 4)
      h.cover("pmtu_" + std::to_string(1u << b.cfg.pmtu_log2));
    }
  }
  b.finish();
  h.extra("packets", double(b.npkt));
  h.extra("data_beats", double(b.data.beats));
}

void scenario_bench(tb::Harness& h) {
  for (unsigned pl : {8u, 10u, 12u}) {
    for (uint32_t len : {1024u, 4096u, 65536u}) {
      Bench b(h);
      nic_pkt_tx_cfg c = b.random_cfg();
      c.pmtu_log2 = pl;
      b.set_cfg(c);
      b.sim.reset();
      const unsigned nmsg = len >= 65536 ? 4 : 32;
      for (unsigned i = 0; i < nmsg; i++) b.message(len, 0);
      const uint64_t c0 = b.sim.cycle(), beats0 = b.pkt.beats;
      b.sim.run_until([&] { return b.pkt.packets > 0; }, "first packet");
      const uint64_t first = b.sim.cycle() - c0;
      b.sim.run_until([&] { return !b.hdr.busy() && !b.data.busy() && b.m.on == 0 && !b.pkt.mid_packet() &&
                                   b.sb.pending() == 0; }, "bench");
      const double cyc = double(b.sim.cycle() - c0);
      h.note("bench: pmtu %4u, messages of %6u B: %.3f payload B/cycle (of 32), %.3f m_pkt beats/cycle, first "
             "packet after %" PRIu64 " cycles\n", 1u << pl, len, double(nmsg) * len / cyc,
             double(b.pkt.beats - beats0) / cyc, first);
      h.extra("payload_bpc_pmtu" + std::to_string(1u << pl) + "_len" + std::to_string(len), double(nmsg) * len / cyc);
      b.finish();
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 2000;
  tb::Harness h(argc, argv, "nic_pkt_tx", "make sim BLOCK=nic_pkt_tx SEED=<seed> N=<n> TRACE=1", dflt);
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario_bench(h); });
  else h.run("random", [&] { scenario_random(h); });
  return h.exit_code();
}
