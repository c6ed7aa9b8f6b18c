`resetall
`timescale 1ns / 1ps
`default_nettype none
// stats_counter: N event counters kept in RAM, fed by N event pulses per cycle, no event lost.
//
// Source: issue 10 part 1 ("a vector of event pulses -> counters kept in RAM, read over AXI4-Lite,
// as Corundum's stats_counter does"); own code and own scheme (per-event pending accumulators
// flushed by a fixed round-robin sweep).
//
// Ports (one clock, synchronous active-high rst; the counter RAM is not reset, it is zeroed by a
// sweep that runs after rst):
//   stat_inc   [N]          event pulses: every set bit adds 1 to its counter in this cycle; all
//                           bits may be high in every cycle (no event is ever lost)
//   stat_clear              pulse: zero every counter (one zeroing sweep, see below)
//   stat_busy               high from rst / stat_clear until the zeroing sweep has visited every
//                           counter (at most 2*P + 1 cycles)
//   rd_en, rd_addr [AW]     read request, one per cycle, AW = max(1, $clog2(N)); rd_addr < N
//   rd_valid, rd_data [CNT_WIDTH]
//                           rd_valid = rd_en delayed by exactly 2 cycles (fixed latency 2);
//                           rd_data = number of events of counter rd_addr in the cycles STRICTLY
//                           BEFORE the rd_en cycle since that counter was zeroed, mod 2^CNT_WIDTH
// Parameters: N 1..1024 counters, CNT_WIDTH 8..64.
// How: a sweep pointer visits slot ptr = 0, 1, .., P-1, 0, .. with P = max(N, 3), one slot per
//   cycle. Each counter i has a pending accumulator pend[i] ($clog2(P+1) bits) that counts its
//   events. A visit of slot i (cycle t) takes cap = pend[i] (the events of cycles before t) and
//   restarts pend[i] with stat_inc[i] of cycle t; the RAM word is read (t), cap is added (t+1,
//   sum register), and the sum is written back (t+2). Bound: a slot is visited every P cycles,
//   so pend[i] <= P and cap <= P: the accumulators cannot overflow (proven). P >= 3 keeps the read of a visit after
//   the write of the previous visit of the same slot (no RAM read/write collision on the sweep).
//   The read port adds the in-flight parts (pend[a], the sum or capture of a visit in progress)
//   to the RAM word, so reads are exact at any time; it never collides with the sweep either
//   (a read of the slot being written takes the sum register, not the RAM word).
//   Zeroing (after rst and on stat_clear) runs one full sweep starting at slot 0 in which a visit
//   writes 0 and drops pend[i] and that cycle's event: counter i counts from the cycle after its
//   zeroing visit.
// Resources: RAM of N x CNT_WIDTH with one write and two read ports (Yosys duplicates it:
//   LUTRAM for small N, DP16KD for large N), N x $clog2(P+1) accumulator flip-flops, one
//   CNT_WIDTH adder on the sweep and one on the read port.
// Throughput: N events per cycle in, one read per cycle out. Latency of a read: 2 cycles.
// Formal: formal/common/stats_counter.sby (ghost reference counter of an arbitrary index equals
//   RAM + in-flight + pending every cycle; every read returns the ghost value; accumulator bound).
module stats_counter #(
    parameter N         = 16,
    parameter CNT_WIDTH = 64
) (
    input  wire                               clk,
    input  wire                               rst,
    input  wire [N-1:0]                       stat_inc,
    input  wire                               stat_clear,
    output wire                               stat_busy,
    input  wire                               rd_en,
    input  wire [(N > 1 ? $clog2(N) : 1)-1:0] rd_addr,
    output wire                               rd_valid,
    output wire [CNT_WIDTH-1:0]               rd_data
);
    localparam AW = N > 1 ? $clog2(N) : 1;
    localparam P  = N >= 3 ? N : 3;            // sweep period (slots)
    localparam SW = $clog2(P);                 // sweep pointer width
    localparam PW = $clog2(P + 1);             // pending / capture width (holds 0..P)
    localparam integer PLAST = P - 1;
    localparam integer NSLOT = N;

    initial begin
        if (N < 1 || N > 1024 || CNT_WIDTH < 8 || CNT_WIDTH > 64) begin
            $error("%m: N must be 1..1024 and CNT_WIDTH 8..64 (N %0d, CNT_WIDTH %0d)", N, CNT_WIDTH);
            $finish;
        end
    end

    reg [CNT_WIDTH-1:0] mem [0:N-1];   // the counters: never reset (zeroed by the sweep)

    // ------------------------------------------------------------ sweep control
    reg [SW-1:0] ptr_reg;
    reg          zeroing_reg;     // the sweep in progress writes zeros
    reg          zero_req_reg;    // a clear waits for the next sweep start (slot 0)
    reg [N*PW-1:0] pend_reg;

    wire          ptr_last = (ptr_reg == PLAST[SW-1:0]);
    wire          visit    = ({1'b0, ptr_reg} < NSLOT[SW:0]);
    wire [AW-1:0] vidx     = ptr_reg[AW-1:0];

    assign stat_busy = zeroing_reg || zero_req_reg;

    always @(posedge clk) begin
        if (rst) begin
            ptr_reg      <= {SW{1'b0}};
            zeroing_reg  <= 1'b1;
            zero_req_reg <= 1'b0;
        end else begin
            ptr_reg <= ptr_last ? {SW{1'b0}} : ptr_reg + 1'b1;
            if (ptr_last) begin
                zeroing_reg  <= zero_req_reg || stat_clear;
                zero_req_reg <= 1'b0;
            end else if (stat_clear) begin
                zero_req_reg <= 1'b1;
            end
        end
    end

    // rotating one-hot copy of the sweep pointer (slot_oh[j] == (ptr == j)): drives the
    // accumulator restarts without a decode of ptr
    reg [P-1:0] slot_oh_reg;
    always @(posedge clk) begin
        if (rst)
            slot_oh_reg <= {{P-1{1'b0}}, 1'b1};
        else
            slot_oh_reg <= {slot_oh_reg[P-2:0], slot_oh_reg[P-1]};
    end

    // pending accumulators: +1 per event; the visit of a slot restarts it with that cycle's event
    // (the zeroing visit with 0), so a visit only moves pend[i] out, with no adder in front
    integer i;
    always @(posedge clk) begin
        for (i = 0; i < N; i = i + 1)
            if (rst || (slot_oh_reg[i] && zeroing_reg))
                pend_reg[i*PW +: PW] <= {PW{1'b0}};
            else if (slot_oh_reg[i])
                pend_reg[i*PW +: PW] <= {{PW-1{1'b0}}, stat_inc[i]};
            else
                pend_reg[i*PW +: PW] <= pend_reg[i*PW +: PW] + {{PW-1{1'b0}}, stat_inc[i]};
    end

    // ------------------------------------------------------------ visit pipeline
    // t: capture + RAM read; t+1: sum; t+2: RAM write
    reg                 s1_valid_reg, s2_valid_reg;
    reg  [AW-1:0]       s1_idx_reg, s2_idx_reg;
    reg  [PW-1:0]       s1_cap_reg;
    reg                 s1_zero_reg;
    reg  [CNT_WIDTH-1:0] ram_q_reg;
    reg  [CNT_WIDTH-1:0] sum_reg;

    // pend of the visited slot: an indexed select (a balanced mux tree; a linear AND-OR chain
    // over N slots made Yosys' abc9 pass exhaust its stack at N = 256)
    wire [PW-1:0] pend_v = pend_reg[vidx*PW +: PW];
    wire [PW-1:0] cap = zeroing_reg ? {PW{1'b0}} : pend_v;

    always @(posedge clk) begin
        if (visit)
            ram_q_reg <= mem[vidx];
        s1_idx_reg  <= vidx;
        s1_cap_reg  <= cap;
        s1_zero_reg <= zeroing_reg;
        sum_reg     <= (s1_zero_reg ? {CNT_WIDTH{1'b0}} : ram_q_reg) +
                       {{CNT_WIDTH-PW{1'b0}}, s1_cap_reg};
        s2_idx_reg  <= s1_idx_reg;
        if (s2_valid_reg)
            mem[s2_idx_reg] <= sum_reg;
    end

    always @(posedge clk) begin
        if (rst) begin
            s1_valid_reg <= 1'b0;
            s2_valid_reg <= 1'b0;
        end else begin
            s1_valid_reg <= visit;
            s2_valid_reg <= s1_valid_reg;
        end
    end

    // ------------------------------------------------------------ read port
    reg  [CNT_WIDTH-1:0] rd_q_reg;
    reg                  rp_valid_reg, rp_use_ram_reg;
    reg  [CNT_WIDTH-1:0] rp_base_reg;
    reg  [PW-1:0]        rp_pend_reg, rp_cap_reg;
    reg                  rd_valid_reg;
    reg  [CNT_WIDTH-1:0] rd_data_reg;

    wire          m1 = s1_valid_reg && s1_idx_reg == rd_addr;
    wire          m2 = s2_valid_reg && s2_idx_reg == rd_addr;
    wire [PW-1:0] pend_a = pend_reg[rd_addr*PW +: PW];

    always @(posedge clk) begin
        rd_q_reg       <= mem[rd_addr];
        rp_use_ram_reg <= !m2 && !(m1 && s1_zero_reg);
        rp_base_reg    <= m2 ? sum_reg : {CNT_WIDTH{1'b0}};
        rp_pend_reg    <= pend_a;
        rp_cap_reg     <= m1 ? s1_cap_reg : {PW{1'b0}};
        rd_data_reg    <= (rp_use_ram_reg ? rd_q_reg : rp_base_reg) +
                          {{CNT_WIDTH-PW-1{1'b0}}, {1'b0, rp_pend_reg} + {1'b0, rp_cap_reg}};
    end

    always @(posedge clk) begin
        if (rst) begin
            rp_valid_reg <= 1'b0;
            rd_valid_reg <= 1'b0;
        end else begin
            rp_valid_reg <= rd_en;
            rd_valid_reg <= rp_valid_reg;
        end
    end

    assign rd_valid = rd_valid_reg;
    assign rd_data  = rd_data_reg;

`ifdef FORMAL
`ifndef F_STATS_SUB   // defined when read as a submodule of a proof (stats_counter_axil.sby)
    // ---------------------------------------------------------------- formal (f_ only)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    always @(*) assume(rd_addr < N);

    // ghost reference counter of an arbitrary counter f_k, from the ports alone (plus the
    // sweep's zeroing visit, which defines when the counter restarts)
    (* anyconst *) reg [AW-1:0] f_k;
    always @(*) assume(f_k < N);
    reg                 f_valid;
    reg [CNT_WIDTH-1:0] f_cnt;
    wire f_zero_visit = visit && vidx == f_k && zeroing_reg;
    always @(posedge clk) begin
        if (rst) begin
            f_valid <= 1'b0;
        end else if (f_zero_visit) begin
            f_valid <= 1'b1;
            f_cnt   <= {CNT_WIDTH{1'b0}};
        end else begin
            f_cnt   <= f_cnt + {{CNT_WIDTH-1{1'b0}}, stat_inc[f_k]};
        end
    end

    // the same value as the read port computes, from the RAM word itself
    wire          f_m1 = s1_valid_reg && s1_idx_reg == f_k;
    wire          f_m2 = s2_valid_reg && s2_idx_reg == f_k;
    wire [CNT_WIDTH-1:0] f_base = f_m2 ? sum_reg : (f_m1 && s1_zero_reg) ? {CNT_WIDTH{1'b0}} : mem[f_k];
    wire [CNT_WIDTH-1:0] f_val  = f_base + {{CNT_WIDTH-PW{1'b0}}, pend_reg[f_k*PW +: PW]} +
                                  (f_m1 ? {{CNT_WIDTH-PW{1'b0}}, s1_cap_reg} : {CNT_WIDTH{1'b0}});
    // slots since the last visit of slot j (0 .. P-1)
    function [SW:0] f_since(input [SW:0] j);
        f_since = ({1'b0, ptr_reg} + P - 1 - j) % P;
    endfunction

    integer f_j;
    always @(*) if (f_past_valid && !rst) begin
        // no lost event: RAM word + in-flight + pending == ghost counter
        if (f_valid) assert(f_val == f_cnt);
        // accumulator bound (no overflow): pend[j] <= cycles since its visit (1 .. P)
        for (f_j = 0; f_j < N; f_j = f_j + 1)
            assert(pend_reg[f_j*PW +: PW] <= f_since(f_j) + 1);
        // pipeline bookkeeping
        assert(ptr_reg < P);
        assert(slot_oh_reg == {{P-1{1'b0}}, 1'b1} << ptr_reg);
        if (s1_valid_reg) begin
            assert({1'b0, s1_idx_reg} == ({1'b0, ptr_reg} + P - 1) % P);
            assert(ram_q_reg == mem[s1_idx_reg]);
            assert(s1_cap_reg <= P);
            if (s1_zero_reg) assert(s1_cap_reg == 0);
        end
        if (s2_valid_reg) assert({1'b0, s2_idx_reg} == ({1'b0, ptr_reg} + P - 2) % P);
        if (s1_valid_reg && s2_valid_reg) assert(s1_idx_reg != s2_idx_reg);
        // f_k is valid (zeroed since rst) unless the first zeroing sweep has not reached it yet
        assert(f_valid || (zeroing_reg && ptr_reg <= f_k));
    end

    // every read of f_k returns the ghost value of its request cycle, 2 cycles later
    reg                 f_chk1, f_chk2;
    reg [CNT_WIDTH-1:0] f_exp1, f_exp2;
    always @(posedge clk) begin
        if (rst) begin
            f_chk1 <= 1'b0;
            f_chk2 <= 1'b0;
        end else begin
            f_chk1 <= rd_en && rd_addr == f_k && f_valid;
            f_chk2 <= f_chk1;
        end
        f_exp1 <= f_cnt;
        f_exp2 <= f_exp1;
    end
    always @(*) if (f_past_valid && !rst) begin
        if (f_chk1) assert(rp_valid_reg);
        if (f_chk2) begin
            assert(rd_valid);
            assert(rd_data == f_exp2);
        end
    end

    // covers: a value spanning more than one visit is read back; counting through two sweeps
    always @(*) if (!rst) begin
        cover(f_chk2 && rd_data > P + 1);
        cover(f_valid && f_cnt > 2 * P && !stat_busy);
    end
`endif
`endif
endmodule
`resetall
