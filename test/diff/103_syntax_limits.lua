-- syntax errors: compiler limits (locals, upvalues, nesting depth, registers)
local function locals(n)
  local t = {}
  for i = 1, n do t[i] = "local v" .. i .. " = " .. i end
  return table.concat(t, "\n")
end
print(load(locals(200), "=l200") ~= nil)
print(load(locals(201), "=l201"))
local function onelocal(n)
  local names = {}
  for i = 1, n do names[i] = "a" .. i end
  return "local " .. table.concat(names, ", ")
end
print(load(onelocal(200), "=ol200") ~= nil)
print(load(onelocal(201), "=ol201"))
local function manyupvals(n)
  local src = {}
  local per = 100
  local idx = 0
  local blocks = 0
  while idx < n do
    blocks = blocks + 1
    src[#src + 1] = "local function f" .. blocks .. "()"
    for i = 1, math.min(per, n - idx) do
      idx = idx + 1
      src[#src + 1] = "local x" .. idx .. " = " .. idx
    end
  end
  src[#src + 1] = "return function() return 0"
  for i = 1, n do src[#src + 1] = " + x" .. i end
  src[#src + 1] = " end"
  for i = 1, blocks do src[#src + 1] = "end" end
  return table.concat(src, "\n")
end
print(load(manyupvals(255), "=up255") ~= nil)
print(load(manyupvals(256), "=up256"))
print(load("return " .. string.rep("(", 150) .. "1" .. string.rep(")", 150), "=p150") ~= nil)
print(pcall(load, "return " .. string.rep("(", 300) .. "1" .. string.rep(")", 300), "=p300"))
print(pcall(load, string.rep("do ", 300) .. string.rep("end ", 300), "=do300"))
print(pcall(load, "return " .. string.rep("{", 300) .. string.rep("}", 300), "=t300"))
print(pcall(load, "x = " .. string.rep("- ", 300) .. "1", "=neg300"))
print(pcall(load, "x = " .. string.rep("f(", 300) .. string.rep(")", 300), "=call300"))
print(pcall(load, string.rep("a = ", 1) .. string.rep("'x' .. ", 300) .. "'y'", "=cat300"))
print(load("return " .. string.rep("1 + ", 1000) .. "1", "=add1000") ~= nil)
print(pcall(load, "return " .. string.rep("2 ^ ", 300) .. "1", "=pow300"))
