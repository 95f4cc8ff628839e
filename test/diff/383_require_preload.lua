-- require with package.preload: loader arguments, caching in package.loaded, errors
package.preload["mymod"] = function(name, extra) print("loading", name, extra); return {value = 42} end
local m = require("mymod")
print(m.value, package.loaded.mymod == m, select("#", require("mymod")))
print(select(2, require("mymod")))
package.preload["nilmod"] = function() end
print(require("nilmod"), package.loaded.nilmod)
package.preload["falsemod"] = function() return false end
print(require("falsemod"), package.loaded.falsemod)
package.preload["errmod"] = function() error("load failed") end
print(pcall(require, "errmod"))
package.loaded["manual"] = "preset"
print(require("manual"))
print(pcall(require))
print(pcall(require, {}))
package.path = "/nonexistent_dir_for_tide_tests/?.lua"
package.cpath = "/nonexistent_dir_for_tide_tests/?.so"
print(pcall(require, "no.such.module"))
print(require("string") == string, require("_G") == _G, package.loaded.math == math)
package.preload["a.b"] = function(n) return n end
print(require("a.b"))
print(type(package.searchers), #package.searchers, type(package.searchpath), package.config:sub(1, 1))
