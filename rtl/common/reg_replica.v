`resetall
`default_nettype none
// reg_replica: one copy of a register, kept apart from its twins through synthesis.
//
// A register with a high fanout (a table index, a select, an enable that reaches 64 bits of a
// datapath) is routed across the whole block, and on ECP5 the net alone can take most of an 8 ns
// cycle (docs/synth.md "Failing endpoints"). The cure is copies, each feeding one group of loads,
// that the placer can put next to its group. Written inline, Yosys' opt_merge folds identical
// flip-flops back into one (keep on the reg does not stop it); an instance of this module with
// keep_hierarchy stays a cell of its own, so each instance is one more copy after synthesis
// (nextpnr flattens the hierarchy when it reads the netlist).
//
// Parameters: WIDTH (>= 1). Ports: d[WIDTH-1:0] -> q[WIDTH-1:0], q = d of the previous cycle;
// no reset, no enable (use it for free-running pipeline copies; the owner resets the original).
// Latency 1 cycle, one value per cycle. Simulation and formal: a plain register.
(* keep_hierarchy *)
module reg_replica #(
    parameter WIDTH = 1
) (
    input  wire             clk,
    input  wire [WIDTH-1:0] d,
    output reg  [WIDTH-1:0] q
);
    initial begin
        if (WIDTH < 1) begin
            $error("%m: WIDTH must be >= 1"); $finish;
        end
    end

    always @(posedge clk)
        q <= d;
endmodule
`resetall
