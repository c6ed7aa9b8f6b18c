/*
 * bench_dist.c - distribution quality of the session_sel weighted hash, on the C model
 * (cmodel/session_sel.c, bit-identical to the RTL by the lockstep). Part of `make bench`.
 *
 * For each weight vector (ratios up to 64:1) and each key stream, 10^6 descriptors of one QP
 * (per-packet granularity, software weights) are pushed; per session: count, share, target share
 * w_i / sum(w), relative error; chi-square of the counts against proportionality (df = n-1, the
 * p-value by the Wilson-Hilferty approximation). Key streams: "psn" = sequential PSNs from a
 * random start (the per-packet key of RoCE), "random" = uniformly random 32-bit keys (message ids).
 * Weight change: 10^5 random keys are mapped before and after one session's weight changes; the
 * fraction of keys that moved is reported against the minimum any scheme must move (the total
 * variation distance between the two target distributions, sum |share_i' - share_i| / 2).
 * Output: a table on stdout and JSON (argv[1]). Exit status 1 if a fixed-weight share misses its
 * target by more than 1 % relative with the psn stream (the criterion) or chi-square
 * rejects proportionality at p < 0.001.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_sel.h"

static struct session_sel_model M;

static uint64_t rng_s = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    uint64_t z = (rng_s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void setup(const unsigned *w, unsigned n) {
    const struct ss_cfg c = {8, 4, 16};
    session_sel_init(&M, &c);
    session_sel_csr_write(&M, SS_CSR_GRP(0, SS_GRP_CTRL), 1, 0xf);
    session_sel_csr_write(&M, SS_CSR_GRP(0, SS_GRP_SEED), 0x5a5a, 0xf);
    for (unsigned i = 0; i < n; i++) {
        session_sel_csr_write(&M, SS_CSR_SESS(i, SS_SESS_WSW), w[i], 0xf);
        session_sel_csr_write(&M, SS_CSR_SESS(i, SS_SESS_STATE), SS_ACTIVE, 0xf);
    }
    session_sel_csr_write(&M, SS_CSR_QP(0), 1, 0xf);
}
static unsigned pick(uint32_t key) {
    struct ss_desc d = {0, 0, key, 1, 0};
    struct ss_out o;
    session_sel_push_desc(&M, &d);
    session_sel_pop_desc(&M, &o);
    return o.status == SS_ST_OK ? o.sess : 99;
}
/* upper tail of chi-square(df) at x, Wilson-Hilferty normal approximation */
static double chi2_p(double x, double df) {
    const double z = (pow(x / df, 1.0 / 3.0) - (1.0 - 2.0 / (9.0 * df))) / sqrt(2.0 / (9.0 * df));
    return 0.5 * erfc(z / sqrt(2.0));
}

