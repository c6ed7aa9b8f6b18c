/*
 * cmodel/nic_eq.c -- bit-accurate model of rtl/nic/nic_eq.v (see nic_eq.h, docs/nic_eq.md).
 * Source: seed 003 L116-L148 (flow chart), spec note 003 section 4 B7, A15, A16.
 */
#include "nic_eq.h"

#include <stdlib.h>
#include <string.h>

#include "regs/nic_eq_regs.h"

/* ------------------------------------------------------------------ FIFO of fixed-size items */
struct nic_eq_q {
    unsigned char *buf;
    size_t isz, cap, head, n;
};

static struct nic_eq_q *q_new(size_t isz) {
    struct nic_eq_q *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->isz = isz;
    return q;
}
static void q_del(struct nic_eq_q *q) {
    if (q) free(q->buf);
    free(q);
}
static int q_push(struct nic_eq_q *q, const void *it) {
    if (q->n == q->cap) {
        size_t nc = q->cap ? 2 * q->cap : 16;
        unsigned char *nb = malloc(nc * q->isz);
        if (!nb) return NIC_EQ_ENOMEM;
        for (size_t i = 0; i < q->n; i++)
            memcpy(nb + i * q->isz, q->buf + ((q->head + i) % q->cap) * q->isz, q->isz);
        free(q->buf);
        q->buf = nb, q->cap = nc, q->head = 0;
    }
    memcpy(q->buf + ((q->head + q->n) % q->cap) * q->isz, it, q->isz);
    q->n++;
    return NIC_EQ_OK;
}
static void *q_front(struct nic_eq_q *q) { return q->n ? q->buf + q->head * q->isz : NULL; }
static void q_pop(struct nic_eq_q *q) {
    if (q->n) q->head = (q->head + 1) % q->cap, q->n--;
}

struct cop { int db; uint32_t data; unsigned eq; uint64_t base; };

/* ------------------------------------------------------------------ helpers */
static unsigned eqw(const struct nic_eq *m) {
    unsigned w = 0;
    while ((1u << w) < m->cfg.ne) w++;
    return w;
}
static uint32_t imask(const struct nic_eq *m) { return (1u << (m->cfg.log2max + 1)) - 1; }
static uint32_t cmax(const struct nic_eq *m) { return (1u << m->cfg.cnt_w) - 1; }
static unsigned kmask(const struct nic_eq *m) {
    unsigned w = 0;
    while ((1u << w) < m->cfg.kmax + 1) w++;
    return (1u << w) - 1;
}

int nic_eq_init(struct nic_eq *m, const struct nic_eq_cfg *cfg) {
    if (!m || !cfg) return NIC_EQ_EINVAL;
    if (cfg->ne < 2 || cfg->ne > NIC_EQ_MAX_NE || (cfg->ne & (cfg->ne - 1)) || cfg->log2max < 1 ||
        cfg->log2max > 15 || cfg->kmax < 1 || cfg->kmax > 7 || cfg->cnt_w < 2 || cfg->cnt_w > 16 ||
        (1u << cfg->cnt_w) <= cfg->kmax || cfg->pt_w < 1 || cfg->pt_w > 16)
        return NIC_EQ_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->tstall = NIC_EQ__TSTALL__CYCLES_reset;
    m->msgs = q_new(sizeof(struct nic_eq_msg));
    m->posts = q_new(sizeof(struct nic_eq_post));
    m->cops = q_new(sizeof(struct cop));
    m->res = q_new(sizeof(struct nic_eq_res));
    m->wrs = q_new(sizeof(struct nic_eq_wr));
    if (!m->msgs || !m->posts || !m->cops || !m->res || !m->wrs) {
        nic_eq_free(m);
        return NIC_EQ_ENOMEM;
    }
    return NIC_EQ_OK;
}

void nic_eq_free(struct nic_eq *m) {
    if (!m) return;
    q_del(m->msgs), q_del(m->posts), q_del(m->cops), q_del(m->res), q_del(m->wrs);
    m->msgs = m->posts = m->cops = m->res = m->wrs = NULL;
}

int nic_eq_push_msg(struct nic_eq *m, const struct nic_eq_msg *msg) {
    struct nic_eq_msg t = *msg;
    t.eq &= m->cfg.ne - 1, t.kmax &= kmask(m), t.pt &= (1u << m->cfg.pt_w) - 1;
    return q_push(m->msgs, &t);
}

int nic_eq_push_post(struct nic_eq *m, const struct nic_eq_post *p) {
    struct nic_eq_post t = *p;
    t.eq &= m->cfg.ne - 1, t.kres &= kmask(m), t.n &= kmask(m);
    return q_push(m->posts, &t);
}

unsigned nic_eq_fill(const struct nic_eq *m, unsigned eq) {
    return m->en[eq] ? (m->prod[eq] - m->cons[eq]) & imask(m) : 0;
}
unsigned nic_eq_size(const struct nic_eq *m, unsigned eq) { return m->en[eq] ? 1u << m->lg[eq] : 0; }

