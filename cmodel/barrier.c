/*
 * barrier.c - golden model of barrier_dev and barrier_fanout (docs/barrier.md; seed 001).
 * See barrier.h for the contract of every public function.
 */
#include "barrier.h"

#include <stdlib.h>
#include <string.h>

/* ================================================================== growable FIFO */

struct bq {
    unsigned char *buf;
    size_t elem;   /* element size in bytes */
    size_t cap;    /* capacity in elements */
    size_t head;   /* index of the oldest element */
    size_t count;
};

static struct bq *bq_new(size_t elem)
{
    struct bq *q = calloc(1, sizeof *q);
    if (q)
        q->elem = elem;
    return q;
}

static void bq_del(struct bq *q)
{
    if (q) {
        free(q->buf);
        free(q);
    }
}

static int bq_push(struct bq *q, const void *e)
{
    if (q->count == q->cap) {
        size_t ncap = q->cap ? 2 * q->cap : 16;
        unsigned char *nb = malloc(ncap * q->elem);
        if (!nb)
            return BARRIER_ENOMEM;
        for (size_t i = 0; i < q->count; i++)
            memcpy(nb + i * q->elem, q->buf + ((q->head + i) % q->cap) * q->elem, q->elem);
        free(q->buf);
        q->buf = nb;
        q->cap = ncap;
        q->head = 0;
    }
    memcpy(q->buf + ((q->head + q->count) % q->cap) * q->elem, e, q->elem);
    q->count++;
    return BARRIER_OK;
}

static const void *bq_front(const struct bq *q)
{
    return q->count ? q->buf + q->head * q->elem : NULL;
}

static void bq_drop(struct bq *q)
{
    if (q->count) {
        q->head = (q->head + 1) % q->cap;
        q->count--;
    }
}

static int is_pow2(unsigned v)
{
    return v && !(v & (v - 1u));
}

static unsigned ilog2(unsigned v)
{
    unsigned r = 0;
    while (v > 1u) {
        v >>= 1;
        r++;
    }
    return r;
}

/* ================================================================== barrier_dev */

struct txpkt {
    uint8_t b[ROCE_FA_LEN];
    size_t len;   /* ROCE_UD_LEN or ROCE_FA_LEN */
};

struct hold {
    unsigned kind, bar;
    uint64_t val;
};

static uint64_t set_lo(uint64_t v, uint32_t lo);
static uint64_t set_hi(uint64_t v, uint32_t hi);

static void dev_clear_state(struct barrier_dev_model *m)
{
    unsigned nb = m->cfg.num_barriers, nw = m->cfg.num_pes;

    m->ctrl = 0;                                        /* CTRL fields reset to 0 (rdl) */
    m->inc_max = BARRIER_DEV__INC_MAX__INC_MAX_reset;   /* 1 (rdl/barrier_dev.rdl) */
    m->src_mac_lo = m->src_mac_hi = m->src_ip = m->dest_qp = m->rkey = m->sport_tos = 0;
    m->cnt_base = m->mirror_base = 0;
    m->tx_psn = 0;
    m->src = 0;
    memset(m->seq_known, 0, m->num_sources * sizeof *m->seq_known);
    memset(m->stats, 0, sizeof m->stats);

    memset(m->bar_en, 0, nb * sizeof *m->bar_en);
    memset(m->bar_ip, 0, nb * sizeof *m->bar_ip);
    memset(m->bar_leader, 0, nb * sizeof *m->bar_leader);
    memset(m->lcnt, 0, nb * sizeof *m->lcnt);
    for (unsigned b = 0; b < nb; b++)
        m->local_n[b] = 1;                              /* BAR_LOCAL_N reset 1 (section 6) */
    memset(m->bar_inc, 0, nb * sizeof *m->bar_inc);
    memset(m->bar_step, 0, nb * sizeof *m->bar_step);
    memset(m->group_ip, 0, nb * sizeof *m->group_ip);
    memset(m->cnt, 0, nb * sizeof *m->cnt);

    memset(m->tgt, 0, nw * sizeof *m->tgt);
    memset(m->armed, 0, nw * sizeof *m->armed);
    memset(m->arm_bar, 0, nw * sizeof *m->arm_bar);
    memset(m->pend, 0, nw * sizeof *m->pend);
    memset(m->pend_rel, 0, nw * sizeof *m->pend_rel);
    memset(m->presenting, 0, nw * sizeof *m->presenting);
    memset(m->presenting_ok, 0, nw * sizeof *m->presenting_ok);

    m->txq->head = m->txq->count = 0;
    m->mirq->head = m->mirq->count = 0;
    m->rxq->head = m->rxq->count = 0;
    m->holdq->head = m->holdq->count = 0;
    m->notifq->head = m->notifq->count = 0;
    memset(m->dirty, 0, nb * sizeof *m->dirty);
    m->mir_ptr = m->timed ? nb - 1u : 0; /* timed: the first tick after reset makes it 0 */
    m->mir_claimed = 0;
    m->mir_claim_bar = 0;
    memset(m->hist, 0, sizeof m->hist);
    memset(m->cnt_hist, 0, 4u * nb * sizeof *m->cnt_hist);
}

int barrier_dev_init(struct barrier_dev_model *m, const struct barrier_dev_cfg *cfg)
{
    if (!m)
        return BARRIER_EINVAL;
    memset(m, 0, sizeof *m);
    if (!cfg)
        return BARRIER_EINVAL;
    if (!is_pow2(cfg->num_barriers) || cfg->num_barriers < 2 || cfg->num_barriers > 32 ||
        !is_pow2(cfg->num_pes) || cfg->num_pes < 2 || cfg->num_pes > 128 ||
        cfg->cnt_width < 4 || cfg->cnt_width > 64)
        return BARRIER_EINVAL;

    m->cfg = *cfg;
    m->num_sources = 16;
    m->log2_ns = 4;
    m->log2_nb = ilog2(cfg->num_barriers);
    m->log2_nw = ilog2(cfg->num_pes);
    m->mask = cfg->cnt_width == 64 ? UINT64_MAX : ((UINT64_C(1) << cfg->cnt_width) - 1u);
    m->half = UINT64_C(1) << (cfg->cnt_width - 1u);

    unsigned nb = cfg->num_barriers, nw = cfg->num_pes;
    m->bar_en = calloc(nb, sizeof *m->bar_en);
    m->bar_ip = calloc(nb, sizeof *m->bar_ip);
    m->bar_leader = calloc(nb, sizeof *m->bar_leader);
    m->local_n = calloc(nb, sizeof *m->local_n);
    m->lcnt = calloc(nb, sizeof *m->lcnt);
    m->bar_inc = calloc(nb, sizeof *m->bar_inc);
    m->bar_step = calloc(nb, sizeof *m->bar_step);
    m->group_ip = calloc(nb, sizeof *m->group_ip);
    m->cnt = calloc(nb, sizeof *m->cnt);
    m->seq_known = calloc(m->num_sources, sizeof *m->seq_known);
    m->seq_exp = calloc(m->num_sources, sizeof *m->seq_exp);
    m->tgt = calloc(nw, sizeof *m->tgt);
    m->armed = calloc(nw, sizeof *m->armed);
    m->arm_bar = calloc(nw, sizeof *m->arm_bar);
    m->pend = calloc(nw, sizeof *m->pend);
    m->pend_rel = calloc(nw, sizeof *m->pend_rel);
    m->presenting = calloc(nw, 1);
    m->presenting_ok = calloc(nw, 1);
    m->txq = bq_new(sizeof(struct txpkt));
    m->mirq = bq_new(sizeof(struct barrier_mir));
    m->rxq = bq_new(sizeof(struct barrier_mir));
    m->holdq = bq_new(sizeof(struct hold));
    m->notifq = bq_new(1);
    m->dirty = calloc(nb, sizeof *m->dirty);
    m->cnt_hist = calloc(4u * nb, sizeof *m->cnt_hist);
    m->ext = BDEV_EXT_ALL;
    if (!m->holdq || !m->notifq || !m->dirty || !m->cnt_hist || !m->bar_ip || !m->bar_leader ||
        !m->local_n || !m->lcnt) {
        barrier_dev_free(m);
        return BARRIER_ENOMEM;
    }
    if (!m->bar_en || !m->bar_inc || !m->bar_step || !m->group_ip || !m->cnt || !m->tgt ||
        !m->armed || !m->arm_bar || !m->pend || !m->pend_rel || !m->presenting ||
        !m->presenting_ok || !m->txq || !m->mirq || !m->seq_known || !m->seq_exp ||
        !m->rxq) {
        barrier_dev_free(m);
        return BARRIER_ENOMEM;
    }
    dev_clear_state(m);
    return BARRIER_OK;
}

