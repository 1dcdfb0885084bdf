#include "allocator_settings.h"

/* Any header of the C library defines __GLIBC__ when it is glibc. */
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int navforge_fix_map_threshold(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes) == 1;
#else
    (void)bytes;
    return 0;
#endif
}
