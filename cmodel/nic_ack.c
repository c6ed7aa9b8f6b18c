/*
 * cmodel/nic_ack.c -- ACK / NAK packets, the B2 NID table and the B10 wire header builder of the
 * reliability layer (nic_ack.h, docs/nic_rel.md 10, docs/nic.md 3.5).
 */
#include "nic_ack.h"

#include <stdlib.h>
#include <string.h>

#include "common/roce.h"

static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put24(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 16); put16(p + 1, v); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v >> 16); put16(p + 2, v); }
static void put48(uint8_t *p, uint64_t v) { put16(p, (uint32_t)(v >> 32)); put32(p + 2, (uint32_t)v); }
static uint32_t get16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t get24(const uint8_t *p) { return (uint32_t)p[0] << 16 | get16(p + 1); }
static uint32_t get32(const uint8_t *p) { return get16(p) << 16 | get16(p + 2); }

uint8_t nic_ack_syndrome(uint8_t type)
{
    switch (type) {
    case NIC_ACK_T_ACK:      return NIC_AETH_ACK;
    case NIC_ACK_T_DUP_ACK:  return NIC_AETH_DUP_ACK;
    case NIC_ACK_T_NACK_SEQ: return NIC_AETH_NAK_SEQ;
    case NIC_ACK_T_NOSTATE:  return NIC_AETH_NAK_INV;
    default:                 return 0;
    }
}

static uint8_t type_of(uint8_t syn)
{
    switch (syn) {
    case NIC_AETH_ACK:     return NIC_ACK_T_ACK;
    case NIC_AETH_DUP_ACK: return NIC_ACK_T_DUP_ACK;
    case NIC_AETH_NAK_SEQ: return NIC_ACK_T_NACK_SEQ;
    case NIC_AETH_NAK_INV: return NIC_ACK_T_NOSTATE;
    default:               return 0;
    }
}

size_t nic_ack_build(const struct nic_pkt_fields *net, const struct nic_ack *a, uint8_t *out)
{
    uint8_t syn = nic_ack_syndrome(a->type);
    if (!syn)
        return 0;
    const size_t len = NIC_ACK_LEN;
    memset(out, 0, len);
    put48(out + 0, net->dst_mac);
    put48(out + 6, net->src_mac);
    put16(out + 12, 0x0800u);
    uint8_t *ip = out + NIC_PKT_OFF_IP;
    ip[0] = 0x45;
    ip[1] = net->tos;
    put16(ip + 2, (uint32_t)(len - 14u));
    put16(ip + 4, net->ip_id);
    put16(ip + 6, 0x4000u);
    ip[8] = net->ttl;
    ip[9] = 17;
    put32(ip + 12, net->src_ip);
    put32(ip + 16, net->dst_ip);
    put16(ip + 10, roce_ipv4_csum(ip, 20));
    uint8_t *udp = out + NIC_PKT_OFF_UDP;
    put16(udp + 0, net->udp_sport);
    put16(udp + 2, ROCE_UDP_DPORT);
    put16(udp + 4, (uint32_t)(len - 34u));
    uint8_t *bth = out + NIC_PKT_OFF_BTH;
    bth[0] = NIC_OP_ACK;
    bth[1] = 0;                         /* SE 0, M 0, PadCnt 0, TVer 0 */
    put16(bth + 2, 0xFFFFu);
    put24(bth + 5, net->dest_qp & 0xFFFFFFu);
    bth[8] = 0;                         /* AckReq 0 */
    put24(bth + 9, a->seq & 0xFFFFFFu);
    uint8_t *ae = out + NIC_ACK_OFF_AETH;
    ae[0] = syn;                        /* MSN 0 */
    uint8_t *x = out + NIC_ACK_OFF_NXH;
    x[0] = (uint8_t)(NIC_NXH_VERSION << 4 | (a->half & 1u));
    x[1] = (uint8_t)((a->vn & 7u) << 5);
    put16(x + 2, a->src_nid);
    put16(x + 4, a->dst_nid);
    put16(x + 6, a->handle);
    put32(x + 8, a->epoch);
    uint32_t icrc = 0;
    roce_icrc_ipv4(out, len, &icrc);
    roce_put_icrc(out + len - 4u, icrc);
    return len;
}

