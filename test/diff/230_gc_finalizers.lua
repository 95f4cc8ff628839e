-- finalizers: order (newest first), resurrection, registration at setmetatable time, at close
local order = {}
for _, name in ipairs{"A", "B", "C"} do
  setmetatable({name = name}, {__gc = function(o) order[#order + 1] = o.name end})
end
collectgarbage()
print(table.concat(order, " "))
local saved
do
  local t = setmetatable({v = 42}, {__gc = function(o) saved = o end})
end
collectgarbage()
print(saved and saved.v)
saved = nil
collectgarbage()
local mt = {}
setmetatable({}, mt)
mt.__gc = function() print("should not run") end
collectgarbage()
local keep = setmetatable({}, {__gc = function() print("old one finalized") end})
collectgarbage(); collectgarbage()
keep = nil
collectgarbage()
-- a finalizer that allocates and triggers more collections
local n = 0
for i = 1, 200 do
  setmetatable({i}, {__gc = function(o) n = n + o[1]; local junk = {} for j = 1, 10 do junk[j] = {j} end end})
end
collectgarbage(); collectgarbage()
print("sum of finalized", n)
-- userdata-like files close through __gc at exit
local f = io.tmpfile()
f:write("x")
local atclose = setmetatable({}, {__gc = function() print("at close") end})
_G.x = setmetatable({}, {__gc = function() print("global at close") end})
print("end of script")
