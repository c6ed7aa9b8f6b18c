/* cmodel/mcast.c -- golden model of mcast_pe (see mcast.h and docs/mcast.md). */
#include "mcast.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- output queues */
typedef struct {
    uint8_t kind; /* 0 fab, 1 loc, 2 ocpl, 3 fcpl */
    uint16_t len;
    unsigned user;
    uint8_t *data;
    mcast_ocpl o;
    mcast_fcpl f;
} mcast_item;

struct mcast_q {
    mcast_item *v;
    size_t head, n, cap;
};

static mcast_q *q_new(void) { return (mcast_q *)calloc(1, sizeof(mcast_q)); }
static void q_clear(mcast_q *q) {
    for (size_t i = 0; i < q->n; i++) free(q->v[(q->head + i) % q->cap].data);
    q->head = q->n = 0;
}
static void q_del(mcast_q *q) {
    if (!q) return;
    q_clear(q);
    free(q->v);
    free(q);
}
static void q_push(mcast_q *q, const mcast_item *it) {
    if (q->n == q->cap) {
        size_t nc = q->cap ? 2 * q->cap : 64;
        mcast_item *nv = (mcast_item *)malloc(nc * sizeof *nv);
        if (!nv) abort();
        for (size_t i = 0; i < q->n; i++) nv[i] = q->v[(q->head + i) % q->cap];
        free(q->v);
        q->v = nv, q->cap = nc, q->head = 0;
    }
    q->v[(q->head + q->n) % q->cap] = *it;
    q->n++;
}
static int q_pop(mcast_q *q, mcast_item *it) {
    if (!q->n) return 0;
    *it = q->v[q->head];
    q->head = (q->head + 1) % q->cap;
    q->n--;
    return 1;
}

/* ---------------------------------------------------------------- helpers */
unsigned mcast_popcount16(unsigned v) {
    unsigned c = 0;
    for (unsigned i = 0; i < 16; i++) c += (v >> i) & 1u;
    return c;
}
static uint16_t be16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8), p[1] = (uint8_t)v; }
static void st(mcast_model *m, enum mcast_stat s, uint32_t n) { m->stat[s] += n; }

size_t mcast_build_enc(uint8_t *out, size_t cap, unsigned type, unsigned grp, unsigned mtid,
                       unsigned src_sw, unsigned dst_sw, unsigned root_sw, unsigned root_seq,
                       const mcast_rec *recs, unsigned nrec, const uint8_t *inner, size_t inner_len) {
    size_t len = MCAST_HDR_LEN + MCAST_REC_LEN * nrec + inner_len;
    if (len > cap) return 0;
    static const uint8_t mac[4] = {0x02, 0x4D, 0x43, 0x00}; /* locally administered, "MC" */
    memcpy(out, mac, 4), out[4] = 0, out[5] = (uint8_t)dst_sw;
    memcpy(out + 6, mac, 4), out[10] = 0, out[11] = (uint8_t)src_sw;
    put16(out + 12, MCAST_ETHERTYPE);
    out[14] = (uint8_t)((MCAST_VERSION << 4) | (type & 0xFu));
    out[15] = (uint8_t)grp;
    out[16] = (uint8_t)nrec;
    out[17] = (uint8_t)mtid;
    out[18] = (uint8_t)src_sw;
    out[19] = (uint8_t)dst_sw;
    out[20] = (uint8_t)root_sw;
    out[21] = 0;
    put16(out + 22, root_seq);
    put16(out + 24, (unsigned)inner_len);
    for (unsigned r = 0; r < nrec; r++) {
        uint8_t *p = out + MCAST_HDR_LEN + MCAST_REC_LEN * r;
        p[0] = recs[r].sw, p[1] = recs[r].size;
        put16(p + 2, recs[r].bmp);
    }
    memcpy(out + MCAST_HDR_LEN + MCAST_REC_LEN * nrec, inner, inner_len);
    return len;
}

void mcast_default_cfg(mcast_cfg *c) {
    c->num_ports = 8, c->num_isl = 4, c->num_groups = 16, c->num_sw = 16;
    c->max_rec = 8, c->mot = 4, c->dedup_ways = 2, c->max_len = 128;
}

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

void mcast_reset(mcast_model *m) {
    mcast_cfg c = m->cfg;
    uint8_t timed = m->timed;
    mcast_q *q[4] = {m->q_fab, m->q_loc, m->q_ocpl, m->q_fcpl};
    for (int i = 0; i < 4; i++) q_clear(q[i]);
    memset(m, 0, sizeof *m);
    m->cfg = c;
    m->timed = timed;
    m->q_fab = q[0], m->q_loc = q[1], m->q_ocpl = q[2], m->q_fcpl = q[3];
    m->link_up = (uint8_t)((1u << c.num_isl) - 1);
    m->t_local = 4, m->t_child = 32, m->max_retry = 2, m->dedup_age = 64;
}

