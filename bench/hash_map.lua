-- size: default 48, quick 1
-- Hash tables: word counts over a generated text (string keys, insert and
-- increment), a sparse integer-keyed map with insert/lookup/delete churn,
-- and an LRU cache (hash map plus doubly linked list) with eviction.
-- Traversal with pairs is only used for order-independent sums.
-- Repeated N times.
local N = tonumber(arg and arg[1]) or 48

local seed = 99
local function rand(n)
  seed = (seed * 16807) % 2147483647
  return seed % n
end

local onsets = {"b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "st", "tr", "ch", "sh"}
local vowels = {"a", "e", "i", "o", "u", "ou", "ea"}

-- a vocabulary with a skewed (roughly Zipf-like) choice of words
local function make_vocabulary(size)
  local vocab, seen = {}, {}
  while #vocab < size do
    local parts = {}
    for i = 1, 1 + rand(3) do
      parts[#parts + 1] = onsets[rand(#onsets) + 1] .. vowels[rand(#vowels) + 1]
    end
    local w = table.concat(parts)
    if not seen[w] then
      seen[w] = true
      vocab[#vocab + 1] = w
    end
  end
  return vocab
end

local function pick(vocab)
  -- min of two draws favours the front of the vocabulary
  local a, b = rand(#vocab), rand(#vocab)
  return vocab[(a < b and a or b) + 1]
end

local function word_counts(vocab, nwords)
  local lines = {}
  for l = 1, math.floor(nwords / 10) do
    local line = {}
    for i = 1, 10 do line[i] = pick(vocab) end
    lines[l] = table.concat(line, " ")
  end
  local text = table.concat(lines, "\n")

  local counts = {}
  for w in text:gmatch("%a+") do
    counts[w] = (counts[w] or 0) + 1
  end
  local distinct, total, best, bestw = 0, 0, 0, nil
  for w, c in pairs(counts) do
    distinct = distinct + 1
    total = total + c
    if c > best or (c == best and w < bestw) then best, bestw = c, w end
  end
  -- delete the rare words, then check the survivors
  for w, c in pairs(counts) do
    if c < 3 then counts[w] = nil end
  end
  local kept, hash = 0, 0
  for i = 1, #vocab do
    local c = counts[vocab[i]]
    if c then
      kept = kept + 1
      hash = (hash * 31 + c) % 1000000007
    end
  end
  return distinct, total, bestw, best, kept, hash
end

local function int_churn(ops)
  local map, size = {}, 0
  local hits, misses, deletes, sum = 0, 0, 0, 0
  for i = 1, ops do
    local key = rand(8000) * 7919 + 13 -- sparse integer keys
    local action = rand(10)
    if action < 5 then
      if map[key] == nil then size = size + 1 end
      map[key] = i
    elseif action < 8 then
      local v = map[key]
      if v then hits = hits + 1; sum = (sum + v) % 1000000007 else misses = misses + 1 end
    else
      if map[key] ~= nil then
        map[key] = nil
        size = size - 1
        deletes = deletes + 1
      end
    end
  end
  local counted = 0
  for _ in pairs(map) do counted = counted + 1 end
  assert(counted == size, "size mismatch")
  return size, hits, misses, deletes, sum
end

-- LRU cache: map from key to node; nodes in a doubly linked list, most
-- recently used at the front
local LRU = {}
LRU.__index = LRU

function LRU.new(capacity)
  local head = {}
  head.prev, head.next = head, head
  return setmetatable({capacity = capacity, size = 0, map = {}, head = head, evictions = 0}, LRU)
end

local function unlink(node)
  node.prev.next = node.next
  node.next.prev = node.prev
end

function LRU:push_front(node)
  local head = self.head
  node.next, node.prev = head.next, head
  head.next.prev = node
  head.next = node
end

function LRU:get(key)
  local node = self.map[key]
  if not node then return nil end
  unlink(node)
  self:push_front(node)
  return node.value
end

function LRU:put(key, value)
  local node = self.map[key]
  if node then
    node.value = value
    unlink(node)
    self:push_front(node)
    return
  end
  if self.size >= self.capacity then
    local last = self.head.prev
    unlink(last)
    self.map[last.key] = nil
    self.size = self.size - 1
    self.evictions = self.evictions + 1
  end
  node = {key = key, value = value}
  self.map[key] = node
  self:push_front(node)
  self.size = self.size + 1
end

local function cache_run(vocab, ops)
  local cache = LRU.new(800)
  local hits, misses, sum = 0, 0, 0
  for i = 1, ops do
    local key = pick(vocab) .. "/" .. rand(2)
    local v = cache:get(key)
    if v then
      hits = hits + 1
      sum = (sum + v) % 1000000007
    else
      misses = misses + 1
      cache:put(key, #key * 1000 + i % 1000)
    end
  end
  -- walk the list from most to least recent
  local order, node = 0, cache.head.next
  while node ~= cache.head do
    order = (order * 31 + node.value) % 1000000007
    node = node.next
  end
  return hits, misses, cache.evictions, (sum + order) % 1000000007
end

local checksum = 0
local wc, ic, cc
for rep = 1, N do
  local vocab = make_vocabulary(2000)
  wc = {word_counts(vocab, 10000)}
  ic = {int_churn(15000)}
  cc = {cache_run(vocab, 10000)}
  for _, r in ipairs({wc, ic, cc}) do
    for i = 1, #r do
      local v = r[i]
      if type(v) == "string" then v = #v * 256 + v:byte(1) end
      checksum = (checksum * 31 + v) % 1000000007
    end
  end
end

print(string.format("words: %d distinct of %d, most frequent '%s' x%d, %d kept", wc[1], wc[2], wc[3], wc[4], wc[5]))
print(string.format("int map: size %d, hits %d, misses %d, deletes %d", ic[1], ic[2], ic[3], ic[4]))
print(string.format("lru: hits %d, misses %d, evictions %d", cc[1], cc[2], cc[3]))
print(string.format("checksum %d", checksum))
