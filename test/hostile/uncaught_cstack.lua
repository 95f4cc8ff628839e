-- expect-error: C stack overflow
-- Coroutines resumed inside coroutines, deeper than the C stack allows.
local function nest() return coroutine.wrap(nest)() end
nest()
