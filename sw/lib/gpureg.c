/* gpureg.c - registration cache (see gpureg.h; note 004 §1.7, §1.6, §3.5, A-12, A-15). */
#include "gpureg.h"
#include <errno.h>
#include <stdlib.h>

#define GR_PAGE 0x10000ull

struct gr_ent {
    struct gr_reg r;
    uint64_t lru;               /* last use tick */
    int inflight;
    struct gr_ent *next;
};

struct gr_cache {
    const struct gr_cuda_ops *cuda;
    void *cu;
    const struct gr_pin_ops *pin;
    void *k;
    uint64_t threshold, tick;
    int multi;
    struct gr_ent *ents;
    struct gr_stats st;
};

struct gr_cache *gr_create(const struct gr_cuda_ops *cuda, void *cu, const struct gr_pin_ops *pin,
                           void *k, uint64_t threshold, int multi_getter)
{
    struct gr_cache *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->cuda = cuda;
    c->cu = cu;
    c->pin = pin;
    c->k = k;
    c->threshold = threshold;
    c->multi = multi_getter;
    return c;
}

static void gr_drop(struct gr_cache *c, struct gr_ent *e)
{
    struct gr_ent **pp;
    for (pp = &c->ents; *pp; pp = &(*pp)->next)
        if (*pp == e) {
            *pp = e->next;
            break;
        }
    c->pin->unpin(c->k, e->r.handle);   /* 0, or the region was already revoked and is reaped */
    c->st.pinned_bytes -= e->r.len64;
    c->st.entries--;
    free(e);
}

void gr_destroy(struct gr_cache *c)
{
    while (c->ents)
        gr_drop(c, c->ents);
    free(c);
}

/* tag check (seed §11.5 recipe step 2; T14, T15): 1 = the entry still names the allocation */
static int gr_tag_ok(struct gr_cache *c, const struct gr_ent *e)
{
    uint64_t id = 0;
#if GR_MUTANT == 1
    return 1;                           /* selftest: no tag check (stale entry kept) */
#endif
    if (c->multi) {
        unsigned mt = 0;
        int managed = 0, rdma = 0;
        if (c->cuda->get_attrs(c->cu, e->r.base, &id, &mt, &managed, &rdma) != GR_CUDA_SUCCESS)
            return 0;
        return id != 0 && mt != 0 && id == e->r.buffer_id;     /* H8: SUCCESS with zeros */
    }
    if (c->cuda->get_buffer_id(c->cu, e->r.base, &id) != GR_CUDA_SUCCESS)
        return 0;                                               /* H9: INVALID_VALUE */
    return id == e->r.buffer_id;
}

/* evict the least recently used entry without DMA in flight, except keep; 0 or -ENOENT */
static int gr_evict_lru(struct gr_cache *c, const struct gr_ent *keep)
{
    struct gr_ent *e, *v = NULL;
    for (e = c->ents; e; e = e->next)
#if GR_MUTANT == 2
        if (e != keep && (!v || e->lru < v->lru))  /* selftest: evicts pins with DMA in flight */
#else
        if (e != keep && e->inflight == 0 && (!v || e->lru < v->lru))
#endif
            v = e;
    if (!v)
        return -ENOENT;
    gr_drop(c, v);
    return 0;
}

