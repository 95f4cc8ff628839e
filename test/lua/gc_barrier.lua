-- self-check: the incremental write barrier. Values move between old holders
-- while a major cycle is marking; without the barrier a value ends up only
-- in a holder already traversed and is freed (crashes under TIDE_GC_STRESS=1).
collectgarbage("incremental")
local N = 3000
local A, B = {}, {}
for i = 1, N do A[i] = {}; B[i] = {x = {i, "v" .. i}} end
collectgarbage() -- all old
for round = 1, 5 do
  -- start a cycle and advance it partly
  collectgarbage("step", 1)
  collectgarbage("step", 16)
  for i = 1, N do
    local a, b = A[i], B[i]
    if round % 2 == 1 then a.x = b.x; b.x = nil else b.x = a.x; a.x = nil end
  end
  repeat until collectgarbage("step", 64)
  for j = 1, 20000 do local junk = {j, "junk" .. j} end
end
for i = 1, N do
  local x = A[i].x or B[i].x
  assert(x[1] == i and x[2] == "v" .. i, i)
end
print("OK")
