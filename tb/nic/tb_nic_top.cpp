// tb_nic_top.cpp -- end-to-end testbench of nic_top (issue 12 "End to end"; docs/nic.md 6): two
// nic_top instances (A, B) of one Verilated model in one process, back to back.
//
// Wiring (every link through the testbench, so no combinational path crosses the two models):
//   A.m_net -> link FIFO (random ready / random valid) -> B.s_net, and B.m_net -> ... -> A.s_net;
//   A.m_credit -> delay line (1..CRED_DLY cycles) -> B.s_credit, and B.m_credit -> A.s_credit.
//   Each NIC has its own host, cmodel/nic_host (docs/nic.md 2.4): sparse memory holding the x86-64
//   page tables, command rings, consumer write-back words, EQ rings and the processes' buffers;
//   reads answered after 100..600 cycles (--lat-min / --lat-max), split at random 64-byte
//   boundaries, completions of different tags interleaved; random read / write ready.
// Configuration (AXI4-Lite, 16-bit addresses, 4 KiB window per block; cmodel/regs/<blk>_regs.h):
//   top: NID, MACs, IPs, path MTU (random per seed 256..4096); nic_xlat: CR3 per PID; nic_cmdq: the
//   queues (owner PID, VN, PIO or RING with ring base / log size, write-back address); nic_txdma:
//   CRED_MAX per VC = the peer nic_rxdma's slice lines of that VN (read from the peer, capped at the
//   register width); nic_rxdma: defaults; nic_eq: one EQ per sending queue of the peer (256 events).
// Processes: 3 PIDs per NIC own the queues; each queue sends to one target PID of the peer.
//   Buffers: per queue a source arena in the owner's VA space (on the sender) and a target arena in
//   the target PID's VA space (on the receiver), 4 MiB each, made of 4 KiB pages scattered in PA
//   and (30 %) 2 MiB pages; page tables built here in host memory and cross-checked with the
//   reference walk nic_xlat_ref_walk. FIFO allocation in the arenas: a buffer is reused only after
//   its message's event was consumed.
// Doorbells: PIO commands written as 8-byte stores with random byte-subset strobes in random order
//   (pieces of different commands interleaved; sometimes one 8-beat burst), RING commands written
//   into the ring in host memory then a producer-index doorbell (batched at random). Credits: a PIO
//   slot / ring entry is written only when the consumer index the NIC wrote back allows it.
// Messages: 1 B .. 1 MiB, log-uniform in three bands (--big-pct, default: 90 % <= 4 KiB, 9 % up to
//   64 KiB, 1 % up to 1 MiB); source and target VA 32-byte aligned; random payload bytes; target
//   range and 32 guard bytes on each side filled with a pattern before the doorbell. About 1 % bad
//   commands (len 0, len > 1 MiB, VA misaligned, VA non-canonical) and one queue per NIC with
//   VN = N_VN: every bad command must be refused (the top's CMD_REFUSED counter, nothing sent).
// Checks (expected values from what the processes wrote, never from the RTL):
//   - every event of the receiver's EQs (consumed as tb_nic_eq.cpp's host consumer: phase bit,
//     EQ number, index; then the CONS_DB doorbell): j 0, last 1, src NID, msg id, length, target
//     PID, status 0, VN, EQ handle, zero bytes 18..31; the event of queue q's message k is the k-th
//     event of q's EQ (messages complete in order per queue = per VN context);
//   - at each event: every byte of the target buffer equals the source bytes, the 32 bytes before
//     and the bytes after it (to the end of its 32-byte line + 32) still hold the fill pattern
//     (the event is posted only after the message's data writes);
//   - msg ids: every id 0 .. accepted-1 of a sender exactly once (mod 2^16), increasing per queue;
//   - host protocol checks of nic_host (read length / 4 KiB crossing / tag reuse, write beats);
//     doorbell-window B responses OKAY; CSR responses OKAY;
//   - watchdog: no handshake on any host / network / doorbell port for --stall-limit cycles while
//     work is pending fails the run;
//   - at the end: no further event; counters over AXI4-Lite: top CMD_REFUSED = bad commands sent,
//     cmdq cmd_pio / cmd_ring = commands written per mode and no drops, txdma msgs = accepted,
//     CRED = CRED_MAX (every credit came back), rxdma msgs = accepted and no refusals, pkt_rx OK
//     only, eq EVENTS = accepted and no drops, xlat no faults.
// Options: --seed N, --msgs N (messages per direction; --n is the same), --trace (FST waveforms
//   build/trace/nic_top_e2e_s<seed>_{A,B}.fst), --one-way (A -> B only), --big-pct P (percent of
//   messages over 4 KiB), --lat-min / --lat-max, --stall-limit N, --quiet; --fault data|guard|event|lost; --pcap FILE (the first 3,000
//   packets NIC A sends, for scripts/nic_pkt_check.py: make oracles-nic_top);
//   --bench tput|hol (make bench-nic_top; A -> B only, no stalls, no host splits or refusals,
//   host read latency --lat (default 500), MRRS / MPS codes --mrrs / --mps (default 5 = 4096 B),
//   path MTU 4096, every byte and event still checked): tput sends --msgs messages of --len bytes
//   (default 65536) round-robin over the queues of VNs 0 .. --vns - 1 and prints payload bytes per
//   cycle from the first command to the last event; hol sends a --small (64) byte message on VN 1
//   alone, then a --big (1 MiB) one on VN 0 and --gap (1000) cycles later the small one again, and
//   prints each one's command-to-event cycles (--json FILE appends the line); --pages mix|4k|2m
//   (default mix: 30 % of the arenas' 2 MiB chunks as one 2 MiB page, the rest 4 KiB pages;
//   --pages-a / --pages-b set one NIC's: the sender's sources, the receiver's targets)
//   (harness self-test on A's fifth message: an expected byte, a guard byte in memory, an expected event
//   field wrong, or the command sent with length 0 while a delivery is expected: each must be reported).
#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>
#include <chrono>
#include <cmath>
#include <ctime>

#include "Vnic_top.h"
#include "core.h"
#include "pcap.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "nic_host.h"
#include "nic_xlat.h"
#include "regs/nic_cmdq_regs.h"
#include "regs/nic_eq_regs.h"
#include "regs/nic_pkt_rx_regs.h"
#include "regs/nic_rxdma_regs.h"
#include "regs/nic_txdma_regs.h"
#include "regs/nic_xlat_regs.h"
#include "regs/nic_top_regs.h"
}

#ifndef TB_HTAG_W
#define TB_HTAG_W 10
#endif

