-- A chain of tests on array slots, as in N-queens: `not a[c] and not
-- b[r + c] and not d[r - c + n]`. The three slots' type tags are read
-- (ATAG, no type guard) and OR'ed; one guard decides the chain (UGT 1:
-- not all false, the way the recording went), in the pre-loop and in the
-- loop body alike: no exit when the values change from one iteration to
-- the next. The inner loop's trace has it (trace 2).
local n = 8
local a, b, d = {}, {}, {}
for i = 1, 2 * n do a[i], b[i], d[i] = i % 3 == 0, i % 4 == 0, i % 5 == 0 end
local hits = 0
for r = 1, 40 do
  for c = 1, n do
    if not a[c] and not b[r % n + c] and not d[(r % n) - c + n] then hits = hits + c end
  end
end
print(hits)
