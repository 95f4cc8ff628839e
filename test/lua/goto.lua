-- self-check: goto and labels
local out = {}
for i = 1, 6 do
  if i % 2 == 0 then goto continue end
  out[#out + 1] = i
  ::continue::
end
assert(table.concat(out, ",") == "1,3,5")
local found
for i = 1, 5 do
  for j = 1, 5 do
    if i * j == 12 then found = i .. "x" .. j goto done end
  end
end
::done::
assert(found == "3x4")
local n = 0
::again::
n = n + 1
if n < 10 then goto again end
assert(n == 10)
do
  goto skip
  error("not skipped")
  ::skip::
end
local k = 0
while k < 10 do
  k = k + 1
  if k < 10 then goto cont end
  do break end
  ::cont::
end
assert(k == 10)
local f, e = load("goto nowhere", "=g")
assert(f == nil and e == "g:1: no visible label 'nowhere' for <goto> at line 1")
f, e = load("::a:: ::a::", "=g")
assert(f == nil and e == "g:1: label 'a' already defined on line 1")
f, e = load("goto f; local x; ::f:: print(x)", "=g")
assert(f == nil and e == "g:1: <goto f> at line 1 jumps into the scope of local 'x'")
assert(load("goto f; local x; ::f::") ~= nil)
f, e = load("break", "=g")
assert(f == nil and e:find("break outside loop", 1, true))
assert(load("do goto l end ::l::") ~= nil)
f = load("local r = {} for i = 1, 3 do repeat if i == 2 then goto c end r[#r+1] = i ::c:: until true end return table.concat(r)")
assert(f() == "13")
local closures = {}
do
  local i = 1
  ::loop::
  local x = i
  closures[i] = function() return x end
  i = i + 1
  if i <= 3 then goto loop end
end
assert(closures[1]() == 1 and closures[2]() == 2 and closures[3]() == 3)
print("OK goto")
