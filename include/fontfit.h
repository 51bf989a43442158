/*
 * fontfit.h — FontFit's C API: text that fits every screen, for any Linux app.
 *
 * FontFit fits text to boxes (shrinking or growing it through a grid of sizes, wrapping at
 * Unicode line breaks, falling back to fonts that cover the text, truncating with an
 * ellipsis) and lays out description files of widgets on simulated screens, adapting fonts to
 * each screen. Fontconfig resolves font names, FreeType measures, HarfBuzz shapes; sizes are
 * points at 72 dpi with unhinted advances and line heights from ascent and descent, as Pango
 * lays text out, so text FontFit says fits also fits when a GTK app draws it.
 *
 * Conventions, HarfBuzz's:
 *   - Objects are opaque handles made by `ff_*_create` (or returned through an out-parameter)
 *     and freed by `ff_*_destroy`, which accepts NULL. Handles never depend on each other's
 *     lifetime: a text or screen keeps what it needs, so the font system or project it came
 *     from may be destroyed first.
 *   - Strings are UTF-8. A string returned as `const char *` belongs to the handle it was read
 *     from and lives as long as it; a string returned as `char *` is the caller's, freed with
 *     ff_free().
 *   - Every call that can fail returns an ff_status and, when `error` is not NULL, fills it
 *     with the kind, a message and, for input files, where (file, line, column, key path).
 *     On failure out-parameters are left as they were, except handle out-parameters, which
 *     are set to NULL. No Swift error, trap or C++ exception ever crosses this API; a NULL,
 *     destroyed or out-of-range argument is FF_INVALID_ARGUMENT, not a crash.
 *   - Accessors that cannot fail return a value; given a NULL or destroyed handle or an
 *     index out of range they return 0, NULL or an empty result.
 *   - Structures are frozen: their layout never changes (a new field would come in a new
 *     structure). Options are handles with setters, so they can grow.
 *
 * Threads: an ff_font_system may be shared by any number of threads. ff_project, ff_text and
 * ff_screen are immutable once made: any number of threads may read, lay out from or draw
 * them at once. ff_text_options, ff_project_options and ff_error are mutable: set each from
 * one thread at a time. ff_fit() and ff_measure() only read their options, so threads may
 * fit with the same options at once while no thread sets them.
 *
 * Build: `pkg-config --cflags --libs fontfit`. C99 or later, and C++.
 */
#ifndef FONTFIT_H
#define FONTFIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------------------ */

/** The major version of this header: a change that breaks the ABI raises it. */
#define FF_VERSION_MAJOR 0
/** The minor version of this header: new entry points raise it. */
#define FF_VERSION_MINOR 1
/** The micro version of this header: fixes raise it. */
#define FF_VERSION_MICRO 0
/** The version of this header as a string, "MAJOR.MINOR.MICRO". */
#define FF_VERSION_STRING "0.1.0"
/** Whether this header is at least version major.minor.micro. */
#define FF_VERSION_ATLEAST(major, minor, micro)                                       \
  ((major) < FF_VERSION_MAJOR ||                                                      \
   ((major) == FF_VERSION_MAJOR && ((minor) < FF_VERSION_MINOR ||                     \
                                    ((minor) == FF_VERSION_MINOR && (micro) <= FF_VERSION_MICRO))))

/** The version of the library loaded at run time, "MAJOR.MINOR.MICRO"; a static string. */
const char *ff_version(void);

/** The version of the library loaded at run time, as numbers; NULL pointers are skipped. */
void ff_version_numbers(unsigned int *major, unsigned int *minor, unsigned int *micro);

/* ---- Status and errors -------------------------------------------------------------- */

