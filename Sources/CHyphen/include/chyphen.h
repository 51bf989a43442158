#ifndef FONTFIT_CHYPHEN_H
#define FONTFIT_CHYPHEN_H

// Dictionary hyphenation with libhyphen (Debian's `libhyphen0`), opened at run time by its
// soname `libhyphen.so.0`: the package builds and runs without it, and hyphenation then
// reports that no dictionary can be used instead of failing. chyphen.c declares the three
// functions of libhyphen's API it calls itself, so no `libhyphen-dev` is needed either.

#include <stddef.h>

/// Whether libhyphen could be opened (on first call; the answer is then kept).
int chyphen_available(void);

/// Loads the pattern file at `path` (a `hyph_*.dic` file); NULL when libhyphen is missing or
/// the file cannot be read.
void *chyphen_load(const char *path);

/// Frees a dictionary `chyphen_load` returned.
void chyphen_free(void *dictionary);

/// Hyphenates `word` (`length` bytes in the dictionary's encoding, lower case), writing one
/// byte per input byte to `points`: 1 where the word may break after that byte with a
/// plain hyphen, 0 elsewhere. Breaks that the dictionary spells with a change of letters
/// (non-standard hyphenation, such as old German "ck" to "k-k") are left out, since the text
/// itself is not rewritten. `word` need not end in a NUL (it is copied into one that does);
/// `points` must hold `length` bytes.
///
/// - Returns: 0, or -1 when libhyphen failed or is missing (then `points` is all 0).
int chyphen_hyphenate(void *dictionary, const char *word, int length, char *points);

#endif
