/*
 * gb_core.c - pin / unpin / free-callback state machine (see gb_core.h for the states, the lock
 * order and the sources: note 004 §3.4, §2.2, A-2, A-9, A-10, A-19).
 */
#include "gb_core.h"

#ifndef GB_MUTANT
#define GB_MUTANT 0
#endif
/* selftest faults (make selftest-sw): each must be caught by the tests / the explorer
 *   1 put_pages inside the free callback (contract: seed line 177, note §3.4)
 *   2 the callback returns without invalidating the FPGA (R-9, T07)
 *   3 the unpin path frees the region without waiting for a callback in progress (use after free)
 *   4 the unpin path holds the core lock across put_pages (AB-BA with the driver's lock)
 *   5 generation not compared on submit (T12)
 *   6 gb_fget does not take a reference (missing ref: the context is freed under a call)
 *   7 the unpin path calls dma_unmap_pages before put_pages (the race the explorer found:
 *     a callback between the two frees the DMA mapping a second time)
 *   8 unpin does not claim the teardown (two unpins of one handle both tear it down)         */

struct gb_region {
    struct gb_ctx *ctx;
    int state;
    int quiesced;               /* unpin path: FPGA slot invalidated */
    int cb_seen, cb_done;       /* free callback entered / finished */
    int claimed;                /* an unpin / release owns the teardown (one at a time) */
    unsigned slot;
    u32 gen;
    u64 user_va, user_len, va64, len64;
    u32 n;
    u64 *addrs;                 /* own copy of dma_addresses (R6) */
    struct nvidia_p2p_page_table *pt;      /* dead once the callback returned */
    struct nvidia_p2p_dma_mapping *map;
};

struct gb_ctx {
    int owner_pid;
    int refs;                   /* 1 for the fd + 1 per call in progress (gb_fget) */
    const struct gb_fpga_ops *fpga;
    void *dev;
    struct pci_dev *peer;
};

static gb_mutex_t gb_lock;
#ifndef __KERNEL__
#define GB_NFD 8
static struct gb_ctx *gb_fdt[GB_NFD];
#endif
static struct gb_region *gb_slot[GB_MAX_SLOTS];
static u32 gb_next_gen;
static struct gb_stats gb_st;

void gb_core_init(void)
{
    unsigned i;
    gb_mutex_init(&gb_lock);
    for (i = 0; i < GB_MAX_SLOTS; i++)
        gb_slot[i] = NULL;
#ifndef __KERNEL__
    for (i = 0; i < GB_NFD; i++)
        gb_fdt[i] = NULL;
#endif
    gb_next_gen = 1;
    gb_st = (struct gb_stats){0};
}

void gb_core_fini(void)
{
    gb_mutex_destroy(&gb_lock);
}

void gb_core_set_next_gen(u32 gen)
{
    gb_mutex_lock(&gb_lock);
    gb_next_gen = gen;
    gb_mutex_unlock(&gb_lock);
}

void gb_stats(struct gb_stats *out)
{
    gb_mutex_lock(&gb_lock);
    *out = gb_st;
    gb_mutex_unlock(&gb_lock);
}

/* generation for a new pin: never 0, wraps 0xffffffff -> 1; called with gb_lock held */
static u32 gb_new_gen(void)
{
    u32 g = gb_next_gen;
    if (g == 0)
        g = 1;
    gb_next_gen = g + 1;
    if (gb_next_gen == 0)
        gb_next_gen = 1;
    return g;
}

/* ------------------------------------------------------------------ contexts */
struct gb_ctx *gb_open(const struct gb_fpga_ops *fpga, void *dev, struct pci_dev *peer)
{
    struct gb_ctx *c = gb_zalloc(sizeof(*c));
    if (!c)
        return NULL;
    c->owner_pid = gb_pid();
    c->refs = 1;
    c->fpga = fpga;
    c->dev = dev;
    c->peer = peer;
    return c;
}

static int gb_teardown(struct gb_region *r);

