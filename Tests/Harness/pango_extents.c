// The reference for FontFit's one-line measurements: for each case on standard input, the
// logical extents of the text laid out on one line by Pango (over HarfBuzz and FreeType, 72 dpi,
// unhinted, unrounded glyph positions), as Tests/Harness/pango_fit.c lays it out.
//
// Input, one case per line: a Pango font description ("Noto Color Emoji 20"), a tab, the text.
// With `--wrap`, a width in points and a tab come before the text, and the text is wrapped at
// that width at word boundaries (PANGO_WRAP_WORD) instead of set on one line.
// Output, one line per case, in points: the width, the height and the baseline (from the top)
// of the layout's logical rectangle, tab-separated.
//
// Built and run by Tests/FontFitFontsTests/ColorBitmapFaceTests.swift and, with `--wrap`, by
// Tests/FontFitWidgetsTests/StackPangoTests.swift where libpango1.0-dev is installed
// (scripts/test installs it); not part of the package.

#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int wrap = argc > 1 && strcmp(argv[1], "--wrap") == 0;
  PangoFontMap *map = pango_ft2_font_map_new();
  pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
  PangoContext *context = pango_font_map_create_context(map);
  pango_context_set_round_glyph_positions(context, FALSE);
  pango_context_set_language(context, pango_language_from_string("xx"));
  char line[65536];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    char *tab = strchr(line, '\t');
    if (!tab) { printf("error\n"); continue; }
    *tab = '\0';
    char *text = tab + 1;
    PangoLayout *layout = pango_layout_new(context);
    if (wrap) {
      char *next = strchr(text, '\t');
      if (!next) { printf("error\n"); g_object_unref(layout); continue; }
      *next = '\0';
      pango_layout_set_width(layout, (int)(atof(text) * PANGO_SCALE));
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
      text = next + 1;
    }
    PangoFontDescription *desc = pango_font_description_from_string(line);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_text(layout, text, -1);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    printf("%.6f\t%.6f\t%.6f\n", (double)logical.width / PANGO_SCALE,
           (double)logical.height / PANGO_SCALE,
           (double)pango_layout_get_baseline(layout) / PANGO_SCALE);
    fflush(stdout);
    pango_font_description_free(desc);
    g_object_unref(layout);
  }
  return 0;
}
