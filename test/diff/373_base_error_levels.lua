-- error with levels 0,1,2,3, non-string values, error inside nested functions
local function lvl(n, msg) error(msg or "msg", n) end
local function wrap1(n) lvl(n) end
local function wrap2(n) wrap1(n) end
for _, n in ipairs({0, 1, 2, 3, 4, 10}) do print(n, pcall(wrap2, n)) end
print(pcall(error))
print(pcall(error, nil))
print(pcall(error, 42))
print(pcall(error, 42, 2))
print(pcall(error, true))
local ok, e = pcall(error, {x = 1})
print(ok, type(e), e.x)
print(pcall(error, "s", "2"))
print(pcall(error, "s", 1.0))
print(pcall(error, "s", 1.5))
print(pcall(error, "s", {}))
print(select("#", pcall(error)))
local function thrower() error("from thrower") end
print(pcall(function() thrower() end))
print(pcall(function() local t = nil; t.x = 1 end))
print(pcall(error, setmetatable({}, {__tostring = function() return "E!" end})) )
