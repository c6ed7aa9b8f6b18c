`resetall
`default_nettype none
// mcast_emit: copy emitter of mcast_pe (one per output stream: m_axis_fab, m_axis_loc). Takes
// copy descriptors from the engine in order (a DEPTH-entry queue) and emits each as a 64-bit
// AXI4-Stream frame at one beat per cycle, back to back across copies: the first HLEN bytes
// from the descriptor's header bytes (encapsulation, docs/mcast.md §3), then ILEN bytes read
// from packet buffer BUF starting at byte BOFF (the original frame; BOFF = 26 + 4 NREC
// de-encapsulates, claim 9). A descriptor with several bits in TGT emits one copy per set bit,
// ascending, with tuser = USER | bit index (local copies, ¶0085); the fabric emitter gets one
// bit per descriptor. Seed 002 ¶0082-¶0087, docs/mcast.md §7 (pipeline).
//
// Pipeline: stage A (descriptor head, byte position) issues the buffer read of one beat
// (words hi/lo of the unaligned window, synchronous read in mcast_pe) and registers the header
// bytes, keep and last; stage B merges the read data and pushes the beat into a 4-entry output
// queue, which drives the stream. Stage A issues while the queue has room, so the stream moves
// one beat per cycle when the sink is ready. Latency: descriptor push to first tvalid 3 cycles.
// busy_bufs marks every buffer a queued or active descriptor reads (the engine keeps those
// buffers allocated). Units: HLEN, ILEN, BOFF in bytes (HLEN <= 64, HLEN + ILEN >= 1).
// No errors of its own (the engine only queues well-formed copies).
//
// Parameters: NB (buffers, index width BW), WORDS (words per buffer), LW (word index bits),
// UW (tuser bits, >= 3), DEPTH (descriptor queue entries, 2 or 4).
module mcast_emit #(
    parameter NB    = 12,
    parameter BW    = 4,
    parameter WORDS = 24,
    parameter LW    = 5,
    parameter UW    = 12,
    parameter DEPTH = 2
) (
    input  wire           clk,
    input  wire           rst,
    // copy descriptor
    input  wire           d_valid,
    output wire           d_ready,
    input  wire [BW-1:0]  d_buf,
    input  wire [15:0]    d_boff,
    input  wire [15:0]    d_ilen,
    input  wire [6:0]     d_hlen,
    input  wire [511:0]   d_hdr,          // header byte i at [8i +: 8], i < d_hlen
    input  wire [7:0]     d_tgt,          // copies: one per set bit (index ORed into tuser[2:0])
    input  wire [UW-1:0]  d_user,
    output reg  [NB-1:0]  busy_bufs,
    // buffer read (data one cycle later on rd_hi / rd_lo)
    output wire [BW-1:0]  rd_buf,
    output wire [LW-1:0]  rd_whi,
    output wire [LW-1:0]  rd_wlo,
    input  wire [63:0]    rd_hi,
    input  wire [63:0]    rd_lo,
    // output stream
    output wire [63:0]    m_tdata,
    output wire [7:0]     m_tkeep,
    output wire           m_tvalid,
    input  wire           m_tready,
    output wire           m_tlast,
    output wire [UW-1:0]  m_tuser
);
    localparam QW = (DEPTH > 2) ? 2 : 1;   // descriptor queue pointer bits
    localparam integer WORDS_I = WORDS;
    localparam [15:0] WORDS16 = WORDS_I[15:0];

    // ------------------------------------------------------------------ descriptor queue
    reg [BW-1:0]  q_buf  [0:DEPTH-1];
    reg [15:0]    q_boff [0:DEPTH-1];
    reg [15:0]    q_ilen [0:DEPTH-1];
    reg [6:0]     q_hlen [0:DEPTH-1];
    reg [511:0]   q_hdr  [0:DEPTH-1];
    reg [7:0]     q_tgt  [0:DEPTH-1];
    reg [UW-1:0]  q_user [0:DEPTH-1];
    reg [QW-1:0]  q_head, q_tail;
    reg [QW:0]    q_cnt;
    assign d_ready = (q_cnt != DEPTH[QW:0]);
    wire          d_push = d_valid && d_ready;
    wire          q_ne = (q_cnt != {(QW+1){1'b0}});

    // ------------------------------------------------------------------ stage A: beat issue
    reg  [15:0]   pos;            // byte offset of the beat in the copy
    reg  [7:0]    rem;            // copies of the head descriptor still to start (fresh: all)
    reg           fresh;          // head descriptor not started
    reg  [2:0]    o_cnt;          // output queue occupancy
    reg           b_valid;        // stage B holds a beat
    wire [BW-1:0] h_buf  = q_buf[q_head];
    wire [15:0]   h_boff = q_boff[q_head];
    wire [15:0]   h_ilen = q_ilen[q_head];
    wire [15:0]   h_hlen = {9'd0, q_hlen[q_head]};
    wire [511:0]  h_hdr  = q_hdr[q_head];
    wire [7:0]    h_left = fresh ? q_tgt[q_head] : rem;
    wire [15:0]   h_total = h_hlen + h_ilen;
    reg  [2:0]    port;           // lowest set bit of h_left
    integer pi;
    always @* begin
        port = 3'd0;
        for (pi = 7; pi >= 0; pi = pi - 1) if (h_left[pi]) port = pi[2:0];
    end
    wire          issue = q_ne && ({1'b0, o_cnt} + {3'd0, b_valid} < 4'd4);
    wire          a_last = (pos + 16'd8 >= h_total);
    wire [7:0]    left_next = h_left & ~(8'd1 << port);
    wire          q_pop = issue && a_last && (left_next == 8'd0);

    // buffer window of the beat: buffer bytes [pos + boff - hlen, +8) = words lo, lo + 1
    wire [15:0]   b0p = h_boff + pos + 16'd8 - h_hlen;
    wire [15:0]   wp = {3'd0, b0p[15:3]};
    wire [15:0]   whi = (wp < WORDS16) ? wp : 16'd0;
    wire [15:0]   wlo = (wp >= 16'd1 && wp <= WORDS16) ? wp - 16'd1 : 16'd0;
    assign rd_buf = h_buf;
    assign rd_whi = whi[LW-1:0];
    assign rd_wlo = wlo[LW-1:0];

    // header bytes and keep of the beat
    reg  [63:0]   a_hdr;
    reg  [7:0]    a_hmask, a_keep;
    reg  [15:0]   hx;
    integer ei;
    always @* begin
        a_hdr = 64'd0;
        a_hmask = 8'd0;
        a_keep = 8'd0;
        for (ei = 0; ei < 8; ei = ei + 1) begin
            hx = pos + ei[15:0];
            if (hx < h_total) a_keep[ei] = 1'b1;
            if (hx < h_hlen) begin
                a_hmask[ei] = 1'b1;
                a_hdr[8 * ei +: 8] = h_hdr[8 * hx[5:0] +: 8];
            end
        end
    end

    // ------------------------------------------------------------------ stage B: merge
    reg  [63:0]   b_hdr;
    reg  [7:0]    b_hmask, b_keep;
    reg           b_last;
    reg  [2:0]    b_sh;
    reg  [UW-1:0] b_user;
    wire [127:0]  b_pair = {rd_hi, rd_lo};
    wire [127:0]  b_shifted = b_pair >> {b_sh, 3'b000};
    reg  [63:0]   b_data;
    integer bi;
    always @* begin
        for (bi = 0; bi < 8; bi = bi + 1)
            b_data[8 * bi +: 8] = !b_keep[bi] ? 8'd0 : b_hmask[bi] ? b_hdr[8 * bi +: 8] : b_shifted[8 * bi +: 8];
    end

    // ------------------------------------------------------------------ output queue (4 beats)
    reg [63:0]    o_data [0:3];
    reg [7:0]     o_keep [0:3];
    reg           o_last [0:3];
    reg [UW-1:0]  o_user [0:3];
    reg [1:0]     o_head, o_tail;
    assign m_tvalid = (o_cnt != 3'd0);
    assign m_tdata  = o_data[o_head];
    assign m_tkeep  = o_keep[o_head];
    assign m_tlast  = o_last[o_head];
    assign m_tuser  = o_user[o_head];
    wire o_pop = m_tvalid && m_tready;

    // buffers in use: every queued descriptor (the head until its last beat was issued)
    integer ui;
    reg [QW:0]   u_k;
    reg [QW-1:0] u_i;              // queue slot of the ui-th entry (explicit width: wraps)
    always @* begin
        busy_bufs = {NB{1'b0}};
        for (ui = 0; ui < DEPTH; ui = ui + 1) begin
            u_k = ui[QW:0];
            u_i = q_head + ui[QW-1:0];
            if (u_k < q_cnt) busy_bufs[q_buf[u_i]] = 1'b1;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            q_head <= {QW{1'b0}};
            q_tail <= {QW{1'b0}};
            q_cnt <= {(QW+1){1'b0}};
            pos <= 16'd0;
            rem <= 8'd0;
            fresh <= 1'b1;
            b_valid <= 1'b0;
            o_head <= 2'd0;
            o_tail <= 2'd0;
            o_cnt <= 3'd0;
        end else begin
            if (d_push) begin
                q_buf[q_tail] <= d_buf;
                q_boff[q_tail] <= d_boff;
                q_ilen[q_tail] <= d_ilen;
                q_hlen[q_tail] <= d_hlen;
                q_hdr[q_tail] <= d_hdr;
                q_tgt[q_tail] <= d_tgt;
                q_user[q_tail] <= d_user;
                q_tail <= q_tail + 1'b1;     // DEPTH is a power of two
            end
            q_cnt <= q_cnt + {{QW{1'b0}}, d_push} - {{QW{1'b0}}, q_pop};
            if (q_pop) q_head <= q_head + 1'b1;
            // stage A
            b_valid <= issue;
            if (issue) begin
                b_hdr <= a_hdr;
                b_hmask <= a_hmask;
                b_keep <= a_keep;
                b_last <= a_last;
                b_sh <= b0p[2:0];
                b_user <= q_user[q_head] | {{(UW-3){1'b0}}, port};  // copy's bit index in [2:0]
                if (a_last) begin
                    pos <= 16'd0;
                    rem <= left_next;
                    fresh <= (left_next == 8'd0);
                end else begin
                    pos <= pos + 16'd8;
                    if (fresh) begin
                        rem <= h_left;
                        fresh <= 1'b0;
                    end
                end
            end
            // stage B -> output queue
            if (b_valid) begin
                o_data[o_tail] <= b_data;
                o_keep[o_tail] <= b_keep;
                o_last[o_tail] <= b_last;
                o_user[o_tail] <= b_user;
                o_tail <= o_tail + 2'd1;
            end
            if (o_pop) o_head <= o_head + 2'd1;
            o_cnt <= o_cnt + {2'd0, b_valid} - {2'd0, o_pop};
        end
    end
endmodule
`resetall
