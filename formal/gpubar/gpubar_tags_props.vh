// formal/gpubar/gpubar_tags_props.vh -- P7 of spec note 004 section 5.1 (e) ("outstanding counters
// never over/underflow") for the read-tag ring rtl/gpubar/gpubar_tags.v, included inside the module
// under `ifdef GPUBAR_TAGS_F (formal/gpubar/gpubar_tags.sby; docs/gpubar.md 6.4), by k-induction:
//   P7a the ring occupancy head - tail (tags allocated and not yet passed by the walker) never
//       exceeds NT: a tag is handed out again only after the walker passed its previous use
//   P7b tail <= iss <= head in ring order: the walker never passes a tag that was not issued, and
//       no tag is issued before it was allocated (given the caller's rule below)
//   P7c a tag is out (waiting for its completion or timeout) only inside [tail, iss): no stray out
//       bit survives a pass, a timeout or a reset, so no completion can retire a free tag
//   P7d tag_free is conservative: tag_free => occupancy <= NT - 1 (an alloc it allows cannot
//       overflow the ring)
//   P5t (the ring's half of P5): the walker passes a tag only when it is not out (its completion
//       came back or it timed out), so a marked tag's result, and the ACK or completion queued
//       behind it in gpubar_xlat, never leaves while an earlier read of the ring is still out
//       (with P7c: every tag before the tail is outside the issued window, hence not out)
// Helpers (H): the walker's registered decision (v0_reg, out_t_reg at the odd cycle) agrees with
// the ring. Environment: a reset in the first cycle; alloc only while tag_free (gpubar_xlat forms a
// read only then); issue only of an allocated, not yet issued tag (iss != head; requests leave in
// allocation order); every other input free (s_rc any tag, any err, any time; cpl_to any value;
// res_ready free; rst may rise again any time).

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    always @(*) if (alloc) assume(free_reg);
    always @(*) if (issue) assume(iss_reg != head_reg);

    wire [TB:0] f_occ  = head_reg - tail_reg;    // allocated, not passed
    wire [TB:0] f_nout = iss_reg - tail_reg;     // issued, not passed
    integer f_t;
    always @(*) if (f_past_valid && !rst) begin
        P7a: assert(f_occ <= NT);
        P7b: assert(f_nout <= f_occ);
        P7d: assert(!free_reg || f_occ <= NT - 1);
        P5t: assert(!w_pass || !out_reg[tail_i]);
        for (f_t = 0; f_t < NT; f_t = f_t + 1)   // P7c
            // (t - tail) mod NT < iss - tail: t inside the issued window
            if (out_reg[f_t]) assert({1'b0, f_t[TB-1:0] - tail_i} < f_nout);
        // H: the odd cycle's decision reads registers written at the even edge, which match the ring
        if (now_reg[0] && v0_reg) begin
            assert(iss_reg != tail_reg);
            assert(out_t_reg == out_reg[tail_i]);
        end
    end

    // covers (task cvr): the ring fills to NT, a tag times out, a completion clears an out tag,
    // and the walker passes a tag while the ring is full (the proof is not vacuous)
    always @(posedge clk) if (f_past_valid && !rst) begin
        cover(f_occ == NT);
        cover(w_to);
        cover(|hit);
        cover(w_pass && f_occ == NT);
    end
