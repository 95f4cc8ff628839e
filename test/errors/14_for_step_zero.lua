-- uncaught: numeric for loop with a zero step
local step = 0
for i = 1, 10, step do
  print(i)
end
