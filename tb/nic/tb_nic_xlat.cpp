// tb_nic_xlat.cpp -- lockstep testbench of nic_xlat (RTL, Verilator) against the C model
// cmodel/nic_xlat.{h,c} (docs/nic_xlat.md section 5).
//
// Ports: s_req -> m_resp (one response per request, in order per id), m_rd -> s_cpl (host reads of
// page-table entries, served by the host model below with random latency and in random order),
// dma_busy (the DMA model), s_axil (commands, parameters, counters). Random stalls on every
// source and sink and on the AXI4-Lite master; the backpressure profile per seed (stimulus.h).
//
// Model timing (docs/nic_xlat.md 4.3, the lockstep contract): agents are constructed so that their
// post() callbacks of one cycle run in this order:
//   1. CSR write probe  (reg_wr_en: the apply cycle of a write; the model answers OKAY / SLVERR)
//   2. op probe         the op in P5 (u.s2_valid / s2_type): the oldest accepted request, the oldest
//                       accepted completion or the accepted command goes to the model; then the
//                       retire of the cycle (u.retire, u.ret_idx) and the inv_done of the cycle
//                       (u.inv_done_now): the model checks both are legal
//   3. sources          s_req / s_cpl accepted: queued for their P5 five cycles later (a completion
//                       with its slot's "read outstanding" bit from the model at the cycle's start)
//   4. sinks            m_rd / m_resp compared with the model's outputs in order
// Host memory: real x86-64 4-level page tables (4K / 2M / 1G leaves, non-present entries,
// read-only entries at every level, reserved bits, PDPT subtrees shared between PIDs, aliased
// frames) in a nic_hostmem; every completion carries the word read when it is sent.
// Independent checks besides the model: every response translated under the current generation
// with no page-table or CR3 change since that generation began is compared with the reference
// walk nic_xlat_ref_walk on the memory of that moment (T1); no response of an older generation
// after inv_done (T2); inv_done only with no DMA of the older generation outstanding.
// Scenarios: csr (registers, refused writes), random (traffic, page-table rewrites each followed
// by its invalidation, CR3 clear / reload, refused commands, with requests racing them), bench
// (--no-stall: translations per cycle and host reads per miss, docs/nic_xlat.md 7), oracle
// (--tables FILE --out FILE: the translations of scripts/xlat_oracle.py through the RTL).
// Faults (--fault): flip (one expected response PA bit flipped), rdflip (one expected host read
// address bit flipped): each must be reported. NX_DEBUG=1 in the environment prints every op the
// model takes (P5 requests with their slot and decision, completions, retires).
// --vectors DIR (scenario random) writes the Icarus replay vectors (tb/nic/nic_xlat_replay.v).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "Vnic_xlat.h"
#include "Vnic_xlat___024root.h"
#include "core.h"
#include "csr.h"
#include "ports.h"
#include "scoreboard.h"
#include "sim.h"
#include "stimulus.h"
#include "vectors.h"

extern "C" {
#include "nic_xlat.h"
#include "regs/nic_xlat_regs.h"
}

#ifndef TB_NPID
#define TB_NPID 64
#endif
#ifndef TB_MQ
#define TB_MQ 8
#endif
#ifndef TB_L1S
#define TB_L1S 64
#endif
#ifndef TB_L1W
#define TB_L1W 4
#endif
#ifndef TB_L2S
#define TB_L2S 8
#endif
#ifndef TB_L2W
#define TB_L2W 4
#endif
#ifndef TB_L3S
#define TB_L3S 4
#endif
#ifndef TB_L3W
#define TB_L3W 4
#endif
#ifndef TB_L4W
#define TB_L4W 8
#endif
static constexpr unsigned NPID = TB_NPID, MQ = TB_MQ, PID_IN_W = 16, ID_W = 8;
static constexpr unsigned MQW = MQ <= 4 ? 2 : MQ <= 8 ? 3 : MQ <= 16 ? 4 : 5;

using tb::Txn;
static const bool nx_debug = std::getenv("NX_DEBUG") != nullptr;  // print the model's ops
#define NXA(r) uint32_t(offsetof(nic_xlat_t, r))

// ------------------------------------------------------------------ page tables
static constexpr uint64_t P = 1, RW = 2, US = 4, PS = 0x80, ADDR = 0x000ffffffffff000ull;
static constexpr uint64_t TABLE_BASE = 0x01000000, DATA_MIN = 1ull << 32, DATA_MAX = 1ull << 40;

struct Mapping {
  unsigned pid;
  uint64_t va;   // canonical, page aligned
  unsigned level;
  uint64_t entry_pa;  // where its leaf entry lives
};

struct Tables {
  nic_hostmem mem{};
  uint64_t next = TABLE_BASE;
  std::vector<uint64_t> roots;        // per PID
  std::vector<Mapping> maps;
  std::set<uint64_t> shared_roots_idx;  // root PA | PML4 index of entries shared between PIDs
  Tables() { nic_hostmem_init(&mem); }
  ~Tables() { nic_hostmem_free(&mem); }
  uint64_t frame() { uint64_t f = next; next += 0x1000; return f; }
  uint64_t rd(uint64_t pa) { return nic_hostmem_read64(&mem, pa); }
  void wr(uint64_t pa, uint64_t v) { nic_hostmem_write64(&mem, pa, v); }
  static unsigned idx(uint64_t va, unsigned lv) { return unsigned(va >> (12 + 9 * (lv - 1))) & 0x1ff; }
  // map va at level (1 4K, 2 2M, 3 1G) with leaf entry e; false when a conflicting entry exists
  bool map(uint64_t root, uint64_t va, unsigned level, uint64_t e, uint64_t* where) {
    uint64_t table = root;
    for (unsigned lv = 4; lv > level; lv--) {
      const uint64_t a = table + 8 * idx(va, lv);
      uint64_t x = rd(a);
      if (!(x & P)) {
        if (x) return false;  // a damaged (non-present) entry: leave it
        x = frame() | P | RW;
        wr(a, x);
      } else if (lv < 4 && (x & PS)) {
        return false;
      }
      table = x & ADDR;
    }
    const uint64_t a = table + 8 * idx(va, level);
    if (rd(a)) return false;
    wr(a, e);
    *where = a;
    return true;
  }
};

static uint64_t canonical(uint64_t va48) { return va48 | ((va48 >> 47) ? 0xffff000000000000ull : 0); }

