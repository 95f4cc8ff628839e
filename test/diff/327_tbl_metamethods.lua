-- table library functions honour __index/__newindex/__len (lua_geti/lua_seti)
local log = {}
local function proxy(n)
  local store = {}
  return setmetatable({}, {
    __index = function(_, k) log[#log + 1] = "r" .. tostring(k); return store[k] end,
    __newindex = function(_, k, v) log[#log + 1] = "w" .. tostring(k) .. "=" .. tostring(v); store[k] = v end,
    __len = function() log[#log + 1] = "len"; return n end,
  }), store
end
local p, st = proxy(0)
table.insert(p, "a")
print(table.concat(log, " ")); log = {}
local p2, st2 = proxy(3)
st2[1], st2[2], st2[3] = "x", "y", "z"
table.insert(p2, 1, "w")
print(table.concat(log, " ")); log = {}
print(table.remove(p2, 1), table.concat(log, " ")); log = {}
print(table.remove(p2), table.concat(log, " ")); log = {}
print(table.concat(p2, ",", 1, 2), table.concat(log, " ")); log = {}
print(table.unpack(p2)); print(table.concat(log, " ")); log = {}
local p3, st3 = proxy(4)
st3[1], st3[2], st3[3], st3[4] = 3, 1, 4, 2
table.sort(p3)
print(st3[1], st3[2], st3[3], st3[4], #log > 0); log = {}
print(pcall(table.insert, setmetatable({}, {__len = function() return "x" end}), 1))
print(pcall(table.insert, setmetatable({}, {__len = function() return 1.5 end}), 1))
print(pcall(table.insert, setmetatable({}, {__len = function() return 2.0 end}), 1))
print(pcall(table.concat, setmetatable({}, {__len = function() error("no len") end})))
local ro = setmetatable({}, {__newindex = function() error("read-only", 0) end})
print(pcall(table.insert, ro, 1))
print(pcall(table.move, {1, 2}, 1, 2, 1, ro))
print(#table.pack(table.unpack(setmetatable({}, {__index = function(_, i) return i end}), 1, 5)))
