-- scripts/mcast.lua -- Wireshark / tshark dissector of the mcast switch multicast encapsulation
-- (EtherType 0x88B5, IEEE local experimental; layout in docs/mcast.md section 3).
--   tshark -X lua_script:scripts/mcast.lua -r capture.pcap -V
-- Header (after Ethernet, big-endian): ver/type(1) group(1) nrec(1) mtid(1) src_sw(1) dst_sw(1)
-- root_sw(1) reserved(1) root_seq(2) inner_len(2), then nrec records of
-- sw_id(1) subtree_size(1) node_bmp(2), then the original (inner) Ethernet frame.
local p = Proto("mcast", "Switch multicast encapsulation (seed 002)")
local types = { [0] = "posted data", [1] = "non-posted data" }
local f = {
    ver       = ProtoField.uint8("mcast.ver", "Version", base.DEC, nil, 0xF0),
    type      = ProtoField.uint8("mcast.type", "Type", base.DEC, types, 0x0F),
    group     = ProtoField.uint8("mcast.group", "Multicast group", base.DEC),
    nrec      = ProtoField.uint8("mcast.nrec", "Switch records", base.DEC),
    mtid      = ProtoField.uint8("mcast.mtid", "Parent MTID", base.HEX),
    src_sw    = ProtoField.uint8("mcast.src_sw", "Sender switch", base.DEC),
    dst_sw    = ProtoField.uint8("mcast.dst_sw", "Destination switch", base.DEC),
    root_sw   = ProtoField.uint8("mcast.root_sw", "Root switch", base.DEC),
    rsvd      = ProtoField.uint8("mcast.rsvd", "Reserved", base.HEX),
    root_seq  = ProtoField.uint16("mcast.root_seq", "Root sequence", base.DEC),
    inner_len = ProtoField.uint16("mcast.inner_len", "Inner frame length", base.DEC),
    rec       = ProtoField.bytes("mcast.rec", "Switch record"),
    rec_sw    = ProtoField.uint8("mcast.rec.sw", "Switch", base.DEC),
    rec_size  = ProtoField.uint8("mcast.rec.size", "Subtree size", base.DEC),
    rec_bmp   = ProtoField.uint16("mcast.rec.bmp", "Node bitmap", base.HEX),
    nodes     = ProtoField.uint32("mcast.nodes", "Declared nodes", base.DEC),
}
p.fields = f
local e_trunc = ProtoExpert.new("mcast.truncated", "mcast header truncated", expert.group.MALFORMED, expert.severity.ERROR)
local e_size = ProtoExpert.new("mcast.badsize", "subtree sizes do not partition the switch list", expert.group.MALFORMED, expert.severity.ERROR)
p.experts = { e_trunc, e_size }

local function popcount16(v)
    local c = 0
    while v > 0 do c = c + (v % 2); v = math.floor(v / 2) end
    return c
end

function p.dissector(buf, pinfo, tree)
    pinfo.cols.protocol = "MCAST"
    local t = tree:add(p, buf(), "Switch multicast encapsulation")
    if buf:len() < 12 then
        t:add_proto_expert_info(e_trunc)
        return
    end
    t:add(f.ver, buf(0, 1)); t:add(f.type, buf(0, 1))
    t:add(f.group, buf(1, 1)); t:add(f.nrec, buf(2, 1)); t:add(f.mtid, buf(3, 1))
    t:add(f.src_sw, buf(4, 1)); t:add(f.dst_sw, buf(5, 1)); t:add(f.root_sw, buf(6, 1))
    t:add(f.rsvd, buf(7, 1)); t:add(f.root_seq, buf(8, 2)); t:add(f.inner_len, buf(10, 2))
    local nrec = buf(2, 1):uint()
    if buf:len() < 12 + 4 * nrec then
        t:add_proto_expert_info(e_trunc)
        return
    end
    local nodes, pos = 0, 1
    for r = 0, nrec - 1 do
        local o = 12 + 4 * r
        local rt = t:add(f.rec, buf(o, 4))
        rt:add(f.rec_sw, buf(o, 1)); rt:add(f.rec_size, buf(o + 1, 1)); rt:add(f.rec_bmp, buf(o + 2, 2))
        local size = buf(o + 1, 1):uint()
        rt:append_text(string.format(" sw %d size %d bmp 0x%04x", buf(o, 1):uint(), size, buf(o + 2, 2):uint()))
        nodes = nodes + popcount16(buf(o + 2, 2):uint())
        if r == 0 and size ~= nrec then t:add_proto_expert_info(e_size) end
        if r >= 1 and r == pos then
            if size == 0 or r + size > nrec then t:add_proto_expert_info(e_size) else pos = r + size end
        end
    end
    t:add(f.nodes, nodes):set_generated()
    pinfo.cols.info = string.format("mcast %s group %d root %d seq %d -> switch %d, %d records",
        types[buf(0, 1):uint() % 16] or "?", buf(1, 1):uint(), buf(6, 1):uint(), buf(8, 2):uint(),
        buf(5, 1):uint(), nrec)
    local inner = 12 + 4 * nrec
    if buf:len() > inner then
        Dissector.get("eth_withoutfcs"):call(buf(inner):tvb(), pinfo, tree)
    end
end

DissectorTable.get("ethertype"):add(0x88B5, p)
