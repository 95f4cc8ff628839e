-- size: default 180, quick 1
-- json.lua — string scanning and building (string.find/sub/byte/format,
-- gsub with a function, table.concat), recursion, tables as records and
-- arrays: a JSON encoder and decoder written in Lua. A generated document
-- of nested objects and arrays, strings with escapes and UTF-8, integers
-- and floats is encoded (compact and indented) and round-tripped N times;
-- every round must reproduce the same text.
local N = tonumber(arg and arg[1]) or 180

local json = {}

-- JSON null, and a marker for tables that are arrays (so that [] and {}
-- both survive a round trip)
json.null = setmetatable({}, {__tostring = function() return "null" end})
local array_mt = {}
function json.array(t) return setmetatable(t or {}, array_mt) end

---------------------------------------------------------------- encoder

local escapes = {
  ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f',
  ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t',
}
local function escape_char(c)
  return escapes[c] or string.format("\\u%04x", c:byte())
end

local function encode_string(s)
  return '"' .. s:gsub('[%c"\\]', escape_char) .. '"'
end

local function encode_number(x)
  if x ~= x or x == math.huge or x == -math.huge then
    error("cannot encode " .. tostring(x))
  end
  if x == math.floor(x) and x >= -2^53 and x <= 2^53 then
    return string.format("%d", x)
  end
  return string.format("%.14g", x)
end

local encode_value

