-- test/fuzz/genprog.lua SEED: print a random, well-formed, deterministic Lua 5.4
-- program for differential testing (run it under lua5.4 and under tide and
-- compare stdout and exit status; see test/fuzz/run.sh).
--
-- The generated program
--   * terminates quickly: loops have constant bounds, functions only call
--     functions defined before them, and a fuel counter bounds everything;
--   * is deterministic: no pairs() order (keys are sorted first), no
--     addresses (tables/functions are never printed directly), no os/io
--     except io.write, and NaN is printed without its sign;
--   * runs each group of statements inside pcall, so a runtime error ends
--     only that group and its message is printed.
-- The generator uses its own PRNG, so a seed gives the same program under
-- any Lua 5.4 implementation.

local seed = tonumber(arg and arg[1]) or 1

-- ------------------------------------------------------------------ PRNG
-- 64-bit LCG (wrapping integer arithmetic), high bits used.
local state = seed * 2654435761 + 12345
local function rnd()
  state = state * 6364136223846793005 + 1442695040888963407
  return (state >> 33) & 0x7fffffff
end
local function R(n) return rnd() % n + 1 end            -- 1..n
local function chance(p) return rnd() % 1000 < p * 1000 end
local function pick(t) return t[R(#t)] end

-- ------------------------------------------------------------------ output
local out = {}
local indent = 0
local function emit(s) out[#out + 1] = string.rep("  ", indent) .. s end

-- ------------------------------------------------------------------ scopes
-- Each variable has a kind: int, float, str, bool, tbl (plain table of
-- mixed values), arr (array of numbers), obj (table with a metatable),
-- fn (function taking up to 2 args returning a value).
local scopes = {{}}
local counter = 0
local function newname(prefix) counter = counter + 1; return prefix .. counter end
local function declare(name, kind, extra)
  local v = {name = name, kind = kind}
  if extra then for k, x in pairs(extra) do v[k] = x end end
  table.insert(scopes[#scopes], v)
  return v
end
local function push() scopes[#scopes + 1] = {} end
local function pop() scopes[#scopes] = nil end
local function vars(kind)
  local r = {}
  for i = 1, #scopes do
    for _, v in ipairs(scopes[i]) do
      if (kind == nil or v.kind == kind) and not v.hidden then r[#r + 1] = v end
    end
  end
  return r
end
local function var(kind)
  local vs = vars(kind)
  if #vs == 0 then return nil end
  return pick(vs)
end

local depth_limit = 3
local loop_depth = 0
local in_function = 0
local in_vararg = false
local mt_count = 0
local mts = {}     -- metatables generated: {name=, has={__add=true,...}}

-- ------------------------------------------------------------------ literals
local int_lits = {"0", "1", "-1", "2", "3", "7", "10", "-13", "100", "255", "256", "1000",
  "math.maxinteger", "math.mininteger", "(math.maxinteger - 1)", "(math.mininteger + 1)",
  "0x7fffffff", "0xff", "-0x10", "9007199254740993", "4611686018427387904", "65", "97", "42"}
local float_lits = {"0.0", "-0.0", "1.5", "-2.5", "0.1", "1e300", "-1e300", "1e-300", "5e-324",
  "(1/0)", "(-1/0)", "2^53", "2^63", "-2^63", "3.0", "0.5", "1e15", "1e16", "123.456", "-7.25",
  "math.pi", "math.huge", "(2^53 + 1)", "1e100", "0x1p-2", "6.02e23"}
local str_lits = {'""', '"a"', '"abc"', '"Hello World"', '"10"', '"0x10"', '" 5 "', '"1e2"',
  '"3.5"', '"-7"', '"  12  "', '"x y z"', '"a,b,,c"', '"%d"', '"\\0z"', '"\\n"', '"9007199254740993"',
  '"9223372036854775808"', '"1e"', '"0x"', '"inf"', '"nan"', '"one two three"', '"AbCdEf"',
  '"123abc"', '"  "', '"a.b.c"', '"[x]"', '"\\65\\66"', '"\\u{48}\\u{49}"'}
local patterns = {'"%a+"', '"%d+"', '"%s"', '"(%w+)"', '"^a"', '"c$"', '"[abc]"', '"[^%s]+"',
  '"%p"', '"."', '"(.)(.)"', '"%x+"', '"b*"', '"a-b"', '"%u"', '"%l+"', '","', '"(%d)(%a)"', '"%.?"'}
local formats = {
  {"%d", "int"}, {"%5d", "int"}, {"%-5d|", "int"}, {"%x", "int"}, {"%X", "int"}, {"%o", "int"},
  {"%i", "int"}, {"%+d", "int"}, {"%05d", "int"}, {"%.3f", "num"}, {"%10.2f", "num"},
  {"%e", "num"}, {"%.3e", "num"}, {"%g", "num"}, {"%.10g", "num"}, {"%a", "num"},
  {"%s", "str"}, {"%10s", "str"}, {"%-8s|", "str"}, {"%.2s", "str"}, {"%q", "str"},
  {"%q", "int"}, {"%s", "num"}, {"%c", "char"}, {"%%", nil}, {"%5.1s", "str"}, {"%G", "num"},
}

-- ------------------------------------------------------------------ expressions
local gen

local function int_expr(d)
  local c = R(20)
  if d <= 0 or c <= 4 then
    local v = var("int")
    if v and chance(0.6) then return v.name end
    return pick(int_lits)
  elseif c <= 9 then
    local op = pick({"+", "-", "*", "//", "%", "&", "|", "~", "<<", ">>", "+", "-", "*"})
    local rhs = gen("int", d - 1)
    -- never zero outside the one-line pcall wrappers: lua5.4 reports an
    -- integer division by zero at a stale line (the last saved pc)
    if op == "//" or op == "%" then rhs = "(" .. rhs .. " | 1)" end
    if (op == "<<" or op == ">>") then rhs = tostring(R(70) - 5) end
    return "(" .. gen("int", d - 1) .. " " .. op .. " " .. rhs .. ")"
  elseif c == 10 then return "#(" .. gen("str", d - 1) .. ")"
  elseif c == 11 then
    -- only arrays without holes: the border of a table with holes is not
    -- unique, and tide may legitimately pick another one than lua5.4
    local v = var("arr")
    if v then return "#" .. v.name end
    return "#{1, 2, 3}"
  elseif c == 12 then return "math.floor(" .. gen("num", d - 1) .. ")"
  elseif c == 13 then return "math.max(" .. gen("int", d - 1) .. ", " .. gen("int", d - 1) .. ")"
  elseif c == 14 then return "(string.byte(" .. gen("str", d - 1) .. ", " .. R(3) .. ") or -1)"
  elseif c == 15 then return "(math.tointeger(" .. gen("num", d - 1) .. ") or 0)"
  elseif c == 16 then return "-(" .. gen("int", d - 1) .. ")"
  elseif c == 17 then return "~(" .. gen("int", d - 1) .. ")"
  elseif c == 18 then
    if in_vararg then return "select('#', ...)" end
    return "select('#', " .. gen("any", d - 1) .. ", " .. gen("any", d - 1) .. ")"
  elseif c == 19 then return "(tonumber(" .. pick({'"10"', '"0x1F"', '"-5"', '"z"', '"7"'}) .. ", " .. pick({"10", "16", "36", "8"}) .. ") or 0)"
  else return "math.abs(" .. gen("int", d - 1) .. ")"
  end
end

local function float_expr(d)
  local c = R(16)
  if d <= 0 or c <= 4 then
    local v = var("float")
    if v and chance(0.6) then return v.name end
    return pick(float_lits)
  elseif c <= 8 then
    local op = pick({"+", "-", "*", "/", "^", "%", "//"})
    local l, r = gen("num", d - 1), gen("num", d - 1)
    if op == "^" then r = pick({"2", "0.5", "-1", "3", "0"}) end
    if op ~= "/" and op ~= "^" then l = "(" .. l .. " + 0.0)" end
    return "(" .. l .. " " .. op .. " " .. r .. ")"
  elseif c == 9 then return "math.sqrt(math.abs(" .. gen("num", d - 1) .. "))"
  elseif c == 10 then return pick({"math.sin", "math.cos", "math.atan", "math.exp", "math.ceil"}) .. "(" .. gen("float", d - 1) .. " % 10)"
  elseif c == 11 then return "math.fmod(" .. gen("num", d - 1) .. ", " .. pick({"3", "-2.5", "0.5", "7"}) .. ")"
  elseif c == 12 then return "(math.modf(" .. gen("num", d - 1) .. "))"
  elseif c == 13 then return "(" .. gen("int", d - 1) .. " / " .. pick({"2", "3", "0", "-4", "0.0"}) .. ")"
  elseif c == 14 then return "(tonumber(" .. gen("str", d - 1) .. ") or 0.25)"
  elseif c == 15 then return "math.min(" .. gen("num", d - 1) .. ", " .. gen("num", d - 1) .. ")"
  else return "-(" .. gen("float", d - 1) .. ")"
  end
end

local function str_expr(d)
  local c = R(24)
  if d <= 0 or c <= 5 then
    local v = var("str")
    if v and chance(0.6) then return v.name end
    return pick(str_lits)
  elseif c <= 7 then return "(" .. gen("str", d - 1) .. " .. " .. gen(pick({"str", "num", "int"}), d - 1) .. ")"
  elseif c == 8 then
    local f = pick(formats)
    local arg = ""
    if f[2] == "int" then arg = ", " .. gen("int", d - 1)
    elseif f[2] == "num" then arg = ", " .. gen("num", d - 1)
    elseif f[2] == "str" then arg = ", " .. gen("str", d - 1)
    elseif f[2] == "char" then arg = ", " .. tostring(64 + R(58)) end
    return "string.format(" .. string.format("%q", f[1]) .. arg .. ")"
  elseif c == 9 then return "string.rep(" .. gen("str", d - 1) .. ", " .. (R(5) - 2) .. (chance(0.4) and ", \"-\"" or "") .. ")"
  elseif c == 10 then return "(" .. gen("str", d - 1) .. "):sub(" .. (R(9) - 5) .. ", " .. (R(11) - 5) .. ")"
  elseif c == 11 then return pick({"string.upper", "string.lower", "string.reverse"}) .. "(" .. gen("str", d - 1) .. ")"
  elseif c == 12 then return "tostring(" .. gen(pick({"int", "float", "num", "bool"}), d - 1) .. ")"
  elseif c == 13 then return "string.char(" .. (64 + R(58)) .. ", " .. (96 + R(26)) .. ")"
  elseif c == 14 then return "(string.gsub(" .. gen("str", d - 1) .. ", " .. pick(patterns) .. ", " .. pick({'"<%0>"', '"-"', '"%1"', '""', "string.upper", '{a = "A", b = 1}'}) .. (chance(0.3) and (", " .. R(3)) or "") .. "))"
  elseif c == 15 then return "(string.match(" .. gen("str", d - 1) .. ", " .. pick(patterns) .. ") or \"\")"
  elseif c == 16 then return "(" .. gen("int", d - 1) .. " .. \"\")"
  elseif c == 17 then return "table.concat({" .. gen("str", d - 1) .. ", " .. gen("int", d - 1) .. ", " .. gen("str", d - 1) .. "}, " .. pick({'","', '""', '" | "'}) .. ")"
  elseif c == 18 then
    local v = var("obj")
    -- wrapped in calls: lua5.4.4 miscompiles a parenthesised concatenation
    -- whose __concat metamethod runs inside a longer one, e.g. o .. (o .. "x")
    if v and mts[v.mt].has.__concat then return "L(" .. v.name .. " .. L(" .. gen("str", d - 1) .. "))" end
    if v and mts[v.mt].has.__tostring then return "tostring(" .. v.name .. ")" end
    return pick(str_lits)
  elseif c == 19 then return "(" .. gen("num", d - 1) .. " .. " .. gen("num", d - 1) .. ")"
  elseif c == 20 then return "(math.type(" .. gen("any", d - 1) .. ") or \"nil\")"
  elseif c == 21 then return "type(" .. gen("any", d - 1) .. ")"
  elseif c == 22 then
    local v = var("obj")
    if v and mts[v.mt].has.__index then return "tostring(" .. v.name .. "." .. pick({"foo", "bar", "v", "x"}) .. ")" end
    return "\"noindex\""
  elseif c == 23 then return "((string.find(" .. gen("str", d - 1) .. ", " .. pick({'"b"', '"."', '"%d"', '"o"', '"(a)"'}) .. ", " .. (R(5) - 2) .. (chance(0.4) and ", true" or "") .. ") or -1) .. \"\")"
  else return "utf8.char(" .. (R(200) * 37) .. ", " .. (R(60000)) .. ")"
  end
end

local function bool_expr(d)
  local c = R(12)
  if d <= 0 or c <= 2 then
    local v = var("bool")
    if v and chance(0.6) then return v.name end
    return pick({"true", "false"})
  elseif c <= 5 then
    local op = pick({"<", "<=", ">", ">=", "==", "~="})
    local k = pick({"num", "num", "int", "str", "float"})
    local k2 = k
    if k == "num" or k == "int" or k == "float" then k2 = pick({"num", "int", "float"}) end
    return "(" .. gen(k, d - 1) .. " " .. op .. " " .. gen(k2, d - 1) .. ")"
  elseif c == 6 then return "(not " .. gen("any", d - 1) .. ")"
  elseif c == 7 then return "(" .. gen("bool", d - 1) .. " " .. pick({"and", "or"}) .. " " .. gen("bool", d - 1) .. ")"
  elseif c == 8 then return "(" .. gen("any", d - 1) .. " == " .. gen("any", d - 1) .. ")"
  elseif c == 9 then return "rawequal(" .. gen("any", d - 1) .. ", " .. gen("any", d - 1) .. ")"
  elseif c == 10 then return "(math.type(" .. gen("num", d - 1) .. ") == \"integer\")"
  elseif c == 11 then
    local v = var("obj")
    if v then
      local has = mts[v.mt].has
      if has.__lt and chance(0.5) then return "(" .. v.name .. " < " .. gen("any", d - 1) .. ")" end
      if has.__le then return "(" .. v.name .. " <= " .. gen("num", d - 1) .. ")" end
      if has.__eq then
        local w = var("obj")
        return "(" .. v.name .. " == " .. w.name .. ")"
      end
    end
    return "math.ult(" .. gen("int", d - 1) .. ", " .. gen("int", d - 1) .. ")"
  else return "(" .. gen("str", d - 1) .. " < " .. gen("str", d - 1) .. ")"
  end
end

local function any_expr(d)
  local c = R(12)
  if c <= 3 then return gen("int", d)
  elseif c <= 5 then return gen("float", d)
  elseif c <= 7 then return gen("str", d)
  elseif c == 8 then return gen("bool", d)
  elseif c == 9 then return "nil"
  elseif c == 10 then
    local f = var("fn")
    if f and d > 0 then return f.name .. "(" .. gen("any", d - 1) .. ", " .. gen("any", d - 1) .. ")" end
    return gen("int", d)
  elseif c == 11 then
    local t = var("tbl") or var("arr")
    if t then return t.name .. "[" .. gen(pick({"int", "str"}), d - 1) .. "]" end
    return "nil"
  else
    local o = var("obj")
    if o and d > 0 then
      local has = mts[o.mt].has
      local ops = {}
      if has.__add then ops[#ops + 1] = "(" .. o.name .. " + " .. gen("num", d - 1) .. ")" end
      if has.__sub then ops[#ops + 1] = "(" .. gen("num", d - 1) .. " - " .. o.name .. ")" end
      if has.__mul then ops[#ops + 1] = "(" .. o.name .. " * " .. o.name .. ")" end
      if has.__unm then ops[#ops + 1] = "(-" .. o.name .. ")" end
      if has.__len then ops[#ops + 1] = "#" .. o.name end
      if has.__call then ops[#ops + 1] = o.name .. "(" .. gen("num", d - 1) .. ")" end
      if has.__index then ops[#ops + 1] = o.name .. "." .. pick({"v", "w", "k", "name"}) end
      if has.__idiv then ops[#ops + 1] = "(" .. o.name .. " // " .. gen("num", d - 1) .. ")" end
      if has.__band then ops[#ops + 1] = "(" .. gen("int", d - 1) .. " & " .. o.name .. ")" end
      ops[#ops + 1] = "rawget(" .. o.name .. ", \"v\")"
      return pick(ops)
    end
    return gen("num", d)
  end
end

function gen(kind, d)
  if kind == "num" then kind = chance(0.5) and "int" or "float" end
  if kind == "int" then return int_expr(d)
  elseif kind == "float" then return float_expr(d)
  elseif kind == "str" then return str_expr(d)
  elseif kind == "bool" then return bool_expr(d)
  else return any_expr(d) end
end

local function expr(kind) return gen(kind, R(depth_limit)) end

-- ------------------------------------------------------------------ statements
local stmt_block

local function fuel() emit("FUEL = FUEL - 1; if FUEL < 0 then error(\"out of fuel\", 0) end") end

local function assign_stmt()
  local kinds = {"int", "float", "str", "bool"}
  local k = pick(kinds)
  local v = var(k)
  if not v then return end
  if v.const then return end
  if k == "str" then emit(v.name .. " = L(" .. expr("str") .. ")")
  else emit(v.name .. " = " .. expr(k)) end
end

local function print_stmt()
  local n = R(3)
  local parts = {}
  for i = 1, n do parts[i] = expr(pick({"int", "float", "str", "bool", "any", "num"})) end
  emit("P(" .. table.concat(parts, ", ") .. ")")
end

local function local_stmt()
  local k = pick({"int", "float", "str", "bool", "int", "str"})
  local name = newname(k:sub(1, 1) .. "v")
  local attrib = ""
  if chance(0.1) then attrib = " <const>" end
  local rhs = expr(k)
  if k == "str" then rhs = "L(" .. rhs .. ")" end
  emit("local " .. name .. attrib .. " = " .. rhs)
  declare(name, k, {const = attrib ~= ""})
end

local function multi_assign_stmt()
  local a, b = var("int"), var("int")
  if a and b and a ~= b and not a.const and not b.const then
    emit(a.name .. ", " .. b.name .. " = " .. b.name .. ", " .. a.name)
  end
  local s1, s2 = var("str"), var("int")
  if s1 and s2 and not s1.const and not s2.const then
    emit(s1.name .. ", " .. s2.name .. " = L(" .. expr("str") .. "), " .. expr("int") .. ", " .. expr("any"))
  end
end

local function table_stmt()
  local t = var("tbl")
  local a = var("arr")
  local c = R(9)
  if c == 1 and t then emit(t.name .. "[" .. expr(pick({"int", "str"})) .. "] = " .. expr("any"))
  elseif c == 2 and a then emit("if #" .. a.name .. " < 20 then table.insert(" .. a.name .. ", " .. expr("num") .. ") end")
  elseif c == 3 and a then emit("P(table.remove(" .. a.name .. "), #" .. a.name .. ")")
  elseif c == 4 and a then
    local cmp = pick({"", ", function(x, y) return x > y end", ", function(x, y) return x < y end"})
    emit("P(pcall(table.sort, " .. a.name .. cmp .. "))")
    emit("P(table.concat(" .. a.name .. ", \",\"))")
  elseif c == 5 and a then emit("P(table.unpack(" .. a.name .. ", 1, " .. R(4) .. "))")
  elseif c == 6 and t then emit("P(DUMP(" .. t.name .. "))")
  elseif c == 7 and a then emit("P(select('#', table.unpack(" .. a.name .. ")), table.concat(" .. a.name .. ", \" \", 1, math.min(#" .. a.name .. ", " .. R(4) .. ")))")
  elseif c == 8 and a then emit("if #" .. a.name .. " < 20 then table.move(" .. a.name .. ", 1, math.min(#" .. a.name .. ", " .. R(3) .. "), math.min(#" .. a.name .. " + 1, " .. R(3) .. ")) end"); emit("P(DUMP(" .. a.name .. "))")
  elseif c == 9 and a then emit("if #" .. a.name .. " < 20 then P(pcall(table.insert, " .. a.name .. ", " .. R(3) - 1 .. ", " .. expr("num") .. ")) end")
  end
end

local function if_stmt()
  emit("if " .. expr("bool") .. " then")
  indent = indent + 1; push(); stmt_block(R(3)); pop(); indent = indent - 1
  if chance(0.3) then
    emit("elseif " .. expr("bool") .. " then")
    indent = indent + 1; push(); stmt_block(R(2)); pop(); indent = indent - 1
  end
  if chance(0.5) then
    emit("else")
    indent = indent + 1; push(); stmt_block(R(2)); pop(); indent = indent - 1
  end
  emit("end")
end

local function loop_body(n)
  indent = indent + 1
  fuel()
  stmt_block(n)
  indent = indent - 1
end

local function for_num_stmt()
  if loop_depth >= 2 then return print_stmt() end
  loop_depth = loop_depth + 1
  local name = newname("i")
  local forms = {
    {"1", tostring(R(5)), nil, "int"},
    {tostring(R(6)), "1", "-1", "int"},
    {"1", "3", "0.5", "float"},
    {"0.25", "1.5", "0.25", "float"},
    {"math.maxinteger - 2", "math.maxinteger", nil, "int"},
    {"math.mininteger", "math.mininteger + 2", nil, "int"},
    {"math.mininteger + 1", "math.mininteger", "-1", "int"},
    {"1", "10", "4", "int"},
    {"3", "1", nil, "int"},
    {"1.0", "3", nil, "float"},
    {"-1", "-3", "-0.75", "float"},
    {"1", "math.maxinteger", "1 << 62", "int"},
  }
  local f = pick(forms)
  emit("for " .. name .. " = " .. f[1] .. ", " .. f[2] .. (f[3] and (", " .. f[3]) or "") .. " do")
  push()
  declare(name, f[4], {const = true})
  loop_body(R(3))
  if chance(0.3) then emit("  if " .. expr("bool") .. " then break end") end
  pop()
  emit("end")
  loop_depth = loop_depth - 1
end

local function for_gen_stmt()
  if loop_depth >= 2 then return print_stmt() end
  loop_depth = loop_depth + 1
  local k, v = newname("k"), newname("v")
  local t = var("tbl")
  local a = var("arr")
  push()
  if a and chance(0.5) then
    emit("for " .. k .. ", " .. v .. " in ipairs(" .. a.name .. ") do")
    declare(k, "int", {const = true}); declare(v, "num", {hidden = true})
    indent = indent + 1
    emit("P(" .. k .. ", " .. v .. ")")
    indent = indent - 1
  elseif t then
    emit("for _, " .. k .. " in ipairs(SK(" .. t.name .. ")) do")
    emit("  local " .. v .. " = " .. t.name .. "[" .. k .. "]")
    declare(k, "any", {hidden = true}); declare(v, "any", {hidden = true})
    indent = indent + 1
    emit("P(" .. k .. ", " .. v .. ")")
    indent = indent - 1
  else
    emit("for " .. k .. " in string.gmatch(" .. expr("str") .. ", " .. pick(patterns) .. ") do")
    declare(k, "str", {const = true})
  end
  loop_body(R(2))
  pop()
  emit("end")
  loop_depth = loop_depth - 1
end

local function while_stmt()
  if loop_depth >= 2 then return print_stmt() end
  loop_depth = loop_depth + 1
  local c = newname("c")
  emit("local " .. c .. " = 0")
  local lim = R(5)
  if chance(0.5) then
    emit("while " .. c .. " < " .. lim .. " do")
    emit("  " .. c .. " = " .. c .. " + 1")
    push(); declare(c, "int", {const = true})
    if chance(0.4) then emit("  if " .. expr("bool") .. " then goto continue_" .. c .. " end") end
    loop_body(R(3))
    emit("  ::continue_" .. c .. "::")
    pop()
    emit("end")
  else
    emit("repeat")
    emit("  " .. c .. " = " .. c .. " + 1")
    push(); declare(c, "int", {const = true})
    loop_body(R(3))
    local lv = newname("r")
    emit("  local " .. lv .. " = " .. c .. " * 2")
    pop()
    emit("until " .. lv .. " >= " .. (lim * 2) .. " or " .. expr("bool"))
  end
  loop_depth = loop_depth - 1
end

local function func_stmt()
  if in_function > 0 then return print_stmt() end
  local name = newname("f")
  local vararg = chance(0.4)
  local pa, pb = newname("a"), newname("b")
  local saved_vararg = in_vararg
  local kinds = {"int", "str", "num", "float"}
  local ka, kb = pick(kinds), pick(kinds)
  if ka == "num" then ka = "int" end
  if kb == "num" then kb = "float" end
  emit("local function " .. name .. "(" .. pa .. ", " .. pb .. (vararg and ", ..." or "") .. ")")
  indent = indent + 1
  in_function = in_function + 1
  in_vararg = vararg
  push()
  declare(pa, "any", {hidden = true}); declare(pb, "any", {hidden = true})
  fuel()
  emit("if type(" .. pa .. ") ~= " .. string.format("%q", ka == "float" and "number" or ka == "int" and "number" or "string") .. " then " .. pa .. " = " .. gen(ka, 1) .. " end")
  emit("if type(" .. pb .. ") ~= " .. string.format("%q", kb == "float" and "number" or kb == "int" and "number" or "string") .. " then " .. pb .. " = " .. gen(kb, 1) .. " end")
  scopes[#scopes][1].hidden = false; scopes[#scopes][1].kind = ka
  scopes[#scopes][2].hidden = false; scopes[#scopes][2].kind = kb
  stmt_block(R(3))
  if vararg and chance(0.5) then
    emit("P(select('#', ...), ...)")
  end
  local rk = pick({"int", "str", "float", "any"})
  if vararg and chance(0.3) then
    emit("return " .. gen(rk, 2) .. ", ...")
  else
    emit("return " .. gen(rk, 2))
  end
  pop()
  in_vararg = saved_vararg
  in_function = in_function - 1
  indent = indent - 1
  emit("end")
  declare(name, "fn")
  emit("P(" .. name .. "(" .. expr("any") .. ", " .. expr("any") .. (vararg and (", " .. expr("any") .. ", nil") or "") .. "))")
end

local function closure_stmt()
  local mk = newname("mk")
  local cnt = newname("cnt")
  emit("local function " .. mk .. "(start)")
  emit("  local n = start")
  emit("  return function(d) n = n + (d or 1); return n end, function() return n end")
  emit("end")
  emit("local " .. cnt .. ", " .. cnt .. "_get = " .. mk .. "(" .. pick({"0", "10", "1.5", "math.maxinteger"}) .. ")")
  emit("P(" .. cnt .. "(), " .. cnt .. "(" .. pick({"2", "-1", "0.5", "3"}) .. "), " .. cnt .. "_get())")
  declare(cnt, "fn")
end

local function pcall_stmt()
  local c = R(14)
  local e
  if c == 1 then e = expr("int") .. " // 0"
  elseif c == 2 then e = expr("int") .. " % 0"
  elseif c == 3 then e = expr("any") .. " < " .. expr("any")
  elseif c == 4 then e = expr("any") .. " + " .. expr("any")
  elseif c == 5 then e = expr("str") .. " .. " .. expr("any")
  elseif c == 6 then e = expr("float") .. " | 0"
  elseif c == 7 then
    -- small counts, or absurd ones on a non-empty string ("resulting string too large");
    -- never a huge count on a possibly empty string (lua5.4 would loop for ages)
    if chance(0.2) then e = "string.rep(\"ab\", " .. pick({"math.maxinteger", "1 << 62", "2^40 // 1", "1e15 // 1"}) .. (chance(0.5) and ", \",\"" or "") .. ")"
    else e = "string.rep(" .. expr("str") .. ", (" .. expr("int") .. ") % 8)" end
  elseif c == 8 then e = "string.format(" .. pick({'"%d"', '"%x"', '"%5.2f"', '"%s %s"', '"%c"', '"%q"', '"%i"'}) .. ", " .. expr("any") .. ")"
  elseif c == 9 then e = "(" .. expr("any") .. ")[" .. expr("any") .. "]"
  elseif c == 10 then e = "#(" .. expr("any") .. ")"
  elseif c == 11 then e = "-(" .. expr("any") .. ")"
  elseif c == 12 then e = "math.tointeger(" .. expr("any") .. ")"
  elseif c == 13 then e = pick({"string.sub", "string.byte", "string.upper", "math.floor", "math.abs", "tostring", "tonumber", "select", "string.char", "utf8.char", "math.max"}) .. "(" .. expr("any") .. ", " .. expr("any") .. ")"
  else
    local lv = newname("lv")
    e = "(function() local " .. lv .. " = " .. expr("any") .. "; return " .. lv .. "." .. pick({"x", "y"}) .. " end)()"
  end
  emit("P(pcall(function() return " .. e .. " end))")
end

local function obj_stmt()
  local o = var("obj")
  if not o then return print_stmt() end
  local has = mts[o.mt].has
  local c = R(4)
  if c == 1 and has.__newindex then emit(o.name .. "." .. pick({"p", "q"}) .. " = " .. expr("num"))
  elseif c == 2 then emit("rawset(" .. o.name .. ", \"v\", " .. expr("num") .. ")")
  elseif c == 3 then emit("P(" .. any_expr(2) .. ")")
  else emit("P(DUMP(" .. o.name .. "))") end
end

local function coroutine_stmt()
  local co = newname("co")
  emit("local " .. co .. " = coroutine.wrap(function(x)")
  emit("  for j = 1, " .. R(4) .. " do x = coroutine.yield(j, x) end")
  emit("  return \"done\"")
  emit("end)")
  local n = R(5)
  for i = 1, n do emit("P(pcall(" .. co .. ", " .. expr("any") .. "))") end
end

local stmt_kinds = {
  {print_stmt, 8}, {assign_stmt, 8}, {local_stmt, 5}, {if_stmt, 4}, {for_num_stmt, 3},
  {for_gen_stmt, 3}, {while_stmt, 2}, {func_stmt, 2}, {pcall_stmt, 6}, {table_stmt, 5},
  {multi_assign_stmt, 2}, {obj_stmt, 4}, {closure_stmt, 1}, {coroutine_stmt, 1},
}
local total_w = 0
for _, k in ipairs(stmt_kinds) do total_w = total_w + k[2] end

local function stmt()
  local r = R(total_w)
  for _, k in ipairs(stmt_kinds) do
    r = r - k[2]
    if r <= 0 then return k[1]() end
  end
end

function stmt_block(n)
  for i = 1, n do stmt() end
end

-- ------------------------------------------------------------------ metatables
local function gen_metatable()
  mt_count = mt_count + 1
  local name = "MT" .. mt_count
  local has = {}
  local lines = {"local " .. name .. " = {}"}
  local cands = {
    __add = "function(a, b) return V(a) + V(b) end",
    __sub = "function(a, b) return V(a) - V(b) end",
    __mul = "function(a, b) return V(a) * V(b) end",
    __idiv = "function(a, b) return V(a) // V(b) end",
    __band = "function(a, b) return V(a) & V(b) end",
    __unm = "function(a) return -V(a) end",
    __len = "function(t) return " .. pick({"42", "rawlen(t)", "V(t)"}) .. " end",
    __concat = "function(a, b) return CS(a) .. \"&\" .. CS(b) end",
    __eq = "function(a, b) return V(a) == V(b) end",
    __lt = "function(a, b) return V(a) < V(b) end",
    __le = "function(a, b) return V(a) <= V(b) end",
    __call = "function(self, x) return \"called:\" .. tostring(x) .. \":\" .. CS(self) end",
    __index = pick({"function(t, k) return \"idx_\" .. tostring(k) end", "{w = 5, k = \"kk\", name = \"proto\"}",
      "setmetatable({w = 1}, {__index = function(_, k) return #tostring(k) end})"}),
    __newindex = pick({"function(t, k, v) rawset(t, k, type(v) == \"number\" and v * 2 or v) end", "{}"}),
    __tostring = "function(t) return \"obj<\" .. CS(t) .. \">\" end",
  }
  local keys = {}
  for k in pairs(cands) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if chance(0.55) then
      has[k] = true
      lines[#lines + 1] = name .. "." .. k .. " = " .. cands[k]
    end
  end
  for _, l in ipairs(lines) do emit(l) end
  mts[name] = {has = has}
  return name
end

-- ------------------------------------------------------------------ program
emit("-- generated by test/fuzz/genprog.lua " .. tostring(seed))
emit([[local FUEL = 20000
local function S(v)
  local t = type(v)
  if t == "number" then
    if v ~= v then return "nan" end
    if math.type(v) == "integer" then return tostring(v) end
    return string.format("%.17g", v)
  elseif t == "string" then
    return (string.format("%q", v):gsub("%-nan", "nan"))
  elseif t == "nil" or t == "boolean" then return tostring(v)
  else return t end
end
local function P(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = S((select(i, ...))) end
  print(n, table.concat(parts, " "))
end
local function L(v)
  if type(v) == "string" and #v > 60 then return v:sub(1, 60) end
  return v
end
local function KL(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return (a and 1 or 0) < (b and 1 or 0) end
  return false
end
local function SK(t)
  local ks = {}
  for k in next, t do ks[#ks + 1] = k end
  table.sort(ks, KL)
  return ks
end
local function DUMP(t)
  local parts = {}
  for _, k in ipairs(SK(t)) do parts[#parts + 1] = S(k) .. "=" .. S(rawget(t, k)) end
  return "{" .. table.concat(parts, ",") .. "}"
end
local function V(x)
  if type(x) == "table" then return rawget(x, "v") end
  return x
end
local function CS(x)
  if type(x) == "table" then return "T" .. tostring(rawget(x, "v")) end
  return tostring(x)
end
local function T(name, f)
  local ok, e = pcall(f)
  if not ok then print(name, "error:", S(e)) end
end]])

-- globals of each kind, visible everywhere
local init = {
  {"int", function() return pick(int_lits) end},
  {"int", function() return pick(int_lits) end},
  {"float", function() return pick(float_lits) end},
  {"float", function() return pick(float_lits) end},
  {"str", function() return pick(str_lits) end},
  {"str", function() return pick(str_lits) end},
  {"bool", function() return pick({"true", "false"}) end},
}
for _, it in ipairs(init) do
  local name = newname(it[1]:sub(1, 1) .. "g")
  emit("local " .. name .. " = " .. it[2]())
  declare(name, it[1])
end
local tname = newname("tg")
emit("local " .. tname .. " = {1, 2.5, \"s\", x = 1, y = \"why\", [10] = true, [-1] = -1, [\"k k\"] = 0.5}")
declare(tname, "tbl")
local aname = newname("ag")
local items = {}
for i = 1, R(6) + 1 do items[i] = pick({tostring(R(100) - 50), pick(float_lits), tostring(R(10))}) end
emit("local " .. aname .. " = {" .. table.concat(items, ", ") .. "}")
declare(aname, "arr")
for i = 1, R(2) do
  local mt = gen_metatable()
  for j = 1, R(2) do
    local oname = newname("og")
    emit("local " .. oname .. " = setmetatable({v = " .. pick({"1", "2", "-3", "2.5", "10", "0"}) .. "}, " .. mt .. ")")
    declare(oname, "obj", {mt = mt})
  end
end

-- the body: groups of statements, each protected
local groups = R(8) + 6
for g = 1, groups do
  emit("T(" .. g .. ", function()")
  indent = indent + 1
  push()
  stmt_block(R(6) + 2)
  pop()
  indent = indent - 1
  emit("end)")
end
emit("P(" .. table.concat((function() local r = {} for _, v in ipairs(vars()) do if v.kind ~= "fn" and v.kind ~= "tbl" and v.kind ~= "arr" and v.kind ~= "obj" then r[#r + 1] = v.name end end return r end)(), ", ") .. ")")
emit("print(\"end\", FUEL >= 0)")

io.write(table.concat(out, "\n"), "\n")
