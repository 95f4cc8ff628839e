-- config_bad.lua — a configuration with mistakes, for examples/config.c:
-- the host reports each one with the line where the setting was assigned.

name = "broken"
listen = { host = "localhost", port = "8080" }   -- a string, not an integer
workers = 2.5                                     -- not an integer
log = { level = "loud" }                          -- not a known level
routes = { { path = "/", handler = 42 }, "/x" }   -- a number; not a table
wrokers = 4                                       -- a typo: unknown setting
