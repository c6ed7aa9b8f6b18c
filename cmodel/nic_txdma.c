/*
 * cmodel/nic_txdma.c -- C model of the NIC TX DMA engine (cmodel/nic_txdma.h for the contract,
 * docs/nic_txdma.md for the rules). C11, no globals.
 */
#include "common/age.h"
#include "nic_txdma.h"

#include <stdlib.h>
#include <string.h>

#include "regs/nic_txdma_regs.h"

#include <stddef.h>

/* addresses from the generated register struct (rdl/nic_txdma.rdl) */
#define TD_ID_ADDR       ((uint32_t)offsetof(nic_txdma_t, ID))
#define TD_PARAMS_ADDR   ((uint32_t)offsetof(nic_txdma_t, PARAMS))
#define TD_MRRS_ADDR     ((uint32_t)offsetof(nic_txdma_t, MRRS))
#define TD_LWM_ADDR      ((uint32_t)offsetof(nic_txdma_t, LWM))
#define TD_HWM_ADDR      ((uint32_t)offsetof(nic_txdma_t, HWM))
#define TD_BUF_BASE_ADDR ((uint32_t)offsetof(nic_txdma_t, BUF_BASE))
#define TD_BUF_SIZE_ADDR ((uint32_t)offsetof(nic_txdma_t, BUF_SIZE))
#define TD_CRED_MAX_ADDR ((uint32_t)offsetof(nic_txdma_t, CRED_MAX))
#define TD_CRED_ADDR     ((uint32_t)offsetof(nic_txdma_t, CRED))
#define TD_BYTES_LO_ADDR ((uint32_t)offsetof(nic_txdma_t, BYTES_LO))
#define TD_BYTES_HI_ADDR ((uint32_t)offsetof(nic_txdma_t, BYTES_HI))
#define TD_STAT_ADDR     ((uint32_t)offsetof(nic_txdma_t, STAT))

struct ntd_msg {
    struct nic_txdma_cmd c;
    uint16_t stamp;
    unsigned mrrs_code;     /* the MRRS CSR latched at the start (a later write: next message) */
};

struct ntd_read {
    uint64_t addr;
    uint32_t len, lines, beats_rcvd;
    unsigned tag;
    int      err;
    uint8_t *data;          /* lines * 32 bytes, beat k at 32k */
    size_t   msg;           /* message index of the VN */
    uint64_t msg_off;       /* byte offset of the read in its message */
};

/* ---------------------------------------------------------------- pure functions */

static uint32_t mrrs_bytes(unsigned code) { return 128u << (code > 5 ? 5 : code); }

uint32_t nic_txdma_next_req(uint64_t addr, uint32_t rem, unsigned mrrs_code)
{
    uint32_t m = mrrs_bytes(mrrs_code);
    uint32_t b = m - (uint32_t)(addr & (m - 1));
    return rem < b ? rem : b;
}

void nic_txdma_host_sched(const struct nic_txdma_hs_state *s, struct nic_txdma_hs_out *o)
{
    unsigned n = s->n_vn, needs = 0, low = 0, cstart = 0, p = 0, remnz = 0;
    uint16_t cmd_older = 0;
    uint32_t nrb[NTD_MAX_VN];
    memset(o, 0, sizeof *o);
    for (unsigned c = 0; c < n; c++) {
        nrb[c] = nic_txdma_next_req(s->addr[c], s->rem[c], s->mrrs_code[c]);
        uint32_t nrl = (nrb[c] + 31) / 32, fill = s->occ[c] + s->rsv[c];
        int blocked = s->alloc[c] < fill + nrl;                  /* alloc - occ - rsv < next_req */
        if (s->v[c] && s->rem[c] > 0 && !blocked) needs |= 1u << c;
        if ((uint64_t)fill * 32 <= s->lwm[c]) low |= 1u << c;    /* fill <= LWM (bytes) */
        if (!s->v[c] && s->cmd_valid[c]) cstart |= 1u << c;
        if (s->v[c] && s->rem[c] > 0) remnz |= 1u << c;
        for (unsigned d = 0; d < n; d++)
            if (c != d && (int16_t)(uint16_t)(s->cmd_stamp[c] - s->cmd_stamp[d]) < 0)
                cmd_older |= (uint16_t)(1u << (c * n + d));
    }
    o->slot = s->tag_free && !s->rd_busy;
    if (!o->slot) {
        o->nxt_v = s->cur_v, o->nxt = s->cur;
        return;
    }
    for (unsigned c = 0; c < n; c++)
        if (((needs & low) >> c & 1) && s->cur_v && c != s->cur && nic_age_older(s->older, n, c, s->cur)) p |= 1u << c;
    o->nxt_v = 1, o->nxt = s->cur;
    if (p) {                                                      /* an older context at its LWM */
        o->nxt = nic_age_oldest(p, s->older, n), o->rd = 1;
    } else if (s->cur_v && (needs >> s->cur & 1)) {               /* keep cur */
        o->rd = 1;
    } else if (needs) {                                           /* the oldest that needs */
        o->nxt = nic_age_oldest(needs, s->older, n), o->rd = 1;
    } else if (cstart) {                                          /* start the oldest command */
        o->nxt = nic_age_oldest(cstart, cmd_older, n), o->start = 1;
    } else {
        o->nxt_v = 0;
    }
    if (o->rd) o->req_bytes = nrb[o->nxt];
    o->stall_buf = !o->rd && !o->start && remnz;
}