/** What a call returns: FF_OK, or what kind of thing went wrong. */
typedef enum ff_status {
  /** The call succeeded. */
  FF_OK = 0,
  /** An argument is NULL, destroyed, out of range or not a valid value. */
  FF_INVALID_ARGUMENT = 1,
  /** An input file (layout, strings table, screen catalog) is wrong; the error says where. */
  FF_FILE_ERROR = 2,
  /** A font cannot be found, opened or measured, or a font directory cannot be used. */
  FF_FONT_ERROR = 3,
  /** A text cannot be laid out: its options make no layout, or line breaking failed. */
  FF_LAYOUT_ERROR = 4,
  /** A project's options ask for what it does not have (a locale, a screen, a text scale). */
  FF_PROJECT_ERROR = 5,
  /** A picture cannot be drawn: the buffer is too small, or a glyph cannot be rasterised. */
  FF_RENDER_ERROR = 6
} ff_status;

/** An error: what failed, a message, and where in an input file. */
typedef struct ff_error ff_error;

/** A new, empty error (status FF_OK); NULL only when memory is exhausted. */
ff_error *ff_error_create(void);

/** Frees `error`; NULL is ignored. */
void ff_error_destroy(ff_error *error);

/** The status of the last failure recorded in `error`; FF_OK when none (or `error` is NULL). */
ff_status ff_error_get_status(const ff_error *error);

/**
 * A sentence saying what went wrong and where, as the demo CLI prints it
 * ("layout.json:4:15: font: expected a number"); "" when nothing failed. Owned by `error`,
 * valid until it records another failure or is destroyed.
 */
const char *ff_error_get_message(const ff_error *error);

/** The input file the failure is in, or NULL when it is in no file. Owned by `error`. */
const char *ff_error_get_file(const ff_error *error);

/** The 1-based line of the failure in ff_error_get_file(); 0 when not known. */
unsigned int ff_error_get_line(const ff_error *error);

/** The 1-based column (in characters) of the failure; 0 when not known. */
unsigned int ff_error_get_column(const ff_error *error);

/**
 * The key path of the failure in the file ("root.children[2].font", or an element path in XML
 * such as "layout/View[root]/Label[title]@font"); NULL when none. Owned by `error`.
 */
const char *ff_error_get_key_path(const ff_error *error);

/** Frees a `char *` this library returned; NULL is ignored. */
void ff_free(void *memory);

/* ---- Font system -------------------------------------------------------------------- */

/** The fonts text is resolved, measured and drawn with; thread-safe. */
typedef struct ff_font_system ff_font_system;

/**
 * A font system over the system's fonts and, when `directory_count` is not 0, the font
 * files in `directories` (searched recursively).
 *
 * @param directories  `directory_count` paths; may be NULL when the count is 0.
 * @param include_system_fonts  Non-zero to use the fonts Fontconfig's configuration lists
 *   too; 0 for only `directories` (an app that ships its fonts, or a test).
 * @param system  Receives the new font system, the caller's, freed with
 *   ff_font_system_destroy().
 * @return FF_FONT_ERROR when a directory is missing or holds no font, or when no font at all
 *   can be opened.
 */
ff_status ff_font_system_create(const char *const *directories, size_t directory_count,
                                int include_system_fonts, ff_font_system **system,
                                ff_error *error);

/** Frees `system`; NULL is ignored. Texts and screens made with it stay valid. */
void ff_font_system_destroy(ff_font_system *system);

/* ---- Fitting one text --------------------------------------------------------------- */

/** How a text is set in its box: a font, a size or the sizes it may choose, and the box. */
typedef struct ff_text_options ff_text_options;

/** How an auto-fit chooses a size from its grid. */
typedef enum ff_fit_mode {
  /** No fit: the text is set at its font size. */
  FF_FIT_NONE = 0,
  /** The largest size of the grid at which the text fits. */
  FF_FIT_GRID = 1,
  /** The largest size at which the text fits exactly, between the grid's sizes. */
  FF_FIT_EXACT = 2
} ff_fit_mode;

/** How lines are aligned across the box. */
typedef enum ff_alignment {
  /** Left for left-to-right paragraphs, right for right-to-left ones. */
  FF_ALIGN_NATURAL = 0,
  /** Flush left. */
  FF_ALIGN_LEFT = 1,
  /** Centred. */
  FF_ALIGN_CENTER = 2,
  /** Flush right. */
  FF_ALIGN_RIGHT = 3,
  /** Both edges, but the last line of a paragraph, which is natural. */
  FF_ALIGN_JUSTIFIED = 4
} ff_alignment;