void barrier_dev_set_ext(struct barrier_dev_model *m, unsigned mask)
{
    if (!m || !m->txq)
        return;
    m->ext = mask & BDEV_EXT_ALL;
    dev_clear_state(m);
}

int barrier_dev_set_num_sources(struct barrier_dev_model *m, unsigned n)
{
    if (!m || !m->txq || !is_pow2(n) || n < 2 || n > 256)
        return BARRIER_EINVAL;
    uint8_t *k = calloc(n, sizeof *k);
    uint32_t *e = calloc(n, sizeof *e);
    if (!k || !e) {
        free(k);
        free(e);
        return BARRIER_ENOMEM;
    }
    free(m->seq_known);
    free(m->seq_exp);
    m->seq_known = k;
    m->seq_exp = e;
    m->num_sources = n;
    m->log2_ns = ilog2(n);
    return BARRIER_OK;
}

void barrier_dev_free(struct barrier_dev_model *m)
{
    if (!m)
        return;
    free(m->bar_en);
    free(m->bar_ip);
    free(m->bar_leader);
    free(m->local_n);
    free(m->lcnt);
    free(m->bar_inc);
    free(m->bar_step);
    free(m->group_ip);
    free(m->cnt);
    free(m->seq_known);
    free(m->seq_exp);
    free(m->tgt);
    free(m->armed);
    free(m->arm_bar);
    free(m->pend);
    free(m->pend_rel);
    free(m->presenting);
    free(m->presenting_ok);
    bq_del(m->txq);
    bq_del(m->mirq);
    bq_del(m->rxq);
    bq_del(m->holdq);
    bq_del(m->notifq);
    free(m->dirty);
    free(m->cnt_hist);
    memset(m, 0, sizeof *m);
}

void barrier_dev_reset(struct barrier_dev_model *m)
{
    if (m && m->txq)
        dev_clear_state(m);
}

static int ge(const struct barrier_dev_model *m, uint64_t c, uint64_t t)
{
    return ((c - t) & m->mask) < m->half;
}

int barrier_dev_ge(const struct barrier_dev_model *m, uint64_t c, uint64_t t)
{
    return ge(m, c, t);
}

/* barrier b uses the internal path (section 6): CTRL.INTERNAL_PATH (every barrier) or its own
 * BAR_CTRL.INTERNAL_PATH */
static int int_path(const struct barrier_dev_model *m, unsigned b)
{
    return (m->ctrl & BDEV_CTRL_INTERNAL_PATH) || ((m->ext & BDEV_EXT_IP) && m->bar_ip[b]);
}

static int pe_busy(const struct barrier_dev_model *m, unsigned pe)
{
    return m->armed[pe] || m->pend[pe] || m->presenting[pe];
}

static void bump(uint32_t *c)
{
    *c = (uint32_t)(*c + 1u);
}

/* one counter update (internal path or fabric): cnt += inc; the barrier's mirror is dirty */
static void ctr_update(struct barrier_dev_model *m, unsigned bar, uint64_t inc)
{
    m->cnt[bar] = (m->cnt[bar] + inc) & m->mask;
    m->dirty[bar] = 1;
}

/* a queued update of the hold: internal-path increment or CNT lo/hi write (section 3.1) */
enum { HOLD_INC = 0, HOLD_SET_LO = 1, HOLD_SET_HI = 2 };
static void hold_push(struct barrier_dev_model *m, unsigned kind, unsigned bar, uint64_t val)
{
    struct hold h = {kind, bar, val};
    (void)bq_push(m->holdq, &h); /* on ENOMEM the update is lost and the harness reports it */
}

/* build and queue the notification of `bar` with the next PSN (section 5: UD, or FA mode), from
 * the configuration and tables as they are now */
static void tx_build(struct barrier_dev_model *m, unsigned bar)
{
    struct txpkt p;
    memset(&p, 0, sizeof p);
    uint64_t src_mac = ((uint64_t)(m->src_mac_hi & 0xffffu) << 32) | m->src_mac_lo;
    if (m->ctrl & BDEV_CTRL_WIRE_FA) {
        struct roce_fa_fields f;
        memset(&f, 0, sizeof f);
        f.dst_mac = roce_mcast_mac(m->group_ip[bar]);
        f.src_mac = src_mac;
        f.tos = (uint8_t)(m->sport_tos >> 16);
        f.src_ip = m->src_ip;
        f.dst_ip = m->group_ip[bar];
        f.psn = m->tx_psn;
        f.udp_sport = (uint16_t)m->sport_tos;
        f.dest_qp = m->dest_qp;
        f.va = m->cnt_base + 8u * (uint64_t)bar;
        f.rkey = m->rkey;
        f.add_data = m->bar_inc[bar];
        f.cmp_data = m->src >> 24;
        roce_fa_build(&f, p.b);
        p.len = ROCE_FA_LEN;
    } else {
        struct roce_ud_fields f;
        memset(&f, 0, sizeof f);
        f.dst_mac = roce_mcast_mac(m->group_ip[bar]);
        f.src_mac = src_mac;
        f.tos = (uint8_t)(m->sport_tos >> 16);
        f.src_ip = m->src_ip;
        f.dst_ip = m->group_ip[bar];
        f.psn = m->tx_psn;
        f.udp_sport = (uint16_t)m->sport_tos;
        f.qkey = m->rkey;
        f.src_qp = m->src & 0xffffffu;
        f.src_id = (uint8_t)(m->src >> 24);
        f.bar = (uint8_t)bar;
        f.inc = m->bar_inc[bar];
        roce_ud_build(&f, p.b);
        p.len = ROCE_UD_LEN;
    }
    (void)bq_push(m->txq, &p);
    m->tx_psn = (m->tx_psn + 1u) & 0xffffffu;
}

/* a notification of `bar` (tx_notif++): built now (untimed), or queued until barrier_tx takes it
 * (timed: barrier_dev_tx_take, section 3.1) */
static void tx_notify(struct barrier_dev_model *m, unsigned bar)
{
    bump(&m->stats[BDS_TX_NOTIF]);
    if (m->timed) {
        uint8_t b = (uint8_t)bar;
        (void)bq_push(m->notifq, &b); /* on ENOMEM the packet is lost and the harness reports it */
    } else {
        tx_build(m, bar);
    }
}

int barrier_dev_tx_take(struct barrier_dev_model *m)
{
    if (!m || !m->notifq)
        return BARRIER_EINVAL;
    const uint8_t *b = bq_front(m->notifq);
    if (!b)
        return 0;
    unsigned bar = *b;
    bq_drop(m->notifq);
    tx_build(m, bar);
    return 1;
}

