-- lexer: \u{} escapes of all UTF-8 lengths, via string.byte
local function show(s)
  io.write(#s, ":")
  for i = 1, #s do io.write(string.format(" %02X", s:byte(i))) end
  io.write("\n")
end
show("\u{0}")
show("\u{7f}")
show("\u{80}")
show("\u{e9}")
show("\u{20AC}")
show("\u{1F600}")
show("\u{10FFFF}")
show("\u{110000}")
show("\u{7FFFFFF}")
show("\u{7FFFFFFF}")
show("\u{00000000000041}")
show("caf\u{E9}")
