-- uncaught: numeric error object
error(42)
