-- lib_debug.lua — the debug library. Self-checking; must pass unchanged
-- under lua5.4 and ./tide. Line numbers are checked relative to a
-- function's linedefined (or to a `line()` marker) so that editing this
-- file does not break the expectations.

local function eq(got, want, what)
  if got ~= want then
    error(string.format("%s: expected %s, got %s", what or "value",
      tostring(want), tostring(got)), 2)
  end
end

local function seq(got, want, what)   -- arrays, element by element
  eq(#got, #want, (what or "list") .. " length")
  for i = 1, #want do eq(got[i], want[i], (what or "list") .. "[" .. i .. "]") end
end

local function errmsg(f, ...)
  local ok, msg = pcall(f, ...)
  assert(not ok, "expected an error")
  return msg
end

local function line() return debug.getinfo(2, "l").currentline end

-- ---------------------------------------------------------------------
-- library shape
-- ---------------------------------------------------------------------
do
  local names = {}
  for k, v in pairs(debug) do
    assert(type(v) == "function", k)
    names[#names + 1] = k
  end
  table.sort(names)
  seq(names, {"debug", "gethook", "getinfo", "getlocal", "getmetatable",
    "getregistry", "getupvalue", "getuservalue", "setcstacklimit", "sethook",
    "setlocal", "setmetatable", "setupvalue", "setuservalue", "traceback",
    "upvalueid", "upvaluejoin"}, "debug names")
  eq(package.loaded.debug, debug, "package.loaded.debug")
end

-- ---------------------------------------------------------------------
-- getinfo
-- ---------------------------------------------------------------------
local main_source = debug.getinfo(1, "S").source

do -- the main chunk, by level
  local i = debug.getinfo(1)
  eq(i.what, "main", "main what")
  eq(i.linedefined, 0, "main linedefined")
  eq(i.source, main_source, "main source")
  assert(i.source:sub(1, 1) == "@", "file sources start with @")
  assert(i.short_src:find("lib_debug%.lua$"), i.short_src)
  eq(i.currentline, line() - 6, "main currentline")
  eq(i.isvararg, true, "main isvararg")
  eq(i.nparams, 0, "main nparams")
  eq(i.nups, 1, "main nups (_ENV)")
  eq(i.istailcall, false, "main istailcall")
  eq(i.namewhat, "", "main namewhat")
  eq(i.name, nil, "main name")
  eq(type(i.func), "function", "main func")
  eq(i.activelines, nil, "default options leave out L")
  -- every option of the default set "flnSrtu" is there
  for _, k in ipairs({"source", "short_src", "linedefined", "lastlinedefined",
      "what", "currentline", "func", "nups", "nparams", "isvararg", "name",
      "namewhat", "istailcall", "ftransfer", "ntransfer"}) do
    if k ~= "name" then assert(i[k] ~= nil, k) end
  end
  eq(i.ftransfer, 0, "ftransfer outside hooks")
  eq(i.ntransfer, 0, "ntransfer outside hooks")
end

do -- a Lua function, as a value
  local up1, up2 = 1, 2
  local function f(a, b, c)
    local x = up1 + up2
    return x
  end
  local def = line() - 4
  local i = debug.getinfo(f)
  eq(i.what, "Lua", "what")
  eq(i.source, main_source, "source")
  eq(i.linedefined, def, "linedefined")
  eq(i.lastlinedefined, def + 3, "lastlinedefined")
  eq(i.currentline, -1, "currentline of a function value")
  eq(i.nups, 2, "nups")
  eq(i.nparams, 3, "nparams")
  eq(i.isvararg, false, "isvararg")
  eq(i.func, f, "func")
  eq(i.name, nil, "no name for a value")
  eq(i.namewhat, "", "namewhat")
  eq(i.istailcall, false, "istailcall")
  -- only what was asked for
  local s = debug.getinfo(f, "S")
  eq(s.nups, nil, "S only")
  eq(s.func, nil, "S only: no func")
  eq(s.what, "Lua", "S what")
  local u = debug.getinfo(f, "u")
  eq(u.source, nil, "u only")
  eq(u.nparams, 3, "u nparams")
  -- active lines: the body's lines and the closing 'end' (the return)
  local L = debug.getinfo(f, "L").activelines
  local keys = {}
  for k, v in pairs(L) do eq(v, true, "activelines value"); keys[#keys + 1] = k end
  table.sort(keys)
  seq(keys, {def + 1, def + 2, def + 3}, "activelines")
  -- vararg functions: the prologue is not a line of its own
  local function g(...)
    return ...
  end
  keys = {}
  for k in pairs(debug.getinfo(g, "L").activelines) do keys[#keys + 1] = k end
  table.sort(keys)
  seq(keys, {line() - 5, line() - 4}, "vararg activelines")
  eq(debug.getinfo(g, "u").isvararg, true, "vararg isvararg")
  eq(debug.getinfo(g, "u").nparams, 0, "vararg nparams")
end

do -- C functions
  local i = debug.getinfo(print)
  eq(i.what, "C", "C what")
  eq(i.source, "=[C]", "C source")
  eq(i.short_src, "[C]", "C short_src")
  eq(i.linedefined, -1, "C linedefined")
  eq(i.lastlinedefined, -1, "C lastlinedefined")
  eq(i.currentline, -1, "C currentline")
  eq(i.nups, 0, "C nups")
  eq(i.nparams, 0, "C nparams")
  eq(i.isvararg, true, "C isvararg")
  eq(i.func, print, "C func")
  eq(debug.getinfo(print, "L").activelines, nil, "C activelines")
  -- a C closure counts its upvalues
  eq(debug.getinfo(coroutine.wrap(print), "u").nups, 1, "wrap nups")
  -- level 0 is getinfo itself
  local z = debug.getinfo(0, "nSf")
  eq(z.what, "C", "level 0 what")
  eq(z.func, debug.getinfo, "level 0 func")
  eq(z.name, "getinfo", "level 0 name")
  eq(z.namewhat, "field", "level 0 namewhat")
end

do -- chunk names in short_src
  local function src(name)
    return load("return debug.getinfo(1, 'S')", name)()
  end
  eq(src("=custom").short_src, "custom", "=name")
  eq(src("=custom").source, "=custom", "=name source")
  eq(src("@some/file.lua").short_src, "some/file.lua", "@name")
  eq(src("return 1").short_src, '[string "return 1"]', "string chunk")
  eq(src("line1\nline2").short_src, '[string "line1..."]', "multi-line chunk")
  eq(src(string.rep("x", 80)).short_src,
    '[string "' .. string.rep("x", 45) .. '..."]', "long chunk name")
  eq(src("@" .. string.rep("d/", 40) .. "f.lua").short_src,
    "..." .. string.sub(string.rep("d/", 40) .. "f.lua", -56), "long file name")
  eq(src("=" .. string.rep("y", 70)).short_src, string.rep("y", 59), "long =name")
  local m = load("return debug.getinfo(1, 'S')")()
  eq(m.what, "main", "loaded chunk is main")
  eq(m.source, "return debug.getinfo(1, 'S')", "string source")
end

do -- levels, names and currentline
  local function level1()
    return debug.getinfo(1, "nl"), debug.getinfo(2, "l"), line()
  end
  local a, b, l = level1()
  eq(a.name, "level1", "local name")
  eq(a.namewhat, "local", "local namewhat")
  eq(a.currentline, l, "level 1 currentline")
  eq(b.currentline, l + 2, "level 2 currentline (the call of level1)")
  eq(debug.getinfo(1000), nil, "level out of range")
  eq(debug.getinfo(1000, "S"), nil, "level out of range, with options")
  eq(select("#", debug.getinfo(1000)), 1, "one fail value")

  local t = {}
  function t.fld() return debug.getinfo(1, "n") end
  function t:meth() return debug.getinfo(1, "n") end
  _G.lib_debug_global = function() return debug.getinfo(1, "n") end
  local r
  r = t.fld(); eq(r.namewhat .. " " .. r.name, "field fld", "field")
  r = t:meth(); eq(r.namewhat .. " " .. r.name, "method meth", "method")
  r = lib_debug_global(); eq(r.namewhat .. " " .. r.name, "global lib_debug_global", "global")
  _G.lib_debug_global = nil
  local function up() return debug.getinfo(1, "n") end
  local function viaup() local x = up(); return x end
  r = viaup(); eq(r.namewhat .. " " .. r.name, "upvalue up", "upvalue")
  -- metamethods and for iterators
  local mt = {__index = function() return debug.getinfo(1, "n") end,
              __add = function() return debug.getinfo(1, "n") end}
  local obj = setmetatable({}, mt)
  r = obj.missing; eq(r.namewhat .. " " .. r.name, "metamethod index", "__index")
  r = obj + 1; eq(r.namewhat .. " " .. r.name, "metamethod add", "__add")
  for _, info in function(_, c) if not c then return 1, debug.getinfo(1, "n") end end do
    eq(info.namewhat .. " " .. info.name, "for iterator for iterator", "iterator")
  end
  -- a tail-called function has no name but says so
  local function callee() return debug.getinfo(1, "nt") end
  local function caller() return callee() end
  r = caller()
  eq(r.istailcall, true, "istailcall")
  eq(r.name, nil, "no name after a tail call")
  eq(r.namewhat, "", "no namewhat after a tail call")
  r = callee()
  eq(r.istailcall, false, "not a tail call")
end

do -- errors
  eq(errmsg(debug.getinfo, 1, ">S"), "bad argument #2 to 'debug.getinfo' (invalid option '>')", "'>'")
  eq(errmsg(debug.getinfo, 1, "Sx"), "bad argument #2 to 'debug.getinfo' (invalid option)", "bad option")
  eq(errmsg(debug.getinfo, print, "q"), "bad argument #2 to 'debug.getinfo' (invalid option)", "bad option, function")
  eq(errmsg(debug.getinfo, "x"), "bad argument #1 to 'debug.getinfo' (number expected, got string)", "bad level")
  eq(errmsg(debug.getinfo), "bad argument #1 to 'debug.getinfo' (number expected, got no value)", "no level")
  local ok, msg = pcall(function() debug.getinfo(1, "X") end)
  assert(not ok and msg:find("bad argument #2 to 'getinfo' %(invalid option%)$"), msg)
  ok, msg = pcall(function() debug.getinfo({}) end)
  assert(not ok and msg:find("bad argument #1 to 'getinfo' %(number expected, got table%)$"), msg)
end

-- ---------------------------------------------------------------------
-- getlocal / setlocal
-- ---------------------------------------------------------------------
do -- parameters of a function value: names only
  local function f(a, b, ...) local c end
  eq(debug.getlocal(f, 1), "a", "param 1")
  eq(debug.getlocal(f, 2), "b", "param 2")
  eq(debug.getlocal(f, 3), nil, "not a param")
  eq(select("#", debug.getlocal(f, 1)), 1, "name only")
  eq(debug.getlocal(f, -1), nil, "no varargs of a function value")
  eq(debug.getlocal(print, 1), nil, "C function params")
end

do -- locals of active functions
  local function f(p, q)
    local x = p + q
    local names, values = {}, {}
    local i = 1
    while true do
      local n, v = debug.getlocal(1, i)
      if not n then break end
      names[#names + 1] = n; values[#values + 1] = v
      i = i + 1
    end
    return names, values
  end
  local names, values = f(3, 4)
  -- names, values and i were live; n and v are declared inside the loop
  -- and are not yet active at the call
  seq(names, {"p", "q", "x", "names", "values", "i"}, "local names")
  eq(values[1], 3, "p"); eq(values[2], 4, "q"); eq(values[3], 7, "x")

  local function g()
    local a, b = 1, 2
    local n1, v1 = debug.getlocal(1, 1)
    eq(n1, "a", "g local 1"); eq(v1, 1, "g value 1")
    eq(debug.setlocal(1, 2, 20), "b", "setlocal name")
    eq(b, 20, "setlocal changed b")
    eq(debug.setlocal(1, 50, 0), nil, "setlocal beyond the locals")
    eq(debug.getlocal(1, 50), nil, "getlocal beyond the locals")
    eq(select("#", debug.getlocal(1, 50)), 1, "single fail")
    -- a local of the caller
    eq(debug.getlocal(2, 1), "eq", "caller's local (the main chunk's first)")
  end
  g()

  -- temporaries: registers in use above the active locals
  local function temps()
    local a = 1
    local r = {10, 20, debug.getlocal(1, 3)}
    return r
  end
  seq(temps(), {10, 20, "(temporary)", 10}, "temporaries")

  -- C functions have "(C temporary)" slots: here table.sort's arguments
  local arr = {2, 1}
  local function cmp(x, y)
    local n1, v1 = debug.getlocal(2, 1)
    local n2, v2 = debug.getlocal(2, 2)
    eq(n1, "(C temporary)", "C temporary name")
    eq(v1, arr, "C temporary 1")
    eq(n2, "(C temporary)", "C temporary name 2")
    eq(v2, cmp, "C temporary 2")
    return x < y
  end
  table.sort(arr, cmp)

  -- varargs, with negative indices
  local function va(...)
    local x = 5
    local n1, v1 = debug.getlocal(1, -1)
    local n2, v2 = debug.getlocal(1, -2)
    eq(n1, "(vararg)", "vararg name"); eq(v1, "a", "vararg 1")
    eq(n2, "(vararg)", "vararg name 2"); eq(v2, "b", "vararg 2")
    eq(debug.getlocal(1, -3), nil, "no third vararg")
    eq(debug.setlocal(1, -2, "B"), "(vararg)", "setlocal vararg")
    eq(debug.setlocal(1, -3, "C"), nil, "setlocal missing vararg")
    eq(debug.getlocal(1, 1), "x", "positive index skips varargs")
    return ...
  end
  local r1, r2 = va("a", "b")
  eq(r1, "a", "vararg unchanged"); eq(r2, "B", "vararg changed")
  local function novarargs(a) return debug.getlocal(1, -1) end
  eq(novarargs(1), nil, "no varargs in a fixed function")

  eq(errmsg(debug.getlocal, 100, 1), "bad argument #1 to 'debug.getlocal' (level out of range)", "getlocal level")
  eq(errmsg(debug.getlocal, "x", 1), "bad argument #1 to 'debug.getlocal' (number expected, got string)", "getlocal type")
  eq(errmsg(debug.getlocal, 1), "bad argument #2 to 'debug.getlocal' (number expected, got no value)", "getlocal n")
  eq(errmsg(debug.setlocal, 100, 1, 1), "bad argument #1 to 'debug.setlocal' (level out of range)", "setlocal level")
  eq(errmsg(debug.setlocal, 1, 1), "bad argument #3 to 'debug.setlocal' (value expected)", "setlocal value")
end

-- ---------------------------------------------------------------------
-- coroutines: getinfo, getlocal, setlocal, traceback on another thread
-- ---------------------------------------------------------------------
do
  local co = coroutine.create(load([[
local function f(p)
  local q = p * 2
  coroutine.yield(q)
  return q
end
local r = f(21)
return r
]], "=co"))
  local ok, v = coroutine.resume(co)
  assert(ok and v == 42)
  local i0 = debug.getinfo(co, 0, "Sn")
  eq(i0.what, "C", "co level 0 is yield")
  eq(i0.name, "yield", "co level 0 name")
  local i1 = debug.getinfo(co, 1, "Slnf")
  eq(i1.short_src, "co", "co short_src")
  eq(i1.currentline, 3, "co currentline")
  eq(i1.name, "f", "co name")
  eq(i1.namewhat, "local", "co namewhat")
  eq(type(i1.func), "function", "co func")
  eq(debug.getinfo(co, 2, "S").what, "main", "co level 2")
  eq(debug.getinfo(co, 3), nil, "co level 3")
  local n, val = debug.getlocal(co, 1, 2)
  eq(n, "q", "co local name"); eq(val, 42, "co local value")
  eq(debug.getlocal(co, 1, 1), "p", "co param")
  eq(debug.setlocal(co, 1, 2, 100), "q", "co setlocal")
  eq(errmsg(debug.getlocal, co, 5, 1), "bad argument #2 to 'debug.getlocal' (level out of range)", "co level error")
  eq(debug.traceback(co), "stack traceback:\n\t[C]: in function 'coroutine.yield'\n\tco:3: in local 'f'\n\tco:6: in main chunk", "co traceback")
  eq(debug.traceback(co, "msg"), "msg\nstack traceback:\n\t[C]: in function 'coroutine.yield'\n\tco:3: in local 'f'\n\tco:6: in main chunk", "co traceback msg")
  eq(debug.traceback(co, "msg", 1), "msg\nstack traceback:\n\tco:3: in local 'f'\n\tco:6: in main chunk", "co traceback level")
  eq(debug.traceback(co, nil, 2), "stack traceback:\n\tco:6: in main chunk", "co traceback nil msg")
  eq(debug.traceback(co, "x", 5), "x\nstack traceback:", "co traceback past the end")
  ok, v = coroutine.resume(co)
  assert(ok and v == 100, "setlocal in a coroutine took effect")
  eq(debug.traceback(co), "stack traceback:", "dead coroutine traceback")
  -- a coroutine that has not started: its body is not a frame yet
  local fresh = coroutine.create(print)
  eq(debug.getinfo(fresh, 0), nil, "fresh coroutine has no level 0")
  eq(debug.traceback(fresh), "stack traceback:", "fresh traceback")
  eq(debug.getinfo(fresh, print, "S").what, "C", "function info via a thread")
end

-- ---------------------------------------------------------------------
-- upvalues
-- ---------------------------------------------------------------------
do
  local a, b = 1, 2
  local function f() return a + b end
  local function g() return a end
  local n, v = debug.getupvalue(f, 1)
  eq(n, "a", "upvalue 1 name"); eq(v, 1, "upvalue 1 value")
  n, v = debug.getupvalue(f, 2)
  eq(n, "b", "upvalue 2 name"); eq(v, 2, "upvalue 2 value")
  eq(debug.getupvalue(f, 3), nil, "no upvalue 3")
  eq(select("#", debug.getupvalue(f, 3)), 0, "nothing at all")
  eq(select("#", debug.getupvalue(f, 0)), 0, "nothing for 0")
  eq(debug.setupvalue(f, 2, 40), "b", "setupvalue name")
  eq(b, 40, "setupvalue changed the variable")
  eq(f(), 41, "f sees it")
  eq(select("#", debug.setupvalue(f, 3, 0)), 0, "setupvalue out of range")
  -- _ENV is an upvalue like any other
  local function glob() return print end
  eq(debug.getupvalue(glob, 1), "_ENV", "_ENV upvalue")
  eq(select(2, debug.getupvalue(glob, 1)), _ENV, "_ENV value")
  -- C closures: upvalues have empty names
  local w = coroutine.wrap(function() end)
  n, v = debug.getupvalue(w, 1)
  eq(n, "", "C upvalue name"); eq(type(v), "thread", "C upvalue value")
  eq(select("#", debug.getupvalue(print, 1)), 0, "light C function")

  -- identities
  assert(debug.upvalueid(f, 1) == debug.upvalueid(g, 1), "shared upvalue")
  assert(debug.upvalueid(f, 1) ~= debug.upvalueid(f, 2), "distinct upvalues")
  eq(type(debug.upvalueid(f, 1)), "userdata", "id type")
  eq(debug.upvalueid(f, 3), nil, "upvalueid out of range")
  eq(debug.upvalueid(f, 0), nil, "upvalueid 0")
  eq(debug.upvalueid(print, 1), nil, "upvalueid light C")
  assert(debug.upvalueid(w, 1) ~= nil, "C closure upvalue id")
  local function mk() local x = 0; return function() x = x + 1; return x end end
  local c1, c2 = mk(), mk()
  assert(debug.upvalueid(c1, 1) ~= debug.upvalueid(c2, 1), "separate closures")
  collectgarbage()
  assert(debug.upvalueid(f, 1) == debug.upvalueid(g, 1), "stable across collections")

  -- join: c1's x becomes c2's x
  c1(); c1(); c2()
  debug.upvaluejoin(c1, 1, c2, 1)
  assert(debug.upvalueid(c1, 1) == debug.upvalueid(c2, 1), "joined")
  eq(c1(), 2, "c1 now counts with c2's x")
  eq(c2(), 3, "c2 sees c1's increment")
  -- join f's b to g's a
  debug.upvaluejoin(f, 2, g, 1)
  eq(f(), 2, "f's b is now a")

  eq(errmsg(debug.upvaluejoin, print, 1, f, 1), "bad argument #2 to 'debug.upvaluejoin' (invalid upvalue index)", "join light C")
  eq(errmsg(debug.upvaluejoin, w, 1, f, 1), "bad argument #1 to 'debug.upvaluejoin' (Lua function expected)", "join C closure 1")
  eq(errmsg(debug.upvaluejoin, f, 1, w, 1), "bad argument #3 to 'debug.upvaluejoin' (Lua function expected)", "join C closure 3")
  eq(errmsg(debug.upvaluejoin, f, 3, g, 1), "bad argument #2 to 'debug.upvaluejoin' (invalid upvalue index)", "join index 2")
  eq(errmsg(debug.upvaluejoin, f, 1, g, 2), "bad argument #4 to 'debug.upvaluejoin' (invalid upvalue index)", "join index 4")
  eq(errmsg(debug.upvaluejoin, 1, 1, g, 1), "bad argument #1 to 'debug.upvaluejoin' (function expected, got number)", "join type")
  eq(errmsg(debug.getupvalue, 1, "x"), "bad argument #2 to 'debug.getupvalue' (number expected, got string)", "index first")
  eq(errmsg(debug.getupvalue, 1, 1), "bad argument #1 to 'debug.getupvalue' (function expected, got number)", "function")
  eq(errmsg(debug.setupvalue, f, 1), "bad argument #3 to 'debug.setupvalue' (value expected)", "setupvalue value")
  eq(errmsg(debug.upvalueid, f), "bad argument #2 to 'debug.upvalueid' (number expected, got no value)", "upvalueid n")
end

-- ---------------------------------------------------------------------
-- hooks
-- ---------------------------------------------------------------------
do -- line hook over a small loop
  local function loop()
    local s = 0
    for i = 1, 3 do
      s = s + i
    end
    return s
  end
  local def = debug.getinfo(loop, "S").linedefined
  local lines = {}
  debug.sethook(function(ev, l)
    eq(ev, "line", "line event")
    if debug.getinfo(2, "f").func == loop then lines[#lines + 1] = l - def end
  end, "l")
  loop()
  debug.sethook()
  -- (as lua5.4: the for prep, then body/loop-back pairs, then the return)
  seq(lines, {1, 2, 3, 2, 3, 2, 3, 2, 5}, "loop lines")

  -- a loop on a single line repeats its line (backward jumps)
  local function oneline() local n = 0; for i = 1, 3 do n = n + i end; return n end
  def = debug.getinfo(oneline, "S").linedefined
  lines = {}
  debug.sethook(function(_, l)
    if debug.getinfo(2, "f").func == oneline then lines[#lines + 1] = l - def end
  end, "l")
  oneline()
  debug.sethook()
  -- (entry, then one event per backward jump: 3 iterations, 2 jumps)
  seq(lines, {0, 0, 0}, "one-line loop")
end

do -- call and return hooks, including tail calls
  local events = {}
  local function leaf() return 1 end
  local function tail() return leaf() end
  local function top() local x = tail(); return x end
  debug.sethook(function(e)
    local i = debug.getinfo(2, "nS")
    events[#events + 1] = e .. ":" .. tostring(i.name) .. ":" .. i.what
  end, "cr")
  top()
  debug.sethook()
  seq(events, {
    "return:sethook:C",       -- leaving sethook itself
    "call:top:Lua",
    "call:tail:Lua",
    "tail call:nil:Lua",      -- leaf replaces tail's frame: no name
    "return:nil:Lua",         -- one return for leaf (tail's frame is gone)
    "return:top:Lua",
    "call:sethook:C",         -- entering sethook to turn the hook off
  }, "call/return events")

  -- transfer information: parameters on call, results on return
  local tr = {}
  local function three(a, b) return a, b, a + b end
  debug.sethook(function(e)
    local i = debug.getinfo(2, "rf")
    if i.func == three then
      tr[#tr + 1] = e .. " " .. i.ftransfer .. " " .. i.ntransfer
      local vals = {}
      for k = i.ftransfer, i.ftransfer + i.ntransfer - 1 do
        vals[#vals + 1] = tostring(select(2, debug.getlocal(2, k)))
      end
      tr[#tr + 1] = table.concat(vals, ",")
    end
  end, "cr")
  three(5, 6)
  debug.sethook()
  seq(tr, {"call 1 2", "5,6", "return 3 3", "5,6,11"}, "transfer")

  -- the hook function's own frame is named "hook"
  local hi
  debug.sethook(function() hi = hi or debug.getinfo(1, "n") end, "c")
  leaf()
  debug.sethook()
  eq(hi.namewhat, "hook", "hook namewhat")
  eq(hi.name, "?", "hook name")

  -- hooks do not fire inside hooks
  local depth, maxdepth = 0, 0
  debug.sethook(function()
    depth = depth + 1
    if depth > maxdepth then maxdepth = depth end
    leaf()
    depth = depth - 1
  end, "c")
  leaf()
  debug.sethook()
  eq(maxdepth, 1, "no nested hooks")
end

do -- count hooks
  local n = 0
  debug.sethook(function(e, l)
    eq(e, "count", "count event")
    eq(l, nil, "count has no line")
    n = n + 1
  end, "", 1)
  for i = 1, 10 do end
  debug.sethook()
  -- every instruction from sethook's return to the next sethook call
  -- (the loop's setup and 10 FORLOOPs, the call of debug.sethook): the
  -- number lua5.4 counts, since Tide's bytecode is the same
  eq(n, 19, "count 1")
  local m = 0
  debug.sethook(function() m = m + 1 end, "", 100)
  for i = 1, 1000 do end
  debug.sethook()
  eq(m, 10, "count 100")
  -- count together with lines: the mask says "l", the count is separate
  local function nop() end
  debug.sethook(nop, "l", 7)
  local h, mask, count = debug.gethook()
  debug.sethook()
  eq(h, nop, "gethook function"); eq(mask, "l", "gethook mask"); eq(count, 7, "gethook count")
end

do -- gethook / sethook details
  eq(debug.gethook(), nil, "no hook")
  eq(select("#", debug.gethook()), 1, "no hook: one value")
  local function h() end
  debug.sethook(h, "rlc", 0)
  local f, mask, count = debug.gethook()
  debug.sethook()
  eq(f, h, "hook"); eq(mask, "crl", "mask letters in order"); eq(count, 0, "count")
  debug.sethook(h, "")           -- an empty mask and no count: no hook at all
  eq(debug.gethook(), nil, "empty mask")
  debug.sethook(h, "xyz l")      -- other characters are ignored
  mask = select(2, debug.gethook())
  debug.sethook()
  eq(mask, "l", "ignored mask characters")
  debug.sethook(nil, "l")        -- nil turns hooks off whatever the mask
  eq(debug.gethook(), nil, "nil hook")
  eq(errmsg(debug.sethook, h), "bad argument #2 to 'debug.sethook' (string expected, got no value)", "no mask")
  eq(errmsg(debug.sethook, 1, "l"), "bad argument #1 to 'debug.sethook' (function expected, got number)", "bad hook")
  eq(type(debug.getregistry()._HOOKKEY), "table", "hook table in the registry")
end

do -- hooks are per thread
  local log = {}
  local co = coroutine.create(function(a)
    local b = a + 1
    coroutine.yield(b)
    return b * 2
  end)
  local function h(e, l) log[#log + 1] = e .. (l and (" " .. l) or "") end
  debug.sethook(co, h, "l")
  local f, mask = debug.gethook(co)
  eq(f, h, "gethook(co)"); eq(mask, "l", "gethook(co) mask")
  eq(debug.gethook(), nil, "the main thread has no hook")
  local before = #log
  local dummy = 1 + 1          -- lines in the main thread are not traced
  eq(#log, before, "no main-thread events")
  coroutine.resume(co, 1)
  local n1 = #log
  assert(n1 >= 2, "coroutine lines traced")
  for _, e in ipairs(log) do assert(e:match("^line %d+$"), e) end
  coroutine.resume(co)
  assert(#log > n1, "traced again after resuming")
  debug.sethook(co)
  eq(debug.gethook(co), nil, "removed from the coroutine")

  -- a coroutine created while the main thread has a Lua hook inherits the
  -- C side of it but has no Lua hook of its own: nothing runs there
  local mainlog = {}
  debug.sethook(function(e) mainlog[#mainlog + 1] = e end, "c")
  local co2 = coroutine.create(function() local x = math.abs(-1) return x end)
  local hf, hm = debug.gethook(co2)
  local n = #mainlog
  coroutine.resume(co2)
  local after = #mainlog
  debug.sethook()
  eq(hf, nil, "inherited hook has no Lua function")
  eq(hm, "c", "inherited mask")
  -- between the two counts the main thread makes one call, resume; the
  -- calls inside co2 (math.abs) reach no Lua hook
  eq(after - n, 1, "only resume is seen by the main thread's hook")

  -- a hook set from inside a coroutine on itself
  local inner = {}
  local co3 = coroutine.wrap(function()
    debug.sethook(function(e) inner[#inner + 1] = e end, "r")
    local x = math.abs(-2)
    debug.sethook()
    return x
  end)
  co3()
  seq(inner, {"return", "return"}, "returns inside the coroutine")
  eq(debug.gethook(), nil, "main thread still without hook")
end

do -- an error in a hook propagates out of the hooked code
  local function victim()
    local x = 1
    return x
  end
  debug.sethook(function()
    if debug.getinfo(2, "f").func == victim then error("from hook") end
  end, "l")
  local ok, msg = pcall(victim)
  debug.sethook()
  assert(not ok and msg:find(":%d+: from hook$"), msg)
end

-- ---------------------------------------------------------------------
-- traceback
-- ---------------------------------------------------------------------
do
  local t = {}
  eq(debug.traceback(t), t, "non-string message returned untouched")
  eq(debug.traceback(print), print, "function message")
  eq(debug.traceback(true), true, "boolean message")
  local tb = debug.traceback(12)
  assert(tb:find("^12\nstack traceback:\n"), "number message converted: " .. tb)
  tb = debug.traceback()
  assert(tb:find("^stack traceback:\n\t"), tb)
  tb = debug.traceback(nil)
  assert(tb:find("^stack traceback:\n\t"), tb)
  -- levels: the default 1 starts at traceback's caller, 0 shows traceback
  local ln = line()
  tb = debug.traceback("m")
  local first = tb:match("^m\nstack traceback:\n\t([^\n]*)")
  eq(first, debug.getinfo(1, "S").short_src .. ":" .. (ln + 1) .. ": in main chunk", "level 1 line")
  tb = debug.traceback("m", 0)
  first = tb:match("^m\nstack traceback:\n\t([^\n]*)")
  eq(first, "[C]: in function 'debug.traceback'", "level 0 line")
  eq(errmsg(debug.traceback, "x", "y"), "bad argument #2 to 'debug.traceback' (number expected, got string)", "level type")

  -- exact formats, from a chunk with a known name
  local chunk = load([[
local function inner(msg, lvl) return debug.traceback(msg, lvl) end
local function mid(...) local r = inner(...); return r end
local function tailer(...) return mid(...) end
local t = {}
function t.field(...) local r = tailer(...); return r end
local r = t.field(...); return r
]], "=tb")
  -- cut the part below the chunk (this file and the standalone runner)
  local function upto(s) return (s:match("^(.-\n\ttb:6: in local 'chunk')")) end
  eq(upto(chunk("hello")), [[
hello
stack traceback:
	tb:1: in upvalue 'inner'
	tb:2: in function <tb:2>
	(...tail calls...)
	tb:5: in field 'field'
	tb:6: in local 'chunk']], "traceback format")
  eq(upto(chunk(nil, 2)), [[
stack traceback:
	tb:2: in function <tb:2>
	(...tail calls...)
	tb:5: in field 'field'
	tb:6: in local 'chunk']], "traceback level 2")

  -- long tracebacks are cut in the middle
  local function rec(n) if n == 0 then return debug.traceback("deep") end
    local r = rec(n - 1); return r end
  tb = rec(40)
  local nlines = select(2, tb:gsub("\n", "\n"))
  local skip = tb:match("\n\t%.%.%.\t%(skipping (%d+) levels%)\n")
  assert(skip, "skipping line")
  -- 10 levels, the skip line, the last 11 levels
  eq(nlines, 1 + 10 + 1 + 11, "cut traceback length")
  -- as an xpcall handler
  local ok, m = xpcall(function() error("boom") end, debug.traceback)
  assert(not ok and m:find("boom\nstack traceback:\n\t%[C%]: in function 'error'"), m)
  ok, m = xpcall(function() error({code = 1}) end, debug.traceback)
  assert(not ok and type(m) == "table" and m.code == 1, "error object untouched")
end

-- ---------------------------------------------------------------------
-- metatables, registry, user values
-- ---------------------------------------------------------------------
do
  eq(debug.getmetatable("").__index, string, "string metatable")
  eq(debug.getmetatable({}), nil, "no metatable")
  eq(debug.getmetatable(1), nil, "numbers have none by default")
  local protected = setmetatable({}, {__metatable = "locked"})
  eq(getmetatable(protected), "locked", "getmetatable honours __metatable")
  eq(type(debug.getmetatable(protected)), "table", "debug.getmetatable does not")
  eq(debug.setmetatable(protected, nil), protected, "setmetatable ignores __metatable")
  eq(getmetatable(protected), nil, "metatable removed")

  -- numbers: one metatable for all numbers
  local mt = {__index = {twice = function(x) return x * 2 end},
              __call = function(self, a) return self + a end}
  eq(debug.setmetatable(10, mt), 10, "setmetatable returns the value")
  eq((5):twice(), 10, "number method")
  eq((2.5):twice(), 5.0, "float shares it")
  eq((3)(4), 7, "__call on numbers")
  eq(debug.getmetatable(0), mt, "shared")
  debug.setmetatable(0, nil)
  eq(debug.getmetatable(1), nil, "reset")

  -- functions
  debug.setmetatable(print, {__index = {kind = "fn"}, __concat = function(a, b) return "joined" end})
  eq(print.kind, "fn", "function field")
  eq((function() end).kind, "fn", "all functions")
  eq(print .. print, "joined", "__concat on functions")
  debug.setmetatable(print, nil)
  eq(debug.getmetatable(print), nil, "function reset")

  -- booleans and nil
  debug.setmetatable(true, {__index = function(b, k) return k .. tostring(b) end})
  eq((false).x, "xfalse", "boolean __index")
  debug.setmetatable(true, nil)
  debug.setmetatable(nil, {__len = function() return 99 end})
  eq(#nil, 99, "nil __len")
  debug.setmetatable(nil, nil)

  -- strings: replacing and restoring
  local smt = debug.getmetatable("")
  debug.setmetatable("x", {__index = {hi = function() return "hi" end}})
  eq(("a"):hi(), "hi", "new string metatable")
  debug.setmetatable("x", smt)
  eq(("abc"):upper(), "ABC", "restored string metatable")

  eq(errmsg(debug.setmetatable, 1, 1), "bad argument #2 to 'debug.setmetatable' (nil or table expected, got number)", "setmetatable arg 2")
  eq(errmsg(debug.setmetatable, 1), "bad argument #2 to 'debug.setmetatable' (nil or table expected, got no value)", "setmetatable no arg")
  eq(errmsg(debug.getmetatable), "bad argument #1 to 'debug.getmetatable' (value expected)", "getmetatable arg")

  local reg = debug.getregistry()
  eq(type(reg), "table", "registry")
  eq(reg, debug.getregistry(), "one registry")
  eq(reg._LOADED, package.loaded, "registry._LOADED")
  eq(reg[2], _G, "registry globals")
  eq(type(reg[1]), "thread", "registry main thread")

  -- user values: io streams are userdata without any
  eq(debug.getuservalue(io.stdout), nil, "no user value")
  eq(select("#", debug.getuservalue(io.stdout)), 1, "one result")
  eq(select("#", debug.getuservalue(io.stdout, 0)), 1, "index 0")
  eq(debug.getuservalue(1), nil, "not a userdata")
  eq(debug.getuservalue({}), nil, "table")
  eq(debug.setuservalue(io.stdout, 1), nil, "setuservalue fails")
  eq(errmsg(debug.setuservalue, 1, 1), "bad argument #1 to 'debug.setuservalue' (userdata expected, got number)", "setuservalue type")
  eq(errmsg(debug.setuservalue, io.stdout), "bad argument #2 to 'debug.setuservalue' (value expected)", "setuservalue value")
end

-- ---------------------------------------------------------------------
-- setcstacklimit (kept for compatibility; Lua 5.4.4 answers 200)
-- ---------------------------------------------------------------------
eq(debug.setcstacklimit(100), 200, "setcstacklimit")
eq(debug.setcstacklimit(30000), 200, "setcstacklimit")
eq(errmsg(debug.setcstacklimit), "bad argument #1 to 'debug.setcstacklimit' (number expected, got no value)", "setcstacklimit arg")

print("OK lib_debug")
