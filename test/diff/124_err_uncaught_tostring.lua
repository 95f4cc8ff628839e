-- errors: uncaught error object with __tostring, raised from a nested function
local E = setmetatable({msg = "custom"}, {__tostring = function(self) return "E: " .. self.msg end})
local function lvl3() error(E) end
local function lvl2() lvl3() end
print("calling")
lvl2()
