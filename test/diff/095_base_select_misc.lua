-- base: select, rawget/rawset returns, collectgarbage options, _G and _VERSION
print(_VERSION)
print(_G._G == _G, _G.print == print, type(_ENV), _ENV == _G)
local t = {}
print(rawset(t, "k", "v") == t, rawget(t, "k"), rawget(t, "missing"))
print(collectgarbage("collect"), collectgarbage(), type(collectgarbage("count")))
print(collectgarbage("isrunning"))
print(type(collectgarbage("step")), type(collectgarbage("step", 10)))
collectgarbage("stop")
print(collectgarbage("isrunning"))
collectgarbage("restart")
print(collectgarbage("isrunning"))
print(pcall(collectgarbage, "bogus"))
x_global = 5
print(_G.x_global, _ENV.x_global, rawget(_G, "x_global"))
_G.y_global = 6
print(y_global)
local saved = print
do
  local _ENV = {print = saved, z = "local env"}
  print(z, x_global)
end
local function f() return select('#', nil, nil, nil) end
print(f())
print(select(-1, 1, 2, 3), select(1, 1, 2, 3))
print(type(dofile), type(loadfile), type(require), type(package), type(string), type(table), type(math))
