-- programs: closure-based objects, event dispatch, and memoization wrappers
local function Account(balance)
  local self = {}
  local history = {}
  function self.deposit(v) balance = balance + v history[#history + 1] = "+" .. v end
  function self.withdraw(v)
    if v > balance then error("insufficient funds", 2) end
    balance = balance - v history[#history + 1] = "-" .. v
  end
  function self.balance() return balance end
  function self.history() return table.concat(history, " ") end
  return self
end
local acc = Account(100)
acc.deposit(50)
acc.withdraw(30)
print(acc.balance(), acc.history())
print(pcall(acc.withdraw, 1000))
local Emitter = {}
Emitter.__index = Emitter
function Emitter.new() return setmetatable({handlers = {}}, Emitter) end
function Emitter:on(ev, fn) self.handlers[ev] = self.handlers[ev] or {} table.insert(self.handlers[ev], fn) end
function Emitter:emit(ev, ...)
  local res = {}
  for _, fn in ipairs(self.handlers[ev] or {}) do res[#res + 1] = fn(...) end
  return table.concat(res, ",")
end
local em = Emitter.new()
em:on("x", function(a) return "h1:" .. a end)
em:on("x", function(a) return "h2:" .. a * 2 end)
print(em:emit("x", 21), em:emit("none"))
local calls = 0
local function memoize(f)
  local cache = {}
  return function(n)
    local v = cache[n]
    if v == nil then v = f(n) cache[n] = v end
    return v
  end
end
local slow = memoize(function(n) calls = calls + 1 return n * n end)
for i = 1, 10 do slow(i % 3) end
print(calls, slow(2))
