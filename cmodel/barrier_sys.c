/*
 * barrier_sys.c: discrete-event latency model of the ¶2 baseline barrier and the ¶30-¶38
 * multicast counter barrier. See barrier_sys.h for the modelled system and the units (ns).
 */
#include "barrier_sys.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- PRNG (splitmix64) ---- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* uniform on [0, 1] (53-bit resolution; both ends reachable in principle) */
static double rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) * (1.0 / 9007199254740991.0);
}

/* ---------------------------------------------------------------- event heap ---------- */

enum { EV_ARRIVE, EV_SW_IN, EV_SW_OUT, EV_DEV_IN, EV_MEM_DONE, EV_DETECT, EV_FLAG_ISSUE };
enum { PK_NOTIF, PK_FLAG };
#define DST_ALL UINT32_MAX

typedef struct {
    double t;
    uint64_t seq;
    uint32_t a, b, epoch;
    uint8_t type, kind, hops, polls;
} ev_t;

typedef struct {
    ev_t *v;
    size_t n, cap;
    uint64_t seq;
} heap_t;

static int ev_less(const ev_t *x, const ev_t *y)
{
    if (x->t != y->t)
        return x->t < y->t;
    return x->seq < y->seq;
}

static int heap_push(heap_t *h, ev_t e)
{
    if (h->n == h->cap) {
        size_t nc = h->cap ? 2 * h->cap : 1024;
        ev_t *nv = realloc(h->v, nc * sizeof *nv);
        if (!nv)
            return BSYS_E_NOMEM;
        h->v = nv;
        h->cap = nc;
    }
    e.seq = h->seq++;
    size_t i = h->n++;
    while (i > 0) {
        size_t par = (i - 1) / 2;
        if (!ev_less(&e, &h->v[par]))
            break;
        h->v[i] = h->v[par];
        i = par;
    }
    h->v[i] = e;
    return BSYS_OK;
}

static ev_t heap_pop(heap_t *h)
{
    ev_t top = h->v[0];
    ev_t last = h->v[--h->n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const ev_t *cand = &last;
        if (l < h->n && ev_less(&h->v[l], cand)) {
            m = l;
            cand = &h->v[l];
        }
        if (r < h->n && ev_less(&h->v[r], cand))
            m = r;
        if (m == i)
            break;
        h->v[i] = h->v[m];
        i = m;
    }
    if (h->n)
        h->v[i] = last;
    return top;
}

/* ---------------------------------------------------------------- parameters --------- */

void bsys_default_params(bsys_params_t *p)
{
    memset(p, 0, sizeof *p);
    p->n_dev = 8;
    p->pes_per_dev = 1;
    p->barriers = 1000;
    p->t_link = 300.0;
    p->t_sw = 100.0;
    p->t_m = 50.0;
    p->t_w = 50.0;
    p->poll_P = 200.0;
    p->t_cycle = 4.0;
    p->t_iss = 30.0;
    p->t_rep = 4.0;
    p->t_loc = 100.0;
    p->detect = BSYS_DET_UNIFORM;
    p->internal_path = 0;
    p->seed = 1;
}

static int time_ok(double x) { return isfinite(x) && x >= 0.0; }

int bsys_check_params(const bsys_params_t *p)
{
    if (!p)
        return BSYS_E_PARAM;
    if (p->n_dev < 2 || p->n_dev > BSYS_MAX_DEV)
        return BSYS_E_PARAM;
    if (p->pes_per_dev < 1 || p->pes_per_dev > BSYS_MAX_PES_PER_DEV)
        return BSYS_E_PARAM;
    if (p->barriers < 1 || p->barriers > BSYS_MAX_BARRIERS)
        return BSYS_E_PARAM;
    const double ts[] = {p->t_link, p->link_skew, p->t_sw,  p->t_ser,     p->t_m,
                         p->tau_a,  p->t_w,       p->poll_P, p->t_cycle,  p->t_iss,
                         p->t_rep,  p->t_loc,     p->t_compute, p->t_jitter};
    for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
        if (!time_ok(ts[i]))
            return BSYS_E_PARAM;
    switch (p->detect) {
    case BSYS_DET_UNIFORM:
    case BSYS_DET_HALF:
        if (!(p->poll_P > 0.0))
            return BSYS_E_PARAM;
        break;
    case BSYS_DET_EVENT:
        if (!(p->t_cycle > 0.0))
            return BSYS_E_PARAM;
        break;
    default:
        return BSYS_E_PARAM;
    }
    if (p->internal_path != 0 && p->internal_path != 1)
        return BSYS_E_PARAM;
    return BSYS_OK;
}

