/*
 * roce.c - RoCEv2 over IPv4 helpers: CRC-32, ICRC (IBA A17.4), IPv4 checksum, and the barrier
 * notification builder / parser (docs/barrier.md section 5). See roce.h for the contract.
 */
#include "roce.h"

#include <string.h>

/* ------------------------------------------------------------------ byte access helpers */

static void put_be(uint8_t *p, uint64_t v, unsigned nbytes)
{
    for (unsigned i = 0; i < nbytes; i++)
        p[i] = (uint8_t)(v >> (8u * (nbytes - 1u - i)));
}

static uint64_t get_be(const uint8_t *p, unsigned nbytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < nbytes; i++)
        v = (v << 8) | p[i];
    return v;
}

/* ------------------------------------------------------------------ CRC-32 */

uint32_t roce_crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (unsigned b = 0; b < 8; b++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return crc;
}

uint32_t roce_crc32(const uint8_t *p, size_t n)
{
    return roce_crc32_update(0xffffffffu, p, n) ^ 0xffffffffu;
}

/* ------------------------------------------------------------------ IPv4 checksum */

static uint32_t ones_sum(const uint8_t *hdr, size_t hlen, int skip_csum)
{
    uint32_t s = 0;
    for (size_t i = 0; i + 1 < hlen; i += 2) {
        if (skip_csum && i == 10)
            continue;
        s += (uint32_t)((hdr[i] << 8) | hdr[i + 1]);
    }
    while (s >> 16)
        s = (s & 0xffffu) + (s >> 16);
    return s;
}

uint16_t roce_ipv4_csum(const uint8_t *hdr, size_t hlen)
{
    return (uint16_t)(~ones_sum(hdr, hlen, 1) & 0xffffu);
}

int roce_ipv4_csum_ok(const uint8_t *hdr, size_t hlen)
{
    return ones_sum(hdr, hlen, 0) == 0xffffu;
}

/* ------------------------------------------------------------------ ICRC */

