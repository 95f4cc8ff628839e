-- uncaught: indexing a nil field inside a nested function call
local config = {}
local function get_port(cfg)
  return cfg.server.port
end
print("looking up port")
print(get_port(config))
