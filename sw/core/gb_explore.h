/*
 * gb_explore.h - deterministic interleaving explorer (user space only, gb_os_user.c).
 * Each of n events runs on its own thread; one thread runs at a time and switches only at
 * scheduling points (gb_mutex_lock, gb_wait_pred, gb_yield); every choice of the next runnable
 * thread is enumerated depth-first. Per run: setup(arg), the events, check(arg) (0 = ok).
 * A state where no thread can run while some have not finished is a deadlock (exploration stops).
 * Source: note 004 §5.1(b).
 */
#ifndef GB_EXPLORE_H
#define GB_EXPLORE_H

#include <stdint.h>

#define GBX_MAX   6
#define GBX_DEPTH 256

typedef void (*gbx_fn)(void *arg);

struct gbx_spec {
    int n;                      /* events, <= GBX_MAX */
    gbx_fn fn[GBX_MAX];
    int pid[GBX_MAX];           /* process each event runs in (gb_pid) */
    void (*setup)(void *arg);
    int (*check)(void *arg);
    void *arg;
    long max_runs;              /* 0 = all */
    int stop_on_fail;           /* 1: stop at the first failing interleaving */
};

struct gbx_result {
    long runs;                  /* complete interleavings executed */
    long failures, deadlocks;
    int truncated, overflow, max_depth;
    char first_bad[GBX_DEPTH + 1];  /* thread letters (A = event 0) of the first failing run */
};

void gbx_explore(const struct gbx_spec *s, struct gbx_result *res);
/* 1: every gb_mutex_lock is a scheduling point too (finer, many more interleavings) */
void gbx_set_fine(int fine);
/* seed != 0: max_runs random schedules instead of the exhaustive search (with gbx_set_fine) */
void gbx_set_random(uint64_t seed);
/* set the calling thread's process id (what gb_pid returns) */
void gb_set_pid(int pid);

#endif
