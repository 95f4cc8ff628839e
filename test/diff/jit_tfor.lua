-- jit: traces>=6, aborts<=1
-- Generic for loops with any iterator: next (pairs), gmatch's, and
-- iterators written in Lua (inlined: their return is the TFORLOOP),
-- stateless or closures, tail-calling C functions; loops that end,
-- break, and an error raised inside an iterator.
local t = {}
for i = 1, 60 do t["k" .. i] = i end
local sum, n = 0, 0
for r = 1, 10 do for k, v in pairs(t) do sum = sum + v; n = n + #k end end
print(sum, n)
local s = string.rep("the quick brown fox jumps ", 40)
local counts = {}
for w in s:gmatch("%a+") do counts[w] = (counts[w] or 0) + 1 end
print(counts.the, counts.fox, counts.jumps)
local words = 0
for a, b in ("k=v, xx=yy, "):rep(30):gmatch("(%w+)=(%w+)") do words = words + #a + #b end
print(words)
local function range(n)
  local i = 0
  return function() i = i + 1 if i <= n then return i end end
end
local function iter(tab, i) i = i + 1 local v = tab[i] if v then return i, v end end
local function mypairs(tab) return iter, tab, 0 end
local arr = {}
for i = 1, 100 do arr[i] = i * 3 end
local total = 0
for r = 1, 20 do for i, v in mypairs(arr) do total = total + i + v end end
print(total)
local c = 0
for r = 1, 20 do for x in range(50) do c = c + x; if x == 45 and r == 20 then break end end end
print(c)
local function chars(str, i) i = i + 1 if i <= #str then return i, str:sub(i, i) end end
local out = {}
for r = 1, 10 do for i, ch in chars, "hello world", 0 do out[#out + 1] = ch end end
print(#out, table.concat(out, "", 1, 11))
print(pcall(function()
  local function bad(tab, i) i = i + 1 if i > 70 then error("iterator failed at " .. i) end return i end
  for r = 1, 3 do for i in bad, nil, 0 do end end
end))
