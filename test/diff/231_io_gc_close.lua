-- io: files left open are flushed and closed by their __gc; <close> closes; closed files refuse use
local name = os.tmpname()
do local f = io.open(name, "w"); f:write("written by a file that was never closed") end
collectgarbage(); collectgarbage()
local g = io.open(name); print(g:read("a")); g:close()
do local f <close> = io.open(name, "a"); f:write("!") end
local g2 = io.open(name); print(g2:read("a")); g2:close()
local f3 = io.open(name); f3:close(); print(io.type(f3), pcall(f3.read, f3))
print(tostring(f3))
os.remove(name)
