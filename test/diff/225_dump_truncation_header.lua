-- every truncation of a chunk is "truncated chunk"; damaged headers get
-- lua5.4's messages
local function sample(a, ...)
  local t = {a, ...}
  local s = 0
  for i, v in ipairs(t) do s = s + i * v end
  local f = function(x) return x .. s end
  return f("sum="), #t
end
for _, strip in ipairs({false, true}) do
  local d = string.dump(sample, strip)
  local msgs, count = {}, 0
  for n = 1, #d - 1 do
    local f, e = load(d:sub(1, n), "=cut", "b")
    if f then print("loaded a prefix of", n) end
    if not msgs[e] then msgs[e] = true; count = count + 1; print(e) end
  end
  print(count, load(d, "=whole", "b")(1, 2, 3))
end
local d = string.dump(sample)
local function with(pos, byte) return d:sub(1, pos - 1) .. string.char(byte) .. d:sub(pos + 1) end
print(load("\27Lu", "=h"))
print(load("\27Lux", "=h"))
print(load("\27Lua", "=h"))
print(load(with(5, 0x53), "=h"))
print(load(with(5, 0x55), "=h"))
print(load(with(6, 0x37), "=h"))
for pos = 7, 12 do print(pos, load(with(pos, d:byte(pos) ~ 0x20), "=h")) end
print(load(with(13, 8), "=h"))
print(load(with(14, 4), "=h"))
print(load(with(15, 4), "=h"))
for pos = 16, 31 do print(pos, load(with(pos, d:byte(pos) ~ 1), "=h")) end
print(load("\27Lua\84\0garbage", "=h"))
print(load("\27Lua\84", "=h"))
