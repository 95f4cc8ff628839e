-- coroutines: yield across pcall/xpcall inside a coroutine, errors after resume
local co = coroutine.create(function()
  local ok, v = pcall(function()
    local x = coroutine.yield("in pcall")
    if x == "fail" then error("failed after yield", 0) end
    return x
  end)
  coroutine.yield("pcall returned", ok, v)
  local ok2, v2 = pcall(function()
    coroutine.yield("second")
    error("boom", 0)
  end)
  coroutine.yield("second pcall", ok2, v2)
  local ok3, v3 = xpcall(function()
    local y = coroutine.yield("in xpcall")
    error(y, 0)
  end, function(m) return "handled " .. m end)
  return ok3, v3
end)
print(coroutine.resume(co))
print(coroutine.resume(co, "value"))
print(coroutine.resume(co))
print(coroutine.resume(co))
print(coroutine.resume(co))
print(coroutine.resume(co, "msg"))
print(coroutine.status(co))
local co2 = coroutine.wrap(function()
  for i = 1, 3 do
    local ok, e = pcall(function() coroutine.yield(i) if i == 2 then error("two", 0) end end)
    if not ok then coroutine.yield("err " .. e) end
  end
  return "fin"
end)
for i = 1, 5 do print(co2()) end
local nested = coroutine.wrap(function()
  return pcall(pcall, function() coroutine.yield("deep yield") return "deep ret" end)
end)
print(nested())
print(nested())
