-- os.exit(n, true) inside a finalizer of a collection closes the state:
-- the other pending finalizers run, then the process exits with n
setmetatable({}, {__gc = function () print("a") end})
setmetatable({}, {__gc = function () print("b") os.exit(3, true) end})
setmetatable({}, {__gc = function () print("c") end})
collectgarbage()
print("not reached")
