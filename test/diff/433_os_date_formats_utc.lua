-- os.date with "!" and many strftime conversions across dates
local times = {0, 951825600, 1078099200, 1700000000, 253402300799}
local fmts = {"%c", "%x", "%X", "%y", "%Y", "%m", "%d", "%H", "%M", "%S", "%p", "%A", "%a", "%B", "%b", "%j", "%U", "%W", "%w", "%G", "%g", "%V", "%u", "%e", "%k" , "%l", "%s"}
for _, t in ipairs(times) do
  local row = {}
  for _, f in ipairs(fmts) do
    local ok, r = pcall(os.date, "!" .. f, t)
    row[#row + 1] = ok and r or "ERR"
  end
  print(t, table.concat(row, "|"))
end
local d = os.date("!*t", 951825600)
print(d.year, d.month, d.day, d.yday, d.wday)
print(os.date("!%Y-%m-%dT%H:%M:%SZ", 1e9), os.date("!%H:%M", 1e9 + 0.0))
