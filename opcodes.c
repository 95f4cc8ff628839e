/*
** opcodes.c — the opcode tables generated from OPCODES in opcodes.h.
** The J forms (JITOPCODES) have their originals' format and flags.
*/
#include "opcodes.h"

/* Each opcode's format and flags as constants, for the J forms' entries */
enum {
#define OP_CONSTS(name, fmt, flags, desc) OPFMT_##name = (fmt), OPFLAGS_##name = (flags),
  OPCODES(OP_CONSTS)
#undef OP_CONSTS
};

const char *const opnames[NUM_ALLOPCODES] = {
#define OP_NAME(name, fmt, flags, desc) #name,
  OPCODES(OP_NAME)
#undef OP_NAME
#define OP_JNAME(name, orig) #name,
  JITOPCODES(OP_JNAME)
#undef OP_JNAME
};

const uint8_t opformats[NUM_ALLOPCODES] = {
#define OP_FMT(name, fmt, flags, desc) fmt,
  OPCODES(OP_FMT)
#undef OP_FMT
#define OP_JFMT(name, orig) OPFMT_##orig,
  JITOPCODES(OP_JFMT)
#undef OP_JFMT
};

const uint8_t opflags[NUM_ALLOPCODES] = {
#define OP_FLAGS(name, fmt, flags, desc) (flags),
  OPCODES(OP_FLAGS)
#undef OP_FLAGS
#define OP_JFLAGS(name, orig) OPFLAGS_##orig,
  JITOPCODES(OP_JFLAGS)
#undef OP_JFLAGS
};