static int gr_lookup(struct gr_cache *c, uint64_t ptr, uint64_t len, struct gr_ent **out)
{
    struct gr_ent *e;
    uint64_t base, size, id;
    unsigned mt;
    int managed, rdma, ret;
    uint32_t h, gen;

    if (len == 0 || ptr + len < ptr)
        return -EINVAL;
    for (e = c->ents; e; e = e->next)
        if (ptr >= e->r.base && ptr < e->r.base + e->r.size)
            break;
    if (e && !gr_tag_ok(c, e)) {
        /* freed or reallocated at the same VA (H10, T14): drop and pin again */
        c->st.stale_repins++;
        gr_drop(c, e);
        e = NULL;
    }
    if (e) {
        if (len > e->r.base + e->r.size - ptr)
            return -ERANGE;             /* per-buffer bounds, not the rounded range (T23) */
        c->st.hits++;
        e->lru = ++c->tick;
        e->r.offset = ptr - e->r.base;
        *out = e;
        return 0;
    }
    c->st.misses++;
    if (c->cuda->get_range(c->cu, ptr, &base, &size) != GR_CUDA_SUCCESS)
        return -EINVAL;                 /* not CUDA memory: malloc'ed (CPU path) */
    if (c->cuda->get_attrs(c->cu, ptr, &id, &mt, &managed, &rdma) != GR_CUDA_SUCCESS || id == 0)
        return -EINVAL;
    if (mt != GR_MEMTYPE_DEVICE || managed || !rdma)
        return -EOPNOTSUPP;             /* host pinned, managed, default pool (§3.5, A-12) */
    if (len > base + size - ptr)
        return -ERANGE;
    e = calloc(1, sizeof(*e));
    if (!e)
        return -ENOMEM;
    e->r.base = base;
    e->r.size = size;
    e->r.buffer_id = id;
    e->r.va64 = base & ~(GR_PAGE - 1);
    e->r.len64 = ((base + size + GR_PAGE - 1) & ~(GR_PAGE - 1)) - e->r.va64;
    ret = c->cuda->set_sync_memops(c->cu, base);
    if (ret != GR_CUDA_SUCCESS && ret != GR_CUDA_ERROR_NOT_SUPPORTED) {
        free(e);
        return -EINVAL;
    }
    e->r.sync_memops = ret == GR_CUDA_SUCCESS;
    for (;;) {
        ret = c->pin->pin(c->k, base, size, &h, &gen);
        if (ret != -ENOMEM)
            break;
        if (gr_evict_lru(c, NULL))      /* BAR exhausted: LRU eviction, then retry (§1.7) */
            break;
        c->st.evictions_nomem++;
    }
    if (ret) {
        free(e);
        return ret;
    }
    e->r.handle = h;
    e->r.gen = gen;
    e->r.offset = ptr - base;
    e->lru = ++c->tick;
    e->next = c->ents;
    c->ents = e;
    c->st.entries++;
    c->st.pinned_bytes += e->r.len64;
    while (c->threshold && c->st.pinned_bytes > c->threshold && !gr_evict_lru(c, e))
        c->st.evictions_size++;
    *out = e;
    return 0;
}

int gr_register(struct gr_cache *c, uint64_t ptr, uint64_t len, struct gr_reg *out)
{
    struct gr_ent *e;
    int ret = gr_lookup(c, ptr, len, &e);
    if (!ret)
        *out = e->r;
    return ret;
}

int gr_acquire(struct gr_cache *c, uint64_t ptr, uint64_t len, struct gr_reg *out)
{
    struct gr_ent *e;
    int ret = gr_lookup(c, ptr, len, &e);
    if (!ret) {
        e->inflight++;
        *out = e->r;
    }
    return ret;
}

int gr_release(struct gr_cache *c, uint32_t handle)
{
    struct gr_ent *e;
    for (e = c->ents; e; e = e->next)
        if (e->r.handle == handle && e->inflight > 0) {
            e->inflight--;
            return 0;
        }
    return -ENOENT;
}

int gr_evict(struct gr_cache *c, uint64_t ptr)
{
    struct gr_ent *e;
    for (e = c->ents; e; e = e->next)
        if (ptr >= e->r.base && ptr < e->r.base + e->r.size) {
            if (e->inflight)
                return -EBUSY;
            gr_drop(c, e);
            return 0;
        }
    return -ENOENT;
}

int gr_stale(struct gr_cache *c, uint32_t handle)
{
    struct gr_ent *e;
    for (e = c->ents; e; e = e->next)
        if (e->r.handle == handle) {
            c->st.stale_repins++;
            gr_drop(c, e);
            return 0;
        }
    return -ENOENT;
}

void gr_get_stats(struct gr_cache *c, struct gr_stats *s)
{
    *s = c->st;
}

int gr_table(struct gr_cache *c, const struct gr_reg *r, uint64_t *addrs, uint32_t max,
             uint32_t *n)
{
    return c->pin->table(c->k, r->handle, addrs, max, n);
}
