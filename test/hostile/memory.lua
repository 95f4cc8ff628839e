-- ulimit: 200000
-- Memory bombs (the runner sets `ulimit -v`, so that they meet the limit
-- soon): each ends in "not enough memory" (or a size error) caught by
-- pcall, and the VM goes on working afterwards.
local function bomb(what, f)
  if os.getenv("HOSTILE_VERBOSE") then io.stderr:write(what, "\n") end
  local ok, msg = pcall(f)
  assert(not ok, what .. ": did not fail")
  msg = tostring(msg)
  assert(msg:find("not enough memory") or msg:find("too large") or msg:find("overflow"),
         what .. ": " .. msg)
  collectgarbage()
  local t = {}
  for i = 1, 1000 do t[i] = tostring(i) end       -- still usable
  assert(#table.concat(t) > 0)
end
bomb("string doubling", function() local s = "x" while true do s = s .. s end end)
bomb("string.rep", function() return string.rep("x", 1 << 40) end)
bomb("string.rep with sep", function() return string.rep("x", 1 << 40, ",") end)
bomb("string.rep overflow", function() return string.rep("xx", math.maxinteger) end)
bomb("array growth", function() local t = {} for i = 1, math.huge do t[i] = i end end)
bomb("hash growth", function() local t = {} for i = 1, math.huge do t[i * 1.5] = true end end)
bomb("string keys", function() local t = {} for i = 1, math.huge do t["k" .. i] = i end end)
bomb("nested tables", function() local t = {} while true do t = {t, t, t, t} end end)
bomb("closures", function() local l = {} for i = 1, math.huge do l[i] = function() return i end end end)
bomb("coroutines", function() local l = {} for i = 1, math.huge do l[i] = coroutine.create(print) end end)
bomb("table.concat", function()
  local t = {}
  for i = 1, 64 do t[i] = string.rep("y", 1 << 20) end
  local s = table.concat(t)
  while true do s = table.concat({s, s, s, s}) end
end)
bomb("gsub expansion", function()
  local s = string.rep("a", 1 << 16)
  while true do s = s:gsub("a", "aaaa") end
end)
bomb("string.format", function() local s = "x" while true do s = string.format("%s%s", s, s) end end)
bomb("string.pack", function() return string.pack("c" .. (1 << 40), "") end)
bomb("io.read", function()
  local f = io.tmpfile()
  for i = 1, 64 do f:write(string.rep("z", 1 << 20)) end
  f:seek("set")
  local t = {}
  while true do t[#t + 1] = f:read("a"); f:seek("set") end
end)
-- a memory bomb inside a coroutine: resume returns the error, and the
-- dead coroutine's stack holds what it made until it is closed
bomb("in a coroutine", function()
  local co = coroutine.create(function() local t = {} for i = 1, math.huge do t[i] = {} end end)
  local ok, msg = coroutine.resume(co)
  assert(not ok and coroutine.status(co) == "dead")
  assert(coroutine.close(co) == false)
  error(msg, 0)
end)
-- in a finalizer
setmetatable({}, {__gc = function() local s = "x" while true do s = s .. s end end})
collectgarbage()
print("OK memory")
