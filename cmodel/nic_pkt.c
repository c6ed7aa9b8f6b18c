/*
 * cmodel/nic_pkt.c -- build and parse the NIC's RoCEv2 packet with the NXH extension header
 * (nic_pkt.h, docs/nic.md section 3).
 */
#include "nic_pkt.h"

#include <string.h>

#include "common/roce.h"

static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put24(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 16); put16(p + 1, v); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v >> 16); put16(p + 2, v); }
static void put48(uint8_t *p, uint64_t v) { put16(p, (uint32_t)(v >> 32)); put32(p + 2, (uint32_t)v); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)(v >> 32)); put32(p + 4, (uint32_t)v); }
static uint32_t get16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t get24(const uint8_t *p) { return (uint32_t)p[0] << 16 | get16(p + 1); }
static uint32_t get32(const uint8_t *p) { return get16(p) << 16 | get16(p + 2); }
static uint64_t get48(const uint8_t *p) { return (uint64_t)get16(p) << 32 | get32(p + 2); }
static uint64_t get64(const uint8_t *p) { return (uint64_t)get32(p) << 32 | get32(p + 4); }

size_t nic_pkt_build(const struct nic_pkt_fields *f, const uint8_t *payload, size_t plen, uint8_t *out)
{
    if (plen > NIC_PKT_MAX_PAYLOAD)
        return 0;
    unsigned pad = (unsigned)((4u - (plen & 3u)) & 3u);
    size_t len = NIC_PKT_OVERHEAD + plen + pad;
    memset(out, 0, len);
    /* Ethernet II */
    put48(out + 0, f->dst_mac);
    put48(out + 6, f->src_mac);
    put16(out + 12, 0x0800u);
    /* IPv4 */
    uint8_t *ip = out + NIC_PKT_OFF_IP;
    ip[0] = 0x45;
    ip[1] = f->tos;
    put16(ip + 2, (uint32_t)(len - 14u));
    put16(ip + 4, f->ip_id);
    put16(ip + 6, 0x4000u);   /* DF */
    ip[8] = f->ttl;
    ip[9] = 17;
    put32(ip + 12, f->src_ip);
    put32(ip + 16, f->dst_ip);
    put16(ip + 10, roce_ipv4_csum(ip, 20));
    /* UDP, checksum 0 (IBA A17.3.2 allows it over IPv4) */
    uint8_t *udp = out + NIC_PKT_OFF_UDP;
    put16(udp + 0, f->udp_sport);
    put16(udp + 2, ROCE_UDP_DPORT);
    put16(udp + 4, (uint32_t)(len - 34u));
    /* BTH */
    uint8_t *bth = out + NIC_PKT_OFF_BTH;
    bth[0] = f->opcode;
    bth[1] = (uint8_t)(pad << 4);   /* SE 0, M 0, PadCnt, TVer 0 */
    put16(bth + 2, 0xFFFFu);
    put24(bth + 5, f->dest_qp & 0xFFFFFFu);
    bth[8] = f->ack_req ? 0x80 : 0x00;
    put24(bth + 9, f->psn & 0xFFFFFFu);
    /* NXH */
    uint8_t *x = out + NIC_PKT_OFF_NXH;
    x[0] = (uint8_t)(NIC_NXH_VERSION << 4 | (f->flags & 0xFu));
    x[1] = (uint8_t)((f->vn & 7u) << 5);
    put16(x + 2, f->src_nid);
    put16(x + 4, f->dst_nid);
    put16(x + 6, f->handle);
    put32(x + 8, f->epoch);
    put32(x + 12, f->msg_len);
    put32(x + 16, f->offset);
    put64(x + 20, f->target_addr);
    put16(x + 28, f->msg_id);
    put16(x + 30, f->eq_handle);
    if (plen)
        memcpy(out + NIC_PKT_OFF_PAYLOAD, payload, plen);
    uint32_t icrc = 0;
    roce_icrc_ipv4(out, len, &icrc);
    roce_put_icrc(out + len - 4u, icrc);
    return len;
}

