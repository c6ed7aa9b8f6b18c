`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_xlat_cache: the cache of one page-table level of nic_xlat (docs/nic_xlat.md section 4).
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
// Timing (op pipeline of nic_xlat: S0 issue, S1 compare, S2 act):
//   S0  rd_set, lk_pid, lk_vpn presented (rd_en high): the set is read (registered read).
//   S1  tags of the set compared with {lk_pid, lk_vpn}; the hit one-hot is registered.
//   S2  hit_s2 / hit_oh_s2 / hit_data_s2 valid; wr_en (a fill) writes the tag and data at the S2
//       op's set into the way that hit (an overwrite: never two entries with one tag) or else the
//       victim: the lowest invalid way of the set, else the set's round-robin pointer (which then
//       advances). One fill per cycle; the caller guarantees no read of a set between its S0 and a
//       fill of it in S2 (nic_xlat's writer stall), so a fill never races a compare.
//   Invalidation scan: scan_rd with rd_set = s reads set s (S0-like); one cycle later every way of
//   that set whose entry matches {inv_use_pid: pid == inv_pid} & {inv_use_range: inv_lo <= vpn <=
//   inv_hi} & {inv_leaf_only: leaf} loses its valid bit. One set per cycle, pipelined.
// Latency: S0 -> S2 2 cycles; throughput one lookup or one fill or one scan set per cycle.
// Multi-hit: impossible by construction (fills overwrite a hit way; proof T5, formal/nic).
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
    // S0: read (lookup or scan)
    input  wire [(SETS > 1 ? $clog2(SETS) : 1)-1:0] rd_set,
    input  wire [PID_W-1:0]              lk_pid,
    input  wire [VPN_W-1:0]              lk_vpn,
    // S2: lookup result of the op read in S0 two cycles before
    output reg                           hit_s2,
    output reg  [WAYS-1:0]               hit_oh_s2,
    output wire [DATA_W-1:0]             hit_data_s2,
    // S2: fill (tag from the S2 op's lookup operands)
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

    // S0 -> S1 -> S2 operand registers
    reg  [SW-1:0]    set_s1, set_s2;
    reg  [TAG_W-1:0] tag_s1, tag_s2;
    reg              scan_s1;
    always @(posedge clk) begin
        set_s1  <= SETS > 1 ? rd_set : {SW{1'b0}};   // the one set of a fully associative cache
        tag_s1  <= {lk_pid, lk_vpn};
        set_s2  <= set_s1;
        tag_s2  <= tag_s1;
        scan_s1 <= scan_rd && !rst;
    end

    wire [WAYS-1:0] hit_s1, scan_match_s1;
    wire [WAYS*DATA_W-1:0] data_s2_flat;
    wire [WAYS-1:0] valid_s1 = valid_reg[set_s1];
    wire [WAYS-1:0] valid_s2 = valid_reg[set_s2];

    // victim of the S2 op's set: the way that hit, else the lowest invalid way, else rr
    wire [WAYS-1:0] inv_low = ~valid_s2 & (valid_s2 + 1'b1);
    wire [WAYS-1:0] rr_oh   = {{(WAYS-1){1'b0}}, 1'b1} << rr_reg[set_s2];
    wire            all_valid = &valid_s2;
    wire [WAYS-1:0] wr_way  = !wr_en ? {WAYS{1'b0}} : hit_s2 ? hit_oh_s2 : all_valid ? rr_oh : inv_low;

    genvar w;
    generate
        for (w = 0; w < WAYS; w = w + 1) begin : g_way
            reg [TAG_W-1:0]  tag_mem [0:SETS-1];
            reg [DATA_W-1:0] dat_mem [0:SETS-1];
            always @(posedge clk)
                if (wr_way[w]) begin
                    tag_mem[set_s2] <= tag_s2;
                    dat_mem[set_s2] <= wr_data;
                end
            wire [TAG_W-1:0]  t1;
            wire [DATA_W-1:0] d1;
            wire [DATA_W-1:0] d2;
            if (SETS == 1) begin : g_fa
                // flip-flops: stable from the op's S0 to its S2 (no fill in between)
                assign t1 = tag_mem[0];
                assign d1 = dat_mem[0];
                assign d2 = dat_mem[0];
            end else begin : g_sa
                reg [TAG_W-1:0]  t_rd;
                reg [DATA_W-1:0] d_rd, d_s2;
                always @(posedge clk) begin
                    t_rd <= tag_mem[rd_set];
                    d_rd <= dat_mem[rd_set];
                    d_s2 <= d_rd;
                end
                assign t1 = t_rd;
                assign d1 = d_rd;
                assign d2 = d_s2;
            end
            wire leaf1 = LEAF_ALWAYS != 0 || d1[DATA_W-1];
            wire [VPN_W-1:0] vpn1 = t1[VPN_W-1:0];
            assign hit_s1[w] = valid_s1[w] && t1 == tag_s1;
            assign scan_match_s1[w] = valid_s1[w]
                && (!inv_use_pid || t1[TAG_W-1:VPN_W] == inv_pid)
                && (!inv_use_range || (vpn1 >= inv_lo && vpn1 <= inv_hi))
                && (!inv_leaf_only || leaf1);
            assign data_s2_flat[w*DATA_W +: DATA_W] = d2;
        end
    endgenerate

    always @(posedge clk) begin
        hit_oh_s2 <= hit_s1;
        hit_s2    <= |hit_s1;
    end

    // one-hot AND-OR select of the hit way's data
    reg [DATA_W-1:0] sel;
    integer i;
    always @* begin
        sel = {DATA_W{1'b0}};
        for (i = 0; i < WAYS; i = i + 1)
            sel = sel | (data_s2_flat[i*DATA_W +: DATA_W] & {DATA_W{hit_oh_s2[i]}});
    end
    assign hit_data_s2 = sel;

    // valid bits and round-robin pointers
    integer s;
    always @(posedge clk) begin
        if (rst) begin
            for (s = 0; s < SETS; s = s + 1) begin
                valid_reg[s] <= {WAYS{1'b0}};
                rr_reg[s]    <= {WW{1'b0}};
            end
        end else begin
            if (scan_s1)
                valid_reg[set_s1] <= valid_s1 & ~scan_match_s1;
            if (wr_en) begin
                valid_reg[set_s2] <= valid_s2 | wr_way;
                if (!hit_s2 && all_valid)
                    rr_reg[set_s2] <= (rr_reg[set_s2] == RR_LAST) ? {WW{1'b0}} : rr_reg[set_s2] + 1'b1;
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
