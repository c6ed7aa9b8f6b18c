/*
 * cmodel/nic_rxdma.c -- C model of the NIC RX DMA engine (cmodel/nic_rxdma.h for the contract,
 * docs/nic_rxdma.md for the rules). C11, no globals.
 */
#include "common/age.h"
#include "nic_rxdma.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "regs/nic_rxdma_regs.h"

#define RD_ID_ADDR       ((uint32_t)offsetof(nic_rxdma_t, ID))
#define RD_PARAMS_ADDR   ((uint32_t)offsetof(nic_rxdma_t, PARAMS))
#define RD_ENABLE_ADDR   ((uint32_t)offsetof(nic_rxdma_t, ENABLE))
#define RD_MPS_ADDR      ((uint32_t)offsetof(nic_rxdma_t, MPS))
#define RD_T1_ADDR       ((uint32_t)offsetof(nic_rxdma_t, T1))
#define RD_T2_ADDR       ((uint32_t)offsetof(nic_rxdma_t, T2))
#define RD_BUF_BASE_ADDR ((uint32_t)offsetof(nic_rxdma_t, BUF_BASE))
#define RD_BUF_SIZE_ADDR ((uint32_t)offsetof(nic_rxdma_t, BUF_SIZE))
#define RD_BYTES_LO_ADDR ((uint32_t)offsetof(nic_rxdma_t, BYTES_LO))
#define RD_BYTES_HI_ADDR ((uint32_t)offsetof(nic_rxdma_t, BYTES_HI))
#define RD_STAT_ADDR     ((uint32_t)offsetof(nic_rxdma_t, STAT))

struct nrd_msg {
    struct nic_rxdma_hdr h;   /* the first packet's header (message fields) */
    uint8_t *data;            /* msg_len bytes */
    uint32_t rcvd;            /* bytes of accepted headers (offset rule) */
    uint32_t arr;             /* bytes arrived on s_data */
    uint32_t written;         /* bytes handed to writes */
};

struct nrd_write {
    unsigned vn;
    size_t   msg;             /* index in the VN's message array */
    uint32_t off, len, beats;
    uint64_t addr;
    int      done;            /* the message's last write */
};

/* ---------------------------------------------------------------- pure functions */

static uint32_t mps_bytes(unsigned code) { return 128u << (code > 5 ? 5 : code); }

uint32_t nic_rxdma_wlen(uint64_t va, uint32_t occ, unsigned mps_code)
{
    uint32_t m = mps_bytes(mps_code);
    uint32_t b = m - (uint32_t)(va & (m - 1));
    return occ < b ? occ : b;
}

void nic_rxdma_host_sched(const struct nic_rxdma_hs_state *s, struct nic_rxdma_hs_out *o)
{
    unsigned n = s->n_vn, elig = 0, big = 0;
    memset(o, 0, sizeof *o);
    for (unsigned c = 0; c < n; c++) {
        int t1ok = s->rcvd[c] >= s->t1 || s->rcvd[c] >= s->len[c];   /* rcvd >= min(T1, len) */
        if (s->v[c] && s->occ[c] > 0 && (s->frs[c] || t1ok)) elig |= 1u << c;
        if (s->occ[c] > s->t2) big |= 1u << c;
    }
    o->elig = elig, o->big = elig & big;
    if (!s->room || !elig) return;
    o->gnt_v = 1;
    o->gnt = nic_age_oldest((elig & big) ? (elig & big) : elig, s->older, n);
    o->wlen = nic_rxdma_wlen(s->va[o->gnt], s->occ[o->gnt], s->mps_code);
}

int nic_rxdma_room_ok(uint32_t size, uint32_t used, uint32_t need, int first, int ctx_v)
{
    return size >= used && size - used >= need && (!first || !ctx_v);
}

/* ---------------------------------------------------------------- transaction-level model */