/** Where lines may wrap. */
typedef enum ff_wrapping {
  /** At Unicode line break opportunities (UAX #14); a word wider than the box breaks. */
  FF_WRAP_WORDS = 0,
  /** Between any two characters (grapheme clusters). */
  FF_WRAP_ANYWHERE = 1
} ff_wrapping;

/** How text past the last line that fits is marked. */
typedef enum ff_truncation {
  /** The last line ends with an ellipsis where text was cut. */
  FF_TRUNCATE_TAIL = 0,
  /** Not cut: the lines overflow the box. */
  FF_TRUNCATE_NONE = 1,
  /** Cut with no mark. */
  FF_TRUNCATE_CLIP = 2,
  /** A single line begins with an ellipsis: its start was cut. */
  FF_TRUNCATE_HEAD = 3,
  /** A single line has an ellipsis in its middle. */
  FF_TRUNCATE_MIDDLE = 4
} ff_truncation;

/** The paragraph direction. */
typedef enum ff_direction {
  /** From the first strong character (UAX #9). */
  FF_DIRECTION_NATURAL = 0,
  /** Left to right. */
  FF_DIRECTION_LTR = 1,
  /** Right to left. */
  FF_DIRECTION_RTL = 2
} ff_direction;

/**
 * New options: DejaVu Sans (fontconfig's "sans-serif" when missing) at 17 points, an
 * unbounded box, no line limit, no fit, natural alignment, words wrapped, tail truncation
 * with "…". NULL only when memory is exhausted. Freed with ff_text_options_destroy().
 */
ff_text_options *ff_text_options_create(void);

/** Frees `options`; NULL is ignored. */
void ff_text_options_destroy(ff_text_options *options);

/**
 * Sets the font from a name in Pango's syntax ("DejaVu Sans Bold 17", "Serif Italic 12") or
 * Fontconfig's ("DejaVu Sans:bold:size=17"). A size in the name sets the font size; a name
 * without one keeps it.
 *
 * @return FF_INVALID_ARGUMENT when the name cannot be read; the message says why.
 */
ff_status ff_text_options_set_font(ff_text_options *options, const char *name, ff_error *error);

/** Sets the font size in points (positive, finite): the size with no fit, the largest with one. */
ff_status ff_text_options_set_font_size(ff_text_options *options, double points, ff_error *error);

/** Sets the box in points; INFINITY on a side for no limit. Sides must not be negative or NaN. */
ff_status ff_text_options_set_box(ff_text_options *options, double width, double height,
                                  ff_error *error);

/** Sets the most lines; 0 for no limit but the box's height. */
ff_status ff_text_options_set_max_lines(ff_text_options *options, unsigned int lines,
                                        ff_error *error);

/**
 * Sets the auto-fit: a grid from `minimum` to `maximum` points by `step` (so 10, 10.5, … 17),
 * searched largest first, and how a size is chosen. `maximum` 0 means the font size; a font
 * size below `minimum` is then the grid's only size. With FF_FIT_NONE the other arguments are
 * ignored and the text is set at its font size.
 *
 * @return FF_INVALID_ARGUMENT when the grid is empty (`minimum` above a nonzero `maximum`), a
 *   size is not positive and finite, or the step is not positive.
 */
ff_status ff_text_options_set_fit(ff_text_options *options, ff_fit_mode mode, double minimum,
                                  double maximum, double step, ff_error *error);

/** Sets whether a fit keeps every word whole (prefers a smaller size to breaking a word). */
void ff_text_options_set_keep_words_whole(ff_text_options *options, int keep);

/** Sets how lines are aligned. */
ff_status ff_text_options_set_alignment(ff_text_options *options, ff_alignment alignment,
                                        ff_error *error);

