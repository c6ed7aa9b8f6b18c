// tb_gb_csr.cpp -- the kernel module's register-level driver (sw/core/gb_csr.c, the same C file
// kbuild compiles into gpubar.ko) run against the Verilated gpubar_top through AXI4-Lite: the
// software path a lab machine runs, tested in CI (issue 14: the kmod on ACK_HEAD / ACK_POP; issue
// 15: the bring-up software drives the simulated card through the same register interface).
//
// The driver's rd / wr are blocking: each queues one AXI4-Lite operation on tb::AxilMaster and
// steps the simulation until it completes (the harness' device side runs every cycle meanwhile);
// now_us is the cycle count at 125 MHz (a timeout sub-test runs a clock scaled to 1 us per cycle).
// Device side (the data mover and the GPU): descriptors on s_desc, requests on m_req taken every
// cycle (reads answered on s_rc after 20..200 cycles unless held), completions on m_cpl.
//
// Independent checks (spec note 004 and docs/gpubar.md 3, not the C model): every payload request
// of a descriptor goes to entry[o >> 16] | (o & 0xFFFF) of the table the driver loaded (o = off0 +
// boff, boff counted from the user buffer start), 0 < len <= MPS, no 4 KiB crossing, contiguous boff, bytes sum to the descriptor's
// length; a descriptor with a stale generation, out of bounds or to a disarmed region completes
// with its error code and no request; after gb_csr_invalidate returns 0 no request of the region
// appears until the driver loads it again (R-9 / P4), and every write request of the region was
// followed by a flush read whose completion was delivered; ACKs are owed and popped in order; a refused
// LOAD (entry not 64 KiB aligned, R-6) returns -EINVAL; a held completion makes the driver's
// bounded wait return -ETIMEDOUT and the late ACK is popped by the next invalidate; an ACK
// nobody asked for (an INVALIDATE written behind the driver's back) is reported -EIO by gb_csr_reap.
// Rounds: --n (default 300) load / traffic / invalidate rounds over random regions, generations
// from 0xfffffff0 (the 16-bit wrap inside the run), MPS 128 / 256 / 512.
#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "Vgpubar_top.h"
#include "core.h"
#include "ports.h"
#include "sim.h"

extern "C" {
#include "../../sw/core/gb_csr.h"
}
#include "regs/gpubar_regs.h"

// the driver's register offsets are the generated map's (rdl/gpubar.rdl)
static_assert(offsetof(gpubar_t, ID) == GB_CSR_ID, "ID");
static_assert(offsetof(gpubar_t, PARAMS) == GB_CSR_PARAMS, "PARAMS");
static_assert(offsetof(gpubar_t, MPS) == GB_CSR_MPS, "MPS");
static_assert(offsetof(gpubar_t, CPL_TO) == GB_CSR_CPL_TO, "CPL_TO");
static_assert(offsetof(gpubar_t, REGION) == GB_CSR_REGION, "REGION");
static_assert(offsetof(gpubar_t, IDX) == GB_CSR_IDX, "IDX");
static_assert(offsetof(gpubar_t, DATA_LO) == GB_CSR_DATA_LO, "DATA_LO");
static_assert(offsetof(gpubar_t, DATA_HI) == GB_CSR_DATA_HI, "DATA_HI");
static_assert(offsetof(gpubar_t, OP) == GB_CSR_OP, "OP");
static_assert(offsetof(gpubar_t, STATUS) == GB_CSR_STATUS, "STATUS");
static_assert(offsetof(gpubar_t, ACK_HEAD) == GB_CSR_ACK_HEAD, "ACK_HEAD");
static_assert(offsetof(gpubar_t, ACK_POP) == GB_CSR_ACK_POP, "ACK_POP");
static_assert(offsetof(gpubar_t, ACK_CNT) == GB_CSR_ACK_CNT, "ACK_CNT");
static_assert(offsetof(gpubar_t, STAT[0]) == GB_CSR_STAT(0), "STAT");

using tb::Txn;

// code: the expected completion code; racing: submitted while the region's INVALIDATE may be
// accepted first, so GEN (1, no request) is also right
struct Desc { unsigned region; uint32_t off, len; bool write; bool racing = false; uint64_t got = 0; uint32_t next_boff = 0; unsigned code = 0; };

