// tb_prims: Verilator unit test of the rtl/common control and packet primitives (top tb/prims/prims_top.v)
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
//   crc32_beat (DW 64, 512, 72/CHUNK 24): a bit-by-bit CRC-32 (reflected 0xEDB88320, register
//     uninverted, INIT 0xFFFFFFFF at a first beat) over every byte of every valid beat; out_valid
//     exactly 2 cycles after in_valid, out_crc every cycle once a first beat reached the register;
//     random first-beat density (every beat .. 1 in 50), bubbles inside a CRC, zero / 0xFF beats.
//     Directed, 1 % of beats: "123456789" (DW 72: one beat; DW 512: + 55 zero bytes; DW 64: two
//     beats, "12345678" then "9" + 7 zero bytes): ~unzeros(out_crc, trailing zeros) must be the
//     published check value 0xCBF43926 (a constant, not the reference model).
//   ipv4_csum (PIPELINE 1, latency 2, and 0): RFC 1071 sum (32-bit sum, carries folded); headers
//     random, with a correct checksum (must give 0xFFFF), the same with one bit flipped (must not),
//     all zero, all 0xFF, bytes >= 0xF0 (second fold), checksum field zero (transmit form).
//   hdr_capture (DW 64 and 512 with HDR_BYTES 86, DW 24 with HDR_BYTES 7): byte-serial model (kept
//     lanes appended in lane order at a byte counter, bytes past the end 0); out_valid the cycle
//     after the last beat; out_len = KW per beat before the last + ones of the last keep
//     (saturating; equal to the kept bytes) and out_hdr compared when out_bad_keep is 0;
//     outputs compared in the out_valid cycle (they are not held). Packets of
//     1..KW bytes, shorter than the header, exactly HDR_BYTES, up to 1500, > 0xFFFF bytes (DW 512),
//     phases of one-beat packets back to back; 6 % break the keep contract on one beat (keep 0,
//     keep not from lane 0, a hole, a partial beat before the last): out_bad_keep must be set.
//     Idle cycles carry random data, keep and last (ignored).
// Coverage: per primitive, classes (full FIFO, skid used, a wait of N-1 grants, counter wrap,
//   reads of the slot in write-back, SLVERR reads, ...) printed and written as "cov_<class>".
// Exit status: 0 when no mismatch, 1 otherwise (first 20 mismatches printed).
#include "Vprims_top.h"
#include "verilated.h"

#include <algorithm>

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

// ---------------------------------------------------------------- packet primitive helpers
// byte i of a port = bits [8i+7:8i] (Verilator: scalars up to 64 bits, VlWide above)
template <typename T> void put_bytes(T &port, const uint8_t *b, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
    port = (T)v;
}
template <std::size_t W> void put_bytes(VlWide<W> &port, const uint8_t *b, int n) {
    for (std::size_t w = 0; w < W; w++) port[w] = 0;
    for (int i = 0; i < n; i++) port[i / 4] |= (uint32_t)b[i] << (8 * (i % 4));
}
template <typename T> uint8_t get_byte(const T &port, int i) { return (uint8_t)((uint64_t)port >> (8 * i)); }
template <std::size_t W> uint8_t get_byte(const VlWide<W> &port, int i) {
    return (uint8_t)(port[i / 4] >> (8 * (i % 4)));
}

// CRC-32 reference (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit, register uninverted
uint32_t ref_crc_byte(uint32_t c, uint8_t b) {
    for (int i = 0; i < 8; i++) {
        bool fb = ((c ^ (uint32_t)(b >> i)) & 1u) != 0;
        c = (c >> 1) ^ (fb ? 0xEDB88320u : 0u);
    }
    return c;
}
// the register that n zero bytes take to c (inverse of n zero-byte steps): one zero-bit step is
// c' = (c >> 1) ^ (c[0] ? P : 0), and P[31] = 1 recovers c[0] = c'[31]
uint32_t ref_crc_unzeros(uint32_t c, int n) {
    for (int i = 0; i < 8 * n; i++) {
        uint32_t b = c >> 31;
        c = ((c ^ (b ? 0xEDB88320u : 0u)) << 1) | b;
    }
    return c;
}
const uint8_t kCheck[9] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
const uint32_t kCheckValue = 0xCBF43926u;   // CRC-32 of "123456789" (~register)