/** Sets where lines may wrap. */
ff_status ff_text_options_set_wrapping(ff_text_options *options, ff_wrapping wrapping,
                                       ff_error *error);

/** Sets how cut text is marked, and with what ("…" when `token` is NULL). */
ff_status ff_text_options_set_truncation(ff_text_options *options, ff_truncation truncation,
                                         const char *token, ff_error *error);

/**
 * Sets the text's language as a BCP 47 tag ("zh-Hans", "ar"), which picks fallback fonts and
 * line breaking rules; NULL for none in particular.
 */
ff_status ff_text_options_set_language(ff_text_options *options, const char *tag,
                                       ff_error *error);

/** Sets the paragraph direction. */
ff_status ff_text_options_set_direction(ff_text_options *options, ff_direction direction,
                                        ff_error *error);

/** Sets a factor on every line's height (1 by default; positive and finite). */
ff_status ff_text_options_set_line_height(ff_text_options *options, double multiple,
                                          ff_error *error);

/** A text laid out in its box: the chosen size, whether it fits, the lines and their glyphs. */
typedef struct ff_text ff_text;

/**
 * Fits `text` (`length` bytes of UTF-8, or -1 for a NUL-terminated string) to the box of
 * `options`.
 *
 * A text that does not fit is not an error: the result says so (ff_text_fits()) and why
 * (ff_text_get_failure()), and holds the lines that were kept.
 *
 * @param text  Receives the result, the caller's, freed with ff_text_destroy().
 * @return FF_INVALID_ARGUMENT for a NULL argument or bytes that are not UTF-8 (the message
 *   gives the offset); FF_FONT_ERROR when the font cannot be opened; FF_LAYOUT_ERROR when
 *   the options make no layout.
 */
ff_status ff_fit(ff_font_system *fonts, const char *utf8, ptrdiff_t length,
                 const ff_text_options *options, ff_text **text, ff_error *error);

/**
 * Fits `markup` (`length` bytes of UTF-8 Pango markup, or -1 for a NUL-terminated string), as
 * ff_fit() fits a plain text: `<b>`, `<i>`, `<small>`, `<span weight="bold" size="120%"
 * foreground="#c00">`… Every span is sized relative to the options' font size (an absolute
 * size such as `size="14pt"` counts at that size), so the fit scales them all by one factor.
 * ff_text_get_string() gives the plain text; runs and glyphs are the spans' faces and sizes.
 *
 * @return As ff_fit(); FF_INVALID_ARGUMENT for malformed markup, with the line and column of
 *   the fault inside the markup (ff_error_get_line(), ff_error_get_column()) and a message
 *   giving its byte offset and what was expected there.
 */
ff_status ff_fit_markup(ff_font_system *fonts, const char *markup, ptrdiff_t length,
                        const ff_text_options *options, ff_text **text, ff_error *error);

/**
 * The size `text` takes at the options' font size when offered `width` × `height` points
 * (INFINITY for no limit on a side), without fitting: what a parent asks a child before it
 * places it.
 */
ff_status ff_measure(ff_font_system *fonts, const char *utf8, ptrdiff_t length,
                     const ff_text_options *options, double width, double height,
                     double *measured_width, double *measured_height, ff_error *error);

/** Frees `text`; NULL is ignored. Texts owned by a screen cannot be freed (nothing happens). */
void ff_text_destroy(ff_text *text);

/** Why a text does not fit. */
typedef enum ff_failure {
  /** It fits. */
  FF_FAILURE_NONE = 0,
  /** More lines than the line limit; the numbers are line counts. */
  FF_FAILURE_TOO_MANY_LINES = 1,
  /** Taller than the box; the numbers are points. */
  FF_FAILURE_TOO_TALL = 2,
  /** A single character wider than the box; the numbers are points. */
  FF_FAILURE_TOO_WIDE = 3,
  /** The hard line breaks alone make more lines than the limit; line counts. */
  FF_FAILURE_TOO_MANY_LINE_BREAKS = 4
} ff_failure;

/** The text that was laid out (a widget's displayed text). Owned by `text`. */
const char *ff_text_get_string(const ff_text *text);

