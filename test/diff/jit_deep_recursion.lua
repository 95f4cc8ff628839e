-- jit: traces>=2, side>=1, aborts<=11
-- Recursion through traces down to the stack's limit: a function with a
-- loop that calls itself after it, so that compiled code goes from call
-- to call (each call's frame built as it enters the loop's trace). The
-- overflow is raised as "stack overflow", every time; once the JIT made
-- room for its traces by growing the stack into the reserve kept for
-- handling an overflow, and the next one became "error in error handling".
local function down(n)
  local s = 0
  for i = 1, 3 do s = s + i end
  return down(n + 1) + s
end
for _ = 1, 3 do
  local ok, err = pcall(down, 1)
  print(ok, err)
end

-- deep, but within the limit: every frame returns its value
local depth = 0
local function down2(n)
  for i = 1, 2 do depth = n + i - i end
  if n < 150000 then return 1 + down2(n + 1) end
  return 0
end
print(pcall(down2, 1))
print(depth)
