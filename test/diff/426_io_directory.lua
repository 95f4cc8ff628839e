-- opening a directory and reading from it; open for writing fails with an errno
local d = "/"
local f, err, code = io.open(d)
print(io.type(f))
if f then
  local r, e, c = f:read("a")
  print(r, e, c)
  print(f:read("l"))
  f:close()
end
local g, e2, c2 = io.open(d, "w")
print(g, e2, c2)
local h, e3, c3 = io.open("/nonexistent_dir_tide/x", "r")
print(h, e3, c3)
