-- lib_os.lua: the os library. Must pass under lua5.4 too. Dates are
-- checked in UTC ("!") or against each other, so any TZ will do.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return (string.gsub(e, "^[^:]*:%d+: ", ""))  -- drop the position
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

local function list(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  return table.concat(t, ",")
end

-- os.time / os.date round trips
local now = os.time()
eq(math.type(now), "integer")
eq(os.time(os.date("*t", now)), now)
eq(os.time(nil) >= now, true)
eq(os.date("!%Y-%m-%d %H:%M:%S", 0), "1970-01-01 00:00:00")
eq(os.date("!%c", 0), "Thu Jan  1 00:00:00 1970")
eq(os.date("!%x %X %p %D %e %j %y %C", 0), "01/01/70 00:00:00 AM 01/01/70  1 001 70 19")
eq(os.date("!%g %G %V %u %w %a %A %b %B %h", 0), "70 1970 01 4 4 Thu Thursday Jan January Jan")
eq(os.date("!%n%t%%|%F %R %T %I %M %S %U %W", 1700000000),
   "\n\t%|2023-11-14 22:13 22:13:20 10 13 20 46 46")
eq(os.date("!%Ec|%EC|%Ex|%EX|%Ey|%EY", 0), "Thu Jan  1 00:00:00 1970|19|01/01/70|00:00:00|70|1970")
eq(os.date("!%Od %Oe %OH %OI %Om %OM %OS %Ou %OU %OV %Ow %OW %Oy", 0),
   "01  1 00 12 01 00 00 4 00 01 4 00 70")
eq(os.date("!abc\0def", 0), "abc\0def")
eq(os.date("", 0), "")
eq(type(os.date()), "string")
do
  local t = os.date("!*t", 1700000000)
  eq(list(t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.isdst),
     "2023,11,14,22,13,20,3,318,false")
  t = os.date("*t", 1700000000)
  eq(type(t.isdst), "boolean")
  eq(os.time(t), 1700000000)
end
for _, bad in ipairs{"%E", "%Ea", "%O", "%Oz", "%5d", "%-d", "%#c", "%i", "%k", "%s", "%P"} do
  eq(err(os.date, bad, 0), "bad argument #1 to 'os.date' (invalid conversion specifier '" .. bad .. "')")
end
-- the message quotes the format from the bad conversion on, as Lua does
eq(err(os.date, "%Y-%Ez abc", 0), "bad argument #1 to 'os.date' (invalid conversion specifier '%Ez abc')")
eq(err(os.date, "x%", 0), "bad argument #1 to 'os.date' (invalid conversion specifier '%')")
eq(err(os.date, "*t", 1.5), "bad argument #2 to 'os.date' (number has no integer representation)")
eq(err(os.date, "%c", "x"), "bad argument #2 to 'os.date' (number expected, got string)")
eq(err(os.date, {}), "bad argument #1 to 'os.date' (string expected, got table)")
eq(err(os.date, "*t", 1 << 60), "date result cannot be represented in this installation")

-- os.time with a table: required fields, defaults, normalisation
eq(err(os.time, {}), "field 'year' missing in date table")
eq(err(os.time, {year = 2000}), "field 'month' missing in date table")
eq(err(os.time, {year = 2000, month = 1}), "field 'day' missing in date table")
eq(err(os.time, {year = 2000, month = 1, day = 1, hour = "x"}), "field 'hour' is not an integer")
eq(err(os.time, {year = 2000, month = 1, day = 1.5}), "field 'day' is not an integer")
eq(err(os.time, {year = 2000, month = 1, day = 1, min = {}}), "field 'min' is not an integer")
eq(err(os.time, {year = 2000, month = 1, day = 1, hour = 1 << 40}), "field 'hour' is out-of-bound")
eq(err(os.time, {year = (1 << 31) + 1900, month = 1, day = 1}), "field 'year' is out-of-bound")
eq(err(os.time, {year = -(1 << 31) + 1899, month = 1, day = 1}), "field 'year' is out-of-bound")
eq(err(os.time, 1), "bad argument #1 to 'os.time' (table expected, got number)")
do
  local base = os.time{year = 2000, month = 1, day = 1, hour = 0}
  eq(os.time{year = 2000, month = 1, day = 2, hour = 0} - base, 86400)
  eq(os.time{year = 2000, month = 1, day = 1} - base, 12 * 3600)  -- hour defaults to 12
  eq(os.time{year = 2000, month = 1, day = 1, hour = 0, min = 1, sec = 1} - base, 61)
  eq(os.time{year = "2000", month = 1.0, day = "0x1", hour = 0} - base, 0)  -- convertible values
  -- normalisation, and the table is updated with the normalised fields
  local t = {year = 2021, month = 2, day = 29, hour = 0}
  os.time(t)
  eq(list(t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday),
     "2021,3,1,0,0,0,2,60")
  t = {year = 2000, month = 14, day = 35, hour = 25}
  os.time(t)
  eq(list(t.year, t.month, t.day, t.hour), "2001,3,8,1")
  eq(type(t.isdst), "boolean")
  -- fields are read with metamethods
  local mt = setmetatable({}, {__index = function(_, k) return k == "year" and 2020 or 1 end})
  eq(os.time(mt), os.time{year = 2020, month = 1, day = 1, hour = 1, min = 1, sec = 1,
                          isdst = true})
end

-- difftime, clock
eq(os.difftime(10, 3), 7.0)
eq(math.type(os.difftime(10, 3)), "float")
eq(err(os.difftime, 1), "bad argument #2 to 'os.difftime' (number expected, got no value)")
eq(err(os.difftime, 1.5, 1), "bad argument #1 to 'os.difftime' (number has no integer representation)")
do
  local c = os.clock()
  eq(math.type(c), "float")
  local x = 0
  for i = 1, 100000 do x = x + i end
  assert(os.clock() >= c)
end

-- getenv
eq(os.getenv("TIDE_SURELY_NOT_SET_42"), nil)
eq(err(os.getenv), "bad argument #1 to 'os.getenv' (string expected, got no value)")

-- tmpname, rename, remove
do
  local a = os.tmpname()
  assert(a:match("^/tmp/lua_"))
  local f = assert(io.open(a, "r"))       -- the name is taken: the file exists
  f:close()
  local b = a .. ".renamed"
  eq(os.rename(a, b), true)
  eq(list(io.open(a)), "nil," .. a .. ": No such file or directory,2")
  eq(list(os.rename(a, b)), "nil,No such file or directory,2")
  eq(os.remove(b), true)
  eq(list(os.remove(b)), "nil," .. b .. ": No such file or directory,2")
  eq(err(os.remove), "bad argument #1 to 'os.remove' (string expected, got no value)")
  eq(err(os.rename, "x"), "bad argument #2 to 'os.rename' (string expected, got no value)")
  local c, d = os.tmpname(), os.tmpname()
  assert(c ~= d)
  eq(os.remove(c), true)
  eq(os.remove(d), true)
end

-- execute
eq(os.execute(), true)
eq(list(os.execute("true")), "true,exit,0")
eq(list(os.execute("exit 3")), "nil,exit,3")
eq(list(os.execute("kill -9 $$")), "nil,signal,9")

-- exit, in a child interpreter (this one)
do
  local interp = arg and arg[-1]
  if interp then
    local function run(code)
      local p = io.popen("'" .. interp .. "' -e '" .. code .. "' 2>&1")
      local out = p:read("a")
      return out, select(3, p:close())
    end
    eq(list(run("io.write(1); os.exit(3)")), "1,3")
    eq(list(run("io.write(2); os.exit(true)")), "2,0")
    eq(list(run("io.write(3); os.exit(false)")), "3,1")
    eq(list(run("io.write(4); os.exit()")), "4,0")
    eq(list(run("io.stdout:setvbuf(\"full\") io.write(5) os.exit(0)")), "5,0")
    -- close = true closes the state first: pending to-be-closed variables run
    eq(list(run("local x <close> = setmetatable({}, {__close = function() io.write(\"c\") end}) os.exit(0, true)")),
       "c,0")
  end
end

-- setlocale
eq(os.setlocale(), "C")
eq(os.setlocale(nil, "numeric"), "C")
for _, cat in ipairs{"all", "collate", "ctype", "monetary", "numeric", "time"} do
  eq(os.setlocale("C", cat), "C")
end
eq(os.setlocale("surely-not-a-locale"), nil)
eq(err(os.setlocale, nil, "bad"), "bad argument #2 to 'os.setlocale' (invalid option 'bad')")

print("OK lib_os")
