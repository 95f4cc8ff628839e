-- <close>: errors in several __close handlers, the last error wins, all handlers run
local log = {}
local function mk(name, err)
  return setmetatable({}, {__close = function(_, e)
    log[#log + 1] = name .. "(" .. tostring(e) .. ")"
    if err then error(err, 0) end
  end})
end
print(pcall(function()
  local a <close> = mk("a", "ea")
  local b <close> = mk("b", "eb")
  local c <close> = mk("c", "ec")
end))
print(table.concat(log, " "))
log = {}
print(pcall(function()
  local a <close> = mk("a")
  local b <close> = mk("b", "eb")
  error("body", 0)
end))
print(table.concat(log, " "))
log = {}
print(pcall(function()
  local a <close> = mk("a", "ea")
  return "value"
end))
print(table.concat(log, " "))
log = {}
local ok, e = pcall(function()
  local a <close> = mk("a", {tag = "tbl"})
  local b <close> = mk("b")
end)
print(ok, type(e), e.tag, table.concat(log, " "))
