/*
 * cmodel/nic_cmdq.c -- bit-accurate model of rtl/nic/nic_cmdq.v (see nic_cmdq.h, docs/nic_cmdq.md).
 */
#include "nic_cmdq.h"

#include <stdlib.h>
#include <string.h>

#include "regs/nic_cmdq_regs.h"

#define NCQ_A(r) ((uint32_t)offsetof(nic_cmdq_t, r))

struct ncq_aw { unsigned id; uint64_t addr; int bad; };
struct ncq_w  { uint64_t data; unsigned strb; int last; };
struct ncq_c  { unsigned tag; uint8_t data[32]; int last, err; };

/* ------------------------------------------------------------------ small FIFO */
static int fifo_init(struct ncq_fifo *f, size_t esz)
{
    f->esz = esz; f->cap = 16; f->head = 0; f->count = 0;
    f->buf = malloc(esz * f->cap);
    return f->buf ? NIC_CMDQ_OK : NIC_CMDQ_ENOMEM;
}
static void fifo_free(struct ncq_fifo *f) { free(f->buf); f->buf = NULL; f->count = 0; }
static int fifo_push(struct ncq_fifo *f, const void *e)
{
    if (f->count == f->cap) {
        unsigned char *nb = malloc(f->esz * f->cap * 2);
        if (!nb) return NIC_CMDQ_ENOMEM;
        for (size_t i = 0; i < f->count; i++)
            memcpy(nb + i * f->esz, f->buf + ((f->head + i) % f->cap) * f->esz, f->esz);
        free(f->buf);
        f->buf = nb; f->head = 0; f->cap *= 2;
    }
    memcpy(f->buf + ((f->head + f->count) % f->cap) * f->esz, e, f->esz);
    f->count++;
    return NIC_CMDQ_OK;
}
static int fifo_pop(struct ncq_fifo *f, void *e)
{
    if (!f->count) return NIC_CMDQ_EEMPTY;
    if (e) memcpy(e, f->buf + f->head * f->esz, f->esz);
    f->head = (f->head + 1) % f->cap;
    f->count--;
    return NIC_CMDQ_OK;
}

/* ------------------------------------------------------------------ init */
int nic_cmdq_init(struct nic_cmdq *m, const struct nic_cmdq_cfg *cfg)
{
    static const struct nic_cmdq_cfg dflt = {16, 8, 12, 8};
    if (!m) return NIC_CMDQ_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = cfg ? *cfg : dflt;
    const struct nic_cmdq_cfg *c = &m->cfg;
    if (c->nq < 2 || c->nq > 64 || (c->nq & (c->nq - 1)) || c->n_slot < 2 || c->n_slot > 32 ||
        (c->n_slot & (c->n_slot - 1)) || c->pidw < 1 || c->pidw > 16)
        return NIC_CMDQ_EINVAL;
    while ((1u << m->qw) < c->nq) m->qw++;
    if (c->tag_w < m->qw || c->tag_w > 16) return NIC_CMDQ_EINVAL;
    m->q = calloc(c->nq, sizeof *m->q);
    m->slot = calloc((size_t)c->nq * c->n_slot, sizeof *m->slot);
    m->k = NIC_CMDQ__WB_K__K_reset;
    if (!m->q || !m->slot || fifo_init(&m->aw, sizeof(struct ncq_aw)) ||
        fifo_init(&m->w, sizeof(struct ncq_w)) || fifo_init(&m->cpl, sizeof(struct ncq_c)) ||
        fifo_init(&m->cmd, sizeof(struct nic_cmdq_cmd)) || fifo_init(&m->b, sizeof(struct nic_cmdq_b))) {
        nic_cmdq_free(m);
        return NIC_CMDQ_ENOMEM;
    }
    return NIC_CMDQ_OK;
}

void nic_cmdq_free(struct nic_cmdq *m)
{
    if (!m) return;
    free(m->q); free(m->slot);
    m->q = NULL; m->slot = NULL;
    fifo_free(&m->aw); fifo_free(&m->w); fifo_free(&m->cpl); fifo_free(&m->cmd); fifo_free(&m->b);
}

