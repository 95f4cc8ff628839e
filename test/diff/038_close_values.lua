-- <close>: the __close value receives the object and error, multiple tbc in a block
local log = {}
local function mk(n)
  local o = {name = n}
  return setmetatable(o, {__close = function(self, e)
    log[#log + 1] = self.name .. ":" .. tostring(e)
  end})
end
do
  local a <close>, b = mk("a"), mk("b-not-closed")
  local c <close> = mk("c")
end
print(table.concat(log, " "))
log = {}
pcall(function()
  local x <close> = mk("x")
  local y <close> = mk("y")
  error("E", 0)
end)
print(table.concat(log, " "))
log = {}
local function multi()
  local p <close> = mk("p")
  do
    local q <close> = mk("q")
  end
  log[#log + 1] = "mid"
  local r <close> = mk("r")
  return #log
end
print(multi(), table.concat(log, " "))
local mt = {__close = function(o) print("generic close", o.id) end}
for i = 1, 3 do
  local v <close> = setmetatable({id = i}, mt)
end
local c <const> = 5
local ok, msg = pcall(function()
  local t <close> = setmetatable({}, {__close = function() error("in close") end})
end)
print(ok, msg)
