-- The registry left broken when the program ends: closing the state
-- (flushing and closing the standard files, finalizers, the loaded
-- modules) must still end cleanly.
local R = debug.getregistry()
setmetatable({}, {__gc = function() io.write("") print("finalizer ran") end})
print("OK registry_exit")
R._IO_output = 42
R._IO_input = "junk"
R["FILE*"] = {}
R._LOADED = nil
R._CLIBS = print
R[2] = 1
R[1] = false
