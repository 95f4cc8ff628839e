-- size: default 300, quick 5
-- richards.lua — method calls through metatables and linked lists: Martin
-- Richards' operating-system simulation. A scheduler switches between an
-- idle task, a worker, two packet handlers and two devices, which pass
-- work packets around in queues. The size is the number of simulations
-- (each runs the idle task 1000 times); each checks its queue and hold
-- counts against the known values.
local N = tonumber(arg and arg[1]) or 300

local IDLE, WORKER, HANDLER_A, HANDLER_B, DEVICE_A, DEVICE_B = 1, 2, 3, 4, 5, 6
local KIND_DEVICE, KIND_WORK = 0, 1
local DATA_SIZE = 4
local IDLE_COUNT = 1000
local EXPECTED_QUEUE_COUNT, EXPECTED_HOLD_COUNT = 2322, 928

---------------------------------------------------------------- packets

local Packet = {}
Packet.__index = Packet

function Packet.new(link, id, kind)
  local data = {}
  for i = 1, DATA_SIZE do data[i] = 0 end
  return setmetatable({link = link, id = id, kind = kind, a1 = 0, a2 = data}, Packet)
end

-- append this packet to the end of queue, returning the queue's head
function Packet:add_to(queue)
  self.link = nil
  if queue == nil then return self end
  local p = queue
  while p.link do p = p.link end
  p.link = self
  return queue
end

---------------------------------------------------------------- task control blocks

-- A task's state is three flags: a packet is waiting in its queue, the
-- task is waiting (suspended) and the task is held.
local Tcb = {}
Tcb.__index = Tcb

function Tcb.new(link, id, priority, queue, task)
  return setmetatable({
    link = link, id = id, priority = priority, queue = queue, task = task,
    packet_pending = queue ~= nil, task_waiting = true, task_holding = false,
  }, Tcb)
end

function Tcb:set_running()
  self.packet_pending, self.task_waiting, self.task_holding = false, false, false
end

function Tcb:mark_held() self.task_holding = true end
function Tcb:mark_not_held() self.task_holding = false end
function Tcb:mark_suspended() self.task_waiting = true end
function Tcb:mark_runnable() self.packet_pending = true end

function Tcb:is_held_or_suspended()
  return self.task_holding or (not self.packet_pending and self.task_waiting)
end

function Tcb:run()
  local packet
  if self.packet_pending and self.task_waiting and not self.task_holding then
    packet = self.queue
    self.queue = packet.link
    self.packet_pending = self.queue ~= nil
    self.task_waiting = false
  end
  return self.task:run(packet)
end

-- a packet arrives for this task, sent by task `from`; returns the task
-- that runs next
function Tcb:check_priority_add(from, packet)
  if self.queue == nil then
    self.queue = packet
    self:mark_runnable()
    if self.priority > from.priority then return self end
  else
    self.queue = packet:add_to(self.queue)
  end
  return from
end

---------------------------------------------------------------- the scheduler

local Scheduler = {}
Scheduler.__index = Scheduler

function Scheduler.new()
  return setmetatable({
    queue_count = 0, hold_count = 0,
    blocks = {}, list = nil, current = nil, current_id = nil,
  }, Scheduler)
end

function Scheduler:add_task(id, priority, queue, task)
  self.current = Tcb.new(self.list, id, priority, queue, task)
  self.list = self.current
  self.blocks[id] = self.current
end

function Scheduler:schedule()
  local tcb = self.list
  while tcb do
    if tcb:is_held_or_suspended() then
      tcb = tcb.link
    else
      self.current = tcb
      self.current_id = tcb.id
      tcb = tcb:run()
    end
  end
end

function Scheduler:release(id)
  local tcb = self.blocks[id]
  if tcb == nil then return tcb end
  tcb:mark_not_held()
  if tcb.priority > self.current.priority then return tcb end
  return self.current
end

function Scheduler:hold_current()
  self.hold_count = self.hold_count + 1
  self.current:mark_held()
  return self.current.link
end

function Scheduler:suspend_current()
  self.current:mark_suspended()
  return self.current
end

function Scheduler:queue(packet)
  local tcb = self.blocks[packet.id]
  if tcb == nil then return tcb end
  self.queue_count = self.queue_count + 1
  packet.link = nil
  packet.id = self.current_id
  return tcb:check_priority_add(self.current, packet)
end

---------------------------------------------------------------- tasks

local function class()
  local c = {}
  c.__index = c
  return c
end

