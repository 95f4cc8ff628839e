-- Malformed and corrupted binary chunks: every truncation, and thousands
-- of random corruptions (bytes flipped, inserted, deleted, spans
-- duplicated) of dumps of functions with every kind of constant, upvalue,
-- nested function and debug information, stripped and not. Each is either
-- refused by load ("bad binary format", "truncated") or loads a function
-- the verifier accepted, which then runs to an end or a Lua error.
local function sample(...)
  local a, b, c = 1, 2.5, "str"
  local t = {a, b, c, x = {y = "z"}, [10] = false, ...}
  local function inner(n)
    if n <= 0 then return c end
    for i = 1, 3 do t[#t + 1] = i * n end
    return inner(n - 1), #t
  end
  while a < 5 do a = a + 1 goto cont ::cont:: end
  local s <const> = 0x7fffffffffffffff
  return inner(3), t, s, -0.0, 1e308, math.pi, "\0\1\255" .. ("long"):rep(20)
end
local sources = {
  string.dump(sample), string.dump(sample, true),
  string.dump(function() return end, true),
  string.dump(load("local x <close> = nil; return ...")),
  string.dump(load(("x = x + 1; "):rep(300))),
}
local seed = 12345
local function rnd(n)                     -- deterministic (no math.random state)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local loaded, refused, ran, failed = 0, 0, 0, 0
local function try(chunk)
  local f, err = load(chunk, "=corrupt", "b")
  if not f then
    assert(type(err) == "string")
    refused = refused + 1
    return
  end
  loaded = loaded + 1
  -- run under an instruction budget: a corrupt jump may make a loop
  local co = coroutine.create(f)
  debug.sethook(co, function() error("budget") end, "", 100000)
  local ok = coroutine.resume(co, 1, 2, 3)
  if ok then ran = ran + 1 else failed = failed + 1 end
end
for _, src in ipairs(sources) do
  for i = 0, #src - 1 do try(src:sub(1, i)) end            -- every truncation
  for _ = 1, 400 do
    local s = src
    for _ = 1, rnd(4) do
      local pos, kind = rnd(#s), rnd(4)
      if kind == 1 then                                    -- flip a byte
        s = s:sub(1, pos - 1) .. string.char(rnd(256) - 1) .. s:sub(pos + 1)
      elseif kind == 2 then                                -- insert one
        s = s:sub(1, pos) .. string.char(rnd(256) - 1) .. s:sub(pos + 1)
      elseif kind == 3 then                                -- delete a span
        s = s:sub(1, pos - 1) .. s:sub(pos + rnd(8))
      else                                                 -- duplicate a span
        s = s:sub(1, pos) .. s:sub(pos, pos + rnd(16)) .. s:sub(pos + 1)
      end
    end
    try(s)
  end
  for _ = 1, 1500 do                                       -- one bit flipped
    local pos = rnd(#src - 40) + 40
    local b = src:byte(pos) ~ (1 << (rnd(8) - 1))
    try(src:sub(1, pos - 1) .. string.char(b) .. src:sub(pos + 1))
  end
  collectgarbage()
end
-- foreign and absurd headers
for _, h in ipairs{"\27Lua", "\27Lua\x53", "\27Lua\x54\0\x19\x93\r\n\x1a\n\4\8\8",
                   "\27Lua\x54\0\x19\x93\r\n\x1a\n\4\8\8" .. string.pack("jn", 0x5678, 370.5) .. "Tide\1\255"} do
  try(h); try(h .. ("\255"):rep(64)); try(h .. ("\0"):rep(64))
end
assert(refused > 0 and loaded + refused > 2000)
print(string.format("OK chunks (%d refused, %d loaded: %d ran, %d raised)", refused, loaded, ran, failed))
