-- programs: deterministic serializer with sorted keys, nested tables and cycles detection
local function serialize(v, seen, indent)
  seen = seen or {}
  indent = indent or ""
  local t = type(v)
  if t == "string" then return string.format("%q", v)
  elseif t == "number" or t == "boolean" or t == "nil" then return tostring(v)
  elseif t == "table" then
    if seen[v] then return "<cycle>" end
    seen[v] = true
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      return a < b
    end)
    local parts = {}
    for _, k in ipairs(keys) do
      local ks = type(k) == "string" and k or "[" .. tostring(k) .. "]"
      parts[#parts + 1] = indent .. "  " .. ks .. " = " .. serialize(v[k], seen, indent .. "  ")
    end
    seen[v] = nil
    if #parts == 0 then return "{}" end
    return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
  else
    return "<" .. t .. ">"
  end
end
local data = {
  name = "test", list = {1, 2.5, "three", true}, nested = {a = {b = {c = "deep"}}},
  [10] = "ten", [1.5] = "float key", empty = {}, fn = print, quote = "say \"hi\"\n",
}
data.self = data
print(serialize(data))
