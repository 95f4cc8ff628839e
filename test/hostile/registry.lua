-- Every library entry in the registry (debug.getregistry() is writable)
-- replaced by nil, a number, a string, a table, a function, a thread, a
-- foreign userdata, or a table whose metamethods raise, and then the
-- library functions that use it called: each gives a Lua error or works,
-- never a crash. lua5.4 itself crashes on some of these.
local R = debug.getregistry()
local keys = {1, 2, "FILE*", "_CLIBS", "_IO_input", "_IO_output", "_LOADED", "_PRELOAD"}
local raising = setmetatable({}, {__index = function() error("boom") end,
                                  __newindex = function() error("boom") end})
local values = {false, 42, "junk", {}, print, coroutine.create(print), io.stdout, raising}
local tmp = os.tmpname()
local calls = {
  function() return require("string") end,
  function() return require("no.such.module") end,
  function() return require("jit") end,
  function() io.write("") end,
  function() return io.read(0) end,
  function() for l in io.lines(tmp) do end end,
  function() return io.lines() end,
  function() return io.input() end,
  function() return io.output() end,
  function() io.input(tmp); return io.read("a") end,
  function() io.output(tmp); io.write("x") end,
  function() return io.close() end,
  function() return io.flush() end,
  function() return io.type(io.stdout) end,
  function() local f = assert(io.open(tmp, "w")); f:write("a"); f:close() end,
  function() return tostring(io.stdout) end,
  function() return io.stdout:write("") end,
  function() return io.popen("true"):close() end,
  function() return io.tmpfile():close() end,
  function() return load("return 1")() end,
  function() return load("x = 1")() end,
  function() return loadfile(tmp) end,
  function() return dofile("/nonexistent") end,
  function() return package.loadlib("/nonexistent.so", "f") end,
  function() return package.searchpath("x", package.path) end,
  function() return coroutine.wrap(function() coroutine.yield(1) end)() end,
  function() return coroutine.running() end,
  function() return string.format("%d %s", 3, io.stdout) end,
  function() return setmetatable({}, {__gc = function() end}) end,
  function() collectgarbage() end,
  function() return debug.traceback() end,
  function() return getmetatable("").__index end,
  function() error("e") end,
  function() return os.getenv("HOME") end,
  function() return require("tide").gcmetrics() end,
  function() return string.dump(function() end) end,
}
local saved = {}
for _, k in ipairs(keys) do saved[k] = R[k] end
local n = 0
for _, k in ipairs(keys) do
  for vi = 0, #values do
    local v = values[vi]                    -- (vi == 0: nil)
    R[k] = v
    for _, c in ipairs(calls) do pcall(c); n = n + 1 end
    collectgarbage()
    for _, k2 in ipairs(keys) do R[k2] = saved[k2] end
    io.output(io.stdout); io.input(io.stdin)
  end
end
os.remove(tmp)
assert(n == #keys * (#values + 1) * #calls)
-- the registry's own metatable
setmetatable(R, getmetatable(raising))
for _, c in ipairs(calls) do pcall(c) end
setmetatable(R, nil)
print("OK registry", n)