const char *bsys_scheme_name(bsys_scheme_t s)
{
    switch (s) {
    case BSYS_BASELINE:
        return "baseline";
    case BSYS_MULTICAST:
        return "multicast";
    }
    return "?";
}

/* ---------------------------------------------------------------- simulator ---------- */

typedef struct {
    const bsys_params_t *p;
    bsys_scheme_t s;
    unsigned N, K, B, NK;
    uint64_t rng;
    heap_t h;
    int err;
    /* per device */
    double *lat;        /* link latency of device d's up- and downlink */
    double *up_free, *down_free, *eng_free, *mem_free;
    uint64_t *cnt;      /* counter (multicast: every device; baseline: device 0) */
    uint32_t *flag;     /* baseline flag value per device */
    uint32_t *det_next; /* next epoch the device waits for */
    uint8_t *det_pending;
    uint8_t *last_hops, *last_polls; /* causal chain of the latest counter/flag update */
    double poller_free; /* baseline home poller busy issuing flags until then */
    /* per PE */
    uint32_t *arrived; /* arrivals so far */
    /* per epoch (index 1..B) */
    uint32_t *arr_cnt, *pass_cnt;
    double *arr_max, *pass_min, *pass_max;
    uint8_t *crit_hops, *crit_polls;
    /* totals */
    double lat_sum, lat_sum_home, lat_sum_remote, lat_min, lat_max, t_end;
    uint64_t n_lat, n_home, n_remote;
    uint64_t pkts_up, pkts_down, atomics, stores, s1_viol, events;
} sim_t;

static void sched(sim_t *m, double t, uint8_t type, uint8_t kind, uint32_t a, uint32_t b,
                  uint32_t epoch, uint8_t hops, uint8_t polls)
{
    ev_t e;
    memset(&e, 0, sizeof e);
    e.t = t;
    e.type = type;
    e.kind = kind;
    e.a = a;
    e.b = b;
    e.epoch = epoch;
    e.hops = hops;
    e.polls = polls;
    if (heap_push(&m->h, e) != BSYS_OK)
        m->err = BSYS_E_NOMEM;
}

static double draw_delta(sim_t *m)
{
    switch (m->p->detect) {
    case BSYS_DET_UNIFORM:
        return m->p->poll_P * rng_unit(&m->rng);
    case BSYS_DET_HALF:
        return 0.5 * m->p->poll_P;
    case BSYS_DET_EVENT:
        break;
    }
    return m->p->t_cycle;
}

static double draw_compute(sim_t *m)
{
    double c = m->p->t_compute;
    if (m->p->t_jitter > 0.0)
        c += m->p->t_jitter * rng_unit(&m->rng);
    return c;
}

/* put a packet on device src's uplink at time t */
static void send_up(sim_t *m, double t, uint32_t src, uint8_t kind, uint32_t dst, uint32_t epoch,
                    uint8_t hops, uint8_t polls)
{
    double dep = t > m->up_free[src] ? t : m->up_free[src];
    m->up_free[src] = dep + m->p->t_ser;
    m->pkts_up++;
    sched(m, dep + m->p->t_ser + m->lat[src], EV_SW_IN, kind, src, dst, epoch, hops, polls);
}

