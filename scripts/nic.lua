-- scripts/nic.lua -- Wireshark / tshark postdissector of the NIC extension header NXH (issue 12,
-- layout in docs/nic.md section 3.3): the 32 bytes after the BTH of a RoCEv2 packet whose BTH
-- opcode is a NIC opcode (0xC0 data, 0xC1 ACK; IBA manufacturer-specific range). Wireshark's
-- InfiniBand dissector shows those bytes as "Unknown/Vendor Specific Data"; this adds the tree.
--   tshark -X lua_script:scripts/nic.lua -r capture.pcap -V
-- NXH, big-endian: ver/flags(1) vn(1) src_nid(2) dst_nid(2) handle(2) epoch(4) msg_len(4)
-- offset(4) target_addr(8) msg_id(2) eq_handle(2); then the payload, BTH PadCnt pad, ICRC(4).
-- ACK / NAK (opcode 0xC1, issue 13, docs/nic.md 3.5): BTH / AETH(4: syndrome, MSN) / NXH (message
-- fields 0) / ICRC, no payload. The AETH fields mirror the names of Wireshark's infiniband.aeth.*
-- (which it does not decode behind a manufacturer-specific opcode).
local p = Proto("nxh", "NIC extension header (seed 003)")
local opnames = { [0xC0] = "data", [0xC1] = "ACK" }
-- AETH syndrome -> response type (1 ACK, 2 DUP_ACK, 3 NACK_SEQ, 4 NACK_NOSTATE; nic_rel_rx codes)
local syn2t = { [0x1F] = 1, [0x1E] = 2, [0x60] = 3, [0x61] = 4 }
local ackt = { [1] = "ACK", [2] = "DUP_ACK", [3] = "NACK_SEQ", [4] = "NACK_NOSTATE" }
local f = {
    op      = ProtoField.uint8("nxh.opcode", "NIC opcode", base.HEX, opnames),
    ver     = ProtoField.uint8("nxh.ver", "Version", base.DEC, nil, 0xF0),
    first   = ProtoField.bool("nxh.first", "First packet", 8, nil, 0x08),
    last    = ProtoField.bool("nxh.last", "Last packet", 8, nil, 0x04),
    reset   = ProtoField.bool("nxh.reset", "Sequence reset (new epoch)", 8, nil, 0x02),
    half    = ProtoField.bool("nxh.half", "Initiator NIC half", 8, nil, 0x01),
    vn      = ProtoField.uint8("nxh.vn", "Virtual network", base.DEC, nil, 0xE0),
    rsvd    = ProtoField.uint8("nxh.rsvd", "Reserved", base.HEX, nil, 0x1F),
    src_nid = ProtoField.uint16("nxh.src_nid", "Source NID", base.DEC),
    dst_nid = ProtoField.uint16("nxh.dst_nid", "Destination NID", base.DEC),
    handle  = ProtoField.uint16("nxh.handle", "Retransmit handle", base.HEX),
    epoch   = ProtoField.uint32("nxh.epoch", "Epoch", base.DEC),
    msg_len = ProtoField.uint32("nxh.msg_len", "Message length", base.DEC),
    offset  = ProtoField.uint32("nxh.offset", "Payload offset", base.DEC),
    target  = ProtoField.uint64("nxh.target_addr", "Target address", base.HEX),
    msg_id  = ProtoField.uint16("nxh.msg_id", "Message ID", base.DEC),
    eq      = ProtoField.uint16("nxh.eq_handle", "EQ handle", base.DEC),
    plen    = ProtoField.uint32("nxh.payload_len", "Payload length", base.DEC),
    syn     = ProtoField.uint8("nxh.aeth.syndrome", "AETH syndrome", base.HEX),
    syn_op  = ProtoField.uint8("nxh.aeth.syndrome.opcode", "AETH type (0 ACK, 3 NAK)", base.DEC, nil, 0xE0),
    syn_val = ProtoField.uint8("nxh.aeth.syndrome.value", "AETH credit count / NAK code", base.DEC, nil, 0x1F),
    msn     = ProtoField.uint24("nxh.aeth.msn", "AETH MSN", base.DEC),
    acktype = ProtoField.uint8("nxh.ack_type", "Reliability response", base.DEC, ackt),
}
p.fields = f
local e_trunc = ProtoExpert.new("nxh.truncated", "NXH truncated", expert.group.MALFORMED, expert.severity.ERROR)
local e_ver = ProtoExpert.new("nxh.badver", "unknown NXH version or reserved bits set", expert.group.MALFORMED, expert.severity.ERROR)
local e_range = ProtoExpert.new("nxh.range", "payload beyond the message length", expert.group.MALFORMED, expert.severity.ERROR)
local e_syn = ProtoExpert.new("nxh.badsyndrome", "AETH syndrome not ACK/DUP_ACK/NAK-PSN/NAK-invalid, or MSN not 0", expert.group.MALFORMED, expert.severity.ERROR)
local e_ackf = ProtoExpert.new("nxh.ackfields", "ACK with F/L/R set or a message field not 0", expert.group.MALFORMED, expert.severity.ERROR)
local e_ackpay = ProtoExpert.new("nxh.ackpayload", "ACK with a payload", expert.group.MALFORMED, expert.severity.ERROR)
p.experts = { e_trunc, e_ver, e_range, e_syn, e_ackf, e_ackpay }

