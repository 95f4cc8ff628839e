-- weak keys
local t = setmetatable({}, {__mode = 'k'})
local keep = {}
t[keep] = 1; t[{}] = 2; t["str"] = 3; t[1] = 4
collectgarbage()
local n = 0 for k, v in pairs(t) do n = n + 1 end
print("k", n, t[keep], t.str, t[1])
-- weak values
local v = setmetatable({}, {__mode = 'v'})
v[1] = {}; v[2] = keep; v[3] = "s"; v.x = {}; v.y = keep; v[4] = 10
collectgarbage()
print("v", v[1], v[2] == keep, v[3], v.x, v.y == keep, v[4])
-- ephemeron cycle
local e = setmetatable({}, {__mode = 'k'})
do local k = {} e[k] = {k} end
local k2 = {} e[k2] = {k2}
collectgarbage()
local c = 0 for _ in pairs(e) do c = c + 1 end
print("e", c)
-- ephemeron chain: value of one key is key of another
local e2 = setmetatable({}, {__mode = 'k'})
local a = {}
do local b, c3 = {}, {} e2[c3] = "c"; e2[b] = c3; e2[a] = b end
collectgarbage()
c = 0 for _ in pairs(e2) do c = c + 1 end
print("chain", c)
-- kv
local kv = setmetatable({}, {__mode = 'kv'})
kv[{}] = 1; kv[1] = {}; kv[keep] = keep; kv.s = "x"
collectgarbage()
c = 0 for _ in pairs(kv) do c = c + 1 end
print("kv", c)
-- finalizer ordering: weak value removed before __gc, weak key after
local wv = setmetatable({}, {__mode = 'v'})
local wk = setmetatable({}, {__mode = 'k'})
do
  local o = setmetatable({}, {__gc = function(o) print("gc: in wv", wv[1] ~= nil, "in wk", wk[o] ~= nil) end})
  wv[1] = o; wk[o] = true
end
collectgarbage()
collectgarbage()
c = 0 for _ in pairs(wk) do c = c + 1 end
print("after", c)
-- traversal with removal and collection
local big = setmetatable({}, {__mode = 'k'})
local keys = {}
for i = 1, 100 do keys[i] = {} big[keys[i]] = i end
local cnt = 0
for k, v in pairs(big) do big[k] = nil; collectgarbage(); cnt = cnt + 1 end
print("trav", cnt)
-- a strong table: removing entries during traversal, with collections in
-- between, keeps next() working from keys whose entries are gone
local strong = {}
for i = 1, 50 do strong[{}] = i; strong["k" .. i] = i end
local seen = 0
for k in pairs(strong) do
  strong[k] = nil
  if seen % 7 == 0 then collectgarbage() end
  seen = seen + 1
end
print("strong", seen, next(strong))
-- many young objects in a weak cache across minor collections
local cache = setmetatable({}, {__mode = 'v'})
local pinned = {}
for i = 1, 20000 do
  local o = {i}
  cache[i] = o
  if i % 1000 == 0 then pinned[#pinned + 1] = o end
end
collectgarbage()
local live = 0
for k, v in pairs(cache) do live = live + 1; assert(v[1] == k) end
print("cache", live)
-- weak-keyed memo table whose values refer back to the keys
local memo = setmetatable({}, {__mode = 'k'})
for i = 1, 1000 do local key = {} memo[key] = {key, i} end
collectgarbage()
print("memo", next(memo))
-- the mode is read at collection time
local m = {}
local late = setmetatable({}, m)
late[1] = {}
m.__mode = 'v'
collectgarbage()
print("late", late[1])
-- a weak table that is its own key and value
local self = setmetatable({}, {__mode = 'kv'})
self[self] = self
collectgarbage()
print("self", self[self] == self)
-- threads and functions as weak keys
local th = setmetatable({}, {__mode = 'k'})
th[coroutine.create(function() end)] = 1
th[function() end] = 2
local f = function() return 1 end
th[f] = 3
collectgarbage()
c = 0 for _ in pairs(th) do c = c + 1 end
print("th", c, th[f])