/* re-evaluate device d's pass condition at time t */
static void check(sim_t *m, double t, uint32_t d)
{
    uint32_t e = m->det_next[d];
    if (m->det_pending[d] || e > m->B)
        return;
    int ok;
    double start = t;
    if (m->s == BSYS_MULTICAST) {
        ok = m->cnt[d] >= (uint64_t)m->NK * e;
    } else if (d == 0) {
        ok = m->cnt[0] >= (uint64_t)m->NK * e;
        if (m->poller_free > start)
            start = m->poller_free;
    } else {
        ok = m->flag[d] >= e;
    }
    if (!ok)
        return;
    m->det_pending[d] = 1;
    sched(m, start + draw_delta(m), EV_DETECT, 0, d, 0, e, m->last_hops[d],
          (uint8_t)(m->last_polls[d] + 1));
}

static void on_arrive(sim_t *m, const ev_t *ev)
{
    uint32_t pe = ev->a, e = ev->epoch, d = pe / m->K;
    m->arrived[pe] = e;
    m->arr_cnt[e]++;
    if (m->arr_cnt[e] == 1 || ev->t > m->arr_max[e])
        m->arr_max[e] = ev->t;
    if (m->s == BSYS_BASELINE) {
        if (d == 0)
            sched(m, ev->t + m->p->t_loc, EV_DEV_IN, PK_NOTIF, 0, 0, e, 0, 0);
        else
            send_up(m, ev->t, d, PK_NOTIF, 0, e, 0, 0);
    } else {
        if (m->p->internal_path)
            sched(m, ev->t + m->p->t_loc, EV_DEV_IN, PK_NOTIF, d, d, e, 0, 0);
        send_up(m, ev->t, d, PK_NOTIF, DST_ALL, e, 0, 0);
    }
}

static void on_sw_in(sim_t *m, const ev_t *ev)
{
    uint32_t src = ev->a;
    double start = ev->t + m->p->t_sw;
    if (m->eng_free[src] > start)
        start = m->eng_free[src];
    uint8_t hops = (uint8_t)(ev->hops + 1);
    unsigned j = 0;
    if (ev->b == DST_ALL) {
        for (uint32_t d = 0; d < m->N; d++) {
            if (m->p->internal_path && d == src)
                continue;
            sched(m, start + j * m->p->t_rep, EV_SW_OUT, ev->kind, src, d, ev->epoch, hops,
                  ev->polls);
            j++;
        }
    } else {
        sched(m, start, EV_SW_OUT, ev->kind, src, ev->b, ev->epoch, hops, ev->polls);
        j = 1;
    }
    m->eng_free[src] = start + j * m->p->t_rep;
}

static void on_sw_out(sim_t *m, const ev_t *ev)
{
    uint32_t d = ev->b;
    double dep = ev->t > m->down_free[d] ? ev->t : m->down_free[d];
    m->down_free[d] = dep + m->p->t_ser;
    m->pkts_down++;
    sched(m, dep + m->p->t_ser + m->lat[d], EV_DEV_IN, ev->kind, ev->a, d, ev->epoch, ev->hops,
          ev->polls);
}

static void on_dev_in(sim_t *m, const ev_t *ev)
{
    uint32_t d = ev->b;
    if (ev->kind == PK_FLAG) {
        sched(m, ev->t + m->p->t_w, EV_MEM_DONE, PK_FLAG, ev->a, d, ev->epoch, ev->hops,
              ev->polls);
        return;
    }
    double start = ev->t > m->mem_free[d] ? ev->t : m->mem_free[d];
    m->mem_free[d] = start + m->p->tau_a;
    sched(m, start + m->p->t_m, EV_MEM_DONE, PK_NOTIF, ev->a, d, ev->epoch, ev->hops, ev->polls);
}

static void on_mem_done(sim_t *m, const ev_t *ev)
{
    uint32_t d = ev->b;
    if (ev->kind == PK_FLAG) {
        m->stores++;
        if (ev->epoch > m->flag[d])
            m->flag[d] = ev->epoch;
    } else {
        m->atomics++;
        m->cnt[d]++;
    }
    m->last_hops[d] = ev->hops;
    m->last_polls[d] = ev->polls;
    check(m, ev->t, d);
}

