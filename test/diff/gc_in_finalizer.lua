-- Inside a finalizer every collectgarbage option fails (returns nil), as
-- in lua5.4: the collector is not reentered from a __gc.
local got
setmetatable({}, {__gc = function()
  got = table.pack(collectgarbage(), collectgarbage("count"), collectgarbage("step"),
                   collectgarbage("isrunning"), collectgarbage("incremental"))
end})
collectgarbage()
print(got.n, got[1], got[2], got[3], got[4], got[5])
print(collectgarbage("isrunning"), type(collectgarbage("count")))
