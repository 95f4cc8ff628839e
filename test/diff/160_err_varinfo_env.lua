-- errors: variable descriptions when _ENV is local, a parameter, or a plain table
local function try(f, ...) print((select(2, pcall(f, ...)))) end
try(function() local _ENV = {} undefined_fn() end)
try(function() local _ENV = {} return undefined_var.x end)
try(function(_ENV) return y + 1 end, {})
try(function() local env = {} return env.y + 1 end)
try(function() local _ENV = setmetatable({}, {__index = _G}) return nothing.x end)
local _ENV = setmetatable({}, {__index = _G})
try(function() return missing_global() end)
try(function() return missing_global.field end)
try(function() missing_global.field = 1 end)
local t = {}
try(function() return t.a.b.c end)
try(function() return t["a"]["b"] end)
try(function() local k = 1 return t[k].x end)
try(function() return t[1.5].x end)
try(function() return t[true].x end)
try(function() return string.nothing.x end)
try(function() return ("x").y.z end)
