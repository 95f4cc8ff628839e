-- string.dump round trips: plain and stripped copies behave like the original
local function show(name, f, ...)
  local out = {name}
  for _, strip in ipairs({false, true}) do
    local g = load(string.dump(f, strip), "=" .. name, "b")
    local r = table.pack(pcall(g, ...))
    for i = 1, r.n do out[#out + 1] = tostring(r[i]) end
    out[#out + 1] = "|"
  end
  print(table.concat(out, " "))
end

show("arith", function(a, b) return a + b, a - b, a * b, a / b, a // b, a % b, a ^ b, -a end, 7, 3)
show("bits", function(a, b) return a & b, a | b, a ~ b, a << b, a >> b, ~a end, 0xF0F0, 4)
show("floats", function(x) return x // 1, x % 1, math.floor(x), x * 1e300 * 1e300, -x / 0 end, 2.75)
show("compare", function(a, b) return a < b, a <= b, a > b, a >= b, a == b, a ~= b end, 1, 1.0)
show("strings", function(s) return s:upper(), s:len(), s .. "!" .. 1, s:rep(2, ","), s:byte(1, -1) end, "hey")
show("constants", function() return nil, true, false, math.maxinteger, math.mininteger, 0.1, -0.0, "\0\1\2" end)
show("concat", function(a, b, c) return a .. b .. c, 1 .. 2, 1.5 .. "" end, "x", "y", "z")
show("tables", function()
  local t = {10, 20, 30, x = "a", [2.5] = "f"}
  t[#t + 1] = 40
  local keys = 0
  for _ in pairs(t) do keys = keys + 1 end
  return #t, t.x, t[2.5], keys, table.concat(t, "-")
end)
show("closures", function()
  local function mk(n) return function(d) n = n + d; return n end end
  local a, b = mk(1), mk(100)
  a(1); b(1)
  return a(10), b(10)
end)
show("methods", function()
  local Account = {}
  Account.__index = Account
  function Account.new(b) return setmetatable({balance = b}, Account) end
  function Account:deposit(v) self.balance = self.balance + v; return self end
  return Account.new(5):deposit(10):deposit(1).balance
end)
show("metamethods", function()
  local mt = {__add = function(a, b) return "add" end, __index = function(t, k) return k .. "?" end,
    __len = function() return 42 end, __call = function(self, x) return x * 2 end,
    __eq = function() return true end, __lt = function() return true end, __concat = function() return "cc" end}
  local a, b = setmetatable({}, mt), setmetatable({}, mt)
  return a + 1, a.foo, #a, a(21), a == b, a < b, a .. "x"
end)
show("errors", function() return nil + 1 end)
show("error object", function() error(setmetatable({}, {__tostring = function() return "custom" end})) end)
show("integer division by zero", function(a) return a // 0 end, 1)
show("string coercion", function() return "10" + 5, "3" * "4", 10 .. 20 end)