int mcast_init(mcast_model *m, const mcast_cfg *c) {
    memset(m, 0, sizeof *m);
    if (!c || c->num_ports < 2 || c->num_ports > 8 || c->num_isl < 2 || c->num_isl > 4 ||
        !pow2(c->num_groups) || c->num_groups < 2 || c->num_groups > 64 || !pow2(c->num_sw) ||
        c->num_sw < 4 || c->num_sw > 64 || c->max_rec < 2 || c->max_rec > 8 || c->mot < 2 || !pow2(c->mot) ||
        c->mot > 8 || c->dedup_ways < 1 || c->dedup_ways > 4 || c->max_len < 16 || c->max_len > 256 ||
        c->max_len % 8)
        return MCAST_EINVAL;
    m->cfg = *c;
    m->q_fab = q_new(), m->q_loc = q_new(), m->q_ocpl = q_new(), m->q_fcpl = q_new();
    if (!m->q_fab || !m->q_loc || !m->q_ocpl || !m->q_fcpl) {
        mcast_free(m);
        return MCAST_ENOMEM;
    }
    mcast_reset(m);
    return MCAST_OK;
}

void mcast_free(mcast_model *m) {
    q_del(m->q_fab), q_del(m->q_loc), q_del(m->q_ocpl), q_del(m->q_fcpl);
    m->q_fab = m->q_loc = m->q_ocpl = m->q_fcpl = NULL;
}

/* buffer bytes of the RTL: largest frame accepted on s_axis_fab */
static unsigned buf_bytes(const mcast_cfg *c) {
    return (c->max_len + MCAST_HDR_LEN + MCAST_REC_LEN * c->max_rec + 7u) & ~7u;
}

/* ---------------------------------------------------------------- CSRs */
static int csr_kind(const mcast_model *m, uint32_t a, int write) {
    /* 0 unmapped, 1 RW, 2 RO */
    const mcast_cfg *c = &m->cfg;
    if (a & 3u) return 0;
    if (a <= MCAST_CSR_DEDUP_AGE) return a == MCAST_CSR_ID ? 2 : 1;   /* ID, SWITCH .. DEDUP_AGE */
    if (a == MCAST_CSR_PARAMS || a == MCAST_CSR_ROOT_SEQ || a == MCAST_CSR_MOT_VALID) return 2;
    if (a >= MCAST_CSR_STAT && a < MCAST_CSR_STAT_I(MCAST_S_NUM)) return 2;
    if (a >= MCAST_CSR_GROUP && a < MCAST_CSR_GRP_CTRL(c->num_groups)) return 1;
    if (a >= MCAST_CSR_TREE && a < MCAST_CSR_TREE_REC(c->num_groups, 0))
        return ((a - MCAST_CSR_TREE) % MCAST_TREE_STRIDE) / MCAST_REC_STRIDE < c->max_rec ? 1 : 0;
    if (a >= MCAST_CSR_ROUTE && a < MCAST_CSR_ROUTE_S(c->num_sw)) return 1;
    (void)write;
    return 0;
}

int mcast_csr_read_err(const mcast_model *m, uint32_t a) { return csr_kind(m, a, 0) == 0; }

