/*
 * roce.h - RoCEv2 over IPv4 helpers for the C golden models (C11, no global state).
 *
 * CRC-32, the RoCEv2 invariant CRC (ICRC, IBA Annex A17.4 for IPv4), the IPv4 header checksum
 * (RFC 791 / RFC 1071), and builders and parsers of the two barrier notification layouts
 * (docs/barrier.md section 5), no FCS:
 *   UD (default, 5.1): Ethernet II / IPv4 / UDP 4791 / BTH (UD SEND_ONLY_WITH_IMMEDIATE, DestQP
 *       0xFFFFFF) / DETH / ImmDt {SRC_ID, bar} / 8-byte increment / ICRC, 78 bytes;
 *   FA (mode WIRE_FA, 5.2): Ethernet II / IPv4 / UDP 4791 / BTH (RC FETCH_ADD) / AtomicETH / ICRC,
 *       86 bytes.
 *
 * Conventions: packets are byte arrays, byte 0 = first byte on the wire (Ethernet destination).
 * Multi-byte header fields are big-endian on the wire; the ICRC is sent least-significant byte
 * first. MAC addresses are held in a uint64_t, bits 47:40 = first byte on the wire; IPv4
 * addresses in a uint32_t, bits 31:24 = first byte on the wire (10.0.0.1 = 0x0a000001).
 */
#ifndef CMODEL_COMMON_ROCE_H
#define CMODEL_COMMON_ROCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ROCE_UDP_DPORT        4791u   /* RoCEv2 UDP destination port (IBA A17.2) */
#define ROCE_OP_RC_FETCH_ADD  0x14u   /* BTH opcode: RC FETCH_ADD */
#define ROCE_OP_UD_SEND_IMM   0x65u   /* BTH opcode: UD SEND_ONLY_WITH_IMMEDIATE */
#define ROCE_MCAST_QPN        0xffffffu /* DestQP of a multicast UD packet */
#define ROCE_UD_LEN           78u     /* UD notification length in bytes, no FCS */
#define ROCE_UD_IP_TOTLEN     64u
#define ROCE_UD_UDP_LEN       44u
#define ROCE_OFF_DETH      54u     /* UD: DETH (Q_Key 54-57, reserved 58, SrcQP 59-61) */
#define ROCE_OFF_IMMDT     62u     /* UD: ImmDt (62 SRC_ID, 63 bar, 64-65 reserved) */
#define ROCE_OFF_UD_INC    66u     /* UD: 8-byte increment */
#define ROCE_OFF_UD_ICRC   74u
#define ROCE_PKEY_DEFAULT     0xffffu /* default P_Key */
#define ROCE_FA_LEN           86u     /* barrier notification length in bytes, no FCS */
#define ROCE_FA_IP_TOTLEN     72u     /* IPv4 total length of the notification */
#define ROCE_FA_UDP_LEN       52u     /* UDP length of the notification */
#define ROCE_FA_TTL           64u     /* IPv4 TTL of the notification */

/* Byte offsets of the notification (docs/barrier.md section 5). */
#define ROCE_OFF_ETH_DST   0u
#define ROCE_OFF_ETH_SRC   6u
#define ROCE_OFF_ETHERTYPE 12u
#define ROCE_OFF_IP        14u
#define ROCE_OFF_UDP       34u
#define ROCE_OFF_BTH       42u
#define ROCE_OFF_ATOMICETH 54u
#define ROCE_OFF_ICRC      82u

/*
 * Variable fields of a barrier notification (docs/barrier.md section 5). Everything else in
 * the packet is constant: EtherType 0x0800, IPv4 ver/IHL 0x45, total length 72, identification
 * = psn[15:0], flags/fragment 0x4000 (DF), TTL 64, protocol 17, UDP dst port 4791, UDP length
 * 52, UDP checksum 0, BTH opcode 0x14, SE/M/Pad/TVer 0, P_Key 0xffff, reserved bytes 0,
 * AckReq 0.
 */
