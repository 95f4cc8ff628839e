-- self-check: binary chunks. string.dump round trips (plain and stripped),
-- load modes and names, truncation at every byte, flipped bytes (whatever
-- loads must run safely under an instruction budget), header checks, and
-- hand-assembled malicious chunks that the verifier must reject.
-- The assembled chunks use Tide's format; under lua5.4 (format byte 0)
-- only the portable parts run.
local TIDE = string.dump(function() end):byte(6) == 1

local function check(cond, msg, ...)
  if not cond then error(string.format(msg, ...), 2) end
end

local function pack(...) return {n = select("#", ...), ...} end
local function eqlist(a, b)
  if a.n ~= b.n then return false end
  for i = 1, a.n do
    local x, y = a[i], b[i]
    if x ~= y and not (x ~= x and y ~= y) then return false end
  end
  return true
end

-- ======================================================================
-- Round trips
-- ======================================================================

-- f must use no upvalue but _ENV; its plain and stripped copies must
-- return what it returns.
local function roundtrip(name, f, ...)
  local expect = pack(pcall(f, ...))
  for _, strip in ipairs({false, true}) do
    local d = string.dump(f, strip)
    check(d:sub(1, 4) == "\27Lua", "%s: signature", name)
    local g = assert(load(d, "=" .. name, "b"))
    local got = pack(pcall(g, ...))
    if expect[1] then
      check(eqlist(expect, got), "%s (strip=%s): results differ", name, tostring(strip))
    else
      check(not got[1], "%s (strip=%s): error expected", name, tostring(strip))
    end
    -- a loaded function dumps to the same bytes
    check(string.dump(g, strip) == d, "%s (strip=%s): re-dump differs", name, tostring(strip))
  end
end