uint32_t mcast_csr_read(const mcast_model *m, uint32_t a) {
    const mcast_cfg *c = &m->cfg;
    if (csr_kind(m, a, 0) == 0) return 0;
    switch (a) {
        case MCAST_CSR_ID: return MCAST_PE__ID__ID_reset;
        case MCAST_CSR_SWITCH: return m->my_sw;
        case MCAST_CSR_LINK_UP: return m->link_up;
        case MCAST_CSR_T_LOCAL: return m->t_local;
        case MCAST_CSR_T_CHILD: return m->t_child;
        case MCAST_CSR_MAX_RETRY: return m->max_retry;
        case MCAST_CSR_DEDUP_AGE: return m->dedup_age;
        case MCAST_CSR_PARAMS:
            return ((uint32_t)c->mot << MCAST_PE__PARAMS__MOT_bp & MCAST_PE__PARAMS__MOT_bm) |
                   ((uint32_t)c->max_rec << MCAST_PE__PARAMS__MAX_REC_bp & MCAST_PE__PARAMS__MAX_REC_bm) |
                   ((uint32_t)c->num_sw << MCAST_PE__PARAMS__NUM_SW_bp & MCAST_PE__PARAMS__NUM_SW_bm) |
                   ((uint32_t)c->num_groups << MCAST_PE__PARAMS__NUM_GROUPS_bp & MCAST_PE__PARAMS__NUM_GROUPS_bm) |
                   ((uint32_t)c->num_isl << MCAST_PE__PARAMS__NUM_ISL_bp & MCAST_PE__PARAMS__NUM_ISL_bm) |
                   ((uint32_t)c->num_ports << MCAST_PE__PARAMS__NUM_PORTS_bp & MCAST_PE__PARAMS__NUM_PORTS_bm);
        case MCAST_CSR_ROOT_SEQ: return m->root_seq;
        case MCAST_CSR_MOT_VALID: {
            uint32_t v = 0;
            for (unsigned e = 0; e < c->mot; e++) v |= (uint32_t)m->mot[e].valid << e;
            return v;
        }
        default: break;
    }
    if (a >= MCAST_CSR_STAT && a < MCAST_CSR_GROUP) return m->stat[(a - MCAST_CSR_STAT) / MCAST_STAT_STRIDE];
    if (a >= MCAST_CSR_GROUP && a < MCAST_CSR_TREE) {
        unsigned g = (a - MCAST_CSR_GROUP) / MCAST_GRP_STRIDE;
        return (a - MCAST_CSR_GROUP) % MCAST_GRP_STRIDE == MCAST_GRP_NREC
                   ? (uint32_t)m->tree_nrec[g] << MCAST_PE__GRP__NREC__NREC_bp
                   : MCAST_GRP_CTRL_VAL(m->grp_valid[g], m->grp_member[g]);
    }
    if (a >= MCAST_CSR_TREE && a < MCAST_CSR_ROUTE) {
        unsigned g = (a - MCAST_CSR_TREE) / MCAST_TREE_STRIDE;
        unsigned r = ((a - MCAST_CSR_TREE) % MCAST_TREE_STRIDE) / MCAST_REC_STRIDE;
        return m->tree[g][r];
    }
    return m->route[(a - MCAST_CSR_ROUTE) / MCAST_ROUTE_STRIDE];   /* stored as the register image */
}

int mcast_csr_write(mcast_model *m, uint32_t a, uint32_t d, unsigned wstrb) {
    const mcast_cfg *c = &m->cfg;
    if (csr_kind(m, a, 1) != 1) return MCAST_CSR_ERR;
    uint32_t old = mcast_csr_read(m, a), mask = 0;
    for (unsigned b = 0; b < 4; b++)
        if (wstrb >> b & 1u) mask |= 0xFFu << (8 * b);
    uint32_t v = (old & ~mask) | (d & mask);
#define FIELD(v, F) (((v) & F##_bm) >> F##_bp)
    switch (a) {
        case MCAST_CSR_SWITCH: m->my_sw = (uint8_t)FIELD(v, MCAST_PE__SWITCH__ID); return MCAST_OK;
        case MCAST_CSR_LINK_UP:
            m->link_up = (uint8_t)(FIELD(v, MCAST_PE__LINK_UP__UP) & ((1u << c->num_isl) - 1));
            return MCAST_OK;
        case MCAST_CSR_T_LOCAL: m->t_local = (uint16_t)FIELD(v, MCAST_PE__T_LOCAL__TICKS); return MCAST_OK;
        case MCAST_CSR_T_CHILD: m->t_child = (uint16_t)FIELD(v, MCAST_PE__T_CHILD__TICKS); return MCAST_OK;
        case MCAST_CSR_MAX_RETRY: m->max_retry = (uint8_t)FIELD(v, MCAST_PE__MAX_RETRY__N); return MCAST_OK;
        case MCAST_CSR_DEDUP_AGE: m->dedup_age = (uint16_t)FIELD(v, MCAST_PE__DEDUP_AGE__TICKS); return MCAST_OK;
        default: break;
    }
    if (a >= MCAST_CSR_GROUP && a < MCAST_CSR_TREE) {
        unsigned g = (a - MCAST_CSR_GROUP) / MCAST_GRP_STRIDE;
        if ((a - MCAST_CSR_GROUP) % MCAST_GRP_STRIDE == MCAST_GRP_NREC)
            m->tree_nrec[g] = (uint8_t)FIELD(v, MCAST_PE__GRP__NREC__NREC);
        else {
            m->grp_valid[g] = (uint8_t)FIELD(v, MCAST_PE__GRP__CTRL__VALID);
            m->grp_member[g] = (uint16_t)(FIELD(v, MCAST_PE__GRP__CTRL__MEMBER) & ((1u << c->num_ports) - 1));
        }
        return MCAST_OK;
    }
    if (a >= MCAST_CSR_TREE && a < MCAST_CSR_ROUTE) {
        unsigned g = (a - MCAST_CSR_TREE) / MCAST_TREE_STRIDE;
        unsigned r = ((a - MCAST_CSR_TREE) % MCAST_TREE_STRIDE) / MCAST_REC_STRIDE;
        m->tree[g][r] = v;
        return MCAST_OK;
    }
#undef FIELD
    m->route[(a - MCAST_CSR_ROUTE) / MCAST_ROUTE_STRIDE] = (uint16_t)(v & MCAST_ROUTE_MASK);   /* register image */
    return MCAST_OK;
}

