-- require: the "not found" message lists every path tried (default paths as Debian's lua5.4)
print(pcall(require, "no.such_module"))
print(package.config)
