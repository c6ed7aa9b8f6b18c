/*
 * cmodel/nic_rel_tx.c -- model of the transmit-side tracker and retransmit buffer (nic_rel_tx.h;
 * docs/nic_rel.md 9).
 */
#include "nic_rel_tx.h"

#include <stdlib.h>
#include <string.h>

static uint32_t mask(unsigned w) { return w >= 32 ? 0xffffffffu : ((1u << w) - 1u); }

static int q_init(struct nic_rel_tx_q *q, size_t rec)
{
    q->rec = rec, q->cap = 64, q->head = q->len = 0;
    q->buf = malloc(q->cap * rec);
    return q->buf ? NIC_REL_TX_OK : NIC_REL_TX_ENOMEM;
}

static int q_push(struct nic_rel_tx_q *q, const void *r)
{
    if (q->len == q->cap) {
        size_t nc = q->cap * 2;
        unsigned char *n = malloc(nc * q->rec);
        if (!n) return NIC_REL_TX_ENOMEM;
        for (size_t i = 0; i < q->len; i++) memcpy(n + i * q->rec, q->buf + ((q->head + i) % q->cap) * q->rec, q->rec);
        free(q->buf);
        q->buf = n, q->cap = nc, q->head = 0;
    }
    memcpy(q->buf + ((q->head + q->len) % q->cap) * q->rec, r, q->rec);
    q->len++;
    return NIC_REL_TX_OK;
}

static int q_pop(struct nic_rel_tx_q *q, void *r)
{
    if (!q->len) return NIC_REL_TX_EMPTY;
    memcpy(r, q->buf + q->head * q->rec, q->rec);
    q->head = (q->head + 1) % q->cap;
    q->len--;
    return NIC_REL_TX_OK;
}

static void hf_push(struct nic_rel_tx_model *m, uint32_t h)
{
    const size_t r = (size_t)1 << m->cfg.h_w;
    m->hfree[(m->hf_head + m->hf_len) % r] = h;
    m->hf_len++;
}

int nic_rel_tx_init(struct nic_rel_tx_model *m, const struct nic_rel_tx_cfg *cfg)
{
    memset(m, 0, sizeof *m);
    if (!cfg || cfg->trk_w < 1 || cfg->trk_w > 10 || cfg->h_w < 2 || cfg->h_w > 15 || cfg->key_w < 1 ||
        cfg->key_w > 32 || cfg->seq_w < 2 || cfg->seq_w > 32 || cfg->epoch_w < 2 || cfg->epoch_w > 32 ||
        cfg->ts_w < 2 || cfg->ts_w > 32 || cfg->win_w < 1 || cfg->win_w > cfg->seq_w - 1 || cfg->rtr_w < 1 ||
        cfg->rtr_w > 4 || cfg->cmd_w < 1 || cfg->cmd_w > 64 * NIC_REL_TX_CMD_WORDS)
        return NIC_REL_TX_EINVAL;
    m->cfg = *cfg;
    const size_t t = (size_t)1 << cfg->trk_w, r = (size_t)1 << cfg->h_w;
    m->trk = calloc(t, sizeof *m->trk);
    m->h = calloc(r, sizeof *m->h);
    m->hfree = calloc(r, sizeof *m->hfree);
    int bad = !m->trk || !m->h || !m->hfree;
    for (size_t k = 0; !bad && k < t; k++) {
        m->trk[k].ring = calloc((size_t)1 << cfg->win_w, sizeof(uint32_t));
        bad = !m->trk[k].ring;
    }
    if (!bad) bad = q_init(&m->aresp, sizeof(struct nic_rel_tx_aresp)) || q_init(&m->retx, sizeof(struct nic_rel_tx_retx)) ||
                    q_init(&m->evt, sizeof(struct nic_rel_tx_evt));
    if (bad) {
        nic_rel_tx_free(m);
        return NIC_REL_TX_ENOMEM;
    }
    /* the init sweep pushes handles 0 .. R-1 */
    for (size_t h = 0; h < r; h++) hf_push(m, (uint32_t)h);
    return NIC_REL_TX_OK;
}

