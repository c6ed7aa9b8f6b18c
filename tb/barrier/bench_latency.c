/*
 * bench_latency.c: latency benchmark of the ¶2 baseline barrier against the ¶30-¶38
 * multicast counter barrier, using the discrete-event model cmodel/barrier_sys.{h,c} with the
 * note's §6 illustrative parameters (T1 = 700 ns, t_m = t_w = 50, P = 200, t_iss = 30,
 * t_rep = 4 ns/copy, t_loc = 100, t_cycle = 4), for N = 2, 4, 8, 16, 32, 64 devices.
 *
 * Usage: bench_latency [-o JSON_PATH] [-b BARRIERS] [-s SEED]
 *   default JSON_PATH build/report/barrier_latency.json (directories created if missing),
 *   BARRIERS 1000 per run, SEED 1.
 * Prints a table (ns, messages per barrier) and writes the same rows as JSON.
 * Exit status: 0 on success, 1 on a model error, an S1 violation or an I/O error.
 */
#define _POSIX_C_SOURCE 200809L
#include "barrier_sys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

typedef struct {
    const char *name;      /* short variant name used in the table, JSON and plot */
    bsys_scheme_t scheme;
    bsys_detect_t detect;
    int internal_path;
} variant_t;

static const variant_t variants[] = {
    {"baseline/poll", BSYS_BASELINE, BSYS_DET_UNIFORM, 0},
    {"multicast/poll", BSYS_MULTICAST, BSYS_DET_UNIFORM, 0},
    {"multicast/poll/internal", BSYS_MULTICAST, BSYS_DET_UNIFORM, 1},
    {"baseline/event", BSYS_BASELINE, BSYS_DET_EVENT, 0},
    {"multicast/event", BSYS_MULTICAST, BSYS_DET_EVENT, 0},
};
#define NVAR (sizeof variants / sizeof variants[0])

static const unsigned sweep_n[] = {2, 4, 8, 16, 32, 64};
#define NSWEEP (sizeof sweep_n / sizeof sweep_n[0])

