-- tables: self-referencing and mutually referencing tables, deep nesting, traversal
local a = {}
a.self = a
print(a.self.self.self == a)
local x, y = {name = "x"}, {name = "y"}
x.other, y.other = y, x
print(x.other.other.name, y.other.other.other.name)
local deep = {}
local cur = deep
for i = 1, 1000 do cur.next = {depth = i} cur = cur.next end
local d, node = 0, deep
while node.next do node = node.next d = d + 1 end
print(d, node.depth)
local function count(t, seen)
  seen = seen or {}
  if seen[t] then return 0 end
  seen[t] = true
  local c = 1
  for _, v in pairs(t) do if type(v) == "table" then c = c + count(v, seen) end end
  return c
end
print(count(a), count(x), count(deep))
local tree = {v = 1, kids = {}}
local function grow(node, depth)
  if depth == 0 then return end
  for i = 1, 3 do
    local kid = {v = node.v * 10 + i, kids = {}}
    node.kids[i] = kid
    grow(kid, depth - 1)
  end
end
grow(tree, 4)
local sum, leaves = 0, 0
local function walk(n) sum = sum + n.v if #n.kids == 0 then leaves = leaves + 1 end for _, k in ipairs(n.kids) do walk(k) end end
walk(tree)
print(sum, leaves)
local nest = {{{{{{{{{{"bottom"}}}}}}}}}}
print(nest[1][1][1][1][1][1][1][1][1][1])