/* ---------------------------------------------------------------- emission */
static void emit_fab(mcast_model *m, const uint8_t *f, size_t len, unsigned isl) {
    mcast_item it;
    memset(&it, 0, sizeof it);
    it.data = (uint8_t *)malloc(len ? len : 1);
    if (!it.data) abort();
    memcpy(it.data, f, len);
    it.len = (uint16_t)len, it.user = isl;
    q_push(m->q_fab, &it);
    st(m, MCAST_S_TX_FAB, 1);
}
static void emit_loc(mcast_model *m, const uint8_t *f, size_t len, unsigned user) {
    mcast_item it;
    memset(&it, 0, sizeof it);
    it.data = (uint8_t *)malloc(len ? len : 1);
    if (!it.data) abort();
    memcpy(it.data, f, len);
    it.len = (uint16_t)len, it.user = user;
    q_push(m->q_loc, &it);
    st(m, MCAST_S_TX_LOC, 1);
}
static void emit_ocpl(mcast_model *m, unsigned port, unsigned tag, unsigned status, unsigned n_ok,
                      unsigned n_fail, unsigned fail_bmp) {
    mcast_item it;
    memset(&it, 0, sizeof it);
    it.o.port = (uint8_t)port, it.o.tag = (uint8_t)tag, it.o.status = (uint8_t)status;
    it.o.n_ok = (uint8_t)n_ok, it.o.n_fail = (uint8_t)n_fail, it.o.fail_bmp = (uint8_t)fail_bmp;
    q_push(m->q_ocpl, &it);
    st(m, MCAST_S_OCPL, 1);
}
static void emit_fcpl(mcast_model *m, unsigned dst, unsigned mtid, unsigned status, unsigned n_ok,
                      unsigned n_fail) {
    mcast_item it;
    memset(&it, 0, sizeof it);
    it.f.dst_sw = (uint8_t)dst, it.f.src_sw = m->my_sw, it.f.mtid = (uint8_t)mtid;
    it.f.status = (uint8_t)status, it.f.n_ok = (uint8_t)n_ok, it.f.n_fail = (uint8_t)n_fail;
    q_push(m->q_fcpl, &it);
    st(m, MCAST_S_FCPL, 1);
}

static unsigned mtid_of(const mcast_model *m, unsigned e) { return (unsigned)(m->mot[e].gen & 0xFu) << 4 | e; }

static unsigned outstanding(const mcast_mot_entry *x) { return x->pend_local | x->pend_child; }

static void complete(mcast_model *m, unsigned e) {
    mcast_mot_entry *x = &m->mot[e];
    unsigned status = x->n_fail ? MCAST_ST_CA : MCAST_ST_SC;
    if (x->relay) emit_fcpl(m, x->parent_sw, x->parent_mtid, status, x->n_ok, x->n_fail);
    else emit_ocpl(m, x->orig_port, x->orig_tag, status, x->n_ok, x->n_fail, x->fail_bmp);
    x->valid = 0;
    x->gen = (uint8_t)((x->gen + 1u) & 0xFu);
}

/* An entry with nothing outstanding completes: at once, or (timed mode) when the harness sees
 * the RTL build the completion (mcast_step_cple). */
static void complete_or_defer(mcast_model *m, unsigned e) {
    if (m->timed) m->cple_on = 1, m->cple_e = (uint8_t)e;
    else complete(m, e);
}

/* Validation of a switch list whose record 0 must be this switch (root or relay). Returns
 * MCAST_S_NUM when valid, else the counter that names the outcome. starts: bit r = a child
 * subtree starts at record r. */
static enum mcast_stat check_recs(const mcast_model *m, const mcast_rec *R, unsigned nrec, unsigned root_sw,
                                  unsigned *starts) {
    const mcast_cfg *c = &m->cfg;
    *starts = 0;
    if (nrec == 0 || nrec > c->max_rec) return MCAST_S_MALFORMED;
    if (R[0].sw != m->my_sw || R[0].size != nrec) return MCAST_S_MALFORMED;
    unsigned pos = 1;
    for (unsigned k = 1; k < c->max_rec; k++) {
        if (k == pos && k < nrec) {
            if (R[k].size == 0 || k + R[k].size > nrec) return MCAST_S_MALFORMED;
            *starts |= 1u << k;
            pos = k + R[k].size;
        }
    }
    for (unsigned r = 1; r < nrec; r++) {
        if (R[r].sw >= c->num_sw) return MCAST_S_UNKNOWN_SW;
        if ((*starts >> r & 1u) && !(m->route[R[r].sw] & 1u)) return MCAST_S_UNKNOWN_SW;
    }
    for (unsigned r = 1; r < nrec; r++) {
        if (R[r].sw == m->my_sw || R[r].sw == root_sw) return MCAST_S_LOOP;
        for (unsigned q = r + 1; q < nrec; q++)
            if (R[r].sw == R[q].sw) return MCAST_S_LOOP;
    }
    return MCAST_S_NUM;
}

