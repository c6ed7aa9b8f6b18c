/*
 * cmodel/gpubar.c -- bit-accurate model of rtl/gpubar/gpubar_xlat.v (see gpubar.h, docs/gpubar.md).
 * Written from the spec note 004 (R-1..R-6, R-10, R-14) and the PCIe base spec's memory request
 * header, independently of the RTL's structure: one function per input transaction.
 */
#include "gpubar.h"

#include <stdlib.h>
#include <string.h>

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int gpubar_init(struct gpubar_model *m, const struct gpubar_cfg *cfg) {
    memset(m, 0, sizeof *m);
    if (!cfg || cfg->nr < 2 || cfg->nr > GPUBAR_MAX_NR || (cfg->nr & (cfg->nr - 1)) ||
        cfg->ne < 2 || cfg->ne > GPUBAR_MAX_NE || (cfg->ne & (cfg->ne - 1)) || cfg->id_w < 1 || cfg->id_w > 16)
        return GPUBAR_EINVAL;
    m->cfg = *cfg;
    size_t n = (size_t)cfg->nr * cfg->ne;
    m->ent = calloc(n, sizeof *m->ent);
    m->valid = calloc(n, 1);
    m->armed = calloc(cfg->nr, 1);
    m->rgn = calloc(cfg->nr, sizeof *m->rgn);
    m->rq_cap = 64;
    m->rq = calloc(m->rq_cap, sizeof *m->rq);
    m->cq_cap = 16;
    m->cq = calloc(m->cq_cap, sizeof *m->cq);
    if (!m->ent || !m->valid || !m->armed || !m->rgn || !m->rq || !m->cq) {
        gpubar_free(m);
        return GPUBAR_ENOMEM;
    }
    return GPUBAR_OK;
}

void gpubar_free(struct gpubar_model *m) {
    free(m->ent); free(m->valid); free(m->armed); free(m->rgn); free(m->rq); free(m->cq);
    memset(m, 0, sizeof *m);
}

int gpubar_push_cfg(struct gpubar_model *m, const struct gpubar_cfg_op *op) {
    if (op->region >= m->cfg.nr || op->idx >= m->cfg.ne) return GPUBAR_EINVAL;
    const size_t e = (size_t)op->region * m->cfg.ne + op->idx;
    const uint64_t d = op->data;
    switch (op->op) {
    case GPUBAR_OP_MPS:
        if ((d & 3) == 3) break;
        m->mps = (unsigned)(d & 3);
        m->req_id = (unsigned)(d >> 16) & 0xffff;
        return GPUBAR_OK;
    case GPUBAR_OP_LOAD:
        if (d & 0xffff) break;                 /* entries 64 KiB aligned */
        m->ent[e] = d;
        m->valid[e] = 1;
        return GPUBAR_OK;
    case GPUBAR_OP_CLEAR:
        m->valid[e] = 0;
        return GPUBAR_OK;
    case GPUBAR_OP_ARM: {
        const uint64_t off0 = d & 0xffff, ulen = (d >> 16) & 0xffffffffu;
        if (off0 + ulen > ((uint64_t)m->cfg.ne << 16)) break;
        m->rgn[op->region] = d;
        m->armed[op->region] = 1;
        return GPUBAR_OK;
    }
    case GPUBAR_OP_DISARM:
        m->armed[op->region] = 0;
        return GPUBAR_OK;
    default:
        break;
    }
    m->c[GPUBAR_C_CFG_BAD]++;
    return GPUBAR_OK;
}

void gpubar_tlp_hdr(struct gpubar_req *r, unsigned req_id) {
    const unsigned a0 = (unsigned)(r->addr & 3);
    r->dw = (a0 + r->len + 3) >> 2;
    r->fmt4 = (r->addr >> 32) != 0;
    if (r->dw == 1) {
        r->first_be = ((1u << r->len) - 1) << a0 & 0xf;
        r->last_be = 0;
    } else {
        const unsigned e = (unsigned)((r->addr + r->len) & 3);
        r->first_be = (0xfu << a0) & 0xf;
        r->last_be = e == 0 ? 0xf : (1u << e) - 1;
    }
    uint8_t *h = r->hdr;
    memset(h, 0, 16);
    /* fmt: bit 1 = with data (write), bit 0 = 4-DW header; type 00000 (memory request) */
    h[0] = (uint8_t)(((r->write ? 2u : 0u) | r->fmt4) << 5);
    h[1] = 0;                                   /* TC 0, no TH, no LN */
    h[2] = (uint8_t)((r->dw >> 8) & 3);         /* TD 0, EP 0, Attr 00, AT 00, Length[9:8] */
    h[3] = (uint8_t)(r->dw & 0xff);             /* Length[7:0] (1..128 DW) */
    h[4] = (uint8_t)(req_id >> 8);
    h[5] = (uint8_t)req_id;
    h[6] = (uint8_t)r->tag;
    h[7] = (uint8_t)(r->last_be << 4 | r->first_be);
    const uint32_t lo = (uint32_t)r->addr & ~3u, hi = (uint32_t)(r->addr >> 32);
    const int p = r->fmt4 ? 12 : 8;
    if (r->fmt4) h[8] = (uint8_t)(hi >> 24), h[9] = (uint8_t)(hi >> 16), h[10] = (uint8_t)(hi >> 8), h[11] = (uint8_t)hi;
    h[p] = (uint8_t)(lo >> 24), h[p + 1] = (uint8_t)(lo >> 16), h[p + 2] = (uint8_t)(lo >> 8), h[p + 3] = (uint8_t)lo;
}

