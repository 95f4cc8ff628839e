-- negative zero through math functions and formatting
local nz = -0.0
print(nz, 0.0, nz == 0.0, 1 / nz, 1 / 0.0, tostring(nz), string.format("%g %f %a", nz, nz, nz))
print(math.abs(nz), 1 / math.abs(nz), math.floor(nz), math.type(math.floor(nz)), math.ceil(-0.5), 1 / math.ceil(-0.5))
print(math.max(nz, 0.0), math.max(0.0, nz), math.min(nz, 0.0), math.min(0.0, nz))
print(math.fmod(-1, 1), math.fmod(-1.0, 1), math.fmod(1.0, -1), 1 / math.fmod(-1.0, 1))
print(nz * 1, nz + 0, 0 - 0.0, -(0.0), -0 , nz // 1, nz % 1, -1 % 1.0)
print(math.modf(nz), math.modf(-2.0), math.tointeger(nz), math.sqrt(nz))
print(string.format("%.1f|%5.1f|%-5.1f|%+.1f", nz, nz, nz, nz), string.format("%d", nz))
local t = {}
t[nz] = "key"
print(t[0], math.type(next(t)), next(t))