void gb_release(struct gb_ctx *c)
{
    unsigned i;
    int last;
    gb_mutex_lock(&gb_lock);
    last = --c->refs == 0;
    gb_mutex_unlock(&gb_lock);
    if (!last)
        return;
    /* fd release: unpin what is still pinned, in the owning process (R4, T10) */
    for (;;) {
        struct gb_region *r = NULL;
        gb_mutex_lock(&gb_lock);
        for (i = 0; i < GB_MAX_SLOTS && !r; i++)
            if (gb_slot[i] && gb_slot[i]->ctx == c && !gb_slot[i]->claimed)
                r = gb_slot[i];
        if (r)
            r->claimed = 1;
        gb_mutex_unlock(&gb_lock);
        if (!r || gb_teardown(r))
            break;
    }
    gb_free(c);
}

#ifndef __KERNEL__
/* user-space model of the process' file table (the VFS does this for the module) */

int gb_fd_install(struct gb_ctx *c)
{
    int fd;
    gb_mutex_lock(&gb_lock);
    for (fd = 0; fd < GB_NFD && gb_fdt[fd]; fd++)
        ;
    if (fd < GB_NFD)
        gb_fdt[fd] = c;
    gb_mutex_unlock(&gb_lock);
    return fd < GB_NFD ? fd : -EMFILE;
}

struct gb_ctx *gb_fget(int fd)
{
    struct gb_ctx *c = NULL;
    gb_mutex_lock(&gb_lock);
    if (fd >= 0 && fd < GB_NFD && gb_fdt[fd]) {
        c = gb_fdt[fd];
#if GB_MUTANT != 6
        c->refs++;
#endif
    }
    gb_mutex_unlock(&gb_lock);
    return c;
}

void gb_fd_close(int fd)
{
    struct gb_ctx *c = NULL;
    gb_mutex_lock(&gb_lock);
    if (fd >= 0 && fd < GB_NFD) {
        c = gb_fdt[fd];
        gb_fdt[fd] = NULL;
    }
    gb_mutex_unlock(&gb_lock);
    if (c)
        gb_release(c);
}
#endif

/* ------------------------------------------------------------------ waits */
static int gb_pred_dead(void *a)
{
    return ((struct gb_region *)a)->state == GB_DEAD;
}

static int gb_pred_quiesced(void *a)
{
    return ((struct gb_region *)a)->quiesced;
}

static int gb_pred_cb_done(void *a)
{
    struct gb_region *r = a;
    return !r->cb_seen || r->cb_done;
}

/* release the slot and free the region; r is DEAD and no callback can still run on it */
static void gb_reap(struct gb_region *r)
{
    gb_mutex_lock(&gb_lock);
    gb_slot[r->slot] = NULL;
    gb_mutex_unlock(&gb_lock);
    gb_free(r->addrs);
    gb_free(r);
}

/* ------------------------------------------------------------------ free callback */
/*
 * Called by the NVIDIA driver, synchronously, holding its own lock, possibly in another process
 * invalidate the FPGA slot and wait for the ACK (bounded, R-11), call
 * nvidia_p2p_free_dma_mapping and nvidia_p2p_free_page_table, never put_pages / dma_unmap_pages
 * (seed line 177; note §2.2). The page table is dead after return: only the core's copy of the
 * addresses survives (R6).
 */
