`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_tags: read-tag ring of gpubar_xlat (issue 14, second slice): tags of the read requests
// (payload reads and flush reads), their completions from the data mover (s_rc), a completion
// timeout per tag, and the in-order retirement stream that releases descriptor completions.
//
// Source: spec note 004 section 4 R-11 (bounded drain: outstanding reads capped at NT, each
// retired by its completion or by the timeout), R-12 (nothing waits on the GPU unboundedly),
// R-14 (completion timeouts, UR/CA completions and stale completions counted); docs/gpubar.md 3.1.
//
// Ring: tags are handed out strictly in order 0, 1, .., NT-1, 0, .. (head_reg): the tag of the
// n-th read request is n mod NT whatever the completion order, and a tag is handed out again
// only after the walker (tail_reg) has passed its previous use. A tag is "issued" from its m_req
// handshake (iss_reg counts them) until its completion arrives (s_rc, any order) or it times out
// (out bit cleared); the walker then passes it (in ring order).
//   alloc        a read request was formed (the caller takes the tag `tag` = head); alloc_mark:
//                a completion waits for this tag (a flush read or a read descriptor's last read)
//   issue        a read request's m_req handshake (its tag is iss_reg mod NT; requests leave in
//                allocation order); the tag's out bit is set and its deadline written
//   s_rc         {tag[7:0], err}: the data mover's report that the tag's final completion came
//                back (err: UR / CA). Always ready; registered (stage A), decoded to a one-hot
//                (stage B), applied at the second edge after the handshake: an out tag becomes not
//                out (bad = err); an s_rc for a tag that is not out then (free, never issued, timed
//                out, already completed, or >= NT) counts CPL_STALE and is ignored. Its counters
//                move one edge later still.
// Timeout: a deadline per tag, dl = (issue cycle) - 1 + cpl_to (17-bit cycle count now_reg);
//   the walker steps every second cycle: on even now_reg it registers exp = (now - dl[tail]) >= 0
//   (17-bit signed) and v0 = (tail != iss); on odd now_reg, if v0: tail not out -> pass it (tail
//   + 1; a marked tag pushes the OR of the bad bits since the previous mark onto the result FIFO);
//   else if exp and the s_rc applied at this edge is not for tail -> timeout (out cleared, bad
//   set, CPL_TIMEOUT). The odd-cycle decision uses only registers: the even cycle also registers
//   the tail's out / bad / mark bits as they will be after its own edge (only an s_rc can change
//   them then) and whether the next edge applies an s_rc to tail. Tags issued later have later deadlines, so checking the oldest suffices: a tag
//   is retired at most cpl_to + 2 * NT + 4 cycles after its issue (the walker reaches it within
//   2 cycles per older tag). The C model simulates this walker cycle by cycle (cmodel/gpubar.h).
// cpl_to: cycles, quasi-static (change only while no read tag is out); 0 times out at once.
// Result FIFO (res_*): one bit per marked tag, in ring order: 1 if any tag since the previous
//   marked tag (this one included) timed out or completed with err. RES_D words (>= CQD + 1 of
//   the caller's completion queue: never full, see docs/gpubar.md 3.2).
// Latency: s_rc handshake -> out cleared at the second edge; walker: 1 tag per 2 cycles.
// Resources: NT x 17 LUTRAM (deadlines) and the tail's deadline in a 17-bit register (dl_t_reg:
//   read one edge ahead, bypassed on a write), 3 x NT flip-flops (out, bad, mark), pointers,
//   3 x 32-bit counters, a RES_D x 1 LUTRAM FIFO.
module gpubar_tags #(
    parameter NT    = 32,           // tags (power of two, 2..256)
    parameter RES_D = 32,           // result FIFO depth (power of two)
    parameter TB    = $clog2(NT)
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [15:0]   cpl_to,
    // allocation (formation of a read request)
    input  wire          alloc,
    input  wire          alloc_mark,
    output wire          tag_free,
    output wire [TB-1:0] tag,
    // issue (m_req handshake of a read request)
    input  wire          issue,
    // completions from the data mover
    input  wire          s_rc_valid,
    output wire          s_rc_ready,
    input  wire [7:0]    s_rc_tag,
    input  wire          s_rc_err,
    // retirement results of marked tags
    output wire          res_valid,
    output wire          res_bad,
    input  wire          res_ready,
    // counters
    output wire [31:0]   cnt_err,
    output wire [31:0]   cnt_to,
    output wire [31:0]   cnt_stale
`ifdef FORMAL
    ,
    output wire [NT-1:0] f_out,          // formal only: the out bits and the ring pointers
    output wire [TB:0]   f_head,
    output wire [TB:0]   f_iss,
    output wire [TB:0]   f_tail
