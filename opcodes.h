/*
** opcodes.h — the bytecode: instruction layout and the opcode table.
**
** Instructions are 32 bits. Layout (bit 0 = least significant):
**
**   iABC   | C(8) | B(8) | k(1) | A(8) | Op(7) |
**   iABx   |    Bx(17)   | A(8) | Op(7) |
**   iAsBx  |   sBx(17)   | A(8) | Op(7) |
**   iAx    |        Ax(25)      | Op(7) |
**   isJ    |        sJ(25)      | Op(7) |
**
** Signed fields use excess-K encoding: sBx = Bx - OFFSET_sBx, sJ likewise,
** and the signed 8-bit operand sC/sB = C - OFFSET_sC.
**
** The opcode set is Lua 5.4's (lopcodes.h), with one deliberate difference:
** there are no OP_MMBIN/OP_MMBINI/OP_MMBINK. An arithmetic or bitwise
** instruction handles its metamethod fallback itself. For the forms with an
** immediate or constant operand, the k bit says the operands appeared in the
** other order in the source (`1 + x` compiles to ADDI x 1 with k=1), so the
** metamethod receives them in source order.
**
** OPCODES(X) is the one list: X(name, format, flags, description). Flags:
**   OPF_A     the instruction sets register A
**   OPF_IT    it uses the stack top set by the previous instruction (B=0 forms)
**   OPF_OT    it sets the stack top for the next instruction (C=0 / multret)
**   OPF_T     the next instruction is a jump (test/compare instructions)
*/
#ifndef TIDE_OPCODES_H
#define TIDE_OPCODES_H

#include <stdint.h>

typedef uint32_t Instruction;

enum OpFormat { iABC, iABx, iAsBx, iAx, isJ };

#define OPF_A 1
#define OPF_IT 2
#define OPF_OT 4
#define OPF_T 8

