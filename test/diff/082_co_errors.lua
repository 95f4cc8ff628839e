-- coroutines: error values through resume, errors in nested coroutines, bad args
local co = coroutine.create(function() error({msg = "tbl"}) end)
local ok, e = coroutine.resume(co)
print(ok, type(e), e.msg, coroutine.status(co))
print(coroutine.resume(coroutine.create(function() error(nil) end)))
print(coroutine.resume(coroutine.create(function() error(12) end)))
print(coroutine.resume(coroutine.create(function() error("lvl0", 0) end)))
print(coroutine.resume(coroutine.create(function() local a = {} return a.b.c end)))
print(pcall(coroutine.create, 5))
print(pcall(coroutine.resume))
print(pcall(coroutine.wrap))
local yielder = coroutine.create(function() coroutine.yield() end)
coroutine.resume(yielder)
print(coroutine.resume(coroutine.create(function() return coroutine.resume(yielder) end)))
print(coroutine.status(yielder))
local co3 = coroutine.create(function()
  local inner = coroutine.create(function() error("inner fail", 0) end)
  local ok, err = coroutine.resume(inner)
  error("outer saw: " .. err, 0)
end)
print(coroutine.resume(co3))
local cnt = 0
local retry = coroutine.wrap(function()
  while true do
    local ok, err = pcall(function()
      cnt = cnt + 1
      local v = coroutine.yield(cnt)
      if v == "bad" then error("got bad", 0) end
    end)
    if not ok then coroutine.yield("recovered from " .. err) end
  end
end)
print(retry(), retry("bad"), retry(), retry("ok"), retry())
print(select('#', coroutine.resume(coroutine.create(function() return end))))
print(coroutine.resume(coroutine.create(print), "printed", "by", "print"))
print(coroutine.resume(coroutine.wrap(function() end) and coroutine.create(math.max), 3, 9, 2))