void nic_rel_tx_free(struct nic_rel_tx_model *m)
{
    if (m->trk)
        for (size_t k = 0; k < ((size_t)1 << m->cfg.trk_w); k++) free(m->trk[k].ring);
    free(m->trk);
    free(m->h);
    free(m->hfree);
    free(m->aresp.buf);
    free(m->retx.buf);
    free(m->evt.buf);
    memset(m, 0, sizeof *m);
}

int nic_rel_tx_find(const struct nic_rel_tx_model *m, uint32_t key)
{
    key &= mask(m->cfg.key_w);
    for (size_t k = 0; k < ((size_t)1 << m->cfg.trk_w); k++)
        if (m->trk[k].v && m->trk[k].key == key) return (int)k;
    return -1;
}

static int lowest_free(const struct nic_rel_tx_model *m)
{
    for (size_t k = 0; k < ((size_t)1 << m->cfg.trk_w); k++)
        if (!m->trk[k].v) return (int)k;
    return -1;
}

int nic_rel_tx_can_alloc(const struct nic_rel_tx_model *m, uint32_t key)
{
    const int k = nic_rel_tx_find(m, key);
    if (!m->hf_len) return 0;
    if (k >= 0) return m->trk[k].cnt < (m->cfg.wmax & mask(m->cfg.win_w + 1));
    return lowest_free(m) >= 0;
}

int nic_rel_tx_alloc(struct nic_rel_tx_model *m, uint32_t key, const uint64_t *cmd, uint64_t now)
{
    const struct nic_rel_tx_cfg *c = &m->cfg;
    const uint32_t sm = mask(c->seq_w), wm = mask(c->win_w);
    key &= mask(c->key_w);
    if (!nic_rel_tx_can_alloc(m, key)) return NIC_REL_TX_EILLEGAL;
    int k = nic_rel_tx_find(m, key);
    const int hit = k >= 0;
    const uint32_t h = m->hfree[m->hf_head];
    m->hf_head = (m->hf_head + 1) % ((size_t)1 << c->h_w);
    m->hf_len--;
    struct nic_rel_tx_aresp r;
    if (!hit) {
        k = lowest_free(m);
        struct nic_rel_tx_trk *t = &m->trk[k];
        t->v = 1, t->key = key, t->epoch = m->epoch_ctr, t->next = 1, t->old = 0, t->cnt = 1;
        t->rst = 1, t->nakd = 0, t->tl = now, t->retries = 0;
        m->epoch_ctr = (m->epoch_ctr + 1) & mask(c->epoch_w);
        r.seq = 0, r.reset = 1, r.epoch = t->epoch;
        m->c[NIC_REL_TX_C_TRK]++;
    } else {
        struct nic_rel_tx_trk *t = &m->trk[k];
        r.seq = t->next, r.reset = 0, r.epoch = t->epoch;
        t->next = (t->next + 1) & sm;
        t->cnt++;
    }
    r.handle = h;
    struct nic_rel_tx_h *e = &m->h[h];
    e->v = 1, e->acked = 0, e->done = 0, e->trk = (uint32_t)k, e->seq = r.seq, e->reset = r.reset;
    memset(e->cmd, 0, sizeof e->cmd);
    for (unsigned w = 0; w < NIC_REL_TX_CMD_WORDS && 64 * w < c->cmd_w; w++) {
        const unsigned bits = c->cmd_w - 64 * w;
        e->cmd[w] = cmd[w] & (bits >= 64 ? ~0ull : ((1ull << bits) - 1));
    }
    m->trk[k].ring[r.seq & wm] = h;
    m->c[NIC_REL_TX_C_ALLOC]++;
    return q_push(&m->aresp, &r);
}

