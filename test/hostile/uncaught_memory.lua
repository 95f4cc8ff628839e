-- ulimit: 200000
-- expect-error: not enough memory
-- A memory bomb nobody catches, under an address-space limit.
local t = {}
for i = 1, math.huge do t[i] = {i} end
