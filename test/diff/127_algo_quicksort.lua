-- programs: hand-written quicksort, mergesort and insertion sort agree
local function lcg(seed)
  return function() seed = (seed * 6364136223846793005 + 1442695040888963407) return (seed >> 33) % 1000 end
end
local rnd = lcg(42)
local data = {}
for i = 1, 300 do data[i] = rnd() end
local function copy(t) local c = {} for i = 1, #t do c[i] = t[i] end return c end
local function quicksort(t, lo, hi)
  lo = lo or 1; hi = hi or #t
  if lo >= hi then return t end
  local pivot = t[(lo + hi) // 2]
  local i, j = lo, hi
  while i <= j do
    while t[i] < pivot do i = i + 1 end
    while t[j] > pivot do j = j - 1 end
    if i <= j then t[i], t[j] = t[j], t[i]; i = i + 1; j = j - 1 end
  end
  quicksort(t, lo, j); quicksort(t, i, hi)
  return t
end
local function mergesort(t)
  if #t <= 1 then return t end
  local mid = #t // 2
  local l, r = {}, {}
  for i = 1, mid do l[#l + 1] = t[i] end
  for i = mid + 1, #t do r[#r + 1] = t[i] end
  l, r = mergesort(l), mergesort(r)
  local res, i, j = {}, 1, 1
  while i <= #l and j <= #r do
    if l[i] <= r[j] then res[#res + 1] = l[i]; i = i + 1 else res[#res + 1] = r[j]; j = j + 1 end
  end
  for k = i, #l do res[#res + 1] = l[k] end
  for k = j, #r do res[#res + 1] = r[k] end
  return res
end
local function insertion(t)
  for i = 2, #t do
    local v, j = t[i], i - 1
    while j >= 1 and t[j] > v do t[j + 1] = t[j]; j = j - 1 end
    t[j + 1] = v
  end
  return t
end
local a, b, c, d = quicksort(copy(data)), mergesort(copy(data)), insertion(copy(data)), copy(data)
table.sort(d)
local same = true
for i = 1, #data do if a[i] ~= b[i] or b[i] ~= c[i] or c[i] ~= d[i] then same = false end end
print(same, a[1], a[150], a[300])
print(table.concat(a, ",", 1, 20))