/* ------------------------------------------------------------------ inputs */
int nic_cmdq_aw(struct nic_cmdq *m, unsigned id, uint64_t addr, unsigned len, unsigned size,
                unsigned burst)
{
    struct ncq_aw a = {id, addr & ~(uint64_t)7, size != 3 || burst != 1};
    (void)len;   /* wlast ends the burst */
    return fifo_push(&m->aw, &a);
}
int nic_cmdq_w(struct nic_cmdq *m, uint64_t data, unsigned strb, int last)
{
    struct ncq_w w = {data, strb & 0xff, last};
    return fifo_push(&m->w, &w);
}
int nic_cmdq_cpl(struct nic_cmdq *m, unsigned tag, const uint8_t data[32], int last, int err)
{
    struct ncq_c c;
    c.tag = tag; c.last = last; c.err = err;
    memcpy(c.data, data, 32);
    return fifo_push(&m->cpl, &c);
}
size_t nic_cmdq_pending_ops(const struct nic_cmdq *m) { return m->w.count + m->cpl.count; }

/* ------------------------------------------------------------------ write stage */
/* write bytes (bm) of data into slot idx; the caller has checked it is not full */
static void slot_write(struct nic_cmdq *m, unsigned idx, uint64_t bm, const uint8_t *src64, int err)
{
    struct nic_cmdq_slot *s = &m->slot[idx];
    for (unsigned j = 0; j < 64; j++)
        if (bm >> j & 1) s->data[j] = src64[j];
    s->mask |= bm;
    if (s->mask == ~(uint64_t)0) { s->full = 1; s->mask = 0; }
    if (err) s->err = 1;
}

