-- varargs: select, '#', negative indices, ... in the middle vs at the end
local function f(...)
  return select('#', ...), ...
end
print(f())
print(f(nil))
print(f(nil, nil))
print(f(1, nil, 3, nil))
print(select(2, "a", "b", "c"))
print(select(-1, "a", "b", "c"))
print(select(-3, "a", "b", "c"))
print(select(4, "a", "b", "c"))
print(pcall(select, -4, "a", "b", "c"))
print(pcall(select, 0, "a"))
print(select('#'))
local function g(...)
  local a, b = ...
  return a, b
end
print(g(1), g(1, 2, 3))
local function h(...) return ..., "end" end
print(h(1, 2, 3))
local function k(...) return "start", ... end
print(k(1, 2, 3))
local function m(...)
  local t = {...}
  return #t, t[1], t[#t]
end
print(m(5, 6, 7))
local function n(a, ...)
  return a, select('#', ...)
end
print(n(), n(1), n(1, 2), n(1, nil, nil))
print((f(1, 2, 3)))
local function count(...) return select('#', ...) end
print(count(f()), count(f(), f()), count(nil, f()))
