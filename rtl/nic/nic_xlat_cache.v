`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_xlat_cache: the cache of one page-table level of nic_xlat (docs/nic_xlat.md section 4.2).
//
// Source: seed 003 L86-L100 (one cache per level, each with its own tag, size and associativity),
// ../shared/spec/003-nic-app-state.md block B6; own organisation (docs/nic_xlat.md 4.2).
//
// Shape: SETS x WAYS entries. Entry = valid (flip-flop, reset 0) + tag {pid[PID_W], vpn[VPN_W]}
//   + data[DATA_W] (not reset). data[DATA_W-1] is the entry's leaf flag (PS of a PDPE / PDE); with
//   LEAF_ALWAYS = 1 (PTE) every entry is a leaf. The tag keeps the whole VPN, so the invalidation
//   scan compares VA ranges directly.
//   SETS > 1 (set associative): set = vpn[SW-1:0]; per way one LUTRAM of tags and one of data,
//     SETS deep, read in P1 (registered).
//   SETS = 1 (fully associative): tags in flip-flops (all compared at once), data in one LUTRAM
//     of WAYS words read at the hit way's index.
// Timing (op pipeline of nic_xlat, docs/nic_xlat.md 4.3: P0 issue, P1 read, P2 compare, P3
// select, P4 act):
//   P0  rd_set, lk_pid, lk_vpn presented (registered here).
//   P1  SETS > 1: the set's tags, data and valid bits read (registered).
//   P2  tags compared: the hit one-hot (and for SETS = 1 its index) registered; the victim of the
//       set (the lowest invalid way, else the set's round-robin pointer) registered.
//   P3  the hit way's data read / selected, registered; the fill way (the way that hit, else the
//       victim) registered.
//   P4  hit_s2 / hit_oh_s2 / hit_data_s2 valid; wr_en (a fill) writes the P0 tag and wr_data into
//       the fill way: an overwrite when the tag hit (never two entries with one tag: T5).
//   The caller guarantees that no fill or scan writes between an op's P1 and its P4 (nic_xlat's
//   writer stall), so the P1 reads and the P3 way are still right in P4.
// Invalidation scan, one step per cycle (scan_rd, scan_idx = step s, 0 .. SCAN_N-1 with
//   SCAN_N = SETS for SETS > 1, WAYS for SETS = 1; steps beyond SCAN_N do nothing): step s reads
//   set s (SETS > 1: every way) or way s (SETS = 1) in P1, compares in P2 with {inv_use_pid:
//   pid == inv_pid} & {inv_use_range: inv_lo <= vpn <= inv_hi} & {inv_leaf_only: leaf}, and clears
//   the matching valid bits in P3. The last clear is 3 cycles after the last scan_rd.
// Latency: P0 -> P4 4 cycles; throughput one lookup or one fill or one scan step per cycle.
module nic_xlat_cache #(
    parameter SETS        = 1,
    parameter WAYS        = 8,
    parameter PID_W       = 6,
    parameter VPN_W       = 9,
    parameter DATA_W      = 42,
    parameter LEAF_ALWAYS = 0,
    parameter SCW         = 6      // scan_idx width (>= log2 of SETS, and of WAYS when SETS = 1)
) (
    input  wire                          clk,
    input  wire                          rst,
    // P0: read (lookup)
    input  wire [(SETS > 1 ? $clog2(SETS) : 1)-1:0] rd_set,
    input  wire [PID_W-1:0]              lk_pid,
    input  wire [VPN_W-1:0]              lk_vpn,
    // P4: lookup result of the op read in P0 four cycles before
    output reg                           hit_s2,
    output reg  [WAYS-1:0]               hit_oh_s2,
    output wire [DATA_W-1:0]             hit_data_s2,
    // P4: fill (tag from the P4 op's lookup operands)
    input  wire                          wr_en,
    input  wire [DATA_W-1:0]             wr_data,
    // invalidation scan
    input  wire                          scan_rd,
    input  wire [SCW-1:0]                scan_idx,
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
    localparam integer SCAN_N = SETS > 1 ? SETS : WAYS;
    localparam integer SCAN_LAST_I = SCAN_N - 1;
    localparam [SCW-1:0] SCAN_LAST = SCAN_LAST_I[SCW-1:0];

    initial begin
        if (SETS < 1 || (SETS & (SETS - 1)) != 0) $fatal(1, "nic_xlat_cache: SETS must be a power of two");
        if (WAYS < 1 || WAYS > 64) $fatal(1, "nic_xlat_cache: WAYS must be 1..64");
        if (SETS > 1 && VPN_W < SW) $fatal(1, "nic_xlat_cache: VPN_W below log2(SETS)");
        if ((1 << SCW) < SCAN_N) $fatal(1, "nic_xlat_cache: SCW too narrow for the scan");
    end

    reg  [WAYS-1:0] valid_reg [0:SETS-1];
    reg  [WW-1:0]   rr_reg    [0:SETS-1];

    // operand registers P1 .. P4; the compare operand in registers of this cache's own (ff_keep:
    // Yosys would merge them with the equal registers of the other caches and of nic_xlat, and one
    // register would drive every comparator of the unit)
    reg  [SW-1:0]    set_p1, set_p2, set_p3, set_p4;
    wire [TAG_W-1:0] tag_p1, tag_p2;
    reg  [TAG_W-1:0] tag_p3, tag_p4;
    reg  [WAYS-1:0]  valid_p2;
    ff_keep #(.WIDTH(TAG_W)) u_tag_p1 (.clk(clk), .rst(1'b0), .d({lk_pid, lk_vpn}), .q(tag_p1));
    ff_keep #(.WIDTH(TAG_W)) u_tag_p2 (.clk(clk), .rst(1'b0), .d(tag_p1), .q(tag_p2));
    always @(posedge clk) begin
        // the one set of a fully associative cache; a set-associative scan step reads its set
        set_p1   <= SETS == 1 ? {SW{1'b0}} : scan_go ? scan_idx[SW-1:0] : rd_set;
        set_p2   <= set_p1;
        valid_p2 <= valid_reg[set_p1];
        set_p3   <= set_p2;
        tag_p3   <= tag_p2;
        set_p4   <= set_p3;
        tag_p4   <= tag_p3;
    end

    // scan pipeline: step in P1 (registered index), compare in P2, clear in P3
    wire             scan_in;             // the step is one of this cache's
    generate
        if (SCAN_N >= (1 << SCW)) begin : g_all
            assign scan_in = 1'b1;
        end else begin : g_some
            assign scan_in = scan_idx <= SCAN_LAST;
        end
    endgenerate
    wire             scan_go = scan_rd && scan_in;
    reg              scan_p1, scan_p2, scan_p3;
    reg  [SCW-1:0]   sidx_p1;
    wire [WAYS-1:0]  match_p2;            // ways of the step that match
    reg  [WAYS-1:0]  match_p3;
    reg  [SW-1:0]    sset_p3;
    always @(posedge clk) begin
        scan_p1  <= scan_go && !rst;
        scan_p2  <= scan_p1 && !rst;
        scan_p3  <= scan_p2 && !rst;
        sidx_p1  <= scan_idx;
        match_p3 <= match_p2;
    end

    // every operand is an argument (a continuous assignment is sensitive to its operands only)
    function match_fn(input [TAG_W-1:0] t, input leaf, input use_pid, input [PID_W-1:0] pid,
                      input use_range, input [VPN_W-1:0] lo, input [VPN_W-1:0] hi, input leaf_only);
        match_fn = (!use_pid || t[TAG_W-1:VPN_W] == pid)
                && (!use_range || (t[VPN_W-1:0] >= lo && t[VPN_W-1:0] <= hi))
                && (!leaf_only || LEAF_ALWAYS != 0 || leaf);
    endfunction

    wire [WAYS-1:0] hit_p2;
    reg  [WAYS-1:0] hit_p3, vic_p3, way_p4;
    reg             allv_p3, rr_adv_p4;

    genvar w;
    generate
        if (SETS == 1) begin : g_fa
            // ---- fully associative: tags and leaf flags in flip-flops, data in one LUTRAM
            reg  [WAYS*TAG_W-1:0] tags;          // way w at [w*TAG_W +: TAG_W]
            reg  [WAYS-1:0]   leafs;
            reg  [DATA_W-1:0] dat  [0:WAYS-1];
            reg  [WW-1:0]     hidx_p3, widx_p4;
            // P4 fill: the data LUTRAM at the way's index, tags and leaf flags by one-hot enables
            always @(posedge clk)
                if (wr_en) dat[widx_p4] <= wr_data;
            // the compare operand: one copy per 8 ways (fan-out)
            localparam NG = (WAYS + 7) / 8;
            wire [NG*TAG_W-1:0] tcopy;
            for (w = 0; w < NG; w = w + 1) begin : g_tc
                ff_keep #(.WIDTH(TAG_W)) u_tc (.clk(clk), .rst(1'b0), .d(tag_p1), .q(tcopy[w*TAG_W +: TAG_W]));
            end
            for (w = 0; w < WAYS; w = w + 1) begin : g_cmp
                always @(posedge clk)
                    if (wr_en && way_p4[w]) begin
                        tags[w*TAG_W +: TAG_W] <= tag_p4;
                        leafs[w] <= wr_data[DATA_W-1];
                    end
                assign hit_p2[w] = valid_p2[w] && tags[w*TAG_W +: TAG_W] == tcopy[(w/8)*TAG_W +: TAG_W];
            end
            // P2: index of the hit way (at most one)
            reg [WW-1:0] henc;
            integer e;
            always @* begin
                henc = {WW{1'b0}};
                for (e = 0; e < WAYS; e = e + 1)
                    if (hit_p2[e]) henc = henc | e[WW-1:0];
            end
            // P3: the fill way's index
            reg [WW-1:0] wenc;
            always @* begin
                wenc = {WW{1'b0}};
                for (e = 0; e < WAYS; e = e + 1)
                    if (|hit_p3 ? hit_p3[e] : vic_p3[e]) wenc = wenc | e[WW-1:0];
            end
            always @(posedge clk) begin
                hidx_p3 <= henc;
                widx_p4 <= wenc;
            end
            // P3: the LUTRAM read at the hit index, registered (the P4 output register)
            reg [DATA_W-1:0] fa_q;
            always @(posedge clk) fa_q <= dat[hidx_p3];
            assign hit_data_s2 = fa_q;
            // scan: way sidx_p1 read in P1, compared in P2
            reg [TAG_W-1:0] st_p2;
            reg             sl_p2, sv_p2;
            reg [WW-1:0]    sw_p2;
            always @(posedge clk) begin
                st_p2 <= tags[sidx_p1[WW-1:0]*TAG_W +: TAG_W];
                sl_p2 <= leafs[sidx_p1[WW-1:0]];
                sv_p2 <= valid_reg[0][sidx_p1[WW-1:0]];
                sw_p2 <= sidx_p1[WW-1:0];
            end
            assign match_p2 = (sv_p2 && match_fn(st_p2, sl_p2, inv_use_pid, inv_pid, inv_use_range, inv_lo, inv_hi, inv_leaf_only)) ? ({{(WAYS-1){1'b0}}, 1'b1} << sw_p2) : {WAYS{1'b0}};
            always @(posedge clk) sset_p3 <= {SW{1'b0}};
        end else begin : g_sa
            // ---- set associative: one LUTRAM of tags and one of data per way
            wire [WAYS*DATA_W-1:0] d3_flat;
            wire [WAYS-1:0] wr_way = wr_en ? way_p4 : {WAYS{1'b0}};   // P4: the fill's way
            reg  [SW-1:0] sset_p2;
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
                reg [TAG_W-1:0]  t_rd;
                reg [DATA_W-1:0] d_rd, d_p3;
                always @(posedge clk) begin
                    t_rd <= tag_mem[set_p1];
                    d_rd <= dat_mem[set_p1];
                    d_p3 <= d_rd;
                end
                assign hit_p2[w]   = valid_p2[w] && t_rd == tag_p2;
                assign match_p2[w] = scan_p2 && valid_p2[w] && match_fn(t_rd, d_rd[DATA_W-1], inv_use_pid, inv_pid,
                                                                           inv_use_range, inv_lo, inv_hi, inv_leaf_only);
                assign d3_flat[w*DATA_W +: DATA_W] = d_p3;
            end
            always @(posedge clk) begin
                sset_p2 <= sidx_p1[SW-1:0];
                sset_p3 <= sset_p2;
            end
            // P3: one-hot AND-OR select of the hit way's data
            reg [DATA_W-1:0] sel;
            integer i;
            always @* begin
                sel = {DATA_W{1'b0}};
                for (i = 0; i < WAYS; i = i + 1)
                    sel = sel | (d3_flat[i*DATA_W +: DATA_W] & {DATA_W{hit_p3[i]}});
            end
            reg [DATA_W-1:0] sa_q;
            always @(posedge clk) sa_q <= sel;
            assign hit_data_s2 = sa_q;
        end
    endgenerate

    // P2: the victim of this op's set; P3: the fill way
    wire [WAYS-1:0] inv_low   = ~valid_p2 & (valid_p2 + 1'b1);
    wire [WAYS-1:0] rr_oh     = {{(WAYS-1){1'b0}}, 1'b1} << rr_reg[set_p2];
    wire            all_valid = &valid_p2;
    always @(posedge clk) begin
        hit_p3    <= hit_p2;
        vic_p3    <= all_valid ? rr_oh : inv_low;
        allv_p3   <= all_valid;
        way_p4    <= |hit_p3 ? hit_p3 : vic_p3;
        rr_adv_p4 <= !(|hit_p3) && allv_p3;
        hit_oh_s2   <= hit_p3;
        hit_s2      <= |hit_p3;
    end

    // valid bits and round-robin pointers: each set updates itself (decoded enables)
    genvar vs;
    generate
        for (vs = 0; vs < SETS; vs = vs + 1) begin : g_set
            wire clr = scan_p3 && sset_p3 == vs;
            wire fil = wr_en && set_p4 == vs;
            always @(posedge clk) begin
                if (rst) begin
                    valid_reg[vs] <= {WAYS{1'b0}};
                    rr_reg[vs]    <= {WW{1'b0}};
                end else begin
                    // a scan and a fill never meet (nic_xlat stops issue during a scan)
                    if (clr) valid_reg[vs] <= valid_reg[vs] & ~match_p3;
                    else if (fil) valid_reg[vs] <= valid_reg[vs] | way_p4;
                    if (fil && rr_adv_p4)
                        rr_reg[vs] <= (rr_reg[vs] == RR_LAST) ? {WW{1'b0}} : rr_reg[vs] + 1'b1;
                end
            end
        end
    endgenerate

    // sidx_p1: a scan step index wider than this cache's sets / ways is never compared (scan_go)
    wire unused_ok = &{1'b0, sidx_p1};
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
