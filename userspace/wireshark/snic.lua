-- SPDX-License-Identifier: GPL-2.0
--
-- Wireshark dissector for snic fabric frames (Documentation/networking/
-- snic.rst, "Wire format", "The ARN packet", "Lossless links"):
--   EtherType 0x88B5: an OPA 16B packet: header (four little-endian
--     words), L4 payload, pad, ICRC, tail byte; L4 0x78 hands the inner
--     Ethernet frame to Wireshark's own dissectors, L4 0x08 is management:
--     a congestion notification (CN) or an adaptive routing notification
--     (ARN, every type and parameter);
--   EtherType 0x88B6: a link-local credit frame (LIMIT or SYNC).
-- What the kernel refuses is flagged with expert info of the same name as
-- its drop counter (snic.truncated, snic.bad_l2, ...).
--
--   tshark -X lua_script:userspace/wireshark/snic.lua -r capture.pcap
--   (or copy it into ~/.local/lib/wireshark/plugins/)

local ETH_P_SNIC = 0x88B5
local ETH_P_SNIC_CREDIT = 0x88B6
local L4_MGMT = 0x08
local L4_ETH = 0x78
local HDR = 16
local TRAILER = 5

local snic = Proto("snic", "snic OPA 16B")
local credit = Proto("snic_credit", "snic link credits")

local l4_names = { [L4_ETH] = "Ethernet", [L4_MGMT] = "management" }
local arn_types = { [1] = "congestion detected", [2] = "congestion eliminated",
		    [3] = "failure detected", [4] = "failure recovered" }
local credit_types = { [1] = "LIMIT", [2] = "SYNC" }

local F = snic.fields
F.becn = ProtoField.uint8("snic.becn", "BECN")
F.len = ProtoField.uint16("snic.len", "LEN (flits)")
F.slid = ProtoField.uint32("snic.slid", "SLID", base.HEX)
F.l2 = ProtoField.uint8("snic.l2", "L2 type")
F.fecn = ProtoField.uint8("snic.fecn", "FECN")
F.rc = ProtoField.uint8("snic.rc", "RC")
F.sc = ProtoField.uint8("snic.sc", "SC")
F.dlid = ProtoField.uint32("snic.dlid", "DLID", base.HEX)
F.pkey = ProtoField.uint16("snic.pkey", "PKEY", base.HEX)
F.l4 = ProtoField.uint8("snic.l4", "L4", base.HEX, l4_names)
F.le = ProtoField.uint8("snic.le", "LE (link epoch)")
F.age = ProtoField.uint8("snic.age", "AGE")
F.entropy = ProtoField.uint16("snic.entropy", "ENTROPY", base.HEX)
F.payload = ProtoField.bytes("snic.payload", "L4 payload")
F.pad = ProtoField.uint8("snic.pad", "Pad count")
F.icrc = ProtoField.uint32("snic.icrc", "ICRC (reserved)", base.HEX)
F.tail = ProtoField.uint8("snic.tail", "Tail byte", base.HEX)
F.link_pad = ProtoField.bytes("snic.link_padding", "Link padding")
F.cn_version = ProtoField.uint8("snic.cn.version", "Version")
F.cn_type = ProtoField.uint8("snic.cn.type", "Type")
F.cn_sl = ProtoField.uint8("snic.cn.sl", "SL")
F.cn_count = ProtoField.uint16("snic.cn.count", "BECNs folded")
F.arn_type = ProtoField.uint8("snic.arn.type", "Type", base.DEC, arn_types)
F.arn_version = ProtoField.uint8("snic.arn.version", "Version")
F.arn_metric = ProtoField.uint8("snic.arn.metric", "Metric")
F.arn_params = ProtoField.uint8("snic.arn.params", "Para-Type", base.HEX)
F.arn_group = ProtoField.uint16("snic.arn.group", "Origin group")
F.arn_switch = ProtoField.uint16("snic.arn.switch", "Origin switch")
F.arn_peer_group = ProtoField.uint16("snic.arn.peer_group", "Peer group")
F.arn_index = ProtoField.uint16("snic.arn.index", "Link index")
F.arn_from = ProtoField.uint16("snic.arn.from", "From switch")
F.arn_to = ProtoField.uint16("snic.arn.to", "To switch")
F.arn_seq = ProtoField.uint32("snic.arn.seq", "Sequence")
F.arn_lifetime = ProtoField.uint32("snic.arn.lifetime", "Lifetime (us)")
F.arn_path_id = ProtoField.uint32("snic.arn.path_id", "Path ID (ENTROPY)", base.HEX)
F.arn_saddr = ProtoField.ipv4("snic.arn.flow.saddr", "Flow source")
F.arn_daddr = ProtoField.ipv4("snic.arn.flow.daddr", "Flow destination")
F.arn_sport = ProtoField.uint16("snic.arn.flow.sport", "Flow source port")
F.arn_dport = ProtoField.uint16("snic.arn.flow.dport", "Flow destination port")
F.arn_proto = ProtoField.uint8("snic.arn.flow.proto", "Flow protocol")
F.arn_ext_len = ProtoField.uint16("snic.arn.ext.len", "EXT length")

