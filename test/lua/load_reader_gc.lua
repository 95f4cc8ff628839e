-- A load's reader function may run a full collection (collectgarbage()):
-- the prototypes, strings and upvalue lists the compiler is building must
-- survive it (they were freed under it: a use after free, a hang). The
-- collection is deferred to the end of the load.
local src = "-- a comment\0\0\0\n  x = 10 + \n23; \z
  local a = function () x = 'hi' end; local s = 'a long enough constant string' \z
  return '\0', s, function() return x end"
local function read1(s)
  local i = 0
  return function()
    collectgarbage()
    for _ = 1, 50 do local _ = {} end   -- young garbage between pieces
    i = i + 1
    return string.sub(s, i, i)
  end
end
local f = assert(load(read1(src), "modname", "t", _G))
local z, s, g = f()
assert(z == "\0" and x == 33 and s == "a long enough constant string" and g() == 33)
-- binary chunks, through the same kind of reader
local b = string.dump(load(src))
f = assert(load(read1(b), "bin", "b", _G))
z, s = f()
assert(z == "\0" and s == "a long enough constant string")
-- collectgarbage("step") in a reader cannot step: it fails as in a finalizer
local stepped, calls = "not called", 0
f = assert(load(function()
  calls = calls + 1
  if calls == 1 then return "return 1" end
  stepped = collectgarbage("step")
end))
assert(stepped == nil and f() == 1)
print("OK load_reader_gc")
