/*
 * cairo_compare.c — does a cairo app that draws FontFit's layout itself (examples/cairo/draw.c)
 * get the pixels FontFit draws (ff_screen_draw)?
 *
 * Usage: cairo_compare REPO_ROOT CAIRO.png SCREEN
 *
 * Lays REPO_ROOT/Demo/Resources/sample.json out on SCREEN, draws it with ff_screen_draw over
 * white, and compares it with CAIRO.png (draw's output for the same screen): for every text
 * widget the ink box (bounding box of dark pixels, luminance < 128, inside the widget's pixel
 * frame) must agree within 2 pixels on every side, and over the whole image the dark pixels
 * must overlap, |A ∩ B| / |A ∪ B| >= 0.8. Either image with almost no dark pixels fails.
 * Exit 0 when everything passes, 1 otherwise.
 *
 * Build: gcc -std=c99 -Wall -Wextra -pedantic -o cairo_compare cairo_compare.c \
 *            $(pkg-config --cflags --libs fontfit cairo) -lm
 */
#include <fontfit.h>

#include <cairo.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOLERANCE 2          /* pixels, on each side of an ink box */
#define MIN_OVERLAP 0.8      /* |A ∩ B| / |A ∪ B| of dark pixels */
#define MIN_DARK_PIXELS 1000 /* fewer and an image shows (almost) nothing */

/* Whether the ARGB32 pixel at (x, y) is dark: luminance below 128 once composited on white. */
static int dark(const uint8_t *data, int stride, int x, int y) {
  uint32_t p = ((const uint32_t *)(const void *)(data + (size_t)y * stride))[x];
  unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
  /* premultiplied: over white, each channel becomes c + (255 - a) */
  r += 255 - a;
  g += 255 - a;
  b += 255 - a;
  return 299 * r + 587 * g + 114 * b < 128 * 1000;
}

typedef struct box {
  int empty, x0, y0, x1, y1; /* inclusive pixel bounds when not empty */
} box;

