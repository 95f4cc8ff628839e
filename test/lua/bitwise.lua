-- self-check: bitwise operators
assert(0xF0 & 0x3C == 0x30 and 0xF0 | 0x0F == 0xFF and 0xFF ~ 0x0F == 0xF0 and ~0 == -1)
assert(1 << 63 == math.mininteger and 1 << 64 == 0 and 1 << -1 == 0 and 2 >> -1 == 4)
assert(-1 >> 1 == math.maxinteger and -1 >> 63 == 1 and -1 >> 64 == 0)
assert(1 << math.mininteger == 0 and 1 >> math.maxinteger == 0)
assert(3.0 & 1 == 1 and math.type(3.0 & 1) == "integer" and 2^53 | 0 == 1 << 53)
assert(not pcall(function() return 1.5 & 1 end))
assert(not pcall(function() return 2^63 | 0 end))
assert(not pcall(function() return {} & 1 end))
local ok, e = pcall(function() return 1.5 | 0 end)
assert(e:find("number has no integer representation", 1, true))
ok, e = pcall(function() local s = "1" return s | 0 end)
assert(not ok and e:find("attempt to perform bitwise operation on a string value", 1, true))
local mt = {__band = function(a, b) return "band" end, __shl = function() return "shl" end, __bnot = function() return "bnot" end}
local o = setmetatable({}, mt)
assert((o & 1) == "band" and (1 & o) == "band" and (o << 2) == "shl" and ~o == "bnot")
local function popcount(x) local c = 0 while x ~= 0 do c = c + (x & 1) x = x >> 1 end return c end
assert(popcount(0xFF) == 8 and popcount(-1) == 64 and popcount(0) == 0)
for s = 0, 63 do assert((1 << s) >> s == 1) end
for s = 64, 70 do assert(1 << s == 0 and -1 >> s == 0) end
assert(5 & 3 == 1)
assert(1 | 2 ~ 3 & 4 == 3)
assert(~5 == -6 and ~-1 == 0)
assert(0x7fffffffffffffff + 1 == 1 << 63)
print("OK bitwise")
