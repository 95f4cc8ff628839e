-- programs: a goto-based state machine and a table-driven one give the same results
local function run_goto(input)
  local i, out = 1, {}
  local c
  ::start::
  if i > #input then goto done end
  c = input:sub(i, i)
  i = i + 1
  if c == "a" then goto in_a end
  out[#out + 1] = "S" .. c
  goto start
  ::in_a::
  if i > #input then out[#out + 1] = "A$" goto done end
  c = input:sub(i, i)
  i = i + 1
  if c == "b" then out[#out + 1] = "AB" goto start end
  if c == "a" then out[#out + 1] = "AA" goto in_a end
  out[#out + 1] = "A" .. c
  goto start
  ::done::
  return table.concat(out, ",")
end
local trans = {
  start = function(c) if c == "a" then return "in_a" end return "start", "S" .. c end,
  in_a = function(c)
    if c == "b" then return "start", "AB" end
    if c == "a" then return "in_a", "AA" end
    return "start", "A" .. c
  end,
}
local function run_table(input)
  local state, out = "start", {}
  for i = 1, #input do
    local ns, emit = trans[state](input:sub(i, i))
    if emit then out[#out + 1] = emit end
    state = ns
  end
  if state == "in_a" then out[#out + 1] = "A$" end
  return table.concat(out, ",")
end
for _, s in ipairs({"", "a", "ab", "xaby", "aab", "aaxa", "abcabc"}) do
  local g, t = run_goto(s), run_table(s)
  print(string.format("%-8s %-20s %s", "[" .. s .. "]", g, tostring(g == t)))
end