// random tables for npids PIDs (the generator of scripts/xlat_oracle.py, written again here with
// clustered VAs so that the caches hit)
static void build_tables(Tables& t, tb::Rng& r, unsigned npids, unsigned maps_per_pid) {
  std::vector<uint64_t> leaves;
  for (unsigned pid = 0; pid < npids; pid++) {
    const uint64_t root = t.frame();
    t.roots.push_back(root);
    if (pid && r.chance(0.5)) {  // share a PDPT subtree of an earlier PID
      const uint64_t other = t.roots[r.below(pid)];
      for (unsigned i = 0; i < 512; i++) {
        const uint64_t e = t.rd(other + 8 * i);
        if (e & P) {
          t.wr(root + 8 * i, e);
          t.shared_roots_idx.insert(root | i);
          t.shared_roots_idx.insert(other | i);
          break;
        }
      }
    }
    // a few 1 GiB regions per PID: VAs cluster in them
    std::vector<uint64_t> regions;
    for (unsigned k = 0; k < 4; k++) regions.push_back((r.bits(17) | (r.chance(0.2) ? 1ull << 17 : 0)) << 30);
    for (unsigned n = 0; n < maps_per_pid; n++) {
      const unsigned level = r.chance(0.6) ? 1 : r.chance(0.6) ? 2 : 3;
      const uint64_t size = 1ull << (12 + 9 * (level - 1));
      uint64_t va;
      if (level == 3) va = (r.bits(17) | (r.chance(0.2) ? 1ull << 17 : 0)) << 30;
      else va = regions[r.below(regions.size())] | (r.bits(30) & ~(size - 1) & ((1ull << 30) - 1));
      va = canonical(va);
      uint64_t frame;
      if (!leaves.empty() && r.chance(0.1)) frame = std::max(leaves[r.below(leaves.size())] & ~(size - 1), DATA_MIN);
      else frame = r.range(DATA_MIN, DATA_MAX - 1) & ~(size - 1);
      uint64_t e = frame | P | (r.chance(0.8) ? RW : 0) | (r.chance(0.5) ? US : 0);
      if (level > 1) {
        e |= PS;
        if (r.chance(0.3)) e |= 0x1000;  // PAT of a large page: not reserved
      }
      const double x = r.next() * 0x1.0p-64;
      if (x < 0.05) e &= ~P;
      else if (x < 0.08 && level > 1) e |= 1ull << r.range(13, level == 2 ? 20 : 29);
      if (r.chance(0.1)) e |= r.bits(11) << 52;  // ignored bits 62:52
      uint64_t where = 0;
      if (t.map(root, va, level, e, &where)) {
        t.maps.push_back(Mapping{pid, va, level, where});
        leaves.push_back(frame);
      }
    }
    // damage a few intermediate entries: read-only, not present, PML4E with PS (reserved)
    for (unsigned d = 0; d < 3 && !t.maps.empty(); d++) {
      const Mapping& mp = t.maps[r.below(t.maps.size())];
      if (mp.pid != pid) continue;
      uint64_t table = root;
      unsigned lv = 4;
      const unsigned stop = unsigned(r.range(mp.level + 1, 4));
      while (lv > stop) {
        const uint64_t e = t.rd(table + 8 * Tables::idx(mp.va, lv));
        if (!(e & P) || (lv < 4 && (e & PS))) break;
        table = e & ADDR;
        lv--;
      }
      const uint64_t a = table + 8 * Tables::idx(mp.va, lv);
      const uint64_t e = t.rd(a);
      if (!(e & P) || (lv < 4 && (e & PS)) || lv == 1) continue;
      if (lv == 4 && t.shared_roots_idx.count(root | Tables::idx(mp.va, 4))) continue;
      const unsigned k = unsigned(r.below(3));
      t.wr(a, k == 0 ? e & ~RW : k == 1 ? e & ~P : (lv == 4 ? e | PS : e & ~RW));
    }
  }
}

// ------------------------------------------------------------------ harness
struct Xl;

struct OpProbe : tb::Agent {
  Xl& x;
  bool s2 = false, ret = false, invd = false;
  unsigned type = 0, ret_idx = 0;
  uint32_t ready_prev = 0;  // the RTL's ready_reg: slots ready at the start of the last cycle, less its retire
  explicit OpProbe(Xl& xl);
  void drive() override {}
  void sample() override;
  void post() override;
};

struct DmaModel : tb::Agent {  // DMAs that use a translation: done after a random delay
  Xl& x;
  explicit DmaModel(Xl& xl);
  void drive() override;
  void sample() override {}
  void post() override;
};

struct Xl {
  tb::Harness& h;
  // --vectors DIR (tb/common/vectors.h): declared before sim, so they outlive every agent
  std::unique_ptr<std::ofstream> v_stim, v_outs, v_resp, v_rd, v_csr;
  tb::Sim<Vnic_xlat> sim;
  Vnic_xlat* top;
  nic_xlat m{};
  Tables t;
  std::unique_ptr<tb::CsrWriteProbe> csr_probe;
  std::unique_ptr<OpProbe> op_probe;
  tb::AxilMaster csr;
  tb::StreamSource req, cpl;
  tb::StreamSink rd, resp;
  tb::Scoreboard sb_rd, sb_resp;
  std::unique_ptr<tb::CsrChecker> csr_chk;
  std::unique_ptr<DmaModel> dma;
  std::deque<nic_xlat_req> req_q;                    // accepted, before their P5
  struct Cpl { unsigned tag; uint64_t data; int outstanding; };
  std::deque<Cpl> cpl_q;                             // accepted completions, before their P5
  uint32_t waiting0 = 0;                             // model: slots waiting at the start of this cycle
  struct Pend { uint64_t addr; unsigned tag; uint64_t due; };
  std::vector<Pend> host;                            // reads taken, completion not yet sent
  unsigned lat_min = 1, lat_max = 40;
  // DMA model
  uint64_t dma_cnt[2] = {0, 0};
  std::vector<std::pair<uint64_t, unsigned>> dma_done;  // (due cycle, gen)
  // reference-walk check state
  std::vector<uint64_t> cr3;      // per PID: root loaded in the RTL, or ~0 when none
  bool dirty = false;             // page tables / CR3 changed since the current generation began
  bool inv_wait = false;          // an invalidation was requested and inv_done not yet seen
  bool inv_clears_dirty = false;  // ... and it was requested after the last change
  uint64_t ref_checked = 0, inv_dones = 0, waited = 0;
  std::string fault;
  bool fault_done = false;
  std::function<void(const nic_xlat_req&, const nic_xlat_resp&)> on_resp;  // oracle scenario
  std::map<unsigned, std::deque<nic_xlat_req>> out_by_id;  // requests sent, per id, not answered
  std::unique_ptr<tb::Agent> vec;  // tb::VecAgent, constructed after every port agent

