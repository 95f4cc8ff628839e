-- goto/repeat: until-expression scope, labels at block ends, goto continue in repeat
local i = 0
repeat
  i = i + 1
  local done = i >= 3
until done
print(i)
local out = {}
local k = 0
repeat
  k = k + 1
  if k % 2 == 0 then goto cont end
  out[#out + 1] = k
  ::cont::
until k >= 7
print(table.concat(out, " "))
print(load("repeat goto l; local x; ::l:: until x", "=r1"))
print(load("repeat local x; goto l; ::l:: until x", "=r2") ~= nil)
local f = load("local n = 0 repeat n = n + 1 local stop = n == 4 until stop return n", "=r3")
print(f())
local fns = {}
local j = 0
repeat
  j = j + 1
  local captured = j
  fns[j] = function() return captured end
until captured == 3
print(fns[1](), fns[2](), fns[3]())
while true do
  do
    goto exit
  end
end
::exit::
print("exited nested do")
do
  local a = 1
  goto l1
  ::l1::
  print(a)
end
