-- base: load with reader functions returning pieces, nil, empty strings, and errors
local function reader(parts)
  local i = 0
  return function() i = i + 1 return parts[i] end
end
print(load(reader({"return ", "1 ", "+ ", "41"}))())
print(load(reader({"ret", "urn 'sp", "lit'"}))())
print(load(reader({}))())
print(load(reader({"return 1", "", "+ 2"}))())
local calls = 0
local f = load(function() calls = calls + 1 if calls == 1 then return "return 'one piece'" end end)
print(f(), calls)
print(type(load(function() return nil end)))
print(load(reader({"return ", 42, ".5"}), "=num")())
print(load(reader({"x = "}), "=rd"))
local chars = {}
local src = "local t = {} for i = 1, 3 do t[i] = i * i end return table.concat(t, ',')"
for i = 1, #src do chars[i] = src:sub(i, i) end
print(load(reader(chars), "=chars")())
local env = {val = 7}
print(load(reader({"return val"}), "=r", "t", env)())
print(pcall(load))
print(pcall(load, nil))
print(pcall(load, function() return {} end))
print(pcall(load, function() error("reader failed", 0) end))
