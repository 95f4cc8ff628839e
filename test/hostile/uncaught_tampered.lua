-- expect-error: error in error handling
-- The registry broken, then an uncaught error: the message handler and
-- the report ("error in error handling": the message handler fails on the
-- registry's __index, as in lua5.4) and the exit still work.
local R = debug.getregistry()
R._LOADED = nil; R["FILE*"] = 42; R._IO_output = "x"; R[2] = nil
setmetatable(R, {__index = function() error("idx") end})
error("boom")
