-- uncaught: error raised from a __close metamethod at block exit
do
  local res <close> = setmetatable({}, {__close = function() error("failed to release") end})
  print("using resource")
end
