/*
 * test_nic_ack.c - unit tests of cmodel/nic_ack.c (ACK / NAK packets, B2 NID table, B10 header
 * builder; docs/nic_rel.md 10), and the command-line front end of the ACK builder / parser for
 * the scapy / tshark oracle (scripts/nic_ack_check.py):
 *   test_nic_ack                 run the unit tests (exit 1 on a failure)
 *   test_nic_ack build < lines   each line: 17 hex fields dst_mac src_mac tos ttl ip_id src_ip
 *                                dst_ip udp_sport dest_qp type seq handle epoch src_nid dst_nid vn
 *                                half; prints the ACK in hex (self-check: parses back to the same)
 *   test_nic_ack parse < lines   each line a packet in hex; prints the verdict, and on OK the
 *                                17 fields in hex
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nic_ack.h"
#include "tinytest.h"

#define NF 17

static void net_default(struct nic_pkt_fields *n)
{
    memset(n, 0, sizeof *n);
    n->dst_mac = 0x02AABBCC0001ull;
    n->src_mac = 0x02AABBCC0002ull;
    n->tos = 0x68;
    n->ttl = 64;
    n->ip_id = 0x1234;
    n->src_ip = 0x0A000002;
    n->dst_ip = 0x0A000001;
    n->udp_sport = 0xC00F;
    n->dest_qp = 0x000123;
}

static struct nic_ack ack_of(uint8_t type, uint32_t seq)
{
    struct nic_ack a = {type, seq, 0x3FF, 0xDEADBEEF, 7, 9, 5, 1};
    return a;
}

static void test_roundtrip(void)
{
    static const uint8_t syn[5] = {0, 0x1F, 0x1E, 0x60, 0x61};
    for (uint8_t t = 1; t <= 4; t++) {
        struct nic_pkt_fields n, m;
        net_default(&n);
        struct nic_ack a = ack_of(t, 0xABCDEF), b;
        uint8_t p[128];
        CHECK_EQ(nic_ack_build(&n, &a, p), NIC_ACK_LEN);
        CHECK_EQ(p[42], 0xC1);
        CHECK_EQ(p[54], syn[t]);
        CHECK_EQ(p[55] | p[56] | p[57], 0);           /* MSN 0 */
        CHECK_EQ(p[16] << 8 | p[17], 80);              /* IPv4 total length */
        CHECK_EQ(p[38] << 8 | p[39], 60);              /* UDP length */
        CHECK_EQ(p[51] << 16 | p[52] << 8 | p[53], 0xABCDEF);   /* PSN */
        CHECK_EQ(p[58], 0x11);                         /* NXH ver 1, H 1 */
        CHECK_EQ(p[59], 5u << 5);
        CHECK_EQ(p[64] << 8 | p[65], 0x3FF);           /* handle */
        CHECK_EQ(nic_ack_parse(p, NIC_ACK_LEN, &m, &b), NIC_ACK_V_OK);
        CHECK_EQ(b.type, t);
        CHECK_EQ(b.seq, 0xABCDEF);
        CHECK_EQ(b.handle, 0x3FF);
        CHECK_EQ(b.epoch, 0xDEADBEEF);
        CHECK_EQ(b.src_nid, 7);
        CHECK_EQ(b.dst_nid, 9);
        CHECK_EQ(b.vn, 5);
        CHECK_EQ(b.half, 1);
        CHECK_EQ(m.dst_mac, n.dst_mac);
        CHECK_EQ(m.dest_qp, n.dest_qp);
        CHECK_EQ(m.udp_sport, n.udp_sport);
        CHECK_EQ(m.ip_id, n.ip_id);
    }
    struct nic_pkt_fields n;
    net_default(&n);
    struct nic_ack a = ack_of(0, 1);
    uint8_t p[128];
    CHECK_EQ(nic_ack_build(&n, &a, p), 0);
    a.type = 5;
    CHECK_EQ(nic_ack_build(&n, &a, p), 0);
}

/* rebuild the ICRC (and IPv4 checksum) after an edit, so only the intended rule breaks */
#include "common/roce.h"
static void refix(uint8_t *p, size_t len)
{
    p[24] = p[25] = 0;
    uint16_t c = roce_ipv4_csum(p + 14, 20);
    p[24] = (uint8_t)(c >> 8);
    p[25] = (uint8_t)c;
    uint32_t icrc = 0;
    roce_icrc_ipv4(p, len, &icrc);
    roce_put_icrc(p + len - 4, icrc);
}

