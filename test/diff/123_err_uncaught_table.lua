-- errors: uncaught error with a table error object (no __tostring) exits with status 1
print("start")
local t = setmetatable({}, {__index = function() return "ok" end})
print(t.anything)
error({code = 1})
