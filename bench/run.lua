-- bench/run.lua — the benchmark runner behind `make bench` (run it with
-- lua5.4 from the repository root, so it works even when tide is broken).
--
-- Every bench/*.lua whose first line is `-- size: default D, quick Q` is a
-- benchmark; it takes the size as its argument and prints a checksum. Each
-- one runs RUNS times under every engine of ENGINES below, alternating
-- engines run by run (tide, lua5.4, luajit, tide, ...), each run wrapped in
-- `/usr/bin/time -f '%e %M'` (wall seconds, peak RSS in KB) or, with
-- --callgrind, in `valgrind --tool=callgrind` (instructions executed). Every
-- output must equal lua5.4's: a difference, or a non-zero exit, stops the
-- runner with a message and a diff, except for an optional engine (luajit),
-- which is then only reported as n/a for that benchmark. At the end it
-- prints a Markdown table (median/min/max, ratio of medians to lua5.4, peak
-- RSS and its ratio, geometric means of the ratios) and writes it to
-- OUT/results.md, with all the numbers in OUT/results.json.
--
-- Usage: lua5.4 bench/run.lua [--bench=NAME[,NAME...]] [--size=N] [--quick]
--          [--callgrind] [--runs=N] [--out=DIR]
--   --quick      the quick sizes, 1 run each (default: default sizes, 5 runs)
--   --callgrind  instruction counts instead of time, 1 run each,
--                TIDE_HASH_SEED=1 so that tide's counts repeat
--   --size=N     with --bench: run at size N instead of the default
--   --out=DIR    where results.md and results.json go (build/bench)

-- The engines, in the order they run. `cmd` is the program and its first
-- arguments, optionally after VAR=value words for its environment (as in
-- "TIDE_JIT=off ./tide"; no spaces inside a word); `ref` marks the engine
-- outputs are checked against and ratios are taken to; an `optional` engine
-- that is not installed, fails or prints something else is shown as n/a.
local ENGINES = {
  {label = "tide",   cmd = "TIDE_JIT=off ./tide"},  -- the interpreter alone
  {label = "tide-jit", cmd = "TIDE_JIT=on ./tide"},
  {label = "lua5.4", cmd = "lua5.4", ref = true},
  {label = "luajit", cmd = "luajit", optional = true},
}

local DEFAULT_RUNS = 5
local TIMEOUT = {quick = 60, full = 1800}  -- seconds per run, then it fails

---------------------------------------------------------------- helpers
local function die(fmt, ...)
  io.stderr:write("bench: ", string.format(fmt, ...), "\n")
  os.exit(1)
end

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function readfile(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function writefile(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

-- Runs a shell command; returns its first output line (or "").
local function sh(cmd)
  local p = io.popen(cmd .. " 2>/dev/null")
  local s = p:read("l") or ""
  p:close()
  return s
end

local function have(cmd) return os.execute("command -v " .. cmd .. " >/dev/null 2>&1") == true end

local function lastlines(s, n)
  local lines = {}
  for l in s:gmatch("[^\n]*") do lines[#lines + 1] = l end
  while #lines > 0 and lines[#lines] == "" do lines[#lines] = nil end
  return table.concat(lines, "\n", math.max(1, #lines - n + 1))
end

local function median(t)
  local s = table.move(t, 1, #t, 1, {})
  table.sort(s)
  local n = #s
  if n % 2 == 1 then return s[(n + 1) // 2] end
  return (s[n // 2] + s[n // 2 + 1]) / 2
end

local function minmax(t)
  local lo, hi = math.huge, -math.huge
  for _, v in ipairs(t) do lo, hi = math.min(lo, v), math.max(hi, v) end
  return lo, hi
end

local function geomean(t)
  if #t == 0 then return nil end
  local s = 0
  for _, v in ipairs(t) do s = s + math.log(v) end
  return math.exp(s / #t)
end

local function ratio(a, b)
  if a and b and a > 0 and b > 0 then return a / b end
end

-- A small JSON encoder: objects with sorted keys, arrays for sequences.
local function json(v, ind)
  ind = ind or ""
  local t = type(v)
  if v == nil then return "null"
  elseif t == "boolean" then return tostring(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return math.type(v) == "integer" and string.format("%d", v) or string.format("%.14g", v)
  elseif t == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c)
      local e = {['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\t'] = '\\t'}
      return e[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  local inner, parts = ind .. "  ", {}
  if #v > 0 or next(v) == nil then
    for _, x in ipairs(v) do parts[#parts + 1] = json(x, inner) end
    if #parts == 0 then return "[]" end
    -- short arrays of numbers on one line
    if type(v[1]) == "number" then return "[" .. table.concat(parts, ", ") .. "]" end
    return "[\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. ind .. "]"
  end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do parts[#parts + 1] = json(k) .. ": " .. json(v[k], inner) end
  return "{\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. ind .. "}"
end

---------------------------------------------------------------- options
if not io.open("bench/run.lua") then die("run me from the repository root") end
local opt = {out = "build/bench"}
for _, a in ipairs(arg) do
  local k, v = a:match("^%-%-([%w]+)=(.*)$")
  if not k then k = a:match("^%-%-([%w]+)$"); v = true end
  if k == "bench" or k == "size" or k == "runs" or k == "out" then
    if v == true or v == "" then die("--%s needs a value", k) end
    opt[k] = v
  elseif k == "quick" or k == "callgrind" then opt[k] = true
  else die("unknown argument %s (see the head of bench/run.lua)", a) end
end
if opt.size and not opt.bench then die("SIZE needs BENCH (sizes differ per benchmark)") end
local RUNS = (opt.quick or opt.callgrind) and 1 or DEFAULT_RUNS
if opt.runs then
  RUNS = math.tointeger(tonumber(opt.runs))
  if not RUNS or RUNS < 1 then die("RUNS must be a positive integer, not %s", opt.runs) end
end
local CALLGRIND = opt.callgrind
local UNIT = CALLGRIND and "instructions" or "s"

if CALLGRIND then
  if not have("valgrind") then
    die("CALLGRIND=1 needs valgrind: apt-get install -y valgrind")
  end
elseif not io.open("/usr/bin/time") then
  die("/usr/bin/time is missing: apt-get install -y time (`make bench` installs it)")
end

---------------------------------------------------------------- benchmarks
-- Benchmarks: {name, file, size} for each bench/*.lua with a size line.
local function sizeline(file)
  local f = io.open(file)
  if not f then return nil end
  local first = f:read("l") or ""
  f:close()
  return first:match("^%-%-%s*size:%s*default%s+(%S+),%s*quick%s+(%S+)%s*$")
end

local benches = {}
local p = io.popen("ls bench/*.lua")
for file in p:lines() do
  local name = file:match("^bench/(.+)%.lua$")
  local default, quick = sizeline(file)
  if name ~= "run" and default then
    benches[#benches + 1] = {name = name, file = file, size = opt.quick and quick or default}
  end
end
p:close()

if opt.bench then
  local byname, chosen = {}, {}
  for _, b in ipairs(benches) do byname[b.name] = b end
  for name in opt.bench:gmatch("[^,%s]+") do
    name = name:gsub("^bench/", ""):gsub("%.lua$", "")
    local b = byname[name]
    if not b then
      if io.open("bench/" .. name .. ".lua") then
        die("bench/%s.lua has no `-- size: default D, quick Q` first line", name)
      end
      die("no benchmark bench/%s.lua", name)
    end
    if opt.size then b.size = opt.size end
    chosen[#chosen + 1] = b
  end
  benches = chosen
end
if #benches == 0 then die("no benchmarks found (bench/*.lua with a size line)") end

---------------------------------------------------------------- engines
local REF
for _, e in ipairs(ENGINES) do
  if e.ref then REF = e end
  -- split cmd into its environment words and the command proper
  local words, env = {}, {}
  for w in e.cmd:gmatch("%S+") do words[#words + 1] = w end
  local i = words[1] == "env" and 2 or 1
  while words[i] and words[i]:match("^[%a_][%w_]*=") do env[#env + 1] = words[i]; i = i + 1 end
  if not words[i] then die("engine %s: no command in %q", e.label, e.cmd) end
  e.env, e.argv = table.concat(env, " "), table.concat(words, " ", i)
  e.installed = have(words[i])
  if not e.installed and not e.optional then die("engine %s: %s not found", e.label, words[i]) end
  e.version = e.installed and sh("env " .. e.env .. " " .. e.argv .. " -v </dev/null") or "not installed"
  e.version = e.version:gsub("%s*%-*%s*Copyright.*", "")
  e.file = e.label:gsub("[^%w.-]", "_")  -- for temporary file names
end
assert(REF, "one engine must have ref = true")

local TMP = opt.out .. "/tmp"
os.execute("mkdir -p " .. q(TMP))

-- One run of engine e on benchmark b. Returns {value=, rss=, out=, err=,
-- status=} where value is seconds or instructions and status is nil for
-- success or a message.
local function runonce(e, b)
  local base = string.format("%s/%s.%s", TMP, b.name, e.file)
  local outf, errf, measf = base .. ".out", base .. ".err", base .. ".meas"
  os.remove(measf)
  local limit = opt.quick and TIMEOUT.quick or TIMEOUT.full
  local prog = e.argv .. " " .. q(b.file) .. " " .. q(b.size)
  local cmd
  if CALLGRIND then
    cmd = string.format("env TIDE_HASH_SEED=1 %s timeout -k 5 %d valgrind --tool=callgrind " ..
      "--callgrind-out-file=/dev/null --log-file=%s %s", e.env, limit, q(measf), prog)
  else
    cmd = string.format("env %s timeout -k 5 %d /usr/bin/time -f '%%e %%M' -o %s %s",
      e.env, limit, q(measf), prog)
  end
  local ok, how, code = os.execute(cmd .. " >" .. q(outf) .. " 2>" .. q(errf) .. " </dev/null")
  local r = {out = readfile(outf) or "", err = readfile(errf) or "", outfile = outf}
  local meas = readfile(measf) or ""
  if not ok then
    if how == "exit" and code == 124 then
      r.status = string.format("timed out after %d s", limit)
    else
      r.status = string.format("%s %d", how == "exit" and "exit status" or "signal", code)
    end
    local note = meas:match("Command terminated by signal [^\n]*")
    if note then r.status = r.status .. " (" .. note .. ")" end
    return r
  end
  if CALLGRIND then
    r.value = math.tointeger(tonumber((meas:match("Collected%s*:%s*(%d+)"))))
  else
    local s, kb = lastlines(meas, 1):match("^([%d.]+) (%d+)$")
    r.value, r.rss = tonumber(s), math.tointeger(tonumber(kb))
  end
  if not r.value then r.status = "could not read the measurement:\n" .. meas end
  return r
end

local function showdiff(reff, outf)
  io.stderr:write(("-- diff -u %s (%s) %s\n"):format(reff, REF.label, outf))
  os.execute(string.format("diff -u %s %s | head -n 40 >&2", q(reff), q(outf)))
end

---------------------------------------------------------------- run
local results = {}
local t0 = os.time()
io.stderr:write(string.format("bench: %d benchmark%s, %d run%s each, %s; engines:",
  #benches, #benches == 1 and "" or "s", RUNS, RUNS == 1 and "" or "s",
  CALLGRIND and "instruction counts (callgrind)" or "wall time"))
for _, e in ipairs(ENGINES) do io.stderr:write(" ", e.label) end
io.stderr:write("\n")

for bi, b in ipairs(benches) do
  local res = {name = b.name, size = b.size, engines = {}}
  results[#results + 1] = res
  local refout, reffile
  for _, e in ipairs(ENGINES) do
    res.engines[e.label] = {values = {}, rss = {}}
    if not e.installed then res.engines[e.label].na = "not installed" end
  end
  for run = 1, RUNS do
    local got = {}
    for _, e in ipairs(ENGINES) do
      local er = res.engines[e.label]
      if not er.na then
        local r = runonce(e, b)
        got[#got + 1] = {e = e, r = r}
        if e.ref and not r.status then
          if not refout then
            refout = r.out
            reffile = TMP .. "/" .. b.name .. ".ref.out"
            writefile(reffile, refout)
          elseif r.out ~= refout then
            io.stderr:write(("bench: FAIL %s: %s printed something else in run %d than in run 1" ..
              " (the benchmark is not deterministic)\n"):format(b.name, e.label, run))
            showdiff(reffile, r.outfile)
            os.exit(1)
          end
        end
      end
    end
    -- check this round's outputs against the reference's
    for _, g in ipairs(got) do
      local e, r, er = g.e, g.r, res.engines[g.e.label]
      local differs = refout and r.out ~= refout
      local bad = r.status or (differs and "output differs from " .. REF.label)
      if bad and e.optional then
        local msg = lastlines(r.err, 1)
        er.na = bad .. (r.status and msg ~= "" and (": " .. msg) or "")
      elseif bad then
        io.stderr:write(("bench: FAIL %s (size %s), engine %s, run %d: %s\n"):format(
          b.name, b.size, e.label, run, bad))
        io.stderr:write("   command: ", e.cmd, " ", b.file, " ", b.size, "\n")
        if r.err ~= "" then io.stderr:write("-- stderr (last lines):\n", lastlines(r.err, 20), "\n") end
        if differs then showdiff(reffile, r.outfile) end
        os.exit(1)
      elseif not er.na then
        er.values[#er.values + 1] = r.value
        er.rss[#er.rss + 1] = r.rss
      end
    end
  end
  -- summarize
  local ref = res.engines[REF.label]
  ref.median = median(ref.values)
  if not CALLGRIND then ref.rss_median = median(ref.rss) end
  local line = {}
  for _, e in ipairs(ENGINES) do
    local er = res.engines[e.label]
    if er.na then
      er.values, er.rss = nil, nil
      line[#line + 1] = e.label .. " n/a"
    else
      er.median = median(er.values)
      er.min, er.max = minmax(er.values)
      er.ratio = ratio(er.median, ref.median)
      if not CALLGRIND then
        er.rss_median = median(er.rss)
        er.rss_ratio = ratio(er.rss_median, ref.rss_median)
      else
        er.rss = nil
      end
      line[#line + 1] = string.format(CALLGRIND and "%s %.1f M%s" or "%s %.2f s%s", e.label,
        CALLGRIND and er.median / 1e6 or er.median,
        (er.ratio and not e.ref) and string.format(" (%.2fx)", er.ratio) or "")
    end
  end
  io.stderr:write(string.format("[%d/%d] %s %s: %s\n", bi, #benches, b.name, b.size,
    table.concat(line, ", ")))
end

-- geometric means of the ratios, per engine, over the benchmarks it ran
local geo = {}
for _, e in ipairs(ENGINES) do
  local tr, rr = {}, {}
  for _, res in ipairs(results) do
    local er = res.engines[e.label]
    if er.ratio then tr[#tr + 1] = er.ratio end
    if er.rss_ratio then rr[#rr + 1] = er.rss_ratio end
  end
  geo[e.label] = {benchmarks = #tr, ratio = geomean(tr), rss_ratio = geomean(rr)}
end

---------------------------------------------------------------- report
local cpu = "unknown"
for l in io.lines("/proc/cpuinfo") do
  local m = l:match("^model name%s*:%s*(.-)%s*$") or l:match("^Model%s*:%s*(.-)%s*$")
  if m then cpu = m; break end
end
local commit = sh("git rev-parse --short HEAD")
if commit ~= "" and sh("git status --porcelain --untracked-files=no | head -n 1") ~= "" then
  commit = commit .. " (uncommitted changes)"
end
local info = {
  date = os.date("!%Y-%m-%d %H:%M UTC"),
  machine = {arch = sh("uname -m"), cpu = cpu, cores = math.tointeger(tonumber(sh("nproc")))},
  commit = commit ~= "" and commit or nil,
}

local function fmtv(v)
  if not v then return "-" end
  if CALLGRIND then return string.format("%.1f M", v / 1e6) end
  return string.format("%.2f", v)
end
local function fmtr(v) return v and string.format("%.2f", v) or "-" end
local function fmtmb(kb) return kb and string.format("%.1f", kb / 1024) or "-" end

local md = {}
local function add(s) md[#md + 1] = s end
add(string.format("%s, %s, %d run%s each, %s; %s (%s, %d cores); tide at %s.",
  CALLGRIND and "Instruction counts (callgrind, TIDE_HASH_SEED=1)" or "Wall time",
  opt.quick and "quick sizes" or (opt.size and "size " .. opt.size or "default sizes"),
  RUNS, RUNS == 1 and "" or "s", info.date, info.machine.cpu, info.machine.arch,
  info.machine.cores or 0, info.commit or "?"))
add("")
local vers = {}
for _, e in ipairs(ENGINES) do vers[#vers + 1] = string.format("%s = `%s` (%s)", e.label, e.cmd, e.version) end
add("Engines: " .. table.concat(vers, "; ") .. ".")
add("")
local notes = {}
if CALLGRIND then
  add(("| benchmark | size | engine | instructions | / %s |"):format(REF.label))
  add("|---|---|---|---|---|")
else
  add(("| benchmark | size | engine | median s | min s | max s | time / %s | peak RSS MB | RSS / %s |")
    :format(REF.label, REF.label))
  add("|---|---|---|---|---|---|---|---|---|")
end
for _, res in ipairs(results) do
  for i, e in ipairs(ENGINES) do
    local er = res.engines[e.label]
    local head = i == 1 and ("| %s | %s | %s |"):format(res.name, res.size, e.label)
      or ("| | | %s |"):format(e.label)
    if er.na then
      notes[#notes + 1] = ("- %s on %s: %s"):format(e.label, res.name, er.na)
      add(head .. (CALLGRIND and " n/a | |" or " n/a | | | | | |"))
    elseif CALLGRIND then
      add(head .. (" %s | %s |"):format(fmtv(er.median), fmtr(er.ratio)))
    else
      add(head .. (" %s | %s | %s | %s | %s | %s |"):format(fmtv(er.median), fmtv(er.min),
        fmtv(er.max), fmtr(er.ratio), fmtmb(er.rss_median), fmtr(er.rss_ratio)))
    end
  end
end
add("")
if CALLGRIND then
  add(("| engine | benchmarks | instructions / %s, geometric mean |"):format(REF.label))
  add("|---|---|---|")
else
  add(("| engine | benchmarks | time / %s, geometric mean | RSS / %s, geometric mean |")
    :format(REF.label, REF.label))
  add("|---|---|---|---|")
end
for _, e in ipairs(ENGINES) do
  local g = geo[e.label]
  add(("| %s | %d | %s |%s"):format(e.label, g.benchmarks, fmtr(g.ratio),
    CALLGRIND and "" or (" %s |"):format(fmtr(g.rss_ratio))))
end
if #notes > 0 then
  add("")
  add("Not run (n/a):")
  for _, n in ipairs(notes) do add(n) end
end
local text = table.concat(md, "\n") .. "\n"

local jbenches = {}
for _, res in ipairs(results) do
  local je = {}
  for _, e in ipairs(ENGINES) do
    local er = res.engines[e.label]
    je[e.label] = er.na and {na = er.na} or {
      [CALLGRIND and "instructions" or "times"] = er.values, median = er.median, min = er.min, max = er.max, ratio = er.ratio,
      rss_kb = er.rss, rss_median_kb = er.rss_median, rss_ratio = er.rss_ratio,
    }
  end
  jbenches[#jbenches + 1] = {name = res.name, size = res.size, engines = je}
end
local jengines = {}
for _, e in ipairs(ENGINES) do
  jengines[#jengines + 1] = {label = e.label, command = e.cmd, version = e.version,
    reference = e.ref or false, optional = e.optional or false}
end
local doc = {
  mode = CALLGRIND and "callgrind" or "time", unit = UNIT, runs = RUNS,
  quick = opt.quick or false, date = info.date, machine = info.machine, commit = info.commit,
  reference = REF.label, engines = jengines, benchmarks = jbenches, geomean = geo,
}
writefile(opt.out .. "/results.md", text)
writefile(opt.out .. "/results.json", json(doc) .. "\n")
io.write(text)
io.stderr:write(string.format("bench: done in %d s; wrote %s/results.md and %s/results.json\n",
  os.time() - t0, opt.out, opt.out))
