-- loops, to-be-closed variables and goto in loaded chunks
local function loops()
  local out = {}
  for i = 1, 3 do out[#out + 1] = i end
  for i = 3, 1, -1 do out[#out + 1] = i end
  for x = 1.0, 2.0, 0.5 do out[#out + 1] = x end
  for i = math.maxinteger - 1, math.maxinteger do out[#out + 1] = i end
  for i = 1, 0 do out[#out + 1] = "never" end
  for k, v in ipairs({"a", "b"}) do out[#out + 1] = k .. v end
  local i = 0
  while i < 3 do i = i + 1 end
  repeat i = i - 1 local done = i <= 0 until done
  out[#out + 1] = i
  local fs = {}
  for j = 1, 3 do fs[j] = function() return j end end
  out[#out + 1] = fs[1]() + fs[2]() + fs[3]()
  return table.concat(out, " ")
end
local function tbc()
  local log = {}
  local function closer(n) return setmetatable({}, {__close = function(_, e) log[#log + 1] = n .. ":" .. tostring(e) end}) end
  do
    local a <close> = closer("a")
    local b <close> = closer("b")
  end
  local function iter(s, c) if c < 3 then return c + 1 end end
  for v in iter, nil, 0, closer("for") do log[#log + 1] = v end
  for v in iter, nil, 0, closer("break") do if v == 2 then break end end
  local function early()
    local x <close> = closer("ret")
    for v in iter, nil, 0, closer("inner") do return v end
  end
  log[#log + 1] = early()
  local ok, e = pcall(function()
    local y <close> = closer("err")
    error("boom", 0)
  end)
  log[#log + 1] = tostring(ok) .. e
  local co = coroutine.wrap(function()
    local z <close> = closer("co")
    coroutine.yield(1)
    return 2
  end)
  log[#log + 1] = co() + co()
  return table.concat(log, " ")
end
local function gotos()
  local out = {}
  for i = 1, 3 do
    for j = 1, 3 do
      if j == 2 then goto continue end
      out[#out + 1] = i .. j
      ::continue::
    end
  end
  local n, caps = 0, {}
  ::top::
  n = n + 1
  local cap = n
  caps[n] = function() return cap end
  if n < 3 then goto top end
  out[#out + 1] = caps[1]() + caps[2]() * 10 + caps[3]() * 100
  return table.concat(out, " ")
end
for _, f in ipairs({loops, tbc, gotos}) do
  print(f())
  print(load(string.dump(f))())
  print(load(string.dump(f, true))())
end
print(pcall(load(string.dump(function() for i = 1, 10, 0 do end end))))
print(pcall(load(string.dump(function() for i = "a", 2 do end end))))
print(pcall(load(string.dump(function() local x <close> = 42 end))))
print(pcall(load(string.dump(function() local x <close> = 42 end, true))))
