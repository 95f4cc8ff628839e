-- string.byte(s, i) is a bounds guard and an SBYTE; type(x) is a constant
-- once x's type is guarded, so the comparison with "number" folds away
local byte, type = string.byte, type
local s = "the quick brown fox"
local n = 0
for i = 1, #s do
  if type(i) == "number" then n = n + byte(s, i) end
end
print(n)
