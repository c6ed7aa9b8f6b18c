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
//   scan compares VA ranges directly. The set index rd_set is the caller's (nic_xlat: VPN low bits
//   XOR PID low bits).
//   SETS > 1 (set associative): per way one LUTRAM of tags and one of data, SETS deep, read in
//     P1 at the registered set (one address copy per RAM), the words registered for P2 (a block
//     RAM read at the P0 set was tried: ECP5's EBR clock-to-output, 5.8 ns, leaves no time to
//     route it; and a RAM read in P0 puts the input -> set -> RAM path in one cycle);
//     valid bits and round-robin pointers in flip-flops, read in P1 (with 16 sets or more in two
//     steps: within groups of 8 sets in P1, the group in P2).
//   SETS = 1 (fully associative): tags, leaf flags and data in flip-flops; every tag compared at
//     once, in two parts (the upper two thirds in P1, the rest in P2); the data selected by the
//     one-hot hit (AND-OR).
//   Copies of high fan-out registers (ff_keep): compare operands per way (SA) or per 4 ways (FA),
//   the hit parts per 8-bit data slice, the per-way write enables, the scan operands.
// Timing (op pipeline of nic_xlat, docs/nic_xlat.md 4.3: P0 issue, P1 read, P2 compare, P3
// select, P4 decide / fill, P5 act):
//   P0  rd_set, lk_pid, lk_vpn presented: registered here.
//   P1  the set's valid bits and round-robin pointer read; SA: the set's tags and data read
//       (registered: t_rd / d_rd); FA: the upper two thirds of every tag compared.
//   P2  SA: the tags compared; the hit in two parts (a: valid
//       bit and one part of the compare, b: the other part) registered; the victim of the set (the
//       lowest invalid way, else the round-robin pointer) registered.
//   P3  hit_p3 = a & b; the hit way's data selected, registered; the fill way registered, and the
//       per-way write enables of a fill (wr_pre: the caller's P3 fill enable).
//   P4  hit_s2 / hit_oh_s2 / hit_data_s2 valid; wr_en (a fill) writes the P0 tag and wr_data into
//       the fill way: an overwrite when the tag hit (never two entries with one tag: T5).
//   The caller guarantees that no fill or scan writes between an op's P0 and its P4 (nic_xlat's
//   writer stall), so the P1 reads and the P3 way are still right in P4.
// Invalidation scan, one step per cycle (scan_rd, scan_idx = step s, 0 .. SCAN_N-1 with
//   SCAN_N = SETS for SETS > 1, WAYS for SETS = 1; steps beyond SCAN_N do nothing): step s
//   reads set s (SETS > 1: every way) or way s (SETS = 1: in two mux stages), matches it against
//   {inv_use_pid: pid == inv_pid} & {inv_use_range: inv_lo <= vpn <= inv_hi} & {inv_leaf_only:
//   leaf} (registered), and clears the matching valid bits; scan_busy is high while a step is in
//   flight (3 cycles after its scan_rd for SETS > 1, 4 for SETS = 1). The operands are copied into
//   the cache (they change only before a scan).
// Latency: P0 -> P4 4 cycles; throughput one lookup or one fill or one scan step per cycle.
// Resources: SA: 2 x WAYS RAMs (SETS x TAG_W and SETS x DATA_W each); FA: WAYS x
//   (TAG_W + DATA_W) flip-flops; both: SETS x (WAYS + log2 WAYS) flip-flops of valid bits and
//   round-robin pointers.
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
    // P3: a fill follows in P4 (wr_en one cycle later: the per-way write enables are registered)
    input  wire                          wr_pre,
    // P4: fill (tag from the P4 op's lookup operands)
    input  wire                          wr_en,
    input  wire [DATA_W-1:0]             wr_data,
    // invalidation scan
    input  wire                          scan_rd,
    input  wire [SCW-1:0]                scan_idx,
    output wire                          scan_busy,
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
    localparam SCX   = SCW < 4 ? 4 : SCW;      // scan index width inside (8-way groups)
    localparam HI_W  = (2 * TAG_W) / 3;        // upper tag bits compared in P1 (SETS = 1)
    localparam LO_W  = TAG_W - HI_W;
    localparam TH    = TAG_W / 2;                 // set associative: the split of the P2 compare
    localparam LOWB  = SETS >= 16 ? 3 : SW;        // valid / rr read: set bits of the P1 step
    localparam NGV   = SETS >= 16 ? SETS / 8 : 1;  // and groups of the P2 step

    initial begin
        if (SETS < 1 || (SETS & (SETS - 1)) != 0) $fatal(1, "nic_xlat_cache: SETS must be a power of two");
        if (WAYS < 1 || WAYS > 64) $fatal(1, "nic_xlat_cache: WAYS must be 1..64");
        if (SETS > 1 && VPN_W < SW) $fatal(1, "nic_xlat_cache: VPN_W below log2(SETS)");
        if ((1 << SCW) < SCAN_N) $fatal(1, "nic_xlat_cache: SCW too narrow for the scan");
    end

    reg  [WAYS-1:0] valid_reg [0:SETS-1];
    reg  [WW-1:0]   rr_reg    [0:SETS-1];

    // scan step of this cache?
    wire             scan_in;
    generate
        if (SCAN_N >= (1 << SCW)) begin : g_all
            assign scan_in = 1'b1;
        end else begin : g_some
            assign scan_in = scan_idx <= SCAN_LAST;
        end
    endgenerate
    wire             scan_go = scan_rd && scan_in;

    // P0: the set (a set-associative scan step reads its set through the same port)
    wire [SW-1:0]    set_p0 = SETS == 1 ? {SW{1'b0}} : scan_go ? scan_idx[SW-1:0] : rd_set;

    // operand registers P1 .. P4; the compare operand in registers of this cache's own (ff_keep:
    // Yosys would merge them with the equal registers of the other caches and of nic_xlat, and one
    // register would drive every comparator of the unit)
    reg  [SW-1:0]    set_p1, set_p2, set_p3, set_p4;
    wire [TAG_W-1:0] tag_p1, tag_p2;
    reg  [TAG_W-1:0] tag_p3, tag_p4;
    wire [WAYS-1:0]  valid_p2;
    wire [WW-1:0]    rr_p2;
    wire [LOWB-1:0]  vset_p1;         // copy of set_p1 (its P1-step bits) for the valid / round-robin read
    ff_keep #(.WIDTH(TAG_W)) u_tag_p1 (.clk(clk), .rst(1'b0), .d({lk_pid, lk_vpn}), .q(tag_p1));
    ff_keep #(.WIDTH(TAG_W)) u_tag_p2 (.clk(clk), .rst(1'b0), .d(tag_p1), .q(tag_p2));
    ff_keep #(.WIDTH(LOWB)) u_vset (.clk(clk), .rst(1'b0), .d(set_p0[LOWB-1:0]), .q(vset_p1));
    always @(posedge clk) begin
        set_p1   <= set_p0;
        set_p2   <= set_p1;
        set_p3   <= set_p2;
        tag_p3   <= tag_p2;
        set_p4   <= set_p3;
        tag_p4   <= tag_p3;
    end
    // the set's valid bits and round-robin pointer: read in P1 (registered) and, with 16 sets or
    // more, in two steps: P1 selects within groups of 8 sets (set_p1[2:0]), P2 the group
    reg  [WAYS-1:0] vg_p2 [0:NGV-1];
    reg  [WW-1:0]   rg_p2 [0:NGV-1];
    genvar gv;
    generate
        for (gv = 0; gv < NGV; gv = gv + 1) begin : g_vrd
            wire [SW-1:0] ridx;
            if (NGV > 1) begin : g_two
                wire [SW-LOWB-1:0] grp = gv;
                wire [LOWB-1:0]    vs;        // this group's copy of vset_p1 (fan-out); group 0: vset_p1
                if (gv == 0) begin : g_v0
                    assign vs = vset_p1;
                end else begin : g_vn
                    ff_keep #(.WIDTH(LOWB)) u_vs (.clk(clk), .rst(1'b0), .d(set_p0[LOWB-1:0]), .q(vs));
                end
                assign ridx = {grp, vs};
            end else begin : g_one
                assign ridx = vset_p1;          // LOWB = SW
            end
            always @(posedge clk) begin
                vg_p2[gv] <= valid_reg[ridx];
                rg_p2[gv] <= rr_reg[ridx];
            end
        end
        if (NGV > 1) begin : g_vsel
            assign valid_p2 = vg_p2[set_p2[SW-1:LOWB]];
            assign rr_p2    = rg_p2[set_p2[SW-1:LOWB]];
        end else begin : g_vone
            assign valid_p2 = vg_p2[0];
            assign rr_p2    = rg_p2[0];
        end
    endgenerate

    // scan: the three comparisons of a tag (registered by the caller), then their AND
    function [2:0] cmp_fn(input [TAG_W-1:0] t, input [PID_W-1:0] pid, input [VPN_W-1:0] lo,
                          input [VPN_W-1:0] hi);
        cmp_fn = {t[TAG_W-1:VPN_W] == pid, t[VPN_W-1:0] >= lo, t[VPN_W-1:0] <= hi};
    endfunction
    function and_fn(input [2:0] c, input leaf, input use_pid, input use_range, input leaf_only);
        and_fn = (!use_pid || c[2]) && (!use_range || (c[1] && c[0])) &&
                 (!leaf_only || LEAF_ALWAYS != 0 || leaf);
    endfunction

    // the invalidation operands, copied into this cache (they change only in the P5 of an
    // invalidation command, before its scan; the copies are used from the scan's second step on):
    // the flags here, the compare operands per way (SETS > 1) or once (SETS = 1) below
    wire             iupid, iurng, ileaf;
    ff_keep #(.WIDTH(3)) u_inv (.clk(clk), .rst(1'b0), .d({inv_use_pid, inv_use_range, inv_leaf_only}),
                                .q({iupid, iurng, ileaf}));
    // the scan's match of tag t with leaf flag l against operands pid / lo / hi (registered, then
    // ANDed with the valid bit)
    function match_fn(input [TAG_W-1:0] t, input l, input [PID_W-1:0] pid, input [VPN_W-1:0] lo,
                      input [VPN_W-1:0] hi);
        match_fn = and_fn(cmp_fn(t, pid, lo, hi), l, iupid, iurng, ileaf);
    endfunction

    // the hit of P2 in two parts (a: the valid bit and one part of the tag compare, b: the
    // other part), registered separately: hit_p3 = their AND, in P3
    wire [WAYS-1:0] hp_a, hp_b;
    reg  [WAYS-1:0] ha_p3, hb_p3;
    wire [WAYS-1:0] hit_p3 = ha_p3 & hb_p3;
    reg  [WAYS-1:0] vic_p3, way_p4;
    // the fill way (P3), and the per-way write enables of tags and data, registered (fan-out)
    wire [WAYS-1:0] way_nx = |hit_p3 ? hit_p3 : vic_p3;
    wire [WAYS-1:0] we_w;
    ff_keep #(.WIDTH(WAYS)) u_we (.clk(clk), .rst(rst), .d(wr_pre ? way_nx : {WAYS{1'b0}}), .q(we_w));
    // the two hit parts, one copy per slice of SLW data bits for the P3 data select (fan-out)
    localparam SLW = 8;
    localparam NSL = (DATA_W + SLW - 1) / SLW;
    wire [NSL*WAYS-1:0] hsa, hsb;
    ff_keep #(.WIDTH(2*NSL*WAYS)) u_hsel (.clk(clk), .rst(1'b0), .d({{NSL{hp_a}}, {NSL{hp_b}}}), .q({hsa, hsb}));
    // AND-OR select of way data by the copies of the hit parts (dd: WAYS words of DATA_W)
    function [DATA_W-1:0] sel_fn(input [WAYS*DATA_W-1:0] dd, input [NSL*WAYS-1:0] ha, input [NSL*WAYS-1:0] hb);
        integer i, b;
        begin
            sel_fn = {DATA_W{1'b0}};
            for (i = 0; i < WAYS; i = i + 1)
                for (b = 0; b < DATA_W; b = b + 1)
                    sel_fn[b] = sel_fn[b] | (dd[i*DATA_W + b] & ha[(b / SLW)*WAYS + i] & hb[(b / SLW)*WAYS + i]);
        end
    endfunction
    reg             allv_p3, rr_adv_p4;
    // the scan's clear: set / ways, one cycle
    wire            clr_en;
    wire [SW-1:0]   clr_set;
    wire [WAYS-1:0] clr_ways;

    genvar w;
    generate
        if (SETS == 1) begin : g_fa
            // ---- fully associative: tags, leaf flags and data in flip-flops
            reg  [WAYS*TAG_W-1:0]  tags;          // way w at [w*TAG_W +: TAG_W]
            wire [WAYS-1:0]        leafs;         // each way's leaf flag: bit DATA_W-1 of its data
            reg  [WAYS*DATA_W-1:0] dat;           // way w at [w*DATA_W +: DATA_W]
            wire [PID_W-1:0] ipid;                // the scan's compare operands (copies)
            wire [VPN_W-1:0] ilo, ihi;
            ff_keep #(.WIDTH(PID_W + 2*VPN_W)) u_fop (.clk(clk), .rst(1'b0), .d({inv_pid, inv_lo, inv_hi}),
                                                     .q({ipid, ilo, ihi}));
            // the compare operands: one copy per 4 ways (fan-out)
            localparam NG = (WAYS + 3) / 4;
            wire [NG*TAG_W-1:0] tc1;
            wire [NG*LO_W-1:0]  tc2;
            for (w = 0; w < NG; w = w + 1) begin : g_tc
                ff_keep #(.WIDTH(TAG_W)) u_tc1 (.clk(clk), .rst(1'b0), .d({lk_pid, lk_vpn}), .q(tc1[w*TAG_W +: TAG_W]));
                ff_keep #(.WIDTH(LO_W)) u_tc2 (.clk(clk), .rst(1'b0), .d(tc1[w*TAG_W +: LO_W]), .q(tc2[w*LO_W +: LO_W]));
            end
            reg [WAYS-1:0] hieq_p2;
            for (w = 0; w < WAYS; w = w + 1) begin : g_cmp
                always @(posedge clk) begin
                    if (we_w[w]) begin
                        tags[w*TAG_W +: TAG_W]  <= tag_p4;
                        dat[w*DATA_W +: DATA_W] <= wr_data;
                    end
                    // P1: upper half
                    hieq_p2[w] <= tags[w*TAG_W + LO_W +: HI_W] == tc1[(w/4)*TAG_W + LO_W +: HI_W];
                end
                assign leafs[w] = dat[w*DATA_W + DATA_W-1];
                // P2: lower half
                assign hp_a[w] = valid_p2[w] && hieq_p2[w];
                assign hp_b[w] = tags[w*TAG_W +: LO_W] == tc2[(w/4)*LO_W +: LO_W];
            end
            // P3: the hit way's data (AND-OR by the one-hot hit_p3), registered (the P4 output)
            reg [DATA_W-1:0] fa_q;
            always @(posedge clk) fa_q <= sel_fn(dat, hsa, hsb);
            assign hit_data_s2 = fa_q;
            // scan: way s in two mux stages (groups of 8, then the group), compare, AND, clear
            localparam NGS = (WAYS + 7) / 8;
            reg              z1, z2, z3, z4;
            wire [SCX-1:0]   sidx_z1;
            reg  [SCX-1:0]   sidx_z2, sidx_z3, sidx_z4;
            wire [SCX-1:0]   scan_idx_x = {{(SCX-SCW){1'b0}}, scan_idx};
            ff_keep #(.WIDTH(SCX)) u_sidx (.clk(clk), .rst(1'b0), .d(scan_idx_x), .q(sidx_z1));
            wire [NGS*3-1:0] sk_z1;     // the step's way-in-group bits, one copy per group (fan-out)
            for (w = 0; w < NGS; w = w + 1) begin : g_sk
                ff_keep #(.WIDTH(3)) u_sk (.clk(clk), .rst(1'b0), .d(scan_idx_x[2:0]), .q(sk_z1[w*3 +: 3]));
            end
            reg  [NGS*TAG_W-1:0] gt_z2;
            reg  [NGS-1:0]   gl_z2, gv_z2;
            reg  [TAG_W-1:0] st_z3;
            reg              sl_z3, sv_z3, sv_z4, m_z4;
            integer g, k;
            always @(posedge clk) begin
                z1 <= scan_go && !rst;
                z2 <= z1 && !rst;
                z3 <= z2 && !rst;
                z4 <= z3 && !rst;
                sidx_z2 <= sidx_z1;
                sidx_z3 <= sidx_z2;
                sidx_z4 <= sidx_z3;
                // (constant indexes only: way (g*8 + k) mod WAYS of group g, step bits 2:0 = k)
                for (g = 0; g < NGS; g = g + 1)
                    for (k = 0; k < 8; k = k + 1)
                        if (sk_z1[g*3 +: 3] == k[2:0]) begin
                            gt_z2[g*TAG_W +: TAG_W] <= tags[((g*8 + k) % WAYS)*TAG_W +: TAG_W];
                            gl_z2[g] <= leafs[(g*8 + k) % WAYS];
                            gv_z2[g] <= valid_reg[0][(g*8 + k) % WAYS];
                        end
                for (g = 0; g < NGS; g = g + 1)
                    if (sidx_z2[SCX-1:3] == g[SCX-4:0]) begin
                        st_z3 <= gt_z2[g*TAG_W +: TAG_W];
                        sl_z3 <= gl_z2[g];
                        sv_z3 <= gv_z2[g];
                    end
                m_z4  <= match_fn(st_z3, sl_z3, ipid, ilo, ihi);
                sv_z4 <= sv_z3;
            end
            assign clr_en   = z4 && sv_z4 && m_z4;
            assign clr_set  = {SW{1'b0}};
            assign clr_ways = {{(WAYS-1){1'b0}}, 1'b1} << sidx_z4[WW-1:0];
            assign scan_busy = z1 || z2 || z3 || z4;
            // unused: the upper scan index bits beyond this cache's ways (never compared: scan_in)
            wire unused_fa = &{1'b0, sidx_z4};
        end else begin : g_sa
            // ---- set associative: one LUTRAM of tags and one of data per way, read in P1 at the
            // registered set (per-way address copies), the words registered for P2 (t_rd / d_rd)
            wire [WAYS*DATA_W-1:0] d3_flat;
            wire [WAYS-1:0] wr_way = we_w;   // P4: the fill's way
            reg              z1, z2, z3;
            reg  [SW-1:0]    sset_z2, sset_z3;
            reg  [WAYS-1:0]  sv_z3;
            reg  [WAYS-1:0]  m_z3;
            for (w = 0; w < WAYS; w = w + 1) begin : g_way
                reg [TAG_W-1:0]  tag_mem [0:SETS-1];
                reg [DATA_W-1:0] dat_mem [0:SETS-1];
                wire [SW-1:0] wa;
                // per-way copies of the compare operand (tag_p2) and of the scan operands (fan-out)
                wire [TAG_W-1:0] tcmp;
                wire [PID_W-1:0] wpid;
                wire [VPN_W-1:0] wlo, whi;
                ff_keep #(.WIDTH(TAG_W)) u_tcmp (.clk(clk), .rst(1'b0), .d(tag_p1), .q(tcmp));
                ff_keep #(.WIDTH(PID_W + 2*VPN_W)) u_wop (.clk(clk), .rst(1'b0), .d({inv_pid, inv_lo, inv_hi}),
                                                         .q({wpid, wlo, whi}));
                ff_keep #(.WIDTH(SW)) u_wa (.clk(clk), .rst(1'b0), .d(set_p3), .q(wa));   // = set_p4
                // the read addresses, copies of set_p1 per way and RAM (fan-out)
                wire [SW-1:0] rta, rda;
                ff_keep #(.WIDTH(SW)) u_rta (.clk(clk), .rst(1'b0), .d(set_p0), .q(rta));
                ff_keep #(.WIDTH(SW)) u_rda (.clk(clk), .rst(1'b0), .d(set_p0), .q(rda));
                always @(posedge clk)
                    if (wr_way[w]) begin
                        tag_mem[wa] <= tag_p4;
                        dat_mem[wa] <= wr_data;
                    end
                reg [TAG_W-1:0]  t_rd;
                reg [DATA_W-1:0] d_rd, d_p3;
                always @(posedge clk) begin
                    t_rd <= tag_mem[rta];
                    d_rd <= dat_mem[rda];
                    d_p3 <= d_rd;
                    // scan step (its set read through set_p1): comparisons registered
                    m_z3[w] <= match_fn(t_rd, d_rd[DATA_W-1], wpid, wlo, whi);
                end
                assign hp_a[w] = valid_p2[w] && t_rd[TAG_W-1:TH] == tcmp[TAG_W-1:TH];
                assign hp_b[w] = t_rd[TH-1:0] == tcmp[TH-1:0];
                assign d3_flat[w*DATA_W +: DATA_W] = d_p3;
                assign clr_ways[w] = sv_z3[w] && m_z3[w];
            end
            always @(posedge clk) begin
                z1 <= scan_go && !rst;
                z2 <= z1 && !rst;
                z3 <= z2 && !rst;
                sset_z2 <= set_p1;
                sset_z3 <= sset_z2;
                sv_z3   <= valid_p2;   // the scanned set's valid bits (read in z1 through vset_p1)
            end
            assign clr_en    = z3;
            assign clr_set   = sset_z3;
            assign scan_busy = z1 || z2 || z3;
            // P3: one-hot AND-OR select of the hit way's data
            reg [DATA_W-1:0] sa_q;
            always @(posedge clk) sa_q <= sel_fn(d3_flat, hsa, hsb);
            assign hit_data_s2 = sa_q;
        end
    endgenerate

    // P2: the victim of this op's set; P3: the fill way
    wire [WAYS-1:0] inv_low   = ~valid_p2 & (valid_p2 + 1'b1);
    wire [WAYS-1:0] rr_oh     = {{(WAYS-1){1'b0}}, 1'b1} << rr_p2;
    wire            all_valid = &valid_p2;
    always @(posedge clk) begin
        ha_p3     <= hp_a;
        hb_p3     <= hp_b;
        vic_p3    <= all_valid ? rr_oh : inv_low;
        allv_p3   <= all_valid;
        way_p4    <= way_nx;
        rr_adv_p4 <= !(|hit_p3) && allv_p3;
        hit_oh_s2 <= hit_p3;
        hit_s2    <= |hit_p3;
    end

    // valid bits and round-robin pointers: each set updates itself (decoded enables)
    genvar vs;
    generate
        for (vs = 0; vs < SETS; vs = vs + 1) begin : g_set
            wire clr = clr_en && clr_set == vs;
            wire fil = wr_en && set_p4 == vs;
            always @(posedge clk) begin
                if (rst) begin
                    valid_reg[vs] <= {WAYS{1'b0}};
                    rr_reg[vs]    <= {WW{1'b0}};
                end else begin
                    // a scan and a fill never meet (nic_xlat stops issue during a scan)
                    if (clr) valid_reg[vs] <= valid_reg[vs] & ~clr_ways;
                    else if (fil) valid_reg[vs] <= valid_reg[vs] | way_p4;
                    if (fil && rr_adv_p4)
                        rr_reg[vs] <= (rr_reg[vs] == RR_LAST) ? {WW{1'b0}} : rr_reg[vs] + 1'b1;
                end
            end
        end
    endgenerate

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
