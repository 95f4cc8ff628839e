-- coroutine.running identity across resumes; wrap functions are plain functions
local seen = {}
local co
co = coroutine.create(function()
  local me = coroutine.running()
  seen[#seen + 1] = (me == co)
  coroutine.yield()
  seen[#seen + 1] = (coroutine.running() == co)
end)
coroutine.resume(co); coroutine.resume(co)
print(seen[1], seen[2])
local w = coroutine.wrap(function() return coroutine.running() end)
local th = w()
print(type(w), type(th), coroutine.status(th))
local main, ismain = coroutine.running()
print(type(main), ismain, coroutine.status(main))
print(pcall(coroutine.resume, main))
print(coroutine.isyieldable(main))
