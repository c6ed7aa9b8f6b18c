`resetall
`timescale 1ns / 1ps
`default_nettype none
// hdr_capture: beat-indexed capture of the first HDR_BYTES bytes of each AXI4-Stream packet, with
// its length and a tkeep contract check, handed over in one register the cycle after the last beat.
//
// Source: issue 10 part 1 ("beat-indexed header capture"); AXI4-Stream (ARM IHI 0051A) byte
// order: byte 0 of a packet is tdata[7:0] of its first beat. Own code.
//
// Byte j of the packet (j < HDR_BYTES) is lane j % KW of beat j / KW (KW = DATA_WIDTH / 8): each
// header byte has exactly one source lane, so there is no byte-offset shifter. This is exact for
// streams that keep the contract (tkeep contiguous from bit 0 and full on every beat but the last);
// a beat that breaks it is flagged (out_bad_keep) and the caller drops the packet.
//
// Ports:
//   clk, rst             rst clears the beat index, length and flags (control); data registers are
//                        not reset
//   in_fire              a beat is transferred this cycle (tvalid && tready of the caller's port)
//   in_data  [DATA_WIDTH], in_keep [DATA_WIDTH/8], in_last   the beat
//   out_valid            one-cycle pulse, the cycle after a beat with in_fire && in_last
//   out_hdr  [8*HDR_BYTES]  byte j = out_hdr[8*j +: 8] = packet byte j; bytes the packet did not
//                        carry (past its end, or lanes with keep 0) read 0, never an older packet's
//   out_len  [16]        bytes in the packet: KW per beat before the last + the last beat's keep
//                        count, saturating at 0xFFFF; exact when out_bad_keep is 0
//   out_bad_keep         a beat before the last had keep != all ones, or a beat had keep == 0 or
//                        keep not contiguous from bit 0 (contract violation)
//   out_hdr/out_len/out_bad_keep are valid in the out_valid cycle only (out_hdr is the capture
//   register: beat 0's bytes follow the input again from the next cycle), so the consumer takes
//   what it needs in that cycle.
// Timing: each header beat's bytes are loaded with a clock enable straight from a flip-flop (a
//   one-hot copy of the beat index; no in_fire, no select mux in front of the 8*HDR_BYTES bits);
//   the bytes of beats 1.. are cleared by a synchronous reset straight from a flip-flop (a copy
//   of "beat index is 0" per beat, ff_keep) while the index is 0.
// Needs: rtl/common/ff_keep.v.
// Parameters: DATA_WIDTH (8..1024, a multiple of 8), HDR_BYTES (1..256).
// Latency 1 cycle from the last beat; throughput one beat per cycle, packets back to back (a
// one-beat packet every cycle included).
// Formal: formal/common/hdr_capture.sby (equal to a byte-serial reference; `ifdef FORMAL).
module hdr_capture #(
    parameter DATA_WIDTH = 64,
    parameter HDR_BYTES  = 86
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire                    in_fire,
    input  wire [DATA_WIDTH-1:0]   in_data,
    input  wire [DATA_WIDTH/8-1:0] in_keep,
    input  wire                    in_last,
    output reg                     out_valid,
    output reg  [8*HDR_BYTES-1:0]  out_hdr,
    output reg  [15:0]             out_len,
    output reg                     out_bad_keep
);
    localparam KW  = DATA_WIDTH / 8;
    localparam NHB = (HDR_BYTES + KW - 1) / KW;          // beats that carry header bytes
    localparam BIW = $clog2(NHB + 1) < 1 ? 1 : $clog2(NHB + 1);
    localparam CW  = $clog2(KW + 1);
    localparam [BIW-1:0] NHB_B = NHB[BIW-1:0];

    initial begin
        if (DATA_WIDTH < 8 || DATA_WIDTH > 1024 || (DATA_WIDTH % 8) != 0 || HDR_BYTES < 1 ||
            HDR_BYTES > 256) begin
            $error("%m: DATA_WIDTH a multiple of 8 in 8..1024, HDR_BYTES 1..256 (DATA_WIDTH %0d, HDR_BYTES %0d)",
                   DATA_WIDTH, HDR_BYTES);
            $finish;
        end
    end

    reg  [BIW-1:0]         beat_reg;   // beat index in the packet, saturating at NHB
    reg  [15:0]            len_reg;    // bytes of the earlier beats (KW each), saturating
    reg                    bad_reg;

    // the beat with keep lanes masked to 0
    reg [DATA_WIDTH-1:0] mdata;
    integer l;
    always @* begin
        for (l = 0; l < KW; l = l + 1)
            mdata[8 * l +: 8] = in_keep[l] ? in_data[8 * l +: 8] : 8'd0;
    end

    // One-hot copy of the beat index, registered with it, so that every wide select below comes
    // straight from a flip-flop: cur_reg[b] = (beat index == b).
    reg [NHB-1:0] cur_reg;

    // one-hot of the next index when the beat is not the last
    wire [BIW-1:0] beat_more = (beat_reg == NHB_B) ? beat_reg : beat_reg + 1'b1;
    reg  [NHB-1:0] cur_more;
    integer e;
    always @* begin
        for (e = 0; e < NHB; e = e + 1)
            cur_more[e] = ({{(32-BIW){1'b0}}, beat_more} == e);
    end

    // bytes of the beat: keep is a thermometer code when it keeps the contract, so the count is
    // the position of its top one + 1: edge[i] = keep[i] && !keep[i+1] is one-hot, and count bit k
    // is the OR of the edges i whose i+1 has bit k set (ONES_MASK, one reduction OR per bit: no
    // adder tree). Exact when keep is contiguous from bit 0; otherwise out_bad_keep is set.
    function [CW*KW-1:0] ones_mask(input integer unused);
        integer mi, mk;
        begin
            ones_mask = 0;
            for (mk = 0; mk < CW; mk = mk + 1)
                for (mi = 0; mi < KW; mi = mi + 1)
                    ones_mask[KW * mk + mi] = (((mi + 1) >> mk) % 2) == 1;
        end
    endfunction
    localparam [CW*KW-1:0] ONES_MASK = ones_mask(0);
    wire [KW-1:0] keep_up   = in_keep >> 1;   // keep_up[i] = keep[i+1], 0 above the top
    wire [KW-1:0] keep_edge = in_keep & ~keep_up;
    reg  [CW-1:0] ones;
    integer ok;
    always @* begin
        for (ok = 0; ok < CW; ok = ok + 1)
            ones[ok] = |(keep_edge & ONES_MASK[KW * ok +: KW]);
    end
    wire keep_full   = &in_keep;
    wire keep_contig = (in_keep != {KW{1'b0}}) && ((in_keep & (in_keep + 1'b1)) == {KW{1'b0}});
    // length if this beat is the last (len_reg + ones) and if it is not (len_reg + KW), in parallel
    // length if this beat is the last: len_reg + ones. With KW a power of two (>= 2) len_reg is a
    // multiple of KW (or saturated), so the low LK bits are ones' and only ones[LK] carries into
    // the upper bits: an incrementer instead of an adder behind the count.
    wire [16:0] len_last;
    generate
        if (KW >= 2 && (KW & (KW - 1)) == 0) begin : g_len_pow2
            localparam LK = $clog2(KW);
            wire [16-LK:0] hi = {1'b0, len_reg[15:LK]} + {{(16-LK){1'b0}}, ones[LK]};
            assign len_last = (len_reg == 16'hffff) ? 17'h1ffff : {hi, ones[LK-1:0]};
        end else begin : g_len_add
            assign len_last = {1'b0, len_reg} + {{(17-CW){1'b0}}, ones};
        end
    endgenerate
    wire [16:0] len_more = {1'b0, len_reg} + KW[16:0];

    // out_hdr is the capture register itself: beat b's bytes are loaded in every cycle the index
    // is b, transfer or not (the transfer of beat b is the last such cycle: the index moves on
    // with it), so the enable is cur_reg[b] straight from a flip-flop, with no in_fire. The bytes
    // of every beat b >= 1 are cleared in every cycle the index is 0 (from the last beat's
    // transfer up to and including the next packet's first transfer): a beat the packet does not
    // reach keeps those zeros, since only its own index loads it. The clear of beat b is clr_k[b],
    // a copy of cur_reg[0] (ff_keep: the same next value and reset, equal to it in every cycle),
    // straight from a flip-flop into the synchronous reset of the beat's bytes.
    // In the out_valid cycle out_hdr therefore holds this packet's bytes and zeros; from the next
    // cycle on, beat 0's bytes follow the input again (and the others read 0).
    /* verilator lint_off UNUSEDSIGNAL */
    wire cur0_nx = rst || (in_fire ? in_last : cur_reg[0]);   // cur_reg[0]'s next value (NHB > 1)
    wire [NHB-1:0] clr_k;          // bit 0 is 0: beat 0 is never cleared
    /* verilator lint_on UNUSEDSIGNAL */
    genvar gb;
    generate
        for (gb = 0; gb < NHB; gb = gb + 1) begin : g_beat
            localparam LO = gb * KW;
            localparam HI = (gb * KW + KW > HDR_BYTES) ? HDR_BYTES : gb * KW + KW;
            if (gb == 0) begin : g_first
                assign clr_k[0] = 1'b0;
                always @(posedge clk)
                    if (cur_reg[0])
                        out_hdr[8 * LO +: 8 * (HI - LO)] <= mdata[0 +: 8 * (HI - LO)];
            end else begin : g_next
                ff_keep u_clr (.clk(clk), .rst(1'b0), .d(cur0_nx), .q(clr_k[gb]));
                always @(posedge clk)
                    if (clr_k[gb])
                        out_hdr[8 * LO +: 8 * (HI - LO)] <= {8*(HI-LO){1'b0}};
                    else if (cur_reg[gb])
                        out_hdr[8 * LO +: 8 * (HI - LO)] <= mdata[0 +: 8 * (HI - LO)];
            end
        end
    endgenerate

    always @(posedge clk) begin
        out_len      <= len_last[16] ? 16'hffff : len_last[15:0];
        out_bad_keep <= bad_reg || !keep_contig;
        if (rst) begin
            out_valid <= 1'b0;
            beat_reg   <= {BIW{1'b0}};
            cur_reg    <= {{(NHB-1){1'b0}}, 1'b1};
            len_reg    <= 16'd0;
            bad_reg    <= 1'b0;
        end else begin
            out_valid <= in_fire && in_last;
            if (in_fire) begin
                if (in_last) begin
                    beat_reg   <= {BIW{1'b0}};
                    cur_reg    <= {{(NHB-1){1'b0}}, 1'b1};
                    len_reg    <= 16'd0;
                    bad_reg    <= 1'b0;
                end else begin
                    if (beat_reg != NHB_B) beat_reg <= beat_reg + 1'b1;
                    cur_reg    <= cur_more;
                    len_reg <= len_more[16] ? 16'hffff : len_more[15:0];
                    bad_reg <= bad_reg || !keep_contig || !keep_full;
                end
            end
        end
    end

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    // reference: bytes appended one at a time (kept lanes, in lane order) at a byte counter
    reg                   f_past = 1'b0;
    reg [8*HDR_BYTES-1:0] f_hdr;
    reg [15:0]            f_len;
    reg                   f_bad;
    reg [8*HDR_BYTES-1:0] f_hdr_o;
    reg [15:0]            f_len_o;
    reg                   f_bad_o;
    reg                   f_vo;
    reg [8*HDR_BYTES-1:0] f_h;
    reg [16:0]            f_l;
    reg                   f_b;
    integer f_i, f_j;
    always @* begin
        f_h = f_hdr;
        f_l = {1'b0, f_len};
        for (f_i = 0; f_i < KW; f_i = f_i + 1)
            if (in_keep[f_i]) begin
                if (f_l < HDR_BYTES) f_h[8 * f_l +: 8] = in_data[8 * f_i +: 8];
                if (f_l != 17'hffff) f_l = f_l + 1'b1;
            end
        f_b = f_bad || !keep_contig || (!in_last && !keep_full);
    end
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (rst) begin
            f_hdr <= {8*HDR_BYTES{1'b0}};
            f_len <= 16'd0;
            f_bad <= 1'b0;
            f_vo  <= 1'b0;
        end else begin
            f_vo <= in_fire && in_last;
            if (in_fire) begin
                if (in_last) begin
                    f_hdr_o <= f_h;
                    f_len_o <= f_l[15:0];
                    f_bad_o <= f_b;
                    f_hdr <= {8*HDR_BYTES{1'b0}};
                    f_len <= 16'd0;
                    f_bad <= 1'b0;
                end else begin
                    f_hdr <= f_h;
                    f_len <= f_l[15:0];
                    f_bad <= f_b;
                end
            end
        end
    end
    always @(*) begin
        if (!f_past) assume(rst);
        if (f_past && !rst) begin
            assert(out_valid == f_vo);
            for (f_j = 0; f_j < NHB; f_j = f_j + 1) begin
                assert(cur_reg[f_j] == (beat_reg == f_j));
                if (f_j > 0) assert(clr_k[f_j] == cur_reg[0]);   // the clear copies
            end
            // the bytes of the beats past the index read 0 once the packet has started (they
            // were cleared while the index was 0)
            if (beat_reg != 0)
                for (f_j = KW; f_j < HDR_BYTES; f_j = f_j + 1)
                    if (f_j / KW > beat_reg) assert(out_hdr[8 * f_j +: 8] == 8'd0);
            assert(bad_reg == f_bad);
            // for contract-keeping packets: same header bytes and length
            if (!f_bad) begin
                assert(len_reg == f_len);
                // bytes of the beats already taken equal the reference; the reference's bytes not
                // yet carried are 0
                for (f_j = 0; f_j < HDR_BYTES; f_j = f_j + 1) begin
                    if (f_j / KW < beat_reg) assert(out_hdr[8 * f_j +: 8] == f_hdr[8 * f_j +: 8]);
                    if (f_j >= f_len) assert(f_hdr[8 * f_j +: 8] == 8'd0);
                end
                // beat index = bytes so far / KW, saturating at NHB (the length saturates at 0xFFFF)
                assert(beat_reg <= NHB_B);
                if (len_reg != 16'hffff) begin
                    assert(len_reg % KW == 0);
                    assert(beat_reg == ((len_reg / KW) < NHB ? len_reg / KW : NHB));
                end else begin
                    assert(beat_reg == NHB_B);
                end
            end
            if (out_valid && !out_bad_keep) begin
                assert(out_hdr == f_hdr_o);
                assert(out_len == f_len_o);
            end
            if (out_valid) assert(out_bad_keep == f_bad_o);
        end
    end
    always @(*) cover(out_valid && !out_bad_keep && out_len > KW);
`endif
endmodule
`resetall
