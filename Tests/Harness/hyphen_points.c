// libhyphen itself, for the hyphenation tests: reads a pattern file (argv[1]) and lower-case
// words (UTF-8, one per line) from standard input, and prints each word with the character
// offsets after which libhyphen allows a standard break: `word<TAB>3,8,12`. Breaks that the
// dictionary spells with a change of letters are left out, as FontFit leaves them out.
#include <hyphen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  HyphenDict *dict = hnj_hyphen_load(argv[1]);
  if (dict == NULL) return 3;
  char line[4096];
  while (fgets(line, sizeof line, stdin) != NULL) {
    size_t length = strcspn(line, "\n");
    line[length] = '\0';
    // The word in the dictionary's encoding, and the character each byte belongs to.
    char word[4096];
    int owner[4096];
    int bytes = 0, characters = 0;
    for (size_t i = 0; i < length;) {
      unsigned char c = (unsigned char)line[i];
      int width = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
      if (dict->utf8) {
        for (int k = 0; k < width; k++) { word[bytes] = line[i + k]; owner[bytes++] = characters; }
      } else {
        unsigned value = width == 1 ? c : ((c & 0x1F) << 6) | ((unsigned char)line[i + 1] & 0x3F);
        word[bytes] = (char)value;
        owner[bytes++] = characters;
      }
      i += width;
      characters++;
    }
    char *hyphens = calloc(bytes + 5, 1);
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    hnj_hyphen_hyphenate2(dict, word, bytes, hyphens, NULL, &rep, &pos, &cut);
    printf("%s\t", line);
    int first = 1;
    for (int b = 0; b < bytes; b++) {
      int last_byte = b + 1 == bytes || owner[b + 1] != owner[b];
      if (last_byte && (hyphens[b] & 1) && (rep == NULL || rep[b] == NULL)) {
        printf(first ? "%d" : ",%d", owner[b] + 1);
        first = 0;
      }
    }
    printf("\n");
    free(hyphens);
  }
  hnj_hyphen_free(dict);
  return 0;
}
