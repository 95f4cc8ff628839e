-- syntax: valid-but-unusual constructs compile; attribute and vararg errors
local ok = {
  "local a <const>, b <close> = 1, nil",
  "local function f(...) local a, b = ... return ... end",
  "return function(...) return select('#', ...) end",
  "a = {[1]=1, [2]=2; 3, x=4,}",
  "f{...}",
  "local t = {} t.x, t.y = 1, 2",
  "local x = - - - 1",
  "local x = not not not nil",
  "local s = [==[]]]==]",
  "return",
  "return;",
  ";",
  "do ; end",
  "local a = 1; ;; local b = 2",
  "a.b.c.d = 1",
  "a[b][c] = d",
  "f()()()",
  "f'x''y'",
  "f{}{}",
  "(f)()",
  "local x = (f)",
  "x = a and b or c",
  "for i = 1, 2 do end for i = 1, 2, 3 do end",
  "goto l; ::l::",
  "x = 0x1p4 + 1e-2 + .5",
  "function a.b.c:d() end",
  "x = {f()}",
  "if a then elseif b then elseif c then else end",
}
for i, src in ipairs(ok) do
  local f, err = load(src, "=ok")
  print(i, f ~= nil, err)
end
local bad = {
  "local a <close> = 1, b <close> = 2",
  "local a <close>, b <close> = 1, 2",
  "local a <> = 1",
  "local a <const = 1",
  "local function f() return ... end",
  "function a:b.c() end",
  "function a.b:c:d() end",
  "local x <const> = 1; x = 2",
  "local x <close> = nil; x = 2",
  "local a, b <const> = 1, 2; b = 3",
  "x = 1 == == 2",
  "x = a..b..",
  "x = f(a,)",
  "x = {,}",
  "x = {1,,2}",
}
for i, src in ipairs(bad) do
  local f, err = load(src, "=bad")
  print(i, err or "compiled")
end
