-- size: default 210, quick 2
-- deltablue.lua — object-oriented code with inheritance (metatables with
-- __index chains, method overriding, calls through super classes): the
-- DeltaBlue incremental constraint solver of Freeman-Benson and Maloney.
-- Each round runs the chain test (a chain of 100 equality constraints
-- driven by an edit constraint) and the projection test (100 scale
-- constraints between sources and destinations, edited from both ends).
local N = tonumber(arg and arg[1]) or 210

local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, {__index = parent}) end
  c.super = parent
  return c
end

---------------------------------------------------------------- collections

local List = class()

function List.new() return setmetatable({n = 0}, List) end
function List:add(x)
  local n = self.n + 1
  self.n = n
  self[n] = x
end
function List:size() return self.n end
function List:remove_first()
  local x = self[1]
  table.remove(self, 1)
  self.n = self.n - 1
  return x
end
function List:remove(x)
  local j = 0
  for i = 1, self.n do
    local y = self[i]
    if y ~= x then
      j = j + 1
      self[j] = y
    end
  end
  for i = j + 1, self.n do self[i] = nil end
  self.n = j
end

---------------------------------------------------------------- strengths

local Strength = class()

function Strength.new(value, name)
  return setmetatable({value = value, name = name}, Strength)
end
function Strength.stronger(a, b) return a.value < b.value end
function Strength.weaker(a, b) return a.value > b.value end
function Strength.weakest_of(a, b) if a.value > b.value then return a end return b end

local REQUIRED = Strength.new(0, "required")
local STRONG_PREFERRED = Strength.new(1, "strongPreferred")
local PREFERRED = Strength.new(2, "preferred")
local STRONG_DEFAULT = Strength.new(3, "strongDefault")
local NORMAL = Strength.new(4, "normal")
local WEAK_DEFAULT = Strength.new(5, "weakDefault")
local WEAKEST = Strength.new(6, "weakest")
local by_value = {[0] = REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT,
                  NORMAL, WEAK_DEFAULT, WEAKEST}

function Strength:next_weaker() return by_value[self.value + 1] end

local planner -- the planner of the current test

---------------------------------------------------------------- variables

local Variable = class()

function Variable.new(name, value)
  return setmetatable({
    name = name, value = value or 0, constraints = List.new(),
    determined_by = nil, mark = 0, walk_strength = WEAKEST, stay = true,
  }, Variable)
end
function Variable:add_constraint(c) self.constraints:add(c) end
function Variable:remove_constraint(c)
  self.constraints:remove(c)
  if self.determined_by == c then self.determined_by = nil end
end

---------------------------------------------------------------- constraints

local Constraint = class()

function Constraint.init(self, strength) self.strength = strength end

function Constraint:add_constraint()
  self:add_to_graph()
  planner:incremental_add(self)
end

-- try to satisfy this constraint; returns the constraint it overrides
function Constraint:satisfy(mark)
  self:choose_method(mark)
  if not self:is_satisfied() then
    if self.strength == REQUIRED then error("could not satisfy a required constraint") end
    return nil
  end
  self:mark_inputs(mark)
  local out = self:output()
  local overridden = out.determined_by
  if overridden then overridden:mark_unsatisfied() end
  out.determined_by = self
  if not planner:add_propagate(self, mark) then error("cycle encountered") end
  out.mark = mark
  return overridden
end

function Constraint:destroy_constraint()
  if self:is_satisfied() then
    planner:incremental_remove(self)
  else
    self:remove_from_graph()
  end
end

function Constraint:is_input() return false end

-- constraints on one variable
local UnaryConstraint = class(Constraint)

function UnaryConstraint.init(self, v, strength)
  Constraint.init(self, strength)
  self.my_output = v
  self.satisfied = false
  self:add_constraint()
end
function UnaryConstraint:add_to_graph()
  self.my_output:add_constraint(self)
  self.satisfied = false
