-- collectgarbage: deterministic options and their result types, invalid options
print(collectgarbage("collect"), collectgarbage())
print(math.type(collectgarbage("count")), collectgarbage("count") > 0)
print(collectgarbage("step", 0) ~= nil, type(collectgarbage("step")))
print(collectgarbage("isrunning"))
collectgarbage("stop")
print(collectgarbage("isrunning"))
collectgarbage("restart")
print(collectgarbage("isrunning"))
print(pcall(collectgarbage, "bogus"))
print(pcall(collectgarbage, 5))
print((pcall(collectgarbage, "count", "x")))
local prev = collectgarbage("incremental")
print(prev == "incremental" or prev == "generational")
print(collectgarbage("generational"), collectgarbage("incremental"))
print(collectgarbage("incremental"))
print(type(collectgarbage("setpause", 200)), type(collectgarbage("setstepmul", 100)))
collectgarbage("setpause", 200); collectgarbage("setstepmul", 100)
local big = {}
for i = 1, 1000 do big[i] = {i} end
big = nil
print(collectgarbage("collect"))