/* mkdir -p for the directory part of path */
static int make_parent_dirs(const char *path)
{
    char buf[1024];
    size_t len = strlen(path);
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, path, len + 1);
    for (char *q = buf + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *q = '/';
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *out = "build/report/barrier_latency.json";
    unsigned barriers = 1000;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "-b") && i + 1 < argc) {
            barriers = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "-s") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "usage: %s [-o JSON_PATH] [-b BARRIERS] [-s SEED]\n", argv[0]);
            return 1;
        }
    }

    static bsys_result_t res[NSWEEP][NVAR];
    static bsys_closed_t cf[NSWEEP][NVAR];
    static int cf_ok[NSWEEP][NVAR];
    bsys_params_t base;
    bsys_default_params(&base);
    base.barriers = barriers;
    base.seed = seed;
    if (bsys_check_params(&base) != BSYS_OK) {
        fprintf(stderr, "bench_latency: bad parameters (barriers %u)\n", barriers);
        return 1;
    }

    printf("Barrier latency, seed ¶2 baseline vs ¶30-¶38 multicast (note §6 parameters: "
           "T1=%.0f t_m=%.0f t_w=%.0f P=%.0f t_iss=%.0f t_rep=%.0f t_loc=%.0f t_cycle=%.0f ns),"
           " %u back-to-back barriers per run\n",
           2 * base.t_link + base.t_sw, base.t_m, base.t_w, base.poll_P, base.t_iss,
           base.t_rep, base.t_loc, base.t_cycle, barriers);
    printf("latency = pass time of a device minus the barrier's last arrival; trav/polls = on "
           "the critical path; msgs = fabric messages, pkts = link crossings, atom = memory "
           "atomics, per barrier; ratio = baseline mean / this mean (same detection)\n\n");
    printf("%4s %-24s %4s %5s %6s %7s %7s %8s %8s %8s %8s %8s %6s\n", "N", "scheme", "trav",
           "polls", "msgs", "pkts", "atom", "mean", "sec6", "max", "spread", "iter", "ratio");

    int bad = 0;
    for (size_t i = 0; i < NSWEEP; i++) {
        for (size_t v = 0; v < NVAR; v++) {
            bsys_params_t p = base;
            p.n_dev = sweep_n[i];
            p.detect = variants[v].detect;
            p.internal_path = variants[v].internal_path;
            if (bsys_run(&p, variants[v].scheme, &res[i][v]) != BSYS_OK) {
                fprintf(stderr, "bench_latency: model error (N=%u %s)\n", p.n_dev,
                        variants[v].name);
                return 1;
            }
            cf_ok[i][v] = bsys_closed_form(&p, variants[v].scheme, &cf[i][v]) == BSYS_OK;
            if (res[i][v].s1_violations)
                bad = 1;
        }
        for (size_t v = 0; v < NVAR; v++) {
            const bsys_result_t *r = &res[i][v];
            size_t bv = variants[v].detect == BSYS_DET_EVENT ? 3 : 0;
            double ratio = res[i][bv].lat_mean_ns / r->lat_mean_ns;
            char sec6[16];
            if (cf_ok[i][v])
                snprintf(sec6, sizeof sec6, "%8.1f", cf[i][v].mean_ns);
            else
                snprintf(sec6, sizeof sec6, "%8s", "-");
            printf("%4u %-24s %4u %5u %6.0f %7.0f %7.0f %8.1f %s %8.1f %8.1f %8.1f %6.2f\n",
                   sweep_n[i], variants[v].name, r->crit_traversals, r->crit_polls,
                   r->msgs_per_barrier, r->link_pkts_per_barrier, r->atomics_per_barrier,
                   r->lat_mean_ns, sec6, r->lat_max_ns, r->spread_mean_ns, r->iter_mean_ns,
                   ratio);
        }
        printf("\n");
    }

    if (make_parent_dirs(out) != 0) {
        fprintf(stderr, "bench_latency: cannot create the directories of %s\n", out);
        return 1;
    }
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "bench_latency: cannot write %s\n", out);
        return 1;
    }
    fprintf(f, "{\n  \"source\": \"seed 001 ¶2 vs ¶30-¶38; note §6\",\n");
    fprintf(f,
            "  \"params\": {\"t_link\": %.3f, \"t_sw\": %.3f, \"T1\": %.3f, \"t_m\": %.3f, "
            "\"t_w\": %.3f, \"poll_P\": %.3f, \"t_cycle\": %.3f, \"t_iss\": %.3f, "
            "\"t_rep\": %.3f, \"t_loc\": %.3f, \"barriers\": %u, \"seed\": %llu, "
            "\"units\": \"ns\"},\n",
            base.t_link, base.t_sw, 2 * base.t_link + base.t_sw, base.t_m, base.t_w,
            base.poll_P, base.t_cycle, base.t_iss, base.t_rep, base.t_loc, barriers,
            (unsigned long long)seed);
    fprintf(f, "  \"rows\": [\n");
    for (size_t i = 0; i < NSWEEP; i++) {
        for (size_t v = 0; v < NVAR; v++) {
            const bsys_result_t *r = &res[i][v];
            size_t bv = variants[v].detect == BSYS_DET_EVENT ? 3 : 0;
            fprintf(f,
                    "    {\"n\": %u, \"variant\": \"%s\", \"scheme\": \"%s\", "
                    "\"detect\": \"%s\", \"internal_path\": %d, "
                    "\"crit_traversals\": %u, \"crit_polls\": %u, "
                    "\"msgs_per_barrier\": %.3f, \"pkts_up_per_barrier\": %.3f, "
                    "\"pkts_down_per_barrier\": %.3f, \"link_pkts_per_barrier\": %.3f, "
                    "\"atomics_per_barrier\": %.3f, \"lat_mean_ns\": %.3f, "
                    "\"lat_mean_home_ns\": %.3f, \"lat_mean_remote_ns\": %.3f, "
                    "\"lat_min_ns\": %.3f, \"lat_max_ns\": %.3f, \"spread_mean_ns\": %.3f, "
                    "\"spread_max_ns\": %.3f, \"iter_mean_ns\": %.3f, ",
                    sweep_n[i], variants[v].name, bsys_scheme_name(variants[v].scheme),
                    variants[v].detect == BSYS_DET_EVENT ? "event" : "poll_uniform",
                    variants[v].internal_path, r->crit_traversals, r->crit_polls,
                    r->msgs_per_barrier, r->pkts_up_per_barrier, r->pkts_down_per_barrier,
                    r->link_pkts_per_barrier, r->atomics_per_barrier, r->lat_mean_ns,
                    r->lat_mean_home_ns, r->lat_mean_remote_ns, r->lat_min_ns, r->lat_max_ns,
                    r->spread_mean_ns, r->spread_max_ns, r->iter_mean_ns);
            if (cf_ok[i][v])
                fprintf(f, "\"closed_mean_ns\": %.3f, \"closed_worst_ns\": %.3f, ",
                        cf[i][v].mean_ns, cf[i][v].worst_ns);
            else
                fprintf(f, "\"closed_mean_ns\": null, \"closed_worst_ns\": null, ");
            fprintf(f, "\"ratio_vs_baseline\": %.4f, \"s1_violations\": %llu}%s\n",
                    res[i][bv].lat_mean_ns / r->lat_mean_ns,
                    (unsigned long long)r->s1_violations,
                    (i + 1 == NSWEEP && v + 1 == NVAR) ? "" : ",");
        }
    }
    fprintf(f, "  ]\n}\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "bench_latency: write error on %s\n", out);
        return 1;
    }
    printf("wrote %s\n", out);
    if (bad) {
        fprintf(stderr, "bench_latency: S1 violation reported by the model\n");
        return 1;
    }
    return 0;
}
