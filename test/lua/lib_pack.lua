-- lib_pack.lua: string.pack, string.unpack and string.packsize — every
-- option, alignment, endianness, limits and error messages. Must pass
-- under lua5.4 too (64-bit integers, 4-byte int, 8-byte long and size_t,
-- 2-byte short, little-endian host).

local pack, unpack, packsize = string.pack, string.unpack, string.packsize

local function eq(got, want, lvl)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), lvl or 2)
  end
end

local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local function unhex(h)
  return (h:gsub("%x%x", function(x) return string.char(tonumber(x, 16)) end))
end

-- pack(...) must give the bytes spelled by `want` (hex)
local function P(want, fmt, ...)
  eq(hex(pack(fmt, ...)), want, 3)
end

-- the error message of f(...) (pcall: no position prefix)
local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

-- all results of unpack as one string
local function U(fmt, data, init)
  local t = table.pack(unpack(fmt, data, init))
  for i = 1, t.n do t[i] = tostring(t[i]) end
  return table.concat(t, " ")
end

-- native sizes and endianness
eq(packsize("b"), 1); eq(packsize("h"), 2); eq(packsize("i"), 4)
eq(packsize("l"), 8); eq(packsize("j"), 8); eq(packsize("T"), 8)
eq(packsize("f"), 4); eq(packsize("d"), 8); eq(packsize("n"), 8)
eq(packsize("x"), 1); eq(packsize("!Xi8"), 0); eq(packsize("bXh"), 1)
eq(packsize(""), 0); eq(packsize("  <>=!"), 0)
eq(pack("=i4", 1), pack("<i4", 1))            -- little-endian host
eq(pack("i4", 1), pack("<i4", 1))

-- integers, both endiannesses
P("01", "b", 1); P("ff", "b", -1); P("80", "b", -128); P("7f", "b", 127)
P("ff", "B", 255); P("00", "B", 0)
P("3412", "<h", 0x1234); P("1234", ">h", 0x1234); P("ffff", "H", 0xffff)
P("78563412", "<i", 0x12345678); P("12345678", ">I", 0x12345678)
P("0100000000000000", "<j", 1)
P("0000000000000080", "<j", math.mininteger)
P("7fffffffffffffff", ">j", math.maxinteger)
P("ffffffffffffffff", "J", -1)
P("0800000000000000", "T", 8)
P("0100000000000000", "l", 1); P("feffffffffffffff", "L", -2)
-- odd sizes
P("000080", "<i3", -8388608); P("ffff7f", "<i3", 8388607)
P("563412", "<I3", 0x123456); P("123456", ">I3", 0x123456)
P("0102030405", ">i5", 0x0102030405)
P("ffffffffffffff", "i7", -1)
-- sizes past 8: sign extension for i, zero extension for I
P("ffffffffffffffffff", "<i9", -1)
P("ffffffffffffffff00", "<I9", -1)
P("00000000000000000000000000000001", ">i16", 1)
P("ffffffffffffffff8000000000000000", ">i16", math.mininteger)
P("00000000000000008000000000000000", ">I16", math.mininteger)
-- integer arguments: floats with exact values and numeric strings
P("0a", "b", 10.0); P("10", "b", "0x10"); P("0c", "B", " 12 ")

-- integer range checks (only below 8 bytes)
eq(err(pack, "i1", 128), "bad argument #2 to 'string.pack' (integer overflow)")
eq(err(pack, "i1", -129), "bad argument #2 to 'string.pack' (integer overflow)")
eq(err(pack, "i3", 8388608), "bad argument #2 to 'string.pack' (integer overflow)")
eq(err(pack, "i7", 1 << 55), "bad argument #2 to 'string.pack' (integer overflow)")
eq(err(pack, "I1", 256), "bad argument #2 to 'string.pack' (unsigned overflow)")
eq(err(pack, "I1", -1), "bad argument #2 to 'string.pack' (unsigned overflow)")
eq(err(pack, "bh", 1, 1 << 15), "bad argument #3 to 'string.pack' (integer overflow)")
eq(err(pack, "i", 1.5), "bad argument #2 to 'string.pack' (number has no integer representation)")
eq(err(pack, "j", 2^63), "bad argument #2 to 'string.pack' (number has no integer representation)")
eq(err(pack, "i", "x"), "bad argument #2 to 'string.pack' (number expected, got string)")
eq(err(pack, "i", {}), "bad argument #2 to 'string.pack' (number expected, got table)")
-- the first missing argument reads as nil, as in lua5.4
eq(err(pack, "i"), "bad argument #2 to 'string.pack' (number expected, got nil)")
eq(err(pack, "bbb", 1), "bad argument #3 to 'string.pack' (number expected, got nil)")
eq(err(pack, "c2000b", "x"), "bad argument #3 to 'string.pack' (number expected, got nil)")
eq(err(pack), "bad argument #1 to 'string.pack' (string expected, got no value)")
P("0100", "i2", 1, "extra", "args")