  // vector lines (tb/nic/nic_xlat_replay.v documents the fields): every input pin of the cycle
  // (tags at their widest, 5 bits), and the handshake output pins
  void vec_inputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->rst, 1), v.add(t->s_req_valid, 1), v.add(t->s_req_pid, 16), v.add(t->s_req_va, 64);
    v.add(t->s_req_write, 1), v.add(t->s_req_id, 8), v.add(t->m_resp_ready, 1), v.add(t->m_rd_ready, 1);
    v.add(t->s_cpl_valid, 1), v.add(t->s_cpl_tag, 5), v.add(t->s_cpl_data, 64), v.add(t->dma_busy, 2);
    v.add(t->s_axil_awvalid, 1), v.add(t->s_axil_awaddr, 12), v.add(t->s_axil_wvalid, 1);
    v.add(t->s_axil_wdata, 32), v.add(t->s_axil_wstrb, 4), v.add(t->s_axil_bready, 1);
    v.add(t->s_axil_arvalid, 1), v.add(t->s_axil_araddr, 12), v.add(t->s_axil_rready, 1);
  }
  void vec_outputs(tb::BitVec& v) {
    auto* t = top;
    v.add(t->s_req_ready, 1), v.add(t->m_resp_valid, 1), v.add(t->m_rd_valid, 1), v.add(t->s_cpl_ready, 1);
    v.add(t->s_axil_awready, 1), v.add(t->s_axil_wready, 1), v.add(t->s_axil_bvalid, 1);
    v.add(t->s_axil_bvalid ? t->s_axil_bresp : 0, 2);
    v.add(t->s_axil_arready, 1), v.add(t->s_axil_rvalid, 1), v.add(t->inv_done, 1);
  }

  explicit Xl(tb::Harness& harness, const std::string& vectors = "")
      : h(harness), sim(harness), top(sim.top.get()),
        csr_probe(new tb::CsrWriteProbe(
            sim,
            [this]() -> tb::CsrWriteProbe::Wr {
              auto* r = top->rootp;
              return {bool(r->nic_xlat__DOT__reg_wr_en), r->nic_xlat__DOT__reg_wr_addr,
                      r->nic_xlat__DOT__reg_wr_data, r->nic_xlat__DOT__reg_wr_strb};
            },
            [this](const tb::CsrWriteProbe::Wr& w) { return int(nic_xlat_csr_write(&m, w.addr, w.data, w.strb)); })),
        op_probe(new OpProbe(*this)),
        csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        req(sim, "s_req", TB_HS(top, s_req),
            [this](const Txn& x) {
              top->s_req_pid = uint16_t(x.get("pid"));
              top->s_req_va = x.get("va");
              top->s_req_write = uint8_t(x.get("write"));
              top->s_req_id = uint8_t(x.get("id"));
            }),
        cpl(sim, "s_cpl", TB_HS(top, s_cpl),
            [this](const Txn& x) {
              top->s_cpl_tag = uint8_t(x.get("tag"));
              top->s_cpl_data = x.get("data");
            }),
        rd(sim, "m_rd", TB_HS(top, m_rd),
           [this]() { return Txn().add("addr", 52, top->m_rd_addr).add("tag", MQW, top->m_rd_tag); }),
        resp(sim, "m_resp", TB_HS(top, m_resp),
             [this]() {
               return Txn().add("id", ID_W, top->m_resp_id).add("pa", 52, top->m_resp_pa)
                   .add("size", 2, top->m_resp_size).add("fault", 3, top->m_resp_fault).add("gen", 1, top->m_resp_gen);
             }),
        sb_rd(sim, "m_rd"), sb_resp(sim, "m_resp") {
    nic_xlat_cfg cfg{};
    cfg.npid = NPID, cfg.pid_in_w = PID_IN_W, cfg.id_w = ID_W, cfg.mq = MQ;
    cfg.sets[4] = 1, cfg.ways[4] = TB_L4W, cfg.sets[3] = TB_L3S, cfg.ways[3] = TB_L3W;
    cfg.sets[2] = TB_L2S, cfg.ways[2] = TB_L2W, cfg.sets[1] = TB_L1S, cfg.ways[1] = TB_L1W;
    if (nic_xlat_init(&m, &cfg) != NIC_XLAT_OK) h.fail("model", "nic_xlat_init failed");
    fault = h.opt.fault;
    cr3.assign(NPID, ~0ull);
    sb_rd.model([this](Txn& x) {
      nic_xlat_rd r;
      if (!nic_xlat_pop_rd(&m, &r)) return false;
      if (fault == "rdflip" && !fault_done && m.stat[NX_ST_HOST_RD] > 200) r.addr ^= 8, fault_done = true;
      x = Txn().add("addr", 52, r.addr).add("tag", MQW, r.tag);
      if (v_rd) *v_rd << std::hex << r.addr << " " << r.tag << std::dec << "\n";
      return true;
    });
    sb_resp.model([this](Txn& x) {
      nic_xlat_resp r;
      if (!nic_xlat_pop_resp(&m, &r)) return false;
      if (fault == "flip" && !fault_done && m.stat[NX_ST_RESP] > 500 && !r.fault) r.pa ^= 1ull << 20, fault_done = true;
      x = Txn().add("id", ID_W, r.id).add("pa", 52, r.pa).add("size", 2, r.size).add("fault", 3, r.fault).add("gen", 1, r.gen);
      if (v_resp)
        *v_resp << std::hex << r.id << " " << r.pa << " " << r.size << " " << r.fault << " " << r.gen << std::dec << "\n";
      return true;
    });
    rd.on_capture = [this](const Txn& x) {
      sb_rd.actual(x);
      host.push_back(Pend{x.get("addr"), unsigned(x.get("tag")), sim.cycle() + h.rng.range(lat_min, lat_max)});
    };
    resp.on_capture = [this](const Txn& x) {
      sb_resp.actual(x);
      got_resp(x);
    };
    req.on_accept = [this](const Txn& x) {
      nic_xlat_req r{uint32_t(x.get("pid")), x.get("va"), int(x.get("write")), uint32_t(x.get("id"))};
      req_q.push_back(r);
      out_by_id[r.id].push_back(r);
    };
    cpl.on_accept = [this](const Txn& x) {
      const unsigned tag = unsigned(x.get("tag"));
      cpl_q.push_back(Cpl{tag, x.get("data"), int((waiting0 >> tag) & 1u)});
    };
    csr_chk.reset(new tb::CsrChecker(h, csr, [this](const tb::AxilMaster::Op& o, uint32_t& rdata) -> unsigned {
      if (o.write) return unsigned(csr_probe->next_rc(h, 2));
      return nic_xlat_csr_read(&m, o.addr, &rdata);
    }));
    dma.reset(new DmaModel(*this));
    if (!vectors.empty()) {
      v_stim = tb::vec_file(vectors, "stim.hex"), v_outs = tb::vec_file(vectors, "outs.hex");
      v_resp = tb::vec_file(vectors, "exp_resp.hex"), v_rd = tb::vec_file(vectors, "exp_rd.hex");
      v_csr = tb::vec_file(vectors, "exp_csr.hex");
      csr_chk->on_read = [this](const tb::AxilMaster::Op&, uint32_t rdata, unsigned resp) {
        *v_csr << std::hex << rdata << " " << resp << std::dec << "\n";
      };
      vec.reset(new tb::VecAgent(sim, *v_stim, *v_outs, [this](tb::BitVec& v) { vec_inputs(v); },
                                 [this](tb::BitVec& v) { vec_outputs(v); }));
    }
    sim.reset(8);
    sim.step(64);  // the counters' zeroing sweep (no CSR access, no issue meanwhile)
  }
  ~Xl() { nic_xlat_free(&m); }

  // the response of the oldest outstanding request of its id: reference-walk and T2 checks
  void got_resp(const Txn& x) {
    const unsigned id = unsigned(x.get("id"));
    auto& q = out_by_id[id];
    if (q.empty()) h.fail("m_resp", "response for an id with no request outstanding");
    const nic_xlat_req rq = q.front();
    q.pop_front();
    nic_xlat_resp rs{id, x.get("pa"), unsigned(x.get("size")), unsigned(x.get("fault")), unsigned(x.get("gen"))};
    if (rs.gen != m.gen && !m.inv_active)
      h.fail("m_resp", "T2: a response of an older generation after inv_done");
    h.cover("resp_fault_" + std::to_string(rs.fault));
    if (on_resp) on_resp(rq, rs);
    if (rs.gen != m.gen || dirty) return;
    // reference walk on the memory of now (no change since this generation began)
    nic_walk w{};
    unsigned ef = 0;
    uint64_t epa = 0;
    unsigned esz = 0;
    if (rq.pid >= NPID) ef = NIC_FAULT_PID;
    else if ((rq.va >> 47) != 0 && (rq.va >> 47) != 0x1ffff) ef = NIC_FAULT_NONCANON;
    else if (cr3[rq.pid] == ~0ull) ef = NIC_FAULT_NO_CR3;
    else {
      nic_xlat_ref_walk(&t.mem, cr3[rq.pid], rq.va, rq.write, &w);
      ef = w.fault, epa = w.pa, esz = w.size;
    }
    ref_checked++;
    if (ef != rs.fault || epa != rs.pa || esz != rs.size) {
      char b[320];
      std::snprintf(b, sizeof b, "  request pid %u va %016" PRIx64 " %s: RTL pa %013" PRIx64 " size %u fault %u,"
                    " reference walk pa %013" PRIx64 " size %u fault %u", rq.pid, rq.va, rq.write ? "write" : "read",
                    rs.pa, rs.size, rs.fault, epa, esz, ef);
      h.fail("m_resp", "T1: translation differs from the reference walk of the current page tables", b);
    }
  }

  // host: completions of reads whose latency expired, in random order
  void host_step() {
    std::vector<size_t> due;
    for (size_t i = 0; i < host.size(); i++)
      if (host[i].due <= sim.cycle()) due.push_back(i);
    while (!due.empty()) {
      const size_t k = size_t(h.rng.below(due.size()));
      const size_t i = due[k];
      cpl.push(Txn().add("tag", MQW, host[i].tag).add("data", 64, t.rd(host[i].addr)));
      host[i] = host.back();
      host.pop_back();
      due.clear();
      for (size_t j = 0; j < host.size(); j++)
        if (host[j].due <= sim.cycle()) due.push_back(j);
      if (h.rng.chance(0.5)) break;
    }
  }
  void step() {
    host_step();
    sim.step();
  }
  void wr(uint32_t a, uint32_t d) { csr.write(a, d); }
  void rd_csr(uint32_t a) { csr.read(a, {}); }
  void csr_wait() { sim.run_until([this] { return csr.idle_now(); }, "CSR access"); }
  void cmd(unsigned op, unsigned pid, uint64_t a = 0, uint64_t e = 0, bool leaf = false) {
    wr(NXA(CMD_PID), pid);
    wr(NXA(CMD_ADDR_LO), uint32_t(a));
    wr(NXA(CMD_ADDR_HI), uint32_t(a >> 32));
    wr(NXA(CMD_END_LO), uint32_t(e));
    wr(NXA(CMD_END_HI), uint32_t(e >> 32));
    wr(NXA(CMD), op | (leaf ? NIC_XLAT__CMD__LEAF_ONLY_bm : 0));
  }
  // clock until the CSR writes are out and no command runs (busy -> idle), the host serving reads
  void wait_idle(const char* what) {
    sim.run_until([this] { host_step(); return csr.idle_now() && !nic_xlat_busy(&m); }, what);
  }
  // a command, run to completion
  void cmd_wait(unsigned op, unsigned pid, uint64_t a = 0, uint64_t e = 0, bool leaf = false) {
    cmd(op, pid, a, e, leaf);
    wait_idle("command");
  }
  void read_all() {
    for (uint32_t a = 0; a < 0x3c; a += 4) rd_csr(a);
    for (uint32_t i = 0; i < NIC_XLAT_NSTAT; i++) rd_csr(NXA(STAT) + 4 * i);
    csr_wait();
  }
  void drain() {
    sim.run_until([this] {
      host_step();
      return !req.busy() && req_q.empty() && cpl_q.empty() && host.empty() && !cpl.busy() && m.rd_count == 0 &&
             nic_xlat_ready_mask(&m) == 0 &&
             [this] { for (unsigned i = 0; i < MQ; i++) if (m.mq[i].valid) return false; return true; }();
    }, "drain");
    sim.drain(200);
    if (!host.empty() || !req_q.empty()) h.fail("drain", "host reads or requests left after the drain");
  }
};

