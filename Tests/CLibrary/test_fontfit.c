/* Tests of the C API through the staged library: every entry point, with good arguments, bad
   ones and NULLs. Built by scripts/test-c-library with gcc through pkg-config, run with an
   empty environment and under valgrind.
   Usage: test_fontfit REPOSITORY [sizes|dump SCREEN|json SCREEN]
     (no command)  runs the tests; exit status 1 when one fails
     sizes SCREEN  prints "id size fits" for each text widget of the sample on SCREEN
     dump          prints ff_project_dump_json of the sample with glyphs */
#include <fontfit.h>

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(condition)                                                        \
  do {                                                                          \
    checks++;                                                                   \
    if (!(condition)) {                                                         \
      failures++;                                                               \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                           \
  } while (0)

static char sample[4096];
static char repository[2048];

static int contains(const char *haystack, const char *needle) {
  return haystack != NULL && strstr(haystack, needle) != NULL;
}

static ff_font_system *system_fonts(void) {
  ff_font_system *fonts = NULL;
  ff_error *error = ff_error_create();
  if (ff_font_system_create(NULL, 0, 1, &fonts, error) != FF_OK) {
    fprintf(stderr, "no font system: %s\n", ff_error_get_message(error));
    exit(2);
  }
  ff_error_destroy(error);
  return fonts;
}

static void test_version(void) {
  unsigned int major = 99, minor = 99, micro = 99;
  char expected[64];
  ff_version_numbers(&major, &minor, &micro);
  CHECK(major == FF_VERSION_MAJOR && minor == FF_VERSION_MINOR && micro == FF_VERSION_MICRO);
  snprintf(expected, sizeof expected, "%u.%u.%u", major, minor, micro);
  CHECK(strcmp(ff_version(), expected) == 0);
  CHECK(strcmp(ff_version(), FF_VERSION_STRING) == 0);
  CHECK(FF_VERSION_ATLEAST(0, 0, 0));
  CHECK(!FF_VERSION_ATLEAST(FF_VERSION_MAJOR + 1, 0, 0));
  ff_version_numbers(NULL, NULL, NULL);
}

static void test_errors_and_null_safety(void) {
  ff_error *error = ff_error_create();
  CHECK(error != NULL);
  CHECK(ff_error_get_status(error) == FF_OK);
  CHECK(strcmp(ff_error_get_message(error), "") == 0);
  CHECK(ff_error_get_file(error) == NULL && ff_error_get_key_path(error) == NULL);
  CHECK(ff_error_get_line(error) == 0 && ff_error_get_column(error) == 0);
  /* Getters on NULL are safe. */
  CHECK(ff_error_get_status(NULL) == FF_OK);
  CHECK(ff_error_get_message(NULL) != NULL);
  /* Every destroy takes NULL. */
  ff_error_destroy(NULL);
  ff_font_system_destroy(NULL);
  ff_text_options_destroy(NULL);
  ff_text_destroy(NULL);
  ff_project_options_destroy(NULL);
  ff_project_destroy(NULL);
  ff_screen_destroy(NULL);
  ff_free(NULL);
  /* A call with a NULL handle fails with a message, and does not need an error to fail. */
  CHECK(ff_fit(NULL, "x", -1, NULL, NULL, NULL) == FF_INVALID_ARGUMENT);
  CHECK(ff_fit(NULL, "x", -1, NULL, NULL, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_error_get_status(error) == FF_INVALID_ARGUMENT);
  CHECK(contains(ff_error_get_message(error), "fonts is NULL"));
  /* Accessors of NULL handles give empty results. */
  CHECK(ff_text_get_line_count(NULL) == 0 && ff_text_get_string(NULL) == NULL);
  CHECK(ff_text_get_font_size(NULL) == 0 && !ff_text_fits(NULL));
  CHECK(ff_text_get_glyphs(NULL, 0, 0, NULL) == NULL);
  CHECK(ff_screen_get_widget_count(NULL) == 0 && ff_screen_get_widget_text(NULL, 0) == NULL);
  CHECK(ff_project_get_screen_count(NULL) == 0 && ff_project_get_locale_count(NULL) == 0);
  CHECK(ff_screen_get_widget_kind(NULL, 0) == FF_WIDGET_NONE);
  CHECK(ff_screen_get_widget_parent(NULL, 0) == -1);
  /* A pointer that is no handle is refused, not followed. */
  {
    long not_a_handle[8] = {0};
    CHECK(ff_text_get_line_count((const ff_text *)not_a_handle) == 0);
    CHECK(ff_text_options_set_font_size((ff_text_options *)not_a_handle, 12, error) ==
          FF_INVALID_ARGUMENT);
    CHECK(contains(ff_error_get_message(error), "not a live ff_text_options"));
    ff_text_destroy((ff_text *)not_a_handle);
  }
  ff_error_destroy(error);
}

static void test_font_system(void) {
  ff_error *error = ff_error_create();
  ff_font_system *fonts = (ff_font_system *)&fonts;
  const char *missing[] = {"/nonexistent/fonts"};
  const char *null_directory[] = {NULL};
  CHECK(ff_font_system_create(missing, 1, 0, &fonts, error) == FF_FONT_ERROR);
  CHECK(fonts == NULL);
  CHECK(contains(ff_error_get_message(error), "/nonexistent/fonts"));
  CHECK(ff_font_system_create(NULL, 1, 1, &fonts, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_font_system_create(null_directory, 1, 1, &fonts, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_font_system_create(NULL, 0, 0, &fonts, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_font_system_create(NULL, 0, 1, NULL, error) == FF_INVALID_ARGUMENT);
  {
    /* Only the DejaVu directory: DejaVu still resolves, and a text still fits. */
    const char *dejavu[] = {"/usr/share/fonts/truetype/dejavu"};
    ff_text_options *options = ff_text_options_create();
    ff_text *text = NULL;
    const char *family = NULL;
    CHECK(ff_font_system_create(dejavu, 1, 0, &fonts, error) == FF_OK);
    CHECK(ff_fit(fonts, "Hello", -1, options, &text, error) == FF_OK);
    ff_text_get_face(text, &family, NULL, NULL, NULL);
    CHECK(family != NULL && strncmp(family, "DejaVu", 6) == 0);
    ff_text_destroy(text);
    ff_text_options_destroy(options);
    ff_font_system_destroy(fonts);
  }
  ff_error_destroy(error);
}

static void test_options_validation(void) {
  ff_error *error = ff_error_create();
  ff_text_options *options = ff_text_options_create();
  CHECK(ff_text_options_set_font(options, "DejaVu Sans Bold 17", error) == FF_OK);
  CHECK(ff_text_options_set_font(options, "DejaVu Sans:bold:size=15", error) == FF_OK);
  CHECK(ff_text_options_set_font(options, NULL, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_font(options, "DejaVu Sans\x01", error) == FF_INVALID_ARGUMENT);
  CHECK(contains(ff_error_get_message(error), "control character"));
  CHECK(ff_text_options_set_font(options, "\xff\xfe", error) == FF_INVALID_ARGUMENT);
  CHECK(contains(ff_error_get_message(error), "not UTF-8"));
  CHECK(ff_text_options_set_font_size(options, -1, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_font_size(options, NAN, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_font_size(options, INFINITY, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_box(options, -1, 10, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_box(options, NAN, 10, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_box(options, INFINITY, INFINITY, error) == FF_OK);
  CHECK(ff_text_options_set_max_lines(options, 3, error) == FF_OK);
  CHECK(ff_text_options_set_max_lines(options, 4000000000u, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_fit(options, FF_FIT_GRID, 0, 5, 0.5, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_fit(options, FF_FIT_GRID, 10, 20, 0, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_fit(options, FF_FIT_GRID, 20, 10, 0.5, error) == FF_INVALID_ARGUMENT);
  CHECK(strstr(ff_error_get_message(error), "above the maximum") != NULL);
  CHECK(ff_text_options_set_fit(options, FF_FIT_GRID, NAN, 20, 1, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_fit(options, (ff_fit_mode)7, 10, 20, 1, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_fit(options, FF_FIT_EXACT, 10, 0, 0.5, error) == FF_OK);
  CHECK(ff_text_options_set_alignment(options, (ff_alignment)9, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_alignment(options, FF_ALIGN_JUSTIFIED, error) == FF_OK);
  CHECK(ff_text_options_set_wrapping(options, (ff_wrapping)-1, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_wrapping(options, FF_WRAP_ANYWHERE, error) == FF_OK);
  CHECK(ff_text_options_set_truncation(options, (ff_truncation)5, NULL, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_truncation(options, FF_TRUNCATE_MIDDLE, "...", error) == FF_OK);
  CHECK(ff_text_options_set_language(options, "zh-Hans", error) == FF_OK);
  CHECK(ff_text_options_set_language(options, "not a tag!", error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_language(options, NULL, error) == FF_OK);
  CHECK(ff_text_options_set_direction(options, (ff_direction)3, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_direction(options, FF_DIRECTION_RTL, error) == FF_OK);
  CHECK(ff_text_options_set_line_height(options, 0, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_text_options_set_line_height(options, 1.2, error) == FF_OK);
  ff_text_options_set_keep_words_whole(options, 1);
  ff_text_options_set_keep_words_whole(NULL, 1);
  CHECK(ff_text_options_set_box(NULL, 1, 1, error) == FF_INVALID_ARGUMENT);
  ff_text_options_destroy(options);
  ff_error_destroy(error);
}

/* Fitted text is no taller than its box, for any box the grid can fit; a shorter text grows
   back to a size no smaller. */
/* Pango markup: the plain text, a bold run in the bold face, the small run at 1/1.2, one
 * fitted size, and located errors. */
static void test_fit_markup(ff_font_system *fonts) {
  ff_error *error = ff_error_create();
  ff_text_options *options = ff_text_options_create();
  ff_text *text = NULL;
  const char *markup = "Total <b>42,00 \xe2\x82\xac</b> <small>incl. VAT</small>";
  ff_text_options_set_font(options, "DejaVu Sans 24", error);
  ff_text_options_set_fit(options, FF_FIT_GRID, 6, 0, 0.5, error);
  ff_text_options_set_max_lines(options, 1, error);
  for (int box = 120; box <= 400; box += 70) {
    CHECK(ff_text_options_set_box(options, box, 40, error) == FF_OK);
    CHECK(ff_fit_markup(fonts, markup, -1, options, &text, error) == FF_OK);
    CHECK(strcmp(ff_text_get_string(text), "Total 42,00 \xe2\x82\xac incl. VAT") == 0);
    CHECK(ff_text_fits(text));
    double size = ff_text_get_font_size(text);
    int bold = 0, small = 0;
    for (size_t run = 0; run < ff_text_get_run_count(text, 0); run++) {
      const char *file = NULL;
      unsigned int index = 0;
      double run_size = 0;
      CHECK(ff_text_get_run(text, 0, run, &file, &index, &run_size, error) == FF_OK);
      if (strstr(file, "Bold")) bold = 1;
      if (fabs(run_size - size / 1.2) < 1e-9) small = 1;
      CHECK(fabs(run_size - size) < 1e-9 || fabs(run_size - size / 1.2) < 1e-9);
    }
    CHECK(bold && small);
    ff_text_destroy(text);
    text = NULL;
  }
  CHECK(ff_fit_markup(fonts, "a\n<b>b", -1, options, &text, error) == FF_INVALID_ARGUMENT);
  CHECK(text == NULL);
  CHECK(ff_error_get_line(error) == 2 && ff_error_get_column(error) == 1);
  CHECK(strstr(ff_error_get_message(error), "<b> is never closed") != NULL);
  CHECK(ff_fit_markup(fonts, NULL, -1, options, &text, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_fit_markup(fonts, "x", -1, options, NULL, error) == FF_INVALID_ARGUMENT);
  ff_text_options_destroy(options);
  ff_error_destroy(error);
}

static void test_fit(ff_font_system *fonts) {
  ff_error *error = ff_error_create();
  ff_text_options *options = ff_text_options_create();
  ff_text *text = (ff_text *)&text;
  const char *words = "When text is set on a label with fixed bounds, the font shrinks step "
                      "by step until the wrapped text fits.";
  double width, height, needed, available;
  ff_text_options_set_font(options, "DejaVu Sans 17", error);
  ff_text_options_set_fit(options, FF_FIT_GRID, 10, 0, 0.5, error);
  for (int box = 60; box <= 300; box += 40) {
    CHECK(ff_text_options_set_box(options, box, box / 2.0, error) == FF_OK);
    CHECK(ff_fit(fonts, words, -1, options, &text, error) == FF_OK);
    ff_text_get_extents(text, &width, &height);
    if (ff_text_fits(text)) {
      CHECK(height <= box / 2.0 + 1e-9);
      CHECK(ff_text_get_failure(text, NULL, NULL) == FF_FAILURE_NONE);
    } else {
      CHECK(ff_text_get_font_size(text) == 10);
      CHECK(ff_text_get_failure(text, &needed, &available) != FF_FAILURE_NONE);
      CHECK(needed > available);
    }
    CHECK(ff_text_get_font_size(text) >= 10 && ff_text_get_font_size(text) <= 17);
    ff_text_destroy(text);
  }
  /* An exact fit is at least the grid's size and, compared as it is, no larger than its box. */
  int exact_fits = 0;
  for (int box = 60; box <= 300; box += 17) {
    double grid_size;
    ff_text_options_set_fit(options, FF_FIT_GRID, 5, 60, 0.5, error);
    CHECK(ff_text_options_set_box(options, box, box / 3.0, error) == FF_OK);
    CHECK(ff_fit(fonts, words, -1, options, &text, error) == FF_OK);
    grid_size = ff_text_get_font_size(text);
    ff_text_destroy(text);
    ff_text_options_set_fit(options, FF_FIT_EXACT, 5, 60, 0.5, error);
    CHECK(ff_fit(fonts, words, -1, options, &text, error) == FF_OK);
    ff_text_get_extents(text, &width, &height);
    CHECK(ff_text_get_font_size(text) >= grid_size);
    CHECK(!ff_text_fits(text) || (width <= box && height <= box / 3.0));
    exact_fits += ff_text_fits(text);
    ff_text_destroy(text);
  }
  CHECK(exact_fits >= 8); /* most of the 15 boxes hold the text at 5 pt or more */
  ff_text_options_set_fit(options, FF_FIT_GRID, 10, 0, 0.5, error);
  {
    /* A short text in the same box keeps a larger size than the long one. */
    ff_text *long_text = NULL, *short_text = NULL;
    ff_text_options_set_box(options, 140, 40, error);
    CHECK(ff_fit(fonts, words, -1, options, &long_text, error) == FF_OK);
    CHECK(ff_fit(fonts, "Short", -1, options, &short_text, error) == FF_OK);
    CHECK(ff_text_get_font_size(short_text) == 17);
    CHECK(ff_text_get_font_size(long_text) < ff_text_get_font_size(short_text));
    ff_text_destroy(long_text);
    ff_text_destroy(short_text);
    /* Re-fitting the same text sees every change to the options, and a text of the same
       length is a new text. */
    {
      ff_text *again = NULL, *other = NULL;
      double before;
      CHECK(ff_fit(fonts, words, -1, options, &long_text, error) == FF_OK);
      before = ff_text_get_font_size(long_text);
      ff_text_options_set_box(options, 400, 120, error);
      CHECK(ff_fit(fonts, words, -1, options, &again, error) == FF_OK);
      CHECK(ff_text_get_font_size(again) > before);
      ff_text_destroy(again);
      ff_text_options_set_fit(options, FF_FIT_GRID, 10, 12, 0.5, error);
      CHECK(ff_fit(fonts, words, -1, options, &again, error) == FF_OK);
      CHECK(ff_text_get_font_size(again) == 12);
      CHECK(ff_fit(fonts, "Shirt", -1, options, &other, error) == FF_OK);
      CHECK(strcmp(ff_text_get_string(other), "Shirt") == 0);
      ff_text_destroy(other);
      CHECK(ff_fit(fonts, "Short", 4, options, &other, error) == FF_OK);
      CHECK(strcmp(ff_text_get_string(other), "Shor") == 0);
      ff_text_destroy(other);
      ff_text_destroy(again);
      ff_text_destroy(long_text);
      ff_text_options_set_fit(options, FF_FIT_GRID, 10, 0, 0.5, error);
    }
  }
  {
    /* Lines, runs and glyphs: every glyph's cluster is a byte offset in the text, glyphs run
       left to right, and the line strings put together give the text. */
    ff_text_options_set_box(options, 120, INFINITY, error);
    ff_text_options_set_fit(options, FF_FIT_NONE, 0, 0, 0, error);
    CHECK(ff_fit(fonts, "Hello wide world of text", -1, options, &text, error) == FF_OK);
    CHECK(ff_text_fits(text));
    CHECK(ff_text_get_line_count(text) >= 2);
    CHECK(strcmp(ff_text_get_string(text), "Hello wide world of text") == 0);
    for (size_t line = 0; line < ff_text_get_line_count(text); line++) {
      double x, y, w, h, baseline, size;
      const char *file = NULL;
      unsigned int face = 99;
      CHECK(ff_text_get_line_extents(text, line, &x, &y, &w, &h, &baseline, error) == FF_OK);
      CHECK(w <= 120 + 1e-9 && h > 0 && baseline > y && baseline < y + h);
      CHECK(!ff_text_line_is_rtl(text, line));
      CHECK(ff_text_get_line_string(text, line) != NULL);
      CHECK(ff_text_get_run_count(text, line) == 1);
      CHECK(ff_text_get_run(text, line, 0, &file, &face, &size, error) == FF_OK);
      CHECK(contains(file, "DejaVuSans") && face == 0 && size == 17);
      {
        size_t count = 0;
        const ff_glyph *glyphs = ff_text_get_glyphs(text, line, 0, &count);
        CHECK(glyphs != NULL && count > 0);
        for (size_t g = 0; g < count; g++) {
          CHECK(glyphs[g].id > 0);
          CHECK(glyphs[g].cluster >= 0 && glyphs[g].cluster < 24);
          CHECK(glyphs[g].y == baseline);
          if (g > 0) CHECK(glyphs[g].x > glyphs[g - 1].x);
        }
      }
    }
    CHECK(ff_text_get_line_string(text, 99) == NULL);
    CHECK(ff_text_get_line_extents(text, 99, NULL, NULL, NULL, NULL, NULL, error) ==
          FF_INVALID_ARGUMENT);
    CHECK(contains(ff_error_get_message(error), "out of range"));
    CHECK(ff_text_get_run(text, 0, 5, NULL, NULL, NULL, error) == FF_INVALID_ARGUMENT);
    CHECK(ff_text_get_glyphs(text, 0, 5, NULL) == NULL);
    CHECK(ff_text_get_stage_count(text) == 0);
    CHECK(ff_text_get_stage(text, 0, NULL, NULL, NULL, error) == FF_INVALID_ARGUMENT);
    CHECK(ff_text_get_error(text) == NULL);
    {
      double design, adapted, set;
      ff_text_get_font_sizes(text, &design, &adapted, &set);
      CHECK(design == 17 && adapted == 17 && set == 17);
    }
    ff_text_destroy(text);
  }
  {
    /* A length, not a NUL, ends the text; an embedded NUL is kept, never dropped. */
    CHECK(ff_fit(fonts, "Hello, world", 5, options, &text, error) == FF_OK);
    CHECK(strcmp(ff_text_get_string(text), "Hello") == 0);
    ff_text_destroy(text);
    CHECK(ff_fit(fonts, "\xe4\xb8", -1, options, &text, error) == FF_INVALID_ARGUMENT);
    CHECK(text == NULL);
    CHECK(contains(ff_error_get_message(error), "offset 0"));
    CHECK(ff_fit(fonts, "ok\xc3", -1, options, &text, error) == FF_INVALID_ARGUMENT);
    CHECK(contains(ff_error_get_message(error), "offset 2"));
    CHECK(ff_fit(fonts, NULL, -1, options, &text, error) == FF_INVALID_ARGUMENT);
    CHECK(ff_fit(fonts, "x", -1, NULL, &text, error) == FF_INVALID_ARGUMENT);
    CHECK(ff_fit(fonts, "x", -1, options, NULL, error) == FF_INVALID_ARGUMENT);
  }
  {
    /* Chinese in a Latin font falls back to a CJK face; Arabic runs right to left. */
    const char *file = NULL;
    CHECK(ff_fit(fonts, "字体自适应", -1, options, &text, error) == FF_OK);
    CHECK(ff_text_get_run(text, 0, 0, &file, NULL, NULL, error) == FF_OK);
    CHECK(!contains(file, "DejaVu"));
    ff_text_destroy(text);
    ff_text_options_set_language(options, "ar", error);
    CHECK(ff_fit(fonts, "مرحبا بالعالم", -1, options, &text, error) == FF_OK);
    CHECK(ff_text_line_is_rtl(text, 0));
    ff_text_destroy(text);
    ff_text_options_set_language(options, NULL, error);
  }
  {
    /* Tail truncation on one line: the kept line ends with the ellipsis, whose glyph is in
       no cluster. */
    size_t count = 0;
    const ff_glyph *glyphs;
    ff_text_options_set_box(options, 80, INFINITY, error);
    ff_text_options_set_max_lines(options, 1, error);
    CHECK(ff_fit(fonts, "A sentence much too long for its box", -1, options, &text, error) ==
          FF_OK);
    CHECK(!ff_text_fits(text));
    CHECK(ff_text_get_failure(text, NULL, NULL) == FF_FAILURE_TOO_MANY_LINES);
    CHECK(contains(ff_text_get_line_string(text, 0), "…"));
    glyphs = ff_text_get_glyphs(text, 0, ff_text_get_run_count(text, 0) - 1, &count);
    CHECK(count > 0 && glyphs[count - 1].cluster == -1);
    ff_text_destroy(text);
  }
  {
    /* Measuring: the natural width of a one-line text; narrower when offered less. */
    double w1 = 0, h1 = 0, w2 = 0, h2 = 0;
    ff_text_options_set_max_lines(options, 0, error);
    CHECK(ff_measure(fonts, "Measure me please", -1, options, INFINITY, INFINITY, &w1, &h1,
                     error) == FF_OK);
    CHECK(ff_measure(fonts, "Measure me please", -1, options, w1 / 2, INFINITY, &w2, &h2,
                     error) == FF_OK);
    CHECK(w1 > 0 && w2 <= w1 / 2 + 1e-9 && h2 > h1);
    CHECK(ff_measure(fonts, "x", -1, options, -1, 10, &w1, &h1, error) == FF_INVALID_ARGUMENT);
  }
  ff_text_options_destroy(options);
  ff_error_destroy(error);
}

static void test_project_errors(ff_font_system *fonts) {
  ff_error *error = ff_error_create();
  ff_project *project = (ff_project *)&project;
  ff_project_options *options = ff_project_options_create();
  const char *bad_json =
      "{\"designScreen\": \"iPhone 5\",\n  \"root\": {\"type\": \"Label\", \"font\": 12}\n}";
  const char *bad_xml = "<layout designScreen=\"iPhone 5\">\n  <View id=\"root\">\n</layout>";
  /* A wrong value in JSON bytes: file, line, column and key path. */
  CHECK(ff_project_create_from_data(bad_json, strlen(bad_json), "bad.json", NULL, &project,
                                    error) == FF_FILE_ERROR);
  CHECK(project == NULL);
  CHECK(ff_error_get_status(error) == FF_FILE_ERROR);
  CHECK(strcmp(ff_error_get_file(error), "bad.json") == 0);
  CHECK(ff_error_get_line(error) == 2 && ff_error_get_column(error) > 0);
  CHECK(contains(ff_error_get_key_path(error), "root"));
  CHECK(contains(ff_error_get_message(error), "bad.json:2:"));
  /* Malformed XML bytes: where the element is not closed. */
  CHECK(ff_project_create_from_data(bad_xml, strlen(bad_xml), "bad.xml", NULL, &project,
                                    error) == FF_FILE_ERROR);
  CHECK(strcmp(ff_error_get_file(error), "bad.xml") == 0 && ff_error_get_line(error) == 3);
  CHECK(contains(ff_error_get_message(error), "<View> is not closed"));
  CHECK(strcmp(ff_error_get_key_path(error), "layout/View[root]") == 0);
  /* A missing file, an unknown screen, an unknown locale, a bad text scale. */
  CHECK(ff_project_create_from_file("/nonexistent.json", NULL, &project, error) ==
        FF_FILE_ERROR);
  CHECK(contains(ff_error_get_message(error), "/nonexistent.json"));
  ff_project_options_add_screen(options, "iPhone 99", error);
  CHECK(ff_project_create_from_file(sample, options, &project, error) == FF_PROJECT_ERROR);
  CHECK(contains(ff_error_get_message(error), "iPhone 99"));
  ff_project_options_destroy(options);
  options = ff_project_options_create();
  ff_project_options_add_locale(options, "xx", error);
  CHECK(ff_project_create_from_file(sample, options, &project, error) == FF_PROJECT_ERROR);
  ff_project_options_destroy(options);
  options = ff_project_options_create();
  CHECK(ff_project_options_set_text_scale(options, "huge", error) == FF_OK);
  CHECK(ff_project_create_from_file(sample, options, &project, error) == FF_PROJECT_ERROR);
  CHECK(contains(ff_error_get_message(error), "text scale"));
  CHECK(ff_project_options_add_catalog(options, "/nonexistent-screens.json", error) ==
        FF_FILE_ERROR);
  CHECK(ff_project_options_add_screen(options, NULL, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_options_add_locale(NULL, "en", error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_options_set_strings_directory(options, NULL, error) == FF_OK);
  ff_project_options_set_landscape(NULL, 1);
  CHECK(ff_project_create_from_data(NULL, 0, NULL, NULL, &project, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_project_create_from_data("{}", 2, NULL, NULL, NULL, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_create_from_file(NULL, NULL, &project, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_dump_json(NULL, fonts, 0, NULL, NULL, error) == FF_INVALID_ARGUMENT);
  ff_project_options_destroy(options);
  ff_error_destroy(error);
}

static void test_project(ff_font_system *fonts) {
  ff_error *error = ff_error_create();
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  ff_project_options *options = ff_project_options_create();
  const char *name = NULL;
  double width = 0, height = 0, scale = 0;
  ff_project_options_add_screen(options, "iPhone 5", error);
  ff_project_options_add_screen(options, "iPhone 6 Plus", error);
  ff_project_options_set_landscape(options, 0);
  CHECK(ff_project_create_from_file(sample, options, &project, error) == FF_OK);
  ff_project_options_destroy(options); /* The project keeps what it needs. */
  CHECK(ff_project_get_screen_count(project) == 2);
  CHECK(ff_project_get_locale_count(project) == 1 && ff_project_get_locale(project, 0) == NULL);
  CHECK(ff_project_get_screen(project, 1, &name, &width, &height, &scale, error) == FF_OK);
  CHECK(strcmp(name, "iPhone 6 Plus") == 0 && width == 414 && height == 736 && scale == 3);
  CHECK(ff_project_get_screen(project, 2, &name, NULL, NULL, NULL, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_project_layout(project, fonts, 0, 2, &screen, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_layout(project, fonts, 1, 0, &screen, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_layout(project, NULL, 0, 0, &screen, error) == FF_INVALID_ARGUMENT);
  CHECK(ff_project_layout(project, fonts, 0, 1, &screen, error) == FF_OK);
  ff_project_destroy(project); /* The screen stays valid. */
  CHECK(strcmp(ff_screen_get_name(screen), "iPhone 6 Plus") == 0);
  CHECK(ff_screen_get_locale(screen) == NULL);
  ff_screen_get_size(screen, &width, &height, &scale);
  CHECK(width == 414 && height == 736 && scale == 3);
  {
    /* The tree: widget 0 is the root View; every child's parent is the widget listing it;
       frames on the screen are the parent's plus the frame in the parent. */
    size_t count = ff_screen_get_widget_count(screen);
    int labels = 0;
    CHECK(count > 10);
    CHECK(ff_screen_get_widget_kind(screen, 0) == FF_WIDGET_VIEW);
    CHECK(strcmp(ff_screen_get_widget_id(screen, 0), "root") == 0);
    CHECK(ff_screen_get_widget_parent(screen, 0) == -1);
    CHECK(ff_screen_get_widget_text(screen, 0) == NULL);
    for (size_t widget = 0; widget < count; widget++) {
      for (size_t child = 0; child < ff_screen_get_widget_child_count(screen, widget); child++) {
        ptrdiff_t index = ff_screen_get_widget_child(screen, widget, child);
        double px, py, cx, cy, sx, sy;
        CHECK(index > 0 && ff_screen_get_widget_parent(screen, (size_t)index) == (ptrdiff_t)widget);
        ff_screen_get_widget_frame(screen, widget, FF_ON_SCREEN, &px, &py, NULL, NULL, error);
        ff_screen_get_widget_frame(screen, (size_t)index, FF_IN_PARENT, &cx, &cy, NULL, NULL,
                                   error);
        ff_screen_get_widget_frame(screen, (size_t)index, FF_ON_SCREEN, &sx, &sy, NULL, NULL,
                                   error);
        CHECK(fabs(px + cx - sx) < 1e-9 && fabs(py + cy - sy) < 1e-9);
      }
      if (ff_screen_get_widget_kind(screen, widget) == FF_WIDGET_LABEL) labels++;
    }
    CHECK(labels >= 8);
    CHECK(ff_screen_get_widget_child(screen, 0, 999) == -1);
    CHECK(ff_screen_get_widget_kind(screen, count) == FF_WIDGET_NONE);
    CHECK(ff_screen_get_widget_id(screen, count) == NULL);
    CHECK(ff_screen_get_widget_frame(screen, count, FF_IN_PARENT, NULL, NULL, NULL, NULL,
                                     error) == FF_INVALID_ARGUMENT);
    CHECK(ff_screen_get_widget_frame(screen, 0, (ff_coordinates)5, NULL, NULL, NULL, NULL,
                                     error) == FF_INVALID_ARGUMENT);
    /* Text colours: labels are black; the empty search field shows its placeholder in its
       translucent grey; a View has no text colour. */
    int fields = 0;
    for (size_t widget = 0; widget < count; widget++) {
      uint8_t r = 1, g = 1, b = 1, a = 1;
      ff_widget_kind kind = ff_screen_get_widget_kind(screen, widget);
      ff_status status = ff_screen_get_widget_text_color(screen, widget, &r, &g, &b, &a, error);
      if (kind == FF_WIDGET_VIEW) {
        CHECK(status == FF_INVALID_ARGUMENT);
      } else if (kind == FF_WIDGET_TEXT_FIELD) {
        fields++;
        CHECK(status == FF_OK && r == 0x3C && g == 0x3C && b == 0x43 && a == 0x4D);
      } else if (kind == FF_WIDGET_LABEL) {
        CHECK(status == FF_OK && r == 0 && g == 0 && b == 0 && a == 255);
      }
    }
    CHECK(fields == 1);
    CHECK(ff_screen_get_widget_text_color(screen, count, NULL, NULL, NULL, NULL, error) ==
          FF_INVALID_ARGUMENT);
    CHECK(ff_screen_get_widget_text_color(NULL, 0, NULL, NULL, NULL, NULL, error) ==
          FF_INVALID_ARGUMENT);
  }
  {
    /* The headline's text: its font pipeline grows 22pt by +3 on the 6 Plus, then fits. */
    const ff_text *text = ff_screen_get_widget_text(screen, 1);
    double design, adapted, set, frame_height, extent_height;
    const char *kind = NULL, *detail = NULL;
    double size = 0;
    CHECK(text != NULL);
    CHECK(strcmp(ff_screen_get_widget_id(screen, 1), "headline") == 0);
    ff_text_get_font_sizes(text, &design, &adapted, &set);
    CHECK(design == 22 && adapted == 25 && set <= adapted && set == ff_text_get_font_size(text));
    CHECK(ff_text_get_stage_count(text) >= 3);
    CHECK(ff_text_get_stage(text, 1, &kind, &detail, &size, error) == FF_OK);
    CHECK(strcmp(kind, "screen") == 0 && strcmp(detail, "+3 increments") == 0 && size == 25);
    CHECK(ff_text_fits(text));
    ff_screen_get_widget_frame(screen, 1, FF_IN_PARENT, NULL, NULL, NULL, &frame_height, error);
    ff_text_get_extents(text, NULL, &extent_height);
    CHECK(extent_height <= frame_height);
    CHECK(ff_text_get_line_count(text) >= 1 && ff_text_get_run_count(text, 0) >= 1);
    /* A screen's text is the screen's: destroying it does nothing. */
    ff_text_destroy((ff_text *)text);
    CHECK(ff_text_get_line_count(text) >= 1);
  }
  {
    /* Problems, as demo check lists them: the legal text overflows. */
    size_t count = ff_screen_get_problem_count(screen);
    int found = 0;
    for (size_t problem = 0; problem < count; problem++) {
      const char *widget, *kind, *message;
      CHECK(ff_screen_get_problem(screen, problem, &widget, &kind, &message, error) == FF_OK);
      if (strcmp(widget, "legal") == 0 && strcmp(kind, "overflow") == 0) found = 1;
      CHECK(strlen(message) > 0);
    }
    CHECK(found);
    CHECK(ff_screen_get_problem(screen, count, NULL, NULL, NULL, error) == FF_INVALID_ARGUMENT);
  }
  {
    char *json = NULL;
    size_t length = 0;
    CHECK(ff_screen_to_json(screen, 1, &json, &length, error) == FF_OK);
    CHECK(json != NULL && strlen(json) == length);
    CHECK(contains(json, "\"name\": \"iPhone 6 Plus\"") && contains(json, "\"glyphs\""));
    ff_free(json);
    CHECK(ff_screen_to_json(screen, 0, NULL, NULL, error) == FF_INVALID_ARGUMENT);
  }
  ff_screen_destroy(screen);
  ff_error_destroy(error);
}

static long dark_pixels_rgba(const uint8_t *pixels, int width, int height, int stride) {
  long dark = 0;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) {
      const uint8_t *p = pixels + y * stride + x * 4;
      if (p[3] == 255 && p[0] < 128 && p[1] < 128 && p[2] < 128) dark++;
    }
  return dark;
}

static void test_draw(ff_font_system *fonts) {
  ff_error *error = ff_error_create();
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  ff_project_options *options = ff_project_options_create();
  int width = 320 * 2, height = 568 * 2, stride = width * 4 + 16;
  uint8_t *rgba = malloc((size_t)stride * height);
  uint32_t *argb = malloc((size_t)width * height * 4);
  ff_project_options_add_screen(options, "iPhone 5", error);
  CHECK(ff_project_create_from_file(sample, options, &project, error) == FF_OK);
  CHECK(ff_project_layout(project, fonts, 0, 0, &screen, error) == FF_OK);
  /* RGBA over white: text makes dark pixels; the inspection frames are not drawn unless
     asked, so drawing with them changes pixels. */
  memset(rgba, 255, (size_t)stride * height);
  CHECK(ff_screen_draw(screen, 0, rgba, width, height, stride, FF_FORMAT_RGBA8, 0,
                       FF_DRAW_DEFAULT, error) == FF_OK);
  {
    long dark = dark_pixels_rgba(rgba, width, height, stride);
    uint8_t *framed = malloc((size_t)stride * height);
    CHECK(dark > 5000);
    memset(framed, 255, (size_t)stride * height);
    CHECK(ff_screen_draw(screen, 0, framed, width, height, stride, FF_FORMAT_RGBA8, 0,
                         FF_DRAW_FRAMES, error) == FF_OK);
    CHECK(memcmp(framed, rgba, (size_t)stride * height) != 0);
    free(framed);
    /* ARGB32 premultiplied over opaque white: the same pixels, as 0xAARRGGBB words. */
    for (int i = 0; i < width * height; i++) argb[i] = 0xFFFFFFFFu;
    CHECK(ff_screen_draw(screen, 0, (uint8_t *)argb, width, height, width * 4,
                         FF_FORMAT_ARGB32_PREMULTIPLIED, 0, FF_DRAW_DEFAULT, error) == FF_OK);
    {
      long same = 0, total = 0;
      for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
          const uint8_t *p = rgba + y * stride + x * 4;
          uint32_t word = argb[y * width + x];
          int r = (word >> 16) & 255, g = (word >> 8) & 255, b = word & 255;
          total++;
          if (abs(r - p[0]) <= 1 && abs(g - p[1]) <= 1 && abs(b - p[2]) <= 1 &&
              (word >> 24) == 255)
            same++;
        }
      CHECK(same == total);
    }
  }
  /* A widget alone, at its own corner, into a transparent buffer. */
  {
    int w = 280 * 2, h = 50 * 2;
    uint8_t *widget = calloc((size_t)w * h, 4);
    long ink = 0;
    CHECK(ff_screen_draw(screen, 1, widget, w, h, w * 4, FF_FORMAT_RGBA8, 0, 0, error) ==
          FF_OK);
    for (int i = 0; i < w * h; i++) ink += widget[i * 4 + 3] > 0;
    CHECK(ink > 500);
    free(widget);
  }
  /* Bad buffers are errors. */
  CHECK(ff_screen_draw(screen, 0, NULL, width, height, stride, FF_FORMAT_RGBA8, 0, 0, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(screen, 0, rgba, width, height, width * 2, FF_FORMAT_RGBA8, 0, 0,
                       error) == FF_INVALID_ARGUMENT);
  CHECK(contains(ff_error_get_message(error), "stride"));
  CHECK(ff_screen_draw(screen, 0, rgba, -1, height, stride, FF_FORMAT_RGBA8, 0, 0, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(screen, 999, rgba, width, height, stride, FF_FORMAT_RGBA8, 0, 0,
                       error) == FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(screen, 0, rgba, width, height, stride, (ff_pixel_format)3, 0, 0,
                       error) == FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(screen, 0, rgba, width, height, stride, FF_FORMAT_RGBA8, NAN, 0,
                       error) == FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(screen, 0, rgba, width, height, stride, FF_FORMAT_RGBA8, 0, 8, error) ==
        FF_INVALID_ARGUMENT);
  CHECK(ff_screen_draw(NULL, 0, rgba, width, height, stride, FF_FORMAT_RGBA8, 0, 0, error) ==
        FF_INVALID_ARGUMENT);
  /* A buffer of no pixels is drawn, as nothing. */
  CHECK(ff_screen_draw(screen, 0, rgba, 0, 0, 0, FF_FORMAT_RGBA8, 0, 0, error) == FF_OK);
  free(rgba);
  free(argb);
  ff_screen_destroy(screen);
  ff_project_destroy(project);
  ff_project_options_destroy(options);
  ff_error_destroy(error);
}

/* One font system shared by threads fitting at once gives each the same answers as one
   thread alone. */
struct worker {
  ff_font_system *fonts;
  double sizes[8];
  int ok;
};

static void *fit_many(void *argument) {
  struct worker *worker = argument;
  ff_text_options *options = ff_text_options_create();
  worker->ok = 1;
  ff_text_options_set_fit(options, FF_FIT_GRID, 8, 30, 0.5, NULL);
  for (int i = 0; i < 8; i++) {
    ff_text *text = NULL;
    ff_text_options_set_box(options, 60 + 30 * i, 40, NULL);
    if (ff_fit(worker->fonts, "Threads share one font system", -1, options, &text, NULL) !=
        FF_OK)
      worker->ok = 0;
    worker->sizes[i] = ff_text_get_font_size(text);
    ff_text_destroy(text);
  }
  ff_text_options_destroy(options);
  return NULL;
}

static void test_threads(ff_font_system *fonts) {
  struct worker workers[4];
  pthread_t threads[4];
  struct worker alone = {fonts, {0}, 0};
  fit_many(&alone);
  for (int i = 0; i < 4; i++) {
    workers[i].fonts = fonts;
    pthread_create(&threads[i], NULL, fit_many, &workers[i]);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(threads[i], NULL);
    CHECK(workers[i].ok);
    CHECK(memcmp(workers[i].sizes, alone.sizes, sizeof alone.sizes) == 0);
  }
}

static int print_sizes(ff_font_system *fonts, const char *screen_name) {
  ff_error *error = ff_error_create();
  ff_project_options *options = ff_project_options_create();
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  ff_project_options_add_screen(options, screen_name, error);
  if (ff_project_create_from_file(sample, options, &project, error) != FF_OK ||
      ff_project_layout(project, fonts, 0, 0, &screen, error) != FF_OK) {
    fprintf(stderr, "%s\n", ff_error_get_message(error));
    return 1;
  }
  for (size_t widget = 0; widget < ff_screen_get_widget_count(screen); widget++) {
    const ff_text *text = ff_screen_get_widget_text(screen, widget);
    if (text == NULL) continue;
    printf("%s %.3f %s %zu\n", ff_screen_get_widget_id(screen, widget),
           ff_text_get_font_size(text), ff_text_fits(text) ? "true" : "false",
           ff_text_get_line_count(text));
  }
  ff_screen_destroy(screen);
  ff_project_destroy(project);
  ff_project_options_destroy(options);
  ff_error_destroy(error);
  return 0;
}

int main(int argc, char **argv) {
  ff_font_system *fonts;
  if (argc < 2) {
    fprintf(stderr, "usage: test_fontfit REPOSITORY [sizes SCREEN | dump]\n");
    return 2;
  }
  snprintf(repository, sizeof repository, "%s", argv[1]);
  snprintf(sample, sizeof sample, "%s/Demo/Resources/sample.json", repository);
  fonts = system_fonts();
  if (argc == 4 && strcmp(argv[2], "sizes") == 0) {
    int status = print_sizes(fonts, argv[3]);
    ff_font_system_destroy(fonts);
    return status;
  }
  if (argc == 3 && strcmp(argv[2], "dump") == 0) {
    ff_project *project = NULL;
    char *json = NULL;
    ff_error *error = ff_error_create();
    if (ff_project_create_from_file(sample, NULL, &project, error) != FF_OK ||
        ff_project_dump_json(project, fonts, 1, &json, NULL, error) != FF_OK) {
      fprintf(stderr, "%s\n", ff_error_get_message(error));
      return 1;
    }
    fputs(json, stdout);
    ff_free(json);
    ff_project_destroy(project);
    ff_error_destroy(error);
    ff_font_system_destroy(fonts);
    return 0;
  }
  test_version();
  test_errors_and_null_safety();
  test_font_system();
  test_options_validation();
  test_fit(fonts);
  test_fit_markup(fonts);
  test_project_errors(fonts);
  test_project(fonts);
  test_draw(fonts);
  test_threads(fonts);
  ff_font_system_destroy(fonts);
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
