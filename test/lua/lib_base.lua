-- lib_base.lua: the basic library. Must pass under lua5.4 too.

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

-- type / tostring / tonumber
eq(type(nil), "nil"); eq(type(print), "function"); eq(type(2), "number")
eq(err(type), "bad argument #1 to 'type' (value expected)")
eq(tostring(nil), "nil"); eq(tostring(true), "true"); eq(tostring(12), "12"); eq(tostring(1.0), "1.0")
eq(tostring(-0.0), "-0.0"); eq(tostring(1e15), "1e+15"); eq(tostring(2^63), "9.2233720368548e+18")
eq(tostring(setmetatable({}, {__tostring = function() return "T" end})), "T")
assert(tostring(setmetatable({}, {__name = "MyType"})):find("^MyType: "))
assert(tostring({}):find("^table: "))
eq(err(tostring, setmetatable({}, {__tostring = function() return {} end})), "'__tostring' must return a string")
eq(err(tostring), "bad argument #1 to 'tostring' (value expected)")
eq(tonumber("0x10"), 16); eq(tonumber(" 10 "), 10); eq(tonumber("1e1"), 10.0); eq(tonumber("10a"), nil)
eq(tonumber("  0x1p4  "), 16.0); eq(tonumber(""), nil); eq(tonumber("0x"), nil); eq(tonumber(".5"), 0.5)
eq(tonumber("z", 36), 35); eq(tonumber("-ff", 16), -255); eq(tonumber(" 11 ", 2), 3); eq(tonumber("", 10), nil)
eq(tonumber("8", 8), nil); eq(tonumber("7fffffffffffffffff", 16), -1); eq(tonumber("1.5", 10), nil)
eq(tonumber(nil), nil); eq(tonumber({}), nil)
eq(err(tonumber), "bad argument #1 to 'tonumber' (value expected)")
eq(err(tonumber, 1, 10), "bad argument #1 to 'tonumber' (string expected, got number)")
eq(err(tonumber, "1", 99), "bad argument #2 to 'tonumber' (base out of range)")

-- select / raw* / next / pairs / ipairs
eq(select("#"), 0); eq(select("#", nil, nil), 2); eq(select(2, "a", "b", "c"), "b"); eq(select(-1, 1, 2, 3), 3)
eq(err(select, 0), "bad argument #1 to 'select' (index out of range)")
eq(err(select, -5, 1), "bad argument #1 to 'select' (index out of range)")
eq(select(5, 1, 2), nil)
eq(rawget(setmetatable({}, {__index = function() return 1 end}), "x"), nil)
eq(rawequal({}, {}), false); eq(rawequal("a", "a"), true); eq(rawlen({1, 2}), 2); eq(rawlen("abc"), 3)
eq(err(rawlen, 1), "bad argument #1 to 'rawlen' (table or string expected, got number)")
eq(err(rawequal, 1), "bad argument #2 to 'rawequal' (value expected)")
eq(err(rawset, {}, nil, 1), "table index is nil")
do
  local t = rawset({}, "k", "v"); eq(t.k, "v")
  eq(next({}), nil)
  eq(err(next, {}, "nokey"), "invalid key to 'next'")
  local n = 0
  for k, v in pairs({1, 2, x = 3}) do n = n + v end
  eq(n, 6)
  local p = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end})
  for k, v in pairs(p) do eq(k, 1); eq(v, "one") end
  local ip = setmetatable({}, {__index = function(_, i) if i <= 3 then return i * 10 end end})
  local s = 0
  for i, v in ipairs(ip) do s = s + v end
  eq(s, 60)
  s = 0
  for i, v in ipairs({1, 2, nil, 4}) do s = s + v end
  eq(s, 3)
  eq(err(ipairs), "bad argument #1 to 'ipairs' (value expected)")
  eq(err(pairs), "bad argument #1 to 'pairs' (value expected)")
end

-- metatables
do
  local mt = {__metatable = "prot"}
  local t = setmetatable({}, mt)
  eq(getmetatable(t), "prot")
  eq(err(setmetatable, t, {}), "cannot change a protected metatable")
  eq(err(setmetatable, 1), "bad argument #1 to 'setmetatable' (table expected, got number)")
  eq(err(setmetatable, {}, 1), "bad argument #2 to 'setmetatable' (nil or table expected, got number)")
  eq(getmetatable(setmetatable({}, nil)), nil)
  eq(getmetatable("").__index, string)
