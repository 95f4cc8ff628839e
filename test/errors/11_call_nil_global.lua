-- uncaught: calling an undefined global function
local x = 10
print(x)
undefined_function(x)
