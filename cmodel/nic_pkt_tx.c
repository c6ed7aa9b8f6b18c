/*
 * cmodel/nic_pkt_tx.c -- model of the transmit framer (nic_pkt_tx.h, docs/nic.md section 4).
 */
#include "nic_pkt_tx.h"

#include <stdlib.h>
#include <string.h>

int nic_pkt_tx_set_cfg(struct nic_pkt_tx *m, const struct nic_pkt_tx_cfg *cfg)
{
    if (!m || !cfg || cfg->pmtu_log2 < 8 || cfg->pmtu_log2 > 12)
        return -1;
    m->cfg = *cfg;
    return 0;
}

int nic_pkt_tx_init(struct nic_pkt_tx *m, const struct nic_pkt_tx_cfg *cfg)
{
    if (!m)
        return -1;
    memset(m, 0, sizeof *m);
    if (nic_pkt_tx_set_cfg(m, cfg) != 0)
        return -1;
    m->ocap = 256u;
    m->oq = malloc(m->ocap * sizeof *m->oq);
    return m->oq ? 0 : -2;
}

void nic_pkt_tx_free(struct nic_pkt_tx *m)
{
    if (!m)
        return;
    for (unsigned i = 0; i < m->dn; i++)
        free(m->dq[(m->dh + i) % NIC_PKT_TX_QCAP].b);
    free(m->oq);
    memset(m, 0, sizeof *m);
}

void nic_pkt_tx_fields(const struct nic_pkt_tx_cfg *cfg, const struct nic_pkt_tx_hdr *h, unsigned i,
                       struct nic_pkt_fields *f, uint32_t *plen)
{
    uint32_t p = 1u << cfg->pmtu_log2, off = i * p, rem = h->msg_len - off;
    int last = rem <= p;
    memset(f, 0, sizeof *f);
    f->dst_mac = (cfg->dst_mac_base & ~0xFFFFull) | h->dst_nid;
    f->src_mac = cfg->src_mac;
    f->tos = cfg->tos;
    f->ttl = cfg->ttl;
    f->psn = (h->psn + i) & 0xFFFFFFu;
    f->ip_id = (uint16_t)f->psn;
    f->src_ip = cfg->src_ip;
    f->dst_ip = (cfg->dst_ip_base & ~0xFFFFu) | h->dst_nid;
    f->udp_sport = (uint16_t)(0xC000u | ((((uint32_t)(h->vn & 7u) << 11) ^ h->dst_nid) & 0x3FFFu));
    f->opcode = NIC_OP_DATA;
    f->dest_qp = h->dest_qp & 0xFFFFFFu;
    f->ack_req = last;
    f->flags = (uint8_t)((i == 0 ? NIC_NXH_F_FIRST : 0) | (last ? NIC_NXH_F_LAST : 0) |
                         (h->reset ? NIC_NXH_F_RESET : 0) | (h->half ? NIC_NXH_F_HALF : 0));
    f->vn = h->vn & 7u;
    f->src_nid = cfg->src_nid;
    f->dst_nid = h->dst_nid;
    f->handle = h->handle;
    f->epoch = h->epoch;
    f->msg_len = h->msg_len;
    f->offset = off;
    f->target_addr = h->target_addr;
    f->msg_id = h->msg_id;
    f->eq_handle = h->eq_handle;
    *plen = last ? rem : p;
}

static void frame(struct nic_pkt_tx *m)
{
    for (;;) {
        if (m->hn && m->hq[m->hh].msg_len == 0) {   /* consumes no data */
            m->stat[NPT_ST_ERR_ZERO]++;
            m->hh = (m->hh + 1u) % NIC_PKT_TX_QCAP;
            m->hn--;
            continue;
        }
        if (!m->hn || !m->dn)
            return;
        const struct nic_pkt_tx_hdr *h = &m->hq[m->hh];
        struct nic_pkt_tx_data *d = &m->dq[m->dh];
        uint8_t *msg = calloc(h->msg_len, 1);
        if (!msg)
            abort();
        memcpy(msg, d->b, d->len < h->msg_len ? d->len : h->msg_len);
        if (d->len < h->msg_len)
            m->stat[NPT_ST_ERR_SHORT]++;
        else if (d->len > h->msg_len)
            m->stat[NPT_ST_ERR_LONG]++;
        uint32_t p = 1u << m->cfg.pmtu_log2;
        for (unsigned i = 0; i * p < h->msg_len; i++) {
            struct nic_pkt_fields f;
            uint32_t plen;
            nic_pkt_tx_fields(&m->cfg, h, i, &f, &plen);
            if (m->oh + m->on == m->ocap) {   /* compact, or grow */
                if (m->oh) {
                    memmove(m->oq, m->oq + m->oh, m->on * sizeof *m->oq);
                    m->oh = 0;
                } else {
                    struct nic_pkt_tx_pkt *q = realloc(m->oq, 2u * m->ocap * sizeof *q);
                    if (!q)
                        abort();
                    m->oq = q;
                    m->ocap *= 2u;
                }
            }
            struct nic_pkt_tx_pkt *o = &m->oq[m->oh + m->on];
            o->len = nic_pkt_build(&f, msg + f.offset, plen, o->b);
            m->on++;
            m->stat[NPT_ST_PKT]++;
            m->stat[NPT_ST_PAYLOAD] += plen;
        }
        m->stat[NPT_ST_MSG]++;
        free(msg);
        free(d->b);
        m->hh = (m->hh + 1u) % NIC_PKT_TX_QCAP;
        m->hn--;
        m->dh = (m->dh + 1u) % NIC_PKT_TX_QCAP;
        m->dn--;
    }
}

int nic_pkt_tx_push_hdr(struct nic_pkt_tx *m, const struct nic_pkt_tx_hdr *h)
{
    if (m->hn == NIC_PKT_TX_QCAP)
        return -1;
    m->hq[(m->hh + m->hn++) % NIC_PKT_TX_QCAP] = *h;
    frame(m);
    return 0;
}

int nic_pkt_tx_push_data(struct nic_pkt_tx *m, const uint8_t *b, size_t len)
{
    if (m->dn == NIC_PKT_TX_QCAP || len == 0)
        return -1;
    struct nic_pkt_tx_data *d = &m->dq[(m->dh + m->dn) % NIC_PKT_TX_QCAP];
    d->b = malloc(len);
    if (!d->b)
        return -1;
    memcpy(d->b, b, len);
    d->len = len;
    m->dn++;
    frame(m);
    return 0;
}

int nic_pkt_tx_pop_pkt(struct nic_pkt_tx *m, struct nic_pkt_tx_pkt *out)
{
    if (!m->on)
        return 0;
    *out = m->oq[m->oh];
    m->oh = --m->on ? m->oh + 1u : 0u;
    return 1;
}
