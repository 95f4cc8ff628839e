-- uncaught: error object with a __tostring metamethod
local E = setmetatable({}, {__tostring = function() return "MyError: disk full" end})
error(E)
