-- lexer: operators written without spaces, and tricky token boundaries
local a, b = 7, 3
print(a+b, a-b, a*b, a/b, a//b, a%b, a^b)
print(a&b, a|b, a~b, ~a, a<<b, a>>b)
print(a==b, a~=b, a<b, a<=b, a>b, a>=b)
print(- -a, not not a, #"abc")
print("a".."b".."c")
print(1 .. 2)
print(2^-1, -2^2, 2^3^2)
local t = {x=1,["y"]=2;3;4}
print(t.x, t["y"], t[1], t[2])
print(a--[[c]]-b)
print(0x10+0x1p1)
print(1e2//1)
print(3 ..'', load("return 3..''", "=x"))
local s = "x" print(s)
;;; print("semicolons")
print(#{1,2,3,}, #{1;2;3;})
print(1//1, 1.0//1)
