-- A call inlined into the loop's trace: the bytecode listing shows the
-- callee's instructions one level in (". "), the IR guards the callee's
-- prototype once, before the loop, and x * 4 + 0 becomes a shift.
local function scale(x) return x * 4 + 0 end
local s = 0
for i = 1, 100 do s = s + scale(i) end
print(s)
