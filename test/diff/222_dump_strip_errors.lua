-- runtime errors and debug information of plain and stripped chunks
local function faulty(t, k)
  local v = t[k]
  return v.field
end
for _, strip in ipairs({false, true}) do
  local g = load(string.dump(faulty, strip))
  print(strip, pcall(g, {}, "a"))
  print(strip, pcall(g, nil, "a"))
  local info = debug.getinfo(g, "S")
  print(strip, info.source, info.short_src, info.what, info.linedefined, info.lastlinedefined)
end
local function callsglobal() return notdefined(1) end
print(pcall(load(string.dump(callsglobal))))
print(pcall(load(string.dump(callsglobal, true))))
local function arith(s) return s + {} end
print(pcall(load(string.dump(arith)), 1))
print(pcall(load(string.dump(arith, true)), 1))
local function errlevel() error("with position") end
print(pcall(load(string.dump(errlevel))))
print(pcall(load(string.dump(errlevel, true))))
local function tb() return debug.traceback("tb", 1) end
print((load(string.dump(tb))():gsub("\n.*", "")))
-- a main chunk compiled from text, dumped, loaded
local chunk = load("local x = ... ; return x * 2, debug.getinfo(1, 'S').source", "=mychunk")
print(load(string.dump(chunk))(21))
print(load(string.dump(chunk, true))(21))
