-- os.date in UTC ("!" formats) for fixed times, every common conversion
local t0 = 86400 * 365 + 3600 * 5 + 61  -- 1971-01-01 05:01:01 UTC
for _, f in ipairs({"%Y-%m-%d %H:%M:%S", "%y %j %a %A %b %B", "%I %p %w %u", "%D %T %F", "%e|%C|%g|%G|%V|%U|%W", "%h %n%t%%", "%R %r"}) do
  print(f, os.date("!" .. f, t0))
end
for _, t in ipairs({0, 1, 59, 3600, 86399, 86400, 951782400, 1234567890, 2147483647, 4102444800, -1, -86400}) do
  print(t, os.date("!%Y-%m-%d %H:%M:%S %a %j", t))
end
local d = os.date("!*t", 1234567890)
local keys = {}
for k in pairs(d) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do io.write(k, "=", tostring(d[k]), " ") end
print()
local d2 = os.date("!*t", 0)
print(d2.year, d2.month, d2.day, d2.hour, d2.min, d2.sec, d2.wday, d2.yday, d2.isdst)
print(os.date("!", 0) == "", os.date("!%%", 0), type(os.date("!%c", 0)))
print(pcall(os.date, "!%Ez", 0))
print(pcall(os.date, "!%Q", 0))
print(pcall(os.date, "!%", 0))
print(pcall(os.date, "!%Y", "x"))
print(pcall(os.date, "!%Y", 1.5))
print(pcall(os.date, {}, 0))
print(os.date("!%Y", 2.0), os.date("!%H", "3600"))
