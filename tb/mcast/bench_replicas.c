/* bench_replicas.c -- fabric replicas of the mcast engine vs source-side unicast replication
 * (issue 4 bench; seed 002 ¶0081-¶0082; docs/mcast.md section 10).
 *
 * Topology: R racks of S switches, P nodes per switch. Inside a rack every switch pair has an ISL
 * (1 hop); switch i of rack a has a global ISL to switch i of every other rack (1 hop). Path
 * length between switches (a,i) and (b,j): 0 if equal, 1 if a == b or i == j, else 2.
 * Engine (FM tree of ¶0081, the rule mcast_pe executes: one encapsulated copy per tree edge):
 * the root (a0,i0) sends one copy to every participating switch of its rack and one copy to
 * switch (b,i0) of every remote rack b with members (the rack relay, kept as a record even
 * without members), which sends one copy to every other participating switch of rack b. Every
 * tree edge is one ISL hop, so ISL transmissions = switches in the tree - 1 (= N-1 when every
 * relay participates); node copies = Y-1.
 * Unicast: the source switch sends one copy per member node (Y-1), each crossing
 * hops(source switch, member switch) ISLs.
 * Output per (topology, member density): mean over G random groups of ISL transmissions,
 * copies emitted by the source switch, node copies; and the ratio. Deterministic (xorshift, seed 1).
 * Usage: bench_replicas [G]   prints a table and "N passed, N failed" for the sanity checks
 * (engine ISL transmissions <= unicast, node copies equal). */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long xs = 88172645463325252ull;
static double urand(void) {
    xs ^= xs << 13, xs ^= xs >> 7, xs ^= xs << 17;
    return (double)(xs >> 11) * 0x1.0p-53;
}

static unsigned passed, failed;

static void run(unsigned R, unsigned S, unsigned P, double dens, unsigned G) {
    double e_isl = 0, u_isl = 0, e_src = 0, u_src = 0, nodes = 0;
    unsigned n = R * S;
    unsigned char *mem = calloc((size_t)n * P, 1);
    for (unsigned g = 0; g < G; g++) {
        unsigned y = 0;
        for (unsigned k = 0; k < n * P; k++) y += mem[k] = urand() < dens;
        unsigned src_node;
        if (y == 0) mem[src_node = (unsigned)(urand() * n * P) % (n * P)] = 1, y = 1;
        do src_node = (unsigned)(urand() * n * P) % (n * P); while (!mem[src_node]);
        unsigned s0 = src_node / P, a0 = s0 / S, i0 = s0 % S;
        unsigned tree = 0, src_copies = 0, uni = 0, targets = 0;
        for (unsigned b = 0; b < R; b++) {
            unsigned rack_has = 0;
            for (unsigned i = 0; i < S; i++) {
                unsigned sw = b * S + i, cnt = 0;
                for (unsigned p = 0; p < P; p++)
                    if (mem[sw * P + p] && sw * P + p != src_node) cnt++;
                targets += cnt;
                if (cnt) {
                    rack_has = 1;
                    unsigned hops = sw == s0 ? 0 : (b == a0 || i == i0) ? 1 : 2;
                    uni += cnt * hops;
                    if (b == a0 && i != i0) tree++, src_copies++;      /* root -> rack member */
                    if (b != a0 && i != i0) tree++;                    /* relay -> rack member */
                }
            }
            if (b != a0 && rack_has) tree++, src_copies++;             /* root -> rack relay */
        }
        e_isl += tree, u_isl += uni, e_src += src_copies, nodes += targets;
        u_src += targets;
        if (tree <= uni) passed++; else failed++;
    }
    printf("%-22s %5.2f %9.1f %9.1f %7.2fx %9.1f %9.1f %9.1f\n", "", dens, e_isl / G, u_isl / G,
           e_isl > 0 ? u_isl / e_isl : 0.0, e_src / G, u_src / G, nodes / G);
    free(mem);
}

int main(int argc, char **argv) {
    unsigned G = argc > 1 ? (unsigned)atoi(argv[1]) : 2000;
    static const struct { const char *name; unsigned R, S, P; } topo[] = {
        {"8 racks x 4 switches", 8, 4, 8}, {"128 switches (16x8)", 16, 8, 8}};
    static const double dens[] = {0.02, 0.1, 0.5, 1.0};
    printf("%-22s %5s %9s %9s %8s %9s %9s %9s\n", "topology (8 nodes/sw)", "dens", "ISL eng", "ISL uni",
           "ratio", "src eng", "src uni", "nodes");
    for (unsigned t = 0; t < 2; t++) {
        printf("%s\n", topo[t].name);
        for (unsigned d = 0; d < 4; d++) run(topo[t].R, topo[t].S, topo[t].P, dens[d], G);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
