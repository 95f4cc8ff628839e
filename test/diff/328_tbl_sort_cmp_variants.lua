-- table.sort with many comparator styles on fixed pseudo-random data
local function lcg(seed) local x = seed return function() x = (x * 1103515245 + 12345) % 2147483648 return x end end
local rnd = lcg(7)
local data = {}
for i = 1, 60 do data[i] = rnd() % 1000 end
local function copy(t) local c = {} for i = 1, #t do c[i] = t[i] end return c end
local function check(t, f) for i = 2, #t do if f(t[i], t[i - 1]) then return false end end return true end
local cmps = {
  asc = function(a, b) return a < b end,
  desc = function(a, b) return a > b end,
  mod10 = function(a, b) if a % 10 ~= b % 10 then return a % 10 < b % 10 end return a < b end,
  digits = function(a, b) return tostring(a) < tostring(b) end,
}
for _, name in ipairs({"asc", "desc", "mod10", "digits"}) do
  local t = copy(data)
  table.sort(t, cmps[name])
  print(name, check(t, cmps[name]), t[1], t[30], t[60])
end
local strs = {}
for i = 1, 40 do strs[i] = string.char(97 + rnd() % 26, 97 + rnd() % 26) end
table.sort(strs)
print(table.concat(strs, " "))
local fl = {}
for i = 1, 30 do fl[i] = (rnd() % 1000) / 7 - 50 end
table.sort(fl)
print(string.format("%.6f %.6f %.6f", fl[1], fl[15], fl[30]))
local calls = 0
local t = copy(data)
table.sort(t, function(a, b) calls = calls + 1 return a < b end)
print(calls > 0, t[1] <= t[60])