roundtrip("empty", function() end)
roundtrip("arith", function(a, b)
  return a + b, a - b, a * b, a / b, a // b, a % b, a ^ 2, -a, a & 6, a | 1, a ~ b, a << 2, a >> 1, ~a
end, 13, 5)
roundtrip("floats", function(x) return x * 1.5, x // 0.5, x % 2.25, 1e308 * 10, -0.0, math.huge end, 7.25)
roundtrip("constants", function()
  return nil, true, false, 0, -1, math.mininteger, math.maxinteger, 3.14, 0 / 0 ~= 0 / 0,
    "", "short", string.rep("long string constant ", 10), "\0embedded\0zeros"
end)
roundtrip("strings", function(s)
  return s:upper(), s:rep(3, "-"), #s, s .. 1 .. 2.5, s:sub(2, 3), ("%d|%s"):format(7, s)
end, "abc")
roundtrip("tables", function()
  local t = {1, 2, 3, x = 1, ["y z"] = 2, [10] = 3, {nested = true}}
  t.w = #t
  t[#t + 1] = "end"
  local s = 0
  for i, v in ipairs(t) do if type(v) == "number" then s = s + i * v end end
  local keys = 0
  for k in pairs(t) do keys = keys + 1 end
  return s, keys, t.x, t["y z"], t[7].nested, select("#", table.unpack(t))
end)
roundtrip("closures", function(n)
  local function counter()
    local c = 0
    return function(d) c = c + (d or 1); return c end
  end
  local a, b = counter(), counter()
  a(); a(5); b(2)
  local fs = {}
  for i = 1, n do fs[i] = function() return i * i end end
  local acc = 0
  for _, f in ipairs(fs) do acc = acc + f() end
  return a(), b(), acc
end, 10)
roundtrip("varargs", function(...)
  local function count(...) return select("#", ...) end
  local t = {...}
  local function tail(...) return ... end
  return count(...), #t, tail(...), select(2, ...)
end, 1, nil, 3, nil)
roundtrip("methods", function()
  local obj = {v = 3}
  function obj:get(x) return self.v + x end
  local mt = {__index = function(_, k) return function(self, x) return k .. x end end}
  local prox = setmetatable({}, mt)
  return obj:get(4), prox:hello("!"), ("x"):rep(3)
end)
roundtrip("loops", function()
  local s = 0
  for i = 10, 1, -3 do s = s + i end
  for x = 0.5, 2.0, 0.25 do s = s + x end
  local i = 0
  while true do i = i + 1; if i > 5 then break end end
  repeat local j = i; i = i - 1 until j < 3
  for k = math.maxinteger - 2, math.maxinteger do s = s + 1 end
  return s, i
end)
roundtrip("goto", function()
  local out = {}
  for i = 1, 3 do
    for j = 1, 3 do
      if j == 2 then goto continue end
      out[#out + 1] = i * 10 + j
      ::continue::
    end
  end
  local k = 0
  ::again::
  k = k + 1
  local captured = k
  out[#out + 1] = function() return captured end
  if k < 3 then goto again end
  return #out, out[1], out[#out - 1](), out[#out]()
end)
roundtrip("tbc", function()
  local log = {}
  local function closer(name)
    return setmetatable({}, {__close = function(_, e) log[#log + 1] = name .. tostring(e) end})
  end
  do
    local a <close> = closer("a")
    local b <close> = closer("b")
    local c <const> = 42
    log[#log + 1] = c
  end
  local function iter(t, i)
    i = i + 1
    if t[i] then return i, t[i] end
  end
  for i, v in iter, {5, 6, 7}, 0, closer("for") do
    if v == 6 then break end
  end
  local ok = pcall(function()
    local x <close> = closer("err")
    error("E", 0)
  end)
  return table.concat(log, ","), ok
end)
roundtrip("coroutines", function()
  local co = coroutine.wrap(function(a)
    local b = coroutine.yield(a + 1)
    local c = coroutine.yield(b * 2)
    return a + b + c
  end)
  return co(1), co(10), co(100)
end)
roundtrip("errors", function() local t = nil; return t.x end)
roundtrip("error values", function() error({code = 7}) end)
roundtrip("recursion", function(n)
  local function fib(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end
  local function tailsum(k, acc) if k == 0 then return acc end return tailsum(k - 1, acc + k) end
  return fib(n), tailsum(10000, 0)
end, 15)

-- generated functions: many constants (SELF with a register key, LOADKX),
-- big constructors (SETLIST with EXTRAARG), long strings, many upvalues
local function gen(src, ...)
  local f = assert(load(src, "=gen"))
  roundtrip("generated", f, ...)
end
do
  local t = {"local t = setmetatable({}, {__index = function(_, k) return function(_, x) return k .. x end end})\n",
    "local s = 0\n"}
  for i = 1, 300 do t[#t + 1] = ("s = s + #'k%d'\n"):format(i) end
  t[#t + 1] = "return t:themethodname(s), type(t.field300)"
  gen(table.concat(t))
  local items = {}
  for i = 1, 700 do items[i] = tostring(i % 7 == 0 and "nil" or i) end
  gen("local t = {" .. table.concat(items, ",") .. ", ...} return #t, t[700], t[701], select('#', ...)", "a", "b")
  gen("return (" .. string.format("%q", string.rep("0123456789", 5000)) .. "):len()")
  local ups = {}
  for i = 1, 200 do ups[i] = ("local u%d = %d"):format(i, i) end
  local uses = {}
  for i = 1, 200 do uses[i] = "u" .. i end
  gen(table.concat(ups, "\n") .. "\nreturn (function() return " .. table.concat(uses, "+") .. " end)()")
  local nest = "return 1"
  for _ = 1, 60 do nest = "return (function(...) " .. nest .. " end)(...)" end
  gen(nest)
end
if TIDE then -- more constants than Bx can address: LOADKX (a bit slow for lua5.4's test budget)
  local t = {"local s = 0.0\n"}
  for i = 1, 131200 do t[#t + 1] = ("s = s + %d.5\n"):format(i) end
  t[#t + 1] = "return s"
  gen(table.concat(t))
end

-- upvalues: a loaded function's first upvalue is the globals table (or
-- load's env), the others are nil
do
  local x, y = 1, 2
  local function f() return x, y end
  local g = load(string.dump(f))
  local a, b = g()
  check(a == _G and b == nil, "upvalues after load")
  local env = {}
  check(load(string.dump(f), "=f", "b", env)() == env, "env upvalue")
  local function noenv() return 1 end
  check(load(string.dump(noenv))() == 1, "no upvalues")
end

-- dumped nested functions keep their own upvalue wiring
do
  local function outer()
    local n = 0
    local function inc() n = n + 1; return n end
    local function get() return n end
    inc(); inc()
    return get, inc
  end
  local get, inc = load(string.dump(outer))()
  inc()
  check(get() == 3, "nested upvalues")
end

-- ======================================================================
-- string.dump errors, modes, names
-- ======================================================================
check(not pcall(string.dump, print), "C function")
check(select(2, pcall(string.dump, print)) == "unable to dump given function", "C function message")
check(not pcall(string.dump), "no argument")
check(not pcall(string.dump, {}), "not a function")
do
  local d = string.dump(function() return 1 end)
  local f, e = load(d, "=m", "t")
  check(f == nil and e == "attempt to load a binary chunk (mode is 't')", "mode t: %s", tostring(e))
  f, e = load("return 1", "=m", "b")
  check(f == nil and e == "attempt to load a text chunk (mode is 'b')", "mode b")
  check(load(d, "=m", "bt")() == 1 and load(d, "=m")() == 1, "mode bt")
  check(load(d .. "trailing bytes are ignored", "=m", "b")() == 1, "trailing bytes")
  -- names in messages
  local cut = d:sub(1, 20)
  check(select(2, load(cut)) == "binary string: bad binary format (truncated chunk)", "default name")
  check(select(2, load(cut, "=name")) == "name: bad binary format (truncated chunk)", "=name")
  check(select(2, load(cut, "@file.lua")) == "file.lua: bad binary format (truncated chunk)", "@name")
  check(select(2, load(cut, "plain")) == "plain: bad binary format (truncated chunk)", "plain name")
  -- a reader delivering one byte at a time
  local i = 0
  local g = load(function() i = i + 1; return d:sub(i, i) end, "=r", "b")
  check(g and g() == 1, "reader")
  local function long() return ("%s"):rep(3, string.rep("x", 5000)) end
  local big = string.dump(long)
  i = 0
  g = load(function() i = i + 1; return big:sub(i, i) end, "=r", "b")
  check(g and g() == long(), "reader with a long string")
end

-- ======================================================================
-- Header checks (the messages are lua5.4's)
-- ======================================================================
do
  local d = string.dump(function() return 1 end)
  local function with(pos, byte) return d:sub(1, pos - 1) .. string.char(byte) .. d:sub(pos + 1) end
  local function why(s) return select(2, load(s, "=h")) end
  check(why("\27Lux") == "h: bad binary format (not a binary chunk)", "signature")
  check(why(with(5, 0x53)) == "h: bad binary format (version mismatch)", "version")
  check(why(with(6, 0x37)) == "h: bad binary format (format mismatch)", "format")
  check(why(with(8, 0x94)) == "h: bad binary format (corrupted chunk)", "data")
  check(why(with(13, 8)) == "h: bad binary format (Instruction size mismatch)", "Instruction")
  check(why(with(14, 4)) == "h: bad binary format (lua_Integer size mismatch)", "lua_Integer")
  check(why(with(15, 4)) == "h: bad binary format (lua_Number size mismatch)", "lua_Number")
  check(why(with(16, d:byte(16) ~ 1)) == "h: bad binary format (integer format mismatch)", "int")
  check(why(with(30, d:byte(30) ~ 1)) == "h: bad binary format (float format mismatch)", "float")
  check(why("\27Lua\84\0garbage") == "h: bad binary format (corrupted chunk)", "garbage")
end

-- ======================================================================
-- Truncation at every byte, flipped bytes
-- ======================================================================

local function sample()
  local up = 0
  return function(n, ...)
    local t = {...}
    local s = 0
    for i = 1, n do s = s + i end
    for _, v in ipairs(t) do s = s + v end
    local obj = {v = s}
    function obj:m(x) return self.v * x end
    local str = ("x"):rep(3) .. tostring(s)
    local co = coroutine.wrap(function(a) coroutine.yield(a) return a * 2 end)
    do
      local c <close> = setmetatable({}, {__close = function() up = up + 1 end})
    end
    for k, v in pairs({a = 1}) do s = s + v end
    local ok = pcall(error, "x")
    up = up + 1
    return obj:m(2), #str, co(3), co(), ok, up, s > 10 and "big" or "small", select("#", ...)
  end
end

do
  local chunks = {string.dump(sample()), string.dump(sample(), true),
    string.dump(function(a, b) return a .. b end)}
  for _, d in ipairs(chunks) do
    for n = 1, #d - 1 do
      local f, e = load(d:sub(1, n), "=cut", "b")
      check(f == nil and e == "cut: bad binary format (truncated chunk)",
        "prefix of %d/%d bytes: %s", n, #d, tostring(e))
    end
    check(load(d, "=cut", "b"), "whole chunk")
  end
end

-- Whatever a damaged chunk loads as must run safely: in a sandbox, under an
-- instruction budget that, once spent, fails every instruction (so code
-- catching the error in a loop still stops).
local function budgeted(f, ...)
  local left = 20
  local function spent()
    if debug.getinfo(2, "f").func ~= budgeted then error("budget spent", 0) end
  end
  debug.sethook(function()
    left = left - 1
    if left <= 0 then
      debug.sethook(spent, "", 1)
      spent()
    end
  end, "", 100)
  local r = table.pack(pcall(f, ...))
  debug.sethook()
  return r
end

local function sandbox()
  return {print = function() end, pcall = pcall, error = error, type = type, tostring = tostring,
    select = select, ipairs = ipairs, pairs = pairs, setmetatable = setmetatable,
    string = string, table = table, math = math, coroutine = coroutine}
end

local loaded, rejected = 0, 0
local function damaged(s)
  local f, e = load(s, "=flip", "b", sandbox())
  if f then
    loaded = loaded + 1
    budgeted(f, 5, 1, 2)
  else
    rejected = rejected + 1
    check(type(e) == "string" and (e:find("bad binary format", 1, true) or e:find("attempt to load", 1, true)),
      "message: %s", tostring(e))
  end
end

if TIDE then -- lua5.4 does not verify bytecode: damaged chunks may crash it
  for _, strip in ipairs({true, false}) do
    local d = string.dump(sample(), strip)
    for pos = 1, #d do
      local b = d:byte(pos)
      for _, mask in ipairs({0x01, 0x10, 0x80, 0xff}) do
        damaged(d:sub(1, pos - 1) .. string.char(b ~ mask) .. d:sub(pos + 1))
      end
    end
  end
  -- random multi-byte damage in the code section of the stripped chunk
  local d = string.dump(sample(), true)
  local seed = 12345
  local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
  for _ = 1, 2000 do
    local t = {d:byte(1, -1)}
    for _ = 1, 1 + rnd(4) do
      local p = 40 + rnd(#t - 40)
      t[p] = rnd(256)
    end
    damaged(string.char(table.unpack(t)))
  end
  check(loaded > 0 and rejected > 0, "damage: %d loaded, %d rejected", loaded, rejected)
end

-- ======================================================================
-- Hand-assembled chunks (Tide's format)
-- ======================================================================
if TIDE then
  local OPNAMES = {"MOVE", "LOADI", "LOADF", "LOADK", "LOADKX", "LOADFALSE", "LFALSESKIP", "LOADTRUE",
    "LOADNIL", "GETUPVAL", "SETUPVAL", "GETTABUP", "GETTABLE", "GETI", "GETFIELD", "SETTABUP", "SETTABLE",
    "SETI", "SETFIELD", "NEWTABLE", "SELF", "ADDI", "ADDK", "SUBK", "MULK", "MODK", "POWK", "DIVK", "IDIVK",
    "BANDK", "BORK", "BXORK", "SHRI", "SHLI", "ADD", "SUB", "MUL", "MOD", "POW", "DIV", "IDIV", "BAND", "BOR",
    "BXOR", "SHL", "SHR", "UNM", "BNOT", "NOT", "LEN", "CONCAT", "CLOSE", "TBC", "JMP", "EQ", "LT", "LE",
    "EQK", "EQI", "LTI", "LEI", "GTI", "GEI", "TEST", "TESTSET", "CALL", "TAILCALL", "RETURN", "RETURN0",
    "RETURN1", "FORLOOP", "FORPREP", "TFORPREP", "TFORCALL", "TFORLOOP", "SETLIST", "CLOSURE", "VARARG",
    "VARARGPREP", "EXTRAARG"}
  local OP = {}
  for i, n in ipairs(OPNAMES) do OP[n] = i - 1 end
  local function ABC(op, a, b, c, k) return OP[op] | (a << 7) | ((k or 0) << 15) | ((b or 0) << 16) | ((c or 0) << 24) end
  local function ABx(op, a, bx) return OP[op] | (a << 7) | (bx << 15) end
  local function AsBx(op, a, sbx) return ABx(op, a, sbx + 65535) end
  local function JMP(j) return OP.JMP | ((j + 16777215) << 7) end
  local function EXTRA(ax) return OP.EXTRAARG | (ax << 7) end
  local function varint(n)
    local t = {}
    repeat
      local b = n & 0x7f
      n = n >> 7
      t[#t + 1] = string.char(n ~= 0 and (b | 0x80) or b)
    until n == 0
    return table.concat(t)
  end
  local function str(s) if s == nil then return varint(0) end return varint(#s + 1) .. s end
  local HEADER = string.dump(function() end):sub(1, 31)
  local function func(fn)
    local t = {str(fn.source), varint(0), varint(0), string.char(fn.params or 0, fn.vararg and 1 or 0, fn.stack or 2)}
    t[#t + 1] = varint(#fn.code)
    for _, i in ipairs(fn.code) do t[#t + 1] = string.pack("=I4", i) end
    local k = fn.k or {}
    t[#t + 1] = varint(#k)
    for _, v in ipairs(k) do
      if v == false then t[#t + 1] = "\1"
      elseif v == true then t[#t + 1] = "\2"
      elseif math.type(v) == "integer" then t[#t + 1] = "\3" .. string.pack("=i8", v)
      elseif math.type(v) == "float" then t[#t + 1] = "\4" .. string.pack("=d", v)
      else t[#t + 1] = "\5" .. str(v) end
    end
    local up = fn.up or {}
    t[#t + 1] = varint(#up)
    for _, u in ipairs(up) do t[#t + 1] = string.char(u[1], u[2], u[3] or 0) end
    local p = fn.p or {}
    t[#t + 1] = varint(#p)
    for _, c in ipairs(p) do t[#t + 1] = func(c) end
    t[#t + 1] = fn.debug or "\0\0\0\0"
    return table.concat(t)
  end
  local function chunk(fn) return HEADER .. string.char(#(fn.up or {})) .. func(fn) end

  -- the assembler agrees with the compiler
  local probe = string.dump(function(a) local t = {a}; return #t end, true)
  check(probe:find(string.pack("=I4", ABC("NEWTABLE", 1, 0, 1)) .. string.pack("=I4", EXTRA(0)) ..
    string.pack("=I4", ABC("MOVE", 2, 0)) .. string.pack("=I4", ABC("SETLIST", 1, 1, 0)) ..
    string.pack("=I4", ABC("LEN", 2, 1)) .. string.pack("=I4", ABC("RETURN1", 2, 2)), 1, true), "opcode numbering")

  local function accepts(name, fn, ...)
    local f, e = load(chunk(fn), "=asm", "b")
    check(f, "%s: rejected: %s", name, tostring(e))
    return f(...)
  end
  local function rejects(name, fn, why)
    local f, e = load(chunk(fn), "=asm", "b")
    check(f == nil, "%s: accepted", name)
    check(e:find("asm: bad binary format (" .. why, 1, true), "%s: %s", name, e)
  end

  check(accepts("loadi", {code = {AsBx("LOADI", 0, 42), ABC("RETURN1", 0)}}) == 42, "loadi")
  check(accepts("for", {stack = 6, code = {AsBx("LOADI", 0, 1), AsBx("LOADI", 1, 10), AsBx("LOADI", 2, 1),
    AsBx("LOADI", 4, 0), ABx("FORPREP", 0, 1), ABC("ADD", 4, 4, 3), ABx("FORLOOP", 0, 2), ABC("RETURN1", 4)}}) == 55, "for")
  check(accepts("setlist", {stack = 3, code = {ABC("NEWTABLE", 0, 0, 1), EXTRA(0), AsBx("LOADI", 1, 7),
    ABC("SETLIST", 0, 1, 0), ABC("RETURN1", 0)}})[1] == 7, "setlist")
  check(select(3, accepts("varargs", {stack = 2, vararg = true, code = {ABC("VARARGPREP", 0),
    ABC("VARARG", 0, 0, 0), ABC("RETURN", 0, 0, 1)}}, 1, 2, 3)) == 3, "varargs")
  check(accepts("self", {stack = 4, k = {"x"}, code = {ABC("NEWTABLE", 0, 0, 0), EXTRA(0), ABx("LOADK", 1, 0),
    ABC("SELF", 2, 0, 1), ABC("RETURN1", 3)}}) ~= nil, "self")
  check(accepts("closed upvalue", {stack = 3, p = {{up = {{1, 0}}, code = {ABC("GETUPVAL", 0, 0), ABC("RETURN1", 0)}}},
    code = {AsBx("LOADI", 0, 5), ABx("CLOSURE", 1, 0), ABC("RETURN", 1, 2, 0, 1)}})() == 5, "closed upvalue")

  rejects("opcode", {code = {127, ABC("RETURN0", 0)}}, "invalid opcode at instruction 1")
  rejects("register", {code = {ABC("MOVE", 5, 0), ABC("RETURN0", 0)}}, "register out of range")
  rejects("loadnil", {code = {ABC("LOADNIL", 0, 2), ABC("RETURN0", 0)}}, "register out of range")
  rejects("call range", {code = {ABC("CALL", 0, 4, 1), ABC("RETURN0", 0)}}, "register out of range")
  rejects("constant", {k = {1}, code = {ABx("LOADK", 0, 1), ABC("RETURN0", 0)}}, "constant index out of range")
  rejects("field key", {k = {1}, code = {ABC("GETFIELD", 0, 0, 0), ABC("RETURN0", 0)}}, "constant is not a short string")
  rejects("long field key", {k = {string.rep("x", 50)}, code = {ABC("GETFIELD", 0, 0, 0), ABC("RETURN0", 0)}},
    "constant is not a short string")
  rejects("arith K", {k = {"1"}, code = {ABC("ADDK", 0, 0, 0), ABC("RETURN0", 0)}}, "constant is not a number")
  rejects("bitwise K", {k = {1.5}, code = {ABC("BANDK", 0, 0, 0), ABC("RETURN0", 0)}}, "constant is not an integer")
  rejects("upvalue", {code = {ABC("GETUPVAL", 0, 0), ABC("RETURN0", 0)}}, "upvalue index out of range")
  rejects("closure", {code = {ABx("CLOSURE", 0, 0), ABC("RETURN0", 0)}}, "function index out of range")
  rejects("jump", {code = {JMP(5), ABC("RETURN0", 0)}}, "jump out of range")
  rejects("jump back", {code = {JMP(-3), ABC("RETURN0", 0)}}, "jump out of range")
  rejects("test", {code = {ABC("EQ", 0, 1), ABC("RETURN0", 0), ABC("RETURN0", 0)}}, "test without a jump")
  rejects("loadkx", {k = {1}, code = {ABx("LOADKX", 0, 0), ABC("RETURN0", 0)}}, "missing EXTRAARG")
  rejects("newtable", {code = {ABC("NEWTABLE", 0, 0, 0), ABC("RETURN0", 0)}}, "missing EXTRAARG")
  rejects("extraarg", {code = {EXTRA(0), ABC("RETURN0", 0)}}, "misplaced EXTRAARG")
  rejects("into extraarg", {code = {JMP(1), ABC("NEWTABLE", 0, 0, 0), EXTRA(0), ABC("RETURN0", 0)}}, "jump to an EXTRAARG")
  rejects("end", {code = {ABC("MOVE", 0, 1)}}, "function does not end with a return")
  rejects("empty", {code = {}}, "function without code")
  rejects("params", {params = 3, code = {ABC("RETURN0", 0)}}, "more parameters than registers")
  rejects("concat", {code = {ABC("CONCAT", 0, 1), ABC("RETURN0", 0)}}, "bad CONCAT count")
  rejects("hash size", {code = {ABC("NEWTABLE", 0, 40, 0), EXTRA(0), ABC("RETURN0", 0)}}, "table size out of range")
  rejects("array size", {code = {ABC("NEWTABLE", 0, 0, 0, 1), EXTRA(1 << 20), ABC("RETURN0", 0)}}, "table size out of range")
  rejects("setlist index", {code = {ABC("NEWTABLE", 0, 0, 0), EXTRA(0), ABC("SETLIST", 0, 1, 0, 1), EXTRA(0x1ffffff),
    ABC("RETURN0", 0)}}, "table size out of range")
  rejects("tforprep", {stack = 10, code = {ABx("TFORPREP", 0, 0), ABC("RETURN0", 0)}}, "bad generic for loop")
  rejects("tforcall", {stack = 10, code = {ABC("TFORCALL", 0, 0, 1), ABC("RETURN0", 0)}}, "bad generic for loop")
  rejects("vararg", {code = {ABC("VARARG", 0, 0, 2), ABC("RETURN0", 0)}}, "VARARG in a function that is not vararg")
  rejects("varargprep", {vararg = true, code = {ABC("RETURN", 0, 1, 1)}}, "vararg function without VARARGPREP")
  rejects("varargprep twice", {vararg = true, code = {ABC("VARARGPREP", 0), ABC("VARARGPREP", 0), ABC("RETURN", 0, 1, 1)}},
    "misplaced VARARGPREP")
  rejects("jump to varargprep", {vararg = true, code = {ABC("VARARGPREP", 0), JMP(-2), ABC("RETURN", 0, 1, 1)}},
    "jump to VARARGPREP")
  rejects("vararg return", {vararg = true, code = {ABC("VARARGPREP", 0), ABC("RETURN", 0, 1, 0)}}, "bad vararg adjustment")
  rejects("vararg return0", {vararg = true, code = {ABC("VARARGPREP", 0), ABC("RETURN0", 0)}}, "RETURN0 in a vararg function")
  rejects("return C", {code = {ABC("RETURN", 0, 1, 1)}}, "bad vararg adjustment")
  rejects("capture", {p = {{up = {{1, 5}}, code = {ABC("RETURN0", 0)}}}, code = {ABC("RETURN0", 0)}},
    "nested function captures a variable that does not exist")
  rejects("capture upvalue", {p = {{up = {{0, 0}}, code = {ABC("RETURN0", 0)}}}, code = {ABC("RETURN0", 0)}},
    "nested function captures a variable that does not exist")
  -- flow checks
  rejects("forloop alone", {stack = 6, code = {ABC("NEWTABLE", 0, 0, 0), EXTRA(0), AsBx("LOADI", 1, 5), AsBx("LOADI", 2, 1),
    ABx("FORLOOP", 0, 1), ABC("RETURN0", 0)}}, "FORLOOP without its FORPREP at instruction 5")
  rejects("forloop clobbered", {stack = 6, code = {AsBx("LOADI", 0, 1), AsBx("LOADI", 1, 10), AsBx("LOADI", 2, 1),
    ABx("FORPREP", 0, 2), ABC("NEWTABLE", 1, 0, 0), EXTRA(0), ABx("FORLOOP", 0, 3), ABC("RETURN0", 0)}},
    "FORLOOP without its FORPREP")
  rejects("forloop after skip", {stack = 6, code = {AsBx("LOADI", 0, 1), AsBx("LOADI", 1, 0), AsBx("LOADI", 2, 1),
    ABx("FORPREP", 0, 0), ABx("FORLOOP", 0, 1), ABx("FORLOOP", 0, 2), ABC("RETURN0", 0)}}, "FORLOOP without its FORPREP")
  rejects("forloop captured", {stack = 6, p = {{up = {{1, 1}}, code = {ABC("RETURN0", 0)}}}, code = {AsBx("LOADI", 0, 1),
    AsBx("LOADI", 1, 10), AsBx("LOADI", 2, 1), ABx("CLOSURE", 5, 0), ABx("FORPREP", 0, 0), ABx("FORLOOP", 0, 1),
    ABC("RETURN", 0, 1, 0, 1)}}, "FORLOOP without its FORPREP")
  rejects("setlist", {stack = 3, code = {AsBx("LOADI", 0, 1), AsBx("LOADI", 1, 1), ABC("SETLIST", 0, 1, 0), ABC("RETURN0", 0)}},
    "SETLIST on a register that may not hold a new table")
  rejects("setlist after call", {stack = 3, code = {ABC("NEWTABLE", 1, 0, 0), EXTRA(0), ABC("CALL", 0, 1, 1),
    ABC("SETLIST", 1, 1, 0), ABC("RETURN0", 0)}}, "SETLIST on a register that may not hold a new table")
  rejects("setlist one path", {stack = 3, code = {ABC("TEST", 2, 0, 0, 0), JMP(2), ABC("NEWTABLE", 0, 0, 0), EXTRA(0),
    ABC("SETLIST", 0, 1, 0), ABC("RETURN0", 0)}}, "SETLIST on a register that may not hold a new table")
  rejects("self key", {stack = 4, code = {ABC("NEWTABLE", 0, 0, 0), EXTRA(0), AsBx("LOADI", 1, 7), ABC("SELF", 2, 0, 1),
    ABC("RETURN0", 0)}}, "method name may not be a string")
  rejects("call top", {code = {ABC("CALL", 0, 0, 1), ABC("RETURN0", 0)}}, "B=0 without a preceding multiple-results")
  rejects("return top", {code = {ABC("MOVE", 0, 1), ABC("RETURN", 0, 0, 0), ABC("RETURN0", 0)}},
    "B=0 without a preceding multiple-results")
  rejects("return top low", {stack = 4, code = {ABC("CALL", 0, 1, 0), ABC("RETURN", 2, 0, 0)}},
    "B=0 without a preceding multiple-results")
  rejects("setlist top", {stack = 3, code = {ABC("NEWTABLE", 0, 0, 0), EXTRA(0), ABC("SETLIST", 0, 0, 0), ABC("RETURN0", 0)}},
    "B=0 without a preceding multiple-results")
  rejects("open upvalue", {stack = 3, p = {{up = {{1, 0}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 1, 0), ABC("RETURN1", 1)}}, "return leaves open upvalues")
  rejects("open upvalue tail", {stack = 3, p = {{up = {{1, 0}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 1, 0), ABC("TAILCALL", 1, 1, 0, 0), ABC("RETURN", 1, 0, 0)}}, "tail call leaves open upvalues")
  rejects("call over upvalue", {stack = 4, p = {{up = {{1, 2}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 3, 0), ABC("CALL", 0, 1, 1), ABC("RETURN", 0, 1, 0, 1)}}, "call over a captured")
  rejects("concat over upvalue", {stack = 4, p = {{up = {{1, 1}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 3, 0), ABC("CONCAT", 0, 2), ABC("RETURN", 0, 1, 0, 1)}}, "CONCAT over a captured")
  rejects("newtable under upvalue", {stack = 4, p = {{up = {{1, 2}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 3, 0), ABC("NEWTABLE", 1, 0, 0), EXTRA(0), ABC("RETURN", 0, 1, 0, 1)}},
    "GC point below a captured or to-be-closed register")
  rejects("closure under upvalue", {stack = 4, p = {{up = {{1, 2}}, code = {ABC("RETURN0", 0)}}},
    code = {ABx("CLOSURE", 1, 0), ABC("RETURN", 0, 1, 0, 1)}}, "GC point below a captured or to-be-closed register")
  rejects("vararg under upvalue", {stack = 4, vararg = true, p = {{up = {{1, 2}}, code = {ABC("RETURN0", 0)}}},
    code = {ABC("VARARGPREP", 0), ABx("CLOSURE", 3, 0), ABC("VARARG", 0, 0, 0), ABC("RETURN", 0, 1, 1, 1)}},
    "VARARG over a captured or to-be-closed register")
  rejects("tbc return", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("TBC", 0), ABC("RETURN", 0, 1, 0, 0)}},
    "return with pending to-be-closed variables")
  rejects("tbc return0", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("TBC", 0), ABC("RETURN0", 0)}},
    "return with pending to-be-closed variables")
  rejects("tbc tail call", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("TBC", 0), ABC("TAILCALL", 1, 1, 0, 1),
    ABC("RETURN", 0, 1, 0, 1)}}, "tail call with pending to-be-closed variables")
  rejects("tbc order", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("LOADFALSE", 2), ABC("TBC", 2), ABC("TBC", 0),
    ABC("RETURN", 0, 1, 0, 1)}}, "to-be-closed variables out of order")
  rejects("call over tbc", {stack = 3, code = {ABC("LOADFALSE", 1), ABC("TBC", 1), ABC("CALL", 0, 1, 1),
    ABC("RETURN", 0, 1, 0, 1)}}, "call over a captured or to-be-closed register")
  rejects("extraarg run", {code = {ABC("LOADKX", 0), EXTRA(0), ABC("RETURN0", 0)}}, "constant index out of range")
  -- a C function tail-called by TAILCALL that yields resumes the frame at
  -- the next instruction: it is verified like any other
  local yieldk = {"coroutine", "yield", "y"}
  rejects("after tail call", {stack = 2, up = {{1, 0}}, k = yieldk, code = {ABC("GETTABUP", 0, 0, 0),
    ABC("GETFIELD", 0, 0, 1), ABC("TAILCALL", 0, 1, 0), ABC("SETLIST", 0, 1, 0), ABC("RETURN0", 0)}},
    "SETLIST on a register that may not hold a new table at instruction 4")
  local co = coroutine.wrap(function()
    return accepts("tail yield", {stack = 2, up = {{1, 0}}, k = yieldk, code = {ABC("GETTABUP", 0, 0, 0),
      ABC("GETFIELD", 0, 0, 1), ABx("LOADK", 1, 2), ABC("TAILCALL", 0, 2, 0), ABC("RETURN", 0, 0, 0)}})
  end)
  check(co() == "y" and co("resumed") == "resumed", "tail-called yield")
  accepts("closed tbc", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("TBC", 0), ABC("CLOSE", 0), ABC("RETURN0", 0)}})
  accepts("closing return", {stack = 3, code = {ABC("LOADFALSE", 0), ABC("TBC", 0), ABC("RETURN", 0, 1, 0, 1)}})

  -- loading: counts and sizes
  local function loadwhy(s) return select(2, load(s, "=asm", "b")) end
  local base = chunk({code = {ABC("RETURN0", 0)}})
  local codeat = 39 -- after the header, the upvalue count, source, two lines, three bytes
  check(loadwhy(base:sub(1, codeat - 1) .. varint(0x10000000)) == "asm: bad binary format (truncated chunk)",
    "forged code size")
  check(loadwhy(base:sub(1, codeat - 1) .. varint(1 << 40)) == "asm: bad binary format (integer overflow)",
    "huge code size")
  check(loadwhy(base:sub(1, codeat - 1) .. "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01") ==
    "asm: bad binary format (integer overflow)", "long varint")
  local kat = codeat + 1 + 4
  check(loadwhy(base:sub(1, kat - 1) .. varint(1) .. "\9" .. base:sub(kat + 1)) == "asm: bad binary format (bad constant)",
    "constant tag")
  check(loadwhy(base:sub(1, kat - 1) .. varint(1) .. "\5\0" .. base:sub(kat + 1)) ==
    "asm: bad binary format (missing string constant)", "null string constant")
  check(loadwhy(base:sub(1, kat - 1) .. varint(2000000000)) == "asm: bad binary format (integer overflow)", "many constants")
  check(loadwhy(base:sub(1, kat - 1) .. varint(30000000) .. "\0\0\0") == "asm: bad binary format (truncated chunk)",
    "forged constant count")
  check(loadwhy(base:sub(1, 31) .. "\1" .. base:sub(33)) == "asm: bad binary format (wrong number of upvalues)",
    "main upvalue count")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, up = {{2, 0}}})) ==
    "asm: bad binary format (bad upvalue description)", "instack flag")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = varint(2) .. "\0\0\0\0\0"})) ==
    "asm: bad binary format (bad line information)", "line count")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = "\0" .. varint(3) .. "\0\0\0\0\0\0"})) ==
    "asm: bad binary format (bad column information)", "column count")
  local function locvars(list)
    local t = {"\0\0", varint(#list)}
    for _, v in ipairs(list) do t[#t + 1] = str(v[1]) .. varint(v[2]) .. varint(v[3]) end
    t[#t + 1] = "\0"
    return table.concat(t)
  end
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = locvars({{"x", 0, 5}})})) ==
    "asm: bad binary format (bad local variable range)", "local range")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = locvars({{"x", 1, 1}, {"y", 0, 1}})})) ==
    "asm: bad binary format (local variables out of order)", "local order")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = locvars({{"x", 0, 1}, {"y", 0, 1}, {"z", 0, 1}})})) ==
    "asm: bad binary format (too many live local variables)", "live locals")
  check(load(chunk({code = {ABC("RETURN0", 0)}, debug = locvars({{"x", 0, 1}, {"y", 0, 1}, {"z", 1, 1}})}), "=a", "b"),
    "dead local")
  check(loadwhy(chunk({code = {ABC("RETURN0", 0)}, debug = "\0\0\0" .. varint(1) .. "\0"})) ==
    "asm: bad binary format (bad upvalue names)", "upvalue names")
  local deep = {code = {ABC("RETURN0", 0)}}
  for _ = 1, 250 do deep = {code = {ABC("RETURN0", 0)}, p = {deep}} end
  check(loadwhy(chunk(deep)) == "asm: bad binary format (functions nested too deeply)", "nesting")
end

print("OK dump")
