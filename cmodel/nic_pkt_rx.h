/*
 * cmodel/nic_pkt_rx.h -- bit-accurate model of the NIC receive parser rtl/nic/nic_pkt_rx.v
 * (docs/nic_pkt_rx.md; packet layout and verdicts docs/nic.md 3, 3.4; issue 12).
 *
 * In: the packet beats of s_axis (32 bytes, tkeep contiguous, tlast). At the last beat the packet
 * (L bytes = 32 * (beats - 1) + popcount(last tkeep)) gets its verdict:
 *   L < 90 -> TRUNC; L > NIC_PKT_MAX_LEN (4189) -> OVERSIZE (this block's rule, checked second);
 *   otherwise nic_pkt_parse() of cmodel/nic_pkt.c (the reference of every check and field).
 * Out, for a good packet only: one header (the parsed fields + pay_len) and ceil(pay_len / 32)
 * payload beats (byte j of beat k = payload byte 32k + j; keep on the last beat; none for
 * pay_len 0). Every packet counts in exactly one counter (enum nic_pkt_rx_cnt).
 * Outputs do not depend on timing: the RTL emits the same headers and beats in the same order
 * under any backpressure (its s_axis_tready only delays the input).
 * CSR: counter i at byte address 4*i (32 bits, wrapping), read-only; other addresses SLVERR.
 */
#ifndef CMODEL_NIC_PKT_RX_H
#define CMODEL_NIC_PKT_RX_H

#include <stddef.h>
#include <stdint.h>

#include "nic_pkt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* counters, in CSR order (rdl/nic_pkt_rx.rdl); 0..8 are enum nic_pkt_verdict */
enum nic_pkt_rx_cnt {
    NPR_CNT_OK = 0, NPR_CNT_TRUNC, NPR_CNT_NOT_ROCE, NPR_CNT_IP_CSUM, NPR_CNT_LEN, NPR_CNT_ICRC,
    NPR_CNT_OPCODE, NPR_CNT_NXH, NPR_CNT_RANGE, NPR_CNT_OVERSIZE, NPR_CNT_N
};
#define NPR_VERDICT_OVERSIZE 9   /* nic_pkt_rx_push_beat's return for an oversize packet */

struct nic_pkt_rx_hdr {
    struct nic_pkt_fields f;     /* every parsed field (tos, ttl, ip_id are not RTL outputs) */
    uint32_t pay_len;            /* payload bytes, 0..4096 */
};

struct nic_pkt_rx_beat {
    uint8_t data[32];
    uint32_t keep;               /* bytes valid, contiguous from bit 0 */
    int last;
};

struct nic_pkt_rx {
    uint8_t *pkt;                /* the packet being received (NIC_PKT_MAX_LEN + 32 bytes kept) */
    size_t len;                  /* its bytes so far (counted beyond the kept ones) */
    struct nic_pkt_rx_hdr *hq;   /* expected headers hq[hh .. hh + hn) (grows) */
    size_t hh, hn, hcap;
    struct nic_pkt_rx_beat *bq;  /* expected payload beats */
    size_t bh, bn, bcap;
    uint64_t cnt[NPR_CNT_N];
};

/* nic_pkt_rx_init - returns 0, -1 (NULL), -2 (no memory). nic_pkt_rx_free releases it. */
int nic_pkt_rx_init(struct nic_pkt_rx *m);
void nic_pkt_rx_free(struct nic_pkt_rx *m);

/* nic_pkt_rx_push_beat - one accepted s_axis beat: data[32], keep (bytes, contiguous), last.
 * Returns -1 while the packet continues, else its verdict (0 OK .. 8 RANGE, 9 OVERSIZE);
 * -2 if out of memory. */
int nic_pkt_rx_push_beat(struct nic_pkt_rx *m, const uint8_t data[32], uint32_t keep, int last);

/* nic_pkt_rx_pop_hdr / nic_pkt_rx_pop_beat - the next expected m_hdr word / m_data beat:
 * 1 and *out filled, or 0 (none). */
int nic_pkt_rx_pop_hdr(struct nic_pkt_rx *m, struct nic_pkt_rx_hdr *out);
int nic_pkt_rx_pop_beat(struct nic_pkt_rx *m, struct nic_pkt_rx_beat *out);

/* nic_pkt_rx_csr_read - AXI4-Lite read of byte address addr (12 bits): counter addr/4 (low 32
 * bits). Returns 0 (OKAY) with *data, or 2 (SLVERR, *data = 0) beyond the last counter. */
unsigned nic_pkt_rx_csr_read(const struct nic_pkt_rx *m, uint32_t addr, uint32_t *data);

#ifdef __cplusplus
}
#endif

#endif
