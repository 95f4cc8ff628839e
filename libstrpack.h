/*
** libstrpack.h — string.pack, string.unpack and string.packsize
** (libstrpack.c), registered in the string library's table by libstring.c.
*/
#ifndef TIDE_LIBSTRPACK_H
#define TIDE_LIBSTRPACK_H

#include "vm.h"

int str_pack(vm_State *S);
int str_unpack(vm_State *S);
int str_packsize(vm_State *S);

#endif
