/*
 * session_sel_net.c - network-level comparison built from the C models (docs/session_sel.md
 * section 12): a leaf-spine fabric carrying the same traffic under
 *   (a) ECMP: the switch hashes each QP's (fixed) 5-tuple to one spine,
 *   (b) spraying: each QP sends its packets round robin over the spines,
 *   (c) session_sel: each sending NIC runs the session_sel C model (cmodel/session_sel.c); a QP's
 *       group has 8 sessions (UDP source ports), the switch ECMP-hashes each session's 5-tuple
 *       to a spine, and ECN marks at the queues come back as CNPs naming the session
 *       (congestion weights, hardware weight mode).
 *
 * Program (not a library): session_sel_net [OUT_PREFIX] writes OUT_PREFIX.json (per scheme: max
 * link utilisation = max over links of offered packets / (capacity x slots), packets through the
 * degraded links, queue occupancy percentiles, drops) and OUT_PREFIX_queues.csv (queue-length
 * histogram per scheme) for scripts/session_sel_plot.py.
 *
 * Fabric: 8 leaves x 4 spines, 4 hosts per leaf, one QP per host to a host on another leaf
 * (a fixed random permutation), Bernoulli arrivals of 0.30 packets per slot per QP. Every link
 * (leaf->spine up, spine->leaf down) serves 1 packet per slot, except the degraded ones
 * (leaf 0 <-> spine 1 and leaf 5 <-> spine 2, both directions) which serve 1 packet every 4
 * slots. Queues are FIFO, 512 packets (tail drop); a packet is ECN-marked when it joins a queue
 * holding >= 16 packets; the receiver's CNP reaches the sender's model after 8 slots.
 * One slot = one model clock; the model's tick period is 64 slots (TICK = 63).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_sel.h"

#define LEAVES 8
#define SPINES 4
#define HOSTS 4
#define NQP (LEAVES * HOSTS)
#define NSESS 8
#define SLOTS 200000
#define QCAP 512
#define KMARK 16
#define CNP_DELAY 8
#define NLINK (2 * LEAVES * SPINES)
#define LOAD 0.30

static uint64_t rs;
static uint64_t rnd(void) {
    uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static double urand(void) { return (double)(rnd() >> 11) * 0x1.0p-53; }

/* switch ECMP hash of a 5-tuple (independent of the selector's hash) */
static unsigned ecmp(uint32_t sip, uint32_t dip, uint32_t sport, uint32_t dport) {
    uint64_t x = ((uint64_t)sip << 32 | dip) ^ ((uint64_t)sport << 16 | dport) * 0x9e3779b97f4a7c15ull;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (unsigned)(x % SPINES);
}

struct pkt { uint16_t qp, sess, hop, marked; uint32_t dst_leaf, spine; };
struct queue { struct pkt *q; unsigned h, n; };
static struct queue Q[NLINK];
static unsigned up(unsigned leaf, unsigned sp) { return leaf * SPINES + sp; }
static unsigned down(unsigned sp, unsigned leaf) { return LEAVES * SPINES + sp * LEAVES + leaf; }
static int degraded(unsigned l) {
    unsigned leaf, sp;
    if (l < LEAVES * SPINES) leaf = l / SPINES, sp = l % SPINES;
    else sp = (l - LEAVES * SPINES) / LEAVES, leaf = (l - LEAVES * SPINES) % LEAVES;
    return (leaf == 0 && sp == 1) || (leaf == 5 && sp == 2);
}

struct result {
    double max_util, mean_util;
    uint64_t through_degraded, delivered, dropped, offered;
    double q50, q99, q999, qmax;
    uint64_t hist[QCAP + 1];
};

