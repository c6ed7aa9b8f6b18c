/*
 * barrier_state_space.c: the explicit-state sanity model of the engineering note's Appendix
 * (shared/spec/001-multicast-barrier.md, properties S1-S5 and S7 of §4.4), rebuilt in C, with
 * its findings asserted as tests. Seed: ¶33-¶39 (multicast add to per-device counters, epoch
 * targets N*INC*e, never reset, wrap handling).
 *
 * State: per PE i (one PE per device, PE i waits on device i's counter)
 *   a_i       arrivals so far (0..E_max)
 *   waiting_i 1 between arrive and pass
 * per device d
 *   cnt_d     counter, mod 2^W
 *   pend_d    copies issued to d but not yet delivered (anonymous, so any delivery order
 *             across sources and any delay are covered)
 * plus one bit "fault used" for the fault-injection variants.
 * Transitions:
 *   arrive(i)  !waiting_i && a_i < E_max: a_i++, waiting_i = 1, pend_d++ for every d
 *              (reflect mode; with the ¶48 internal path cnt_i += INC at once and pend_d++
 *              for d != i)
 *   deliver(d) pend_d > 0: cnt_d += INC (mod 2^W), pend_d--
 *   pass(i)    waiting_i && GE(cnt_i, INIT + N*INC*a_i mod 2^W): S1 check
 *              min_j a_j >= a_i, then waiting_i = 0
 *   fault variants, at most once per run: lose(d) pend_d--, counter untouched;
 *              dup(d) cnt_d += INC with pend_d unchanged (the copy is delivered twice)
 * GE modes: serial ((c - t) mod 2^W < 2^(W-1)), literal (c >= t unsigned), equality (c == t).
 * Exploration: BFS over all interleavings from the all-zero state (cnt = INIT); the visited
 * list doubles as the BFS queue; states are packed into 128 bits and kept in an
 * open-addressing hash set. Deadlock: a reachable state with no enabled transition in which
 * not every PE has finished (a_i = E_max, not waiting).
 *
 * Prints one line per configuration and "N passed, N failed" at the end; exit 1 on failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SS_MAX_N 16u

typedef enum { CMP_SERIAL, CMP_LITERAL, CMP_EQUAL } cmp_t;
typedef enum { FAULT_NONE, FAULT_LOSE, FAULT_DUP } fault_t;

typedef struct {
    unsigned n, w, inc, init, emax;
    cmp_t cmp;
    fault_t fault;
    int internal;          /* ¶48 internal path for the issuer's own copy */
    int stop_on_violation; /* stop at the first S1 violation (for the large unsafe configs) */
    uint64_t max_states;   /* safety valve; exceeding it sets truncated */
} ss_cfg_t;

typedef struct {
    uint64_t states, transitions;
    unsigned max_pend, max_skew, depth;
    int win_lo, win_hi;  /* S3: min/max of true cnt_d - tgt_j over waiting j (fault-free) */
    int violation;       /* an S1 violation is reachable */
    int deadlock;        /* a deadlock is reachable */
    unsigned viol_depth, dead_depth; /* BFS depth of the first one found */
    uint64_t s5_errors;  /* conservation check failures (fault-free runs; must be 0) */
    unsigned wraps;      /* (INIT + N*INC*E_max) >> W */
    int truncated;
} ss_res_t;

typedef struct {
    unsigned a[SS_MAX_N], wt[SS_MAX_N], cnt[SS_MAX_N], pend[SS_MAX_N], fault_used;
} st_t;

typedef struct {
    uint64_t w[2];
} key_t;

/* ------------------------------------------------------------------ packing --------- */

typedef struct {
    unsigned ba, bc, bp; /* bits for a_i, cnt_d, pend_d */
} layout_t;

static unsigned bits_for(unsigned maxval)
{
    unsigned b = 1;
    while ((1u << b) <= maxval)
        b++;
    return b;
}

static void put(key_t *k, unsigned *pos, unsigned v, unsigned nb)
{
    for (unsigned i = 0; i < nb; i++, (*pos)++)
        if (v >> i & 1u)
            k->w[*pos >> 6] |= 1ull << (*pos & 63u);
}

