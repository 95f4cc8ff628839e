-- wrong-type arguments to os, io, utf8 and coroutine functions through pcall
local function fmt(ok, ...) if ok then return "ok(" .. select("#", ...) .. ")" end return (...) end
local list = {
  {"os.date", os.date}, {"os.time", os.time}, {"os.difftime", os.difftime}, {"os.getenv", os.getenv},
  {"os.remove", os.remove}, {"os.rename", os.rename}, {"os.setlocale", os.setlocale},
  {"io.open", io.open}, {"io.lines", io.lines}, {"io.type", io.type}, {"io.write", io.write},
  {"utf8.char", utf8.char}, {"utf8.codepoint", utf8.codepoint}, {"utf8.len", utf8.len}, {"utf8.offset", utf8.offset}, {"utf8.codes", utf8.codes},
  {"coroutine.create", coroutine.create}, {"coroutine.resume", coroutine.resume}, {"coroutine.status", coroutine.status},
  {"coroutine.wrap", coroutine.wrap}, {"coroutine.close", coroutine.close}, {"coroutine.isyieldable", coroutine.isyieldable},
}
for _, e in ipairs(list) do
  print(e[1], fmt(pcall(e[2], {})), "|", fmt(pcall(e[2], true, true)))
end
