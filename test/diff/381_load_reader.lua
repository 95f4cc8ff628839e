-- load with reader functions: pieces, empty pieces, non-string pieces, errors in reader
local parts = {"ret", "urn ", "1 ", "+ ", "41"}
local i = 0
print(load(function() i = i + 1; return parts[i] end)())
i = 0
print(load(function() i = i + 1; if i == 1 then return "return 'a'" end return nil end)())
i = 0
local chunks = {"return ", "", "7"}
print(load(function() i = i + 1; return chunks[i] end)())
print(type(load(function() return nil end)))
local once = false
print(load(function() if once then return nil end once = true; return 5 end))
print(load(function() return {} end))
print(load(function() error("reader failed") end))
print(select("#", pcall(load, function() error({}) end)), type(select(3, pcall(load, function() error({}) end))))
local n = 0
print(load(function() n = n + 1; if n <= 3 then return ("x"):rep(n) end end))
local src = "local s = 0\nfor i = 1, 10 do s = s + i end\nreturn s"
local pos = 0
print(load(function() pos = pos + 1; return src:sub(pos, pos) ~= "" and src:sub(pos, pos) or nil end, "=bytes")())
local env = {}
local env = {}
local done = false
local f = load(function() if not done then done = true; return "v = 1" end end, "x", "t", env)
f()
print(env.v, v)