/* retire n entries from the head of tracker k (status 0 acked, 1 flushed) */
static int retire(struct nic_rel_tx_model *m, int k, uint32_t n, unsigned st, uint32_t key, uint64_t now)
{
    const uint32_t sm = mask(m->cfg.seq_w), wm = mask(m->cfg.win_w);
    struct nic_rel_tx_trk *t = &m->trk[k];
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t h = t->ring[t->old & wm];
        struct nic_rel_tx_h *e = &m->h[h];
        t->old = (t->old + 1) & sm;
        t->cnt--;
        t->rst = 0, t->nakd = 0, t->tl = now, t->retries = 0;
        if (!t->cnt) t->v = 0;
        if (e->done) {
            e->v = e->acked = e->done = 0;
            hf_push(m, h);
            m->c[NIC_REL_TX_C_FREED]++;
        } else {
            e->v = 1, e->acked = 1;
        }
        struct nic_rel_tx_evt ev = {st ? NIC_REL_TX_E_FLUSH : NIC_REL_TX_E_ACKED, h, key};
        m->c[st ? NIC_REL_TX_C_FLUSH : NIC_REL_TX_C_RETIRED]++;
        if (q_push(&m->evt, &ev)) return NIC_REL_TX_ENOMEM;
    }
    return NIC_REL_TX_OK;
}

/* go-back-N: retransmit tracker k's entries from seq `from` to next_seq - 1 */
static int walk(struct nic_rel_tx_model *m, int k, uint32_t from, uint32_t epoch, uint32_t key, uint64_t now)
{
    const uint32_t sm = mask(m->cfg.seq_w), wm = mask(m->cfg.win_w);
    struct nic_rel_tx_trk *t = &m->trk[k];
    t->nakd = 1, t->tl = now;
    for (uint32_t s = from; s != t->next; s = (s + 1) & sm) {
        const uint32_t h = t->ring[s & wm];
        struct nic_rel_tx_retx r;
        r.handle = h, r.seq = s, r.epoch = epoch, r.reset = m->h[h].reset, r.key = key;
        memcpy(r.cmd, m->h[h].cmd, sizeof r.cmd);
        m->c[NIC_REL_TX_C_RETX]++;
        if (q_push(&m->retx, &r)) return NIC_REL_TX_ENOMEM;
    }
    return NIC_REL_TX_OK;
}

static int fatal(struct nic_rel_tx_model *m, int k, uint32_t key, uint64_t now)
{
    int rc = retire(m, k, m->trk[k].cnt, 1, key, now);
    struct nic_rel_tx_evt ev = {NIC_REL_TX_E_FATAL, 0, key};
    m->c[NIC_REL_TX_C_FATAL]++;
    return rc ? rc : q_push(&m->evt, &ev);
}

int nic_rel_tx_ack(struct nic_rel_tx_model *m, unsigned type, uint32_t key, uint32_t seq, uint32_t epoch,
                   uint32_t handle, uint64_t now)
{
    const struct nic_rel_tx_cfg *c = &m->cfg;
    const uint32_t sm = mask(c->seq_w);
    key &= mask(c->key_w), seq &= sm, epoch &= mask(c->epoch_w), handle &= 0xffffu;
    /* fast path through the echoed handle; else the CAM on the key (both give the same tracker
     * when both hit: keys are unique, X6) */
    const int hv = handle < (1u << c->h_w);
    const struct nic_rel_tx_h *e = hv ? &m->h[handle] : NULL;
    const int fast = hv && e->v && m->trk[e->trk].v && m->trk[e->trk].key == key && m->trk[e->trk].epoch == epoch;
    const int kc = nic_rel_tx_find(m, key);
    const int k = fast ? (int)e->trk : (kc >= 0 ? kc : 0);
    struct nic_rel_tx_trk *t = &m->trk[k];
    const int ok = (fast || kc >= 0) && t->v && t->epoch == epoch;
    const uint32_t d = (seq - t->old) & sm;
    if (!ok || d >= t->cnt) {   /* X9: stale responses change nothing */
        m->c[NIC_REL_TX_C_STALE]++;
        return NIC_REL_TX_OK;
    }
    if (fast) m->c[NIC_REL_TX_C_FAST]++;
    switch (type) {
    case NIC_REL_TX_ACK:
    case NIC_REL_TX_DUP_ACK:
        m->c[NIC_REL_TX_C_ACK]++;
        return retire(m, k, d + 1, 0, key, now);
    case NIC_REL_TX_NACK_SEQ: {
        if (d == 0 && t->nakd) {
            m->c[NIC_REL_TX_C_NDUP]++;
            return NIC_REL_TX_OK;
        }
        m->c[NIC_REL_TX_C_NSEQ]++;
        int rc = retire(m, k, d, 0, key, now);
        return rc ? rc : walk(m, k, seq, epoch, key, now);
    }
    case NIC_REL_TX_NACK_NOSTATE:
        if (t->nakd) {
            m->c[NIC_REL_TX_C_NDUP]++;
            return NIC_REL_TX_OK;
        }
        if (t->rst) {
            m->c[NIC_REL_TX_C_NOST]++;
            return walk(m, k, t->old, epoch, key, now);
        }
        return fatal(m, k, key, now);
    default:
        m->c[NIC_REL_TX_C_STALE]++;
        return NIC_REL_TX_OK;
    }
}

