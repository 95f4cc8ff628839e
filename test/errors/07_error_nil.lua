-- uncaught: error(nil)
print("before")
error(nil)