enum nic_pkt_verdict nic_pkt_net_check(const uint8_t *pkt, size_t len)
{
    const uint8_t *ip = pkt + NIC_PKT_OFF_IP, *udp = pkt + NIC_PKT_OFF_UDP;
    if (get16(pkt + 12) != 0x0800u || ip[0] != 0x45 || (get16(ip + 6) & 0x3FFFu) != 0 || ip[9] != 17 ||
        get16(udp + 2) != ROCE_UDP_DPORT)
        return NIC_PKT_NOT_ROCE;
    if (!roce_ipv4_csum_ok(ip, 20))
        return NIC_PKT_IP_CSUM;
    if (get16(ip + 2) != len - 14u || get16(udp + 4) != len - 34u)
        return NIC_PKT_LEN;
    uint32_t icrc = 0;
    if (roce_icrc_ipv4(pkt, len, &icrc) != 0 || icrc != roce_get_icrc(pkt + len - 4u))
        return NIC_PKT_ICRC;
    return NIC_PKT_OK;
}

void nic_pkt_net_fields(const uint8_t *pkt, struct nic_pkt_fields *f)
{
    const uint8_t *ip = pkt + NIC_PKT_OFF_IP, *udp = pkt + NIC_PKT_OFF_UDP, *bth = pkt + NIC_PKT_OFF_BTH;
    memset(f, 0, sizeof *f);
    f->dst_mac = get48(pkt);
    f->src_mac = get48(pkt + 6);
    f->tos = ip[1];
    f->ttl = ip[8];
    f->ip_id = (uint16_t)get16(ip + 4);
    f->src_ip = get32(ip + 12);
    f->dst_ip = get32(ip + 16);
    f->udp_sport = (uint16_t)get16(udp);
    f->opcode = bth[0];
    f->dest_qp = get24(bth + 5);
    f->psn = get24(bth + 9);
}

enum nic_pkt_verdict nic_pkt_parse(const uint8_t *pkt, size_t len, struct nic_pkt_fields *f,
                                   size_t *poff, size_t *plen)
{
    if (!pkt || len < NIC_PKT_OVERHEAD)
        return NIC_PKT_TRUNC;
    const uint8_t *bth = pkt + NIC_PKT_OFF_BTH, *x = pkt + NIC_PKT_OFF_NXH;
    const enum nic_pkt_verdict nv = nic_pkt_net_check(pkt, len);
    if (nv != NIC_PKT_OK)
        return nv;
    if ((bth[0] != NIC_OP_DATA && bth[0] != NIC_OP_ACK) || (bth[1] & 0xFu) != 0 || get16(bth + 2) != 0xFFFFu)
        return NIC_PKT_OPCODE;
    if ((x[0] >> 4) != NIC_NXH_VERSION || (x[1] & 0x1Fu) != 0)
        return NIC_PKT_NXH;
    unsigned pad = (bth[1] >> 4) & 3u;
    size_t pl = len - NIC_PKT_OVERHEAD;
    if (pl < pad)
        return NIC_PKT_RANGE;
    pl -= pad;
    for (unsigned i = 0; i < pad; i++)
        if (pkt[NIC_PKT_OFF_PAYLOAD + pl + i] != 0)
            return NIC_PKT_RANGE;
    uint32_t msg_len = get32(x + 12), offset = get32(x + 16);
    if (pl > NIC_PKT_MAX_PAYLOAD || (uint64_t)offset + pl > msg_len)
        return NIC_PKT_RANGE;
    nic_pkt_net_fields(pkt, f);
    f->ack_req = bth[8] >> 7;
    f->flags = x[0] & 0xFu;
    f->vn = x[1] >> 5;
    f->src_nid = (uint16_t)get16(x + 2);
    f->dst_nid = (uint16_t)get16(x + 4);
    f->handle = (uint16_t)get16(x + 6);
    f->epoch = get32(x + 8);
    f->msg_len = msg_len;
    f->offset = offset;
    f->target_addr = get64(x + 20);
    f->msg_id = (uint16_t)get16(x + 28);
    f->eq_handle = (uint16_t)get16(x + 30);
    *poff = NIC_PKT_OFF_PAYLOAD;
    *plen = pl;
    return NIC_PKT_OK;
}