static void gb_free_cb(void *data)
{
    struct gb_region *r = data;
    struct gb_ctx *c;
    struct nvidia_p2p_page_table *pt;
    struct nvidia_p2p_dma_mapping *map;
    int inval = 0, wait_quiesce = 0, ret;

    gb_mutex_lock(&gb_lock);
    c = r->ctx;
    r->cb_seen = 1;
    gb_st.callbacks++;
    if (r->state == GB_PINNED) {
        r->state = GB_REVOKING;         /* submits are refused from here on (R2) */
        inval = 1;
    } else if (r->state == GB_PINNING) {
        r->state = GB_REVOKING;         /* FPGA not loaded yet */
    } else if (r->state == GB_UNPINNING) {
        wait_quiesce = 1;               /* the unpin path owns the FPGA quiesce (R1) */
        gb_st.callbacks_after_unpin++;
    }
    gb_mutex_unlock(&gb_lock);

#if GB_MUTANT == 2
    inval = 0;
#endif
    if (inval) {
        ret = c->fpga->invalidate(c->dev, r->slot, GB_ACK_MS);
        if (ret) {
            gb_mutex_lock(&gb_lock);
            gb_st.ack_timeouts++;
            gb_mutex_unlock(&gb_lock);
        }
    }
    if (wait_quiesce && gb_wait_pred(&gb_lock, gb_pred_quiesced, r, 2 * GB_ACK_MS)) {
        gb_mutex_lock(&gb_lock);
        gb_st.ack_timeouts++;
        gb_mutex_unlock(&gb_lock);
    }

    gb_yield();
    gb_mutex_lock(&gb_lock);
    pt = r->pt;
    map = r->map;
    gb_mutex_unlock(&gb_lock);
    if (map)
        nvidia_p2p_free_dma_mapping(map);
#if GB_MUTANT == 1
    nvidia_p2p_put_pages(0, 0, r->va64, pt);
#endif
    nvidia_p2p_free_page_table(pt);

    gb_yield();
    gb_mutex_lock(&gb_lock);
    r->pt = NULL;
    r->map = NULL;
    if (r->state == GB_REVOKING)
        r->state = GB_DEAD;
    r->cb_done = 1;
    gb_mutex_unlock(&gb_lock);
    gb_wake_all();
}

/* ------------------------------------------------------------------ teardown (unpin, release) */
static int gb_teardown(struct gb_region *r)
{
    struct gb_ctx *c = r->ctx;
    struct nvidia_p2p_page_table *pt;
    int cb;

    gb_yield();
    gb_mutex_lock(&gb_lock);
    if (r->state == GB_REVOKING) {
        /* the callback is running: wait for it, then only reap. Unbounded: the region's memory
         * must outlive the callback, whose own waits are bounded */
        gb_mutex_unlock(&gb_lock);
        gb_wait_pred(&gb_lock, gb_pred_dead, r, GB_WAIT_FOREVER);
        gb_mutex_lock(&gb_lock);
    }
    if (r->state == GB_DEAD) {
        gb_mutex_unlock(&gb_lock);
        gb_reap(r);
        return 0;
    }
    if (r->state != GB_PINNED) {
        r->claimed = 0;                 /* still pinning: its pin call finishes it */
        gb_mutex_unlock(&gb_lock);
        return -EBUSY;
    }
    r->state = GB_UNPINNING;
    gb_st.unpins++;
    gb_mutex_unlock(&gb_lock);

    /* quiesce the FPGA before put_pages (R1): no lock held, bounded */
    if (c->fpga->invalidate(c->dev, r->slot, GB_ACK_MS)) {
        gb_mutex_lock(&gb_lock);
        gb_st.ack_timeouts++;
        gb_mutex_unlock(&gb_lock);
    }
    gb_yield();
    gb_mutex_lock(&gb_lock);
    r->quiesced = 1;
    cb = r->cb_seen;
    pt = r->pt;
#if GB_MUTANT != 4
    gb_mutex_unlock(&gb_lock);
#endif
    gb_wake_all();
    if (!cb) {
        /* A callback may still come before put_pages takes the driver's lock: put_pages of a
         * table the driver already tore down returns 0 ([HDR] nv-p2p.c nv_p2p_put_pages,
         * NV_ERR_OBJECT_NOT_FOUND -> OK; note §3.4 R1). No dma_unmap_pages here: it would
         * dereference a table the callback path may have freed, and put_pages frees every DMA
         * mapping still listed ([HDR] nv_p2p_free_page_table). The explorer found the race
         * (callback between dma_unmap_pages and put_pages freeing the mapping twice). */
#if GB_MUTANT == 7
        nvidia_p2p_dma_unmap_pages(c->peer, pt, r->map);
#endif
        nvidia_p2p_put_pages(0, 0, r->va64, pt);
    }
#if GB_MUTANT == 4
    gb_mutex_unlock(&gb_lock);
#endif
    /* any callback for this pin has entered before put_pages got the driver's lock: wait for it */
#if GB_MUTANT != 3
    gb_wait_pred(&gb_lock, gb_pred_cb_done, r, GB_WAIT_FOREVER);
#endif
    gb_yield();
    gb_mutex_lock(&gb_lock);
    r->state = GB_DEAD;
    r->pt = NULL;
    r->map = NULL;
    gb_mutex_unlock(&gb_lock);
    gb_reap(r);
    return 0;
}

