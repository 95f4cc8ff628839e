-- size: default 47, quick 1
-- A small stack machine written in Lua: an assembler from a tiny text
-- language (labels, comments, named opcodes with integer or label operands)
-- to a flat array of numbers, and two interpreters for it, one dispatching
-- through an if-chain and one through a table of handler closures. It runs
-- recursive fib, a prime sieve in VM memory, and nested loops calling a gcd
-- function. Repeated N times.
local N = tonumber(arg and arg[1]) or 47

---------------------------------------------------------------- opcodes
local OPS = {
  "push", "pop", "dup", "swap", "over",
  "add", "sub", "mul", "div", "mod", "neg",
  "lt", "le", "eq", "not",
  "load", "store", "fetch", "put",
  "jmp", "jz", "jnz", "call", "ret", "print", "halt",
}
local OPCODE, OPERANDS = {}, {}
for i, name in ipairs(OPS) do OPCODE[name] = i end
for _, name in ipairs({"push", "load", "store", "jmp", "jz", "jnz"}) do OPERANDS[name] = 1 end
OPERANDS.call = 2 -- target, argument count

local PUSH, POP, DUP, SWAP, OVER = 1, 2, 3, 4, 5
local ADD, SUB, MUL, DIV, MOD, NEG = 6, 7, 8, 9, 10, 11
local LT, LE, EQ, NOT = 12, 13, 14, 15
local LOAD, STORE, FETCH, PUT = 16, 17, 18, 19
local JMP, JZ, JNZ, CALL, RET, PRINT, HALT = 20, 21, 22, 23, 24, 25, 26
assert(OPCODE.halt == HALT and OPCODE.load == LOAD and OPCODE.call == CALL)

local FRAME = 8 -- local slots per call frame