static void defaults(struct nic_rxdma *m)
{
    unsigned n = m->cfg.n_vn;
    m->en = NIC_RXDMA__ENABLE__EN_reset;
    m->mps_code = NIC_RXDMA__MPS__CODE_reset;
    m->t1 = NIC_RXDMA__T1__BYTES_reset;
    m->t2 = NIC_RXDMA__T2__BYTES_reset;
    for (unsigned c = 0; c < NRD_MAX_VN; c++) {
        m->base[c] = c < n ? c * (m->cfg.lines / n) : 0;
        m->size[c] = c < n ? m->cfg.lines / n : 0;
    }
}

int nic_rxdma_init(struct nic_rxdma *m, const struct nic_rxdma_cfg *cfg)
{
    if (!m || !cfg || cfg->n_vn < 2 || cfg->n_vn > NRD_MAX_VN || cfg->lines < 64 || cfg->lines > 2048 ||
        (cfg->lines & (cfg->lines - 1)))
        return NRD_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    defaults(m);
    return NRD_OK;
}

void nic_rxdma_free(struct nic_rxdma *m)
{
    if (!m) return;
    for (unsigned c = 0; c < NRD_MAX_VN; c++) {
        struct nic_rxdma_vn *v = &m->vn[c];
        for (size_t i = 0; i < v->nmsg; i++) free(v->msg[i].data);
        free(v->msg);
    }
    free(m->wr), free(m->cr), free(m->ev);
    memset(m, 0, sizeof *m);
}

static unsigned lines_log2(const struct nic_rxdma *m)
{
    unsigned lw = 0;
    while ((1u << lw) < m->cfg.lines) lw++;
    return lw;
}

/* per-VN register arrays: [base, base + 16) in steps of 4 */
static int vn_reg(uint32_t addr, uint32_t base, unsigned n, unsigned *vn)
{
    if (addr < base || addr >= base + 16 || (addr & 3)) return 0;
    *vn = (addr - base) / 4;
    return *vn < n;
}

unsigned nic_rxdma_csr_write(struct nic_rxdma *m, uint32_t addr, uint32_t data, unsigned strb)
{
    unsigned n = m->cfg.n_vn, i, lw = lines_log2(m);
    if (strb != 0xf) goto err;
    if (addr == RD_ENABLE_ADDR) { m->en = data & 1; return 0; }
    if (addr == RD_MPS_ADDR) { m->mps_code = data & 7; return 0; }
    if (addr == RD_T1_ADDR) { m->t1 = data & 0x1fffff; return 0; }
    if (addr == RD_T2_ADDR) { m->t2 = data & 0x1ffff; return 0; }
    if (vn_reg(addr, RD_BUF_BASE_ADDR, n, &i)) { m->base[i] = data & ((1u << lw) - 1); return 0; }
    if (vn_reg(addr, RD_BUF_SIZE_ADDR, n, &i)) { m->size[i] = data & ((2u << lw) - 1); return 0; }
err:
    m->stat[NRD_ST_CSR_ERR]++;
    return 2;
}

unsigned nic_rxdma_csr_read(const struct nic_rxdma *m, uint32_t addr, uint32_t *data)
{
    unsigned n = m->cfg.n_vn, i;
    *data = 0;
    if (addr == RD_ID_ADDR) *data = NIC_RXDMA__ID__ID_reset;
    else if (addr == RD_PARAMS_ADDR) *data = n | lines_log2(m) << 8;
    else if (addr == RD_ENABLE_ADDR) *data = m->en;
    else if (addr == RD_MPS_ADDR) *data = m->mps_code;
    else if (addr == RD_T1_ADDR) *data = m->t1;
    else if (addr == RD_T2_ADDR) *data = m->t2;
    else if (addr == RD_BYTES_LO_ADDR) *data = (uint32_t)m->bytes;
    else if (addr == RD_BYTES_HI_ADDR) *data = (uint32_t)(m->bytes >> 32);
    else if (vn_reg(addr, RD_BUF_BASE_ADDR, n, &i)) *data = m->base[i];
    else if (vn_reg(addr, RD_BUF_SIZE_ADDR, n, &i)) *data = m->size[i];
    else if (addr >= RD_STAT_ADDR && addr < RD_STAT_ADDR + 4 * NRD_NSTAT && !(addr & 3))
        *data = (uint32_t)m->stat[(addr - RD_STAT_ADDR) / 4];
    else return 2;
    return 0;
}