static void record_pass(sim_t *m, double t, uint32_t d, uint32_t e, uint8_t hops, uint8_t polls)
{
    double lat = t - m->arr_max[e];
    m->lat_sum += lat;
    if (m->n_lat == 0 || lat < m->lat_min)
        m->lat_min = lat;
    if (m->n_lat == 0 || lat > m->lat_max)
        m->lat_max = lat;
    m->n_lat++;
    if (d == 0) {
        m->lat_sum_home += lat;
        m->n_home++;
    } else {
        m->lat_sum_remote += lat;
        m->n_remote++;
    }
    if (m->pass_cnt[e] == 0 || t < m->pass_min[e])
        m->pass_min[e] = t;
    if (m->pass_cnt[e] == 0 || t > m->pass_max[e] ||
        (t == m->pass_max[e] && hops > m->crit_hops[e])) {
        m->pass_max[e] = t;
        m->crit_hops[e] = hops;
        m->crit_polls[e] = polls;
    }
    m->pass_cnt[e]++;
    if (t > m->t_end)
        m->t_end = t;
}

static void on_detect(sim_t *m, const ev_t *ev)
{
    uint32_t d = ev->a, e = ev->epoch;
    /* S1 check (note §4.4): every PE has arrived at e, and the local PEs wait on e */
    if (m->arr_cnt[e] != m->NK)
        m->s1_viol++;
    for (uint32_t k = 0; k < m->K; k++) {
        uint32_t pe = d * m->K + k;
        if (m->arrived[pe] != e)
            m->s1_viol++;
        if (e < m->B)
            sched(m, ev->t + draw_compute(m), EV_ARRIVE, 0, pe, 0, e + 1, 0, 0);
    }
    record_pass(m, ev->t, d, e, ev->hops, ev->polls);
    m->det_pending[d] = 0;
    m->det_next[d] = e + 1;
    if (m->s == BSYS_BASELINE && d == 0) {
        for (uint32_t r = 0; r + 1 < m->N; r++)
            sched(m, ev->t + r * m->p->t_iss, EV_FLAG_ISSUE, PK_FLAG, 0, r + 1, e, ev->hops,
                  ev->polls);
        m->poller_free = ev->t + (double)(m->N - 2) * m->p->t_iss;
    }
    check(m, ev->t, d);
}

static void sim_free(sim_t *m)
{
    free(m->h.v);
    free(m->lat);
    free(m->up_free);
    free(m->down_free);
    free(m->eng_free);
    free(m->mem_free);
    free(m->cnt);
    free(m->flag);
    free(m->det_next);
    free(m->det_pending);
    free(m->last_hops);
    free(m->last_polls);
    free(m->arrived);
    free(m->arr_cnt);
    free(m->pass_cnt);
    free(m->arr_max);
    free(m->pass_min);
    free(m->pass_max);
    free(m->crit_hops);
    free(m->crit_polls);
}