static unsigned get(const key_t *k, unsigned *pos, unsigned nb)
{
    unsigned v = 0;
    for (unsigned i = 0; i < nb; i++, (*pos)++)
        v |= (unsigned)(k->w[*pos >> 6] >> (*pos & 63u) & 1u) << i;
    return v;
}

static key_t pack(const layout_t *L, unsigned n, const st_t *s)
{
    key_t k = {{0, 0}};
    unsigned pos = 0;
    for (unsigned i = 0; i < n; i++) {
        put(&k, &pos, s->a[i], L->ba);
        put(&k, &pos, s->wt[i], 1);
        put(&k, &pos, s->cnt[i], L->bc);
        put(&k, &pos, s->pend[i], L->bp);
    }
    put(&k, &pos, s->fault_used, 1);
    return k;
}

static void unpack(const layout_t *L, unsigned n, const key_t *k, st_t *s)
{
    unsigned pos = 0;
    memset(s, 0, sizeof *s);
    for (unsigned i = 0; i < n; i++) {
        s->a[i] = get(k, &pos, L->ba);
        s->wt[i] = get(k, &pos, 1);
        s->cnt[i] = get(k, &pos, L->bc);
        s->pend[i] = get(k, &pos, L->bp);
    }
    s->fault_used = get(k, &pos, 1);
}

/* ------------------------------------------------------------------ hash set -------- */

typedef struct {
    key_t *list;     /* visited states in BFS order (the queue) */
    uint64_t n, cap; /* list length / capacity */
    uint32_t *tab;   /* open addressing: 0 empty, else list index + 1 */
    uint64_t tcap;   /* power of two */
} set_t;

static uint64_t hash_key(const key_t *k)
{
    uint64_t h = k->w[0] * 0x9e3779b97f4a7c15ull ^ (k->w[1] + 0x632be59bd9b4e019ull);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 29;
    return h;
}

static int set_grow(set_t *s)
{
    uint64_t nc = s->tcap ? 2 * s->tcap : (1u << 16);
    uint32_t *nt = calloc(nc, sizeof *nt);
    if (!nt)
        return -1;
    for (uint64_t i = 0; i < s->n; i++) {
        uint64_t h = hash_key(&s->list[i]) & (nc - 1);
        while (nt[h])
            h = (h + 1) & (nc - 1);
        nt[h] = (uint32_t)(i + 1);
    }
    free(s->tab);
    s->tab = nt;
    s->tcap = nc;
    return 0;
}

/* returns 1 if inserted (new), 0 if already present, -1 on allocation failure */
static int set_insert(set_t *s, const key_t *k)
{
    if (2 * (s->n + 1) > s->tcap && set_grow(s))
        return -1;
    uint64_t h = hash_key(k) & (s->tcap - 1);
    while (s->tab[h]) {
        const key_t *o = &s->list[s->tab[h] - 1];
        if (o->w[0] == k->w[0] && o->w[1] == k->w[1])
            return 0;
        h = (h + 1) & (s->tcap - 1);
    }
    if (s->n == s->cap) {
        uint64_t nc = s->cap ? 2 * s->cap : (1u << 15);
        key_t *nl = realloc(s->list, nc * sizeof *nl);
        if (!nl)
            return -1;
        s->list = nl;
        s->cap = nc;
    }
    s->list[s->n] = *k;
    s->tab[h] = (uint32_t)(++s->n);
    return 1;
}

/* ------------------------------------------------------------------ model ----------- */

static int ge(const ss_cfg_t *c, unsigned cnt, unsigned tgt)
{
    unsigned mask = (1u << c->w) - 1u;
    switch (c->cmp) {
    case CMP_SERIAL:
        return ((cnt - tgt) & mask) < (1u << (c->w - 1));
    case CMP_LITERAL:
        return cnt >= tgt;
    case CMP_EQUAL:
        break;
    }
    return cnt == tgt;
}

static unsigned target(const ss_cfg_t *c, unsigned a)
{
    return (c->init + c->n * c->inc * a) & ((1u << c->w) - 1u);
}

