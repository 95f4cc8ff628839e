-- size: default 500000, quick 4000
-- fasta.lua — string building and float comparisons: writes three DNA
-- sequences in FASTA format (lines of 60): the ALU repeat copied out to
-- 2N bases, then 3N and 5N bases drawn from two weighted alphabets with
-- the problem's linear-congruential generator. The output goes to a sink
-- that counts and hashes it instead of printing megabytes.
local N = tonumber(arg and arg[1]) or 500000
local LINE = 60

local ALU =
  "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGGGAGGCCGAGGCGGGCGGATCACCTGAGG" ..
  "TCAGGAGTTCGAGACCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAATACAAAAATTAGCCGGG" ..
  "CGTGGTGGCGCGCGCCTGTAATCCCAGCTACTCGGGAGGCTGAGGCAGGAGAATCGCTTGAACCCGGGAGGCG" ..
  "GAGGTTGCAGTGAGCCGAGATCGCGCCACTGCACTCCAGCCTGGGCGACAGAGCGAGACTCCGTCTCAAAAA"

local IUB = {
  {"a", 0.27}, {"c", 0.12}, {"g", 0.12}, {"t", 0.27},
  {"B", 0.02}, {"D", 0.02}, {"H", 0.02}, {"K", 0.02},
  {"M", 0.02}, {"N", 0.02}, {"R", 0.02}, {"S", 0.02},
  {"V", 0.02}, {"W", 0.02}, {"Y", 0.02},
}

local HOMO_SAPIENS = {
  {"a", 0.3029549426680}, {"c", 0.1979883004921},
  {"g", 0.1975473066391}, {"t", 0.3015094502008},
}

-- the generator of the problem definition
local IM, IA, IC = 139968, 3877, 29573
local seed = 42
local function random(max)
  seed = (seed * IA + IC) % IM
  return max * seed / IM
end

-- the output sink: counts lines and bytes, hashes every byte
local out = {lines = 0, bytes = 0, hash = 0}
local byte = string.byte
function out:write_line(s)
  local h = self.hash
  for i = 1, #s do h = (h * 31 + byte(s, i)) % 2147483647 end
  self.hash = (h * 31 + 10) % 2147483647
  self.lines = self.lines + 1
  self.bytes = self.bytes + #s + 1
end

local function repeat_fasta(header, src, n)
  out:write_line(header)
  local len, pos = #src, 1
  while n > 0 do
    local todo = n < LINE and n or LINE
    local line
    if pos + todo - 1 <= len then
      line = src:sub(pos, pos + todo - 1)
    else
      local rest = todo - (len - pos + 1)
      line = src:sub(pos) .. src:sub(1, rest)
    end
    out:write_line(line)
    pos = pos + todo
    if pos > len then pos = pos - len end
    n = n - todo
  end
end

local function random_fasta(header, alphabet, n)
  out:write_line(header)
  -- cumulative probabilities
  local symbols, limits = {}, {}
  local acc = 0.0
  for i, entry in ipairs(alphabet) do
    acc = acc + entry[2]
    symbols[i], limits[i] = entry[1], acc
  end
  local last = #limits
  limits[last] = 1.0
  local buf = {}
  while n > 0 do
    local todo = n < LINE and n or LINE
    for i = 1, todo do
      local r = random(1.0)
      local j = 1
      while r >= limits[j] and j < last do j = j + 1 end
      buf[i] = symbols[j]
    end
    out:write_line(table.concat(buf, "", 1, todo))
    n = n - todo
  end
end

repeat_fasta(">ONE Homo sapiens alu", ALU, 2 * N)
random_fasta(">TWO IUB ambiguity codes", IUB, 3 * N)
random_fasta(">THREE Homo sapiens frequency", HOMO_SAPIENS, 5 * N)
print(string.format("lines %d", out.lines))
print(string.format("bytes %d", out.bytes))
print(string.format("checksum %d", out.hash))
