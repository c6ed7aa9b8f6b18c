/*
 * cmodel/nic_ack.h -- the reliability layer's wire format (issue 13; docs/nic_rel.md 10,
 * docs/nic.md 3.5): the ACK / NAK packet, the B2 logical -> physical NID table and the B10 wire
 * header builder (spec note 003 2.7, 2.8, B2, B9, B10, A3, A7).
 *
 * ACK / NAK packet (94 bytes, no payload, no FCS), byte 0 first on the wire:
 *   Ethernet II (14) / IPv4 (20) / UDP 4791 (8) / BTH (12, opcode 0xC1, PadCnt 0, AckReq 0,
 *   PSN = the response's seq) / AETH (4: syndrome[7:0], MSN[23:0] = 0) / NXH (32, docs/nic.md 3.3:
 *   ver 1, F 0, L 0, R 0, H echoed, vn, src_nid = responder, dst_nid = initiator, handle echoed,
 *   epoch echoed, every message field 0) / ICRC (4, IBA A17.4).
 * AETH syndromes (IBA 9.7.5.1 layout: bits 7:5 type, 4:0 value):
 *   ACK          0x1F  ACK, credit field 11111 ("no credit information": end-to-end credits unused)
 *   DUP_ACK      0x1E  ACK, credit field 11110: this project's mark of a duplicate (cumulative, seq =
 *                      expected - 1, processed by the initiator exactly like ACK)
 *   NACK_SEQ     0x60  NAK code 0, PSN sequence error (PSN = the expected seq)
 *   NACK_NOSTATE 0x61  NAK code 1, invalid request (non-reset packet without receive state)
 * Every other syndrome (other credit values, RNR NAK 001, reserved 010 / 1xx, NAK codes 2..31) is
 * NIC_ACK_V_SYNDROME on receive.
 * Lengths: IPv4 total length 80, UDP length 60.
 *
 * B10 builder input: the 64-byte retransmit command, note 2.7 table in field order from bit 0
 * (bit i = byte i/8 bit i%8, little-endian, as docs/nic_cmdq.md 2):
 *   31:0 length | 47:32 options {flags[15:10], vn[9:7], pio[6], opcode[5:0]} | 71:48 target NID
 *   (logical: {job[23:16], rank[15:0]}) | 87:72 target PID | 103:88 MD handle | 135:104 E2E
 *   header {rsvd[31:17], reset[16], seq[15:0]} | 143:136 length upper | 191:144 initiator start |
 *   255:192 user pointer | 271:256 initiator PID | 279:272 portal index | 287:280 ACK
 *   {rsvd[7:2], ack_req[1:0]} | 335:288 target offset | 399:336 header data | 463:400 match bits |
 *   479:464 CT handle | 495:480 timestamp | 511:496 NIC sequence.
 */
#ifndef CMODEL_NIC_ACK_H
#define CMODEL_NIC_ACK_H

#include <stddef.h>
#include <stdint.h>

#include "nic_pkt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* response types (the codes of nic_rel_rx m_vrd_resp / nic_rel_tx s_ack_type) */
#define NIC_ACK_T_ACK      1u
#define NIC_ACK_T_DUP_ACK  2u
#define NIC_ACK_T_NACK_SEQ 3u
#define NIC_ACK_T_NOSTATE  4u

/* AETH syndromes */
#define NIC_AETH_ACK      0x1Fu
#define NIC_AETH_DUP_ACK  0x1Eu
#define NIC_AETH_NAK_SEQ  0x60u
#define NIC_AETH_NAK_INV  0x61u

#define NIC_ACK_LEN      94u
#define NIC_ACK_OFF_AETH 54u
#define NIC_ACK_OFF_NXH  58u

/* one ACK / NAK: what the receiver's verdict carries plus the addressing */
struct nic_ack {
    uint8_t  type;      /* NIC_ACK_T_* */
    uint32_t seq;       /* 24 bits on the wire (BTH PSN) */
    uint16_t handle;    /* the initiator's retransmit handle, echoed */
    uint32_t epoch;     /* the stream's epoch, echoed */
    uint16_t src_nid;   /* the responder (sender of the ACK) */
    uint16_t dst_nid;   /* the initiator */
    uint8_t  vn;        /* 3 bits: the class of the acknowledged stream */
    uint8_t  half;      /* 1 bit: the initiator NIC half of the acknowledged stream, echoed */
};

/* receive verdicts, first failing check wins */
enum nic_ack_verdict {
    NIC_ACK_V_OK       = 0,
    NIC_ACK_V_TRUNC    = 1,   /* shorter than 94 bytes */
    NIC_ACK_V_NOT_ROCE = 2,   /* EtherType, IPv4 ver/IHL, fragment, protocol, UDP port */
    NIC_ACK_V_IP_CSUM  = 3,   /* IPv4 header checksum */
    NIC_ACK_V_LEN      = 4,   /* IPv4 / UDP length disagree with the frame */
    NIC_ACK_V_ICRC     = 5,   /* ICRC */
    NIC_ACK_V_OPCODE   = 6,   /* opcode not 0xC1, TVer, P_Key, SE/M/PadCnt or AckReq set */
    NIC_ACK_V_SYNDROME = 7,   /* AETH syndrome not one of the four, or MSN != 0 */
    NIC_ACK_V_NXH      = 8,   /* NXH version, reserved bits, F/L/R set, a message field != 0 */
    NIC_ACK_V_PAYLOAD  = 9    /* longer than 94 bytes (an ACK carries no payload) */
};