size_t barrier_dev_tx_pending(const struct barrier_dev_model *m)
{
    return (m && m->notifq) ? m->notifq->count : 0;
}

static void set_pending(struct barrier_dev_model *m, unsigned pe, unsigned bar, uint64_t epoch,
                        unsigned status)
{
    m->pend[pe] = 1;
    m->pend_rel[pe].pe = (uint8_t)pe;
    m->pend_rel[pe].bar = (uint8_t)bar;
    m->pend_rel[pe].epoch = epoch & m->mask;
    m->pend_rel[pe].status = (uint8_t)status;
}

int barrier_dev_push_req(struct barrier_dev_model *m, const struct barrier_req *req)
{
    if (!m || !req || !m->txq)
        return BARRIER_EINVAL;

    unsigned op = req->op & 3u, pe = req->pe, bar = req->bar;
    uint64_t epoch = req->epoch & m->mask;

    /* 1. no one to answer */
    if (pe >= m->cfg.num_pes) {
        bump(&m->stats[BDS_REQ_DROP_PE]);
        return BARRIER_REQ_DROP_PE;
    }
    /* 2. busy: armed, or a release still pending */
    if (pe_busy(m, pe)) {
        bump(&m->stats[BDS_REQ_DROP_BUSY]);
        return BARRIER_REQ_DROP_BUSY;
    }
    /* 3. illegal op */
    if (op == BARRIER_OP_ILLEGAL) {
        set_pending(m, pe, bar, epoch, BARRIER_ST_ERR_OP);
        bump(&m->stats[BDS_RSP_ERR_OP]);
        return BARRIER_REQ_ERR_OP;
    }
    /* 4. barrier out of range or disabled */
    if (bar >= m->cfg.num_barriers || !m->bar_en[bar]) {
        set_pending(m, pe, bar, epoch, BARRIER_ST_ERR_BAR);
        bump(&m->stats[BDS_RSP_ERR_BAR]);
        return BARRIER_REQ_ERR_BAR;
    }
    /* 5. WAIT too far ahead */
    if (op == BARRIER_OP_WAIT) {
        /* timed: the counter was read in phase B, three cycles before (section 3.1) */
        uint64_t c = m->timed ? m->cnt_hist[3u * m->cfg.num_barriers + bar] : m->cnt[bar];
        uint64_t d = (epoch - c) & m->mask;
        if (d < m->half && d > m->bar_step[bar]) {
            set_pending(m, pe, bar, epoch, BARRIER_ST_ERR_FAR);
            bump(&m->stats[BDS_RSP_ERR_FAR]);
            return BARRIER_REQ_ERR_FAR;
        }
        m->tgt[pe] = epoch;
        m->armed[pe] = 1;
        m->arm_bar[pe] = (uint8_t)bar;
        bump(&m->stats[BDS_REQ_WAIT]);
        return BARRIER_REQ_WAIT;
    }

    /* ARRIVE / ARRIVE_NB */
    m->tgt[pe] = (m->tgt[pe] + m->bar_step[bar]) & m->mask;
    if (op == BARRIER_OP_ARRIVE) {
        m->armed[pe] = 1;
        m->arm_bar[pe] = (uint8_t)bar;
    } else {
        set_pending(m, pe, bar, m->tgt[pe], BARRIER_ST_OK);
    }
    /* leader mode (section 3.2): only the LOCAL_N-th local arrival of the epoch notifies */
    int notify = 1;
    if ((m->ext & BDEV_EXT_LEADER) && m->bar_leader[bar]) {
        if (m->lcnt[bar] + 1u >= m->local_n[bar]) {
            m->lcnt[bar] = 0;
        } else {
            m->lcnt[bar]++;
            notify = 0;
        }
    }
    if (notify) {
        tx_notify(m, bar);
        if (int_path(m, bar)) {
            if (m->timed)
                hold_push(m, HOLD_INC, bar, m->bar_inc[bar]);
            else
                ctr_update(m, bar, m->bar_inc[bar]);
        }
    }
    bump(&m->stats[BDS_REQ_ARRIVE]);
    return op == BARRIER_OP_ARRIVE ? BARRIER_REQ_ARRIVE : BARRIER_REQ_ARRIVE_NB;
}

/* statistics index of each receive verdict (section 5.4) */
static const unsigned rx_stat[] = {
    BDS_RX_OK, BDS_RX_DROP_TRUNC, BDS_RX_DROP_LONG, BDS_RX_DROP_MALFORMED, BDS_RX_DROP_IPCSUM,
    BDS_RX_DROP_NOT_ROCE, BDS_RX_DROP_OPCODE, BDS_RX_DROP_ICRC, BDS_RX_DROP_RKEY,
    BDS_RX_DROP_SRC, BDS_RX_DROP_DUP, BDS_RX_DROP_BAR, BDS_RX_DROP_INC, BDS_RX_DROP_SELF};

/* the decoded fields of a received notification in the layout of c->ctrl's WIRE_FA (checks 1-8) */
struct rx_fields {
    enum roce_rx_verdict v;
    unsigned bar, src;
    uint32_t psn, dip;
    uint64_t inc;
    int bar_in;
};

static void rx_decode(const struct barrier_dev_model *m, const struct barrier_rx_cfg *c,
                      const uint8_t *pkt, size_t len, struct rx_fields *r)
{
    memset(r, 0, sizeof *r);
    if (c->ctrl & BDEV_CTRL_WIRE_FA) {
        struct roce_fa_fields f;
        r->v = roce_fa_parse(pkt, len, c->dest_qp, c->rkey, &f);
        uint64_t span = 8u * (uint64_t)m->cfg.num_barriers;
        uint64_t off = f.va - c->cnt_base;
        r->bar_in = !(f.va < c->cnt_base || off >= span || (off & 7u) != 0);
        r->bar = (unsigned)(off >> 3) & (m->cfg.num_barriers - 1u);
        r->src = (unsigned)(f.cmp_data & 0xffu);
        r->psn = f.psn;
        r->inc = f.add_data;
        r->dip = f.dst_ip;
    } else {
        struct roce_ud_fields f;
        r->v = roce_ud_parse(pkt, len, c->rkey, &f);
        r->bar_in = f.bar < m->cfg.num_barriers;
        r->bar = f.bar & (m->cfg.num_barriers - 1u);
        r->src = f.src_id;
        r->psn = f.psn;
        r->inc = f.inc;
        r->dip = f.dst_ip;
    }
}

void barrier_dev_rx_cfg_s1(const struct barrier_dev_model *m, struct barrier_rx_cfg *c)
{
    if (!m || !c)
        return;
    memset(c, 0, sizeof *c);
    c->ctrl = m->ctrl;
    c->dest_qp = m->dest_qp;
    c->rkey = m->rkey;
    c->inc_max = m->inc_max;
    c->src = m->src;
    c->cnt_base = m->cnt_base;
}

void barrier_dev_rx_cfg_s2(const struct barrier_dev_model *m, const uint8_t *pkt, size_t len,
                           struct barrier_rx_cfg *c)
{
    if (!m || !c || (!pkt && len) || !m->bar_en)
        return;
    struct rx_fields r;
    rx_decode(m, c, pkt, len, &r);
    c->bar_en = m->bar_en[r.bar];
    c->group_ip = m->group_ip[r.bar];
    c->int_path = (uint8_t)int_path(m, r.bar);
}

