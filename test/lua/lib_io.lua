-- lib_io.lua: the io library. Must pass under lua5.4 too. Every file it
-- makes comes from os.tmpname() and is removed at the end.

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
  for i = 1, t.n do
    local v = t[i]
    t[i] = math.type(v) == "float" and string.format("%.14g.", v) or tostring(v)
  end
  return table.concat(t, ",")
end

local name = os.tmpname()
local other = os.tmpname()

local function put(s)
  local f = assert(io.open(name, "wb"))
  eq(f:write(s), f)
  f:close()
end

-- reads `...` from a file holding s; returns the results and what is left
local function reads(s, ...)
  put(s)
  local f = assert(io.open(name, "rb"))
  local r = list(f:read(...))
  local rest = f:read("a")
  f:close()
  return r .. "|" .. rest
end

-- ------------------------------------------------------------ handles
eq(io.type(io.stdout), "file")
eq(io.type(io.stdin), "file")
eq(io.type(io.stderr), "file")
eq(io.type(1), nil)
eq(io.type({}), nil)
eq(err(io.type), "bad argument #1 to 'io.type' (value expected)")
assert(tostring(io.stdout):match("^file %(0x%x+%)$"))
eq(list(io.stdout:close()), "nil,cannot close standard file")
eq(io.type(io.stdout), "file")                 -- still open
eq(list(io.stderr:close()), "nil,cannot close standard file")
eq(getmetatable(io.stdout).__name, "FILE*")
eq(type(getmetatable(io.stdout).__index.read), "function")
eq(io.stdout:flush(), true)
eq(io.flush(), true)

-- ------------------------------------------------------------ open
for _, m in ipairs{"w", "r", "rb", "rbb", "r+", "r+b", "a", "a+", "w+", "w+b", "ab"} do
  local f = io.open(name, m)
  eq(io.type(f), "file")
  eq(f:close(), true)
  eq(io.type(f), "closed file")
  eq(tostring(f), "file (closed)")
end
for _, m in ipairs{"", "+", "x", "rw", "rb+", "r+bx", "wt", "1"} do
  eq(err(io.open, name, m), "bad argument #2 to 'io.open' (invalid mode)")
end
eq(err(function() return io.open(name, "z") end), "bad argument #2 to 'open' (invalid mode)")
eq(err(io.open), "bad argument #1 to 'io.open' (string expected, got no value)")
eq(list(io.open("/nonexistent/file")), "nil,/nonexistent/file: No such file or directory,2")
eq(list(io.open("/", "w")), "nil,/: Is a directory,21")

-- ------------------------------------------------------------ write
do
  local f = assert(io.open(name, "w"))
  eq(f:write(), f)
  -- integers with %d, floats with %.14g (so 1.0 is written "1")
  eq(f:write("a", 1, " ", 2.5, " ", 1.0, " ", -0.0, " ", 1e300, " ", 2^63, " ",
             math.mininteger, " ", 0.1, "\n"), f)
  f:write(1/0, " ", -1/0, "\n")
  f:close()
  eq(io.open(name):read("a"),
     "a1 2.5 1 -0 1e+300 9.2233720368548e+18 -9223372036854775808 0.1\ninf -inf\n")
  f = io.open(name, "w")
  eq(err(function() f:write({}) end), "bad argument #1 to 'write' (string expected, got table)")
  eq(err(f.write, f, "x", nil), "bad argument #3 to '?' (string expected, got nil)")
  f:close()
  -- writing to a file open for reading fails with the C error
  f = io.open(name, "r")
  eq(list(f:write("x")), "nil,Bad file descriptor,9")
  f:close()
end

