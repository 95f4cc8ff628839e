-- errors: error levels 1, 2, 3 attribute the position to the right caller
local function lvl(n) error("level " .. n, n) end
local function caller(n)
  lvl(n)
end
local function top(n)
  caller(n)
end
print(pcall(top, 1))
print(pcall(top, 2))
print(pcall(top, 3))
print(pcall(top, 4))
print(pcall(top, 0))
local function check(v)
  if type(v) ~= "number" then error("expected number, got " .. type(v), 2) end
  return v
end
local function user()
  return check("str")
end
print(pcall(user))
print(pcall(check, "x"))
local function deep(n) if n == 0 then error("deep", 2) end deep(n - 1) end
print(pcall(deep, 5))
print(pcall(function() error("tab\tand\nnewline") end))
print(pcall(function()
  local a = 1
  local b = 2
  error("line 30")
end))
