-- size: default 70, quick 1
-- closure_oop.lua — method calls through metatables, inheritance, closures.
-- Arg: size factor (default 20).
local scale = tonumber(arg and arg[1]) or 20
local Account = {}
Account.__index = Account
function Account.new(b) return setmetatable({balance = b}, Account) end
function Account:deposit(v) self.balance = self.balance + v end
function Account:get() return self.balance end
local Savings = setmetatable({}, {__index = Account})
Savings.__index = Savings
function Savings.new(b) local o = Account.new(b); return setmetatable(o, Savings) end
function Savings:interest() self:deposit(self:get() // 100) end
local function make_adder(k) return function(x) return x + k end end
local total = 0
for round = 1, scale do
  local accts = {}
  for i = 1, 2000 do accts[i] = (i % 2 == 0) and Savings.new(i) or Account.new(i) end
  for step = 1, 50 do
    for i = 1, #accts do
      local a = accts[i]
      a:deposit(step)
      if a.interest then a:interest() end
    end
  end
  local add = make_adder(round)
  for i = 1, #accts do total = (total + add(accts[i]:get())) % 1000000007 end
end
print(total)
