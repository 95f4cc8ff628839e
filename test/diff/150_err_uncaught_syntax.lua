-- errors: a script with a syntax error produces no output and exit status 1
print("this is never printed")
local x = = 1