struct X {
  tb::Harness& h;
  tb::Sim<Vgpubar_top> sim;
  Vgpubar_top* top;
  tb::AxilMaster csr;
  tb::StreamSource desc, rc;
  tb::StreamSink req, cpl;
  tb::PostHook tick;
  gb_csr drv{};
  // device state
  unsigned mps = 128;
  bool hold_rc = false;
  uint64_t us_per_cycle_x125 = 1;                 // now_us = cycle * this / 125
  std::multimap<uint64_t, unsigned> rc_due;       // cycle -> tag
  std::map<unsigned, Desc> descs;                 // id -> descriptor in flight
  unsigned next_id = 0;
  // the table as the driver loaded it, per region: entries, off0, ulen, armed, revoked
  // writes: write requests issued; flushed: writes covered by a flush read whose completion was
  // delivered (s_rc accepted)
  struct Reg { std::vector<uint64_t> e; uint32_t off0 = 0; uint64_t ulen = 0; bool armed = false, revoked = false;
               uint64_t writes = 0, flushed = 0; };
  std::map<unsigned, std::pair<unsigned, uint64_t>> flush_tag;   // tag -> (region, writes covered)
  std::vector<Reg> regs;
  uint64_t nreq = 0, ncpl = 0, nbytes = 0, nerr_cpl = 0;

  explicit X(tb::Harness& harness)
      : h(harness), sim(harness), top(sim.top.get()), csr(sim, "s_axil", TB_AXIL(top, s_axil)),
        desc(sim, "s_desc", TB_HS(top, s_desc),
             [this](const Txn& t) {
               top->s_desc_id = uint8_t(t.get("id"));
               top->s_desc_region = uint8_t(t.get("region"));
               top->s_desc_gen = uint16_t(t.get("gen"));
               top->s_desc_off = uint32_t(t.get("off"));
               top->s_desc_len = uint32_t(t.get("len"));
               top->s_desc_write = uint8_t(t.get("write"));
             }),
        rc(sim, "s_rc", TB_HS(top, s_rc),
           [this](const Txn& t) {
             top->s_rc_tag = uint8_t(t.get("tag"));
             top->s_rc_err = 0;
           }),
        req(sim, "m_req", TB_HS(top, m_req),
            [this]() {
              return Txn().add("addr", 64, top->m_req_addr).add("len", 10, top->m_req_len).add("write", 1, top->m_req_write)
                  .add("tag", 8, top->m_req_tag).add("region", 8, top->m_req_region).add("id", 8, top->m_req_id)
                  .add("boff", 32, top->m_req_boff).add("last", 1, top->m_req_last).add("flush", 1, top->m_req_flush);
            }),
        cpl(sim, "m_cpl", TB_HS(top, m_cpl),
            [this]() {
              return Txn().add("id", 8, top->m_cpl_id).add("region", 8, top->m_cpl_region).add("code", 2, top->m_cpl_code);
            }),
        tick(sim, "device", [this] { device(); }) {
    // the device side stalls its request and completion sinks (--stall, random per cycle); the
    // descriptor and s_rc sources and the CSR master do not
    for (tb::Agent* a : std::vector<tb::Agent*>{&desc, &rc, &csr}) a->profile(0.0);
    rc.on_accept = [this](const Txn& t) {
      auto it = flush_tag.find(unsigned(t.get("tag")));
      if (it == flush_tag.end()) return;
      Reg& g = regs.at(it->second.first);
      g.flushed = std::max(g.flushed, it->second.second);
      flush_tag.erase(it);
    };
    req.on_capture = [this](const Txn& t) { on_req(t); };
    cpl.on_capture = [this](const Txn& t) { on_cpl(t); };
  }

