-- os.time(os.date("*t", t)) round trips for local time (TZ-independent check)
local base = os.time({year = 2001, month = 5, day = 17, hour = 12, min = 30, sec = 15})
for _, delta in ipairs({0, 1, 60, 3600, 86400, 86400 * 31, 86400 * 365}) do
  local t = base + delta
  local d = os.date("*t", t)
  print(delta, os.time(d) == t, d.sec, d.min)
end
local d = os.date("*t", base)
d.sec = d.sec + 100
print(os.time(d) - base)
d = os.date("*t", base)
d.day = d.day + 40
local t2 = os.time(d)
print(t2 > base, d.month, d.day)
print(pcall(os.date, "*t", 2^60))
