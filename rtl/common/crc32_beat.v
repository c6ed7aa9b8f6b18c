`resetall
`timescale 1ns / 1ps
`default_nettype none
// crc32_beat: CRC-32 over a stream of full beats, one beat per cycle, as a parallel XOR matrix in
// two registered stages (IEEE 802.3 polynomial, reflected 0xEDB88320: Ethernet FCS, IBA ICRC).
//
// Source: issue 10 part 1 ("CRC-32 / ICRC per beat as a parallel XOR matrix"); IEEE 802.3 3.2.9;
// IBA Annex A17.4. Own code. Reference update and constant helpers: crc32_fn.vh.
//
// Every byte of every beat counts: byte j of a beat is in_data[8*j +: 8] (stream order, least
// significant bit first). The caller masks variant bytes (ICRC: force 0xFF), zeroes bytes outside
// the covered range and picks INIT so that leading zero bytes land on the wanted state (see
// crc32_fn.vh: crc32_unzeros), or compares with a residue advanced over trailing zero bytes
// (crc32_zeros). Masks are the caller's registered first/last-beat masks by beat index.
//
// Ports:
//   clk, rst               rst clears the valid pipeline only (the CRC register is datapath)
//   in_valid               a beat is present this cycle
//   in_first               this beat starts a new CRC: the register is INIT before it
//   in_data  [DATA_WIDTH]  the beat
//   out_valid              2 cycles after in_valid (latency 2, throughput 1 beat per cycle)
//   out_crc  [32]          the CRC register after the beat (uninverted), held until the next beat
// Parameters:
//   DATA_WIDTH  bits per beat, a multiple of 8, 8..1024
//   CHUNK       bits per first-stage partial (a multiple of 8 dividing DATA_WIDTH, default 64):
//               stage 1 registers, per CHUNK-bit slice c, the slice's CRC from a zero register,
//               advanced over the bytes after the slice in the beat (a fixed XOR matrix of at most
//               CHUNK inputs per bit); stage 2 is register' = Z(register) ^ XOR of the partials, Z =
//               advance over DATA_WIDTH/8 zero bytes (32 inputs per bit): by linearity,
//               CRC(s, d) = Z(s) ^ CRC(0, d). The loop-carried path is stage 2 only.
//   INIT        register value before the first beat (default 0xFFFFFFFF)
// Formal: formal/common/crc32_beat.sby (out_crc equal to a byte-serial reference).
module crc32_beat #(
    parameter DATA_WIDTH = 64,
    parameter CHUNK      = 64,
    parameter [31:0] INIT = 32'hffffffff
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  in_valid,
    input  wire                  in_first,
    input  wire [DATA_WIDTH-1:0] in_data,
    output reg                   out_valid,
    output reg  [31:0]           out_crc
);
`include "crc32_fn.vh"
    localparam KW = DATA_WIDTH / 8;
    localparam CW = (DATA_WIDTH < CHUNK) ? DATA_WIDTH : CHUNK;
    localparam NC = DATA_WIDTH / CW;
    localparam [31:0] ZINIT = crc32_zeros(INIT, KW);   // Z(INIT)

    initial begin
        if (DATA_WIDTH < 8 || DATA_WIDTH > 1024 || (DATA_WIDTH % 8) != 0 || CHUNK < 8 ||
            (CHUNK % 8) != 0 || (DATA_WIDTH % CW) != 0) begin
            $error("%m: DATA_WIDTH a multiple of 8 in 8..1024, CHUNK a multiple of 8 dividing it (DATA_WIDTH %0d, CHUNK %0d)",
                   DATA_WIDTH, CHUNK);
            $finish;
        end
    end

    // The XOR matrix, computed at elaboration (no loop left in the netlist or the simulation):
    // DROW row i (DATA_WIDTH bits) selects the data bits that feed bit i of the register after
    // the beat from a zero register (column of data bit 8b+j = the CRC of a beat holding only
    // that bit: byte b's column advanced over the KW-1-b bytes after it); SROW row i (32 bits)
    // selects the register bits that feed bit i after KW zero bytes (Z). Each output bit is then
    // one reduction XOR (a balanced tree), not a chain.
    function [32*DATA_WIDTH-1:0] data_rows(input integer unused);
        integer b, j, i;
        reg [255:0] cols;   // the 8 columns of the current byte
        reg [31:0]  col;
        begin
            data_rows = 0;
            cols = 256'd0;
            for (b = KW - 1; b >= 0; b = b - 1)
                for (j = 0; j < 8; j = j + 1) begin
                    if (b == KW - 1) col = crc32_byte(32'd0, 8'd1 << j);
                    else             col = crc32_zeros(cols[32 * j +: 32], 1);
                    cols[32 * j +: 32] = col;
                    for (i = 0; i < 32; i = i + 1)
                        data_rows[DATA_WIDTH * i + 8 * b + j] = col[i];
                end
        end
    endfunction
    function [32*32-1:0] state_rows(input integer unused);
        integer st, i;
        reg [31:0] col;
        begin
            state_rows = {32*32{1'b0}};
            for (st = 0; st < 32; st = st + 1) begin
                col = crc32_zeros(32'd1 << st, KW);
                for (i = 0; i < 32; i = i + 1)
                    state_rows[32 * i + st] = col[i];
            end
        end
    endfunction
    localparam [32*DATA_WIDTH-1:0] DROW = data_rows(0);
    localparam [32*32-1:0]         SROW = state_rows(0);

    // stage 1: per-slice partials (data only): bit i of slice c = XOR of the slice's data bits
    // selected by row i
    reg  [32*NC-1:0] part_next;
    reg  [32*NC-1:0] part_reg;
    reg              v1_reg;
    reg              first1_reg;
    integer c, i;
    always @* begin
        for (c = 0; c < NC; c = c + 1)
            for (i = 0; i < 32; i = i + 1)
                part_next[32 * c + i] = ^(in_data[CW * c +: CW] & DROW[DATA_WIDTH * i + CW * c +: CW]);
    end

    // stage 2: register' = Z(register), or Z(INIT) at a first beat, XOR the partials
    // (loop variables of their own: two combinational blocks never share one)
    reg [31:0] zs, acc;
    integer zc, zi;
    always @* begin
        for (zi = 0; zi < 32; zi = zi + 1)
            zs[zi] = ^(out_crc & SROW[32 * zi +: 32]);
        acc = first1_reg ? ZINIT : zs;
        for (zc = 0; zc < NC; zc = zc + 1)
            acc = acc ^ part_reg[32 * zc +: 32];
    end

    always @(posedge clk) begin
        part_reg   <= part_next;
        first1_reg <= in_first;
        if (v1_reg)
            out_crc <= acc;
        if (rst) begin
            v1_reg    <= 1'b0;
            out_valid <= 1'b0;
        end else begin
            v1_reg    <= in_valid;
            out_valid <= v1_reg;
        end
    end
`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    // reference: the register updated byte by byte (crc32_byte) over every beat that reached
    // stage 2, from INIT at a first beat
    function [31:0] f_serial(input [31:0] s, input [DATA_WIDTH-1:0] d);
        integer f_k;
        begin
            f_serial = s;
            for (f_k = 0; f_k < KW; f_k = f_k + 1)
                f_serial = crc32_byte(f_serial, d[8 * f_k +: 8]);
        end
    endfunction
    reg                  f_past = 1'b0;
    reg                  f_known;          // a first beat has reached the register since reset
    reg [DATA_WIDTH-1:0] f_d1;
    reg [31:0]           f_state;
    always @(posedge clk) begin
        f_past <= 1'b1;
        f_d1   <= in_data;
        if (v1_reg) f_state <= f_serial(first1_reg ? INIT : f_state, f_d1);
        if (rst) f_known <= 1'b0;
        else if (v1_reg && first1_reg) f_known <= 1'b1;
    end
    always @(*) begin
        if (!f_past) assume(rst);
`ifdef F_DATA_ONLY
        assume(in_first);           // every beat from INIT: the data path (slices, advances)
`endif
`ifdef F_STATE_ONLY
        assume(in_data == {DATA_WIDTH{1'b0}});   // zero data: the state path Z
`endif
        if (f_past && !rst && f_known) assert(out_crc == f_state);
    end
    always @(*) cover(f_known && out_valid && out_crc == 32'h340bc6d9);
`endif
endmodule
`resetall
