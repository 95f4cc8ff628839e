-- upvalues of loaded functions: the first is the globals table (or load's
-- env argument), the others start as nil
local a, b, c = 1, 2, 3
local function f() return a, b, c end
local g = load(string.dump(f))
local x, y, z = g()
print(x == _G, y, z)
local env = {tag = "env"}
local h = load(string.dump(f), "=h", "b", env)
print(h() == env, select(2, h()), select(3, h()))

-- a function whose only upvalue is _ENV sees the globals
gv = "global value"
local function readg() return gv end
print(load(string.dump(readg))())
print(load(string.dump(readg), "=r", "b", {gv = "from env"})())

-- upvalues assigned through the loaded copy do not touch the originals
local counter = 0
local function bump() counter = (counter or 0) + 1; return counter end
local bump2 = load(string.dump(bump), "=b", "b", {})
print(pcall(bump2))
print(counter)

-- nested functions keep their wiring
local function outer(n)
  local total = n
  local function add(d) total = total + d end
  local function get() return total end
  return add, get
end
local add, get = load(string.dump(outer))(10)
add(5); add(7)
print(get())

-- functions created inside the loaded chunk share upvalues like any others
local function maker()
  local fs = {}
  for i = 1, 3 do
    local shared = i * 10
    fs[i] = {function() shared = shared + 1 return shared end, function() return shared end}
  end
  return fs
end
local fs = load(string.dump(maker))()
fs[1][1](); fs[1][1](); fs[3][1]()
print(fs[1][2](), fs[2][2](), fs[3][2]())