void nic_txdma_router_arb(const struct nic_txdma_ra_state *s, struct nic_txdma_ra_out *o)
{
    unsigned n = s->n_vn, elig = 0;
    memset(o, 0, sizeof *o);
    for (unsigned c = 0; c < n; c++) {
        int ready = s->v[c] && s->occ[c] > 0 && (s->head_sent[c] || s->hok[c]);
        if (ready && s->cred[c] == 0) o->stall_cred = 1;
        if (ready && s->cred[c] > 0 && s->out_ok && (s->head_sent[c] || s->hdr_ok)) elig |= 1u << c;
    }
    o->gnt_v = elig != 0;
    o->gnt = nic_age_oldest(elig, s->older, n);
}

/* ---------------------------------------------------------------- transaction-level model */

static void defaults(struct nic_txdma *m)
{
    unsigned n = m->cfg.n_vn;
    m->mrrs_code = NIC_TXDMA__MRRS__CODE_reset;
    for (unsigned c = 0; c < NTD_MAX_VN; c++) {
        m->lwm[c] = 0, m->hwm[c] = 0;
        m->base[c] = c < n ? c * (m->cfg.lines / n) : 0;
        m->size[c] = c < n ? m->cfg.lines / n : 0;
        m->cmax[c] = NIC_TXDMA__CRED_MAX__FLITS_reset;
        m->cred[c] = NIC_TXDMA__CRED_MAX__FLITS_reset;
    }
}

int nic_txdma_init(struct nic_txdma *m, const struct nic_txdma_cfg *cfg)
{
    if (!m || !cfg || cfg->n_vn < 2 || cfg->n_vn > NTD_MAX_VN || cfg->tag_w < 1 || cfg->tag_w > 8 ||
        cfg->lines < 256 || (cfg->lines & (cfg->lines - 1)))
        return NTD_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    defaults(m);
    for (unsigned t = 0; t < NTD_MAX_TAGS; t++) m->tag_rd[t] = -1;
    return NTD_OK;
}

void nic_txdma_free(struct nic_txdma *m)
{
    if (!m) return;
    for (unsigned c = 0; c < NTD_MAX_VN; c++) {
        struct nic_txdma_vn *v = &m->vn[c];
        for (size_t i = 0; i < v->nrd; i++) free(v->rd[i].data);
        free(v->rd), free(v->msg);
        memset(v, 0, sizeof *v);
    }
}

/* per-VN register arrays: [base, base + 16) in steps of 4 */
static int vn_reg(uint32_t addr, uint32_t base, unsigned n, unsigned *vn)
{
    if (addr < base || addr >= base + 16 || (addr & 3)) return 0;
    *vn = (addr - base) / 4;
    return *vn < n;
}

unsigned nic_txdma_csr_write(struct nic_txdma *m, uint32_t addr, uint32_t data, unsigned strb)
{
    unsigned n = m->cfg.n_vn, i, lw = 0;
    while ((1u << lw) < m->cfg.lines) lw++;
    if (strb != 0xf) goto err;
    if (addr == TD_MRRS_ADDR) { m->mrrs_code = data & 7; return 0; }
    if (vn_reg(addr, TD_LWM_ADDR, n, &i))      { m->lwm[i] = data & 0x1ffff; return 0; }
    if (vn_reg(addr, TD_HWM_ADDR, n, &i))      { m->hwm[i] = data & 0x1fffff; return 0; }
    if (vn_reg(addr, TD_BUF_BASE_ADDR, n, &i)) { m->base[i] = data & ((1u << lw) - 1); return 0; }
    if (vn_reg(addr, TD_BUF_SIZE_ADDR, n, &i)) { m->size[i] = data & ((2u << lw) - 1); return 0; }
    if (vn_reg(addr, TD_CRED_MAX_ADDR, n, &i)) { m->cmax[i] = m->cred[i] = data & 0xffff; return 0; }
err:
    m->stat[NTD_ST_CSR_ERR]++;
    return 2;
}