-- floats
P("0000c03f", "<f", 1.5); P("3fc00000", ">f", 1.5)
P("000000000000f83f", "<d", 1.5); P("3ff8000000000000", ">n", 1.5)
P("8000000000000000", ">d", -0.0)
P("0000807f", "<f", 1e300)                   -- rounds to infinity
P("000000000000f0ff", "<d", -math.huge)
P("0000803f", "f", "1")
eq(err(pack, "d", "x"), "bad argument #2 to 'string.pack' (number expected, got string)")
eq(select(1, unpack("<f", unhex("0000c03f"))), 1.5)
eq(select(1, unpack(">d", pack(">d", 0.1))), 0.1)
eq(math.type(unpack("d", pack("d", 3))), "float")
do local v = unpack("f", pack("f", 0/0)); assert(v ~= v) end
eq(1 / unpack(">d", pack(">d", -0.0)), -math.huge)

-- strings: fixed, length-prefixed, zero-terminated
P("616200", "c3", "ab"); P("", "c0", ""); P("616263", "c3", "abc")
P("026162", "s1", "ab"); P("00026162", ">s2", "ab")
P("02000000000000006162", "s", "ab")
P("02" .. ("00"):rep(15) .. "6162", "<s16", "ab")
P("616200", "z", "ab"); P("00", "z", "")
eq(err(pack, "c2", "abc"), "bad argument #2 to 'string.pack' (string longer than given size)")
eq(err(pack, "c0", "a"), "bad argument #2 to 'string.pack' (string longer than given size)")
eq(err(pack, "s1", ("x"):rep(256)),
   "bad argument #2 to 'string.pack' (string length does not fit in given size)")
eq(pack("s1", ("x"):rep(255)), "\255" .. ("x"):rep(255))
eq(err(pack, "z", "a\0b"), "bad argument #2 to 'string.pack' (string contains zeros)")
eq(err(pack, "c", "a"), "missing size for format option 'c'")
eq(err(pack, "s", nil), "bad argument #2 to 'string.pack' (string expected, got nil)")
P("3132", "c2", 12); P("31322e3500", "z", 12.5)

-- padding and alignment
P("0100", "bx", 1); P("00000001", "xxx>b", 1)
P("01000000020000006162", "!4 b s4", 1, "ab")
P("010000000000000002000000000000000000000000000000", "! b i16", 1, 2)
P("0100000000000000000000000000000002000000000000000000000000000000", "!16 b i16", 1, 2)
P("01000200000000000000", "!2 b j", 1, 2)
P("0100", "!2 b Xj", 1)
P("0100000000000000", "!bXi8", 1)
P("01", "bXi8", 1)                            -- no '!': nothing is aligned
P("0100000000000000", "!bxXi8", 1)
P("01", "!bXs1", 1); P("0100", "!bXs2", 1); P("01", "!bXx", 1)
P("0100000000002040", "!4 b f", 1, 2.5)
P("01000000000000000000000000000440", "! b d", 1, 2.5)
P("0161620003000000", "!4 b z i4", 1, "ab", 3)
P("01616200", "!4 b c2 b", 1, "ab", 0)       -- c is never aligned
P("0100000002000000", "!4 b >!4 <i4", 1, 2)
P("0102", "!8 b i1 ", 1, 2)
P("0100000000000000" .. "02000000", "!i8 i4", 1, 2)
eq(packsize("!4 b i2 i8"), 12); eq(packsize("!2 b i8"), 10)
eq(packsize("!hbHlLjJTfdnbBiIx"), 85); eq(packsize("hHlLjJTfdnbBiIx"), 75)
for _, f in ipairs{"!i3", "!i6b", "!3i4", "!i3i3", "!8 b Xi3 b"} do
  local e = err(packsize, f)
  assert(e == "bad argument #1 to 'string.packsize' (format asks for alignment not power of 2)", f)
end
eq(err(pack, "!3i4", 1), "bad argument #1 to 'string.pack' (format asks for alignment not power of 2)")
for _, f in ipairs{"X", "bX", "Xc1", "Xz", "X<i2", "XXi4", "X ", "X!4"} do
  eq(err(pack, "!" .. f, 1), "bad argument #1 to 'string.pack' (invalid next option for option 'X')")
end
eq(err(unpack, "X", ""), "bad argument #1 to 'string.unpack' (invalid next option for option 'X')")

