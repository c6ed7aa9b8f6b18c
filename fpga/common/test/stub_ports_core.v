// fpga/common/test/stub_ports_core.v - fixture of `make lint-card`: a core port list in the
// non-ANSI style of Vivado's generated *_stub.v files (written by hand; made-up module).
module tiny_core(clk, rst_n, s_tdata, s_tready, m_tdata, status)
/* synthesis syn_black_box black_box_pad_pin="rst_n" */;
  input clk;
  input rst_n;
  input [255:0]s_tdata;
  output [3:0]s_tready;
  output [255:0]m_tdata;
  output [7:0]status;
endmodule
