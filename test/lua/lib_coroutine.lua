-- lib_coroutine.lua: the coroutine library, and yields across pcall,
-- xpcall and __pairs (continuations). Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

-- resume / yield / status
do
  local log = {}
  local co = coroutine.create(function(a, b)
    log[#log + 1] = a .. b
    local c = coroutine.yield(1, 2)
    log[#log + 1] = c
    return "done"
  end)
  eq(coroutine.status(co), "suspended")
  local ok, x, y = coroutine.resume(co, "a", "b")
  assert(ok and x == 1 and y == 2)
  eq(coroutine.status(co), "suspended")
  local ok2, r = coroutine.resume(co, "z")
  assert(ok2 and r == "done")
  eq(coroutine.status(co), "dead")
  local ok3, m = coroutine.resume(co)
  assert(not ok3); eq(m, "cannot resume dead coroutine")
  eq(table.concat(log, ","), "ab,z")
  local ok4, m4 = coroutine.resume(coroutine.running())
  assert(not ok4); eq(m4, "cannot resume non-suspended coroutine")
  eq(select("#", coroutine.resume(coroutine.create(function() end))), 1)
  local n, a1, a2 = select(2, coroutine.resume(coroutine.create(function(...) return select("#", ...), ... end), nil, nil))
  assert(n == 2 and a1 == nil and a2 == nil)
end

-- errors inside
do
  local co = coroutine.create(function() error("e") end)
  local ok, m = coroutine.resume(co)
  assert(not ok and m:find(":%d+: e$"))
  eq(coroutine.status(co), "dead")
  local co2 = coroutine.create(function() error({code = 1}) end)
  local ok2, e2 = coroutine.resume(co2)
  assert(not ok2 and e2.code == 1)
  eq(err(coroutine.resume, 1), "bad argument #1 to 'coroutine.resume' (thread expected, got number)")
  eq(err(coroutine.status), "bad argument #1 to 'coroutine.status' (thread expected, got no value)")
  eq(err(coroutine.create, 1), "bad argument #1 to 'coroutine.create' (function expected, got number)")
  eq(err(coroutine.wrap, 1), "bad argument #1 to 'coroutine.wrap' (function expected, got number)")
  eq(err(coroutine.yield), "attempt to yield from outside a coroutine")
end

-- wrap
do
  local w = coroutine.wrap(function(...) local a, b = coroutine.yield(...) return a + b end)
  local x, y = w(1, 2); assert(x == 1 and y == 2)
  eq(w(3, 4), 7)
  eq(err(w), "cannot resume dead coroutine")
  local f = coroutine.wrap(function() error("x") end)
  assert(err(f):find("^[^:]+:%d+: x$"))     -- called by pcall: no extra position
  local g = coroutine.wrap(function() error("y") end)
  assert(err(function() g() end):find("^[^:]+:%d+: [^:]+:%d+: y$"))  -- caller's position added
  local h = coroutine.wrap(function() error({}) end)
  eq(type(err(h)), "table")
end

-- running / isyieldable / normal
do
  local main, ismain = coroutine.running()
  eq(type(main), "thread"); eq(ismain, true)
  eq(coroutine.isyieldable(), false)
  local outer
  outer = coroutine.create(function()
    local me, im = coroutine.running()
    assert(me == outer and im == false)
    eq(coroutine.isyieldable(), true)
    eq(coroutine.status(outer), "running")
    local inner = coroutine.create(function() return coroutine.status(outer) end)
    local _, st = coroutine.resume(inner)
    eq(st, "normal")
    local _, cm = coroutine.resume(coroutine.create(function() return select(2, pcall(coroutine.close, outer)) end))
    eq(cm, "cannot close a normal coroutine")
    coroutine.yield()
  end)
  coroutine.resume(outer)
  eq(coroutine.isyieldable(outer), true)
  eq(err(coroutine.close, coroutine.running()), "cannot close a running coroutine")
end

-- close
do
  local co = coroutine.create(function() coroutine.yield() end)
  coroutine.resume(co)
  eq(coroutine.close(co), true); eq(coroutine.status(co), "dead")
  eq(coroutine.close(coroutine.create(print)), true)
  local co2 = coroutine.create(function() error("e") end)
  coroutine.resume(co2)
  local ok, m = coroutine.close(co2)
  assert(ok == false and m:find(":%d+: e$"))
  local closed = 0
  local co3 = coroutine.create(function()
    local x <close> = setmetatable({}, {__close = function() closed = closed + 1 end})
    coroutine.yield(1)
  end)
  coroutine.resume(co3)
  eq(coroutine.close(co3), true); eq(closed, 1)
  local co4 = coroutine.create(function()
    local x <close> = setmetatable({}, {__close = function() error("in close", 0) end})
    coroutine.yield(1)
  end)
  coroutine.resume(co4)
  local ok4, m4 = coroutine.close(co4)
  assert(ok4 == false and m4 == "in close")
end

-- yields across pcall, xpcall, __pairs, table.sort's absence of it
do
  local co = coroutine.create(function(a)
    local ok, v = pcall(function() local x = coroutine.yield(a + 1); error({x}) end)
    assert(not ok)
    local r = {xpcall(function() return coroutine.yield("in xpcall") .. "!" end, print)}
    for _, x in pairs(setmetatable({}, {__pairs = function()
      coroutine.yield("in pairs"); return next, {7}, nil end})) do r[#r + 1] = x end
    local ok2, e2 = pcall(table.sort, {3, 2, 1}, function(p, q) coroutine.yield() end)
    r[#r + 1] = ok2; r[#r + 1] = e2
    return v[1], table.unpack(r)
  end)
  local _, y1 = coroutine.resume(co, 1); eq(y1, 2)
  local _, y2 = coroutine.resume(co, 10); eq(y2, "in xpcall")
  local _, y3 = coroutine.resume(co, "yo"); eq(y3, "in pairs")
  local res = {coroutine.resume(co)}
  assert(res[1] == true and res[2] == 10 and res[3] == true and res[4] == "yo!" and res[5] == 7)
  assert(res[6] == false and res[7]:find("attempt to yield across a C%-call boundary"))
  eq(coroutine.status(co), "dead")
end

-- a generator
do
  local function gen(n)
    return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
  end
  local s = 0
  for i in gen(100) do s = s + i end
  eq(s, 5050)
end

print("OK lib_coroutine")