int barrier_dev_push_rx(struct barrier_dev_model *m, const uint8_t *pkt, size_t len)
{
    if (!m || (!pkt && len) || !m->txq)
        return BARRIER_EINVAL;
    struct barrier_rx_cfg c;
    barrier_dev_rx_cfg_s1(m, &c);
    barrier_dev_rx_cfg_s2(m, pkt, len, &c);
    return barrier_dev_push_rx_cfg(m, pkt, len, &c);
}

int barrier_dev_push_rx_cfg(struct barrier_dev_model *m, const uint8_t *pkt, size_t len,
                            const struct barrier_rx_cfg *c)
{
    if (!m || !c || (!pkt && len) || !m->txq)
        return BARRIER_EINVAL;

    struct rx_fields r;
    rx_decode(m, c, pkt, len, &r);
    enum roce_rx_verdict v = r.v;
    const unsigned bar = r.bar, src = r.src;
    const uint32_t psn = r.psn, dip = r.dip;
    const uint64_t inc = r.inc;
    const int bar_in = r.bar_in;

    /* 9 source index, 10 sequence (section 5.5) */
    int gap = 0;
    if (v == ROCE_RX_OK && src >= m->num_sources)
        v = ROCE_RX_SRC;
    /* 9a own notification on a barrier that uses the internal path (5.4, 7.1 mismatch 1/1):
     * dropped before the sequence check, so it does not take the source's sequence */
    if ((m->ext & BDEV_EXT_SELF) && v == ROCE_RX_OK && src == (c->src >> 24) && bar_in && c->int_path)
        v = ROCE_RX_SELF;
    if (v == ROCE_RX_OK) {
        if (m->seq_known[src]) {
            uint32_t d = (psn - m->seq_exp[src]) & 0xffffffu;
            if (d & 0x800000u)
                v = ROCE_RX_DUP;
            else
                gap = d != 0;
        }
        if (v == ROCE_RX_OK) {   /* sequence accepted: advances even if 11-12 drop the packet */
            m->seq_known[src] = 1;
            m->seq_exp[src] = (psn + 1u) & 0xffffffu;
            if (gap)
                bump(&m->stats[BDS_RX_GAP]);
        }
    }
    /* 11 barrier, 12 increment */
    if (v == ROCE_RX_OK && (!bar_in || !c->bar_en || dip != c->group_ip))
        v = ROCE_RX_BAR;
    if (v == ROCE_RX_OK && (inc == 0 || inc > (uint64_t)c->inc_max || inc >= m->half))
        v = ROCE_RX_INC;

    bump(&m->stats[rx_stat[(unsigned)v]]);
    if (v == ROCE_RX_OK) {
        if (m->rx_defer) {
            struct barrier_mir e = {bar, inc & m->mask};
            if (bq_push(m->rxq, &e) != 0)
                return BARRIER_ENOMEM;
        } else {
            ctr_update(m, bar, inc & m->mask);
        }
    }
    return (int)v;
}

void barrier_dev_set_rx_defer(struct barrier_dev_model *m, int on)
{
    if (m)
        m->rx_defer = on != 0;
}

int barrier_dev_rx_apply(struct barrier_dev_model *m, unsigned *bar, uint64_t *inc)
{
    if (!m || !m->rxq)
        return BARRIER_EINVAL;
    const struct barrier_mir *e = bq_front(m->rxq);
    if (!e)
        return 0;
    unsigned b = (unsigned)e->addr;
    uint64_t v = e->data;
    bq_drop(m->rxq);
    if (bar)
        *bar = b;
    if (inc)
        *inc = v;
    ctr_update(m, b, v);
    return 1;
}

size_t barrier_dev_rx_pending(const struct barrier_dev_model *m)
{
    return (m && m->rxq) ? m->rxq->count : 0;
}

int barrier_dev_push_inc(struct barrier_dev_model *m, unsigned bar, uint64_t inc)
{
    if (!m || !m->txq || bar >= m->cfg.num_barriers)
        return BARRIER_EINVAL;
    ctr_update(m, bar, inc & m->mask);
    return BARRIER_OK;
}

int barrier_dev_pop_tx(struct barrier_dev_model *m, uint8_t *buf, size_t cap, size_t *len)
{
    if (!m || !buf || !len || !m->txq)
        return BARRIER_EINVAL;
    const struct txpkt *p = bq_front(m->txq);
    if (!p)
        return 0;
    if (cap < p->len)
        return BARRIER_ENOSPC;
    memcpy(buf, p->b, p->len);
    *len = p->len;
    bq_drop(m->txq);
    return 1;
}

static int releasable(const struct barrier_dev_model *m, unsigned pe)
{
    return m->pend[pe] || (m->armed[pe] && ge(m, m->cnt[m->arm_bar[pe]], m->tgt[pe]));
}

int barrier_dev_pop_rel(struct barrier_dev_model *m, unsigned pe, struct barrier_rel *rel)
{
    int rc = barrier_dev_rel_latch(m, pe, rel);
    if (rc == 1)
        barrier_dev_rel_ack(m, pe);
    return rc;
}

int barrier_dev_rel_ack(struct barrier_dev_model *m, unsigned pe)
{
    if (!m || !m->txq || pe >= m->cfg.num_pes || !m->presenting[pe])
        return BARRIER_EINVAL;
    m->presenting[pe] = 0;
    if (m->presenting_ok[pe])
        bump(&m->stats[BDS_REL_OK]);
    return BARRIER_OK;
}

int barrier_dev_rel_latch(struct barrier_dev_model *m, unsigned pe, struct barrier_rel *rel)
{
    if (!m || !rel || !m->txq || pe >= m->cfg.num_pes || m->presenting[pe])
        return BARRIER_EINVAL;
    /* timed: decided from the state at the start of the cycle two cycles before (scanner S1) */
    int ok_then = m->timed ? (int)((m->hist[2][pe / 64u] >> (pe % 64u)) & 1u) : 1;
    if (!ok_then)
        return 0;
    if (m->pend[pe]) {
        *rel = m->pend_rel[pe];
        m->pend[pe] = 0;
    } else if (m->armed[pe] && (m->timed || ge(m, m->cnt[m->arm_bar[pe]], m->tgt[pe]))) {
        rel->pe = (uint8_t)pe;
        rel->bar = m->arm_bar[pe];
        rel->epoch = m->tgt[pe];
        rel->status = BARRIER_ST_OK;
        m->armed[pe] = 0;
    } else {
        return 0;
    }
    m->presenting[pe] = 1;
    m->presenting_ok[pe] = rel->status == BARRIER_ST_OK;
    return 1;
}

int barrier_dev_pop_mir(struct barrier_dev_model *m, struct barrier_mir *mir)
{
    if (!m || !mir || !m->mirq)
        return BARRIER_EINVAL;
    if (!m->timed && m->mirq->count == 0 && barrier_dev_mir_claim(m) == 1)
        (void)barrier_dev_mir_load(m);
    const struct barrier_mir *w = bq_front(m->mirq);
    if (!w)
        return 0;
    *mir = *w;
    bq_drop(m->mirq);
    return 1;
}

void barrier_dev_set_timed(struct barrier_dev_model *m, int on)
{
    if (m) {
        m->timed = on != 0;
        m->rx_defer = on != 0;
        m->mir_ptr = m->timed ? m->cfg.num_barriers - 1u : 0;
    }
}

