// The reference for FontFit's fitting tests: for each case on standard input, the largest size
// on a grid at which Pango (over HarfBuzz and FreeType, 72 dpi, unhinted, unrounded glyph
// positions, word-or-character wrapping) lays the text out within a box and a line limit.
//
// Input, one case per line, tab-separated:
//   family  minimum  maximum  step  width  height  max-lines(0 = none)  language(- = none)  text
// where the text writes a line break as \n and a backslash as \\.
// Output, one line per case: the chosen size (the minimum when none fits), whether it fits
// (1/0), and the line count at that size.
// With `--markup`, the text is Pango markup (pango_layout_set_markup) whose sizes are relative
// to the font's, and each output line goes on with the width of every line at the chosen size
// and the layout's height, tab-separated.
//
// Built and run by Tests/FontFitFontsTests/PangoAgreementTests.swift where libpango1.0-dev is
// installed (scripts/test installs it); not part of the package.

#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void unescape(char *text) {
  char *out = text;
  for (char *in = text; *in; in++) {
    if (*in == '\\' && in[1] == 'n') { *out++ = '\n'; in++; }
    else if (*in == '\\' && in[1] == '\\') { *out++ = '\\'; in++; }
    else *out++ = *in;
  }
  *out = '\0';
}

static int fits(PangoLayout *layout, PangoFontDescription *desc, double size, double width,
                double height, int max_lines, int *lines_out) {
  pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, desc);
  int lines = pango_layout_get_line_count(layout);
  *lines_out = lines;
  if (max_lines > 0 && lines > max_lines) return 0;
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  if (logical.height > height * PANGO_SCALE + 1) return 0;
  for (int i = 0; i < lines; i++) {
    PangoLayoutLine *line = pango_layout_get_line_readonly(layout, i);
    PangoRectangle extents;
    pango_layout_line_get_extents(line, NULL, &extents);
    if (extents.width > width * PANGO_SCALE + 1) return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  int markup = argc > 1 && strcmp(argv[1], "--markup") == 0;
  // Pango reads a Han run's language from these; FontFit never does.
  unsetenv("PANGO_LANGUAGE");
  unsetenv("LANGUAGE");
  PangoFontMap *map = pango_ft2_font_map_new();
  pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
  PangoContext *context = pango_font_map_create_context(map);
  pango_context_set_round_glyph_positions(context, FALSE);
  char line[65536];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    char *fields[9];
    int count = 0;
    char *cursor = line;
    while (count < 9) {
      fields[count++] = cursor;
      char *tab = count < 9 ? strchr(cursor, '\t') : NULL;
      if (!tab) break;
      *tab = '\0';
      cursor = tab + 1;
    }
    if (count != 9) { printf("error\n"); continue; }
    double minimum = atof(fields[1]), maximum = atof(fields[2]), step = atof(fields[3]);
    double width = atof(fields[4]), height = atof(fields[5]);
    int max_lines = atoi(fields[6]);
    unescape(fields[8]);
    // No language ("-") is a process in an English locale, as FontFit's nil is.
    pango_context_set_language(
        context, pango_language_from_string(strcmp(fields[7], "-") != 0 ? fields[7] : "en"));
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    if (markup)
      pango_layout_set_markup(layout, fields[8], -1);
    else
      pango_layout_set_text(layout, fields[8], -1);
    PangoFontDescription *desc = pango_font_description_from_string(fields[0]);
    // The grid: minimum, minimum + step, … below the maximum, then the maximum; largest first.
    int steps = (int)((maximum - minimum) / step + 1e-9);
    double chosen = minimum;
    int ok = 0, lines = 0, chosen_lines = 0;
    for (int i = steps + 1; i >= 0; i--) {
      double size = i == steps + 1 ? maximum : minimum + i * step;
      if (i == steps + 1 && size <= minimum + steps * step + 1e-9) continue;
      if (size > maximum + 1e-9) continue;
      if (fits(layout, desc, size, width, height, max_lines, &lines)) {
        chosen = size; ok = 1; chosen_lines = lines;
        break;
      }
    }
    if (!ok) fits(layout, desc, minimum, width, height, max_lines, &chosen_lines);
    printf("%g\t%d\t%d", chosen, ok, chosen_lines);
    if (markup) {
      fits(layout, desc, chosen, width, height, max_lines, &chosen_lines);
      for (int i = 0; i < chosen_lines; i++) {
        PangoRectangle extents;
        pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, i), NULL, &extents);
        printf("\t%.6f", (double)extents.width / PANGO_SCALE);
      }
      PangoRectangle logical;
      pango_layout_get_extents(layout, NULL, &logical);
      printf("\t%.6f", (double)logical.height / PANGO_SCALE);
    }
    printf("\n");
    fflush(stdout);
    pango_font_description_free(desc);
    g_object_unref(layout);
  }
  return 0;
}
