-- programs: recursive-descent arithmetic expression parser and evaluator
local function tokenize(s)
  local toks, i = {}, 1
  while i <= #s do
    local c = s:sub(i, i)
    if c == " " then i = i + 1
    elseif c:byte() >= 48 and c:byte() <= 57 then
      local j = i
      while j <= #s and ((s:byte(j) >= 48 and s:byte(j) <= 57) or s:sub(j, j) == ".") do j = j + 1 end
      toks[#toks + 1] = {t = "num", v = tonumber(s:sub(i, j - 1))}
      i = j
    else
      toks[#toks + 1] = {t = c}
      i = i + 1
    end
  end
  toks[#toks + 1] = {t = "eof"}
  return toks
end
local function parse(s)
  local toks, p = tokenize(s), 1
  local function peek() return toks[p].t end
  local function take() p = p + 1 return toks[p - 1] end
  local expr
  local function atom()
    local t = take()
    if t.t == "num" then return t.v end
    if t.t == "-" then return -atom() end
    if t.t == "(" then
      local v = expr()
      if take().t ~= ")" then error("expected )", 0) end
      return v
    end
    error("unexpected " .. t.t, 0)
  end
  local function power()
    local b = atom()
    if peek() == "^" then take() return b ^ power() end
    return b
  end
  local function term()
    local v = power()
    while peek() == "*" or peek() == "/" or peek() == "%" do
      local op = take().t
      local r = power()
      if op == "*" then v = v * r elseif op == "/" then v = v / r else v = v % r end
    end
    return v
  end
  function expr()
    local v = term()
    while peek() == "+" or peek() == "-" do
      local op = take().t
      local r = term()
      if op == "+" then v = v + r else v = v - r end
    end
    return v
  end
  local v = expr()
  if peek() ~= "eof" then error("trailing " .. peek(), 0) end
  return v
end
for _, e in ipairs({"1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "10 / 4", "10 % 3", "-3 + 5",
    "1.5 * 4", "((((7))))", "2 * (3 + 4) - 5 / (1 + 1)", "1 +", "(1", "1 2", "7 % 0"}) do
  print(e, pcall(parse, e))
end