static void run(int scheme, struct result *r) {
    static struct session_sel_model nic[NQP];
    static unsigned dst[NQP], rr[NQP];
    static uint32_t sport[NQP][NSESS];
    static uint64_t arrivals[NLINK];
    static struct { unsigned slot, qp, sess; } cnp[1 << 16];
    unsigned cnp_h = 0, cnp_n = 0;
    memset(r, 0, sizeof *r);
    memset(arrivals, 0, sizeof arrivals);
    rs = 12345;  /* same traffic for every scheme */
    for (unsigned i = 0; i < NQP; i++) {  /* permutation: host i -> a host on another leaf */
        do dst[i] = (unsigned)(rnd() % NQP); while (dst[i] / HOSTS == i / HOSTS);
        rr[i] = 0;
        for (unsigned s = 0; s < NSESS; s++) sport[i][s] = 0xc000u + (uint32_t)(rnd() & 0x3fff);
    }
    for (unsigned l = 0; l < NLINK; l++) {
        free(Q[l].q);
        Q[l].q = calloc(QCAP, sizeof(struct pkt));
        Q[l].h = Q[l].n = 0;
    }
    if (scheme == 2) {
        const struct ss_cfg c = {NSESS, 2, 2};
        for (unsigned i = 0; i < NQP; i++) {
            struct session_sel_model *m = &nic[i];
            session_sel_init(m, &c);
            session_sel_csr_write(m, SS_CSR_TICK, 63, 0xf);
            session_sel_csr_write(m, SS_CSR_ENGINE, 3u | (2u << 8), 0xf);  /* G = 3, W_MIN = 2 */
            session_sel_csr_write(m, SS_CSR_GRP(0, SS_GRP_DQPN), 0x100 + dst[i], 0xf);
            session_sel_csr_write(m, SS_CSR_GRP(0, SS_GRP_SEED), (uint32_t)rnd() & 0xffff, 0xf);
            for (unsigned s = 0; s < NSESS; s++) {
                session_sel_csr_write(m, SS_CSR_SESS(s, SS_SESS_PORTS), sport[i][s] | (4791u << 16), 0xf);
                session_sel_csr_write(m, SS_CSR_SESS(s, SS_SESS_STATE), SS_ACTIVE, 0xf);
            }
            session_sel_csr_write(m, SS_CSR_QP(0), 1, 0xf);
        }
    }
    uint32_t psn[NQP] = {0};
    for (unsigned t = 0; t < SLOTS; t++) {
        /* 1. CNPs due now */
        while (cnp_n && cnp[cnp_h].slot <= t) {
            const struct ss_fb f = {SS_FB_CNP, 0, cnp[cnp_h].sess, 0};
            session_sel_push_fb(&nic[cnp[cnp_h].qp], &f);
            cnp_h = (cnp_h + 1) & 0xffff, cnp_n--;
        }
        /* 2. arrivals at the senders: choose the spine, enqueue on the uplink */
        for (unsigned i = 0; i < NQP; i++) {
            if (urand() >= LOAD) continue;
            r->offered++;
            const unsigned sl = i / HOSTS, dl = dst[i] / HOSTS;
            struct pkt p = {(uint16_t)i, 0, 0, 0, dl, 0};
            if (scheme == 0) {
                p.spine = ecmp(0x0a000000u + i, 0x0a000000u + dst[i], 0xc000u + i, 4791);
            } else if (scheme == 1) {
                p.spine = rr[i]++ % SPINES;
            } else {
                const struct ss_desc d = {0, 0x100 + dst[i], psn[i]++ & 0xffffff, 1, 1024};
                struct ss_out o;
                session_sel_push_desc(&nic[i], &d);
                session_sel_pop_desc(&nic[i], &o);
                p.sess = (uint16_t)o.sess;
                p.spine = ecmp(0x0a000000u + i, 0x0a000000u + dst[i], o.sport, o.dport);
            }
            const unsigned l = up(sl, p.spine);
            arrivals[l]++;
            if (Q[l].n >= QCAP) { r->dropped++; continue; }
            if (Q[l].n >= KMARK) p.marked = 1;
            Q[l].q[(Q[l].h + Q[l].n) % QCAP] = p;
            Q[l].n++;
        }
        /* 3. every link serves (degraded: one packet every 4 slots); downlinks first */
        for (int pass = 1; pass >= 0; pass--) {
            for (unsigned l = pass ? LEAVES * SPINES : 0; l < (pass ? NLINK : LEAVES * SPINES); l++) {
                if (!Q[l].n || (degraded(l) && (t & 3))) continue;
                struct pkt p = Q[l].q[Q[l].h];
                Q[l].h = (Q[l].h + 1) % QCAP, Q[l].n--;
                if (degraded(l)) r->through_degraded++;
                if (pass) {  /* delivered */
                    r->delivered++;
                    if (scheme == 2 && p.marked && cnp_n < 0xffff) {
                        const unsigned k = (cnp_h + cnp_n) & 0xffff;
                        cnp[k].slot = t + CNP_DELAY, cnp[k].qp = p.qp, cnp[k].sess = p.sess;
                        cnp_n++;
                    }
                } else {     /* uplink -> downlink of the spine */
                    const unsigned d = down(p.spine, p.dst_leaf);
                    arrivals[d]++;
                    if (Q[d].n >= QCAP) { r->dropped++; continue; }
                    if (Q[d].n >= KMARK) p.marked = 1;
                    Q[d].q[(Q[d].h + Q[d].n) % QCAP] = p;
                    Q[d].n++;
                }
            }
        }
        /* 4. queue occupancy samples, model clocks */
        for (unsigned l = 0; l < NLINK; l++) r->hist[Q[l].n]++;
        if (scheme == 2)
            for (unsigned i = 0; i < NQP; i++) session_sel_clock(&nic[i]);
    }
    double sum = 0;
    unsigned used = 0;
    for (unsigned l = 0; l < NLINK; l++) {
        const double cap = degraded(l) ? 0.25 : 1.0, u = arrivals[l] / (cap * SLOTS);
        if (u > r->max_util) r->max_util = u;
        if (arrivals[l]) sum += u, used++;
    }
    r->mean_util = used ? sum / used : 0;
    uint64_t tot = 0, acc = 0;
    for (unsigned k = 0; k <= QCAP; k++) tot += r->hist[k];
    double *qs[] = {&r->q50, &r->q99, &r->q999};
    const double ps[] = {0.5, 0.99, 0.999};
    for (unsigned j = 0; j < 3; j++) {
        acc = 0;
        for (unsigned k = 0; k <= QCAP; k++) {
            acc += r->hist[k];
            if (acc >= ps[j] * tot) { *qs[j] = k; break; }
        }
    }
    for (unsigned k = 0; k <= QCAP; k++) if (r->hist[k]) r->qmax = k;
}

