// barrier_fanout: switch-side multicast fan-out of barrier notifications.
//
// Seed 001 ¶30 / ¶42 / ¶73-¶74 (the switch maps one notification to every device of the barrier
// group and propagates it), ¶48 (reflect to the issuer, or leave it to the issuer's internal
// path), note §4.3 (remaining-mask replication gives exactly-once delivery). Contract:
// docs/barrier.md section 7.
//
// Parameters: NUM_PORTS (NP, 2..16), NUM_GROUPS (NG, power of two, 2..64), DATA_WIDTH (power of two,
// 32..512), FIFO_DEPTH (beats, power of two, >= 2 * ceil(34 / (DATA_WIDTH/8)) + 2).
// s_axis_in: packets with tuser[3:0] = ingress port. m_axis_out: NP egress streams, flattened
// (port p = bits [p*DATA_WIDTH +: DATA_WIDTH] etc.), tuser = source port.
// Decision: taken when byte 33 (end of the IPv4 destination address) has arrived, or at tlast
// for a shorter packet; drops: drop_malformed, drop_bad_src, drop_unknown_group,
// drop_no_members (one statistics counter each). Throughput: one beat per cycle when every
// destination port is ready; a beat is dequeued once every destination port has taken it.
module barrier_fanout #(
    parameter NUM_PORTS  = 8,
    parameter NUM_GROUPS = 16,
    parameter DATA_WIDTH = 64,
    parameter FIFO_DEPTH = 32
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [15:0]                       s_axil_awaddr,
    input  wire                              s_axil_awvalid,
    output wire                              s_axil_awready,
    input  wire [31:0]                       s_axil_wdata,
    input  wire [3:0]                        s_axil_wstrb,
    input  wire                              s_axil_wvalid,
    output wire                              s_axil_wready,
    output wire [1:0]                        s_axil_bresp,
    output wire                              s_axil_bvalid,
    input  wire                              s_axil_bready,
    input  wire [15:0]                       s_axil_araddr,
    input  wire                              s_axil_arvalid,
    output wire                              s_axil_arready,
    output wire [31:0]                       s_axil_rdata,
    output wire [1:0]                        s_axil_rresp,
    output wire                              s_axil_rvalid,
    input  wire                              s_axil_rready,
    input  wire [DATA_WIDTH-1:0]             s_axis_in_tdata,
    input  wire [DATA_WIDTH/8-1:0]           s_axis_in_tkeep,
    input  wire                              s_axis_in_tvalid,
    output wire                              s_axis_in_tready,
    input  wire                              s_axis_in_tlast,
    input  wire [3:0]                        s_axis_in_tuser,
    output wire [NUM_PORTS*DATA_WIDTH-1:0]   m_axis_out_tdata,
    output wire [NUM_PORTS*DATA_WIDTH/8-1:0] m_axis_out_tkeep,
    output wire [NUM_PORTS-1:0]              m_axis_out_tvalid,
    input  wire [NUM_PORTS-1:0]              m_axis_out_tready,
    output wire [NUM_PORTS-1:0]              m_axis_out_tlast,
    output wire [NUM_PORTS*4-1:0]            m_axis_out_tuser
);
    localparam NP    = NUM_PORTS;
    localparam NG    = NUM_GROUPS;
    localparam KW    = DATA_WIDTH / 8;
    localparam FW    = $clog2(FIFO_DEPTH);
    localparam DQ    = 4;                       // decision queue depth
    localparam NSTAT = 8;
    localparam GW    = $clog2(NUM_GROUPS);
    localparam integer NP_I = NP;
    localparam integer NG_I = NG;
    localparam [31:0] PARAMS = {16'd0, NG_I[7:0], NP_I[7:0]};
    localparam [6:0] NG7 = NG_I[6:0];
    localparam [4:0] NP5 = NP_I[4:0];

    generate
        if (NP < 2 || NP > 16) begin : g_bad_np
            PARAMETER_ERROR_NUM_PORTS_must_be_2_to_16 u_err();
        end
        if (NG < 2 || NG > 64 || (NG & (NG - 1)) != 0) begin : g_bad_ng
            PARAMETER_ERROR_NUM_GROUPS_must_be_pow2_2_to_64 u_err();
        end
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
        begin : g_bad_dw
            PARAMETER_ERROR_DATA_WIDTH_must_be_pow2_32_to_512 u_err();
        end
        if ((FIFO_DEPTH & (FIFO_DEPTH - 1)) != 0 || FIFO_DEPTH < 2 * ((34 + KW - 1) / KW) + 2)
        begin : g_bad_fd
            PARAMETER_ERROR_FIFO_DEPTH_too_small_or_not_pow2 u_err();
        end
    endgenerate

    // ------------------------------------------------------------ CSRs
    wire        reg_wr_en;
    wire [15:0] reg_wr_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    reg         reg_wr_err;
    wire [15:0] reg_rd_addr;
    reg  [31:0] reg_rd_data;
    reg         reg_rd_err;

    axil_reg_if #(.ADDR_WIDTH(16)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata),
        .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
        .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata),
        .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );

    reg          g_valid_reg   [0:NG-1];
    reg          g_reflect_reg [0:NG-1];
    reg [31:0]   g_ip_reg      [0:NG-1];
    reg [NP-1:0] g_mask_reg    [0:NG-1];
    reg [31:0]   stat_reg      [0:NSTAT-1];

    wire       w_grp    = (reg_wr_addr[15:10] == 6'b000001) && ({1'b0, reg_wr_addr[9:4]} < NG7);
    wire [GW-1:0] w_g   = reg_wr_addr[4 +: GW];
    wire       r_grp    = (reg_rd_addr[15:10] == 6'b000001) && ({1'b0, reg_rd_addr[9:4]} < NG7);
    wire [GW-1:0] r_g   = reg_rd_addr[4 +: GW];
    wire       r_stat   = (reg_rd_addr[15:5] == 11'h008) && (reg_rd_addr[1:0] == 2'b00);

    always @* begin
        reg_wr_err = 1'b0;
        if (reg_wr_strb != 4'b1111)
            reg_wr_err = 1'b1;
        else if (w_grp)
            reg_wr_err = !(reg_wr_addr[3:0] == 4'h0 || reg_wr_addr[3:0] == 4'h4 ||
                           reg_wr_addr[3:0] == 4'h8);
        else
            reg_wr_err = 1'b1;
    end
    always @* begin
        reg_rd_data = 32'd0;
        reg_rd_err  = 1'b0;
        if (r_grp) begin
            case (reg_rd_addr[3:0])
                4'h0: reg_rd_data = {30'd0, g_reflect_reg[r_g], g_valid_reg[r_g]};
                4'h4: reg_rd_data = g_ip_reg[r_g];
                4'h8: reg_rd_data = {{(32-NP){1'b0}}, g_mask_reg[r_g]};
                default: reg_rd_err = 1'b1;
            endcase
        end else if (r_stat) begin
            reg_rd_data = stat_reg[reg_rd_addr[4:2]];
        end else if (reg_rd_addr == 16'h0000) begin
            reg_rd_data = 32'h46414e31;
        end else if (reg_rd_addr == 16'h0004) begin
            reg_rd_data = PARAMS;
        end else begin
            reg_rd_err = 1'b1;
        end
    end

    // ------------------------------------------------------------ data FIFO (beats)
    localparam EW = DATA_WIDTH + KW + 1 + 4;
    reg [EW-1:0] fifo_mem [0:FIFO_DEPTH-1];
    reg [FW-1:0] f_wp_reg, f_rp_reg;
    reg [FW:0]   f_cnt_reg;

    // decision FIFO {drop, dmask}
    reg [NP:0]   dq_mem [0:DQ-1];
    reg [1:0]    dq_wp_reg, dq_rp_reg;
    reg [2:0]    dq_cnt_reg;

    // ------------------------------------------------------------ ingress parser
    reg          decided_reg;     // decision for the current ingress packet already queued
    reg [15:0]   len_reg;
    reg [7:0]    hb_reg [0:33];   // bytes 0..33 of the current packet

    wire in_fire = s_axis_in_tvalid && s_axis_in_tready;
    assign s_axis_in_tready = !f_cnt_reg[FW] && !dq_cnt_reg[2];   // neither FIFO full

    // header bytes including the current beat
    reg [7:0]  hn [0:33];
    reg [15:0] nbytes;
    integer i, j;
    always @* begin
        nbytes = 16'd0;
        for (i = 0; i < KW; i = i + 1)
            if (s_axis_in_tkeep[i]) nbytes = nbytes + 16'd1;
        for (j = 0; j < 34; j = j + 1) begin
            hn[j] = hb_reg[j];
            for (i = 0; i < KW; i = i + 1)
                if (s_axis_in_tkeep[i] && ({16'd0, len_reg} + i) == j)
                    hn[j] = s_axis_in_tdata[8*i +: 8];
        end
    end
    wire [15:0] len_next   = len_reg + nbytes;
    wire [31:0] dip        = {hn[30], hn[31], hn[32], hn[33]};
    wire        is_ipv4    = ({hn[12], hn[13]} == 16'h0800) && (hn[14][7:4] == 4'd4);
    wire        long_enough = (len_next >= 16'd34);
    wire        decide_now = in_fire && !decided_reg && (long_enough || s_axis_in_tlast);

    // group lookup (lowest matching valid entry)
    reg          hit;
    reg          hit_reflect;
    reg [NP-1:0] hit_mask;
    integer g;
    always @* begin
        hit = 1'b0;
        hit_reflect = 1'b0;
        hit_mask = {NP{1'b0}};
        for (g = NG - 1; g >= 0; g = g - 1) begin
            if (g_valid_reg[g] && g_ip_reg[g] == dip) begin
                hit = 1'b1;
                hit_reflect = g_reflect_reg[g];
                hit_mask = g_mask_reg[g];
            end
        end
    end
    wire [3:0]    src      = s_axis_in_tuser;
    wire          src_ok   = ({1'b0, src} < NP5);
    wire [NP-1:0] src_bit  = {{(NP-1){1'b0}}, 1'b1} << src;
    wire [NP-1:0] dmask    = hit_mask & ~(hit_reflect ? {NP{1'b0}} : src_bit);
    wire d_malf  = !long_enough || !is_ipv4;
    wire d_src   = !d_malf && !src_ok;
    wire d_group = !d_malf && !d_src && !hit;
    wire d_none  = !d_malf && !d_src && hit && (dmask == {NP{1'b0}});
    wire d_drop  = d_malf || d_src || d_group || d_none;

    // ------------------------------------------------------------ egress
    wire [EW-1:0]         head      = fifo_mem[f_rp_reg];
    wire [DATA_WIDTH-1:0] h_data    = head[EW-1 -: DATA_WIDTH];
    wire [KW-1:0]         h_keep    = head[4 + 1 +: KW];
    wire                  h_last    = head[4];
    wire [3:0]            h_user    = head[3:0];
    wire                  have_beat = (f_cnt_reg != 0) && (dq_cnt_reg != 0);
    wire [NP:0]           cur       = dq_mem[dq_rp_reg];
    wire                  cur_drop  = cur[NP];
    wire [NP-1:0]         cur_mask  = cur[NP-1:0];
    reg  [NP-1:0]         sent_reg;                   // ports that already took the head beat

    wire [NP-1:0] want     = (have_beat && !cur_drop) ? (cur_mask & ~sent_reg) : {NP{1'b0}};
    wire [NP-1:0] took     = want & m_axis_out_tready;
    wire          beat_done = have_beat && (cur_drop || ((sent_reg | took) == cur_mask));
    wire          pkt_done  = beat_done && h_last;

    genvar gp;
    generate
        for (gp = 0; gp < NP; gp = gp + 1) begin : g_out
            assign m_axis_out_tdata[gp*DATA_WIDTH +: DATA_WIDTH] = h_data;
            assign m_axis_out_tkeep[gp*KW +: KW]                 = h_keep;
            assign m_axis_out_tlast[gp]                          = h_last;
            assign m_axis_out_tuser[gp*4 +: 4]                   = h_user;
        end
    endgenerate
    assign m_axis_out_tvalid = want;

    // popcount of the destination mask (copies_out)
    reg [4:0] ncopies;
    integer c;
    always @* begin
        ncopies = 5'd0;
        for (c = 0; c < NP; c = c + 1)
            ncopies = ncopies + {4'd0, dmask[c]};
    end

    // ------------------------------------------------------------ sequential
    integer s, q;
    always @(posedge clk) begin
        if (rst) begin
            f_wp_reg    <= {FW{1'b0}};
            f_rp_reg    <= {FW{1'b0}};
            f_cnt_reg   <= {(FW+1){1'b0}};
            dq_wp_reg   <= 2'd0;
            dq_rp_reg   <= 2'd0;
            dq_cnt_reg  <= 3'd0;
            decided_reg <= 1'b0;
            len_reg     <= 16'd0;
            sent_reg    <= {NP{1'b0}};
            for (q = 0; q < 34; q = q + 1) hb_reg[q] <= 8'd0;
            for (q = 0; q < NG; q = q + 1) begin
                g_valid_reg[q]   <= 1'b0;
                g_reflect_reg[q] <= 1'b0;
                g_ip_reg[q]      <= 32'd0;
                g_mask_reg[q]    <= {NP{1'b0}};
            end
            for (s = 0; s < NSTAT; s = s + 1) stat_reg[s] <= 32'd0;
        end else begin
            // CSR writes
            if (reg_wr_en && !reg_wr_err) begin
                case (reg_wr_addr[3:0])
                    4'h0: begin
                        g_valid_reg[w_g]   <= reg_wr_data[0];
                        g_reflect_reg[w_g] <= reg_wr_data[1];
                    end
                    4'h4: g_ip_reg[w_g] <= reg_wr_data;
                    default: g_mask_reg[w_g] <= reg_wr_data[NP-1:0];
                endcase
            end
            if (reg_wr_en && reg_wr_err)
                stat_reg[7] <= stat_reg[7] + 32'd1;

            // ingress
            if (in_fire) begin
                fifo_mem[f_wp_reg] <= {s_axis_in_tdata, s_axis_in_tkeep, s_axis_in_tlast,
                                       s_axis_in_tuser};
                f_wp_reg <= f_wp_reg + 1'b1;
                for (q = 0; q < 34; q = q + 1) hb_reg[q] <= hn[q];
                if (s_axis_in_tlast) begin
                    len_reg     <= 16'd0;
                    decided_reg <= 1'b0;
                end else begin
                    len_reg     <= (len_next > 16'hfeff) ? 16'hff00 : len_next;
                    if (decide_now) decided_reg <= 1'b1;
                end
            end
            if (decide_now) begin
                dq_mem[dq_wp_reg] <= {d_drop, d_drop ? {NP{1'b0}} : dmask};
                dq_wp_reg <= dq_wp_reg + 1'b1;
                stat_reg[0] <= stat_reg[0] + 32'd1;
                if (!d_drop) begin
                    stat_reg[1] <= stat_reg[1] + 32'd1;
                    stat_reg[2] <= stat_reg[2] + {27'd0, ncopies};
                end
                if (d_malf)  stat_reg[3] <= stat_reg[3] + 32'd1;
                if (d_group) stat_reg[4] <= stat_reg[4] + 32'd1;
                if (d_none)  stat_reg[5] <= stat_reg[5] + 32'd1;
                if (d_src)   stat_reg[6] <= stat_reg[6] + 32'd1;
            end

            // egress
            if (beat_done) begin
                f_rp_reg <= f_rp_reg + 1'b1;
                sent_reg <= {NP{1'b0}};
            end else begin
                sent_reg <= sent_reg | took;
            end
            if (pkt_done)
                dq_rp_reg <= dq_rp_reg + 1'b1;
            f_cnt_reg  <= f_cnt_reg + {{FW{1'b0}}, in_fire} - {{FW{1'b0}}, beat_done};
            dq_cnt_reg <= dq_cnt_reg + {2'd0, decide_now} - {2'd0, pkt_done};
        end
    end
endmodule
