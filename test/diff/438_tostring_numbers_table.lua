-- tostring / %.14g formatting of a table of tricky numbers, compared with %.17g
local vals = {100, 100.0, -100.0, 1e14, 1e15, 1e16, 1e17, 123456789012345, 1234567890123456, 0.1, 0.25, 1/3, -1/3, 1e-4, 1e-5, 1.5e-7, 2^24, 2^31, 2^32, 2^52, 2^64, 255/256, 3.14159265358979, 1e21, 1e22, 123e20}
for _, v in ipairs(vals) do
  print(tostring(v), string.format("%.14g", v), string.format("%.17g", v), math.type(v))
end
