/*
** opcodes.c — the opcode tables generated from OPCODES in opcodes.h.
*/
#include "opcodes.h"

const char *const opnames[NUM_OPCODES] = {
#define OP_NAME(name, fmt, flags, desc) #name,
  OPCODES(OP_NAME)
#undef OP_NAME
};

const uint8_t opformats[NUM_OPCODES] = {
#define OP_FMT(name, fmt, flags, desc) fmt,
  OPCODES(OP_FMT)
#undef OP_FMT
};

const uint8_t opflags[NUM_OPCODES] = {
#define OP_FLAGS(name, fmt, flags, desc) (flags),
  OPCODES(OP_FLAGS)
#undef OP_FLAGS
};
