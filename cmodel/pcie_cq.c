/*
 * cmodel/pcie_cq.c -- model of rtl/pcie_cq/pcie_cq.v (issue 15; cmodel/pcie_cq.h, docs/pcie_cq.md).
 * Source: AMD PG213 completer request / completer completion descriptors; PCI Express Base
 * Specification 3.0 2.3.1.1 (byte count, lower address); docs/card.md 6.3 (BAR0 map).
 */
#include "pcie_cq.h"

#include <stdlib.h>
#include <string.h>

static int q_push(struct pcie_cq_q *q, const void *e)
{
    if (q->h == q->n && q->n) /* empty: restart at the front */
        q->h = q->n = 0;
    if (q->n == q->cap) {
        size_t c = q->cap ? q->cap * 2 : 64;
        void *p = realloc(q->buf, c * q->esz);
        if (!p)
            return PCIE_CQ_ENOMEM;
        q->buf = p;
        q->cap = c;
    }
    memcpy((char *)q->buf + q->n * q->esz, e, q->esz);
    q->n++;
    return PCIE_CQ_OK;
}

static int q_pop(struct pcie_cq_q *q, void *e)
{
    if (q->h == q->n)
        return PCIE_CQ_EMPTY;
    memcpy(e, (char *)q->buf + q->h * q->esz, q->esz);
    q->h++;
    return PCIE_CQ_OK;
}

int pcie_cq_init(struct pcie_cq *m, unsigned nrd, const struct pcie_cq_io *io)
{
    if (nrd < 1 || nrd > 8 || !io || !io->csr_rd || !io->csr_wr || !io->db_err)
        return PCIE_CQ_EINVAL;
    memset(m, 0, sizeof *m);
    m->nrd = nrd;
    m->io = *io;
    m->aw.esz = sizeof(struct pcie_cq_aw);
    m->w.esz = sizeof(struct pcie_cq_w);
    m->lite.esz = sizeof(struct pcie_cq_lite);
    m->cc.esz = sizeof(struct pcie_cq_cc);
    return PCIE_CQ_OK;
}

void pcie_cq_free(struct pcie_cq *m)
{
    free(m->aw.buf);
    free(m->w.buf);
    free(m->lite.buf);
    free(m->cc.buf);
    memset(m, 0, sizeof *m);
}

void pcie_cq_desc(uint32_t d[4], uint64_t addr, unsigned at, unsigned dwc, unsigned type, unsigned rid,
                  unsigned tag, unsigned fn, unsigned bar, unsigned aperture, unsigned tc, unsigned attr)
{
    d[0] = (uint32_t)(addr & 0xfffffffcu) | (at & 3u);
    d[1] = (uint32_t)(addr >> 32);
    d[2] = (dwc & 0x7ffu) | (type & 0xfu) << 11 | (rid & 0xffffu) << 16;
    d[3] = (tag & 0xffu) | (fn & 0xffu) << 8 | (bar & 7u) << 16 | (aperture & 0x3fu) << 19 | (tc & 7u) << 25 |
           (attr & 7u) << 28;
}

/* bytes before the first enabled byte (first_be 0 counts 3: the byte-count rule) */
static unsigned fbe_off(unsigned b) { return (b & 1) ? 0 : (b & 2) ? 1 : (b & 4) ? 2 : 3; }
/* bytes after the last enabled byte */
static unsigned lbe_off(unsigned b) { return (b & 8) ? 0 : (b & 4) ? 1 : (b & 2) ? 2 : (b & 1) ? 3 : 0; }

uint32_t pcie_cq_byte_count(uint32_t dwc, unsigned first_be, unsigned last_be)
{
    return (dwc * 4 - fbe_off(first_be) - lbe_off(dwc == 1 ? first_be : last_be)) & 0x1fffu;
}

/* an AXI4 W beat; bytes with strobe 0 are given as 0 (the RTL leaves them undefined) */
static int push_w(struct pcie_cq *m, struct pcie_cq_w w)
{
    uint64_t mask = 0;
    for (int i = 0; i < 8; i++)
        if (w.strb >> i & 1)
            mask |= (uint64_t)0xff << (8 * i);
    w.data &= mask;
    return q_push(&m->w, &w);
}

