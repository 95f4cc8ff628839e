-- uncaught: arithmetic on a non-numeric string
local input = "abc"
local n = input + 1
print(n)
