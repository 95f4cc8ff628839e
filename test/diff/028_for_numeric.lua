-- for: numeric loops with negative steps, float steps, empty ranges and types
for i = 1, 3 do io.write(i, " ") end print()
for i = 3, 1, -1 do io.write(i, " ") end print()
for i = 1, 0 do io.write("never") end print("empty")
for i = 1, 10, 4 do io.write(i, " ") end print()
for i = 10, 1, -4 do io.write(i, " ") end print()
for i = 1.0, 2 do io.write(i, " ") end print()
for i = 1, 2.5 do io.write(i, " ", math.type(i), " ") end print()
for i = 0, 1, 0.25 do io.write(i, " ") end print()
local cnt = 0
for i = 0, 1, 0.1 do cnt = cnt + 1 end print(cnt)
for i = 1, 3, 1.0 do io.write(i, " ") end print()
for i = 3, 1.5, -0.5 do io.write(i, " ") end print()
for i = "1", 2 do io.write(i, " ") end print()
for i = -3, -1 do io.write(i, " ") end print()
for i = 1, math.huge do if i > 3 then break end io.write(i, " ") end print()
for i = 1, -math.huge do io.write("never") end print("neg huge")
for i = 5, 5 do io.write(i, " ") end print()
for i = 1, 3 do local i = i * 2 io.write(i, " ") end print()
local t = {}
for i = 1, 5 do t[#t + 1] = i; i = i * 10 end
print(table.concat(t, ","))
for i = 0.1, 0.35, 0.1 do io.write(string.format("%.2f ", i)) end print()
for i = "1", 2 do print(i, math.type(i)) end
for i = 1, "2" do print(i, math.type(i)) end
for i = 1, 2, "1" do print(i, math.type(i)) end
