/*
 * test_explore.c - deterministic explorer of every interleaving of the four events of note 004
 * §5.1(b) / §3.4 on one pinned region: {user unpin, free callback (cuMemFree, or the NVIDIA fd
 * closing: process exit), DMA submit, fd release}, each on its own thread, switched only at the
 * core's scheduling points (every lock acquisition, wait and phase boundary; gb_explore.h).
 * After each interleaving: no contract violation in the fake (put_pages inside the callback, a
 * callback without free_page_table / free_dma_mapping, a write to an unmapped BAR page after the
 * FPGA engine catches up), no pin or BAR page left, no valid FPGA slot, every core allocation
 * freed exactly once (gb_live_allocs == 0; ASan reports use after free / double free), and an
 * accepted submit's 0x20000 bytes all landed while mapped, once. No deadlock (T09, T10, T07).
 * Prints the number of interleavings per scenario.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gb_core.h"
#include "gb_explore.h"
#include "fakep2p.h"
#include "fpga_stub.h"

struct world {
    int scenario;                       /* 0: cuMemFree; 1: NVIDIA fd close + older driver;
                                           2: {pin, cuMemFree, submit, release}: revocation
                                           racing the pin itself;
                                           3: {unpin, cuMemFree, unpin, release}: two unpins of
                                           one handle (two threads of the owner);
                                           4: as 0 with a second region sharing two BAR pages
                                           with the first; the submit goes to the second */
    struct fs_dev fpga;
    int fd;
    uint32_t h, gen, h2, gen2;
    uint64_t a;
    int r_unpin, r_submit;
    long won_cb, won_unpin, won_release, submits_ok, pin_res[4];
};

static void setup(void *arg)
{
    struct world *w = arg;
    struct fk_cfg cfg;
    struct gb_ctx *c;
    struct gb_info i;
    memset(&cfg, 0, sizeof(cfg));
    cfg.sync_callbacks = 1;             /* the callback event is a thread of its own already */
    if (w->scenario == 1)
        cfg.put_after_revoke_err = -EINVAL;
    fk_init(&cfg);
    fs_init(&w->fpga);
    gb_core_init();
    gb_set_pid(100);
    c = gb_open(&fs_ops, &w->fpga, NULL);
    w->fd = gb_fd_install(c);
    fk_cuMemAlloc(&w->a, 1 << 20, FK_DEVICE);
    w->r_unpin = w->r_submit = 1;
    if (w->scenario == 2) {
        w->h = 1;                       /* the slot the pin will take */
        w->gen = 1;
        return;
    }
    if (gb_pin(c, w->a + 0x100, 0x40000, &w->h) || gb_query(c, w->h, &i)) {
        fprintf(stderr, "explore: setup pin failed\n");
        exit(2);
    }
    w->gen = i.gen;
    w->h2 = w->h;
    w->gen2 = w->gen;
    if (w->scenario == 4) {
        /* [a+0x30000, a+0x50000) shares pages 3 and 4 of [a, a+0x50000) (T22) */
        if (gb_pin(c, w->a + 0x30000, 0x20000, &w->h2) || gb_query(c, w->h2, &i)) {
            fprintf(stderr, "explore: setup pin 2 failed\n");
            exit(2);
        }
        w->gen2 = i.gen;
        if (fk_bar_pages_in_use() != 5) {
            fprintf(stderr, "explore: shared pages not shared\n");
            exit(2);
        }
    }
}

static void ev_pin(void *arg)
{
    struct world *w = arg;
    struct gb_ctx *c = gb_fget(w->fd);
    uint32_t h = 0;
    if (!c) {
        w->r_unpin = -EBADF;
        return;
    }
    w->r_unpin = gb_pin(c, w->a + 0x100, 0x40000, &h);
    if (!w->r_unpin && h != w->h)
        w->r_unpin = -999;
    gb_release(c);
}

static void ev_unpin(void *arg)
{
    struct world *w = arg;
    struct gb_ctx *c = gb_fget(w->fd);
    if (!c) {
        w->r_unpin = -EBADF;
        return;
    }
    w->r_unpin = gb_unpin(c, w->h);
    gb_release(c);
}

static void ev_callback(void *arg)
{
    struct world *w = arg;
    if (w->scenario == 0)
        fk_cuMemFree(w->a);
    else
        fk_nv_close(100);
}

static void ev_submit(void *arg)
{
    struct world *w = arg;
    struct gb_ctx *c = gb_fget(w->fd);
    if (!c) {
        w->r_submit = -EBADF;
        return;
    }
    if (w->scenario == 4)
        w->r_submit = gb_submit(c, w->h2, w->gen2, 0, 0x20000);
    else
        w->r_submit = gb_submit(c, w->h, w->gen, 0x1000, 0x20000);
    gb_release(c);
}

static void ev_unpin2(void *arg)
{
    struct world *w = arg;
    struct gb_ctx *c = gb_fget(w->fd);
    if (!c) {
        w->r_submit = -EBADF;
        return;
    }
    w->r_submit = gb_unpin(c, w->h);
    gb_release(c);
}

static void ev_close(void *arg)
{
    struct world *w = arg;
    gb_fd_close(w->fd);
}

