-- big functions through dump and load: many constants (method names in
-- registers, constants past the 2^17 LOADK limit), big constructors, long
-- strings, many upvalues, deep nesting
local function run(src, ...)
  local f = assert(load(src, "=big"))
  local a = table.pack(f(...))
  local b = table.pack(load(string.dump(f), "=big", "b")(...))
  local c = table.pack(load(string.dump(f, true), "=big", "b")(...))
  local out = {}
  for i = 1, a.n do
    out[#out + 1] = tostring(a[i]) .. (a[i] == b[i] and "" or "!") .. (a[i] == c[i] and "" or "?")
  end
  print(table.concat(out, " "))
end
local t = {"local obj = setmetatable({}, {__index = function(_, k) return function(_, x) return #k + x end end})\n",
  "local s = 0\n"}
for i = 1, 400 do t[#t + 1] = ("s = s + #'constant%d'\n"):format(i) end
t[#t + 1] = "return s, obj:a_method_name_with_a_high_constant_index(1), obj['another' .. 'key'](obj, 2)"
run(table.concat(t))

t = {"local s = 0\n"}
for i = 1, 132000 do t[#t + 1] = ("s = s + %d.25\n"):format(i) end
t[#t + 1] = "return s"
run(table.concat(t))

local items = {}
for i = 1, 2000 do items[i] = (i % 3 == 0) and "nil" or tostring(i) end
run("local t = {" .. table.concat(items, ", ") .. "} return #t >= 0, t[1], t[1000], t[2000], t[1999]")
run("local t = {" .. table.concat(items, ", ") .. ", ...} return select('#', ...), t[2001], t[2003]", "a", "b", "c")
local fields = {}
for i = 1, 300 do fields[i] = ("f%d = %d"):format(i, i) end
run("local t = {" .. table.concat(fields, ", ") .. "} local n = 0 for k, v in pairs(t) do n = n + v end return n, t.f300")

run("return " .. string.format("%q", string.rep("long string constant ", 3000)) .. " == string.rep('long string constant ', 3000)")

local outer, inner, uses = {}, {}, {}
for i = 1, 150 do outer[i] = ("local a%d = %d"):format(i, i); uses[#uses + 1] = "a" .. i end
for i = 1, 100 do inner[i] = ("local b%d = %d"):format(i, -i); uses[#uses + 1] = "b" .. i end
run(table.concat(outer, "\n") .. "\nreturn (function()\n" .. table.concat(inner, "\n") ..
  "\nreturn (function() return " .. table.concat(uses, " + ") .. " end)() end)()")

local nest = "return ..."
for i = 1, 50 do nest = ("return (function(...) local v%d = ... %s end)(...)"):format(i, nest) end
run(nest, "deep")

local regs = {}
for i = 1, 200 do regs[i] = "l" .. i end
run("local " .. table.concat(regs, ", ") .. " = 1, 2, 3 return l1, l2, l3, l200, select('#', " ..
  table.concat(regs, ", ", 1, 40) .. ")")
