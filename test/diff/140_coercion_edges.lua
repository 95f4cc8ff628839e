-- coercions: result types of string arithmetic, number-to-string in concat and formats
local cases = {{"1", 1}, {"1.0", 1}, {"0x10", 1}, {"1e1", 1}, {" 3 ", 2}, {"-2", "3"}, {"10", 2.0}}
for _, c in ipairs(cases) do
  local a, b = c[1], c[2]
  local r = {a + b, a - b, a * b, a / b, a // b, a % b, a ^ b}
  local o = {}
  for i, v in ipairs(r) do o[i] = tostring(v) .. ":" .. math.type(v) end
  print(string.format("%q", a), tostring(b), table.concat(o, " "))
end
print(1 .. "", 1.0 .. "", -0.0 .. "", 1e100 .. "", 2^63 .. "", (2^53 + 1) .. "")
print(10 // 3 .. "|" .. 10 / 2 .. "|" .. 3 % -2)
print(math.type("5" // 1), math.type("5.5" // 1), math.type(-"2"), math.type(-"2.0"))
print("0x7fffffffffffffff" + 1, "0xffffffffffffffff" + 0)
print("1e308" * 10, "-1e308" * 10)
print(pcall(function() return "1" < 2 end))
print("1" == 1, tostring(1) == "1", tonumber("1") == 1)
print(#(1 .. 2), #tostring(12.0))
local t = {}
t["10"] = "string key"
t[10] = "number key"
print(t["10"], t[10], t[10.0])
