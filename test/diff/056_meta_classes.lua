-- metatables: a small class hierarchy with inheritance, super calls and tostring
local Animal = {}
Animal.__index = Animal
function Animal.new(name, sound)
  return setmetatable({name = name, sound = sound}, Animal)
end
function Animal:speak() return self.name .. " says " .. self.sound end
function Animal:kind() return "animal" end
Animal.__tostring = function(self) return "Animal(" .. self.name .. ")" end
local Dog = setmetatable({}, {__index = Animal})
Dog.__index = Dog
Dog.__tostring = function(self) return "Dog(" .. self.name .. ")" end
function Dog.new(name)
  local d = Animal.new(name, "woof")
  return setmetatable(d, Dog)
end
function Dog:kind() return "dog, a kind of " .. Animal.kind(self) end
function Dog:fetch() return self.name .. " fetches" end
local a = Animal.new("cat", "meow")
local d = Dog.new("rex")
print(a:speak(), a:kind(), tostring(a))
print(d:speak(), d:kind(), d:fetch(), tostring(d))
print(getmetatable(d) == Dog, getmetatable(Dog).__index == Animal)
print(rawget(Dog, "speak"), Dog.speak == Animal.speak)
print(pcall(function() return a:fetch() end))
local mtNoInherit = setmetatable({}, {__index = {__add = function() return "inherited" end}})
local obj = setmetatable({}, mtNoInherit)
print(pcall(function() return obj + 1 end))
print(mtNoInherit.__add ~= nil)
