-- coroutines: coroutine-based iterators used in generic for with a closing value
local function closing_iter(n, log)
  local co = coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i) end
  end)
  local closer = setmetatable({}, {__close = function() log[#log + 1] = "closed" end})
  return co, nil, nil, closer
end
local log = {}
for i in closing_iter(3, log) do log[#log + 1] = i end
print(table.concat(log, " "))
log = {}
for i in closing_iter(10, log) do
  log[#log + 1] = i
  if i == 2 then break end
end
print(table.concat(log, " "))
log = {}
local outer = coroutine.wrap(function()
  for i in closing_iter(3, log) do
    coroutine.yield(i * 100)
  end
  return "outer done"
end)
print(outer(), outer(), outer(), outer())
print(table.concat(log, " "))