// crc32_beat: the register updated byte by byte over every valid beat, 2 cycles later
struct CrcTest {
    Stat s;
    int kw;
    struct Beat { bool v = false, f = false; std::vector<uint8_t> d; int tag = 0; };
    Beat hist[2];   // inputs of cycle t-1, t-2
    uint32_t reg = 0;
    bool known = false;
    int beats = 0;          // beats of the current CRC that reached the register
    bool prev_first = false, gap = false;
    double pfirst = 0.2;
    uint32_t left = 0;
    int dir_next = 0;       // directed sequence: the next valid beat's tag
    uint64_t checks = 0;
    CrcTest(const char *n, int kw_) : s{n}, kw(kw_) {
        s.declare("first_beat"); s.declare("multi_beat"); s.declare("first_back_to_back");
        s.declare("gap_inside_crc"); s.declare("check_value");
        hist[0].d.assign(kw, 0); hist[1].d.assign(kw, 0);
    }
    // next inputs; tag 1: "123456789" at the start of a first beat (+ zero bytes), tag 2: first
    // beat "12345678" (DW 64), tag 3: its continuation "9" + 7 zero bytes
    Beat draw(Rng &r, Profile &pv) {
        Beat b;
        b.d.resize(kw);
        if (left == 0) {
            static const double pf[] = {1.0, 0.5, 0.2, 0.02};
            pfirst = pf[r.below(4)];
            left = 300 + r.below(2000);
        }
        left--;
        b.v = pv.draw(r);
        int k = r.below(8);
        for (int i = 0; i < kw; i++) b.d[i] = k == 0 ? 0 : k == 1 ? 0xff : (uint8_t)r.u64();
        b.f = r.p(pfirst);
        if (b.v && dir_next) {
            b.tag = dir_next;
            b.f = false;
            std::fill(b.d.begin(), b.d.end(), 0);
            b.d[0] = '9';
            dir_next = 0;
        } else if (b.v && r.p(0.01)) {
            b.f = true;
            std::fill(b.d.begin(), b.d.end(), 0);
            if (kw >= 9) {
                std::memcpy(b.d.data(), kCheck, 9);
                b.tag = 1;
            } else {
                std::memcpy(b.d.data(), kCheck, 8);
                b.tag = 2;
                dir_next = 3;
            }
        }
        return b;
    }
    // outputs seen this cycle (before the edge) against the beat of cycle t-2; then shift in b
    void check(const Beat &b, uint8_t out_valid, uint32_t out_crc) {
        const Beat &o = hist[1];
        CHK(s, "out_valid (latency 2)", out_valid, o.v);
        if (o.v) {
            s.hit("first_beat", o.f);
            s.hit("first_back_to_back", o.f && prev_first);
            s.hit("gap_inside_crc", !o.f && known && gap);
            if (o.f) { reg = 0xFFFFFFFFu; known = true; beats = 0; }
            for (int i = 0; i < kw; i++) reg = ref_crc_byte(reg, o.d[i]);
            beats++;
            s.hit("multi_beat", known && beats >= 3);
            prev_first = o.f;
            gap = false;
            s.inputs++;
        } else {
            gap = true;
        }
        if (known) CHK(s, "out_crc", out_crc, reg);
        // directed: the check value, from the RTL output alone (C un-advances trailing zeros)
        if (o.v && (o.tag == 1 || o.tag == 3)) {
            int zeros = o.tag == 1 ? kw - 9 : kw - 1;
            CHK(s, "CRC-32(\"123456789\") check value", ~ref_crc_unzeros(out_crc, zeros), kCheckValue);
            s.hit("check_value", true);
            checks++;
        }
        hist[1] = hist[0];
        hist[0] = b;
    }
};