static unsigned decl_of(const mcast_rec *R, unsigned from, unsigned n) {
    unsigned d = 0;
    for (unsigned r = from; r < from + n; r++) d += mcast_popcount16(R[r].bmp);
    return d;
}

static int free_entry(const mcast_model *m) {
    for (unsigned e = 0; e < m->cfg.mot; e++)
        if (!m->mot[e].valid) return (int)e;
    return -1;
}

/* Replication common to root and relay (note §4.6 A.5-A.8 / B.4-B.7). e < 0: posted. In the
 * RTL's order: the local copies (ST_CHECK), then one copy per child subtree (ST_RCH, one a cycle),
 * then the end of the multicast (ST_REND). Per output port the order is the same as any other. */
static void rch_child(mcast_model *m, unsigned k) {
    uint8_t out[1024];
    const int e = m->rch_e;
    mcast_mot_entry *x = e >= 0 ? &m->mot[e] : NULL;
    const mcast_rec *R = m->rch_R;
    unsigned s = R[k].size, decl = decl_of(R, k, s), r = m->route[R[k].sw];
    unsigned prim = (r >> 4) & 3u, alt = (r >> 8) & 3u, isl;
    if (m->link_up >> prim & 1u) isl = prim;
    else if ((r & 2u) && (m->link_up >> alt & 1u)) {
        isl = alt;
        st(m, MCAST_S_REROUTE, 1);
    } else {
        st(m, MCAST_S_NOROUTE, 1);
        if (x) x->n_fail = (uint8_t)(x->n_fail + decl);
        return;
    }
    size_t n = mcast_build_enc(out, sizeof out, m->rch_np, m->rch_grp, x ? mtid_of(m, (unsigned)e) : 0, m->my_sw,
                               R[k].sw, m->rch_root, m->rch_seq, R + k, s, m->rch_frame, m->rch_len);
    emit_fab(m, out, n, isl);
    if (x) {
        x->ch_sw[x->nch] = R[k].sw, x->ch_decl[x->nch] = (uint8_t)decl;
        x->pend_child |= (uint8_t)(1u << x->nch);
        x->nch++;
    }
}

static void rch_end(mcast_model *m) {
    m->rch_on = 0;
    if (m->rch_e >= 0 && !outstanding(&m->mot[m->rch_e])) complete_or_defer(m, (unsigned)m->rch_e);
}

int mcast_step_rch(mcast_model *m) {
    if (!m->rch_on) return 0;
    unsigned k = 1;
    while (k < MCAST_MAX_REC && !(m->rch_starts >> k & 1u)) k++;
    if (k < MCAST_MAX_REC) {
        m->rch_starts = (uint8_t)(m->rch_starts & ~(1u << k));
        rch_child(m, k);
    }
    if (!m->rch_starts) rch_end(m);
    return 1;
}

static void replicate(mcast_model *m, int e, unsigned np, unsigned grp, unsigned root_sw, unsigned seq,
                      const mcast_rec *R, unsigned nrec, unsigned starts, unsigned local_tgt,
                      const uint8_t *inner, size_t ilen) {
    mcast_mot_entry *x = e >= 0 ? &m->mot[e] : NULL;
    for (unsigned p = 0; p < m->cfg.num_ports; p++) {
        if (!(local_tgt >> p & 1u)) continue;
        unsigned user = p | (x ? (mtid_of(m, (unsigned)e) << 3 | 0x800u) : 0u);
        emit_loc(m, inner, ilen, user);
        if (x) x->pend_local |= (uint8_t)(1u << p), x->retry[p] = 0;
    }
    m->rch_e = (int8_t)e, m->rch_np = (uint8_t)np, m->rch_grp = (uint8_t)grp, m->rch_root = (uint8_t)root_sw;
    m->rch_seq = (uint16_t)seq, m->rch_nrec = (uint8_t)nrec, m->rch_starts = (uint8_t)starts;
    memcpy(m->rch_R, R, sizeof m->rch_R);
    m->rch_len = (uint16_t)(ilen < sizeof m->rch_frame ? ilen : sizeof m->rch_frame);
    memcpy(m->rch_frame, inner, m->rch_len);
    m->rch_on = 1;
    if (!m->rch_starts) rch_end(m);
    else if (!m->timed)
        while (m->rch_on) mcast_step_rch(m);
}

static void alloc_entry(mcast_model *m, unsigned e, unsigned relay, unsigned grp, const uint8_t *inner, size_t ilen) {
    mcast_mot_entry *x = &m->mot[e];
    uint8_t gen = x->gen;
    memset(x, 0, sizeof *x);
    x->gen = gen, x->valid = 1, x->relay = (uint8_t)relay, x->grp = (uint8_t)grp;
    memcpy(x->frame, inner, ilen);
    x->frame_len = (uint16_t)ilen;
}

