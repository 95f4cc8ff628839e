-- string.format float conversions: e E f F? g G a A with flags and precisions
local vals = {0.0, -0.0, 1.5, -1.5, 0.1, 1/3, 1e100, -1e-100, 123456789.125, 2^53, 1/0, -1/0, 5e-324}
for _, spec in ipairs({"%e", "%.3e", "%E", "%f", "%.2f", "%10.3f", "%-10.1f|", "%+.1f", "% .1f", "%010.2f", "%g", "%.3g", "%#g", "%G", "%.0f", "%#.0f", "%.0e", "%#.0e", "%a", "%A", "%.3a", "%20.10g"}) do
  local row = {}
  for _, v in ipairs(vals) do row[#row + 1] = "[" .. string.format(spec, v) .. "]" end
  print(spec, table.concat(row, " "))
end
print(string.format("%f %g %e", 3, 3, 3), string.format("%.1f", "2.25"), string.format("%g", " 1e3 "))
print(string.format("%.99f", 1/3):sub(1, 40), #string.format("%.99f", 1/3))
print(string.format("%99.2f|", 1.5):len())
print(string.format("%.14g", 0.1), string.format("%.17g", 0.1), string.format("%.20g", 0.1))
print(string.format("%5.2s|", "abc"), string.format("%.0s|", "abc"))
local nan = 0/0
print(string.format("%f", nan):gsub("-", ""), string.format("%.1f", -nan):gsub("-", ""))
