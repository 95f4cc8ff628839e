-- "c"/"r" hooks: call and return events with function names
local events = {}
local function leaf(x) return x * 2 end
local function mid(x) return leaf(x) + 1 end
local function tailer(x) return leaf(x) end
debug.sethook(function(ev)
  local info = debug.getinfo(2, "nS")
  if info.what == "Lua" then events[#events + 1] = ev .. ":" .. tostring(info.name) end
end, "cr")
mid(1)
tailer(2)
debug.sethook()
print(table.concat(events, " "))
local ev2 = {}
debug.sethook(function(ev) ev2[#ev2 + 1] = ev end, "c")
local _ = math.abs(-1)
debug.sethook()
print(table.concat(ev2, " "))