-- xor with 0xD008 (bits 3, 12, 14, 15), in arithmetic
local function xor_d008(v)
  for _, bit in ipairs({8, 4096, 16384, 32768}) do
    if math.floor(v / bit) % 2 == 1 then v = v - bit else v = v + bit end
  end
  return v
end

local IdleTask = class()
function IdleTask.new(scheduler, v1, count)
  return setmetatable({scheduler = scheduler, v1 = v1, count = count}, IdleTask)
end
function IdleTask:run(packet)
  local s = self.scheduler
  self.count = self.count - 1
  if self.count == 0 then return s:hold_current() end
  local v1 = self.v1
  if v1 % 2 == 0 then
    self.v1 = math.floor(v1 / 2)
    return s:release(DEVICE_A)
  else
    self.v1 = xor_d008(math.floor(v1 / 2))
    return s:release(DEVICE_B)
  end
end

local WorkerTask = class()
function WorkerTask.new(scheduler, v1, v2)
  return setmetatable({scheduler = scheduler, v1 = v1, v2 = v2}, WorkerTask)
end
function WorkerTask:run(packet)
  local s = self.scheduler
  if packet == nil then return s:suspend_current() end
  self.v1 = (self.v1 == HANDLER_A) and HANDLER_B or HANDLER_A
  packet.id = self.v1
  packet.a1 = 0
  for i = 1, DATA_SIZE do
    local v2 = self.v2 + 1
    if v2 > 26 then v2 = 1 end
    self.v2 = v2
    packet.a2[i] = v2
  end
  return s:queue(packet)
end

local HandlerTask = class()
function HandlerTask.new(scheduler)
  return setmetatable({scheduler = scheduler, work = nil, devices = nil}, HandlerTask)
end
function HandlerTask:run(packet)
  local s = self.scheduler
  if packet then
    if packet.kind == KIND_WORK then
      self.work = packet:add_to(self.work)
    else
      self.devices = packet:add_to(self.devices)
    end
  end
  local work = self.work
  if work then
    local count = work.a1
    if count < DATA_SIZE then
      local dev = self.devices
      if dev then
        self.devices = dev.link
        dev.a1 = work.a2[count + 1]
        work.a1 = count + 1
        return s:queue(dev)
      end
    else
      self.work = work.link
      return s:queue(work)
    end
  end
  return s:suspend_current()
end

local DeviceTask = class()
function DeviceTask.new(scheduler)
  return setmetatable({scheduler = scheduler, pending = nil}, DeviceTask)
end
function DeviceTask:run(packet)
  local s = self.scheduler
  if packet == nil then
    local p = self.pending
    if p == nil then return s:suspend_current() end
    self.pending = nil
    return s:queue(p)
  end
  self.pending = packet
  return s:hold_current()
end

---------------------------------------------------------------- one simulation

local function richards()
  local s = Scheduler.new()
  s:add_task(IDLE, 0, nil, IdleTask.new(s, 1, IDLE_COUNT))
  s.current:set_running()

  local queue = Packet.new(nil, WORKER, KIND_WORK)
  queue = Packet.new(queue, WORKER, KIND_WORK)
  s:add_task(WORKER, 1000, queue, WorkerTask.new(s, HANDLER_A, 0))

  queue = Packet.new(nil, DEVICE_A, KIND_DEVICE)
  queue = Packet.new(queue, DEVICE_A, KIND_DEVICE)
  queue = Packet.new(queue, DEVICE_A, KIND_DEVICE)
  s:add_task(HANDLER_A, 2000, queue, HandlerTask.new(s))

  queue = Packet.new(nil, DEVICE_B, KIND_DEVICE)
  queue = Packet.new(queue, DEVICE_B, KIND_DEVICE)
  queue = Packet.new(queue, DEVICE_B, KIND_DEVICE)
  s:add_task(HANDLER_B, 3000, queue, HandlerTask.new(s))

  s:add_task(DEVICE_A, 4000, nil, DeviceTask.new(s))
  s:add_task(DEVICE_B, 5000, nil, DeviceTask.new(s))

  s:schedule()
  return s.queue_count, s.hold_count
end

local checksum = 0
local qc, hc
for round = 1, N do
  qc, hc = richards()
  if qc ~= EXPECTED_QUEUE_COUNT or hc ~= EXPECTED_HOLD_COUNT then
    error(string.format("round %d: queue count %d, hold count %d", round, qc, hc))
  end
  checksum = (checksum * 7 + qc * 3 + hc) % 1000003
end
print(string.format("queue count %d, hold count %d", qc, hc))
print(string.format("checksum %d", checksum))
