-- programs: a tiny JSON-like encoder/decoder round trip using byte-level parsing
local function encode(v)
  local t = type(v)
  if t == "nil" then return "null"
  elseif t == "boolean" then return tostring(v)
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return string.format("%.14g", v)
  elseif t == "string" then
    local out = {'"'}
    for i = 1, #v do
      local c = v:sub(i, i)
      if c == '"' then c = '\\"' elseif c == "\\" then c = "\\\\" elseif c == "\n" then c = "\\n" end
      out[#out + 1] = c
    end
    out[#out + 1] = '"'
    return table.concat(out)
  elseif t == "table" then
    if #v > 0 or next(v) == nil then
      local parts = {}
      for i = 1, #v do parts[i] = encode(v[i]) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = encode(k) .. ":" .. encode(v[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("cannot encode " .. t)
end
local function decode(s)
  local pos = 1
  local function ws() while s:sub(pos, pos) == " " do pos = pos + 1 end end
  local value
  local function str()
    pos = pos + 1
    local out = {}
    while true do
      local c = s:sub(pos, pos)
      if c == '"' then pos = pos + 1 break end
      if c == "\\" then
        pos = pos + 1
        c = s:sub(pos, pos)
        if c == "n" then c = "\n" end
      end
      out[#out + 1] = c
      pos = pos + 1
    end
    return table.concat(out)
  end
  function value()
    ws()
    local c = s:sub(pos, pos)
    if c == "{" then
      pos = pos + 1
      local obj = {}
      ws()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return obj end
      while true do
        ws()
        local k = str()
        ws(); pos = pos + 1
        obj[k] = value()
        ws()
        local d = s:sub(pos, pos); pos = pos + 1
        if d == "}" then return obj end
      end
    elseif c == "[" then
      pos = pos + 1
      local arr = {}
      ws()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return arr end
      while true do
        arr[#arr + 1] = value()
        ws()
        local d = s:sub(pos, pos); pos = pos + 1
        if d == "]" then return arr end
      end
    elseif c == '"' then return str()
    elseif s:sub(pos, pos + 3) == "true" then pos = pos + 4 return true
    elseif s:sub(pos, pos + 4) == "false" then pos = pos + 5 return false
    elseif s:sub(pos, pos + 3) == "null" then pos = pos + 4 return nil
    else
      local start = pos
      while pos <= #s and ("+-0123456789.eE"):find(s:sub(pos, pos), 1, true) do pos = pos + 1 end
      return tonumber(s:sub(start, pos - 1))
    end
  end
  return value()
end
local data = {name = "test \"q\"\nline", list = {1, 2.5, -3, true, false}, nested = {a = {b = {}}}, n = 1e20}
local enc = encode(data)
print(enc)
local dec = decode(enc)
print(encode(dec) == enc)
print(dec.name, dec.list[2], dec.list[4], dec.n)
