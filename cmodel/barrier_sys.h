/*
 * barrier_sys.h: system-level discrete-event latency model of back-to-back multi-device
 * barriers, comparing the conventional home-counter barrier of seed ¶2 with the multicast
 * counter barrier of seed ¶30-¶39 (engineering note shared/spec/001-multicast-barrier.md,
 * §2.12 and §6).
 *
 * What is modelled (all times in ns, as double):
 *   - N devices (index 0..N-1), K PEs per device (PE p lives on device p / K). Device 0 is the
 *     home device of the baseline. Every PE is a notifying agent (note A5 "every PE
 *     multicasts"; K = 1 is the §6 setting of one notifier per device).
 *   - Fabric: one switch, one uplink (device -> switch) and one downlink (switch -> device) per
 *     device. Link latency of device d: t_link + link_skew * d / (N-1). A one-way
 *     device-to-device traversal is T1 = 2 t_link + t_sw (§6). Each link serializes packets
 *     with occupancy t_ser (0 = unlimited bandwidth, the §6 assumption).
 *   - Switch: a packet entering on port s is processed t_sw later; copy j (j = 0.. in
 *     ascending destination-device order) leaves j * t_rep later. Each ingress port has one
 *     replication engine, so successive packets from one port replicate back to back.
 *   - Memory: an atomic add takes t_m at the target memory; successive atomics at one memory
 *     start at least tau_a apart (contention). A remote store (flag) commits t_w after it
 *     lands. The internal path (own device, no switch) takes t_loc.
 *   - Detection: when a device's pass condition becomes true at time t, the device's waiters
 *     pass at t + delta: delta ~ U[0, P] (seeded PRNG), delta = P/2, or delta = t_cycle for
 *     the RTL event-driven comparator (note A12). One detection per device and epoch: all K
 *     local PEs pass together. The baseline home poller cannot start polling epoch e+1 before
 *     it has issued the last flag write of epoch e.
 *   - Back-to-back loop: PE p arrives at barrier 1 at time c_p and at barrier e+1 at its pass
 *     of barrier e plus c_p, with c_p = t_compute + U[0, t_jitter] drawn per arrival.
 *
 * Scheme BSYS_BASELINE (¶2, note §2.12): each arrival is a unicast atomic add on the home
 * counter (local path t_loc for the home device's own PEs); the home polls until the counter
 * reaches N*K*e, its own PEs pass, and it writes flag = e to devices 1..N-1 in that order, one
 * write every t_iss; each device polls its flag. The counter is never reset (epoch targets),
 * so no reset step is modelled.
 *
 * Scheme BSYS_MULTICAST (¶30-¶38, C1-C7): each arrival is one notification to the switch,
 * which replicates it to every device (reflect, Fig. 1) or to every device except the issuer,
 * whose own counter is updated over the internal path (¶48). Each device passes epoch e when
 * its local counter reaches N*K*e (¶34, ¶36, ¶38).
 *
 * The model is deterministic for a given parameter set (including seed).
 */
#ifndef BARRIER_SYS_H
#define BARRIER_SYS_H

#include <stdint.h>

#define BSYS_MAX_DEV 256u        /* largest n_dev accepted */
#define BSYS_MAX_PES_PER_DEV 64u /* largest pes_per_dev accepted */
#define BSYS_MAX_BARRIERS 1000000u

/* Error codes returned by the functions below. */
#define BSYS_OK 0
#define BSYS_E_PARAM (-1)    /* a parameter is out of range or not finite */
#define BSYS_E_NOMEM (-2)    /* allocation failed */
#define BSYS_E_NOCLOSED (-3) /* §6 gives no closed form for this configuration */

typedef enum { BSYS_BASELINE = 0, BSYS_MULTICAST = 1 } bsys_scheme_t;

