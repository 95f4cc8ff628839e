-- print uses __tostring and __name; values of every type (addresses masked)
local function mask(s) return (s:gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR")) end
print(1, 1.5, "s", nil, true, false)
print(setmetatable({}, {__tostring = function() return "T1" end}), setmetatable({}, {__tostring = function() return "" end}))
print(mask(tostring(setmetatable({}, {__name = "Named"}))))
print(mask(tostring(setmetatable({}, {__name = "N", __tostring = function() return "ts wins" end}))))
print(pcall(print, setmetatable({}, {__tostring = function() return 1 end})))
print(mask(tostring(print)), mask(tostring(function() end)), mask(tostring(coroutine.create(print))))
print(mask(tostring(io.stdout)))
print()
print("")
print(nil)
print(select("#", print()))
local mt = {__tostring = function(t) return "P(" .. t.x .. ")" end}
local pts = {}
for i = 1, 3 do pts[i] = setmetatable({x = i}, mt) end
print(pts[1], pts[2], pts[3])
print(string.format("%s|%s", pts[1], pts[2]), tostring(pts[3]) .. "!")
