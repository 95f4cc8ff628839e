-- varargs: the main chunk is vararg (no script arguments given), arg table basics
print(select('#', ...))
local a, b = ...
print(a, b)
local t = {...}
print(#t)
local function f(...) return ... end
print(select('#', f(...)))
print(type(arg), #arg)
local chunk = load("return select('#', ...), ...")
print(chunk(1, 2, 3))
print(chunk())
local function level(n, ...)
  if n == 0 then return select('#', ...), ... end
  return level(n - 1, n, ...)
end
print(level(5))
local function pack2(...) return {n = select('#', ...), ...} end
local p = pack2(nil, 2, nil)
print(p.n, p[1], p[2], p[3])
local function middle(...) return (...), select(2, ...) end
print(middle(1, 2, 3))
