-- jit.flush from a call a running trace makes (pcall: CALLL) drops that
-- trace while it runs. Its exits are still taken on the way out and may
-- be hot: a side trace recorded from one must not hang from the dropped
-- tree (it did, once a shortcut in jit_isalive trusted that no tree had
-- gone since the recording began; the dropped tree was freed later, and
-- compiling the next side trace read its IR: a crash in the official
-- suite's all.lua under the forced JIT).
local jit = require("jit")
jit.on()
jit.hotloop(1)
jit.hotexit(1)
local n, flushes = 0, 0
local function maybe_flush(i)
  if i % 37 == 0 then
    jit.flush()
    flushes = flushes + 1
  end
  return i
end
for r = 1, 30 do
  for i = 1, 300 do
    local ok, v = pcall(maybe_flush, i)
    if v % 3 == 0 then n = n + 1 elseif v % 3 == 1 then n = n + 2 else n = n + 4 end
  end
  collectgarbage()
end
assert(n == 30 * (100 * 1 + 100 * 2 + 100 * 4), n)
assert(flushes == 30 * 8, flushes)
print("OK jit_flush_running")
