#ifndef FONTFIT_CICU_SHIM_H
#define FONTFIT_CICU_SHIM_H

// ICU's C API. Its function names are renamed per version by macros (`ubrk_open` becomes
// `ubrk_open_72`), which Swift cannot follow, so Swift calls ICU through the small C target
// CICUShim instead; this module carries ICU's headers, pkg-config flags and apt provider.
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

#endif
