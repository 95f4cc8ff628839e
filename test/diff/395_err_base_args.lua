-- wrong-type arguments to base library functions through pcall
local function fmt(ok, ...) if ok then return "ok(" .. select("#", ...) .. ")" end return (...) end
local names = {"assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next", "pairs", "pcall",
  "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall"}
for _, n in ipairs(names) do
  local f = _G[n]
  print(n, fmt(pcall(f)), "|", fmt(pcall(f, false)), "|", fmt(pcall(f, "1", 1)))
end
print(pcall(type))
print(type(nil), type(1), type("s"), type({}), type(print), type(true), type(coroutine.create(print)))
print(pcall(dofile, {}))
print(pcall(loadfile, 1, "x", {}))
print(pcall(print, setmetatable({}, {__tostring = function() return {} end})))
print(pcall(print, setmetatable({}, {__tostring = function() error("in tostring") end})))
print(pcall(require, nil))