struct roce_fa_fields {
    uint64_t dst_mac;   /* 48 bits; for a notification 01:00:5e + group IP[22:0] */
    uint64_t src_mac;   /* 48 bits */
    uint8_t  tos;       /* IPv4 DSCP/ECN byte */
    uint32_t src_ip;
    uint32_t dst_ip;
    uint32_t psn;       /* 24 bits; also gives the IPv4 identification (psn[15:0]) */
    uint16_t udp_sport;
    uint32_t dest_qp;   /* 24 bits */
    uint64_t va;        /* AtomicETH virtual address */
    uint32_t rkey;      /* AtomicETH R_Key */
    uint64_t add_data;  /* AtomicETH swap/add data */
    uint64_t cmp_data;  /* AtomicETH compare data */
};

/*
 * Variable fields of a UD notification (docs/barrier.md section 5.1). Constant: EtherType 0x0800,
 * IPv4 ver/IHL 0x45, total length 64, identification = psn[15:0], flags/fragment 0x4000, TTL 64,
 * protocol 17, UDP dst port 4791, UDP length 44, UDP checksum 0, BTH opcode 0x65, SE/M/Pad/TVer 0,
 * P_Key 0xffff, DestQP 0xffffff, reserved bytes 0, AckReq 0.
 */
struct roce_ud_fields {
    uint64_t dst_mac;   /* 48 bits */
    uint64_t src_mac;   /* 48 bits */
    uint8_t  tos;
    uint32_t src_ip;
    uint32_t dst_ip;
    uint32_t psn;       /* 24 bits: the source's sequence number */
    uint16_t udp_sport;
    uint32_t qkey;      /* DETH Q_Key */
    uint32_t src_qp;    /* DETH SrcQP, 24 bits */
    uint8_t  src_id;    /* ImmDt byte 0: source index */
    uint8_t  bar;       /* ImmDt byte 1: barrier */
    uint16_t imm_resv;  /* ImmDt bytes 2-3 (0 when built by a device; ignored on receive) */
    uint64_t inc;       /* payload: increment */
};

/*
 * Receive verdict of a barrier notification, in check order (first failing check wins,
 * docs/barrier.md section 5.4). roce_fa_parse() / roce_ud_parse() return ROCE_RX_OK ..
 * ROCE_RX_KEY; ROCE_RX_SRC .. ROCE_RX_INC need the device's tables and are decided by the device
 * model (cmodel/barrier.c), which maps each verdict to its statistics index.
 */
enum roce_rx_verdict {
    ROCE_RX_OK        = 0,  /* accepted */
    ROCE_RX_TRUNC     = 1,  /* shorter than 86 bytes */
    ROCE_RX_LONG      = 2,  /* longer than 86 bytes */
    ROCE_RX_MALFORMED = 3,  /* EtherType, ver/IHL, fragment, protocol, IP or UDP length */
    ROCE_RX_IPCSUM    = 4,  /* IPv4 header checksum */
    ROCE_RX_NOT_ROCE  = 5,  /* UDP destination port != 4791 */
    ROCE_RX_OPCODE    = 6,  /* BTH opcode, TVer != 0, P_Key != 0xffff, DestQP */
    ROCE_RX_ICRC      = 7,  /* invariant CRC */
    ROCE_RX_KEY       = 8,  /* R_Key (FA) / Q_Key (UD) */
    ROCE_RX_SRC       = 9,  /* source index >= NUM_SOURCES (device model) */
    ROCE_RX_DUP       = 10, /* duplicate or stale PSN of its source (device model) */
    ROCE_RX_BAR       = 11, /* barrier out of range/disabled, dst IP (device model) */
    ROCE_RX_INC       = 12, /* increment 0, > INC_MAX or >= 2^(W-1) (device model) */
    ROCE_RX_SELF      = 13  /* own SRC_ID on a barrier using the internal path (device model;
                             * decided after SRC and before DUP, docs/barrier.md 5.4 / 7.1) */
};
#define ROCE_RX_RKEY ROCE_RX_KEY