`endif
);
    reg  [TB:0]     head_reg, tail_reg, iss_reg;   // one wrap bit
    reg  [NT-1:0]   out_reg, bad_reg, mark_reg;
    reg  [16:0]     now_reg, q_reg;                // q_reg = now_reg - 1 + cpl_to
    (* ram_style = "distributed" *)
    reg  [16:0]     dl_mem [0:NT-1];
    reg  [16:0]     dl_t_reg;                      // dl_mem[tail], registered (see below)
    reg             exp_reg, v0_reg, acc_reg;
    reg             out_t_reg, bad_t_reg, mark_t_reg, excl_reg;   // the tail's bits (even cycle)
    reg             rc_valid_reg, rc_err_reg;                      // stage A
    reg  [7:0]      rc_tag_reg;
    reg  [NT-1:0]   rc_oh_reg;                                     // stage B: one-hot of an in-range tag
    reg             rc_any_reg, rc_err2_reg;                       //   an s_rc (any tag), its err
    reg             h_val_reg, h_hit_reg, h_err_reg;               // counter stage
    reg             free_reg;
    reg  [31:0]     c_err_reg, c_to_reg, c_stale_reg;

    wire [TB-1:0]   tail_i = tail_reg[TB-1:0];
    wire [TB-1:0]   iss_i  = iss_reg[TB-1:0];
    wire [TB-1:0]   rc_i   = rc_tag_reg[TB-1:0];

    assign tag_free   = free_reg;   // fewer than NT allocated (registered, conservative)
    assign tag        = head_reg[TB-1:0];
    assign s_rc_ready = 1'b1;
    assign cnt_err    = c_err_reg;
    assign cnt_to     = c_to_reg;
    assign cnt_stale  = c_stale_reg;
`ifdef FORMAL
    assign f_out = out_reg, f_head = head_reg, f_iss = iss_reg, f_tail = tail_reg;
