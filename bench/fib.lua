-- size: default 36, quick 27
-- fib.lua — recursive calls: naive Fibonacci. Arg: n (default 32).
local n = tonumber(arg and arg[1]) or 32
local function fib(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end
print(fib(n))