/** The size the text is set at, in points (the fit's choice, when it was fitted). */
double ff_text_get_font_size(const ff_text *text);

/** Non-zero when the text fits its box at ff_text_get_font_size(). */
int ff_text_fits(const ff_text *text);

/**
 * Why the text does not fit, with what it needs and what the box allows (lines or points,
 * as the kind says); FF_FAILURE_NONE when it fits. NULL pointers are skipped.
 */
ff_failure ff_text_get_failure(const ff_text *text, double *needed, double *available);

/** The size of the block of lines, in points; NULL pointers are skipped. */
void ff_text_get_extents(const ff_text *text, double *width, double *height);

/**
 * The face the font resolved to: family and style ("DejaVu Sans", "Bold"), its file and the
 * face's index in it. Strings are owned by `text`; NULL pointers are skipped.
 */
void ff_text_get_face(const ff_text *text, const char **family, const char **style,
                      const char **file, unsigned int *face_index);

/** The number of lines. */
size_t ff_text_get_line_count(const ff_text *text);

/** Line `line`'s text, as shown (with its ellipsis when cut); NULL out of range. */
const char *ff_text_get_line_string(const ff_text *text, size_t line);

/**
 * Where line `line` sits, in points from the top-left corner of the box (for ff_fit()) or of
 * the widget (for a widget's text): the left edge of its ink, the top of its line box, its
 * width and height, and its baseline. NULL pointers are skipped.
 *
 * @return FF_INVALID_ARGUMENT when `line` is out of range.
 */
ff_status ff_text_get_line_extents(const ff_text *text, size_t line, double *x, double *y,
                                   double *width, double *height, double *baseline,
                                   ff_error *error);

/** Non-zero when line `line` runs right to left. */
int ff_text_line_is_rtl(const ff_text *text, size_t line);

/** The number of glyph runs of line `line` (runs of one face, in visual order). */
size_t ff_text_get_run_count(const ff_text *text, size_t line);

/**
 * Run `run` of line `line`: the font file to draw it with and the face's index in the file
 * (a cairo-ft or FreeType face), and the size in points. `file` is owned by `text`, "" when
 * the glyphs come from no file; NULL pointers are skipped.
 *
 * @return FF_INVALID_ARGUMENT when `line` or `run` is out of range.
 */
ff_status ff_text_get_run(const ff_text *text, size_t line, size_t run, const char **file,
                          unsigned int *face_index, double *size, ff_error *error);

/** One glyph of a run, placed. Frozen layout. */
typedef struct ff_glyph {
  /** The glyph index in the run's face. */
  uint32_t id;
  /** The byte offset in ff_text_get_string() of the cluster it draws; -1 for the ellipsis's. */
  int32_t cluster;
  /** The glyph's origin, on the baseline: points from the box's (or widget's) left edge. */
  double x;
  /** The glyph's origin: points from the box's (or widget's) top edge. */
  double y;
  /** How far the pen moves after the glyph, in points. */
  double advance;
} ff_glyph;

/**
 * The glyphs of run `run` of line `line`, left to right, and their number in `count`;
 * NULL (and 0) out of range. Owned by `text`.
 */
const ff_glyph *ff_text_get_glyphs(const ff_text *text, size_t line, size_t run, size_t *count);

/* ---- Projects ----------------------------------------------------------------------- */

/** What a project is made of besides its layout file. */
typedef struct ff_project_options ff_project_options;

/**
 * New options: the bundled screen catalog, strings tables from a directory `strings` next to
 * the layout file (when it has tables), the default locale, the text scale the layout gives,
 * every screen, portrait. Freed with ff_project_options_destroy().
 */
ff_project_options *ff_project_options_create(void);

/** Frees `options`; NULL is ignored. */
void ff_project_options_destroy(ff_project_options *options);

/**
 * Adds the screens of a catalog file (JSON, as `demo --screens FILE` reads) to the catalog.
 *
 * @return FF_FILE_ERROR, with where, when the file cannot be read or is wrong.
 */