end
function UnaryConstraint:choose_method(mark)
  local out = self.my_output
  self.satisfied = out.mark ~= mark and Strength.stronger(self.strength, out.walk_strength)
end
function UnaryConstraint:is_satisfied() return self.satisfied end
function UnaryConstraint:mark_inputs(mark) end
function UnaryConstraint:output() return self.my_output end
function UnaryConstraint:recalculate()
  local out = self.my_output
  out.walk_strength = self.strength
  out.stay = not self:is_input()
  if out.stay then self:execute() end
end
function UnaryConstraint:mark_unsatisfied() self.satisfied = false end
function UnaryConstraint:inputs_known() return true end
function UnaryConstraint:remove_from_graph()
  if self.my_output then self.my_output:remove_constraint(self) end
  self.satisfied = false
end

-- keeps a variable's value fixed during planning
local StayConstraint = class(UnaryConstraint)
function StayConstraint.new(v, strength)
  local c = setmetatable({}, StayConstraint)
  UnaryConstraint.init(c, v, strength)
  return c
end
function StayConstraint:execute() end

-- marks a variable the user changes
local EditConstraint = class(UnaryConstraint)
function EditConstraint.new(v, strength)
  local c = setmetatable({}, EditConstraint)
  UnaryConstraint.init(c, v, strength)
  return c
end
function EditConstraint:is_input() return true end
function EditConstraint:execute() end

-- constraints on two variables, satisfied in one direction at a time
local NONE, FORWARD, BACKWARD = 0, 1, 2

local BinaryConstraint = class(Constraint)

function BinaryConstraint.init(self, v1, v2, strength)
  Constraint.init(self, strength)
  self.v1, self.v2 = v1, v2
  self.direction = NONE
  self:add_constraint()
end

function BinaryConstraint:choose_method(mark)
  local v1, v2, strength = self.v1, self.v2, self.strength
  if v1.mark == mark then
    if v2.mark ~= mark and Strength.stronger(strength, v2.walk_strength) then
      self.direction = FORWARD
    else
      self.direction = NONE
    end
  elseif v2.mark == mark then
    if v1.mark ~= mark and Strength.stronger(strength, v1.walk_strength) then
      self.direction = BACKWARD
    else
      self.direction = NONE
    end
  elseif Strength.weaker(v1.walk_strength, v2.walk_strength) then
    self.direction = Strength.stronger(strength, v1.walk_strength) and BACKWARD or NONE
  else
    self.direction = Strength.stronger(strength, v2.walk_strength) and FORWARD or NONE
  end
end

function BinaryConstraint:add_to_graph()
  self.v1:add_constraint(self)
  self.v2:add_constraint(self)
  self.direction = NONE
end
function BinaryConstraint:is_satisfied() return self.direction ~= NONE end
function BinaryConstraint:mark_inputs(mark) self:input().mark = mark end
function BinaryConstraint:input()
  if self.direction == FORWARD then return self.v1 end
  return self.v2
end
function BinaryConstraint:output()
  if self.direction == FORWARD then return self.v2 end
  return self.v1
end
function BinaryConstraint:recalculate()
  local ihn, out = self:input(), self:output()
  out.walk_strength = Strength.weakest_of(self.strength, ihn.walk_strength)
  out.stay = ihn.stay
  if out.stay then self:execute() end
end
function BinaryConstraint:mark_unsatisfied() self.direction = NONE end
function BinaryConstraint:inputs_known(mark)
  local i = self:input()
  return i.mark == mark or i.stay or i.determined_by == nil
end
function BinaryConstraint:remove_from_graph()
  if self.v1 then self.v1:remove_constraint(self) end
  if self.v2 then self.v2:remove_constraint(self) end
  self.direction = NONE
end

-- v2 = v1 * scale + offset, or v1 = (v2 - offset) / scale
local ScaleConstraint = class(BinaryConstraint)

function ScaleConstraint.new(src, scale, offset, dest, strength)
  local c = setmetatable({direction = NONE, scale = scale, offset = offset}, ScaleConstraint)
  BinaryConstraint.init(c, src, dest, strength)
  return c
