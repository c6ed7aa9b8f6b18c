`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_txdma_sched: HOST_SCHED of the TX DMA engine, one read-issue decision (combinational, pure
// function of its inputs; the engine registers every input and applies the result at the clock
// edge, docs/nic_txdma.md 4.2).
//
// Source: seed 003 L62-L68 (host-side scheduling, LWM), spec note 003 section 2.3 HOST_SCHED
// pseudo-code (implemented branch for branch), section 4 B4 (D2, D3, D4), A24 (fill = occ + rsv),
// A25 (the next VN to start: oldest command arrival).
//
// Ports (N_VN contexts, context c serves VN c):
//   needs[c]      valid && rem > 0 && !blocked (registered by the engine in the snapshot cycle)
//   low[c]        fill(c) = occ + rsv <= LWM[vn(c)] (bytes; the engine compares 32 * lines)
//   cstart[c]     context c is free and VN c has a queued command
//   older[i*N_VN+j]     context i was allocated before context j (age matrix, D9)
//   cmd_older[i*N_VN+j] the head command of VN i arrived before the head command of VN j
//   cur_v, cur    the current context (the last one granted or started)
//   nxt_v, nxt    the current context after this slot; rd: a read for nxt issues in this slot;
//                 start: context nxt is started from its VN's command FIFO (no read this slot)
// Decision, in this order (section 2.3):
//   1. P = { c : c older than cur, needs(c), low(c) } non-empty -> cur = oldest of P, read
//   2. cur valid and needs(cur)                                 -> keep cur, read
//   3. some c with needs(c)                                     -> cur = oldest such c, read
//   4. (no context needs: every started one is blocked or fully requested) a free context with
//      a queued command                                         -> start the VN whose head
//                                                                  command is oldest; cur = it
//   5. otherwise cur = none
// Latency: combinational, about 6 LUT levels at N_VN = 4. Errors: none (inputs are internal).
module nic_txdma_sched #(
    parameter N_VN = 4,
    parameter VN_W = 2
) (
    input  wire [N_VN-1:0]      needs,
    input  wire [N_VN-1:0]      low,
    input  wire [N_VN-1:0]      cstart,
    input  wire [N_VN*N_VN-1:0] older,
    input  wire [N_VN*N_VN-1:0] cmd_older,
    input  wire                 cur_v,
    input  wire [VN_W-1:0]      cur,
    output reg                  nxt_v,
    output reg  [VN_W-1:0]      nxt,
    output reg                  rd,
    output reg                  start
);
    // oldest member of a set under an order matrix: no other member is older
    function automatic [VN_W-1:0] oldest_idx(input [N_VN-1:0] s, input [N_VN*N_VN-1:0] m);
        integer c, d;
        reg hit;
        begin
            oldest_idx = {VN_W{1'b0}};
            for (c = 0; c < N_VN; c = c + 1) begin
                hit = s[c];
                for (d = 0; d < N_VN; d = d + 1)
                    if (d != c && s[d] && m[d*N_VN+c]) hit = 1'b0;
                if (hit) oldest_idx = oldest_idx | c[VN_W-1:0];
            end
        end
    endfunction

    reg [N_VN-1:0] p;
    integer k;
    always @(*) begin
        for (k = 0; k < N_VN; k = k + 1)
            p[k] = needs[k] && low[k] && cur_v && k != {{(32-VN_W){1'b0}}, cur} && older[k*N_VN + {{(32-VN_W){1'b0}}, cur}];
        nxt_v = 1'b1;
        nxt   = cur;
        rd    = 1'b0;
        start = 1'b0;
        if (|p) begin
            nxt = oldest_idx(p, older);
            rd  = 1'b1;
        end else if (cur_v && needs[cur]) begin
            rd  = 1'b1;
        end else if (|needs) begin
            nxt = oldest_idx(needs, older);
            rd  = 1'b1;
        end else if (|cstart) begin
            nxt   = oldest_idx(cstart, cmd_older);
            start = 1'b1;
        end else begin
            nxt_v = 1'b0;
        end
    end
endmodule
`resetall