int main(int argc, char **argv) {
    FILE *js = argc > 1 ? fopen(argv[1], "w") : NULL;
    static const unsigned W[][8] = {
        {64, 1}, {255, 4}, {192, 96, 48, 24, 12, 6, 3, 3}, {255, 200, 150, 100, 50, 25, 12, 4},
        {255, 255, 255, 255, 255, 255, 255, 255}, {7, 5, 3, 2, 1},
    };
    static const unsigned NW[] = {2, 2, 8, 8, 8, 5};
    const unsigned N = 1000000;
    int bad = 0;
    if (js) fprintf(js, "{\"fixed\": [");
    printf("session_sel distribution (C model = RTL), %u packets per case, one QP, per-packet keys\n", N);
    for (unsigned c = 0; c < sizeof NW / sizeof NW[0]; c++) {
        for (int stream = 0; stream < 2; stream++) {
            setup(W[c], NW[c]);
            unsigned cnt[8] = {0};
            uint32_t psn = (uint32_t)rnd() & 0xffffff;
            for (unsigned k = 0; k < N; k++) {
                const uint32_t key = stream == 0 ? ((psn + k) & 0xffffff) : (uint32_t)rnd();
                const unsigned s = pick(key);
                if (s < 8) cnt[s]++;
            }
            double tot = 0, chi = 0, worst = 0;
            for (unsigned i = 0; i < NW[c]; i++) tot += W[c][i];
            printf("  weights [");
            for (unsigned i = 0; i < NW[c]; i++) printf("%s%u", i ? " " : "", W[c][i]);
            printf("] (max/min %.1f), keys %s:\n    share/target-1 (%%):", (double)W[c][0] / W[c][NW[c] - 1],
                   stream == 0 ? "psn" : "random");
            if (js) fprintf(js, "%s\n  {\"weights\": [", (c || stream) ? "," : "");
            for (unsigned i = 0; i < NW[c]; i++) {
                const double exp = N * W[c][i] / tot, rel = cnt[i] / exp - 1.0;
                chi += (cnt[i] - exp) * (cnt[i] - exp) / exp;
                if (fabs(rel) > fabs(worst)) worst = rel;
                printf(" %+.3f", 100 * rel);
                if (js) fprintf(js, "%s%u", i ? ", " : "", W[c][i]);
            }
            const double p = chi2_p(chi, NW[c] - 1);
            printf("\n    worst %.3f %%, chi-square %.2f (df %u), p = %.3g\n", 100 * fabs(worst), chi, NW[c] - 1, p);
            if (js)
                fprintf(js, "], \"keys\": \"%s\", \"packets\": %u, \"worst_rel_err\": %.6f, \"chi2\": %.4f, \"df\": %u, \"p\": %.6g}",
                        stream == 0 ? "psn" : "random", N, fabs(worst), chi, NW[c] - 1, p);
            if (stream == 0 && fabs(worst) > 0.01) bad = 1;
            if (p < 0.001) bad = 1;
        }
    }
    if (js) fprintf(js, "\n], \"weight_change\": [");
    /* movement on one weight change */
    static const struct { unsigned w[8], n, sess, neww; } CH[] = {
        {{100, 100, 100, 100}, 4, 3, 150},
        {{100, 100, 100, 100}, 4, 0, 150},
        {{192, 96, 48, 24, 12, 6, 3, 3}, 8, 2, 24},
        {{192, 96, 48, 24, 12, 6, 3, 3}, 8, 7, 0},
        {{192, 96, 48, 24, 12, 6, 3, 3}, 8, 0, 0},
    };
    printf("weight change: fraction of 10^5 random keys that move to another session\n");
    const unsigned K = 100000;
    for (unsigned c = 0; c < sizeof CH / sizeof CH[0]; c++) {
        unsigned char *before = malloc(K);
        uint32_t *keys = malloc(K * sizeof *keys);
        setup(CH[c].w, CH[c].n);
        for (unsigned k = 0; k < K; k++) keys[k] = (uint32_t)rnd(), before[k] = (unsigned char)pick(keys[k]);
        session_sel_csr_write(&M, SS_CSR_SESS(CH[c].sess, SS_SESS_WSW), CH[c].neww, 0xf);
        unsigned moved = 0;
        for (unsigned k = 0; k < K; k++) moved += pick(keys[k]) != before[k];
        double t0 = 0, t1 = 0, tv = 0;
        for (unsigned i = 0; i < CH[c].n; i++) t0 += CH[c].w[i], t1 += i == CH[c].sess ? CH[c].neww : CH[c].w[i];
        for (unsigned i = 0; i < CH[c].n; i++)
            tv += fabs((i == CH[c].sess ? CH[c].neww : CH[c].w[i]) / t1 - CH[c].w[i] / t0);
        tv /= 2;
        printf("  %u sessions, session %u weight %u -> %u: moved %.4f, minimum %.4f (ratio %.2f)\n", CH[c].n,
               CH[c].sess, CH[c].w[CH[c].sess], CH[c].neww, (double)moved / K, tv, tv > 0 ? moved / (K * tv) : 0.0);
        if (js)
            fprintf(js, "%s\n  {\"sessions\": %u, \"session\": %u, \"from\": %u, \"to\": %u, \"moved\": %.6f, \"minimum\": %.6f}",
                    c ? "," : "", CH[c].n, CH[c].sess, CH[c].w[CH[c].sess], CH[c].neww, (double)moved / K, tv);
        free(before);
        free(keys);
    }
    if (js) fprintf(js, "\n]}\n"), fclose(js);
    printf("%s\n", bad ? "distribution: FAIL (share error > 1 %% with psn keys or chi-square p < 0.001)" : "distribution: all fixed-weight cases within 1 % (psn keys), chi-square not rejected");
    return bad;
}