int nic_rel_tx_done(struct nic_rel_tx_model *m, uint32_t handle)
{
    handle &= 0xffffu;
    if (handle >= (1u << m->cfg.h_w) || !m->h[handle].v || m->h[handle].done) {
        m->c[NIC_REL_TX_C_DBAD]++;
        return NIC_REL_TX_OK;
    }
    struct nic_rel_tx_h *e = &m->h[handle];
    if (e->acked) {
        e->v = e->acked = e->done = 0;
        hf_push(m, handle);
        m->c[NIC_REL_TX_C_FREED]++;
    } else {
        e->done = 1;
    }
    return NIC_REL_TX_OK;
}

static uint64_t lim(const struct nic_rel_tx_model *m, const struct nic_rel_tx_trk *t)
{
    return (uint64_t)(m->cfg.rto & mask(m->cfg.ts_w)) << t->retries;
}

int nic_rel_tx_timeout(struct nic_rel_tx_model *m, uint32_t key, uint64_t now, unsigned fat)
{
    const int k = nic_rel_tx_find(m, key);
    if (k < 0) return NIC_REL_TX_EILLEGAL;
    struct nic_rel_tx_trk *t = &m->trk[k];
    const uint32_t age = (uint32_t)(now - t->tl) & mask(m->cfg.ts_w);
    if (!((uint64_t)age > lim(m, t))) return NIC_REL_TX_EILLEGAL;
    const unsigned f = t->retries >= (m->cfg.max_retry & mask(m->cfg.rtr_w));
    if (f != (fat ? 1u : 0u)) return NIC_REL_TX_EILLEGAL;
    if (f) return fatal(m, k, t->key, now);
    t->retries++;
    m->c[NIC_REL_TX_C_TO]++;
    return walk(m, k, t->old, t->epoch, t->key, now);
}

int nic_rel_tx_pop_aresp(struct nic_rel_tx_model *m, struct nic_rel_tx_aresp *r) { return q_pop(&m->aresp, r); }
int nic_rel_tx_pop_retx(struct nic_rel_tx_model *m, struct nic_rel_tx_retx *r) { return q_pop(&m->retx, r); }
int nic_rel_tx_pop_evt(struct nic_rel_tx_model *m, struct nic_rel_tx_evt *r) { return q_pop(&m->evt, r); }

long nic_rel_tx_overdue(const struct nic_rel_tx_model *m, uint64_t now, uint64_t slack)
{
    for (size_t k = 0; k < ((size_t)1 << m->cfg.trk_w); k++) {
        const struct nic_rel_tx_trk *t = &m->trk[k];
        if (t->v && now - t->tl > lim(m, t) + slack) return (long)k;
    }
    return -1;
}

size_t nic_rel_tx_nvalid(const struct nic_rel_tx_model *m)
{
    size_t n = 0;
    for (size_t h = 0; h < ((size_t)1 << m->cfg.h_w); h++) n += m->h[h].v;
    return n;
}