int bsys_run(const bsys_params_t *p, bsys_scheme_t s, bsys_result_t *r)
{
    if (!r || bsys_check_params(p) != BSYS_OK)
        return BSYS_E_PARAM;
    if (s != BSYS_BASELINE && s != BSYS_MULTICAST)
        return BSYS_E_PARAM;
    sim_t m;
    memset(&m, 0, sizeof m);
    m.p = p;
    m.s = s;
    m.N = p->n_dev;
    m.K = p->pes_per_dev;
    m.B = p->barriers;
    m.NK = m.N * m.K;
    m.rng = p->seed;
    size_t N = m.N, NK = m.NK, E = (size_t)m.B + 1;
    m.lat = calloc(N, sizeof *m.lat);
    m.up_free = calloc(N, sizeof *m.up_free);
    m.down_free = calloc(N, sizeof *m.down_free);
    m.eng_free = calloc(N, sizeof *m.eng_free);
    m.mem_free = calloc(N, sizeof *m.mem_free);
    m.cnt = calloc(N, sizeof *m.cnt);
    m.flag = calloc(N, sizeof *m.flag);
    m.det_next = calloc(N, sizeof *m.det_next);
    m.det_pending = calloc(N, sizeof *m.det_pending);
    m.last_hops = calloc(N, sizeof *m.last_hops);
    m.last_polls = calloc(N, sizeof *m.last_polls);
    m.arrived = calloc(NK, sizeof *m.arrived);
    m.arr_cnt = calloc(E, sizeof *m.arr_cnt);
    m.pass_cnt = calloc(E, sizeof *m.pass_cnt);
    m.arr_max = calloc(E, sizeof *m.arr_max);
    m.pass_min = calloc(E, sizeof *m.pass_min);
    m.pass_max = calloc(E, sizeof *m.pass_max);
    m.crit_hops = calloc(E, sizeof *m.crit_hops);
    m.crit_polls = calloc(E, sizeof *m.crit_polls);
    if (!m.lat || !m.up_free || !m.down_free || !m.eng_free || !m.mem_free || !m.cnt ||
        !m.flag || !m.det_next || !m.det_pending || !m.last_hops || !m.last_polls ||
        !m.arrived || !m.arr_cnt || !m.pass_cnt || !m.arr_max || !m.pass_min || !m.pass_max ||
        !m.crit_hops || !m.crit_polls) {
        sim_free(&m);
        return BSYS_E_NOMEM;
    }
    for (size_t d = 0; d < N; d++) {
        m.lat[d] = p->t_link + p->link_skew * (double)d / (double)(N - 1);
        m.det_next[d] = 1;
    }
    for (uint32_t pe = 0; pe < m.NK; pe++)
        sched(&m, draw_compute(&m), EV_ARRIVE, 0, pe, 0, 1, 0, 0);

    while (m.h.n && m.err == BSYS_OK) {
        ev_t ev = heap_pop(&m.h);
        m.events++;
        switch (ev.type) {
        case EV_ARRIVE:
            on_arrive(&m, &ev);
            break;
        case EV_SW_IN:
            on_sw_in(&m, &ev);
            break;
        case EV_SW_OUT:
            on_sw_out(&m, &ev);
            break;
        case EV_DEV_IN:
            on_dev_in(&m, &ev);
            break;
        case EV_MEM_DONE:
            on_mem_done(&m, &ev);
            break;
        case EV_DETECT:
            on_detect(&m, &ev);
            break;
        case EV_FLAG_ISSUE:
            send_up(&m, ev.t, 0, PK_FLAG, ev.b, ev.epoch, ev.hops, ev.polls);
            break;
        default:
            break;
        }
    }
    if (m.err != BSYS_OK) {
        int err = m.err;
        sim_free(&m);
        return err;
    }

    memset(r, 0, sizeof *r);
    r->n_dev = m.N;
    r->pes_per_dev = m.K;
    r->barriers = m.B;
    double nb = (double)m.B;
    r->lat_mean_ns = m.n_lat ? m.lat_sum / (double)m.n_lat : 0.0;
    r->lat_min_ns = m.lat_min;
    r->lat_max_ns = m.lat_max;
    r->lat_mean_home_ns = m.n_home ? m.lat_sum_home / (double)m.n_home : 0.0;
    r->lat_mean_remote_ns = m.n_remote ? m.lat_sum_remote / (double)m.n_remote : 0.0;
    double ssum = 0.0, smax = 0.0;
    unsigned hmax = 0, hmin = UINT32_MAX, pmax = 0, pmin = UINT32_MAX;
    for (uint32_t e = 1; e <= m.B; e++) {
        double sp = m.pass_max[e] - m.pass_min[e];
        ssum += sp;
        if (sp > smax)
            smax = sp;
        if (m.pass_cnt[e] != m.N)
            m.s1_viol++; /* a device never passed: the model deadlocked (cannot happen) */
        if (m.crit_hops[e] > hmax)
            hmax = m.crit_hops[e];
        if (m.crit_hops[e] < hmin)
            hmin = m.crit_hops[e];
        if (m.crit_polls[e] > pmax)
            pmax = m.crit_polls[e];
        if (m.crit_polls[e] < pmin)
            pmin = m.crit_polls[e];
    }
    r->spread_mean_ns = ssum / nb;
    r->spread_max_ns = smax;
    r->iter_mean_ns = m.t_end / nb;
    r->crit_traversals = hmax;
    r->crit_traversals_min = hmin;
    r->crit_polls = pmax;
    r->crit_polls_min = pmin;
    r->pkts_up_per_barrier = (double)m.pkts_up / nb;
    r->pkts_down_per_barrier = (double)m.pkts_down / nb;
    r->msgs_per_barrier = r->pkts_up_per_barrier;
    r->link_pkts_per_barrier = (double)(m.pkts_up + m.pkts_down) / nb;
    r->atomics_per_barrier = (double)m.atomics / nb;
    r->stores_per_barrier = (double)m.stores / nb;
    r->s1_violations = m.s1_viol;
    r->events = m.events;
    sim_free(&m);
    return BSYS_OK;
}

