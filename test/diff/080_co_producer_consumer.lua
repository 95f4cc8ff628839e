-- coroutines: producer/consumer pipelines with filters
local function producer(items)
  return coroutine.create(function()
    for _, v in ipairs(items) do coroutine.yield(v) end
  end)
end
local function filter(src, pred)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(src)
      if not v then return end
      if pred(v) then coroutine.yield(v) end
    end
  end)
end
local function map(src, fn)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(src)
      if not v then return end
      coroutine.yield(fn(v))
    end
  end)
end
local function consume(src)
  local out = {}
  while true do
    local ok, v = coroutine.resume(src)
    if not v then break end
    out[#out + 1] = v
  end
  return table.concat(out, " ")
end
local nums = {}
for i = 1, 20 do nums[i] = i end
print(consume(map(filter(producer(nums), function(x) return x % 3 == 0 end), function(x) return x * x end)))
local function fib()
  return coroutine.wrap(function()
    local a, b = 0, 1
    while true do coroutine.yield(a) a, b = b, a + b end
  end)
end
local f = fib()
local r = {}
for i = 1, 15 do r[i] = f() end
print(table.concat(r, ","))
local function tokens(s)
  return coroutine.wrap(function()
    local word = ""
    for i = 1, #s do
      local c = s:sub(i, i)
      if c == " " then if #word > 0 then coroutine.yield(word) end word = "" else word = word .. c end
    end
    if #word > 0 then coroutine.yield(word) end
  end)
end
for w in tokens("  the quick  brown fox ") do io.write("[", w, "]") end
print()
