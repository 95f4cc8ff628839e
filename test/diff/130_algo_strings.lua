-- programs: string building, reversing words, palindromes, caesar cipher using byte/char
local function reverse_words(s)
  local words, cur = {}, {}
  for i = 1, #s do
    local c = s:sub(i, i)
    if c == " " then
      if #cur > 0 then words[#words + 1] = table.concat(cur) cur = {} end
    else cur[#cur + 1] = c end
  end
  if #cur > 0 then words[#words + 1] = table.concat(cur) end
  local r = {}
  for i = #words, 1, -1 do r[#r + 1] = words[i] end
  return table.concat(r, " ")
end
print(reverse_words("the quick brown fox  jumps"))
local function ispal(s)
  local clean = {}
  for i = 1, #s do
    local b = s:byte(i)
    if b >= 65 and b <= 90 then b = b + 32 end
    if b >= 97 and b <= 122 then clean[#clean + 1] = string.char(b) end
  end
  local c = table.concat(clean)
  return c == c:reverse()
end
print(ispal("A man, a plan, a canal: Panama"), ispal("hello"))
local function caesar(s, k)
  local out = {}
  for i = 1, #s do
    local b = s:byte(i)
    if b >= 97 and b <= 122 then b = (b - 97 + k) % 26 + 97
    elseif b >= 65 and b <= 90 then b = (b - 65 + k) % 26 + 65 end
    out[i] = string.char(b)
  end
  return table.concat(out)
end
local enc = caesar("Hello, World!", 3)
print(enc, caesar(enc, -3))
local function count_chars(s)
  local c = {}
  for i = 1, #s do local ch = s:sub(i, i) c[ch] = (c[ch] or 0) + 1 end
  local keys = {}
  for k in pairs(c) do keys[#keys + 1] = k end
  table.sort(keys)
  local r = {}
  for _, k in ipairs(keys) do r[#r + 1] = k .. c[k] end
  return table.concat(r, " ")
end
print(count_chars("mississippi"))
local buf = {}
for i = 1, 1000 do buf[#buf + 1] = string.format("%03d", i % 1000) end
local big = table.concat(buf, "|")
print(#big, big:sub(1, 23), big:sub(-11))
local hex = {}
for i = 1, 16 do hex[i] = string.format("%02x", (i * 37) % 256) end
print(table.concat(hex))