void mcast_push_loc(mcast_model *m, const uint8_t *f, size_t len, unsigned tuser) {
    const mcast_cfg *c = &m->cfg;
    unsigned port = tuser & 7u, np = (tuser >> 3) & 1u, tag = (tuser >> 4) & 0xFFu;
    st(m, MCAST_S_RX_LOC, 1);
    if (len > c->max_len) {
        st(m, MCAST_S_OVERSIZE, 1);
        if (np) emit_ocpl(m, port, tag, MCAST_ST_UR, 0, 0, 0);
        return;
    }
    if (len < MCAST_ETH_LEN || !(f[0] & 1u)) {
        st(m, MCAST_S_MALFORMED, 1);
        if (np) emit_ocpl(m, port, tag, MCAST_ST_UR, 0, 0, 0);
        return;
    }
    unsigned grp = f[5];
    if (grp >= c->num_groups || !m->grp_valid[grp]) {
        st(m, MCAST_S_UNKNOWN_GROUP, 1);
        if (np) emit_ocpl(m, port, tag, MCAST_ST_UR, 0, 0, 0);
        return;
    }
    mcast_rec R[MCAST_MAX_REC];
    for (unsigned r = 0; r < c->max_rec; r++)
        R[r].sw = (uint8_t)(m->tree[grp][r] >> 24), R[r].size = (uint8_t)(m->tree[grp][r] >> 16),
        R[r].bmp = (uint16_t)m->tree[grp][r];
    unsigned nrec = m->tree_nrec[grp], starts;
    enum mcast_stat bad = check_recs(m, R, nrec, m->my_sw, &starts);
    if (bad != MCAST_S_NUM) {
        st(m, bad, 1);
        if (np) emit_ocpl(m, port, tag, MCAST_ST_UR, 0, 0, 0);
        return;
    }
    unsigned seq = m->root_seq;
    m->root_seq = (uint16_t)(m->root_seq + 1u);
    /* own key into the duplicate filter (a reflected copy coming back is dropped) */
    unsigned w = m->dedup_rr[grp];
    m->dedup[grp][w].valid = 1, m->dedup[grp][w].sw = m->my_sw, m->dedup[grp][w].seq = (uint16_t)seq;
    m->dedup[grp][w].age = 0;
    m->dedup_rr[grp] = (uint8_t)((w + 1u) % c->dedup_ways);
    unsigned local_tgt = m->grp_member[grp] & ~(1u << port) & ((1u << c->num_ports) - 1);
    int e = -1;
    if (np) {
        e = free_entry(m);
        if (e < 0) {
            st(m, MCAST_S_MOT_FULL, 1);
            emit_ocpl(m, port, tag, MCAST_ST_BUSY, 0, mcast_popcount16(local_tgt) + decl_of(R, 1, nrec - 1), 0);
            return;
        }
        alloc_entry(m, (unsigned)e, 0, grp, f, len);
        m->mot[e].orig_port = (uint8_t)port, m->mot[e].orig_tag = (uint8_t)tag;
    }
    replicate(m, e, np, grp, m->my_sw, seq, R, nrec, starts, local_tgt, f, len);
}