/* explore cfg; returns 0, or -1 on a bad configuration / allocation failure */
static int explore(const ss_cfg_t *c, ss_res_t *r)
{
    memset(r, 0, sizeof *r);
    if (c->n < 2 || c->n > SS_MAX_N || c->w < 2 || c->w > 16 || c->emax < 1 || c->inc < 1)
        return -1;
    unsigned mask = (1u << c->w) - 1u, n = c->n;
    layout_t L = {bits_for(c->emax), c->w, bits_for(n * c->emax)};
    if (n * (L.ba + 1 + L.bc + L.bp) + 1 > 128)
        return -1;
    r->wraps = (unsigned)(((uint64_t)c->init + (uint64_t)n * c->inc * c->emax) >> c->w);
    r->win_lo = 1 << 30;
    r->win_hi = -(1 << 30);

    set_t S;
    memset(&S, 0, sizeof S);
    st_t s0;
    memset(&s0, 0, sizeof s0);
    for (unsigned d = 0; d < n; d++)
        s0.cnt[d] = c->init & mask;
    key_t k0 = pack(&L, n, &s0);
    if (set_insert(&S, &k0) < 0)
        return -1;

    uint64_t level_end = S.n;
    unsigned depth = 0;
    int rc = 0;
    for (uint64_t qi = 0; qi < S.n; qi++) {
        if (qi == level_end) {
            depth++;
            level_end = S.n;
        }
        st_t s;
        unpack(&L, n, &S.list[qi], &s);

        /* per-state statistics */
        unsigned amin = s.a[0], amax = s.a[0], asum = 0, finished = 1;
        for (unsigned i = 0; i < n; i++) {
            if (s.a[i] < amin)
                amin = s.a[i];
            if (s.a[i] > amax)
                amax = s.a[i];
            asum += s.a[i];
            if (s.a[i] != c->emax || s.wt[i])
                finished = 0;
            if (s.pend[i] > r->max_pend)
                r->max_pend = s.pend[i];
        }
        if (amax - amin > r->max_skew)
            r->max_skew = amax - amin;
        if (c->fault == FAULT_NONE) {
            for (unsigned d = 0; d < n; d++) {
                /* S5: cnt_d + pend_d == INIT + INC * sum a (mod 2^W) */
                if (((s.cnt[d] + c->inc * s.pend[d]) & mask) !=
                    ((c->init + c->inc * asum) & mask))
                    r->s5_errors++;
                if (s.wt[d]) { /* S3 window with unwrapped values */
                    int diff = (int)(c->inc * (asum - s.pend[d])) - (int)(n * c->inc * s.a[d]);
                    if (diff < r->win_lo)
                        r->win_lo = diff;
                    if (diff > r->win_hi)
                        r->win_hi = diff;
                }
            }
        }

        /* successors */
        unsigned enabled = 0;
        st_t t;
        key_t k;
#define EMIT()                                                                                 \
    do {                                                                                       \
        enabled++;                                                                             \
        r->transitions++;                                                                      \
        k = pack(&L, n, &t);                                                                   \
        int ins = set_insert(&S, &k);                                                          \
        if (ins < 0) {                                                                         \
            rc = -1;                                                                           \
            goto done;                                                                         \
        }                                                                                      \
    } while (0)
        for (unsigned i = 0; i < n; i++) {
            if (!s.wt[i] && s.a[i] < c->emax) { /* arrive(i) */
                t = s;
                t.a[i]++;
                t.wt[i] = 1;
                for (unsigned d = 0; d < n; d++) {
                    if (c->internal && d == i)
                        t.cnt[d] = (t.cnt[d] + c->inc) & mask;
                    else
                        t.pend[d]++;
                }
                EMIT();
            }
            if (s.wt[i] && ge(c, s.cnt[i], target(c, s.a[i]))) { /* pass(i) */
                if (amin < s.a[i] && !r->violation) {
                    r->violation = 1;
                    r->viol_depth = depth + 1;
                }
                t = s;
                t.wt[i] = 0;
                EMIT();
            }
        }
        for (unsigned d = 0; d < n; d++) {
            if (!s.pend[d])
                continue;
            t = s; /* deliver(d) */
            t.cnt[d] = (t.cnt[d] + c->inc) & mask;
            t.pend[d]--;
            EMIT();
            if (c->fault != FAULT_NONE && !s.fault_used) {
                t = s;
                t.fault_used = 1;
                if (c->fault == FAULT_LOSE)
                    t.pend[d]--;
                else
                    t.cnt[d] = (t.cnt[d] + c->inc) & mask;
                EMIT();
            }
        }
#undef EMIT
        if (!enabled && !finished && !r->deadlock) {
            r->deadlock = 1;
            r->dead_depth = depth;
        }
        if (c->stop_on_violation && r->violation)
            break;
        if (c->max_states && S.n > c->max_states) {
            r->truncated = 1;
            break;
        }
    }
done:
    r->states = S.n;
    r->depth = depth;
    free(S.list);
    free(S.tab);
    return rc;
}