-- format errors
eq(err(pack, "y"), "invalid format option 'y'")
eq(err(pack, "i17", 1), "integral size (17) out of limits [1,16]")
eq(err(pack, "i0", 1), "integral size (0) out of limits [1,16]")
eq(err(pack, "s17", ""), "integral size (17) out of limits [1,16]")
eq(err(pack, "!17"), "integral size (17) out of limits [1,16]")
eq(err(packsize, "!99"), "integral size (99) out of limits [1,16]")
eq(err(pack, "i99999999999", 1), "integral size (999999999) out of limits [1,16]")
eq(err(pack, "c99999999999", ""), "invalid format option '9'")
eq(err(packsize, "c2147483647"), "invalid format option '7'")
eq(err(pack, "b\1", 1), "invalid format option '\1'")
eq(err(pack, 12, 1), "invalid format option '1'")
P("01", "b\0b", 1, 2)                       -- the format ends at a zero byte

-- packsize
eq(packsize("c2147483639"), 2147483639)
eq(packsize("c2147483639c8"), 2147483647)
eq(err(packsize, "c2147483639c9"), "bad argument #1 to 'string.packsize' (format result too large)")
eq(err(packsize, "!8c2147483639i8"), "bad argument #1 to 'string.packsize' (format result too large)")
eq(err(packsize, "s"), "bad argument #1 to 'string.packsize' (variable-length format)")
eq(err(packsize, "bz"), "bad argument #1 to 'string.packsize' (variable-length format)")
eq(err(packsize, "i4s1"), "bad argument #1 to 'string.packsize' (variable-length format)")
for _, f in ipairs{"b", "<i3", ">I16", "!4 b i4 x h", "c10 d f", "! b Xj"} do
  eq(#pack(f, 0, 0, 0, 0), packsize(f))
end

-- unpack: values, next position, initial position
eq(U("<i2 >i2 =i2", "\1\2\1\2\1\2"), "513 258 513 7")
eq(U("b", "abc", 2), "98 3")
eq(U("b", "abc", -1), "99 4")
eq(U("b", "abc", -3), "97 2")
eq(U("b", "abc", -10), "97 2")
eq(U("b", "abc", 0), "97 2")
eq(U("b", "abc", math.mininteger), "97 2")
eq(U("", "abc", 4), "4"); eq(U("", "", 1), "1"); eq(U("", ""), "1")
eq(err(unpack, "", "abc", 5), "bad argument #3 to 'string.unpack' (initial position out of string)")
eq(err(unpack, "", "", 2), "bad argument #3 to 'string.unpack' (initial position out of string)")
eq(err(unpack, "b", "a", 3), "bad argument #3 to 'string.unpack' (initial position out of string)")
eq(err(unpack, "b", "abc", math.maxinteger), "bad argument #3 to 'string.unpack' (initial position out of string)")
eq(err(unpack, "b", "a", 1.5), "bad argument #3 to 'string.unpack' (number has no integer representation)")
eq(err(unpack, "b", "a", 2), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "i4", "abc"), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "x", ""), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "c3", "ab"), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "!4 b Xi4", "\1\0\0"), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "b"), "bad argument #2 to 'string.unpack' (string expected, got no value)")
eq(U("!4 b Xi4", "\1\0\0\0"), "1 5")
eq(U("!4 Xi4 b", "\0\0\0\0\9", 2), "9 6")     -- alignment counts from the data's start
eq(U("!4 b i4", "\1\0\0\0\7\0\0\0"), "1 7 9")
eq(U("<I3 >I3", unhex("563412123456")), "1193046 1193046 7")
eq(U("<i3", unhex("000080")), "-8388608 4")
eq(U("i7", unhex("ffffffffffffff")), "-1 8")
eq(U(">I8", ("\255"):rep(8)), "-1 9")
eq(U("B b", "\255\255"), "255 -1 3")
-- sizes past 8
eq(U(">i16", ("\255"):rep(16)), "-1 17")
eq(U(">I16", ("\0"):rep(8) .. ("\255"):rep(8)), "-1 17")
eq(U("<i9", unhex("0000000000000080ff")), "-9223372036854775808 10")
eq(err(unpack, "<i9", unhex("0000000000000080" .. "00")), "9-byte integer does not fit into Lua Integer")
eq(err(unpack, "<i9", unhex("0000000000000000" .. "01")), "9-byte integer does not fit into Lua Integer")
eq(err(unpack, "<I9", unhex("ffffffffffffffff" .. "ff")), "9-byte integer does not fit into Lua Integer")
eq(err(unpack, ">i16", ("\255"):rep(8) .. ("\0"):rep(8)), "16-byte integer does not fit into Lua Integer")
eq(err(unpack, ">I16", ("\0"):rep(7) .. "\1" .. ("\255"):rep(8)), "16-byte integer does not fit into Lua Integer")
eq(err(unpack, "s16", ("\255"):rep(16)), "16-byte integer does not fit into Lua Integer")
-- strings
eq(U("z z", "ab\0\0"), "ab  5")
eq(U("s1 c2", "\2abcd"), "ab cd 6")
eq(U(">s2", "\0\0"), " 3")
eq(err(unpack, "z", "abc"), "bad argument #2 to 'string.unpack' (unfinished string for format 'z')")
eq(err(unpack, "z", ""), "bad argument #2 to 'string.unpack' (unfinished string for format 'z')")
eq(err(unpack, "s1", "\5ab"), "bad argument #2 to 'string.unpack' (data string too short)")
eq(err(unpack, "s", ("\255"):rep(8) .. "ab"), "bad argument #2 to 'string.unpack' (data string too short)")
eq(U("c0 c0", ""), "  1")
-- padding items give no value
eq(U("x b x Xi2 b", "\0\5\0\7"), "5 7 5")   -- Xop consumes op
eq(select("#", unpack(("b"):rep(1000), ("x"):rep(1000))), 1001)
do
  local e = err(unpack, ("b"):rep(1000000), ("x"):rep(1000000))
  eq(e, "stack overflow (too many results)")