/*
 * roce_crc32_update - raw CRC-32 register update (reflected polynomial 0xEDB88320), no initial
 * or final inversion: feed the register value through n bytes.
 *   crc: current register value (0xffffffff to start a standard CRC-32)
 *   p, n: bytes, processed in order; p may be NULL when n == 0
 * Returns the new register value. Source: IEEE 802.3 CRC-32 as used by IBA A17.4 (ICRC).
 */
uint32_t roce_crc32_update(uint32_t crc, const uint8_t *p, size_t n);

/*
 * roce_crc32 - standard CRC-32 (as zlib.crc32): init 0xffffffff, reflected 0xEDB88320, final
 * xor 0xffffffff. roce_crc32("123456789", 9) == 0xcbf43926.
 */
uint32_t roce_crc32(const uint8_t *p, size_t n);

/*
 * roce_ipv4_csum - RFC 791 header checksum value for an IPv4 header.
 *   hdr: the header (hdr[0] = version/IHL); hlen: header length in bytes (20 without options,
 *   even). The checksum field (bytes 10-11) is treated as zero whatever it holds.
 * Returns the 16-bit value to store big-endian at bytes 10-11: the ones' complement of the
 * ones' complement sum of the header's 16-bit words.
 */
uint16_t roce_ipv4_csum(const uint8_t *hdr, size_t hlen);

/*
 * roce_ipv4_csum_ok - receive-side check (RFC 1071): the ones' complement sum of all hlen/2
 * header words, checksum field included, folded to 16 bits, equals 0xffff.
 * Returns 1 when the header checksum is good, 0 otherwise.
 */
int roce_ipv4_csum_ok(const uint8_t *hdr, size_t hlen);

/*
 * roce_icrc_ipv4 - invariant CRC of a RoCEv2 packet over IPv4 (IBA Annex A17.4).
 *   frame: Ethernet II frame (14-byte header, no VLAN tag, no FCS) carrying IPv4 / UDP / BTH;
 *   len: frame length in bytes, including the 4-byte ICRC trailer at the end.
 * The CRC-32 (init 0xffffffff, reflected 0xEDB88320, final xor 0xffffffff) runs over:
 * 8 bytes of 0xff (dummy LRH), the IPv4 header (IHL*4 bytes) with TOS, TTL and header checksum
 * replaced by all ones, the UDP header with its checksum replaced by 0xffff, the BTH with
 * byte 4 (FECN/BECN/resv6, "resv8a") replaced by 0xff, and every following byte up to but
 * excluding the last 4 bytes (the ICRC itself).
 * On the wire the returned value is sent least-significant byte first:
 * frame[len-4] = icrc[7:0], ... frame[len-1] = icrc[31:24] (roce_put_icrc()).
 * Returns 0 and sets *icrc; -1 if len is too short for Ethernet + IPv4 + UDP + BTH + ICRC or
 * the IHL is < 5 (frame contents are otherwise not validated).
 */
int roce_icrc_ipv4(const uint8_t *frame, size_t len, uint32_t *icrc);

/*
 * roce_put_icrc / roce_get_icrc - store / load a 32-bit ICRC at p[0..3], least-significant
 * byte first (IBA A17.4, like the Ethernet FCS).
 */
void roce_put_icrc(uint8_t *p, uint32_t icrc);
uint32_t roce_get_icrc(const uint8_t *p);

/*
 * roce_mcast_mac - Ethernet destination for an IPv4 multicast group (RFC 1112 section 6.4):
 * 01:00:5e followed by the low 23 bits of group_ip. Returns the 48-bit MAC (see conventions).
 */
uint64_t roce_mcast_mac(uint32_t group_ip);

