-- string.pack/unpack of c[n], s[n] and z; length prefixes of every size.
local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local function show(ok, ...)
  local t = table.pack(...)
  for i = 1, t.n do
    if type(t[i]) == "string" and ok then t[i] = "[" .. hex(t[i]) .. "]" end
  end
  print(ok, table.unpack(t, 1, t.n))
end

local function try(fmt, ...)
  local ok, r = pcall(string.pack, fmt, ...)
  show(ok, r)
  if ok then show(pcall(string.unpack, fmt, r)) end
end

for _, s in ipairs{"", "a", "hello", "with\0zero", ("x"):rep(255), ("y"):rep(256)} do
  for _, f in ipairs{"s", "s1", "s2", "<s3", ">s3", "s4", ">s8", "<s9", ">s16", "z", "c5", "c0", "c300"} do
    try(f, s)
  end
end

try("c3c3", "ab", "cd")
try("z z z", "a", "", "bc")
try("s1 z c2 s2", "one", "two", "th", "four")
try("c2", 12)
try("z", 12.5)
try("s", 2^63)
try("c", "x")

-- unpacking prefixes that claim too much, zero-terminated strings without end
show(pcall(string.unpack, "s1", "\3ab"))
show(pcall(string.unpack, "s1", "\2ab"))
show(pcall(string.unpack, ">s2", "\0\0"))
show(pcall(string.unpack, "s", ("\255"):rep(8) .. "ab"))
show(pcall(string.unpack, "s9", ("\0"):rep(8) .. "\1"))
show(pcall(string.unpack, "z", "abc"))
show(pcall(string.unpack, "z", "abc\0def"))
show(pcall(string.unpack, "zz", "abc\0def"))
show(pcall(string.unpack, "c4", "abc"))
show(pcall(string.unpack, "c3", "abc"))