int barrier_dev_upd_apply(struct barrier_dev_model *m, int from_hold)
{
    if (!m || !m->holdq)
        return BARRIER_EINVAL;
    if (!from_hold)
        return barrier_dev_rx_apply(m, NULL, NULL);
    const struct hold *h = bq_front(m->holdq);
    if (!h)
        return 0;
    struct hold e = *h;
    bq_drop(m->holdq);
    if (e.kind == HOLD_INC) {
        ctr_update(m, e.bar, e.val);
    } else {
        uint64_t v = e.kind == HOLD_SET_LO ? set_lo(m->cnt[e.bar], (uint32_t)e.val)
                                           : set_hi(m->cnt[e.bar], (uint32_t)e.val);
        m->cnt[e.bar] = v & m->mask; /* configuration, not a counter update: no mirror write */
    }
    return 1;
}

int barrier_dev_mir_claim(struct barrier_dev_model *m)
{
    if (!m || !m->dirty || m->mir_claimed)
        return BARRIER_EINVAL;
    unsigned nb = m->cfg.num_barriers;
    if (m->timed) { /* the scan pointer of this cycle (barrier_dev_tick advances it) */
        unsigned b = m->mir_ptr % nb;
        if (!m->dirty[b])
            return 0;
        m->dirty[b] = 0;
        m->mir_claimed = 1;
        m->mir_claim_bar = b;
        return 1;
    }
    for (unsigned k = 0; k < nb; k++) { /* untimed: the first dirty barrier from the pointer */
        unsigned b = (m->mir_ptr + k) % nb;
        if (!m->dirty[b])
            continue;
        m->dirty[b] = 0;
        m->mir_ptr = (b + 1u) % nb;
        m->mir_claimed = 1;
        m->mir_claim_bar = b;
        return 1;
    }
    return 0;
}

int barrier_dev_mir_load(struct barrier_dev_model *m)
{
    if (!m || !m->dirty)
        return BARRIER_EINVAL;
    if (!m->mir_claimed)
        return 0;
    unsigned b = m->mir_claim_bar;
    struct barrier_mir w;
    w.addr = m->mirror_base + 8u * (uint64_t)b;
    w.data = m->cnt[b];
    (void)bq_push(m->mirq, &w);
    m->mir_claimed = 0;
    bump(&m->stats[BDS_MIRROR_WR]);
    return 1;
}

void barrier_dev_tick(struct barrier_dev_model *m)
{
    if (!m || !m->txq)
        return;
    memcpy(m->hist[2], m->hist[1], sizeof m->hist[1]);
    memcpy(m->hist[1], m->hist[0], sizeof m->hist[0]);
    memset(m->hist[0], 0, sizeof m->hist[0]);
    unsigned nb = m->cfg.num_barriers;
    m->mir_ptr = (m->mir_ptr + 1u) % nb; /* mirror scan pointer of this cycle */
    memmove(m->cnt_hist + nb, m->cnt_hist, 3u * nb * sizeof *m->cnt_hist);
    memcpy(m->cnt_hist, m->cnt, nb * sizeof *m->cnt_hist);
    for (unsigned pe = 0; pe < m->cfg.num_pes; pe++)
        if (releasable(m, pe))
            m->hist[0][pe / 64u] |= UINT64_C(1) << (pe % 64u);
}

size_t barrier_dev_hold_pending(const struct barrier_dev_model *m)
{
    return (m && m->holdq) ? m->holdq->count : 0;
}

unsigned barrier_dev_releasable(const struct barrier_dev_model *m, uint64_t bitmap[4])
{
    unsigned n = 0;
    if (bitmap)
        memset(bitmap, 0, 4 * sizeof bitmap[0]);
    if (!m || !m->txq)
        return 0;
    for (unsigned pe = 0; pe < m->cfg.num_pes; pe++) {
        if (releasable(m, pe)) {
            n++;
            if (bitmap)
                bitmap[pe / 64u] |= UINT64_C(1) << (pe % 64u);
        }
    }
    return n;
}

uint32_t barrier_dev_stat(const struct barrier_dev_model *m, unsigned i)
{
    return (m && i < BDS_NUM_STATS) ? m->stats[i] : 0u;
}

static uint64_t set_lo(uint64_t v, uint32_t lo)
{
    return (v & ~UINT64_C(0xffffffff)) | lo;
}

static uint64_t set_hi(uint64_t v, uint32_t hi)
{
    return (v & UINT64_C(0xffffffff)) | ((uint64_t)hi << 32);
}

int barrier_dev_csr_write(struct barrier_dev_model *m, uint32_t addr, uint32_t data)
{
    return barrier_dev_csr_write_strb(m, addr, data, 0xfu);
}

int barrier_dev_csr_write_strb(struct barrier_dev_model *m, uint32_t addr, uint32_t data,
                               unsigned strb)
{
    if (!m || !m->txq)
        return BARRIER_EINVAL;
    addr &= 0xffffu;
    if ((strb & 0xfu) != 0xfu || (addr & 3u) != 0) {
        bump(&m->stats[BDS_CSR_ERR]);
        return BARRIER_CSR_ERR;
    }

    switch (addr) {
    case BDEV_CSR_CTRL:          m->ctrl = data & (BDEV_CTRL_INTERNAL_PATH | BDEV_CTRL_WIRE_FA);
                                 return BARRIER_CSR_DONE;
    case BDEV_CSR_SRC:           m->src = data; return BARRIER_CSR_DONE;
    case BDEV_CSR_INC_MAX:       m->inc_max = data; return BARRIER_CSR_DONE;
    case BDEV_CSR_SRC_MAC_LO:    m->src_mac_lo = data; return BARRIER_CSR_DONE;
    case BDEV_CSR_SRC_MAC_HI:    m->src_mac_hi = data & 0xffffu; return BARRIER_CSR_DONE;
    case BDEV_CSR_SRC_IP:        m->src_ip = data; return BARRIER_CSR_DONE;
    case BDEV_CSR_DEST_QP:       m->dest_qp = data & 0xffffffu; return BARRIER_CSR_DONE;
    case BDEV_CSR_RKEY:          m->rkey = data; return BARRIER_CSR_DONE;
    case BDEV_CSR_UDP_SPORT_TOS: m->sport_tos = data & 0xffffffu; return BARRIER_CSR_DONE;
    case BDEV_CSR_CNT_BASE_LO:   m->cnt_base = set_lo(m->cnt_base, data); return BARRIER_CSR_DONE;
    case BDEV_CSR_CNT_BASE_HI:   m->cnt_base = set_hi(m->cnt_base, data); return BARRIER_CSR_DONE;
    case BDEV_CSR_MIR_BASE_LO:   m->mirror_base = set_lo(m->mirror_base, data); return BARRIER_CSR_DONE;
    case BDEV_CSR_MIR_BASE_HI:   m->mirror_base = set_hi(m->mirror_base, data); return BARRIER_CSR_DONE;
    case BDEV_CSR_TX_PSN:        m->tx_psn = data & 0xffffffu; return BARRIER_CSR_DONE;
    default: break;
    }

    if (addr >= 0x400u && addr < 0x400u + 32u * m->cfg.num_barriers) {
        unsigned b = (addr - 0x400u) / 32u, r = (addr - 0x400u) % 32u;
        switch (r) {
        case 0x00:
            if (m->ext & BDEV_EXT_CSR) {  /* INTERNAL_PATH / LEADER written even when EN is refused */
                m->bar_ip[b] = (data & BDEV_BAR_CTRL_INTERNAL_PATH) != 0;
                m->bar_leader[b] = (data & BDEV_BAR_CTRL_LEADER) != 0;
            }
            if (data & BDEV_BAR_CTRL_ENABLE) {
                if (m->bar_step[b] == 0 || m->bar_step[b] > m->half) {
                    m->bar_en[b] = 0;
                    m->lcnt[b] = 0;
                    bump(&m->stats[BDS_CFG_REJECT]);
                    return BARRIER_CSR_REJECT;
                }
                m->bar_en[b] = 1;
            } else {
                m->bar_en[b] = 0;
                m->lcnt[b] = 0;  /* a disabled barrier starts its next epoch afresh (3.2) */
            }
            return BARRIER_CSR_DONE;
        case 0x04: m->bar_inc[b] = data & m->mask; return BARRIER_CSR_DONE;
        case 0x08:
        case 0x0C:
            if (m->bar_en[b])
                break; /* locked while enabled */
            m->bar_step[b] = (r == 0x08 ? set_lo(m->bar_step[b], data)
                                        : set_hi(m->bar_step[b], data)) & m->mask;
            return BARRIER_CSR_DONE;
        case 0x10: m->group_ip[b] = data; return BARRIER_CSR_DONE;
        case 0x18:
        case 0x1C:
            if (m->bar_en[b])
                break; /* locked */
            if (m->timed) {
                hold_push(m, r == 0x18 ? HOLD_SET_LO : HOLD_SET_HI, b, data);
            } else {
                m->cnt[b] = (r == 0x18 ? set_lo(m->cnt[b], data) : set_hi(m->cnt[b], data)) &
                            m->mask;
            }
            return BARRIER_CSR_DONE;
        case BDEV_BAR_LOCAL_N_OFFS:
            if (!(m->ext & BDEV_EXT_CSR) || m->bar_en[b] || data == 0 || data > m->cfg.num_pes)
                break; /* legacy hole; locked while enabled; 1..NUM_PES */
            m->local_n[b] = (uint16_t)data;
            m->lcnt[b] = 0;
            return BARRIER_CSR_DONE;
        default:
            break;
        }
    } else if (addr >= 0x800u && addr < 0x800u + 8u * m->cfg.num_pes) {
        unsigned p = (addr - 0x800u) / 8u;
        if (!pe_busy(m, p)) {
            m->tgt[p] = ((addr & 4u) ? set_hi(m->tgt[p], data) : set_lo(m->tgt[p], data)) & m->mask;
            return BARRIER_CSR_DONE;
        }
        /* locked while the PE is armed or has a release pending */
    }
    /* read-only, unmapped or locked */
    bump(&m->stats[BDS_CSR_ERR]);
    return BARRIER_CSR_ERR;
}

