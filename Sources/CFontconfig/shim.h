#ifndef FONTFIT_CFONTCONFIG_SHIM_H
#define FONTFIT_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
