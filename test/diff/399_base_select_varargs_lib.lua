-- library functions receiving many or few arguments through varargs and table.unpack
local args = {}
for i = 1, 250 do args[i] = i end
print(math.max(table.unpack(args)), math.min(table.unpack(args)), select("#", table.unpack(args)))
print(#string.char(table.unpack(args)), string.char(table.unpack(args, 65, 70)))
print(#table.concat(args, ","), select(-1, table.unpack(args)))
local function count(...) return select("#", ...) end
print(count(string.byte(string.rep("x", 300), 1, -1)))
print(count(("a b c d e"):match(("(%a) "):rep(4) .. "(%a)")))
print(count(string.gsub("abc", "b", "x")), count(string.find("abc", "b")), count(string.find("abc", "(b)")))
print(count(pcall(error)), count(coroutine.resume(coroutine.create(function(...) return ... end), 1, 2, 3)))
print(count(table.unpack({1, 2, nil})), count(table.unpack({1, 2, nil}, 1, 3)))
print(count(io.write()), count(print()))
print(count(utf8.codepoint("hello", 1, -1)), count(math.modf(1.5)), count(next({})))
