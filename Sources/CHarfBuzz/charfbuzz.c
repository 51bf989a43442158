// HarfBuzz is called directly from Swift through the declarations in charfbuzz.h; this file
// only makes the target a C library that links `libharfbuzz.so.0` by its soname.
#include "charfbuzz.h"
