/* session_sel_pkt.c - RoCEv2 packet of one session_sel decision; see session_sel_pkt.h. */
#include "session_sel_pkt.h"

#include <string.h>

#include "common/roce.h"

static void put_be(uint8_t *p, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
}

size_t session_sel_pkt_build(const struct ss_out *o, uint64_t dst_mac, uint64_t src_mac, uint8_t pkt[SS_PKT_LEN]) {
    if (o->status != SS_ST_OK) return 0;
    memset(pkt, 0, SS_PKT_LEN);
    const uint32_t psn = o->key & 0xffffffu;
    put_be(pkt + 0, dst_mac, 6);
    put_be(pkt + 6, src_mac, 6);
    put_be(pkt + 12, 0x0800, 2);
    uint8_t *ip = pkt + 14;
    ip[0] = 0x45;
    ip[1] = (uint8_t)o->tos;
    put_be(ip + 2, SS_PKT_LEN - 14, 2);
    put_be(ip + 4, psn & 0xffffu, 2);
    put_be(ip + 6, 0x4000, 2); /* DF */
    ip[8] = 64;
    ip[9] = 17;
    put_be(ip + 12, o->src_ip, 4);
    put_be(ip + 16, o->dst_ip, 4);
    put_be(ip + 10, roce_ipv4_csum(ip, 20), 2);
    uint8_t *udp = ip + 20;
    put_be(udp + 0, o->sport, 2);
    put_be(udp + 2, o->dport, 2);
    put_be(udp + 4, SS_PKT_LEN - 34, 2);
    uint8_t *bth = udp + 8;
    bth[0] = 0x04;            /* RC SEND_ONLY */
    bth[1] = 0x00;            /* SE, M, PadCnt, TVer */
    put_be(bth + 2, 0xffff, 2);
    put_be(bth + 5, o->dest_qpn & 0xffffffu, 3);
    put_be(bth + 9, psn, 3);
    uint32_t icrc = 0;
    roce_icrc_ipv4(pkt, SS_PKT_LEN, &icrc);
    roce_put_icrc(pkt + SS_PKT_LEN - 4, icrc);
    return SS_PKT_LEN;
}