int barrier_dev_csr_read_err(const struct barrier_dev_model *m, uint32_t addr)
{
    if (!m || !m->txq)
        return 1;
    addr &= 0xffffu;
    if (addr & 3u)
        return 1;
    if (addr <= BDEV_CSR_SRC)
        return 0;
    if (addr >= 0x100u && addr < 0x100u + 4u * ((m->ext & BDEV_EXT_CSR) ? BDS_NUM_STATS : BDS_RX_DROP_SELF))
        return 0;
    if (addr >= 0x400u && addr < 0x400u + 32u * m->cfg.num_barriers)
        return !(m->ext & BDEV_EXT_CSR) && ((addr - 0x400u) % 32u) == BDEV_BAR_LOCAL_N_OFFS;
    if (addr >= 0x800u && addr < 0x800u + 8u * m->cfg.num_pes)
        return 0;
    return 1;
}

uint32_t barrier_dev_csr_read(const struct barrier_dev_model *m, uint32_t addr)
{
    if (!m || !m->txq || barrier_dev_csr_read_err(m, addr))
        return 0;
    addr &= 0xffffu;

    switch (addr) {
    case BDEV_CSR_ID:            return BDEV_ID_VALUE;
    case BDEV_CSR_PARAMS:        return m->log2_nb | (m->log2_nw << 8) | (m->cfg.cnt_width << 16) |
                                        (m->log2_ns << 24);
    case BDEV_CSR_CTRL:          return m->ctrl;
    case BDEV_CSR_INC_MAX:       return m->inc_max;
    case BDEV_CSR_SRC_MAC_LO:    return m->src_mac_lo;
    case BDEV_CSR_SRC_MAC_HI:    return m->src_mac_hi;
    case BDEV_CSR_SRC_IP:        return m->src_ip;
    case BDEV_CSR_DEST_QP:       return m->dest_qp;
    case BDEV_CSR_RKEY:          return m->rkey;
    case BDEV_CSR_UDP_SPORT_TOS: return m->sport_tos;
    case BDEV_CSR_CNT_BASE_LO:   return (uint32_t)m->cnt_base;
    case BDEV_CSR_CNT_BASE_HI:   return (uint32_t)(m->cnt_base >> 32);
    case BDEV_CSR_MIR_BASE_LO:   return (uint32_t)m->mirror_base;
    case BDEV_CSR_MIR_BASE_HI:   return (uint32_t)(m->mirror_base >> 32);
    case BDEV_CSR_TX_PSN:        return m->tx_psn;
    case BDEV_CSR_SRC:           return m->src;
    default: break;
    }
    if (addr >= 0x100u && addr < 0x100u + 4u * BDS_NUM_STATS)
        return m->stats[(addr - 0x100u) / 4u];
    if (addr >= 0x400u && addr < 0x400u + 32u * m->cfg.num_barriers) {
        unsigned b = (addr - 0x400u) / 32u, r = (addr - 0x400u) % 32u;
        switch (r) {
        case 0x00: return m->bar_en[b] | ((m->ext & BDEV_EXT_CSR) ? (m->bar_ip[b] ? BDEV_BAR_CTRL_INTERNAL_PATH : 0u) |
                                                   (m->bar_leader[b] ? BDEV_BAR_CTRL_LEADER : 0u) : 0u);
        case BDEV_BAR_LOCAL_N_OFFS: return m->local_n[b];
        case 0x04: return (uint32_t)m->bar_inc[b];
        case 0x08: return (uint32_t)m->bar_step[b];
        case 0x0C: return (uint32_t)(m->bar_step[b] >> 32);
        case 0x10: return m->group_ip[b];
        case 0x18: return (uint32_t)m->cnt[b];
        case 0x1C: return (uint32_t)(m->cnt[b] >> 32);
        default:   return 0;
        }
    }
    if (addr >= 0x800u && addr < 0x800u + 8u * m->cfg.num_pes) {
        unsigned p = (addr - 0x800u) / 8u;
        return (addr & 4u) ? (uint32_t)(m->tgt[p] >> 32) : (uint32_t)m->tgt[p];
    }
    return 0;
}

/* ================================================================== barrier_fanout */

struct fpkt {
    uint8_t *data;
    size_t len;
    unsigned src;
};

static void fan_clear_queues(struct barrier_fanout_model *m)
{
    for (unsigned p = 0; p < m->cfg.num_ports; p++) {
        struct bq *q = m->outq[p];
        if (!q)
            continue;
        while (q->count) {
            const struct fpkt *e = bq_front(q);
            free(e->data);
            bq_drop(q);
        }
        q->head = 0;
    }
}

int barrier_fanout_init(struct barrier_fanout_model *m, const struct barrier_fanout_cfg *cfg)
{
    if (!m)
        return BARRIER_EINVAL;
    memset(m, 0, sizeof *m);
    if (!cfg || cfg->num_ports < 2 || cfg->num_ports > 16 || cfg->num_groups < 1 ||
        cfg->num_groups > 255 || cfg->xlt_fa > 1)
        return BARRIER_EINVAL;
    m->cfg = *cfg;
    m->g_ctrl = calloc(cfg->num_groups, sizeof *m->g_ctrl);
    m->g_ip = calloc(cfg->num_groups, sizeof *m->g_ip);
    m->g_mask = calloc(cfg->num_groups, sizeof *m->g_mask);
    m->xlt = calloc(16u * cfg->num_groups, sizeof *m->xlt);
    m->xlt_base = calloc(16u * cfg->num_groups, sizeof *m->xlt_base);
    m->outq = calloc(cfg->num_ports, sizeof *m->outq);
    int ok = m->g_ctrl && m->g_ip && m->g_mask && m->xlt && m->xlt_base && m->outq;
    for (unsigned p = 0; ok && p < cfg->num_ports; p++) {
        m->outq[p] = bq_new(sizeof(struct fpkt));
        ok = m->outq[p] != NULL;
    }
    if (!ok) {
        barrier_fanout_free(m);
        return BARRIER_ENOMEM;
    }
    return BARRIER_OK;
}

