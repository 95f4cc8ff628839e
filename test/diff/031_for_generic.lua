-- for: generic for with ipairs, sorted pairs, next and custom stateless/stateful iterators
local t = {10, 20, 30, nil, 50}
for i, v in ipairs(t) do io.write(i, "=", v, " ") end print()
local h = {b = 2, a = 1, c = 3, 1, 2}
local keys = {}
for k in pairs(h) do keys[#keys + 1] = tostring(k) end
table.sort(keys)
print(table.concat(keys, " "))
local n = 0
for k, v in next, h do n = n + 1 end
print(n)
local function range(n, step)
  return function(_, i) i = i + (step or 1) if i <= n then return i end end, nil, 0
end
for i in range(5) do io.write(i, " ") end print()
for i in range(10, 3) do io.write(i, " ") end print()
local function chars(s)
  local i = 0
  return function() i = i + 1 if i <= #s then return i, s:sub(i, i) end end
end
for i, c in chars("lua") do io.write(i, c, " ") end print()
local function triples()
  local k = 0
  return function() k = k + 1 if k <= 2 then return k, k * 2, k * 3 end end
end
for a, b, c in triples() do print(a, b, c) end
for a, b, c, d in ipairs({"x"}) do print(a, b, c, d) end
local state = {log = {}}
local function iter(s, ctl)
  s.log[#s.log + 1] = tostring(ctl)
  if ctl < 3 then return ctl + 1 end
end
for v in iter, state, 0 do end
print(table.concat(state.log, ","))
for k, v in pairs({}) do print("never") end
local arr = {}
for i = 1, 5 do arr[i] = i * i end
local sum = 0
for _, v in ipairs(arr) do sum = sum + v end
print(sum)