namespace {

// NQ, N_SLOT, N_VN: the instance's, read from the PARAMS registers (top, nic_cmdq) after reset
unsigned NQ = 16, N_SLOT = 8, N_VN = 2;
constexpr unsigned HTAG_W = TB_HTAG_W;
constexpr uint32_t W_TOP = 0x0000, W_CMDQ = 0x1000, W_TXDMA = 0x2000, W_RXDMA = 0x3000, W_PKT_RX = 0x4000,
                   W_XLAT = 0x5000, W_EQ = 0x6000;
#define OFS(t, r) uint32_t(offsetof(t, r))
#define TOPA(r) uint32_t(W_TOP + offsetof(nic_top_t, r))

constexpr uint64_t PTE_P = 1, PTE_RW = 2, PTE_US = 4, PTE_PS = 0x80, PTE_ADDR = 0x000ffffffffff000ull;
constexpr uint64_t ARENA = 4ull << 20;  // bytes of VA per queue arena (two 2 MiB chunks)
constexpr uint64_t ARENA_PAD = 64;      // arena offset 0 is at VA base + 64 (room for the pre-guard)
constexpr unsigned GUARD = 32;
constexpr unsigned MAX_INFLIGHT = 24;   // messages in flight per queue (the EQ has 256 entries)
constexpr unsigned EQ_LOG2 = 8;
constexpr unsigned LINK_CAP = 8;        // link FIFO beats
constexpr uint64_t PCAP_MAX = 3000;     // --pcap: packets written at most
constexpr unsigned CRED_DLY = 20;

tb::Options opt;
uint64_t g_cycle = 0;
std::string g_repro;
std::function<void()> g_on_fail;  // closes the traces

[[noreturn]] void fail(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void fail(const char* fmt, ...) {
  char b[4096];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  std::fflush(stdout);
  std::fprintf(stderr, "E2E FAIL (nic_top, seed %" PRIu64 ", cycle %" PRIu64 "): %s\n  reproduce: %s\n", opt.seed, g_cycle,
               b, g_repro.c_str());
  if (g_on_fail) g_on_fail();
  std::exit(1);
}

// fill pattern of guard / target bytes before the message lands
inline uint8_t fill_byte(uint64_t va) { return uint8_t(0xA5 ^ (va * 0x9D) ^ (va >> 8)); }

// ------------------------------------------------------------------ Verilator wide-port helpers
template <size_t N>
void wide_set(VlWide<N>& w, const uint8_t* b) {
  for (size_t i = 0; i < N; i++)
    w[i] = uint32_t(b[4 * i]) | uint32_t(b[4 * i + 1]) << 8 | uint32_t(b[4 * i + 2]) << 16 | uint32_t(b[4 * i + 3]) << 24;
}
template <size_t N>
void wide_get(const VlWide<N>& w, uint8_t* b) {
  for (size_t i = 0; i < N; i++)
    for (unsigned k = 0; k < 4; k++) b[4 * i + k] = uint8_t(w[i] >> (8 * k));
}

static double g_p2m[2] = {0.3, 0.3};  // share of 2 MiB pages in NIC A's / B's arenas (--pages 4k: 0, 2m: 1)

struct Beat {
  uint8_t d[32];
  uint32_t keep;
  bool last;
};

// ------------------------------------------------------------------ per-NIC memory layout
struct Arena {  // FIFO allocator over [0, size)
  uint64_t va = 0, size = ARENA - 2 * ARENA_PAD;
  uint64_t head = 0;
  std::deque<std::pair<uint64_t, uint64_t>> live;  // (off, need) in allocation order
  bool alloc(uint64_t need, uint64_t* off) {
    if (need > size) return false;
    if (live.empty()) head = 0;
    const uint64_t tail = live.empty() ? 0 : live.front().first;
    uint64_t o;
    if (live.empty() || head > tail) {
      if (head + need <= size) o = head;
      else if (need <= tail) o = 0;
      else return false;
    } else {  // wrapped: free space is [head, tail)
      if (head + need <= tail) o = head;
      else return false;
    }
    live.emplace_back(o, need);
    head = o + need;
    *off = ARENA_PAD + o;
    return true;
  }
  void free_oldest() { live.pop_front(); }
};

struct Nic;

struct Msg {
  unsigned q;
  uint32_t len;
  uint64_t src_va, dst_va;
  std::vector<uint8_t> data;
  unsigned tpid, eqh, vn;
  uint64_t t_issue;
};

struct Queue {
  unsigned q = 0;
  bool used = false, ring = false, bad_vn = false;
  unsigned vn = 0, pid = 0, tpid = 0, eq = 0;
  unsigned log_size = 0;
  uint64_t ring_pa = 0, wb_pa = 0;
  uint16_t next = 0, rung = 0;  // commands written; RING: producer index doorbelled
  unsigned db_pending = 0;      // doorbells queued in the master
  std::deque<Msg*> inflight;
  Arena src, dst;
  int last_id = -1;
  uint64_t n_cmds = 0;
};

struct CsrOp {
  bool wr;
  uint16_t addr;
  uint32_t data;
  uint32_t* out;
};

struct Burst {
  uint32_t addr;
  std::vector<std::pair<uint64_t, uint8_t>> beats;  // (data, strb)
};

struct Nic {
  char nm;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vnic_top> top;
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> fst;
#endif
  nic_host host{};
  Nic* peer = nullptr;
  tb::PcapWriter* pcap = nullptr;   // --pcap: this NIC's output packets (NIC A only)
  std::vector<uint8_t> pkt;         // the packet being assembled for the pcap
  tb::Rng rng;
  uint16_t nid = 0;
  // page tables
  uint64_t pt_next = 0x01000000;   // table frames
  uint64_t phys_next = 0x20000000; // rings, write-back words, EQ rings
  std::set<uint64_t> frames4k, frames2m;
  std::unordered_map<unsigned, uint64_t> root;                               // pid -> PML4 PA
  std::unordered_map<unsigned, std::unordered_map<uint64_t, uint64_t>> vmap;  // pid -> (vpn 4K -> frame PA)
  std::vector<unsigned> pids;
  // queues (sending side) and EQs (receiving side)
  std::vector<Queue> qs;
  struct Eq { bool en = false; uint64_t base = 0; uint32_t cons = 0; Queue* src = nullptr; };
  std::vector<Eq> eqs;
  unsigned ne = 0, log2max = 0;
  uint32_t imask = 0;
  // inputs held
  bool cpl_v = false;
  nic_host_beat cb{};
  std::deque<Beat> net_in;  // beats from the peer's m_net
  bool s_net_v = false;
  std::deque<std::pair<uint64_t, uint32_t>> cred_in;  // (due cycle, vc << 8 | n)
  bool s_cred_v = false;
  // AXI4-Lite master
  std::deque<CsrOp> csrq;
  bool c_aw = false, c_w = false, c_ar = false, c_bwait = false, c_rwait = false;
  // AXI4 doorbell master
  std::deque<Burst> db_fifo;           // doorbells: in order
  std::vector<Burst> pio_pool;         // PIO stores: any order
  bool db_active = false, db_aw = false, db_wait_b = false;
  Burst db_cur;
  size_t db_beat = 0;
  unsigned db_id = 0;
  // sampled handshakes of the cycle
  bool h_rd = false, h_cpl = false, h_wr = false, h_nout = false, h_nin = false, h_cred = false;
  bool h_caw = false, h_cw = false, h_cb = false, h_car = false, h_cr = false, h_daw = false, h_dw = false, h_db = false;
  uint64_t rd_addr = 0;
  unsigned rd_len = 0, rd_tag = 0;
  uint64_t wr_addr = 0;
  unsigned wr_len = 0;
  bool wr_last = false;
  uint8_t wr_data[32];
  Beat nout{};
  uint32_t cred_out = 0;
  uint32_t c_bresp = 0, c_rresp = 0, c_rdata = 0, d_bresp = 0, d_bid = 0;
  // statistics
  uint32_t note_cred[4] = {};
  uint64_t bytes_sent = 0;
  uint64_t sent = 0, accepted = 0, bad_sent = 0, pio_cmds = 0, ring_cmds = 0;
  uint64_t events = 0, bytes_checked = 0, guard_checked = 0, rx_msgs = 0;
  std::vector<uint32_t> id_seen;  // events carrying msg id v (sender's ids, on the receiver)
  bool in_reset = false;
  double p_link_stall = 0.2, p_nvalid = 0.1, p_bready = 0.2, p_dbvalid = 0.1;

  ~Nic() {
    if (top) top->final();
#if VM_TRACE_FST
    if (fst) fst->close();
#endif
    nic_host_free(&host);
  }

  // -------------------------------------------------------------- memory helpers
  uint64_t va2pa(unsigned pid, uint64_t va) const {
    auto it = vmap.find(pid);
    if (it == vmap.end()) fail("%c: no page map for PID %u", nm, pid);
    auto f = it->second.find(va >> 12);
    if (f == it->second.end()) fail("%c: VA %#" PRIx64 " of PID %u not mapped by the tb", nm, va, pid);
    return f->second | (va & 0xfff);
  }
  void vwrite(unsigned pid, uint64_t va, const uint8_t* b, size_t n) {
    while (n) {
      const size_t k = std::min<uint64_t>(n, 0x1000 - (va & 0xfff));
      if (nic_host_mem_write(&host, va2pa(pid, va), b, k) != NIC_HOST_OK) fail("%c: host memory write", nm);
      va += k, b += k, n -= k;
    }
  }
  void vread(unsigned pid, uint64_t va, uint8_t* b, size_t n) const {
    while (n) {
      const size_t k = std::min<uint64_t>(n, 0x1000 - (va & 0xfff));
      nic_host_mem_read(&host, va2pa(pid, va), b, k);
      va += k, b += k, n -= k;
    }
  }
  uint64_t pt_frame() {
    const uint64_t f = pt_next;
    pt_next += 0x1000;
    return f;
  }
  uint64_t phys_alloc(uint64_t n, uint64_t align) {
    phys_next = (phys_next + align - 1) & ~(align - 1);
    const uint64_t a = phys_next;
    phys_next += n;
    return a;
  }
  static unsigned pidx(uint64_t va, unsigned lv) { return unsigned(va >> (12 + 9 * (lv - 1))) & 0x1ff; }
  void map_page(unsigned pid, uint64_t va, unsigned level, uint64_t frame) {
    uint64_t table = root.at(pid);
    for (unsigned lv = 4; lv > level; lv--) {
      const uint64_t a = table + 8 * pidx(va, lv);
      uint64_t x = nic_hostmem_read64(&host.mem, a);
      if (!(x & PTE_P)) {
        x = pt_frame() | PTE_P | PTE_RW | PTE_US;
        nic_hostmem_write64(&host.mem, a, x);
      } else if (x & PTE_PS) {
        fail("%c: tb page tables: VA %#" PRIx64 " under a large page", nm, va);
      }
      table = x & PTE_ADDR;
    }
    const uint64_t a = table + 8 * pidx(va, level);
    if (nic_hostmem_read64(&host.mem, a) & PTE_P) fail("%c: tb page tables: VA %#" PRIx64 " mapped twice", nm, va);
    nic_hostmem_write64(&host.mem, a, frame | PTE_P | PTE_RW | (rng.chance(0.5) ? PTE_US : 0) | (level > 1 ? PTE_PS : 0));
    auto& m = vmap[pid];
    const unsigned n4 = level == 2 ? 512 : 1;
    for (unsigned i = 0; i < n4; i++) m[(va >> 12) + i] = frame + 0x1000ull * i;
  }
  // an arena of ARENA bytes at va (2 MiB aligned) for pid: 2 MiB chunks, each a 2 MiB page (30 %)
  // or 512 4 KiB pages at random frames
  void map_arena(unsigned pid, uint64_t va) {
    for (uint64_t c = 0; c < ARENA; c += 2ull << 20) {
      if (rng.chance(g_p2m[nm == 'B'])) {
        uint64_t f;
        do f = (uint64_t(rng.range(1, 2047)) << 21) | (1ull << 36); while (!frames2m.insert(f).second);
        map_page(pid, va + c, 2, f);
      } else {
        for (unsigned i = 0; i < 512; i++) {
          uint64_t f;
          do f = (rng.range(1ull << 18, (1ull << 24) - 1)) << 12; while (!frames4k.insert(f).second);
          map_page(pid, va + c + 0x1000ull * i, 1, f);
        }
      }
    }
    // cross-check the tables with the reference walk (random VAs of the arena, read and write)
    for (unsigned k = 0; k < 16; k++) {
      const uint64_t v = va + rng.below(ARENA);
      nic_walk w{};
      nic_xlat_ref_walk(&host.mem, root.at(pid), v, int(k & 1), &w);
      if (w.fault || w.pa != va2pa(pid, v))
        fail("%c: tb page tables disagree with nic_xlat_ref_walk: PID %u VA %#" PRIx64 " fault %u PA %#" PRIx64
             " (tb %#" PRIx64 ")", nm, pid, v, w.fault, w.pa, va2pa(pid, v));
    }
  }

  // -------------------------------------------------------------- cycle phases
  void drive(uint64_t now) {
    auto* t = top.get();
    nic_host_cycle(&host);
    t->m_rd_req_ready = nic_host_rd_ready(&host);
    t->m_wr_ready = nic_host_wr_ready(&host);
    if (!cpl_v) cpl_v = nic_host_cpl_peek(&host, now, &cb);
    t->s_cpl_valid = cpl_v;
    t->s_cpl_tag = cpl_v ? cb.tag : 0;
    uint8_t z[32] = {};
    wide_set(t->s_cpl_data, cpl_v ? cb.data : z);
    t->s_cpl_last = cpl_v && cb.last;
    t->s_cpl_err = cpl_v && cb.err;
    // network: this NIC's output into the peer's link FIFO; the link FIFO into this NIC's input
    t->m_net_tready = peer->net_in.size() < LINK_CAP && !rng.chance(p_link_stall);
    if (!net_in.empty() && (s_net_v || !rng.chance(p_nvalid))) {
      s_net_v = true;
      wide_set(t->s_net_tdata, net_in.front().d);
      t->s_net_tkeep = net_in.front().keep;
      t->s_net_tlast = net_in.front().last;
    } else {
      s_net_v = false;
      wide_set(t->s_net_tdata, z);
      t->s_net_tkeep = 0;
      t->s_net_tlast = 0;
    }
    t->s_net_tvalid = s_net_v;
    s_cred_v = !cred_in.empty() && cred_in.front().first <= now;
    t->s_credit_valid = s_cred_v;
    t->s_credit_vc = s_cred_v ? (cred_in.front().second >> 8) & 3 : 0;
    t->s_credit_n = s_cred_v ? cred_in.front().second & 0xff : 0;
    // AXI4-Lite
    t->s_axil_awvalid = 0, t->s_axil_wvalid = 0, t->s_axil_arvalid = 0;
    if (!csrq.empty() && !c_bwait && !c_rwait) {
      const CsrOp& o = csrq.front();
      if (o.wr) {
        t->s_axil_awvalid = !c_aw, t->s_axil_awaddr = o.addr;
        t->s_axil_wvalid = !c_w, t->s_axil_wdata = o.data, t->s_axil_wstrb = 0xf;
      } else {
        t->s_axil_arvalid = !c_ar, t->s_axil_araddr = o.addr;
      }
    }
    t->s_axil_bready = c_bwait && !rng.chance(p_bready);
    t->s_axil_rready = c_rwait && !rng.chance(p_bready);
    // AXI4 doorbell window
    if (!db_active) {
      if (!db_fifo.empty() && (pio_pool.empty() || rng.chance(0.5))) {
        db_cur = db_fifo.front();
        db_fifo.pop_front();
        db_active = true;
      } else if (!pio_pool.empty()) {
        const size_t i = rng.below(pio_pool.size());
        db_cur = std::move(pio_pool[i]);
        pio_pool[i] = std::move(pio_pool.back());
        pio_pool.pop_back();
        db_active = true;
      }
      if (db_active) db_aw = false, db_beat = 0, db_wait_b = false, db_id = unsigned(rng.below(16));
    }
    const bool aw_v = db_active && !db_aw && !db_wait_b;
    t->s_axi_awvalid = aw_v;
    t->s_axi_awid = db_id;
    t->s_axi_awaddr = db_cur.addr;
    t->s_axi_awlen = uint8_t(db_cur.beats.size() - 1);
    t->s_axi_awsize = 3;
    t->s_axi_awburst = 1;
    const bool w_v = db_active && db_aw && !db_wait_b && db_beat < db_cur.beats.size();
    t->s_axi_wvalid = w_v;
    t->s_axi_wdata = w_v ? db_cur.beats[db_beat].first : 0;
    t->s_axi_wstrb = w_v ? db_cur.beats[db_beat].second : 0;
    t->s_axi_wlast = w_v && db_beat + 1 == db_cur.beats.size();
    t->s_axi_bready = db_wait_b && !rng.chance(p_bready);
    if (in_reset) {  // ports idle during reset
      t->m_rd_req_ready = 0, t->m_wr_ready = 0, t->s_cpl_valid = 0, t->m_net_tready = 0, t->s_net_tvalid = 0;
      t->s_credit_valid = 0, t->s_axil_awvalid = 0, t->s_axil_wvalid = 0, t->s_axil_arvalid = 0;
      t->s_axil_bready = 0, t->s_axil_rready = 0, t->s_axi_awvalid = 0, t->s_axi_wvalid = 0, t->s_axi_bready = 0;
      s_net_v = false, s_cred_v = false;
    }
  }

  void sample() {
    auto* t = top.get();
    h_rd = t->m_rd_req_valid && t->m_rd_req_ready;
    if (h_rd) rd_addr = t->m_rd_req_addr, rd_len = t->m_rd_req_len, rd_tag = t->m_rd_req_tag;
    h_cpl = t->s_cpl_valid && t->s_cpl_ready;
    h_wr = t->m_wr_valid && t->m_wr_ready;
    if (h_wr) wr_addr = t->m_wr_addr, wr_len = t->m_wr_len, wr_last = t->m_wr_last, wide_get(t->m_wr_data, wr_data);
    h_nout = t->m_net_tvalid && t->m_net_tready;
    if (h_nout) wide_get(t->m_net_tdata, nout.d), nout.keep = t->m_net_tkeep, nout.last = t->m_net_tlast;
    h_nin = t->s_net_tvalid && t->s_net_tready;
    h_cred = t->m_credit_valid;
    if (h_cred) cred_out = uint32_t(t->m_credit_vc) << 8 | t->m_credit_n;
    h_caw = t->s_axil_awvalid && t->s_axil_awready;
    h_cw = t->s_axil_wvalid && t->s_axil_wready;
    h_cb = t->s_axil_bvalid && t->s_axil_bready;
    if (h_cb) c_bresp = t->s_axil_bresp;
    h_car = t->s_axil_arvalid && t->s_axil_arready;
    h_cr = t->s_axil_rvalid && t->s_axil_rready;
    if (h_cr) c_rresp = t->s_axil_rresp, c_rdata = t->s_axil_rdata;
    h_daw = t->s_axi_awvalid && t->s_axi_awready;
    h_dw = t->s_axi_wvalid && t->s_axi_wready;
    h_db = t->s_axi_bvalid && t->s_axi_bready;
    if (h_db) d_bresp = t->s_axi_bresp, d_bid = t->s_axi_bid;
    if (in_reset) h_rd = h_cpl = h_wr = h_nout = h_nin = h_cred = h_caw = h_cw = h_cb = h_car = h_cr = h_daw = h_dw = h_db = false;
  }

  // after the rising edge: the handshakes of the cycle; returns whether anything moved
  bool post(uint64_t now) {
    bool moved = false;
    if (h_rd) {
      const int rc = nic_host_rd_req(&host, now, rd_addr, rd_len, rd_tag);
      if (rc != NIC_HOST_OK)
        fail("%c: m_rd_req {addr %#" PRIx64 ", len %u, tag %u} refused by the host model (code %d: -3 len, -4 4 KiB "
             "crossing, -5 tag in use)", nm, rd_addr, rd_len, rd_tag, rc);
      moved = true;
    }
    if (h_cpl) nic_host_cpl_pop(&host), cpl_v = false, moved = true;
    if (h_wr) {
      const int rc = nic_host_wr_beat(&host, wr_addr, wr_len, wr_data, wr_last);
      if (rc != NIC_HOST_OK)
        fail("%c: m_wr beat {addr %#" PRIx64 ", len %u, last %d} refused by the host model (code %d)", nm, wr_addr, wr_len,
             wr_last, rc);
      moved = true;
    }
    if (h_nout) {
      if (nout.keep == 0) fail("%c: m_net beat with tkeep 0", nm);
      if (!nout.last && nout.keep != 0xffffffffu) fail("%c: m_net beat not last with tkeep %#x", nm, nout.keep);
      if (nout.keep & (nout.keep + 1)) fail("%c: m_net tkeep %#x not contiguous", nm, nout.keep);
      peer->net_in.push_back(nout);
      if (pcap && pcap->n < PCAP_MAX) {
        for (unsigned j = 0; j < 32; j++)
          if (nout.keep >> j & 1) pkt.push_back(nout.d[j]);
        if (nout.last) pcap->write(pkt, g_cycle), pkt.clear();
      }
      moved = true;
    }
    if (h_nin) {
      if (!s_net_v || net_in.empty()) fail("%c: s_net handshake without valid", nm);
      net_in.pop_front();
      s_net_v = false;
      moved = true;
    }
    if (s_cred_v) cred_in.pop_front();
    if (h_cred) peer->cred_in.emplace_back(now + rng.range(1, CRED_DLY), cred_out);
    // AXI4-Lite
    if (h_caw) c_aw = true;
    if (h_cw) c_w = true;
    if (h_car) c_ar = true;
    if (!csrq.empty() && csrq.front().wr && c_aw && c_w && !c_bwait) c_bwait = true;
    else if (!csrq.empty() && !csrq.front().wr && c_ar && !c_rwait) c_rwait = true;
    if (h_cb) {
      if (!c_bwait) fail("%c: s_axil B without a write", nm);
      if (c_bresp != 0) fail("%c: CSR write %#06x <- %#x answered %u (SLVERR)", nm, csrq.front().addr, csrq.front().data, c_bresp);
      csrq.pop_front();
      c_aw = c_w = c_bwait = false;
    }
    if (h_cr) {
      if (!c_rwait) fail("%c: s_axil R without a read", nm);
      if (c_rresp != 0) fail("%c: CSR read %#06x answered %u (SLVERR)", nm, csrq.front().addr, c_rresp);
      if (csrq.front().out) *csrq.front().out = c_rdata;
      csrq.pop_front();
      c_ar = c_rwait = false;
    }
    // doorbell master
    if (h_daw) db_aw = true, moved = true;
    if (h_dw) {
      db_beat++;
      moved = true;
      if (db_beat == db_cur.beats.size()) db_wait_b = true;
    }
    if (h_db) {
      if (!db_wait_b) fail("%c: s_axi B before the burst's last beat", nm);
      if (d_bresp != 0 || d_bid != db_id)
        fail("%c: doorbell-window burst at %#x (%zu beats) answered resp %u id %u (sent id %u): a write was dropped", nm,
             db_cur.addr, db_cur.beats.size(), d_bresp, d_bid, db_id);
      db_active = false, db_wait_b = false;
      moved = true;
    }
    return moved;
  }

  bool db_busy() const { return db_active || !db_fifo.empty() || !pio_pool.empty(); }
  uint16_t wb_index(const Queue& q) const { return uint16_t(nic_hostmem_read64(&host.mem, q.wb_pa)); }
};

// ------------------------------------------------------------------ the environment
struct Env {
  Nic A, B;
  uint64_t now = 0, last_move = 0, stall_limit;
  uint64_t msgs_per_dir;
  bool two_way;
  double big_pct;
  unsigned pmtu_log2 = 12;
  std::chrono::steady_clock::time_point t0;
  // --bench tput|hol (make bench-nic_top): fixed message lengths, no stalls, fixed host latency
  std::string bench;
  uint32_t force_len = 0;       // issue(): this length instead of draw_len (0: draw)
  unsigned bench_vns = 1, bench_rr = 0, hol_phase = 0;
  uint32_t bench_len = 65536, hol_big = 1u << 20, hol_small = 64;  // --len, --big, --small
  uint64_t hol_gap = 1000, hol_t = 0;
  struct Done { uint32_t len; unsigned vn; uint64_t t_issue, t_event; };
  std::vector<Done> done;       // every message's command-to-event time (bench only)
  uint64_t out_beats = 0, out_first = 0, out_last = 0;

  void step() {
    A.drive(now), B.drive(now);
    A.top->clk = 0, B.top->clk = 0;
    A.ctx->time(10 * now), B.ctx->time(10 * now);
    A.top->eval(), B.top->eval();
#if VM_TRACE_FST
    if (A.fst) A.fst->dump(10 * now);
    if (B.fst) B.fst->dump(10 * now);
#endif
    A.sample(), B.sample();
    A.top->clk = 1, B.top->clk = 1;
    A.ctx->time(10 * now + 5), B.ctx->time(10 * now + 5);
    A.top->eval(), B.top->eval();
#if VM_TRACE_FST
    if (A.fst) A.fst->dump(10 * now + 5);
    if (B.fst) B.fst->dump(10 * now + 5);
#endif
    if (A.ctx->gotError() || B.ctx->gotError() || A.ctx->gotFinish() || B.ctx->gotFinish())
      fail("RTL assertion / $stop / $finish (%s)", A.ctx->gotError() || A.ctx->gotFinish() ? "A" : "B");
    now++;
    g_cycle = now;
    const bool ma = A.post(now), mb = B.post(now);
    if (ma || mb) last_move = now;
  }

  void watchdog(const char* what) {
    if (now - last_move > stall_limit) {
      std::string s;
      for (Nic* n : {&A, &B}) {
        char b[512];
        std::snprintf(b, sizeof b,
                      "\n  %c: host reads outstanding %u, cpl offered %d, link in %zu beats, credits queued %zu, csr ops %zu, "
                      "doorbell busy %d (aw %d beat %zu waitB %d), pio stores %zu, doorbells %zu; sent %" PRIu64
                      " accepted %" PRIu64 ", events consumed %" PRIu64,
                      n->nm, nic_host_outstanding(&n->host), n->cpl_v, n->net_in.size(), n->cred_in.size(), n->csrq.size(),
                      n->db_active, n->db_aw, n->db_beat, n->db_wait_b, n->pio_pool.size(), n->db_fifo.size(), n->sent,
                      n->accepted, n->peer->events);
        s += b;
        for (unsigned q = 0; q < NQ; q++) {
          const Queue& Q = n->qs[q];
          if (!Q.used || (Q.inflight.empty() && uint16_t(n->wb_index(Q)) == Q.next)) continue;
          std::snprintf(b, sizeof b, "\n    queue %u (%s, VN %u): written %u, written-back cons %u, in flight %zu (oldest issued at %" PRIu64 ")",
                        q, Q.ring ? "RING" : "PIO", Q.vn, Q.next, n->wb_index(Q), Q.inflight.size(),
                        Q.inflight.empty() ? 0 : Q.inflight.front()->t_issue);
          s += b;
        }
      }
      fail("no progress for %" PRIu64 " cycles (%s): nothing moved on any host, network or doorbell port%s", stall_limit,
           what, s.c_str());
    }
  }

  void csr_wait(Nic& n) {
    const uint64_t t = now;
    while (!n.csrq.empty()) {
      step();
      if (now - t > 20000) fail("%c: CSR operation %#06x not answered in 20000 cycles", n.nm, n.csrq.front().addr);
    }
  }
  void wr(Nic& n, uint32_t a, uint32_t d) {
    n.csrq.push_back(CsrOp{true, uint16_t(a), d, nullptr});
    csr_wait(n);
  }
  uint32_t rd(Nic& n, uint32_t a) {
    uint32_t v = 0;
    n.csrq.push_back(CsrOp{false, uint16_t(a), 0, &v});
    csr_wait(n);
    return v;
  }

  // ---------------------------------------------------------------- setup
  void init_nic(Nic& n, char nm, uint64_t seed) {
    n.nm = nm;
    n.rng.reseed(seed);
    n.ctx.reset(new VerilatedContext);
    n.ctx->fatalOnError(false);
    n.ctx->randReset(2);
    n.ctx->randSeed(int((seed ^ (nm == 'A' ? 0 : 0x5555)) % 2147483629u) + 1);
#if VM_TRACE_FST
    if (opt.trace) n.ctx->traceEverOn(true);
#endif
    n.top.reset(new Vnic_top(n.ctx.get(), nm == 'A' ? "A" : "B"));
#if VM_TRACE_FST
    if (opt.trace) {
      std::string path = opt.trace_file.empty() ? "build/trace/nic_top_e2e_s" + std::to_string(opt.seed) : opt.trace_file;
      path += std::string("_") + nm + ".fst";
      std::error_code ec;
      auto dir = std::filesystem::path(path).parent_path();
      if (!dir.empty()) std::filesystem::create_directories(dir, ec);
      n.fst.reset(new VerilatedFstC);
      n.top->trace(n.fst.get(), 99);
      n.fst->open(path.c_str());
      std::printf("trace: %s\n", path.c_str());
    }
#else
    if (opt.trace) std::printf("warning: --trace ignored: the model was not verilated with --trace-fst\n");
#endif
    nic_host_cfg hc{};
    hc.seed = seed * 31 + (nm == 'A' ? 1 : 2);
    hc.lat_min = unsigned(std::stoul(opt.get("lat-min", "100")));
    hc.lat_max = unsigned(std::stoul(opt.get("lat-max", "600")));
    const bool b = !bench.empty();  // bench: no splits, gaps or refusals; latency fixed (default 500)
    if (b) hc.lat_min = hc.lat_max = unsigned(std::stoul(opt.get("lat", "500")));
    hc.split_pct = b ? 0 : 40;
    hc.gap_max = b ? 0 : 8;
    hc.rd_ready_pct = b ? 100 : 85;
    hc.wr_ready_pct = b ? 100 : 85;
    if (b) n.p_link_stall = n.p_nvalid = n.p_bready = n.p_dbvalid = 0;
    hc.max_tags = 1u << HTAG_W;
    hc.err_ppm = 0;
    if (nic_host_init(&n.host, &hc) != NIC_HOST_OK) fail("nic_host_init failed");
  }

  void reset() {
    for (Nic* n : {&A, &B}) n->top->rst = 1, n->in_reset = true;
    for (unsigned i = 0; i < 16; i++) step();
    for (Nic* n : {&A, &B}) n->top->rst = 0, n->in_reset = false;
    for (unsigned i = 0; i < 16; i++) step();
    // nic_cmdq clears its PIO masks in the NQ x N_SLOT cycles after reset
    for (unsigned i = 0; i < 64 * 32 + 16; i++) step();
  }

  void cmd_xlat(Nic& n, unsigned op, unsigned pid, uint64_t addr) {
    wr(n, W_XLAT + OFS(nic_xlat_t, CMD_PID), pid);
    wr(n, W_XLAT + OFS(nic_xlat_t, CMD_ADDR_LO), uint32_t(addr));
    wr(n, W_XLAT + OFS(nic_xlat_t, CMD_ADDR_HI), uint32_t(addr >> 32));
    wr(n, W_XLAT + OFS(nic_xlat_t, CMD), op);
    const uint64_t t = now;
    while (rd(n, W_XLAT + OFS(nic_xlat_t, STATUS)) & 1)
      if (now - t > 10000) fail("%c: nic_xlat command %u stays busy", n.nm, op);
  }

  // the NIC's own registers (rdl/nic_top.rdl)
  void config_top(Nic& n) {
    wr(n, TOPA(NID), n.nid);
    wr(n, TOPA(SRC_MAC_LO), 0x02000000u | n.nid);
    wr(n, TOPA(SRC_MAC_HI), 0x0200);
    wr(n, TOPA(DST_MAC_LO), 0x02000000u);
    wr(n, TOPA(DST_MAC_HI), 0x0200);
    wr(n, TOPA(SRC_IP), 0x0a000000u | n.nid);
    wr(n, TOPA(DST_IP), 0x0a000000u);
    wr(n, TOPA(TOS_TTL), 0x4000u | unsigned(n.rng.below(256)));
    wr(n, TOPA(PMTU), pmtu_log2);
  }

  void config(Nic& n) {
    Nic& p = *n.peer;
    config_top(n);
    const uint32_t tparams = rd(n, TOPA(PARAMS)), cparams = rd(n, W_CMDQ + OFS(nic_cmdq_t, PARAMS));
    N_VN = tparams & 0xf, NQ = (tparams >> 8) & 0xff, N_SLOT = (cparams >> 8) & 0xff;
    if (N_VN < 1 || N_VN > 4 || NQ < 2 || NQ > 64 || N_SLOT < 2 || NQ != (cparams & 0xff))
      fail("%c: PARAMS: N_VN %u, NQ %u (cmdq %u), N_SLOT %u", n.nm, N_VN, NQ, cparams & 0xff, N_SLOT);
    n.qs.assign(NQ, Queue{});
    // PIDs: 3 processes per NIC (send side owners, and targets of the peer's queues)
    const uint32_t xparams = rd(n, W_XLAT + OFS(nic_xlat_t, PARAMS));
    const unsigned npid = xparams & 0xffff;
    std::set<unsigned> ps;
    while (ps.size() < 3) ps.insert(unsigned(n.rng.range(1, std::min(npid, 4096u) - 1)));
    n.pids.assign(ps.begin(), ps.end());
    for (unsigned pid : n.pids) {
      n.root[pid] = n.pt_frame();
      n.vmap[pid];
      cmd_xlat(n, NX_OP_LOAD_CR3, pid, n.root[pid]);
    }
    // per seed: consumer write-back period, TX read size, RX write size
    wr(n, W_CMDQ + OFS(nic_cmdq_t, WB_K), unsigned(n.rng.range(1, 8)));
    wr(n, W_TXDMA + OFS(nic_txdma_t, MRRS), bench.empty() ? unsigned(n.rng.range(0, 5)) : unsigned(std::stoul(opt.get("mrrs", "5"))));
    wr(n, W_RXDMA + OFS(nic_rxdma_t, MPS), bench.empty() ? unsigned(n.rng.range(0, 5)) : unsigned(std::stoul(opt.get("mps", "5"))));
    // EQ geometry of this NIC (the receiver side)
    const uint32_t eparams = rd(n, W_EQ + OFS(nic_eq_t, PARAMS));
    n.ne = eparams & 0xff;
    n.log2max = (eparams >> 16) & 0xf;
    n.imask = (1u << (n.log2max + 1)) - 1;
    n.eqs.assign(n.ne, Nic::Eq{});
    (void)p;
  }

  // queues of sender s (targets on receiver r); EQs on r; credits of s from r's slices
  void config_flow(Nic& s, Nic& r, bool active) {
    if (r.ne < NQ) fail("nic_eq NE %u < NQ %u: one EQ per queue needed", r.ne, NQ);
    for (unsigned q = 0; q < NQ; q++) {
      Queue& Q = s.qs[q];
      Q.q = q;
      if (!active) continue;
      Q.used = true;
      Q.bad_vn = (q == NQ - 1) && N_VN < 4;
      Q.ring = (q & 1) != 0;
      Q.vn = Q.bad_vn ? N_VN : unsigned(s.rng.below(N_VN));
      if (!bench.empty()) Q.bad_vn = false, Q.vn = q % N_VN;  // bench: queue q on VN q mod N_VN
      Q.pid = s.pids[s.rng.below(s.pids.size())];
      Q.tpid = r.pids[r.rng.below(r.pids.size())];
      Q.eq = q;
      // rings of 8..128 commands anywhere 64-byte aligned: a ring may span two 4 KiB pages, whose
      // boundary nic_cmdq's fetch must not read across (docs/nic_cmdq.md 4.3)
      Q.log_size = unsigned(s.rng.range(3, 7));
      Q.ring_pa = s.phys_alloc(64ull << Q.log_size, 64);
      Q.wb_pa = s.phys_alloc(8, 8);
      Q.src.va = 0x100000000000ull + (uint64_t(q) << 32) + (s.rng.range(0, 255) << 21);
      Q.dst.va = 0x200000000000ull + (uint64_t(q) << 32) + (r.rng.range(0, 255) << 21);
      s.map_arena(Q.pid, Q.src.va);
      r.map_arena(Q.tpid, Q.dst.va);
      // cmdq queue registers
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QSEL), q);
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QBASE_LO), uint32_t(Q.ring_pa));
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QBASE_HI), uint32_t(Q.ring_pa >> 32));
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QWB_LO), uint32_t(Q.wb_pa));
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QWB_HI), uint32_t(Q.wb_pa >> 32));
      wr(s, W_CMDQ + OFS(nic_cmdq_t, QCFG),
         1u | (Q.ring ? 2u : 0u) | (Q.vn << NIC_CMDQ__QCFG__VN_bp) | (Q.log_size << NIC_CMDQ__QCFG__LOG_SIZE_bp) |
             (Q.pid << NIC_CMDQ__QCFG__PID_bp));
      // the receiver's EQ for this queue
      Nic::Eq& E = r.eqs[Q.eq];
      E.base = r.phys_alloc(32ull << EQ_LOG2, 32);
      E.src = &Q;
      std::vector<uint8_t> z(32ull << EQ_LOG2, 0);  // the driver zeroes the ring before enabling
      nic_host_mem_write(&r.host, E.base, z.data(), z.size());
      wr(r, W_EQ + OFS(nic_eq_t, EQ_SEL), Q.eq);
      wr(r, W_EQ + OFS(nic_eq_t, EQ_BASE_LO), uint32_t(E.base));
      wr(r, W_EQ + OFS(nic_eq_t, EQ_BASE_HI), uint32_t(E.base >> 32));
      wr(r, W_EQ + OFS(nic_eq_t, EQ_CTRL), 1u | (EQ_LOG2 << 8));
      E.en = true;
      E.cons = 0;
    }
    // credits of s's VCs = lines of r's RX slice of that VN
    for (unsigned v = 0; v < N_VN; v++) {
      const uint32_t lines = rd(r, W_RXDMA + OFS(nic_rxdma_t, BUF_SIZE[0]) + 4 * v) & 0x1ffff;
      const uint32_t c = std::min<uint32_t>(lines, 0xffff);
      wr(s, W_TXDMA + OFS(nic_txdma_t, CRED_MAX[0]) + 4 * v, c);
      s.note_cred[v] = c;
    }
  }

  // ---------------------------------------------------------------- traffic
  uint32_t draw_len(tb::Rng& r) {
    const double u = r.next() * 0x1.0p-64 * 100.0;
    double lo, hi;
    if (u >= big_pct) lo = 0, hi = 12;                 // 1 B .. 4 KiB
    else if (u >= big_pct / 10) lo = 12, hi = 16;      // .. 64 KiB
    else lo = 16, hi = 20;                             // .. 1 MiB
    const double x = lo + (hi - lo) * (r.next() * 0x1.0p-64);
    uint64_t len = uint64_t(std::exp2(x));
    if (r.chance(0.01)) {  // edges: 1 B, one line +- 1, one page +- 1, 1 MiB
      static const uint32_t edge[] = {1, 31, 32, 33, 4095, 4096, 4097, 1u << 20};
      len = edge[r.below(big_pct > 0 ? 8 : 7)];
    }
    if (len < 1) len = 1;
    if (len > (1u << 20)) len = 1u << 20;
    return uint32_t(len);
  }

  static void put64(uint8_t* c, unsigned byte, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; i++) c[byte + i] = uint8_t(v >> (8 * i));
  }

  // the 64-byte command (docs/nic_cmdq.md 2)
  void make_cmd(uint8_t* c, Nic& s, uint64_t len, uint64_t va, uint16_t nid, unsigned tpid, uint64_t tva, unsigned eqh) {
    tb::Rng& r = s.rng;
    for (unsigned i = 0; i < 64; i++) c[i] = uint8_t(r.next());  // fields the NIC does not use: random
    c[0] = 0;                             // opcode PUT
    c[1] = 0;                             // flags
    c[2] = uint8_t(r.below(4));           // requested VN: the queue's is used
    put64(c, 4, r.bits(16), 2);           // initiator PID: overwritten by the NIC
    put64(c, 6, tpid, 2);                 // target PID 63:48
    put64(c, 8, len & 0xffffffffull, 4);  // length 95:64
    c[12] = uint8_t(len >> 32);           // length upper 103:96
    put64(c, 14, nid, 2);                 // target NID 127:112
    put64(c, 16, va, 8);                  // local VA 191:128
    put64(c, 24, tva, 8);                 // remote offset 255:192
    put64(c, 32, eqh, 2);                 // EQ handle 271:256
  }

  // queue the stores of one PIO command at slot idx of queue q
  void pio_stores(Nic& s, unsigned q, uint16_t idx, const uint8_t* c) {
    tb::Rng& r = s.rng;
    const uint32_t base = q * 4096 + 64 * (idx % N_SLOT);
    auto word = [&](unsigned w) {
      uint64_t d = 0;
      for (unsigned k = 0; k < 8; k++) d |= uint64_t(c[8 * w + k]) << (8 * k);
      return d;
    };
    if (r.chance(0.3)) {  // write-combined: one 8-beat burst
      Burst b{base, {}};
      for (unsigned w = 0; w < 8; w++) b.beats.emplace_back(word(w), 0xff);
      s.pio_pool.push_back(std::move(b));
      return;
    }
    // pieces: each word's bytes split into 1..3 random subsets, each piece
    // its own store; runs of consecutive words sometimes merged into one burst
    std::vector<std::pair<unsigned, uint8_t>> pieces;
    for (unsigned w = 0; w < 8; w++) {
      const unsigned k = unsigned(r.range(1, 3));
      uint8_t m[3] = {0, 0, 0};
      for (unsigned b = 0; b < 8; b++) m[r.below(k)] |= uint8_t(1u << b);
      for (unsigned i = 0; i < k; i++) {
        // (no byte written twice: the pool sends pieces in any order, and a write after the command
        // completed is dropped by design, drop_full)
        if (m[i]) pieces.emplace_back(w, m[i]);
      }
    }
    for (size_t i = pieces.size(); i > 1; i--) std::swap(pieces[i - 1], pieces[r.below(i)]);
    for (size_t i = 0; i < pieces.size();) {
      Burst b{base + 8 * pieces[i].first, {{word(pieces[i].first), pieces[i].second}}};
      size_t j = i + 1;
      while (j < pieces.size() && pieces[j].first == pieces[j - 1].first + 1 && r.chance(0.7)) {
        b.beats.emplace_back(word(pieces[j].first), pieces[j].second);
        j++;
      }
      s.pio_pool.push_back(std::move(b));
      i = j;
    }
  }

  void doorbell(Nic& s, Queue& Q) {
    Burst b{Q.q * 4096u + 0x800u, {{uint64_t(Q.next) | (s.rng.bits(48) << 16), uint8_t(s.rng.chance(0.5) ? 0xff : 0x03)}}};
    s.db_fifo.push_back(std::move(b));
    Q.rung = Q.next;
  }

  // one command on a queue of s, if credits and buffers allow; returns whether one was written
  bool issue(Nic& s, Nic& r, Queue& Q) {
    const uint16_t cons = s.wb_index(Q);
    const unsigned room = Q.ring ? (1u << Q.log_size) : N_SLOT;
    if (uint16_t(Q.next - cons) >= room) return false;
    if (!Q.ring && s.pio_pool.size() > 64) return false;
    uint8_t c[64];
    // a bad command now and then (about 1 %), every command of the bad-VN queue
    const bool bad = bench.empty() && (Q.bad_vn || s.rng.chance(0.01));
    if (Q.inflight.size() >= MAX_INFLIGHT) return false;  // (bad ones too: keeps them about 1 %)
    if (bad) {
      uint64_t len = 64, va = Q.src.va + ARENA_PAD;
      switch (Q.bad_vn ? 9 : s.rng.below(5)) {
        case 0: len = 0; break;
        case 1: len = (1ull << 20) + 1 + s.rng.below(1ull << 39); break;
        case 2: va += s.rng.range(1, 31); break;
        case 3: va = (1ull << 47) - 32 * s.rng.range(1, 8); len = 512; break;  // VA + len - 1 >= 2^47
        case 4: va = 0xffff800000000000ull | (s.rng.bits(40) << 5); break;     // upper half
        default: len = s.rng.range(1, 4096); break;
      }
      make_cmd(c, s, len, va, r.nid, Q.tpid, Q.dst.va + ARENA_PAD, Q.eq);
      s.bad_sent++;
    } else {
      if (Q.inflight.size() >= MAX_INFLIGHT) return false;
      const uint32_t len = force_len ? force_len : draw_len(s.rng);
      const uint64_t need = ((uint64_t(len) + 31) & ~31ull) + 2 * GUARD;
      uint64_t so, dof;
      if (!Q.src.alloc(need, &so)) return false;
      if (!Q.dst.alloc(need, &dof)) {
        Q.src.live.pop_back();
        Q.src.head = Q.src.live.empty() ? 0 : Q.src.live.back().first + Q.src.live.back().second;
        return false;
      }
      Msg* m = new Msg;
      m->q = Q.q, m->len = len, m->src_va = Q.src.va + so, m->dst_va = Q.dst.va + dof;
      m->tpid = Q.tpid, m->vn = Q.vn, m->t_issue = now;
      m->eqh = Q.eq;  // a handle >= NE is refused (top STAT evt_bad_eq)
      m->data.resize(len);
      for (uint32_t i = 0; i < len; i += 8) {
        const uint64_t x = s.rng.next();
        for (unsigned k = 0; k < 8 && i + k < len; k++) m->data[i + k] = uint8_t(x >> (8 * k));
      }
      s.vwrite(Q.pid, m->src_va, m->data.data(), len);
      // the target range and its guards hold the fill pattern
      const uint64_t g0 = m->dst_va - GUARD, g1 = ((m->dst_va + len + 31) & ~31ull) + GUARD;
      std::vector<uint8_t> f(g1 - g0);
      for (uint64_t a = g0; a < g1; a++) f[a - g0] = fill_byte(a);
      r.vwrite(Q.tpid, g0, f.data(), f.size());
      make_cmd(c, s, len, m->src_va, r.nid, Q.tpid, m->dst_va, m->eqh);
      // harness self-test (--fault): A's fifth message
      if (s.nm == 'A' && s.sent == 4 && !opt.fault.empty()) {
        if (opt.fault == "data") m->data[s.rng.below(len)] ^= 0x10;       // one expected byte wrong
        else if (opt.fault == "guard") {                                     // a stray byte after the buffer
          const uint8_t x = uint8_t(~fill_byte(m->dst_va + len));
          r.vwrite(Q.tpid, m->dst_va + len, &x, 1);
        } else if (opt.fault == "event") m->tpid ^= 1;                       // one expected event field wrong
        else if (opt.fault == "lost") put64(c, 8, 0, 4), c[12] = 0;          // sent as length 0: refused, never delivered
        else fail("unknown --fault %s (data, guard, event, lost)", opt.fault.c_str());
      }
      Q.inflight.push_back(m);
      s.sent++;
      s.bytes_sent += len;
    }
    if (Q.ring) {
      if (nic_host_mem_write(&s.host, Q.ring_pa + 64ull * (Q.next & ((1u << Q.log_size) - 1)), c, 64) != NIC_HOST_OK)
        fail("ring write");
      s.ring_cmds++;
      Q.next++;
      if (s.rng.chance(0.6)) doorbell(s, Q);
    } else {
      pio_stores(s, Q.q, Q.next, c);
      s.pio_cmds++;
      Q.next++;
    }
    Q.n_cmds++;
    return true;
  }

  // the receiver's host consumer of EQ e (tb_nic_eq.cpp's consumer), checking each message
  void consume(Nic& r, unsigned e, unsigned batch) {
    Nic::Eq& E = r.eqs[e];
    if (!E.en) return;
    Nic& s = *r.peer;
    unsigned k = 0;
    while (k < batch) {
      const uint64_t a = E.base + 32ull * (E.cons & ((1u << EQ_LOG2) - 1));
      uint8_t ev[32];
      nic_host_mem_read(&r.host, a, ev, sizeof ev);
      const unsigned want = ((E.cons >> EQ_LOG2) & 1) ? 0 : 1;
      if ((ev[0] & 1) != want) break;
      auto u16 = [&](unsigned i) { return unsigned(ev[i]) | unsigned(ev[i + 1]) << 8; };
      auto u32 = [&](unsigned i) { return uint32_t(u16(i)) | uint32_t(u16(i + 2)) << 16; };
      char hex[100];
      for (unsigned i = 0; i < 32; i++) std::snprintf(hex + 3 * i, 4, "%02x ", ev[i]);
      if ((ev[0] & 0xfe) != 0x10 || ev[1] != e || u16(2) != (E.cons & r.imask & 0xffff))
        fail("%c: EQ %u event at index %u: byte 0 %#x (want j 0, last 1), EQ %u, index %u (want EQ %u index %u)\n  event: %s",
             r.nm, e, E.cons, ev[0], ev[1], u16(2), e, E.cons & r.imask, hex);
      Queue* Q = E.src;
      if (!Q || Q->inflight.empty())
        fail("%c: EQ %u event with no message in flight on the queue that targets it\n  event: %s", r.nm, e, hex);
      Msg* m = Q->inflight.front();
      const unsigned id = u16(6);
      bool zero = true;
      for (unsigned i = 18; i < 32; i++) zero = zero && ev[i] == 0;
      if (u16(4) != s.nid || u32(8) != m->len || (u32(12) & 0xffffff) != m->tpid || (ev[15] & 3) != 0 ||
          ((ev[15] >> 4) & 3) != m->vn || (ev[15] & 0xcc) != 0 || u16(16) != m->eqh || !zero)
        fail("%c: EQ %u event of %c's queue %u (message issued at cycle %" PRIu64 "): fields differ\n  event: %s\n"
             "  expected: src NID %#x, length %u, target PID %u, status 0, VN %u, EQ handle %#x, bytes 18..31 zero"
             " (got NID %#x, length %u, PID %u, byte 15 %#x, handle %#x)",
             r.nm, e, s.nm, Q->q, m->t_issue, hex, s.nid, m->len, m->tpid, m->vn, m->eqh, u16(4), u32(8),
             u32(12) & 0xffffff, ev[15], u16(16));
      if (Q->last_id >= 0 && uint16_t(id - unsigned(Q->last_id)) == 0)
        fail("%c: EQ %u: msg id %u repeated on %c's queue %u", r.nm, e, id, s.nm, Q->q);
      if (Q->last_id >= 0 && uint16_t(id - unsigned(Q->last_id)) >= 0x8000)
        fail("%c: EQ %u: msg id %u after %u on %c's queue %u (not increasing: out of order)", r.nm, e, id, Q->last_id, s.nm, Q->q);
      Q->last_id = int(id);
      r.id_seen[id]++;
      // the data landed before its event
      std::vector<uint8_t> got(m->len + 2 * GUARD + 32);
      const uint64_t g0 = m->dst_va - GUARD, g1 = ((m->dst_va + m->len + 31) & ~31ull) + GUARD;
      r.vread(m->tpid, g0, got.data(), g1 - g0);
      for (uint64_t va = g0; va < g1; va++) {
        const uint8_t b = got[va - g0];
        const bool in = va >= m->dst_va && va < m->dst_va + m->len;
        const uint8_t want_b = in ? m->data[va - m->dst_va] : fill_byte(va);
        if (b != want_b) {
          fail("%c: message of %c's queue %u (len %u, VN %u, src VA %#" PRIx64 " PID %u, target VA %#" PRIx64
               " PID %u, msg id %u, issued at cycle %" PRIu64 "): byte at target VA %#" PRIx64 " (PA %#" PRIx64
               ", %s) is %#04x, expected %#04x (%s) when its event was consumed",
               r.nm, s.nm, Q->q, m->len, m->vn, m->src_va, Q->pid, m->dst_va, m->tpid, id, m->t_issue, va,
               r.va2pa(m->tpid, va), in ? "payload" : "guard", b, want_b,
               in ? "the source byte" : "the fill pattern: a write outside the target range");
        }
      }
      r.bytes_checked += m->len;
      r.guard_checked += (g1 - g0) - m->len;
      if (!bench.empty()) done.push_back(Done{m->len, m->vn, m->t_issue, now});
      r.events++;
      Q->src.free_oldest();
      Q->dst.free_oldest();
      Q->inflight.pop_front();
      delete m;
      E.cons = (E.cons + 1) & r.imask;
      k++;
    }
    if (k) r.csrq.push_back(CsrOp{true, uint16_t(W_EQ + OFS(nic_eq_t, CONS_DB)), (E.cons & 0xffff) | e << 16, nullptr});
  }

  // ---------------------------------------------------------------- run
  bool flow_done(Nic& s) {
    for (Queue& Q : s.qs) {
      if (!Q.used) continue;
      if (!Q.inflight.empty() || s.wb_index(Q) != Q.next || (Q.ring && Q.rung != Q.next)) return false;
    }
    return !s.db_busy();
  }

  void traffic_cycle(Nic& s, Nic& r, uint64_t& issued_total) {
    // the sending processes
    if (s.sent < msgs_per_dir && s.rng.chance(0.5)) {
      Queue& Q = s.qs[s.rng.below(NQ)];
      if (Q.used && (!Q.bad_vn || s.rng.chance(0.002))) issue(s, r, Q);
    }
    // RING doorbells: batched, rung at random (and always once the sender is done writing)
    for (Queue& Q : s.qs)
      if (Q.used && Q.ring && Q.rung != Q.next && (s.rng.chance(0.05) || s.sent >= msgs_per_dir)) doorbell(s, Q);
    // the receiver's consumers (a random EQ at a random rate, all of them now and then)
    if (r.csrq.size() < 4) {
      if (r.rng.chance(0.3)) {
        const unsigned e = unsigned(r.rng.below(NQ));
        consume(r, e, unsigned(r.rng.range(1, 16)));
      } else if (r.rng.chance(0.01)) {
        for (unsigned e = 0; e < NQ; e++) consume(r, e, 256);
      }
    }
    (void)issued_total;
  }

  // --bench: A -> B only. tput: messages of --len bytes round-robin over the queues of VNs
  // 0 .. --vns - 1, issued as soon as a queue has room; hol: a --small message on VN 1 alone, then
  // a --big message on VN 0 and, --gap cycles later, the small one again. RING doorbells at once;
  // the receiver drains every EQ every cycle.
  void bench_cycle(Nic& s, Nic& r) {
    const uint32_t big = hol_big, small = hol_small;
    if (bench == "tput") {
      force_len = bench_len;
      for (unsigned k = 0; k < NQ && s.sent < msgs_per_dir; k++) {
        Queue& Q = s.qs[(bench_rr + k) % NQ];
        if (!Q.used || Q.vn >= bench_vns) continue;
        if (issue(s, r, Q)) { bench_rr = (bench_rr + k + 1) % NQ; break; }
      }
    } else {
      Queue& Qb = s.qs[0];  // VN 0
      Queue& Qs = s.qs[1];  // VN 1
      if (hol_phase == 0) { force_len = small; if (issue(s, r, Qs)) hol_phase = 1; }
      else if (hol_phase == 1) { if (Qs.inflight.empty()) hol_phase = 2; }
      else if (hol_phase == 2) { force_len = big; if (issue(s, r, Qb)) hol_phase = 3, hol_t = now; }
      else if (hol_phase == 3 && now - hol_t >= hol_gap) { force_len = small; if (issue(s, r, Qs)) hol_phase = 4; }
    }
    for (Queue& Q : s.qs)
      if (Q.used && Q.ring && Q.rung != Q.next) doorbell(s, Q);
    if (r.csrq.size() < 4)
      for (unsigned e = 0; e < NQ; e++) consume(r, e, 256);
  }

  void bench_report() {
    char line[600];
    const std::string pg = opt.get("pages-a", opt.get("pages", "mix")) + " / " + opt.get("pages-b", opt.get("pages", "mix"));
    if (bench == "tput") {
      uint64_t bytes = 0, t0c = UINT64_MAX, t1c = 0;
      for (const Done& d : done) bytes += d.len, t0c = std::min(t0c, d.t_issue), t1c = std::max(t1c, d.t_event);
      const double cyc = double(t1c - t0c), wire = double(out_last - out_first + 1);
      std::snprintf(line, sizeof line,
                    "bench: nic_top tput: %zu x %s B on %u VN(s), pages (A sources / B targets) %s, host latency %s, MRRS code %s, path MTU %u: "
                    "%.2f payload B/cycle command-to-last-event (%.3f of 32), A's network port busy %.3f of the cycles "
                    "from its first to its last beat (%" PRIu64 " beats)",
                    done.size(), opt.get("len", "65536").c_str(), bench_vns, pg.c_str(), opt.get("lat", "500").c_str(),
                    opt.get("mrrs", "5").c_str(), 1u << pmtu_log2, bytes / cyc, bytes / cyc / 32.0, out_beats / wire, out_beats);
    } else {
      if (done.size() != 3) fail("bench hol: %zu events, expected 3", done.size());
      std::sort(done.begin(), done.end(), [](const Done& a, const Done& b) { return a.t_issue < b.t_issue; });
      std::snprintf(line, sizeof line,
                    "bench: nic_top hol: %u B message on VN 1: %" PRIu64 " cycles command-to-event alone, %" PRIu64
                    " cycles issued %" PRIu64 " cycles after a %u B message on VN 0 (which took %" PRIu64 " cycles); pages (A / B) %s, host latency %s",
                    done[0].len, done[0].t_event - done[0].t_issue, done[2].t_event - done[2].t_issue, hol_gap, done[1].len,
                    done[1].t_event - done[1].t_issue, pg.c_str(), opt.get("lat", "500").c_str());
      if (done[0].vn != 1 || done[1].vn != 0 || done[2].vn != 1) fail("bench hol: events out of the expected order");
    }
    std::printf("%s\n", line);
    if (!opt.json.empty()) {
      FILE* f = std::fopen(opt.json.c_str(), "a");
      if (!f) fail("cannot open %s", opt.json.c_str());
      std::fprintf(f, "{\"block\": \"nic_top\", \"bench\": \"%s\", \"text\": \"%s\"}\n", bench.c_str(), line + 7);
      std::fclose(f);
    }
  }

  void run() {
    uint64_t dummy = 0;
    const uint64_t report_every = std::max<uint64_t>(msgs_per_dir / 10, 1000);
    uint64_t next_report = report_every;
    while (true) {
      if (bench.empty()) {
        traffic_cycle(A, B, dummy);
        if (two_way) traffic_cycle(B, A, dummy);
      } else {
        bench_cycle(A, B);
      }
      step();
      if (A.h_nout) out_last = now, out_first = out_beats++ ? out_first : now;
      watchdog("traffic");
      if (!opt.quiet && A.peer->events + B.peer->events >= next_report) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("  %" PRIu64 " messages delivered, cycle %" PRIu64 ", %.1f s\n", A.peer->events + B.peer->events, now, s);
        std::fflush(stdout);
        next_report += report_every;
      }
      const bool done_a = A.sent >= msgs_per_dir && flow_done(A);
      const bool done_b = !two_way || (B.sent >= msgs_per_dir && flow_done(B));
      if (done_a && done_b && A.csrq.empty() && B.csrq.empty()) break;
    }
  }
  // ---------------------------------------------------------------- end of run
  void expect(Nic& n, const char* what, uint64_t got, uint64_t want) {
    if (got != want) fail("%c: counter %s = %" PRIu64 ", expected %" PRIu64, n.nm, what, got, want);
    counters_checked++;
  }
  uint64_t counters_checked = 0;

  void final_checks() {
    // quiet time, then nothing more may appear in any EQ
    for (unsigned i = 0; i < 5000; i++) step();
    for (Nic* r : {&A, &B})
      for (unsigned e = 0; e < r->ne && e < NQ; e++) consume(*r, e, 256);
    for (Nic* n : {&A, &B}) csr_wait(*n);
    for (Nic* r : {&A, &B}) {
      Nic& s = *r->peer;
      for (unsigned v = 0; v < 65536; v++) {
        const uint64_t want = s.sent / 65536 + (v < s.sent % 65536 ? 1 : 0);
        if (r->id_seen[v] != want)
          fail("%c: msg id %u of %c seen in %u events, expected %" PRIu64 " (%" PRIu64 " messages accepted: ids 0..%" PRIu64 ")",
               r->nm, v, s.nm, r->id_seen[v], want, s.sent, s.sent ? s.sent - 1 : 0);
      }
    }
    for (Nic* np : {&A, &B}) {
      Nic& n = *np;
      Nic& p = *n.peer;  // p sent to n
      char w[64];
      // 0 cmd_ok, 1 cmd_refused, 2 tx_pkts, 3 tx_rd_fault, 4 tx_err_flits, 5 rx_ack, 6 rx_refused,
      // 7 rx_wr_fault, 8 evt_posted, 9 evt_fc_drop, 10 evt_dis_drop, 11 evt_bad_eq, 12 csr_err, 13 framer_err
      const char* ts[] = {"cmd_ok", "cmd_refused", "tx_pkts", "tx_rd_fault", "tx_err_flits", "rx_ack", "rx_refused",
                          "rx_wr_fault", "evt_posted", "evt_fc_drop", "evt_dis_drop", "evt_bad_eq", "csr_err", "framer_err"};
      for (unsigned i = 0; i < 14; i++) {
        if (i == 2) continue;  // packets: depends on the path MTU (checked against pkt_rx OK of the peer below)
        std::snprintf(w, sizeof w, "top STAT[%u] %s", i, ts[i]);
        expect(n, w, rd(n, TOPA(STAT[0]) + 4 * i), i == 0 ? n.sent : i == 1 ? n.bad_sent : i == 8 ? p.sent : 0);
      }
      expect(p, "peer's pkt_rx OK = top STAT[2] tx_pkts", rd(p, W_PKT_RX + OFS(nic_pkt_rx_t, OK)), rd(n, TOPA(STAT[0]) + 8));
      // cmdq: commands per mode, no drops / errors
      const char* cq[] = {"cmd_pio", "cmd_ring", "drop_full", "drop_disabled", "drop_mode", "drop_undef", "drop_db",
                          "cpl_err", "cpl_stray", "cmd_lost"};
      const uint64_t cqw[] = {n.pio_cmds, n.ring_cmds, 0, 0, 0, 0, 0, 0, 0, 0};
      for (unsigned i = 0; i < 10; i++) {
        std::snprintf(w, sizeof w, "cmdq STAT[%u] %s", i, cq[i]);
        expect(n, w, rd(n, W_CMDQ + OFS(nic_cmdq_t, STAT[0]) + 4 * i), cqw[i]);
      }
      // txdma: every accepted message sent, every credit back
      const char* tq[] = {"msgs", "flits", "reads", "cpl_err", "cmd_refused", "cpl_bad", "cred_err"};
      for (unsigned i : {0u, 3u, 4u, 5u, 6u, 11u}) {
        std::snprintf(w, sizeof w, "txdma STAT[%u] %s", i, i < 7 ? tq[i] : "csr_err");
        expect(n, w, rd(n, W_TXDMA + OFS(nic_txdma_t, STAT[0]) + 4 * i), i == 0 ? n.sent : 0);
      }
      const uint64_t tb = rd(n, W_TXDMA + OFS(nic_txdma_t, BYTES_LO)) | uint64_t(rd(n, W_TXDMA + OFS(nic_txdma_t, BYTES_HI))) << 32;
      expect(n, "txdma BYTES", tb, n.bytes_sent);
      for (unsigned v = 0; v < N_VN; v++) {
        std::snprintf(w, sizeof w, "txdma CRED[%u] (= CRED_MAX: all credits returned)", v);
        expect(n, w, rd(n, W_TXDMA + OFS(nic_txdma_t, CRED[0]) + 4 * v) & 0xffff, n.note_cred[v]);
      }
      // rxdma: every message of the peer, no refusal
      expect(n, "rxdma STAT[1] msgs", rd(n, W_RXDMA + OFS(nic_rxdma_t, STAT[0]) + 4), p.sent);
      for (unsigned i = 3; i <= 9; i++) {
        std::snprintf(w, sizeof w, "rxdma STAT[%u] (refusals)", i);
        expect(n, w, rd(n, W_RXDMA + OFS(nic_rxdma_t, STAT[0]) + 4 * i), 0);
      }
      const uint64_t rb = rd(n, W_RXDMA + OFS(nic_rxdma_t, BYTES_LO)) | uint64_t(rd(n, W_RXDMA + OFS(nic_rxdma_t, BYTES_HI))) << 32;
      expect(n, "rxdma BYTES", rb, p.bytes_sent);
      // pkt_rx: no bad packet
      const uint32_t pr_rx_ok = rd(n, W_PKT_RX + OFS(nic_pkt_rx_t, OK));
      (void)pr_rx_ok;
      const uint32_t prx[] = {OFS(nic_pkt_rx_t, TRUNC), OFS(nic_pkt_rx_t, NOT_ROCE), OFS(nic_pkt_rx_t, IP_CSUM),
                              OFS(nic_pkt_rx_t, LEN), OFS(nic_pkt_rx_t, ICRC), OFS(nic_pkt_rx_t, OPCODE),
                              OFS(nic_pkt_rx_t, NXH), OFS(nic_pkt_rx_t, RANGE), OFS(nic_pkt_rx_t, OVERSIZE)};
      for (unsigned i = 0; i < 9; i++) {
        std::snprintf(w, sizeof w, "pkt_rx verdict counter at %#x", prx[i]);
        expect(n, w, rd(n, W_PKT_RX + prx[i]), 0);
      }
      // eq: one event per message of the peer, nothing dropped or refused
      expect(n, "eq EVENTS", rd(n, W_EQ + OFS(nic_eq_t, EVENTS)), p.sent);
      expect(n, "eq POSTS", rd(n, W_EQ + OFS(nic_eq_t, POSTS)), p.sent);
      expect(n, "eq FC_DROP", rd(n, W_EQ + OFS(nic_eq_t, FC_DROP)), 0);
      expect(n, "eq DIS_DROP", rd(n, W_EQ + OFS(nic_eq_t, DIS_DROP)), 0);
      expect(n, "eq POST_BAD", rd(n, W_EQ + OFS(nic_eq_t, POST_BAD)), 0);
      expect(n, "eq POST_EXCESS", rd(n, W_EQ + OFS(nic_eq_t, POST_EXCESS)), 0);
      expect(n, "eq CONS_BAD", rd(n, W_EQ + OFS(nic_eq_t, CONS_BAD)), 0);
      expect(n, "eq CFG_BAD", rd(n, W_EQ + OFS(nic_eq_t, CFG_BAD)), 0);
      // xlat: no translation fault
      for (unsigned i = NX_ST_F_NONCANON; i <= NX_ST_F_NOCR3; i++) {
        std::snprintf(w, sizeof w, "xlat STAT[%u] (fault)", i);
        expect(n, w, rd(n, W_XLAT + OFS(nic_xlat_t, STAT[0]) + 4 * i), 0);
      }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = double(std::clock()) / CLOCKS_PER_SEC;
    const uint64_t msgs = A.events + B.events;
    std::printf("nic_top e2e PASS: seed %" PRIu64 ", %" PRIu64 " messages (A->B %" PRIu64 ", B->A %" PRIu64 "), %" PRIu64
                " bad commands refused, %" PRIu64 " cycles, %" PRIu64 " payload bytes + %" PRIu64
                " guard bytes checked, %" PRIu64 " events checked, %" PRIu64 " counters checked; %.1f s wall, %.1f s CPU"
                " (%.1f s CPU per 10k messages)\n",
                opt.seed, msgs, B.events, A.events, A.bad_sent + B.bad_sent, now, A.bytes_checked + B.bytes_checked,
                A.guard_checked + B.guard_checked, msgs, counters_checked, wall, cpu, msgs ? cpu * 1e4 / double(msgs) : 0.0);
  }
};

}  // namespace

