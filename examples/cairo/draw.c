/*
 * draw.c — how a GTK/cairo app draws FontFit's layout itself.
 *
 * FontFit lays a description file out on a simulated screen and says, for every text widget,
 * which font file and face each glyph run comes from, at what size, and where each glyph
 * sits. An app that draws with cairo needs nothing else: it opens the same faces with
 * FreeType, hands them to cairo-ft and shows the glyphs at FontFit's positions. With the font
 * options Pango uses for unhinted layout (grey antialiasing, no hinting, no hinted metrics)
 * the pixels match what FontFit measured, so text FontFit says fits does fit.
 *
 * Usage: draw LAYOUT SCREEN OUT.png
 *   e.g. draw Demo/Resources/sample.json "iPhone 6 Plus" out.png
 *
 * Build:
 *   gcc -std=c99 -Wall -Wextra -pedantic -o draw draw.c \
 *       $(pkg-config --cflags --libs fontfit cairo cairo-ft freetype2) -lm
 *
 * Text is drawn black: the sample's widgets set no colours (and the C API has no colour
 * getters). A scrolling text view's text is clipped to its frame, as a scroll view shows it.
 */
#include <fontfit.h>

#include <cairo-ft.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Faces: one FT_Face and one cairo font face per (file, index), opened once --------- */

/* One face a run asked for. cairo owns the FT_Face through the font face's user data: the
   FT_Face is closed when cairo drops the font face, and not before. */
typedef struct face_entry {
  char *file;
  unsigned int index;
  cairo_font_face_t *font_face; /* our reference; cairo may keep more in its caches */
} face_entry;

typedef struct face_cache {
  FT_Library library;
  face_entry *entries;
  size_t count;
  size_t capacity;
} face_cache;

/* The key under which a cairo font face keeps its FT_Face. */
static const cairo_user_data_key_t ft_face_key;

/* cairo's destroy callback for that user data: close the FT_Face. */
static void close_ft_face(void *face) { FT_Done_Face((FT_Face)face); }

/* Frees the cache's references. FT_Done_FreeType must come after every cairo object that may
   use a face is destroyed; a font face cairo still caches after that is never used again. */
static void face_cache_finish(face_cache *cache) {
  for (size_t i = 0; i < cache->count; i++) {
    cairo_font_face_destroy(cache->entries[i].font_face);
    free(cache->entries[i].file);
  }
  free(cache->entries);
  cache->entries = NULL;
  cache->count = cache->capacity = 0;
}

/* The cairo font face of face `index` of `file`, opened the first time it is asked for;
   NULL with a message on stderr when it cannot be opened. The face belongs to the cache. */
static cairo_font_face_t *face_cache_get(face_cache *cache, const char *file,
                                         unsigned int index) {
  for (size_t i = 0; i < cache->count; i++) {
    if (cache->entries[i].index == index && strcmp(cache->entries[i].file, file) == 0) {
      return cache->entries[i].font_face;
    }
  }
  if (cache->count == cache->capacity) {
    size_t capacity = cache->capacity ? cache->capacity * 2 : 8;
    face_entry *entries = realloc(cache->entries, capacity * sizeof *entries);
    if (entries == NULL) {
      fprintf(stderr, "draw: out of memory\n");
      return NULL;
    }
    cache->entries = entries;
    cache->capacity = capacity;
  }
  char *copy = malloc(strlen(file) + 1);
  if (copy == NULL) {
    fprintf(stderr, "draw: out of memory\n");
    return NULL;
  }
  strcpy(copy, file);

  FT_Face face;
  FT_Error ft_status = FT_New_Face(cache->library, file, (FT_Long)index, &face);
  if (ft_status != 0) {
    fprintf(stderr, "draw: FreeType cannot open face %u of %s (error %d)\n", index, file,
            ft_status);
    free(copy);
    return NULL;
  }
  /* FT_LOAD_COLOR lets cairo draw colour glyphs (an emoji font's CBDT bitmaps, COLR layers);
     cairo adds it itself where FreeType supports it, passing it keeps that explicit. */
  cairo_font_face_t *font_face = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_COLOR);
  cairo_status_t status = cairo_font_face_status(font_face);
  if (status == CAIRO_STATUS_SUCCESS) {
    status = cairo_font_face_set_user_data(font_face, &ft_face_key, face, close_ft_face);
  }
  if (status != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "draw: cairo cannot use face %u of %s: %s\n", index, file,
            cairo_status_to_string(status));
    cairo_font_face_destroy(font_face);
    FT_Done_Face(face); /* the user data was not set, so cairo will not close it */
    free(copy);
    return NULL;
  }
  face_entry *entry = &cache->entries[cache->count++];
  entry->file = copy;
  entry->index = index;
  entry->font_face = font_face;
  return font_face;
}

