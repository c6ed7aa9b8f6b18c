`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma_sched: RX_HOST_SCHED of the RX DMA engine, one host-write issue decision
// (combinational, a pure function of registered inputs: the engine registers every input in its
// snapshot cycle and registers the result; docs/nic_rxdma.md 4.2).
//
// Source: seed 003 L72-L74 (T1 delays the first write of a message, T2 gives priority to the
// contexts whose buffers block the network), spec note 003 section 2.3 RX_HOST_SCHED pseudo-code,
// section 4 B5 (R1, R2).
//
// Ports (N_VN contexts, context c serves VN c):
//   elig[c]   v && occ > 0 && (first_req_sent || rcvd >= min(T1, len))   (registered by the engine)
//   big[c]    occ > T2 (bytes)                                            (registered by the engine)
//   older[i*N_VN+j]  context i was allocated before context j (age matrix)
//   slot      the write-command queue has room (a write may issue in this slot)
//   gnt_v, gnt_idx, gnt_oh: slot && some eligible context; the oldest eligible context with
//             occ > T2 if one exists, else the oldest eligible context (R2)
// Latency: combinational, about 4 LUT levels at N_VN = 4. Errors: none (inputs are internal).
module nic_rxdma_sched #(
    parameter N_VN = 4,
    parameter VN_W = 2
) (
    input  wire [N_VN-1:0]      elig,
    input  wire [N_VN-1:0]      big,
    input  wire [N_VN*N_VN-1:0] older,
    input  wire                 slot,
    output wire                 gnt_v,
    output reg  [VN_W-1:0]      gnt_idx,
    output reg  [N_VN-1:0]      gnt_oh
);
    wire [N_VN-1:0] hi  = elig & big;
    wire [N_VN-1:0] set = (|hi) ? hi : elig;
    integer c, d;
    always @(*) begin
        gnt_idx = {VN_W{1'b0}};
        for (c = 0; c < N_VN; c = c + 1) begin
            gnt_oh[c] = set[c] && slot;
            for (d = 0; d < N_VN; d = d + 1)
                if (d != c && set[d] && older[d*N_VN+c]) gnt_oh[c] = 1'b0;
            if (gnt_oh[c]) gnt_idx = gnt_idx | c[VN_W-1:0];
        end
    end
    assign gnt_v = slot && (|elig);
endmodule
`resetall