---------------------------------------------------------------- assembler
local function assemble(source)
  local code, labels, fixups = {}, {}, {}
  local lineno = 0
  for line in (source .. "\n"):gmatch("([^\n]*)\n") do
    lineno = lineno + 1
    line = line:gsub(";.*", "")
    local label, rest = line:match("^%s*([%a_][%w_]*):(.*)$")
    if label then
      if labels[label] then error("duplicate label " .. label) end
      labels[label] = #code + 1
      line = rest
    end
    local words = {}
    for w in line:gmatch("%S+") do words[#words + 1] = w end
    if #words > 0 then
      local name = words[1]:lower()
      local op = OPCODE[name]
      if not op then error(string.format("line %d: unknown opcode '%s'", lineno, words[1])) end
      local want = OPERANDS[name] or 0
      if #words - 1 ~= want then
        error(string.format("line %d: %s takes %d operand(s)", lineno, name, want))
      end
      code[#code + 1] = op
      for i = 2, #words do
        local v = tonumber(words[i])
        if v then
          code[#code + 1] = v
        else
          code[#code + 1] = 0
          fixups[#fixups + 1] = {pos = #code, label = words[i], line = lineno}
        end
      end
    end
  end
  for _, f in ipairs(fixups) do
    local target = labels[f.label]
    if not target then error(string.format("line %d: undefined label '%s'", f.line, f.label)) end
    code[f.pos] = target
  end
  return code
end

---------------------------------------------------------------- interpreter 1: if-chain
local function run_ifchain(code, memory)
  local stack, sp = {}, 0
  local locals = {}
  local frames, fsp = {}, 0 -- return pc and frame base pairs
  local fp = 0
  local out = {}
  local pc = 1
  local steps = 0
  while true do
    local op = code[pc]
    steps = steps + 1
    if op == LOAD then
      sp = sp + 1
      stack[sp] = locals[fp + code[pc + 1]]
      pc = pc + 2
    elseif op == PUSH then
      sp = sp + 1
      stack[sp] = code[pc + 1]
      pc = pc + 2
    elseif op == STORE then
      locals[fp + code[pc + 1]] = stack[sp]
      sp = sp - 1
      pc = pc + 2
    elseif op == ADD then
      stack[sp - 1] = stack[sp - 1] + stack[sp]
      sp = sp - 1
      pc = pc + 1
    elseif op == SUB then
      stack[sp - 1] = stack[sp - 1] - stack[sp]
      sp = sp - 1
      pc = pc + 1
    elseif op == LT then
      stack[sp - 1] = stack[sp - 1] < stack[sp] and 1 or 0
      sp = sp - 1
      pc = pc + 1
    elseif op == JZ then
      local v = stack[sp]
      sp = sp - 1
      if v == 0 then pc = code[pc + 1] else pc = pc + 2 end
    elseif op == JMP then
      pc = code[pc + 1]
    elseif op == CALL then
      local nargs = code[pc + 2]
      fsp = fsp + 2
      frames[fsp - 1], frames[fsp] = pc + 3, fp
      fp = fp + FRAME
      for i = nargs, 1, -1 do
        locals[fp + i] = stack[sp]
        sp = sp - 1
      end
      pc = code[pc + 1]
    elseif op == RET then
      pc, fp = frames[fsp - 1], frames[fsp]
      fsp = fsp - 2
    elseif op == MUL then
      stack[sp - 1] = stack[sp - 1] * stack[sp]
      sp = sp - 1
      pc = pc + 1
    elseif op == DIV then
      stack[sp - 1] = math.floor(stack[sp - 1] / stack[sp])
      sp = sp - 1
      pc = pc + 1
    elseif op == MOD then
      stack[sp - 1] = stack[sp - 1] % stack[sp]
      sp = sp - 1
      pc = pc + 1
    elseif op == LE then
      stack[sp - 1] = stack[sp - 1] <= stack[sp] and 1 or 0
      sp = sp - 1
      pc = pc + 1
    elseif op == EQ then
      stack[sp - 1] = stack[sp - 1] == stack[sp] and 1 or 0
      sp = sp - 1
      pc = pc + 1
    elseif op == NOT then
      stack[sp] = stack[sp] == 0 and 1 or 0
      pc = pc + 1
    elseif op == JNZ then
      local v = stack[sp]
      sp = sp - 1
      if v ~= 0 then pc = code[pc + 1] else pc = pc + 2 end
    elseif op == FETCH then
      stack[sp] = memory[stack[sp]] or 0
      pc = pc + 1
    elseif op == PUT then
      memory[stack[sp - 1]] = stack[sp]
      sp = sp - 2
      pc = pc + 1
    elseif op == DUP then
      sp = sp + 1
      stack[sp] = stack[sp - 1]
      pc = pc + 1
    elseif op == SWAP then
      stack[sp - 1], stack[sp] = stack[sp], stack[sp - 1]
      pc = pc + 1
    elseif op == OVER then
      sp = sp + 1
      stack[sp] = stack[sp - 2]
      pc = pc + 1
    elseif op == POP then
      sp = sp - 1
      pc = pc + 1
    elseif op == NEG then
      stack[sp] = -stack[sp]
      pc = pc + 1
    elseif op == PRINT then
      out[#out + 1] = stack[sp]
      sp = sp - 1
      pc = pc + 1
    elseif op == HALT then
      return out, steps
    else
      error(string.format("bad opcode %s at %d", tostring(op), pc))
    end
  end
end

---------------------------------------------------------------- interpreter 2: handler table
local function run_handlers(code, memory)
  local stack, sp = {}, 0
  local locals = {}
  local frames, fsp = {}, 0
  local fp = 0
  local out = {}
  local running = true

  local function binop(f)
    return function(pc)
      stack[sp - 1] = f(stack[sp - 1], stack[sp])
      sp = sp - 1
      return pc + 1
    end
  end

  local handlers = {
    [PUSH] = function(pc) sp = sp + 1; stack[sp] = code[pc + 1]; return pc + 2 end,
    [POP] = function(pc) sp = sp - 1; return pc + 1 end,
    [DUP] = function(pc) sp = sp + 1; stack[sp] = stack[sp - 1]; return pc + 1 end,
    [SWAP] = function(pc) stack[sp - 1], stack[sp] = stack[sp], stack[sp - 1]; return pc + 1 end,
    [OVER] = function(pc) sp = sp + 1; stack[sp] = stack[sp - 2]; return pc + 1 end,
    [ADD] = binop(function(a, b) return a + b end),
    [SUB] = binop(function(a, b) return a - b end),
    [MUL] = binop(function(a, b) return a * b end),
    [DIV] = binop(function(a, b) return math.floor(a / b) end),
    [MOD] = binop(function(a, b) return a % b end),
    [LT] = binop(function(a, b) return a < b and 1 or 0 end),
    [LE] = binop(function(a, b) return a <= b and 1 or 0 end),
    [EQ] = binop(function(a, b) return a == b and 1 or 0 end),
    [NEG] = function(pc) stack[sp] = -stack[sp]; return pc + 1 end,
    [NOT] = function(pc) stack[sp] = stack[sp] == 0 and 1 or 0; return pc + 1 end,
    [LOAD] = function(pc) sp = sp + 1; stack[sp] = locals[fp + code[pc + 1]]; return pc + 2 end,
    [STORE] = function(pc) locals[fp + code[pc + 1]] = stack[sp]; sp = sp - 1; return pc + 2 end,
    [FETCH] = function(pc) stack[sp] = memory[stack[sp]] or 0; return pc + 1 end,
    [PUT] = function(pc) memory[stack[sp - 1]] = stack[sp]; sp = sp - 2; return pc + 1 end,
    [JMP] = function(pc) return code[pc + 1] end,
    [JZ] = function(pc)
      local v = stack[sp]; sp = sp - 1
      if v == 0 then return code[pc + 1] end
      return pc + 2
    end,
    [JNZ] = function(pc)
      local v = stack[sp]; sp = sp - 1
      if v ~= 0 then return code[pc + 1] end
      return pc + 2
    end,
    [CALL] = function(pc)
      local nargs = code[pc + 2]
      fsp = fsp + 2
      frames[fsp - 1], frames[fsp] = pc + 3, fp
      fp = fp + FRAME
      for i = nargs, 1, -1 do
        locals[fp + i] = stack[sp]
        sp = sp - 1
      end
      return code[pc + 1]
    end,
    [RET] = function()
      local pc
      pc, fp = frames[fsp - 1], frames[fsp]
      fsp = fsp - 2
      return pc
    end,
    [PRINT] = function(pc) out[#out + 1] = stack[sp]; sp = sp - 1; return pc + 1 end,
    [HALT] = function(pc) running = false; return pc end,
  }

  local pc, steps = 1, 0
  while running do
    steps = steps + 1
    pc = handlers[code[pc]](pc)
  end
  return out, steps
end

---------------------------------------------------------------- programs
local FIB = [[
; print fib(n) computed by naive recursion
        push {n}
        call fib 1
        print
        halt
fib:    load 1          ; n
        push 2
        lt
        jz recurse
        load 1
        ret
recurse:
        load 1
        push 1
        sub
        call fib 1
        load 1
        push 2
        sub
        call fib 1
        add
        ret
]]

local SIEVE = [[
; sieve of Eratosthenes over memory[2..limit]; prints the prime count
; and the largest prime. locals: 1 = i, 2 = j, 3 = count, 4 = last
        push 2
        store 1
outer:  load 1
        dup
        mul
        push {limit}
        le
        jz count
        load 1
        fetch           ; memory[i] ~= 0 means composite
        jnz next
        load 1
        dup
        mul
        store 2
mark:   load 2
        push {limit}
        le
        jz next
        load 2
        push 1
        put
        load 2
        load 1
        add
        store 2
        jmp mark
next:   load 1
        push 1
        add
        store 1
        jmp outer
count:  push 0
        store 3
        push 2
        store 1
cloop:  load 1
        push {limit}
        le
        jz done
        load 1
        fetch
        jnz cnext
        load 3
        push 1
        add
        store 3
        load 1
        store 4
cnext:  load 1
        push 1
        add
        store 1
        jmp cloop
done:   load 3
        print
        load 4
        print
        halt
]]

local GCD = [[
; sum of gcd(i, j) and count of coprime pairs for 1 <= i, j <= k
; locals: 1 = i, 2 = j, 3 = sum, 4 = coprime
        push 0
        store 3
        push 0
        store 4
        push 1
        store 1
iloop:  load 1
        push {k}
        le
        jz finish
        push 1
        store 2
jloop:  load 2
        push {k}
        le
        jz inext
        load 1
        load 2
        call gcd 2
        dup
        load 3
        add
        store 3
        push 1
        eq
        not
        jnz skip
        load 4
        push 1
        add
        store 4
skip:   load 2
        push 1
        add
        store 2
        jmp jloop
inext:  load 1
        push 1
        add
        store 1
        jmp iloop
finish: load 3
        print
        load 4
        print
        load 3
        push 7
        div
        neg
        print
        halt
; gcd(a, b) by repeated remainder
gcd:    load 2
        jz gdone
        load 1
        load 2
        mod
        load 2
        store 1
        store 2
        jmp gcd
gdone:  load 1
        ret
]]

local function instantiate(template, params)
  return (template:gsub("{(%w+)}", function(name)
    return tostring(assert(params[name], "missing parameter " .. name))
  end))
end

---------------------------------------------------------------- driver
local checksum, total_steps = 0, 0
local results
for rep = 1, N do
  local jobs = {
    {"fib", instantiate(FIB, {n = 15 + rep % 2})},
    {"sieve", instantiate(SIEVE, {limit = 2000 + rep})},
    {"gcd", instantiate(GCD, {k = 20 + rep % 3})},
  }
  results = {}
  for _, job in ipairs(jobs) do
    local code = assemble(job[2])
    local out1, steps1 = run_ifchain(code, {})
    local out2, steps2 = run_handlers(code, {})
    assert(#out1 == #out2 and steps1 == steps2, job[1] .. ": interpreters disagree")
    for i = 1, #out1 do
      assert(out1[i] == out2[i], job[1] .. ": interpreters disagree")
      checksum = (checksum * 31 + out1[i] % 1000003) % 1000000007
    end
    total_steps = total_steps + steps1 + steps2
    results[#results + 1] = string.format("%s: %s (%d instructions, %d steps)",
      job[1], table.concat(out1, " "), #code, steps1)
  end
end

for _, line in ipairs(results) do print(line) end
print(string.format("total steps %d", total_steps))
print(string.format("checksum %d", checksum))