/* nic_ack_build - net gives dst/src MAC, tos, ttl, ip_id, src/dst IP, udp_sport, dest_qp (the
 * initiator's PID); its other fields are ignored. Returns NIC_ACK_LEN, or 0 if a->type is not
 * one of NIC_ACK_T_*. out: at least NIC_ACK_LEN bytes. */
size_t nic_ack_build(const struct nic_pkt_fields *net, const struct nic_ack *a, uint8_t *out);

/* nic_ack_parse - on NIC_ACK_V_OK fills *net (the fields above, opcode 0xC1, psn) and *a. */
enum nic_ack_verdict nic_ack_parse(const uint8_t *pkt, size_t len, struct nic_pkt_fields *net,
                                   struct nic_ack *a);

uint8_t nic_ack_syndrome(uint8_t type);   /* 0 for an unknown type */

/* ---- B2: logical {job, rank} -> physical NID (CSR-written table, 2^(job_w + rank_w) x 16) */
struct nic_b2 {
    unsigned job_w, rank_w;
    uint16_t *nid;      /* index {job, rank} = job << rank_w | rank */
};
int  nic_b2_init(struct nic_b2 *t, unsigned job_w, unsigned rank_w);   /* 0 ok; table zeroed */
void nic_b2_free(struct nic_b2 *t);
void nic_b2_write(struct nic_b2 *t, uint32_t idx, uint16_t nid);      /* idx masked */
/* lookup of a 24-bit logical target {job[23:16], rank[15:0]}: the entry at {job mod 2^job_w,
 * rank mod 2^rank_w}; *bad = 1 if job or rank has bits at or above those widths */
uint16_t nic_b2_lookup(const struct nic_b2 *t, uint32_t target24, int *bad);

/* ---- B10: the retransmit command (note 2.7) */
struct nic_rel_cmd {
    uint32_t length;       uint16_t options;     uint32_t target_nid;  /* 24 bits */
    uint16_t target_pid;   uint16_t md_handle;   uint32_t e2e_hdr;
    uint8_t  length_upper; uint64_t init_start;  /* 48 bits */
    uint64_t user_ptr;     uint16_t init_pid;    uint8_t  portal_idx;
    uint8_t  ack;          uint64_t target_off;  /* 48 bits */
    uint64_t hdr_data;     uint64_t match_bits;  uint16_t ct_handle;
    uint16_t timestamp;    uint16_t nic_seq;
};
void nic_rel_cmd_pack(const struct nic_rel_cmd *c, uint8_t out[64]);
void nic_rel_cmd_unpack(const uint8_t in[64], struct nic_rel_cmd *c);

/* the header fields nic_pkt_tx takes (s_hdr, docs/nic.md 4.1) */
struct nic_rel_hdr {
    uint32_t msg_len;      /* 21 bits: length[20:0] */
    uint8_t  vn;           /* options[9:7] */
    uint16_t dst_nid;      /* B2 lookup of the command's target NID */
    uint16_t msg_id;       /* NIC sequence */
    uint16_t eq_handle;    /* portal index (the target's PT entry names its EQ) */
    uint16_t handle;       /* the retransmit handle (replaces user pointer + MD handle, L206) */
    uint64_t target_addr;  /* target offset, 48 bits zero-extended */
    uint32_t dest_qp;      /* target PID, zero-extended to 24 bits */
    uint32_t psn;          /* the tracker's seq, zero-extended to 24 bits */
    uint32_t epoch;
    uint8_t  reset, half;
    uint8_t  bad;          /* the logical target was out of the table's range */
};

/* nic_rel_hdr_build - cmd: the 64-byte command; handle/seq/epoch/reset: the tracker's alloc
 * response (seq masked to seq_w bits); half: CSR; t: the B2 table. */
void nic_rel_hdr_build(const uint8_t cmd[64], uint16_t handle, uint32_t seq, unsigned seq_w,
                       uint32_t epoch, int reset, int half, const struct nic_b2 *t,
                       struct nic_rel_hdr *h);

/* nic_rel_hdr_fields - the nic_pkt_fields of the message's first packet as nic_pkt_tx frames it
 * (docs/nic.md 4.2: payload offset 0, F 1, L when the message fits pmtu, AckReq = L) given its
 * CSRs; MAC/IP: base with bits 15:0 replaced by dst_nid. */
struct nic_rel_csr {
    uint64_t src_mac, dst_mac_base;
    uint32_t src_ip, dst_ip_base;
    uint16_t src_nid;
    uint8_t  tos, ttl, pmtu_log2;
};
void nic_rel_hdr_fields(const struct nic_rel_hdr *h, const struct nic_rel_csr *c,
                        struct nic_pkt_fields *f);

#ifdef __cplusplus
}
#endif

#endif
