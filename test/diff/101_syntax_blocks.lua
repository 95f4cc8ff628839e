-- syntax errors: 'end' expected (to close ... at line N), unmatched blocks, <eof> expected
local cases = {
  "function f()\n  local x = 1\n",
  "if a then\n\n  b()\nelse\n",
  "while x do\n\n\n",
  "for i = 1, 2 do\n",
  "for k, v in pairs(t) do\n",
  "do\n  do\n  end\n",
  "repeat\n  x = 1\n",
  "local f = function()\n  return 1\n",
  "if a then elseif b then\n",
  "end",
  "x = 1 end",
  "until x",
  "else",
  "return 1;;",
  "return 1; x = 2",
  "f() = 1",
  "x = (1",
  "x = {\n\n",
  "x = \"abc",
  "x = [[\nabc",
  "--[[\ncomment",
  "x = 1\n\n\n\n+",
  "local t = {\n  a = 1,\n  b = 2\n  c = 3\n}",
  "print('a'\n'b')",
}
for i, src in ipairs(cases) do
  local f, err = load(src, "=blk")
  print(i, err or "compiled")
end
