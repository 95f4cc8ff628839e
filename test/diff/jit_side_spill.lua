-- jit: traces>=2, side>=1, aborts<=0
-- a side trace that needs more float registers than its parent left free:
-- it spills inherited values (its entry stores them from the parent's
-- registers) and its exits and its link into the loop read them there
local a1, a2, a3, a4, a5, a6, a7, a8 = 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5
local b1, b2, b3, b4, b5, b6 = 0.25, 1.25, 2.25, 3.25, 4.25, 5.25
local out = 0.0
for i = 1, 300 do
  a1, a2, a3, a4 = a1 + 0.5, a2 * 0.999, a3 - 0.25, a4 + 0.125
  a5, a6, a7, a8 = a5 * 1.001, a6 + 0.75, a7 - 0.5, a8 + 0.0625
  b1, b2, b3 = b1 + 0.375, b2 * 0.5 + 1.0, b3 + 0.875
  b4, b5, b6 = b4 - 0.001, b5 + 0.01, b6 * 0.9999
  if i % 7 == 3 then
    local p1, p2, p3, p4 = a1 * b1, a2 * b2, a3 * b3, a4 * b4
    local p5, p6, p7, p8 = a5 * b5, a6 * b6, a7 * b1, a8 * b2
    local q1, q2, q3, q4 = p1 * p5, p2 * p6, p3 * p7, p4 * p8
    out = out + (q1 + q2) / (1.0 + q3 * q3) - q4 * 1e-9 + p1 - p2 + p3 - p4 + p5 - p6 + p7 - p8
  end
end
print(string.format("%.6e %.6e %.6e", out, a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8,
                    b1 + b2 + b3 + b4 + b5 + b6))
