-- Pattern blow-ups: malformed patterns, recursion too deep for the
-- matcher, too many captures, huge subjects and replacements. Each is a
-- clean error or a result; none crashes, none takes long.
local function fails(what, f, ...)
  local ok, msg = pcall(f, ...)
  assert(not ok, what .. ": did not fail")
  assert(type(msg) == "string", what)
end
local big = string.rep("a", 1 << 20)
local mid = string.rep("a", 10000)
-- malformed
for _, p in ipairs{"%", "[a", "[", "[^", "(", ")", "%b", "%ba", "%f", "%fa", "(()", "%1",
                   "(a)%2", "[a-", "[%", "%g%", "(%1)"} do
  pcall(string.find, "abc", p); pcall(string.gsub, "abc", p, "x"); pcall(string.match, mid, p)
  pcall(function() for _ in string.gmatch("abc", p) do end end)
end
-- too many captures, too complex
fails("captures", string.find, "a", string.rep("()", 40))
fails("nesting", string.find, big, string.rep("(", 300) .. "a" .. string.rep(")", 300))
fails("recursion", string.match, big, string.rep("a?", 300) .. "b")
-- backtracking (quadratic: what the program asks for, so a shorter subject)
assert(string.find(mid, "a-b") == nil)
assert(string.find(mid .. "b", ".-b") == 1)
assert(select(2, string.gsub(big, "a", "b")) == 1 << 20)
assert(#string.gsub(big, "", "x") == 2 * (1 << 20) + 1)
assert(select(2, string.gsub(big, "%f[%w]%w+", "")) == 1)
-- replacement strings: bad %-escapes, huge ones, functions and tables
fails("bad %", string.gsub, "abc", "b", "%9")
fails("bad % at end", string.gsub, "abc", "b", "%")
assert(#string.gsub("abc", "b", string.rep("x", 1 << 20)) == (1 << 20) + 2)
fails("replacement type", string.gsub, "abc", "b", true)
fails("replacement result", string.gsub, "abc", "b", function() return {} end)
assert(string.gsub("abc", "%w", {a = 1, b = false}) == "1bc")
fails("bad max", string.gsub, "abc", "b", "x", "no")
-- gmatch over a long subject with an init past its end
local n = 0
for _ in string.gmatch(big, "a", -10) do n = n + 1 end
assert(n == 10)
for _ in string.gmatch("abc", "x*", 100) do n = n + 1 end
-- string.format blow-ups
fails("format width", string.format, "%1000d", 1)
fails("format precision", string.format, "%.1000f", 1)
fails("format bad", string.format, "%y", 1)
fails("format few args", string.format, "%d %d", 1)
assert(#string.format("%s", big) == 1 << 20)
assert(#string.format("%q", big) == (1 << 20) + 2)
assert(#string.format("%99.99f", 1e308) > 300)
print("OK patterns")
