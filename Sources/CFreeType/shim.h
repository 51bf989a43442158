#ifndef FONTFIT_CFREETYPE_SHIM_H
#define FONTFIT_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

/// FT_IS_SCALABLE is a function-like macro, which Swift cannot import.
static inline int fontfit_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// The OS/2 table of a face, or NULL when the font has none.
static inline const TT_OS2 *fontfit_ft_os2_table(FT_Face face) {
  return (const TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
}

#endif