OpProbe::OpProbe(Xl& xl) : Agent(xl.sim, "op probe", Role::other), x(xl) {}
void OpProbe::sample() {
  auto* r = x.top->rootp;
  s2 = r->nic_xlat__DOT__s2_valid;
  type = r->nic_xlat__DOT__s2_type;
  ret = r->nic_xlat__DOT__retire;
  ret_idx = r->nic_xlat__DOT__ret_idx;
  invd = r->nic_xlat__DOT__inv_done_now;
}
void OpProbe::post() {
  if (sim_.in_reset()) {
    ready_prev = 0;
    return;
  }
  tb::Harness& h = x.h;
  const uint32_t ready_now = nic_xlat_ready_mask(&x.m), ready0 = ready_prev;
  x.waiting0 = nic_xlat_waiting_mask(&x.m);  // the RTL's P0 check of a completion accepted now
  if (s2) {
    if (type == 1) {
      if (x.req_q.empty()) h.fail("s_req", "a request in P5 that was never accepted (probe)");
      const nic_xlat_req r = x.req_q.front();
      x.req_q.pop_front();
      unsigned k0 = 0;
      while (k0 < MQ && x.m.mq[k0].valid) k0++;
      if (nic_xlat_op_req(&x.m, &r) != NIC_XLAT_OK) h.fail("s_req", "the RTL issued a request with no miss-queue slot free (model)");
      if (nx_debug)
        std::printf("%6" PRIu64 " P5 req pid %u va %016" PRIx64 " w %d id %u -> slot %u done %d level %u fault %u\n", sim_.cycle(),
                    r.pid, r.va, r.write, r.id, k0, x.m.mq[k0].done, x.m.mq[k0].level, x.m.mq[k0].fault);
      for (unsigned i = 0; i < MQ; i++)
        if (x.m.mq[i].valid && x.m.mq[i].wait && x.m.mq[i].id == r.id) { h.cover("same_id_wait"); break; }
    } else if (type == 2) {
      if (x.cpl_q.empty()) h.fail("s_cpl", "a completion in P5 that was never accepted (probe)");
      const auto c = x.cpl_q.front();
      x.cpl_q.pop_front();
      if (nic_xlat_op_cpl(&x.m, c.tag, c.data, c.outstanding) != NIC_XLAT_OK)
        h.fail("s_cpl", "a completion for a slot that had a read outstanding is not walking (model)");
      if (nx_debug) std::printf("%6" PRIu64 " P5 cpl tag %u data %016" PRIx64 "\n", sim_.cycle(), c.tag, c.data);
    } else if (type == 3) {
      if (nic_xlat_op_cmd(&x.m) != NIC_XLAT_OK) h.fail("s_axil", "a command in P5 that was never accepted (probe)");
    } else {
      h.fail("op probe", "P5 op of an unknown type");
    }
  }
  if (ret) {
    if (nx_debug) std::printf("%6" PRIu64 " retire %u\n", sim_.cycle(), ret_idx);
    if (nic_xlat_retire(&x.m, ret_idx, ready0) != NIC_XLAT_OK) {
      char b[96];
      std::snprintf(b, sizeof b, "  slot %u, model ready mask 0x%x", ret_idx, ready0);
      h.fail("m_resp", "retire of a slot that is not the lowest ready one (model)", b);
    }
  }
  ready_prev = ready_now & ~(ret ? 1u << ret_idx : 0u);
  if (invd) {
    const unsigned old = x.m.gen ^ 1u;
    if (nic_xlat_inv_done(&x.m) != NIC_XLAT_OK) h.fail("inv_done", "inv_done with a translation of the older generation in flight (model)");
    for (size_t i = 0; i < x.m.resp_count; i++)
      if (x.m.respq[(x.m.resp_head + i) % NIC_XLAT_QCAP].gen == old)
        h.fail("inv_done", "inv_done with a response of the older generation not yet taken");
    if (x.dma_cnt[old]) h.fail("inv_done", "inv_done with a DMA of the older generation outstanding");
    x.inv_wait = false;
    x.inv_dones++;
    if (x.inv_clears_dirty) x.dirty = false;
  }
}