end
eq(select("#", unpack(("x"):rep(2000000), ("x"):rep(2000000))), 1)

-- method syntax on the format string
eq(("<i2"):pack(258), "\2\1")
eq(("<i2"):unpack("\2\1"), 258)
eq(("i4"):packsize(), 4)

-- round trips
do
  local ints = {0, 1, -1, 127, -128, 255, 32767, -32768, 65535, 2^31 - 1, -2^31,
                4294967295, math.maxinteger, math.mininteger, 0x0123456789abcdef}
  for _, e in ipairs{"<", ">"} do
    for size = 1, 16 do
      for _, v in ipairs(ints) do
        v = math.tointeger(v)
        local fits = size >= 8 or (-(1 << (size * 8 - 1)) <= v and v < (1 << (size * 8 - 1)))
        if fits then
          local s = pack(e .. "i" .. size, v)
          eq(#s, size)
          eq(unpack(e .. "i" .. size, s), v)
        end
        local ufits = size >= 8 or (v >= 0 and v < (1 << (size * 8)))
        if ufits then
          local s = pack(e .. "I" .. size, v)
          if size <= 8 then eq(unpack(e .. "I" .. size, s), v)
          elseif v >= 0 then eq(unpack(e .. "I" .. size, s), v) end
        end
      end
    end
  end
  local floats = {0.0, 1.5, -2.25, 1e300, -1e-300, math.huge, -math.huge, math.pi, 2^53}
  for _, e in ipairs{"<", ">", "="} do
    for _, v in ipairs(floats) do
      eq(unpack(e .. "d", pack(e .. "d", v)), v)
      eq(unpack(e .. "n", pack(e .. "n", v)), v)
    end
    eq(unpack(e .. "f", pack(e .. "f", 0.5)), 0.5)
    eq(unpack(e .. "f", pack(e .. "f", 1e39)), math.huge)
  end
  local fmt = "<b i3 !h j f d s1 z c5 x Xi8 J"  -- i3 before '!': unaligned
  local data = pack(fmt, -5, -70000, 300, math.mininteger, 0.25, -1.75, "ab", "zstr", "fixed", 77)
  local a, c, b, d, f, g, h, i, j, k, nxt = unpack(fmt, data)
  eq(a, -5); eq(b, 300); eq(c, -70000); eq(d, math.mininteger); eq(f, 0.25)
  eq(g, -1.75); eq(h, "ab"); eq(i, "zstr"); eq(j, "fixed"); eq(k, 77); eq(nxt, #data + 1)
  -- a long result (the buffer outgrows its inline part)
  local big = pack("s4 z c300", ("q"):rep(5000), ("w"):rep(3000), "e")
  eq(#big, 4 + 5000 + 3001 + 300)
  local s1, s2, s3 = unpack("s4 z c300", big)
  eq(s1, ("q"):rep(5000)); eq(s2, ("w"):rep(3000)); eq(s3, "e" .. ("\0"):rep(299))
end

-- errors raised mid-pack leave nothing behind; the next pack is clean
for i = 1, 200 do
  local ok = pcall(pack, "c1000 c1000 i1", "a", "b", 1000)
  assert(not ok)
end
P("2a", "b", 42)

print("OK lib_pack")
