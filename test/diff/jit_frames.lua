-- jit: traces>=39, side>=31, aborts<=26
-- Traces across frames: a loop calling a function that has its own loop
-- (the trace goes into that loop's trace in the call's frame), side
-- traces that return from the loop's function to its caller and go on
-- there, and the cases where such a return must not be taken as recorded:
-- another call site, another number of results wanted, a call from C code
-- (pcall, a metamethod, a coroutine's body), errors after the return.

local function sumto(n)
  local s = 0
  for i = 1, n do s = s + i end
  return s
end

-- a loop calling a function with a loop, from two call sites and with
-- results wanted differently
local total = 0
for r = 1, 300 do
  total = total + sumto(r % 17)
  local a, b = sumto(r % 5), r
  total = total + a + b
end
print("calls into loops", total)

local other = 0
for r = 1, 300 do
  sumto(r % 7) -- no result wanted
  other = other + (sumto(3))
end
print("other call sites", other)

-- from C code: pcall and a metamethod run the function in a fresh frame
local viapcall = 0
for r = 1, 200 do
  local ok, v = pcall(sumto, r % 9)
  viapcall = viapcall + (ok and v or 0)
end
print("pcall", viapcall)
local mt = {__index = function(t, k) return sumto(k) end}
local lazy = setmetatable({}, mt)
local viameta = 0
for r = 1, 200 do viameta = viameta + lazy[r % 11] end
print("metamethod", viameta)

-- recursion with a loop around the recursive call (backtracking), upvalues
-- of the enclosing function open on the stack all along
local function queens(n)
  local cols, d1, d2 = {}, {}, {}
  local count, depthsum = 0, 0
  local function place(row)
    if row > n then
      count = count + 1
      return
    end
    for c = 1, n do
      if not cols[c] and not d1[row + c] and not d2[row - c + n] then
        cols[c], d1[row + c], d2[row - c + n] = true, true, true
        depthsum = depthsum + row
        place(row + 1)
        cols[c], d1[row + c], d2[row - c + n] = false, false, false
      end
    end
  end
  place(1)
  return count, depthsum
end
for n = 4, 8 do print("queens", n, queens(n)) end

-- recursion returning values through several frames
local function depth(t, d)
  local best = d
  for i = 1, #t do
    if type(t[i]) == "table" then
      local x = depth(t[i], d + 1)
      if x > best then best = x end
    end
  end
  return best
end
local tree = {}
local node = tree
for i = 1, 40 do
  local child = {1, 2}
  node[#node + 1] = child
  node[#node + 1] = {3}
  node = child
end
local dsum = 0
for _ = 1, 30 do dsum = dsum + depth(tree, 0) end
print("depths", dsum)
print("depth", depth(tree, 0))

-- a coroutine's body runs a loop and yields between its runs
local co = coroutine.wrap(function()
  for r = 1, 100 do coroutine.yield(sumto(r % 13)) end
  return -1
end)
local fromco = 0
for _ = 1, 101 do fromco = fromco + co() end
print("coroutine", fromco)

-- a tail call into a function with a loop
local function tail(n) return sumto(n) end
local viatail = 0
for r = 1, 300 do viatail = viatail + tail(r % 10) end
print("tail call", viatail)

-- errors after a return to the caller: the message names the caller's line
local function failing(n)
  local t = {}
  for r = 1, n do
    local v = sumto(r % 4)
    t[r] = v
    if r == n then return t, t.missing.field end
  end
end
for n = 50, 52 do print("error", pcall(failing, n)) end

-- closures over the caller's locals created after the return
local fns = {}
for r = 1, 100 do
  local v = sumto(r % 6)
  if r % 25 == 0 then fns[#fns + 1] = function() return v + r end end
end
local cl = 0
for i = 1, #fns do cl = cl + fns[i]() end
print("closures", cl)

-- after the return, an inlined closure reads and writes an upvalue open
-- on the caller's frame (once read from the callee's slot of that number)
local function outer()
  local acc = 0
  local function add(v) acc = acc + v end
  for r = 1, 300 do
    local v = sumto(r % 7)
    add(v)
  end
  return acc
end
for _ = 1, 3 do print("open upvalue", outer()) end


-- a link into the loop of a call two calls deep: the side trace ending in
-- inner's loop builds both frames (function slots counted from the
-- outermost frame's base; counted from each caller's, the second one went
-- wrong and the run crashed)
do
  local function inner(n, t)
    local s = 0
    for i = 1, n do s = s + t[i] * i end
    return s
  end
  local function middle(n, t) local r = inner(n, t) return r + 1 end
  local t = {}
  for i = 1, 50 do t[i] = i % 7 end
  local total = 0
  for rep = 1, 60 do total = total + middle(rep % 50 + 1, t) end
  print("two calls deep", total)
end
