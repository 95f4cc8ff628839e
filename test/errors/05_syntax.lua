-- uncaught: syntax error, unclosed function
local function f()
  if true then
    return 1
  end

print("never")
