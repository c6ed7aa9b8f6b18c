// fpga/common/test/stub_ports_ok.v - fixture of `make lint-card`: an ANSI stub that matches
// test/stub_ports_core.v (status left out: an unconnected output, a note only).
(* blackbox *)
module tiny_core (
    input  wire         clk,
    input  wire         rst_n,
    input  wire [255:0] s_tdata,
    output wire [3:0]   s_tready,
    output wire [255:0] m_tdata
);
endmodule
