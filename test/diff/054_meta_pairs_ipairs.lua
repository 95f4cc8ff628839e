-- metatables: __pairs and ipairs respecting __index
local t = setmetatable({}, {__pairs = function(self)
  local i = 0
  return function() i = i + 1 if i <= 3 then return i, i * i end end, self, nil
end})
for k, v in pairs(t) do io.write(k, "=", v, " ") end print()
local proxy = setmetatable({}, {__index = function(_, i) if i <= 4 then return i * 10 end end})
for i, v in ipairs(proxy) do io.write(i, ":", v, " ") end print()
local partial = setmetatable({1, 2}, {__index = {nil, nil, 3, 4}})
for i, v in ipairs(partial) do io.write(i, ":", v, " ") end print()
local p3 = setmetatable({}, {__pairs = function(s) return next, {x = 1}, nil end})
for k, v in pairs(p3) do print(k, v) end
local seen = {}
local n = setmetatable({a = 1, b = 2}, {__index = {c = 3}})
for k in pairs(n) do seen[#seen + 1] = k end
table.sort(seen)
print(table.concat(seen, ","))
print(pcall(pairs))
print(pcall(next, {}, "nokey"))
print(next({}), next({10}), next({10}, 1))
local multi = setmetatable({}, {__pairs = function() return function(_, k) if not k then return 1, 2, 3 end end end})
for a, b, c in pairs(multi) do print(a, b, c) end
local cnt = 0
for i, v in ipairs({1, 2, nil, 4}) do cnt = cnt + 1 end
print(cnt)
