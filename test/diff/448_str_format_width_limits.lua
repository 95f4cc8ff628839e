-- string.format width/precision limits (two digits), with every conversion
for _, spec in ipairs({"%99d", "%-99d", "%.99d", "%99.99f", "%99s", "%.99s", "%99x", "%99c", "%99g", "%99e", "%99a"}) do
  local arg = spec:find("[sc]$") and (spec:find("c$") and 65 or "str") or 1
  local ok, r = pcall(string.format, spec, arg)
  print(spec, ok, ok and #r or r)
end
for _, spec in ipairs({"%100d", "%.100d", "%1000s", "%0100d", "%-100s"}) do
  print(spec, pcall(string.format, spec, 1))
end