static void test_malformed(void)
{
    struct nic_pkt_fields n, m;
    struct nic_ack a = ack_of(NIC_ACK_T_NACK_SEQ, 17), b;
    uint8_t g[128], p[128];
    net_default(&n);
    nic_ack_build(&n, &a, g);
#define EDIT(stmt, len, verdict) do { memcpy(p, g, sizeof g); stmt; CHECK_EQ(nic_ack_parse(p, len, &m, &b), verdict); } while (0)
    EDIT((void)0, 93, NIC_ACK_V_TRUNC);
    EDIT(CHECK(nic_ack_parse(NULL, 94, &m, &b) == NIC_ACK_V_TRUNC), 94, NIC_ACK_V_OK);
    EDIT((p[12] = 0x86, refix(p, 94)), 94, NIC_ACK_V_NOT_ROCE);
    EDIT((p[23] = 6, refix(p, 94)), 94, NIC_ACK_V_NOT_ROCE);
    EDIT((p[37] = 0xB8, refix(p, 94)), 94, NIC_ACK_V_NOT_ROCE);
    EDIT(p[25] ^= 1, 94, NIC_ACK_V_IP_CSUM);
    EDIT((p[17] = 81, refix(p, 94)), 94, NIC_ACK_V_LEN);
    EDIT(p[93] ^= 0x80, 94, NIC_ACK_V_ICRC);
    EDIT(p[70] ^= 1, 94, NIC_ACK_V_ICRC);
    EDIT((p[42] = 0xC0, refix(p, 94)), 94, NIC_ACK_V_OPCODE);
    EDIT((p[43] = 0x10, refix(p, 94)), 94, NIC_ACK_V_OPCODE);    /* PadCnt 1 */
    EDIT((p[43] = 0x01, refix(p, 94)), 94, NIC_ACK_V_OPCODE);    /* TVer 1 */
    EDIT((p[44] = 0x7F, refix(p, 94)), 94, NIC_ACK_V_OPCODE);    /* P_Key */
    EDIT((p[50] = 0x80, refix(p, 94)), 94, NIC_ACK_V_OPCODE);    /* AckReq */
    static const uint8_t badsyn[] = {0x00, 0x1D, 0x20, 0x3F, 0x40, 0x62, 0x63, 0x64, 0x7F, 0x80, 0xFF};
    for (unsigned i = 0; i < sizeof badsyn; i++)
        EDIT((p[54] = badsyn[i], refix(p, 94)), 94, NIC_ACK_V_SYNDROME);
    EDIT((p[57] = 1, refix(p, 94)), 94, NIC_ACK_V_SYNDROME);     /* MSN */
    EDIT((p[58] = 0x21, refix(p, 94)), 94, NIC_ACK_V_NXH);       /* version 2 */
    EDIT((p[58] = 0x19, refix(p, 94)), 94, NIC_ACK_V_NXH);       /* F */
    EDIT((p[58] = 0x15, refix(p, 94)), 94, NIC_ACK_V_NXH);       /* L */
    EDIT((p[58] = 0x13, refix(p, 94)), 94, NIC_ACK_V_NXH);       /* R */
    EDIT((p[59] |= 1, refix(p, 94)), 94, NIC_ACK_V_NXH);         /* reserved */
    for (unsigned i = 70; i < 90; i++)
        EDIT((p[i] = 1, refix(p, 94)), 94, NIC_ACK_V_NXH);       /* message fields */
    /* a payload of 4 bytes: lengths fixed, so only the payload rule breaks */
    EDIT((memmove(p + 94, p + 90, 4), p[90] = p[91] = p[92] = p[93] = 0xAA, p[17] = 84, p[39] = 64,
          refix(p, 98)), 98, NIC_ACK_V_PAYLOAD);
#undef EDIT
}

