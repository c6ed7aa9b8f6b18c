/*
 * cmodel/test/test_nic_pkt_rx.c -- unit tests of cmodel/nic_pkt_rx.c (docs/nic_pkt_rx.md): the
 * size rules (TRUNC, OVERSIZE), a good packet's header and payload beats, an ACK without payload,
 * one case per verdict of nic_pkt_parse through the beat interface, the counters and the CSR map.
 */
#include <stdint.h>
#include <string.h>

#include "common/roce.h"
#include "nic_pkt_rx.h"
#include "tinytest.h"

static uint8_t pkt[NIC_PKT_MAX_LEN + 400];
static uint8_t pay[4096];

static size_t build(uint32_t plen, uint8_t opcode)
{
    struct nic_pkt_fields f;
    memset(&f, 0, sizeof f);
    f.dst_mac = UINT64_C(0x020000000001);
    f.src_mac = UINT64_C(0x020000000002);
    f.ttl = 64;
    f.src_ip = 0x0a000001u;
    f.dst_ip = 0x0a000002u;
    f.udp_sport = 0xC123;
    f.opcode = opcode;
    f.dest_qp = 0x123456;
    f.psn = 0xABCDEF;
    f.flags = NIC_NXH_F_FIRST | NIC_NXH_F_LAST;
    f.vn = 5;
    f.msg_len = plen + 100;
    f.offset = 100;
    f.target_addr = UINT64_C(0x1122334455667788);
    for (uint32_t i = 0; i < plen; i++)
        pay[i] = (uint8_t)(i * 7 + 1);
    return nic_pkt_build(&f, pay, plen, pkt);
}

/* push len bytes of pkt as beats; returns the verdict */
static int push(struct nic_pkt_rx *m, size_t len)
{
    int v = -1;
    for (size_t o = 0; o < len; o += 32) {
        size_t n = len - o < 32 ? len - o : 32;
        uint8_t b[32] = {0};
        memcpy(b, pkt + o, n);
        v = nic_pkt_rx_push_beat(m, b, n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u, o + 32 >= len);
    }
    return v;
}

static void refix_icrc(size_t len)
{
    uint32_t c = 0;
    roce_icrc_ipv4(pkt, len, &c);
    roce_put_icrc(pkt + len - 4, c);
}

static void t_good(void)
{
    struct nic_pkt_rx m;
    CHECK_EQ(nic_pkt_rx_init(&m), 0);
    size_t len = build(77, NIC_OP_DATA);
    CHECK_EQ(len, 90u + 80u);
    CHECK_EQ(push(&m, len), NIC_PKT_OK);
    struct nic_pkt_rx_hdr h;
    CHECK_EQ(nic_pkt_rx_pop_hdr(&m, &h), 1);
    CHECK_EQ(h.pay_len, 77u);
    CHECK_EQ(h.f.psn, 0xABCDEFu);
    CHECK_EQ(h.f.dest_qp, 0x123456u);
    CHECK_EQ(h.f.vn, 5);
    CHECK_EQ(h.f.target_addr, UINT64_C(0x1122334455667788));
    struct nic_pkt_rx_beat b;
    for (unsigned k = 0; k < 3; k++) {
        CHECK_EQ(nic_pkt_rx_pop_beat(&m, &b), 1);
        CHECK_EQ(b.last, k == 2);
        CHECK_EQ(b.keep, k == 2 ? 0x1FFFu : 0xFFFFFFFFu);   /* 77 = 64 + 13 */
        CHECK_EQ(b.data[0], pay[32 * k]);
    }
    CHECK_EQ(nic_pkt_rx_pop_beat(&m, &b), 0);
    CHECK_EQ(nic_pkt_rx_pop_hdr(&m, &h), 0);
    CHECK_EQ(m.cnt[NPR_CNT_OK], 1u);
    nic_pkt_rx_free(&m);
}

static void t_ack_no_payload(void)
{
    struct nic_pkt_rx m;
    CHECK_EQ(nic_pkt_rx_init(&m), 0);
    CHECK_EQ(push(&m, build(0, NIC_OP_ACK)), NIC_PKT_OK);
    struct nic_pkt_rx_hdr h;
    struct nic_pkt_rx_beat b;
    CHECK_EQ(nic_pkt_rx_pop_hdr(&m, &h), 1);
    CHECK_EQ(h.pay_len, 0u);
    CHECK_EQ(h.f.opcode, NIC_OP_ACK);
    CHECK_EQ(nic_pkt_rx_pop_beat(&m, &b), 0);
    nic_pkt_rx_free(&m);
}

static void t_verdicts(void)
{
    struct nic_pkt_rx m;
    CHECK_EQ(nic_pkt_rx_init(&m), 0);
    size_t len = build(100, NIC_OP_DATA);
    CHECK_EQ(push(&m, 89), NIC_PKT_TRUNC);
    len = build(100, NIC_OP_DATA);
    pkt[23] = 6;
    CHECK_EQ(push(&m, len), NIC_PKT_NOT_ROCE);
    len = build(100, NIC_OP_DATA);
    pkt[22] ^= 1;                                  /* TTL: checksum now wrong */
    CHECK_EQ(push(&m, len), NIC_PKT_IP_CSUM);
    len = build(100, NIC_OP_DATA);
    CHECK_EQ(push(&m, len - 4), NIC_PKT_LEN);
    len = build(100, NIC_OP_DATA);
    pkt[100] ^= 0x40;
    CHECK_EQ(push(&m, len), NIC_PKT_ICRC);
    len = build(100, NIC_OP_DATA);
    pkt[42] = 0xC2;
    refix_icrc(len);
    CHECK_EQ(push(&m, len), NIC_PKT_OPCODE);
    len = build(100, NIC_OP_DATA);
    pkt[54] = (uint8_t)(2u << 4);
    refix_icrc(len);
    CHECK_EQ(push(&m, len), NIC_PKT_NXH);
    len = build(101, NIC_OP_DATA);                 /* pad 3 */
    pkt[len - 5] = 1;
    refix_icrc(len);
    CHECK_EQ(push(&m, len), NIC_PKT_RANGE);
    len = build(4096, NIC_OP_DATA);
    memset(pkt + len, 0, 4);
    CHECK_EQ(push(&m, len + 4), NPR_VERDICT_OVERSIZE);   /* 4190 bytes > 4189 */
    for (unsigned i = NPR_CNT_TRUNC; i < NPR_CNT_N; i++)
        CHECK_EQ(m.cnt[i], 1u);
    CHECK_EQ(m.cnt[NPR_CNT_OK], 0u);
    struct nic_pkt_rx_hdr h;
    CHECK_EQ(nic_pkt_rx_pop_hdr(&m, &h), 0);   /* nothing leaves for a bad packet */
    uint32_t d = 7;
    CHECK_EQ(nic_pkt_rx_csr_read(&m, 4 * NPR_CNT_ICRC, &d), 0u);
    CHECK_EQ(d, 1u);
    CHECK_EQ(nic_pkt_rx_csr_read(&m, 4 * NPR_CNT_N, &d), 2u);
    CHECK_EQ(d, 0u);
    /* the next good packet is unaffected */
    CHECK_EQ(push(&m, build(4096, NIC_OP_DATA)), NIC_PKT_OK);
    CHECK_EQ(nic_pkt_rx_pop_hdr(&m, &h), 1);
    CHECK_EQ(h.pay_len, 4096u);
    nic_pkt_rx_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {TT_CASE(t_good), TT_CASE(t_ack_no_payload), TT_CASE(t_verdicts)};
    return TT_RUN(cases);
}