int nic_cmdq_op(struct nic_cmdq *m, int is_cpl)
{
    const unsigned ns = m->cfg.n_slot;
    uint8_t buf[64];
    if (is_cpl) {
        struct ncq_c c;
        if (fifo_pop(&m->cpl, &c)) return NIC_CMDQ_EEMPTY;
        unsigned qi = c.tag & (m->cfg.nq - 1);
        if (c.err) m->stat[NIC_CMDQ_S_CPL_ERR]++;
        if ((c.tag >> m->qw) != 0 || !m->q[qi].infl) {
            m->stat[NIC_CMDQ_S_CPL_STRAY]++;
            return NIC_CMDQ_D_STRAY;
        }
        struct nic_cmdq_queue *q = &m->q[qi];
        unsigned half = q->cptr & 1, s = (q->cptr >> 1) & (ns - 1);
        q->cptr = (q->cptr + 1) % (2 * ns);
        if (c.last) q->infl = 0;
        unsigned idx = qi * ns + s;
        if (m->slot[idx].full) { m->stat[NIC_CMDQ_S_DROP_FULL]++; return NIC_CMDQ_D_FULL; }
        memcpy(buf, c.data, 32); memcpy(buf + 32, c.data, 32);
        slot_write(m, idx, half ? 0xffffffff00000000ull : 0x00000000ffffffffull, buf, c.err);
        return NIC_CMDQ_D_OK;
    }
    struct ncq_w w;
    if (!m->w.count) return NIC_CMDQ_EEMPTY;
    if (!m->burst_open) {
        struct ncq_aw a;
        if (fifo_pop(&m->aw, &a)) return NIC_CMDQ_EEMPTY;   /* a W beat before its AW */
        m->burst_open = 1; m->burst_id = a.id; m->burst_addr = a.addr; m->burst_bad = a.bad;
        m->burst_err = 0;
    }
    fifo_pop(&m->w, &w);
    const uint64_t addr = m->burst_addr;
    m->burst_addr += 8;
    const unsigned qi = (unsigned)(addr >> 12) & (m->cfg.nq - 1);
    const unsigned off = (unsigned)addr & 0xfff;
    const int page_bad = (int)((addr >> (12 + m->qw)) & 1);
    int drop;
    enum { K_SLOT, K_DB, K_UNDEF } kind;
    if (m->burst_bad || page_bad) kind = K_UNDEF;
    else if (off < ns * 64) kind = K_SLOT;
    else if ((off >> 3) == (NIC_CMDQ_DB_OFF >> 3) && (w.strb & 3) == 3) kind = K_DB;
    else kind = K_UNDEF;
    struct nic_cmdq_queue *q = &m->q[qi];
    if (kind == K_UNDEF) drop = NIC_CMDQ_D_UNDEF;
    else if (!q->en) drop = NIC_CMDQ_D_DIS;
    else if (kind == K_SLOT) {
        unsigned idx = qi * ns + off / 64;
        if (q->ring) drop = NIC_CMDQ_D_MODE;
        else if (m->slot[idx].full) drop = NIC_CMDQ_D_FULL;
        else {
            drop = NIC_CMDQ_D_OK;
            for (unsigned j = 0; j < 64; j++) buf[j] = (uint8_t)(w.data >> (8 * (j & 7)));
            uint64_t bm = (uint64_t)w.strb << (8 * ((off >> 3) & 7));
            slot_write(m, idx, bm, buf, 0);
        }
    } else {
        const uint16_t db = (uint16_t)w.data;
        const uint32_t size = 1u << q->log_size;
        const uint16_t d1 = (uint16_t)(db - q->cons), d2 = (uint16_t)(db - q->prod);
        if (!q->ring) drop = NIC_CMDQ_D_MODE;
        else if (d1 > size || d2 > size) drop = NIC_CMDQ_D_DB;
        else { drop = NIC_CMDQ_D_OK; q->prod = db; }
    }
    switch (drop) {
    case NIC_CMDQ_D_FULL:  m->stat[NIC_CMDQ_S_DROP_FULL]++; break;
    case NIC_CMDQ_D_DIS:   m->stat[NIC_CMDQ_S_DROP_DIS]++; break;
    case NIC_CMDQ_D_MODE:  m->stat[NIC_CMDQ_S_DROP_MODE]++; break;
    case NIC_CMDQ_D_UNDEF: m->stat[NIC_CMDQ_S_DROP_UNDEF]++; break;
    case NIC_CMDQ_D_DB:    m->stat[NIC_CMDQ_S_DROP_DB]++; break;
    default: break;
    }
    if (drop != NIC_CMDQ_D_OK) m->burst_err = 1;
    if (w.last) {
        struct nic_cmdq_b b = {m->burst_id, m->burst_err ? 2u : 0u};
        m->burst_open = 0;
        if (fifo_push(&m->b, &b)) return NIC_CMDQ_ENOMEM;
    }
    return drop;
}

/* ------------------------------------------------------------------ pop */
int nic_cmdq_pop(struct nic_cmdq *m, unsigned qi)
{
    const unsigned ns = m->cfg.n_slot;
    if (qi >= m->cfg.nq) return NIC_CMDQ_EPROTO;
    struct nic_cmdq_queue *q = &m->q[qi];
    struct nic_cmdq_slot *s = &m->slot[qi * ns + (q->cons & (ns - 1))];
    if (!s->full) return NIC_CMDQ_EPROTO;   /* C3: only a complete command leaves */
    if (s->err) {
        m->stat[NIC_CMDQ_S_CMD_LOST]++;
    } else {
        struct nic_cmdq_cmd c;
        memcpy(c.data, s->data, 64);
        c.data[NIC_CMDQ_PID_BYTE] = (uint8_t)q->pid;            /* C4: owner's PID */
        c.data[NIC_CMDQ_PID_BYTE + 1] = (uint8_t)(q->pid >> 8);
        c.qid = qi; c.pid = q->pid; c.vn = q->vn;
        m->stat[q->ring ? NIC_CMDQ_S_CMD_RING : NIC_CMDQ_S_CMD_PIO]++;
        if (fifo_push(&m->cmd, &c)) return NIC_CMDQ_ENOMEM;
    }
    s->full = 0; s->err = 0;
    q->cons++;
    return NIC_CMDQ_OK;
}

