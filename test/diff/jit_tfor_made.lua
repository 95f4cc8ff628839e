-- jit: traces>=5, side>=2, aborts<=0
-- A generic for whose iterator is a function the recorder has nothing
-- for (coroutine.wrap's, a C closure; string.gmatch with captures is
-- known) is a call the trace makes (CALLL): its results go through the
-- TFORLOOP as a known iterator's do. The coroutine the wrap resumes
-- yields inside that call: a yield unwinds the coroutine's frames, not
-- the ones being recorded, so the recording goes on.

local function gen(n)
  return coroutine.wrap(function()
    local x = 1
    for _ = 1, n do
      coroutine.yield(x, x % 7)
      x = (x * 16807) % 2147483647
    end
  end)
end

local sum, odd = 0, 0
for v, r in gen(3000) do
  sum = (sum + v * r) % 1000000007
  if v % 2 == 1 then odd = odd + 1 end
end
print(sum, odd)

-- the iterator's results change type; the loop ends by a nil
local function mixed(n)
  return coroutine.wrap(function()
    for i = 1, n do
      if i % 5 == 0 then coroutine.yield("s" .. i) else coroutine.yield(i) end
    end
  end)
end
local nums, strs = 0, {}
for v in mixed(2000) do
  if type(v) == "number" then nums = nums + v else strs[#strs + 1] = v end
end
print(nums, #strs, strs[1], strs[#strs])

-- an error inside the iterator's coroutine: wrap raises it in the loop
local function failing()
  return coroutine.wrap(function()
    for i = 1, 1000 do coroutine.yield(i) end
    error("iterator failed")
  end)
end
local ok, err = pcall(function()
  local n = 0
  for v in failing() do n = n + v end
  return n
end)
print(ok, err)