static int push_cc(struct pcie_cq *m, const uint32_t d[3], const uint32_t *data, unsigned n)
{
    struct pcie_cq_cc b;
    memset(&b, 0, sizeof b);
    b.dw[0] = d[0], b.dw[1] = d[1], b.dw[2] = d[2];
    for (unsigned i = 0; i < n && i < 5; i++)
        b.dw[3 + i] = data[i];
    b.keep = (uint8_t)(n >= 5 ? 0xff : (1u << (3 + n)) - 1);
    b.last = n <= 5;
    if (q_push(&m->cc, &b))
        return PCIE_CQ_ENOMEM;
    if (n <= 5)
        return PCIE_CQ_OK;
    memset(&b, 0, sizeof b);
    for (unsigned i = 5; i < n; i++)
        b.dw[i - 5] = data[i];
    b.keep = (uint8_t)((1u << (n - 5)) - 1);
    b.last = 1;
    return q_push(&m->cc, &b);
}

int pcie_cq_req(struct pcie_cq *m, const uint32_t desc[4], unsigned first_be, unsigned last_be,
                const uint32_t *dw, uint32_t ndw, uint32_t disc_beat)
{
    const uint32_t dwa = (desc[0] >> 2) & 0x3ffffu; /* BAR0 offset [19:2] */
    const unsigned at = desc[0] & 3u, dwc = desc[2] & 0x7ffu, type = (desc[2] >> 11) & 0xfu;
    const unsigned rid = desc[2] >> 16, tag = desc[3] & 0xffu, fn = (desc[3] >> 8) & 0xffu;
    const unsigned bar = (desc[3] >> 16) & 7u, ap = (desc[3] >> 19) & 0x3fu;
    const unsigned tc = (desc[3] >> 25) & 7u, attr = (desc[3] >> 28) & 7u;
    const uint32_t nbeats = pcie_cq_beats(ndw);
    first_be &= 0xf;
    last_be &= 0xf;
    if (dwc > 0 && type == PCIE_CQ_MEM_WRITE && ndw != dwc)
        return PCIE_CQ_EINVAL; /* the payload must match the dword count (the core guarantees it) */

    if (nbeats == 1 && disc_beat == 0) { /* discontinue on the only beat: dropped whole */
        m->stat[PCIE_CQ_ST_DISCONT]++;
        return PCIE_CQ_OK;
    }
    const int bar_ok = bar == 0 && ap == PCIE_CQ_APERTURE;
    const uint32_t end = dwa + dwc - 1; /* last DW's offset [20:2] */
    const uint32_t dbw = PCIE_CQ_DB_END / 4;
    const int in_db = dwc != 0 && dwa < dbw && end < dbw;
    const int in_csr = dwc != 0 && dwa >= dbw && end < 2 * dbw;
    const int posted = type == PCIE_CQ_MEM_WRITE || type >= 12;
    const int memrd = type == PCIE_CQ_MEM_READ || type == PCIE_CQ_MEM_RD_LK;
    const int k_cr = bar_ok && type == PCIE_CQ_MEM_READ && in_csr && dwc <= m->nrd;

    if (bar_ok && type == PCIE_CQ_MEM_WRITE && (in_db || in_csr)) {
        m->stat[in_db ? PCIE_CQ_ST_WR_DB : PCIE_CQ_ST_WR_CSR]++;
        if (in_db) { /* AXI4 bursts split at 2 KiB (512 DWs) */
            uint32_t a = dwa, rem = dwc;
            while (rem) {
                uint32_t tb = 512 - (a & 511), b = rem < tb ? rem : tb;
                struct pcie_cq_aw aw = {a << 2, ((a & 1) + b - 1) >> 1};
                if (q_push(&m->aw, &aw))
                    return PCIE_CQ_ENOMEM;
                if (m->io.db_err(m->io.ctx, aw.addr, aw.len))
                    m->stat[PCIE_CQ_ST_AXI_SLVERR]++;
                a += b;
                rem -= b;
            }
        }
        struct pcie_cq_w w = {0, 0, 0};
        int open = 0;
        for (uint32_t p = 0; p < dwc; p++) {
            const uint32_t a = dwa + p;
            const int last = p + 1 == dwc;
            unsigned be = (p == 0 ? first_be : 0xfu) & (last && p != 0 ? last_be : 0xfu);
            if ((p + 4) / 8 >= disc_beat)
                be = 0;
            if (in_db) {
                if (!(a & 1)) {
                    w.data = dw[p];
                    w.strb = (uint8_t)be;
                    open = !last;
                    if (last) {
                        w.last = 1;
                        if (push_w(m, w))
                            return PCIE_CQ_ENOMEM;
                    }
                } else {
                    if (!open)
                        w.data = 0, w.strb = 0;
                    w.data = (w.data & 0xffffffffu) | (uint64_t)dw[p] << 32;
                    w.strb = (uint8_t)((w.strb & 0xf) | be << 4);
                    w.last = last || (a & 511) == 511;
                    open = 0;
                    if (push_w(m, w))
                        return PCIE_CQ_ENOMEM;
                }
            } else if (be) {
                struct pcie_cq_lite l = {1, a << 2, dw[p], (uint8_t)be};
                if (q_push(&m->lite, &l))
                    return PCIE_CQ_ENOMEM;
                if (m->io.csr_wr(m->io.ctx, l.addr, l.data, l.strb))
                    m->stat[PCIE_CQ_ST_AXI_SLVERR]++;
            }
        }
        return PCIE_CQ_OK;
    }
    if (posted) {
        m->stat[PCIE_CQ_ST_DROP_POSTED]++;
        return PCIE_CQ_OK;
    }
    uint32_t d[3], data[8] = {0};
    unsigned n = 0;
    const unsigned la = memrd ? ((dwa & 31u) << 2 | (first_be == 0 ? 0 : fbe_off(first_be))) : 0;
    const uint32_t bc = memrd && dwc ? pcie_cq_byte_count(dwc, first_be, last_be) : 4;
    if (k_cr) {
        m->stat[PCIE_CQ_ST_RD_CSR]++;
        n = dwc;
        if (!(dwc == 1 && first_be == 0)) /* a zero-length read reads nothing: one DW of 0 */
            for (unsigned i = 0; i < n; i++) {
                struct pcie_cq_lite l = {0, (dwa + i) << 2, 0, 0};
                int err = 0;
                if (q_push(&m->lite, &l))
                    return PCIE_CQ_ENOMEM;
                data[i] = m->io.csr_rd(m->io.ctx, l.addr, &err);
                if (err)
                    m->stat[PCIE_CQ_ST_AXI_SLVERR]++;
            }
    } else {
        m->stat[PCIE_CQ_ST_UR]++;
        if (bar_ok && type == PCIE_CQ_MEM_READ && in_db)
            m->stat[PCIE_CQ_ST_RD_DB]++;
    }
    d[0] = la | at << 8 | bc << 16 | (uint32_t)(type == PCIE_CQ_MEM_RD_LK) << 29;
    d[1] = (k_cr ? dwc : 0) | (k_cr ? 0u : 1u) << 11 | (uint32_t)rid << 16;
    d[2] = tag | fn << 8 | tc << 25 | attr << 28;
    return push_cc(m, d, data, n);
}

int pcie_cq_pop_aw(struct pcie_cq *m, struct pcie_cq_aw *o) { return q_pop(&m->aw, o); }
int pcie_cq_pop_w(struct pcie_cq *m, struct pcie_cq_w *o) { return q_pop(&m->w, o); }
int pcie_cq_pop_lite(struct pcie_cq *m, struct pcie_cq_lite *o) { return q_pop(&m->lite, o); }
int pcie_cq_pop_cc(struct pcie_cq *m, struct pcie_cq_cc *o) { return q_pop(&m->cc, o); }
