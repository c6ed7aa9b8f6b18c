// tb_nic_cmdq.cpp -- lockstep testbench of nic_cmdq (RTL, Verilator) against the C model
// cmodel/nic_cmdq.{h,c} (docs/nic_cmdq.md section 5).
//
// Ports: s_axi AW / W (doorbell window, random splits of write-combined stores), B (compared with
// the model), m_cmd (every command compared field by field with the model), m_dma_rd_req ->
// s_dma_cpl (ring reads served by the host model below: random latency, completions split at
// 64-byte RCB boundaries and interleaved across tags, cpl_err on the chaos ring queue, stray
// beats), m_dma_wr (write-backs: checked by the model, written into host memory, where the
// producers read their credit), s_axil (configuration, register reads, refused writes, counters at
// the end). Random stalls on every source and sink (tb/common/stimulus.h profiles).
//
// Model timing (docs/nic_cmdq.md 5, the lockstep contract): post() callbacks of one cycle run in
// this order: 1. op probe: the write stage's op (u.s2_valid, u.s2_cpl) goes to the model
// (nic_cmdq_op), whose drop code must equal the RTL's (u.s2_drop); then the pop of the cycle
// (u.pop, u.pg_index) goes to the model, which checks the head slot is complete (C3); 2. CSR write
// probe (reg_wr_en); 3. sources (model pushes); 4. sinks (compared in order).
// Independent check besides the model: every command of a well-behaved queue (not a chaos queue)
// must equal, byte for byte, the command its producer wrote (PIO stores or ring memory), in order,
// with the initiator PID replaced by the queue owner's (C4), exactly once (C2).
// Scenarios: random (the traffic above), bench (--no-stall: commands per cycle for PIO and ring,
// doorbell -> command latency). Faults (--fault): flip (one expected command bit), drop (one
// expected drop code changed): each must be reported.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "Vnic_cmdq.h"
#include "Vnic_cmdq___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"

extern "C" {
#include "nic_cmdq.h"
#include "regs/nic_cmdq_regs.h"
}

#ifndef TB_NQ
#define TB_NQ 16
#endif
#ifndef TB_NS
#define TB_NS 8
#endif
static constexpr unsigned NQ = TB_NQ, NS = TB_NS, PIDW = 12, TAG_W = 8;
static constexpr unsigned QW = NQ <= 2 ? 1 : NQ <= 4 ? 2 : NQ <= 8 ? 3 : NQ <= 16 ? 4 : NQ <= 32 ? 5 : 6;
#define NCA(r) uint32_t(offsetof(nic_cmdq_t, r))

using tb::Txn;

struct Cq;
struct OpProbe : tb::Agent {
  Cq& x;
  bool s2 = false, s2c = false, popv = false;
  unsigned drop = 0, pq = 0;
  explicit OpProbe(Cq& c);
  void drive() override {}
  void sample() override;
  void post() override;
};
struct HostAgent : tb::Agent {  // the host's read server: moves due completions into s_dma_cpl
  Cq& x;
  explicit HostAgent(Cq& c);
  bool busy() const override;   // reads not yet answered
  void drive() override {}
  void sample() override {}
  void post() override;
};

struct Producer {        // one queue's software
  bool ring = false, chaos = false, en = true;
  unsigned pid = 0, vn = 0, log_size = 0;
  uint64_t base = 0, wb = 0;
  uint64_t next = 0;     // commands written (index of the next)
  uint64_t rung = 0;     // RING: producer index in the last doorbell
  std::deque<std::vector<uint8_t>> expect;   // commands written, not yet seen on m_cmd
};
struct Beat { uint64_t addr; uint64_t data; unsigned strb; };
struct Store {           // a PIO command being written: its beats in issue order
  std::deque<Beat> beats;
};
struct ReadPend { unsigned tag; uint64_t addr; unsigned len; uint64_t due; unsigned sent; bool err; };

struct Cq {
  tb::Harness& h;
  tb::Sim<Vnic_cmdq> sim;
  Vnic_cmdq* top;
  nic_cmdq m{};
  std::unique_ptr<OpProbe> op_probe;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  tb::AxilMaster csr;
  tb::StreamSource aw, w, cpl;
  tb::StreamSink b, cmd, rd, wr;
  tb::Scoreboard sb_b, sb_cmd;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  std::unique_ptr<HostAgent> host;
  std::unordered_map<uint64_t, uint8_t> mem;     // host memory, byte-sparse
  std::vector<ReadPend> reads;
  unsigned lat_min = 2, lat_max = 40;
  double p_err = 0.0, p_stray = 0.0;
  std::vector<Producer> pr;
  std::string fault;
  uint64_t n_cmd_seen = 0, fault_at = 50, drops_seen[7] = {};
  // bench
  uint64_t first_db_cycle = 0, first_cmd_cycle = 0, last_cmd_cycle = 0, cmd_count = 0;
  std::map<unsigned, std::deque<uint64_t>> db_times;  // per queue: doorbell W handshake cycles
  std::vector<uint64_t> lat;

