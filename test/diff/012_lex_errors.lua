-- lexer: lexical errors reported by load
local cases = {
  "x = 'abc",
  "x = \"abc\ndef\"",
  "x = [[abc",
  "--[[ unfinished",
  "x = [==[ abc ]=]",
  "x = '\\q'",
  "x = '\\x4'",
  "x = '\\xZZ'",
  "x = '\\256'",
  "x = '\\u{110000000}'",
  "x = '\\u{80000000}'",
  "x = '\\u41'",
  "x = '\\u{41'",
  "x = '\\u{}'",
  "x = 3x",
  "x = 0x",
  "x = 1e",
  "x = 1.2.3",
  "x = 0xg",
  "x = 08a",
  "x = @",
  "x = $",
  "x = [=",
  "x = ~= 1",
  "x = 1 ` 2",
  "x = 'a\\\r\nb'",
}
for i, src in ipairs(cases) do
  local f, err = load(src, "=lex")
  print(i, type(f), err)
end
