-- expect-error: stack overflow
-- A stack overflow nobody catches: a clean report and exit status 1.
local function f(n) return 1 + f(n + 1) end
f(1)