static int check(void *arg)
{
    struct world *w = arg;
    struct gb_stats st;
    int bad = 0;
    gb_set_pid(100);
    fs_run(&w->fpga);                   /* the DMA engine catches up with anything queued */
    gb_stats(&st);
    if (fk_violations())
        bad |= 1;
    if (fk_pins_live() || fk_bar_pages_in_use())
        bad |= 2;
    if (fs_valid_slots(&w->fpga))
        bad |= 4;
    if (gb_live_allocs())
        bad |= 8;
    if (w->scenario != 3 && w->r_submit == 0 && fk_bar_bytes_ok() != 0x20000)
        bad |= 16;
    if (w->scenario != 3 && w->r_submit != 0 && fk_bar_bytes_ok() != 0)
        bad |= 32;
    /* two unpins of one handle: at most one does the teardown, the other -EBUSY / -ENOENT */
    if (w->scenario == 3 && ((w->r_unpin == 0 && w->r_submit == 0)
                             || (w->r_submit != 0 && w->r_submit != -EBUSY
                                 && w->r_submit != -ENOENT && w->r_submit != -EBADF)))
        bad |= 16;
    if (w->scenario != 2 && w->r_unpin != 0 && w->r_unpin != -EBADF && w->r_unpin != -ENOENT
        && w->r_unpin != -EBUSY)
        bad |= 64;
    if (w->scenario != 2 && w->scenario != 4 && (st.callbacks + st.unpins < 1 || st.unpins > 1))
        bad |= 128;
    if (w->scenario == 4 && (st.callbacks + st.unpins < 2 || st.unpins > 2))
        bad |= 128;                     /* each region torn down; one teardown per region */
    /* pin racing the free: succeeds (then torn down by release or the callback), or fails with
     * -EINVAL (memory already freed), -ESTALE (revoked while pinning) or -EBADF */
    if (w->scenario == 2 && w->r_unpin != 0 && w->r_unpin != -EINVAL && w->r_unpin != -ESTALE
        && w->r_unpin != -EBADF)
        bad |= 64;
    if (bad)
        fprintf(stderr, "explore: bad outcome 0x%x (unpin %d submit %d callbacks %llu unpins %llu)\n",
                bad, w->r_unpin, w->r_submit, (unsigned long long)st.callbacks,
                (unsigned long long)st.unpins);
    if (st.callbacks && !st.callbacks_after_unpin)
        w->won_cb++;                    /* the callback revoked a PINNED region */
    else if (st.callbacks)
        w->won_unpin++;                 /* callback during an unpin / release teardown */
    else
        w->won_release++;               /* torn down before any callback */
    w->submits_ok += w->scenario != 3 && w->r_submit == 0;
    if (w->scenario == 2)
        w->pin_res[w->r_unpin == 0 ? 0 : w->r_unpin == -ESTALE ? 1 : w->r_unpin == -EINVAL ? 2 : 3]++;
    fk_fini();
    fs_fini(&w->fpga);
    gb_core_fini();
    return bad;
}

int main(int argc, char **argv)
{
    static const char *names[] = { "cuMemFree callback, put_pages after revoke -> 0",
                                   "NVIDIA fd close callback, put_pages after revoke -> -EINVAL",
                                   "A=pin instead of unpin: revocation racing the pin",
                                   "C=second unpin of the same handle instead of submit",
                                   "two regions sharing BAR pages, C submits to the second" };
    long max_runs = argc > 1 ? atol(argv[1]) : 0;
    /* test_explore [MAX_RUNS [fine [SEED]]]: fine = a scheduling point at every lock
     * acquisition too; with SEED, MAX_RUNS random fine-grained schedules per scenario */
    if (argc > 2 && !strcmp(argv[2], "fine"))
        gbx_set_fine(1);
    if (argc > 3)
        gbx_set_random(strtoull(argv[3], NULL, 0));
    int s, fail = 0;
    long total = 0;
    for (s = 0; s < 5; s++) {
        static struct world w;
        struct gbx_spec sp;
        struct gbx_result res;
        memset(&w, 0, sizeof(w));
        w.scenario = s;
        memset(&sp, 0, sizeof(sp));
        sp.n = 4;
        sp.fn[0] = s == 2 ? ev_pin : ev_unpin;
        sp.fn[1] = ev_callback;
        sp.fn[2] = s == 3 ? ev_unpin2 : ev_submit;
        sp.fn[3] = ev_close;
        sp.pid[0] = sp.pid[2] = sp.pid[3] = 100;
        sp.pid[1] = 1;                  /* the callback runs in another process' context */
        sp.setup = setup;
        sp.check = check;
        sp.arg = &w;
        sp.max_runs = max_runs;
        sp.stop_on_fail = getenv("SW_EXPLORE_STOP") != NULL;   /* selftest: first failure */
        gbx_explore(&sp, &res);
        printf("explore [%s]: %ld interleavings (A=%s B=callback C=%s D=release), "
               "max %d choice points, %s; failures %ld, deadlocks %ld; outcomes: callback revoked %ld,"
               " callback during teardown %ld, teardown without callback %ld; submits accepted %ld\n",
               names[s], res.runs, s == 2 ? "pin" : "unpin", s == 3 ? "unpin" : "submit",
               res.max_depth,
               argc > 3 ? "random sample" : res.truncated ? "TRUNCATED" : "complete",
               res.failures, res.deadlocks, w.won_cb, w.won_unpin, w.won_release, w.submits_ok);
        if (s == 2)
            printf("explore [pin racing the free]: pin returned 0 in %ld, -ESTALE (revoked while "
                   "pinning) in %ld, -EINVAL (already freed) in %ld, -EBADF in %ld\n",
                   w.pin_res[0], w.pin_res[1], w.pin_res[2], w.pin_res[3]);
        if (res.failures || res.deadlocks || res.overflow || res.truncated) {
            printf("explore: first failing schedule %s\n", res.first_bad);
            fail = 1;
            if (res.deadlocks) {
                printf("explore: DEADLOCK\n");
                fflush(stdout);
                _Exit(1);
            }               /* stuck threads cannot be joined */
        }
        total += res.runs;
    }
    printf("explore: %ld interleavings in all, %s\n", total, fail ? "FAILED" : "all correct");
    return fail;
}