/* R[x] is a register, K[x] a constant, RK(C) is K[C] if k else R[C]. */
#define OPCODES(X) \
  X(MOVE,       iABC,  OPF_A, "R[A] := R[B]") \
  X(LOADI,      iAsBx, OPF_A, "R[A] := sBx (integer)") \
  X(LOADF,      iAsBx, OPF_A, "R[A] := (float)sBx") \
  X(LOADK,      iABx,  OPF_A, "R[A] := K[Bx]") \
  X(LOADKX,     iABx,  OPF_A, "R[A] := K[extra arg]") \
  X(LOADFALSE,  iABC,  OPF_A, "R[A] := false") \
  X(LFALSESKIP, iABC,  OPF_A, "R[A] := false; pc++") \
  X(LOADTRUE,   iABC,  OPF_A, "R[A] := true") \
  X(LOADNIL,    iABC,  OPF_A, "R[A], R[A+1], ..., R[A+B] := nil") \
  X(GETUPVAL,   iABC,  OPF_A, "R[A] := UpValue[B]") \
  X(SETUPVAL,   iABC,  0,     "UpValue[B] := R[A]") \
  X(GETTABUP,   iABC,  OPF_A, "R[A] := UpValue[B][K[C]:shortstring]") \
  X(GETTABLE,   iABC,  OPF_A, "R[A] := R[B][R[C]]") \
  X(GETI,       iABC,  OPF_A, "R[A] := R[B][C]") \
  X(GETFIELD,   iABC,  OPF_A, "R[A] := R[B][K[C]:shortstring]") \
  X(SETTABUP,   iABC,  0,     "UpValue[A][K[B]:shortstring] := RK(C)") \
  X(SETTABLE,   iABC,  0,     "R[A][R[B]] := RK(C)") \
  X(SETI,       iABC,  0,     "R[A][B] := RK(C)") \
  X(SETFIELD,   iABC,  0,     "R[A][K[B]:shortstring] := RK(C)") \
  X(NEWTABLE,   iABC,  OPF_A, "R[A] := {} (B: log2 hash size + 1, C: array size; next is EXTRAARG)") \
  X(SELF,       iABC,  OPF_A, "R[A+1] := R[B]; R[A] := R[B][RK(C):string]") \
  X(ADDI,       iABC,  OPF_A, "R[A] := R[B] + sC (k: source order was sC + R[B]; never used for x - I)") \
  X(ADDK,       iABC,  OPF_A, "R[A] := R[B] + K[C]:number (k: swapped)") \
  X(SUBK,       iABC,  OPF_A, "R[A] := R[B] - K[C]:number") \
  X(MULK,       iABC,  OPF_A, "R[A] := R[B] * K[C]:number (k: swapped)") \
  X(MODK,       iABC,  OPF_A, "R[A] := R[B] % K[C]:number") \
  X(POWK,       iABC,  OPF_A, "R[A] := R[B] ^ K[C]:number") \
  X(DIVK,       iABC,  OPF_A, "R[A] := R[B] / K[C]:number") \
  X(IDIVK,      iABC,  OPF_A, "R[A] := R[B] // K[C]:number") \
  X(BANDK,      iABC,  OPF_A, "R[A] := R[B] & K[C]:integer (k: swapped)") \
  X(BORK,       iABC,  OPF_A, "R[A] := R[B] | K[C]:integer (k: swapped)") \
  X(BXORK,      iABC,  OPF_A, "R[A] := R[B] ~ K[C]:integer (k: swapped)") \
  X(SHRI,       iABC,  OPF_A, "R[A] := R[B] >> sC (k: source was R[B] << -sC)") \
  X(SHLI,       iABC,  OPF_A, "R[A] := sC << R[B]") \
  X(ADD,        iABC,  OPF_A, "R[A] := R[B] + R[C]") \
  X(SUB,        iABC,  OPF_A, "R[A] := R[B] - R[C]") \
  X(MUL,        iABC,  OPF_A, "R[A] := R[B] * R[C]") \
  X(MOD,        iABC,  OPF_A, "R[A] := R[B] % R[C]") \
  X(POW,        iABC,  OPF_A, "R[A] := R[B] ^ R[C]") \
  X(DIV,        iABC,  OPF_A, "R[A] := R[B] / R[C]") \
  X(IDIV,       iABC,  OPF_A, "R[A] := R[B] // R[C]") \
  X(BAND,       iABC,  OPF_A, "R[A] := R[B] & R[C]") \
  X(BOR,        iABC,  OPF_A, "R[A] := R[B] | R[C]") \
  X(BXOR,       iABC,  OPF_A, "R[A] := R[B] ~ R[C]") \
  X(SHL,        iABC,  OPF_A, "R[A] := R[B] << R[C]") \
  X(SHR,        iABC,  OPF_A, "R[A] := R[B] >> R[C]") \
  X(UNM,        iABC,  OPF_A, "R[A] := -R[B]") \
  X(BNOT,       iABC,  OPF_A, "R[A] := ~R[B]") \
  X(NOT,        iABC,  OPF_A, "R[A] := not R[B]") \
  X(LEN,        iABC,  OPF_A, "R[A] := #R[B] (length operator)") \
  X(CONCAT,     iABC,  OPF_A, "R[A] := R[A].. ... ..R[A + B - 1]") \
  X(CLOSE,      iABC,  0,     "close all upvalues and to-be-closed variables >= R[A]") \
  X(TBC,        iABC,  0,     "mark variable A \"to be closed\"") \
  X(JMP,        isJ,   0,     "pc += sJ") \
  X(EQ,         iABC,  OPF_T, "if ((R[A] == R[B]) ~= k) then pc++") \
  X(LT,         iABC,  OPF_T, "if ((R[A] <  R[B]) ~= k) then pc++") \
  X(LE,         iABC,  OPF_T, "if ((R[A] <= R[B]) ~= k) then pc++") \
  X(EQK,        iABC,  OPF_T, "if ((R[A] == K[B]) ~= k) then pc++") \
  X(EQI,        iABC,  OPF_T, "if ((R[A] == sB) ~= k) then pc++ (C: sB was a float in source)") \
  X(LTI,        iABC,  OPF_T, "if ((R[A] < sB) ~= k) then pc++") \
  X(LEI,        iABC,  OPF_T, "if ((R[A] <= sB) ~= k) then pc++") \
  X(GTI,        iABC,  OPF_T, "if ((R[A] > sB) ~= k) then pc++") \
  X(GEI,        iABC,  OPF_T, "if ((R[A] >= sB) ~= k) then pc++") \
  X(TEST,       iABC,  OPF_T, "if (not R[A] == k) then pc++") \
  X(TESTSET,    iABC,  OPF_T | OPF_A, "if (not R[B] == k) then pc++ else R[A] := R[B]") \
  X(CALL,       iABC,  OPF_A | OPF_IT | OPF_OT, "R[A], ... ,R[A+C-2] := R[A](R[A+1], ... ,R[A+B-1])") \
  X(TAILCALL,   iABC,  OPF_A | OPF_IT, "return R[A](R[A+1], ... ,R[A+B-1]) (k: close; C: nparams+1 if vararg)") \
  X(RETURN,     iABC,  OPF_IT, "return R[A], ... ,R[A+B-2] (k: close; C: nparams+1 if vararg)") \
  X(RETURN0,    iABC,  0,     "return") \
  X(RETURN1,    iABC,  0,     "return R[A]") \
  X(FORLOOP,    iABx,  OPF_A, "update counters; if loop continues then pc-=Bx") \
  X(FORPREP,    iABx,  OPF_A, "check values and prepare counters; if not to run then pc+=Bx+1") \
  X(TFORPREP,   iABx,  0,     "create upvalue for R[A + 3]; pc+=Bx") \
  X(TFORCALL,   iABC,  0,     "R[A+4], ... ,R[A+3+C] := R[A](R[A+1], R[A+2])") \
  X(TFORLOOP,   iABx,  OPF_A, "if R[A+4] ~= nil then { R[A+2]=R[A+4]; pc -= Bx }") \
  X(SETLIST,    iABC,  OPF_IT, "R[A][C+i] := R[A+i], 1 <= i <= B (k: C += EXTRAARG*256)") \
  X(CLOSURE,    iABx,  OPF_A, "R[A] := closure(KPROTO[Bx])") \
  X(VARARG,     iABC,  OPF_A | OPF_OT, "R[A], R[A+1], ..., R[A+C-2] = vararg") \
  X(VARARGPREP, iABC,  OPF_A, "(adjust vararg parameters; A = number of fixed parameters)") \
  X(EXTRAARG,   iAx,   0,     "extra (larger) argument for previous opcode")

