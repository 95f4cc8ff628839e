-- count hooks: number of events for a fixed loop with count 1 and 10; line hook on a loop
local function work()
  local s = 0
  for i = 1, 20 do s = s + i end
  return s
end
local n = 0
debug.sethook(function() n = n + 1 end, "", 1)
work()
debug.sethook()
local n1 = n
n = 0
debug.sethook(function() n = n + 1 end, "", 10)
work()
debug.sethook()
print(n1, n, n1 // 10 - n <= 1)
local lines = {}
debug.sethook(function(_, l) lines[#lines + 1] = l end, "l")
work()
debug.sethook()
print(#lines, table.concat(lines, ","))
local calls = 0
debug.sethook(function(ev) if ev == "call" then calls = calls + 1 end end, "c")
work(); work()
debug.sethook()
print(calls)
