/* Fits one text to a box, then lays out a description file on a screen and walks its
   widgets: FontFit from C. Build: cc fit.c $(pkg-config --cflags --libs fontfit) */
#include <fontfit.h>
#include <stdio.h>

int main(int argc, char **argv) {
  const char *layout = argc > 1 ? argv[1] : "Demo/Resources/sample.json";
  ff_error *error = ff_error_create();
  ff_font_system *fonts = NULL;
  if (ff_font_system_create(NULL, 0, 1, &fonts, error) != FF_OK) {
    fprintf(stderr, "%s\n", ff_error_get_message(error));
    return 1;
  }

  /* One text: the largest size from 17 down to 10 by 0.5 at which it fits 100 × 30 points. */
  ff_text_options *options = ff_text_options_create();
  ff_text_options_set_font(options, "DejaVu Sans 17", NULL);
  ff_text_options_set_box(options, 100, 30, NULL);
  ff_text_options_set_max_lines(options, 1, NULL);
  ff_text_options_set_fit(options, FF_FIT_GRID, 10, 17, 0.5, NULL);
  ff_text *text = NULL;
  if (ff_fit(fonts, "Download report", -1, options, &text, error) == FF_OK) {
    const char *family;
    ff_text_get_face(text, &family, NULL, NULL, NULL);
    printf("fit %g pt %s, %s, %zu line(s): %s\n", ff_text_get_font_size(text), family,
           ff_text_fits(text) ? "fits" : "does not fit", ff_text_get_line_count(text),
           ff_text_get_line_string(text, 0));
  }
  ff_text_destroy(text);
  ff_text_options_destroy(options);

  /* A description file on the iPhone 6 Plus: every text widget's id and fitted size. */
  ff_project_options *project_options = ff_project_options_create();
  ff_project_options_add_screen(project_options, "iPhone 6 Plus", NULL);
  ff_project *project = NULL;
  ff_screen *screen = NULL;
  if (ff_project_create_from_file(layout, project_options, &project, error) != FF_OK ||
      ff_project_layout(project, fonts, 0, 0, &screen, error) != FF_OK) {
    fprintf(stderr, "%s\n", ff_error_get_message(error));
    return 1;
  }
  for (size_t widget = 0; widget < ff_screen_get_widget_count(screen); widget++) {
    const ff_text *label = ff_screen_get_widget_text(screen, widget);
    if (label != NULL) {
      printf("%s %g %s\n", ff_screen_get_widget_id(screen, widget),
             ff_text_get_font_size(label), ff_text_fits(label) ? "fits" : "overflows");
    }
  }
  ff_screen_destroy(screen);
  ff_project_destroy(project);
  ff_project_options_destroy(project_options);
  ff_font_system_destroy(fonts);
  ff_error_destroy(error);
  return 0;
}