local C = credit.fields
C.version = ProtoField.uint8("snic_credit.version", "Version")
C.type = ProtoField.uint8("snic_credit.type", "Type", base.DEC, credit_types)
C.mask = ProtoField.uint16("snic_credit.mask", "VL mask", base.HEX)
C.session = ProtoField.uint32("snic_credit.session", "Session", base.HEX)
C.seq = ProtoField.uint32("snic_credit.seq", "Sequence")
C.epoch = ProtoField.uint8("snic_credit.epoch", "Epoch")
C.flags = ProtoField.uint8("snic_credit.flags", "Flags", base.HEX)
C.rebase = ProtoField.uint16("snic_credit.rebase", "Rebase mask", base.HEX)
C.peer = ProtoField.uint32("snic_credit.peer", "Peer session", base.HEX)
C.sc2vl = ProtoField.bytes("snic_credit.sc2vl", "SC-to-VL map")
C.count = ProtoField.uint32("snic_credit.count", "Count")
C.vl = ProtoField.uint8("snic_credit.vl", "VL")

local function ex(p, abbr, text)
	return ProtoExpert.new(abbr, text, expert.group.MALFORMED,
			       expert.severity.ERROR)
end

local E = {
	truncated = ex(snic, "snic.truncated", "Shorter than the 16B header and trailer"),
	bad_l2 = ex(snic, "snic.bad_l2", "L2 type is not 2 (16B)"),
	bad_len = ex(snic, "snic.bad_len", "Shorter than its LEN field says"),
	bad_pad = ex(snic, "snic.bad_pad", "Pad count leaves no room for it"),
	unknown_l4 = ex(snic, "snic.unknown_l4", "L4 is neither Ethernet nor management"),
	bad_inner = ex(snic, "snic.bad_inner", "Ethernet payload shorter than an Ethernet header"),
	mgmt_short = ex(snic, "snic.mgmt_short", "Management payload cut short"),
	mgmt_version = ex(snic, "snic.mgmt_version", "Unknown management version"),
	mgmt_type = ex(snic, "snic.mgmt_type", "Unknown management type"),
	mgmt_field = ex(snic, "snic.mgmt_field", "A CN field out of range"),
	arn_short = ex(snic, "snic.arn_short", "ARN cut short"),
	arn_version = ex(snic, "snic.arn_version", "ARN version is not 0"),
	arn_type = ex(snic, "snic.arn_type", "ARN type is not 1..4"),
	arn_field = ex(snic, "snic.arn_field", "ARN field out of range or missing"),
}
snic.experts = { E.truncated, E.bad_l2, E.bad_len, E.bad_pad, E.unknown_l4,
		 E.bad_inner, E.mgmt_short, E.mgmt_version, E.mgmt_type,
		 E.mgmt_field, E.arn_short, E.arn_version, E.arn_type,
		 E.arn_field }

