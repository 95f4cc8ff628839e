-- errors: errors raised inside metamethods report the metamethod's position
local mt = {
  __index = function(t, k) error("no field " .. k) end,
  __add = function(a, b) local x = nil return x.y end,
  __call = function(self, n) if n > 2 then error("too big", 2) end return n end,
  __tostring = function() return nil .. "x" end,
}
local obj = setmetatable({}, mt)
print(pcall(function() return obj.missing end))
print(pcall(function() return obj + 1 end))
print(pcall(function() return obj(5) end))
print(pcall(function() return obj(1) end))
print(pcall(tostring, obj))
local lenerr = setmetatable({}, {__len = function() error({kind = "len"}) end})
local ok, e = pcall(function() return #lenerr end)
print(ok, type(e), e.kind)
local eqerr = setmetatable({}, {__eq = function() error("eq failed", 0) end})
print(pcall(function() return eqerr == setmetatable({}, getmetatable(eqerr)) end))
local cmp = setmetatable({}, {__lt = function(a, b) return a.v < b.v end})
print(pcall(function() return cmp < cmp end))
local ni = setmetatable({}, {__newindex = function(t, k, v) error("cannot set " .. k, 2) end})
print(pcall(function()
  ni.field = 1
end))
local cc = setmetatable({}, {__concat = function(a, b) error("concat " .. type(a) .. " " .. type(b)) end})
print(pcall(function() return "s" .. cc end))
