-- jit: traces>=8, side>=2, aborts<=0
-- Table constructors with list items in compiled loops (SETLIST): fixed
-- items with holes, a call's or the varargs' results at the end (the
-- array part grows as the interpreter grows it: same borders, same order
-- for next), more than one SETLIST (over 50 items), hash items beside
-- the list, and counts of results that change while the loop runs (the
-- trace's guards exit).

-- (string keys apart, sorted: lua5.4's string hashes are not tide's, and
-- tide's are seeded per run, so their order in next is no one's to fix)
local function show(t)
  local parts, strings = {}, {}
  for k, v in pairs(t) do
    local item = tostring(k) .. "=" .. tostring(v)
    if type(k) == "string" then strings[#strings + 1] = item else parts[#parts + 1] = item end
  end
  table.sort(strings)
  return #t .. ":" .. table.concat(parts, ",") .. ";" .. table.concat(strings, ",")
end

-- fixed items, with nils among them
local acc = {}
for i = 1, 300 do
  local t = {i, nil, i * 2, "s", nil}
  if i % 100 == 0 then acc[#acc + 1] = show(t) end
end
print("fixed", table.concat(acc, " "))

-- a call's results at the end; the count changes at i = 200
local function some(i)
  if i < 200 then return i, i + 1 end
  if i < 250 then return i, nil, i + 2, nil end
  return
end
acc = {}
local total = 0
for i = 1, 300 do
  local t = {i, some(i)}
  total = total + #t
  if i % 50 == 0 or i == 199 or i == 201 then acc[#acc + 1] = show(t) end
end
print("call", total, table.concat(acc, " "))

-- the varargs
local function pack(...) return {...} end
local function pack2(x, ...) return {x, x, ...} end
acc = {}
total = 0
for i = 1, 300 do
  local t = i % 3 == 0 and pack(i, i + 1, i + 2) or pack2(i, i * 10)
  total = total + #t + t[#t]
  if i % 60 == 0 then acc[#acc + 1] = show(t) end
end
print("varargs", total, table.concat(acc, " "))

-- over 50 items: two SETLISTs, the second with a call's results
local function three(i) return i, -i, i * i end
total = 0
local last
for i = 1, 200 do
  local t = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
             21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
             41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, three(i)}
  total = total + #t + t[55]
  last = t
end
print("long", total, #last, last[50], last[51], last[53], last[55])

-- hash items beside the list, an integer key among them that the grown
-- array part takes over
acc = {}
total = 0
for i = 1, 300 do
  local t = {[-5] = i, [3] = "three", [10] = "ten", i, some(i % 260)}
  total = total + #t
  if i % 75 == 0 or i == 255 then acc[#acc + 1] = show(t) end
end
print("mixed", total, table.concat(acc, " "))

-- a constructor whose items are tables and strings made in the loop
-- (write barriers), kept across many iterations
local keep = {}
for i = 1, 2000 do
  local t = {{i}, "v" .. i, some(i % 300)}
  keep[i % 16 + 1] = t
end
total = 0
for _, t in ipairs(keep) do total = total + t[1][1] + #t[2] + #t end
print("kept", total)
