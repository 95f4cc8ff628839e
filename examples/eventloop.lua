-- eventloop.lua — registers timers and tasks with the event loop of
-- examples/eventloop.c (after, every, cancel, spawn, sleep, now), then
-- returns; the host's loop runs them.

local function log(...)
  print(("[t=%3d]"):format(now()), ...)
end

log("setting up")

after(30, function() log("one-shot timer") end)

-- a repeating timer that cancels itself on its third run
local runs = 0
every(20, function(id)
  runs = runs + 1
  log("every 20 ms, run", runs)
  if runs == 3 then cancel(id) end
end)

-- a callback that fails: the host reports it with a traceback, and the
-- loop goes on
local function parse(s)
  return s.value                    -- s is a number: an error
end
after(50, function() log("about to fail") parse(42) end)

-- tasks are coroutines: straight-line code that waits with sleep()
spawn(function(name, steps)
  for i = 1, steps do
    log(name, "step", i)
    sleep(25)
  end
  log(name, "done")
end, "worker", 3)

-- a producer/consumer pair sharing a queue; coroutine.yield() waits a tick
local queue = {}
spawn(function()
  for i = 1, 3 do
    queue[#queue + 1] = "item" .. i
    sleep(15)
  end
  queue.closed = true
end)
spawn(function()
  while true do
    local item = table.remove(queue, 1)
    if item then
      log("consumed", item)
    elseif queue.closed then
      break
    else
      coroutine.yield()
    end
  end
  error("consumer: nothing left, failing on purpose")
end)

-- sleep outside a task is refused
print(pcall(sleep, 10))
