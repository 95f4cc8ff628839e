-- lexer: tokens without separating spaces and ambiguous-looking sequences
local a, b = 5, 3
print(a-b, a- -b, a--b
)
print(0x1e, 0x1E + 1, 0xe+1, 1e1, 2^-3, -2^-2)
local x=-1 print(x)
local t={a=1,b={c=2}}print(t.a+t.b.c)
print(#"abc"..#"de", 1 .. 2)
print(a<b, a<=b, a>b, a>=b, a==b, a~=b)
print(a//b, a/b*b, a%-b, -a%b)
print(a~b, ~a, a<<1>>1)
print(pcall(function() return (a)(b) end))