ff_status ff_project_options_add_catalog(ff_project_options *options, const char *path,
                                         ff_error *error);

/** Sets the directory of strings tables (LOCALE.json files); NULL for the default. */
ff_status ff_project_options_set_strings_directory(ff_project_options *options,
                                                   const char *directory, ff_error *error);

/** Adds a locale to lay out: a table's name, "all" for every table, "pseudo" for pseudo-text. */
ff_status ff_project_options_add_locale(ff_project_options *options, const char *locale,
                                        ff_error *error);

/** Sets a text scale ("1.3", "AX3") replacing the layout's; NULL to keep the layout's. */
ff_status ff_project_options_set_text_scale(ff_project_options *options, const char *scale,
                                            ff_error *error);

/** Adds a screen to lay out on, by its catalog name; "all" for every screen. */
ff_status ff_project_options_add_screen(ff_project_options *options, const char *screen,
                                        ff_error *error);

/** Sets whether every screen is turned on its side. */
void ff_project_options_set_landscape(ff_project_options *options, int landscape);

/** A layout file in every locale asked for, and the screens to lay it out on; immutable. */
typedef struct ff_project ff_project;

/**
 * Loads the description file at `path` (JSON, or XML when its name ends in .xml) with
 * `options` (NULL for the defaults), and checks everything it refers to.
 *
 * @param project  Receives the project, the caller's, freed with ff_project_destroy().
 * @return FF_FILE_ERROR with the file, line, column and key path of what is wrong;
 *   FF_PROJECT_ERROR for a locale, screen or text scale the project does not have.
 */
ff_status ff_project_create_from_file(const char *path, const ff_project_options *options,
                                      ff_project **project, ff_error *error);

/**
 * Loads a description from `length` bytes at `data` (UTF-8 JSON, or XML when the first
 * character other than white space is '<'), naming it `name` in errors (NULL for
 * "<layout>"); strings tables are looked for next to `name`.
 */
ff_status ff_project_create_from_data(const char *data, size_t length, const char *name,
                                      const ff_project_options *options, ff_project **project,
                                      ff_error *error);

/** Frees `project`; NULL is ignored. Screens laid out from it stay valid. */
void ff_project_destroy(ff_project *project);

/** The number of screens the project lays out on. */
size_t ff_project_get_screen_count(const ff_project *project);

/**
 * Screen `screen`'s catalog name and its size in points and pixels per point; NULL pointers
 * are skipped. The name is owned by `project`.
 *
 * @return FF_INVALID_ARGUMENT when `screen` is out of range.
 */
ff_status ff_project_get_screen(const ff_project *project, size_t screen, const char **name,
                                double *width, double *height, double *scale, ff_error *error);

/** The number of locales the project lays out in; at least 1. */
size_t ff_project_get_locale_count(const ff_project *project);

/** Locale `locale`'s name; NULL for the one locale of a project that was asked for none. */
const char *ff_project_get_locale(const ff_project *project, size_t locale);

/**
 * The JSON dump of every screen in every locale, as `demo dump --format json [--glyphs]`
 * writes it, laid out on all cores.
 *
 * @param json  Receives the NUL-terminated dump, the caller's, freed with ff_free().
 * @param length  Receives its length in bytes without the NUL; may be NULL.
 */
ff_status ff_project_dump_json(const ff_project *project, ff_font_system *fonts,
                               int include_glyphs, char **json, size_t *length,
                               ff_error *error);

/** One screen's widget tree, laid out: widgets to walk, texts to read, problems, pixels. */
typedef struct ff_screen ff_screen;

/**
 * Lays out the project's layout in locale `locale` on screen `screen` (indices as the
 * getters above count them) with `fonts`.
 *
 * A widget whose text cannot be laid out is not an error: its text says so
 * (ff_text_get_error()) and ff_screen_get_problem() lists it.
 *
 * @param result  Receives the screen, the caller's, freed with ff_screen_destroy().
 */
