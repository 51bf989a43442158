#include "cicu.h"
#include <unicode/uversion.h>

int32_t fontfit_icu_version_major(void) { return U_ICU_VERSION_MAJOR_NUM; }