local CE = {
	short = ex(credit, "snic_credit.short", "Shorter than a credit frame (100 bytes)"),
	version = ex(credit, "snic_credit.bad_version", "Unknown credit frame version"),
	type = ex(credit, "snic_credit.bad_type", "Unknown credit frame type"),
	vl = ex(credit, "snic_credit.bad_vl", "The management VL (15) in a mask"),
}
credit.experts = { CE.short, CE.version, CE.type, CE.vl }

local eth = Dissector.get("eth_withoutfcs")

local function bits(w, lo, n)
	return bit32.band(bit32.rshift(w, lo), bit32.lshift(1, n) - 1)
end

-- A CN payload (version 1, type 1): SL and the BECNs it folds.
local function dissect_cn(buf, tree)
	local t = tree:add(snic, buf(), "Congestion notification")
	t:add(F.cn_version, buf(0, 1))
	t:add(F.cn_type, buf(1, 1))
	if buf:len() < 8 then
		t:add_proto_expert_info(E.mgmt_short)
		return "CN (short)"
	end
	t:add(F.cn_sl, buf(2, 1))
	t:add(F.cn_count, buf(4, 2))
	local sl, count = buf(2, 1):uint(), buf(4, 2):uint()
	if sl >= 32 or count == 0 or buf(3, 1):uint() ~= 0 or
	   buf(6, 2):uint() ~= 0 then
		t:add_proto_expert_info(E.mgmt_field)
	end
	return string.format("CN SL %d count %d", sl, count)
end

-- Parameter lengths by bit (0x80, EXT: its own length word).
local plen = { [0] = 4, 4, 4, 4, 4, 4, 16, 4 }

local function dissect_arn(buf, tree)
	local t = tree:add(snic, buf(), "Adaptive routing notification")
	local len = buf:len()
	if len < 4 then
		t:add_proto_expert_info(E.arn_short)
		return "ARN (short)"
	end
	local typ, params = buf(0, 1):uint(), buf(3, 1):uint()
	t:add(F.arn_type, buf(0, 1))
	t:add(F.arn_version, buf(1, 1), bit32.rshift(buf(1, 1):uint(), 4))
	t:add(F.arn_metric, buf(2, 1))
	local pt = t:add(F.arn_params, buf(3, 1))
	if bit32.rshift(buf(1, 1):uint(), 4) ~= 0 then
		t:add_proto_expert_info(E.arn_version)
		return "ARN (version)"
	end
	if typ < 1 or typ > 4 then
		t:add_proto_expert_info(E.arn_type)
		return "ARN (type)"
	end
	local off, info = 4, arn_types[typ]
	local origin, link = false, 0
	for b = 0, 7 do
		if bit32.band(params, bit32.lshift(1, b)) ~= 0 then
			if len - off < plen[b] then
				t:add_proto_expert_info(E.arn_short)
				return "ARN (short)"
			end
			local p = buf(off, plen[b])
			if b == 0 then
				pt:add(F.arn_group, p(0, 2))
				pt:add(F.arn_switch, p(2, 2))
				origin = true
				info = info .. string.format(" origin %d.%d",
					p(0, 2):uint(), p(2, 2):uint())
			elseif b == 1 then
				pt:add(F.arn_peer_group, p(0, 2))
				pt:add(F.arn_index, p(2, 2))
				link = link + 1
				info = info .. string.format(" global %d:%d",
					p(0, 2):uint(), p(2, 2):uint())
			elseif b == 2 then
				pt:add(F.arn_from, p(0, 2))
				pt:add(F.arn_to, p(2, 2))
				link = link + 1
				info = info .. string.format(" local %d:%d",
					p(0, 2):uint(), p(2, 2):uint())
			elseif b == 3 then
				pt:add(F.arn_seq, p(0, 4))
			elseif b == 4 then
				pt:add(F.arn_lifetime, p(0, 4))
				if p(0, 4):uint() == 0 then
					t:add_proto_expert_info(E.arn_field)
				end
			elseif b == 5 then
				pt:add(F.arn_path_id, p(0, 4))
				if p(0, 4):uint() > 0xffff then
					t:add_proto_expert_info(E.arn_field)
				end
			elseif b == 6 then
				pt:add(F.arn_saddr, p(0, 4))
				pt:add(F.arn_daddr, p(4, 4))
				pt:add(F.arn_sport, p(8, 2))
				pt:add(F.arn_dport, p(10, 2))
				pt:add(F.arn_proto, p(12, 1))
			else
				local elen = p(0, 2):uint()
				pt:add(F.arn_ext_len, p(0, 2))
				if elen < 4 or elen % 4 ~= 0 or elen > 256 or
				   p(2, 2):uint() ~= 0 then
					t:add_proto_expert_info(E.arn_field)
					return "ARN (EXT)"
				end
				if len - off < elen then
					t:add_proto_expert_info(E.arn_short)
					return "ARN (short)"
				end
				off = off + elen - plen[b]
			end
			off = off + plen[b]
		end
	end
	if not origin or link ~= 1 then
		t:add_proto_expert_info(E.arn_field)
	end
	return "ARN " .. info