static void test_b2(void)
{
    struct nic_b2 t;
    CHECK_EQ(nic_b2_init(&t, 2, 10), 0);
    for (uint32_t i = 0; i < 4096; i++)
        nic_b2_write(&t, i, (uint16_t)(i * 7 + 3));
    int bad = 9;
    CHECK_EQ(nic_b2_lookup(&t, 0x030155, &bad), (uint16_t)((3u << 10 | 0x155) * 7 + 3));
    CHECK_EQ(bad, 0);
    nic_b2_write(&t, 3u << 10 | 0x155, 0xBEEF);    /* the last write wins */
    CHECK_EQ(nic_b2_lookup(&t, 0x030155, &bad), 0xBEEF);
    nic_b2_lookup(&t, 0x040000, &bad);
    CHECK_EQ(bad, 1);
    CHECK_EQ(nic_b2_lookup(&t, 0x000400 | 0x155, &bad), nic_b2_lookup(&t, 0x155, &bad));
    CHECK_EQ(bad, 0);
    nic_b2_lookup(&t, 0x000555, &bad);
    CHECK_EQ(bad, 1);
    nic_b2_free(&t);
    CHECK(nic_b2_init(&t, 9, 4) != 0);
}

static void test_cmd_pack(void)
{
    struct nic_rel_cmd c = {0}, d;
    uint8_t b[64];
    c.target_pid = 0xA55A;            /* bits 87:72 = byte 9, byte 10 */
    nic_rel_cmd_pack(&c, b);
    CHECK_EQ(b[9], 0x5A);
    CHECK_EQ(b[10], 0xA5);
    memset(&c, 0, sizeof c);
    c.nic_seq = 0x8001;               /* bits 511:496 */
    c.length = 0x04030201;
    nic_rel_cmd_pack(&c, b);
    CHECK_EQ(b[62], 0x01);
    CHECK_EQ(b[63], 0x80);
    CHECK_EQ(b[0], 0x01);
    CHECK_EQ(b[3], 0x04);
    c.options = 0xFFFF; c.target_nid = 0xFFFFFF; c.md_handle = 0x1234; c.e2e_hdr = 0x89ABCDEF;
    c.length_upper = 0x77; c.init_start = 0xFEDCBA987654ull; c.user_ptr = 0x0123456789ABCDEFull;
    c.init_pid = 0x4321; c.portal_idx = 0x99; c.ack = 0x3; c.target_off = 0x123456789ABCull;
    c.hdr_data = 0x1111222233334444ull; c.match_bits = 0x5555666677778888ull; c.ct_handle = 0xCAFE;
    c.timestamp = 0xBEEF;
    nic_rel_cmd_pack(&c, b);
    nic_rel_cmd_unpack(b, &d);
    CHECK(memcmp(&c, &d, sizeof c) == 0);
}

static void test_hdr_build(void)
{
    struct nic_b2 t;
    nic_b2_init(&t, 2, 10);
    nic_b2_write(&t, 1u << 10 | 5, 0x0BAD);
    struct nic_rel_cmd c = {0};
    c.length = 0xFFE00123;            /* only 20:0 reach msg_len */
    c.options = (uint16_t)(6u << 7 | 1u << 6 | 0x2A);
    c.target_nid = 0x010005;
    c.target_pid = 0x0FED;
    c.md_handle = 0xAAAA;
    c.user_ptr = 0xFFFFFFFFFFFFFFFFull;
    c.portal_idx = 0x42;
    c.target_off = 0xFFFF00001000ull;
    c.nic_seq = 0x7777;
    uint8_t b[64];
    nic_rel_cmd_pack(&c, b);
    struct nic_rel_hdr h;
    nic_rel_hdr_build(b, 0x03FE, 0x1ABCD, 16, 0x80000001u, 1, 1, &t, &h);
    CHECK_EQ(h.msg_len, 0x000123);
    CHECK_EQ(h.vn, 6);
    CHECK_EQ(h.dst_nid, 0x0BAD);
    CHECK_EQ(h.bad, 0);
    CHECK_EQ(h.msg_id, 0x7777);
    CHECK_EQ(h.eq_handle, 0x42);
    CHECK_EQ(h.handle, 0x03FE);      /* not the MD handle, not the user pointer (L206) */
    CHECK_EQ(h.target_addr, 0xFFFF00001000ull);
    CHECK_EQ(h.dest_qp, 0x0FED);
    CHECK_EQ(h.psn, 0xABCD);
    CHECK_EQ(h.epoch, 0x80000001u);
    CHECK_EQ(h.reset, 1);
    CHECK_EQ(h.half, 1);
    c.target_nid = 0x090005;
    nic_rel_cmd_pack(&c, b);
    nic_rel_hdr_build(b, 1, 2, 16, 3, 0, 0, &t, &h);
    CHECK_EQ(h.bad, 1);
    CHECK_EQ(h.dst_nid, 0x0BAD);     /* job 9 mod 4 = 1 */
    /* the first packet's fields, through nic_pkt_build / nic_pkt_parse */
    struct nic_rel_csr csr = {0x02000000AA01ull, 0x02000000BB00ull, 0x0A000001, 0x0A010000, 0x0042, 0, 64, 8};
    struct nic_pkt_fields f, g;
    nic_rel_hdr_fields(&h, &csr, &f);
    CHECK_EQ(f.flags, NIC_NXH_F_FIRST);   /* 0x123 bytes > 256: not last */
    CHECK_EQ(f.dst_mac, 0x020000000BADull);
    uint8_t pkt[NIC_PKT_MAX_LEN], pay[256] = {0};
    size_t len = nic_pkt_build(&f, pay, 256, pkt), po, pl;
    CHECK_EQ(nic_pkt_parse(pkt, len, &g, &po, &pl), NIC_PKT_OK);
    CHECK_EQ(g.handle, 1);
    CHECK_EQ(g.src_nid, 0x0042);
    nic_b2_free(&t);
}