/* ------------------------------------------------------------------ DMA requests */
int nic_cmdq_rd_req(struct nic_cmdq *m, const struct nic_cmdq_rd *r, const char **why)
{
    const unsigned ns = m->cfg.n_slot;
    const char *dummy;
    if (!why) why = &dummy;
    if ((r->tag >> m->qw) != 0) { *why = "tag is no queue"; return NIC_CMDQ_EPROTO; }
    struct nic_cmdq_queue *q = &m->q[r->tag];
    const uint32_t size = 1u << q->log_size, off = q->fetch & (size - 1);
    const unsigned n = r->len / 64;
    if (!q->ring) { *why = "read of a PIO queue"; return NIC_CMDQ_EPROTO; }
    if (q->infl) { *why = "second read outstanding"; return NIC_CMDQ_EPROTO; }
    if (r->len % 64 || n == 0) { *why = "length not 64 x n, n >= 1"; return NIC_CMDQ_EPROTO; }
    if (n > (uint16_t)(q->prod - q->fetch)) { *why = "reads commands not produced"; return NIC_CMDQ_EPROTO; }
    if (n > ns - (uint16_t)(q->fetch - q->cons)) { *why = "no free slot"; return NIC_CMDQ_EPROTO; }
    if (n > size - off) { *why = "crosses the ring end"; return NIC_CMDQ_EPROTO; }
    if (((q->base + 64ull * off) & 4095) + 64ull * n > 4096) { *why = "crosses a 4 KiB page"; return NIC_CMDQ_EPROTO; }
    if (r->addr != q->base + 64ull * off) { *why = "address is not the fetch index"; return NIC_CMDQ_EPROTO; }
    if ((q->cptr >> 1) != (q->fetch & (ns - 1)) || (q->cptr & 1)) {
        *why = "completion pointer out of step"; return NIC_CMDQ_EPROTO;
    }
    q->fetch = (uint16_t)(q->fetch + n);
    q->infl = 1;
    m->stat[NIC_CMDQ_S_FETCH]++;
    return NIC_CMDQ_OK;
}

int nic_cmdq_wr_req(struct nic_cmdq *m, const struct nic_cmdq_wr *w, const char **why)
{
    const char *dummy;
    if (!why) why = &dummy;
    unsigned qi;
    for (qi = 0; qi < m->cfg.nq; qi++)
        if (m->q[qi].wb == w->addr) break;
    if (qi == m->cfg.nq) { *why = "address is no queue's write-back address"; return NIC_CMDQ_EPROTO; }
    if (w->len != 8) { *why = "length is not 8"; return NIC_CMDQ_EPROTO; }
    struct nic_cmdq_queue *q = &m->q[qi];
    const unsigned lane = (unsigned)(w->addr & 31);
    uint64_t v = 0;
    for (unsigned j = 0; j < 32; j++) {
        if (j >= lane && j < lane + 8) v |= (uint64_t)w->data[j] << (8 * (j - lane));
        else if (w->data[j]) { *why = "nonzero byte outside the write"; return NIC_CMDQ_EPROTO; }
    }
    const uint16_t d = (uint16_t)(v - q->wbv), lim = (uint16_t)(q->cons - q->wbv);
    if (v > 0xffff || d == 0 || d > lim) { *why = "consumer index not in (last write-back, cons]"; return NIC_CMDQ_EPROTO; }
    q->wbv = (uint16_t)v;
    m->stat[NIC_CMDQ_S_WB]++;
    return NIC_CMDQ_OK;
}

int nic_cmdq_pop_cmd(struct nic_cmdq *m, struct nic_cmdq_cmd *out) { return fifo_pop(&m->cmd, out); }
int nic_cmdq_pop_b(struct nic_cmdq *m, struct nic_cmdq_b *out) { return fifo_pop(&m->b, out); }

