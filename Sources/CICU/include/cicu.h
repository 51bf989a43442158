#ifndef FONTFIT_CICU_H
#define FONTFIT_CICU_H

#include <stdint.h>

/// Placeholder replaced by the ICU line-break shim.
int32_t fontfit_icu_version_major(void);

#endif