  uint8_t rd8(uint64_t a) { auto it = mem.find(a); return it == mem.end() ? 0 : it->second; }
  void wr8(uint64_t a, uint8_t v) { mem[a] = v; }
  uint64_t wb_cons(unsigned q) {   // the consumer index the NIC wrote back (16 bits)
    return rd8(pr[q].wb) | uint64_t(rd8(pr[q].wb + 1)) << 8;
  }
  uint64_t credit_base(unsigned q) {   // unwrapped consumer index as the producer sees it
    const uint64_t c16 = wb_cons(q), n = pr[q].next;
    return n - uint16_t(uint16_t(n) - uint16_t(c16));
  }

  explicit Cq(tb::Harness& harness)
      : h(harness), sim(harness), top(sim.top.get()),
        op_probe(new OpProbe(*this)),
        csr_probe(new tb::CsrWriteProbe(
            sim,
            [this]() -> tb::CsrWriteProbe::Wr {
              auto* r = top->rootp;
              return {bool(r->nic_cmdq__DOT__reg_wr_en), r->nic_cmdq__DOT__reg_wr_addr,
                      r->nic_cmdq__DOT__reg_wr_data, r->nic_cmdq__DOT__reg_wr_strb};
            },
            [this](const tb::CsrWriteProbe::Wr& x) { return int(nic_cmdq_csr_write(&m, x.addr, x.data, x.strb)); })),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        aw(sim, "s_axi_aw", (tb::Handshake{tb::Sig(&top->s_axi_awvalid), tb::Sig(&top->s_axi_awready)}),
           [this](const Txn& t) {
             top->s_axi_awid = uint8_t(t.get("id"));
             top->s_axi_awaddr = uint32_t(t.get("addr"));
             top->s_axi_awlen = uint8_t(t.get("len"));
             top->s_axi_awsize = uint8_t(t.get("size"));
             top->s_axi_awburst = uint8_t(t.get("burst"));
           }),
        w(sim, "s_axi_w", (tb::Handshake{tb::Sig(&top->s_axi_wvalid), tb::Sig(&top->s_axi_wready)}),
          [this](const Txn& t) {
            top->s_axi_wdata = t.get("data");
            top->s_axi_wstrb = uint8_t(t.get("strb"));
            top->s_axi_wlast = uint8_t(t.get("last"));
          }),
        cpl(sim, "s_dma_cpl", TB_HS(top, s_dma_cpl),
            [this](const Txn& t) {
              top->s_dma_cpl_tag = uint8_t(t.get("tag"));
              tb::Sig d(&top->s_dma_cpl_data);
              for (unsigned i = 0; i < 4; i++) d.set(64 * i, 64, t.get("d" + std::to_string(i)));
              top->s_dma_cpl_last = uint8_t(t.get("last"));
              top->s_dma_cpl_err = uint8_t(t.get("err"));
            }),
        b(sim, "s_axi_b", (tb::Handshake{tb::Sig(&top->s_axi_bvalid), tb::Sig(&top->s_axi_bready)}),
          [this]() { return Txn().add("id", 4, top->s_axi_bid).add("resp", 2, top->s_axi_bresp); }),
        cmd(sim, "m_cmd", TB_HS(top, m_cmd),
            [this]() {
              Txn t;
              t.add("qid", QW, top->m_cmd_qid).add("pid", PIDW, top->m_cmd_pid).add("vn", 2, top->m_cmd_vn);
              tb::Sig d(&top->m_cmd_data);
              for (unsigned i = 0; i < 8; i++) t.add("d" + std::to_string(i), 64, d.get(64 * i, 64));
              return t;
            }),
        rd(sim, "m_dma_rd_req", TB_HS(top, m_dma_rd_req),
           [this]() {
             return Txn().add("addr", 64, top->m_dma_rd_req_addr).add("len", 13, top->m_dma_rd_req_len)
                 .add("tag", TAG_W, top->m_dma_rd_req_tag);
           }),
        wr(sim, "m_dma_wr", TB_HS(top, m_dma_wr),
           [this]() {
             Txn t;
             t.add("addr", 64, top->m_dma_wr_addr).add("len", 13, top->m_dma_wr_len).add("last", 1, top->m_dma_wr_last);
             tb::Sig d(&top->m_dma_wr_data);
             for (unsigned i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, d.get(64 * i, 64));
             return t;
           }),
        sb_b(sim, "s_axi_b"), sb_cmd(sim, "m_cmd") {
    nic_cmdq_cfg cfg{NQ, NS, PIDW, TAG_W};
    if (nic_cmdq_init(&m, &cfg) != NIC_CMDQ_OK) h.fail("model", "nic_cmdq_init failed");
    fault = h.opt.fault;
    host.reset(new HostAgent(*this));
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) return unsigned(csr_probe->next_rc(h, 2));
      return nic_cmdq_csr_read(&m, o.addr, &rdata);
    }));
    aw.on_accept = [this](const Txn& t) {
      nic_cmdq_aw(&m, unsigned(t.get("id")), t.get("addr"), unsigned(t.get("len")), unsigned(t.get("size")),
                  unsigned(t.get("burst")));
    };
    w.on_accept = [this](const Txn& t) {
      nic_cmdq_w(&m, t.get("data"), unsigned(t.get("strb")), int(t.get("last")));
      if (t.get("db")) db_times[unsigned(t.get("db")) - 1].push_back(sim.cycle());
    };
    cpl.on_accept = [this](const Txn& t) {
      uint8_t d[32];
      for (unsigned i = 0; i < 32; i++) d[i] = uint8_t(t.get("d" + std::to_string(i / 8)) >> (8 * (i % 8)));
      nic_cmdq_cpl(&m, unsigned(t.get("tag")), d, int(t.get("last")), int(t.get("err")));
    };
    sb_b.model([this](Txn& t) {
      nic_cmdq_b bb;
      if (nic_cmdq_pop_b(&m, &bb) != NIC_CMDQ_OK) return false;
      t = Txn().add("id", 4, bb.id).add("resp", 2, bb.resp);
      return true;
    });
    b.on_capture = [this](const Txn& t) { sb_b.actual(t); };
    sb_cmd.model([this](Txn& t) {
      nic_cmdq_cmd c;
      if (nic_cmdq_pop_cmd(&m, &c) != NIC_CMDQ_OK) return false;
      t = Txn().add("qid", QW, c.qid).add("pid", PIDW, c.pid).add("vn", 2, c.vn);
      for (unsigned i = 0; i < 8; i++) {
        uint64_t v = 0;
        for (unsigned j = 0; j < 8; j++) v |= uint64_t(c.data[8 * i + j]) << (8 * j);
        t.add("d" + std::to_string(i), 64, v);
      }
      if (fault == "flip" && ++n_cmd_seen == fault_at) t.find("d3")->value ^= 1ull << 17;
      return true;
    });
    cmd.on_capture = [this](const Txn& t) { sb_cmd.actual(t); check_written(t); };
    rd.on_capture = [this](const Txn& t) {
      nic_cmdq_rd r{t.get("addr"), unsigned(t.get("len")), unsigned(t.get("tag"))};
      const char* why = "";
      if (nic_cmdq_rd_req(&m, &r, &why) != NIC_CMDQ_OK)
        h.fail("m_dma_rd_req", std::string("illegal ring read (model): ") + why, "  " + t.str());
      h.checks++;
      const bool err = pr[r.tag].chaos && h.rng.chance(p_err);
      reads.push_back(ReadPend{r.tag, r.addr, r.len, sim.cycle() + h.rng.range(lat_min, lat_max), 0, err});
      h.cover(r.len == 64 ? "rd_one_cmd" : "rd_multi_cmd");
    };
    wr.on_capture = [this](const Txn& t) {
      nic_cmdq_wr x{t.get("addr"), unsigned(t.get("len")), {}};
      for (unsigned i = 0; i < 32; i++) x.data[i] = uint8_t(t.get("d" + std::to_string(i / 8)) >> (8 * (i % 8)));
      const char* why = "";
      if (!t.get("last")) h.fail("m_dma_wr", "a one-beat write without wr_last");
      if (nic_cmdq_wr_req(&m, &x, &why) != NIC_CMDQ_OK)
        h.fail("m_dma_wr", std::string("illegal write-back (model): ") + why, "  " + t.str());
      h.checks++;
      for (unsigned i = 0; i < x.len; i++) wr8(x.addr + i, x.data[(x.addr & 31) + i]);
      h.cover("wb");
    };
  }
  ~Cq() { nic_cmdq_free(&m); }

  // the independent check: a well-behaved queue's command equals what its producer wrote
  void check_written(const Txn& t) {
    const unsigned q = unsigned(t.get("qid"));
    if (q >= NQ) h.fail("m_cmd", "qid out of range");
    Producer& p = pr[q];
    if (t.get("pid") != p.pid) h.fail("m_cmd", "pid is not the queue owner's (C4)", "  " + t.str());
    h.checks++;
    if (!first_cmd_cycle) first_cmd_cycle = sim.cycle();
    last_cmd_cycle = sim.cycle();
    cmd_count++;
    if (p.chaos) return;
    if (p.expect.empty()) h.fail("m_cmd", "a command its producer never wrote (C2: emitted twice?)", "  " + t.str());
    std::vector<uint8_t> e = p.expect.front();
    p.expect.pop_front();
    e[NIC_CMDQ_PID_BYTE] = uint8_t(p.pid), e[NIC_CMDQ_PID_BYTE + 1] = uint8_t(p.pid >> 8);
    for (unsigned i = 0; i < 8; i++) {
      uint64_t v = 0;
      for (unsigned j = 0; j < 8; j++) v |= uint64_t(e[8 * i + j]) << (8 * j);
      if (t.get("d" + std::to_string(i)) != v) {
        char b[160];
        std::snprintf(b, sizeof b, "  queue %u word d%u: written 0x%016" PRIx64 " emitted 0x%016" PRIx64, q, i, v,
                      t.get("d" + std::to_string(i)));
        h.fail("m_cmd", "command differs from what the producer wrote (order or bytes, C2)", b);
      }
    }
    h.checks++;
    if (!db_times[q].empty()) {   // bench: doorbell -> command latency of the command it announced
      lat.push_back(sim.cycle() - db_times[q].front());
      db_times[q].pop_front();
    }
  }

  // CSR helpers
  void csr_w(uint32_t a, uint32_t d, unsigned strb = 0xf) { csr.write(a, d, {}, strb); }
  void csr_r(uint32_t a) { csr.read(a, [](unsigned, uint32_t) {}); }
  void wait_csr() { sim.run_until([this] { return csr.idle_now(); }, "CSR writes"); }
  void config_queue(unsigned q) {
    const Producer& p = pr[q];
    csr_w(NCA(QSEL), q);
    csr_w(NCA(QBASE_LO), uint32_t(p.base)), csr_w(NCA(QBASE_HI), uint32_t(p.base >> 32));
    csr_w(NCA(QWB_LO), uint32_t(p.wb)), csr_w(NCA(QWB_HI), uint32_t(p.wb >> 32));
    csr_w(NCA(QCFG), (p.en ? 1u : 0u) | (p.ring ? 2u : 0u) | p.vn << 4 | p.log_size << 8 | p.pid << 16);
    csr_r(NCA(QCFG)), csr_r(NCA(QBASE_LO)), csr_r(NCA(QWB_HI));
  }

  // AXI write of one burst
  void burst(const std::vector<Beat>& beats, unsigned size = 3, unsigned btype = 1, unsigned db_q = 0) {
    aw.push(Txn().add("id", 4, h.rng.bits(4)).add("addr", 13 + QW, beats[0].addr).add("len", 8, beats.size() - 1)
                .add("size", 3, size).add("burst", 2, btype));
    for (size_t i = 0; i < beats.size(); i++)
      w.push(Txn().add("data", 64, beats[i].data).add("strb", 8, beats[i].strb).add("last", 1, i + 1 == beats.size())
                 .add("db", 8, i + 1 == beats.size() ? db_q : 0));
  }
  uint64_t page(unsigned q) const { return uint64_t(q) << 12; }

  // a random command (fields drawn; docs/nic_cmdq.md 2 layout)
  std::vector<uint8_t> make_cmd(unsigned q) {
    std::vector<uint8_t> c = h.rng.bytes(64);
    c[0] = uint8_t(h.rng.range(1, 12));            // opcode
    c[2] = uint8_t(pr[q].vn);
    return c;
  }
  // PIO: split a command into stores (random byte subsets per 8-byte word, random order)
  void pio_split(unsigned q, uint64_t idx, const std::vector<uint8_t>& c, Store& s) {
    const uint64_t sa = page(q) + 64 * (idx % NS);
    std::vector<Beat> bs;
    for (unsigned wd = 0; wd < 8; wd++) {
      const unsigned parts = unsigned(h.rng.range(1, 3));
      unsigned owner[8];
      for (unsigned j = 0; j < 8; j++) owner[j] = unsigned(h.rng.below(parts));
      for (unsigned p = 0; p < parts; p++) {
        unsigned strb = 0;
        uint64_t d = h.rng.next();   // bytes outside strb are garbage
        for (unsigned j = 0; j < 8; j++)
          if (owner[j] == p) strb |= 1u << j, d = (d & ~(0xffull << 8 * j)) | uint64_t(c[8 * wd + j]) << 8 * j;
        if (strb) bs.push_back(Beat{sa + 8 * wd, d, strb});
      }
    }
    for (size_t i = bs.size(); i > 1; i--) std::swap(bs[i - 1], bs[h.rng.below(i)]);
    // every byte is in exactly one store: the command completes on its last store (a store
    // after completion would start the slot's next command: the chaos queue does that)
    for (auto& x : bs) s.beats.push_back(x);
  }
};