/* ------------------------------------------------------------------ tests ----------- */

static unsigned g_pass, g_fail;

static void check(int ok, const char *what, const char *cfg, int line)
{
    if (ok) {
        g_pass++;
    } else {
        g_fail++;
        printf("FAIL line %d [%s]: %s\n", line, cfg, what);
    }
}
#define CHECK(c) check((c), #c, name, __LINE__)

static const char *cmp_name(cmp_t m)
{
    return m == CMP_SERIAL ? "serial" : m == CMP_LITERAL ? "literal" : "equal";
}

static const char *fault_name(fault_t f)
{
    return f == FAULT_NONE ? "" : f == FAULT_LOSE ? "+lose1" : "+dup1";
}

static int run(const ss_cfg_t *c, ss_res_t *r, char *name, size_t nsz)
{
    snprintf(name, nsz, "%s%s%s N=%u W=%u INIT=%u E=%u", cmp_name(c->cmp), fault_name(c->fault),
             c->internal ? "+internal" : "", c->n, c->w, c->init, c->emax);
    clock_t t0 = clock();
    int rc = explore(c, r);
    double sec = (double)(clock() - t0) / CLOCKS_PER_SEC;
    int stopped = c->stop_on_violation && r->violation;
    printf("%-40s wraps=%u states=%-8llu trans=%-8llu depth=%-3u safe=%s live=%s", name,
           r->wraps, (unsigned long long)r->states, (unsigned long long)r->transitions, r->depth,
           r->violation ? "NO" : "yes", stopped ? "n/a" : r->deadlock ? "NO" : "yes");
    if (stopped)
        printf(" (stopped at the first violation)");
    else
        printf(" max_pend=%u max_skew=%u", r->max_pend, r->max_skew);
    if (!stopped && c->fault == FAULT_NONE && r->win_lo <= r->win_hi)
        printf(" window=[%d,%d]", r->win_lo, r->win_hi);
    printf("%s (%.2fs)\n", r->truncated ? " TRUNCATED" : "", sec);
    if (r->violation)
        printf("%-40s   first S1 violation at BFS depth %u\n", "", r->viol_depth);
    if (r->deadlock)
        printf("%-40s   first deadlock at BFS depth %u\n", "", r->dead_depth);
    return rc;
}

static ss_cfg_t cfg(unsigned n, unsigned w, unsigned init, unsigned emax, cmp_t m)
{
    ss_cfg_t c;
    memset(&c, 0, sizeof c);
    c.n = n;
    c.w = w;
    c.inc = 1;
    c.init = init;
    c.emax = emax;
    c.cmp = m;
    c.max_states = 40000000u;
    return c;
}

