-- yields through nested pcall/xpcall, errors after resuming, and handler results
local co = coroutine.create(function()
  local r1 = {pcall(function()
    local v = coroutine.yield("y1")
    local ok, e = pcall(function() coroutine.yield("y2"); error("inner " .. v) end)
    coroutine.yield(tostring(ok) .. ":" .. e)
    return "pcall body done"
  end)}
  local r2 = {xpcall(function() coroutine.yield("y4"); error("x") end, function(m) return "handled(" .. m .. ")" end)}
  return r1[1], r1[2], r2[1], r2[2]
end)
for i = 1, 6 do print(coroutine.resume(co, "v" .. i)) end
