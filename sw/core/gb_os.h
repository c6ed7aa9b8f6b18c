/*
 * gb_os.h - the operating-system shim under the pin/unpin/callback core (gb_core.c), so that the
 * same core compiles in the kernel module (sw/kmod) and in user space against the fake NVIDIA side
 * (sw/fake). Source: note 004 §5.1(b) ("thin #ifdef __KERNEL__ shim for locks, atomics, kmalloc").
 *
 * Kernel: gb_mutex_t = struct mutex (the free callback may sleep for a bounded time, A-17),
 * allocation kzalloc(GFP_KERNEL), waits by a global wait queue, gb_pid() = thread-group id.
 * User space (gb_os_user.c): two run modes chosen at run time, pthreads (ASan/TSan tests) and the
 * deterministic explorer (sw/tests/explore.c): there every gb_mutex_lock and every gb_wait_pred is
 * a scheduling point of a cooperative coroutine scheduler, so that a test can enumerate
 * interleavings; gb_yield() marks further points.
 */
#ifndef GB_OS_H
#define GB_OS_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/slab.h>
typedef struct mutex gb_mutex_t;
#define gb_mutex_init(m)    mutex_init(m)
#define gb_mutex_destroy(m) mutex_destroy(m)
#define gb_mutex_lock(m)    mutex_lock(m)
#define gb_mutex_unlock(m)  mutex_unlock(m)
#define gb_zalloc(n)        kzalloc((n), GFP_KERNEL)
#define gb_free(p)          kfree(p)
#define gb_yield()          do { } while (0)
#else
#include <stdint.h>
#include <stddef.h>
#include <errno.h>
#include <pthread.h>
typedef uint64_t u64;
typedef uint32_t u32;
typedef struct gb_mutex {
    pthread_mutex_t pm;                 /* pthread mode */
    int owner;                          /* explorer mode: coroutine id + 1, 0 = free */
} gb_mutex_t;
/* init / destroy a mutex; lock (a scheduling point in the explorer when held, or always with
 * gbx_set_fine) / unlock; not recursive */
void gb_mutex_init(gb_mutex_t *m);
void gb_mutex_destroy(gb_mutex_t *m);
void gb_mutex_lock(gb_mutex_t *m);
void gb_mutex_unlock(gb_mutex_t *m);
/* zeroed allocation / free, counted (gb_live_allocs) so that tests see leaks and double frees */
void *gb_zalloc(size_t n);
void gb_free(void *p);
long gb_live_allocs(void);
/* explorer: a scheduling point (another event may run here); otherwise nothing */
void gb_yield(void);
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif
#endif

/* id of the calling process (kernel: tgid; user space: the fake's current process, fakep2p.h) */
int gb_pid(void);
/*
 * Wait until pred(arg) is true, evaluated with m held; at most ms milliseconds, or without limit
 * for ms == GB_WAIT_FOREVER (waits that keep memory alive until a bounded peer finishes).
 * Returns 0 when pred became true, -ETIMEDOUT otherwise. m must not be held by the caller.
 */
#define GB_WAIT_FOREVER 0u
int gb_wait_pred(gb_mutex_t *m, int (*pred)(void *arg), void *arg, unsigned ms);
/* wake every gb_wait_pred waiter (they re-evaluate their predicates) */
void gb_wake_all(void);

#endif
