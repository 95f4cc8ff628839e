-- cmodule.lua — loads the C module built from examples/cmodule.c:
--   tide examples/cmodule.lua DIR     (DIR holds cmodule.so)

local dir = arg[1] or "build/examples"
package.cpath = dir .. "/?.so;" .. package.cpath

local cmodule = require "cmodule"
print(cmodule.version)
print("require again gives the same table:", require("cmodule") == cmodule)

-- functions
local parts = cmodule.split("a,b,,c")
print(#parts, table.concat(parts, "|"))
print(table.concat(cmodule.split("key = value", " = "), "|"))
print(cmodule.sum(1, 2, 3), cmodule.sum(1, 2.5), cmodule.sum())
print(pcall(cmodule.sum, 1, "two"))
print(pcall(cmodule.split, "x", ""))

-- the userdata type
local b = cmodule.buffer()
b:add("Hello"):add(", ", "world", "!")
print(tostring(b), #b)
b:clear()
b:add(6 * 7)
print(b, #b)
print(pcall(function() b:add({}) end))

-- closing frees the C memory early; using the buffer afterwards is an error
do
  local tmp <close> = cmodule.buffer()
  tmp:add("temporary")
  b = tmp
end
print(b, pcall(function() b:add("x") end))
