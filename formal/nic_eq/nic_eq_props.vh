// formal/nic_eq/nic_eq_props.vh -- properties of rtl/nic/nic_eq.v, included inside the module
// under `ifdef FORMAL (formal/nic_eq/nic_eq.sby; docs/nic_eq.md 6). Spec note 003 section 4 B7:
//   E1 no false negative: an enabled EQ never overflows: fill = prod - cons <= size. Helper: the
//      interlock invariant fill + count <= size + j (j = events the post head already wrote to
//      this EQ), and the post head's reservation is covered by the count (P1).
//   E3 no counter overflow (count + kmax <= 2^CNT_W - 1 when a message proceeds) or underflow
//      (kres <= count when a post returns its reservation).
//   E4 a flow-control drop only with count == 0 and the EQ full for the message (fill + kmax > size)
//      at decision time: flow control is never premature (L124).
// Tables are read through their "effective" value: the table with the W-stage write of the op in
// W applied (the op engine writes one op's result one cycle after its decision).
// No assumption on any input except a reset in the first cycle (rst may rise again any time).
// NIC_EQ_F_SEL with NIC_EQ_F_E1 / _E3 / _E4: only that group (the mutant jobs).

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

`ifdef NIC_EQ_F_SEL
`else
`define NIC_EQ_F_E1
`define NIC_EQ_F_E3
`define NIC_EQ_F_E4
`define NIC_EQ_F_HELP
`endif

`ifdef NIC_EQ_F_HELP
    // one op in the engine at a time; a W-stage write only with nothing in R / A
    always @(*) if (f_past_valid && !rst) begin
        assert({2'b00, r_valid_reg} + {2'b00, a_valid_reg} + {2'b00, d_valid_reg} <= 3'd1);
        if (w_cnt_we_reg || w_prod_we_reg || w_cons_we_reg || w_cf_on_reg || w_cf_off_reg || w_res_reg || w_event_reg)
            assert(!a_valid_reg && !d_valid_reg);
        if (post_j_reg != {KW{1'b0}}) assert(post_valid_reg);
    end
`endif

    genvar fi;
    generate
        for (fi = 0; fi < NE; fi = fi + 1) begin : f_eq
            wire             w_hit = w_eq_reg == fi;
            wire [IW-1:0]    prod  = (w_prod_we_reg && w_hit) ? w_prod_reg : prod_mem[fi];
            wire [IW-1:0]    cons  = (w_cons_we_reg && w_hit) ? w_cons_reg : cons_mem[fi];
            wire [CNT_W-1:0] cnt   = (w_cnt_we_reg && w_hit) ? w_cnt_reg : cnt_mem[fi];
            wire [3:0]       lg    = (w_cf_on_reg && w_hit) ? w_lg_reg : lg_mem[fi];
            wire             en    = (w_cf_on_reg && w_hit) ? 1'b1 : (w_cf_off_reg && w_hit) ? 1'b0 : en_reg[fi];
            wire [IW-1:0]    fill  = prod - cons;
            wire [IW+1:0]    size  = {{(IW+1){1'b0}}, 1'b1} << lg;
            wire [KW-1:0]    pj    = (post_valid_reg && post_eq_reg == fi) ? post_j_reg : {KW{1'b0}};
            always @(*) if (f_past_valid && !rst) begin
`ifdef NIC_EQ_F_E1
                if (en) begin
                    assert({2'b00, fill} <= size);                                         // E1
                    assert({2'b00, fill} + {{(IW+2-CNT_W){1'b0}}, cnt} <= size + {{(IW+2-KW){1'b0}}, pj});
                    assert(lg <= LGMAX[3:0]);
                end
`endif
`ifdef NIC_EQ_F_HELP
                // P1: the post head in the middle of a message holds a reservation of this EQ
                if (post_valid_reg && post_eq_reg == fi && post_j_reg != {KW{1'b0}})
                    assert(en && post_j_reg < post_n_reg && post_n_reg <= post_kres_reg &&
                           {{(CNT_W-KW){1'b0}}, post_kres_reg} <= cnt);
`endif
                if (d_valid_reg && d_eq_reg == fi) begin
`ifdef NIC_EQ_F_E4
                    if (res_fc)                                                            // E4
                        assert(en && cnt == {CNT_W{1'b0}} &&
                               {2'b00, fill} + {{(IW+2-KW){1'b0}}, head_kmax_reg} > size);
`endif
`ifdef NIC_EQ_F_E3
                    if (res_go)                                                            // E3
                        assert({1'b0, cnt} + {{(CNT_W+1-KW){1'b0}}, head_kmax_reg} <= {1'b0, CMAX});
                    if (p_ret)
                        assert({{(CNT_W-KW){1'b0}}, post_kres_reg} <= cnt);
`endif
                end
            end
        end
    endgenerate

    // covers (cheap, within the cvr depth): a flow-control drop, a PROCEED, an accepted doorbell, a
    // disable; a stall on events in flight and a second-lap event are deeper (lockstep coverage:
    // "stall", "wrap")
    always @(*) if (f_past_valid && !rst) begin
        cover(res_fc);
        cover(res_go);
        cover(db_ok);
        cover(cf_off);
    end
