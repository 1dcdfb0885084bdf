// Debian's libbz2-dev ships no pkg-config file, so the target names the library itself
// (`link "bz2"` in the module map) and the header is found on the default include path.
#include <bzlib.h>
