/*
 * gb_os_user.c - user-space implementation of gb_os.h: pthreads mode, and the deterministic
 * explorer (gbx_explore, gb_explore.h) that runs each event on its own thread but lets exactly one
 * thread run at a time, switching only at scheduling points (gb_mutex_lock, gb_wait_pred,
 * gb_yield), and enumerates every choice of the next thread by depth-first search.
 * Source: note 004 §5.1(b) (small model checking of {unpin, callback, DMA submit, fd release}).
 */
#define _GNU_SOURCE
#include "gb_os.h"
#include "gb_explore.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <semaphore.h>

static _Atomic long gb_allocs;
static __thread int gb_cur_pid = 1;
static __thread int gbx_me = -1;        /* explorer thread index, -1 = not an explorer thread */
static int gbx_fine;                    /* 1: every lock acquisition is a scheduling point */
static uint64_t gbx_rng;                /* != 0: random schedules (xorshift64), no backtracking */

void gbx_set_fine(int fine) { gbx_fine = fine; }
void gbx_set_random(uint64_t seed) { gbx_rng = seed; }

void *gb_zalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (p)
        gb_allocs++;
    return p;
}

void gb_free(void *p)
{
    if (p) {
        gb_allocs--;
        free(p);
    }
}

long gb_live_allocs(void) { return gb_allocs; }
int gb_pid(void) { return gb_cur_pid; }
void gb_set_pid(int pid) { gb_cur_pid = pid; }

/* ------------------------------------------------------------------ explorer state */
static struct {
    int n, quit;
    sem_t go[GBX_MAX], back;            /* baton: the scheduler and one thread alternate */
    pthread_t th[GBX_MAX];
    int done[GBX_MAX];
    gb_mutex_t *want[GBX_MAX];          /* lock a thread waits to acquire */
    int waiting[GBX_MAX];
    unsigned wseq[GBX_MAX], seq;        /* gb_wait_pred waiters run again when seq moved */
    int path[GBX_DEPTH], width[GBX_DEPTH], plen, depth;
    int overflow;
    gbx_fn fn[GBX_MAX];
    void *arg[GBX_MAX];
    int pid[GBX_MAX];
    char trace[GBX_DEPTH];              /* thread chosen at each scheduling decision */
    int ntrace;
} X;

/* give control back to the scheduler and wait for our next turn */
static void gbx_yield(void)
{
    int me = gbx_me;
    sem_post(&X.back);
    sem_wait(&X.go[me]);
}

static void *gbx_thread(void *a)
{
    int me = (int)(intptr_t)a;
    for (;;) {
        sem_wait(&X.go[me]);
        if (X.quit)
            return NULL;
        gbx_me = me;
        gb_cur_pid = X.pid[me];
        X.fn[me](X.arg[me]);
        gbx_me = -1;
        X.done[me] = 1;
        sem_post(&X.back);
    }
}

static int gbx_enabled(int i)
{
    if (X.done[i])
        return 0;
    if (X.want[i] && X.want[i]->owner)
        return 0;
    if (X.waiting[i] && X.wseq[i] == X.seq)
        return 0;
    return 1;
}

/* one run under the current path prefix; returns 0, or 1 on deadlock (threads left blocked) */
static int gbx_run_once(void)
{
    int i, en[GBX_MAX];
    X.depth = 0;
    X.ntrace = 0;
    for (i = 0; i < X.n; i++) {
        X.done[i] = 0;
        X.want[i] = NULL;
        X.waiting[i] = 0;
    }
    for (;;) {
        int k = 0, pick, alive = 0;
        for (i = 0; i < X.n; i++) {
            alive += !X.done[i];
            if (gbx_enabled(i))
                en[k++] = i;
        }
        if (!alive)
            return 0;
        if (k == 0)
            return 1;                   /* deadlock */
        if (k == 1) {
            pick = en[0];
        } else if (gbx_rng) {
            gbx_rng ^= gbx_rng << 13;
            gbx_rng ^= gbx_rng >> 7;
            gbx_rng ^= gbx_rng << 17;
            pick = en[gbx_rng % (uint64_t)k];
            X.depth++;
        } else if (X.depth >= GBX_DEPTH) {
            X.overflow = 1;
            pick = en[0];
        } else {
            if (X.depth >= X.plen)
                X.path[X.depth] = 0;
            X.width[X.depth] = k;
            pick = en[X.path[X.depth]];
            X.depth++;
        }
        if (X.ntrace < GBX_DEPTH)
            X.trace[X.ntrace++] = (char)('A' + pick);
        sem_post(&X.go[pick]);
        sem_wait(&X.back);
    }
}

