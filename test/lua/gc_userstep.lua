-- collectgarbage("step", n) with n as large as the heap ends a whole
-- cycle in one call (true), as lua5.4's does, in both collector modes;
-- small steps take several calls.
local function gcinfo() return collectgarbage("count") * 1024 end
local function dosteps(siz)
  collectgarbage()
  local a = {}
  for i = 1, 100 do a[i] = {{}}; local b = {} end
  local x = gcinfo()
  local i = 0
  repeat i = i + 1 until collectgarbage("step", siz)
  assert(gcinfo() < x)
  return i
end
for _, mode in ipairs{"incremental", "generational"} do
  collectgarbage(mode)
  collectgarbage("stop")
  assert(dosteps(20000) == 1, mode)
  assert(collectgarbage("step", 20000) == true, mode)
  assert(collectgarbage("step", 20000) == true, mode)
  collectgarbage("restart")
end
collectgarbage("incremental")
collectgarbage("stop")
assert(dosteps(1) > 1)
collectgarbage("restart")
print("OK gc_userstep")