/* ------------------------------------------------------------------ pin */
static int gb_table_ok(const struct gb_region *r)
{
    const struct nvidia_p2p_page_table *pt = r->pt;
    const struct nvidia_p2p_dma_mapping *m = r->map;
    u32 i;
    if (!NVIDIA_P2P_PAGE_TABLE_VERSION_COMPATIBLE(pt))
        return 0;
    if (pt->page_size != NVIDIA_P2P_PAGE_SIZE_64KB || pt->entries != r->n)
        return 0;
    if (!NVIDIA_P2P_DMA_MAPPING_VERSION_COMPATIBLE(m))
        return 0;
    if (m->page_size_type != NVIDIA_P2P_PAGE_SIZE_64KB || m->entries != r->n)
        return 0;
    for (i = 0; i < r->n; i++)
        if (m->dma_addresses[i] & (GB_PAGE_SIZE - 1))
            return 0;
    return 1;
}

int gb_pin(struct gb_ctx *c, u64 va, u64 len, u32 *handle)
{
    struct gb_region *r;
    u64 end;
    unsigned i, slot = GB_MAX_SLOTS;
    int ret;

    if (len == 0 || va + len < va || va + len > ~(GB_PAGE_SIZE - 1))
        return -EINVAL;
    r = gb_zalloc(sizeof(*r));
    if (!r)
        return -ENOMEM;
    r->ctx = c;
    r->user_va = va;
    r->user_len = len;
    r->va64 = va & ~(GB_PAGE_SIZE - 1);                         /* both ends */
    end = (va + len + GB_PAGE_SIZE - 1) & ~(GB_PAGE_SIZE - 1);
    r->len64 = end - r->va64;
    r->n = (u32)(r->len64 >> GB_PAGE_SHIFT);
    r->addrs = gb_zalloc(sizeof(u64) * r->n);
    if (!r->addrs) {
        gb_free(r);
        return -ENOMEM;
    }
    r->state = GB_PINNING;
    gb_mutex_lock(&gb_lock);
    for (i = 0; i < GB_MAX_SLOTS; i++)
        if (!gb_slot[i]) {
            slot = i;
            break;
        }
    if (slot < GB_MAX_SLOTS) {
        gb_slot[slot] = r;
        r->slot = slot;
    }
    gb_mutex_unlock(&gb_lock);
    if (slot == GB_MAX_SLOTS) {
        gb_free(r->addrs);
        gb_free(r);
        return -ENOSPC;
    }

    /* tokens 0, 0: buffers of the calling process (note §1.5) */
    ret = nvidia_p2p_get_pages(0, 0, r->va64, r->len64, &r->pt, gb_free_cb, r);
    if (ret) {
        r->state = GB_DEAD;
        gb_reap(r);
        return ret;
    }
    gb_yield();
    ret = nvidia_p2p_dma_map_pages(c->peer, r->pt, &r->map);

    gb_yield();
    gb_mutex_lock(&gb_lock);
    if (r->state != GB_PINNING) {
        /* revoked while pinning: the callback freed the tables */
        gb_mutex_unlock(&gb_lock);
        gb_wait_pred(&gb_lock, gb_pred_dead, r, GB_WAIT_FOREVER);
        gb_reap(r);
        return -ESTALE;
    }
    if (!ret && !gb_table_ok(r)) {
        gb_st.bad_tables++;
        ret = -EPROTO;
    }
    if (!ret) {
        for (i = 0; i < r->n; i++)
            r->addrs[i] = r->map->dma_addresses[i];     /* the peer's addresses */
        r->gen = gb_new_gen();
        ret = c->fpga->load(c->dev, r->slot, r->gen, r->addrs, r->n,
                            (u32)(va & (GB_PAGE_SIZE - 1)), len);
    }
    if (ret) {
        /* undo in the pinning process, outside the lock; a callback now waits for quiesced */
        struct nvidia_p2p_page_table *pt = r->pt;
        r->state = GB_UNPINNING;
        r->quiesced = 1;
        gb_mutex_unlock(&gb_lock);
        nvidia_p2p_put_pages(0, 0, r->va64, pt);       /* frees the DMA mapping too */
        gb_wait_pred(&gb_lock, gb_pred_cb_done, r, GB_WAIT_FOREVER);
        gb_mutex_lock(&gb_lock);
        r->state = GB_DEAD;
        gb_mutex_unlock(&gb_lock);
        gb_reap(r);
        return ret;
    }
    r->state = GB_PINNED;
    gb_st.pins++;
    *handle = r->slot + 1;
    gb_mutex_unlock(&gb_lock);
    return 0;
}

