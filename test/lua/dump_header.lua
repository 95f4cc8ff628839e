-- Binary chunks start with lua5.4's header byte for byte (programs check
-- it: format 0, LUAC_DATA, the sizes, LUAC_INT and LUAC_NUM); Tide's tag
-- follows, so that a lua5.4 chunk is told apart ("format mismatch").
-- Every damaged header byte and every truncation is rejected.
local header = string.pack("c4BBc6BBB", "\27Lua", 0x54, 0, "\x19\x93\r\n\x1a\n",
  4, string.packsize("j"), string.packsize("n"))
local c = string.dump(function()
  local a, b = 1, 3
  local f = function() return a + b + _ENV.c end
  return a + b * 3, "a constant"
end)
assert(assert(load(c))() == 10)
assert(string.sub(c, 1, #header) == header)
local ci, cn = string.unpack("jn", c, #header + 1)
assert(ci == 0x5678 and cn == 370.5)
for i = 1, #header do
  local s = c:sub(1, i - 1) .. string.char((c:byte(i) + 1) % 256) .. c:sub(i + 1)
  assert(not load(s))
end
for i = 1, #c - 1 do
  local st, msg = load(c:sub(1, i))
  assert(not st and msg:find("truncated"), i)
end
-- a lua5.4 chunk: the same header, then its upvalue count
local lua54 = c:sub(1, #header + 16) .. "\1\0\0\0\0"
local st, msg = load(lua54, "=x")
assert(not st and msg == "x: bad binary format (format mismatch)", msg)
print("OK dump_header")
