-- programs: stack, queue, linked list, binary search tree, and a priority heap
local Stack = {}
Stack.__index = Stack
function Stack.new() return setmetatable({n = 0}, Stack) end
function Stack:push(v) self.n = self.n + 1 self[self.n] = v end
function Stack:pop() local v = self[self.n] self[self.n] = nil self.n = self.n - 1 return v end
local s = Stack.new()
for i = 1, 5 do s:push(i * i) end
print(s:pop(), s:pop(), s.n)
local Queue = {first = 1, last = 0, items = {}}
function Queue:push(v) self.last = self.last + 1 self.items[self.last] = v end
function Queue:pop() local v = self.items[self.first] self.items[self.first] = nil self.first = self.first + 1 return v end
for i = 1, 3 do Queue:push("q" .. i) end
print(Queue:pop(), Queue:pop(), Queue.last - Queue.first + 1)
local list = nil
for i = 1, 5 do list = {value = i, next = list} end
local vals = {}
local node = list
while node do vals[#vals + 1] = node.value node = node.next end
print(table.concat(vals, "->"))
local function insert(tree, v)
  if not tree then return {v = v} end
  if v < tree.v then tree.l = insert(tree.l, v) else tree.r = insert(tree.r, v) end
  return tree
end
local function inorder(tree, acc)
  if tree then inorder(tree.l, acc) acc[#acc + 1] = tree.v inorder(tree.r, acc) end
  return acc
end
local function height(t) if not t then return 0 end return 1 + math.max(height(t.l), height(t.r)) end
local root
for _, v in ipairs({50, 30, 70, 20, 40, 60, 80, 35, 45, 65}) do root = insert(root, v) end
print(table.concat(inorder(root, {}), " "), height(root))
local heap = {}
local function hpush(v)
  heap[#heap + 1] = v
  local i = #heap
  while i > 1 and heap[i // 2] > heap[i] do heap[i], heap[i // 2] = heap[i // 2], heap[i] i = i // 2 end
end
local function hpop()
  local top = heap[1]
  heap[1] = heap[#heap]
  heap[#heap] = nil
  local i = 1
  while true do
    local l, r, m = 2 * i, 2 * i + 1, i
    if l <= #heap and heap[l] < heap[m] then m = l end
    if r <= #heap and heap[r] < heap[m] then m = r end
    if m == i then break end
    heap[i], heap[m] = heap[m], heap[i]
    i = m
  end
  return top
end
for _, v in ipairs({9, 4, 7, 1, 8, 2, 6, 3, 5}) do hpush(v) end
local sorted = {}
while #heap > 0 do sorted[#sorted + 1] = hpop() end
print(table.concat(sorted, " "))