/* region of handle h owned by c, or NULL; gb_lock held */
static struct gb_region *gb_lookup(struct gb_ctx *c, u32 h)
{
    struct gb_region *r;
    if (h == 0 || h > GB_MAX_SLOTS)
        return NULL;
    r = gb_slot[h - 1];
    return r && r->ctx == c ? r : NULL;
}

int gb_unpin(struct gb_ctx *c, u32 handle)
{
    struct gb_region *r;
    int ret;
    if (gb_pid() != c->owner_pid)       /* put_pages only from the pinning process (T11) */
        return -EPERM;
    gb_mutex_lock(&gb_lock);
    r = gb_lookup(c, handle);
    ret = r ? 0 : -ENOENT;
#if GB_MUTANT == 8
    if (0) {
#else
    if (r && r->claimed) {
#endif
        r = NULL;                       /* another unpin of the same handle is tearing it down */
        ret = -EBUSY;
    } else if (r) {
        r->claimed = 1;
    }
    gb_mutex_unlock(&gb_lock);
    if (r)
        ret = gb_teardown(r);
    return ret;
}

int gb_submit(struct gb_ctx *c, u32 handle, u32 gen, u64 off, u64 len)
{
    struct gb_region *r;
    int ret;
#if GB_MUTANT == 5
    (void)gen;
#endif
    gb_mutex_lock(&gb_lock);
    r = gb_lookup(c, handle);
    gb_st.submits++;
    if (!r)
        ret = -ENOENT;
    else if (r->state != GB_PINNED)
        ret = -ESTALE;
#if GB_MUTANT != 5
    else if (gen != r->gen)
        ret = -ESTALE;
#endif
    else if (len == 0 || off > r->user_len || len > r->user_len - off)
        ret = -ERANGE;                  /* user length, not the rounded one */
    else
        ret = c->fpga->submit(c->dev, r->slot, r->gen, off, len);
    if (ret)
        gb_st.submits_rejected++;
    gb_mutex_unlock(&gb_lock);
    return ret;
}

int gb_query(struct gb_ctx *c, u32 handle, struct gb_info *out)
{
    struct gb_region *r;
    int ret = 0;
    gb_mutex_lock(&gb_lock);
    r = gb_lookup(c, handle);
    if (r) {
        out->state = r->state;
        out->gen = r->gen;
        out->slot = r->slot;
        out->user_va = r->user_va;
        out->user_len = r->user_len;
        out->va64 = r->va64;
        out->len64 = r->len64;
        out->entries = r->n;
    } else {
        ret = -ENOENT;
    }
    gb_mutex_unlock(&gb_lock);
    return ret;
}

int gb_table(struct gb_ctx *c, u32 handle, u64 *addrs, u32 max, u32 *n)
{
    struct gb_region *r;
    u32 i;
    int ret = 0;
    gb_mutex_lock(&gb_lock);
    r = gb_lookup(c, handle);
    if (r) {
        for (i = 0; i < r->n && i < max; i++)
            addrs[i] = r->addrs[i];
        *n = r->n;
    } else {
        ret = -ENOENT;
    }
    gb_mutex_unlock(&gb_lock);
    return ret;
}