unsigned nic_txdma_csr_read(const struct nic_txdma *m, uint32_t addr, uint32_t *data)
{
    unsigned n = m->cfg.n_vn, i, lw = 0;
    while ((1u << lw) < m->cfg.lines) lw++;
    *data = 0;
    if (addr == TD_ID_ADDR) *data = NIC_TXDMA__ID__ID_reset;
    else if (addr == TD_PARAMS_ADDR) *data = n | m->cfg.tag_w << 8 | lw << 16;
    else if (addr == TD_MRRS_ADDR) *data = m->mrrs_code;
    else if (addr == TD_BYTES_LO_ADDR) *data = (uint32_t)m->bytes;
    else if (addr == TD_BYTES_HI_ADDR) *data = (uint32_t)(m->bytes >> 32);
    else if (vn_reg(addr, TD_LWM_ADDR, n, &i)) *data = m->lwm[i];
    else if (vn_reg(addr, TD_HWM_ADDR, n, &i)) *data = m->hwm[i];
    else if (vn_reg(addr, TD_BUF_BASE_ADDR, n, &i)) *data = m->base[i];
    else if (vn_reg(addr, TD_BUF_SIZE_ADDR, n, &i)) *data = m->size[i];
    else if (vn_reg(addr, TD_CRED_MAX_ADDR, n, &i)) *data = m->cmax[i];
    else if (vn_reg(addr, TD_CRED_ADDR, n, &i)) *data = (uint32_t)m->cred[i];   /* traffic-dependent */
    else if (addr >= TD_STAT_ADDR && addr < TD_STAT_ADDR + 4 * NTD_NSTAT && !(addr & 3))
        *data = (uint32_t)m->stat[(addr - TD_STAT_ADDR) / 4];
    else return 2;
    return 0;
}

int nic_txdma_push_cmd(struct nic_txdma *m, const struct nic_txdma_cmd *c)
{
    if (c->vn >= m->cfg.n_vn || c->len == 0 || c->len > (1u << 20) || (c->addr & 31)) {
        m->stat[NTD_ST_CMD_REFUSED]++;
        return 0;
    }
    struct nic_txdma_vn *v = &m->vn[c->vn];
    if (v->nmsg == v->cap_msg) {
        size_t nc = v->cap_msg ? 2 * v->cap_msg : 64;
        struct ntd_msg *p = realloc(v->msg, nc * sizeof *p);
        if (!p) return NTD_ENOMEM;
        v->msg = p, v->cap_msg = nc;
    }
    v->msg[v->nmsg].c = *c;
    v->msg[v->nmsg].stamp = 0;
    v->nmsg++;
    return 1;
}

/* cursors of a VN: messages [0, started) were started by the RTL (nic_txdma_start); reads, headers
 * and flits are due only for started messages; a start needs every earlier message fully
 * requested (the RTL frees a context when its last flit is granted, before it leaves m_data) */
int nic_txdma_start(struct nic_txdma *m, unsigned vn)
{
    struct nic_txdma_vn *v = &m->vn[vn];
    if (vn >= m->cfg.n_vn || v->started >= v->nmsg || v->rd_msg != v->started) return NTD_EEMPTY;
    v->msg[v->started].mrrs_code = m->mrrs_code;
    v->started++;
    m->stat[NTD_ST_STARTS]++;
    return NTD_OK;
}

