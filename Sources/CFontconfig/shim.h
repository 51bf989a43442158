#ifndef FONTFIT_CFONTCONFIG_SHIM_H
#define FONTFIT_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

/// FcObjectSetBuild is variadic, so Swift cannot call it; this builds the set FontKit reads.
static inline FcObjectSet *fontfit_fc_match_object_set(void) {
  return FcObjectSetBuild(FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_WEIGHT, FC_SLANT,
                          FC_CHARSET, FC_SCALABLE, (char *)0);
}

#endif
