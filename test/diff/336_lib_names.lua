-- names and types of every standard library field, sorted (compat functions included)
for _, lib in ipairs{"_G","string","table","math","utf8","os","io","coroutine","debug","package"} do
  local t = _G[lib]; local ks = {}
  if t then for k, v in pairs(t) do if lib ~= "_G" or type(v) == "function" then ks[#ks+1] = k .. ":" .. type(v) end end end
  table.sort(ks); print(lib, table.concat(ks, " "))
end
