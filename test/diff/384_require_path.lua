-- require through package.path with a temp directory of module files, searchpath
local base = os.tmpname()
os.remove(base)
local dir = base .. "_mods"
local ok = os.execute == nil
local function mkdir(p) local f = io.open(p .. "/probe", "w") if f then f:close() os.remove(p .. "/probe") return true end return false end
-- create the directory portably through a temp file trick: use tmpname itself as the module file
local modfile = os.tmpname()
local f = assert(io.open(modfile, "w"))
f:write("local name, path = ...\nreturn {name = name, file = path ~= nil, n = select('#', ...)}")
f:close()
local dirpart, filepart = modfile:match("^(.*)/([^/]+)$")
package.path = dirpart .. "/?"
package.cpath = "/nonexistent_c/?.so"
local m = require(filepart)
print(m.name == filepart, m.file, m.n)
local p, err = package.searchpath(filepart, package.path)
print(p == modfile, err)
local p2, err2 = package.searchpath("no_such_mod_xyz", "/nonexistent_a/?.lua;/nonexistent_b/?.luac")
print(p2, err2)
print(package.searchpath("a.b.c", "/x/?.lua", ".", "/"))
print(select(2, package.searchpath("a.b.c", "/x/?.lua", "", "")))
print(pcall(package.searchpath))
print(pcall(require, "no_such_mod_xyz"))
os.remove(modfile)
print(mkdir == nil, ok ~= nil, dir ~= nil)
