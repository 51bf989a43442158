// The reference for FontFit's fallback tests: for each case on standard input, the items Pango
// cuts the text into and the face it chooses for each (pango_itemize over PangoFT2, the
// itemiser every Pango front end uses).
//
// Input, one case per line, tab-separated:  font-description  language(- = none)  text
// where the text writes a line break as \n and a backslash as \\. The context language is the
// case's language; with none it is "en" (a process in an English locale), and a run whose
// script the context language does not include takes the script's sample language, as
// pango_itemize does. PANGO_LANGUAGE and LANGUAGE are cleared first: Pango reads a Han run's
// language from them.
// The text is cut into paragraphs as PangoLayout cuts it (pango_find_paragraph_boundary) and
// each paragraph is itemised on its own.
// Output, one line per item: the item's UTF-8 offset and length, its face's file, face index,
// family and style, and its language; a line "=" ends each case.
//
// Built and run by Tests/FontFitFontsTests/PangoFallbackTests.swift where libpango1.0-dev is
// installed (scripts/test installs it); not part of the package.

#include <pango/pangofc-font.h>
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

int main(void) {
  unsetenv("PANGO_LANGUAGE");
  unsetenv("LANGUAGE");
  PangoFontMap *map = pango_ft2_font_map_new();
  pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
  PangoContext *context = pango_font_map_create_context(map);
  static char line[1 << 20];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    char *fields[3];
    int count = 0;
    char *cursor = line;
    while (count < 3) {
      fields[count++] = cursor;
      char *tab = strchr(cursor, '\t');
      if (tab == NULL || count == 3) break;
      *tab = '\0';
      cursor = tab + 1;
    }
    if (count < 3) { fprintf(stderr, "expected 3 fields\n"); return 2; }
    unescape(fields[2]);
    PangoFontDescription *desc = pango_font_description_from_string(fields[0]);
    pango_context_set_font_description(context, desc);
    pango_context_set_language(
        context, pango_language_from_string(strcmp(fields[1], "-") != 0 ? fields[1] : "en"));
    int length = (int)strlen(fields[2]);
    int start = 0;
    while (start < length) {
      int delimiter = 0, next = 0;
      pango_find_paragraph_boundary(fields[2] + start, length - start, &delimiter, &next);
      GList *items = delimiter > 0
          ? pango_itemize(context, fields[2], start, delimiter, NULL, NULL) : NULL;
      for (GList *l = items; l != NULL; l = l->next) {
        PangoItem *item = l->data;
        FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(item->analysis.font));
        FcChar8 *file = NULL, *family = NULL, *style = NULL;
        int index = 0;
        FcPatternGetString(pattern, FC_FILE, 0, &file);
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
        FcPatternGetString(pattern, FC_FAMILY, 0, &family);
        FcPatternGetString(pattern, FC_STYLE, 0, &style);
        printf("%d\t%d\t%s\t%d\t%s\t%s\t%s\n", item->offset, item->length,
               file ? (char *)file : "", index, family ? (char *)family : "",
               style ? (char *)style : "", pango_language_to_string(item->analysis.language));
      }
      g_list_free_full(items, (GDestroyNotify)pango_item_free);
      if (next <= 0) break;
      start += next;
    }
    printf("=\n");
    pango_font_description_free(desc);
  }
  return 0;
}
