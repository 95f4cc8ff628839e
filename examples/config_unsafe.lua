-- config_unsafe.lua — a configuration that tries to reach the file system.
-- The safe profile has no io library, so the host reports a runtime error.

name = "sneaky"
secret = io.open("/etc/passwd"):read("a")