end

-- assert / error / pcall / xpcall
do
  local a, b, c = assert(1, 2, 3); assert(a == 1 and b == 2 and c == 3)
  eq(err(assert, false), "assertion failed!")
  eq(err(assert, nil, 42), 42)
  eq(err(assert, false, "m"), "m")
  eq(err(assert), "bad argument #1 to 'assert' (value expected)")
  assert(err(function() assert(false) end):find(":%d+: assertion failed!$"))
  assert(err(function() error("x") end):find("^.-:%d+: x$"))
  eq(err(function() error("x", 0) end), "x")
  eq(err(error), nil)
  local t = {}
  eq(err(error, t), t)
  local function lvl() error("deep", 2) end
  local function caller() lvl() end  -- the error points at this line
  assert(err(caller):find(":%d+: deep$"))
  eq(select("#", pcall(error)), 2)
  local r = {pcall(function(...) return ... end, 1, nil, 3)}
  eq(#r, 4); eq(r[1], true)
  eq(select(2, xpcall(error, function(m) return "H:" .. tostring(m) end, "e")), "H:e")
  local ok, v = xpcall(function(a, b) return a + b end, print, 1, 2)
  assert(ok and v == 3)
  eq(err(xpcall, print), "bad argument #2 to 'xpcall' (function expected, got no value)")
  eq(err(pcall), "bad argument #1 to 'pcall' (value expected)")
  -- error in the message handler
  local ok2, e2 = xpcall(error, function() error("again") end, "x")
  assert(not ok2)
end

-- load / loadfile / dofile
do
  local f = load("return 1 + 1"); eq(f(), 2)
  eq(load("return ...", "c")(7), 7)
  local ok, msg = load("x=")
  eq(ok, nil); eq(msg, [[[string "x="]:1: unexpected symbol near <eof>]])
  eq(select(2, load("x=", "=(load)")), "(load):1: unexpected symbol near <eof>")
  eq(select(2, load("x=", "@file.lua")), "file.lua:1: unexpected symbol near <eof>")
  eq(select(2, load(("x"):rep(100) .. "=")),
     [[[string "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."]:1: unexpected symbol near <eof>]])
  eq(select(2, load("line1\nx=")), [[[string "line1..."]:2: syntax error near 'x']])
  local parts, i = {"return ", "1+", "1"}, 0
  eq(load(function() i = i + 1; return parts[i] end)(), 2)
  assert(select(2, load(function() return {} end)):find("reader function must return a string", 1, true))
  eq(load(5), nil)                       -- numbers are chunks too: "5" fails to compile
  eq(select(2, load("return 1", "n", "b")), "attempt to load a text chunk (mode is 'b')")
  local env = {y = 5}
  eq(load("return y", "c", "t", env)(), 5)
  local g = load("z = 3", "c", "t", env); g(); eq(env.z, 3); eq(rawget(_G, "z"), nil)
  local ok2, m2 = loadfile("/nonexistent/file.lua")
  eq(ok2, nil); eq(m2, "cannot open /nonexistent/file.lua: No such file or directory")
  eq(err(dofile, "/nonexistent/file.lua"), "cannot open /nonexistent/file.lua: No such file or directory")
  local lf = loadfile("test/lua/lib_base.lua")
  eq(type(lf), "function")
end

-- collectgarbage / warn / globals
eq(collectgarbage(), 0); eq(collectgarbage("collect"), 0)
eq(math.type(collectgarbage("count")), "float")
eq(type(collectgarbage("step")), "boolean")
eq(collectgarbage("isrunning"), true)
collectgarbage("stop"); eq(collectgarbage("isrunning"), false); collectgarbage("restart")
eq(err(collectgarbage, "x"), "bad argument #1 to 'collectgarbage' (invalid option 'x')")
do
  local old = collectgarbage("incremental")
  assert(old == "incremental" or old == "generational")
  eq(collectgarbage("incremental"), "incremental")
  eq(collectgarbage("generational"), "incremental")
  eq(collectgarbage(old), "generational")
end
eq(err(warn), "bad argument #1 to 'warn' (string expected, got no value)")
eq(err(warn, "a", {}), "bad argument #2 to 'warn' (string expected, got table)")
warn("@off"); warn("not shown")
eq(_VERSION, "Lua 5.4"); eq(_G._G, _G)
eq(err(string.rep), "bad argument #1 to 'string.rep' (string expected, got no value)")

print("OK lib_base")