OpProbe::OpProbe(Cq& c) : Agent(c.sim, "op probe", Role::other), x(c) {}
void OpProbe::sample() {
  auto* r = x.top->rootp;
  s2 = r->nic_cmdq__DOT__s2_valid;
  s2c = r->nic_cmdq__DOT__s2_cpl;
  drop = r->nic_cmdq__DOT__s2_drop;
  popv = r->nic_cmdq__DOT__pop;
  pq = r->nic_cmdq__DOT__pg_index;
}
void OpProbe::post() {
  if (sim_.in_reset()) return;
  tb::Harness& h = x.h;
  if (s2) {
    int d = nic_cmdq_op(&x.m, s2c);
    if (d < 0) h.fail(s2c ? "s_dma_cpl" : "s_axi_w", "an op in the write stage that was never accepted (probe)");
    if (x.fault == "drop" && d == NIC_CMDQ_D_FULL) d = NIC_CMDQ_D_OK;
    if (unsigned(d) != drop) {
      char b[120];
      std::snprintf(b, sizeof b, "  write-stage drop code: model %d RTL %u (0 ok 1 full 2 disabled 3 mode 4 undef 5 db 6 stray)", d, drop);
      h.fail(s2c ? "s_dma_cpl" : "s_axi_w", "MISMATCH on the write stage's decision", b);
    }
    h.checks++;
    x.drops_seen[d]++;
    static const char* nm[] = {"op_ok", "drop_full", "drop_disabled", "drop_mode", "drop_undef", "drop_db", "cpl_stray"};
    h.cover(nm[d]);
  }
  if (popv) {
    if (nic_cmdq_pop(&x.m, pq) != NIC_CMDQ_OK)
      h.fail("m_cmd", "the RTL popped queue " + std::to_string(pq) + " whose head slot is incomplete (C3, model)");
    h.checks++;
  }
}

