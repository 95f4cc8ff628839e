-- wrong-type arguments to every table and math function through pcall
local libs = {table = {"concat", "insert", "move", "pack", "remove", "sort", "unpack"},
  math = {"abs", "acos", "asin", "ceil", "cos", "deg", "exp", "floor", "fmod", "log", "max", "min", "modf", "rad", "sin", "sqrt", "tan", "tointeger", "type", "ult", "random", "randomseed"}}
for _, lib in ipairs({"table", "math"}) do
  for _, name in ipairs(libs[lib]) do
    local f = _G[lib][name]
    local r1 = table.pack(pcall(f, "x"))
    local r2 = table.pack(pcall(f, {}, {}))
    local r3 = table.pack(pcall(f, 1, "y", {}))
    local function fmt(r) if r[1] then return "ok(" .. (r.n - 1) .. ")" else return r[2] end end
    if name == "randomseed" or name == "random" then r2 = {true, n = 1} end
    print(lib .. "." .. name, fmt(r1), "|", fmt(r2), "|", fmt(r3))
  end
end