enum nic_ack_verdict nic_ack_parse(const uint8_t *pkt, size_t len, struct nic_pkt_fields *net,
                                   struct nic_ack *a)
{
    if (!pkt || len < NIC_ACK_LEN)
        return NIC_ACK_V_TRUNC;
    const uint8_t *bth = pkt + NIC_PKT_OFF_BTH, *ae = pkt + NIC_ACK_OFF_AETH, *x = pkt + NIC_ACK_OFF_NXH;
    /* the network checks shared with data packets (nic_pkt_net_check), in the same order */
    switch (nic_pkt_net_check(pkt, len)) {
    case NIC_PKT_OK:       break;
    case NIC_PKT_NOT_ROCE: return NIC_ACK_V_NOT_ROCE;
    case NIC_PKT_IP_CSUM:  return NIC_ACK_V_IP_CSUM;
    case NIC_PKT_LEN:      return NIC_ACK_V_LEN;
    default:               return NIC_ACK_V_ICRC;
    }
    if (bth[0] != NIC_OP_ACK || bth[1] != 0 || get16(bth + 2) != 0xFFFFu || bth[8] != 0)
        return NIC_ACK_V_OPCODE;
    uint8_t type = type_of(ae[0]);
    if (!type || get24(ae + 1) != 0)
        return NIC_ACK_V_SYNDROME;
    if ((x[0] & 0xFEu) != (NIC_NXH_VERSION << 4) || (x[1] & 0x1Fu) != 0)
        return NIC_ACK_V_NXH;
    for (unsigned i = 12; i < 32; i++)
        if (x[i])
            return NIC_ACK_V_NXH;
    if (len != NIC_ACK_LEN)
        return NIC_ACK_V_PAYLOAD;
    nic_pkt_net_fields(pkt, net);
    memset(a, 0, sizeof *a);
    a->type = type;
    a->seq = net->psn;
    a->half = x[0] & 1u;
    a->vn = x[1] >> 5;
    a->src_nid = (uint16_t)get16(x + 2);
    a->dst_nid = (uint16_t)get16(x + 4);
    a->handle = (uint16_t)get16(x + 6);
    a->epoch = get32(x + 8);
    return NIC_ACK_V_OK;
}

/* ---------------------------------------------------------------- B2 */
int nic_b2_init(struct nic_b2 *t, unsigned job_w, unsigned rank_w)
{
    if (job_w > 8 || rank_w > 16 || job_w + rank_w > 20)
        return -1;
    t->job_w = job_w;
    t->rank_w = rank_w;
    t->nid = calloc((size_t)1 << (job_w + rank_w), sizeof *t->nid);
    return t->nid ? 0 : -1;
}

void nic_b2_free(struct nic_b2 *t)
{
    free(t->nid);
    t->nid = NULL;
}

void nic_b2_write(struct nic_b2 *t, uint32_t idx, uint16_t nid)
{
    t->nid[idx & ((1u << (t->job_w + t->rank_w)) - 1u)] = nid;
}

uint16_t nic_b2_lookup(const struct nic_b2 *t, uint32_t target24, int *bad)
{
    uint32_t job = (target24 >> 16) & 0xFFu, rank = target24 & 0xFFFFu;
    *bad = (job >> t->job_w) != 0 || (rank >> t->rank_w) != 0;
    uint32_t idx = (job & ((1u << t->job_w) - 1u)) << t->rank_w | (rank & ((1u << t->rank_w) - 1u));
    return t->nid[idx];
}

/* ---------------------------------------------------------------- B10 */
static void putb(uint8_t *o, unsigned lo, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < w; i++)
        if (v >> i & 1u)
            o[(lo + i) >> 3] |= (uint8_t)(1u << ((lo + i) & 7u));
}

static uint64_t getb(const uint8_t *in, unsigned lo, unsigned w)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < w; i++)
        v |= (uint64_t)(in[(lo + i) >> 3] >> ((lo + i) & 7u) & 1u) << i;
    return v;
}

