-- operators: and/or short-circuit evaluation and value results
local log = {}
local function v(x, name) log[#log + 1] = name return x end
local r = v(false, "a") and v(true, "b")
print(r, table.concat(log, ",")) log = {}
r = v(nil, "a") or v("x", "b")
print(r, table.concat(log, ",")) log = {}
r = v(1, "a") or v(2, "b")
print(r, table.concat(log, ",")) log = {}
r = v(1, "a") and v(nil, "b") or v(3, "c")
print(r, table.concat(log, ",")) log = {}
r = v(false, "a") and v(1, "b") and v(2, "c")
print(r, table.concat(log, ",")) log = {}
print(nil and nil, false and nil, nil or false, false or nil, 0 and "zero", "" or "empty")
print(1 and 2 and 3, nil or false or 0, false or false)
local t = nil
print(t and t.x, (t or {}).x)
local function default(a) a = a or "default" return a end
print(default(), default(false), default(0), default(""))
if nil or false then print("no") elseif 0 then print("0 is true") end
local n = 0
while n < 10 and n ~= 5 do n = n + 1 end
print(n)
local x = 5
print(x > 3 and "big" or "small", x > 10 and "big" or "small")
print(not nil, not 0, not not "", not {})
print(1 == 1 and 2 == 2, 1 == 2 or 3 == 3)
local cond = false
local val = cond and nil or "fallback"
print(val)
