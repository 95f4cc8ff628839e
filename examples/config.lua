-- config.lua — the configuration of an imaginary web service, read by
-- examples/config.c. It is ordinary Lua: assignments to globals, nested
-- tables, computed values. Settings left out get the host's defaults.
-- It runs in Tide's safe profile: string, table and math are there,
-- io, os.execute, loadfile and require of files are not.

name = "tide-demo"

listen = { host = "127.0.0.1", port = 8080 }

-- values can be computed
workers = math.max(2, 3 * 2)
timeout = 2.5   -- seconds

log = {
  level = "info",
  -- file is left out: the host's default is used
}

local api = "/api/" .. string.lower("V1")
routes = {
  { path = "/", handler = "index" },
  { path = api, handler = "api" },
  { path = "/static", handler = "files", cache = true },
}
