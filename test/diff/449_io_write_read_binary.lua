-- binary data through files: all byte values, "rb"/"wb", read counts and seek
local name = os.tmpname()
local bytes = {}
for i = 0, 255 do bytes[#bytes + 1] = string.char(i) end
local data = table.concat(bytes):rep(4)
local f = assert(io.open(name, "wb"))
f:write(data)
f:close()
f = assert(io.open(name, "rb"))
print(f:seek("end"), f:seek("set"))
local got = f:read(256)
print(#got, got == table.concat(bytes))
print(f:seek("cur"), f:read(1):byte(), f:seek("cur", 9), f:read(1):byte())
f:seek("set", 1020)
print(f:read("a"):byte(1, -1))
f:close()
f = io.open(name, "rb")
local all = f:read("a")
print(#all, all == data, select("#", all:byte(1, -1)))
f:close()
f = io.open(name, "rb")
local lines = 0
for l in f:lines("L") do lines = lines + 1 end
print(lines)
f:close()
os.remove(name)
