/*
 * cmodel/pcie_rc.c -- root-complex model (cmodel/pcie_rc.h). Source: PCIe Base 3.0 2.3.1.1 (read
 * completion boundary, completions of one request in address order), AMD PG213 requester
 * completion descriptor; issue 15.
 */
#include "pcie_rc.h"

#include <stdlib.h>
#include <string.h>

#include "pcie.h"

#define PCIE_RC_POISONED 100

struct pcie_rc_req {
    unsigned tag;
    uint64_t addr;     /* next byte to complete */
    uint32_t rem;      /* bytes left */
    int fate;          /* enum pcie_rc_err */
    uint32_t poison_at;/* PCIE_RC_POISON: index of the poisoned completion */
    uint32_t ncpl;
};

static uint64_t rnd(struct pcie_rc *rc)
{
    uint64_t z = (rc->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t below(struct pcie_rc *rc, uint32_t n) { return n ? (uint32_t)(rnd(rc) % n) : 0; }

uint8_t pcie_rc_mem(uint64_t x)
{
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 32;
    return (uint8_t)(x ^ (x >> 8));
}
uint8_t pcie_rc_mem_cb(void *ctx, uint64_t addr)
{
    (void)ctx;
    return pcie_rc_mem(addr);
}

int pcie_rc_init(struct pcie_rc *rc, const struct pcie_rc_cfg *cfg, uint64_t seed)
{
    if (cfg->cpl_max < 64 || cfg->cpl_max > 4096 || (cfg->cpl_max & 63) || cfg->ntag < 1 || cfg->ntag > 256)
        return -1;
    memset(rc, 0, sizeof *rc);
    rc->cfg = *cfg;
    rc->rng = seed * 0x2545f4914f6cdd1dull + 1;
    return 0;
}

void pcie_rc_free(struct pcie_rc *rc)
{
    free(rc->req);
    memset(rc, 0, sizeof *rc);
}

size_t pcie_rc_open(const struct pcie_rc *rc) { return rc->n; }

int pcie_rc_read(struct pcie_rc *rc, unsigned tag, uint64_t addr, uint32_t len)
{
    if (rc->n == rc->cap) {
        size_t c = rc->cap ? rc->cap * 2 : 64;
        void *p = realloc(rc->req, c * sizeof *rc->req);
        if (!p)
            return -1;
        rc->req = p;
        rc->cap = c;
    }
    struct pcie_rc_req *r = &rc->req[rc->n++];
    r->tag = tag;
    r->addr = addr;
    r->rem = len;
    r->ncpl = 0;
    r->fate = PCIE_RC_OK;
    if (below(rc, 1000000) < rc->cfg.err_ppm)
        r->fate = 1 + (int)below(rc, 4);
    /* the poisoned completion: one of those the request will have (at least 1) */
    r->poison_at = below(rc, 1 + len / 64);
    rc->n_err[r->fate]++;
    return r->fate;
}

int pcie_rc_next(struct pcie_rc *rc, struct pcie_rc_tlp *t)
{
    if (rc->cfg.unexp_ppm && below(rc, 1000000) < rc->cfg.unexp_ppm && rc->cfg.ntag < 256) {
        unsigned tag = rc->cfg.ntag + below(rc, 256 - rc->cfg.ntag);
        uint32_t n = 4 * (1 + below(rc, 16));
        uint64_t a = rnd(rc) & ~3ull;
        pcie_rc_desc(t->dw, (unsigned)(a & 0xfff), 0, n, 1, n / 4, 0, 0, tag);
        for (uint32_t i = 0; i < n / 4; i++)
            t->dw[3 + i] = (uint32_t)rnd(rc);
        t->ndw = 3 + n / 4;
        t->known = 0;
        t->err = 0;
        t->last = 1;
        t->tag = tag;
        return 0;
    }
    if (!rc->n)
        return -1;
    size_t k = 0;
    if (below(rc, 100) < rc->cfg.reorder_pct)
        k = below(rc, (uint32_t)rc->n);
    struct pcie_rc_req *r = &rc->req[k];
    t->known = 1;
    t->tag = r->tag;
    if (r->fate == PCIE_RC_UR || r->fate == PCIE_RC_CA || r->fate == PCIE_RC_TIMEOUT) {
        /* one completion without data ends the request */
        if (r->fate == PCIE_RC_TIMEOUT)
            pcie_rc_desc(t->dw, (unsigned)(r->addr & 0xfff), 9, r->rem, 1, 0, 0, 0, r->tag);
        else
            pcie_rc_desc(t->dw, (unsigned)(r->addr & 0xfff), 0, r->rem, 1, 0,
                         r->fate == PCIE_RC_UR ? 1 : 4, 0, r->tag);
        t->ndw = 3;
        t->err = 1;
        t->last = 1;
    } else {
        /* this completion: up to a random RCB boundary, at most cpl_max bytes */
        uint64_t end = r->addr + r->rem;
        uint64_t next_rcb = (r->addr | 63) + 1;
        uint32_t nblk = 1 + below(rc, rc->cfg.cpl_max / 64);
        uint64_t stop = next_rcb + 64ull * (nblk - 1);
        if ((r->addr & 63) == 0 && nblk * 64 <= rc->cfg.cpl_max)
            stop = r->addr + 64ull * nblk;
        if (stop > end)
            stop = end;
        uint32_t n = (uint32_t)(stop - r->addr);
        uint32_t dwc = pcie_dwc(r->addr, n);
        int poison = r->fate == PCIE_RC_POISON && (r->ncpl == r->poison_at || stop == end);
        if (poison)
            r->fate = PCIE_RC_POISONED;   /* poisoned once: the rest is normal */
        int lastc = stop == end;
        pcie_rc_desc(t->dw, (unsigned)(r->addr & 0xfff), 0, r->rem, lastc, dwc, 0, poison, r->tag);
        uint64_t a0 = r->addr & ~3ull;
        for (uint32_t i = 0; i < dwc; i++) {
            uint32_t w = 0;
            for (unsigned j = 0; j < 4; j++)
                w |= (uint32_t)pcie_rc_mem(a0 + 4 * i + j) << (8 * j);
            t->dw[3 + i] = w;
        }
        t->ndw = 3 + dwc;
        t->err = poison;
        t->last = lastc;
        r->addr = stop;
        r->rem -= n;
        r->ncpl++;
    }
    if (t->last) {
        memmove(&rc->req[k], &rc->req[k + 1], (rc->n - k - 1) * sizeof *rc->req);
        rc->n--;
    }
    return 0;
}