  // ------------------------------------------------------------ device side
  void device() {
    const uint64_t now = sim.cycle();
    while (!hold_rc && !rc_due.empty() && rc_due.begin()->first <= now) {
      rc.push(Txn().add("tag", 8, rc_due.begin()->second));
      rc_due.erase(rc_due.begin());
    }
  }
  void on_req(const Txn& t) {
    const unsigned region = unsigned(t.get("region")), id = unsigned(t.get("id"));
    nreq++;
    if (!t.get("write")) rc_due.emplace(sim.cycle() + h.rng.range(20, 200), unsigned(t.get("tag")));
    Reg& g = regs.at(region);
    if (g.revoked) h.fail("m_req", "a request to a region after its invalidation's ACK (R-9, P4)", "  " + t.str());
    if (t.get("flush")) {
      flush_tag[unsigned(t.get("tag"))] = {region, g.writes};
      return;
    }
    if (t.get("write")) g.writes++;
    auto it = descs.find(id);
    if (it == descs.end() || it->second.region != region) h.fail("m_req", "a request of no descriptor in flight", "  " + t.str());
    Desc& d = it->second;
    const uint64_t len = t.get("len"), boff = t.get("boff"), addr = t.get("addr");
    const uint64_t o = uint64_t(g.off0) + boff;   // boff: k from the user buffer start
    const uint64_t want = g.e.at(size_t(o >> 16)) | (o & 0xffff);
    if (addr != want)
      h.fail("m_req", "address is not entry[o >> 16] | (o & 0xFFFF) of the table the driver loaded",
             "  " + t.str() + "\n  expected addr " + std::to_string(want));
    if (len == 0 || len > mps || (addr & 4095) + len > 4096) h.fail("m_req", "request length / 4 KiB rule broken", "  " + t.str());
    if (boff != d.next_boff) h.fail("m_req", "requests of a descriptor are not contiguous", "  " + t.str());
    d.next_boff = uint32_t(boff + len);
    d.got += len;
    nbytes += len;
    h.check(true, "m_req", "address");
  }
  void on_cpl(const Txn& t) {
    const unsigned id = unsigned(t.get("id"));
    auto it = descs.find(id);
    if (it == descs.end()) h.fail("m_cpl", "completion of no descriptor in flight", "  " + t.str());
    Desc& d = it->second;
    const unsigned code = unsigned(t.get("code"));
    if (code != d.code && !(d.racing && code == 1)) h.fail("m_cpl", "completion code", "  " + t.str() + "  expected code " + std::to_string(d.code));
    if (code == 0 && d.got != d.len) h.fail("m_cpl", "OK completion without every byte requested");
    if (code != 0 && d.got != 0) h.fail("m_cpl", "error completion of a descriptor that issued requests");
    h.check(true, "m_cpl", "code");
    ncpl++;
    if (code) nerr_cpl++;
    descs.erase(it);
  }

  // ------------------------------------------------------------ blocking register access
  uint32_t rd(uint32_t off) {
    bool done = false;
    uint32_t v = 0;
    unsigned resp = 0;
    csr.read(off, [&](unsigned r, uint32_t d) { done = true, v = d, resp = r; });
    while (!done) sim.step();
    if (resp) h.fail("s_axil", "driver read got SLVERR", "  offset " + std::to_string(off));
    return v;
  }
  void wr(uint32_t off, uint32_t val) {
    bool done = false;
    unsigned resp = 0;
    csr.write(off, val, [&](unsigned r, uint32_t) { done = true, resp = r; });
    while (!done) sim.step();
    if (resp) h.fail("s_axil", "driver write got SLVERR", "  offset " + std::to_string(off));
  }
  static uint32_t io_rd(void* io, uint32_t off) { return static_cast<X*>(io)->rd(off); }
  static void io_wr(void* io, uint32_t off, uint32_t v) { static_cast<X*>(io)->wr(off, v); }
  static uint64_t io_now(void* io) {
    X* x = static_cast<X*>(io);
    return x->sim.cycle() * x->us_per_cycle_x125 / 125;
  }
  static void io_relax(void* io) { static_cast<X*>(io)->sim.step(); }

  // ------------------------------------------------------------ traffic
  // one descriptor; expected code from the driver-side view of the region (docs/gpubar.md 3)
  void submit(unsigned region, uint16_t gen, bool gen_ok, uint32_t off, uint32_t len, bool write, bool racing = false) {
    const Reg& g = regs[region];
    Desc d{region, off, len, write, racing};
    d.next_boff = off;
    if (!g.armed || !gen_ok) d.code = 1;
    else if (len == 0 || uint64_t(off) + len > g.ulen) d.code = 3;
    else d.code = 0;                         // the driver loads every page it arms
    const unsigned id = next_id++ & 0xff;
    while (descs.count(id)) sim.step();
    descs[id] = d;
    desc.push(Txn().add("id", 8, id).add("region", 4, region).add("gen", 16, gen).add("off", 32, off).add("len", 32, len)
                  .add("write", 1, write));
  }
  void drain(uint64_t limit = 400000) {
    const uint64_t c0 = sim.cycle();
    while ((!descs.empty() || desc.busy()) && sim.cycle() - c0 < limit) sim.step();
    if (!descs.empty()) h.fail("drain", "descriptors without completion", sim.pending_report());
  }
};

