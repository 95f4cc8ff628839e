-- utf8 round trips over many code points, string escapes \u{...}
local cps = {}
for cp = 0, 0x10FFFF, 4099 do cps[#cps + 1] = cp end
local s = utf8.char(table.unpack(cps))
print(#cps, #s, utf8.len(s))
local back = {utf8.codepoint(s, 1, -1)}
local ok = #back == #cps
for i = 1, #cps do if back[i] ~= cps[i] then ok = false end end
print(ok)
print("\u{48}\u{49}", "\u{20AC}" == utf8.char(0x20AC), "\u{7FFFFFFF}" == utf8.char(0x7FFFFFFF), #"\u{7FFFFFFF}")
print(utf8.len("\u{D800}"), utf8.len("\u{D800}", 1, -1, true), utf8.codepoint("\u{10FFFF}"))
local count = 0
for p, c in utf8.codes(s) do count = count + 1 end
print(count, utf8.offset(s, 100), utf8.offset(s, -1))
local rev = {}
for _, c in utf8.codes("añb€") do table.insert(rev, 1, utf8.char(c)) end
print(table.concat(rev))