/* field table of note 2.7 in order: low bit, width */
#define CMD_FIELDS(X) \
    X(length, 0, 32) X(options, 32, 16) X(target_nid, 48, 24) X(target_pid, 72, 16) \
    X(md_handle, 88, 16) X(e2e_hdr, 104, 32) X(length_upper, 136, 8) X(init_start, 144, 48) \
    X(user_ptr, 192, 64) X(init_pid, 256, 16) X(portal_idx, 272, 8) X(ack, 280, 8) \
    X(target_off, 288, 48) X(hdr_data, 336, 64) X(match_bits, 400, 64) X(ct_handle, 464, 16) \
    X(timestamp, 480, 16) X(nic_seq, 496, 16)

void nic_rel_cmd_pack(const struct nic_rel_cmd *c, uint8_t out[64])
{
    memset(out, 0, 64);
#define PK(n, lo, w) putb(out, lo, w, (uint64_t)c->n);
    CMD_FIELDS(PK)
#undef PK
}

void nic_rel_cmd_unpack(const uint8_t in[64], struct nic_rel_cmd *c)
{
    memset(c, 0, sizeof *c);
#define UP(n, lo, w) c->n = (__typeof__(c->n))getb(in, lo, w);
    CMD_FIELDS(UP)
#undef UP
}

void nic_rel_hdr_build(const uint8_t cmd[64], uint16_t handle, uint32_t seq, unsigned seq_w,
                       uint32_t epoch, int reset, int half, const struct nic_b2 *t,
                       struct nic_rel_hdr *h)
{
    struct nic_rel_cmd c;
    nic_rel_cmd_unpack(cmd, &c);
    memset(h, 0, sizeof *h);
    h->msg_len = c.length & 0x1FFFFFu;
    h->vn = (uint8_t)(c.options >> 7 & 7u);
    int bad = 0;
    h->dst_nid = nic_b2_lookup(t, c.target_nid, &bad);
    h->bad = (uint8_t)bad;
    h->msg_id = c.nic_seq;
    h->eq_handle = c.portal_idx;
    h->handle = handle;
    h->target_addr = c.target_off;
    h->dest_qp = c.target_pid;
    h->psn = seq_w >= 24 ? (seq & 0xFFFFFFu) : (seq & ((1u << seq_w) - 1u));
    h->epoch = epoch;
    h->reset = (uint8_t)(reset != 0);
    h->half = (uint8_t)(half != 0);
}

void nic_rel_hdr_fields(const struct nic_rel_hdr *h, const struct nic_rel_csr *c,
                        struct nic_pkt_fields *f)
{
    memset(f, 0, sizeof *f);
    uint32_t pmtu = 1u << c->pmtu_log2;
    int last = h->msg_len <= pmtu;
    f->dst_mac = (c->dst_mac_base & ~(uint64_t)0xFFFF) | h->dst_nid;
    f->src_mac = c->src_mac;
    f->tos = c->tos;
    f->ttl = c->ttl;
    f->ip_id = (uint16_t)h->psn;
    f->src_ip = c->src_ip;
    f->dst_ip = (c->dst_ip_base & ~0xFFFFu) | h->dst_nid;
    f->udp_sport = (uint16_t)(0xC000u | ((((uint32_t)h->vn << 11) ^ h->dst_nid) & 0x3FFFu));
    f->opcode = NIC_OP_DATA;
    f->dest_qp = h->dest_qp;
    f->ack_req = last;
    f->psn = h->psn;
    f->flags = (uint8_t)(NIC_NXH_F_FIRST | (last ? NIC_NXH_F_LAST : 0u) | (h->reset ? NIC_NXH_F_RESET : 0u) |
                         (h->half ? NIC_NXH_F_HALF : 0u));
    f->vn = h->vn;
    f->src_nid = c->src_nid;
    f->dst_nid = h->dst_nid;
    f->handle = h->handle;
    f->epoch = h->epoch;
    f->msg_len = h->msg_len;
    f->offset = 0;
    f->target_addr = h->target_addr;
    f->msg_id = h->msg_id;
    f->eq_handle = h->eq_handle;
}
