-- %q output reloads to the same value for integers, floats and tricky strings
local vals = {0, -0.0, 1, -1, math.maxinteger, math.mininteger, 0.1, -123.5, 1e308, 2^-1074, 2^63, "a\0b", "\r\n\t", "\"'\\", "\127\128\255", "", "end\\"}
local ok = 0
for _, v in ipairs(vals) do
  local q = string.format("%q", v)
  local back = load("return " .. q)()
  local same = back == v and math.type(back) == math.type(v)
  if type(v) == "number" and v == 0 then same = same and (1 / back == 1 / v) end
  print(q, same)
  if same then ok = ok + 1 end
end
print(ok, #vals)
