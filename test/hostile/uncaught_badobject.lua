-- expect-error: inner
-- An uncaught error object whose __tostring itself raises: that error is
-- reported, as lua.c does.
error(setmetatable({}, {__tostring = function() error("inner") end}))
