-- numbers: floor division and modulo with all sign combinations, int and float
local pairs_ = {{7, 3}, {-7, 3}, {7, -3}, {-7, -3}, {6, 3}, {-6, 3}, {0, 5}, {1, 7}, {-1, 7}}
for _, p in ipairs(pairs_) do
  local a, b = p[1], p[2]
  print(a, b, a // b, a % b, a + 0.0 // b, a % (b + 0.0), (a + 0.5) // b, (a + 0.5) % b)
end
print(3 // 0.0, -3 // 0.0, 3 % math.huge, -3 % math.huge, 3 % -math.huge, -3 % -math.huge)
print(-7.5 % 2, 7.5 % -2, -7.5 // 2, 7.5 // -2)
print(math.mininteger // -1, math.mininteger % -1)
print(math.maxinteger // -1, math.maxinteger % -1)
print(math.mininteger // 1, math.mininteger % 2)
print(5.0 // 0, -5.0 // 0, 0.0 // 1, -0.0 // 1)
print(5 % 0.0 ~= 5 % 0.0)
print(pcall(function(a, b) return a // b end, 1, 0))
print(pcall(function(a, b) return a % b end, 1, 0))
print(1e308 % 3, 2^53 % 10, -(2^53) % 10)
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3), math.fmod(-7, -3))
print(math.fmod(7.5, 2), math.fmod(-7.5, 2))
print(math.fmod(math.mininteger, -1))
print(pcall(math.fmod, 1, 0))
print(math.fmod(1, 0.0) ~= math.fmod(1, 0.0))
