`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_xlat_cache: the cache of one page-table level of nic_xlat (docs/nic_xlat.md section 4.2).
//
// Source: seed 003 L86-L100 (one cache per level, each with its own tag, size and associativity),
// ../shared/spec/003-nic-app-state.md block B6; own organisation (docs/nic_xlat.md 4.2).
//
// Shape: SETS x WAYS entries. Entry = valid (flip-flop, reset 0) + tag {pid[PID_W], vpn[VPN_W]}
//   + data[DATA_W] (RAM, not reset; one RAM per way, SETS deep: LUTRAM for SETS > 1, flip-flops
//   for SETS = 1, the fully associative shape). The set of a VPN is vpn[SW-1:0] (SW = log2 SETS);
//   the tag keeps the whole VPN, so the invalidation scan compares VA ranges directly.
//   data[DATA_W-1] is the entry's leaf flag (PS of a PDPE / PDE); with LEAF_ALWAYS = 1 (PTE)
//   every entry is a leaf.
// Timing (op pipeline of nic_xlat, docs/nic_xlat.md 4.3: P0 issue, P1 read, P2 compare, P3
// select, P4 act):
//   P0  rd_set, lk_pid, lk_vpn presented (registered here).
//   P1  the set's tags, data and valid bits read (registered: LUTRAM read of SETS > 1).
//   P2  tags compared; the hit one-hot, and the fill way (the way that hit, else the lowest invalid
//       way, else the set's round-robin pointer), registered.
//   P3  the hit way's data selected (one-hot AND-OR), registered.
//   P4  hit_s2 / hit_oh_s2 / hit_data_s2 valid; wr_en (a fill) writes the P0 tag and wr_data into
//       the fill way of P2: an overwrite when the tag hit (never two entries with one tag: T5).
//   The caller guarantees that no fill or scan writes between an op's P1 and its P4 (nic_xlat's
//   writer stall), so the P2 way and the P1 reads are still right in P4.
//   Invalidation scan: scan_rd with rd_set = s (P0-like) reads set s in P1; in P2 every way of
//   that set is compared with {inv_use_pid: pid == inv_pid} & {inv_use_range: inv_lo <= vpn <=
//   inv_hi} & {inv_leaf_only: leaf}; in P3 the matching ways lose their valid bit. One set per
//   cycle, pipelined; the last clear is 3 cycles after the last scan_rd.
// Latency: P0 -> P4 4 cycles; throughput one lookup or one fill or one scan set per cycle.
module nic_xlat_cache #(
    parameter SETS        = 1,
    parameter WAYS        = 8,
    parameter PID_W       = 6,
    parameter VPN_W       = 9,
    parameter DATA_W      = 42,
    parameter LEAF_ALWAYS = 0
) (
    input  wire                          clk,
    input  wire                          rst,
    // P0: read (lookup or scan)
    input  wire [(SETS > 1 ? $clog2(SETS) : 1)-1:0] rd_set,
    input  wire [PID_W-1:0]              lk_pid,
    input  wire [VPN_W-1:0]              lk_vpn,
    // P4: lookup result of the op read in P0 four cycles before
    output reg                           hit_s2,
    output reg  [WAYS-1:0]               hit_oh_s2,
    output reg  [DATA_W-1:0]             hit_data_s2,
    // P4: fill (tag from the P4 op's lookup operands)
    input  wire                          wr_en,
    input  wire [DATA_W-1:0]             wr_data,
    // invalidation scan
    input  wire                          scan_rd,
    input  wire                          inv_use_pid,
    input  wire [PID_W-1:0]              inv_pid,
    input  wire                          inv_use_range,
    input  wire [VPN_W-1:0]              inv_lo,
    input  wire [VPN_W-1:0]              inv_hi,
    input  wire                          inv_leaf_only,
    // for the proofs / testbench (valid bits, flattened set-major)
    output wire [SETS*WAYS-1:0]          valid_vec
);
    localparam SW    = SETS > 1 ? $clog2(SETS) : 1;
    localparam TAG_W = PID_W + VPN_W;
    localparam WW    = WAYS > 1 ? $clog2(WAYS) : 1;
    localparam integer RR_LAST_I = WAYS - 1;
    localparam [WW-1:0] RR_LAST = RR_LAST_I[WW-1:0];

    initial begin
        if (SETS < 1 || (SETS & (SETS - 1)) != 0) $fatal(1, "nic_xlat_cache: SETS must be a power of two");
        if (WAYS < 1 || WAYS > 64) $fatal(1, "nic_xlat_cache: WAYS must be 1..64");
        if (SETS > 1 && VPN_W < SW) $fatal(1, "nic_xlat_cache: VPN_W below log2(SETS)");
    end

    reg  [WAYS-1:0] valid_reg [0:SETS-1];
    reg  [WW-1:0]   rr_reg    [0:SETS-1];

    // operand registers P1 .. P4; the compare operand in registers of this cache's own (ff_keep:
    // Yosys would merge them with the equal registers of the other caches and of nic_xlat, and one
    // register would drive every comparator of the unit)
    reg  [SW-1:0]    set_p1, set_p2, set_p3, set_p4;
    wire [TAG_W-1:0] tag_p1, tag_p2;
    reg  [TAG_W-1:0] tag_p3, tag_p4;
    wire [WAYS-1:0]  hit_p2, scan_match_p2;
    reg              scan_p1, scan_p2, scan_p3;
    reg  [WAYS-1:0]  match_p3;
    reg  [WAYS-1:0]  valid_p2;
    ff_keep #(.WIDTH(TAG_W)) u_tag_p1 (.clk(clk), .rst(1'b0), .d({lk_pid, lk_vpn}), .q(tag_p1));
    ff_keep #(.WIDTH(TAG_W)) u_tag_p2 (.clk(clk), .rst(1'b0), .d(tag_p1), .q(tag_p2));
    always @(posedge clk) begin
        set_p1   <= SETS > 1 ? rd_set : {SW{1'b0}};   // the one set of a fully associative cache
        set_p2   <= set_p1;
        valid_p2 <= valid_reg[set_p1];
        set_p3   <= set_p2;
        tag_p3   <= tag_p2;
        set_p4   <= set_p3;
        tag_p4   <= tag_p3;
        scan_p1  <= scan_rd && !rst;
        scan_p2  <= scan_p1 && !rst;
        scan_p3  <= scan_p2 && !rst;
        match_p3 <= scan_match_p2;
    end

    wire [WAYS*DATA_W-1:0] data_p3_flat;
    reg  [WAYS-1:0] hit_p3, vic_p3, way_p4;
    reg             allv_p3, rr_adv_p4;
    wire [WAYS-1:0] wr_way = wr_en ? way_p4 : {WAYS{1'b0}};   // P4: the fill's way

    genvar w;
    generate
        for (w = 0; w < WAYS; w = w + 1) begin : g_way
            reg [TAG_W-1:0]  tag_mem [0:SETS-1];
            reg [DATA_W-1:0] dat_mem [0:SETS-1];
            wire [SW-1:0] wa;
            ff_keep #(.WIDTH(SW)) u_wa (.clk(clk), .rst(1'b0), .d(set_p3), .q(wa));   // = set_p4
            always @(posedge clk)
                if (wr_way[w]) begin
                    tag_mem[wa] <= tag_p4;
                    dat_mem[wa] <= wr_data;
                end
            wire [TAG_W-1:0]  t2;
            wire [DATA_W-1:0] d2, d3;
            if (SETS == 1) begin : g_fa
                // flip-flops: stable from the op's P0 to its P4 (no fill in between)
                assign t2 = tag_mem[0];
                assign d2 = dat_mem[0];
                assign d3 = dat_mem[0];
            end else begin : g_sa
                reg [TAG_W-1:0]  t_rd;
                reg [DATA_W-1:0] d_rd, d_p3;
                always @(posedge clk) begin
                    t_rd <= tag_mem[set_p1];
                    d_rd <= dat_mem[set_p1];
                    d_p3 <= d_rd;
                end
                assign t2 = t_rd;
                assign d2 = d_rd;
                assign d3 = d_p3;
            end
            wire leaf2 = LEAF_ALWAYS != 0 || d2[DATA_W-1];
            wire [VPN_W-1:0] vpn2 = t2[VPN_W-1:0];
            assign hit_p2[w] = valid_p2[w] && t2 == tag_p2;
            assign scan_match_p2[w] = valid_p2[w]
                && (!inv_use_pid || t2[TAG_W-1:VPN_W] == inv_pid)
                && (!inv_use_range || (vpn2 >= inv_lo && vpn2 <= inv_hi))
                && (!inv_leaf_only || leaf2);
            assign data_p3_flat[w*DATA_W +: DATA_W] = d3;
        end
    endgenerate

    // P2: the victim of this op's set (the lowest invalid way, else the round-robin pointer);
    // P3: the fill way (the way that hit, else the victim), used only if the op fills in P4
    wire [WAYS-1:0] inv_low   = ~valid_p2 & (valid_p2 + 1'b1);
    wire [WAYS-1:0] rr_oh     = {{(WAYS-1){1'b0}}, 1'b1} << rr_reg[set_p2];
    wire            all_valid = &valid_p2;
    always @(posedge clk) begin
        hit_p3    <= hit_p2;
        vic_p3    <= all_valid ? rr_oh : inv_low;
        allv_p3   <= all_valid;
        way_p4    <= |hit_p3 ? hit_p3 : vic_p3;
        rr_adv_p4 <= !(|hit_p3) && allv_p3;
    end

    // P3: one-hot AND-OR select of the hit way's data
    reg [DATA_W-1:0] sel;
    integer i;
    always @* begin
        sel = {DATA_W{1'b0}};
        for (i = 0; i < WAYS; i = i + 1)
            sel = sel | (data_p3_flat[i*DATA_W +: DATA_W] & {DATA_W{hit_p3[i]}});
    end
    always @(posedge clk) begin
        hit_oh_s2   <= hit_p3;
        hit_s2      <= |hit_p3;
        hit_data_s2 <= sel;
    end

    // valid bits and round-robin pointers
    integer s;
    always @(posedge clk) begin
        if (rst) begin
            for (s = 0; s < SETS; s = s + 1) begin
                valid_reg[s] <= {WAYS{1'b0}};
                rr_reg[s]    <= {WW{1'b0}};
            end
        end else begin
            if (scan_p3)   // the scan's clear, one cycle after its compare
                valid_reg[set_p3] <= valid_reg[set_p3] & ~match_p3;
            if (wr_en) begin
                valid_reg[set_p4] <= valid_reg[set_p4] | way_p4;
                if (rr_adv_p4)
                    rr_reg[set_p4] <= (rr_reg[set_p4] == RR_LAST) ? {WW{1'b0}} : rr_reg[set_p4] + 1'b1;
            end
        end
    end

    genvar v;
    generate
        for (v = 0; v < SETS; v = v + 1) begin : g_vv
            assign valid_vec[v*WAYS +: WAYS] = valid_reg[v];
        end
    endgenerate
`ifdef FORMAL
    // properties of formal/nic (read by the proofs only)
`include "nic_xlat_cache_props.vh"
`endif
endmodule
`resetall
