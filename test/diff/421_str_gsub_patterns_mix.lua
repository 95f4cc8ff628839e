-- gsub/gmatch with sets, ranges, escapes inside sets, and anchored replacements
local s = "The year 2023 had 365 days; 2024 has 366!"
print(s:gsub("%d%d%d%d", "YYYY"))
print(s:gsub("[%d;!]", ""))
print(s:gsub("[^%a ]", "_"))
print(s:gsub("[A-Z]", function(c) return c:lower() end))
print(s:gsub("(%a+) (%d+)", "%2 %1"))
print(s:gsub("%s+", " ", 3))
print(s:gsub("[%w_]+", function(w) if #w > 3 then return w:upper() end end))
print(("a-b-c"):gsub("[-]", "+"), ("a]b"):gsub("[]]", "!"), ("a^b"):gsub("[%^]", "v"), ("a^b"):gsub("[b^]", "v"))
print(("x.y.z"):gsub("[.]", "/"), ("a%b"):gsub("[%%]", "pct"))
print(("tab\there"):gsub("[\t]", "\\t"), ("nul\0here"):gsub("%z", "0"), ("nul\0here"):gsub("\0", "Z"))
print(("αβγ"):gsub("[\128-\191]", ""), ("αβγ"):gsub("[\192-\255][\128-\191]*", "?"))
local n = 0
for a, b in ("k1=v1&k2=v2&k3"):gmatch("([^&=]+)=?([^&]*)") do n = n + 1; io.write(a, ":", b, ";") end
print(" ", n)