DmaModel::DmaModel(Xl& xl) : Agent(xl.sim, "dma", Role::other), x(xl) {}
void DmaModel::drive() {
  x.top->dma_busy = uint8_t((x.dma_cnt[0] ? 1 : 0) | (x.dma_cnt[1] ? 2 : 0));
}
void DmaModel::post() {
  if (sim_.in_reset()) return;
  for (size_t i = 0; i < x.dma_done.size();) {
    if (x.dma_done[i].first <= sim_.cycle()) {
      x.dma_cnt[x.dma_done[i].second]--;
      x.dma_done[i] = x.dma_done.back();
      x.dma_done.pop_back();
    } else {
      i++;
    }
  }
}

// ------------------------------------------------------------------ stimulus
struct Gen {
  Xl& x;
  tb::Rng& r;
  std::vector<size_t> hot;  // recently used mappings (temporal locality)
  double p_hot = 0.7;
  Gen(Xl& xl) : x(xl), r(xl.h.rng) {}
  Txn next() {
    const auto& maps = x.t.maps;
    unsigned pid;
    uint64_t va;
    const double u = r.next() * 0x1.0p-64;
    if (u < 0.85 && !maps.empty()) {
      size_t i;
      if (!hot.empty() && r.chance(p_hot)) i = hot[r.below(hot.size())];
      else {
        i = size_t(r.below(maps.size()));
        if (hot.size() < 48) hot.push_back(i);
        else hot[r.below(hot.size())] = i;
      }
      const Mapping& mp = maps[i];
      pid = mp.pid;
      va = mp.va + (r.bits(12 + 9 * (mp.level - 1)) & ~7ull);
      if (r.chance(0.03)) pid = unsigned(r.below(x.t.roots.size()));
    } else if (u < 0.95) {
      pid = unsigned(r.below(x.t.roots.size()));
      va = canonical(r.bits(48) & ~7ull);
    } else if (u < 0.98) {
      pid = unsigned(r.below(x.t.roots.size()));
      va = (r.range(1, 0x1fffe) << 47) | (r.bits(47) & ~7ull);
    } else {
      pid = unsigned(r.range(NPID, (1u << PID_IN_W) - 1));
      va = canonical(r.bits(48));
    }
    return Txn().add("pid", PID_IN_W, pid).add("va", 64, va).add("write", 1, r.chance(0.3))
        .add("id", ID_W, r.below(r.chance(0.5) ? 4 : 1u << ID_W));
  }
};

static void load_cr3s(Xl& x) {
  for (unsigned p = 0; p < x.t.roots.size(); p++) {
    x.cmd_wait(NX_OP_LOAD_CR3, p, x.t.roots[p]);
    x.cr3[p] = x.t.roots[p];
  }
}

// csr: every register read; refused writes (strobe, read-only, unmapped, bad command, busy)
static void scenario_csr(tb::Harness& h) {
  Xl x(h);
  x.read_all();
  x.wr(NXA(ID), 1);
  x.wr(NXA(STATUS), 1);
  x.wr(0x3c, 1);
  x.wr(NXA(STAT), 1);
  x.csr.write(NXA(CMD_PID), 5, {}, 0x3);
  x.wr(NXA(CMD_PID), 0x1234);
  x.wr(NXA(CMD_ADDR_LO), 0xdeadb000);
  x.wr(NXA(CMD_ADDR_HI), 0x7f);
  x.wr(NXA(CMD), NX_OP_LOAD_CR3);   // PID 0x1234 >= NPID: err_cmd
  x.wr(NXA(CMD_PID), 3);
  x.wr(NXA(CMD), 0);               // unknown op
  x.wr(NXA(CMD), 6);
  x.wr(NXA(CMD), NX_OP_INV_ALL);   // accepted; the next CMD_* writes while busy are refused
  x.wr(NXA(CMD_PID), 4);
  x.wr(NXA(CMD), NX_OP_INV_PID);
  x.csr_wait();
  x.sim.run_until([&] { return !nic_xlat_busy(&x.m); }, "INV_ALL");
  x.cmd_wait(NX_OP_LOAD_CR3, 3, 0x123456789000ull);
  x.cmd_wait(NX_OP_CLEAR_CR3, 3);
  x.read_all();
  for (unsigned a = 0x3c; a < 0x100; a += 4) x.rd_csr(a);
  x.rd_csr(0x002);
  x.rd_csr(NXA(STAT) + 4 * NIC_XLAT_NSTAT);
  x.csr_wait();
  // (with a short scan, TB_L1S < 16, the INV_ALL may be over before the two writes after it)
  h.check(x.m.stat[NX_ST_ERR_CMD] == 3 && x.m.stat[NX_ST_CSR_ERR] == 5 &&
              (TB_L1S < 16 || x.m.stat[NX_ST_ERR_BUSY] == 2),
          "s_axil", "refused writes counted (err_cmd 3, csr_err 5, err_busy 2)");
}

