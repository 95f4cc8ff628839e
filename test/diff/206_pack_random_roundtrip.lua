-- Randomized formats and values (a fixed linear congruential generator,
-- the same in every engine): packed bytes as hex, then unpacked values.
local seed = 20240601
local function rnd(n)            -- 0 .. n-1
  seed = (seed * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (seed >> 33) % n
end

local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local ints = {"b", "B", "h", "H", "i", "I", "l", "L", "j", "J", "T"}

local function item()
  local k = rnd(10)
  if k < 4 then
    if rnd(2) == 0 then return ints[rnd(#ints) + 1], "int"
    else
      local size = rnd(16) + 1
      return (rnd(2) == 0 and "i" or "I") .. size, "int", size
    end
  elseif k == 4 then return ({"f", "d", "n"})[rnd(3) + 1], "float"
  elseif k == 5 then return "s" .. (rnd(4) + 1), "str"
  elseif k == 6 then return "z", "str"
  elseif k == 7 then local n = rnd(6); return "c" .. n, "fix", n
  elseif k == 8 then return ({"<", ">", "=", "x", " ", "!", "!2", "!4", "!8"})[rnd(9) + 1]
  else return "X" .. ({"i2", "i4", "j", "h", "d"})[rnd(5) + 1] end
end

local function value(kind, size, opt)
  if kind == "int" then
    local bytes = size or string.packsize(opt)
    local unsigned = opt:match("^[BHILJT]") ~= nil
    if bytes >= 8 then return rnd(1 << 30) * (rnd(2) == 0 and 1 or -1) * (1 << rnd(33)) end
    local range = 1 << (bytes * 8)
    local v = rnd(range)
    if not unsigned then v = v - (range >> 1) end
    return v
  elseif kind == "float" then
    return (rnd(2000000) - 1000000) / (rnd(1000) + 1)
  elseif kind == "str" then
    local t = {}
    for i = 1, rnd(8) do t[i] = string.char(97 + rnd(26)) end
    return table.concat(t)
  elseif kind == "fix" then
    return ("abcdefgh"):sub(1, rnd(size + 1))
  end
end

for _ = 1, 300 do
  local parts, args = {}, {}
  for i = 1, rnd(6) + 1 do
    local opt, kind, size = item()
    parts[i] = opt
    if kind then args[#args + 1] = value(kind, size, opt) end
  end
  local fmt = table.concat(parts, " ")
  local ok, r = pcall(string.pack, fmt, table.unpack(args))
  if ok then
    local t = table.pack(pcall(string.unpack, fmt, r))
    for i = 1, t.n do
      if math.type(t[i]) == "float" then t[i] = string.format("%.17g", t[i]) end
    end
    print(fmt, hex(r), table.unpack(t, 1, t.n))
  else
    print(fmt, "error", r)
  end
end
