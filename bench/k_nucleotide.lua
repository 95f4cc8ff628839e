-- size: default 520000, quick 3000
-- k_nucleotide.lua — strings and hash tables: builds an N-base DNA string
-- with fasta's generator and alphabet (Homo sapiens frequencies), counts
-- every k-mer for k = 1, 2, 3, 4, 6, 12, 18 in tables keyed by substrings,
-- prints the sorted frequencies of the 1- and 2-mers and the counts of
-- five given k-mers.
local N = tonumber(arg and arg[1]) or 520000

-- the sequence: same generator and weights as fasta.lua's third part
local function make_sequence(n)
  local IM, IA, IC = 139968, 3877, 29573
  local seed = 42
  local symbols = {"A", "C", "G", "T"}
  local weights = {0.3029549426680, 0.1979883004921, 0.1975473066391, 0.3015094502008}
  local limits, acc = {}, 0.0
  for i = 1, #weights do
    acc = acc + weights[i]
    limits[i] = acc
  end
  limits[#limits] = 1.0
  local lines, line = {}, {}
  local len = 0
  for i = 1, n do
    seed = (seed * IA + IC) % IM
    local r = seed / IM
    local j = 1
    while r >= limits[j] and j < #limits do j = j + 1 end
    len = len + 1
    line[len] = symbols[j]
    if len == 60 or i == n then
      lines[#lines + 1] = table.concat(line, "", 1, len)
      len = 0
    end
  end
  return table.concat(lines)
end

local function count_kmers(seq, k)
  local counts = {}
  local sub = string.sub
  for i = 1, #seq - k + 1 do
    local key = sub(seq, i, i + k - 1)
    counts[key] = (counts[key] or 0) + 1
  end
  return counts
end

local function sorted_frequencies(seq, k)
  local counts = count_kmers(seq, k)
  local list = {}
  for key, c in pairs(counts) do list[#list + 1] = {key = key, count = c} end
  table.sort(list, function(a, b)
    if a.count ~= b.count then return a.count > b.count end
    return a.key < b.key
  end)
  local total = #seq - k + 1
  local lines = {}
  for i, e in ipairs(list) do
    lines[i] = string.format("%s %.3f", e.key, e.count * 100 / total)
  end
  return lines
end

local seq = make_sequence(N)
local checksum = 0
local function note(s)
  for i = 1, #s do checksum = (checksum * 31 + s:byte(i)) % 2147483647 end
  print(s)
end

for k = 1, 2 do
  for _, line in ipairs(sorted_frequencies(seq, k)) do note(line) end
  print("")
end

for _, mer in ipairs({"GGT", "GGTA", "GGTATT", "GGTATTTTAATT", "GGTATTTTAATTTATAGT"}) do
  local counts = count_kmers(seq, #mer)
  local distinct = 0
  for _ in pairs(counts) do distinct = distinct + 1 end
  note(string.format("%d\t%s\t(%d distinct %d-mers)", counts[mer] or 0, mer, distinct, #mer))
end
print(string.format("checksum %d", checksum))
