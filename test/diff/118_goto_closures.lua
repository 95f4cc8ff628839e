-- goto: closures created in a goto-loop capture fresh locals; goto out of nested blocks
local fs = {}
local i = 1
::top::
do
  local j = i
  fs[#fs + 1] = function() return j end
end
i = i + 1
if i <= 3 then goto top end
print(fs[1](), fs[2](), fs[3]())
local gs = {}
do
  local k = 0
  ::loop::
  local captured = k * k
  gs[#gs + 1] = function() captured = captured + 1 return captured end
  k = k + 1
  if k < 3 then goto loop end
end
print(gs[1](), gs[1](), gs[2](), gs[3]())
local function search(grid, target)
  for r = 1, #grid do
    for c = 1, #grid[r] do
      if grid[r][c] == target then
        goto found
      end
    end
  end
  do return "not found" end
  ::found::
  return "found"
end
print(search({{1, 2}, {3, 4}}, 4), search({{1}}, 2))
for n = 1, 3 do
  for m = 1, 3 do
    if m == 2 then goto next_n end
    io.write(n, m, " ")
  end
  ::next_n::
end
print()
local x = 0
::a::
x = x + 1
if x < 3 then goto a end
goto b
print("skipped")
::b::
print(x)
