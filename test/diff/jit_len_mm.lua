-- jit: traces>=3, aborts<=2
-- # of tables with a metatable in traces: without __len, the border (its
-- absence guarded: setting one later must be seen); with __len written in
-- Lua, the metamethod inlined, called with the table twice as lua5.4
-- does; an exit inside it and an error raised from it.
local Obj = {__index = {}}
local items = {}
for i = 1, 50 do items[i] = setmetatable({i, i + 1, i % 3 == 0 and i or nil}, Obj) end
local n = 0
for r = 1, 10 do for i = 1, #items do n = n + #items[i] end end
print("nolen", n)
Obj.__len = function(t, t2) return (rawequal(t, t2) and 100 or 0) + rawlen(t) end
n = 0
for r = 1, 10 do for i = 1, #items do n = n + #items[i] end end
print("len", n)
local Sized = {__len = function(t) return t.size end}
local boxes = {}
for i = 1, 60 do boxes[i] = setmetatable({size = i * 2}, Sized) end
local total = 0
for r = 1, 10 do for i = 1, #boxes do total = total + #boxes[i] end end
print("size", total)
boxes[40].size = 2.5
total = 0
for i = 1, #boxes do total = total + #boxes[i] end
print("float", total)
boxes[50].size = nil
print(pcall(function()
  local s = 0
  for i = 1, #boxes do s = s + #boxes[i] end
  return s
end))