void gbx_explore(const struct gbx_spec *s, struct gbx_result *res)
{
    int i;
    memset(res, 0, sizeof(*res));
    X.n = s->n;
    X.plen = 0;
    X.overflow = 0;
    X.quit = 0;
    sem_init(&X.back, 0, 0);
    for (i = 0; i < s->n; i++) {
        X.fn[i] = s->fn[i];
        X.arg[i] = s->arg;
        X.pid[i] = s->pid[i];
        sem_init(&X.go[i], 0, 0);
        pthread_create(&X.th[i], NULL, gbx_thread, (void *)(intptr_t)i);
    }
    for (;;) {
        int dl, bad = 0;
        s->setup(s->arg);
        dl = gbx_run_once();
        res->runs++;
        if (res->max_depth < X.depth)
            res->max_depth = X.depth;
        if (dl) {
            res->deadlocks++;
            bad = 1;
        } else if (s->check(s->arg)) {
            res->failures++;
            bad = 1;
        }
        if (bad && res->first_bad[0] == 0) {
            memcpy(res->first_bad, X.trace, (size_t)X.ntrace);
            res->first_bad[X.ntrace] = 0;
        }
        if (dl)
            return;     /* stuck threads hold state: stop exploring (the caller exits) */
        if (bad && s->stop_on_fail) {
            res->truncated = 1;
            break;
        }
        if (s->max_runs && res->runs >= s->max_runs) {
            res->truncated = !gbx_rng;
            break;
        }
        if (gbx_rng)
            continue;                   /* random sampling: max_runs schedules */
        /* next path: depth-first backtracking */
        X.plen = X.depth;
        while (X.plen > 0 && X.path[X.plen - 1] + 1 >= X.width[X.plen - 1])
            X.plen--;
        if (X.plen == 0)
            break;
        X.path[X.plen - 1]++;
    }
    res->overflow = X.overflow;
    X.quit = 1;
    for (i = 0; i < s->n; i++) {
        sem_post(&X.go[i]);
        pthread_join(X.th[i], NULL);
        sem_destroy(&X.go[i]);
    }
    sem_destroy(&X.back);
    X.n = 0;
}

/* ------------------------------------------------------------------ locks and waits */
void gb_mutex_init(gb_mutex_t *m)
{
    pthread_mutex_init(&m->pm, NULL);
    m->owner = 0;
}

void gb_mutex_destroy(gb_mutex_t *m)
{
    pthread_mutex_destroy(&m->pm);
}

void gb_mutex_lock(gb_mutex_t *m)
{
    if (gbx_me < 0) {
        pthread_mutex_lock(&m->pm);
        return;
    }
    if (m->owner || gbx_fine) {
        X.want[gbx_me] = m;
        gbx_yield();                    /* the scheduler resumes us only when m is free */
        X.want[gbx_me] = NULL;
    }
    m->owner = gbx_me + 1;
}

void gb_mutex_unlock(gb_mutex_t *m)
{
    if (gbx_me < 0)
        pthread_mutex_unlock(&m->pm);
    else
        m->owner = 0;
}

void gb_yield(void)
{
    if (gbx_me >= 0)
        gbx_yield();
}

static pthread_mutex_t gw_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gw_cv = PTHREAD_COND_INITIALIZER;
static unsigned gw_seq;

void gb_wake_all(void)
{
    if (gbx_me >= 0) {
        X.seq++;
        return;
    }
    pthread_mutex_lock(&gw_m);
    gw_seq++;
    pthread_cond_broadcast(&gw_cv);
    pthread_mutex_unlock(&gw_m);
}

int gb_wait_pred(gb_mutex_t *m, int (*pred)(void *), void *arg, unsigned ms)
{
    struct timespec end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    end.tv_sec += ms / 1000;
    end.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (end.tv_nsec >= 1000000000L) {
        end.tv_sec++;
        end.tv_nsec -= 1000000000L;
    }
    for (;;) {
        int ok;
        unsigned s0;
        pthread_mutex_lock(&gw_m);
        s0 = gw_seq;
        pthread_mutex_unlock(&gw_m);
        if (gbx_me >= 0)
            s0 = X.seq;
        gb_mutex_lock(m);
        ok = pred(arg);
        gb_mutex_unlock(m);
        if (ok)
            return 0;
        if (gbx_me >= 0) {
            /* explorer: block until someone wakes; a wait nobody ends is a deadlock */
            X.waiting[gbx_me] = 1;
            X.wseq[gbx_me] = s0;
            gbx_yield();
            X.waiting[gbx_me] = 0;
            continue;
        }
        {
            struct timespec now, t;
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (ms != GB_WAIT_FOREVER && (now.tv_sec > end.tv_sec
                                          || (now.tv_sec == end.tv_sec && now.tv_nsec >= end.tv_nsec)))
                return -ETIMEDOUT;
            t = now;
            t.tv_nsec += 1000000L;      /* re-check at least every ms */
            if (t.tv_nsec >= 1000000000L) {
                t.tv_sec++;
                t.tv_nsec -= 1000000000L;
            }
            pthread_mutex_lock(&gw_m);
            if (gw_seq == s0)
                pthread_cond_timedwait(&gw_cv, &gw_m, &t);
            pthread_mutex_unlock(&gw_m);
        }
    }
}