int main(int argc, char** argv) {
  opt.n = 2000;
  opt.stall_limit = 50000;
  opt.parse(argc, argv);
  if (opt.extra.count("msgs")) opt.n = std::stoull(opt.extra["msgs"]);
  Verilated::commandArgs(argc, argv);
  for (int i = 0; i < argc; i++) {
    const std::string a = argv[i];
    if (a == "--quiet") continue;
    g_repro += (i ? " " : "") + a;
  }
  if (!opt.trace) g_repro += " --trace";
  auto e = std::make_unique<Env>();
  e->t0 = std::chrono::steady_clock::now();
  e->stall_limit = opt.stall_limit;
  e->msgs_per_dir = opt.n;
  e->bench = opt.get("bench", "");
  if (!e->bench.empty() && e->bench != "tput" && e->bench != "hol") fail("--bench tput|hol");
  e->bench_vns = unsigned(std::stoul(opt.get("vns", "1")));
  for (unsigned k = 0; k < 2; k++) {  // --pages for both NICs; --pages-a / --pages-b for one
    const std::string pages = opt.get(k ? "pages-b" : "pages-a", opt.get("pages", "mix"));
    if (pages != "mix" && pages != "4k" && pages != "2m") fail("--pages / --pages-a / --pages-b: mix|4k|2m");
    g_p2m[k] = pages == "4k" ? 0.0 : pages == "2m" ? 1.0 : 0.3;
  }
  e->hol_gap = std::stoull(opt.get("gap", "1000"));
  e->bench_len = uint32_t(std::stoul(opt.get("len", "65536")));
  e->hol_big = uint32_t(std::stoul(opt.get("big", "1048576")));
  e->hol_small = uint32_t(std::stoul(opt.get("small", "64")));
  if (e->bench == "hol") e->msgs_per_dir = 3;
  e->two_way = !opt.extra.count("one-way") && e->bench.empty();
  e->big_pct = std::stod(opt.get("big-pct", "10"));
  g_on_fail = [&e]() { e.reset(); };
  e->A.peer = &e->B, e->B.peer = &e->A;
  e->init_nic(e->A, 'A', opt.seed * 2 + 1);
  e->init_nic(e->B, 'B', opt.seed * 2 + 2);
  tb::Rng r(opt.seed);
  e->A.nid = uint16_t(r.range(1, 0x7fff)), e->B.nid = uint16_t(e->A.nid ^ (1 + r.below(0x7fff)));
  e->pmtu_log2 = unsigned(r.range(8, 12));
  if (!e->bench.empty()) e->pmtu_log2 = 12;
  e->reset();
  e->config(e->A);
  e->config(e->B);
  e->A.id_seen.assign(65536, 0), e->B.id_seen.assign(65536, 0);
  e->config_flow(e->A, e->B, true);
  e->config_flow(e->B, e->A, e->two_way);
  tb::PcapWriter pcap;
  if (opt.extra.count("pcap")) pcap.open(opt.extra["pcap"]), e->A.pcap = &pcap;
  if (!opt.quiet)
    std::printf("nic_top e2e: seed %" PRIu64 ", %" PRIu64 " messages per direction (%s), NID A %#x B %#x, path MTU %u, "
                "credits A %u/%u B %u/%u\n",
                opt.seed, opt.n, e->two_way ? "A <-> B" : "A -> B", e->A.nid, e->B.nid, 1u << e->pmtu_log2,
                e->A.note_cred[0], e->A.note_cred[1 % N_VN], e->B.note_cred[0], e->B.note_cred[1 % N_VN]);
  e->run();
  e->final_checks();
  if (!e->bench.empty()) e->bench_report();
  return 0;
}
