// tb_prims: Verilator unit test of the rtl/common control primitives (top tb/prims/prims_top.v)
// against C++ reference models written from the primitives' header comments (docs/common.md).
//
// Usage: tb_prims [--seed S] [--cycles C] [--json FILE] [--quiet]
//   Runs C cycles (default 200000) of random stimulus with per-port backpressure profiles that
//   change every 1,000-5,000 cycles (always ready, 90 %, 50 %, 10 %, long ready-low bursts) and
//   event-density phases (all events high every cycle, random, sparse). Each cycle the outputs
//   before the clock edge are compared with the models; the models then take the handshakes.
// Models and checks (per primitive; one JSON line each: block "common", scenario = primitive):
//   sync_fifo (both shapes): a deque; count, s_ready = count < DEPTH, head data on every pop, FWFT
//     (LUTRAM shape: m_valid == non-empty; block-RAM shape: non-empty and !m_valid at most 2 cycles)
//   axis_skid: a deque of at most 2 words; m_valid == non-empty, head data, s_ready == (< 2 words),
//     s_ready after every cycle with m_ready, output held/stable while m_valid && !m_ready
//   arbiter (round robin, fixed priority, round robin hold-until-ack): the documented rule
//     (registered grant, pick = first requester after the last grant, cyclic / lowest index);
//     the round-robin fairness bound (a held request waits at most N-1 grants to others)
//   prio_enc: lowest set bit, index, upper mask, valid
//   popcount: __builtin_popcountll of the input 2 cycles earlier (pipelined) / same cycle
//   stats_counter, stats_counter_axil: counters of the documented sweep (ptr 0..P-1 from rst,
//     zeroing sweep after rst and from the sweep start after stat_clear); every read is exact
//     (events before the rd_en / AR handshake cycle), rd_valid exactly 2 cycles after rd_en,
//     AXI4-Lite: lo word, hi word = snapshot of the last lo read, SLVERR beyond N, writes SLVERR.
// Coverage: per primitive, classes (full FIFO, skid used, a wait of N-1 grants, counter wrap,
//   reads of the slot in write-back, SLVERR reads, ...) printed and written as "cov_<class>".
// Exit status: 0 when no mismatch, 1 otherwise (first 20 mismatches printed).
#include "Vprims_top.h"
#include "verilated.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <vector>

namespace {

struct Stat {
    const char *name;
    uint64_t inputs = 0, compared = 0, mismatches = 0;
    std::vector<std::pair<std::string, uint64_t>> cov;   // coverage classes (JSON "cov_<name>")
    void declare(const char *c) { cov.push_back({c, 0}); }
    void hit(const char *c, bool cond) {
        if (!cond) return;
        for (auto &e : cov)
            if (e.first == c) { e.second++; return; }
        cov.push_back({c, 1});
    }
};

int g_printed = 0;
uint64_t g_cycle = 0;

void fail(Stat &s, const char *what, uint64_t got, uint64_t exp) {
    s.mismatches++;
    if (g_printed++ < 20)
        std::printf("MISMATCH %s cycle %" PRIu64 ": %s: got 0x%" PRIx64 " expected 0x%" PRIx64 "\n",
                    s.name, g_cycle, what, got, exp);
}
#define CHK(s, what, got, exp)                                                   \
    do {                                                                         \
        uint64_t g_ = (uint64_t)(got), e_ = (uint64_t)(exp);                     \
        (s).compared++;                                                          \
        if (g_ != e_) fail((s), (what), g_, e_);                                 \
    } while (0)

struct Rng {
    std::mt19937_64 g;
    explicit Rng(uint64_t seed) : g(seed) {}
    uint64_t u64() { return g(); }
    uint32_t below(uint32_t n) { return (uint32_t)(g() % n); }
    bool p(double x) { return std::uniform_real_distribution<double>(0.0, 1.0)(g) < x; }
};

// a port's backpressure / activity profile: probability, changed every 1,000-5,000 cycles,
// sometimes a long all-low burst
struct Profile {
    double prob = 1.0;
    uint32_t left = 0;
    bool burst_low = false;
    bool draw(Rng &r) {
        if (left == 0) {
            static const double probs[] = {1.0, 0.9, 0.5, 0.1};
            burst_low = r.p(0.15);
            prob = probs[r.below(4)];
            left = burst_low ? 50 + r.below(400) : 1000 + r.below(4000);
        }
        left--;
        return burst_low ? false : r.p(prob);
    }
};

// ---------------------------------------------------------------- arbiter reference model
struct ArbModel {
    int n, rr, block, blockack;
    uint32_t grant = 0;
    bool gv = false;
    int index = 0, last;
    ArbModel(int n_, int rr_, int b_, int ba_) : n(n_), rr(rr_), block(b_), blockack(ba_), last(n_ - 1) {}
    void step(uint32_t req, uint32_t ack) {
        bool held = block && gv && (blockack ? (ack & grant) == 0 : (req & grant) != 0);
        if (held) return;
        int pick = -1;
        for (int k = 1; k <= n && rr; k++) {
            int i = (last + k) % n;
            if (req >> i & 1) { pick = i; break; }
        }
        if (!rr)
            for (int i = 0; i < n; i++)
                if (req >> i & 1) { pick = i; break; }
        gv = pick >= 0;
        grant = gv ? 1u << pick : 0;
        index = gv ? pick : 0;
        if (gv) last = pick;
    }
};

// ---------------------------------------------------------------- stats counter reference model
struct StatsModel {
    int n, p;
    uint64_t mask;
    int ptr = 0;
    bool zeroing = true, zero_req = false;
    std::vector<uint64_t> cnt;
    std::vector<bool> valid;   // zeroed at least once since rst (before: RAM content unknown)
    StatsModel(int n_, int w) : n(n_), p(n_ >= 3 ? n_ : 3), mask(w == 64 ? ~0ull : (1ull << w) - 1),
                                cnt(n_, 0), valid(n_, false) {}
    bool busy() const { return zeroing || zero_req; }
    void step(uint32_t inc, bool clear) {
        for (int i = 0; i < n; i++) {
            if (zeroing && ptr == i) {
                cnt[i] = 0;
                valid[i] = true;
            } else {
                cnt[i] = (cnt[i] + (inc >> i & 1)) & mask;
            }
        }
        if (ptr == p - 1) {
            zeroing = zero_req || clear;
            zero_req = false;
        } else if (clear) {
            zero_req = true;
        }
        ptr = (ptr + 1) % p;
    }
};

}  // namespace

