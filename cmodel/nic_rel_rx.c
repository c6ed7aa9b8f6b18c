/*
 * cmodel/nic_rel_rx.c -- model of the receive-side E2E check (nic_rel_rx.h; docs/nic_rel.md 2).
 */
#include "nic_rel_rx.h"

#include <stdlib.h>
#include <string.h>

static uint32_t mask(unsigned w) { return w >= 32 ? 0xffffffffu : ((1u << w) - 1u); }

int nic_rel_rx_init(struct nic_rel_rx_model *m, const struct nic_rel_rx_cfg *cfg)
{
    memset(m, 0, sizeof *m);
    if (!cfg || cfg->key_w < 1 || cfg->key_w > 16 || cfg->seq_w < 2 || cfg->seq_w > 32 ||
        cfg->epoch_w < 2 || cfg->epoch_w > 32 || cfg->ts_w < 2 || cfg->ts_w > 32)
        return NIC_REL_EINVAL;
    m->cfg = *cfg;
    m->ent = calloc((size_t)1 << cfg->key_w, sizeof *m->ent);
    m->q_cap = 64;
    m->q = calloc(m->q_cap, sizeof *m->q);
    if (!m->ent || !m->q) {
        nic_rel_rx_free(m);
        return NIC_REL_ENOMEM;
    }
    return NIC_REL_OK;
}

void nic_rel_rx_free(struct nic_rel_rx_model *m)
{
    free(m->ent);
    free(m->q);
    m->ent = NULL;
    m->q = NULL;
}

static int q_push(struct nic_rel_rx_model *m, const struct nic_rel_vrd *v)
{
    if (m->q_len == m->q_cap) {
        size_t nc = m->q_cap * 2;
        struct nic_rel_vrd *n = malloc(nc * sizeof *n);
        if (!n) return NIC_REL_ENOMEM;
        for (size_t i = 0; i < m->q_len; i++) n[i] = m->q[(m->q_head + i) % m->q_cap];
        free(m->q);
        m->q = n;
        m->q_cap = nc;
        m->q_head = 0;
    }
    m->q[(m->q_head + m->q_len) % m->q_cap] = *v;
    m->q_len++;
    return NIC_REL_OK;
}

int nic_rel_rx_pop_vrd(struct nic_rel_rx_model *m, struct nic_rel_vrd *v)
{
    if (!m->q_len) return NIC_REL_EMPTY;
    *v = m->q[m->q_head];
    m->q_head = (m->q_head + 1) % m->q_cap;
    m->q_len--;
    return NIC_REL_OK;
}

int nic_rel_rx_live(const struct nic_rel_rx_model *m, uint32_t key, uint64_t now)
{
    const struct nic_rel_ent *e = &m->ent[key & mask(m->cfg.key_w)];
    const uint32_t tm = mask(m->cfg.ts_w);
    const uint32_t age = ((uint32_t)now - e->ts) & tm;
    return e->v && age <= (m->cfg.horizon & tm);
}

static void refresh(struct nic_rel_ent *e, uint64_t now, uint32_t tm)
{
    e->ts = (uint32_t)now & tm;
    e->ts_full = now;
}