`endif

    // stage A: the s_rc tag in range; stage B -> apply: the out tags it hits (at most one)
    /* verilator lint_off WIDTH */
    wire rc_inr = (rc_tag_reg >> TB) == 8'd0;
    /* verilator lint_on WIDTH */
    wire [NT-1:0] rc_oh = rc_valid_reg && rc_inr ? {{(NT-1){1'b0}}, 1'b1} << rc_i : {NT{1'b0}};
    wire [NT-1:0] hit   = rc_oh_reg & out_reg;
    // ring occupancy: allocated (head - tail); tag_free for the next cycle, counting this alloc
    wire [TB:0] cnt = head_reg - tail_reg;
    // walker (odd now_reg): pass or time out the tail, from registers only
    wire wk      = now_reg[0] && v0_reg;
    wire w_pass  = wk && !out_t_reg;
    wire w_to    = wk && out_t_reg && exp_reg && !excl_reg;
    wire res_in  = acc_reg | bad_t_reg;
    wire res_push = w_pass && mark_t_reg;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [16:0] age = now_reg - dl_t_reg;         // >= 0 (bit 16 clear): expired
    /* verilator lint_on UNUSEDSIGNAL */
    // the tail's deadline in a register, so that the expiry compare starts at flip-flops: every
    // edge reads the deadline of the tail after that edge (tail + 1 when the walker passes), and
    // takes q_reg instead when the same edge writes that deadline (an issue of that tag), so
    // dl_t_reg == dl_mem[tail_reg] from the second cycle after reset (before any tag is issued)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [TB:0]   tail_p1 = tail_reg + {{TB{1'b0}}, 1'b1};   // its wrap bit unused
    /* verilator lint_on UNUSEDSIGNAL */
    wire [TB-1:0] tail_nx = w_pass ? tail_p1[TB-1:0] : tail_i;

    always @(posedge clk) begin
        if (issue) dl_mem[iss_i] <= q_reg;
        dl_t_reg <= issue && iss_i == tail_nx ? q_reg : dl_mem[tail_nx];
    end

    always @(posedge clk) begin
        now_reg <= now_reg + 17'd1;
        q_reg   <= now_reg + {1'b0, cpl_to};
        rc_valid_reg <= s_rc_valid;
        rc_tag_reg   <= s_rc_tag;
        rc_err_reg   <= s_rc_err;
        rc_oh_reg    <= rc_oh;
        rc_any_reg   <= rc_valid_reg;
        rc_err2_reg  <= rc_err_reg;
        free_reg     <= !(cnt == {1'b1, {TB{1'b0}}} || alloc && cnt == {1'b0, {TB{1'b1}}});
        if (alloc) begin
            head_reg <= head_reg + {{TB{1'b0}}, 1'b1};
            mark_reg[head_reg[TB-1:0]] <= alloc_mark;
        end
        if (!now_reg[0]) begin
            exp_reg    <= !age[16];
            v0_reg     <= tail_reg != iss_reg;
            // the tail's bits after this edge (an s_rc applied now may clear out / set bad)
            out_t_reg  <= out_reg[tail_i] && !rc_oh_reg[tail_i];
            bad_t_reg  <= hit[tail_i] ? rc_err2_reg : bad_reg[tail_i];
            mark_t_reg <= mark_reg[tail_i];
            excl_reg   <= rc_oh[tail_i];   // the next edge applies an s_rc to tail
        end
        // completions: stage B applied (at most one tag); counted one edge later
        out_reg <= out_reg & ~hit;
        bad_reg <= (bad_reg & ~hit) | (hit & {NT{rc_err2_reg}});
        h_val_reg <= rc_any_reg;
        h_hit_reg <= |hit;
        h_err_reg <= rc_err2_reg;
        if (h_val_reg && h_hit_reg && h_err_reg) c_err_reg <= c_err_reg + 32'd1;
        if (h_val_reg && !h_hit_reg) c_stale_reg <= c_stale_reg + 32'd1;
        if (w_pass) begin
            tail_reg <= tail_reg + {{TB{1'b0}}, 1'b1};
            acc_reg  <= mark_t_reg ? 1'b0 : res_in;
        end
        if (w_to) begin
            out_reg[tail_i] <= 1'b0;
            bad_reg[tail_i] <= 1'b1;
            c_to_reg <= c_to_reg + 32'd1;
        end
        if (issue) begin
            iss_reg <= iss_reg + {{TB{1'b0}}, 1'b1};
            out_reg[iss_i] <= 1'b1;
            bad_reg[iss_i] <= 1'b0;
        end
        if (rst) begin
            head_reg <= {(TB+1){1'b0}};
            tail_reg <= {(TB+1){1'b0}};
            iss_reg  <= {(TB+1){1'b0}};
            out_reg  <= {NT{1'b0}};
            now_reg  <= 17'd0;
            q_reg    <= {1'b0, cpl_to} - 17'd1;
            v0_reg   <= 1'b0;
            acc_reg  <= 1'b0;
            rc_valid_reg <= 1'b0;
            rc_oh_reg    <= {NT{1'b0}};
            rc_any_reg   <= 1'b0;
            h_val_reg    <= 1'b0;
            free_reg     <= 1'b0;
            c_err_reg <= 32'd0; c_to_reg <= 32'd0; c_stale_reg <= 32'd0;
        end
    end

    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(1), .DEPTH(RES_D)) u_res (
        .clk(clk), .rst(rst),
        .s_data(res_in), .s_valid(res_push), .s_ready(),
        .m_data(res_bad), .m_valid(res_valid), .m_ready(res_ready),
        .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */
`ifdef GPUBAR_TAGS_F
    // P7 (ring occupancy and pointers never over/underflow), formal/gpubar/gpubar_tags.sby
`include "gpubar_tags_props.vh"
`endif
endmodule

`resetall
