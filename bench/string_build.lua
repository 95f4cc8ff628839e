-- size: default 115, quick 1
-- String building: `..` in loops, table.concat of collected parts,
-- string.format with several conversions, and gsub with pattern, function
-- and table replacements; lengths and bytes of the results are folded into
-- a checksum. Repeated N times.
local N = tonumber(arg and arg[1]) or 115

local words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
               "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi"}

-- sum of the bytes of s sampled every `step` characters, plus its length
local function fold(s, step)
  local h = #s
  for i = 1, #s, step do h = (h * 31 + s:byte(i)) % 1000000007 end
  return h
end

-- 1. naive concatenation in a loop
local function concat_loop(n)
  local s = ""
  for i = 1, n do
    s = s .. words[i % #words + 1] .. ","
  end
  return s
end

-- 2. parts collected in a table, then joined
local function concat_parts(n)
  local parts = {}
  for i = 1, n do
    parts[#parts + 1] = words[(i * 7) % #words + 1]
    parts[#parts + 1] = tostring(i)
  end
  return table.concat(parts, " ")
end

-- 3. formatted report lines
local function format_report(n)
  local lines = {}
  for i = 1, n do
    local w = words[i % #words + 1]
    lines[i] = string.format("%-8s|%5d|%08.3f|%x|%X|%o|%e|%g|%s|%c",
      w, i * 37 - 500, i / 7, i * 4099, i * 257, i, i * 1.5, i / 3, w:upper(), 65 + i % 26)
  end
  return table.concat(lines, "\n")
end

-- 4. gsub with string, function and table replacements
local abbrev = {alpha = "A", beta = "B", gamma = "G", delta = "D", pi = "P"}
local function rewrite(text)
  local total = 0
  local s, c = text:gsub("(%a+)=(%d+)", "%2:%1")
  total = total + c
  s, c = s:gsub("%d+", function(d) return tostring(#d * 10 + tonumber(d) % 10) end)
  total = total + c
  s, c = s:gsub("%a+", abbrev)
  total = total + c
  s, c = s:gsub("(%w)(%w*)", function(first, rest)
    if #rest > 3 then return first:upper() .. rest:sub(1, 3) end
  end)
  total = total + c
  s, c = s:gsub("%s+", " ")
  return s, total + c
end

local function make_text(n)
  local parts = {}
  for i = 1, n do
    parts[i] = words[i % #words + 1] .. "=" .. (i * 13 % 1000) .. "  " .. words[(i * 5) % #words + 1]
  end
  return table.concat(parts, "\t")
end

local checksum = 0
local last = {}
for rep = 1, N do
  local a = concat_loop(400 + rep % 7)
  local b = concat_parts(3000 + rep)
  local c = format_report(600)
  local d, subs = rewrite(make_text(1200 + rep % 5))
  last = {#a, #b, #c, #d, subs}
  checksum = (checksum * 7 + fold(a, 3) + fold(b, 5) + fold(c, 2) + fold(d, 3) + subs) % 1000000007
end

print(string.format("lengths: loop %d, parts %d, format %d, gsub %d", last[1], last[2], last[3], last[4]))
print(string.format("substitutions in last round: %d", last[5]))
print(string.format("sample: %s", format_report(3):match("[^\n]*$")))
print(string.format("sample: %s", (rewrite(make_text(4)))))
print(string.format("checksum %d", checksum))
