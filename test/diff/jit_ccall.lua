-- jit: traces>=6, aborts<=1
-- Library functions called from traces as they are (CALLC): results of
-- every count, calls from inlined functions, errors raised inside them
-- (messages and tracebacks as the interpreter's), output not repeated
-- when a guard after the call exits.
local t, out = {}, {}
for i = 1, 200 do
  local s = string.format("%d:%s", i, tostring(i * 2))
  table.insert(t, s)
  if i % 50 == 0 then out[#out + 1] = s:upper() .. string.rep("x", 2) end
end
print(#t, t[1], t[200], table.concat(out, ","), table.remove(t), #t)
local n = 0
for i = 1, 300 do
  local a, b = math.modf(i / 7)
  n = n + a + math.fmod(i, 5) + #string.format("%5.2f", b)
end
print(n)
for i = 1, 100 do
  if i % 25 == 0 then io.write(string.format("[%d]", i), " ") end
end
io.write("\n")
-- a result whose type changes: the guard after the call exits, and the
-- call is not made twice
local count = 0
local function counted(x) count = count + 1 return tostring(x) end
for i = 1, 100 do
  local v = i % 10 == 0 and i + 0.5 or i
  print(string.format("%s", counted(v)) == tostring(v) and "" or "bad")
end
print(count)
-- errors from inside an inlined call
local function f(x) return string.format("%d", x) end
local function g(x) return f(x) .. "" end
print(pcall(function()
  for i = 1, 100 do
    local v = i < 80 and i or i + 0.5
    g(v)
  end
end))
print(xpcall(function()
  for i = 1, 100 do
    if i == 90 then error("boom " .. i) end
    tostring(i)
  end
end, debug.traceback))
print(xpcall(function()
  for i = 1, 100 do g(i < 95 and i or {}) end
end, debug.traceback))
-- a table with a metatable is not passed to C code from a trace
local mt = {__tostring = function(o) return "obj" .. o.n end}
local s = {}
for i = 1, 60 do s[#s + 1] = tostring(i % 2 == 0 and setmetatable({n = i}, mt) or i) end
print(s[1], s[2], s[60])
