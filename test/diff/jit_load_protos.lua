-- jit: traces>=1
-- A loop loads a chunk and calls it (load is a call the trace makes; the
-- chunk is inlined, guarded by its prototype's address). Chunks die and
-- are collected, and new ones may take a dead one's address: the traces
-- that inlined a prototype go with it, or they would run the old code.
local s, bad = 0, 0
for i = 1, 3000 do
  local want = (i * 7) % 13
  local f = load("local x = ... return x * 0 + " .. want)
  local got = f(i)
  if got ~= want then bad = bad + 1 end
  s = s + got
  if i % 50 == 0 then collectgarbage() end
end
print(s, bad)
