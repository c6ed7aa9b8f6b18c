/*
 * cmodel/gpubar.c -- bit-accurate model of rtl/gpubar/gpubar_xlat.v (see gpubar.h, docs/gpubar.md).
 * Written from the spec note 004 (R-1..R-6, R-10, R-14) and the PCIe base spec's memory request
 * header, independently of the RTL's structure: one function per input transaction. Second slice
 * read tags from a ring, the flush read after a write descriptor, the
 * INVALIDATE -> ACK, and the tag walker (completions / timeouts) simulated per cycle in
 * gpubar_tick, the only cycle-aware part (contract in gpubar.h).
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
    if (!m->cfg.nt) m->cfg.nt = 32;
    if (m->cfg.nt < 2 || m->cfg.nt > 256 || (m->cfg.nt & (m->cfg.nt - 1)) || m->cfg.cpl_to > 0xffff)
        return GPUBAR_EINVAL;
    m->dl[0] = 0;
    size_t n = (size_t)cfg->nr * cfg->ne;
    m->ent = calloc(n, sizeof *m->ent);
    m->valid = calloc(n, 1);
    m->armed = calloc(cfg->nr, 1);
    m->rgn = calloc(cfg->nr, sizeof *m->rgn);
    m->rq_cap = 64;
    m->rq = calloc(m->rq_cap, sizeof *m->rq);
    m->cq_cap = 16;
    m->cq = calloc(m->cq_cap, sizeof *m->cq);
    m->aq_cap = 16;
    m->aq = calloc(m->aq_cap, sizeof *m->aq);
    m->res_cap = 16;
    m->res = calloc(m->res_cap, 1);
    if (!m->ent || !m->valid || !m->armed || !m->rgn || !m->rq || !m->cq || !m->aq || !m->res) {
        gpubar_free(m);
        return GPUBAR_ENOMEM;
    }
    return GPUBAR_OK;
}

void gpubar_free(struct gpubar_model *m) {
    free(m->ent); free(m->valid); free(m->armed); free(m->rgn); free(m->rq); free(m->cq);
    free(m->aq); free(m->res);
    memset(m, 0, sizeof *m);
}

/* grow-on-demand rings */
#define RING_PUT(m, q, cap, head, n, val, type)                                      \
    do {                                                                              \
        if ((m)->n == (m)->cap) {                                                     \
            type *nq_ = malloc(2 * (m)->cap * sizeof *nq_);                           \
            if (!nq_) return GPUBAR_ENOMEM;                                           \
            for (size_t i_ = 0; i_ < (m)->n; i_++) nq_[i_] = (m)->q[((m)->head + i_) % (m)->cap]; \
            free((m)->q);                                                             \
            (m)->q = nq_, (m)->head = 0, (m)->cap *= 2;                               \
        }                                                                             \
        (m)->q[((m)->head + (m)->n++) % (m)->cap] = (val);                            \
    } while (0)

static int put_ack(struct gpubar_model *m, unsigned region) {
    RING_PUT(m, aq, aq_cap, aq_head, aq_n, region, unsigned);
    return GPUBAR_OK;
}

static int put_res(struct gpubar_model *m, uint8_t bad) {
    RING_PUT(m, res, res_cap, res_head, res_n, bad, uint8_t);
    return GPUBAR_OK;
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
    case GPUBAR_OP_INV: {   /* entries unusable from now on; the ACK after every earlier tag */
        const unsigned pw = log2u(m->cfg.ne);
        const unsigned last = (unsigned)(d & ((1u << pw) - 1));
        for (unsigned i = 0; i < m->cfg.ne; i++)
            if ((d & GPUBAR_INV_ALL) || (i >= op->idx && i <= last))
                m->valid[(size_t)op->region * m->cfg.ne + i] = 0;
        if (d & GPUBAR_INV_ALL) m->armed[op->region] = 0;
        m->c[GPUBAR_C_INV_ACK]++;
        return put_ack(m, op->region);
    }
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
    struct gpubar_cpl c = {d->id, d->region, code, 0, code == GPUBAR_CPL_OK};
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
        r.tag = 0;   /* posted writes: tag 0 */
        if (!r.write) r.tag = m->rtag, r.mark = (unsigned)last, m->rtag = (m->rtag + 1) % m->cfg.nt;
        r.region = d->region;
        r.id = d->id;
        r.boff = boff;
        r.last = (unsigned)last;
        gpubar_tlp_hdr(&r, m->req_id);
        if (put_req(m, &r)) return GPUBAR_ENOMEM;
        m->c[r.write ? GPUBAR_C_TLP_WR : GPUBAR_C_TLP_RD]++;
        const uint64_t on = (o + chunk) & omask;
        if (!last && (on & 0xfff) == 0) m->c[GPUBAR_C_SPLIT_4K]++;
        if (!last && (on & 0xffff) == 0) m->c[GPUBAR_C_SPLIT_64K]++;
        if (last) {
            if (r.write) {   /* the flush read, 1 DW (all bytes) holding the last byte */
                struct gpubar_req f;
                memset(&f, 0, sizeof f);
                f.addr = (r.addr + chunk - 1) & ~3ull;
                f.len = 4;
                f.tag = m->rtag, m->rtag = (m->rtag + 1) % m->cfg.nt;
                f.region = d->region, f.id = d->id;
                f.boff = boff + chunk;
                f.flush = 1, f.mark = 1;
                gpubar_tlp_hdr(&f, m->req_id);
                if (put_req(m, &f)) return GPUBAR_ENOMEM;
                m->c[GPUBAR_C_FLUSH_RD]++;
            }
            break;
        }
        o = on, rem -= chunk, boff += chunk;
    }
    return put_cpl(m, d, GPUBAR_CPL_OK);
}

