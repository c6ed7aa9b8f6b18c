// nic_xlat_cache_props.vh: formal properties of rtl/nic/nic_xlat_cache.v, included inside the
// module under `ifdef FORMAL (one copy per cache of nic_xlat; f_ prefix for formal-only
// signals). Proved with nic_xlat in formal/nic/nic_xlat.sby; the facts about when fills and scan
// steps come (nic_xlat's writer stall) are proved there, through links from the parent's ghosts
// to the ghosts below (nic_xlat_props.vh f_c_*). Lookup pipeline: P0 set_p0, P1 (valid_p2 /
// rr_p2 read; SETS > 1: t_rd / d_rd read; SETS = 1: upper tag part compared), P2 (the hit
// parts hp_a / hp_b), P3 (hit_p3 = ha_p3 & hb_p3, vic_p3, the write enables we_w), P4
// (hit_oh_s2, way_p4) and the fill. Scan: step s = scan_idx (a set when
// SETS > 1, a way when SETS = 1), stages z1, z2, z3 (clear) / z1 .. z4 (clear). The SETS = 1
// helpers assume WAYS <= 8 (one group of the scan's way mux).
//   (T5) no multi-hit: in every set no two valid ways hold the same tag {pid, vpn}.
//        Helpers: a fill comes with no fill, scan clear or reset in the 4 cycles before it
//        ("quiet", since its P0) and no clear beside it; every register copy (compare operands,
//        hit parts, write enables, scan operands) equals its original; in a quiet
//        op's stages the valid snapshots equal the valid bits, the P1 reads equal the tags,
//        the P3 / P4 hit vectors are exactly the valid ways of their set that hold their tag;
//        the fill way is the hit way or else one victim way.
//   (T2, scan side) ghost f_stale, per entry: set at the first scan step (scan_rd, scan_idx 0;
//        nothing is written between the command's P5 and it) for every valid entry that matches
//        the invalidation {pid if inv_use_pid, inv_lo <= vpn <= inv_hi if inv_use_range, leaf if
//        inv_leaf_only}; cleared when the way is re-filled. Once no scan is in progress
//        (scan_rd and scan_busy low) no entry is stale and valid. Helpers: a stale valid entry
//        still matches and its step is still ahead of the scan; the scan stages hold the
//        step's tag / leaf / a superset of its valid bits, and the clear takes a stale valid
//        entry of its step.
    // property groups (see nic_xlat_props.vh): all in the proof, one in a mutant's BMC job
`ifdef NIC_F_SEL
    localparam F_HLP = 1'b0;
`ifdef NIC_F_T2 localparam F_T2 = 1'b1; `else localparam F_T2 = 1'b0; `endif
`ifdef NIC_F_T5 localparam F_T5 = 1'b1; `else localparam F_T5 = 1'b0; `endif
`else
    localparam F_HLP = 1'b1, F_T2 = 1'b1, F_T5 = 1'b1;
