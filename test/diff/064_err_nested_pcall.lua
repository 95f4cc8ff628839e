-- errors: nested pcall, rethrowing, and pcall returning all results
print(pcall(pcall, error, "x"))
print(pcall(function()
  local ok, e = pcall(error, "inner", 0)
  error("outer:" .. e, 0)
end))
print(pcall(function() return 1, 2, 3 end))
print(pcall(function(...) return select('#', ...) end, nil, nil))
print(pcall(pcall))
print(pcall(pcall, pcall, error, "deep", 0))
local depth = 0
local function nest(n)
  if n == 0 then error("bottom", 0) end
  local ok, e = pcall(nest, n - 1)
  depth = depth + 1
  error(e .. "<" .. n, 0)
end
print(pcall(nest, 5))
print(depth)
local ok, e = pcall(function()
  local ok2, e2 = pcall(function() local t = nil return t.x end)
  return "caught: " .. e2
end)
print(ok, e)
print(pcall(error, pcall(error, "a", 0)))
print(pcall(print, "from print"))
print(select('#', pcall(function() end)))
print(pcall(42))
print(pcall({}))
print(pcall(nil, 1))