HostAgent::HostAgent(Cq& c) : Agent(c.sim, "host", Role::other), x(c) {}
bool HostAgent::busy() const { return !x.reads.empty(); }
void HostAgent::post() {
  if (sim_.in_reset()) return;
  tb::Rng& r = x.h.rng;
  if (x.cpl.queued() > 6) return;
  // one RCB chunk (or a few) of a random due read
  std::vector<size_t> due;
  for (size_t i = 0; i < x.reads.size(); i++)
    if (x.reads[i].due <= sim_.cycle()) due.push_back(i);
  if (!due.empty()) {
    ReadPend& p = x.reads[due[r.below(due.size())]];
    const uint64_t a0 = p.addr & ~31ull;
    const unsigned nbeats = unsigned(((p.addr & 31) + p.len + 31) >> 5);
    unsigned chunk = unsigned(r.range(1, 3)) * 2;   // 64-byte RCB chunks, 1..3 of them
    while (chunk-- && p.sent < nbeats) {
      Txn t;
      const uint64_t ba = a0 + 32ull * p.sent;
      t.add("tag", TAG_W, p.tag);
      for (unsigned i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (unsigned j = 0; j < 8; j++) {
          const uint64_t a = ba + 8 * i + j;
          if (!p.err && a >= p.addr && a < p.addr + p.len) v |= uint64_t(x.rd8(a)) << (8 * j);
        }
        t.add("d" + std::to_string(i), 64, v);
      }
      p.sent++;
      t.add("last", 1, p.sent == nbeats).add("err", 1, p.err);
      x.cpl.push(t);
    }
    if (p.err) x.h.cover("cpl_err");
    if (p.sent == nbeats) x.reads.erase(x.reads.begin() + long(&p - &x.reads[0]));
  } else if (r.chance(x.p_stray)) {   // a completion beat of a tag with no read outstanding
    unsigned tag = unsigned(r.range(NQ, (1u << TAG_W) - 1));
    for (unsigned q = 0; q < NQ; q++)
      if (!x.pr[q].ring && r.chance(0.3)) { tag = q; break; }
    Txn t;
    t.add("tag", TAG_W, tag);
    for (unsigned i = 0; i < 4; i++) t.add("d" + std::to_string(i), 64, r.next());
    t.add("last", 1, 1).add("err", 1, 0);
    x.cpl.push(t);
  }
}

