// formal/nic_rel/nic_rel_hdr_props.vh -- properties of rtl/nic_rel/nic_rel_hdr.v (spec note 003
// blocks B2, B10; docs/nic_rel.md 10.5), included inside the module under `ifdef FORMAL
// (formal/nic_rel/nic_rel_hdr.sby). For one symbolic table index f_a (anyconst):
//   B2  a header whose lookup index is f_a carries the value of the last table write to f_a made
//       before its accept cycle (a write in the accept cycle itself is not seen), held stable
//       while m_hdr_valid waits for m_hdr_ready (ghost shadow f_sh of the entry)
//   B10 every header carries the handle, seq, epoch and reset of its request and cfg_half
//   HS  m_hdr_valid stays up and the fields stay stable until m_hdr_ready
// with the helper invariant f_sv -> tbl[f_a] == f_sh. Environment: reset in the first cycle only;
// cfg_half constant.
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) assume(rst == !f_past_valid);
    always @(posedge clk) if (f_past_valid) assume(cfg_half == $past(cfg_half));

    (* anyconst *) reg [IDX_W-1:0] f_a;
    reg        f_sv = 1'b0;         // f_a has been written
    reg [15:0] f_sh;                // the last value written to f_a
    always @(posedge clk)
        if (tbl_we && tbl_waddr == f_a) begin
            f_sv <= 1'b1;
            f_sh <= tbl_wdata;
        end

    // the lookup index, from the command bits (docs/nic_rel.md 10.2: target NID 71:48 = {job, rank})
    wire [IDX_W-1:0] f_idx = {s_req_cmd[64 +: JOB_W], s_req_cmd[48 +: RANK_W]};
    // expected output of the last accepted request
    reg                 f_ev = 1'b0;   // its index is f_a and f_a was written before
    reg [15:0]          f_en, f_eh;
    reg [SEQ_W-1:0]     f_es;
    reg [EPOCH_W-1:0]   f_ee;
    reg                 f_er;
    always @(posedge clk)
        if (acc) begin
            f_ev <= f_sv && f_idx == f_a;
            f_en <= f_sh;
            f_eh <= s_req_handle;
            f_es <= s_req_seq;
            f_ee <= s_req_epoch;
            f_er <= s_req_reset;
        end

    always @(*) begin
        if (f_sv) assert (tbl[f_a] == f_sh);
        if (f_past_valid && !rst && m_hdr_valid) begin
            if (f_ev) assert (m_hdr_dst_nid == f_en);
            assert (m_hdr_handle == f_eh);
            assert (m_hdr_psn[SEQ_W-1:0] == f_es);
            assert (m_hdr_epoch == f_ee);
            assert (m_hdr_reset == f_er);
            assert (m_hdr_half == cfg_half);
        end
    end
    always @(posedge clk)
        if (f_past_valid && !$past(rst) && !rst && $past(m_hdr_valid && !m_hdr_ready)) begin
            assert (m_hdr_valid);
            assert (m_hdr_dst_nid == $past(m_hdr_dst_nid));
            assert (m_hdr_handle == $past(m_hdr_handle));
        end
    always @(*) cover (f_past_valid && m_hdr_valid && f_ev && m_hdr_ready);
