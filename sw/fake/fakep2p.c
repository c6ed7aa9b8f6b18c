/*
 * fakep2p.c - the fake NVIDIA side (see fakep2p.h; note 004 §5.1(a), §2.2-2.4, §3.4, appendix A).
 */
#define _GNU_SOURCE
#include "fakep2p.h"
#include "gb_os.h"
#include "gb_explore.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FK_PAGE        0x10000ull
#define FK_LARGE_BASE  0x7fc100000000ull        /* 2 MiB-aligned bases (H6) */
#define FK_SMALL_BASE  0x7fc000000000ull        /* pool of 1 KiB-stride sub-allocations (H11) */
#define FK_SMALL_SPAN  0x200000ull
#define FK_MAX_ALLOCS  4096
#define FK_FIRST_ID    0x39full                 /* first buffer ID seen on the H100 (H7) */

struct fk_alloc {
    uint64_t base, size, id;
    int live, kind, pid;
    unsigned sync_memops;
};

struct fk_map_ent {                             /* one mapped BAR page */
    uint64_t vapage, barpg;
    int refs;
};

struct fk_pin {
    uint64_t id, va, len;
    uint32_t n;
    int pid, revoking, pt_freed, map_freed;
    uint64_t *barpg;                            /* BAR page of each VA page */
    struct nvidia_p2p_page_table *pt;
    struct nvidia_p2p_page *pages;
    struct nvidia_p2p_page **pagep;
    uint8_t uuid[NVIDIA_P2P_GPU_UUID_LEN];
    struct nvidia_p2p_dma_mapping *map;
    void (*cb)(void *);
    void *data;
    struct fk_pin *next;
};

static struct fk_cfg C;
static pthread_mutex_t fk_m = PTHREAD_MUTEX_INITIALIZER;       /* leaf lock of the fake state */
static gb_mutex_t fk_nv;                                        /* "the NVIDIA driver's lock" */
static struct fk_alloc A[FK_MAX_ALLOCS];
static int nA;
static uint64_t next_id, next_pin_id;
static struct fk_pin *pins;
static struct fk_map_ent *maps;
static size_t nmaps, capmaps;
static uint64_t fresh_k;                        /* BAR pages never handed out: perm(fresh_k..) */
static uint64_t *fifo;                          /* returned BAR pages, reused oldest first */
static size_t fifo_head, fifo_tail, fifo_cap;
static int viol, quiet;
static uint64_t bytes_ok;
static __thread struct fk_pin *fk_cb_pin;       /* pin whose callback runs on this thread */