-- ------------------------------------------------------------ read formats
eq(reads("line1\nline2\n", "l"), "line1|line2\n")
eq(reads("line1\nline2\n"), "line1|line2\n")               -- default "l"
eq(reads("line1\nline2\n", "L"), "line1\n|line2\n")
eq(reads("line1\nline2\n", "*l", "*L"), "line1,line2\n|")    -- 5.3 style
eq(reads("line1\nline2", "l", "l", "l"), "line1,line2,nil|")
eq(reads("\n\nx", "l", "L", "l"), ",\n,x|")
eq(reads("a\0b\nc", "l"), "a\0b|c")                         -- NULs kept
eq(reads("a\r\nb", "l"), "a\r|b")
eq(reads(string.rep("x", 10000) .. "\ny", "l"):len(), 10002)
eq(reads("abc", "a"), "abc|")
eq(reads("abc", "a", "a"), "abc,|")                         -- "a" never fails
eq(reads("", "a"), "|")
eq(reads("", "l"), "nil|")
eq(reads("", "a", "l"), ",nil|")
eq(reads("abc", "all"), "abc|")                             -- only the letter counts
eq(reads("abcdef", 2, 3), "ab,cde|f")
eq(reads("abc", 2, 2, 2), "ab,c,nil|")
eq(reads("abc", 5), "abc|")
eq(reads("abc", 0), "|abc")                                 -- "" when not at EOF
eq(reads("", 0), "nil|")
eq(reads("abc", 3, 0), "abc,nil|")
eq(reads(string.rep("z", 100000), 99999):len(), 100001)
-- the first failure ends the read: later formats are not even checked
eq(reads("", "l", "x"), "nil|")
-- "n"
eq(reads("  42", "n"), "42|")
eq(reads("\n\t 42abc", "n"), "42|abc")
eq(reads("-0x10", "n"), "-16|")
eq(reads("0X1P-2", "n"), "0.25.|")
eq(reads("0x.8 0x1.8p1", "n", "n"), "0.5.,3.|")
eq(reads("1e+5x", "n"), "100000.|x")
eq(reads("1E2 1e-2 .5e1 +5 1.", "n", "n", "n", "n", "n"), "100.,0.01.,5.,5,1.|")
eq(reads("1 2 3", "n", "n", "n", "n"), "1,2,3,nil|")
eq(reads("12 34", "n", 1, "n"), "12, ,34|")
eq(reads("9223372036854775807 9223372036854775808", "n", "n"),
   "9223372036854775807,9.2233720368548e+18.|")
eq(reads("0xffffffffffffffff", "n"), "-1|")
-- not a number: nil, and what was read stays consumed
eq(reads("1e", "n"), "nil|")
eq(reads("0e", "n"), "nil|")
eq(reads(".", "n"), "nil|")
eq(reads("-", "n"), "nil|")
eq(reads("--1", "n"), "nil|-1")
eq(reads("0x", "n"), "nil|")
eq(reads("00x1", "n"), "0|x1")
eq(reads("1..2", "n"), "1.|.2")
eq(reads("e5", "n"), "nil|e5")
eq(reads("inf nan", "n"), "nil|inf nan")
eq(reads("abc", "n", "l"), "nil|abc")
eq(reads("0x 1e 0xAg +.e5 abc", "n", "n"), "nil| 1e 0xAg +.e5 abc")
-- at most 200 characters of a numeral
eq(reads(string.rep("1", 200), "n"), "1.1111111111111e+199.|")
eq(reads(string.rep("1", 201), "n"), "nil|1")
eq(reads(string.rep("0", 198) .. "1e5", "n"), "nil|5")
-- bad formats
put("data")
do
  local f = io.open(name)
  eq(err(function() return f:read("x") end), "bad argument #1 to 'read' (invalid format)")
  eq(err(function() return f:read(0, "") end), "bad argument #2 to 'read' (invalid format)")
  eq(err(function() return f:read("*") end), "bad argument #1 to 'read' (invalid format)")
  eq(err(function() return f:read({}) end), "bad argument #1 to 'read' (string expected, got table)")
  eq(err(function() return f:read(1.5) end), "bad argument #1 to 'read' (number has no integer representation)")
  eq(err(function() return f.read(f, "?") end), "bad argument #2 to 'read' (invalid format)")
  eq(f:read("a"), "data")
  f:close()
  eq(err(function() return f:read() end), "attempt to use a closed file")
  eq(err(function() return f:write("x") end), "attempt to use a closed file")
  eq(err(function() return f:lines() end), "attempt to use a closed file")
  eq(err(function() return f:seek() end), "attempt to use a closed file")
  eq(err(function() return f:flush() end), "attempt to use a closed file")
  eq(err(function() return f:setvbuf("no") end), "attempt to use a closed file")
  eq(err(function() return f:close() end), "attempt to use a closed file")
  eq(err(io.close, f), "attempt to use a closed file")
  eq(err(function() return io.stdout.read(1) end), "bad argument #1 to 'read' (FILE* expected, got number)")
end
-- a directory opens for reading but reads fail with the C error
do
  local d = io.open("/")
  if d then                                  -- (Linux allows this)
    eq(list(d:read("a")), "nil,Is a directory,21")
    eq(list(d:read("l", "n")), "nil,Is a directory,21")
    eq(err(function() for _ in d:lines() do end end), "Is a directory")
    d:close()
  end
end

