-- syntax errors: goto/label rules (duplicates, visibility, jumping into local scope, break)
local cases = {
  "goto nowhere",
  "do ::l:: end goto l",
  "::l:: ::l::",
  "::l:: do ::l:: end",
  "goto f; local x; ::f:: print(x)",
  "goto f; local x; ::f::",
  "do goto f; local x; ::f:: end",
  "do goto f; local x; ::f:: ; ; end",
  "break",
  "if x then break end",
  "function f() break end",
  "while true do local function g() break end end",
  "for i = 1, 2 do ::cont:: end goto cont",
  "repeat goto skip local x ::skip:: until x",
  "repeat goto skip ::skip:: local x until x",
  "local function f() goto out end ::out::",
  "::a:: goto a",
  "goto continue; local a = 1; ::continue::",
  "while true do goto continue; local z = 1; ::continue:: end",
  "do local x ::l1:: end goto l1",
  "::x:: do goto x end",
}
for i, src in ipairs(cases) do
  local f, err = load(src, "=gt")
  print(i, err or "compiled")
end
