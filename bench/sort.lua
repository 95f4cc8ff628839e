-- size: default 62, quick 1
-- Sorting: table.sort on numbers and on strings, with the default order and
-- with comparator functions (descending; by length then alphabetically; on
-- records by two keys), and a stable merge sort written in Lua applied to
-- records with many equal keys. Only fully ordered results are checksummed.
-- Repeated N times.
local N = tonumber(arg and arg[1]) or 62
local COUNT = 1500

local seed = 7
local function rand(n)
  seed = (seed * 16807) % 2147483647
  return seed % n
end

local syllables = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "zu", "pe", "qua", "ex"}
local function random_word()
  local parts = {}
  for i = 1, 1 + rand(4) do parts[i] = syllables[rand(#syllables) + 1] end
  return table.concat(parts)
end

local function copy(t)
  local r = {}
  for i = 1, #t do r[i] = t[i] end
  return r
end

local function check_sorted(t, less, what)
  for i = 2, #t do
    if less(t[i], t[i - 1]) then error(what .. " not sorted at " .. i) end
  end
end

-- positional checksum of a sequence of numbers
local function num_hash(t)
  local h = 0
  for i = 1, #t, 7 do h = (h * 31 + t[i]) % 1000000007 end
  return h
end

local function str_hash(t)
  local h = 0
  for i = 1, #t, 7 do
    local s = t[i]
    h = (h * 31 + #s * 97 + s:byte(1) + s:byte(-1)) % 1000000007
  end
  return h
end

-- stable top-down merge sort with an auxiliary buffer
local function merge_sort(t, less)
  local n = #t
  local buf = {}
  local function sort_range(lo, hi)
    if hi - lo < 1 then return end
    local mid = math.floor((lo + hi) / 2)
    sort_range(lo, mid)
    sort_range(mid + 1, hi)
    if not less(t[mid + 1], t[mid]) then return end -- already in order
    for i = lo, mid do buf[i] = t[i] end
    local i, j, k = lo, mid + 1, lo
    while i <= mid and j <= hi do
      if less(t[j], buf[i]) then
        t[k] = t[j]; j = j + 1
      else
        t[k] = buf[i]; i = i + 1
      end
      k = k + 1
    end
    while i <= mid do
      t[k] = buf[i]; i = i + 1; k = k + 1
    end
  end
  sort_range(1, n)
  return t
end

local function lt(a, b) return a < b end
local function gt(a, b) return a > b end
local function by_length(a, b)
  if #a ~= #b then return #a < #b end
  return a < b
end
local function by_score_then_name(a, b)
  if a.score ~= b.score then return a.score > b.score end
  return a.name < b.name
end
local function by_group(a, b) return a.group < b.group end

local checksum = 0
local report = {}
for rep = 1, N do
  local ints, floats, words, records = {}, {}, {}, {}
  for i = 1, COUNT do
    ints[i] = rand(100000) - 50000
    floats[i] = rand(1000000) / 997
    words[i] = random_word()
    records[i] = {name = random_word() .. i, score = rand(50), group = rand(10), seq = i}
  end

  local a = copy(ints); table.sort(a); check_sorted(a, lt, "ints")
  local b = copy(ints); table.sort(b, gt); check_sorted(b, gt, "ints desc")
  local c = copy(floats); table.sort(c); check_sorted(c, lt, "floats")
  local d = copy(words); table.sort(d); check_sorted(d, lt, "words")
  local e = copy(words); table.sort(e, by_length); check_sorted(e, by_length, "words by length")
  local f = copy(records); table.sort(f, by_score_then_name)
  check_sorted(f, by_score_then_name, "records")

  local m1 = merge_sort(copy(ints), lt)
  for i = 1, #m1 do assert(m1[i] == a[i], "merge sort disagrees with table.sort") end
  local m2 = merge_sort(copy(words), by_length)
  for i = 1, #m2 do assert(m2[i] == e[i], "merge sort disagrees with table.sort") end
  -- stability: records sorted by group keep their original order within a group
  local m3 = merge_sort(copy(records), by_group)
  for i = 2, #m3 do
    local p, q = m3[i - 1], m3[i]
    assert(p.group < q.group or (p.group == q.group and p.seq < q.seq), "merge sort not stable")
  end
  local seqs = {}
  for i = 1, #m3 do seqs[i] = m3[i].seq end

  local fnames = {}
  for i = 1, #f do fnames[i] = f[i].name end

  checksum = (checksum * 7 + num_hash(a) + num_hash(b) + num_hash(seqs)
    + str_hash(d) + str_hash(e) + str_hash(fnames)) % 1000000007
  checksum = (checksum + math.floor(c[1] * 1000) + math.floor(c[#c] * 1000)) % 1000000007
  report = {
    string.format("ints: min %d, median %d, max %d", a[1], a[math.floor(COUNT / 2)], a[COUNT]),
    string.format("floats: min %.4f, max %.4f", c[1], c[COUNT]),
    string.format("words: first %s, last %s, longest %s", d[1], d[COUNT], e[COUNT]),
    string.format("records: top %s (score %d), first of group 0 is #%d", f[1].name, f[1].score, m3[1].seq),
  }
end

for _, line in ipairs(report) do print(line) end
print(string.format("checksum %d", checksum))