-- ------------------------------------------------------------ seek, setvbuf
do
  local f = assert(io.open(name, "w+"))
  f:write("0123456789")
  eq(f:seek(), 10)
  eq(f:seek("set"), 0)
  eq(f:seek("set", 2), 2)
  eq(f:read(3), "234")
  eq(f:seek("cur"), 5)
  eq(f:seek("cur", -1), 4)
  eq(f:seek("end"), 10)
  eq(f:seek("end", -3), 7)
  eq(f:read("a"), "789")
  eq(list(f:seek("set", -1)), "nil,Invalid argument,22")
  eq(err(function() return f:seek("bad") end), "bad argument #1 to 'seek' (invalid option 'bad')")
  eq(err(function() return f:seek("set", 1.5) end),
     "bad argument #2 to 'seek' (number has no integer representation)")
  eq(f:setvbuf("no"), true)
  eq(f:setvbuf("full", 1024), true)
  eq(f:setvbuf("line"), true)
  eq(err(function() return f:setvbuf() end), "bad argument #1 to 'setvbuf' (string expected, got no value)")
  eq(err(function() return f:setvbuf("all") end), "bad argument #1 to 'setvbuf' (invalid option 'all')")
  eq(f:flush(), true)
  f:close()
end
-- append modes write at the end
do
  put("one\n")
  local f = io.open(name, "a+")
  f:write("two\n")
  f:seek("set")
  eq(f:read("a"), "one\ntwo\n")
  f:close()
end

