-- errors: an uncaught runtime error after some output exits with status 1
print("before error")
local function f(t) return t.field.sub end
print(pcall(f, {}))
io.write("partial line ")
f({})
print("never printed")
