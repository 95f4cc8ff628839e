-- loadfile skips a first line starting with '#' and then loads what
-- follows, text or binary (a binary chunk after a "#!" line).
local file = os.tmpname()
local function write(...)
  local f = assert(io.open(file, "wb")); assert(f:write(...)); f:close()
end
write("#this is a comment for a binary file\0\n", string.dump(function() return 20, '\0\0\0' end))
local a, b, c = assert(loadfile(file))()
assert(a == 20 and b == "\0\0\0" and c == nil)
assert(loadfile(file, "b"))
assert(not loadfile(file, "t"))
write("#!/usr/bin/env tide\nreturn debug.getinfo(1, 'l').currentline")
assert(loadfile(file)() == 2)           -- line numbers keep counting the '#' line
write("\xEF\xBB\xBF# BOM and comment\nreturn 3")
assert(loadfile(file)() == 3)
assert(os.remove(file))
print("OK loadfile_comment")