static void fk_violation(const char *fmt, ...)
{
    va_list ap;
    __atomic_add_fetch(&viol, 1, __ATOMIC_SEQ_CST);
    if (quiet)
        return;
    va_start(ap, fmt);
    fprintf(stderr, "fakep2p VIOLATION: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

void fk_quiet(int q) { quiet = q; }
int fk_violations(void) { return __atomic_load_n(&viol, __ATOMIC_SEQ_CST); }
void fk_set_pid(int pid) { gb_set_pid(pid); }

/* ------------------------------------------------------------------ init */
static void fk_free_pin(struct fk_pin *p)
{
    if (p->map) {
        memset(p->map->dma_addresses, 0xa5, sizeof(uint64_t) * p->n);
        free(p->map->dma_addresses);
        memset(p->map, 0xa5, sizeof(*p->map));
        free(p->map);
    }
    memset(p->pages, 0xa5, sizeof(*p->pages) * p->n);
    memset(p->pt, 0xa5, sizeof(*p->pt));        /* freed canary, then free: ASan sees any use */
    free(p->pages);
    free(p->pagep);
    free(p->pt);
    free(p->barpg);
    free(p);
}

void fk_fini(void)
{
    while (pins) {
        struct fk_pin *p = pins;
        pins = p->next;
        fk_free_pin(p);
    }
    free(maps);
    free(fifo);
    maps = NULL;
    fifo = NULL;
    nmaps = capmaps = 0;
    fifo_head = fifo_tail = fifo_cap = 0;
}

void fk_init(const struct fk_cfg *cfg)
{
    fk_fini();
    memset(&C, 0, sizeof(C));
    if (cfg)
        C = *cfg;
    if (!C.bar_base)
        C.bar_base = 0x100000000000ull;
    if (!C.bar_pages)
        C.bar_pages = 2097152;                  /* 128 GiB (H1, H4) */
    if (!C.pt_version)
        C.pt_version = NVIDIA_P2P_PAGE_TABLE_VERSION;
    if (!C.map_version)
        C.map_version = NVIDIA_P2P_DMA_MAPPING_VERSION;
    if (!C.page_size_type)
        C.page_size_type = NVIDIA_P2P_PAGE_SIZE_64KB;
    if (C.page_size_type == 0xff)
        C.page_size_type = NVIDIA_P2P_PAGE_SIZE_4KB;
    memset(A, 0, sizeof(A));
    nA = 0;
    next_id = FK_FIRST_ID;
    next_pin_id = 1;
    fresh_k = 0;
    viol = 0;
    bytes_ok = 0;
    gb_mutex_init(&fk_nv);
}

/* ------------------------------------------------------------------ BAR pages */
/* k-th never-used page: a bijection of [0, N) (multiplier prime, N < multiplier), shuffled */
static uint64_t fk_perm(uint64_t k)
{
    uint64_t n = C.bar_pages - C.reserved_pages;
    return C.reserved_pages + (k * 1000003ull + C.seed) % n;
}

static int fk_page_alloc(uint64_t *pg)
{
    if (fresh_k < C.bar_pages - C.reserved_pages) {
        *pg = fk_perm(fresh_k++);
        return 0;
    }
    if (fifo_head == fifo_tail)
        return -ENOMEM;
    *pg = fifo[fifo_head++ % fifo_cap];
    return 0;
}

static void fk_page_free(uint64_t pg)
{
    if (fifo_tail - fifo_head == fifo_cap) {
        size_t nc = fifo_cap ? 2 * fifo_cap : 64, i;
        uint64_t *nf = malloc(nc * sizeof(uint64_t));
        for (i = 0; i < fifo_tail - fifo_head; i++)
            nf[i] = fifo[(fifo_head + i) % fifo_cap];
        fifo_tail -= fifo_head;
        fifo_head = 0;
        free(fifo);
        fifo = nf;
        fifo_cap = nc;
    }
    fifo[fifo_tail++ % fifo_cap] = pg;
}

/* the mapped BAR page entry whose VA page (bar 0) or BAR page (bar 1) is key, or NULL */
static struct fk_map_ent *fk_map_by(int bar, uint64_t key)
{
    size_t i;
    for (i = 0; i < nmaps; i++)
        if (maps[i].refs && (bar ? maps[i].barpg : maps[i].vapage) == key)
            return &maps[i];
    return NULL;
}

/* map (or share) the BAR page of VA page vapage; fk_m held */
static int fk_map_page(uint64_t vapage, uint64_t *barpg)
{
    struct fk_map_ent *e = fk_map_by(0, vapage);
    size_t i;
    if (e) {
        e->refs++;
        *barpg = e->barpg;
        return 0;
    }
    if (fk_page_alloc(barpg))
        return -ENOMEM;
    for (i = 0; i < nmaps && maps[i].refs; i++)
        ;
    if (i == nmaps) {
        if (nmaps == capmaps) {
            capmaps = capmaps ? 2 * capmaps : 256;
            maps = realloc(maps, capmaps * sizeof(*maps));
        }
        nmaps++;
    }
    maps[i].vapage = vapage;
    maps[i].barpg = *barpg;
    maps[i].refs = 1;
    return 0;
}

static void fk_unmap_page(uint64_t barpg)
{
    struct fk_map_ent *e = fk_map_by(1, barpg);
    if (e && --e->refs == 0)
        fk_page_free(barpg);
}

uint64_t fk_bar_pages_in_use(void)
{
    uint64_t n = 0;
    size_t i;
    pthread_mutex_lock(&fk_m);
    for (i = 0; i < nmaps; i++)
        n += maps[i].refs != 0;
    pthread_mutex_unlock(&fk_m);
    return n;
}

int fk_bar_refs(uint64_t a)
{
    struct fk_map_ent *e;
    int r;
    a -= C.dma_offset;
    pthread_mutex_lock(&fk_m);
    e = fk_map_by(1, (a - C.bar_base) / FK_PAGE);
    r = e ? e->refs : 0;
    pthread_mutex_unlock(&fk_m);
    return r;
}

int fk_pins_live(void)
{
    int n = 0;
    struct fk_pin *p;
    pthread_mutex_lock(&fk_m);
    for (p = pins; p; p = p->next)
        n++;
    pthread_mutex_unlock(&fk_m);
    return n;
}

int fk_bus_to_va(uint64_t a, uint64_t *va)
{
    struct fk_map_ent *e;
    a -= C.dma_offset;
    pthread_mutex_lock(&fk_m);
    e = a >= C.bar_base ? fk_map_by(1, (a - C.bar_base) / FK_PAGE) : NULL;
    if (e)
        *va = e->vapage * FK_PAGE + (a & (FK_PAGE - 1));
    pthread_mutex_unlock(&fk_m);
    return e ? 0 : -ENOENT;
}

void fk_bar_write(uint64_t a, uint64_t len)
{
    uint64_t pg;
    a -= C.dma_offset;
    pthread_mutex_lock(&fk_m);
    for (pg = (a - C.bar_base) / FK_PAGE; len && pg <= (a + len - 1 - C.bar_base) / FK_PAGE; pg++)
        if (a < C.bar_base || !fk_map_by(1, pg)) {
            pthread_mutex_unlock(&fk_m);
            fk_violation("write to an unmapped BAR page 0x%llx", (unsigned long long)a);
            return;
        }
    bytes_ok += len;
    pthread_mutex_unlock(&fk_m);
}

uint64_t fk_bar_bytes_ok(void)
{
    uint64_t b;
    pthread_mutex_lock(&fk_m);
    b = bytes_ok;
    pthread_mutex_unlock(&fk_m);
    return b;
}

/* ------------------------------------------------------------------ fake CUDA */
static struct fk_alloc *fk_find(uint64_t p)
{
    int i;
    for (i = 0; i < nA; i++)
        if (A[i].live && p >= A[i].base && p < A[i].base + A[i].size)
            return &A[i];
    return NULL;
}

static int fk_overlaps_live(uint64_t b, uint64_t e)
{
    int i;
    for (i = 0; i < nA; i++) {
        uint64_t ab = A[i].base, ae = A[i].base + A[i].size;
        if (A[i].live && A[i].base >= FK_LARGE_BASE)
            ae = (ae + 0x1fffffull) & ~0x1fffffull;     /* large ones own their 2 MiB granules */
        else if (A[i].live)
            ae = (ae + 0x3ffull) & ~0x3ffull;           /* small ones a 1 KiB stride */
        if (A[i].live && ab < e && b < ae)
            return 1;
    }
    return 0;
}

int fk_cuMemAlloc(uint64_t *dptr, uint64_t bytes, enum fk_kind kind)
{
    uint64_t b, step, lim, span;
    struct fk_alloc *a = NULL;
    int i;
    if (!bytes)
        return FK_CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&fk_m);
    if (bytes < FK_PAGE) {
        step = 0x400;
        b = FK_SMALL_BASE;
        lim = FK_SMALL_BASE + FK_SMALL_SPAN;
        span = (bytes + 0x3ff) & ~0x3ffull;
    } else {
        step = 0x200000;
        b = FK_LARGE_BASE;
        lim = FK_LARGE_BASE + (1ull << 40);
        span = (bytes + 0x1fffff) & ~0x1fffffull;
    }
    for (; b + span <= lim; b += step) {
        /* first fit; small ones never straddle a 64 KiB page */
        if (bytes < FK_PAGE && (b / FK_PAGE) != ((b + span - 1) / FK_PAGE))
            continue;
        if (!fk_overlaps_live(b, b + span))
            break;
    }
    for (i = 0; i < nA && A[i].live; i++)
        ;
    if (b + span > lim || i == FK_MAX_ALLOCS) {
        pthread_mutex_unlock(&fk_m);
        return 2;       /* CUDA_ERROR_OUT_OF_MEMORY */
    }
    if (i == nA)
        nA++;
    a = &A[i];
    a->base = b;
    a->size = bytes;
    a->id = next_id++;
    a->live = 1;
    a->kind = kind;
    a->pid = gb_pid();
    a->sync_memops = 0;                 /* not inherited across VA reuse (H12) */
    *dptr = b;
    pthread_mutex_unlock(&fk_m);
    return FK_CUDA_SUCCESS;
}

/* copy of the live allocation containing p, taken under fk_m: SUCCESS, or INVALID_VALUE when
 * there is none (freed or foreign pointer): the common lookup of the getters below */
static int fk_snapshot(uint64_t p, struct fk_alloc *out)
{
    struct fk_alloc *a;
    pthread_mutex_lock(&fk_m);
    a = fk_find(p);
    if (a)
        *out = *a;
    pthread_mutex_unlock(&fk_m);
    return a ? FK_CUDA_SUCCESS : FK_CUDA_ERROR_INVALID_VALUE;
}

/* fields of the allocation containing p into the non-NULL outputs: SUCCESS or INVALID_VALUE */
static int fk_query(uint64_t p, uint64_t *base, uint64_t *size, uint64_t *id, unsigned *sync)
{
    struct fk_alloc a;
    int r = fk_snapshot(p, &a);
    if (r != FK_CUDA_SUCCESS)
        return r;
    if (base)
        *base = a.base;
    if (size)
        *size = a.size;
    if (id)
        *id = a.id;
    if (sync)
        *sync = a.sync_memops;
    return r;
}

int fk_cuMemGetAddressRange(uint64_t *base, uint64_t *size, uint64_t p)
{
    return fk_query(p, base, size, NULL, NULL);
}

int fk_cuPointerGetAttribute_buffer_id(uint64_t *id, uint64_t p)
{
    return fk_query(p, NULL, NULL, id, NULL);
}

int fk_cuPointerGetAttributes(uint64_t p, uint64_t *id, unsigned *memtype, int *is_managed,
                              int *rdma_capable, int *ordinal)
{
    struct fk_alloc a;
    int found = fk_snapshot(p, &a) == FK_CUDA_SUCCESS;
    *id = found ? a.id : 0;
    *memtype = !found ? 0 : a.kind == FK_HOST_PINNED ? FK_MEMTYPE_HOST : FK_MEMTYPE_DEVICE;
    *is_managed = found && a.kind == FK_MANAGED;
    *rdma_capable = found && (a.kind == FK_DEVICE || a.kind == FK_VMM);
    *ordinal = found ? 0 : -2;
    return FK_CUDA_SUCCESS;             /* even for freed pointers (H8) */
}

int fk_cuPointerSetAttribute_sync_memops(uint64_t p, unsigned flag)
{
    struct fk_alloc *a;
    int r;
    pthread_mutex_lock(&fk_m);
    a = fk_find(p);
    if (!a)
        r = FK_CUDA_ERROR_INVALID_VALUE;
    else if (a->kind == FK_VMM)
        r = FK_CUDA_ERROR_NOT_SUPPORTED;        /* H13 */
    else {
        a->sync_memops = flag ? 1 : 0;
        r = FK_CUDA_SUCCESS;
    }
    pthread_mutex_unlock(&fk_m);
    return r;
}

int fk_cuPointerGetAttribute_sync_memops(unsigned *flag, uint64_t p)
{
    return fk_query(p, NULL, NULL, NULL, flag);
}

/* ------------------------------------------------------------------ revocation */
static struct fk_pin *fk_pin_by_id(uint64_t id)
{
    struct fk_pin *p;
    for (p = pins; p; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

static void fk_unlink(struct fk_pin *p)
{
    struct fk_pin **pp;
    uint32_t i;
    for (pp = &pins; *pp; pp = &(*pp)->next)
        if (*pp == p) {
            *pp = p->next;
            break;
        }
    for (i = 0; i < p->n; i++)
        fk_unmap_page(p->barpg[i]);
}

/* run the free callback of pin id; fk_nv held by the caller */
static void fk_revoke_one(uint64_t id)
{
    struct fk_pin *p;
    pthread_mutex_lock(&fk_m);
    p = fk_pin_by_id(id);
    if (!p || p->revoking) {
        pthread_mutex_unlock(&fk_m);
        return;
    }
    p->revoking = 1;
    pthread_mutex_unlock(&fk_m);
    fk_cb_pin = p;
    p->cb(p->data);
    fk_cb_pin = NULL;
    pthread_mutex_lock(&fk_m);
    if (!p->pt_freed)
        fk_violation("callback returned without nvidia_p2p_free_page_table");
    if (p->map && !p->map_freed)
        fk_violation("callback returned without nvidia_p2p_free_dma_mapping");
    fk_unlink(p);                       /* BAR pages unmapped only after the return (seed l.177) */
    pthread_mutex_unlock(&fk_m);
    fk_free_pin(p);
}

struct fk_job {
    uint64_t ids[256];
    int n;
};

static void *fk_revoke_thread(void *arg)
{
    struct fk_job *j = arg;
    int i;
    gb_yield();
    gb_mutex_lock(&fk_nv);
    for (i = 0; i < j->n; i++)
        fk_revoke_one(j->ids[i]);
    gb_mutex_unlock(&fk_nv);
    return NULL;
}

static void fk_run_job(struct fk_job *j)
{
    pthread_t t;
    if (!j->n)
        return;
    if (C.sync_callbacks) {
        fk_revoke_thread(j);
        return;
    }
    pthread_create(&t, NULL, fk_revoke_thread, j);     /* callbacks on another thread */
    pthread_join(t, NULL);
}

int fk_cuMemFree(uint64_t p)
{
    struct fk_alloc *a;
    struct fk_pin *q;
    struct fk_job j;
    j.n = 0;
    gb_yield();
    pthread_mutex_lock(&fk_m);
    a = fk_find(p);
    if (!a || a->base != p) {
        pthread_mutex_unlock(&fk_m);
        return FK_CUDA_ERROR_INVALID_VALUE;
    }
    a->live = 0;
    for (q = pins; q && j.n < 256; q = q->next) {
        if (q->revoking || !(q->va < a->base + a->size && a->base < q->va + q->len))
            continue;
        if (!C.neighbour_revokes && fk_overlaps_live(q->va, q->va + q->len))
            continue;                   /* a neighbour still lives in the pinned range */
        j.ids[j.n++] = q->id;
    }
    pthread_mutex_unlock(&fk_m);
    fk_run_job(&j);
    return FK_CUDA_SUCCESS;
}

void fk_nv_close(int pid)
{
    struct fk_pin *q;
    struct fk_job j;
    int i;
    j.n = 0;
    pthread_mutex_lock(&fk_m);
    for (q = pins; q && j.n < 256; q = q->next)
        if (q->pid == pid && !q->revoking)
            j.ids[j.n++] = q->id;
    for (i = 0; i < nA; i++)
        if (A[i].pid == pid)
            A[i].live = 0;
    pthread_mutex_unlock(&fk_m);
    fk_run_job(&j);
}

/* ------------------------------------------------------------------ nv-p2p.h */
int nvidia_p2p_get_pages(uint64_t p2p_token, uint32_t va_space_token, uint64_t va, uint64_t len,
                         struct nvidia_p2p_page_table **page_table,
                         void (*free_callback)(void *data), void *data)
{
    struct fk_pin *p;
    uint64_t i;
    int ret = 0;
    if (fk_cb_pin) {
        fk_violation("nvidia_p2p_get_pages inside a free callback");
        return -EINVAL;
    }
    if (p2p_token || va_space_token || !page_table || !free_callback)
        return -EINVAL;                 /* this fake models the token-less path only */
    if (len == 0 || (va & (FK_PAGE - 1)) || (len & (FK_PAGE - 1)) || va + len < va)
        return -EINVAL;                 /* T01: 64 KiB alignment of VA and length ([HDR]) */
    p = calloc(1, sizeof(*p));
    p->n = (uint32_t)(len / FK_PAGE);
    p->barpg = calloc(p->n, sizeof(uint64_t));
    p->pt = calloc(1, sizeof(*p->pt));
    p->pages = calloc(p->n, sizeof(*p->pages));
    p->pagep = calloc(p->n, sizeof(*p->pagep));
    gb_mutex_lock(&fk_nv);
    pthread_mutex_lock(&fk_m);
    for (i = 0; i < p->n; i++) {
        uint64_t b = va + i * FK_PAGE;
        struct fk_alloc *a = NULL;
        int k;
        for (k = 0; k < nA && !a; k++)
            if (A[k].live && A[k].base < b + FK_PAGE && b < A[k].base + A[k].size)
                a = &A[k];
        if (!a || a->pid != gb_pid() || a->kind == FK_HOST_PINNED || a->kind == FK_MANAGED) {
            ret = -EINVAL;              /* not GPU memory of the calling process */
            break;
        }
        if (fk_map_page(va / FK_PAGE + i, &p->barpg[i])) {
            ret = -ENOMEM;              /* BAR exhausted (note §2.4) */
            break;
        }
    }
    if (ret) {
        uint64_t k;
        for (k = 0; k < i; k++)
            fk_unmap_page(p->barpg[k]);
        pthread_mutex_unlock(&fk_m);
        gb_mutex_unlock(&fk_nv);
        free(p->barpg);
        free(p->pt);
        free(p->pages);
        free(p->pagep);
        free(p);
        return ret;
    }
    for (i = 0; i < p->n; i++) {
        p->pages[i].physical_address = C.bar_base + p->barpg[i] * FK_PAGE;
        p->pagep[i] = &p->pages[i];
    }
    for (i = 0; i < NVIDIA_P2P_GPU_UUID_LEN; i++)
        p->uuid[i] = (uint8_t)(0xb0 + i);
    p->pt->version = C.pt_version;
    p->pt->page_size = C.page_size_type;
    p->pt->pages = p->pagep;
    p->pt->entries = p->n;
    p->pt->gpu_uuid = p->uuid;
    p->id = next_pin_id++;
    p->va = va;
    p->len = len;
    p->pid = gb_pid();
    p->cb = free_callback;
    p->data = data;
    p->next = pins;
    pins = p;
    *page_table = p->pt;
    pthread_mutex_unlock(&fk_m);
    gb_mutex_unlock(&fk_nv);
    return 0;
}

static struct fk_pin *fk_pin_by_pt(const struct nvidia_p2p_page_table *pt)
{
    struct fk_pin *p;
    for (p = pins; p; p = p->next)      /* by pointer value, never dereferenced ([HDR]) */
        if (p->pt == pt)
            return p;
    return NULL;
}

int nvidia_p2p_put_pages(uint64_t p2p_token, uint32_t va_space_token, uint64_t va,
                         struct nvidia_p2p_page_table *pt)
{
    struct fk_pin *p;
    int ret = 0;
    if (fk_cb_pin) {
        fk_violation("nvidia_p2p_put_pages inside the free callback");
        return -EINVAL;
    }
    if (p2p_token || va_space_token)
        return -EINVAL;
    gb_yield();
    gb_mutex_lock(&fk_nv);
    pthread_mutex_lock(&fk_m);
    p = fk_pin_by_pt(pt);
    if (!p) {
        ret = pt ? C.put_after_revoke_err : 0;  /* torn down by revocation: 0 on r580 */
        p = NULL;
    } else if (p->pid != gb_pid()) {
        fk_violation("nvidia_p2p_put_pages from process %d, pinned by %d", gb_pid(), p->pid);
        ret = -EINVAL;
        p = NULL;
    } else if (p->va != va) {
        ret = -EINVAL;
        p = NULL;
    } else {
        fk_unlink(p);
    }
    pthread_mutex_unlock(&fk_m);
    gb_mutex_unlock(&fk_nv);
    if (p)
        fk_free_pin(p);
    return ret;
}

int nvidia_p2p_dma_map_pages(struct pci_dev *peer, struct nvidia_p2p_page_table *pt,
                             struct nvidia_p2p_dma_mapping **dma_mapping)
{
    struct fk_pin *p;
    struct nvidia_p2p_dma_mapping *m;
    uint32_t i;
    (void)peer;
    if (fk_cb_pin) {
        fk_violation("nvidia_p2p_dma_map_pages inside the free callback");
        return -EINVAL;
    }
    pthread_mutex_lock(&fk_m);
    p = fk_pin_by_pt(pt);
    if (!p || p->revoking || p->map) {
        pthread_mutex_unlock(&fk_m);
        return -EINVAL;
    }
    m = calloc(1, sizeof(*m));
    m->version = C.map_version;
    m->page_size_type = (enum nvidia_p2p_page_size_type)C.page_size_type;
    m->entries = p->n;
    m->dma_addresses = calloc(p->n, sizeof(uint64_t));
    for (i = 0; i < p->n; i++)
        m->dma_addresses[i] = p->pages[i].physical_address + C.dma_offset;
    p->map = m;
    *dma_mapping = m;
    pthread_mutex_unlock(&fk_m);
    return 0;
}

int nvidia_p2p_dma_unmap_pages(struct pci_dev *peer, struct nvidia_p2p_page_table *pt,
                               struct nvidia_p2p_dma_mapping *m)
{
    struct fk_pin *p;
    int ret = 0;
    (void)peer;
    if (fk_cb_pin) {
        fk_violation("nvidia_p2p_dma_unmap_pages inside the free callback");
        return -EINVAL;
    }
    gb_yield();
    gb_mutex_lock(&fk_nv);
    pthread_mutex_lock(&fk_m);
    p = fk_pin_by_pt(pt);
    if (p && p->map != m)
        ret = -EINVAL;
    else if (p) {
        free(m->dma_addresses);
        free(m);
        p->map = NULL;
    }
    pthread_mutex_unlock(&fk_m);
    gb_mutex_unlock(&fk_nv);
    return ret;
}

int nvidia_p2p_free_page_table(struct nvidia_p2p_page_table *pt)
{
    if (!fk_cb_pin) {
        fk_violation("nvidia_p2p_free_page_table outside its free callback");
        return -EINVAL;
    }
    if (fk_cb_pin->pt != pt) {
        fk_violation("nvidia_p2p_free_page_table of another table than the revoked one");
        return -EINVAL;
    }
    fk_cb_pin->pt_freed = 1;            /* the table itself is freed after the callback returns */
    return 0;
}

int nvidia_p2p_free_dma_mapping(struct nvidia_p2p_dma_mapping *m)
{
    if (!fk_cb_pin) {
        fk_violation("nvidia_p2p_free_dma_mapping outside its free callback");
        return -EINVAL;
    }
    if (fk_cb_pin->map != m) {
        fk_violation("nvidia_p2p_free_dma_mapping of a mapping not (or no longer) attached to "
                     "the revoked table (freed twice?)");
        return -EINVAL;
    }
    fk_cb_pin->map_freed = 1;
    return 0;
}
