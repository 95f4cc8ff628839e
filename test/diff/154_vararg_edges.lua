-- varargs: varargs in table constructors, as call args in the middle, nil holes, adjustments
local function va(...) return ... end
local function n(...) return select('#', ...) end
print(n(va()), n(va(), 1), n(1, va()), n(va(nil)), n(va(nil, nil)))
local t1 = {va(1, 2, 3)}
local t2 = {va(1, 2, 3), 4}
local t3 = {0, va(1, 2, 3)}
local t4 = {va(1, 2, 3), va(4, 5)}
print(#t1, #t2, #t3, #t4, t4[2], t4[3])
local function tail(...) return n(...) end
print(tail(nil, nil, nil, nil))
local function fwd(...) local a, b, c = ... return c, b, a end
print(fwd(1, 2), fwd(1, 2, 3, 4))
local function ret_varargs_and_more(...) return 1, ... end
print(ret_varargs_and_more(), ret_varargs_and_more(2, 3))
local function sum(...)
  local s = 0
  for _, v in ipairs({...}) do s = s + v end
  return s
end
print(sum(), sum(1), sum(1, 2, 3, 4, 5))
local function first_nil(...)
  local t = table.pack(...)
  for i = 1, t.n do if t[i] == nil then return i end end
  return 0
end
print(first_nil(1, nil, 3), first_nil(1, 2), first_nil(nil))
local function vstr(...) local o = {} for i = 1, select('#', ...) do o[i] = tostring((select(i, ...))) end return table.concat(o, ",") end
print(vstr(1, nil, false, "x"), vstr())
print(pcall(va, "x", nil))
print(string.format("%s %s", va("a", "b", "c")))
local co = coroutine.wrap(function(...) local r = {coroutine.yield(...)} return table.unpack(r) end)
print(co(1, nil, 3))
print(co(nil, nil))