ff_status ff_project_layout(const ff_project *project, ff_font_system *fonts, size_t locale,
                            size_t screen, ff_screen **result, ff_error *error);

/** Frees `screen` and the texts it owns; NULL is ignored. */
void ff_screen_destroy(ff_screen *screen);

/** The screen's catalog name. Owned by `screen`. */
const char *ff_screen_get_name(const ff_screen *screen);

/** The locale's name, or NULL when none was asked for. Owned by `screen`. */
const char *ff_screen_get_locale(const ff_screen *screen);

/** The screen's size in points and its pixels per point; NULL pointers are skipped. */
void ff_screen_get_size(const ff_screen *screen, double *width, double *height, double *scale);

/** What a widget is. */
typedef enum ff_widget_kind {
  /** Not a widget (an index out of range). */
  FF_WIDGET_NONE = 0,
  /** A container. */
  FF_WIDGET_VIEW = 1,
  /** A label. */
  FF_WIDGET_LABEL = 2,
  /** A button. */
  FF_WIDGET_BUTTON = 3,
  /** A one-line text field. */
  FF_WIDGET_TEXT_FIELD = 4,
  /** A scrolling text view. */
  FF_WIDGET_TEXT_VIEW = 5,
  /** A stack: a row or a column that sizes and places its children. */
  FF_WIDGET_STACK = 6,
  /** Empty space that grows in a stack. */
  FF_WIDGET_SPACER = 7,
  /** A stack whose content scrolls along its axis. */
  FF_WIDGET_SCROLL_VIEW = 8
} ff_widget_kind;

/**
 * The number of widgets. Widgets are numbered in document order (a parent before its
 * children, children back to front); widget 0 is the root.
 */
size_t ff_screen_get_widget_count(const ff_screen *screen);

/** Widget `widget`'s kind; FF_WIDGET_NONE out of range. */
ff_widget_kind ff_screen_get_widget_kind(const ff_screen *screen, size_t widget);

/** Widget `widget`'s id ("" when it has none); NULL out of range. Owned by `screen`. */
const char *ff_screen_get_widget_id(const ff_screen *screen, size_t widget);

/** Widget `widget`'s parent's number; -1 for the root or out of range. */
ptrdiff_t ff_screen_get_widget_parent(const ff_screen *screen, size_t widget);

/** The number of widget `widget`'s children. */
size_t ff_screen_get_widget_child_count(const ff_screen *screen, size_t widget);

/** The number of child `child` of widget `widget`; -1 out of range. */
ptrdiff_t ff_screen_get_widget_child(const ff_screen *screen, size_t widget, size_t child);

/** Which corner a frame is measured from. */
typedef enum ff_coordinates {
  /** From the parent's top-left corner, as the dumps give frames. */
  FF_IN_PARENT = 0,
  /** From the screen's top-left corner. */
  FF_ON_SCREEN = 1
} ff_coordinates;

/**
 * Widget `widget`'s frame on this screen, in the screen's points; NULL pointers are skipped.
 *
 * @return FF_INVALID_ARGUMENT when `widget` is out of range.
 */
ff_status ff_screen_get_widget_frame(const ff_screen *screen, size_t widget,
                                     ff_coordinates coordinates, double *x, double *y,
                                     double *width, double *height, ff_error *error);

/**
 * Widget `widget`'s text, laid out (lines relative to the widget's top-left corner); NULL for
 * a widget with no text (a View) or out of range. Owned by `screen`: do not destroy it.
 */
const ff_text *ff_screen_get_widget_text(const ff_screen *screen, size_t widget);

/**
 * The colour widget `widget`'s text is drawn in, 0-255 per channel with straight (not
 * premultiplied) alpha: its text colour, or a text field's placeholder colour while it shows
 * its placeholder. NULL pointers are skipped.
 *
 * @return FF_INVALID_ARGUMENT when `widget` is out of range or has no text (a View, a Stack).
 */
ff_status ff_screen_get_widget_text_color(const ff_screen *screen, size_t widget,
                                          uint8_t *red, uint8_t *green, uint8_t *blue,
                                          uint8_t *alpha, ff_error *error);