/* ---------------------------------------------------------------- §6 closed forms ----- */

int bsys_closed_form(const bsys_params_t *p, bsys_scheme_t s, bsys_closed_t *c)
{
    if (!c || bsys_check_params(p) != BSYS_OK)
        return BSYS_E_PARAM;
    if (s != BSYS_BASELINE && s != BSYS_MULTICAST)
        return BSYS_E_PARAM;
    memset(c, 0, sizeof *c);
    double N = (double)p->n_dev, K = (double)p->pes_per_dev;
    double T1 = 2.0 * p->t_link + p->t_sw;
    double dmean, dworst;
    switch (p->detect) {
    case BSYS_DET_UNIFORM:
        dmean = 0.5 * p->poll_P;
        dworst = p->poll_P;
        break;
    case BSYS_DET_HALF:
        dmean = dworst = 0.5 * p->poll_P;
        break;
    default:
        dmean = dworst = p->t_cycle;
        break;
    }
    if (s == BSYS_BASELINE) {
        c->mean_home_ns = T1 + p->t_m + dmean;
        c->mean_remote_ns =
            2.0 * T1 + p->t_m + p->t_w + 2.0 * dmean + 0.5 * (N - 2.0) * p->t_iss;
        c->mean_ns = (c->mean_home_ns + (N - 1.0) * c->mean_remote_ns) / N;
        c->worst_ns = 2.0 * T1 + p->t_m + p->t_w + 2.0 * dworst + (N - 2.0) * p->t_iss;
        c->traversals = 2;
        c->polls = 2;
        c->msgs = (N - 1.0) * (K + 1.0);
        c->pkts_up = c->msgs;
        c->pkts_down = c->msgs;
        c->atomics = N * K;
    } else {
        c->traversals = 1;
        c->polls = 1;
        c->msgs = N * K;
        c->pkts_up = N * K;
        c->pkts_down = (p->internal_path ? N - 1.0 : N) * N * K;
        c->atomics = N * N * K;
    }
    c->link_pkts = c->pkts_up + c->pkts_down;
    if (s == BSYS_MULTICAST) {
        if (p->internal_path)
            return BSYS_E_NOCLOSED;
        c->mean_ns = T1 + p->t_m + dmean + 0.5 * (N - 1.0) * p->t_rep;
        c->mean_home_ns = T1 + p->t_m + dmean; /* device 0 gets copy j = 0 */
        c->mean_remote_ns = T1 + p->t_m + dmean + 0.5 * N * p->t_rep; /* j = 1..N-1 */
        c->worst_ns = T1 + (N - 1.0) * p->t_rep + p->t_m + dworst;
    }
    return BSYS_OK;
}
