/*
 * roce_gen.c - command-line front end of the C RoCEv2 builder / parser (cmodel/common/roce.c)
 * for the scapy / tshark cross-check (scripts/roce_check.py).
 *
 *   roce_gen build OUT.pcap < fields
 *       Each input line holds 12 hexadecimal tokens (no 0x needed):
 *         dst_mac src_mac tos src_ip dst_ip psn udp_sport dest_qp va rkey add_data cmp_data
 *       For each line: builds the 86-byte notification (roce_fa_build), checks that
 *       roce_fa_parse() accepts it and returns the same fields, prints the packet as one line
 *       of lowercase hex on stdout and appends it to OUT.pcap (classic libpcap format,
 *       LINKTYPE_ETHERNET, microsecond timestamps 0.000001 * n).
 *   roce_gen parse DEST_QP RKEY < packets
 *       Each input line is one packet in hex. Prints "verdict" (enum roce_rx_verdict, decimal)
 *       followed, when the packet is 86 bytes long, by the 12 decoded fields in the order above.
 *   roce_gen build-ud OUT.pcap < fields
 *       As build, for the 78-byte UD notification (roce_ud_build, docs/barrier.md 5.1); each line
 *       holds 13 hexadecimal tokens:
 *         dst_mac src_mac tos src_ip dst_ip psn udp_sport qkey src_qp src_id bar imm_resv inc
 *   roce_gen parse-ud QKEY < packets
 *       As parse, with roce_ud_parse; the 13 fields follow the verdict for a 78-byte packet.
 *
 * Exit status: 0 on success, 1 on a self-check failure, 2 on a usage or input error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/roce.h"

static void put_le32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    fwrite(b, 1, 4, f);
}

static void put_le16(FILE *f, uint16_t v)
{
    unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    fwrite(b, 1, 2, f);
}

static void pcap_header(FILE *f)
{
    put_le32(f, 0xa1b2c3d4u); /* magic, microsecond resolution */
    put_le16(f, 2);           /* version 2.4 */
    put_le16(f, 4);
    put_le32(f, 0);           /* thiszone */
    put_le32(f, 0);           /* sigfigs */
    put_le32(f, 65535);       /* snaplen */
    put_le32(f, 1);           /* LINKTYPE_ETHERNET */
}

static void pcap_record(FILE *f, unsigned n, const uint8_t *p, size_t len)
{
    put_le32(f, n / 1000000u);
    put_le32(f, n % 1000000u);
    put_le32(f, (uint32_t)len);
    put_le32(f, (uint32_t)len);
    fwrite(p, 1, len, f);
}

static void print_fields(const struct roce_fa_fields *f)
{
    printf("%012" PRIx64 " %012" PRIx64 " %02x %08" PRIx32 " %08" PRIx32 " %06" PRIx32
           " %04x %06" PRIx32 " %016" PRIx64 " %08" PRIx32 " %016" PRIx64 " %016" PRIx64,
           f->dst_mac, f->src_mac, (unsigned)f->tos, f->src_ip, f->dst_ip, f->psn,
           (unsigned)f->udp_sport, f->dest_qp, f->va, f->rkey, f->add_data, f->cmp_data);
}

static int same_fields(const struct roce_fa_fields *a, const struct roce_fa_fields *b)
{
    return a->dst_mac == b->dst_mac && a->src_mac == b->src_mac && a->tos == b->tos &&
           a->src_ip == b->src_ip && a->dst_ip == b->dst_ip && a->psn == b->psn &&
           a->udp_sport == b->udp_sport && a->dest_qp == b->dest_qp && a->va == b->va &&
           a->rkey == b->rkey && a->add_data == b->add_data && a->cmp_data == b->cmp_data;
}

static void print_ud(const struct roce_ud_fields *f)
{
    printf("%012" PRIx64 " %012" PRIx64 " %02x %08" PRIx32 " %08" PRIx32 " %06" PRIx32
           " %04x %08" PRIx32 " %06" PRIx32 " %02x %02x %04x %016" PRIx64,
           f->dst_mac, f->src_mac, (unsigned)f->tos, f->src_ip, f->dst_ip, f->psn,
           (unsigned)f->udp_sport, f->qkey, f->src_qp, (unsigned)f->src_id, (unsigned)f->bar,
           (unsigned)f->imm_resv, f->inc);
}

static int same_ud(const struct roce_ud_fields *a, const struct roce_ud_fields *b)
{
    return a->dst_mac == b->dst_mac && a->src_mac == b->src_mac && a->tos == b->tos &&
           a->src_ip == b->src_ip && a->dst_ip == b->dst_ip && a->psn == b->psn &&
           a->udp_sport == b->udp_sport && a->qkey == b->qkey && a->src_qp == b->src_qp &&
           a->src_id == b->src_id && a->bar == b->bar && a->imm_resv == b->imm_resv &&
           a->inc == b->inc;
}

/* ------------------------------------------------------------------ one layout each
 * build_*: the packet of one input line's fields v[]; 1 when the layout's parser accepts it and
 * returns the same fields (*vd: its verdict). parse_*: prints the decoded fields of a packet of
 * the layout's length (after the verdict). */
static int build_fa(const unsigned long long *v, uint8_t *pkt, int *vd)
{
    struct roce_fa_fields f = {
        .dst_mac = v[0] & UINT64_C(0xffffffffffff), .src_mac = v[1] & UINT64_C(0xffffffffffff),
        .tos = (uint8_t)v[2], .src_ip = (uint32_t)v[3], .dst_ip = (uint32_t)v[4],
        .psn = (uint32_t)v[5] & 0xffffffu, .udp_sport = (uint16_t)v[6],
        .dest_qp = (uint32_t)v[7] & 0xffffffu, .va = v[8], .rkey = (uint32_t)v[9],
        .add_data = v[10], .cmp_data = v[11]};
    roce_fa_build(&f, pkt);
    struct roce_fa_fields g;
    *vd = roce_fa_parse(pkt, ROCE_FA_LEN, f.dest_qp, f.rkey, &g);
    return *vd == ROCE_RX_OK && same_fields(&f, &g);
}

