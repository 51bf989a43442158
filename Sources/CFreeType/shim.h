#ifndef FONTFIT_CFREETYPE_SHIM_H
#define FONTFIT_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H
#include FT_COLOR_H

/// FT_IS_SCALABLE is a function-like macro, which Swift cannot import.
static inline int fontfit_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// Whether `face` is a colour bitmap face: strikes of colour bitmaps and no outlines (CBDT/CBLC,
/// as Noto Color Emoji), or an sbix face, whose `glyf` outlines (when it has them) are empty
/// placeholders. FreeType gives a face without outlines no scale (units_per_EM and the ascender
/// are 0) and draws such faces only at their strikes' sizes.
static inline int fontfit_ft_is_color_bitmap(FT_Face face) {
  if (!FT_HAS_COLOR(face) || !FT_HAS_FIXED_SIZES(face)) return 0;
#ifdef FT_HAS_SBIX
  if (FT_HAS_SBIX(face)) return 1;
#endif
  return FT_IS_SCALABLE(face) ? 0 : 1;
}

/// Whether `face` is a scalable face that draws glyphs in colour layers: FT_HAS_COLOR and
/// FT_IS_SCALABLE (macros) and a `COLR` table. Such a face's glyphs with layers are drawn from
/// their layer glyphs' outlines, each in its `CPAL` colour (`FT_Get_Color_Glyph_Layer`).
static inline int fontfit_ft_has_color_layers(FT_Face face) {
  if (!FT_HAS_COLOR(face) || !FT_IS_SCALABLE(face)) return 0;
  FT_ULong length = 0;
  if (FT_Load_Sfnt_Table(face, FT_MAKE_TAG('C', 'O', 'L', 'R'), 0, NULL, &length) != 0) return 0;
  return length > 0 ? 1 : 0;
}

/// The `head` table of a face, or NULL when the font has none.
static inline const TT_Header *fontfit_ft_head_table(FT_Face face) {
  return (const TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
}

/// The `hhea` table of a face, or NULL when the font has none.
static inline const TT_HoriHeader *fontfit_ft_hhea_table(FT_Face face) {
  return (const TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
}

/// The OS/2 table of a face, or NULL when the font has none.
static inline const TT_OS2 *fontfit_ft_os2_table(FT_Face face) {
  return (const TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
}

/// Loads glyph `glyph` of `face` in font units (unscaled, so unhinted and without bitmaps) and
/// gives its advance width in font units; FT_LOAD_NO_SCALE is a macro. A glyph whose data is
/// damaged fails here, which is how a face is checked when it opens.
static inline FT_Error fontfit_ft_unscaled_advance(FT_Face face, FT_UInt glyph, FT_Pos *advance) {
  FT_Error error = FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE);
  if (error != 0) return error;
  *advance = face->glyph->metrics.horiAdvance;
  return 0;
}

/// Loads glyph `glyph` of `face` unhinted at `size` pixels per em (26.6 fixed point) and moves
/// its outline by (`dx`, `dy`) (26.6, y up) so that a fractional pen position is honoured;
/// `box` receives the outline's control box. `FT_Render_Glyph` then rasterises it. Flags and
/// the format check are macros, which Swift cannot import.
static inline FT_Error fontfit_ft_load_outline(FT_Face face, FT_UInt glyph, FT_F26Dot6 size,
                                               FT_Pos dx, FT_Pos dy, FT_BBox *box) {
  FT_Error error = FT_Set_Char_Size(face, 0, size, 72, 72);
  if (error != 0) return error;
  error = FT_Load_Glyph(face, glyph, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
  if (error != 0) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return FT_Err_Invalid_Glyph_Format;
  FT_Outline_Translate(&face->glyph->outline, dx, dy);
  FT_Outline_Get_CBox(&face->glyph->outline, box);
  return 0;
}

/// Selects strike `strike` of a colour bitmap face and loads glyph `glyph` from it in colour
/// (FT_LOAD_COLOR, a macro): the slot then holds the strike's bitmap, BGRA premultiplied for a
/// colour glyph, with its bearing in the strike's pixels.
static inline FT_Error fontfit_ft_load_color_bitmap(FT_Face face, FT_Int strike, FT_UInt glyph) {
  FT_Error error = FT_Select_Size(face, strike);
  if (error != 0) return error;
  error = FT_Load_Glyph(face, glyph, FT_LOAD_COLOR);
  if (error != 0) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_BITMAP) return FT_Err_Invalid_Glyph_Format;
  return 0;
}

#endif