static int put_req(struct gpubar_model *m, const struct gpubar_req *r) {
    if (m->rq_n == m->rq_cap) {
        struct gpubar_req *n = malloc(2 * m->rq_cap * sizeof *n);
        if (!n) return GPUBAR_ENOMEM;
        for (size_t i = 0; i < m->rq_n; i++) n[i] = m->rq[(m->rq_head + i) % m->rq_cap];
        free(m->rq);
        m->rq = n, m->rq_head = 0, m->rq_cap *= 2;
    }
    m->rq[(m->rq_head + m->rq_n++) % m->rq_cap] = *r;
    return GPUBAR_OK;
}

static int put_cpl(struct gpubar_model *m, const struct gpubar_desc *d, unsigned code) {
    if (m->cq_n == m->cq_cap) {
        struct gpubar_cpl *n = malloc(2 * m->cq_cap * sizeof *n);
        if (!n) return GPUBAR_ENOMEM;
        for (size_t i = 0; i < m->cq_n; i++) n[i] = m->cq[(m->cq_head + i) % m->cq_cap];
        free(m->cq);
        m->cq = n, m->cq_head = 0, m->cq_cap *= 2;
    }
    struct gpubar_cpl c = {d->id, d->region, code};
    m->cq[(m->cq_head + m->cq_n++) % m->cq_cap] = c;
    static const int cnt[4] = {GPUBAR_C_DESC_OK, GPUBAR_C_ERR_GEN, GPUBAR_C_ERR_INV, GPUBAR_C_ERR_OOB};
    m->c[cnt[code]]++;
    return GPUBAR_OK;
}

int gpubar_push_desc(struct gpubar_model *m, const struct gpubar_desc *d) {
    if (d->region >= m->cfg.nr) return GPUBAR_EINVAL;
    const unsigned pw = log2u(m->cfg.ne), ow = 16 + pw;
    const uint64_t omask = (1ull << ow) - 1;
    const uint64_t rw = m->rgn[d->region];
    const uint64_t off0 = rw & 0xffff, ulen = (rw >> 16) & 0xffffffffu, gen = rw >> 48;
    /* generation (an unarmed region: the same error) */
    if (!m->armed[d->region] || (d->gen & 0xffff) != gen) return put_cpl(m, d, GPUBAR_CPL_GEN);
    /* bounds by the user buffer's length; a zero length is refused as well */
    if (d->len == 0 || (uint64_t)d->off + d->len > ulen) return put_cpl(m, d, GPUBAR_CPL_OOB);
    /* o = (va & 0xFFFF) + k; every page the range touches must be valid */
    const uint64_t o0 = (off0 + d->off) & omask, olast = (o0 + d->len - 1) & omask;
    const uint8_t *v = m->valid + (size_t)d->region * m->cfg.ne;
    for (uint64_t p = o0 >> 16; p <= olast >> 16; p++)
        if (!v[p]) return put_cpl(m, d, GPUBAR_CPL_INV);
    /* split at every MPS-aligned offset: no 4 KiB crossing, no 64 KiB page crossing */
    const unsigned mps = 128u << m->mps;
    uint64_t o = o0, rem = d->len;
    uint32_t boff = d->off;
    for (;;) {
        const unsigned c1 = mps - (unsigned)(o & (mps - 1));
        const int last = rem <= c1;
        const unsigned chunk = last ? (unsigned)rem : c1;
        struct gpubar_req r;
        memset(&r, 0, sizeof r);
        r.addr = m->ent[(size_t)d->region * m->cfg.ne + (o >> 16)] | (o & 0xffff);   /* */
        r.len = chunk;
        r.write = d->write & 1;
        r.tag = m->tag;
        r.region = d->region;
        r.id = d->id;
        r.boff = boff;
        r.last = (unsigned)last;
        gpubar_tlp_hdr(&r, m->req_id);
        if (put_req(m, &r)) return GPUBAR_ENOMEM;
        m->tag = (m->tag + 1) & 0xff;
        m->c[r.write ? GPUBAR_C_TLP_WR : GPUBAR_C_TLP_RD]++;
        const uint64_t on = (o + chunk) & omask;
        if (!last && (on & 0xfff) == 0) m->c[GPUBAR_C_SPLIT_4K]++;
        if (!last && (on & 0xffff) == 0) m->c[GPUBAR_C_SPLIT_64K]++;
        if (last) break;
        o = on, rem -= chunk, boff += chunk;
    }
    return put_cpl(m, d, GPUBAR_CPL_OK);
}

int gpubar_pop_req(struct gpubar_model *m, struct gpubar_req *r) {
    if (!m->rq_n) return GPUBAR_EMPTY;
    *r = m->rq[m->rq_head];
    m->rq_head = (m->rq_head + 1) % m->rq_cap, m->rq_n--;
    return GPUBAR_OK;
}

int gpubar_pop_cpl(struct gpubar_model *m, struct gpubar_cpl *c) {
    if (!m->cq_n) return GPUBAR_EMPTY;
    *c = m->cq[m->cq_head];
    m->cq_head = (m->cq_head + 1) % m->cq_cap, m->cq_n--;
    return GPUBAR_OK;
}

size_t gpubar_pending(const struct gpubar_model *m) { return m->rq_n + m->cq_n; }
