-- string.format: invalid conversions and option errors
local bad = {"%", "%y", "%10", "%-", "%#", "%.", "%1.1.1d", "%100d", "%.100f", "%123s", "%0s", "%#s", "%+s", "%#c", "%.3c", "%+x", "% x", "%#d", "%0c",
  "%+q", "%5q", "%-q", "%.1q", "%#i", "%+a", "%#a", "%-5a", "%05.2a", "%lld", "%ld", "%hd", "%n", "%p", "%b", "%u", "%5%", "%-%"}
for _, f in ipairs(bad) do
  print(f, pcall(string.format, f, 1))
end
print(pcall(string.format))
print(pcall(string.format, {}))
print(pcall(string.format, "%s"))
print(pcall(string.format, "%d %d", 1))
print(pcall(string.format, "%f", "x"))
print(pcall(string.format, "%f", nil))
print(pcall(string.format, "%c", "x"))
print(pcall(string.format, "%x", 1.5))
print(string.format("no specs", 1, 2, 3), string.format("%%"), string.format("100%%"))
print(string.format("%99d", 1):len(), pcall(string.format, "%990d", 1))
print(pcall(string.format, "%.99d", 1))
print(pcall(string.format, "%099.99f", 1))
