// nic_xlat_replay: Icarus Verilog vector replay of nic_xlat (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_xlat --scenario random --vectors DIR) writes, for
// every clock cycle (reset included), every input pin of nic_xlat to DIR/stim.hex and the
// handshake output pins as Verilator saw them (settled, before the rising edge) to DIR/outs.hex;
// for every output transaction, the C model's expected value (as the scoreboard compared it) to
// DIR/exp_{resp,rd,csr}.hex. This bench applies the same pin values cycle by cycle, checks every
// handshake pin every cycle out of reset (cycle-exact), and compares each m_resp / m_rd / AXI4-Lite
// read data handshake with the model's next line of that port. It prints "N passed, N failed" and
// stops with $fatal on the first mismatch. Parameters: the defaults of nic_xlat (64 PIDs, 8 MQ
// slots, ID_W 8, the default caches), as the lockstep build (NX_PSET empty); the widths used here
// are checked against the DUT's at time 0.
//
// All files: one line per cycle or per transaction, hex digits without 0x, most significant first.
// stim.hex line (one per cycle; 230 bits, 58 hex digits, the top 2 bits of the first digit 0):
//   rst                 1
//   s_req_valid         1
//   s_req_pid[15:0]     16   (PID_IN_W 16)
//   s_req_va[63:0]      64
//   s_req_write         1
//   s_req_id[7:0]       8    (ID_W 8)
//   m_resp_ready        1
//   m_rd_ready          1
//   s_cpl_valid         1
//   s_cpl_tag[4:0]      5    (widest tag, MQ 32; this build uses [2:0], MQ 8)
//   s_cpl_data[63:0]    64
//   dma_busy[1:0]       2
//   s_axil_awvalid      1
//   s_axil_awaddr[11:0] 12
//   s_axil_wvalid       1
//   s_axil_wdata[31:0]  32
//   s_axil_wstrb[3:0]   4
//   s_axil_bready       1
//   s_axil_arvalid      1
//   s_axil_araddr[11:0] 12
//   s_axil_rready       1
// outs.hex line (one per cycle; 12 bits, 3 hex digits), compared in every cycle with rst low:
//   s_req_ready, m_resp_valid, m_rd_valid, s_cpl_ready, s_axil_awready, s_axil_wready,
//   s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid), s_axil_arready, s_axil_rvalid, inv_done
// exp_resp.hex line (one per m_resp handshake, in handshake order; 5 space-separated fields):
//   id (m_resp_id, ID_W bits)  pa (m_resp_pa, 52 bits)  size (m_resp_size: 0 4K, 1 2M, 2 1G)
//   fault (m_resp_fault, 0 none .. 6 NO_CR3)  gen (m_resp_gen)
// exp_rd.hex line (one per m_rd handshake; 2 fields): addr (m_rd_addr, 52 bits)  tag (m_rd_tag)
// exp_csr.hex line (one per AXI4-Lite read, R handshake; 2 fields): rdata (32 bits)  rresp (0 OKAY,
//   2 SLVERR)
`timescale 1ns/1ps
module nic_xlat_replay;
    parameter DIR = "build/vectors/nic_xlat";
    localparam ID_W = 8, MQ = 8, MQW = 3, PID_IN_W = 16;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 16 + 64 + 1 + 8 + 1 + 1 + 1 + 5 + 64 + 2 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;

    reg clk = 1'b0;
    reg [VW-1:0] v;
    wire rst, req_valid, req_write, resp_ready, rd_ready, cpl_valid;
    wire awvalid, wvalid, bready, arvalid, rready;
    wire [15:0] req_pid;
    wire [63:0] req_va, cpl_data;
    wire [7:0]  req_id;
    wire [4:0]  cpl_tag;
    wire [1:0]  dma_busy;
    wire [11:0] awaddr, araddr;
    wire [31:0] wdata;
    wire [3:0]  wstrb;
    assign {rst, req_valid, req_pid, req_va, req_write, req_id, resp_ready, rd_ready,
            cpl_valid, cpl_tag, cpl_data, dma_busy,
            awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire req_ready, resp_valid, rd_valid, cpl_ready, inv_done;
    wire awready, wready, bvalid, arready, rvalid;
    wire [1:0] bresp, rresp;
    wire [31:0] rdata;
    wire [ID_W-1:0] o_id;
    wire [51:0] o_pa, o_rdaddr;
    wire [1:0]  o_size;
    wire [2:0]  o_fault;
    wire        o_gen;
    wire [MQW-1:0] o_tag;

    nic_xlat dut (
        .clk(clk), .rst(rst),
        .s_req_valid(req_valid), .s_req_ready(req_ready), .s_req_pid(req_pid[PID_IN_W-1:0]),
        .s_req_va(req_va), .s_req_write(req_write), .s_req_id(req_id[ID_W-1:0]),
        .m_resp_valid(resp_valid), .m_resp_ready(resp_ready), .m_resp_id(o_id), .m_resp_pa(o_pa),
        .m_resp_size(o_size), .m_resp_fault(o_fault), .m_resp_gen(o_gen),
        .m_rd_valid(rd_valid), .m_rd_ready(rd_ready), .m_rd_addr(o_rdaddr), .m_rd_tag(o_tag),
        .s_cpl_valid(cpl_valid), .s_cpl_ready(cpl_ready), .s_cpl_tag(cpl_tag[MQW-1:0]),
        .s_cpl_data(cpl_data), .dma_busy(dma_busy), .inv_done(inv_done),
        .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
        .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid),
        .s_axil_wready(wready), .s_axil_bresp(bresp), .s_axil_bvalid(bvalid),
        .s_axil_bready(bready), .s_axil_araddr(araddr), .s_axil_arvalid(arvalid),
        .s_axil_arready(arready), .s_axil_rdata(rdata), .s_axil_rresp(rresp),
        .s_axil_rvalid(rvalid), .s_axil_rready(rready)
    );

    integer fs, fo, fr, fd, fc, r, cycles, passed, failed;
    reg [11:0] e_outs;
    wire [11:0] outs = {req_ready, resp_valid, rd_valid, cpl_ready, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid, inv_done};
    reg [63:0] e_id, e_pa, e_size, e_fault, e_gen, e_addr, e_tag, e_rdata, e_rresp;

    task fail;
        input [8*16-1:0] port;
        begin
            failed = failed + 1;
            $display("MISMATCH nic_xlat port %0s at cycle %0d", port, cycles);
            $display("%0d passed, %0d failed", passed, failed);
            $fatal(1, "vector replay mismatch");
        end
    endtask

    initial begin
        passed = 0; failed = 0; cycles = 0;
        if (dut.ID_W != ID_W || dut.MQ != MQ || dut.PID_IN_W != PID_IN_W)
            $fatal(1, "nic_xlat_replay: the bench assumes ID_W %0d, MQ %0d, PID_IN_W %0d (the RTL defaults)",
                   ID_W, MQ, PID_IN_W);
        fs = $fopen({DIR, "/stim.hex"}, "r");
        fo = $fopen({DIR, "/outs.hex"}, "r");
        fr = $fopen({DIR, "/exp_resp.hex"}, "r");
        fd = $fopen({DIR, "/exp_rd.hex"}, "r");
        fc = $fopen({DIR, "/exp_csr.hex"}, "r");
        if (fs == 0 || fo == 0 || fr == 0 || fd == 0 || fc == 0)
            $fatal(1, "cannot open vector files in %0s", DIR);
        while ($fscanf(fs, "%h\n", v) == 1) begin
            #1;
            r = $fscanf(fo, "%h\n", e_outs);
            if (r != 1 || (!rst && e_outs !== outs)) begin
                $display("  handshake pins {req_ready resp_valid rd_valid cpl_ready awready wready bvalid bresp arready rvalid inv_done}: expected %b, actual %b",
                         e_outs, outs);
                fail("pins");
            end
            if (!rst && resp_valid && resp_ready) begin
                r = $fscanf(fr, "%h %h %h %h %h\n", e_id, e_pa, e_size, e_fault, e_gen);
                if (r != 5 || e_id[ID_W-1:0] !== o_id || e_pa[51:0] !== o_pa || e_size[1:0] !== o_size ||
                    e_fault[2:0] !== o_fault || e_gen[0] !== o_gen) begin
                    $display("  expected id %h pa %h size %h fault %h gen %h", e_id, e_pa, e_size, e_fault, e_gen);
                    $display("  actual   id %h pa %h size %h fault %h gen %h", o_id, o_pa, o_size, o_fault, o_gen);
                    fail("m_resp");
                end
                else passed = passed + 1;
            end
            if (!rst && rd_valid && rd_ready) begin
                r = $fscanf(fd, "%h %h\n", e_addr, e_tag);
                if (r != 2 || e_addr[51:0] !== o_rdaddr || e_tag[MQW-1:0] !== o_tag) begin
                    $display("  expected addr %h tag %h, actual addr %h tag %h", e_addr, e_tag, o_rdaddr, o_tag);
                    fail("m_rd");
                end
                else passed = passed + 1;
            end
            if (!rst && rvalid && rready) begin
                r = $fscanf(fc, "%h %h\n", e_rdata, e_rresp);
                if (r != 2 || e_rdata[31:0] !== rdata || e_rresp[1:0] !== rresp) begin
                    $display("  expected rdata %h rresp %h, actual rdata %h rresp %h", e_rdata, e_rresp, rdata, rresp);
                    fail("s_axil read");
                end
                else passed = passed + 1;
            end
            #4 clk = 1'b1;
            #5 clk = 1'b0;
            cycles = cycles + 1;
        end
        if ($fscanf(fo, "%h\n", e_outs) == 1) fail("outs-extra");
        if ($fscanf(fr, "%h %h %h %h %h\n", e_id, e_pa, e_size, e_fault, e_gen) == 5) fail("resp-missing");
        if ($fscanf(fd, "%h %h\n", e_addr, e_tag) == 2) fail("rd-missing");
        if ($fscanf(fc, "%h %h\n", e_rdata, e_rresp) == 2) fail("csr-missing");
        $display("nic_xlat icarus replay: %0d cycles", cycles);
        $display("%0d passed, %0d failed", passed, failed);
        $finish;
    end
endmodule
