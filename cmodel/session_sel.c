/*
 * session_sel.c - bit-accurate C11 golden model of the `session_sel` block.
 * Contract: docs/session_sel.md; API and field widths: session_sel.h.
 * Every arithmetic rule here is mirrored line for line by rtl/session_sel/session_sel.v
 * (the same evaluation order inside one clock cycle, section 7 of the doc).
 */
#include "session_sel.h"

#include <string.h>

static unsigned ilog2(unsigned v) {
    unsigned r = 0;
    while ((1u << r) < v) r++;
    return r;
}
static int pow2_in(unsigned v, unsigned lo, unsigned hi) {
    return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

int session_sel_init(struct session_sel_model *m, const struct ss_cfg *cfg) {
    if (!m || !cfg) return SS_EINVAL;
    if (!pow2_in(cfg->max_sessions, 2, SS_MAX_SESS) || !pow2_in(cfg->num_groups, 2, SS_MAX_GROUPS) ||
        !pow2_in(cfg->num_qps, 2, SS_MAX_QPS))
        return SS_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->sw = ilog2(cfg->max_sessions);
    m->gw = ilog2(cfg->num_groups);
    m->qw = ilog2(cfg->num_qps);
    session_sel_reset(m);
    return SS_OK;
}

void session_sel_reset(struct session_sel_model *m) {
    const struct ss_cfg c = m->cfg;
    const unsigned sw = m->sw, gw = m->gw, qw = m->qw;
    memset(m, 0, sizeof *m);
    m->cfg = c, m->sw = sw, m->gw = gw, m->qw = qw;
    /* reset values (section 8, rdl/session_sel.rdl): registers kept as their images */
    m->tick_p = SS_RESET(TICK, PERIOD);                                   /* 63 */
    m->engine = SS_RESET(ENGINE, G) | SS_RESET(ENGINE, W_MIN);            /* G = 4, W_MIN = 1 */
    m->rtt_cfg = SS_RESET(RTT_CFG, K_RTT) | SS_RESET(RTT_CFG, S_RTT);     /* K = 64, S = 4 */
    m->tos = SS_RESET(TOS, AR_DSCP) | SS_RESET(TOS, DEF_DSCP) | SS_RESET(TOS, ECN);   /* ECN = ECT(0) */
    m->drain_to = SS_RESET(DRAIN_TO, TICKS);                              /* 16 */
    m->hold = SS_RESET(HOLD, TICKS);                                      /* 8 */
    m->thresh = SS_RESET(THRESH, T_HI) | SS_RESET(THRESH, T_LO);          /* 768, 128 */
    m->evcfg = SS_RESET(EVCFG, K_ADD) | SS_RESET(EVCFG, K_REM) | SS_RESET(EVCFG, N_MIN) |
               SS_RESET(EVCFG, H);                                        /* events off until software sets K */
}

void session_sel_free(struct session_sel_model *m) {
    if (m) memset(m, 0, sizeof *m);
}

/* 16-bit bijective mixer (section 3.2): xorshift / odd multiply, all mod 2^16. */
uint32_t session_sel_mix16(uint32_t x) {
    x &= 0xffffu;
    x ^= x >> 8;
    x = (x * 0xa3b5u) & 0xffffu;
    x ^= x >> 7;
    x = (x * 0x6c4du) & 0xffffu;
    x ^= x >> 9;
    return x;
}

uint32_t session_sel_cong(const struct session_sel_model *m, unsigned t) {
    const struct ss_sess *s = &m->s[t];
    return s->alpha > s->crtt ? s->alpha : s->crtt;
}

uint32_t session_sel_weight(const struct session_sel_model *m, unsigned t) {
    const struct ss_sess *s = &m->s[t];
    const struct ss_grp *g = &m->grp[t >> m->sw];
    uint32_t w;
    if (g->sw_w) {
        w = s->wsw;
    } else {
        const uint32_t wmin = SS_FIELD(m->engine, ENGINE, W_MIN), wmin_eff = wmin ? wmin : 1u;
        const uint32_t raw = 255u - (session_sel_cong(m, t) >> 2);
        w = raw > wmin_eff ? raw : wmin_eff;
    }
    return (s->state == SS_ACTIVE) ? w : 0u;
}

/* Section 3.3: weighted hash over the group's eligible sessions, or the lowest-weight mode.
 * Returns the session index in the group, or -1 when no session is eligible. */
static int select_sess(const struct session_sel_model *m, unsigned g, uint32_t hkey, unsigned mode) {
    const unsigned ns = m->cfg.max_sessions, base = g << m->sw;
    if (mode == SS_MODE_LOWEST) {
        int best = -1;
        uint32_t bw = 0;
        for (unsigned i = 0; i < ns; i++) {
            const uint32_t w = session_sel_weight(m, base + i);
            if (w > bw) bw = w, best = (int)i;
        }
        return best;
    }
    uint32_t tot = 0;
    for (unsigned i = 0; i < ns; i++) tot += session_sel_weight(m, base + i);
    if (tot == 0) return -1;
    const uint32_t k16 = (hkey ^ (hkey >> 16) ^ m->grp[g].seed) & 0xffffu;
    const uint32_t u = session_sel_mix16(k16);
    const uint32_t t = (u * tot) >> 16;
    uint32_t pre = 0;
    for (unsigned i = 0; i < ns; i++) {
        pre += session_sel_weight(m, base + i);
        if (t < pre) return (int)i;
    }
    return -1; /* unreachable: t < tot */
}

static void ctr_inc(struct session_sel_model *m, enum ss_ctr c) { m->ctr[c]++; }

int session_sel_push_desc(struct session_sel_model *m, const struct ss_desc *d) {
    if (m->oq_n >= SS_QDEPTH) return SS_EFULL;
    const uint32_t q = d->qp & (m->cfg.num_qps - 1u);
    struct ss_qp *qp = &m->qp[q];
    const uint32_t g = SS_FIELD(qp->ctrl, QP_CTRL, GROUP) & (m->cfg.num_groups - 1u);
    const unsigned gran = SS_FIELD(qp->ctrl, QP_CTRL, GRAN), mode = SS_FIELD(qp->ctrl, QP_CTRL, MODE),
                   ar = SS_FIELD(qp->ctrl, QP_CTRL, AR);
    struct ss_out o;
    memset(&o, 0, sizeof o);
    o.qp = q, o.group = g, o.dest_qpn = d->dest_qpn & 0xffffffu, o.key = d->key;
    o.first = d->first & 1u, o.len = d->len & 0xffffu;
    if (!SS_FIELD(qp->ctrl, QP_CTRL, VALID)) {
        o.status = SS_ST_QP_INVALID;
        ctr_inc(m, SS_CTR_QP_INVALID);
    } else if (o.dest_qpn != m->grp[g].dqpn) {
        o.status = SS_ST_DQPN;
        ctr_inc(m, SS_CTR_DQPN_MISMATCH);
    } else {
        int sel;
        const unsigned base = g << m->sw;
        if (gran == SS_GRAN_MESSAGE && !o.first && qp->msg_valid &&
            session_sel_weight(m, base + qp->msg_sess) != 0) {
            sel = (int)qp->msg_sess;
        } else {
            if (gran == SS_GRAN_MESSAGE && !o.first && qp->msg_valid) ctr_inc(m, SS_CTR_MSG_REMAP);
            const uint32_t hkey = gran == SS_GRAN_STICKY ? (o.dest_qpn ^ q) : d->key;
            sel = select_sess(m, g, hkey, mode);
        }
        if (sel < 0) {
            o.status = SS_ST_NO_SESSION;
            ctr_inc(m, SS_CTR_NO_SESSION);
        } else {
            struct ss_sess *s = &m->s[base + (unsigned)sel];
            o.status = SS_ST_OK;
            o.sess = (uint32_t)sel;
            o.sport = s->sport, o.dport = s->dport;
            o.src_ip = m->grp[g].src_ip, o.dst_ip = m->grp[g].dst_ip;
            o.tos = ((ar ? SS_FIELD(m->tos, TOS, AR_DSCP) : SS_FIELD(m->tos, TOS, DEF_DSCP)) << 2) |
                    SS_FIELD(m->tos, TOS, ECN);
            ctr_inc(m, SS_CTR_DECISIONS);
            s->pkts++;
            if (s->outst < 0xffffu) s->outst++;
            if (gran == SS_GRAN_MESSAGE) qp->msg_valid = 1, qp->msg_sess = (uint32_t)sel;
        }
    }
    m->oq[(m->oq_h + m->oq_n) % SS_QDEPTH] = o;
    m->oq_n++;
    return SS_OK;
}

int session_sel_pop_desc(struct session_sel_model *m, struct ss_out *o) {
    if (!m->oq_n) return 0;
    *o = m->oq[m->oq_h];
    m->oq_h = (m->oq_h + 1) % SS_QDEPTH;
    m->oq_n--;
    return 1;
}

int session_sel_push_rx(struct session_sel_model *m, const struct ss_rx *r) {
    if (m->rq_n >= SS_QDEPTH) return SS_EFULL;
    struct ss_rx_out o = {0, 0, 0, 0};
    const unsigned nt = m->cfg.num_groups * m->cfg.max_sessions;
    for (unsigned t = 0; t < nt; t++) {
        const struct ss_sess *s = &m->s[t];
        const struct ss_grp *g = &m->grp[t >> m->sw];
        if ((s->state == SS_ACTIVE || s->state == SS_DRAINING) && g->dst_ip == r->src_ip &&
            g->src_ip == r->dst_ip && s->dport == (r->sport & 0xffffu) && s->sport == (r->dport & 0xffffu)) {
            o.hit = 1, o.group = t >> m->sw, o.sess = t & (m->cfg.max_sessions - 1u), o.qpn = g->rx_qpn;
            break;
        }
    }
    ctr_inc(m, o.hit ? SS_CTR_RX_HIT : SS_CTR_RX_DROP);
    m->rq[(m->rq_h + m->rq_n) % SS_QDEPTH] = o;
    m->rq_n++;
    return SS_OK;
}

int session_sel_pop_rx(struct session_sel_model *m, struct ss_rx_out *o) {
    if (!m->rq_n) return 0;
    *o = m->rq[m->rq_h];
    m->rq_h = (m->rq_h + 1) % SS_QDEPTH;
    m->rq_n--;
    return 1;
}

static void ack(struct session_sel_model *m, struct ss_sess *s, uint32_t v) {
    if (v > s->outst) {
        s->outst = 0;
        ctr_inc(m, SS_CTR_ACK_UNDERFLOW);
    } else {
        s->outst -= v;
    }
}

void session_sel_push_fb(struct session_sel_model *m, const struct ss_fb *f) {
    const unsigned t = ((f->group & (m->cfg.num_groups - 1u)) << m->sw) | (f->sess & (m->cfg.max_sessions - 1u));
    struct ss_sess *s = &m->s[t];
    const uint32_t v = f->value & 0xffffu;
    if (s->state == SS_INVALID) {
        ctr_inc(m, SS_CTR_FB_UNKNOWN);
        return;
    }
    switch (f->type & 3u) {
    case SS_FB_ACK:
        ack(m, s, v);
        ctr_inc(m, SS_CTR_FB_ACK);
        break;
    case SS_FB_CNP:
        s->mark = 1;
        ctr_inc(m, SS_CTR_FB_CNP);
        break;
    case SS_FB_RTT: {
        const uint32_t rmin = SS_FIELD(m->rtt_min, RTT_MIN, RTT_MIN), k = SS_FIELD(m->rtt_cfg, RTT_CFG, K_RTT),
                       sh = SS_FIELD(m->rtt_cfg, RTT_CFG, S_RTT);
        uint32_t c = 0;
        if (v > rmin) {
            const uint32_t p = ((v - rmin) * k) >> sh;
            c = p > 1023u ? 1023u : p;
        }
        s->crtt = c;
        ctr_inc(m, SS_CTR_FB_RTT);
        break;
    }
    default: /* SS_FB_ECN_ACK */
        ack(m, s, v);
        s->mark = 1;
        ctr_inc(m, SS_CTR_FB_ACK);
        ctr_inc(m, SS_CTR_FB_CNP);
        break;
    }
}

/* address decode shared by read and write: returns a class and fills the index */
enum { A_NONE, A_ID, A_PARAMS, A_GLOB, A_CTR, A_QP, A_GRP, A_SESS };
static int decode(const struct session_sel_model *m, uint32_t addr, unsigned *idx, unsigned *off) {
    addr &= 0xffffu;
    if (addr & 3u) return A_NONE;
    if (addr == SS_CSR_ID) return A_ID;
    if (addr == SS_CSR_PARAMS) return A_PARAMS;
    if (addr >= SS_CSR_TICK && addr <= SS_CSR_EVCFG) return *off = addr, A_GLOB;
    if (addr >= SS_CSR_CTR(0) && addr < SS_CSR_CTR(SS_NUM_CTR))
        return *idx = (addr - SS_CSR_CTR(0)) / (SS_CSR_CTR(1) - SS_CSR_CTR(0)), A_CTR;
    if (addr >= SS_CSR_QP(0) && addr < SS_CSR_QP(m->cfg.num_qps))
        return *idx = (addr - SS_CSR_QP(0)) / (SS_CSR_QP(1) - SS_CSR_QP(0)), A_QP;
    if (addr >= SS_CSR_GRP(0, 0) && addr < SS_CSR_GRP(m->cfg.num_groups, 0) &&
        (addr - SS_CSR_GRP(0, 0)) % SS_GRP_STRIDE <= SS_GRP_STAT)
        return *idx = (addr - SS_CSR_GRP(0, 0)) / SS_GRP_STRIDE, *off = (addr - SS_CSR_GRP(0, 0)) % SS_GRP_STRIDE, A_GRP;
    if (addr >= SS_CSR_SESS(0, 0) && addr < SS_CSR_SESS(m->cfg.num_groups * m->cfg.max_sessions, 0) &&
        (addr - SS_CSR_SESS(0, 0)) % SS_SESS_STRIDE <= SS_SESS_DRAIN)
        return *idx = (addr - SS_CSR_SESS(0, 0)) / SS_SESS_STRIDE, *off = (addr - SS_CSR_SESS(0, 0)) % SS_SESS_STRIDE, A_SESS;
    return A_NONE;
}

int session_sel_csr_write(struct session_sel_model *m, uint32_t addr, uint32_t d, unsigned strb) {
    unsigned idx = 0, off = 0;
    const int a = decode(m, addr, &idx, &off);
    int ok = strb == 0xfu;
    if (ok) {
        switch (a) {
        case A_GLOB:
            switch (off) {
            case SS_CSR_TICK: m->tick_p = d & SS_BM(TICK, PERIOD); break;
            case SS_CSR_ENGINE: m->engine = d & (SS_BM(ENGINE, G) | SS_BM(ENGINE, W_MIN)); break;
            case SS_CSR_RTT_MIN: m->rtt_min = d & SS_BM(RTT_MIN, RTT_MIN); break;
            case SS_CSR_RTT_CFG: m->rtt_cfg = d & (SS_BM(RTT_CFG, K_RTT) | SS_BM(RTT_CFG, S_RTT)); break;
            case SS_CSR_TOS: m->tos = d & (SS_BM(TOS, AR_DSCP) | SS_BM(TOS, DEF_DSCP) | SS_BM(TOS, ECN)); break;
            case SS_CSR_DRAIN_TO: m->drain_to = d & SS_BM(DRAIN_TO, TICKS); break;
            case SS_CSR_HOLD: m->hold = d & SS_BM(HOLD, TICKS); break;
            case SS_CSR_THRESH: m->thresh = d & (SS_BM(THRESH, T_HI) | SS_BM(THRESH, T_LO)); break;
            default:
                m->evcfg = d & (SS_BM(EVCFG, K_ADD) | SS_BM(EVCFG, K_REM) | SS_BM(EVCFG, N_MIN) | SS_BM(EVCFG, H));
                break;
            }
            break;
        case A_QP: {
            const uint32_t mask = SS_BM(QP_CTRL, AR) | SS_BM(QP_CTRL, MODE) | SS_BM(QP_CTRL, GRAN) |
                                  ((m->cfg.num_groups - 1u) << SS_BP(QP_CTRL, GROUP)) | SS_BM(QP_CTRL, VALID);
            m->qp[idx].ctrl = d & mask;
            m->qp[idx].msg_valid = 0;
            break;
        }
        case A_GRP: {
            struct ss_grp *g = &m->grp[idx];
            switch (off) {
            case SS_GRP_SRC_IP: g->src_ip = d; break;
            case SS_GRP_DST_IP: g->dst_ip = d; break;
            case SS_GRP_DQPN: g->dqpn = SS_FIELD(d, GRP__DQPN, QPN); break;
            case SS_GRP_RX_QPN: g->rx_qpn = SS_FIELD(d, GRP__RX_QPN, QPN); break;
            case SS_GRP_CTRL: g->sw_w = SS_FIELD(d, GRP__CTRL, SW_W); break;
            case SS_GRP_COST: g->cost = SS_FIELD(d, GRP__COST, COST); break;
            case SS_GRP_TCOST: g->tcost = SS_FIELD(d, GRP__T_COST, COST); break;
            case SS_GRP_SEED: g->seed = SS_FIELD(d, GRP__SEED, SEED); break;
            case SS_GRP_EVENT:   /* write 1 to clear */
                if (SS_FIELD(d, GRP__EVENT, ADD_REQ) && g->add_req) g->add_req = 0, g->hold = m->hold;
                if (SS_FIELD(d, GRP__EVENT, REM_REQ) && g->rem_req) g->rem_req = 0, g->hold = m->hold;
                if (SS_FIELD(d, GRP__EVENT, KEY_EXP)) g->key_exp = 0;
                break;
            default: ok = 0; break; /* HOLD, STAT: read-only */
            }
            break;
        }
        case A_SESS: {
            struct ss_sess *s = &m->s[idx];
            switch (off) {
            case SS_SESS_PORTS:
                s->sport = SS_FIELD(d, SESS__PORTS, SPORT), s->dport = SS_FIELD(d, SESS__PORTS, DPORT);
                break;
            case SS_SESS_STATE:
                s->state = SS_FIELD(d, SESS__STATE, STATE);
                s->alpha = s->crtt = s->mark = s->outst = s->drain_t = 0;
                break;
            case SS_SESS_WSW: s->wsw = SS_FIELD(d, SESS__WSW, W); break;
            case SS_SESS_KEY: s->key_t = SS_FIELD(d, SESS__KEY, TICKS); break;
            default: ok = 0; break; /* read-only statistics */
            }
            break;
        }
        default: ok = 0; break; /* ID, PARAMS, counters, unmapped */
        }
    }
    if (!ok) {
        ctr_inc(m, SS_CTR_CSR_ERR);
        return SS_CSR_ERR;
    }
    return SS_OK;
}

uint32_t session_sel_csr_read(const struct session_sel_model *m, uint32_t addr, int *err) {
    unsigned idx = 0, off = 0;
    const int a = decode(m, addr, &idx, &off);
    if (err) *err = a == A_NONE;
    switch (a) {
    case A_ID: return SESSION_SEL__ID__ID_reset;
    case A_PARAMS:
        return SS_VAL(PARAMS, NS, m->cfg.max_sessions) | SS_VAL(PARAMS, NG, m->cfg.num_groups) |
               SS_VAL(PARAMS, NQ, m->cfg.num_qps);
    case A_GLOB:
        switch (off) {
        case SS_CSR_TICK: return m->tick_p;
        case SS_CSR_ENGINE: return m->engine;
        case SS_CSR_RTT_MIN: return m->rtt_min;
        case SS_CSR_RTT_CFG: return m->rtt_cfg;
        case SS_CSR_TOS: return m->tos;
        case SS_CSR_DRAIN_TO: return m->drain_to;
        case SS_CSR_HOLD: return m->hold;
        case SS_CSR_THRESH: return m->thresh;
        default: return m->evcfg;
        }
    case A_CTR: return m->ctr[idx];
    case A_QP: return m->qp[idx].ctrl;
    case A_GRP: {
        const struct ss_grp *g = &m->grp[idx];
        switch (off) {
        case SS_GRP_SRC_IP: return g->src_ip;
        case SS_GRP_DST_IP: return g->dst_ip;
        case SS_GRP_DQPN: return g->dqpn;
        case SS_GRP_RX_QPN: return g->rx_qpn;
        case SS_GRP_CTRL: return g->sw_w;
        case SS_GRP_COST: return g->cost;
        case SS_GRP_TCOST: return g->tcost;
        case SS_GRP_SEED: return g->seed;
        case SS_GRP_EVENT:
            return SS_VAL(GRP__EVENT, ADD_REQ, g->add_req) | SS_VAL(GRP__EVENT, REM_REQ, g->rem_req) |
                   SS_VAL(GRP__EVENT, KEY_EXP, g->key_exp) | SS_VAL(GRP__EVENT, VICTIM, g->victim) |
                   SS_VAL(GRP__EVENT, EXPIRED, g->exp_sess);
        case SS_GRP_HOLD: return g->hold;
        case SS_GRP_STAT: {
            uint32_t n = 0;
            for (unsigned i = 0; i < m->cfg.max_sessions; i++) n += m->s[(idx << m->sw) + i].state == SS_ACTIVE;
            return SS_VAL(GRP__STAT, N_ACTIVE, n) | SS_VAL(GRP__STAT, ADD_PERS, g->add_pc) |
                   SS_VAL(GRP__STAT, REM_PERS, g->rem_pc);
        }
        default: return 0;
        }
    }
    case A_SESS: {
        const struct ss_sess *s = &m->s[idx];
        switch (off) {
        case SS_SESS_PORTS: return SS_VAL(SESS__PORTS, SPORT, s->sport) | SS_VAL(SESS__PORTS, DPORT, s->dport);
        case SS_SESS_STATE: return s->state;
        case SS_SESS_WSW: return s->wsw;
        case SS_SESS_KEY: return s->key_t;
        case SS_SESS_ALPHA: return s->alpha;
        case SS_SESS_CRTT: return s->crtt;
        case SS_SESS_SELW: return session_sel_weight(m, idx);
        case SS_SESS_OUTST: return s->outst;
        case SS_SESS_PKTS: return s->pkts;
        case SS_SESS_DRAIN: return s->drain_t;
        default: return 0;
        }
    }
    default: return 0;
    }
}

void session_sel_clock(struct session_sel_model *m) {
    const int tick = m->tick_cnt >= m->tick_p;
    m->tick_cnt = tick ? 0u : ((m->tick_cnt + 1u) & 0xffffu);
    if (!tick) return;
    const unsigned ns = m->cfg.max_sessions, ng = m->cfg.num_groups;
    const uint32_t t_hi = SS_FIELD(m->thresh, THRESH, T_HI), t_lo = SS_FIELD(m->thresh, THRESH, T_LO);
    const uint32_t k_add = SS_FIELD(m->evcfg, EVCFG, K_ADD), k_rem = SS_FIELD(m->evcfg, EVCFG, K_REM),
                   n_min = SS_FIELD(m->evcfg, EVCFG, N_MIN);
    const uint32_t h = SS_FIELD(m->evcfg, EVCFG, H), hm = h ? h : 1u;
    /* step A: add/remove events per group (section 5.2) */
    for (unsigned g = 0; g < ng; g++) {
        struct ss_grp *gr = &m->grp[g];
        uint32_t n_act = 0, n_hi = 0, n_lo = 0, victim = 0, vc = 0;
        for (unsigned i = 0; i < ns; i++) {
            const unsigned t = (g << m->sw) + i;
            if (m->s[t].state != SS_ACTIVE) continue;
            const uint32_t c = session_sel_cong(m, t);
            n_act++;
            n_hi += c >= t_hi;
            n_lo += c <= t_lo;
            if (c >= vc) vc = c, victim = i;
        }
        const int add_cond = k_add && n_hi >= k_add;
        const int rem_cond = k_rem && n_lo >= k_rem && gr->cost > gr->tcost && n_act > n_min;
        gr->add_pc = add_cond ? (gr->add_pc < 255u ? gr->add_pc + 1u : 255u) : 0u;
        gr->rem_pc = rem_cond ? (gr->rem_pc < 255u ? gr->rem_pc + 1u : 255u) : 0u;
        if (gr->hold) {
            gr->hold--;
        } else if (!gr->add_req && !gr->rem_req) {
            if (gr->add_pc >= hm) {
                gr->add_req = 1, gr->add_pc = 0;
                ctr_inc(m, SS_CTR_ADD_EV);
            } else if (gr->rem_pc >= hm) {
                struct ss_sess *v = &m->s[(g << m->sw) + victim];
                gr->rem_req = 1, gr->rem_pc = 0, gr->victim = victim;
                v->state = SS_DRAINING;
                v->drain_t = m->drain_to;
                ctr_inc(m, SS_CTR_REM_EV);
            }
        }
    }
    /* step B: per-session congestion, key expiry and drain (sections 4.2, 5.3, 5.4) */
    const uint32_t gsh = SS_FIELD(m->engine, ENGINE, G);
    for (unsigned t = 0; t < ng * ns; t++) {
        struct ss_sess *s = &m->s[t];
        if (s->mark) {
            s->alpha += (1023u - s->alpha) >> gsh;
        } else {
            const uint32_t d = s->alpha >> gsh;
            s->alpha = d ? s->alpha - d : 0u;
        }
        s->mark = 0;
        if ((s->state == SS_ACTIVE || s->state == SS_DRAINING) && s->key_t) {
            s->key_t--;
            if (!s->key_t) {
                s->state = SS_EXPIRED;
                m->grp[t >> m->sw].key_exp = 1;
                m->grp[t >> m->sw].exp_sess = t & (ns - 1u);
                ctr_inc(m, SS_CTR_KEY_EXP);
            }
        }
        if (s->state == SS_DRAINING) {
            if (!s->outst) {
                s->state = SS_INVALID;
                ctr_inc(m, SS_CTR_DRAIN_DONE);
            } else if (!s->drain_t) {
                s->state = SS_INVALID;
                ctr_inc(m, SS_CTR_DRAIN_TIMEOUT);
            } else {
                s->drain_t--;
            }
        }
    }
}
