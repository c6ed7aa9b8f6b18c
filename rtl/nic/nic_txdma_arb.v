`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_txdma_arb: ROUTER_ARB of the TX DMA engine, one flit (32-byte beat) grant per cycle
// (combinational, pure function of registered engine state; docs/nic_txdma.md 4.3).
//
// Source: seed 003 L70 (oldest in-flight message with credits; HWM gates only the head), spec note
// 003 section 2.3 ROUTER_ARB pseudo-code, section 4 B4 (D5, D6).
//
// Ports (N_VN contexts, context c serves VN c and VC c):
//   pre[c]        v && (head_sent || hok) && out_ok && (head_sent || hdr_ok), registered by the
//                 engine from its next-state terms (nic_txdma.v, elig_pre): v valid, head_sent,
//                 hok = occ >= ceil(min(HWM[vn], len) / 32) lines in the previous cycle (occ does
//                 not decrease before the head is sent: the rule is conservative), out_ok / hdr_ok
//                 room for one more flit / header in the output FIFOs
//   occ_nz[c] (occ > 0 lines), cred_nz[c] (credits[vc] > 0)
//   older[i*N_VN+j] context i allocated before context j
//   gnt (one-hot), gnt_v, gnt_idx: the oldest eligible context
// eligible(c) = v && occ > 0 && credits > 0 && (head_sent || hok) && out_ok && (head_sent || hdr_ok)
//             = pre && occ_nz && cred_nz
// Latency: combinational, about 3 LUT levels at N_VN = 4. Errors: none.
module nic_txdma_arb #(
    parameter N_VN = 4,
    parameter VN_W = 2
) (
    input  wire [N_VN-1:0]      pre,
    input  wire [N_VN-1:0]      occ_nz,
    input  wire [N_VN-1:0]      cred_nz,
    input  wire [N_VN*N_VN-1:0] older,
    output reg  [N_VN-1:0]      gnt,
    output wire                 gnt_v,
    output reg  [VN_W-1:0]      gnt_idx
);
    wire [N_VN-1:0] elig = pre & occ_nz & cred_nz;
    integer c, d;
    always @(*) begin
        gnt_idx = {VN_W{1'b0}};
        for (c = 0; c < N_VN; c = c + 1) begin
            gnt[c] = elig[c];
            for (d = 0; d < N_VN; d = d + 1)
                if (d != c && elig[d] && older[d*N_VN+c]) gnt[c] = 1'b0;
            if (gnt[c]) gnt_idx = gnt_idx | c[VN_W-1:0];
        end
    end
    assign gnt_v = |elig;
endmodule
`resetall
