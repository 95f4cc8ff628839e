-- closures: recursive local functions, mutual recursion, fixed-point combinator
local function Y(f)
  return (function(x) return x(x) end)(function(x) return f(function(...) return x(x)(...) end) end)
end
local fact = Y(function(self) return function(n) if n == 0 then return 1 end return n * self(n - 1) end end)
print(fact(10))
local isEven, isOdd
function isEven(n) if n == 0 then return true end return isOdd(n - 1) end
function isOdd(n) if n == 0 then return false end return isEven(n - 1) end
print(isEven(10), isOdd(7), isEven(7))
local function ackermann(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ackermann(m - 1, 1) end
  return ackermann(m - 1, ackermann(m, n - 1))
end
print(ackermann(2, 3), ackermann(3, 3))
local memo = {}
local function fib(n)
  if n < 2 then return n end
  if memo[n] then return memo[n] end
  local v = fib(n - 1) + fib(n - 2)
  memo[n] = v
  return v
end
print(fib(80))
local function compose(...)
  local fs = {...}
  return function(x)
    for i = #fs, 1, -1 do x = fs[i](x) end
    return x
  end
end
local inc = function(x) return x + 1 end
local dbl = function(x) return x * 2 end
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7))
local function curry(f, n, ...)
  local args = {...}
  if #args >= n then return f(table.unpack(args, 1, n)) end
  return function(...)
    local more = {table.unpack(args)}
    for _, v in ipairs({...}) do more[#more + 1] = v end
    return curry(f, n, table.unpack(more))
  end
end
local add3 = function(a, b, c) return a + b + c end
print(curry(add3, 3)(1)(2)(3), curry(add3, 3)(1, 2)(3), curry(add3, 3, 1, 2, 3))
local function hanoi(n, from, to, via, moves)
  if n == 0 then return moves end
  hanoi(n - 1, from, via, to, moves)
  moves[#moves + 1] = from .. to
  return hanoi(n - 1, via, to, from, moves)
end
local mv = hanoi(4, "A", "C", "B", {})
print(#mv, table.concat(mv, " ", 1, 7))