typedef enum {
    BSYS_DET_UNIFORM = 0, /* poll: delta ~ U[0, poll_P] from the seeded PRNG (§6) */
    BSYS_DET_HALF = 1,    /* poll, deterministic: delta = poll_P / 2 (the §6 mean) */
    BSYS_DET_EVENT = 2    /* event-driven comparator: delta = t_cycle (note A12, §4.2 A5) */
} bsys_detect_t;

typedef struct {
    unsigned n_dev;       /* N devices, 2..BSYS_MAX_DEV */
    unsigned pes_per_dev; /* K notifying PEs per device, 1..BSYS_MAX_PES_PER_DEV */
    unsigned barriers;    /* B back-to-back barriers simulated, 1..BSYS_MAX_BARRIERS */
    double t_link;        /* ns, one link (device <-> switch) */
    double link_skew;     /* ns, extra latency of device N-1's links (linear in d); >= 0 */
    double t_sw;          /* ns, switch processing */
    double t_ser;         /* ns, link occupancy per packet (0 = infinite bandwidth) */
    double t_m;           /* ns, atomic read-modify-write at the target memory */
    double tau_a;         /* ns, minimum gap between atomics at one memory (contention) */
    double t_w;           /* ns, remote store (flag) commit */
    double poll_P;        /* ns, poll period P (> 0 for the poll modes) */
    double t_cycle;       /* ns, comparator delay for BSYS_DET_EVENT (> 0 in that mode) */
    double t_iss;         /* ns, issue gap between the home's back-to-back flag writes */
    double t_rep;         /* ns, extra switch delay per copy: copy j leaves j * t_rep later */
    double t_loc;         /* ns, internal path (own device, no switch) */
    double t_compute;     /* ns, compute time between a pass and the next arrival */
    double t_jitter;      /* ns, extra compute time ~ U[0, t_jitter] per arrival */
    bsys_detect_t detect; /* detection model, see bsys_detect_t */
    int internal_path;    /* multicast only: 0 reflect own copy via switch, 1 internal (¶48) */
    uint64_t seed;        /* PRNG seed (any value) */
} bsys_params_t;

/*
 * Per-run results. Latencies are "pass time of a device's waiters minus the last arrival time
 * of that barrier", one sample per (barrier, device). Counts are exact per-barrier averages of
 * integer totals.
 */
typedef struct {
    unsigned n_dev, pes_per_dev, barriers;
    double lat_mean_ns;        /* mean over all (barrier, device) samples */
    double lat_min_ns;         /* minimum sample */
    double lat_max_ns;         /* maximum sample */
    double lat_mean_home_ns;   /* mean over device 0 (the baseline home) */
    double lat_mean_remote_ns; /* mean over devices 1..N-1 */
    double spread_mean_ns;     /* per barrier: latest minus earliest device pass; mean */
    double spread_max_ns;      /* ... and maximum over barriers */
    double iter_mean_ns;       /* time of the last pass of the last barrier / barriers */
    unsigned crit_traversals;  /* fabric traversals on the causal chain of the latest pass,
                                  maximum over barriers */
    unsigned crit_traversals_min; /* the same, minimum over barriers */
    unsigned crit_polls;       /* detection (poll) steps on that chain, maximum over barriers */
    unsigned crit_polls_min;   /* the same, minimum over barriers */
    double msgs_per_barrier;   /* end-to-end messages injected into the fabric (= pkts_up) */
    double pkts_up_per_barrier;   /* packets on device -> switch links */
    double pkts_down_per_barrier; /* packets on switch -> device links */
    double link_pkts_per_barrier; /* pkts_up + pkts_down (link crossings) */
    double atomics_per_barrier;   /* memory atomics, local and remote */
    double stores_per_barrier;    /* remote flag stores (baseline) */
    uint64_t s1_violations;    /* passes of epoch e before all PEs arrived at e (must be 0) */
    uint64_t events;           /* discrete events processed */
} bsys_result_t;