size_t nic_eq_pending(const struct nic_eq *m) { return m->msgs->n + m->posts->n + m->cops->n; }
size_t nic_eq_pending_csr(const struct nic_eq *m) { return m->cops->n; }

/* ------------------------------------------------------------------ ops */
static int op_res(struct nic_eq *m, uint64_t cycle) {
    struct nic_eq_msg *h = q_front(m->msgs);
    if (!h) return NIC_EQ_EINVAL;
    const unsigned e = h->eq;
    struct nic_eq_res r = {h->eq, h->kmax, h->pt, NIC_EQ_PROCEED};
    int done = 1;
    if (!m->en[e]) {
        r.code = NIC_EQ_DIS_DROP, m->c[NIC_EQ_C_DIS_DROP]++;
    } else {
        const uint32_t fill = nic_eq_fill(m, e), cnt = m->cnt[e], size = 1u << m->lg[e];
        /* L136 generalised to kmax events: fill + count + kmax <= size; count must not saturate */
        if (fill + cnt + h->kmax <= size && cnt + h->kmax <= cmax(m)) {
            m->cnt[e] = cnt + h->kmax, m->c[NIC_EQ_C_PROCEED]++;
        } else if (cnt != 0) {  /* L138: stall until the posts return the in-flight count */
            done = 0;
        } else {                /* L140-L144: count 0 and full: bounded stall, then flow control */
            uint64_t el = m->waiting ? cycle - m->wait_start : 0;
            if (el > 0xffff) el = 0xffff;
            if (el >= m->tstall) {
                r.code = NIC_EQ_FC_DROP, m->c[NIC_EQ_C_FC_DROP]++;
            } else {
                if (!m->waiting) m->waiting = 1, m->wait_start = cycle;
                done = 0;
            }
        }
    }
    if (!done) {
        m->c[NIC_EQ_C_STALL]++;
        return NIC_EQ_OK;
    }
    m->waiting = 0;
    q_pop(m->msgs);
    return q_push(m->res, &r);
}

static int op_post(struct nic_eq *m) {
    struct nic_eq_post *p = q_front(m->posts);
    if (!p) return NIC_EQ_EINVAL;
    const unsigned e = p->eq;
    const uint32_t cnt = m->en[e] ? m->cnt[e] : 0;
    int done = 0;
    if (m->post_j == 0 && (p->kres > cnt || (!m->en[e] && p->n != 0))) {
        m->c[NIC_EQ_C_POST_BAD]++, done = 1;
    } else if (m->post_j == 0 && p->n > p->kres) {
        m->cnt[e] = (cnt - p->kres) & cmax(m), m->c[NIC_EQ_C_POST_EXCESS]++, m->c[NIC_EQ_C_POSTS]++, done = 1;
    } else if (m->post_j == 0 && p->n == 0) {
        m->cnt[e] = (cnt - p->kres) & cmax(m), m->c[NIC_EQ_C_POSTS]++, done = 1;
    } else {
        const uint32_t prod = m->prod[e], lg = m->lg[e];
        const int last = m->post_j + 1 == p->n;
        struct nic_eq_wr w;
        memset(&w, 0, sizeof w);
        w.len = 32;
        w.addr = m->base[e] + ((uint64_t)(prod & ((1u << lg) - 1)) << 5);
        w.data[0] = (uint32_t)(((prod >> lg) & 1) ? 0 : 1) | (uint32_t)(m->post_j & 7) << 1 |
                    (uint32_t)last << 4 | (uint32_t)e << 8 | (prod & 0xffff) << 16;
        for (int i = 0; i < NIC_EQ_DW_WORDS; i++) w.data[1 + i] = p->data[i];
        m->prod[e] = (prod + 1) & imask(m);
        m->c[NIC_EQ_C_EVENTS]++;
        m->post_j++;
        if (last) m->cnt[e] = (cnt - p->kres) & cmax(m), m->c[NIC_EQ_C_POSTS]++, done = 1;
        int rc = q_push(m->wrs, &w);
        if (rc) return rc;
    }
    if (done) m->post_j = 0, q_pop(m->posts);
    return NIC_EQ_OK;
}

