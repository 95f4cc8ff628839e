-- self-check: to-be-closed variables
local log = {}
local function mk(name, err)
  return setmetatable({}, {__close = function(_, e)
    log[#log + 1] = name .. "=" .. tostring(e)
    if err then error(err, 0) end
  end})
end
do
  local a <close> = mk("a")
  local b <close> = mk("b")
end
assert(table.concat(log, " ") == "b=nil a=nil")
log = {}
for i = 1, 3 do local x <close> = mk("x" .. i) if i == 2 then break end end
assert(table.concat(log, " ") == "x1=nil x2=nil")
log = {}
local function f() local y <close> = mk("y") return "r" end
assert(f() == "r" and log[1] == "y=nil")
log = {}
local ok, e = pcall(function() local z <close> = mk("z") error("E", 0) end)
assert(not ok and e == "E" and log[1] == "z=E")
log = {}
ok, e = pcall(function() local p <close> = mk("p", "pe") local q <close> = mk("q", "qe") end)
assert(not ok and e == "pe" and log[1] == "q=nil" and log[2] == "p=qe")
ok, e = pcall(function() local bad <close> = {} end)
assert(not ok and e:find("variable 'bad' got a non-closable value", 1, true))
ok, e = pcall(function() local bad <close> = 1 end)
assert(not ok)
do local n <close> = nil local fl <close> = false end
local f1, e1 = load("local x <close> = nil; x = 1", "=c")
assert(f1 == nil and e1 == "c:1: attempt to assign to const variable 'x'")
f1, e1 = load("local x <const> = 1; x = 2", "=c")
assert(f1 == nil and e1 == "c:1: attempt to assign to const variable 'x'")
f1, e1 = load("local x <what> = 1", "=c")
assert(f1 == nil and e1 == "c:1: unknown attribute 'what'")
log = {}
local function iter()
  local i = 0
  return function() i = i + 1 if i <= 5 then return i end end, nil, nil, mk("iter")
end
for i in iter() do if i == 3 then break end end
assert(log[1] == "iter=nil")
log = {}
local co = coroutine.create(function() local c <close> = mk("co") coroutine.yield() end)
coroutine.resume(co)
assert(#log == 0)
assert(coroutine.close(co) == true and log[1] == "co=nil")
log = {}
local function rec(n) local r <close> = mk("r" .. n) if n > 0 then return rec(n - 1) end return n end
assert(rec(2) == 0 and table.concat(log, " ") == "r0=nil r1=nil r2=nil")
log = {}
do
  local i = 0
  ::top::
  do
    local g <close> = mk("g" .. i)
    i = i + 1
    if i < 3 then goto top end
  end
end
assert(table.concat(log, " ") == "g0=nil g1=nil g2=nil")
print("OK close")
