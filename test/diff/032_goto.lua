-- goto: continue idiom, nested loop exit, backward goto loops, labels at block end
for i = 1, 5 do
  if i % 2 == 0 then goto continue end
  io.write(i, " ")
  ::continue::
end
print()
for i = 1, 3 do
  for j = 1, 3 do
    if i * j == 4 then goto out end
    io.write(i, ":", j, " ")
  end
end
::out::
print()
local k = 1
::top::
io.write(k, " ")
k = k + 1
if k <= 4 then goto top end
print()
do
  goto skip
  print("skipped")
  ::skip::
end
print("after skip")
local fs = {}
do
  local i = 1
  ::again::
  local x = i * 10
  fs[i] = function() return x end
  i = i + 1
  if i <= 3 then goto again end
end
print(fs[1](), fs[2](), fs[3]())
local function find(m, v)
  for i = 1, #m do
    for j = 1, #m[i] do
      if m[i][j] == v then
        goto found
      end
    end
  end
  do return nil end
  ::found::
  return "found " .. v
end
print(find({{1, 2}, {3, 4}}, 3), find({{1}}, 9))
while true do
  goto done
end
::done::
print("while exited")
repeat
  goto e
until false
::e::
print("repeat exited")
