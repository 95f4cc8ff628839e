-- A stopped collector runs no major collection, whatever the mode: memory
-- grows while objects are made (under GC stress too: its periodic full
-- collections ignored "stop", so this loop never ended there).
collectgarbage()
collectgarbage("stop")
collectgarbage("step", 0)   -- steps do not restart the collector
local x = collectgarbage("count")
local n = 0
repeat
  for i = 1, 1000 do _ENV.a = {} end
  n = n + 1
until collectgarbage("count") > 2 * x or n > 100000
assert(n <= 100000, "memory did not grow while stopped")
assert(not collectgarbage("isrunning"))
collectgarbage("restart")
collectgarbage()
assert(collectgarbage("count") < 2 * x)
print("OK gc_stopped")
