-- jit: traces>=5, aborts<=2
-- Closures made in traces (IR FNEW): upvalues of the frame's registers
-- opened where the interpreter opens them and read or written in the
-- trace through its slots; CLOSE (a loop variable captured in each
-- iteration) and the return of an inlined function whose locals were
-- captured close them (UCLO) with the values the trace has; closures
-- called in the trace, from C (sort), and after the loop.
local fs = {}
for i = 1, 300 do local x = i * 2; fs[i] = function() return x end end
local s = 0
for i = 1, 300 do s = s + fs[i]() end
print("captured", s)
local byvar = {}
for i = 1, 200 do byvar[i] = function() return i end end
local sv = 0
for i = 1, 200 do sv = sv + byvar[i]() * i end
print("loopvar", sv)
local function make_adder(k) return function(x) return x + k end end
local t = 0
for i = 1, 500 do local add = make_adder(i); t = t + add(i) end
print("adder", t)
local count = 0
local incs = {}
for i = 1, 200 do incs[#incs + 1] = function() count = count + i end end
for i = 1, #incs do incs[i]() end
print("shared", count)
local acc = 0
for i = 1, 300 do
  local v = i
  local get = function() return v end
  local set = function(n) v = n end
  set(v + 1)
  acc = acc + get() + v
end
print("getset", acc)
-- an outer local the trace changes, read by closures from C and later
local weight = 0
local keep = {}
local rows = {}
for i = 1, 40 do rows[i] = {id = i, w = (i * 37) % 11} end
for r = 1, 60 do
  weight = weight + r
  local by = function(a, b) if a.w ~= b.w then return a.w < b.w end return a.id < b.id end
  table.sort(rows, by)
  keep[r] = function() return weight end
end
print("sorted", rows[1].id, rows[40].id, keep[1](), keep[60]())
-- counters: each closure keeps its own state
local function counter() local n = 0 return function() n = n + 1 return n end end
local cs, tot = {}, 0
for i = 1, 100 do cs[i] = counter() end
for r = 1, 5 do for i = 1, 100 do tot = tot + cs[i]() end end
print("counters", tot)
-- a tail call from a frame whose locals a closure captured closes them first
local function wrap(x) local get = function() return x end x = x + 1 return get() end
local wsum = 0
for i = 1, 300 do wsum = wsum + wrap(i) end
print("tailclose", wsum)
