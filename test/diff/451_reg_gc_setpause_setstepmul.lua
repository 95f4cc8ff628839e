-- regression: collectgarbage("setpause"/"setstepmul") return the previous value (Lua 5.4
-- keeps these options; the defaults are 200 and 100)
print(collectgarbage("setpause", 150), collectgarbage("setstepmul", 300))
print(collectgarbage("setpause", 200), collectgarbage("setstepmul", 100))
print(collectgarbage("setpause"), collectgarbage("setpause", 200))
