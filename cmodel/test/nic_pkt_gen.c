/*
 * nic_pkt_gen.c - command-line front end of the NIC packet builder / parser (cmodel/nic_pkt.c,
 * docs/nic.md section 3) for the scapy / tshark cross-check (scripts/nic_pkt_check.py).
 *
 *   nic_pkt_gen build OUT.pcap < fields
 *       Each input line: 23 hexadecimal field tokens in the order of struct nic_pkt_fields
 *         dst_mac src_mac tos ttl ip_id src_ip dst_ip udp_sport opcode dest_qp ack_req psn
 *         flags vn src_nid dst_nid handle epoch msg_len offset target_addr msg_id eq_handle
 *       then the payload in hex ('-' for none). For each line: builds the packet
 *       (nic_pkt_build), checks that nic_pkt_parse accepts it and returns the same fields and
 *       payload, prints the packet as one line of lowercase hex and appends it to OUT.pcap
 *       (libpcap, LINKTYPE_ETHERNET).
 *   nic_pkt_gen parse < packets
 *       Each input line is one packet in hex; prints the verdict (enum nic_pkt_verdict, decimal),
 *       then on NIC_PKT_OK the 23 fields and the payload length.
 *
 * Exit status: 0 on success, 1 on a self-check failure, 2 on a usage or input error.
 */
#define _DEFAULT_SOURCE   /* u_char / u_int of libpcap under -std=c11 */
#include <inttypes.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nic_pkt.h"

#define NF 23

static void fields_to(const struct nic_pkt_fields *f, uint64_t v[NF])
{
    const uint64_t t[NF] = {f->dst_mac, f->src_mac, f->tos, f->ttl, f->ip_id, f->src_ip, f->dst_ip,
                            f->udp_sport, f->opcode, f->dest_qp, (uint64_t)f->ack_req, f->psn,
                            f->flags, f->vn, f->src_nid, f->dst_nid, f->handle, f->epoch,
                            f->msg_len, f->offset, f->target_addr, f->msg_id, f->eq_handle};
    memcpy(v, t, sizeof t);
}

static void fields_from(const uint64_t v[NF], struct nic_pkt_fields *f)
{
    memset(f, 0, sizeof *f);
    f->dst_mac = v[0];
    f->src_mac = v[1];
    f->tos = (uint8_t)v[2];
    f->ttl = (uint8_t)v[3];
    f->ip_id = (uint16_t)v[4];
    f->src_ip = (uint32_t)v[5];
    f->dst_ip = (uint32_t)v[6];
    f->udp_sport = (uint16_t)v[7];
    f->opcode = (uint8_t)v[8];
    f->dest_qp = (uint32_t)v[9];
    f->ack_req = (int)v[10];
    f->psn = (uint32_t)v[11];
    f->flags = (uint8_t)v[12];
    f->vn = (uint8_t)v[13];
    f->src_nid = (uint16_t)v[14];
    f->dst_nid = (uint16_t)v[15];
    f->handle = (uint16_t)v[16];
    f->epoch = (uint32_t)v[17];
    f->msg_len = (uint32_t)v[18];
    f->offset = (uint32_t)v[19];
    f->target_addr = v[20];
    f->msg_id = (uint16_t)v[21];
    f->eq_handle = (uint16_t)v[22];
}

static size_t unhex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (s[0] && s[1] && n < cap) {
        unsigned b;
        if (sscanf(s, "%2x", &b) != 1)
            break;
        out[n++] = (uint8_t)b;
        s += 2;
    }
    return n;
}

static void print_hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    printf("\n");
}

static int cmd_build(const char *path)
{
    pcap_t *pd = pcap_open_dead(DLT_EN10MB, 65535);
    pcap_dumper_t *dump = pd ? pcap_dump_open(pd, path) : NULL;
    if (!dump) {
        fprintf(stderr, "nic_pkt_gen: cannot write %s\n", path);
        return 2;
    }
    static char line[3 * NIC_PKT_MAX_LEN + 1024];
    static uint8_t pay[NIC_PKT_MAX_PAYLOAD + 8], pkt[NIC_PKT_MAX_LEN];
    unsigned n = 0;
    int rc = 0;
    while (fgets(line, sizeof line, stdin)) {
        uint64_t v[NF];
        char *p = line, *end;
        for (int i = 0; i < NF; i++) {
            v[i] = strtoull(p, &end, 16);
            if (end == p) {
                fprintf(stderr, "nic_pkt_gen: line %u: field %d missing\n", n + 1, i);
                return 2;
            }
            p = end;
        }
        while (*p == ' ')
            p++;
        size_t plen = (*p == '-') ? 0 : unhex(p, pay, sizeof pay);
        struct nic_pkt_fields f, g;
        fields_from(v, &f);
        size_t len = nic_pkt_build(&f, pay, plen, pkt);
        if (!len) {
            fprintf(stderr, "nic_pkt_gen: line %u: payload too long\n", n + 1);
            return 2;
        }
        size_t poff = 0, pl = 0;
        enum nic_pkt_verdict vd = nic_pkt_parse(pkt, len, &g, &poff, &pl);
        uint64_t w[NF];
        fields_to(&g, w);
        if (vd != NIC_PKT_OK || memcmp(v, w, sizeof v) != 0 || pl != plen || memcmp(pkt + poff, pay, plen) != 0) {
            fprintf(stderr, "nic_pkt_gen: line %u: parse(build(fields)) differs (verdict %d)\n", n + 1, (int)vd);
            rc = 1;
        }
        print_hex(pkt, len);
        struct pcap_pkthdr h = {{0, (long)n}, (bpf_u_int32)len, (bpf_u_int32)len};
        pcap_dump((u_char *)dump, &h, pkt);
        n++;
    }
    pcap_dump_close(dump);
    pcap_close(pd);
    return rc;
}

static int cmd_parse(void)
{
    static char line[3 * NIC_PKT_MAX_LEN + 1024];
    static uint8_t pkt[NIC_PKT_MAX_LEN + 64];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = unhex(line, pkt, sizeof pkt), poff = 0, plen = 0;
        struct nic_pkt_fields f;
        enum nic_pkt_verdict vd = nic_pkt_parse(pkt, len, &f, &poff, &plen);
        printf("%d", (int)vd);
        if (vd == NIC_PKT_OK) {
            uint64_t v[NF];
            fields_to(&f, v);
            for (int i = 0; i < NF; i++)
                printf(" %" PRIx64, v[i]);
            printf(" %zx", plen);
        }
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "build"))
        return cmd_build(argv[2]);
    if (argc == 2 && !strcmp(argv[1], "parse"))
        return cmd_parse();
    fprintf(stderr, "usage: nic_pkt_gen build OUT.pcap < fields | nic_pkt_gen parse < hex\n");
    return 2;
}