void mcast_push_fab(mcast_model *m, const uint8_t *f, size_t len) {
    const mcast_cfg *c = &m->cfg;
    st(m, MCAST_S_RX_FAB, 1);
    if (len > buf_bytes(c)) {
        st(m, MCAST_S_OVERSIZE, 1);
        return;
    }
    if (len < MCAST_HDR_LEN || be16(f + 12) != MCAST_ETHERTYPE || (f[14] >> 4) != MCAST_VERSION ||
        (f[14] & 0xFu) > MCAST_TYPE_NP || f[19] != m->my_sw) {
        st(m, MCAST_S_MALFORMED, 1);
        return;
    }
    unsigned np = f[14] & 1u, grp = f[15], nrec = f[16], mtid = f[17], src = f[18], root = f[20];
    unsigned seq = be16(f + 22), ilen = be16(f + 24);
    if (grp >= c->num_groups || !m->grp_valid[grp]) {
        st(m, MCAST_S_UNKNOWN_GROUP, 1);
        return;
    }
    if (nrec == 0 || nrec > c->max_rec || ilen == 0 || len != MCAST_HDR_LEN + MCAST_REC_LEN * nrec + ilen) {
        st(m, MCAST_S_MALFORMED, 1);
        return;
    }
    mcast_rec R[MCAST_MAX_REC];
    memset(R, 0, sizeof R);
    for (unsigned r = 0; r < nrec; r++) {
        const uint8_t *p = f + MCAST_HDR_LEN + MCAST_REC_LEN * r;
        R[r].sw = p[0], R[r].size = p[1], R[r].bmp = be16(p + 2);
    }
    unsigned starts;
    enum mcast_stat bad = check_recs(m, R, nrec, root, &starts);
    if (bad != MCAST_S_NUM) {
        st(m, bad, 1);
        return;
    }
    for (unsigned w = 0; w < c->dedup_ways; w++) {
        const mcast_dedup_entry *d = &m->dedup[grp][w];
        if (d->valid && d->sw == root && d->seq == seq) {
            st(m, MCAST_S_DUP_DROP, 1);
            return;
        }
    }
    unsigned w = m->dedup_rr[grp];
    m->dedup[grp][w].valid = 1, m->dedup[grp][w].sw = (uint8_t)root, m->dedup[grp][w].seq = (uint16_t)seq;
    m->dedup[grp][w].age = 0;
    m->dedup_rr[grp] = (uint8_t)((w + 1u) % c->dedup_ways);
    const uint8_t *inner = f + MCAST_HDR_LEN + MCAST_REC_LEN * nrec;
    unsigned local_tgt = R[0].bmp & m->grp_member[grp] & ((1u << c->num_ports) - 1);
    unsigned notmem = mcast_popcount16(R[0].bmp & ~local_tgt);
    st(m, MCAST_S_NOT_MEMBER, notmem);
    int e = -1;
    if (np) {
        e = free_entry(m);
        if (e < 0) {
            st(m, MCAST_S_MOT_FULL, 1);
            emit_fcpl(m, src, mtid, MCAST_ST_BUSY, 0, decl_of(R, 0, nrec));
            return;
        }
        alloc_entry(m, (unsigned)e, 1, grp, inner, ilen);
        m->mot[e].parent_sw = (uint8_t)src, m->mot[e].parent_mtid = (uint8_t)mtid;
        m->mot[e].n_fail = (uint8_t)notmem;
    }
    replicate(m, e, np, grp, root, seq, R, nrec, starts, local_tgt, inner, ilen);
}

void mcast_push_lcpl(mcast_model *m, unsigned port, unsigned mtid, unsigned ok) {
    unsigned e = mtid & 0xFu, gen = (mtid >> 4) & 0xFu;
    port &= 7u;
    mcast_mot_entry *x = e < m->cfg.mot ? &m->mot[e] : NULL;
    if (!x || !x->valid || x->gen != gen || !(x->pend_local >> port & 1u)) {
        st(m, MCAST_S_STALE_CPL, 1);
        return;
    }
    st(m, MCAST_S_LCPL_RX, 1);
    x->pend_local &= (uint8_t)~(1u << port);
    if (ok & 1u) x->n_ok++;
    else x->n_fail++, x->fail_bmp |= (uint8_t)(1u << port);
    if (!outstanding(x)) complete_or_defer(m, e);
}

void mcast_push_fcpl(mcast_model *m, const mcast_fcpl *c) {
    unsigned e = c->mtid & 0xFu, gen = (c->mtid >> 4) & 0xFu;
    mcast_mot_entry *x = e < m->cfg.mot ? &m->mot[e] : NULL;
    int ch = -1;
    if (x && x->valid && x->gen == gen)
        for (unsigned k = 0; k < x->nch; k++)
            if ((x->pend_child >> k & 1u) && x->ch_sw[k] == c->src_sw) {
                ch = (int)k;
                break;
            }
    if (ch < 0) {
        st(m, MCAST_S_STALE_CPL, 1);
        return;
    }
    st(m, MCAST_S_FCPL_RX, 1);
    unsigned decl = x->ch_decl[ch], ok = c->n_ok, fail = c->n_fail;
    if (ok + fail != decl) {
        st(m, MCAST_S_PROTO_ERR, 1);
        if (ok > decl) ok = decl;
        fail = decl - ok;
    }
    x->pend_child &= (uint8_t)~(1u << ch);
    x->n_ok = (uint8_t)(x->n_ok + ok), x->n_fail = (uint8_t)(x->n_fail + fail);
    if (!outstanding(x)) complete_or_defer(m, e);
}

