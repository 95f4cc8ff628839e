-- A collection after a trace's exit does not keep objects alive through
-- registers the program no longer reads: here the argument register of
-- setmetatable still holds the finalizable table, and the loop's trace
-- never writes it (the interpreter's `a` is another register). The loop
-- waits for the finalizer; before the fix it never ran (db.lua of Lua's
-- suite hung with the JIT on). A hang fails the run through its time limit.
local jit = require "jit"
local before = jit.stats().traces
local name
setmetatable({}, {__gc = function() name = "gc" end})
repeat local a = {} until name
assert(name == "gc")
if jit.status() then
  assert(jit.stats().traces > before, "the loop was compiled")
end
-- the same with the object in a register above live locals of a bigger
-- frame (registers captured by closures are live everywhere)
local done = false
do
  local keep = {}
  setmetatable({}, {__gc = function() done = true end})
  repeat local t = {x = 1} until done
  local f = function() return keep end
  assert(f() == keep)
end
print("OK jit_gc_deadslots")