/* A loop whose trace is compiled has its loop instruction's opcode
** changed to a J form with the same operands (jit.c): the interpreter
** then enters the trace at the loop's back-edge at once (without it,
** back-edges are only sampled). Compilers, string.dump and binary chunks
** never see them: whatever reads bytecode for its meaning (debug info,
** listings, the recorder) goes through op_unpatched.
** JITOPCODES(X): X(J form, original) */
#define JITOPCODES(X) X(JFORLOOP, FORLOOP) X(JTFORLOOP, TFORLOOP) X(JJMP, JMP)

typedef enum OpCode {
#define OP_ENUM(name, fmt, flags, desc) OP_##name,
  OPCODES(OP_ENUM)
#undef OP_ENUM
  NUM_OPCODES,
  OP_JBEFORE_ = NUM_OPCODES - 1,
#define OP_JENUM(name, orig) OP_##name,
  JITOPCODES(OP_JENUM)
#undef OP_JENUM
  NUM_ALLOPCODES /* the opcodes with the J forms */
} OpCode;

_Static_assert(NUM_ALLOPCODES <= 128, "opcode must fit in 7 bits");

/* The tables cover the J forms too (as their originals, named J...). */
extern const char *const opnames[NUM_ALLOPCODES];
extern const uint8_t opformats[NUM_ALLOPCODES];
extern const uint8_t opflags[NUM_ALLOPCODES];

/* Field sizes and positions. */
#define SIZE_OP 7
#define SIZE_A 8
#define SIZE_B 8
#define SIZE_C 8
#define SIZE_Bx (SIZE_C + SIZE_B + 1)
#define SIZE_Ax (SIZE_Bx + SIZE_A)
#define SIZE_sJ SIZE_Ax
#define POS_OP 0
#define POS_A (POS_OP + SIZE_OP)
#define POS_k (POS_A + SIZE_A)
#define POS_B (POS_k + 1)
#define POS_C (POS_B + SIZE_B)
#define POS_Bx POS_k
#define POS_Ax POS_A
#define POS_sJ POS_A

#define MAXARG_A ((1 << SIZE_A) - 1)
#define MAXARG_B ((1 << SIZE_B) - 1)
#define MAXARG_C ((1 << SIZE_C) - 1)
#define MAXARG_Bx ((1 << SIZE_Bx) - 1)
#define MAXARG_Ax ((1 << SIZE_Ax) - 1)
#define MAXARG_sJ ((1 << SIZE_sJ) - 1)
#define OFFSET_sBx (MAXARG_Bx >> 1)
#define OFFSET_sJ (MAXARG_sJ >> 1)
#define OFFSET_sC (MAXARG_C >> 1)
#define int2sC(i) ((i) + OFFSET_sC)
#define sC2int(i) ((i) - OFFSET_sC)

