-- math.random float results for fixed seeds printed exactly, and integer projections
for _, seed in ipairs({0, 1, 42, -42, 2^31, math.maxinteger}) do
  math.randomseed(seed)
  local r = {}
  for i = 1, 4 do r[i] = string.format("%a", math.random()) end
  for i = 5, 8 do r[i] = tostring(math.random(1, 10)) end
  for i = 9, 10 do r[i] = tostring(math.random(-2^40, 2^40)) end
  print(seed, table.concat(r, " "))
end