// ------------------------------------------------------------------ scenarios
static void setup_queues(Cq& x, bool chaos, double p_ring) {
  tb::Rng& r = x.h.rng;
  x.pr.assign(NQ, Producer());
  for (unsigned q = 0; q < NQ; q++) {
    Producer& p = x.pr[q];
    p.ring = r.chance(p_ring);
    p.pid = unsigned(r.bits(PIDW));
    p.vn = unsigned(r.bits(2));
    p.log_size = unsigned(r.range(0, 5));
    p.base = 0x1000000000ull + 0x100000ull * q + 64 * r.below(1000);
    p.wb = 0x2000000000ull + 0x1000ull * q + 8 * r.below(4);
  }
  if (chaos && NQ >= 4) {
    x.pr[NQ - 1].chaos = true, x.pr[NQ - 1].ring = false;
    x.pr[NQ - 2].chaos = true, x.pr[NQ - 2].ring = true;
    x.pr[NQ - 3].en = false;
  }
  for (unsigned q = 0; q < NQ; q++) x.config_queue(q);
  x.csr_w(NCA(WB_K), unsigned(r.range(1, 2 * NS)));
  x.wait_csr();
}

// the end: drain, model idle check, every queue's state and every counter through the CSR port
static void finish(Cq& x) {
  x.p_stray = 0.0;   // the host goes quiet: only the reads still due
  if (std::getenv("NCQ_DEBUG2")) {
    for (int k = 0; k < 3; k++) {
      auto* rt = x.top->rootp;
      std::printf("fin c %" PRIu64 " aw %zu w %zu cpl %zu reads %zu bvalid %d open %d wait %d awv %d wv %d wready %d csrq %zu s1 %d\n", x.sim.cycle(), x.aw.queued(), x.w.queued(), x.cpl.queued(), x.reads.size(),
                  x.top->s_axi_bvalid, rt->nic_cmdq__DOT__u_axiw__DOT__open_reg, rt->nic_cmdq__DOT__u_axiw__DOT__wait_reg,
                  x.top->s_axi_awvalid, x.top->s_axi_wvalid, x.top->s_axi_wready, x.csr.queued(), rt->nic_cmdq__DOT__s1_valid);
      x.sim.step(3000);
    }
  }
  x.sim.drain(200);   // longer than any pipeline or host latency; the host is busy while reads are due
  unsigned bq = 0;
  if (nic_cmdq_idle_check(&x.m, &bq) != NIC_CMDQ_OK)
    x.h.fail("m_dma_wr", "queue " + std::to_string(bq) + ": consumer index not written back at the end (or a read outstanding)");
  x.h.checks++;
  for (unsigned q = 0; q < NQ; q++) {
    Producer& p = x.pr[q];
    if (!p.chaos && p.en && !p.expect.empty())
      x.h.fail("m_cmd", "queue " + std::to_string(q) + ": " + std::to_string(p.expect.size()) + " written command(s) never emitted");
    x.csr_w(NCA(QSEL), q), x.csr_r(NCA(QSTATE)), x.csr_r(NCA(QFETCH));
  }
  for (unsigned i = 0; i < NIC_CMDQ_NSTAT; i++) x.csr_r(NCA(STAT) + 4 * i);
  x.wait_csr();
  x.sim.drain(50);
}

