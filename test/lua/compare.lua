-- self-check: comparison semantics
local max, min = math.maxinteger, math.mininteger
assert(1 == 1.0 and -0.0 == 0 and 1 < 1.5 and 2 > 1.5)
assert(max < 2^63 and max + 0.0 == 2^63 and max ~= 2^63)
assert(min == -2^63 and not (min < -2^63))
assert((1 << 53) + 1 > 2^53 and 2^53 + 1 == 2^53)
assert(max < math.huge and min > -math.huge)
local nan = 0/0
assert(not (nan == nan) and nan ~= nan and not (nan < 1) and not (1 < nan) and not (nan <= nan))
assert("a" < "b" and "a" < "ab" and "" < "a" and "Z" < "a" and "10" < "9" and "a\0" > "a")
assert(not pcall(function() return 1 < "2" end))
assert(not pcall(function() return {} < {} end))
assert(not pcall(function() return nil < 1 end))
assert(1 ~= "1" and {} ~= {} and print == print)
local t = {}
assert(t == t and rawequal(t, t))
local E = {__eq = function(a, b) return a.id == b.id end}
local x, y = setmetatable({id = 1}, E), setmetatable({id = 1}, E)
assert(x == y and rawequal(x, y) == false)
assert(x ~= 1)
local L = {__lt = function(a, b) return a.v < b.v end, __le = function(a, b) return a.v <= b.v end}
local p, q = setmetatable({v = 1}, L), setmetatable({v = 2}, L)
assert(p < q and p <= q and q > p and q >= p and not (q < p))
local onlyLt = {__lt = function(a, b) return a.v < b.v end}
local r, s = setmetatable({v = 1}, onlyLt), setmetatable({v = 2}, onlyLt)
assert(r < s)
local ok, res = pcall(function() return r <= s end)
assert(ok == true and res == true or ok == false)
local ok2, e2 = pcall(function() return 1 < nil end)
assert(e2:find("attempt to compare number with nil", 1, true))
ok2, e2 = pcall(function() return nil > 1 end)
assert(e2:find("attempt to compare number with nil", 1, true))
ok2, e2 = pcall(function() return "a" <= {} end)
assert(e2:find("attempt to compare string with table", 1, true))
assert(math.ult(0, -1) and not math.ult(-1, 0))
assert(9007199254740993 > 9007199254740992.0)
assert(-9007199254740993 < -9007199254740992.0)
print("OK compare")
