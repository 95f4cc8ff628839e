-- lexer: all short-string escape sequences, checked via bytes
local function bytes(s)
  local t = {}
  for i = 1, #s do t[#t + 1] = string.byte(s, i) end
  return #s .. ":" .. table.concat(t, ",")
end
print(bytes("\a\b\f\n\r\t\v"))
print(bytes("\\\"\'"))
print(bytes('\'"'))
print(bytes("\x41\x7a\xff\x00\x7F"))
print(bytes("\65\066\0677\0\255"))
print(bytes("\1\12\123\1234"))
print(bytes("a\z
      b"))
print(bytes("a\z   c"))
print(bytes("x\
y"))
print("tab\there", "quote\"d", 'single\'s')
print(bytes("\u{41}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}"))
print(bytes("\u{10000}\u{10FFFF}"))
print(bytes("\u{110000}"))
print(bytes("\u{1FFFFF}\u{200000}"))
print(bytes("\u{3FFFFFF}\u{4000000}"))
print(bytes("\u{7FFFFFFF}"))
print(bytes("\u{0}\u{000000041}"))
