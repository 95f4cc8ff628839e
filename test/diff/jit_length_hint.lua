-- jit: traces>=2
-- # of tables with holes in traces: a table's length hint (lua5.4's
-- alimit) moves where a lookup of an integer key past it moves it, in the
-- interpreter and in traces alike (AHINT after array accesses of tables
-- whose hint was below their array's size when recorded; TSLOT's inline
-- path only below the hint), so that # finds the same border of the
-- several a table with holes has.
local seed = 7
local out, sum = {}, 0
for trial = 1, 300 do
  local t = {}
  for step = 1, 40 do
    seed = (seed * 1103515245 + 12345) % 2147483648
    local k = seed % 20 + 1
    if seed % 3 == 0 then t[k] = nil else t[k] = k end
    local v = t[(seed >> 8) % 24 + 1] -- reads move the hint too
    out[#out + 1] = #t
    if v then sum = sum + v end
  end
end
local h = 0
for i = 1, #out do h = (h * 31 + out[i]) % 1000000007 end
print(#out, h, sum)
-- ipairs reads and appends through #
local u = {}
for i = 1, 64 do u[i] = i end
for i = 1, 64, 3 do u[i] = nil end
local lens = {}
for r = 1, 200 do
  local n = 0
  for _, v in ipairs(u) do n = n + v end
  u[#u + 1] = r
  u[(r * 7) % 80 + 1] = nil
  lens[#lens + 1] = #u + n
end
print(table.concat(lens, " ", 1, 20), #lens)
