-- lib_math.lua: the math library, including xoshiro256** sequences that
-- must equal lua5.4's for the same seeds. Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

local function eq(got, want)
  if got ~= want or math.type(got) ~= math.type(want) then
    error(string.format("got %s (%s), want %s (%s)", tostring(got), math.type(got),
                        tostring(want), math.type(want)), 2)
  end
end

eq(math.abs(math.mininteger), math.mininteger); eq(math.abs(-3), 3); eq(math.abs(-3.5), 3.5)
eq(math.floor(3.7), 3); eq(math.floor(-3.7), -4); eq(math.ceil(3.2), 4); eq(math.ceil(-0.5), 0)
eq(math.floor(1e100), 1e100); eq(math.floor(5), 5); eq(math.floor("3.5"), 3); eq(math.floor(2^62 + 0.0), 4611686018427387904)
eq(err(math.floor, "x"), "bad argument #1 to 'math.floor' (number expected, got string)")
eq(math.fmod(7, 3), 1); eq(math.fmod(-7, 3), -1); eq(math.fmod(7, -3), 1); eq(math.fmod(7.5, 2), 1.5)
eq(math.fmod(math.mininteger, -1), 0); eq(math.fmod(-6, 2), 0); eq(math.fmod(3, "2"), 1.0)
eq(err(math.fmod, 1, 0), "bad argument #2 to 'math.fmod' (zero)")
assert(math.fmod(1, 0.0) ~= math.fmod(1, 0.0))   -- nan
do
  local a, b = math.modf(3.5); eq(a, 3); eq(b, 0.5)
  a, b = math.modf(-3.5); eq(a, -3); eq(b, -0.5)
  a, b = math.modf(5); eq(a, 5); eq(b, 0.0)
  a, b = math.modf(1 / 0); eq(a, 1 / 0); eq(b, 0.0)
  a, b = math.modf(2^63); eq(a, 2^63); eq(b, 0.0)
end
eq(math.sqrt(4), 2.0); eq(math.exp(0), 1.0); eq(math.log(1), 0.0)
eq(math.log(8, 2), 3.0); eq(math.log(100, 10), 2.0); assert(math.abs(math.log(27, 3) - 3) < 1e-12)
eq(math.sin(0), 0.0); eq(math.cos(0), 1.0); eq(math.tan(0), 0.0)
eq(math.atan(1, 2), 0.4636476090008061); eq(math.atan(1), math.pi / 4); eq(math.asin(1), math.pi / 2); eq(math.acos(1), 0.0)
eq(math.deg(math.pi), 180.0); eq(math.rad(180), math.pi)
eq(math.tointeger(3.0), 3); eq(math.tointeger(3.5), nil); eq(math.tointeger("8"), 8); eq(math.tointeger("x"), nil)
eq(math.tointeger({}), nil); eq(math.tointeger(2^53), 9007199254740992)
eq(err(math.tointeger), "bad argument #1 to 'math.tointeger' (value expected)")
eq(math.type(1), "integer"); eq(math.type(1.0), "float"); eq(math.type("1"), nil)
eq(err(math.type), "bad argument #1 to 'math.type' (value expected)")
eq(math.ult(1, -1), true); eq(math.ult(-1, 1), false)
eq(math.max(1, 2.5), 2.5); eq(math.max(2, 2.0), 2); eq(math.min(2.0, 2), 2.0); eq(math.max(3), 3)
assert(math.max("10", "9") == "9" and math.max("a") == "a")
eq(err(math.max), "bad argument #1 to 'math.max' (value expected)")
eq(err(math.min, 1, "x"), "attempt to compare string with number")
eq(math.pi, 3.141592653589793); eq(math.huge, 1 / 0)
eq(math.maxinteger, 9223372036854775807); eq(math.mininteger, -9223372036854775807 - 1)
-- 5.3 compatibility functions kept by Debian's lua5.4
eq(math.pow(2, 3), 8.0); eq(math.ldexp(1, 3), 8.0); eq(math.log10(1000), 3.0)
do local m, e = math.frexp(8); eq(m, 0.5); eq(e, 4) end
eq(math.cosh(0), 1.0); eq(math.sinh(0), 0.0); eq(math.tanh(0), 0.0)

-- random: same sequences as lua5.4
do
  local a, b = math.randomseed(42); eq(a, 42); eq(b, 0)
  eq(math.random(1, 100), 50); eq(string.format("%.14g", math.random()), "0.54688311243421")
  eq(math.random(0), -3807604385970496171)
end
do
  math.randomseed(42)
  local r = {math.random(1, 100), math.random(0), math.random(10), math.random(-5, 5), math.random(3, 3)}
  eq(r[1], 50); eq(r[3], 6); eq(r[5], 3)
  math.randomseed(0)
  eq(math.random(1, 100), 66)
  local f = math.random(); assert(string.format("%.14g", f) == "0.23482927841848")
  eq(math.random(0), 1277915526958806955); eq(math.random(1000000), 732950)
  math.randomseed(123, 456)
  eq(math.random(1, 100), 46)
  assert(string.format("%.14g", math.random()) == "0.77901815822512")
  eq(math.random(0), 682430759296387938)
  eq(math.random(math.mininteger, math.maxinteger), 1704599587560253662)
  local s1, s2 = math.randomseed(7, 9); eq(s1, 7); eq(s2, 9)
  for _ = 1, 1000 do
    local x = math.random(3, 7); assert(x >= 3 and x <= 7)
    local y = math.random(); assert(y >= 0 and y < 1)
  end
  eq(err(math.random, 2, 1), "bad argument #1 to 'math.random' (interval is empty)")
  eq(err(math.random, 1, 2, 3), "wrong number of arguments")
  eq(err(math.random, 1.5), "bad argument #1 to 'math.random' (number has no integer representation)")
  eq(err(math.randomseed, 42.5), "bad argument #1 to 'math.randomseed' (number has no integer representation)")
  local t1, t2 = math.randomseed(); eq(math.type(t1), "integer"); eq(math.type(t2), "integer")
end

print("OK lib_math")