/* ------------------------------------------------------------------ CSRs */
unsigned nic_cmdq_csr_write(struct nic_cmdq *m, uint32_t addr, uint32_t data, unsigned strb)
{
    struct nic_cmdq_queue *q = &m->q[m->qsel & (m->cfg.nq - 1)];
    int err = strb != 0xf;
    if (!err) {
        switch (addr) {
        case NCQ_A(WB_K): m->k = data & 0xff; break;
        case NCQ_A(QSEL):
            if ((data & 0xff) >= m->cfg.nq) err = 1;
            else m->qsel = data & 0xff;
            break;
        case NCQ_A(QCFG):
            if (((data >> 8) & 15) == 15) { err = 1; break; }   /* rings up to 2^14 (C1 in 16 bits) */
            q->en = data & 1; q->ring = (data >> 1) & 1; q->vn = (data >> 4) & 3;
            q->log_size = (data >> 8) & 15; q->pid = (data >> 16) & ((1u << m->cfg.pidw) - 1);
            break;
        case NCQ_A(QBASE_LO): q->base = (q->base & 0xffffffff00000000ull) | (data & ~63u); break;
        case NCQ_A(QBASE_HI): q->base = (q->base & 0xffffffffull) | (uint64_t)data << 32; break;
        case NCQ_A(QWB_LO):   q->wb = (q->wb & 0xffffffff00000000ull) | (data & ~7u); break;
        case NCQ_A(QWB_HI):   q->wb = (q->wb & 0xffffffffull) | (uint64_t)data << 32; break;
        default: err = 1;
        }
    }
    if (err) m->stat[NIC_CMDQ_S_CSR_ERR]++;
    return err ? 2u : 0u;
}

unsigned nic_cmdq_csr_read(const struct nic_cmdq *m, uint32_t addr, uint32_t *data)
{
    const struct nic_cmdq_queue *q = &m->q[m->qsel & (m->cfg.nq - 1)];
    uint32_t v = 0;
    unsigned resp = 0;
    if (addr >= NCQ_A(STAT) && addr < NCQ_A(STAT) + 4 * NIC_CMDQ_NSTAT && !(addr & 3)) {
        v = m->stat[(addr - NCQ_A(STAT)) / 4];
    } else {
        switch (addr) {
        case NCQ_A(ID):       v = NIC_CMDQ__ID__ID_reset; break;
        case NCQ_A(PARAMS):   v = m->cfg.nq | m->cfg.n_slot << 8 | m->cfg.pidw << 16; break;
        case NCQ_A(WB_K):     v = m->k; break;
        case NCQ_A(QSEL):     v = m->qsel; break;
        case NCQ_A(QCFG):     v = (uint32_t)q->en | (uint32_t)q->ring << 1 | q->vn << 4 |
                                  q->log_size << 8 | q->pid << 16; break;
        case NCQ_A(QBASE_LO): v = (uint32_t)q->base; break;
        case NCQ_A(QBASE_HI): v = (uint32_t)(q->base >> 32); break;
        case NCQ_A(QWB_LO):   v = (uint32_t)q->wb; break;
        case NCQ_A(QWB_HI):   v = (uint32_t)(q->wb >> 32); break;
        case NCQ_A(QSTATE):   v = q->prod | (uint32_t)q->cons << 16; break;
        case NCQ_A(QFETCH):   v = q->fetch | (uint32_t)q->wbv << 16; break;
        default: resp = 2;
        }
    }
    if (data) *data = v;
    return resp;
}

int nic_cmdq_idle_check(const struct nic_cmdq *m, unsigned *bad_q)
{
    for (unsigned i = 0; i < m->cfg.nq; i++) {
        const struct nic_cmdq_queue *q = &m->q[i];
        if (q->infl || (q->en && q->wbv != q->cons)) {
            if (bad_q) *bad_q = i;
            return NIC_CMDQ_EPROTO;
        }
    }
    return NIC_CMDQ_OK;
}
