// crc32_fn.vh: CRC-32 constant functions (IEEE 802.3 polynomial, reflected form 0xEDB88320, as
// Ethernet's FCS and the IBA ICRC), `include'd inside a module body. The CRC register is kept
// uninverted (Ethernet's FCS / the ICRC on the wire is ~register, least significant byte first).
// Bytes enter least significant bit first.
//   crc32_byte(s, b)      register s after one more byte b
//   crc32_zeros(s, n)     register s after n more zero bytes (n >= 0, a constant at the call site)
//   crc32_unzeros(s, n)   inverse of crc32_zeros: the register that n zero bytes take to s
// Used for elaboration-time constants (an initial value that lands on a known state after a run of
// zero bytes, a residue after trailing zero bytes) and, by crc32_beat, as the reference update.
// Source: IEEE 802.3 clause 3.2.9 (CRC-32), IBA Annex A17.4 (ICRC); docs/common.md.
function [31:0] crc32_byte(input [31:0] s, input [7:0] b);
    integer cb_i;
    reg [31:0] cb_c;
    begin
        cb_c = s;
        for (cb_i = 0; cb_i < 8; cb_i = cb_i + 1)
            cb_c = (cb_c >> 1) ^ (((cb_c[0] ^ b[cb_i]) == 1'b1) ? 32'hedb88320 : 32'h0);
        crc32_byte = cb_c;
    end
endfunction

function [31:0] crc32_zeros(input [31:0] s, input integer n);
    integer cz_i;
    reg [31:0] cz_c;
    begin
        cz_c = s;
        for (cz_i = 0; cz_i < 8 * n; cz_i = cz_i + 1)
            cz_c = (cz_c >> 1) ^ (cz_c[0] ? 32'hedb88320 : 32'h0);
        crc32_zeros = cz_c;
    end
endfunction

// one zero-bit step is c' = (c >> 1) ^ (c[0] ? P : 0); P[31] = 1 and (c >> 1)[31] = 0, so
// c[0] = c'[31] and c = ((c' ^ (c[0] ? P : 0)) << 1) | c[0]
function [31:0] crc32_unzeros(input [31:0] s, input integer n);
    integer cu_i;
    reg [31:0] cu_c;
    reg        cu_b;
    begin
        cu_c = s;
        for (cu_i = 0; cu_i < 8 * n; cu_i = cu_i + 1) begin
            cu_b = cu_c[31];
            cu_c = ((cu_c ^ (cu_b ? 32'hedb88320 : 32'h0)) << 1) | {31'd0, cu_b};
        end
        crc32_unzeros = cu_c;
    end
endfunction
