-- programs: dynamic programming (LCS, edit distance, knapsack, coin change)
local function lcs(a, b)
  local m, n = #a, #b
  local dp = {}
  for i = 0, m do dp[i] = {} for j = 0, n do dp[i][j] = 0 end end
  for i = 1, m do
    for j = 1, n do
      if a:sub(i, i) == b:sub(j, j) then dp[i][j] = dp[i - 1][j - 1] + 1
      else dp[i][j] = math.max(dp[i - 1][j], dp[i][j - 1]) end
    end
  end
  local out, i, j = {}, m, n
  while i > 0 and j > 0 do
    if a:sub(i, i) == b:sub(j, j) then table.insert(out, 1, a:sub(i, i)) i, j = i - 1, j - 1
    elseif dp[i - 1][j] >= dp[i][j - 1] then i = i - 1 else j = j - 1 end
  end
  return dp[m][n], table.concat(out)
end
print(lcs("ABCBDAB", "BDCABA"))
print(lcs("programming", "gaming"))
local function edit(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = {[0] = i}
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end
print(edit("kitten", "sitting"), edit("", "abc"), edit("flaw", "lawn"))
local function knapsack(items, cap)
  local best = {}
  for w = 0, cap do best[w] = 0 end
  for _, it in ipairs(items) do
    for w = cap, it[1], -1 do best[w] = math.max(best[w], best[w - it[1]] + it[2]) end
  end
  return best[cap]
end
print(knapsack({{12, 4}, {2, 2}, {1, 1}, {1, 2}, {4, 10}}, 15))
local function coins(amount, cs)
  local ways = {[0] = 1}
  for i = 1, amount do ways[i] = 0 end
  for _, c in ipairs(cs) do for i = c, amount do ways[i] = ways[i] + ways[i - c] end end
  return ways[amount]
end
print(coins(100, {1, 5, 10, 25, 50}), coins(1000, {1, 2, 5, 10, 20, 50, 100, 200}))
