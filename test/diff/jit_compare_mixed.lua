-- jit: traces>=12, aborts<=3
-- Comparisons in traces the recorder used to leave: < and <= of strings
-- (their order, strcoll across embedded zeros: STRCMP), == of two long
-- strings that are different objects (their bytes: STREQ), and integers
-- against floats, exactly (the integer guarded to 53 bits, then the
-- float compare), including where the guard fails (2^53 + 1).
local words = {}
for i = 1, 200 do words[i] = string.char(97 + i * 7 % 26, 97 + i * 3 % 26) .. (i % 5) end
local less, leq = 0, 0
for r = 1, 5 do
  for i = 2, #words do
    if words[i - 1] < words[i] then less = less + 1 end
    if words[i] <= words[i - 1] then leq = leq + 1 end
  end
end
print("strings", less, leq)
local z = {"a\0b", "a\0c", "a", "a\0", "b"}
local zc = 0
for r = 1, 100 do
  for i = 1, #z do for j = 1, #z do if z[i] < z[j] then zc = zc + i * j end end end
end
print("zeros", zc)
local long1 = string.rep("x", 60) .. "1"
local longs = {}
for i = 1, 100 do longs[i] = string.rep("x", 60) .. tostring(i % 3) end
local same = 0
for r = 1, 5 do for i = 1, #longs do if longs[i] == long1 then same = same + 1 end end end
print("long", same)
local floats = {}
for i = 1, 300 do floats[i] = (i % 7) + (i % 2) * 0.5 end
local eq, lt, le = 0, 0, 0
for i = 1, #floats do
  local k = i % 9
  if floats[i] == k then eq = eq + 1 end
  if k < floats[i] then lt = lt + 1 end
  if floats[i] <= k then le = le + 1 end
end
print("mixed", eq, lt, le)
local big = {}
for i = 1, 200 do big[i] = (i < 150) and (1 << 40) + i or (1 << 53) + (i % 3) end
local fb = 2.0 ^ 53
local bc = 0
for i = 1, #big do
  if big[i] == fb then bc = bc + 1 end
  if big[i] < fb then bc = bc + 10 end
end
print("big", bc)
