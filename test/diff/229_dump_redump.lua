-- dump(load(dump(f))) is dump(f), plain and stripped; chunks differ with strip
local fns = {
  function() end,
  function(a, b, ...) local t = {a, b, ...} return #t end,
  function() local x = 1; return function() return x end end,
  function(s) return s:gsub("%a", string.upper) end,
  function() for k, v in pairs({}) do end local y <close> = nil return 1 end,
}
for i, f in ipairs(fns) do
  local plain, stripped = string.dump(f), string.dump(f, true)
  print(i, string.dump(load(plain)) == plain, string.dump(load(stripped), true) == stripped,
    string.dump(load(plain), true) == stripped, #stripped < #plain, plain ~= stripped)
end
local src = "local a = ...\nreturn function(b)\n  return a + b\nend\n"
local main = load(src, "=src")
local d = string.dump(main)
print(string.dump(load(d)) == d, load(d)(1)(2))