static void expect_rc(tb::Harness& h, const char* what, int got, int want) {
  if (got != want)
    h.fail("driver", std::string(what) + " returned " + std::to_string(got) + ", expected " + std::to_string(want));
  h.check(true, "driver", what);
}

static void scenario(tb::Harness& h) {
  X x(h);
  x.sim.reset();
  for (int i = 0; i < 64; i++) x.sim.step();        // INIT sweep of the tables (NR cycles)
  gb_csr_io io{X::io_rd, X::io_wr, X::io_now, X::io_relax, &x};
  expect_rc(h, "gb_csr_probe", gb_csr_probe(&x.drv, &io), 0);
  if (x.drv.nr != 16 || x.drv.ne != 64) h.fail("driver", "PARAMS decoded wrong");
  x.regs.assign(x.drv.nr, {});
  tb::Rng& r = h.rng;
  uint32_t gen = 0xfffffff0u;                        // the core's generations: never 0, 32-bit wrap
  std::vector<uint32_t> rgen(x.drv.nr, 0);
  const unsigned mpsv[3] = {128, 256, 512};
  for (uint64_t round = 0; round < h.opt.n; round++) {
    if (round % 50 == 0) {
      x.mps = mpsv[r.below(3)];
      expect_rc(h, "gb_csr_set_mps", gb_csr_set_mps(&x.drv, x.mps, uint32_t(r.bits(16))), 0);
    }
    const unsigned s = unsigned(r.below(x.drv.nr));
    const uint32_t n = uint32_t(r.range(1, x.drv.ne));
    std::vector<uint64_t> a(n);
    for (auto& e : a) e = (r.bits(32) << 16) & 0xffffffffff0000ull;
    const uint32_t off0 = uint32_t(r.below(0x10000));
    const uint64_t ulen = r.range(1, uint64_t(n) * 0x10000 - off0);
    if (++gen == 0) gen = 1;
    // a refused LOAD now and then: the region must end disarmed
    const bool bad = r.chance(0.05);
    if (bad) a[r.below(n)] |= 0x1000;
    const int lr = gb_csr_load(&x.drv, s, gen, a.data(), n, off0, ulen);
    X::Reg& g = x.regs[s];
    g.revoked = false;
    if (bad) {
      expect_rc(h, "gb_csr_load (entry not 64 KiB aligned)", lr, -EINVAL);
      g.armed = false;
    } else {
      expect_rc(h, "gb_csr_load", lr, 0);
      g.e = a, g.off0 = off0, g.ulen = ulen, g.armed = true, rgen[s] = gen;
    }
    // traffic to this region (and a few stale generations)
    const bool drain_first = r.chance(0.5);
    const unsigned nd = unsigned(r.range(1, 12));
    for (unsigned i = 0; i < nd; i++) {
      const bool stale = r.chance(0.1);
      const uint32_t off = uint32_t(r.below(ulen + 2));
      const uint32_t len = uint32_t(r.chance(0.05) ? r.range(0, ulen + 64) : r.range(1, std::min<uint64_t>(ulen - std::min<uint64_t>(off, ulen) + 1, 9000)));
      const uint16_t dg = uint16_t(stale ? rgen[s] - 1 - r.below(3) : rgen[s]);
      x.submit(s, dg, !stale && g.armed, off, len, r.chance(0.5), !drain_first);
    }
    if (drain_first) x.drain();
    // revoke (half the rounds with descriptors still in flight): the ACK must come (bounded), and
    // from then on nothing may reach the region
    expect_rc(h, "gb_csr_invalidate", gb_csr_invalidate(&x.drv, s, 10), 0);
    if (g.flushed != g.writes)
      h.fail("driver", "invalidate returned before the region's writes were flushed by a completed read (R-7, R-9)",
             "  writes " + std::to_string(g.writes) + ", flushed " + std::to_string(g.flushed));
    h.check(true, "driver", "flushed before the ACK");
    g.revoked = true, g.armed = false;
    x.drain();
    // a descriptor with the old generation now: GEN, no request
    x.submit(s, uint16_t(rgen[s]), false, 0, 64, true);
    x.drain();
  }
  // bounded wait: hold every read completion; a read descriptor is then stuck until cpl_to
  const unsigned s = 3;
  if (++gen == 0) gen = 1;
  std::vector<uint64_t> a(4);
  for (auto& e : a) e = (r.bits(24) << 16);
  expect_rc(h, "gb_csr_load (timeout test)", gb_csr_load(&x.drv, s, gen, a.data(), 4, 0, 4 * 0x10000), 0);
  x.regs[s].e = a, x.regs[s].off0 = 0, x.regs[s].ulen = 4 * 0x10000, x.regs[s].armed = true, x.regs[s].revoked = false;
  x.wr(GB_CSR_CPL_TO, 30000);                        // completion timeout 30,000 cycles
  x.hold_rc = true;
  x.submit(s, uint16_t(gen), true, 0, 512, false);
  for (int i = 0; i < 50; i++) x.sim.step();
  x.us_per_cycle_x125 = 125;                         // 1 us per cycle: 10 ms = 10,000 cycles < cpl_to
  expect_rc(h, "gb_csr_invalidate (completion held)", gb_csr_invalidate(&x.drv, s, 10), -ETIMEDOUT);
  x.regs[s].revoked = true, x.regs[s].armed = false;
  // the timed-out read retires at cpl_to (R-11 / R-12: the drain waits on nothing from the GPU)
  x.descs.begin()->second.code = 0;
  x.drain();
  x.hold_rc = false;
  x.rc_due.clear();
  // the late ACK is owed: the next invalidate of the region pops it and its own
  expect_rc(h, "gb_csr_invalidate (after a timeout)", gb_csr_invalidate(&x.drv, s, 100), 0);
  if (x.drv.timeouts != 1) h.fail("driver", "timeouts counter");
  // an ACK nobody asked for: INVALIDATE written behind the driver's back
  x.wr(GB_CSR_REGION, 5), x.wr(GB_CSR_IDX, 0), x.wr(GB_CSR_DATA_LO, 0), x.wr(GB_CSR_DATA_HI, 0x80000000u), x.wr(GB_CSR_OP, 5);
  for (int i = 0; i < 400; i++) x.sim.step();
  expect_rc(h, "gb_csr_reap (unowed ACK)", gb_csr_reap(&x.drv), -EIO);
  expect_rc(h, "gb_csr_reap (empty)", gb_csr_reap(&x.drv), 0);
  // the RTL's ACK count and the driver's agree: every INVALIDATE written was ACKed once
  const uint32_t ack_cnt = x.rd(GB_CSR_ACK_CNT);
  if (ack_cnt != uint32_t(x.drv.acks + x.drv.stale_acks))
    h.fail("driver", "ACK_CNT differs from the ACKs the driver popped", "  ACK_CNT " + std::to_string(ack_cnt) +
           ", popped " + std::to_string(x.drv.acks + x.drv.stale_acks));
  h.check(true, "driver", "ACK_CNT");
  h.extra("ops", double(x.drv.ops));
  h.note("gb_csr: %" PRIu64 " rounds, %" PRIu64 " cfg ops (%" PRIu64 " refused), %" PRIu64 " ACKs popped, %" PRIu64
         " requests (%" PRIu64 " bytes), %" PRIu64 " completions (%" PRIu64 " errors), %" PRIu64 " cycles\n",
         h.opt.n, x.drv.ops, x.drv.refused, x.drv.acks, x.nreq, x.nbytes, x.ncpl, x.nerr_cpl, x.sim.cycle());
}

int main(int argc, char** argv) {
  tb::Options dflt;
  dflt.n = 300;
  tb::Harness h(argc, argv, "gb_csr", "make sw-rtl-sw SEED=<seed>", dflt);
  h.run("driver", [&] { scenario(h); });
  return h.exit_code();
}