int nic_rel_rx_push_pkt(struct nic_rel_rx_model *m, const struct nic_rel_pkt *p)
{
    const struct nic_rel_rx_cfg *c = &m->cfg;
    const uint32_t sm = mask(c->seq_w), em = mask(c->epoch_w), tm = mask(c->ts_w);
    const uint32_t key = p->key & mask(c->key_w), seq = p->seq & sm, epoch = p->epoch & em;
    struct nic_rel_ent *e = &m->ent[key];
    struct nic_rel_vrd v = {0, NIC_REL_NONE, seq, epoch, p->handle & 0xffffu, key};
    int cnt = -1;

    if (c->literal) {
        /* seed L254-L264 as written: seq 0 resets (expected = 1); no epoch, no horizon; the
         * expected sequence of a source without state is 0 (L232) */
        const uint32_t exp = e->v ? e->expected : 0;
        if (seq == 0) {
            e->v = 1, e->epoch = epoch, e->expected = 1;
            refresh(e, p->now, tm);
            v.deliver = 1, v.resp = NIC_REL_ACK;
            m->c[NIC_REL_C_RESETS]++;
            cnt = NIC_REL_C_DELIVERED;
        } else if (e->v && seq == exp) {
            e->expected = (exp + 1) & sm;
            refresh(e, p->now, tm);
            v.deliver = 1, v.resp = NIC_REL_ACK;
            cnt = NIC_REL_C_DELIVERED;
        } else {
            v.resp = NIC_REL_NACK_SEQ, v.seq = exp;
            cnt = NIC_REL_C_NACK_SEQ;
        }
    } else {
        const int live = nic_rel_rx_live(m, key, p->now);
        const uint32_t ed = (epoch - e->epoch) & em;
        const int ep_eq = ed == 0, ep_old = (ed >> (c->epoch_w - 1)) & 1;
        const uint32_t d = (e->expected - seq) & sm;
        if (p->reset) {                                          /* rule 1 */
            if (live && ep_eq) {
                refresh(e, p->now, tm);
                v.resp = NIC_REL_DUP_ACK, v.seq = (e->expected - 1) & sm;
                cnt = NIC_REL_C_DUP;
            } else if (live && ep_old) {
                v.resp = NIC_REL_NONE;
                cnt = NIC_REL_C_STALE;
            } else {
                e->v = 1, e->epoch = epoch, e->expected = 1;
                refresh(e, p->now, tm);
                v.deliver = 1, v.resp = NIC_REL_ACK, v.seq = 0;
                m->c[NIC_REL_C_RESETS]++;
                cnt = NIC_REL_C_DELIVERED;
            }
        } else if (!live || !ep_eq) {                            /* rule 2 */
            v.resp = NIC_REL_NACK_NOSTATE;
            cnt = NIC_REL_C_NACK_NOSTATE;
        } else if (d == 0) {                                     /* rule 3 */
            e->expected = (e->expected + 1) & sm;
            refresh(e, p->now, tm);
            v.deliver = 1, v.resp = NIC_REL_ACK;
            cnt = NIC_REL_C_DELIVERED;
        } else if (d <= (c->wmax & sm)) {                        /* rule 4 */
            refresh(e, p->now, tm);
            v.resp = NIC_REL_DUP_ACK, v.seq = (e->expected - 1) & sm;
            cnt = NIC_REL_C_DUP;
        } else {                                                 /* rule 5 */
            v.resp = NIC_REL_NACK_SEQ, v.seq = e->expected;
            cnt = NIC_REL_C_NACK_SEQ;
        }
    }
    m->c[cnt]++;
    return q_push(m, &v);
}

int nic_rel_rx_scrub(struct nic_rel_rx_model *m, uint32_t key, uint64_t scrub_now)
{
    const uint32_t tm = mask(m->cfg.ts_w);
    struct nic_rel_ent *e = &m->ent[key & mask(m->cfg.key_w)];
    const uint32_t age = ((uint32_t)scrub_now - e->ts) & tm;
    if (!e->v || age <= (m->cfg.horizon & tm)) return NIC_REL_EILLEGAL;
    e->v = 0;
    m->c[NIC_REL_C_SCRUB_CLR]++;
    return NIC_REL_OK;
}

long nic_rel_rx_check_v4(const struct nic_rel_rx_model *m, uint64_t now)
{
    const uint64_t lim = (uint64_t)1 << (m->cfg.ts_w - 1);
    for (size_t k = 0; k < ((size_t)1 << m->cfg.key_w); k++)
        if (m->ent[k].v && now - m->ent[k].ts_full >= lim) return (long)k;
    return -1;
}