int main(int argc, char **argv) {
    const char *pre = argc > 1 ? argv[1] : "session_sel_net";
    static const char *names[3] = {"ecmp", "spray", "session_sel"};
    static struct result res[3];
    char path[512];
    for (int s = 0; s < 3; s++) run(s, &res[s]);
    snprintf(path, sizeof path, "%s.json", pre);
    FILE *js = fopen(path, "w");
    snprintf(path, sizeof path, "%s_queues.csv", pre);
    FILE *csv = fopen(path, "w");
    if (!js || !csv) return 1;
    printf("leaf-spine %ux%u, %u QPs at %.2f pkt/slot, %u slots, degraded links leaf0<->spine1, leaf5<->spine2 (1/4 rate)\n",
           LEAVES, SPINES, NQP, LOAD, SLOTS);
    printf("%-12s %9s %9s %12s %10s %8s %6s %6s %6s %6s\n", "scheme", "max_util", "mean_util", "via_degraded",
           "delivered", "dropped", "q50", "q99", "q99.9", "qmax");
    fprintf(js, "{\"leaves\": %u, \"spines\": %u, \"qps\": %u, \"load\": %.2f, \"slots\": %u, \"schemes\": [", LEAVES,
            SPINES, NQP, LOAD, SLOTS);
    for (int s = 0; s < 3; s++) {
        const struct result *r = &res[s];
        printf("%-12s %9.3f %9.3f %12llu %10llu %8llu %6.0f %6.0f %6.0f %6.0f\n", names[s], r->max_util, r->mean_util,
               (unsigned long long)r->through_degraded, (unsigned long long)r->delivered,
               (unsigned long long)r->dropped, r->q50, r->q99, r->q999, r->qmax);
        fprintf(js, "%s\n  {\"scheme\": \"%s\", \"max_link_util\": %.4f, \"mean_link_util\": %.4f, \"through_degraded\": %llu, "
                    "\"offered\": %llu, \"delivered\": %llu, \"dropped\": %llu, \"queue_p50\": %.0f, \"queue_p99\": %.0f, "
                    "\"queue_p999\": %.0f, \"queue_max\": %.0f}",
                s ? "," : "", names[s], r->max_util, r->mean_util, (unsigned long long)r->through_degraded,
                (unsigned long long)r->offered, (unsigned long long)r->delivered, (unsigned long long)r->dropped,
                r->q50, r->q99, r->q999, r->qmax);
    }
    fprintf(js, "\n]}\n");
    fprintf(csv, "queue_len,ecmp,spray,session_sel\n");
    for (unsigned k = 0; k <= QCAP; k++)
        fprintf(csv, "%u,%llu,%llu,%llu\n", k, (unsigned long long)res[0].hist[k], (unsigned long long)res[1].hist[k],
                (unsigned long long)res[2].hist[k]);
    fclose(js);
    fclose(csv);
    for (unsigned l = 0; l < NLINK; l++) free(Q[l].q);
    const int ok = res[2].max_util < res[0].max_util;
    printf("session_sel %s ECMP on max link utilisation (%.3f vs %.3f)\n", ok ? "beats" : "does NOT beat",
           res[2].max_util, res[0].max_util);
    return ok ? 0 : 1;
}