/*
 * roce_fa_build - build the 86-byte barrier notification (docs/barrier.md section 5).
 *   f: variable fields; psn and dest_qp are truncated to 24 bits, MACs to 48 bits.
 *   pkt: output, exactly ROCE_FA_LEN (86) bytes, IPv4 header checksum and ICRC filled in.
 * Never fails.
 */
void roce_fa_build(const struct roce_fa_fields *f, uint8_t pkt[ROCE_FA_LEN]);

/*
 * roce_fa_parse - check and decode a received barrier notification (docs/barrier.md section 5,
 * barrier_rx drop checks, first failing check wins).
 *   pkt, len: the received packet (no FCS); pkt may be NULL when len == 0
 *   dest_qp: the device's CSR DEST_QP (24 bits, bits above are ignored)
 *   rkey: the device's CSR RKEY
 *   f: output, may be NULL. When len == 86 all fields are decoded from the packet whatever the
 *      verdict (dst_mac, src_mac, tos, src/dst IP, psn, udp_sport, dest_qp, va, rkey, add and
 *      compare data); otherwise *f is zeroed.
 * Checks, in order: ROCE_RX_TRUNC (len < 86), ROCE_RX_LONG (len > 86), ROCE_RX_MALFORMED
 * (EtherType != 0x0800, byte 14 != 0x45, flags/fragment & 0xbfff != 0 i.e. reserved flag,
 * MF or a fragment offset set (DF is ignored), protocol != 17, IP total length != 72, UDP length
 * != 52), ROCE_RX_IPCSUM (roce_ipv4_csum_ok() fails), ROCE_RX_NOT_ROCE (UDP dst port != 4791),
 * ROCE_RX_OPCODE (opcode != 0x14, TVer (byte 43 bits 3:0) != 0, P_Key != 0xffff or DestQP !=
 * dest_qp), ROCE_RX_ICRC (bytes 82-85 read LSB first != roce_icrc_ipv4()), ROCE_RX_RKEY (R_Key
 * != rkey). Fields not listed (MACs, TOS, identification, TTL, UDP source port and checksum,
 * SE/M/Pad, reserved bytes, AckReq, compare data) are not checked.
 * Returns the verdict, ROCE_RX_OK .. ROCE_RX_KEY.
 */
enum roce_rx_verdict roce_fa_parse(const uint8_t *pkt, size_t len, uint32_t dest_qp,
                                   uint32_t rkey, struct roce_fa_fields *f);

/*
 * roce_ud_build - build the 78-byte UD notification (docs/barrier.md section 5.1).
 *   f: variable fields; psn and src_qp truncated to 24 bits, MACs to 48 bits.
 *   pkt: output, exactly ROCE_UD_LEN (78) bytes, IPv4 checksum and ICRC filled in.
 */
void roce_ud_build(const struct roce_ud_fields *f, uint8_t pkt[ROCE_UD_LEN]);

/*
 * roce_ud_parse - check and decode a received UD notification (section 5.4 checks 1-8).
 *   qkey: the device's CSR KEY. f: output, may be NULL; decoded from the packet whatever the
 *   verdict when len == 78, else zeroed.
 * Checks, in order: TRUNC (len < 78), LONG (len > 78), MALFORMED (EtherType, byte 14 != 0x45,
 * flags/fragment & 0xbfff, protocol != 17, IP total length != 64, UDP length != 44), IPCSUM,
 * NOT_ROCE (UDP dst port != 4791), OPCODE (opcode != 0x65, TVer != 0, P_Key != 0xffff, DestQP !=
 * 0xffffff), ICRC, KEY (Q_Key != qkey). Returns the verdict, ROCE_RX_OK .. ROCE_RX_KEY.
 */
enum roce_rx_verdict roce_ud_parse(const uint8_t *pkt, size_t len, uint32_t qkey,
                                   struct roce_ud_fields *f);

#ifdef __cplusplus
}
#endif

#endif /* CMODEL_COMMON_ROCE_H */