static void scenario_random(tb::Harness& h) {
  Cq x(h);
  tb::Rng& r = h.rng;
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.b, &x.cmd, &x.rd, &x.wr}, {&x.aw, &x.w, &x.cpl}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  for (const char* c : {"op_ok", "drop_full", "drop_disabled", "drop_mode", "drop_undef", "drop_db", "cpl_stray",
                        "cpl_err", "rd_one_cmd", "rd_multi_cmd", "wb"})
    h.cov_declare(c);
  x.lat_min = unsigned(r.range(1, 10));
  x.lat_max = x.lat_min + unsigned(r.range(0, 60));
  x.p_err = 0.2, x.p_stray = 0.01;
  x.sim.reset();
  setup_queues(x, true, 0.5);
  std::vector<Store> stores;               // PIO commands being written (interleaved)
  const unsigned max_open = unsigned(r.range(1, 8));
  uint64_t sent = 0;
  while (sent < h.opt.n) {
    x.sim.step();
    if (std::getenv("NCQ_DEBUG2") && x.top->s_axi_bvalid && x.sim.cycle() > 221900 && x.sim.cycle() < 221990)
      std::printf("c %" PRIu64 " bvalid %d bready %d awv %d wv %d csr_q %zu axil aw %d w %d bv %d\n", x.sim.cycle(), x.top->s_axi_bvalid, x.top->s_axi_bready,
                  x.top->s_axi_awvalid, x.top->s_axi_wvalid, x.csr.queued(), x.top->s_axil_awvalid, x.top->s_axil_wvalid, x.top->s_axil_bvalid);
    if (std::getenv("NCQ_DEBUG") && x.sim.cycle() % 20000 == 0) {
      for (unsigned q = 0; q < NQ; q++) {
        const auto& mq = x.m.q[q];
        std::printf("q%2u ring %d chaos %d en %d next %" PRIu64 " cb %" PRIu64 " exp %zu | m prod %u cons %u fetch %u wbv %u infl %d log %u\n",
                    q, x.pr[q].ring, x.pr[q].chaos, x.pr[q].en, x.pr[q].next, x.credit_base(q), x.pr[q].expect.size(),
                    mq.prod, mq.cons, mq.fetch, mq.wbv, mq.infl, mq.log_size);
      }
      std::printf("cycle %" PRIu64 " stores %zu reads %zu aw %zu w %zu cpl %zu csr %zu\n", x.sim.cycle(), stores.size(), x.reads.size(),
                  x.aw.queued(), x.w.queued(), x.cpl.queued(), x.csr.queued());
      for (auto& rp : x.reads) std::printf("  read tag %u addr %" PRIx64 " len %u due %" PRIu64 " sent %u\n", rp.tag, rp.addr, rp.len, rp.due, rp.sent);
      auto* rt = x.top->rootp;
      std::printf("  rtl: awready %d wready %d cplready %d open %d wait %d bvalid %d s1 %d s2 %d\n", x.top->s_axi_awready, x.top->s_axi_wready,
                  x.top->s_dma_cpl_ready, rt->nic_cmdq__DOT__u_axiw__DOT__open_reg, rt->nic_cmdq__DOT__u_axiw__DOT__wait_reg, x.top->s_axi_bvalid,
                  rt->nic_cmdq__DOT__s1_valid, rt->nic_cmdq__DOT__s2_valid);
    }
    if (x.aw.queued() > 2) continue;
    const double u = r.next() * 0x1.0p-64;
    const unsigned q = unsigned(r.below(NQ));
    Producer& p = x.pr[q];
    if (u < 0.02) {                         // misbehaving traffic
      const double v = r.next() * 0x1.0p-64;
      // a well-behaved queue's page only at undefined offsets (past the doorbell)
      const uint64_t off = (p.chaos || !p.en) ? 8 * r.below(512) : NIC_CMDQ_DB_OFF + 8 + 8 * r.below(255);
      std::vector<Beat> bs{Beat{x.page(q) + off, r.next(), unsigned(r.bits(8))}};
      if (v < 0.2) x.burst(bs, 2, 1);                         // narrow burst
      else if (v < 0.3) x.burst(bs, 3, 0);                    // FIXED burst
      else if (v < 0.5) bs[0].addr = (uint64_t(1) << (12 + QW)) | bs[0].addr, x.burst(bs);  // no such page
      else if (v < 0.7 && p.en && !p.chaos)   // the other mode's register: drop_mode
        x.burst({Beat{x.page(q) + (p.ring ? 64 * r.below(NS) : NIC_CMDQ_DB_OFF), r.next(), 0xff}});
      else x.burst(bs);                                       // anything to any page
      sent += 2;
      continue;
    }
    if (p.chaos) {
      if (p.ring) {   // random ring contents and doorbells, some beyond the ring
        const uint64_t s = 1ull << p.log_size;
        for (unsigned k = 0; k < 4; k++) x.wr8(p.base + r.below(64 * s), uint8_t(r.next()));
        uint64_t dbv = x.credit_base(q) + r.below(s + 3);
        if (r.chance(0.2)) dbv = r.bits(16);
        x.burst({Beat{x.page(q) + NIC_CMDQ_DB_OFF, dbv & 0xffff, r.chance(0.9) ? 0xffu : 0x1u}});
      } else {        // random stores into random slots (full slots: drop_full)
        std::vector<Beat> bs;
        const uint64_t a = x.page(q) + 8 * r.below(8 * NS);
        bs.push_back(Beat{a, r.next(), r.chance(0.5) ? 0xffu : unsigned(r.bits(8))});
        x.burst(bs);
      }
      sent += 2;
      continue;
    }
    if (!p.en) {
      x.burst({Beat{x.page(q) + 64 * r.below(NS), r.next(), 0xff}});
      sent += 2;
      continue;
    }
    if (p.ring) {
      const uint64_t s = 1ull << p.log_size;
      const uint64_t cb = x.credit_base(q);
      unsigned k = unsigned(r.range(1, 4));
      while (k-- && p.next - cb < s) {
        std::vector<uint8_t> c = x.make_cmd(q);
        const uint64_t a = p.base + 64 * (p.next % s);
        for (unsigned j = 0; j < 64; j++) x.wr8(a + j, c[j]);
        p.expect.push_back(c);
        p.next++;
      }
      if (p.next != p.rung) {
        p.rung = p.next;
        x.burst({Beat{x.page(q) + NIC_CMDQ_DB_OFF, p.next & 0xffff, r.chance(0.5) ? 0xffu : 0x3u}}, 3, 1, q + 1);
        sent += 2;
      }
      continue;
    }
    // PIO: continue an open store, or open a new command if credit allows
    if (!stores.empty() && (stores.size() >= max_open || r.chance(0.6))) {
      const size_t i = r.below(stores.size());
      Store& st = stores[i];
      std::vector<Beat> bs{st.beats.front()};
      st.beats.pop_front();
      // consecutive words in one INCR burst sometimes
      while (!st.beats.empty() && st.beats.front().addr == bs.back().addr + 8 && r.chance(0.5)) {
        bs.push_back(st.beats.front());
        st.beats.pop_front();
      }
      x.burst(bs);
      sent += 1 + bs.size();
      if (st.beats.empty()) stores.erase(stores.begin() + long(i));
      continue;
    }
    if (p.next - x.credit_base(q) < NS) {
      std::vector<uint8_t> c = x.make_cmd(q);
      p.expect.push_back(c);
      Store st;
      if (r.chance(0.3)) {   // one full burst of the whole command
        std::vector<Beat> bs;
        for (unsigned wd = 0; wd < 8; wd++) {
          uint64_t d = 0;
          for (unsigned j = 0; j < 8; j++) d |= uint64_t(c[8 * wd + j]) << 8 * j;
          bs.push_back(Beat{x.page(q) + 64 * (p.next % NS) + 8 * wd, d, 0xff});
        }
        x.burst(bs);
        sent += 9;
      } else {
        x.pio_split(q, p.next, c, st);
        stores.push_back(st);
      }
      p.next++;
    }
    // CSR traffic: reads of static registers, refused writes, K changes
    if (x.csr.idle_now() && r.chance(0.01)) {
      const double v = r.next() * 0x1.0p-64;
      if (v < 0.3) x.csr_w(NCA(WB_K), unsigned(r.range(1, 2 * NS)));
      else if (v < 0.5) x.csr_w(NCA(QCFG), 0, 0x3);           // partial strobe: SLVERR
      else if (v < 0.55) x.csr_w(NCA(QCFG), 0xf01);            // ring of 2^15: SLVERR
      else if (v < 0.6) x.csr_w(NCA(ID), 1);                  // read-only: SLVERR
      else if (v < 0.7) x.csr_w(NCA(QSEL), NQ + unsigned(r.below(8)));   // no such queue: SLVERR
      else x.csr_r(r.chance(0.5) ? NCA(PARAMS) : NCA(QCFG));
    }
  }
  // the rest of the open stores
  while (!stores.empty()) {
    x.sim.step();
    if (std::getenv("NCQ_DEBUG2") && x.sim.cycle() % 5000 == 0) {
      auto* rt = x.top->rootp;
      std::printf("tail c %" PRIu64 " stores %zu aw %zu w %zu bvalid %d bready %d open %d wait %d awv %d wv %d wready %d csrq %zu axil awv %d\n", x.sim.cycle(), stores.size(), x.aw.queued(), x.w.queued(),
                  x.top->s_axi_bvalid, x.top->s_axi_bready, rt->nic_cmdq__DOT__u_axiw__DOT__open_reg, rt->nic_cmdq__DOT__u_axiw__DOT__wait_reg,
                  x.top->s_axi_awvalid, x.top->s_axi_wvalid, x.top->s_axi_wready, x.csr.queued(), x.top->s_axil_awvalid);
    }
    if (x.aw.queued() > 2) continue;
    const size_t i = r.below(stores.size());
    x.burst({stores[i].beats.front()});
    stores[i].beats.pop_front();
    if (stores[i].beats.empty()) stores.erase(stores.begin() + long(i));
  }
  finish(x);
  h.extra("cycles", double(x.sim.cycle()));
}

