-- locals: shadowing, block scope, local function recursion
local x = 1
do local x = 2; print(x) end
print(x)
local x = x + 1
print(x)
local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end
print(fact(10), fact(20))
local fib
fib = function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(20))
local f = function() return x end
x = 100
print(f())
if true then local x = "inner" print(x) end
print(x)
for x = 1, 2 do print("loop", x) end
print(x)
local a <const> = 10
local b = a * 2
print(a, b)
local s = 0
for i = 1, 3 do
  local i = i * 10
  s = s + i
end
print(s)
local t = {}
local function add(k) t[#t + 1] = k end
add("a") add("b")
print(#t, t[1], t[2])
print(type(globalnotset))