int nic_txdma_pop_rd(struct nic_txdma *m, unsigned vn, unsigned tag, struct nic_txdma_rd *r)
{
    if (vn >= m->cfg.n_vn || tag >= (1u << m->cfg.tag_w)) return NTD_EINVAL;
    struct nic_txdma_vn *v = &m->vn[vn];
    if (v->rd_msg >= v->started) return NTD_EEMPTY;
    if (m->tag_rd[tag] >= 0) return NTD_ETAG;
    const struct nic_txdma_cmd *c = &v->msg[v->rd_msg].c;
    uint64_t a = c->addr + v->rd_off;
    uint32_t len = nic_txdma_next_req(a, (uint32_t)(c->len - v->rd_off), v->msg[v->rd_msg].mrrs_code);
    if (v->nrd == v->cap_rd) {
        size_t nc = v->cap_rd ? 2 * v->cap_rd : 64;
        struct ntd_read *p = realloc(v->rd, nc * sizeof *p);
        if (!p) return NTD_ENOMEM;
        v->rd = p, v->cap_rd = nc;
    }
    struct ntd_read *d = &v->rd[v->nrd];
    memset(d, 0, sizeof *d);
    d->addr = a, d->len = len, d->lines = (len + 31) / 32, d->tag = tag;
    d->msg = v->rd_msg, d->msg_off = v->rd_off;
    d->data = calloc(d->lines, 32);
    if (!d->data) return NTD_ENOMEM;
    m->tag_rd[tag] = (long)v->nrd, m->tag_vn[tag] = vn, m->tag_beat[tag] = 0;
    v->nrd++;
    v->rd_off += len;
    if (v->rd_off == c->len) v->rd_msg++, v->rd_off = 0;
    r->addr = a, r->len = len;
    m->stat[NTD_ST_READS]++;
    return NTD_OK;
}

int nic_txdma_push_cpl(struct nic_txdma *m, unsigned tag, const uint8_t *data, int err)
{
    if (tag >= NTD_MAX_TAGS || m->tag_rd[tag] < 0) {
        m->stat[NTD_ST_CPL_BAD]++;
        return 0;
    }
    struct ntd_read *d = &m->vn[m->tag_vn[tag]].rd[m->tag_rd[tag]];
    memcpy(d->data + 32 * (size_t)d->beats_rcvd, data, 32);
    if (err) d->err = 1;
    d->beats_rcvd++;
    if (d->beats_rcvd == d->lines) {
        if (d->err) m->stat[NTD_ST_CPL_ERR]++;
        m->tag_rd[tag] = -1;          /* the RTL frees the tag at retire; the model needs it no more */
    }
    return 1;
}

int nic_txdma_pop_hdr(struct nic_txdma *m, unsigned vn, struct nic_txdma_hdr *h)
{
    if (vn >= m->cfg.n_vn) return NTD_EINVAL;
    struct nic_txdma_vn *v = &m->vn[vn];
    if (v->hdr_msg >= v->started) return NTD_EEMPTY;
    const struct nic_txdma_cmd *c = &v->msg[v->hdr_msg++].c;
    h->dest_nid = c->dest_nid, h->len = c->len, h->vn = vn, h->msg_id = c->msg_id;
    m->stat[NTD_ST_MSGS]++;
    return NTD_OK;
}

int nic_txdma_pop_data(struct nic_txdma *m, unsigned vn, struct nic_txdma_flit *f)
{
    if (vn >= m->cfg.n_vn) return NTD_EINVAL;
    struct nic_txdma_vn *v = &m->vn[vn];
    if (v->out_rd >= v->nrd) return NTD_EEMPTY;
    struct ntd_read *d = &v->rd[v->out_rd];
    if (d->beats_rcvd < d->lines) return NTD_ENOTREADY;
    const struct nic_txdma_cmd *c = &v->msg[d->msg].c;
    uint64_t off = d->msg_off + 32u * v->out_line;             /* message offset of the flit */
    memcpy(f->data, d->data + 32 * (size_t)v->out_line, 32);
    f->bytes = c->len - off >= 32 ? 32 : (unsigned)(c->len - off);
    f->vn = vn, f->err = d->err, f->last = off + f->bytes == c->len;
    v->out_line++;
    if (v->out_line == d->lines) {
        free(d->data), d->data = NULL;
        v->out_rd++, v->out_line = 0;
    }
    if (f->last) v->sent++;
    m->stat[NTD_ST_FLITS]++;
    m->bytes += f->bytes;
    m->cred[vn]--;
    return NTD_OK;
}

void nic_txdma_credit(struct nic_txdma *m, unsigned vc, unsigned n)
{
    if (vc >= m->cfg.n_vn || m->cred[vc] + (int64_t)n > (int64_t)m->cmax[vc]) {
        m->stat[NTD_ST_CRED_ERR]++;
        return;
    }
    m->cred[vc] += n;
}

void nic_txdma_tick(struct nic_txdma *m, const struct nic_txdma_hs_out *hs, const struct nic_txdma_ra_out *ra)
{
    if (hs && !hs->slot) m->stat[NTD_ST_STALL_TAG]++;
    if (hs && hs->slot && hs->stall_buf) m->stat[NTD_ST_STALL_BUF]++;
    if (ra && ra->stall_cred) m->stat[NTD_ST_STALL_CRED]++;
}