static struct nrd_msg *newest(struct nic_rxdma *m, unsigned vn)
{
    struct nic_rxdma_vn *v = &m->vn[vn];
    return v->nmsg > v->head ? &v->msg[v->nmsg - 1] : NULL;
}

int nic_rxdma_push_hdr(struct nic_rxdma *m, const struct nic_rxdma_hdr *h)
{
    if (m->pkt_busy) return NRD_EINVAL;
    int why = -1;
    struct nrd_msg *cur = h->vn < m->cfg.n_vn ? newest(m, h->vn) : NULL;
    int open = cur && cur->rcvd != cur->h.msg_len;
    uint32_t len = h->first ? h->msg_len : (cur ? cur->h.msg_len : 0);
    uint64_t end = (uint64_t)h->offset + h->pay_len;
    uint32_t need = (h->pay_len + 31) / 32;
    if (h->vn >= m->cfg.n_vn) why = NRD_ST_REF_VN;
    else if (h->pay_len == 0 || h->pay_len > 4096 || (h->first && (h->msg_len == 0 || h->msg_len > (1u << 20))))
        why = NRD_ST_REF_LEN;
    else if ((h->first && (h->target_addr & 31)) || (!h->last && (h->pay_len & 31))) why = NRD_ST_REF_ALIGN;
    else if (h->first && open) why = NRD_ST_REF_FIRST;
    else if (!h->first && !open) why = NRD_ST_REF_NOMSG;
    else if (h->first ? h->offset != 0 : h->offset != cur->rcvd) why = NRD_ST_REF_OFFSET;
    else if (end > len || need > m->size[h->vn]) why = NRD_ST_REF_LEN;
    else if (!!h->last != (end == len)) why = NRD_ST_REF_LAST;
    m->pkt_busy = 1, m->pkt_beat = 0;
    if (why >= 0) {
        m->stat[why]++;
        m->pkt_drop = 1;
        return why;
    }
    if (h->first) {
        struct nic_rxdma_vn *v = &m->vn[h->vn];
        if (v->nmsg == v->cap) {
            size_t nc = v->cap ? 2 * v->cap : 16;
            struct nrd_msg *p = realloc(v->msg, nc * sizeof *p);
            if (!p) return NRD_ENOMEM;
            v->msg = p, v->cap = nc;
        }
        cur = &v->msg[v->nmsg];
        memset(cur, 0, sizeof *cur);
        cur->h = *h;
        cur->data = calloc(h->msg_len, 1);
        if (!cur->data) return NRD_ENOMEM;
        v->nmsg++;
    }
    cur->rcvd += h->pay_len;
    m->pkt_drop = 0, m->pkt_vn = h->vn, m->pkt_off = h->offset, m->pkt_len = h->pay_len;
    m->stat[NRD_ST_PKTS]++;
    return 0;
}

int nic_rxdma_push_data(struct nic_rxdma *m, const uint8_t *data, int last)
{
    if (!m->pkt_busy) return NRD_EINVAL;
    if (m->pkt_drop) {
        if (last) m->pkt_busy = 0;
        return 0;
    }
    struct nrd_msg *cur = newest(m, m->pkt_vn);
    uint32_t done = 32 * m->pkt_beat, nb = m->pkt_len - done > 32 ? 32 : m->pkt_len - done;
    memcpy(cur->data + m->pkt_off + done, data, nb);
    cur->arr += nb;
    m->pkt_beat++;
    if (32 * m->pkt_beat >= m->pkt_len) m->pkt_busy = 0;   /* beats counted from pay_len */
    return 1;
}