// RFC 1071 reference: 32-bit sum of the ten big-endian words, end-around carries folded
uint16_t ref_csum(const uint8_t *h) {
    uint32_t s = 0;
    for (int k = 0; k < 10; k++) s += (uint32_t)h[2 * k] << 8 | h[2 * k + 1];
    while (s >> 16) s = (s & 0xffff) + (s >> 16);
    return (uint16_t)s;
}
struct CsumTest {
    Stat s;
    int lat;
    struct Hdr { bool v = false; uint8_t h[20] = {0}; int kind = 0; };
    Hdr hist[2];
    CsumTest(const char *n, int lat_) : s{n}, lat(lat_) {
        s.declare("good"); s.declare("bad"); s.declare("zero_header"); s.declare("second_fold");
    }
    // kinds: 0 random, 1 good (checksum inserted), 2 good with one bit flipped, 3 all zero,
    // 4 all 0xFF, 5 bytes >= 0xF0 (carries), 6 transmit form (checksum field 0)
    Hdr draw(Rng &r, Profile &pv) {
        Hdr x;
        x.v = pv.draw(r);
        x.kind = r.below(7);
        for (auto &b : x.h) b = (uint8_t)r.u64();
        if (x.kind == 5) for (auto &b : x.h) b |= 0xf0;
        if (x.kind == 3) std::memset(x.h, 0, 20);
        if (x.kind == 4) std::memset(x.h, 0xff, 20);
        if (x.kind == 1 || x.kind == 2 || x.kind == 6) {
            x.h[0] = 0x45;
            x.h[10] = x.h[11] = 0;
            if (x.kind != 6) {
                uint16_t c = (uint16_t)~ref_csum(x.h);
                x.h[10] = (uint8_t)(c >> 8);
                x.h[11] = (uint8_t)c;
            }
            if (x.kind == 2) { int bit = r.below(160); x.h[bit / 8] ^= (uint8_t)(1u << (bit % 8)); }
        }
        return x;
    }
    void check(const Hdr &in, uint8_t out_valid, uint16_t out_sum) {
        const Hdr &o = lat ? hist[1] : in;
        CHK(s, "out_valid", out_valid, o.v);
        uint16_t e = ref_csum(o.h);
        CHK(s, "out_sum", out_sum, e);
        // the receiver rule of the header comment, independent of the reference sum
        if (o.kind == 1) CHK(s, "good header sums to 0xFFFF", out_sum, 0xffff);
        if (o.kind == 2) CHK(s, "corrupted header does not sum to 0xFFFF", out_sum != 0xffff, 1);
        if (o.v) {
            s.inputs++;
            s.hit("good", o.kind == 1 && out_sum == 0xffff);
            s.hit("bad", o.kind == 2 && out_sum != 0xffff);
            s.hit("zero_header", o.kind == 3);
            uint32_t t = 0;
            for (int k = 0; k < 10; k++) t += (uint32_t)o.h[2 * k] << 8 | o.h[2 * k + 1];
            s.hit("second_fold", (t & 0xffff) + (t >> 16) > 0xffff);
        }
        if (lat) { hist[1] = hist[0]; hist[0] = in; }
    }
};

