/*
 * session_sel_pkt.h - RoCEv2 packet of one session_sel decision (docs/session_sel.md section 13),
 * for the packet oracles: the IP/UDP fields the block writes (IPv4 source/destination, ToS =
 * DSCP/ECN, UDP source and destination port of the chosen session) with the descriptor's BTH
 * (DestQP, PSN = key[23:0]). Layout: Ethernet II (14 B) / IPv4 (20 B, DF, TTL 64, ID = PSN[15:0],
 * header checksum) / UDP (8 B, checksum 0) / BTH (12 B: opcode 0x04 RC SEND_ONLY, P_Key 0xffff)
 * / payload (16 zero bytes) / ICRC (4 B, IBA A17.4). 74 bytes in all.
 */
#ifndef CMODEL_SESSION_SEL_PKT_H
#define CMODEL_SESSION_SEL_PKT_H

#include <stddef.h>
#include <stdint.h>

#include "session_sel.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_PKT_LEN 74u

/* session_sel_pkt_build: writes SS_PKT_LEN bytes to pkt for decision o (status must be OK;
 * returns 0 otherwise, else SS_PKT_LEN). dst_mac / src_mac: 48-bit MACs. */
size_t session_sel_pkt_build(const struct ss_out *o, uint64_t dst_mac, uint64_t src_mac, uint8_t pkt[SS_PKT_LEN]);

#ifdef __cplusplus
}
#endif
#endif