static int build_ud(const unsigned long long *v, uint8_t *pkt, int *vd)
{
    struct roce_ud_fields f = {
        .dst_mac = v[0] & UINT64_C(0xffffffffffff), .src_mac = v[1] & UINT64_C(0xffffffffffff),
        .tos = (uint8_t)v[2], .src_ip = (uint32_t)v[3], .dst_ip = (uint32_t)v[4],
        .psn = (uint32_t)v[5] & 0xffffffu, .udp_sport = (uint16_t)v[6], .qkey = (uint32_t)v[7],
        .src_qp = (uint32_t)v[8] & 0xffffffu, .src_id = (uint8_t)v[9], .bar = (uint8_t)v[10],
        .imm_resv = (uint16_t)v[11], .inc = v[12]};
    roce_ud_build(&f, pkt);
    struct roce_ud_fields g;
    *vd = roce_ud_parse(pkt, ROCE_UD_LEN, f.qkey, &g);
    return *vd == ROCE_RX_OK && same_ud(&f, &g);
}

static uint32_t key_a, key_b; /* parse: DEST_QP and RKEY (FETCH_ADD), Q_Key (UD) */

static void parse_fa(const uint8_t *pkt, size_t len)
{
    struct roce_fa_fields f;
    printf("%d", (int)roce_fa_parse(pkt, len, key_a, key_b, &f));
    if (len == ROCE_FA_LEN) {
        printf(" ");
        print_fields(&f);
    }
}

static void parse_ud(const uint8_t *pkt, size_t len)
{
    struct roce_ud_fields f;
    printf("%d", (int)roce_ud_parse(pkt, len, key_a, &f));
    if (len == ROCE_UD_LEN) {
        printf(" ");
        print_ud(&f);
    }
}

/* ------------------------------------------------------------------ shared front end */
/* build / build-ud: nf hex fields a line -> one pkt_len-byte packet a line (hex) and a pcap */
static int do_build(const char *out, unsigned nf, size_t pkt_len,
                    int (*one)(const unsigned long long *v, uint8_t *pkt, int *vd))
{
    FILE *pc = fopen(out, "wb");
    if (!pc) {
        perror(out);
        return 2;
    }
    pcap_header(pc);
    char line[1024];
    unsigned n = 0;
    int rc = 0;
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == '\n' || line[0] == '#')
            continue;
        unsigned long long v[13];
        /* at least nf tokens (more are ignored, as sscanf with nf conversions did) */
        int got = sscanf(line, "%llx %llx %llx %llx %llx %llx %llx %llx %llx %llx %llx %llx %llx",
                         &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9],
                         &v[10], &v[11], &v[12]);
        if (got < (int)nf) {
            fprintf(stderr, "roce_gen: line %u: expected %u hex fields\n", n + 1, nf);
            rc = 2;
            break;
        }
        uint8_t pkt[ROCE_FA_LEN > ROCE_UD_LEN ? ROCE_FA_LEN : ROCE_UD_LEN];
        int vd;
        if (!one(v, pkt, &vd)) {
            fprintf(stderr, "roce_gen: line %u: self-parse failed (verdict %d)\n", n + 1, vd);
            rc = 1;
        }
        for (size_t i = 0; i < pkt_len; i++)
            printf("%02x", pkt[i]);
        printf("\n");
        pcap_record(pc, n, pkt, pkt_len);
        n++;
    }
    if (fclose(pc) != 0)
        rc = 2;
    return rc;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* parse / parse-ud: one packet in hex a line -> its verdict (and the fields, see parse_*) */
static int do_parse(void (*one)(const uint8_t *pkt, size_t len))
{
    static char line[65536];
    static uint8_t pkt[32768];
    unsigned n = 0;
    while (fgets(line, sizeof line, stdin)) {
        n++;
        size_t len = 0, i = 0;
        while (line[i] && line[i] != '\n' && line[i] != '\r') {
            int hi = hexval(line[i]), lo = line[i + 1] ? hexval(line[i + 1]) : -1;
            if (hi < 0 || lo < 0 || len >= sizeof pkt) {
                fprintf(stderr, "roce_gen: line %u: bad hex\n", n);
                return 2;
            }
            pkt[len++] = (uint8_t)(hi << 4 | lo);
            i += 2;
        }
        one(len ? pkt : NULL, len);
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "build-ud") == 0)
        return do_build(argv[2], 13, ROCE_UD_LEN, build_ud);
    if (argc == 3 && strcmp(argv[1], "parse-ud") == 0) {
        key_a = (uint32_t)strtoul(argv[2], NULL, 0);
        return do_parse(parse_ud);
    }
    if (argc == 3 && strcmp(argv[1], "build") == 0)
        return do_build(argv[2], 12, ROCE_FA_LEN, build_fa);
    if (argc == 4 && strcmp(argv[1], "parse") == 0) {
        key_a = (uint32_t)strtoul(argv[2], NULL, 0), key_b = (uint32_t)strtoul(argv[3], NULL, 0);
        return do_parse(parse_fa);
    }
    fprintf(stderr, "usage: roce_gen build|build-ud OUT.pcap < fields | roce_gen parse DEST_QP RKEY < hex"
                    " | roce_gen parse-ud QKEY < hex\n");
    return 2;
}
