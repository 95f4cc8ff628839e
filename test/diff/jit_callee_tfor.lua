-- jit: traces>=3, links>=2, aborts<=4
-- A loop calls a function whose own loop is a generic for (ipairs, pairs,
-- a Lua iterator). The callee's loop gets a trace first; the caller's
-- trace then ends where the inlined call enters that loop's body, which
-- a generic for does by its back-edge (the TFORLOOP after the call):
-- the link must be made there, not an abort ("loop inside an inlined call").
local items = {}
for i = 1, 12 do items[i] = {w = i * 3 % 7, name = "n" .. i} end
local function heaviest(list, limit)
  local best, bw = nil, -1
  for _, it in ipairs(list) do
    if it.w > bw and it.w < limit then best, bw = it, it.w end
  end
  return best, bw
end
local total, names = 0, {}
for r = 1, 400 do
  local it, w = heaviest(items, r % 7 + 1)
  total = total + w
  if it then names[it.name] = (names[it.name] or 0) + 1 end
end
print(total, names.n2, names.n5, names.n7)
local function sumkeys(t)
  local s = 0
  for k, v in pairs(t) do s = s + v end
  return s
end
local h = {}
for i = 1, 20 do h["k" .. i] = i end
local acc = 0
for r = 1, 300 do acc = acc + sumkeys(h) + r end
print(acc)
-- an exit inside the linked loop (a value of another type) and an error
items[9].w = 2.5
local ok, err = pcall(function()
  for r = 1, 300 do
    local it, w = heaviest(items, 6)
    total = total + w
    if r == 250 then items[3].w = "x" end
  end
end)
print(total, ok, (tostring(err):gsub("^.-:%d+: ", "")))
