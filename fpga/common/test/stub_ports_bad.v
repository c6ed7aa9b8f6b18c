// fpga/common/test/stub_ports_bad.v - fixture of `make lint-card`: must fail against
// test/stub_ports_core.v (s_tready 1 bit instead of 4, rst_n missing, extra port).
(* blackbox *)
module tiny_core (
    input  wire         clk,
    input  wire [255:0] s_tdata,
    output wire         s_tready,
    output wire [255:0] m_tdata,
    output wire         extra
);
endmodule
