-- jit: traces>=9, side>=5, aborts<=0
-- Store-to-load forwarding in traces: a value stored into an array slot,
-- a field or an upvalue and read back in the same iteration is the
-- stored value, unless another store may have written the same place
-- (two indexes that are equal), a call came between, or it is read in
-- the next iteration.
local N = 3000
local t = {0, 0, 0, 0}
local obj = {a = 1, b = 2.5}
local up = 0
local function bump() up = up + 1 end
local s1, s2, s3 = 0, 0, 0
for i = 1, N do
  local j = i % 4 + 1
  local k = (i * 3) % 4 + 1 -- sometimes j == k
  t[j] = i
  t[k] = -i
  s1 = s1 + t[j] + t[k] -- t[j] is -i when j == k
  obj.a = obj.a + i
  obj.b = i * 0.5
  s2 = s2 + obj.a + obj.b
  up = i
  bump()
  s3 = s3 + up -- bump changed it
end
print(s1, s2, s3, t[1], t[2], t[3], t[4], obj.a, obj.b, up)

-- a slot whose type changes between the store and a later iteration's read
local m = {1}
local acc = 0
for i = 1, N do
  acc = acc + m[1]
  if i % 100 == 0 then m[1] = 0.5 else m[1] = i end
  acc = acc + m[1]
end
print(acc)

-- upvalues of inlined closures that are locals of the loop's own frame
-- (open: the trace keeps them in registers), of a frame below (open, on
-- the stack), or closed; one closure's prototype with each kind
local function counter()
  local c = 0
  return function(d) c = c + d; return c end
end
local closed = counter()
local function outer()
  local here = 0
  local function addhere(d) here = here + d; return here end
  local r = 0
  for i = 1, N do
    local f = (i % 3 == 0) and closed or addhere
    r = r + f(i)
    here = here + 1
    r = r + addhere(0)
  end
  return r, here
end
print(outer())
local below = 0
local function addbelow() below = below + 2 end
local function inner()
  for _ = 1, N do addbelow() end
end
inner()
print(below, closed(0))
