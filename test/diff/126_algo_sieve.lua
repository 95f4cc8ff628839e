-- programs: sieve of Eratosthenes and prime counting
local function sieve(n)
  local is = {}
  for i = 2, n do is[i] = true end
  for i = 2, math.floor(math.sqrt(n)) do
    if is[i] then
      for j = i * i, n, i do is[j] = false end
    end
  end
  local primes = {}
  for i = 2, n do if is[i] then primes[#primes + 1] = i end end
  return primes
end
local p = sieve(10000)
print(#p, p[1], p[100], p[#p])
local s = 0
for _, v in ipairs(p) do s = s + v end
print(s)
local twins = 0
for i = 2, #p do if p[i] - p[i - 1] == 2 then twins = twins + 1 end end
print(twins)
local gaps = {}
for i = 2, #p do local g = p[i] - p[i - 1] gaps[g] = (gaps[g] or 0) + 1 end
local gk = {}
for g in pairs(gaps) do gk[#gk + 1] = g end
table.sort(gk)
local parts = {}
for _, g in ipairs(gk) do parts[#parts + 1] = g .. ":" .. gaps[g] end
print(table.concat(parts, " "))
