/*
 * cmodel/nic_pkt_rx.c -- model of the NIC receive parser (nic_pkt_rx.h, docs/nic_pkt_rx.md).
 * Verdict and fields come from nic_pkt_parse() (cmodel/nic_pkt.c); this file adds the RTL's
 * size rules (TRUNC, OVERSIZE) and the output shapes.
 */
#include "nic_pkt_rx.h"

#include <stdlib.h>
#include <string.h>

#define KEEP_BYTES (NIC_PKT_MAX_LEN + 32u)

int nic_pkt_rx_init(struct nic_pkt_rx *m)
{
    if (!m)
        return -1;
    memset(m, 0, sizeof *m);
    m->pkt = malloc(KEEP_BYTES);
    return m->pkt ? 0 : -2;
}

void nic_pkt_rx_free(struct nic_pkt_rx *m)
{
    if (!m)
        return;
    free(m->pkt);
    free(m->hq);
    free(m->bq);
    memset(m, 0, sizeof *m);
}

/* ring push with growth: q[h .. h + n) of cap elements of size sz */
static int ring_push(void **q, size_t *h, size_t *n, size_t *cap, size_t sz, const void *e)
{
    if (*n == *cap) {
        size_t nc = *cap ? 2 * *cap : 64;
        unsigned char *nq = malloc(nc * sz);
        if (!nq)
            return -2;
        for (size_t i = 0; i < *n; i++)
            memcpy(nq + i * sz, (unsigned char *)*q + ((*h + i) % *cap) * sz, sz);
        free(*q);
        *q = nq, *h = 0, *cap = nc;
    }
    memcpy((unsigned char *)*q + ((*h + *n) % *cap) * sz, e, sz);
    (*n)++;
    return 0;
}

static int ring_pop(void *q, size_t *h, size_t *n, size_t cap, size_t sz, void *out)
{
    if (!*n)
        return 0;
    memcpy(out, (unsigned char *)q + *h * sz, sz);
    *h = (*h + 1) % cap;
    (*n)--;
    return 1;
}

int nic_pkt_rx_push_beat(struct nic_pkt_rx *m, const uint8_t data[32], uint32_t keep, int last)
{
    unsigned nb = 0;
    while (nb < 32 && (keep >> nb & 1u))
        nb++;
    if (!last)
        nb = 32;   /* tkeep is all ones except on the last beat (the RTL does not look at it) */
    for (unsigned i = 0; i < nb; i++)
        if (m->len + i < KEEP_BYTES)
            m->pkt[m->len + i] = data[i];
    m->len += nb;
    if (!last)
        return -1;
    size_t len = m->len;
    m->len = 0;
    int v;
    struct nic_pkt_fields f;
    size_t poff = 0, plen = 0;
    if (len < NIC_PKT_OVERHEAD)
        v = NIC_PKT_TRUNC;
    else if (len > NIC_PKT_MAX_LEN)
        v = NPR_VERDICT_OVERSIZE;
    else
        v = (int)nic_pkt_parse(m->pkt, len, &f, &poff, &plen);
    m->cnt[v]++;
    if (v != NIC_PKT_OK)
        return v;
    struct nic_pkt_rx_hdr h;
    memset(&h, 0, sizeof h);
    h.f = f;
    h.pay_len = (uint32_t)plen;
    if (ring_push((void **)&m->hq, &m->hh, &m->hn, &m->hcap, sizeof h, &h))
        return -2;
    for (size_t k = 0; k < plen; k += 32) {
        struct nic_pkt_rx_beat b;
        memset(&b, 0, sizeof b);
        size_t n = plen - k < 32 ? plen - k : 32;
        memcpy(b.data, m->pkt + poff + k, n);
        b.keep = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
        b.last = k + 32 >= plen;
        if (ring_push((void **)&m->bq, &m->bh, &m->bn, &m->bcap, sizeof b, &b))
            return -2;
    }
    return v;
}

int nic_pkt_rx_pop_hdr(struct nic_pkt_rx *m, struct nic_pkt_rx_hdr *out)
{
    return ring_pop(m->hq, &m->hh, &m->hn, m->hcap, sizeof *out, out);
}

int nic_pkt_rx_pop_beat(struct nic_pkt_rx *m, struct nic_pkt_rx_beat *out)
{
    return ring_pop(m->bq, &m->bh, &m->bn, m->bcap, sizeof *out, out);
}

unsigned nic_pkt_rx_csr_read(const struct nic_pkt_rx *m, uint32_t addr, uint32_t *data)
{
    uint32_t i = (addr & 0xFFFu) >> 2;
    if (i >= NPR_CNT_N) {
        *data = 0;
        return 2;
    }
    *data = (uint32_t)m->cnt[i];
    return 0;
}
