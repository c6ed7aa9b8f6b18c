`resetall
`timescale 1ns / 1ps
`default_nettype none
// arbiter: round-robin or fixed-priority arbiter with a registered one-hot grant.
//
// Source: issue 10 part 1; shape after verilog-axis arbiter (ARB_TYPE_ROUND_ROBIN, ARB_BLOCK,
// ARB_BLOCK_ACK, LSB high priority). Own code.
//
// Ports (one clock, synchronous active-high rst):
//   req         [N]   requests
//   ack         [N]   release of a held grant (used only when BLOCK && BLOCK_ACK)
//   grant       [N]   registered, one-hot or zero
//   grant_valid       registered, |grant
//   grant_index [IW]  registered, index of the grant bit (0 when !grant_valid), IW = max(1,$clog2(N))
// Parameters:
//   N           >= 1
//   ROUND_ROBIN 1: round robin: the lowest requester above the last grant, wrapping (fairness: a
//                  request held high is granted within N arbitration rounds, i.e. after at most
//                  N-1 grants to others); 0: fixed priority, lowest index first
//   BLOCK       0: arbitrate every cycle; 1: hold a grant while req[grant] stays high (or, with
//                  BLOCK_ACK, until ack[grant]), then arbitrate
//   BLOCK_ACK   1 (with BLOCK): release on ack[grant] instead of on the request dropping
// Latency: 1 cycle (the decision taken from req in cycle t is on grant in cycle t+1; in BLOCK
//   mode a release in cycle t and the next grant in cycle t+1).
// Throughput: one arbitration round per cycle (BLOCK 0), one per release (BLOCK 1).
// Timing: two prio_enc (req & -req carry chains) and a mask from the last grant: a few LUT levels
//   for N <= 32.
// Formal: formal/common/arbiter.sby (one-hot, grant subset of request, fairness bound).
module arbiter #(
    parameter N           = 4,
    parameter ROUND_ROBIN = 1,
    parameter BLOCK       = 0,
    parameter BLOCK_ACK   = 0
) (
    input  wire                                clk,
    input  wire                                rst,
    input  wire [N-1:0]                        req,
    input  wire [N-1:0]                        ack,
    output wire [N-1:0]                        grant,
    output wire                                grant_valid,
    output wire [(N > 1 ? $clog2(N) : 1)-1:0]  grant_index
);
    localparam IW = N > 1 ? $clog2(N) : 1;

    initial begin
        if (N < 1) begin
            $error("%m: N must be >= 1 (got %0d)", N);
            $finish;
        end
    end

    reg [N-1:0]  grant_reg;
    reg          grant_valid_reg;
    reg [IW-1:0] grant_index_reg;
    reg [N-1:0]  mask_reg;      // round robin: requesters above the last grant

    assign grant       = grant_reg;
    assign grant_valid = grant_valid_reg;
    assign grant_index = grant_index_reg;

    // held grant: released when its request drops (BLOCK) or on its ack (BLOCK_ACK)
    wire held = BLOCK != 0 && grant_valid_reg &&
                (BLOCK_ACK != 0 ? (ack & grant_reg) == {N{1'b0}} : (req & grant_reg) != {N{1'b0}});
    wire arb  = !held;

    wire          all_valid, msk_valid;
    wire [IW-1:0] all_index, msk_index;
    wire [N-1:0]  all_onehot, msk_onehot, all_upper, msk_upper;
    prio_enc #(.N(N)) u_all (.req(req), .valid(all_valid), .index(all_index), .onehot(all_onehot),
                             .upper(all_upper));
    prio_enc #(.N(N)) u_msk (.req(req & mask_reg), .valid(msk_valid), .index(msk_index),
                             .onehot(msk_onehot), .upper(msk_upper));
    wire          use_msk    = ROUND_ROBIN != 0 && msk_valid;
    wire [N-1:0]  pick       = use_msk ? msk_onehot : all_onehot;
    wire [IW-1:0] pick_index = use_msk ? msk_index : all_index;
    wire [N-1:0]  pick_upper = use_msk ? msk_upper : all_upper;   // requesters above the pick

    always @(posedge clk) begin
        if (rst) begin
            grant_reg       <= {N{1'b0}};
            grant_valid_reg <= 1'b0;
            grant_index_reg <= {IW{1'b0}};
            mask_reg        <= {N{1'b0}};
        end else if (arb) begin
            grant_reg       <= pick;
            grant_valid_reg <= all_valid;
            grant_index_reg <= pick_index;
            // bits strictly above the granted one
            if (all_valid)
                mask_reg <= pick_upper;
        end
    end

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    always @(*) if (f_past_valid && !rst) begin
        // one-hot or zero, consistent outputs
        assert((grant & (grant - {{N-1{1'b0}}, 1'b1})) == {N{1'b0}});
        assert(grant_valid == (grant != {N{1'b0}}));
        if (grant_valid) assert(grant[grant_index]);
        else             assert(grant_index == {IW{1'b0}});
    end
    always @(posedge clk) if (f_past_valid && !$past(rst) && !rst) begin
        // a decision grants only a requester, and some requester whenever there was one
        if ($past(arb)) begin
            assert((grant & ~$past(req)) == {N{1'b0}});
            assert(grant_valid == ($past(req) != {N{1'b0}}));
        end else begin
            assert(grant == $past(grant));
        end
        // BLOCK without ack: a held grant always belongs to a live request
        if (BLOCK != 0 && BLOCK_ACK == 0) assert((grant & ~$past(req)) == {N{1'b0}});
    end

    // fairness (round robin): requester f_k, held high, waits at most N-1 grants to others
    (* anyconst *) reg [IW-1:0] f_k;
    reg [IW:0] f_wait;
    always @(*) assume(f_k < N);
    always @(posedge clk)
        if (rst || !req[f_k] || (arb && pick[f_k])) f_wait <= {(IW+1){1'b0}};
        else if (arb)                               f_wait <= f_wait + 1'b1;
    generate
    if (ROUND_ROBIN != 0) begin : g_fair
        // cyclic distance from the last grant to f_k (1..N): only shrinks while f_k waits
        reg [IW:0] f_last;
        integer    f_i;
        always @(*) begin
            f_last = N - 1;
            for (f_i = 0; f_i < N; f_i = f_i + 1)
                if (mask_reg == ~((({{N-1{1'b0}}, 1'b1} << f_i) << 1) - {{N-1{1'b0}}, 1'b1}))
                    f_last = f_i;
        end
        wire [IW+1:0] f_d0   = {2'b0, f_k} + N - {1'b0, f_last};
        wire [IW+1:0] f_dist = f_d0 > N ? f_d0 - N : f_d0;
        always @(*) if (f_past_valid && !rst) begin
            // the mask is always "strictly above the last grant" (empty: last = N-1)
            assert(mask_reg == ~((({{N-1{1'b0}}, 1'b1} << f_last) << 1) - {{N-1{1'b0}}, 1'b1}));
            assert(f_wait <= N - 1);
            if (f_wait != 0) assert(f_wait + f_dist <= N);
        end
    end
    endgenerate

    always @(*) if (!rst) begin
        cover(f_wait == N - 1 && grant_valid && arb && pick[f_k]);
    end
`endif
endmodule
`resetall