end
function ScaleConstraint:add_to_graph()
  ScaleConstraint.super.add_to_graph(self)
  self.scale:add_constraint(self)
  self.offset:add_constraint(self)
end
function ScaleConstraint:remove_from_graph()
  ScaleConstraint.super.remove_from_graph(self)
  if self.scale then self.scale:remove_constraint(self) end
  if self.offset then self.offset:remove_constraint(self) end
end
function ScaleConstraint:mark_inputs(mark)
  ScaleConstraint.super.mark_inputs(self, mark)
  self.scale.mark = mark
  self.offset.mark = mark
end
function ScaleConstraint:execute()
  if self.direction == FORWARD then
    self.v2.value = self.v1.value * self.scale.value + self.offset.value
  else
    self.v1.value = (self.v2.value - self.offset.value) / self.scale.value
  end
end
function ScaleConstraint:recalculate()
  local ihn, out = self:input(), self:output()
  out.walk_strength = Strength.weakest_of(self.strength, ihn.walk_strength)
  out.stay = ihn.stay and self.scale.stay and self.offset.stay
  if out.stay then self:execute() end
end

-- v1 = v2
local EqualityConstraint = class(BinaryConstraint)

function EqualityConstraint.new(v1, v2, strength)
  local c = setmetatable({}, EqualityConstraint)
  BinaryConstraint.init(c, v1, v2, strength)
  return c
end
function EqualityConstraint:execute() self:output().value = self:input().value end

---------------------------------------------------------------- plans

local Plan = class()
function Plan.new() return setmetatable({list = List.new()}, Plan) end
function Plan:add_constraint(c) self.list:add(c) end
function Plan:size() return self.list:size() end
function Plan:execute()
  local list = self.list
  for i = 1, list:size() do list[i]:execute() end
end

---------------------------------------------------------------- the planner

local Planner = class()

function Planner.new() return setmetatable({current_mark = 0}, Planner) end

function Planner:new_mark()
  self.current_mark = self.current_mark + 1
  return self.current_mark
end

-- add c, retracting weaker constraints it overrides as needed
function Planner:incremental_add(c)
  local mark = self:new_mark()
  local overridden = c:satisfy(mark)
  while overridden do overridden = overridden:satisfy(mark) end
end

-- remove c and try to satisfy the constraints it had blocked, strongest
-- first
function Planner:incremental_remove(c)
  local out = c:output()
  c:mark_unsatisfied()
  c:remove_from_graph()
  local unsatisfied = self:remove_propagate_from(out)
  local strength = REQUIRED
  repeat
    for i = 1, unsatisfied:size() do
      local u = unsatisfied[i]
      if u.strength == strength then self:incremental_add(u) end
    end
    strength = strength:next_weaker()
  until strength == WEAKEST
end

-- the constraints to execute, in order, after the sources change
function Planner:make_plan(sources)
  local mark = self:new_mark()
  local plan = Plan.new()
  local todo = sources
  while todo:size() > 0 do
    local c = todo:remove_first()
    local out = c:output()
    if out.mark ~= mark and c:inputs_known(mark) then
      plan:add_constraint(c)
      out.mark = mark
      self:add_constraints_consuming_to(out, todo)
    end
  end
  return plan
end

function Planner:extract_plan_from_constraints(constraints)
  local sources = List.new()
  for i = 1, constraints:size() do
    local c = constraints[i]
    if c:is_input() and c:is_satisfied() then sources:add(c) end
  end
  return self:make_plan(sources)
end

-- recompute the walk strengths and stay flags downstream of c; false if
-- a cycle is found
function Planner:add_propagate(c, mark)
  local todo = List.new()
  todo:add(c)
  while todo:size() > 0 do
    local d = todo:remove_first()
    if d:output().mark == mark then
      self:incremental_remove(c)
      return false
    end
    d:recalculate()
    self:add_constraints_consuming_to(d:output(), todo)
  end
  return true
