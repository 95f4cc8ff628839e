-- coroutine-based iterators in generic for, permutations, tree walks
local function permgen(a, n)
  n = n or #a
  if n <= 1 then coroutine.yield(a) else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      permgen(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
local function permutations(a) return coroutine.wrap(function() permgen(a) end) end
for p in permutations({"a", "b", "c"}) do io.write(table.concat(p), " ") end
print()
local tree = {v = 5, l = {v = 3, l = {v = 1}, r = {v = 4}}, r = {v = 8, l = {v = 7}, r = {v = 9}}}
local function walk(n) if n then walk(n.l); coroutine.yield(n.v); walk(n.r) end end
for v in coroutine.wrap(function() walk(tree) end) do io.write(v, " ") end
print()
local function range(n, step) return coroutine.wrap(function() for i = 1, n, step or 1 do coroutine.yield(i, i * i) end end) end
for i, sq in range(10, 3) do io.write(i, "=", sq, " ") end
print()
local function filter(pred, it) return coroutine.wrap(function() for v in it do if pred(v) then coroutine.yield(v) end end end) end
for v in filter(function(x) return x % 2 == 0 end, range(12)) do io.write(v, ",") end
print()