int main(int argc, char **argv) {
    uint64_t seed = 1, cycles = 200000;
    const char *json = nullptr;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 0);
        else if (!std::strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = std::strtoull(argv[++i], nullptr, 0);
        else if (!std::strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!std::strcmp(argv[i], "--quiet")) quiet = true;
        else { std::fprintf(stderr, "usage: %s [--seed S] [--cycles C] [--json FILE] [--quiet]\n", argv[0]); return 2; }
    }
    Verilated::randSeed((int)(seed & 0x7fffffff));
    Rng r(seed * 0x9E3779B97F4A7C15ull + 1);
    auto *t = new Vprims_top;

    Stat s_fl{"sync_fifo_lutram"}, s_fb{"sync_fifo_bram"}, s_sk{"axis_skid"}, s_ar{"arbiter_rr"},
        s_af{"arbiter_fixed"}, s_ah{"arbiter_rr_ack"}, s_pe{"prio_enc"}, s_pp{"popcount_pipe"},
        s_pc{"popcount_comb"}, s_sc{"stats_counter"}, s_sa{"stats_counter_axil"};

    // coverage classes: every one must be reached over the seeds (scripts/report.py)
    for (Stat *f : {&s_fl, &s_fb}) { f->declare("full"); f->declare("push_while_empty"); f->declare("push_pop_same_cycle"); f->declare("pop_stalled"); }
    s_sk.declare("skid_used"); s_sk.declare("output_stalled"); s_sk.declare("four_back_to_back");
    s_ar.declare("wait_n_minus_1"); s_ar.declare("all_requesting");
    s_af.declare("all_requesting");
    s_ah.declare("grant_held_request_dropped"); s_ah.declare("ack_and_new_grant");
    s_pe.declare("no_request"); s_pe.declare("top_bit_only");
    s_pp.declare("all_ones"); s_pc.declare("all_ones");
    s_sc.declare("all_events_cycle"); s_sc.declare("counter_wrap"); s_sc.declare("clear"); s_sc.declare("read_while_busy");
    s_sc.declare("read_of_slot_in_writeback"); s_sc.declare("read_of_slot_visited_now");
    s_sa.declare("read_lo_ok"); s_sa.declare("read_hi_ok"); s_sa.declare("read_slverr"); s_sa.declare("write_slverr");
    s_sa.declare("all_events_cycle");
    int sk_run = 0;

    // reset
    t->clk = 0;
    t->rst = 1;
    t->eval();
    for (int i = 0; i < 4; i++) { t->clk = 1; t->eval(); t->clk = 0; t->eval(); }
    t->rst = 0;

    Profile p_fl_s, p_fl_m, p_fb_s, p_fb_m, p_sk_s, p_sk_m, p_ar, p_ah_ack, p_sc_ev, p_sa_ev, p_rd,
        p_ar_axi, p_r_axi, p_aw_axi, p_b_axi;
    std::deque<uint16_t> q_fl, q_fb, q_sk;
    int fb_nv = 0;
    bool sk_prev_ready = false, sk_prev_stall = false;
    uint16_t sk_prev_data = 0;
    ArbModel m_ar(5, 1, 0, 0), m_af(5, 0, 0, 0), m_ah(5, 1, 1, 1);
    int ar_wait[5] = {0, 0, 0, 0, 0};
    uint32_t ar_req = 0, ah_req = 0, ar_req_prev = 0;
    uint64_t pp_hist[2] = {0, 0};
    int pp_age = 0;
    StatsModel m_sc(5, 10), m_sa(6, 64);
    struct Rd { uint64_t due; uint64_t exp; bool check; };
    std::deque<Rd> sc_rd;
    // stats_counter_axil read / write channel state
    bool ar_out = false, r_exp_check = false, arvalid = false;
    uint8_t araddr = 0;
    uint32_t r_exp_data = 0, r_exp_resp = 0;
    uint64_t snap = 0;
    bool snap_valid = false;
    int b_out = 0;
    bool awv = false;
    int density = 0;   // 0 all events, 1 random, 2 sparse
    uint32_t density_left = 0;
    uint64_t inputs_sc = 0, inputs_sa = 0;

    for (g_cycle = 0; g_cycle < cycles; g_cycle++) {
        // ------------------------------------------------ drive inputs (AXI sources hold until accepted)
        if (!(t->fl_s_valid && !t->fl_s_ready)) { t->fl_s_valid = p_fl_s.draw(r); t->fl_s_data = (uint16_t)r.u64(); }
        t->fl_m_ready = p_fl_m.draw(r);
        if (!(t->fb_s_valid && !t->fb_s_ready)) { t->fb_s_valid = p_fb_s.draw(r); t->fb_s_data = (uint16_t)r.u64(); }
        t->fb_m_ready = p_fb_m.draw(r);
        if (!(t->sk_s_valid && !t->sk_s_ready)) { t->sk_s_valid = p_sk_s.draw(r); t->sk_s_data = (uint16_t)r.u64(); }
        t->sk_m_ready = p_sk_m.draw(r);
        // arbiter requests: a requester keeps its request until granted (fairness), new ones randomly
        for (int i = 0; i < 5; i++) {
            if (!(ar_req >> i & 1) && p_ar.draw(r)) ar_req |= 1u << i;
            if (!(ah_req >> i & 1) && r.p(0.3)) ah_req |= 1u << i;
        }
        t->ar_req = ar_req;
        t->af_req = (uint32_t)r.u64() & 0x1f;
        t->ah_req = ah_req;
        t->ah_ack = (t->ah_grant_valid && p_ah_ack.draw(r)) ? t->ah_grant : 0;
        {
            uint64_t v = r.u64() & ((1ull << 11) - 1);
            int k = r.below(4);
            for (int j = 0; j < k; j++) v &= r.u64();   // sparse vectors too
            t->pe_req = (uint32_t)v;
        }
        t->pp_in = (r.p(0.05) ? ~0ull : r.u64()) & ((1ull << 37) - 1);
        t->pc_in = (r.p(0.05) ? ~0ull : r.u64()) & ((1ull << 37) - 1);
        if (density_left == 0) { density = r.below(3); density_left = 500 + r.below(3000); }
        density_left--;
        auto events = [&](int n, Profile &pr) {
            uint32_t v = 0;
            for (int i = 0; i < n; i++)
                if (density == 0 || (density == 1 && pr.draw(r)) || (density == 2 && r.p(0.02))) v |= 1u << i;
            return v;
        };
        t->sc_inc = events(5, p_sc_ev);
        t->sc_clear = r.p(0.0005);
        t->sc_rd_en = p_rd.draw(r);
        t->sc_rd_addr = r.below(5);
        t->sa_inc = events(6, p_sa_ev);
        t->sa_clear = r.p(0.0003);
        if (!(arvalid && !t->sa_arready)) {
            arvalid = p_ar_axi.draw(r);
            araddr = r.p(0.1) ? (uint8_t)r.u64() : (uint8_t)(r.below(6) * 8 + (r.p(0.5) ? 4 : 0));
        }
        t->sa_arvalid = arvalid;
        t->sa_araddr = araddr;
        t->sa_rready = p_r_axi.draw(r);
        if (!(awv && !t->sa_awready)) awv = p_aw_axi.draw(r);
        t->sa_awvalid = awv;
        t->sa_wvalid = awv;
        t->sa_awaddr = (uint8_t)r.u64();
        t->sa_wdata = (uint32_t)r.u64();
        t->sa_wstrb = 0xf;
        t->sa_bready = p_b_axi.draw(r);
        t->eval();

        // ------------------------------------------------ sync_fifo, both shapes
        auto fifo = [&](Stat &s, std::deque<uint16_t> &q, bool lutram, uint8_t s_valid, uint8_t s_ready,
                        uint16_t s_data, uint8_t m_valid, uint8_t m_ready, uint16_t m_data, uint8_t count) {
            CHK(s, "count", count, q.size());
            CHK(s, "s_ready", s_ready, q.size() < 8);
            if (lutram) {
                CHK(s, "m_valid (FWFT)", m_valid, !q.empty());
            } else {
                if (m_valid) CHK(s, "m_valid while empty", 0, q.empty());
                fb_nv = (!q.empty() && !m_valid) ? fb_nv + 1 : 0;
                CHK(s, "non-empty without m_valid for > 2 cycles", fb_nv > 2, 0);
            }
            s.hit("full", q.size() == 8);
            s.hit("push_while_empty", q.empty() && s_valid && s_ready);
            s.hit("push_pop_same_cycle", s_valid && s_ready && m_valid && m_ready);
            s.hit("pop_stalled", m_valid && !m_ready);
            bool pop = m_valid && m_ready && !q.empty();
            if (pop) { CHK(s, "m_data", m_data, q.front()); q.pop_front(); }
            if (s_valid && s_ready) { q.push_back(s_data); s.inputs++; }
        };
        fifo(s_fl, q_fl, true, t->fl_s_valid, t->fl_s_ready, t->fl_s_data, t->fl_m_valid, t->fl_m_ready,
             t->fl_m_data, t->fl_count);
        fifo(s_fb, q_fb, false, t->fb_s_valid, t->fb_s_ready, t->fb_s_data, t->fb_m_valid, t->fb_m_ready,
             t->fb_m_data, t->fb_count);

        // ------------------------------------------------ axis_skid
        CHK(s_sk, "m_valid", t->sk_m_valid, !q_sk.empty());
        CHK(s_sk, "s_ready", t->sk_s_ready, q_sk.size() < 2);
        if (sk_prev_ready) CHK(s_sk, "s_ready after a cycle with m_ready", t->sk_s_ready, 1);
        if (sk_prev_stall) {
            CHK(s_sk, "m_valid held", t->sk_m_valid, 1);
            CHK(s_sk, "m_data stable", t->sk_m_data, sk_prev_data);
        }
        if (t->sk_m_valid && t->sk_m_ready && !q_sk.empty()) {
            CHK(s_sk, "m_data", t->sk_m_data, q_sk.front());
            q_sk.pop_front();
        }
        s_sk.hit("skid_used", q_sk.size() == 2);
        s_sk.hit("output_stalled", t->sk_m_valid && !t->sk_m_ready);
        sk_run = (t->sk_s_valid && t->sk_s_ready) ? sk_run + 1 : 0;
        s_sk.hit("four_back_to_back", sk_run == 4);
        if (t->sk_s_valid && t->sk_s_ready) { q_sk.push_back(t->sk_s_data); s_sk.inputs++; }
        sk_prev_ready = t->sk_m_ready;
        sk_prev_stall = t->sk_m_valid && !t->sk_m_ready;
        sk_prev_data = t->sk_m_data;

        // ------------------------------------------------ arbiters
        auto arb = [&](Stat &s, ArbModel &m, uint32_t grant, uint8_t gv, uint32_t idx, uint32_t req, uint32_t ack) {
            CHK(s, "grant", grant, m.grant);
            CHK(s, "grant_valid", gv, m.gv);
            CHK(s, "grant_index", idx, m.index);
            m.step(req, ack);
            s.inputs++;
        };
        s_ar.hit("all_requesting", t->ar_req == 0x1f);
        s_af.hit("all_requesting", t->af_req == 0x1f);
        s_ah.hit("grant_held_request_dropped", t->ah_grant_valid && !(t->ah_req & t->ah_grant));
        s_ah.hit("ack_and_new_grant", t->ah_ack != 0 && (t->ah_req & ~t->ah_ack) != 0);
        arb(s_ar, m_ar, t->ar_grant, t->ar_grant_valid, t->ar_grant_index, t->ar_req, 0);
        arb(s_af, m_af, t->af_grant, t->af_grant_valid, t->af_grant_index, t->af_req, 0);
        arb(s_ah, m_ah, t->ah_grant, t->ah_grant_valid, t->ah_grant_index, t->ah_req, t->ah_ack);
        // fairness (round robin, requests held until granted): the grant seen now was decided
        // in the previous cycle from ar_req_prev; count decisions for others while requesting
        if (t->ar_grant_valid) {
            for (int i = 0; i < 5; i++) {
                if (t->ar_grant >> i & 1) ar_wait[i] = 0;
                else if (ar_req_prev >> i & 1) ar_wait[i]++;
                CHK(s_ar, "fairness: grants to others while requesting <= N-1", ar_wait[i] <= 4, 1);
                s_ar.hit("wait_n_minus_1", ar_wait[i] == 4);
            }
            ar_req &= ~t->ar_grant;   // a granted requester drops its request
        }
        ar_req_prev = t->ar_req;
        if (t->ah_ack) ah_req &= ~t->ah_ack;

        // ------------------------------------------------ prio_enc
        {
            uint32_t req = t->pe_req;
            uint32_t oh = req & (~req + 1u) & 0x7ff;
            uint32_t idx = req ? (uint32_t)__builtin_ctz(req) : 0;
            uint32_t up = req ? (~((oh << 1) - 1u)) & 0x7ff : 0;
            s_pe.hit("no_request", req == 0);
            s_pe.hit("top_bit_only", req == (1u << 10));
            CHK(s_pe, "valid", t->pe_valid, req != 0);
            CHK(s_pe, "onehot", t->pe_onehot, oh);
            CHK(s_pe, "index", t->pe_index, idx);
            CHK(s_pe, "upper", t->pe_upper, up);
            s_pe.inputs++;
        }

        // ------------------------------------------------ popcount
        CHK(s_pc, "count", t->pc_count, __builtin_popcountll(t->pc_in));
        s_pc.hit("all_ones", t->pc_in == (1ull << 37) - 1);
        s_pp.hit("all_ones", t->pp_in == (1ull << 37) - 1);
        s_pc.inputs++;
        if (pp_age >= 2) CHK(s_pp, "count (2 cycles)", t->pp_count, __builtin_popcountll(pp_hist[1]));
        pp_hist[1] = pp_hist[0];
        pp_hist[0] = t->pp_in;
        pp_age++;
        s_pp.inputs++;

        // ------------------------------------------------ stats_counter
        CHK(s_sc, "stat_busy", t->sc_busy, m_sc.busy());
        bool due = !sc_rd.empty() && sc_rd.front().due == g_cycle;
        CHK(s_sc, "rd_valid (latency 2)", t->sc_rd_valid, due);
        if (due) {
            if (sc_rd.front().check) CHK(s_sc, "rd_data", t->sc_rd_data, sc_rd.front().exp);
            sc_rd.pop_front();
        }
        s_sc.hit("all_events_cycle", t->sc_inc == 0x1f);
        s_sc.hit("clear", t->sc_clear);
        s_sc.hit("read_while_busy", t->sc_rd_en && t->sc_busy);
        s_sc.hit("read_of_slot_in_writeback", t->sc_rd_en && t->sc_rd_addr == (m_sc.ptr + m_sc.p - 2) % m_sc.p);
        s_sc.hit("read_of_slot_visited_now", t->sc_rd_en && t->sc_rd_addr == m_sc.ptr);
        for (int i = 0; i < 5; i++)
            s_sc.hit("counter_wrap", m_sc.valid[i] && (t->sc_inc >> i & 1) && m_sc.cnt[i] == 0x3ff &&
                                        !(m_sc.zeroing && m_sc.ptr == i));
        if (t->sc_rd_en)
            sc_rd.push_back({g_cycle + 2, m_sc.cnt[t->sc_rd_addr], (bool)m_sc.valid[t->sc_rd_addr]});
        inputs_sc += __builtin_popcount(t->sc_inc);
        m_sc.step(t->sc_inc, t->sc_clear);

        // ------------------------------------------------ stats_counter_axil
        CHK(s_sa, "stat_busy", t->sa_busy, m_sa.busy());
        if (t->sa_rvalid && t->sa_rready) {
            CHK(s_sa, "R without a read", ar_out, 1);
            if (r_exp_check) CHK(s_sa, "rdata", t->sa_rdata, r_exp_data);
            CHK(s_sa, "rresp", t->sa_rresp, r_exp_resp);
            ar_out = false;
        }
        if (t->sa_arvalid && t->sa_arready) {
            CHK(s_sa, "AR accepted while a read is outstanding", ar_out, 0);
            int idx = t->sa_araddr >> 3;
            bool hi = t->sa_araddr >> 2 & 1;
            ar_out = true;
            s_sa.hit("read_slverr", idx >= 6);
            s_sa.hit("read_hi_ok", idx < 6 && hi && snap_valid);
            s_sa.hit("read_lo_ok", idx < 6 && !hi && m_sa.valid[idx]);
            if (idx >= 6) {
                r_exp_resp = 2; r_exp_data = 0; r_exp_check = true;
            } else if (hi) {
                r_exp_resp = 0; r_exp_data = (uint32_t)snap; r_exp_check = snap_valid;
            } else {
                r_exp_resp = 0;
                r_exp_data = (uint32_t)m_sa.cnt[idx];
                r_exp_check = m_sa.valid[idx];
                snap = m_sa.cnt[idx] >> 32;
                snap_valid = m_sa.valid[idx];
            }
            s_sa.inputs++;
        }
        if (t->sa_bvalid && t->sa_bready) {
            CHK(s_sa, "B without a write", b_out > 0, 1);
            CHK(s_sa, "bresp (read-only: SLVERR)", t->sa_bresp, 2);
            s_sa.hit("write_slverr", t->sa_bresp == 2);
            b_out--;
        }
        if (t->sa_awvalid && t->sa_awready) {
            CHK(s_sa, "AW and W together", t->sa_wready, 1);
            b_out++;
            s_sa.inputs++;
        }
        s_sa.hit("all_events_cycle", t->sa_inc == 0x3f);
        inputs_sa += __builtin_popcount(t->sa_inc);
        m_sa.step(t->sa_inc, t->sa_clear);

        // ------------------------------------------------ clock edge
        t->clk = 1;
        t->eval();
        t->clk = 0;
        t->eval();
    }
    s_sc.inputs += inputs_sc;
    s_sa.inputs += inputs_sa;

    Stat *all[] = {&s_fl, &s_fb, &s_sk, &s_ar, &s_af, &s_ah, &s_pe, &s_pp, &s_pc, &s_sc, &s_sa};
    uint64_t bad = 0;
    FILE *jf = json ? std::fopen(json, "a") : nullptr;
    for (Stat *s : all) {
        bad += s->mismatches;
        if (!quiet)
            std::printf("%-20s seed %-6" PRIu64 " inputs %10" PRIu64 " compared %10" PRIu64 " mismatches %" PRIu64 "\n",
                        s->name, seed, s->inputs, s->compared, s->mismatches);
        if (!quiet)
            for (auto &e : s->cov) std::printf("    cov_%-28s %" PRIu64 "\n", e.first.c_str(), e.second);
        if (jf) {
            std::fprintf(jf, "{\"block\": \"common\", \"scenario\": \"%s\", \"seed\": %" PRIu64 ", \"inputs\": %" PRIu64
                         ", \"outputs_compared\": %" PRIu64 ", \"cycles\": %" PRIu64 ", \"mismatches\": %" PRIu64,
                         s->name, seed, s->inputs, s->compared, cycles, s->mismatches);
            for (auto &e : s->cov) std::fprintf(jf, ", \"cov_%s\": %" PRIu64, e.first.c_str(), e.second);
            std::fprintf(jf, "}\n");
        }
    }
    if (jf) std::fclose(jf);
    std::printf("tb_prims: seed %" PRIu64 ", %" PRIu64 " cycles: %s (%" PRIu64 " mismatches)\n", seed, cycles,
                bad ? "FAILED" : "passed", bad);
    t->final();
    delete t;
    return bad ? 1 : 0;
}