/* ---- Drawing one widget's text ---------------------------------------------------------- */

/* Prints FontFit's error and returns 0, so a failing call reads `return fail(error)`. */
static int fail(const ff_error *error) {
  fprintf(stderr, "draw: %s\n", ff_error_get_message(error));
  return 0;
}

/* Draws every run of `text`, a widget's text whose frame's top-left corner is at (`x`, `y`)
   points on the screen. Returns 1, or 0 with a message on stderr. */
static int draw_text(cairo_t *cr, face_cache *faces, const ff_text *text, double x, double y,
                     ff_error *error) {
  size_t lines = ff_text_get_line_count(text);
  for (size_t line = 0; line < lines; line++) {
    size_t runs = ff_text_get_run_count(text, line);
    for (size_t run = 0; run < runs; run++) {
      const char *file = NULL;
      unsigned int face_index = 0;
      double size = 0;
      if (ff_text_get_run(text, line, run, &file, &face_index, &size, error) != FF_OK) {
        return fail(error);
      }
      size_t count = 0;
      const ff_glyph *glyphs = ff_text_get_glyphs(text, line, run, &count);
      if (count == 0) continue;
      if (file == NULL || file[0] == '\0') {
        /* Glyphs from no file (FontFit drew them some other way): nothing to open. */
        fprintf(stderr, "draw: skipping a run of %zu glyph(s) in line %zu: no font file\n",
                count, line);
        continue;
      }
      cairo_font_face_t *font_face = face_cache_get(faces, file, face_index);
      if (font_face == NULL) return 0;

      cairo_glyph_t *placed = malloc(count * sizeof *placed);
      if (placed == NULL) {
        fprintf(stderr, "draw: out of memory\n");
        return 0;
      }
      /* Glyph origins are points from the widget's top-left corner, on the baseline. */
      for (size_t i = 0; i < count; i++) {
        placed[i].index = glyphs[i].id;
        placed[i].x = x + glyphs[i].x;
        placed[i].y = y + glyphs[i].y;
      }
      cairo_set_font_face(cr, font_face);
      cairo_set_font_size(cr, size); /* points: the context is scaled to pixels */
      cairo_show_glyphs(cr, placed, (int)count);
      free(placed);

      cairo_status_t status = cairo_status(cr);
      if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "draw: cairo cannot draw a run of %s: %s\n", file,
                cairo_status_to_string(status));
        return 0;
      }
    }
  }
  return 1;
}

/* Draws every text widget of `screen` on `cr`, whose user space is the screen's points. */
static int draw_screen(cairo_t *cr, face_cache *faces, const ff_screen *screen,
                       ff_error *error) {
  size_t widgets = ff_screen_get_widget_count(screen);
  for (size_t widget = 0; widget < widgets; widget++) {
    const ff_text *text = ff_screen_get_widget_text(screen, widget);
    if (text == NULL) continue; /* a View: no text */
    if (ff_text_get_error(text) != NULL) {
      fprintf(stderr, "draw: widget %s has no layout: %s\n",
              ff_screen_get_widget_id(screen, widget), ff_text_get_error(text));
      continue;
    }
    double x, y, width, height;
    if (ff_screen_get_widget_frame(screen, widget, FF_ON_SCREEN, &x, &y, &width, &height,
                                   error) != FF_OK) {
      return fail(error);
    }
    cairo_save(cr);
    if (ff_screen_get_widget_kind(screen, widget) == FF_WIDGET_TEXT_VIEW) {
      /* A text view scrolls: it shows its text through its frame. */
      cairo_rectangle(cr, x, y, width, height);
      cairo_clip(cr);
    }
    uint8_t red, green, blue, alpha;
    if (ff_screen_get_widget_text_color(screen, widget, &red, &green, &blue, &alpha, error) !=
        FF_OK) {
      cairo_restore(cr);
      return fail(error);
    }
    cairo_set_source_rgba(cr, red / 255.0, green / 255.0, blue / 255.0, alpha / 255.0);
    int ok = draw_text(cr, faces, text, x, y, error);
    cairo_restore(cr);
    if (!ok) return 0;
  }
  return 1;
}