local function dissect_ack(buf, pinfo, tree, bo)
    local a = bo + 12                   -- AETH follows the 12-byte BTH
    local o = a + 4                     -- NXH follows the AETH
    local t = tree:add(p, buf(a), "NIC ACK / NAK (AETH + NXH)")
    t:add(f.op, buf(bo, 1))
    if buf:len() < o + 32 + 4 then
        t:add_proto_expert_info(e_trunc)
        return
    end
    pinfo.cols.protocol = "NXH"
    local syn = buf(a, 1):uint()
    t:add(f.syn, buf(a, 1)); t:add(f.syn_op, buf(a, 1)); t:add(f.syn_val, buf(a, 1)); t:add(f.msn, buf(a + 1, 3))
    local ty = syn2t[syn]
    if ty ~= nil then t:add(f.acktype, ty) end
    if ty == nil or buf(a + 1, 3):uint() ~= 0 then t:add_proto_expert_info(e_syn) end
    t:add(f.ver, buf(o, 1)); t:add(f.first, buf(o, 1)); t:add(f.last, buf(o, 1))
    t:add(f.reset, buf(o, 1)); t:add(f.half, buf(o, 1))
    t:add(f.vn, buf(o + 1, 1)); t:add(f.rsvd, buf(o + 1, 1))
    t:add(f.src_nid, buf(o + 2, 2)); t:add(f.dst_nid, buf(o + 4, 2)); t:add(f.handle, buf(o + 6, 2))
    t:add(f.epoch, buf(o + 8, 4))
    local plen = buf:len() - (o + 32) - 4
    t:add(f.plen, plen)
    if bit.rshift(buf(o, 1):uint(), 4) ~= 1 or bit.band(buf(o + 1, 1):uint(), 0x1F) ~= 0 then
        t:add_proto_expert_info(e_ver)
    end
    local z = bit.band(buf(o, 1):uint(), 0x0E)
    for i = 12, 31 do z = bit.bor(z, buf(o + i, 1):uint()) end
    if z ~= 0 then t:add_proto_expert_info(e_ackf) end
    if plen ~= 0 then t:add_proto_expert_info(e_ackpay) end
    pinfo.cols.info:append(string.format(" NXH %s vn %d %d->%d handle 0x%04x epoch %d",
        ackt[ty] or "bad-AETH", bit.rshift(buf(o + 1, 1):uint(), 5), buf(o + 2, 2):uint(), buf(o + 4, 2):uint(),
        buf(o + 6, 2):uint(), buf(o + 8, 4):uint()))
end

local bth_op = Field.new("infiniband.bth.opcode")
local bth_pad = Field.new("infiniband.bth.padcnt")

function p.dissector(buf, pinfo, tree)
    local op = bth_op()
    if op == nil then return end
    local opv = op.value
    if opv < 0xC0 or opv > 0xC1 then return end
    if opv == 0xC1 then return dissect_ack(buf, pinfo, tree, op.offset) end
    local o = op.offset + 12            -- NXH follows the 12-byte BTH
    local t = tree:add(p, buf(o), "NIC extension header")
    t:add(f.op, buf(op.offset, 1))
    if buf:len() < o + 32 + 4 then
        t:add_proto_expert_info(e_trunc)
        return
    end
    pinfo.cols.protocol = "NXH"
    t:add(f.ver, buf(o, 1)); t:add(f.first, buf(o, 1)); t:add(f.last, buf(o, 1))
    t:add(f.reset, buf(o, 1)); t:add(f.half, buf(o, 1))
    t:add(f.vn, buf(o + 1, 1)); t:add(f.rsvd, buf(o + 1, 1))
    t:add(f.src_nid, buf(o + 2, 2)); t:add(f.dst_nid, buf(o + 4, 2)); t:add(f.handle, buf(o + 6, 2))
    t:add(f.epoch, buf(o + 8, 4)); t:add(f.msg_len, buf(o + 12, 4)); t:add(f.offset, buf(o + 16, 4))
    t:add(f.target, buf(o + 20, 8)); t:add(f.msg_id, buf(o + 28, 2)); t:add(f.eq, buf(o + 30, 2))
    local pad = 0
    local pf = bth_pad()
    if pf ~= nil then pad = pf.value end
    local plen = buf:len() - (o + 32) - 4 - pad
    t:add(f.plen, plen)
    if bit.rshift(buf(o, 1):uint(), 4) ~= 1 or bit.band(buf(o + 1, 1):uint(), 0x1F) ~= 0 then
        t:add_proto_expert_info(e_ver)
    end
    if plen < 0 or buf(o + 16, 4):uint() + plen > buf(o + 12, 4):uint() then
        t:add_proto_expert_info(e_range)
    end
    pinfo.cols.info:append(string.format(" NXH %s vn %d %d->%d msg %d off %d len %d",
        opnames[opv], bit.rshift(buf(o + 1, 1):uint(), 5), buf(o + 2, 2):uint(), buf(o + 4, 2):uint(),
        buf(o + 28, 2):uint(), buf(o + 16, 4):uint(), plen))
end
register_postdissector(p)