/* one MOT entry's share of a tick (RTL: its ST_TICK cycle) */
static void tick_entry(mcast_model *m, unsigned e) {
    const mcast_cfg *c = &m->cfg;
    mcast_mot_entry *x = &m->mot[e];
    if (x->t_local != 0xFFFFu) x->t_local++;
    if (x->t_child != 0xFFFFu) x->t_child++;
    if (x->pend_local && x->t_local >= m->t_local) {
        x->t_local = 0;
        for (unsigned p = 0; p < c->num_ports; p++) {
            if (!(x->pend_local >> p & 1u)) continue;
            if (x->retry[p] < m->max_retry) {
                x->retry[p]++;
                st(m, MCAST_S_RETRY, 1);
                emit_loc(m, x->frame, x->frame_len, p | mtid_of(m, e) << 3 | 0x800u);
            } else {
                x->pend_local &= (uint8_t)~(1u << p);
                x->n_fail++, x->fail_bmp |= (uint8_t)(1u << p);
                st(m, MCAST_S_TIMEOUT, 1);
            }
        }
    }
    if (x->pend_child && x->t_child >= m->t_child) {
        for (unsigned k = 0; k < x->nch; k++)
            if (x->pend_child >> k & 1u) {
                x->n_fail = (uint8_t)(x->n_fail + x->ch_decl[k]);
                st(m, MCAST_S_CHILD_TIMEOUT, 1);
            }
        x->pend_child = 0;
    }
    if (!outstanding(x)) complete_or_defer(m, e);
}

static int tick_due(const mcast_model *m) { /* next valid entry the tick still visits, -1 none */
    if (!m->tick_on) return -1;
    for (unsigned e = m->tick_next; e < m->cfg.mot; e++)
        if (m->mot[e].valid) return (int)e;
    return -1;
}

void mcast_push_tick(mcast_model *m) {
    const mcast_cfg *c = &m->cfg;
    for (unsigned g = 0; g < c->num_groups; g++)
        for (unsigned w = 0; w < c->dedup_ways; w++) {
            mcast_dedup_entry *d = &m->dedup[g][w];
            if (!d->valid) continue;
            if (d->age != 0xFFFFu) d->age++;
            if (d->age >= m->dedup_age) d->valid = 0;
        }
    m->tick_on = 1, m->tick_next = 0;
    if (!m->timed)
        for (unsigned e = 0; e < c->mot; e++) {
            if (m->mot[e].valid) tick_entry(m, e);
        }
    if (m->timed && tick_due(m) >= 0) return;
    m->tick_on = 0;
}

int mcast_step_tick(mcast_model *m) {
    int e = tick_due(m);
    if (e < 0) {
        m->tick_on = 0;
        return -1;
    }
    m->tick_next = (uint8_t)(e + 1);
    tick_entry(m, (unsigned)e);
    if (tick_due(m) < 0) m->tick_on = 0;
    return e;
}

int mcast_step_cple(mcast_model *m) {
    if (!m->cple_on) return -1;
    m->cple_on = 0;
    complete(m, m->cple_e);
    return m->cple_e;
}

void mcast_set_timed(mcast_model *m, int on) { m->timed = on ? 1u : 0u; }

unsigned mcast_timed_pending(const mcast_model *m) {
    return (m->rch_on ? 1u : 0u) | (tick_due(m) >= 0 ? 2u : 0u) | (m->cple_on ? 4u : 0u);
}

/* ---------------------------------------------------------------- outputs */
int mcast_pop_fab(mcast_model *m, uint8_t *buf, size_t cap, size_t *len, unsigned *isl) {
    mcast_item it;
    if (!q_pop(m->q_fab, &it)) return 0;
    memcpy(buf, it.data, it.len < cap ? it.len : cap);
    *len = it.len, *isl = it.user;
    free(it.data);
    return 1;
}
int mcast_pop_loc(mcast_model *m, uint8_t *buf, size_t cap, size_t *len, unsigned *tuser) {
    mcast_item it;
    if (!q_pop(m->q_loc, &it)) return 0;
    memcpy(buf, it.data, it.len < cap ? it.len : cap);
    *len = it.len, *tuser = it.user;
    free(it.data);
    return 1;
}
int mcast_pop_ocpl(mcast_model *m, mcast_ocpl *c) {
    mcast_item it;
    if (!q_pop(m->q_ocpl, &it)) return 0;
    *c = it.o;
    return 1;
}
int mcast_pop_fcpl(mcast_model *m, mcast_fcpl *c) {
    mcast_item it;
    if (!q_pop(m->q_fcpl, &it)) return 0;
    *c = it.f;
    return 1;
}
size_t mcast_pending(const mcast_model *m) { return m->q_fab->n + m->q_loc->n + m->q_ocpl->n + m->q_fcpl->n; }

uint32_t mcast_stat(const mcast_model *m, enum mcast_stat s) { return s < MCAST_S_NUM ? m->stat[s] : 0; }

const char *mcast_stat_name(enum mcast_stat s) {
    static const char *n[MCAST_S_NUM] = {
        "rx_loc", "rx_fab", "tx_fab", "tx_loc", "ocpl", "fcpl", "lcpl_rx", "fcpl_rx", "unknown_group",
        "malformed", "loop", "unknown_sw", "noroute", "dup_drop", "stale_cpl", "mot_full", "retry",
        "timeout", "child_timeout", "reroute", "oversize", "not_member", "proto_err"};
    return s < MCAST_S_NUM ? n[s] : "?";
}
