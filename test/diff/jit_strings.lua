-- jit: traces>=6, side>=1, aborts<=1
-- Strings in compiled loops: concatenation (strings, integers, floats as
-- the interpreter formats them; short and long results, which have
-- different tags), string.sub/upper/lower/rep/char called from traces,
-- and their errors.
local parts = {}
for i = 1, 300 do
  parts[#parts + 1] = "k" .. i .. "=" .. (i * 0.5) .. ";"
end
print(#parts, parts[1], parts[300])
local s = ""
for i = 1, 200 do s = s .. string.char(65 + i % 26) end
print(#s, s:sub(1, 30), s:sub(-10))
local words = "the quick brown fox jumps over the lazy dog"
local acc = {}
for r = 1, 3 do
  for i = 1, #words - 3 do
    local w = string.sub(words, i, i + 3)
    acc[#acc + 1] = string.upper(w) .. string.lower(w) .. string.rep("-", i % 3) .. string.rep("ab", 2, ",")
  end
end
print(#acc, acc[1], acc[#acc])
local long = string.rep("x", 50)
local n = 0
for i = 1, 100 do
  local t = long .. i
  local u = (i % 2 == 0) and ("a" .. i) or (long .. "b")
  n = n + #t + #u
end
print(n)
local fl = {}
for i = 1, 60 do
  local x = (i % 5 == 0) and -0.0 or (i % 7 == 0) and 1e300 * 10 or (i % 3 == 0) and i / 3 or i + 0.25
  fl[#fl + 1] = x .. "|" .. math.mininteger .. "|" .. 2^63
end
print(fl[3], fl[5], fl[7], fl[8])
local subs = {}
for i = -12, 12 do subs[#subs + 1] = ("[" .. string.sub("abcdefgh", i, -i) .. "]") end
print(table.concat(subs))
local ok, err = pcall(function()
  local out = ""
  for i = 1, 100 do out = out .. (i < 90 and i or nil) end
  return out
end)
print(ok, err)
print(pcall(function() local c = "" for i = 1, 100 do c = c .. string.char(i < 95 and 65 or 300) end return c end))
