`resetall
`default_nettype none
// mcast_rx: frame receiver of mcast_pe (one per input stream: s_axis_loc, s_axis_fab). Stores a
// 64-bit AXI4-Stream frame, one beat per cycle, into a free packet buffer of its pool, keeps a
// copy of the first 64 bytes (header check) and the frame's length and first-beat tuser, and
// offers the frame to the engine as one event with its last beat. Seed 002 ¶0084 (the PE takes
// the packet), docs/mcast.md §7 (pipeline).
//
// Handshake: a frame starts (first beat accepted) only when the pool has a free buffer
// (free_ok, free_idx) and hold is low; its non-last beats flow in at one per cycle; its LAST
// beat is accepted only in a cycle where the engine grants the event (grant), so the tlast
// handshake is the frame's acceptance point and the engine processes events in that order.
// last_req tells the engine that the last beat is waiting (tvalid && tlast && startable).
// After the last beat, hdr/len/user describe the frame until the next frame's first beat,
// which the engine holds off (hold) while it still reads them.
// Widths: data 64 bits, keep 8, tuser 12 (loc: [2:0] port, [3] non-posted, [11:4] tag; fab: 0).
// Units: len in bytes (beats * 8 - empty bytes of the last beat, saturating at 2^16 - 1 beats).
// Buffer: words 0 .. WORDS-1 are written (wr_word < WORDS); longer frames keep counting beats
// (len > buffer: the engine drops them as oversize). No errors of its own.
//
// Parameters: WORDS (buffer size, 64-bit words), IW (buffer index bits), LW (word index bits).
module mcast_rx #(
    parameter WORDS = 24,
    parameter IW    = 3,
    parameter LW    = 5
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [63:0]   s_tdata,
    input  wire [7:0]    s_tkeep,
    input  wire          s_tvalid,
    output wire          s_tready,
    input  wire          s_tlast,
    input  wire [11:0]   s_tuser,
    input  wire          free_ok,        // a buffer of this pool is free
    input  wire [IW-1:0] free_idx,       // lowest free buffer of this pool
    input  wire          hold,           // engine still reads hdr/len/user: do not start a frame
    input  wire          grant,          // engine takes this receiver's last beat as its event
    output wire          last_req,       // last beat waiting for the grant
    output wire          busy,           // a frame is being received (in buffer busy_idx)
    output wire [IW-1:0] busy_idx,
    output wire [IW-1:0] buf_idx,        // buffer written this cycle (free_idx on a first beat)
    output wire          wr_en,          // buffer write: word wr_word of buffer buf_idx
    output wire [LW-1:0] wr_word,
    output wire [63:0]   wr_data,
    output reg  [511:0]  hdr,            // bytes 0..63 of the last frame (byte i at [8i +: 8])
    output reg  [15:0]   len,            // bytes of the last frame
    output reg  [11:0]   user            // tuser of its first beat
);
    reg          active;
    reg [IW-1:0] idx;
    reg [15:0]   beats;

    wire         startable = active || (free_ok && !hold);
    wire [IW-1:0] cur_idx = active ? idx : free_idx;
    wire [15:0]  cur_beat = active ? beats : 16'd0;
    assign last_req = s_tvalid && s_tlast && startable;
    assign s_tready = startable && (!s_tlast || grant);
    wire fire = s_tvalid && s_tready;
    assign busy = active;
    assign busy_idx = idx;
    localparam integer WORDS_I = WORDS;
    localparam [15:0] WORDS16 = WORDS_I[15:0];
    assign buf_idx = cur_idx;
    wire [15:0] widx = cur_beat;
    assign wr_en = fire && (cur_beat < WORDS16);
    assign wr_word = widx[LW-1:0];
    assign wr_data = s_tdata;

    function [3:0] pop8(input [7:0] v);
        integer i;
        begin
            pop8 = 4'd0;
            for (i = 0; i < 8; i = i + 1) pop8 = pop8 + {3'd0, v[i]};
        end
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            active <= 1'b0;
            idx <= {IW{1'b0}};
            beats <= 16'd0;
            len <= 16'd0;
            user <= 12'd0;
        end else if (fire) begin
            if (cur_beat < 16'd8) hdr[64 * cur_beat[2:0] +: 64] <= s_tdata;
            if (!active) begin
                idx <= free_idx;
                user <= s_tuser;
            end
            if (s_tlast) begin
                active <= 1'b0;
                beats <= 16'd0;
                len <= {cur_beat[12:0], 3'b000} + {12'd0, pop8(s_tkeep)};
            end else begin
                active <= 1'b1;
                beats <= (cur_beat == 16'hFFFF) ? cur_beat : cur_beat + 16'd1;
            end
        end
    end
endmodule
`resetall
