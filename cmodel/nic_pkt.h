/*
 * cmodel/nic_pkt.h -- the NIC's network packet: RoCEv2 framing with a BTH opcode from the IBA
 * manufacturer-specific range and the NIC extension header NXH (issue 12; layout in docs/nic.md
 * section 3, the one place it is defined; seed 003 L58, L206-L214, note 2.7 wire header, B10).
 *
 * Packet (no FCS, no VLAN tag), byte 0 = first byte on the wire:
 *   Ethernet II (14) / IPv4 (20, no options) / UDP (8, dst port 4791) / BTH (12) / NXH (32) /
 *   payload (0..NIC_PKT_MAX_PAYLOAD) / pad (0..3, BTH PadCnt, zero) / ICRC (4).
 * Multi-byte fields are big-endian on the wire, the ICRC least-significant byte first (IBA A17.4).
 * MAC addresses in uint64_t (bits 47:40 = first byte on the wire), IPv4 addresses in uint32_t
 * (bits 31:24 first). The IPv4 header checksum, the lengths, PadCnt and the ICRC are computed by
 * the builder; every other field comes from struct nic_pkt_fields.
 */
#ifndef CMODEL_NIC_PKT_H
#define CMODEL_NIC_PKT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* BTH opcodes of the NIC transport (IBA manufacturer-specific range 0xC0-0xFF, docs/nic.md 3.2) */
#define NIC_OP_DATA 0xC0u   /* a data packet of a message (first/last in NXH flags) */
#define NIC_OP_ACK  0xC1u   /* ACK / NAK of the reliability layer (issue 13; NXH handle echoed) */

#define NIC_PKT_HDR_LEN     86u     /* Ethernet .. NXH */
#define NIC_PKT_OVERHEAD    90u     /* headers + ICRC, payload not counted */
#define NIC_PKT_MAX_PAYLOAD 4096u
#define NIC_PKT_MAX_LEN     (NIC_PKT_OVERHEAD + NIC_PKT_MAX_PAYLOAD + 3u)
#define NIC_PKT_OFF_IP      14u
#define NIC_PKT_OFF_UDP     34u
#define NIC_PKT_OFF_BTH     42u
#define NIC_PKT_OFF_NXH     54u
#define NIC_PKT_OFF_PAYLOAD 86u
#define NIC_NXH_VERSION     1u

/* NXH flag bits (NXH byte 0 bits 3:0) */
#define NIC_NXH_F_FIRST 0x8u   /* first packet of the message */
#define NIC_NXH_F_LAST  0x4u   /* last packet of the message */
#define NIC_NXH_F_RESET 0x2u   /* sequence reset with a new epoch (issue 13) */
#define NIC_NXH_F_HALF  0x1u   /* initiator NIC half (seed L214; issue 13) */

/* The variable fields of one packet (docs/nic.md 3). Constant: EtherType 0x0800, IPv4 ver/IHL
 * 0x45, flags DF, fragment offset 0, protocol 17, UDP dst port 4791, UDP checksum 0, BTH SE 0,
 * M 0, TVer 0, P_Key 0xFFFF, reserved fields 0, NXH version 1. */
struct nic_pkt_fields {
    uint64_t dst_mac, src_mac;   /* 48 bits */
    uint8_t  tos;                /* IPv4 DSCP/ECN */
    uint8_t  ttl;
    uint16_t ip_id;              /* IPv4 identification */
    uint32_t src_ip, dst_ip;
    uint16_t udp_sport;          /* flow entropy */
    uint8_t  opcode;             /* BTH opcode, NIC_OP_* */
    uint32_t dest_qp;            /* 24 bits: the target's process (PID) */
    int      ack_req;            /* BTH AckReq */
    uint32_t psn;                /* 24 bits: the sequence number (issue 13; 0 in issue 12) */
    /* NXH */
    uint8_t  flags;              /* NIC_NXH_F_* */
    uint8_t  vn;                 /* 3 bits: virtual network (message class) */
    uint16_t src_nid, dst_nid;   /* physical NIDs */
    uint16_t handle;             /* retransmit-buffer handle, echoed by the ACK (seed L206) */
    uint32_t epoch;              /* sender epoch of the (source, target, class) stream (issue 13) */
    uint32_t msg_len;            /* message length in bytes */
    uint32_t offset;             /* byte offset of this packet's payload in the message */
    uint64_t target_addr;        /* target buffer address; the payload goes to target_addr + offset */
    uint16_t msg_id;             /* per source NIC */
    uint16_t eq_handle;          /* the target's EQ for the completion event */
};

/* Receive verdicts, in check order (first failing check wins, docs/nic.md 3.4). */
enum nic_pkt_verdict {
    NIC_PKT_OK        = 0,
    NIC_PKT_TRUNC     = 1,   /* shorter than headers + ICRC */
    NIC_PKT_NOT_ROCE  = 2,   /* EtherType, IPv4 version/IHL, fragment, protocol or UDP port */
    NIC_PKT_IP_CSUM   = 3,   /* IPv4 header checksum */
    NIC_PKT_LEN       = 4,   /* IPv4 total length / UDP length disagree with the frame length */
    NIC_PKT_ICRC      = 5,   /* ICRC */
    NIC_PKT_OPCODE    = 6,   /* BTH opcode not NIC_OP_*, TVer != 0 or P_Key != 0xFFFF */
    NIC_PKT_NXH       = 7,   /* NXH version, reserved bits, vn > 7 */
    NIC_PKT_RANGE     = 8    /* offset + payload > msg_len, payload > 4096, or pad bytes != 0 */
};

/* nic_pkt_build - build one packet.
 *   f: the fields; payload, plen: the payload (plen <= NIC_PKT_MAX_PAYLOAD; payload may be NULL
 *   when plen == 0); out: at least NIC_PKT_OVERHEAD + plen + 3 bytes.
 * Returns the packet length in bytes (NIC_PKT_OVERHEAD + plen + pad), or 0 if plen is too big. */
size_t nic_pkt_build(const struct nic_pkt_fields *f, const uint8_t *payload, size_t plen, uint8_t *out);

/* nic_pkt_net_check - the network-layer checks every NIC packet (data, ACK / NAK) passes first,
 * in order: NOT_ROCE (EtherType, IPv4 version/IHL, fragment, protocol, UDP port 4791), IP_CSUM,
 * LEN (IPv4 total and UDP lengths vs len), ICRC. pkt: at least NIC_PKT_OFF_BTH + 16 bytes.
 * Returns NIC_PKT_OK or the first failing verdict. */
enum nic_pkt_verdict nic_pkt_net_check(const uint8_t *pkt, size_t len);
/* nic_pkt_net_fields - zero *f, then decode the Ethernet / IPv4 / UDP / BTH fields shared by every
 * NIC packet (MACs, TOS, TTL, IP id, IPs, UDP source port, opcode, DestQP, PSN). */
void nic_pkt_net_fields(const uint8_t *pkt, struct nic_pkt_fields *f);

/* nic_pkt_parse - check and decode a received packet.
 *   pkt, len: the packet (no FCS). On NIC_PKT_OK, *f holds every field and *poff / *plen the
 *   payload's offset in pkt and its length (pad excluded). Returns the first failing verdict. */
enum nic_pkt_verdict nic_pkt_parse(const uint8_t *pkt, size_t len, struct nic_pkt_fields *f,
                                   size_t *poff, size_t *plen);

#ifdef __cplusplus
}
#endif

#endif
