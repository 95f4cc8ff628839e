-- size: default 55, quick 1
-- Permutations: generate every permutation of 1..8 recursively by swapping
-- elements in place (array reads/writes, deep recursion, a callback per
-- permutation), count them and fold each one into a checksum; also count
-- the permutations of a word's letters that keep it unchanged. Repeated N times.
local N = tonumber(arg and arg[1]) or 55
local SIZE = 8

-- calls visit(a, n) once for every ordering of a[1..n], restoring a afterwards
local function permute(a, n, visit)
  local function gen(k)
    if k > n then
      visit(a, n)
      return
    end
    for i = k, n do
      a[k], a[i] = a[i], a[k]
      gen(k + 1)
      a[k], a[i] = a[i], a[k]
    end
  end
  gen(1)
end

local function run(size, salt)
  local a = {}
  for i = 1, size do a[i] = i end
  local count, checksum, fixed_points, max_rank = 0, 0, 0, 0
  permute(a, size, function(p, n)
    count = count + 1
    local h = salt
    for i = 1, n do
      local v = p[i]
      h = (h * 10 + v) % 1000000007
      if v == i then fixed_points = fixed_points + 1 end
    end
    checksum = (checksum + h * (count % 13 + 1)) % 1000000007
    if p[1] * 10 + p[2] > max_rank then max_rank = p[1] * 10 + p[2] end
  end)
  return count, checksum, fixed_points, max_rank
end

-- permutations of the letters of a word that spell the word again
local function self_anagrams(word)
  local letters = {}
  for i = 1, #word do letters[i] = word:sub(i, i) end
  local same = 0
  permute(letters, #letters, function(p, n)
    if table.concat(p, "", 1, n) == word then same = same + 1 end
  end)
  return same
end

local total, checksum = 0, 0
local count, sum, fixed, rank
for rep = 1, N do
  count, sum, fixed, rank = run(SIZE, rep)
  total = total + count
  checksum = (checksum * 31 + sum + fixed + rank) % 1000000007
end
local same = self_anagrams("banana")

print(string.format("permutations of %d: %d (fixed points %d, max prefix %d)", SIZE, count, fixed, rank))
print(string.format("self-anagrams of banana: %d", same))
print(string.format("total permutations: %d", total))
print(string.format("checksum %d", (checksum + same) % 1000000007))
