-- metatables: __index/__newindex loops are detected, long finite chains work
local a = {}
local b = {}
setmetatable(a, {__index = b})
setmetatable(b, {__index = a})
print(pcall(function() return a.x end))
local c, d = {}, {}
setmetatable(c, {__newindex = d})
setmetatable(d, {__newindex = c})
print(pcall(function() c.x = 1 end))
local head = {}
local cur = head
for i = 1, 50 do
  local nxt = {}
  setmetatable(cur, {__index = nxt})
  cur = nxt
end
cur.found = "bottom"
print(head.found)
local self = setmetatable({}, {})
getmetatable(self).__index = self
print(pcall(function() return self.y end))