// random: traffic with page-table changes, invalidations and CR3 changes racing it
static void scenario_random(tb::Harness& h) {
  const std::string vec = h.opt.get("vectors");
  Xl x(h, vec);
  tb::Rng& r = h.rng;
  const unsigned npids = unsigned(std::min<uint64_t>(NPID, r.range(3, 8)));
  build_tables(x.t, r, npids, unsigned(r.range(60, 250)));
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.rd, &x.resp}, {&x.req, &x.cpl}, 20, 300).c_str());
  h.cover("bp_" + tb::bp_name(bp));
  x.lat_min = unsigned(r.range(1, 8));
  x.lat_max = x.lat_min + unsigned(r.range(0, 80));
  load_cr3s(x);
  Gen g(x);
  g.p_hot = 0.5 + 0.45 * (r.next() * 0x1.0p-64);
  uint64_t sent = 0;
  const double p_change = 0.002;
  std::vector<std::pair<uint64_t, unsigned>> reload;  // (cycle, PID): CR3 loaded again
  while (sent < h.opt.n) {
    if (!reload.empty() && reload.front().first <= x.sim.cycle() && !x.inv_wait && x.csr.idle_now()) {
      const unsigned p = reload.front().second;
      reload.erase(reload.begin());
      x.dirty = true;
      x.inv_wait = x.inv_clears_dirty = true;
      x.cmd(NX_OP_LOAD_CR3, p, x.t.roots[p]);
      x.cr3[p] = x.t.roots[p];
      h.cover("cr3_load");
      x.wait_idle("CR3 command");
      x.cmd(NX_OP_INV_PID, p);
    }
    if (x.req.queued() < 3) {
      x.req.push(g.next());
      sent++;
    }
    // a page-table or CR3 change, its invalidation requested a little later
    if (!x.inv_wait && x.csr.idle_now() && r.chance(p_change)) {
      const double u = r.next() * 0x1.0p-64;
      if (u < 0.7 && !x.t.maps.empty()) {
        const Mapping& mp = x.t.maps[r.below(x.t.maps.size())];
        uint64_t e = x.t.rd(mp.entry_pa);
        const double v = r.next() * 0x1.0p-64;
        const uint64_t size = 1ull << (12 + 9 * (mp.level - 1));
        if (v < 0.4) e = (e & ~ADDR) | (r.range(DATA_MIN, DATA_MAX - 1) & ~(size - 1)) | (e & 0x1000 & (mp.level > 1 ? ~0ull : 0));
        else if (v < 0.7) e ^= RW;
        else e ^= P;
        x.t.wr(mp.entry_pa, e);
        x.dirty = true;
        // the root entry may be shared with another PID: then only INV_ALL is enough
        const bool shared = x.t.shared_roots_idx.count(x.t.roots[mp.pid] | Tables::idx(mp.va, 4)) != 0;
        const double k = r.next() * 0x1.0p-64;
        const bool leaf = r.chance(0.5);
        for (unsigned i = 0; i < r.range(0, 30); i++) x.step();  // requests race the change
        x.inv_wait = x.inv_clears_dirty = true;
        if (shared || k < 0.2) x.cmd(NX_OP_INV_ALL, 0, 0, 0, leaf), h.cover("inv_all");
        else if (k < 0.4) x.cmd(NX_OP_INV_PID, mp.pid, 0, 0, leaf), h.cover("inv_pid");
        else x.cmd(NX_OP_INV_RANGE, mp.pid, mp.va, mp.va + size - 1, leaf), h.cover("inv_range");
        if (leaf) h.cover("inv_leaf_only");
      } else if (u < 0.85) {
        // a CR3 cleared (then its PID invalidated); reloaded 100-2000 cycles later
        const unsigned p = unsigned(r.below(npids));
        if (x.cr3[p] == ~0ull) continue;
        x.dirty = true;
        x.inv_wait = x.inv_clears_dirty = true;
        x.cmd(NX_OP_CLEAR_CR3, p);
        x.cr3[p] = ~0ull;
        h.cover("cr3_clear");
        // the invalidation once the CR3 command has run (a CMD write while busy is refused)
        x.wait_idle("CR3 command");
        x.cmd(NX_OP_INV_PID, p);
        reload.emplace_back(x.sim.cycle() + r.range(100, 2000), p);
      } else {
        // refused commands: a bad PID / op, and operands written while busy
        x.wr(NXA(CMD_PID), uint32_t(r.range(NPID, 0xffff)));
        x.wr(NXA(CMD), NX_OP_INV_PID);
        x.wr(NXA(CMD_PID), 0);
        x.wr(NXA(CMD), 7);
        x.inv_wait = true;
        x.inv_clears_dirty = false;
        x.wr(NXA(CMD), NX_OP_INV_ALL);
        x.wr(NXA(CMD_ADDR_LO), 0x1000);  // refused while the INV_ALL is busy (or accepted after it)
        h.cover("refused_cmds");
      }
    }
    x.step();
  }
  x.wait_idle("last command");
  x.drain();
  x.read_all();
  static const char* names[] = {"req", "hit_4k", "hit_2m", "hit_1g", "walk_l1", "walk_l2", "walk_l3", "walk_l4",
                                "host_rd", "fill", "fill_stale", "f_noncanon", "f_not_present", "f_rsvd", "f_write",
                                "f_pid", "f_no_cr3", "err_busy", "err_cmd", "err_tag", "inv_done", "csr_err", "resp"};
  for (unsigned i = 0; i < NIC_XLAT_NSTAT; i++)
    if (i != NX_ST_ERR_TAG && i != NX_ST_CSR_ERR) h.cover(std::string("st_") + names[i], x.m.stat[i]);
  h.note("requests sent %" PRIu64 ", model req %u resp %u, RTL responses %" PRIu64 ", accepted %" PRIu64 "\n", sent, x.m.stat[NX_ST_REQ], x.m.stat[NX_ST_RESP], x.resp.count, h.inputs);
  h.check(x.m.stat[NX_ST_RESP] == x.m.stat[NX_ST_REQ] && x.m.stat[NX_ST_REQ] == sent, "m_resp",
          "one response per request (T6)");
  h.extra("ref_checked", double(x.ref_checked));
  h.extra("host_rd_per_req", double(x.m.stat[NX_ST_HOST_RD]) / double(sent));
  h.check(x.ref_checked > sent / 4, "m_resp", "a quarter of the responses checked against the reference walk");
  if (!vec.empty()) h.note("vectors written to %s (%" PRIu64 " cycles)\n", vec.c_str(), x.sim.cycle());
}