static int op_csr(struct nic_eq *m) {
    struct cop *o = q_front(m->cops);
    if (!o) return NIC_EQ_EINVAL;
    const unsigned e = o->eq;
    if (o->db) {
        const uint32_t idx = o->data & imask(m);
        const int eq_bad = (((o->data >> 16) & 0xff) >> eqw(m)) != 0;
        const uint32_t fill = (m->prod[e] - m->cons[e]) & imask(m);
        if (m->en[e] && !eq_bad && ((idx - m->cons[e]) & imask(m)) <= fill)
            m->cons[e] = idx;
        else
            m->c[NIC_EQ_C_CONS_BAD]++;
    } else {
        const int en = (o->data & NIC_EQ__EQ_CTRL__EN_bm) != 0;
        const unsigned lg = (o->data & NIC_EQ__EQ_CTRL__LOG2SIZE_bm) >> NIC_EQ__EQ_CTRL__LOG2SIZE_bp;
        if (m->en[e]) {
            if (en || m->cnt[e] != 0) m->c[NIC_EQ_C_CFG_BAD]++;
            else m->en[e] = 0;
        } else if (en) {
            if (lg > m->cfg.log2max) {
                m->c[NIC_EQ_C_CFG_BAD]++;
            } else {
                m->en[e] = 1, m->lg[e] = (uint8_t)lg, m->base[e] = o->base;
                m->prod[e] = m->cons[e] = m->cnt[e] = 0;
            }
        }
    }
    q_pop(m->cops);
    m->cop_pop_valid = 1, m->cop_pop_cycle = m->now;
    return NIC_EQ_OK;
}

int nic_eq_op(struct nic_eq *m, unsigned type, uint64_t cycle) {
    if (!m) return NIC_EQ_EINVAL;
    m->now = cycle;
    switch (type) {
    case NIC_EQ_OP_RES: return op_res(m, cycle);
    case NIC_EQ_OP_POST: return op_post(m);
    case NIC_EQ_OP_CSR: return op_csr(m);
    default: return NIC_EQ_EINVAL;
    }
}

int nic_eq_pop_res(struct nic_eq *m, struct nic_eq_res *out) {
    struct nic_eq_res *r = q_front(m->res);
    if (!r) return NIC_EQ_EMPTY;
    *out = *r;
    q_pop(m->res);
    return NIC_EQ_OK;
}

int nic_eq_pop_wr(struct nic_eq *m, struct nic_eq_wr *out) {
    struct nic_eq_wr *w = q_front(m->wrs);
    if (!w) return NIC_EQ_EMPTY;
    *out = *w;
    q_pop(m->wrs);
    return NIC_EQ_OK;
}

/* ------------------------------------------------------------------ CSRs */
unsigned nic_eq_csr_write(struct nic_eq *m, uint32_t addr, uint32_t data, unsigned strb, uint64_t cycle) {
    unsigned err = 0;
    if (strb != 0xf) {
        err = 1;
    } else {
        switch (addr) {
        case 0x008: m->tstall = data & 0xffff; break;
        case 0x010:
            if (data >> eqw(m)) err = 1;
            else m->sel = data;
            break;
        case 0x014: m->stage_lo = data & 0xffffffe0u; break;
        case 0x018: m->stage_hi = data; break;
        case 0x01c:
        case 0x02c: {
            struct cop o;
            o.db = addr == 0x02c;
            o.data = data;
            o.eq = o.db ? ((data >> 16) & (m->cfg.ne - 1)) : m->sel;
            o.base = (uint64_t)m->stage_hi << 32 | m->stage_lo;
            /* the op queue's occupancy at the start of the cycle: an op popped in this cycle still counts */
            if (m->cops->n + (m->cop_pop_valid && m->cop_pop_cycle == cycle) >= NIC_EQ_COPQ) err = 1;
            else if (q_push(m->cops, &o)) err = 1;
            break;
        }
        default: err = 1;
        }
    }
    if (err) m->c[NIC_EQ_C_CSR_ERR]++;
    return err ? 2u : 0u;
}

unsigned nic_eq_csr_read(const struct nic_eq *m, uint32_t addr, uint32_t *data) {
    const unsigned s = m->sel;
    uint32_t d = 0;
    unsigned err = 0;
    switch (addr) {
    case 0x000: d = NIC_EQ__ID__ID_reset; break;
    case 0x004:
        d = (m->cfg.ne & 0xff) << NIC_EQ__PARAMS__NE_bp | m->cfg.kmax << NIC_EQ__PARAMS__KMAX_bp |
            m->cfg.cnt_w << NIC_EQ__PARAMS__CNT_W_bp | m->cfg.log2max << NIC_EQ__PARAMS__LOG2MAX_bp;
        break;
    case 0x008: d = m->tstall; break;
    case 0x010: d = m->sel; break;
    case 0x014: d = m->stage_lo; break;
    case 0x018: d = m->stage_hi; break;
    case 0x01c: d = m->en[s] ? (uint32_t)m->lg[s] << 8 | 1u : 0; break;
    case 0x020: d = m->en[s] ? m->prod[s] : 0; break;
    case 0x024: d = m->en[s] ? m->cons[s] : 0; break;
    case 0x028: d = m->en[s] ? m->cnt[s] : 0; break;
    case 0x02c: d = 0; break;
    default:
        if (addr >= 0x040 && addr < 0x040 + 4 * NIC_EQ_NCNT && (addr & 3) == 0)
            d = m->c[(addr - 0x040) / 4];
        else
            err = 1;
    }
    *data = d;
    return err ? 2u : 0u;
}
