-- errors: line numbers for runtime errors in multi-line expressions and statements
local function try(f) print((select(2, pcall(f)))) end
try(function()
  local t = {}
  local v = t.a
    .b
end)
try(function()
  local a = 1
  local b = nil
  local c = a +
    b
end)
try(function()
  local f = nil
  f(
    1,
    2
  )
end)
try(function()
  local t = {
    x = 1,
    y = nil .. "x",
  }
end)
try(function()
  return 1,
    2,
    nil + 1
end)
try(function()
  for i = 1,
    "x" do
  end
end)
try(function()
  local s = "a"
    .. {}
end)
try(function() error("explicit") end)
try(function()
  error("multi\nline")
end)