int roce_icrc_ipv4(const uint8_t *frame, size_t len, uint32_t *icrc)
{
    static const uint8_t lrh[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    uint8_t tmp[60];

    if (len < ROCE_OFF_IP + 1u)
        return -1;
    size_t ihl = (size_t)(frame[ROCE_OFF_IP] & 0x0fu) * 4u;
    if (ihl < 20u)
        return -1;
    size_t udp = ROCE_OFF_IP + ihl;
    size_t bth = udp + 8u;
    if (len < bth + 12u + 4u)
        return -1;

    uint32_t crc = roce_crc32_update(0xffffffffu, lrh, sizeof lrh);

    /* IPv4 header: TOS, TTL and header checksum masked to ones */
    memcpy(tmp, frame + ROCE_OFF_IP, ihl);
    tmp[1] = 0xff;
    tmp[8] = 0xff;
    tmp[10] = 0xff;
    tmp[11] = 0xff;
    crc = roce_crc32_update(crc, tmp, ihl);

    /* UDP header: checksum masked to ones */
    memcpy(tmp, frame + udp, 8u);
    tmp[6] = 0xff;
    tmp[7] = 0xff;
    crc = roce_crc32_update(crc, tmp, 8u);

    /* BTH: byte 4 (FECN, BECN, resv6 = resv8a) masked to ones */
    memcpy(tmp, frame + bth, 12u);
    tmp[4] = 0xff;
    crc = roce_crc32_update(crc, tmp, 12u);

    /* the rest up to the ICRC */
    crc = roce_crc32_update(crc, frame + bth + 12u, len - 4u - (bth + 12u));

    *icrc = crc ^ 0xffffffffu;
    return 0;
}

void roce_put_icrc(uint8_t *p, uint32_t icrc)
{
    p[0] = (uint8_t)icrc;
    p[1] = (uint8_t)(icrc >> 8);
    p[2] = (uint8_t)(icrc >> 16);
    p[3] = (uint8_t)(icrc >> 24);
}

uint32_t roce_get_icrc(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

uint64_t roce_mcast_mac(uint32_t group_ip)
{
    return UINT64_C(0x01005e000000) | (group_ip & 0x7fffffu);
}

/* ------------------------------------------------------------------ notification builder */

void roce_fa_build(const struct roce_fa_fields *f, uint8_t pkt[ROCE_FA_LEN])
{
    uint8_t *p = pkt;
    memset(p, 0, ROCE_FA_LEN);

    /* Ethernet II */
    put_be(p + 0, f->dst_mac & UINT64_C(0xffffffffffff), 6);
    put_be(p + 6, f->src_mac & UINT64_C(0xffffffffffff), 6);
    put_be(p + 12, 0x0800, 2);

    /* IPv4 */
    p[14] = 0x45;
    p[15] = f->tos;
    put_be(p + 16, ROCE_FA_IP_TOTLEN, 2);
    put_be(p + 18, f->psn & 0xffffu, 2);
    put_be(p + 20, 0x4000, 2);
    p[22] = ROCE_FA_TTL;
    p[23] = 17;
    put_be(p + 26, f->src_ip, 4);
    put_be(p + 30, f->dst_ip, 4);
    put_be(p + 24, roce_ipv4_csum(p + ROCE_OFF_IP, 20), 2);

    /* UDP, checksum 0 */
    put_be(p + 34, f->udp_sport, 2);
    put_be(p + 36, ROCE_UDP_DPORT, 2);
    put_be(p + 38, ROCE_FA_UDP_LEN, 2);

    /* BTH */
    p[42] = ROCE_OP_RC_FETCH_ADD;
    p[43] = 0;
    put_be(p + 44, ROCE_PKEY_DEFAULT, 2);
    p[46] = 0;
    put_be(p + 47, f->dest_qp & 0xffffffu, 3);
    p[50] = 0;
    put_be(p + 51, f->psn & 0xffffffu, 3);

    /* AtomicETH */
    put_be(p + 54, f->va, 8);
    put_be(p + 62, f->rkey, 4);
    put_be(p + 66, f->add_data, 8);
    put_be(p + 74, f->cmp_data, 8);

    /* ICRC */
    uint32_t icrc = 0;
    (void)roce_icrc_ipv4(p, ROCE_FA_LEN, &icrc); /* cannot fail on 86 bytes */
    roce_put_icrc(p + ROCE_OFF_ICRC, icrc);
}

/* ------------------------------------------------------------------ UD notification */

/* Ethernet + IPv4 + UDP headers shared by both layouts; ip_len = IPv4 total length */
static void put_l2l4(uint8_t *p, uint64_t dst_mac, uint64_t src_mac, uint8_t tos, uint32_t psn,
                     uint32_t src_ip, uint32_t dst_ip, uint16_t sport, unsigned ip_len)
{
    put_be(p + 0, dst_mac & UINT64_C(0xffffffffffff), 6);
    put_be(p + 6, src_mac & UINT64_C(0xffffffffffff), 6);
    put_be(p + 12, 0x0800, 2);
    p[14] = 0x45;
    p[15] = tos;
    put_be(p + 16, ip_len, 2);
    put_be(p + 18, psn & 0xffffu, 2);
    put_be(p + 20, 0x4000, 2);
    p[22] = ROCE_FA_TTL;
    p[23] = 17;
    put_be(p + 26, src_ip, 4);
    put_be(p + 30, dst_ip, 4);
    put_be(p + 24, roce_ipv4_csum(p + ROCE_OFF_IP, 20), 2);
    put_be(p + 34, sport, 2);
    put_be(p + 36, ROCE_UDP_DPORT, 2);
    put_be(p + 38, ip_len - 20u, 2);
}

void roce_ud_build(const struct roce_ud_fields *f, uint8_t pkt[ROCE_UD_LEN])
{
    uint8_t *p = pkt;
    memset(p, 0, ROCE_UD_LEN);
    put_l2l4(p, f->dst_mac, f->src_mac, f->tos, f->psn, f->src_ip, f->dst_ip, f->udp_sport,
             ROCE_UD_IP_TOTLEN);
    /* BTH */
    p[42] = ROCE_OP_UD_SEND_IMM;
    put_be(p + 44, ROCE_PKEY_DEFAULT, 2);
    put_be(p + 47, ROCE_MCAST_QPN, 3);
    put_be(p + 51, f->psn & 0xffffffu, 3);
    /* DETH */
    put_be(p + 54, f->qkey, 4);
    put_be(p + 59, f->src_qp & 0xffffffu, 3);
    /* ImmDt, payload */
    p[62] = f->src_id;
    p[63] = f->bar;
    put_be(p + 64, f->imm_resv, 2);
    put_be(p + 66, f->inc, 8);
    uint32_t icrc = 0;
    (void)roce_icrc_ipv4(p, ROCE_UD_LEN, &icrc); /* cannot fail on 78 bytes */
    roce_put_icrc(p + ROCE_OFF_UD_ICRC, icrc);
}

/* The checks both notification layouts share, in the documented drop order (docs/barrier.md
 * section 5): malformed Ethernet/IPv4/UDP (lengths ip_totlen / udp_len), IPv4 header checksum,
 * UDP port 4791, BTH (opcode, TVer, P_Key, DestQP dqpn), ICRC at byte icrc_off. */
static enum roce_rx_verdict check_headers(const uint8_t *p, size_t len, unsigned ip_totlen,
                                          unsigned udp_len, uint8_t opcode, uint32_t dqpn,
                                          size_t icrc_off)
{
    if (get_be(p + 12, 2) != 0x0800 || p[14] != 0x45 || (get_be(p + 20, 2) & 0xbfffu) != 0 ||
        p[23] != 17 || get_be(p + 16, 2) != ip_totlen || get_be(p + 38, 2) != udp_len)
        return ROCE_RX_MALFORMED;
    if (!roce_ipv4_csum_ok(p + ROCE_OFF_IP, 20))
        return ROCE_RX_IPCSUM;
    if (get_be(p + 36, 2) != ROCE_UDP_DPORT)
        return ROCE_RX_NOT_ROCE;
    if (p[42] != opcode || (p[43] & 0x0fu) != 0 || get_be(p + 44, 2) != ROCE_PKEY_DEFAULT ||
        get_be(p + 47, 3) != dqpn)
        return ROCE_RX_OPCODE;
    uint32_t icrc = 0;
    if (roce_icrc_ipv4(p, len, &icrc) != 0 || roce_get_icrc(p + icrc_off) != icrc)
        return ROCE_RX_ICRC;
    return ROCE_RX_OK;
}

enum roce_rx_verdict roce_ud_parse(const uint8_t *pkt, size_t len, uint32_t qkey,
                                   struct roce_ud_fields *f)
{
    if (f)
        memset(f, 0, sizeof *f);
    if (len < ROCE_UD_LEN)
        return ROCE_RX_TRUNC;
    const uint8_t *p = pkt;
    if (len == ROCE_UD_LEN && f) {
        f->dst_mac = get_be(p + 0, 6);
        f->src_mac = get_be(p + 6, 6);
        f->tos = p[15];
        f->src_ip = (uint32_t)get_be(p + 26, 4);
        f->dst_ip = (uint32_t)get_be(p + 30, 4);
        f->psn = (uint32_t)get_be(p + 51, 3);
        f->udp_sport = (uint16_t)get_be(p + 34, 2);
        f->qkey = (uint32_t)get_be(p + 54, 4);
        f->src_qp = (uint32_t)get_be(p + 59, 3);
        f->src_id = p[62];
        f->bar = p[63];
        f->imm_resv = (uint16_t)get_be(p + 64, 2);
        f->inc = get_be(p + 66, 8);
    }
    if (len > ROCE_UD_LEN)
        return ROCE_RX_LONG;
    enum roce_rx_verdict v = check_headers(p, len, ROCE_UD_IP_TOTLEN, ROCE_UD_UDP_LEN,
                                           ROCE_OP_UD_SEND_IMM, ROCE_MCAST_QPN, ROCE_OFF_UD_ICRC);
    if (v != ROCE_RX_OK)
        return v;
    if ((uint32_t)get_be(p + 54, 4) != qkey)
        return ROCE_RX_KEY;
    return ROCE_RX_OK;
}

/* ------------------------------------------------------------------ notification parser */

enum roce_rx_verdict roce_fa_parse(const uint8_t *pkt, size_t len, uint32_t dest_qp,
                                   uint32_t rkey, struct roce_fa_fields *f)
{
    if (f)
        memset(f, 0, sizeof *f);
    if (len < ROCE_FA_LEN)
        return ROCE_RX_TRUNC;

    const uint8_t *p = pkt;
    if (len == ROCE_FA_LEN && f) {
        f->dst_mac = get_be(p + 0, 6);
        f->src_mac = get_be(p + 6, 6);
        f->tos = p[15];
        f->src_ip = (uint32_t)get_be(p + 26, 4);
        f->dst_ip = (uint32_t)get_be(p + 30, 4);
        f->psn = (uint32_t)get_be(p + 51, 3);
        f->udp_sport = (uint16_t)get_be(p + 34, 2);
        f->dest_qp = (uint32_t)get_be(p + 47, 3);
        f->va = get_be(p + 54, 8);
        f->rkey = (uint32_t)get_be(p + 62, 4);
        f->add_data = get_be(p + 66, 8);
        f->cmp_data = get_be(p + 74, 8);
    }
    if (len > ROCE_FA_LEN)
        return ROCE_RX_LONG;

    enum roce_rx_verdict v = check_headers(p, len, ROCE_FA_IP_TOTLEN, ROCE_FA_UDP_LEN,
                                           ROCE_OP_RC_FETCH_ADD, dest_qp & 0xffffffu, ROCE_OFF_ICRC);
    if (v != ROCE_RX_OK)
        return v;

    if ((uint32_t)get_be(p + 62, 4) != rkey)
        return ROCE_RX_KEY;

    return ROCE_RX_OK;
}
