-- jit: traces>=8, side>=6, aborts<=0
-- Side traces start at exits inside inlined calls: the guard that fails
-- is in a method the loop's trace inlined (a branch its recording did
-- not take). The side trace starts in the method's frame, as the exit
-- left it, returns into the loop's function and links back to the loop.
-- And a side trace whose function ends in a tail call of another function
-- goes on recording in that function, in the same frame.

local Task = {}
Task.__index = Task
function Task.new(id, hold) return setmetatable({id = id, hold = hold, n = 0}, Task) end
function Task:blocked()
  if self.hold then return true end
  return self.n % 3 == 2
end
function Task:run() self.n = self.n + 1 return self.id end

local tasks = {}
for i = 1, 6 do tasks[i] = Task.new(i, i == 4) end
local sum, blocked = 0, 0
for k = 1, 3000 do
  local t = tasks[k % 6 + 1]
  if t:blocked() then blocked = blocked + 1 else sum = sum + t:run() end
end
print(sum, blocked)

-- a side trace leaving a loop's function (the loop in `mix` has its own
-- trace; the exit at its end returns into `run`) reaches a tail call
-- there: it goes on in the called function, in the same frame, and
-- returns from it into the outer loop
local function mix(v)
  for _, b in ipairs({8, 4, 2}) do
    if v // b % 2 == 1 then v = v - b else v = v + b end
  end
  return v
end
local function release(v) return v % 1000 * 2 + 1 end
local function hold(v) return v - 1 end
local function run(v, k)
  v = mix(v)
  if k % 3 == 0 then return hold(v) end
  return release(v)
end
local v = 1
for k = 1, 5000 do v = run(v, k) end
print(v)

-- a tail call at the bottom that a closure makes: its upvalues read in
-- the callee after the call
local function counter()
  local c = 0
  local function bump(x) c = c + x return c end
  return function(x)
    if x > 2 then return bump(x) end
    return c
  end
end
local f, acc = counter(), 0
for k = 1, 3000 do acc = acc + f(k % 5) end
print(acc)
