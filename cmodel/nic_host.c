/*
 * cmodel/nic_host.c -- the host side of the NIC's DMA interface for testbenches (nic_host.h).
 */
#include "nic_host.h"

#include <stdlib.h>
#include <string.h>

/* A completion: beats [b0, b1) of one request, sent contiguously from cycle due on. */
struct nic_host_chunk {
    unsigned tag, idx;   /* idx: the completion's rank within its request */
    uint64_t due;
    unsigned b0, b1, nbeats;
    int err;
    uint8_t *data;       /* (b1 - b0) beats */
};

static uint64_t rnd(struct nic_host *h)   /* splitmix64 */
{
    uint64_t z = (h->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned rnd_range(struct nic_host *h, unsigned lo, unsigned hi)   /* [lo, hi] */
{
    return lo + (unsigned)(rnd(h) % ((uint64_t)hi - lo + 1u));
}

unsigned nic_host_beats(uint64_t addr, unsigned len)
{
    return (unsigned)(((addr & 31u) + len + 31u) >> 5);
}

int nic_host_init(struct nic_host *h, const struct nic_host_cfg *cfg)
{
    if (!h || !cfg || cfg->lat_min > cfg->lat_max || cfg->split_pct > 100 || cfg->rd_ready_pct < 1 ||
        cfg->rd_ready_pct > 100 || cfg->wr_ready_pct < 1 || cfg->wr_ready_pct > 100 || cfg->max_tags < 1 ||
        cfg->max_tags > 4096 || cfg->err_ppm > 1000000u)
        return NIC_HOST_EINVAL;
    memset(h, 0, sizeof *h);
    h->cfg = *cfg;
    h->rng = cfg->seed;
    h->cur = -1;
    h->outst = calloc(cfg->max_tags, 1);
    h->tag_next = calloc(cfg->max_tags, sizeof *h->tag_next);
    h->wr_buf = calloc(4096u + 2u * NIC_HOST_BEAT, 1);
    if (!h->outst || !h->tag_next || !h->wr_buf || nic_hostmem_init(&h->mem) != NIC_XLAT_OK) {
        nic_host_free(h);
        return NIC_HOST_ENOMEM;
    }
    return NIC_HOST_OK;
}

void nic_host_free(struct nic_host *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->nch; i++)
        free(h->ch[i].data);
    free(h->ch);
    free(h->outst);
    free(h->tag_next);
    free(h->wr_buf);
    nic_hostmem_free(&h->mem);
    memset(h, 0, sizeof *h);
    h->cur = -1;
}

int nic_host_mem_write(struct nic_host *h, uint64_t addr, const uint8_t *src, size_t len)
{
    for (size_t i = 0; i < len;) {
        uint64_t a = addr + i, w = a & ~7ull;
        unsigned off = (unsigned)(a & 7u);
        uint64_t v = nic_hostmem_read64(&h->mem, w);
        for (; off < 8u && i < len; off++, i++) {
            v &= ~(0xFFull << (8u * off));
            v |= (uint64_t)src[i] << (8u * off);
        }
        if (nic_hostmem_write64(&h->mem, w, v) != NIC_XLAT_OK)
            return NIC_HOST_ENOMEM;
    }
    return NIC_HOST_OK;
}

void nic_host_mem_read(const struct nic_host *h, uint64_t addr, uint8_t *dst, size_t len)
{
    for (size_t i = 0; i < len;) {
        uint64_t a = addr + i;
        unsigned off = (unsigned)(a & 7u);
        uint64_t v = nic_hostmem_read64(&h->mem, a & ~7ull);
        for (; off < 8u && i < len; off++, i++)
            dst[i] = (uint8_t)(v >> (8u * off));
    }
}

void nic_host_cycle(struct nic_host *h)
{
    h->rd_ready_now = rnd_range(h, 1, 100) <= h->cfg.rd_ready_pct;
    h->wr_ready_now = rnd_range(h, 1, 100) <= h->cfg.wr_ready_pct;
}

int nic_host_rd_ready(const struct nic_host *h) { return h->rd_ready_now; }
int nic_host_wr_ready(const struct nic_host *h) { return h->wr_ready_now; }

static int push_chunk(struct nic_host *h, const struct nic_host_chunk *c)
{
    if (h->nch == h->capch) {
        size_t n = h->capch ? 2u * h->capch : 64u;
        struct nic_host_chunk *p = realloc(h->ch, n * sizeof *p);
        if (!p)
            return NIC_HOST_ENOMEM;
        h->ch = p;
        h->capch = n;
    }
    h->ch[h->nch++] = *c;
    return NIC_HOST_OK;
}

int nic_host_rd_req(struct nic_host *h, uint64_t now, uint64_t addr, unsigned len, unsigned tag)
{
    if (len == 0 || len > 4096u)
        return NIC_HOST_ELEN;
    if ((addr >> 12) != ((addr + len - 1u) >> 12))
        return NIC_HOST_E4K;
    if (tag >= h->cfg.max_tags || h->outst[tag])
        return NIC_HOST_ETAG;
    unsigned nb = nic_host_beats(addr, len);
    uint64_t a0 = addr & ~31ull;
    int err = h->cfg.err_ppm && rnd_range(h, 1, 1000000u) <= h->cfg.err_ppm;
    uint64_t due = now + rnd_range(h, h->cfg.lat_min, h->cfg.lat_max);
    unsigned b0 = 0, idx = 0;
    while (b0 < nb) {
        /* the completion ends at the next 64-byte boundary where a split is drawn, or at the end */
        unsigned b1 = b0 + 1u;
        while (b1 < nb && !(((a0 >> 5) + b1) % 2u == 0 && rnd_range(h, 1, 100) <= h->cfg.split_pct))
            b1++;
        struct nic_host_chunk c = {tag, idx++, due, b0, b1, nb, err, NULL};
        c.data = calloc((size_t)(b1 - b0) * NIC_HOST_BEAT, 1);
        if (!c.data)
            return NIC_HOST_ENOMEM;
        if (!err) {
            /* bytes of [addr, addr + len) inside these beats; the rest stays zero */
            uint64_t lo = a0 + 32ull * b0, hi = a0 + 32ull * b1;
            uint64_t s = lo > addr ? lo : addr, e = hi < addr + len ? hi : addr + len;
            nic_host_mem_read(h, s, c.data + (s - lo), (size_t)(e - s));
        }
        if (push_chunk(h, &c) != NIC_HOST_OK) {
            free(c.data);
            return NIC_HOST_ENOMEM;
        }
        due += 1u + (b1 - b0) + (h->cfg.gap_max ? rnd_range(h, 0, h->cfg.gap_max) : 0u);
        b0 = b1;
    }
    h->outst[tag] = 1;
    h->n_rd++;
    h->n_rd_bytes += len;
    if (err)
        h->n_rd_err++;
    return NIC_HOST_OK;
}

/* the next completion of a tag: the one whose rank is the count of its tag's completions sent */
static int is_next_of_tag(const struct nic_host *h, size_t i)
{
    return h->ch[i].idx == h->tag_next[h->ch[i].tag];
}

int nic_host_cpl_peek(struct nic_host *h, uint64_t now, struct nic_host_beat *b)
{
    if (h->cur < 0) {
        size_t n = 0;
        for (size_t i = 0; i < h->nch; i++)
            if (h->ch[i].due <= now && is_next_of_tag(h, i))
                n++;
        if (!n)
            return 0;
        size_t k = (size_t)(rnd(h) % n);
        for (size_t i = 0; i < h->nch; i++)
            if (h->ch[i].due <= now && is_next_of_tag(h, i) && k-- == 0) {
                h->cur = (long)i;
                h->cur_beat = h->ch[i].b0;
                break;
            }
    }
    const struct nic_host_chunk *c = &h->ch[h->cur];
    b->tag = c->tag;
    memcpy(b->data, c->data + (size_t)(h->cur_beat - c->b0) * NIC_HOST_BEAT, NIC_HOST_BEAT);
    b->last = h->cur_beat + 1u == c->nbeats;
    b->err = c->err;
    return 1;
}

void nic_host_cpl_pop(struct nic_host *h)
{
    if (h->cur < 0)
        return;
    struct nic_host_chunk *c = &h->ch[h->cur];
    h->n_cpl_beats++;
    if (++h->cur_beat < c->b1)
        return;
    h->tag_next[c->tag]++;
    if (c->b1 == c->nbeats) {
        h->outst[c->tag] = 0;
        h->tag_next[c->tag] = 0;
    }
    free(c->data);
    *c = h->ch[--h->nch];
    h->cur = -1;
}

unsigned nic_host_outstanding(const struct nic_host *h)
{
    unsigned n = 0;
    for (unsigned t = 0; t < h->cfg.max_tags; t++)
        n += h->outst[t];
    return n;
}

int nic_host_wr_beat(struct nic_host *h, uint64_t addr, unsigned len, const uint8_t *data, int last)
{
    if (len == 0 || len > 4096u)
        return NIC_HOST_ELEN;
    if (!h->wr_busy) {
        h->wr_busy = 1;
        h->wr_addr = addr;
        h->wr_len = len;
        h->wr_beat = 0;
    } else if (addr != h->wr_addr || len != h->wr_len)
        return NIC_HOST_EWRITE;
    unsigned nb = nic_host_beats(addr, len);
    if (h->wr_beat >= nb || (last != 0) != (h->wr_beat + 1u == nb))
        return NIC_HOST_EWRITE;
    memcpy(h->wr_buf + (size_t)h->wr_beat * NIC_HOST_BEAT, data, NIC_HOST_BEAT);
    if (++h->wr_beat < nb)
        return NIC_HOST_OK;
    h->wr_busy = 0;
    h->n_wr++;
    h->n_wr_bytes += len;
    return nic_host_mem_write(h, addr, h->wr_buf + (addr & 31u), len);
}
