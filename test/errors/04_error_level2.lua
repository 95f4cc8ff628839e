-- uncaught: error with level 2 blames the caller's line
local function check(n)
  if type(n) ~= "number" then
    error("expected a number, got " .. type(n), 2)
  end
  return n
end
check(1)
check("oops")