`endif
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;

    // history (1 in the first cycles and after a reset: no looked-up op in the stages yet)
    wire f_nq = wr_en || clr_en || rst;              // valid bits or tags written, or reset
    (* keep *) reg f_wr1 = 1'b1;                 // a fill one cycle ago
    (* keep *) reg f_h1 = 1'b1, f_h2 = 1'b1, f_h3 = 1'b1, f_h4 = 1'b1;   // f_nq 1..4 cycles ago
    always @(posedge clk) begin
        f_wr1 <= wr_en || |we_w;     // (the tags / data write with we_w: = wr_en ? way_p4 : 0 out of reset)
        f_h1  <= f_nq;
        f_h2  <= f_h1 || rst;
        f_h3  <= f_h2 || rst;
        f_h4  <= f_h3 || rst;
    end

    // flattened tags and leaf flags, entry (s, w) at index s*WAYS + w
    wire [SETS*WAYS*TAG_W-1:0] f_tags;
    wire [SETS*WAYS-1:0]       f_leaf;
    genvar f_gs, f_gw;
    generate
        if (SETS > 1) begin : f_g_sa
            for (f_gs = 0; f_gs < SETS; f_gs = f_gs + 1) begin : f_g_s
                for (f_gw = 0; f_gw < WAYS; f_gw = f_gw + 1) begin : f_g_w
                    assign f_tags[(f_gs*WAYS + f_gw)*TAG_W +: TAG_W] = g_sa.g_way[f_gw].tag_mem[f_gs];
                    assign f_leaf[f_gs*WAYS + f_gw] = LEAF_ALWAYS != 0 || g_sa.g_way[f_gw].dat_mem[f_gs][DATA_W-1];
                end
            end
        end else begin : f_g_fa
            assign f_tags = g_fa.tags;
            assign f_leaf = g_fa.leafs | {WAYS{LEAF_ALWAYS != 0}};
        end
    endgenerate
    // the ways of set s that are valid and hold tag t
    function [WAYS-1:0] f_has(input [SETS*WAYS-1:0] vv, input [SETS*WAYS*TAG_W-1:0] tt,
                              input [SW-1:0] s, input [TAG_W-1:0] t);
        integer fi;
        begin
            for (fi = 0; fi < WAYS; fi = fi + 1)
                f_has[fi] = vv[s*WAYS + fi] && tt[(s*WAYS + fi)*TAG_W +: TAG_W] == t;
        end
    endfunction
    wire [SW-1:0] f_s1 = SETS > 1 ? set_p1 : {SW{1'b0}};
    wire [SW-1:0] f_s2 = SETS > 1 ? set_p2 : {SW{1'b0}};
    wire [SW-1:0] f_s3 = SETS > 1 ? set_p3 : {SW{1'b0}};
    wire [SW-1:0] f_s4 = SETS > 1 ? set_p4 : {SW{1'b0}};

    // ---------------------------------------------------------------- T5
    integer fs, fw, fv;
    always @* begin
        fs = 0; fw = 0; fv = 0;
        if (f_past_valid) begin
            for (fs = 0; fs < SETS; fs = fs + 1)
                for (fw = 0; fw < WAYS; fw = fw + 1)
                    for (fv = fw + 1; fv < WAYS; fv = fv + 1)
                        if (F_T5) assert(!(valid_reg[fs][fw] && valid_reg[fs][fv] &&
                                 f_tags[(fs*WAYS + fw)*TAG_W +: TAG_W] == f_tags[(fs*WAYS + fv)*TAG_W +: TAG_W]));
            if (f_wr1) if (F_HLP) assert(f_h1);
            if (clr_en) if (F_HLP) assert(scan_busy);
            if (wr_en && !rst) if (F_HLP) assert(!f_h1 && !f_h2 && !f_h3 && !f_h4 && !clr_en);
            if (F_HLP) assert(vset_p1 == set_p1[LOWB-1:0]);
            if (F_HLP) assert(we_w == (wr_en ? way_p4 : {WAYS{1'b0}}));   // per-way write enables
            if (F_HLP) assert(hsa == {NSL{ha_p3}} && hsb == {NSL{hb_p3}});   // select copies of the hit parts
            if (!f_h1) if (F_HLP) assert(valid_p2 == valid_reg[f_s2]);
            if (!f_h1 && !f_h2 && !f_h3) if (F_HLP) assert(hit_p3 == f_has(valid_vec, f_tags, f_s3, tag_p3));
            if (!f_h1 && !f_h2 && !f_h3 && !f_h4) begin
                if (F_HLP) assert(hit_oh_s2 == f_has(valid_vec, f_tags, f_s4, tag_p4));
                if (F_HLP) assert((way_p4 & (way_p4 - 1'b1)) == {WAYS{1'b0}});
            end
            if (F_HLP) assert((vic_p3 & (vic_p3 - 1'b1)) == {WAYS{1'b0}});
            if (F_HLP) assert(hit_s2 == (hit_oh_s2 != {WAYS{1'b0}}));
            if (hit_s2) if (F_HLP) assert(way_p4 == hit_oh_s2);
            if (SETS == 1) if (F_HLP) assert(set_p1 == {SW{1'b0}} && set_p2 == {SW{1'b0}} && set_p3 == {SW{1'b0}} &&
                                  set_p4 == {SW{1'b0}});
        end
    end
    generate
        if (SETS > 1) begin : f_g_sa2
            for (f_gw = 0; f_gw < WAYS; f_gw = f_gw + 1) begin : f_g_w
                always @* if (f_past_valid) begin
                    if (F_HLP) assert(g_sa.g_way[f_gw].wa == set_p4);        // the way's write address
                    if (F_HLP) assert(g_sa.g_way[f_gw].tcmp == tag_p2);
                    if (F_HLP) assert(g_sa.g_way[f_gw].rta == set_p1 && g_sa.g_way[f_gw].rda == set_p1);
                    if (scan_busy) if (F_HLP) assert({g_sa.g_way[f_gw].wpid, g_sa.g_way[f_gw].wlo, g_sa.g_way[f_gw].whi} ==
                                                     {inv_pid, inv_lo, inv_hi});
                    if (!f_wr1) begin                              // the P1 read is the RAM word
                        if (F_HLP) assert(g_sa.g_way[f_gw].t_rd == g_sa.g_way[f_gw].tag_mem[set_p2]);
                        if (F_HLP) assert(g_sa.g_way[f_gw].d_rd == g_sa.g_way[f_gw].dat_mem[set_p2]);
                    end
                end
            end
            always @* if (f_past_valid) if (F_HLP) assert(g_sa.sset_z2 == set_p2);
        end else begin : f_g_fa2
            localparam F_NG = (WAYS + 3) / 4;                 // compare operand copies
            localparam F_NGS = (WAYS + 7) / 8;                // scan way-mux groups
            always @* if (f_past_valid) begin
                if (F_HLP) assert(g_fa.tc1 == {F_NG{tag_p1}});
                if (F_HLP) assert(g_fa.tc2 == {F_NG{tag_p2[LO_W-1:0]}});
                if (F_HLP) assert(g_fa.sk_z1 == {F_NGS{g_fa.sidx_z1[2:0]}});
                if (scan_busy) if (F_HLP) assert({g_fa.ipid, g_fa.ilo, g_fa.ihi} == {inv_pid, inv_lo, inv_hi});
            end
            for (f_gw = 0; f_gw < WAYS; f_gw = f_gw + 1) begin : f_g_w
                always @* if (f_past_valid && !f_wr1)            // the P1 upper-half compare
                    if (F_HLP) assert(g_fa.hieq_p2[f_gw] == (g_fa.tags[f_gw*TAG_W + LO_W +: HI_W] == tag_p2[TAG_W-1:LO_W]));
            end
        end
    endgenerate

    // ---------------------------------------------------------------- T2, scan side
    integer fs1, fw1, fs2, fw2, fs3, fw3;
    reg [SETS*WAYS-1:0] f_match;    // entry matches the invalidation operands now
    always @* begin
        for (fs1 = 0; fs1 < SETS; fs1 = fs1 + 1)
            for (fw1 = 0; fw1 < WAYS; fw1 = fw1 + 1)
                f_match[fs1*WAYS + fw1] =
                    (!inv_use_pid || f_tags[(fs1*WAYS + fw1)*TAG_W + VPN_W +: PID_W] == inv_pid) &&
                    (!inv_use_range || (f_tags[(fs1*WAYS + fw1)*TAG_W +: VPN_W] >= inv_lo &&
                                        f_tags[(fs1*WAYS + fw1)*TAG_W +: VPN_W] <= inv_hi)) &&
                    (!inv_leaf_only || f_leaf[fs1*WAYS + fw1]);
    end
    reg [SETS*WAYS-1:0] f_stale;
    wire [SETS*WAYS-1:0] f_wrv;     // the entry a fill writes now
    generate
        genvar f_ge;
        for (f_ge = 0; f_ge < SETS*WAYS; f_ge = f_ge + 1) begin : f_g_wrv
            assign f_wrv[f_ge] = wr_en && way_p4[f_ge % WAYS] && f_s4 == f_ge / WAYS;
        end
    endgenerate
    always @(posedge clk) begin
        if (rst)
            f_stale <= {(SETS*WAYS){1'b0}};
        else if (scan_rd && scan_idx == {SCW{1'b0}})
            f_stale <= valid_vec & f_match;
        else
            f_stale <= f_stale & ~f_wrv;
    end
    // scan step index of each stage (8 bits), and its stage flags
    wire [7:0] f_i0 = {{(8-SCW){1'b0}}, scan_idx};
    wire       f_z1, f_z2, f_z3, f_z4;
    wire [7:0] f_i1, f_i2, f_i3, f_i4;
    generate
        if (SETS > 1) begin : f_g_zsa
            assign {f_z1, f_z2, f_z3, f_z4} = {g_sa.z1, g_sa.z2, g_sa.z3, 1'b0};
            assign f_i1 = {{(8-SW){1'b0}}, set_p1};
            assign f_i2 = {{(8-SW){1'b0}}, g_sa.sset_z2};
            assign f_i3 = {{(8-SW){1'b0}}, g_sa.sset_z3};
            assign f_i4 = 8'd0;
        end else begin : f_g_zfa
            assign {f_z1, f_z2, f_z3, f_z4} = {g_fa.z1, g_fa.z2, g_fa.z3, g_fa.z4};
            assign f_i1 = {{(8-SCX){1'b0}}, g_fa.sidx_z1};
            assign f_i2 = {{(8-SCX){1'b0}}, g_fa.sidx_z2};
            assign f_i3 = {{(8-SCX){1'b0}}, g_fa.sidx_z3};
            assign f_i4 = {{(8-SCX){1'b0}}, g_fa.sidx_z4};
        end
    endgenerate
    wire f_scan = scan_rd || scan_busy;
    always @* begin
        fs3 = 0; fw3 = 0;
        if (f_past_valid) begin
            if (F_HLP) assert(scan_busy == (f_z1 || f_z2 || f_z3 || f_z4));
            // the local copies of the invalidation operands during a scan step
            if (scan_busy) if (F_HLP) assert({iupid, iurng, ileaf} == {inv_use_pid, inv_use_range, inv_leaf_only});
            if (f_z1 || f_z2) if (F_HLP) assert(!f_wr1);
            // the steps are 0, 1, .. SCAN_LAST in order through the stages
            if (scan_go && !f_z1) if (F_HLP) assert(f_i0 == 8'd0);
            if (scan_go && f_z1) if (F_HLP) assert(f_i0 == f_i1 + 8'd1);
            if (f_z1 && f_z2) if (F_HLP) assert(f_i1 == f_i2 + 8'd1);
            if (f_z2 && f_z3) if (F_HLP) assert(f_i2 == f_i3 + 8'd1);
            if (f_z3 && f_z4) if (F_HLP) assert(f_i3 == f_i4 + 8'd1);
            if (f_z1 && !scan_go) if (F_HLP) assert(f_i1 == SCAN_LAST);
            if (f_z2 && !f_z1) if (F_HLP) assert(f_i2 == SCAN_LAST);
            if (f_z3 && !f_z2) if (F_HLP) assert(f_i3 == SCAN_LAST);
            if (f_z4 && !f_z3) if (F_HLP) assert(f_i4 == SCAN_LAST);
            if (f_z1) if (F_HLP) assert(f_i1 <= SCAN_LAST);
            for (fs3 = 0; fs3 < SETS; fs3 = fs3 + 1)
                for (fw3 = 0; fw3 < WAYS; fw3 = fw3 + 1)
                    if (f_stale[fs3*WAYS + fw3] && valid_reg[fs3][fw3]) begin
                        if (F_HLP) assert(f_match[fs3*WAYS + fw3]);
                        // its step (set or way) is still ahead of the scan
                        if (SETS > 1) begin
                            if (F_HLP) assert((scan_rd && fs3 >= f_i0) || (f_z1 && fs3 >= f_i1) ||
                                              (f_z2 && fs3 >= f_i2) || (f_z3 && fs3 >= f_i3));
                        end else begin
                            if (F_HLP) assert((scan_rd && fw3 >= f_i0) || (f_z1 && fw3 >= f_i1) ||
                                              (f_z2 && fw3 >= f_i2) || (f_z3 && fw3 >= f_i3) || (f_z4 && fw3 >= f_i4));
                        end
                        // the clear of its step takes it
                        if (SETS > 1 && f_z3 && fs3 == f_i3) if (F_HLP) assert(clr_en && clr_set == fs3 && clr_ways[fw3]);
                        if (SETS == 1 && f_z4 && fw3 == f_i4) if (F_HLP) assert(clr_en && clr_ways[fw3]);
                    end
            // T2: the scan is over: no entry that matched the invalidation is still valid
            if (!f_scan) if (F_T2) assert((f_stale & valid_vec) == {(SETS*WAYS){1'b0}});
        end
    end
    // the scan stages hold their step's operands (valid: a superset, bits only fall meanwhile)
    generate
        if (SETS > 1) begin : f_g_ssa
            always @* if (f_past_valid) begin
                if (f_z2) if (F_HLP) assert((valid_reg[set_p2] & ~valid_p2) == {WAYS{1'b0}});
            end
        end else begin : f_g_sfa
            always @* if (f_past_valid) begin
                if (f_z2) if (F_HLP) assert(g_fa.gt_z2[TAG_W-1:0] == f_tags[f_i2[WW-1:0]*TAG_W +: TAG_W] &&
                                 g_fa.gl_z2[0] == g_fa.leafs[f_i2[WW-1:0]] &&
                                 (!valid_reg[0][f_i2[WW-1:0]] || g_fa.gv_z2[0]));
                if (f_z3) if (F_HLP) assert(g_fa.st_z3 == f_tags[f_i3[WW-1:0]*TAG_W +: TAG_W] &&
                                 g_fa.sl_z3 == g_fa.leafs[f_i3[WW-1:0]] &&
                                 (!valid_reg[0][f_i3[WW-1:0]] || g_fa.sv_z3));
                if (f_z4) if (F_HLP) assert(g_fa.m_z4 == and_fn(cmp_fn(f_tags[f_i4[WW-1:0]*TAG_W +: TAG_W], inv_pid, inv_lo, inv_hi),
                                                          g_fa.leafs[f_i4[WW-1:0]], inv_use_pid, inv_use_range, inv_leaf_only) &&
                                 (!valid_reg[0][f_i4[WW-1:0]] || g_fa.sv_z4));
            end
        end
    endgenerate
