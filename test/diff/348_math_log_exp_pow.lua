-- math.log with bases, exp, and ^ on integer/float operands
local function f(x) return string.format("%.17g", x) end
for _, b in ipairs({2, 10, math.exp(1), 0.5, 1, 16}) do
  io.write(f(math.log(1024, b)), " ")
end
print()
print(f(math.log(0.5, 2)), f(math.log(8, 2)), f(math.log(1000, 10)), f(math.log(-1, 10) * 0), math.log(0, 2))
print(f(2 ^ 10), f(2 ^ -1), f((-8) ^ (1 / 3)) == f(0/0) or "nan", f(10 ^ 308), f(10 ^ 309), 0 ^ 0, math.type(2 ^ 2))
print(f(math.exp(709)), f(math.exp(710)), f(math.exp(-745)), f(math.exp(-746)))
print(pcall(math.log, "x"), math.log("8", "2"))