/* §6 closed forms (no contention, equal links, no skew, last arrival on a remote device). */
typedef struct {
    double mean_ns;        /* mean over all devices */
    double mean_home_ns;   /* device 0 */
    double mean_remote_ns; /* devices 1..N-1 (the §6 "mean" for the baseline) */
    double worst_ns;       /* largest possible latency */
    unsigned traversals;   /* fabric traversals on the critical path */
    unsigned polls;        /* poll / detection steps on the critical path */
    double msgs;           /* end-to-end messages per barrier */
    double pkts_up, pkts_down, link_pkts; /* link packets per barrier */
    double atomics;        /* memory atomics per barrier */
} bsys_closed_t;

/*
 * bsys_default_params: fill *p with the §6 illustrative parameter set: N = 8, K = 1,
 * t_link = 300 and t_sw = 100 (T1 = 700 ns), t_m = t_w = 50, P = 200, t_iss = 30,
 * t_rep = 4 ns per copy, t_loc = 100, t_cycle = 4 (250 MHz), no skew, no contention,
 * t_ser = 0, t_compute = t_jitter = 0, uniform polls, reflect, 1000 barriers, seed 1.
 * Shapes: p points to one struct. Errors: none (p must not be NULL). Source: note §6.
 */
void bsys_default_params(bsys_params_t *p);

/*
 * bsys_check_params: validate *p. Returns BSYS_OK, or BSYS_E_PARAM if a count is out of the
 * ranges documented in bsys_params_t, a time is negative or not finite, poll_P <= 0 in a poll
 * mode, t_cycle <= 0 in BSYS_DET_EVENT, or internal_path is not 0/1. Source: note §6.
 */
int bsys_check_params(const bsys_params_t *p);

/*
 * bsys_run: simulate p->barriers back-to-back barriers of scheme s and fill *r.
 * Shapes: one params struct in, one result struct out. Units: ns, messages, events.
 * Memory: O(barriers + N*K) doubles, freed before return.
 * Errors: BSYS_E_PARAM (invalid params, unknown scheme, NULL pointer), BSYS_E_NOMEM.
 * Source: baseline ¶2 (note §2.12); multicast ¶30-¶38, ¶48; metrics note §6 "What to measure".
 */
int bsys_run(const bsys_params_t *p, bsys_scheme_t s, bsys_result_t *r);

/*
 * bsys_closed_form: the §6 completion-time formulas and message counts for p and scheme s.
 *   baseline, device j != home: 2 T1 + t_m + t_w + delta_H + r_j t_iss + delta_j,
 *     r_j in [0, N-2] (mean (N-2)/2); home: T1 + t_m + delta_H.
 *   multicast (reflect): T1 + j t_rep + t_m + delta_j, j in [0, N-1].
 * with mean(delta) = P/2 and worst P for poll modes (P/2 and P/2 for BSYS_DET_HALF,
 * t_cycle for BSYS_DET_EVENT), T1 = 2 t_link + t_sw. Counts per barrier with K PEs/device:
 *   baseline msgs = (N-1)(K+1) (remote atomics + flags), link packets 2 (N-1)(K+1),
 *   atomics N K; multicast msgs = N K up, N^2 K down (N(N-1)K with the internal path),
 *   atomics N^2 K.
 * Valid for link_skew = t_ser = tau_a = 0; latency fields assume K = 1 and that the last
 * arrival is on a device other than home (true in the back-to-back loop with t_jitter = 0);
 * the counts hold for any K.
 * Errors: BSYS_E_PARAM (invalid params / NULL), BSYS_E_NOCLOSED for the multicast internal
 * path (the issuer's own copy depends on earlier arrival times; only the counts are filled).
 * Source: note §6 table and "Illustrative numbers".
 */
int bsys_closed_form(const bsys_params_t *p, bsys_scheme_t s, bsys_closed_t *c);

/* bsys_scheme_name: "baseline" or "multicast" ("?" otherwise). Never NULL. Source: ¶2, ¶30. */
const char *bsys_scheme_name(bsys_scheme_t s);

#endif /* BARRIER_SYS_H */
