-- size: default 480, quick 5
-- Coroutines: a ring of 503 coroutines passing a token around with
-- coroutine.resume/yield (a scheduler resumes each one in turn; each
-- coroutine decrements the token and hands it on), and a generator
-- pipeline built from coroutine.wrap (source -> filter -> map -> window
-- sums). The size N scales both parts.
local N = tonumber(arg and arg[1]) or 480
local RING = 503

-- Part 1: token ring. Coroutine i receives the token from the scheduler,
-- counts it, and yields it back together with the next coroutine's index.
local function make_ring(size)
  local ring = {}
  local seen = {}
  for i = 1, size do
    seen[i] = 0
    ring[i] = coroutine.create(function(token)
      while true do
        seen[i] = seen[i] + 1
        if token == 0 then return i end
        token = coroutine.yield(token - 1, i % size + 1)
      end
    end)
  end
  return ring, seen
end

local function run_ring(token)
  local ring, seen = make_ring(RING)
  local current = 1
  local hops = 0
  while true do
    local ok, value, nexti = coroutine.resume(ring[current], token)
    assert(ok, value)
    hops = hops + 1
    if coroutine.status(ring[current]) == "dead" then
      local h = 0
      for i = 1, RING do h = (h * 31 + seen[i]) % 1000000007 end
      return value, hops, h
    end
    token, current = value, nexti
  end
end

-- Part 2: generator pipeline.
local function numbers(n)
  return coroutine.wrap(function()
    local x = 1
    for _ = 1, n do
      coroutine.yield(x)
      x = (x * 16807) % 2147483647
    end
  end)
end

local function filter(pred, gen)
  return coroutine.wrap(function()
    for v in gen do
      if pred(v) then coroutine.yield(v) end
    end
  end)
end

local function map(f, gen)
  return coroutine.wrap(function()
    for v in gen do coroutine.yield(f(v)) end
  end)
end

local function windows(size, gen)
  return coroutine.wrap(function()
    local buf, count, sum = {}, 0, 0
    for v in gen do
      count = count + 1
      local slot = count % size + 1
      sum = sum - (buf[slot] or 0) + v
      buf[slot] = v
      if count >= size then coroutine.yield(sum) end
    end
  end)
end

local function run_pipeline(n)
  local pipeline = windows(8,
    map(function(v) return v % 1000 end,
      filter(function(v) return v % 3 ~= 0 end, numbers(n))))
  local count, checksum, maxsum = 0, 0, 0
  for s in pipeline do
    count = count + 1
    checksum = (checksum + s * (count % 97)) % 1000000007
    if s > maxsum then maxsum = s end
  end
  return count, checksum, maxsum
end

local last, hops, ringhash = run_ring(N * 1000)
print(string.format("ring of %d: token ran out at coroutine %d after %d hops", RING, last, hops))
local count, pipesum, maxsum = run_pipeline(N * 4000)
print(string.format("pipeline: %d windows, largest window sum %d", count, maxsum))
print(string.format("checksum %d", (ringhash + pipesum + last + hops) % 1000000007))