/* ---- The program ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s LAYOUT SCREEN OUT.png\n", argv[0]);
    return 1;
  }
  const char *layout = argv[1];
  const char *screen_name = argv[2];
  const char *output = argv[3];

  int ok = 0;
  ff_error *error = ff_error_create();
  ff_font_system *fonts = NULL;
  ff_project_options *options = NULL;
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  face_cache faces = {NULL, NULL, 0, 0};
  int have_freetype = 0;
  cairo_surface_t *surface = NULL;
  cairo_t *cr = NULL;
  cairo_font_options_t *font_options = NULL;

  if (error == NULL) {
    fprintf(stderr, "draw: out of memory\n");
    return 1;
  }

  /* Lay the project out on the one screen asked for. */
  options = ff_project_options_create();
  if (options == NULL) {
    fprintf(stderr, "draw: out of memory\n");
    goto done;
  }
  if (ff_font_system_create(NULL, 0, 1, &fonts, error) != FF_OK ||
      ff_project_options_add_screen(options, screen_name, error) != FF_OK ||
      ff_project_create_from_file(layout, options, &project, error) != FF_OK ||
      ff_project_layout(project, fonts, 0, 0, &screen, error) != FF_OK) {
    fail(error);
    goto done;
  }

  /* An image of the screen's pixels: its size in points times its pixels per point. */
  double width, height, scale;
  ff_screen_get_size(screen, &width, &height, &scale);
  int pixel_width = (int)lround(width * scale);
  int pixel_height = (int)lround(height * scale);
  surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "draw: cannot make a %d × %d image: %s\n", pixel_width, pixel_height,
            cairo_status_to_string(cairo_surface_status(surface)));
    goto done;
  }
  cr = cairo_create(surface);
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "draw: %s\n", cairo_status_to_string(cairo_status(cr)));
    goto done;
  }

  /* White, then each text in its colour, in user space of points. */
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, scale, scale);

  /* Pango's unhinted layout: grey antialiasing, outlines not hinted, advances not rounded. */
  font_options = cairo_font_options_create();
  cairo_font_options_set_antialias(font_options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(font_options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(font_options, CAIRO_HINT_METRICS_OFF);
  if (cairo_font_options_status(font_options) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "draw: %s\n",
            cairo_status_to_string(cairo_font_options_status(font_options)));
    goto done;
  }
  cairo_set_font_options(cr, font_options);

  if (FT_Init_FreeType(&faces.library) != 0) {
    fprintf(stderr, "draw: FreeType cannot start\n");
    goto done;
  }
  have_freetype = 1;

  if (!draw_screen(cr, &faces, screen, error)) goto done;

  cairo_surface_flush(surface);
  cairo_status_t status = cairo_surface_write_to_png(surface, output);
  if (status != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "draw: cannot write %s: %s\n", output, cairo_status_to_string(status));
    goto done;
  }
  printf("%s: %s, %d × %d pixels (%g × %g points × %g)\n", output, screen_name, pixel_width,
         pixel_height, width, height, scale);
  ok = 1;

done:
  /* cairo objects first (they hold the font faces), then the faces, then FreeType. */
  if (font_options != NULL) cairo_font_options_destroy(font_options);
  if (cr != NULL) cairo_destroy(cr);
  if (surface != NULL) cairo_surface_destroy(surface);
  face_cache_finish(&faces);
  if (have_freetype) FT_Done_FreeType(faces.library);
  ff_screen_destroy(screen);
  ff_project_destroy(project);
  ff_project_options_destroy(options);
  ff_font_system_destroy(fonts);
  ff_error_destroy(error);
  return ok ? 0 : 1;
}