#define MASK1(n, p) ((~((~(Instruction)0) << (n))) << (p))
#define MASK0(n, p) (~MASK1(n, p))
#define getarg(i, pos, size) ((int)(((i) >> (pos)) & MASK1(size, 0)))
#define setarg(i, v, pos, size) \
  ((i) = (((i) & MASK0(size, pos)) | ((((Instruction)(v)) << (pos)) & MASK1(size, pos))))

#define GET_OPCODE(i) ((OpCode)(((i) >> POS_OP) & MASK1(SIZE_OP, 0)))
#define SET_OPCODE(i, o) setarg(i, o, POS_OP, SIZE_OP)

/* The instruction as compiled: a J form's original opcode (JITOPCODES) */
static inline Instruction op_unpatched(Instruction i) {
  static const uint8_t original[] = {
#define OP_JORIG(name, orig) OP_##orig,
    JITOPCODES(OP_JORIG)
#undef OP_JORIG
  };
  if (GET_OPCODE(i) >= NUM_OPCODES) SET_OPCODE(i, original[GET_OPCODE(i) - NUM_OPCODES]);
  return i;
}
#define GETARG_A(i) getarg(i, POS_A, SIZE_A)
#define SETARG_A(i, v) setarg(i, v, POS_A, SIZE_A)
#define GETARG_B(i) getarg(i, POS_B, SIZE_B)
#define GETARG_sB(i) sC2int(GETARG_B(i))
#define SETARG_B(i, v) setarg(i, v, POS_B, SIZE_B)
#define GETARG_C(i) getarg(i, POS_C, SIZE_C)
#define GETARG_sC(i) sC2int(GETARG_C(i))
#define SETARG_C(i, v) setarg(i, v, POS_C, SIZE_C)
#define TESTARG_k(i) ((int)((i) & (1u << POS_k)))
#define GETARG_k(i) getarg(i, POS_k, 1)
#define SETARG_k(i, v) setarg(i, v, POS_k, 1)
#define GETARG_Bx(i) getarg(i, POS_Bx, SIZE_Bx)
#define SETARG_Bx(i, v) setarg(i, v, POS_Bx, SIZE_Bx)
#define GETARG_Ax(i) getarg(i, POS_Ax, SIZE_Ax)
#define SETARG_Ax(i, v) setarg(i, v, POS_Ax, SIZE_Ax)
#define GETARG_sBx(i) (getarg(i, POS_Bx, SIZE_Bx) - OFFSET_sBx)
#define SETARG_sBx(i, b) SETARG_Bx((i), (unsigned int)((b) + OFFSET_sBx))
#define GETARG_sJ(i) (getarg(i, POS_sJ, SIZE_sJ) - OFFSET_sJ)
#define SETARG_sJ(i, j) setarg(i, (unsigned int)((j) + OFFSET_sJ), POS_sJ, SIZE_sJ)

#define CREATE_ABCk(o, a, b, c, k) \
  ((((Instruction)(o)) << POS_OP) | (((Instruction)(a)) << POS_A) | \
   (((Instruction)(b)) << POS_B) | (((Instruction)(c)) << POS_C) | \
   (((Instruction)(k)) << POS_k))
#define CREATE_ABx(o, a, bc) \
  ((((Instruction)(o)) << POS_OP) | (((Instruction)(a)) << POS_A) | \
   (((Instruction)(bc)) << POS_Bx))
#define CREATE_Ax(o, a) ((((Instruction)(o)) << POS_OP) | (((Instruction)(a)) << POS_Ax))
#define CREATE_sJ(o, j, k) \
  ((((Instruction)(o)) << POS_OP) | (((Instruction)(j)) << POS_sJ) | \
   (((Instruction)(k)) << POS_k))

/* Maximum number of registers in a Lua function (must fit in A). */
#define MAXREGS 255
/* Number of list items to accumulate before a SETLIST instruction. */
#define LFIELDS_PER_FLUSH 50

#define opmode_isIT(op) ((opflags[op] & OPF_IT) != 0)
#define opmode_isOT(op) ((opflags[op] & OPF_OT) != 0)
#define isIT(i) (opmode_isIT(GET_OPCODE(i)) && GETARG_B(i) == 0)
#define isOT(i) ((opmode_isOT(GET_OPCODE(i)) && GETARG_C(i) == 0) || GET_OPCODE(i) == OP_TAILCALL)

#endif