// ------------------------------------------------------------------ bench (docs/nic_xlat.md 7)
// A conventional TLB of the same total entries (PML4E + PDPE + PDE + PTE of this build), fully
// associative, LRU, holding leaf translations (4K / 2M / 1G) only: a miss walks all 4 levels.
struct Tlb {
  size_t cap;
  std::vector<std::pair<uint64_t, uint64_t>> e;  // (key, last use)
  uint64_t now = 0, reads = 0, misses = 0;
  explicit Tlb(size_t c) : cap(c) {}
  void access(Tables& t, unsigned pid, uint64_t va) {
    now++;
    nic_walk w{};
    nic_xlat_ref_walk(&t.mem, t.roots[pid], va, 0, &w);
    if (w.fault) { reads += w.reads, misses++; return; }  // faults are never cached
    const unsigned sh = 12 + 9 * w.size;
    const uint64_t key = (uint64_t(pid) << 48) | (uint64_t(w.size) << 46) | ((va & 0xffffffffffffull) >> sh);
    for (auto& x : e)
      if (x.first == key) { x.second = now; return; }
    reads += w.reads, misses++;
    if (e.size() < cap) { e.emplace_back(key, now); return; }
    auto v = std::min_element(e.begin(), e.end(), [](auto& a, auto& b) { return a.second < b.second; });
    *v = {key, now};
  }
};

static void scenario_bench(tb::Harness& h) {
  tb::Rng& r = h.rng;
  const size_t tlb_entries = size_t(TB_L4W) + size_t(TB_L3S) * TB_L3W + size_t(TB_L2S) * TB_L2W + size_t(TB_L1S) * TB_L1W;
  // (1) hits per cycle: 64 pages of one PID, warmed, then n requests back to back (--no-stall)
  {
    Xl x(h);
    x.t.roots.push_back(x.t.frame());
    uint64_t where;
    for (unsigned i = 0; i < 64; i++) x.t.map(x.t.roots[0], 0x40000000ull + 0x1000ull * i, 1, (0x100000000ull + 0x1000ull * i) | P | RW, &where);
    load_cr3s(x);
    x.lat_min = x.lat_max = 20;
    for (unsigned i = 0; i < 64; i++) x.req.push(Txn().add("pid", PID_IN_W, 0).add("va", 64, 0x40000000ull + 0x1000ull * i).add("write", 1, 0).add("id", ID_W, i));
    x.drain();
    {  // one hit alone: s_req handshake to m_resp handshake
      const uint64_t r1 = x.resp.count;
      x.req.push(Txn().add("pid", PID_IN_W, 0).add("va", 64, 0x40000000ull).add("write", 1, 0).add("id", ID_W, 0));
      x.sim.run_until([&] { return x.h.inputs > 0 && !x.req.busy(); }, "bench hit issue");
      const uint64_t c1 = x.sim.cycle();
      x.sim.run_until([&] { return x.resp.count > r1; }, "bench hit latency");
      h.note("bench: hit latency: %" PRIu64 " cycles (s_req handshake to m_resp handshake)\n", x.sim.cycle() - c1);
      h.extra("hit_latency_cycles", double(x.sim.cycle() - c1));
    }
    const uint64_t n = h.opt.n, c0 = x.sim.cycle(), r0 = x.resp.count;
    for (uint64_t i = 0; i < n; i++)
      x.req.push(Txn().add("pid", PID_IN_W, 0).add("va", 64, 0x40000000ull + 0x1000ull * r.below(64) + 8 * r.below(512)).add("write", 1, 0).add("id", ID_W, r.below(256)));
    x.sim.run_until([&] { return x.resp.count - r0 == n; }, "bench hits");
    const double tpc = double(n) / double(x.sim.cycle() - c0);
    h.note("bench: hits: %.3f translations per cycle (%" PRIu64 " requests, PTE hits)\n", tpc, n);
    h.extra("hit_translations_per_cycle", tpc);
  }
  // (2) miss latency: one request at a time, host reads answered after exactly L cycles
  for (unsigned lat : {10u, 50u}) {
    Xl x(h);
    build_tables(x.t, r, 2, 200);
    load_cr3s(x);
    x.lat_min = x.lat_max = lat;
    double sum[5] = {0}, cnt[5] = {0};
    for (unsigned k = 0; k < 400; k++) {
      const Mapping& mp = x.t.maps[r.below(x.t.maps.size())];
      // empty the caches of this PID first (the walk length is the point), sometimes not
      if (k % 2 == 0) x.cmd_wait(NX_OP_INV_ALL, 0);
      const uint32_t rd0 = x.m.stat[NX_ST_HOST_RD];
      const uint64_t c0 = x.sim.cycle(), r0 = x.resp.count;
      x.req.push(Txn().add("pid", PID_IN_W, mp.pid).add("va", 64, mp.va).add("write", 1, 0).add("id", ID_W, 0));
      x.sim.run_until([&] { x.host_step(); return x.resp.count > r0; }, "bench latency");
      const unsigned reads = x.m.stat[NX_ST_HOST_RD] - rd0;
      sum[reads] += double(x.sim.cycle() - c0), cnt[reads]++;
      x.drain();
    }
    for (unsigned k = 0; k <= 4; k++)
      if (cnt[k]) {
        h.note("bench: latency, host read latency %u: %u reads: %.1f cycles (s_req handshake to m_resp handshake, %u samples)\n",
               lat, k, sum[k] / cnt[k], unsigned(cnt[k]));
        h.extra("latency_l" + std::to_string(lat) + "_reads" + std::to_string(k), sum[k] / cnt[k]);
      }
  }
  // (3) host reads per translation: split caches (RTL) against the conventional TLB
  for (int pat = 0; pat < 3; pat++) {
    Xl x(h);
    uint64_t where;
    std::vector<std::pair<unsigned, uint64_t>> seq;
    const unsigned npid = pat == 2 ? NPID : 1;
    for (unsigned p = 0; p < npid; p++) x.t.roots.push_back(x.t.frame());
    if (pat < 2) {  // 64 MiB of 4 KiB pages (16,384 pages, 64 x the PTE cache)
      for (unsigned i = 0; i < 16384; i++)
        x.t.map(x.t.roots[0], 0x7f0000000000ull + 0x1000ull * i, 1, (0x200000000ull + 0x1000ull * i) | P | RW, &where);
      for (uint64_t i = 0; i < h.opt.n; i++)
        seq.emplace_back(0, pat == 0 ? 0x7f0000000000ull + 0x1000ull * r.below(16384) + 8 * r.below(512)
                                     : 0x7f0000000000ull + 64 * (i % (16384ull * 64)));
    } else {        // every PID: 32 pages in each of 2 regions 1 GiB apart (VA 0x7f..): 4,096 pages
      for (unsigned p = 0; p < npid; p++)
        for (unsigned g = 0; g < 2; g++)
          for (unsigned i = 0; i < 32; i++)
            x.t.map(x.t.roots[p], 0x7f0000000000ull + (uint64_t(g) << 30) + 0x1000ull * i * 7,
                    1, (0x300000000ull + (uint64_t(p) << 24) + (uint64_t(g) << 20) + 0x1000ull * i) | P | RW, &where);
      for (uint64_t i = 0; i < h.opt.n; i++)
        seq.emplace_back(unsigned(r.below(npid)), 0x7f0000000000ull + (r.below(2) << 30) + 0x1000ull * 7 * r.below(32));
    }
    load_cr3s(x);
    x.lat_min = 10, x.lat_max = 30;
    Tlb tlb(tlb_entries);
    const uint32_t rd0 = x.m.stat[NX_ST_HOST_RD];
    uint32_t w0[4];
    for (unsigned l = 0; l < 4; l++) w0[l] = x.m.stat[NX_ST_WALK_L1 + l];
    for (auto& q : seq) {
      tlb.access(x.t, q.first, q.second);
      while (x.req.queued() >= 4) x.step();
      x.req.push(Txn().add("pid", PID_IN_W, q.first).add("va", 64, q.second).add("write", 1, 0).add("id", ID_W, r.below(256)));
    }
    x.drain();
    const char* name[] = {"random_64MiB", "stream_64B", "many_pids"};
    const double reads = double(x.m.stat[NX_ST_HOST_RD] - rd0);
    double walks = 0;
    for (unsigned l = 0; l < 4; l++) walks += double(x.m.stat[NX_ST_WALK_L1 + l] - w0[l]);
    h.note("bench: %-12s split caches: %.3f host reads per translation, %.2f per walk (%.0f walks); "
           "TLB of %zu entries: %.3f per translation, %.2f per miss\n", name[pat], reads / double(seq.size()),
           walks ? reads / walks : 0.0, walks, tlb_entries, double(tlb.reads) / double(seq.size()),
           tlb.misses ? double(tlb.reads) / double(tlb.misses) : 0.0);
    h.extra(std::string(name[pat]) + "_reads_per_xlat", reads / double(seq.size()));
    h.extra(std::string(name[pat]) + "_reads_per_walk", walks ? reads / walks : 0.0);
    h.extra(std::string(name[pat]) + "_tlb_reads_per_xlat", double(tlb.reads) / double(seq.size()));
  }
}

