`resetall
`default_nettype none
// roce_icrc_beat: combinational ICRC (CRC-32, reflected polynomial 0xEDB88320) update over one
// AXI-Stream beat of a RoCEv2-over-IPv4 packet that starts with a 14-byte Ethernet II header.
//
// Shapes: crc_in/crc_out 32 bits (raw register, not inverted); data DATA_WIDTH bits, byte lane i
// = data[8*i +: 8]; keep one bit per lane; beat_offset = byte offset of lane 0 in the packet.
// Lanes included: offsets 14 .. ICRC_OFFSET-1 (IP header to the end of the payload), kept lanes
// only. Bytes replaced by 0xFF (IBA Annex A17.4, variant fields): IPv4 TOS (15), TTL (22),
// header checksum (24, 25), UDP checksum (40, 41) and BTH resv8a (46).
// The caller starts a packet with ICRC_SEED = the CRC state after 0xFFFFFFFF and eight 0xFF
// bytes (the dummy LRH); the ICRC on the wire is ~crc, least significant byte first.
// Source: docs/barrier.md section 5.
module roce_icrc_beat #(
    parameter DATA_WIDTH  = 64,
    parameter ICRC_OFFSET = 82,
    parameter OFF_WIDTH   = 16   // must be 16
) (
    input  wire [31:0]             crc_in,
    input  wire [DATA_WIDTH-1:0]   data,
    input  wire [DATA_WIDTH/8-1:0] keep,
    input  wire [OFF_WIDTH-1:0]    beat_offset,
    output reg  [31:0]             crc_out
);
    localparam KW = DATA_WIDTH / 8;
    integer i, b;
    reg [7:0]           byte_v;
    reg [OFF_WIDTH-1:0] off;
    always @* begin
        crc_out = crc_in;
        b       = 0;   // assigned on every path: no latch for the inner loop variable
        for (i = 0; i < KW; i = i + 1) begin
            off    = beat_offset + i[OFF_WIDTH-1:0];
            byte_v = data[8*i +: 8];
            if (off == 15 || off == 22 || off == 24 || off == 25 || off == 40 || off == 41 ||
                off == 46)
                byte_v = 8'hff;
            if (keep[i] && off >= 14 && {16'd0, off} < ICRC_OFFSET) begin
                crc_out = crc_out ^ {24'd0, byte_v};
                for (b = 0; b < 8; b = b + 1)
                    crc_out = crc_out[0] ? ((crc_out >> 1) ^ 32'hedb88320) : (crc_out >> 1);
            end
        end
    end
endmodule
`resetall