-- ------------------------------------------------------------ lines
put("a\nbb\n\nccc")
do
  local t = {}
  for l in io.lines(name) do t[#t + 1] = l end
  eq(table.concat(t, "|"), "a|bb||ccc")
  t = {}
  for l in io.lines(name, "L") do t[#t + 1] = l end
  eq(table.concat(t, "|"), "a\n|bb\n|\n|ccc")
  t = {}
  for a, b in io.lines(name, 1, "l") do t[#t + 1] = a .. "." .. tostring(b) end
  eq(table.concat(t, "|"), "a.|b.b|\n.ccc")
  t = {}
  for c in io.lines(name, 2) do t[#t + 1] = c end
  eq(table.concat(t, "|"), "a\n|bb|\n\n|cc|c")
  -- io.lines returns the file as a fourth, to-be-closed value
  local it, s, c, f = io.lines(name)
  eq(type(it), "function"); eq(s, nil); eq(c, nil); eq(io.type(f), "file")
  eq(it(), "a")
  f:close()
  eq(err(it), "file is already closed")
  -- closed at the end of the loop, on break, and on error
  it, s, c, f = io.lines(name)
  for _ in it, s, c, f do end
  eq(io.type(f), "closed file")
  it, s, c, f = io.lines(name)
  for l in it, s, c, f do break end
  eq(io.type(f), "closed file")
  it, s, c, f = io.lines(name)
  eq(pcall(function() for l in it, s, c, f do error("x") end end), false)
  eq(io.type(f), "closed file")
  it, s, c, f = io.lines(name)
  while it() do end
  eq(io.type(f), "closed file")                  -- at EOF, even without a loop
  eq(err(io.lines, "/nonexistent/file"), "cannot open file '/nonexistent/file' (No such file or directory)")
  eq(err(function() for l in io.lines(name, "x") do end end),
     "bad argument #2 to 'for iterator' (invalid format)")
  eq(err(function() for l in io.lines(name, "l", "x") do end end),
     "bad argument #3 to 'for iterator' (invalid format)")
  local many = {}
  for i = 1, 251 do many[i] = "l" end
  eq(err(io.lines, name, table.unpack(many)), "bad argument #252 to 'io.lines' (too many arguments)")
  -- file:lines leaves the file open
  local g = io.open(name)
  local n = 0
  for l in g:lines() do n = n + 1 end
  eq(n, 4)
  eq(io.type(g), "file")
  eq(g:read("a"), "")
  g:seek("set")
  t = {}
  for x in g:lines("n") do t[#t + 1] = x end   -- "a" is not a number: stops
  eq(#t, 0)
  eq(g:read("l"), "a")
  eq(err(function() for l in g:lines() do g:close() end end), "file is already closed")
end
-- numbers through lines
put("1 2 3\n4")
do
  local t = {}
  for a in io.lines(name, "n") do t[#t + 1] = a end
  eq(table.concat(t, ","), "1,2,3,4")
end

-- ------------------------------------------------------------ <close>
do
  local saved
  do
    local f <close> = assert(io.open(name))
    saved = f
    eq(io.type(f), "file")
  end
  eq(io.type(saved), "closed file")
  do local s <close> = io.stdout end   -- refusing to close is not an error
  eq(io.type(io.stdout), "file")
end

-- ------------------------------------------------------------ defaults
do
  eq(io.output(), io.stdout)
  eq(io.input(), io.stdin)
  local f = assert(io.open(other, "w"))
  eq(io.output(f), f)
  eq(io.output(), f)
  eq(io.write("x", 1, 2.0, "\n"), f)
  eq(io.flush(), true)
  eq(io.close(), true)                       -- closes the default output
  eq(io.type(f), "closed file")
  eq(err(io.write, "x"), "default output file is closed")
  eq(err(io.flush), "default output file is closed")
  eq(err(io.close), "attempt to use a closed file")
  eq(err(io.output, f), "attempt to use a closed file")
  eq(err(io.input, {}), "bad argument #1 to 'io.input' (FILE* expected, got table)")
  io.output(other)                           -- by name: opened for writing
  eq(io.type(io.output()), "file")
  io.write("second\n")
  io.output():close()
  io.output(io.stdout)
  eq(io.output(), io.stdout)

  io.input(other)                            -- by name: opened for reading
  eq(io.read(), "second")
  eq(io.read(), nil)
  io.input():close()
  eq(err(io.read), "default input file is closed")
  eq(err(io.lines), "attempt to use a closed file")
  eq(err(io.input, "/nonexistent/file"), "cannot open file '/nonexistent/file' (No such file or directory)")
  eq(err(io.output, "/nonexistent/dir/x"), "cannot open file '/nonexistent/dir/x' (No such file or directory)")
  -- io.lines() and io.read read the default input, which stays open
  put("l1\nl2\n")
  local g = io.open(name)
  io.input(g)
  eq(io.read("L"), "l1\n")
  local t = {}
  for l in io.lines() do t[#t + 1] = l end
  eq(table.concat(t), "l2")
  eq(io.type(g), "file")
  eq(io.read("a"), "")
  eq(io.read("l"), nil)
  eq(err(io.read, "x"), "bad argument #1 to 'io.read' (invalid format)")
  eq(err(function() return io.read("x") end), "bad argument #1 to 'read' (invalid format)")
  g:close()
  io.input(io.stdin)
  eq(err(function() return io.write({}) end), "bad argument #1 to 'write' (string expected, got table)")
end

-- ------------------------------------------------------------ popen, tmpfile
do
  local p = io.popen("echo hello; echo world")
  eq(io.type(p), "file")
  eq(p:read("l"), "hello")
  eq(p:read("a"), "world\n")
  eq(list(p:close()), "true,exit,0")
  eq(list(io.popen("exit 7"):close()), "nil,exit,7")
  eq(list(io.popen("kill -9 $$"):close()), "nil,signal,9")
  local w = io.popen("cat > '" .. other .. "'", "w")
  w:write("from popen\n")
  eq(list(w:close()), "true,exit,0")
  eq(io.open(other):read("a"), "from popen\n")
  eq(err(io.popen, "true", "rw"), "bad argument #2 to 'io.popen' (invalid mode)")
  eq(err(io.popen, "true", "r+"), "bad argument #2 to 'io.popen' (invalid mode)")
  local t = io.tmpfile()
  eq(io.type(t), "file")
  t:write("tmp data")
  eq(t:seek("set"), 0)
  eq(t:read("a"), "tmp data")
  eq(t:seek("end", -4), 4)
  eq(t:read(2), "da")
  eq(t:close(), true)
end

-- ------------------------------------------------------------ memory per line
-- Reading a short line allocates nothing but the line: a 4 KiB read
-- buffer per line made 2000 lines cost 8 MB of garbage.
do
  local f = io.open(other, "w")
  for i = 1, 2000 do f:write("line ", i, "\n") end
  f:close()
  collectgarbage(); collectgarbage("stop")
  local before, n = collectgarbage("count"), 0
  for l in io.lines(other) do n = n + #l end
  local grew = collectgarbage("count") - before
  collectgarbage("restart")
  eq(n, 2000 * 5 + 6893)
  assert(grew < 500, "io.lines allocated " .. grew .. " KiB for 2000 short lines")
  local long = string.rep("x", 10000)
  f = io.open(other, "w"); f:write(long, "\nshort\n", long); f:close()
  f = io.open(other)
  eq(f:read("l"), long); eq(f:read("L"), "short\n"); eq(f:read("l"), long); eq(f:read("l"), nil)
  f:close()
end

eq(os.remove(name), true)
eq(os.remove(other), true)
print("OK lib_io")