local function encode_table(t, buf, indent, depth)
  local nl, pad, inner = "", "", ""
  if indent then
    nl = "\n"
    pad = string.rep(indent, depth)
    inner = pad .. indent
  end
  if getmetatable(t) == array_mt then
    if #t == 0 then buf[#buf + 1] = "[]" return end
    buf[#buf + 1] = "[" .. nl
    for i = 1, #t do
      if i > 1 then buf[#buf + 1] = "," .. nl end
      buf[#buf + 1] = inner
      encode_value(t[i], buf, indent, depth + 1)
    end
    buf[#buf + 1] = nl .. pad .. "]"
  else
    local keys = {}
    for k in pairs(t) do
      if type(k) ~= "string" then error("object key is not a string") end
      keys[#keys + 1] = k
    end
    if #keys == 0 then buf[#buf + 1] = "{}" return end
    table.sort(keys)
    local colon = indent and ": " or ":"
    buf[#buf + 1] = "{" .. nl
    for i, k in ipairs(keys) do
      if i > 1 then buf[#buf + 1] = "," .. nl end
      buf[#buf + 1] = inner .. encode_string(k) .. colon
      encode_value(t[k], buf, indent, depth + 1)
    end
    buf[#buf + 1] = nl .. pad .. "}"
  end
end

function encode_value(v, buf, indent, depth)
  local t = type(v)
  if t == "string" then
    buf[#buf + 1] = encode_string(v)
  elseif t == "number" then
    buf[#buf + 1] = encode_number(v)
  elseif t == "boolean" then
    buf[#buf + 1] = v and "true" or "false"
  elseif v == json.null then
    buf[#buf + 1] = "null"
  elseif t == "table" then
    encode_table(v, buf, indent, depth)
  else
    error("cannot encode a " .. t)
  end
end

-- indent: nil for compact output, or the string to indent levels with
function json.encode(v, indent)
  local buf = {}
  encode_value(v, buf, indent, 0)
  return table.concat(buf)
end

---------------------------------------------------------------- decoder

local find, sub, byte, char = string.find, string.sub, string.byte, string.char

local unescapes = {
  ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f',
  n = '\n', r = '\r', t = '\t',
}

local function utf8_char(cp)
  if cp < 0x80 then return char(cp) end
  if cp < 0x800 then
    return char(0xC0 + math.floor(cp / 0x40), 0x80 + cp % 0x40)
  end
  if cp < 0x10000 then
    return char(0xE0 + math.floor(cp / 0x1000), 0x80 + math.floor(cp / 0x40) % 0x40,
                0x80 + cp % 0x40)
  end
  return char(0xF0 + math.floor(cp / 0x40000), 0x80 + math.floor(cp / 0x1000) % 0x40,
              0x80 + math.floor(cp / 0x40) % 0x40, 0x80 + cp % 0x40)
end

function json.decode(str)
  local pos = 1

  local function fail(what)
    error(string.format("JSON error at byte %d: %s", pos, what), 0)
  end

  local function skip_space()
    pos = find(str, "[^ \t\r\n]", pos) or #str + 1
  end

  local function parse_string()
    local i = pos + 1 -- after the opening quote
    local parts
    while true do
      local j = find(str, '["\\]', i)
      if not j then fail("unterminated string") end
      if byte(str, j) == 34 then -- the closing quote
        pos = j + 1
        if not parts then return sub(str, i, j - 1) end
        parts[#parts + 1] = sub(str, i, j - 1)
        return table.concat(parts)
      end
      parts = parts or {}
      parts[#parts + 1] = sub(str, i, j - 1)
      local c = sub(str, j + 1, j + 1)
      if c == "u" then
        local cp = tonumber(sub(str, j + 2, j + 5), 16)
        if not cp then fail("bad \\u escape") end
        i = j + 6
        if cp >= 0xD800 and cp < 0xDC00 and sub(str, i, i + 1) == "\\u" then
          local lo = tonumber(sub(str, i + 2, i + 5), 16)
          if lo and lo >= 0xDC00 and lo < 0xE000 then
            cp = 0x10000 + (cp - 0xD800) * 0x400 + (lo - 0xDC00)
            i = i + 6
          end
        end
        parts[#parts + 1] = utf8_char(cp)
      else
        local u = unescapes[c]
        if not u then fail("bad escape \\" .. c) end
        parts[#parts + 1] = u
        i = j + 2
      end
    end
  end

  local function parse_number()
    local s, e = find(str, "^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if not s then fail("bad number") end
    local x = tonumber(sub(str, s, e))
    if not x then fail("bad number") end
    pos = e + 1
    return x
  end

  local parse_value

  local function parse_array()
    pos = pos + 1
    local arr = json.array()
    skip_space()
    if byte(str, pos) == 93 then -- ]
      pos = pos + 1
      return arr
    end
    while true do
      arr[#arr + 1] = parse_value()
      skip_space()
      local c = byte(str, pos)
      pos = pos + 1
      if c == 93 then return arr end
      if c ~= 44 then fail("expected ',' or ']'") end
    end
  end

  local function parse_object()
    pos = pos + 1
    local obj = {}
    skip_space()
    if byte(str, pos) == 125 then -- }
      pos = pos + 1
      return obj
    end
    while true do
      skip_space()
      if byte(str, pos) ~= 34 then fail("expected a key") end
      local key = parse_string()
      skip_space()
      if byte(str, pos) ~= 58 then fail("expected ':'") end
      pos = pos + 1
      obj[key] = parse_value()
      skip_space()
      local c = byte(str, pos)
      pos = pos + 1
      if c == 125 then return obj end
      if c ~= 44 then fail("expected ',' or '}'") end
    end
  end

  local literals = {t = {"true", true}, f = {"false", false}, n = {"null", json.null}}

  function parse_value()
    skip_space()
    local c = sub(str, pos, pos)
    if c == "{" then return parse_object() end
    if c == "[" then return parse_array() end
    if c == '"' then return parse_string() end
    local lit = literals[c]
    if lit then
      local word = lit[1]
      if sub(str, pos, pos + #word - 1) ~= word then fail("bad literal") end
      pos = pos + #word
      return lit[2]
    end
    return parse_number()
  end

  local v = parse_value()
  skip_space()
  if pos <= #str then fail("trailing garbage") end
  return v
end

---------------------------------------------------------------- a generated document

local seed = 20240601
local function rand(n) -- Park-Miller minimal standard generator; 0 .. n-1
  seed = seed * 16807 % 2147483647
  return seed % n
end

local syllables = {
  "ka", "lo", "mi", "nu", "re", "sa", "to", "vi", "zen", "qua", "th", "ph",
  " ", " ", "-", "_", "\"", "\\", "\n", "\t", "/", "\1", "\127", "é", "€", "日本",
}

local function gen_string()
  local parts = {}
  for i = 1, 1 + rand(12) do parts[i] = syllables[1 + rand(#syllables)] end
  return table.concat(parts)
end

local function gen_number()
  local r = rand(5)
  if r == 0 then return rand(2000001) - 1000000 end
  if r == 1 then return (rand(2000001) - 1000000) / 1000 end
  if r == 2 then return (1 + rand(999)) * 1e-7 end
  if r == 3 then return (1 + rand(999)) * 1e20 end
  return rand(100)
end

local gen_value

local function gen_object(depth)
  local obj = {}
  for _ = 1, rand(8) do
    local key = rand(3) == 0 and gen_string() or ("key" .. rand(50))
    obj[key] = gen_value(depth)
  end
  return obj
end

local function gen_array(depth)
  local arr = json.array()
  for i = 1, rand(10) do arr[i] = gen_value(depth) end
  return arr
end

function gen_value(depth)
  local r = rand(10)
  if depth > 0 and r < 3 then return gen_object(depth - 1) end
  if depth > 0 and r < 5 then return gen_array(depth - 1) end
  if r < 7 then return gen_string() end
  if r < 9 then return gen_number() end
  if rand(3) == 0 then return json.null end
  return rand(2) == 0
end

local doc = {}
for i = 1, 12 do doc["item" .. i] = gen_object(5) end
doc.empty_array, doc.empty_object = json.array(), {}

---------------------------------------------------------------- round trips

local function count_nodes(v)
  if type(v) ~= "table" or v == json.null then return 1 end
  local n = 1
  for _, x in pairs(v) do n = n + count_nodes(x) end
  return n
end

local compact = json.encode(doc)
local pretty = json.encode(doc, "  ")

local nodes = 0
for round = 1, N do
  local text = round % 2 == 1 and compact or pretty
  local decoded = json.decode(text)
  if json.encode(decoded) ~= compact then error("round " .. round .. ": compact text differs") end
  if json.encode(decoded, "  ") ~= pretty then error("round " .. round .. ": indented text differs") end
  nodes = nodes + count_nodes(decoded)
end

-- escapes the encoder never writes
local special = json.decode('["\\u00e9\\u20AC\\ud83d\\ude00", "a\\/b\\u0041", -0.5e3, 1E2]')
local special_text = json.encode(special)
if special_text ~= '["é€😀","a/bA",-500,100]' then error("special: " .. special_text) end

local hash = 0
for i = 1, #compact do hash = (hash * 31 + byte(compact, i)) % 2147483647 end
print(string.format("compact %d bytes, indented %d bytes", #compact, #pretty))
print(string.format("nodes decoded %d", nodes))
print(string.format("checksum %d", hash))
