-- base: require with package.preload, caching in package.loaded
local count = 0
package.preload["mymod"] = function(name, extra)
  count = count + 1
  return {name = name, extra = extra, hello = function() return "hello from mymod" end}
end
local m = require("mymod")
print(m.name, m.extra, m.hello(), count)
local m2 = require("mymod")
print(m == m2, count)
print(package.loaded["mymod"] == m)
package.preload["nilmod"] = function() end
print(require("nilmod"), package.loaded["nilmod"])
package.preload["falsemod"] = function() return false end
print(require("falsemod"), package.loaded["falsemod"])
package.preload["errmod"] = function() error("module failed", 0) end
print(pcall(require, "errmod"))
package.loaded["fake"] = "preset"
print(require("fake"))
print(require("string") == string, require("_G") == _G)
package.preload["selfref"] = function(name)
  package.loaded[name] = "early"
  return nil
end
print(require("selfref"))
local ok, e = pcall(require, "definitely_not_a_module_xyz")
print(ok, type(e))
