// The bench's Pango peer (issue 25): the same cases FontFit fits, laid out by Pango as a GTK
// app would (pangocairo's font map at 72 dpi, unrounded glyph positions, word-or-character
// wrapping), timed in this process with the monotonic clock.
//
// Input, one case per line, tab-separated:
//   family  size  width  height  max-lines(0 = none)  text
// where the text writes a line break as \n and a backslash as \\.
// Output, one line per case, tab-separated:
//   ns-one-layout  ns-binary-search-fit  fitted-size
// "One layout" is a new PangoLayout of the text at its start size, with its extents read: what
// any fit must at least do once. "Binary search" is the fit an app writes over Pango: the
// largest size on the 0.5pt grid from 8pt to the start size whose layout fits the box and the
// line limit, found by bisection on one layout. Each is done once untimed just before it is
// timed (see main), so Pango is measured with its caches hot.
//
// Built by the bench (Sources/FontFitBench/Peers.swift) with cc and `pkg-config pangocairo`
// when Pango's headers are installed (scripts/test installs them); not a package target, so
// `swift run demo` needs no Pango.

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void unescape(char *text) {
  char *out = text;
  for (char *in = text; *in; in++) {
    if (*in == '\\' && in[1] == 'n') { *out++ = '\n'; in++; }
    else if (*in == '\\' && in[1] == '\\') { *out++ = '\\'; in++; }
    else *out++ = *in;
  }
  *out = '\0';
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

// Whether `layout`, at `size` points, fits `width` × `height` in at most `max_lines` lines.
static int fits(PangoLayout *layout, PangoFontDescription *desc, double size, double width,
                double height, int max_lines) {
  pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, desc);
  if (max_lines > 0 && pango_layout_get_line_count(layout) > max_lines) return 0;
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  if (logical.height > height * PANGO_SCALE + 1) return 0;
  return logical.width <= width * PANGO_SCALE + 1;
}

static PangoLayout *new_layout(PangoContext *context, const char *text, double width) {
  PangoLayout *layout = pango_layout_new(context);
  pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text(layout, text, -1);
  return layout;
}

int main(void) {
  unsetenv("PANGO_LANGUAGE");
  unsetenv("LANGUAGE");
  PangoFontMap *map = pango_cairo_font_map_new();
  pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72);
  PangoContext *context = pango_font_map_create_context(map);
  pango_context_set_round_glyph_positions(context, FALSE);
  pango_context_set_language(context, pango_language_from_string("en"));
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(context, options);
  cairo_font_options_destroy(options);
  // Every case is read first, then laid out twice in a row, once untimed and once timed, so
  // Pango's caches of fonts, fontsets and glyph extents hold the case's faces at every size its
  // fit tries (FontFit's metrics need no per-size cache, Pango's do: a size it has not seen, or
  // has evicted, costs it up to milliseconds for CJK). This is Pango at its best; it keeps
  // nothing of a layout's text, so the timed layout still itemises, shapes and breaks it.
  size_t capacity = 64, count = 0;
  struct Case { char *family, *text; double start, width, height; int max_lines; } *cases =
      malloc(capacity * sizeof *cases);
  static char line[65536];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    char *fields[6];
    int found = 0;
    char *cursor = line;
    while (found < 6) {
      fields[found++] = cursor;
      char *tab = found < 6 ? strchr(cursor, '\t') : NULL;
      if (!tab) break;
      *tab = '\0';
      cursor = tab + 1;
    }
    if (found != 6) { fprintf(stderr, "pango_peer: case %zu has %d fields\n", count + 1, found); return 2; }
    if (count == capacity) cases = realloc(cases, (capacity *= 2) * sizeof *cases);
    unescape(fields[5]);
    cases[count++] = (struct Case){strdup(fields[0]), strdup(fields[5]), atof(fields[1]),
                                   atof(fields[2]), atof(fields[3]), atoi(fields[4])};
  }
  for (size_t i = 0; i < count; i++) {
    for (int pass = 0; pass < 2; pass++) {
      struct Case *c = &cases[i];
      PangoFontDescription *desc = pango_font_description_from_string(c->family);

      double begin = now_ns();
      PangoLayout *one = new_layout(context, c->text, c->width);
      fits(one, desc, c->start, c->width, c->height, c->max_lines);
      g_object_unref(one);
      double single = now_ns() - begin;

      begin = now_ns();
      PangoLayout *layout = new_layout(context, c->text, c->width);
      // Grid sizes 8, 8.5, …, start; the largest that fits, by bisection (fitting is monotone).
      int low = 0, high = (int)((c->start - 8) / 0.5 + 1e-9), best = -1;
      while (low <= high) {
        int middle = (low + high) / 2;
        if (fits(layout, desc, 8 + middle * 0.5, c->width, c->height, c->max_lines)) {
          best = middle;
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      g_object_unref(layout);
      double search = now_ns() - begin;
      pango_font_description_free(desc);
      if (pass == 1) printf("%.0f\t%.0f\t%g\n", single, search, best < 0 ? 8.0 : 8 + best * 0.5);
    }
  }
  for (size_t i = 0; i < count; i++) { free(cases[i].family); free(cases[i].text); }
  free(cases);
  g_object_unref(context);
  g_object_unref(map);
  return 0;
}
