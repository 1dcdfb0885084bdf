#ifndef NAVFORGE_ALLOCATOR_SETTINGS_H
#define NAVFORGE_ALLOCATOR_SETTINGS_H

/* Fixes the size from which glibc's malloc maps each block on its own (and unmaps it when freed),
 * which glibc otherwise raises as large blocks are freed. Returns 1 when set, 0 where the C library
 * is not glibc or refuses. malloc.h is outside Swift's Glibc module, hence this file. */
int navforge_fix_map_threshold(int bytes);

#endif
