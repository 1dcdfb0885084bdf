// GEOS C API, reentrant flavour only: every call takes an explicit context handle.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