// hdr_capture: byte-serial model (kept lanes appended in lane order at a byte counter)
struct HdrTest {
    Stat s;
    int kw, hb;
    bool giants;   // packets of more than 0xFFFF bytes (length saturation)
    // generator
    std::vector<uint64_t> keeps;   // keep per beat of the packet in progress
    size_t beat = 0;
    uint32_t phase_left = 0;
    int phase = 0;                 // 0 mixed, 1 one-beat packets back to back, fire every cycle
    uint64_t packets = 0;
    bool giant_done = false;
    // model
    std::vector<uint8_t> mh;
    uint32_t mcnt = 0, mbeats = 0;
    bool mbad = false;
    uint64_t last_keep = 0;
    bool pend_v = false;           // an output is due this cycle
    std::vector<uint8_t> eh;
    uint32_t elen = 0;
    bool ebad = false, have_out = false;
    bool prev_one = false, prev_bad = false;
    uint64_t full;
    HdrTest(const char *n, int kw_, int hb_, bool g) : s{n}, kw(kw_), hb(hb_), giants(g), mh(hb_, 0), eh(hb_, 0) {
        full = kw == 64 ? ~0ull : (1ull << kw) - 1;
        s.declare("short_packet"); s.declare("long_packet"); s.declare("one_beat_back_to_back");
        s.declare("bad_keep"); s.declare("good_after_bad"); s.declare("len_exact_hdr_bytes");
        if (giants) s.declare("len_saturated");
    }
    void new_packet(Rng &r) {
        packets++;
        uint32_t len;
        int k = r.below(100);
        if (phase == 1 || k < 25) len = 1 + r.below(kw);
        else if (k < 50) len = 1 + r.below(hb - 1 < 1 ? 1 : hb - 1);
        else if (k < 55) len = hb;
        else if (k < 75) len = hb + r.below(2 * kw + 1);
        else len = 1 + r.below(1500);
        if (giants && phase == 0 && (r.p(0.0002) || (!giant_done && packets == 500))) {
            len = 65536 + r.below(3 * kw);
            giant_done = true;
        }
        uint32_t nb = (len + kw - 1) / kw;
        keeps.assign(nb, full);
        uint32_t rem = len - (nb - 1) * kw;
        keeps[nb - 1] = rem == 64 ? ~0ull : (1ull << rem) - 1;
        if (r.p(0.06)) {   // break the contract on one beat
            size_t bi = r.below(nb);
            switch (r.below(4)) {
            case 0: keeps[bi] = 0; break;                                      // empty beat
            case 1: keeps[bi] = keeps[bi] << 1 & full; break;                  // not from bit 0
            case 2: if (kw >= 3) keeps[bi] = full & ~(1ull << (1 + r.below(kw - 2))); break;   // hole
            default: if (nb >= 2) keeps[0] = full >> (1 + r.below(kw - 1)); break;   // partial non-last
            }
        }
        beat = 0;
    }
    // drive: fire, data bytes (all lanes), keep, last
    bool draw(Rng &r, Profile &pf, std::vector<uint8_t> &d, uint64_t &keep, bool &last) {
        if (phase_left == 0) {
            phase = r.p(0.25) ? 1 : 0;
            phase_left = 200 + r.below(2000);
        }
        phase_left--;
        d.resize(kw);
        for (auto &b : d) b = (uint8_t)r.u64();
        bool fire = phase == 1 || pf.draw(r);
        if (!fire) { keep = r.u64() & full; last = r.p(0.5); return false; }   // ignored lanes
        if (keeps.empty()) new_packet(r);
        keep = keeps[beat];
        last = beat + 1 == keeps.size();
        beat++;
        if (last) { keeps.clear(); beat = 0; }
        return true;
    }
    template <typename H>
    void check(bool fire, const std::vector<uint8_t> &d, uint64_t keep, bool last, uint8_t out_valid,
               const H &out_hdr, uint16_t out_len, uint8_t out_bad) {
        CHK(s, "out_valid (1 cycle after the last beat)", out_valid, pend_v);
        if (out_valid && pend_v) {
            s.hit("bad_keep", ebad);
            s.hit("good_after_bad", !ebad && prev_bad);
            s.hit("short_packet", !ebad && elen < (uint32_t)hb);
            s.hit("long_packet", !ebad && elen > (uint32_t)hb + kw);
            s.hit("len_exact_hdr_bytes", !ebad && elen == (uint32_t)hb);
            if (giants) s.hit("len_saturated", elen == 0xffff);
            prev_bad = ebad;
            have_out = true;
        }
        // out_hdr / out_len / out_bad_keep are valid in the out_valid cycle only (contract of
        // the lead's 18:00 change; they are not held)
        if (out_valid && pend_v) {
            CHK(s, "out_bad_keep", out_bad, ebad);
            if (!ebad) {   // out_len and out_hdr are exact when the keep contract held
                CHK(s, "out_len", out_len, elen);
                for (int j = 0; j < hb; j++) CHK(s, "out_hdr byte", get_byte(out_hdr, j), eh[j]);
            }
        }
        pend_v = false;
        if (!fire) { prev_one = false; return; }
        // model takes the beat
        s.inputs++;
        int ones = __builtin_popcountll(keep);
        bool contig = keep != 0 && (keep & (keep + 1)) == 0;
        mbad = mbad || !contig || (!last && keep != full);
        for (int l = 0; l < kw; l++)
            if (keep >> l & 1) {
                if (mcnt < (uint32_t)hb) mh[mcnt] = d[l];
                mcnt++;
            }
        mbeats++;
        bool one = last && mbeats == 1;
        s.hit("one_beat_back_to_back", one && prev_one);
        prev_one = one;
        if (last) {
            // documented length: KW per beat before the last + ones of the last keep, saturating
            uint64_t f = (uint64_t)kw * (mbeats - 1) + ones;
            elen = f > 0xffff ? 0xffff : (uint32_t)f;
            if (!mbad) CHK(s, "model: formula length == kept bytes", elen, mcnt > 0xffff ? 0xffff : mcnt);
            eh = mh;
            ebad = mbad;
            pend_v = true;
            std::fill(mh.begin(), mh.end(), 0);
            mcnt = 0; mbeats = 0; mbad = false;
        }
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
    // packet primitives
    CrcTest c6("crc32_beat_dw64", 8), c5("crc32_beat_dw512", 64), c9("crc32_beat_dw72", 9);
    CsumTest cs("ipv4_csum_pipe", 1), cz("ipv4_csum_comb", 0);
    HdrTest h6("hdr_capture_dw64", 8, 86, false), h5("hdr_capture_dw512", 64, 86, true),
        h3("hdr_capture_dw24", 3, 7, false);
    Profile p_c6, p_c5, p_c9, p_cs, p_cz, p_h6, p_h5, p_h3;
    {   // the references themselves against the published check value
        uint32_t c = 0xFFFFFFFFu;
        for (uint8_t b : kCheck) c = ref_crc_byte(c, b);
        uint32_t z = c;
        for (int i = 0; i < 5; i++) z = ref_crc_byte(z, 0);
        if (~c != kCheckValue || ref_crc_unzeros(z, 5) != c) {
            std::printf("tb_prims: CRC-32 reference self-test failed (0x%08x)\n", ~c);
            return 1;
        }
        static const uint8_t ip[20] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                                       0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
        if (ref_csum(ip) != 0xffff) {   // a header with a correct checksum (RFC 1071 example style)
            std::printf("tb_prims: IPv4 checksum reference self-test failed\n");
            return 1;
        }
    }
    t->c6_valid = t->c5_valid = t->c9_valid = t->cs_valid = t->cz_valid = 0;
    t->h6_fire = t->h5_fire = t->h3_fire = 0;
    t->c6_first = t->c5_first = t->c9_first = 0;
    {
        uint8_t z[64] = {0};
        put_bytes(t->c6_data, z, 8); put_bytes(t->c5_data, z, 64); put_bytes(t->c9_data, z, 9);
        put_bytes(t->cs_hdr, z, 20); put_bytes(t->cz_hdr, z, 20);
    }

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
        CrcTest::Beat b_c6 = c6.draw(r, p_c6), b_c5 = c5.draw(r, p_c5), b_c9 = c9.draw(r, p_c9);
        t->c6_valid = b_c6.v; t->c6_first = b_c6.f; put_bytes(t->c6_data, b_c6.d.data(), 8);
        t->c5_valid = b_c5.v; t->c5_first = b_c5.f; put_bytes(t->c5_data, b_c5.d.data(), 64);
        t->c9_valid = b_c9.v; t->c9_first = b_c9.f; put_bytes(t->c9_data, b_c9.d.data(), 9);
        CsumTest::Hdr x_cs = cs.draw(r, p_cs), x_cz = cz.draw(r, p_cz);
        t->cs_valid = x_cs.v; put_bytes(t->cs_hdr, x_cs.h, 20);
        t->cz_valid = x_cz.v; put_bytes(t->cz_hdr, x_cz.h, 20);
        std::vector<uint8_t> d_h6, d_h5, d_h3;
        uint64_t k_h6, k_h5, k_h3;
        bool l_h6, l_h5, l_h3;
        bool f_h6 = h6.draw(r, p_h6, d_h6, k_h6, l_h6), f_h5 = h5.draw(r, p_h5, d_h5, k_h5, l_h5),
             f_h3 = h3.draw(r, p_h3, d_h3, k_h3, l_h3);
        t->h6_fire = f_h6; put_bytes(t->h6_data, d_h6.data(), 8); t->h6_keep = (uint8_t)k_h6; t->h6_last = l_h6;
        t->h5_fire = f_h5; put_bytes(t->h5_data, d_h5.data(), 64); t->h5_keep = k_h5; t->h5_last = l_h5;
        t->h3_fire = f_h3; put_bytes(t->h3_data, d_h3.data(), 3); t->h3_keep = (uint8_t)k_h3; t->h3_last = l_h3;
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

        // ------------------------------------------------ packet primitives
        c6.check(b_c6, t->c6_out_valid, t->c6_crc);
        c5.check(b_c5, t->c5_out_valid, t->c5_crc);
        c9.check(b_c9, t->c9_out_valid, t->c9_crc);
        cs.check(x_cs, t->cs_out_valid, t->cs_sum);
        cz.check(x_cz, t->cz_out_valid, t->cz_sum);
        h6.check(f_h6, d_h6, k_h6, l_h6, t->h6_out_valid, t->h6_hdr, t->h6_len, t->h6_bad_keep);
        h5.check(f_h5, d_h5, k_h5, l_h5, t->h5_out_valid, t->h5_hdr, t->h5_len, t->h5_bad_keep);
        h3.check(f_h3, d_h3, k_h3, l_h3, t->h3_out_valid, t->h3_hdr, t->h3_len, t->h3_bad_keep);

        // ------------------------------------------------ clock edge
        t->clk = 1;
        t->eval();
        t->clk = 0;
        t->eval();
    }
    s_sc.inputs += inputs_sc;
    s_sa.inputs += inputs_sa;

    Stat *all[] = {&s_fl, &s_fb, &s_sk, &s_ar, &s_af, &s_ah, &s_pe, &s_pp, &s_pc, &s_sc, &s_sa,
                   &c6.s, &c5.s, &c9.s, &cs.s, &cz.s, &h6.s, &h5.s, &h3.s};
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
