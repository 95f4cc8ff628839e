-- inf and nan through math functions and comparisons (printed via normalised strings)
local inf, nan = math.huge, 0/0
local function s(x) local r = string.format("%.17g", x) if r:find("nan") then return "nan" end return r end
print(s(inf + 1), s(-inf), s(inf - inf), s(inf * 0), s(inf / inf), s(1 / inf), s(-1 / inf))
print(nan == nan, nan ~= nan, nan < 1, nan > 1, 1 < inf, -inf < math.mininteger, inf > math.maxinteger)
print(s(math.floor(2.5)), pcall(math.floor, inf), pcall(math.ceil, nan))
print(s(math.max(inf, 1)), s(math.min(-inf, 1)), s(math.abs(-inf)), s(math.sqrt(inf)), s(math.exp(inf)), s(math.log(inf)))
print(math.tointeger(inf), math.tointeger(nan), math.type(inf), math.type(nan))
print(s(math.fmod(inf, 1)), s(math.fmod(1, inf)), s(math.fmod(-1, inf)))
print(pcall(function() return inf // 0 end), pcall(function() return 1 // 0.0 end))
print(s(inf % 2), s(-inf % 2), s(5 % inf), s(-5 % inf), s(5 % -inf))
print(pcall(string.format, "%d", inf))
print(string.format("%.0f %5.1f %e", inf, -inf, inf), tostring(inf), tostring(-inf))
print(pcall(function() local t = {} t[nan] = 1 end))
local t = {}
t[inf] = "inf"; t[-inf] = "-inf"
print(t[1/0], t[-1/0], t[math.huge])
print(pcall(function() for i = 1, inf, 0 do end end))
local c = 0
for i = inf, inf do c = c + 1 if c > 2 then break end end
print(c)
