`resetall
`timescale 1ns / 1ps
`default_nettype none
// ff_keep: one flip-flop kept as a hierarchy level of its own (keep_hierarchy), so that Yosys
// does not merge the copies a caller instantiates with the same input (opt_merge merges identical
// flip-flops, and a keep attribute on a reg does not stop it): a control register replicated by
// hand to cut the fan-out of a wide load enable (barrier_tx at DATA_WIDTH 512: one copy per 64-bit
// lane, docs/barrier.md 5.6). nextpnr flattens the hierarchy when it reads the netlist.
// Ports: d [WIDTH] -> q one cycle later; rst (synchronous) loads RST_VAL.
// Widths: WIDTH bits (default 1). Latency: 1 cycle. Throughput: every cycle. Errors: none. Own code.
(* keep_hierarchy *)
module ff_keep #(
    parameter             WIDTH   = 1,
    parameter [WIDTH-1:0] RST_VAL = {WIDTH{1'b0}}
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] d,
    output reg  [WIDTH-1:0] q
);
    always @(posedge clk) begin
        if (rst) q <= RST_VAL;
        else     q <= d;
    end
endmodule
`resetall
