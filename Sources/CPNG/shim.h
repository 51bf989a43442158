#ifndef FONTFIT_CPNG_SHIM_H
#define FONTFIT_CPNG_SHIM_H

#include <png.h>

#endif