static int cmd_build(void)
{
    char line[1024];
    unsigned n = 0;
    while (fgets(line, sizeof line, stdin)) {
        unsigned long long v[NF];
        char *p = line, *e;
        for (int i = 0; i < NF; i++) {
            v[i] = strtoull(p, &e, 16);
            if (e == p) {
                fprintf(stderr, "test_nic_ack: line %u: field %d missing\n", n + 1, i);
                return 2;
            }
            p = e;
        }
        struct nic_pkt_fields net = {0}, m;
        net.dst_mac = v[0]; net.src_mac = v[1]; net.tos = (uint8_t)v[2]; net.ttl = (uint8_t)v[3];
        net.ip_id = (uint16_t)v[4]; net.src_ip = (uint32_t)v[5]; net.dst_ip = (uint32_t)v[6];
        net.udp_sport = (uint16_t)v[7]; net.dest_qp = (uint32_t)v[8];
        struct nic_ack a = {(uint8_t)v[9], (uint32_t)v[10], (uint16_t)v[11], (uint32_t)v[12],
                            (uint16_t)v[13], (uint16_t)v[14], (uint8_t)v[15], (uint8_t)v[16]}, b;
        uint8_t pkt[128];
        size_t len = nic_ack_build(&net, &a, pkt);
        if (!len || nic_ack_parse(pkt, len, &m, &b) != NIC_ACK_V_OK || b.type != a.type ||
            b.seq != (a.seq & 0xFFFFFFu) || b.handle != a.handle || b.epoch != a.epoch) {
            fprintf(stderr, "test_nic_ack: line %u: build/parse self-check failed\n", n + 1);
            return 1;
        }
        for (size_t i = 0; i < len; i++)
            printf("%02x", pkt[i]);
        printf("\n");
        n++;
    }
    return 0;
}

static int cmd_parse(void)
{
    static char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        static uint8_t pkt[4096];
        size_t n = 0;
        for (char *s = line; s[0] && s[1] && s[0] != '\n' && n < sizeof pkt; s += 2) {
            unsigned x;
            if (sscanf(s, "%2x", &x) != 1)
                break;
            pkt[n++] = (uint8_t)x;
        }
        struct nic_pkt_fields m;
        struct nic_ack b;
        enum nic_ack_verdict v = nic_ack_parse(pkt, n, &m, &b);
        printf("%d", (int)v);
        if (v == NIC_ACK_V_OK)
            printf(" %llx %llx %x %x %x %x %x %x %x %x %x %x %x %x %x %x %x",
                   (unsigned long long)m.dst_mac, (unsigned long long)m.src_mac, m.tos, m.ttl, m.ip_id,
                   m.src_ip, m.dst_ip, m.udp_sport, m.dest_qp, b.type, b.seq, b.handle, b.epoch,
                   b.src_nid, b.dst_nid, b.vn, b.half);
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "build"))
        return cmd_build();
    if (argc > 1 && !strcmp(argv[1], "parse"))
        return cmd_parse();
    static const struct tt_case cases[] = {
        TT_CASE(test_roundtrip),
        TT_CASE(test_malformed),
        TT_CASE(test_b2),
        TT_CASE(test_cmd_pack),
        TT_CASE(test_hdr_build),
    };
    return TT_RUN(cases);
}
