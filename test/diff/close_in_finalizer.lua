-- os.exit(n, true) inside a finalizer while the state closes: the rest of
-- the pending finalizers run (newest first), not the one made meanwhile
print("creating 1")
setmetatable({}, {__gc = function () print(1) end})
print("creating 2")
setmetatable({}, {__gc = function ()
  print("2")
  print("creating 3")
  setmetatable({}, {__gc = function () print(3) end})
  print(collectgarbage())
  os.exit(0, true)
end})