void barrier_fanout_free(struct barrier_fanout_model *m)
{
    if (!m)
        return;
    if (m->outq) {
        fan_clear_queues(m);
        for (unsigned p = 0; p < m->cfg.num_ports; p++)
            bq_del(m->outq[p]);
    }
    free(m->outq);
    free(m->g_ctrl);
    free(m->g_ip);
    free(m->g_mask);
    free(m->xlt);
    free(m->xlt_base);
    memset(m, 0, sizeof *m);
}

void barrier_fanout_reset(struct barrier_fanout_model *m)
{
    if (!m || !m->outq)
        return;
    fan_clear_queues(m);
    memset(m->stats, 0, sizeof m->stats);
    memset(m->g_ctrl, 0, m->cfg.num_groups * sizeof *m->g_ctrl);
    memset(m->g_ip, 0, m->cfg.num_groups * sizeof *m->g_ip);
    memset(m->g_mask, 0, m->cfg.num_groups * sizeof *m->g_mask);
    m->xlt_lo_stage = 0;
    /* XLT is RAM in the RTL (not reset): the model keeps it; software rewrites it before use */
}

uint32_t barrier_fanout_stat(const struct barrier_fanout_model *m, unsigned i)
{
    return (m && i < BFS_NUM_STATS) ? m->stats[i] : 0u;
}

/* XLT entry index 16 * g + p of a CSR address (any of the words +0, +4, +8; +0 only without
 * cfg.xlt_fa), or -1 (section 7.2) */
static int fan_xlt_index(const struct barrier_fanout_model *m, uint32_t addr)
{
    if (addr < 0x4000u || addr >= 0x8000u || (addr & 0xfu) > (m->cfg.xlt_fa ? 8u : 0u) || (addr & 3u) != 0)
        return -1;
    unsigned g = (addr - 0x4000u) >> 8, p = ((addr - 0x4000u) >> 4) & 0xfu;
    if (g >= m->cfg.num_groups || p >= m->cfg.num_ports)
        return -1;
    return (int)(16u * g + p);
}

/*
 * Translation of the copy to port p of group g (section 7.2), computed from scratch: a UD
 * notification (byte 14 = 0x45, IPv4 total length 64, BTH opcode 0x65, >= 43 bytes) with
 * XLT[g][p].UD_EN gets ImmDt byte 63 := BAR; its ICRC (bytes 74-77, those present) becomes
 * ICRC(rewritten 78-byte image) ^ ICRC(original image) ^ the ICRC it carried, both computed in
 * full by roce_icrc_ipv4 over the first 78 bytes (zero-padded): a correct ICRC stays correct and an
 * ingress ICRC error is preserved. Returns 1 when the copy was rewritten.
 */
static int fan_translate(struct barrier_fanout_model *m, unsigned g, unsigned p, uint8_t *c,
                         size_t len)
{
    uint16_t e = m->xlt[16u * g + p];
    if (!(e & BFAN_XLT_UD_EN) || len < 43 || c[14] != 0x45 || c[16] != 0x00 || c[17] != 64 ||
        c[42] != 0x65)
        return 0;
    uint8_t img[ROCE_UD_LEN] = {0};
    memcpy(img, c, len < ROCE_UD_LEN ? len : ROCE_UD_LEN);
    uint32_t a = 0, b = 0;
    (void)roce_icrc_ipv4(img, ROCE_UD_LEN, &a);
    img[63] = (uint8_t)(e >> 8);
    (void)roce_icrc_ipv4(img, ROCE_UD_LEN, &b);
    if (len > 63)
        c[63] = (uint8_t)(e >> 8);
    for (unsigned k = 0; k < 4; k++)
        if (74u + k < len)
            c[74u + k] ^= (uint8_t)((a ^ b) >> (8u * k));
    m->xlt_ud++;
    return 1;
}

/*
 * FETCH_ADD translation of the copy to port p of group g (section 7.2), from scratch: a
 * FETCH_ADD notification (byte 14 = 0x45, IPv4 total length 72, BTH opcode 0x14, >= 43 bytes)
 * with XLT[g][p].FA_EN gets its AtomicETH VA (bytes 54-61, big-endian) replaced by
 * DST_BASE[63:12] || VA[11:0] (those bytes present); its ICRC (bytes 82-85, those present) is
 * XORed with ICRC(rewritten 86-byte image) ^ ICRC(original image), both computed in full by
 * roce_icrc_ipv4 over the first 86 bytes (zero-padded). Returns 1 when the copy was rewritten.
 */
static int fan_translate_fa(struct barrier_fanout_model *m, unsigned g, unsigned p, uint8_t *c,
                            size_t len)
{
    uint16_t e = m->xlt[16u * g + p];
    if (!m->cfg.xlt_fa || !(e & BFAN_XLT_FA_EN) || len < 43 || c[14] != 0x45 || c[16] != 0x00 ||
        c[17] != ROCE_FA_IP_TOTLEN || c[42] != 0x14)
        return 0;
    uint8_t img[ROCE_FA_LEN] = {0};
    memcpy(img, c, len < ROCE_FA_LEN ? len : ROCE_FA_LEN);
    uint32_t a = 0, b = 0;
    (void)roce_icrc_ipv4(img, ROCE_FA_LEN, &a);
    uint64_t va = 0;
    for (unsigned i = 0; i < 8; i++)
        va = (va << 8) | img[54u + i];
    va = (m->xlt_base[16u * g + p] & BFAN_XLT_BASE_MASK) | (va & UINT64_C(0xfff));
    for (unsigned i = 0; i < 8; i++)
        img[54u + i] = (uint8_t)(va >> (56u - 8u * i));
    (void)roce_icrc_ipv4(img, ROCE_FA_LEN, &b);
    for (unsigned i = 0; i < 8; i++)
        if (54u + i < len)
            c[54u + i] = img[54u + i];
    for (unsigned k = 0; k < 4; k++)
        if (82u + k < len)
            c[82u + k] ^= (uint8_t)((a ^ b) >> (8u * k));
    m->xlt_fa++;
    return 1;
}

int barrier_fanout_csr_write(struct barrier_fanout_model *m, uint32_t addr, uint32_t data)
{
    return barrier_fanout_csr_write_strb(m, addr, data, 0xfu);
}

int barrier_fanout_csr_write_check(const struct barrier_fanout_model *m, uint32_t addr,
                                   unsigned strb)
{
    if (!m || !m->outq)
        return BARRIER_EINVAL;
    addr &= 0xffffu;
    if ((strb & 0xfu) != 0xfu || (addr & 3u) != 0)
        return BARRIER_CSR_ERR;
    if (addr >= 0x400u && addr < 0x400u + 16u * m->cfg.num_groups && (addr - 0x400u) % 16u < 0xcu)
        return BARRIER_CSR_DONE;
    return fan_xlt_index(m, addr) >= 0 ? BARRIER_CSR_DONE : BARRIER_CSR_ERR;
}