/**
 * How a widget's font size came about: the design size, the size adapted to the screen, and
 * the size set (after text scale and fit). For a text from ff_fit() all three are its sizes
 * before and after the fit. NULL pointers are skipped.
 */
void ff_text_get_font_sizes(const ff_text *text, double *design, double *adapted, double *set);

/** The number of steps of a widget text's size pipeline (adaptation, scale, cap, fit, group). */
size_t ff_text_get_stage_count(const ff_text *text);

/**
 * Step `stage` of the pipeline: its kind ("design", "screen", "textScale" or "fit"), what it
 * did as the dump writes it ("+3 increments", "×1.647 AX1", "shrink", "group tabs") and the
 * size after it, in points. Strings are owned by `text`; NULL pointers are skipped.
 *
 * @return FF_INVALID_ARGUMENT when `stage` is out of range.
 */
ff_status ff_text_get_stage(const ff_text *text, size_t stage, const char **kind,
                            const char **detail, double *size, ff_error *error);

/** Why a widget's text could not be laid out at all; NULL when it was. Owned by `text`. */
const char *ff_text_get_error(const ff_text *text);

/** The number of problems `demo check` reports for this screen. */
size_t ff_screen_get_problem_count(const ff_screen *screen);

/**
 * Problem `problem`: the widget (its id, or its kind and place), the kind ("overflow",
 * "truncated", "overlap", …) and the message, all owned by `screen`; NULL pointers are
 * skipped.
 *
 * @return FF_INVALID_ARGUMENT when `problem` is out of range.
 */
ff_status ff_screen_get_problem(const ff_screen *screen, size_t problem, const char **widget,
                                const char **kind, const char **message, ff_error *error);

/**
 * This screen's JSON dump, as one element of `demo dump --format json`'s "screens".
 *
 * @param json  Receives the NUL-terminated JSON, the caller's, freed with ff_free().
 */
ff_status ff_screen_to_json(const ff_screen *screen, int include_glyphs, char **json,
                            size_t *length, ff_error *error);

/** The layout of pixels in a buffer the app owns. */
typedef enum ff_pixel_format {
  /** Bytes red, green, blue, alpha; straight (not premultiplied) alpha. */
  FF_FORMAT_RGBA8 = 0,
  /**
   * cairo's CAIRO_FORMAT_ARGB32: 32-bit native-endian words 0xAARRGGBB, premultiplied alpha
   * (the data of a cairo image surface, or a GdkPixbuf-free GTK drawing area's surface).
   */
  FF_FORMAT_ARGB32_PREMULTIPLIED = 1
} ff_pixel_format;

/** Drawing flags. */
typedef enum ff_draw_flags {
  /** Widgets' backgrounds and text only. */
  FF_DRAW_DEFAULT = 0,
  /** Also each widget's frame, and in red the frames of widgets with a problem, as `demo render` draws. */
  FF_DRAW_FRAMES = 1
} ff_draw_flags;

/**
 * Draws widget `widget` and the widgets inside it, with the fonts the screen was laid out
 * with, over the pixels at `pixels` (`width` ×
 * `height` pixels, `stride` bytes per row), `scale` pixels per point (the screen's own
 * scale when 0), with the widget's top-left corner at the buffer's top-left pixel. Widget 0
 * is the whole screen. What is outside the buffer is not drawn; what is drawn is blended
 * over what is there.
 *
 * @param flags  An ff_draw_flags combination.
 * @return FF_INVALID_ARGUMENT for a NULL buffer, a widget out of range, a negative size or a
 *   stride too small for the width; FF_RENDER_ERROR when a glyph cannot be rasterised.
 */
ff_status ff_screen_draw(const ff_screen *screen, size_t widget,
                         uint8_t *pixels, int width, int height, int stride,
                         ff_pixel_format format, double scale, unsigned int flags,
                         ff_error *error);

#ifdef __cplusplus
}
#endif

#endif /* FONTFIT_H */