// bench: --no-stall; PIO (whole-command bursts on every PIO queue) then ring (deep doorbells)
static void scenario_bench(tb::Harness& h) {
  for (int ring = 0; ring < 2; ring++) {
    Cq x(h);
    x.lat_min = x.lat_max = 20;
    x.sim.reset();
    setup_queues(x, false, ring ? 1.0 : 0.0);
    for (unsigned q = 0; q < NQ; q++) x.pr[q].log_size = 5;
    for (unsigned q = 0; q < NQ; q++) x.config_queue(q);
    x.wait_csr();
    const uint64_t n = h.opt.n, c0 = x.sim.cycle();
    uint64_t made = 0;
    while (made < n) {
      x.sim.step();
      if (x.aw.queued() > 2) continue;
      for (unsigned q = 0; q < NQ && made < n; q++) {
        Producer& p = x.pr[q];
        if (!ring) {
          if (p.next - x.credit_base(q) >= NS) continue;
          std::vector<uint8_t> c = x.make_cmd(q);
          p.expect.push_back(c);
          std::vector<Beat> bs;
          for (unsigned wd = 0; wd < 8; wd++) {
            uint64_t d = 0;
            for (unsigned j = 0; j < 8; j++) d |= uint64_t(c[8 * wd + j]) << 8 * j;
            bs.push_back(Beat{x.page(q) + 64 * (p.next % NS) + 8 * wd, d, 0xff});
          }
          x.burst(bs);
          p.next++, made++;
        } else {
          const uint64_t s = 1ull << p.log_size, cb = x.credit_base(q);
          unsigned k = 0;
          while (p.next - cb < s && k < 16) {
            std::vector<uint8_t> c = x.make_cmd(q);
            for (unsigned j = 0; j < 64; j++) x.wr8(p.base + 64 * (p.next % s) + j, c[j]);
            p.expect.push_back(c);
            p.next++, made++, k++;
          }
          if (k) x.burst({Beat{x.page(q) + NIC_CMDQ_DB_OFF, p.next & 0xffff, 0xff}});
        }
        break;
      }
    }
    x.sim.drain(500);
    const double cyc = double(x.last_cmd_cycle - c0);
    const double cpc = double(x.cmd_count) / cyc;
    const uint64_t n_tp = x.cmd_count;
    // latency: 100 single commands on an idle block, last store / doorbell W handshake -> m_cmd
    x.lat.clear();
    for (unsigned k = 0; k < 100; k++) {
      const unsigned q = k % NQ;
      Producer& p = x.pr[q];
      std::vector<uint8_t> c = x.make_cmd(q);
      p.expect.push_back(c);
      if (!ring) {
        std::vector<Beat> bs;
        for (unsigned wd = 0; wd < 8; wd++) {
          uint64_t d = 0;
          for (unsigned j = 0; j < 8; j++) d |= uint64_t(c[8 * wd + j]) << 8 * j;
          bs.push_back(Beat{x.page(q) + 64 * (p.next % NS) + 8 * wd, d, 0xff});
        }
        x.burst(bs, 3, 1, q + 1);
      } else {
        const uint64_t s = 1ull << p.log_size;
        for (unsigned j = 0; j < 64; j++) x.wr8(p.base + 64 * (p.next % s) + j, c[j]);
        x.burst({Beat{x.page(q) + NIC_CMDQ_DB_OFF, (p.next + 1) & 0xffff, 0xff}}, 3, 1, q + 1);
      }
      p.next++;
      x.sim.run_until([&] { return p.expect.empty(); }, "bench latency command");
      x.sim.step(30);
    }
    finish(x);
    std::vector<uint64_t> l = x.lat;
    std::sort(l.begin(), l.end());
    const double lmin = l.empty() ? 0 : double(l.front()), lmed = l.empty() ? 0 : double(l[l.size() / 2]);
    std::printf("bench: %s: %" PRIu64 " commands in %.0f cycles: %.3f commands/cycle; doorbell/last-store -> command latency min %.0f median %.0f cycles\n",
                ring ? "ring" : "pio", n_tp, cyc, cpc, lmin, lmed);
    h.extra(ring ? "ring_cmd_per_cycle" : "pio_cmd_per_cycle", cpc);
    h.extra(ring ? "ring_lat_min" : "pio_lat_min", lmin);
    h.extra(ring ? "ring_lat_med" : "pio_lat_med", lmed);
  }
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_cmdq", "make sim BLOCK=nic_cmdq SEED=<seed> N=<n> SCENARIO=<scenario> FAULT=<fault> TRACE=1", dflt);
  if (h.opt.scenario == "bench") {
    h.run("bench", [&] { scenario_bench(h); });
  } else {
    h.run("random", [&] { scenario_random(h); });
  }
  return h.exit_code();
}