// oracle: the page tables and queries of scripts/xlat_oracle.py (--tables FILE: lines "m PA VALUE",
// "c PID CR3", "q PID VA W", hex) through the RTL, in lockstep with the model as everywhere; the
// RTL's answers, one line "PA SIZE FAULT" per query in query order, go to --out FILE, which the
// script compares with Unicorn (docs/nic_xlat.md 3).
static void scenario_oracle(tb::Harness& h) {
  const std::string in = h.opt.get("tables"), out = h.opt.get("out");
  if (in.empty() || out.empty()) h.fail("oracle", "--tables FILE and --out FILE are needed");
  Xl x(h);
  std::ifstream f(in);
  if (!f) h.fail("oracle", "cannot read " + in);
  std::vector<Txn> qs;
  std::string line;
  unsigned npid = 0;
  while (std::getline(f, line)) {
    std::istringstream ls(line);
    char k = 0;
    ls >> k;
    uint64_t a = 0, b = 0, c = 0;
    ls >> std::hex >> a >> b;
    if (k == 'm') {
      x.t.wr(a, b);
    } else if (k == 'c') {
      if (a >= NPID) h.fail("oracle", "PID out of range in " + in);
      if (x.t.roots.size() <= a) x.t.roots.resize(a + 1, 0);
      x.t.roots[a] = b;
      npid = std::max(npid, unsigned(a) + 1);
    } else if (k == 'q') {
      ls >> c;
      qs.push_back(Txn().add("pid", PID_IN_W, a).add("va", 64, b).add("write", 1, c).add("id", ID_W, qs.size() % (1u << ID_W)));
    }
  }
  for (unsigned p = 0; p < npid; p++) {
    x.cmd_wait(NX_OP_LOAD_CR3, p, x.t.roots[p]);
    x.cr3[p] = x.t.roots[p];
  }
  const tb::Bp bp = tb::bp_kind(h);
  h.note("%s\n", tb::apply_backpressure(h, bp, {&x.rd, &x.resp}, {&x.req, &x.cpl}, 20, 300).c_str());
  std::vector<std::string> res(qs.size());
  std::map<unsigned, std::deque<size_t>> idx_by_id;
  size_t got = 0;
  x.on_resp = [&](const nic_xlat_req& rq, const nic_xlat_resp& rs) {
    auto& q = idx_by_id[rq.id];
    char b[64];
    std::snprintf(b, sizeof b, "%" PRIx64 " %u %u", rs.pa, rs.size, rs.fault);
    res[q.front()] = b;
    q.pop_front();
    got++;
  };
  for (size_t i = 0; i < qs.size();) {
    if (x.req.queued() < 3) {
      idx_by_id[unsigned(qs[i].get("id"))].push_back(i);
      x.req.push(qs[i++]);
    }
    x.step();
  }
  x.drain();
  if (got != qs.size()) h.fail("oracle", "not every query was answered");
  std::ofstream o(out);
  for (auto& r : res) o << r << "\n";
  h.extra("queries", double(qs.size()));
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 20000;
  tb::Harness h(argc, argv, "nic_xlat", "make sim BLOCK=nic_xlat SEED=<seed> N=<n> SCENARIO=<scenario> TRACE=1", dflt);
  h.run("csr", [&] { scenario_csr(h); });
  h.run("random", [&] { scenario_random(h); });
  if (!h.opt.get("tables").empty()) h.run("oracle", [&] { scenario_oracle(h); });
  if (h.opt.scenario == "bench") h.run("bench", [&] { scenario_bench(h); });
  return h.exit_code();
}