int main(void)
{
    char name[96];
    ss_res_t r;

    /* S1-S5: serial compare with N*INC <= 2^(W-1) is safe and live through >= 4 wraps.
       INIT = 2^W - N forces a wrap in epoch 1 (note §4.4 S4, A15); E_max = 4*2^W/N. */
    static const unsigned safe[][2] = {{2, 2}, {2, 3}, {3, 3}, {4, 3}};
    for (size_t i = 0; i < sizeof safe / sizeof safe[0]; i++) {
        unsigned n = safe[i][0], w = safe[i][1];
        unsigned emax = (4u * (1u << w) + n - 1) / n;
        ss_cfg_t c = cfg(n, w, (1u << w) - n, emax, CMP_SERIAL);
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(!r.truncated);
        CHECK(r.wraps >= 4);
        CHECK(!r.violation);            /* S1 */
        CHECK(!r.deadlock);             /* live */
        CHECK(r.max_skew == 1);         /* S2, tight */
        CHECK(r.max_pend == 2 * n - 1); /* S5 bound, tight */
        CHECK(r.win_lo == -(int)n && r.win_hi == (int)n - 1); /* S3, tight */
        CHECK(r.s5_errors == 0);        /* S5 conservation */
    }
    /* the same with INIT = 0, and the ¶48 internal path on the largest safe config */
    {
        ss_cfg_t c = cfg(3, 3, 0, 11, CMP_SERIAL);
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(!r.truncated && !r.violation && !r.deadlock && r.s5_errors == 0);
        c = cfg(4, 3, 4, 8, CMP_SERIAL);
        c.internal = 1;
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(!r.truncated && !r.violation && !r.deadlock && r.s5_errors == 0);
        CHECK(r.max_skew == 1 && r.max_pend <= 2 * 4 - 1);
    }

    /* S4 boundary: serial with N > 2^(W-1) violates S1 in epoch 1 */
    static const unsigned unsafe[][2] = {{3, 2}, {5, 3}, {9, 4}};
    for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++) {
        ss_cfg_t c = cfg(unsafe[i][0], unsafe[i][1], 0, 2, CMP_SERIAL);
        c.stop_on_violation = 1;
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(r.violation);
        CHECK(r.viol_depth <= 2); /* epoch 1: the first arriver passes at once */
    }

    /* S7: literal >= is safe and live while no wrap happens, and fails after wrap */
    {
        ss_cfg_t c = cfg(3, 3, 0, 2, CMP_LITERAL); /* counter stays <= 6 < 8: no wrap */
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(r.wraps == 0 && !r.violation && !r.deadlock);
        c = cfg(3, 3, 0, 4, CMP_LITERAL); /* counter reaches 12: one wrap */
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(!r.truncated && r.wraps >= 1);
        CHECK(r.violation || r.deadlock);
        CHECK(r.violation); /* premature pass after wrap */
        CHECK(r.deadlock);  /* and a deadlock: the counter wraps below a high target */
        c = cfg(2, 3, 6, 4, CMP_LITERAL); /* INIT = 2^W - N: target wraps to 0 in epoch 1 */
        CHECK(run(&c, &r, name, sizeof name) == 0);
        CHECK(r.violation);
    }

    /* S7: equality deadlocks (a fast PE's next-epoch copy overtakes the slow waiter) */
    {
        static const unsigned eq[][2] = {{2, 3}, {3, 3}};
        for (size_t i = 0; i < 2; i++) {
            ss_cfg_t c = cfg(eq[i][0], eq[i][1], 0, 3, CMP_EQUAL);
            CHECK(run(&c, &r, name, sizeof name) == 0);
            CHECK(!r.truncated && r.deadlock);
            CHECK(!r.violation); /* == is never premature, only stuck */
        }
    }

    /* A10 fault injection: the same safe configs with one lost / one duplicated copy.
       Loss must give a reachable deadlock; duplication a reachable S1 violation. */
    {
        static const unsigned fz[][2] = {{2, 3}, {3, 3}};
        for (size_t i = 0; i < 2; i++) {
            unsigned n = fz[i][0], w = fz[i][1];
            ss_cfg_t c = cfg(n, w, (1u << w) - n, 4, CMP_SERIAL);
            CHECK(run(&c, &r, name, sizeof name) == 0); /* control: fault-free passes */
            CHECK(!r.truncated && !r.violation && !r.deadlock);
            c.fault = FAULT_LOSE;
            CHECK(run(&c, &r, name, sizeof name) == 0);
            CHECK(!r.truncated && r.deadlock);
            CHECK(!r.violation); /* a lost copy only delays; it never releases early */
            c.fault = FAULT_DUP;
            CHECK(run(&c, &r, name, sizeof name) == 0);
            CHECK(!r.truncated && r.violation);
        }
    }

    printf("%u passed, %u failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
