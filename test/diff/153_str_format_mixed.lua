-- strings: string.format combining many conversions, used for table-like output
local rows = {{"apple", 3, 1.25}, {"banana", 12, 0.5}, {"cherry", 100, 10}, {"kiwi", -1, -0.125}}
print(string.format("%-10s|%5s|%8s", "name", "qty", "price"))
for _, r in ipairs(rows) do
  print(string.format("%-10s|%5d|%8.3f", r[1], r[2], r[3]))
end
print(string.format("%3d%%", 50), string.format("%x-%X-%o", 48879, 48879, 48879))
print(string.format("%s=%q", "key", "val\n"))
print(string.format("%5.1f%%|%-6.2e|%G", 99.55, 12345.6789, 1e-20))
print(string.format("[%c%c%c]", 0x4c, 0x75, 0x61))
print(string.format("%d items at %.2f each = %.2f", 3, 1.1, 3 * 1.1))
print(string.format("%10.4s|", "abcdefgh"))
print(string.format("%-+8d|%+-8d|", 42, 42))
print(string.format("%.0e %.1e %#.0e", 12345, 12345, 12345))
print(string.format("%g %g %g", 1e-4, 1e-5, 123456789012))
print(string.format("%.3g|%.10g|%#.3x", 0.0001234, 1 / 3, 1))