end

function snic.dissector(buf, pinfo, tree)
	local n = buf:len()
	pinfo.cols.protocol = "snic"
	local t = tree:add(snic, buf(0, math.min(n, HDR)))
	if n < HDR + TRAILER then
		t:add_proto_expert_info(E.truncated)
		pinfo.cols.info = "16B (truncated)"
		return n
	end
	local w0, w1 = buf(0, 4):le_uint(), buf(4, 4):le_uint()
	local w2, w3 = buf(8, 4):le_uint(), buf(12, 4):le_uint()
	local slid = bits(w0, 0, 20) + bits(w2, 8, 4) * 0x100000
	local dlid = bits(w1, 0, 20) + bits(w2, 12, 4) * 0x100000
	local len, l2, l4 = bits(w0, 20, 11), bits(w1, 29, 2), bits(w2, 0, 8)
	local sc = bits(w1, 20, 5)
	t:add(F.becn, buf(0, 4), bits(w0, 31, 1))
	t:add(F.len, buf(0, 4), len)
	t:add(F.slid, buf(0, 4), slid)
	t:add(F.l2, buf(4, 4), l2)
	t:add(F.fecn, buf(4, 4), bits(w1, 28, 1))
	t:add(F.rc, buf(4, 4), bits(w1, 25, 3))
	t:add(F.sc, buf(4, 4), sc)
	t:add(F.dlid, buf(4, 4), dlid)
	t:add(F.pkey, buf(8, 4), bits(w2, 16, 16))
	t:add(F.l4, buf(8, 4), l4)
	t:add(F.le, buf(12, 4), bits(w3, 24, 8))
	t:add(F.age, buf(12, 4), bits(w3, 16, 8))
	t:add(F.entropy, buf(12, 4), bits(w3, 0, 16))
	local info = string.format("16B 0x%x -> 0x%x SC %d", slid, dlid, sc)
	if bits(w0, 31, 1) == 1 then info = info .. " BECN" end
	if bits(w1, 28, 1) == 1 then info = info .. " FECN" end
	pinfo.cols.info = info
	if l2 ~= 2 then
		t:add_proto_expert_info(E.bad_l2)
		return n
	end
	local plen16 = len * 8
	if n < plen16 or plen16 < HDR + TRAILER then
		t:add_proto_expert_info(E.bad_len)
		return n
	end
	local tail = buf(plen16 - 1, 1):uint()
	local pad = bit32.band(tail, 7)
	if HDR + pad + TRAILER > plen16 then
		t:add(F.tail, buf(plen16 - 1, 1))
		t:add_proto_expert_info(E.bad_pad)
		return n
	end
	local payload = plen16 - HDR - pad - TRAILER
	t:set_len(plen16)
	if payload > 0 then
		t:add(F.payload, buf(HDR, payload))
	end
	t:add(F.pad, buf(plen16 - 1, 1), pad)
	t:add(F.icrc, buf(plen16 - 5, 4))
	t:add(F.tail, buf(plen16 - 1, 1))
	if n > plen16 then
		tree:add(F.link_pad, buf(plen16))
	end
	if l4 == L4_MGMT then
		-- As the receivers tell them apart: to a multicast DLID (a
		-- group's ARN DLID), an ARN; to a unicast one, a CN.
		local p = payload > 0 and buf(HDR, payload) or nil
		if dlid >= 0xf00000 then
			if p then
				pinfo.cols.info = info .. " " .. dissect_arn(p, tree)
			else
				t:add_proto_expert_info(E.arn_short)
			end
		elseif not p or payload < 2 then
			t:add_proto_expert_info(E.mgmt_short)
			pinfo.cols.info = info .. " CN (short)"
		elseif p(0, 1):uint() ~= 1 then
			t:add_proto_expert_info(E.mgmt_version)
			pinfo.cols.info = info .. " CN (version)"
		elseif p(1, 1):uint() ~= 1 then
			t:add_proto_expert_info(E.mgmt_type)
			pinfo.cols.info = info .. " CN (type)"
		else
			pinfo.cols.info = info .. " " .. dissect_cn(p, tree)
		end
	elseif l4 == L4_ETH then
		if payload < 14 then
			t:add_proto_expert_info(E.bad_inner)
			pinfo.cols.info = info .. " Ethernet (short)"
		else
			eth:call(buf(HDR, payload):tvb(), pinfo, tree)
		end
	else
		t:add_proto_expert_info(E.unknown_l4)
	end
	return n
end

function credit.dissector(buf, pinfo, tree)
	local n = buf:len()
	pinfo.cols.protocol = "snic credit"
	local t = tree:add(credit, buf())
	if n < 100 then
		t:add_proto_expert_info(CE.short)
		pinfo.cols.info = "credit (short)"
		return n
	end
	local typ, mask = buf(1, 1):uint(), buf(2, 2):uint()
	t:add(C.version, buf(0, 1))
	t:add(C.type, buf(1, 1))
	t:add(C.mask, buf(2, 2))
	t:add(C.session, buf(4, 4))
	t:add(C.seq, buf(8, 4))
	t:add(C.epoch, buf(12, 1))
	t:add(C.flags, buf(13, 1))
	t:add(C.rebase, buf(14, 2))
	if typ == 2 then
		t:add(C.peer, buf(16, 4))
		t:add(C.sc2vl, buf(20, 16))
	end
	pinfo.cols.info = string.format("%s mask 0x%04x epoch %d",
		credit_types[typ] or "credit", mask, buf(12, 1):uint())
	if buf(0, 1):uint() ~= 3 then
		t:add_proto_expert_info(CE.version)
		return n
	end
	if typ ~= 1 and typ ~= 2 then
		t:add_proto_expert_info(CE.type)
		return n
	end
	if bit32.band(bit32.bor(mask, buf(14, 2):uint()), 0x8000) ~= 0 then
		t:add_proto_expert_info(CE.vl)
	end
	for vl = 0, 15 do
		if bit32.band(mask, bit32.lshift(1, vl)) ~= 0 then
			local c = t:add(C.count, buf(36 + 4 * vl, 4))
			c:append_text(string.format(" (VL %d)", vl))
			c:add(C.vl, buf(36 + 4 * vl, 4), vl)
		end
	end
	if mask == 0 and typ == 2 then
		pinfo.cols.info = "SYNC probe"
	end
	return n
end

local ethertype = DissectorTable.get("ethertype")
ethertype:add(ETH_P_SNIC, snic)
ethertype:add(ETH_P_SNIC_CREDIT, credit)