int gpubar_pop_req(struct gpubar_model *m, struct gpubar_req *r) {
    if (!m->rq_n) return GPUBAR_EMPTY;
    const unsigned nt = m->cfg.nt;
    /* a read needs a tag the walker has passed: (iss - tail) mod 2 NT < NT (the RTL stalls) */
    if (!m->rq[m->rq_head].write && (m->iss + 2 * nt - m->tail) % (2 * nt) >= nt) return GPUBAR_EINVAL;
    *r = m->rq[m->rq_head];
    m->rq_head = (m->rq_head + 1) % m->rq_cap, m->rq_n--;
    if (!r->write) m->iss_ev = 1 + (int)r->mark;   /* issued in this cycle (gpubar_tick) */
    return GPUBAR_OK;
}

int gpubar_cpl_ready(const struct gpubar_model *m) {
    return m->cq_n && (!m->cq[m->cq_head].wait || m->res_n);
}

int gpubar_pop_cpl(struct gpubar_model *m, struct gpubar_cpl *c) {
    if (!m->cq_n) return GPUBAR_EMPTY;
    *c = m->cq[m->cq_head];
    if (c->wait) {   /* the completion waits for its marked tag's retirement (R-7, T24) */
        if (!m->res_n) return GPUBAR_EMPTY;
        c->flag = m->res[m->res_head];
        m->res_head = (m->res_head + 1) % m->res_cap, m->res_n--;
    }
    m->cq_head = (m->cq_head + 1) % m->cq_cap, m->cq_n--;
    return GPUBAR_OK;
}

int gpubar_pop_ack(struct gpubar_model *m, unsigned *region) {
    if (!m->aq_n) return GPUBAR_EMPTY;
    *region = m->aq[m->aq_head];
    m->aq_head = (m->aq_head + 1) % m->aq_cap, m->aq_n--;
    return GPUBAR_OK;
}

int gpubar_push_rc(struct gpubar_model *m, unsigned tag, unsigned err) {
    m->rc_ev = 1, m->ev_tag = tag & 0xff, m->ev_err = err & 1;
    return GPUBAR_OK;
}

/* One clock edge of the tag walker (gpubar_tags.v): every update uses the state before the edge.
 * Tags of the ring run mod NT, the pointers mod 2 NT. */
void gpubar_tick(struct gpubar_model *m) {
    const unsigned nt = m->cfg.nt, ti = m->tail % nt;
    uint8_t out[256], bad[256];
    memcpy(out, m->out, nt), memcpy(bad, m->bad, nt);
    unsigned tail = m->tail;
    /* the s_rc of two cycles ago (stages A, B): retire an out tag, else stale */
    if (m->rc_valid) {
        if (m->rc_tag < nt && m->out[m->rc_tag]) {
            out[m->rc_tag] = 0, bad[m->rc_tag] = (uint8_t)m->rc_err;
            if (m->rc_err) m->c[GPUBAR_C_CPL_ERR]++;
        } else {
            m->c[GPUBAR_C_CPL_STALE]++;
        }
    }
    if (m->now & 1) {          /* walker: pass the oldest tag or time it out */
        if (m->v0 && !m->out[ti]) {
            const unsigned rb = m->acc | m->bad[ti];
            if (m->mark[ti]) { put_res(m, (uint8_t)rb); m->acc = 0; }
            else m->acc = rb;
            tail = (tail + 1) % (2 * nt);
        } else if (m->v0 && m->exp && !(m->rc_valid && m->rc_tag == ti)) {
            out[ti] = 0, bad[ti] = 1;
            m->c[GPUBAR_C_CPL_TIMEOUT]++;
        }
    } else {
        m->exp = ((m->now - m->dl[ti]) & 0x1ffff) < 0x10000;
        m->v0 = m->tail != m->iss;
    }
    if (m->iss_ev) {           /* a read request's m_req handshake in this cycle */
        const unsigned t = m->iss % nt;
        out[t] = 1, bad[t] = 0, m->mark[t] = (uint8_t)(m->iss_ev - 1);
        m->dl[t] = (m->now - 1 + m->cfg.cpl_to) & 0x1ffff;
        m->iss = (m->iss + 1) % (2 * nt);
    }
    memcpy(m->out, out, nt), memcpy(m->bad, bad, nt);
    m->tail = tail;
    m->rc_valid = m->rca_valid, m->rc_tag = m->rca_tag, m->rc_err = m->rca_err;
    m->rca_valid = m->rc_ev, m->rca_tag = m->ev_tag, m->rca_err = m->ev_err;
    m->rc_ev = 0, m->iss_ev = 0;
    m->now = (m->now + 1) & 0x1ffff;
}

size_t gpubar_pending(const struct gpubar_model *m) { return m->rq_n + m->cq_n + m->aq_n; }
