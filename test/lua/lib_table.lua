-- lib_table.lua: the table library. Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

-- insert / remove
do
  local t = {}
  for i = 1, 10 do table.insert(t, i) end
  table.insert(t, 1, 0)
  table.insert(t, #t + 1, 99)
  eq(table.concat(t, ","), "0,1,2,3,4,5,6,7,8,9,10,99")
  eq(table.remove(t, 1), 0); eq(table.remove(t), 99); eq(table.remove(t, #t + 1), nil); eq(#t, 10)
  eq(table.remove({}), nil); eq(table.remove({}, 0), nil)
  eq(err(table.insert, nil, 1), "bad argument #1 to 'table.insert' (table expected, got nil)")
  eq(err(table.insert, {}, 1, 2, 3), "wrong number of arguments to 'insert'")
  eq(err(table.insert, {}), "wrong number of arguments to 'insert'")
  eq(err(table.insert, {}, 3, 2), "bad argument #2 to 'table.insert' (position out of bounds)")
  eq(err(table.insert, {}, 0, 2), "bad argument #2 to 'table.insert' (position out of bounds)")
  eq(err(table.insert, {}, 1.5, 2), "bad argument #2 to 'table.insert' (number has no integer representation)")
  eq(err(table.remove, {1, 2, 3}, 5), "bad argument #1 to 'table.remove' (position out of bounds)")
  eq(err(table.remove, {}, -1), "bad argument #1 to 'table.remove' (position out of bounds)")
  local u = {1, 2, 3}
  eq(table.remove(u, 1), 1); eq(table.concat(u, ","), "2,3")
end

-- concat
eq(table.concat({1, 2.5, "x"}, "-"), "1-2.5-x"); eq(table.concat({}, "x"), "")
eq(table.concat({1, 2, 3}, "", 3, 2), ""); eq(table.concat({"a", "b", "c"}, ", ", 2), "b, c")
eq(table.concat({1, 2}, 3), "132")
eq(err(table.concat, {1, {}, 3}), "invalid value (table) at index 2 in table for 'concat'")
eq(err(table.concat, {1, 2}, ", ", 1, 3), "invalid value (nil) at index 3 in table for 'concat'")
eq(err(table.concat, {}, {}), "bad argument #2 to 'table.concat' (string expected, got table)")
do
  local big = {}
  for i = 1, 1000 do big[i] = tostring(i) end
  eq(#table.concat(big, "--"), 2893 + 999 * 2)
  for _ = 1, 20 do  -- failing late in a long result
    big[1000] = {}
    assert(not pcall(table.concat, big))
  end
end

-- pack / unpack
do
  local p = table.pack(1, nil, 3)
  eq(p.n, 3); eq(p[1], 1); eq(p[2], nil); eq(p[3], 3)
  eq(table.pack().n, 0)
  local a, b, c = table.unpack({1, 2, 3}, 2); assert(a == 2 and b == 3 and c == nil)
  a, b, c = table.unpack({1, 2}, -1, 1); assert(a == nil and b == nil and c == 1)
  eq(select("#", table.unpack({}, 1, 0)), 0)
  eq(select("#", table.unpack({}, math.maxinteger, math.maxinteger)), 1)
  eq(err(table.unpack, {}, 1, 1e8), "too many results to unpack")
  eq(err(table.unpack, {}, math.mininteger, math.maxinteger), "too many results to unpack")
  assert(err(table.unpack, nil):find("attempt to get length of a nil value"))
end

-- move
eq(table.concat(table.move({1, 2, 3, 4, 5}, 1, 3, 2), ","), "1,1,2,3,5")
eq(table.concat(table.move({1, 2, 3, 4, 5}, 2, 4, 1), ","), "2,3,4,4,5")
eq(table.concat(table.move({1, 2, 3}, 1, 3, 1, {}), ","), "1,2,3")
eq(#table.move({1, 2, 3}, 1, 0, 5), 3)
eq(err(table.move, {}, 1, math.maxinteger, 2), "bad argument #4 to 'table.move' (destination wrap around)")
eq(err(table.move, {}, -1, math.maxinteger, 2), "bad argument #3 to 'table.move' (too many elements to move)")
eq(err(table.move, {1, 2}, 1, 2, math.maxinteger), "bad argument #4 to 'table.move' (destination wrap around)")
eq(err(table.move, 1, 1, 1, 1), "bad argument #1 to 'table.move' (table expected, got number)")

-- metamethods are honoured; proxies with them count as tables
do
  local log = {}
  local proxy = setmetatable({}, {
    __index = function(_, k) return k <= 3 and k * 10 or nil end,
    __len = function() return 3 end})
  eq(table.concat(proxy, ","), "10,20,30")
  local a, b, c = table.unpack(proxy); assert(a == 10 and b == 20 and c == 30)
  local store = {}
  local w = setmetatable({}, {
    __index = store, __len = function() return #store end,
    __newindex = function(_, k, v) log[#log + 1] = k; rawset(store, k, v) end})
  table.insert(w, "x"); table.insert(w, 1, "y")
  eq(store[1], "y"); eq(store[2], "x"); eq(#log, 3)
  eq(err(table.insert, 1, 1), "bad argument #1 to 'table.insert' (table expected, got number)")
end

-- sort
do
  local t = {5, 3, 8, 1, 9, 2}
  table.sort(t); eq(table.concat(t, ","), "1,2,3,5,8,9")
  table.sort(t, function(a, b) return a > b end); eq(table.concat(t, ","), "9,8,5,3,2,1")
  local s = {"b", "a", "c"}; table.sort(s); eq(table.concat(s), "abc")
  eq(err(table.sort, {1, "x"}), "attempt to compare string with number")
  eq(err(table.sort, {1, 2}, 3), "bad argument #2 to 'table.sort' (function expected, got number)")
  eq(err(table.sort, {3, 2, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12}, function() return true end),
     "invalid order function for sorting")
  eq(err(table.sort, setmetatable({}, {__len = function() return 2^40 end})),
     "bad argument #1 to 'table.sort' (array too big)")
  -- random data, with duplicates
  math.randomseed(11)
  for n = 0, 300, 7 do
    local r = {}
    for i = 1, n do r[i] = math.random(1, n // 3 + 1) end
    table.sort(r)
    for i = 2, n do assert(r[i - 1] <= r[i]) end
  end
  -- an adversarial comparator must not make the sort quadratic
  local n, gas, cnt, cand = 3000, 3001, 0, 0
  local val, idx = {}, {}
  for i = 1, n do idx[i] = i; val[i] = gas end
  table.sort(idx, function(x, y)
    cnt = cnt + 1
    if val[x] == gas and val[y] == gas then
      if x == cand then val[x] = cnt else val[y] = cnt end
    end
    if val[x] == gas then cand = x elseif val[y] == gas then cand = y end
    return val[x] < val[y]
  end)
  -- (lua5.4 itself is quadratic here: ~n^2/2 comparisons; Tide must stay far below)
  assert(cnt <= n * n)
  local rev = {}
  for i = 1, 2000 do rev[i] = 2001 - i end
  table.sort(rev); eq(rev[1], 1); eq(rev[2000], 2000)
end

print("OK lib_table")
