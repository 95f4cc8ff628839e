-- load of binary chunks: modes, chunk names in messages, readers
local d = string.dump(function(x) return (x or 0) + 1 end)
print(load(d, "n", "b") ~= nil, load(d, "n", "bt") ~= nil, load(d) ~= nil)
print(load(d, "n", "t"))
print(load(d, "=n", "t"))
print(load("return 1", "n", "b"))
print(load(d, "n", "x"))
print(load("return 1", "n", "x"))
local cut = d:sub(1, 24)
print(load(cut))
print(load(cut, "=short"))
print(load(cut, "@file.lua"))
print(load(cut, "plain name"))
print(load(cut, "=" .. string.rep("x", 80)))
-- readers: a byte at a time, big pieces, empty pieces
local function reader(s, size)
  local pos = 1
  return function()
    if pos > #s then return nil end
    local piece = s:sub(pos, pos + size - 1)
    pos = pos + size
    return piece
  end
end
for _, size in ipairs({1, 2, 3, 7, 64, 1000}) do
  local f = load(reader(d, size), "=r", "b")
  io.write(size, ":", f and f(41) or "nil", " ")
end
print()
print(load(reader(cut, 1), "=r"))
print(load(reader(d, 5), "=r", "t"))
local calls = 0
print(load(function() calls = calls + 1; if calls == 1 then return "\27" end return nil end, "=one byte"))
print(pcall(load, function() error("reader failed") end))
local n = 0
print(load(function() n = n + 1; if n == 1 then return d:sub(1, 10) end error("reader failed midway") end, "=r"))
-- loadstring-like use with trailing data
print(load(d .. "extra bytes after the chunk")(1))