static box ink_box(const uint8_t *data, int stride, int x0, int y0, int x1, int y1) {
  box result = {1, 0, 0, 0, 0};
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      if (!dark(data, stride, x, y)) continue;
      if (result.empty) {
        result = (box){0, x, y, x, y};
      } else {
        if (x < result.x0) result.x0 = x;
        if (x > result.x1) result.x1 = x;
        if (y < result.y0) result.y0 = y;
        if (y > result.y1) result.y1 = y;
      }
    }
  }
  return result;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s REPO_ROOT CAIRO.png SCREEN\n", argv[0]);
    return 1;
  }
  int failed = 0;
  ff_error *error = ff_error_create();
  ff_font_system *fonts = NULL;
  ff_project_options *options = ff_project_options_create();
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  uint8_t *pixels = NULL;
  cairo_surface_t *png = cairo_image_surface_create_from_png(argv[2]);
  char layout[4096];
  snprintf(layout, sizeof layout, "%s/Demo/Resources/sample.json", argv[1]);

  if (cairo_surface_status(png) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "cairo_compare: cannot read %s: %s\n", argv[2],
            cairo_status_to_string(cairo_surface_status(png)));
    failed = 1;
    goto done;
  }
  if (error == NULL || options == NULL) {
    fprintf(stderr, "cairo_compare: out of memory\n");
    failed = 1;
    goto done;
  }
  if (ff_font_system_create(NULL, 0, 1, &fonts, error) != FF_OK ||
      ff_project_options_add_screen(options, argv[3], error) != FF_OK ||
      ff_project_create_from_file(layout, options, &project, error) != FF_OK ||
      ff_project_layout(project, fonts, 0, 0, &screen, error) != FF_OK) {
    fprintf(stderr, "cairo_compare: %s\n", ff_error_get_message(error));
    failed = 1;
    goto done;
  }

  cairo_surface_flush(png);
  int width = cairo_image_surface_get_width(png);
  int height = cairo_image_surface_get_height(png);
  int stride = cairo_image_surface_get_stride(png);
  const uint8_t *a = cairo_image_surface_get_data(png);
  double points_width, points_height, scale;
  ff_screen_get_size(screen, &points_width, &points_height, &scale);
  if (width != (int)lround(points_width * scale) || height != (int)lround(points_height * scale)) {
    fprintf(stderr, "cairo_compare: %s is %d × %d pixels, %s is %g × %g points × %g\n",
            argv[2], width, height, argv[3], points_width, points_height, scale);
    failed = 1;
    goto done;
  }

  /* FontFit's own drawing, over white, in the same layout as cairo's ARGB32. */
  pixels = malloc((size_t)stride * height);
  if (pixels == NULL) {
    fprintf(stderr, "cairo_compare: out of memory\n");
    failed = 1;
    goto done;
  }
  memset(pixels, 255, (size_t)stride * height);
  if (ff_screen_draw(screen, 0, pixels, width, height, stride, FF_FORMAT_ARGB32_PREMULTIPLIED,
                     0, FF_DRAW_DEFAULT, error) != FF_OK) {
    fprintf(stderr, "cairo_compare: ff_screen_draw: %s\n", ff_error_get_message(error));
    failed = 1;
    goto done;
  }

  /* Whole image: overlap of dark pixels. */
  long both = 0, either = 0, dark_a = 0, dark_b = 0;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int da = dark(a, stride, x, y), db = dark(pixels, stride, x, y);
      dark_a += da;
      dark_b += db;
      both += da && db;
      either += da || db;
    }
  }
  double overlap = either ? (double)both / (double)either : 0;
  printf("%s: dark pixels cairo %ld, fontfit %ld; overlap %ld / %ld = %.4f\n", argv[3], dark_a,
         dark_b, both, either, overlap);
  if (dark_a < MIN_DARK_PIXELS || dark_b < MIN_DARK_PIXELS) {
    printf("FAIL: an image has almost no dark pixels (fewer than %d)\n", MIN_DARK_PIXELS);
    failed = 1;
  }
  if (overlap < MIN_OVERLAP) {
    printf("FAIL: overlap %.4f < %.2f\n", overlap, MIN_OVERLAP);
    failed = 1;
  }

  /* Each text widget: ink boxes inside its pixel frame. */
  int worst = 0;
  for (size_t widget = 0; widget < ff_screen_get_widget_count(screen); widget++) {
    if (ff_screen_get_widget_text(screen, widget) == NULL) continue;
    double x, y, w, h;
    if (ff_screen_get_widget_frame(screen, widget, FF_ON_SCREEN, &x, &y, &w, &h, error) !=
        FF_OK) {
      fprintf(stderr, "cairo_compare: %s\n", ff_error_get_message(error));
      failed = 1;
      goto done;
    }
    int x0 = clampi((int)lround(x * scale), 0, width);
    int y0 = clampi((int)lround(y * scale), 0, height);
    int x1 = clampi((int)lround((x + w) * scale), 0, width);
    int y1 = clampi((int)lround((y + h) * scale), 0, height);
    box ba = ink_box(a, stride, x0, y0, x1, y1);
    box bb = ink_box(pixels, stride, x0, y0, x1, y1);
    const char *id = ff_screen_get_widget_id(screen, widget);
    int ok;
    int difference = 0;
    if (ba.empty || bb.empty) {
      ok = ba.empty && bb.empty;
      if (!ok) difference = -1;
    } else {
      int d[4] = {abs(ba.x0 - bb.x0), abs(ba.y0 - bb.y0), abs(ba.x1 - bb.x1),
                  abs(ba.y1 - bb.y1)};
      for (int i = 0; i < 4; i++) {
        if (d[i] > difference) difference = d[i];
      }
      ok = difference <= TOLERANCE;
      if (difference > worst) worst = difference;
    }
    printf("  %-12s cairo ", id);
    if (ba.empty) printf("%-22s", "empty");
    else printf("[%4d %4d %4d %4d]     ", ba.x0, ba.y0, ba.x1, ba.y1);
    printf(" fontfit ");
    if (bb.empty) printf("%-22s", "empty");
    else printf("[%4d %4d %4d %4d]     ", bb.x0, bb.y0, bb.x1, bb.y1);
    if (difference < 0) printf(" %s\n", "FAIL: one box empty");
    else printf(" max diff %d px%s\n", difference, ok ? "" : "  FAIL");
    if (!ok) failed = 1;
  }
  printf("%s: worst ink-box difference %d px, %s\n", argv[3], worst, failed ? "FAIL" : "pass");

done:
  free(pixels);
  cairo_surface_destroy(png);
  ff_screen_destroy(screen);
  ff_project_destroy(project);
  ff_project_options_destroy(options);
  ff_font_system_destroy(fonts);
  ff_error_destroy(error);
  return failed ? 1 : 0;
}
