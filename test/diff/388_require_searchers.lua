-- custom package.searchers entries, loader data, error message aggregation
local log = {}
table.insert(package.searchers, 2, function(name)
  log[#log + 1] = "searcher2:" .. name
  if name == "virtual" then return function(n, data) return {n = n, data = data} end, "vdata" end
  return "\n\tno virtual module '" .. name .. "'"
end)
local m = require("virtual")
print(m.n, m.data, select(2, require("virtual")))
package.path = "/nonexistent_dir_x/?.lua"
package.cpath = "/nonexistent_dir_x/?.so"
print(pcall(require, "missing_mod"))
print(table.concat(log, " "))
package.searchers[2] = function(name) return nil end
print(pcall(require, "missing2"))
local saved = package.searchers
package.searchers = nil
print(pcall(require, "anything"))
package.searchers = saved
package.searchers[2] = function(name) return 42 end
print(pcall(require, "missing3"))
package.preload.pre = function(...) return select("#", ...), ... end
print(require("pre"))
