-- <close>: many tbc variables in loops and nested functions, order preserved
local log = {}
local function mk(n) return setmetatable({}, {__close = function() log[#log + 1] = n end}) end
for i = 1, 3 do
  local a <close> = mk("a" .. i)
  local b <close> = mk("b" .. i)
  if i == 2 then goto continue end
  log[#log + 1] = "body" .. i
  ::continue::
end
print(table.concat(log, " "))
log = {}
local function rec(n)
  local x <close> = mk("r" .. n)
  if n > 0 then return rec(n - 1) end
  return "bottom"
end
print(rec(3), table.concat(log, " "))
log = {}
local function many()
  local c1 <close> = mk(1)
  local c2 <close> = mk(2)
  local c3 <close> = mk(3)
  local c4 <close> = mk(4)
  local c5 <close> = mk(5)
  return select('#', c1, c2, c3, c4, c5)
end
print(many(), table.concat(log, " "))
log = {}
local ok = pcall(function()
  for i = 1, 5 do
    local v <close> = mk("v" .. i)
    if i == 3 then error("stop") end
  end
end)
print(ok, table.concat(log, " "))
log = {}
do
  local outer <close> = mk("outer")
  do
    local inner <close> = mk("inner")
    do
      local innermost <close> = mk("innermost")
    end
    log[#log + 1] = "mid"
  end
end
print(table.concat(log, " "))
