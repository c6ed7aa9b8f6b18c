/*
 * cmodel/nic_pkt_tx.h -- bit-accurate model of the NIC's transmit framer rtl/nic/nic_pkt_tx.v
 * (issue 12; docs/nic.md section 4): a message {header, bytes} becomes packets of the NIC wire
 * format (docs/nic.md section 3, cmodel/nic_pkt.h), one per path-MTU payload.
 *
 * Segmentation: packet i of a message of msg_len bytes carries bytes [i*P, min((i+1)*P, msg_len))
 * with P = 2^pmtu_log2 (256..4096). Per packet: NXH offset = i*P, flags F (i == 0), L (last
 * packet), R / H from the header; BTH PSN = psn + i (24 bits), AckReq = L; IPv4 identification =
 * PSN[15:0]; UDP source port 0xC000 | ((vn << 11) ^ dst_nid) & 0x3FFF (one flow per target and
 * VN); destination MAC = {dst_mac_base[47:16], dst_nid}, destination IP = {dst_ip_base[31:16],
 * dst_nid}; everything else from the header and the configuration.
 *
 * Pairing and errors (each counted, nothing blocks):
 *   - a header with msg_len 0 is dropped (NPT_ST_ERR_ZERO) and consumes no data;
 *   - otherwise the header takes the next data packet (one AXI4-Stream packet, tkeep-masked);
 *     fewer bytes than msg_len: the rest is sent as zeros (NPT_ST_ERR_SHORT); more: the excess is
 *     dropped (NPT_ST_ERR_LONG).
 */
#ifndef CMODEL_NIC_PKT_TX_H
#define CMODEL_NIC_PKT_TX_H

#include <stddef.h>
#include <stdint.h>

#include "nic_pkt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_PKT_TX_QCAP 64   /* queued headers / data packets / output packets */

struct nic_pkt_tx_cfg {
    uint64_t src_mac, dst_mac_base;   /* 48 bits */
    uint32_t src_ip, dst_ip_base;
    uint16_t src_nid;
    uint8_t tos, ttl;
    unsigned pmtu_log2;               /* 8..12: payload per packet 256..4096 bytes */
};

/* One message header (s_hdr of the RTL). */
struct nic_pkt_tx_hdr {
    uint32_t msg_len;      /* 21 bits: bytes, 1..2^21-1 (0 = error) */
    uint8_t vn;            /* 3 bits */
    uint16_t dst_nid, msg_id, eq_handle, handle;
    uint64_t target_addr;
    uint32_t dest_qp;      /* 24 bits */
    uint32_t psn;          /* 24 bits: PSN of the first packet */
    uint32_t epoch;
    int reset, half;
};

enum nic_pkt_tx_stat {
    NPT_ST_MSG = 0,        /* messages framed */
    NPT_ST_PKT,            /* packets sent */
    NPT_ST_PAYLOAD,        /* payload bytes sent */
    NPT_ST_ERR_ZERO,       /* headers with msg_len 0, dropped */
    NPT_ST_ERR_SHORT,      /* data shorter than msg_len (zero-filled) */
    NPT_ST_ERR_LONG,       /* data longer than msg_len (excess dropped) */
    NPT_ST_N
};

struct nic_pkt_tx_data { uint8_t *b; size_t len; };
struct nic_pkt_tx_pkt { uint8_t b[NIC_PKT_MAX_LEN]; size_t len; };

struct nic_pkt_tx {
    struct nic_pkt_tx_cfg cfg;
    struct nic_pkt_tx_hdr hq[NIC_PKT_TX_QCAP];
    struct nic_pkt_tx_data dq[NIC_PKT_TX_QCAP];
    unsigned hh, hn, dh, dn;
    struct nic_pkt_tx_pkt *oq;        /* expected output packets oq[oh .. oh + on) (grows) */
    unsigned oh, on, ocap;
    uint64_t stat[NPT_ST_N];
};

/* nic_pkt_tx_init - cfg: pmtu_log2 in 8..12. Returns 0, or -1 (bad cfg / NULL), -2 (no memory).
 * nic_pkt_tx_free releases it. nic_pkt_tx_set_cfg changes the configuration (the RTL samples its
 * configuration ports at each message start; change them only while idle). */
int nic_pkt_tx_init(struct nic_pkt_tx *m, const struct nic_pkt_tx_cfg *cfg);
void nic_pkt_tx_free(struct nic_pkt_tx *m);
int nic_pkt_tx_set_cfg(struct nic_pkt_tx *m, const struct nic_pkt_tx_cfg *cfg);

/* nic_pkt_tx_push_hdr / nic_pkt_tx_push_data - one accepted header / one accepted data packet
 * (len >= 1 bytes, copied). Return 0, or -1 when the queue is full (a test bug). */
int nic_pkt_tx_push_hdr(struct nic_pkt_tx *m, const struct nic_pkt_tx_hdr *h);
int nic_pkt_tx_push_data(struct nic_pkt_tx *m, const uint8_t *b, size_t len);

/* nic_pkt_tx_pop_pkt - the next expected output packet: 1 and *out filled, or 0 (none yet). */
int nic_pkt_tx_pop_pkt(struct nic_pkt_tx *m, struct nic_pkt_tx_pkt *out);

/* nic_pkt_tx_fields - the wire fields of packet i of a message (also used by the testbench's
 * bench and by nic_top's model). */
void nic_pkt_tx_fields(const struct nic_pkt_tx_cfg *cfg, const struct nic_pkt_tx_hdr *h, unsigned i,
                       struct nic_pkt_fields *f, uint32_t *plen);

#ifdef __cplusplus
}
#endif

#endif
