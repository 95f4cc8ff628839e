-- self-check: the buffer box's __gc (auxlib.c), reachable through the
-- registry once a buffer outgrew its inline area, leaves anything but a
-- box alone (lua5.4's own crashes here: not a differential test)
local s = table.concat({string.rep("y", 5000), string.rep("z", 5000)})
assert(#s == 10000)
local mt = debug.getregistry()["tide.bufbox"]
assert(type(mt) == "table" and type(mt.__gc) == "function")
for _, v in ipairs({1, "str", {}, io.stdout, true}) do
  assert(pcall(mt.__gc, v))
end
assert(pcall(mt.__gc))
assert(table.concat({string.rep("a", 6000), "b"}) == string.rep("a", 6000) .. "b")
print("OK")