end

-- out lost its determining constraint: update everything downstream,
-- collecting the constraints left unsatisfied
function Planner:remove_propagate_from(out)
  out.determined_by = nil
  out.walk_strength = WEAKEST
  out.stay = true
  local unsatisfied = List.new()
  local todo = List.new()
  todo:add(out)
  while todo:size() > 0 do
    local v = todo:remove_first()
    local cs = v.constraints
    for i = 1, cs:size() do
      local c = cs[i]
      if not c:is_satisfied() then unsatisfied:add(c) end
    end
    local determining = v.determined_by
    for i = 1, cs:size() do
      local nxt = cs[i]
      if nxt ~= determining and nxt:is_satisfied() then
        nxt:recalculate()
        todo:add(nxt:output())
      end
    end
  end
  return unsatisfied
end

function Planner:add_constraints_consuming_to(v, coll)
  local determining = v.determined_by
  local cs = v.constraints
  for i = 1, cs:size() do
    local c = cs[i]
    if c ~= determining and c:is_satisfied() then coll:add(c) end
  end
end

---------------------------------------------------------------- the tests

local function check(ok, what)
  if not ok then error(what .. " failed") end
end

-- a chain of equalities v1 = v2 = ... = vn, a stay on the last variable
-- and an edit on the first; the plan must carry edits down the chain
local function chain_test(n)
  planner = Planner.new()
  local prev, first, last
  for i = 0, n do
    local v = Variable.new("v" .. i, 0)
    if prev then EqualityConstraint.new(prev, v, REQUIRED) end
    if i == 0 then first = v end
    if i == n then last = v end
    prev = v
  end
  StayConstraint.new(last, STRONG_DEFAULT)
  local edit = EditConstraint.new(first, PREFERRED)
  local edits = List.new()
  edits:add(edit)
  local plan = planner:extract_plan_from_constraints(edits)
  local sum = 0
  for i = 0, 99 do
    first.value = i
    plan:execute()
    check(last.value == i, "chain test")
    sum = sum + last.value
  end
  return sum + plan:size()
end

local function change(v, new_value)
  local edit = EditConstraint.new(v, PREFERRED)
  local edits = List.new()
  edits:add(edit)
  local plan = planner:extract_plan_from_constraints(edits)
  for _ = 1, 10 do
    v.value = new_value
    plan:execute()
  end
  edit:destroy_constraint()
  return plan:size()
end

-- n pairs dst = src * scale + offset sharing scale and offset; change
-- a source, a destination, the scale and the offset in turn
local function projection_test(n)
  planner = Planner.new()
  local scale = Variable.new("scale", 10)
  local offset = Variable.new("offset", 1000)
  local src, dst
  local dests = {}
  for i = 0, n - 1 do
    src = Variable.new("src" .. i, i)
    dst = Variable.new("dst" .. i, i)
    dests[#dests + 1] = dst
    StayConstraint.new(src, NORMAL)
    ScaleConstraint.new(src, scale, offset, dst, REQUIRED)
  end
  local sum = 0
  sum = sum + change(src, 17)
  check(dst.value == 1170, "projection 1")
  sum = sum + change(dst, 1050)
  check(src.value == 5, "projection 2")
  sum = sum + change(scale, 5)
  for i = 0, n - 2 do check(dests[i + 1].value == i * 5 + 1000, "projection 3") end
  sum = sum + change(offset, 2000)
  for i = 0, n - 2 do check(dests[i + 1].value == i * 5 + 2000, "projection 4") end
  for i = 1, #dests do sum = sum + dests[i].value end
  return sum
end

local checksum = 0
local chain, projection
for _ = 1, N do
  chain = chain_test(100)
  projection = projection_test(100)
  checksum = (checksum + chain + projection) % 1000003
end
print(string.format("chain %d", chain))
print(string.format("projection %d", projection))
print(string.format("checksum %d", checksum))
