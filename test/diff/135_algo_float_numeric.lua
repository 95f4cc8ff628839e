-- programs: floating point algorithms with formatted output (Newton sqrt, series, integration)
local function newton_sqrt(x)
  local g = x / 2
  for i = 1, 30 do g = (g + x / g) / 2 end
  return g
end
print(string.format("%.12f %.12f", newton_sqrt(2), newton_sqrt(10)))
local pi = 0
for k = 0, 9999 do pi = pi + (k % 2 == 0 and 1 or -1) / (2 * k + 1) end
print(string.format("%.10f", 4 * pi))
local e, term = 1, 1
for n = 1, 20 do term = term / n; e = e + term end
print(string.format("%.15f", e), e)
local function integrate(f, a, b, n)
  local h = (b - a) / n
  local s = (f(a) + f(b)) / 2
  for i = 1, n - 1 do s = s + f(a + i * h) end
  return s * h
end
print(string.format("%.8f", integrate(function(x) return x * x end, 0, 1, 1000)))
local sum = 0
for i = 1, 10 do sum = sum + 0.1 end
print(sum, sum == 1.0, string.format("%.17g", sum))
local mandel = {}
for y = -1, 1, 0.5 do
  local row = {}
  for x = -2, 0.5, 0.25 do
    local zr, zi, it = 0.0, 0.0, 0
    while it < 50 and zr * zr + zi * zi < 4 do
      zr, zi = zr * zr - zi * zi + x, 2 * zr * zi + y
      it = it + 1
    end
    row[#row + 1] = it == 50 and "#" or "."
  end
  mandel[#mandel + 1] = table.concat(row)
end
print(table.concat(mandel, "\n"))
print(7.0 // 0.5, 7.5 % 0.5, 1e308 * 10, -1e308 * 10, 2^-1074 / 2)
