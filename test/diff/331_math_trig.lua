-- math trigonometry: sin cos tan asin acos atan with two args and quadrants
local function f(x) return string.format("%.17g", x) end
for _, x in ipairs({0, 0.5, 1, -1, math.pi / 6, math.pi / 4, math.pi / 2, math.pi, 10, -0.0}) do
  print(f(x), f(math.sin(x)), f(math.cos(x)), f(math.tan(x)))
end
for _, x in ipairs({0, 0.5, 1, -1, -0.5}) do
  print(f(x), f(math.asin(x)), f(math.acos(x)), f(math.atan(x)))
end
for _, yx in ipairs({{1, 1}, {1, -1}, {-1, -1}, {-1, 1}, {0, -1}, {-0.0, -1}, {0, 0}, {1, 0}, {-1, 0}, {1/0, 1/0}}) do
  print(f(yx[1]), f(yx[2]), f(math.atan(yx[1], yx[2])))
end
print(f(math.atan(1, nil)), pcall(math.atan, "x", 1) == false)
print(pcall(math.sin, "a"))
print(f(math.deg(math.pi)), f(math.rad(180)), f(math.deg(1)), f(math.rad(-90)), math.deg(0), math.type(math.deg(2)))
print(f(math.sin(1e22)), f(math.cos(1e22)))