int barrier_fanout_csr_write_strb(struct barrier_fanout_model *m, uint32_t addr, uint32_t data,
                                  unsigned strb)
{
    int rc = barrier_fanout_csr_write_check(m, addr, strb);
    if (rc != BARRIER_CSR_DONE) {
        if (rc == BARRIER_CSR_ERR)
            bump(&m->stats[BFS_CSR_ERR]);
        return rc;
    }
    addr &= 0xffffu;
    if (addr >= 0x400u && addr < 0x400u + 16u * m->cfg.num_groups) {
        unsigned g = (addr - 0x400u) / 16u;
        switch ((addr - 0x400u) % 16u) {
        case 0x0: m->g_ctrl[g] = (uint8_t)(data & 3u); break;
        case 0x4: m->g_ip[g] = data; break;
        default:
            m->g_mask[g] = data & ((UINT32_C(1) << m->cfg.num_ports) - 1u);
            break;
        }
        return BARRIER_CSR_DONE;
    }
    unsigned i = (unsigned)fan_xlt_index(m, addr);
    switch (addr & 0xfu) {
    case 0x0: m->xlt[i] = (uint16_t)(data & BFAN_XLT_MASK); break;
    case 0x4: m->xlt_lo_stage = data & 0xfffff000u; break;  /* staged */
    default:  /* BASE_HI commits {BASE_HI, staged BASE_LO} */
        m->xlt_base[i] = ((uint64_t)data << 32) | m->xlt_lo_stage;
        break;
    }
    return BARRIER_CSR_DONE;
}

int barrier_fanout_csr_read_err(const struct barrier_fanout_model *m, uint32_t addr)
{
    if (!m || !m->outq)
        return 1;
    addr &= 0xffffu;
    if (addr & 3u)
        return 1;
    if (addr == BFAN_CSR_ID || addr == BFAN_CSR_PARAMS)
        return 0;
    if (addr >= 0x100u && addr < 0x100u + 4u * BFS_NUM_STATS)
        return 0;
    if (addr >= 0x400u && addr < 0x400u + 16u * m->cfg.num_groups)
        return ((addr - 0x400u) % 16u) == 0xCu;
    if (fan_xlt_index(m, addr) >= 0)
        return 0;
    return 1;
}

uint32_t barrier_fanout_csr_read(const struct barrier_fanout_model *m, uint32_t addr)
{
    if (!m || !m->outq || barrier_fanout_csr_read_err(m, addr))
        return 0;
    addr &= 0xffffu;
    if (addr == BFAN_CSR_ID)
        return BFAN_ID_VALUE;
    if (addr == BFAN_CSR_PARAMS)
        return m->cfg.num_ports | (m->cfg.num_groups << 8);
    if (addr >= 0x100u && addr < 0x100u + 4u * BFS_NUM_STATS)
        return m->stats[(addr - 0x100u) / 4u];
    if (addr >= 0x400u && addr < 0x400u + 16u * m->cfg.num_groups) {
        unsigned g = (addr - 0x400u) / 16u, r = (addr - 0x400u) % 16u;
        switch (r) {
        case 0x0: return m->g_ctrl[g];
        case 0x4: return m->g_ip[g];
        case 0x8: return m->g_mask[g];
        default:  return 0;
        }
    }
    /* XLT entries are write-only (section 7.2): they read 0 */
    return 0;
}

/* the packet's IPv4 destination (bytes 30-33, big-endian); the caller checked len >= 34 */
static uint32_t fan_dip(const uint8_t *pkt)
{
    return ((uint32_t)pkt[30] << 24) | ((uint32_t)pkt[31] << 16) | ((uint32_t)pkt[32] << 8) |
           pkt[33];
}

int barrier_fanout_match(const struct barrier_fanout_model *m, const uint8_t *pkt, size_t len)
{
    if (!m || !m->outq || (!pkt && len))
        return BARRIER_EINVAL;
    if (len < 34)
        return (int)m->cfg.num_groups;
    uint32_t dip = fan_dip(pkt);
    unsigned g;
    for (g = 0; g < m->cfg.num_groups; g++)
        if ((m->g_ctrl[g] & BFAN_G_CTRL_VALID) && m->g_ip[g] == dip)
            break;
    return (int)g;
}

int barrier_fanout_push(struct barrier_fanout_model *m, const uint8_t *pkt, size_t len,
                        unsigned src_port)
{
    int g = barrier_fanout_match(m, pkt, len);
    if (g < 0)
        return g;
    return barrier_fanout_push_group(m, pkt, len, src_port, (unsigned)g);
}

int barrier_fanout_push_group(struct barrier_fanout_model *m, const uint8_t *pkt, size_t len,
                              unsigned src_port, unsigned group)
{
    if (!m || !m->outq || (!pkt && len) || group > m->cfg.num_groups)
        return BARRIER_EINVAL;
    unsigned src = src_port & 0xfu;

    bump(&m->stats[BFS_PKTS_IN]);
    if (len < 34 || pkt[12] != 0x08 || pkt[13] != 0x00 || (pkt[14] >> 4) != 4) {
        bump(&m->stats[BFS_DROP_MALFORMED]);
        return BFAN_DROP_MALFORMED;
    }
    if (src >= m->cfg.num_ports) {
        bump(&m->stats[BFS_DROP_BAD_SRC]);
        return BFAN_DROP_BAD_SRC;
    }
    unsigned g = group;
    if (g == m->cfg.num_groups) {
        bump(&m->stats[BFS_DROP_UNKNOWN_GROUP]);
        return BFAN_DROP_UNKNOWN_GROUP;
    }
    uint32_t dmask = m->g_mask[g];
    if (!(m->g_ctrl[g] & BFAN_G_CTRL_REFLECT))
        dmask &= ~(UINT32_C(1) << src);
    if (dmask == 0) {
        bump(&m->stats[BFS_DROP_NO_MEMBERS]);
        return BFAN_DROP_NO_MEMBERS;
    }
    for (unsigned p = 0; p < m->cfg.num_ports; p++) {
        if (!(dmask & (UINT32_C(1) << p)))
            continue;
        struct fpkt e;
        e.len = len;
        e.src = src;
        e.data = malloc(len ? len : 1);
        if (!e.data)
            return BARRIER_ENOMEM;
        memcpy(e.data, pkt, len);
        (void)fan_translate(m, g, p, e.data, len);
        (void)fan_translate_fa(m, g, p, e.data, len);
        if (bq_push(m->outq[p], &e) != BARRIER_OK) {
            free(e.data);
            return BARRIER_ENOMEM;
        }
        bump(&m->stats[BFS_COPIES_OUT]);
    }
    bump(&m->stats[BFS_PKTS_FWD]);
    return BFAN_FWD;
}

int barrier_fanout_pop(struct barrier_fanout_model *m, unsigned port, uint8_t *buf, size_t cap,
                       size_t *len, unsigned *src)
{
    if (!m || !m->outq || port >= m->cfg.num_ports || !len || (!buf && cap))
        return BARRIER_EINVAL;
    const struct fpkt *e = bq_front(m->outq[port]);
    if (!e)
        return 0;
    *len = e->len;
    if (cap < e->len)
        return BARRIER_ENOSPC;
    memcpy(buf, e->data, e->len);
    if (src)
        *src = e->src;
    free(e->data);
    bq_drop(m->outq[port]);
    return 1;
}

size_t barrier_fanout_pending(const struct barrier_fanout_model *m, unsigned port)
{
    if (!m || !m->outq || port >= m->cfg.num_ports)
        return 0;
    return m->outq[port]->count;
}
