-- utf8 strict vs lax decoding of surrogates and large code points in every function
local cases = {"\u{D7FF}", "\u{D800}", "\u{DFFF}", "\u{E000}", "\u{FFFF}", "\u{10FFFF}", "\u{110000}", "\u{3FFFFFF}", "\u{7FFFFFFF}"}
for _, s in ipairs(cases) do
  local strict = {pcall(utf8.codepoint, s)}
  local lax = {pcall(utf8.codepoint, s, 1, 1, true)}
  local cs, cl = 0, 0
  pcall(function() for _ in utf8.codes(s) do cs = cs + 1 end end)
  pcall(function() for _ in utf8.codes(s, true) do cl = cl + 1 end end)
  print(#s, tostring(strict[2]), tostring(lax[2]), tostring(utf8.len(s)), tostring(utf8.len(s, 1, -1, true)), cs, cl)
end
