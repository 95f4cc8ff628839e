-- calls: proper tail calls do not grow the stack (1e6 depth), mutual tail recursion
local function loop(n, acc)
  if n == 0 then return acc end
  return loop(n - 1, acc + 1)
end
print(loop(1000000, 0))
local even, odd
function even(n) if n == 0 then return true end return odd(n - 1) end
function odd(n) if n == 0 then return false end return even(n - 1) end
print(even(1000001), odd(1000001))
local function vt(n, ...)
  if n == 0 then return select('#', ...), ... end
  return vt(n - 1, ...)
end
print(vt(300000, "a", "b", nil))
local obj = {n = 0}
function obj:step(k) if k == 0 then return self.n end self.n = self.n + 1 return self:step(k - 1) end
print(obj:step(500000))
local callable = setmetatable({}, {__call = function(self, n) if n == 0 then return "done" end return self(n - 1) end})
print(callable(200000))
local function tailtoc(s) return string.upper(s) end
print(tailtoc("abc"))
local function tailmany() return table.unpack({1, 2, 3}) end
print(tailmany())
local function pass(...) return ... end
local function t2(...) return pass(...) end
print(t2(1, nil, 3))
print((t2(4, 5)))