int nic_rxdma_write(struct nic_rxdma *m, unsigned vn, uint32_t wlen)
{
    if (vn >= m->cfg.n_vn) return NRD_ERULE;
    struct nic_rxdma_vn *v = &m->vn[vn];
    size_t k = v->head;
    while (k < v->nmsg && v->msg[k].written == v->msg[k].h.msg_len) k++;
    if (k == v->nmsg) return NRD_ERULE;
    struct nrd_msg *g = &v->msg[k];
    uint64_t addr = g->h.target_addr + g->written;
    if (wlen == 0 || wlen > g->arr - g->written || wlen > nic_rxdma_wlen(addr, 0xffffffffu, m->mps_code))
        return NRD_ERULE;
    if (m->nwr == m->capwr) {
        if (m->wr_head > 0) {   /* compact */
            memmove(m->wr, m->wr + m->wr_head, (m->nwr - m->wr_head) * sizeof *m->wr);
            m->nwr -= m->wr_head, m->wr_head = 0;
        }
        if (m->nwr == m->capwr) {
            size_t nc = m->capwr ? 2 * m->capwr : 64;
            struct nrd_write *p = realloc(m->wr, nc * sizeof *p);
            if (!p) return NRD_ENOMEM;
            m->wr = p, m->capwr = nc;
        }
    }
    struct nrd_write *w = &m->wr[m->nwr++];
    w->vn = vn, w->msg = k, w->off = g->written, w->len = wlen, w->beats = (wlen + 31) / 32;
    w->addr = addr;
    g->written += wlen;
    w->done = g->written == g->h.msg_len;
    m->stat[NRD_ST_WRITES]++;
    m->bytes += wlen;
    return NRD_OK;
}

#define PUSH_Q(arr, n, cap, head, val)                                                  \
    do {                                                                                \
        if ((n) == (cap)) {                                                             \
            if ((head) > 0) {                                                           \
                memmove((arr), (arr) + (head), ((n) - (head)) * sizeof *(arr));         \
                (n) -= (head), (head) = 0;                                              \
            }                                                                           \
            if ((n) == (cap)) {                                                         \
                size_t nc_ = (cap) ? 2 * (cap) : 64;                                    \
                void *p_ = realloc((arr), nc_ * sizeof *(arr));                         \
                if (!p_) return NRD_ENOMEM;                                             \
                (arr) = p_, (cap) = nc_;                                                \
            }                                                                           \
        }                                                                               \
        (arr)[(n)++] = (val);                                                           \
    } while (0)

int nic_rxdma_pop_wbeat(struct nic_rxdma *m, struct nic_rxdma_wbeat *b)
{
    if (m->wr_head >= m->nwr) return NRD_EEMPTY;
    struct nrd_write *w = &m->wr[m->wr_head];
    struct nic_rxdma_vn *v = &m->vn[w->vn];
    struct nrd_msg *g = &v->msg[w->msg];
    uint32_t o = 32 * m->wr_beat, nb = w->len - o > 32 ? 32 : w->len - o;
    memset(b, 0, sizeof *b);
    memcpy(b->data, g->data + w->off + o, nb);
    b->addr = w->addr, b->len = w->len, b->pid = g->h.pid, b->vn = w->vn;
    b->last = ++m->wr_beat == w->beats;
    if (b->last) {
        struct nic_rxdma_credit c = {w->vn, w->beats};
        PUSH_Q(m->cr, m->ncr, m->capcr, m->cr_head, c);
        if (w->done) {
            struct nic_rxdma_evt e = {g->h.eq_handle, g->h.src_nid, g->h.msg_id, g->h.msg_len, w->vn, g->h.pid, 0};
            PUSH_Q(m->ev, m->nev, m->capev, m->ev_head, e);
            m->stat[NRD_ST_MSGS]++;
            free(g->data), g->data = NULL;
            v->head = w->msg + 1;       /* messages of a VN complete in order */
        }
        m->wr_head++, m->wr_beat = 0;
    }
    return NRD_OK;
}

int nic_rxdma_pop_credit(struct nic_rxdma *m, struct nic_rxdma_credit *c)
{
    if (m->cr_head >= m->ncr) return NRD_EEMPTY;
    *c = m->cr[m->cr_head++];
    return NRD_OK;
}

int nic_rxdma_pop_evt(struct nic_rxdma *m, struct nic_rxdma_evt *e)
{
    if (m->ev_head >= m->nev) return NRD_EEMPTY;
    *e = m->ev[m->ev_head++];
    return NRD_OK;
}

void nic_rxdma_tick(struct nic_rxdma *m, int stall)
{
    if (stall) m->stat[NRD_ST_STALL_HDR]++;
}
