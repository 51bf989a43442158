#include "cicu.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>


static int32_t fail(int32_t *error, UErrorCode code) {
  if (error != NULL) *error = (int32_t)code;
  return -1;
}

// Opening an ICU break iterator builds it from the rule data (about 8 microseconds), so each
// thread keeps the iterators it opened and points them at the next text with ubrk_setText.
// A thread's iterators are closed when the thread ends.

enum { LINE_ITERATORS = 4 };

typedef struct {
  UBreakIterator *line[LINE_ITERATORS];
  char line_locale[LINE_ITERATORS][ULOC_FULLNAME_CAPACITY];
  int32_t next_line;  // the slot to replace when all are taken
  UBreakIterator *word;
  UBiDi *bidi;
} thread_iterators;

static pthread_key_t iterators_key;
static pthread_once_t iterators_once = PTHREAD_ONCE_INIT;
static int iterators_key_made = 0;

static void close_iterators(void *pointer) {
  thread_iterators *iterators = pointer;
  for (int32_t slot = 0; slot < LINE_ITERATORS; slot += 1) {
    if (iterators->line[slot] != NULL) ubrk_close(iterators->line[slot]);
  }
  if (iterators->word != NULL) ubrk_close(iterators->word);
  if (iterators->bidi != NULL) ubidi_close(iterators->bidi);
  free(iterators);
}

static void make_iterators_key(void) {
  iterators_key_made = pthread_key_create(&iterators_key, close_iterators) == 0;
}

// This thread's iterators, or NULL when no memory or key is left (callers then open and
// close their own).
static thread_iterators *this_threads_iterators(void) {
  pthread_once(&iterators_once, make_iterators_key);
  if (!iterators_key_made) return NULL;
  thread_iterators *iterators = pthread_getspecific(iterators_key);
  if (iterators != NULL) return iterators;
  iterators = calloc(1, sizeof(thread_iterators));
  if (iterators == NULL) return NULL;
  if (pthread_setspecific(iterators_key, iterators) != 0) {
    free(iterators);
    return NULL;
  }
  return iterators;
}

// A line break iterator for `locale`, this thread's own when it can keep one (then `owned` is
// 0) or a new one the caller closes (`owned` is 1).
static UBreakIterator *line_iterator(const char *locale, int *owned, UErrorCode *status) {
  thread_iterators *iterators = this_threads_iterators();
  *owned = 1;
  if (iterators == NULL || strlen(locale) >= ULOC_FULLNAME_CAPACITY) {
    return ubrk_open(UBRK_LINE, locale, NULL, 0, status);
  }
  for (int32_t slot = 0; slot < LINE_ITERATORS; slot += 1) {
    if (iterators->line[slot] != NULL && strcmp(iterators->line_locale[slot], locale) == 0) {
      *owned = 0;
      return iterators->line[slot];
    }
  }
  UBreakIterator *opened = ubrk_open(UBRK_LINE, locale, NULL, 0, status);
  if (U_FAILURE(*status) || opened == NULL) return opened;
  int32_t slot = iterators->next_line;
  iterators->next_line = (slot + 1) % LINE_ITERATORS;
  if (iterators->line[slot] != NULL) ubrk_close(iterators->line[slot]);
  iterators->line[slot] = opened;
  strcpy(iterators->line_locale[slot], locale);
  *owned = 0;
  return opened;
}

// The ICU locale ID for a BCP 47 tag, into `locale` (ULOC_FULLNAME_CAPACITY bytes). A tag
// whose ID ICU cannot hold (its `-u-` keys grow into "calendar=", "collation=", ...) or
// cannot read is cut at its first extension or private use singleton, which leaves the
// language, script, region and variants that choose the break rules; failing that, the root
// locale. Line breaking therefore never fails on a well-formed tag, as Pango never does.
static void locale_for_tag(const char *language_tag, char *locale) {
  locale[0] = '\0';
  if (language_tag == NULL || language_tag[0] == '\0') return;
  UErrorCode status = U_ZERO_ERROR;
  int32_t parsed = 0;
  int32_t length = uloc_forLanguageTag(language_tag, locale, ULOC_FULLNAME_CAPACITY, &parsed,
                                       &status);
  if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING &&
      length < ULOC_FULLNAME_CAPACITY) {
    return;
  }
  char prefix[ULOC_FULLNAME_CAPACITY] = "";
  size_t kept = 0;
  for (const char *subtag = language_tag; *subtag != '\0';) {
    const char *end = strchr(subtag, '-');
    size_t count = end == NULL ? strlen(subtag) : (size_t)(end - subtag);
    if (count == 1 || kept + count + 2 > sizeof(prefix)) break;
    if (kept > 0) prefix[kept++] = '-';
    memcpy(prefix + kept, subtag, count);
    kept += count;
    prefix[kept] = '\0';
    if (end == NULL) break;
    subtag = end + 1;
  }
  status = U_ZERO_ERROR;
  length = uloc_forLanguageTag(prefix, locale, ULOC_FULLNAME_CAPACITY, &parsed, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING ||
      length >= ULOC_FULLNAME_CAPACITY) {
    locale[0] = '\0';
  }
}

int32_t fontfit_line_breaks(const uint16_t *utf16, int32_t length, const char *language_tag,
                            int32_t *offsets, uint8_t *hard, int32_t capacity,
                            int32_t *error) {
  if (error != NULL) *error = (int32_t)U_ZERO_ERROR;
  if (length < 0 || capacity < 0 || (length > 0 && utf16 == NULL) ||
      (capacity > 0 && (offsets == NULL || hard == NULL))) {
    return fail(error, U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;

  UErrorCode status = U_ZERO_ERROR;
  char locale[ULOC_FULLNAME_CAPACITY] = "";
  locale_for_tag(language_tag, locale);
  int owned = 1;
  UBreakIterator *iterator = line_iterator(locale, &owned, &status);
  if (U_FAILURE(status) || iterator == NULL) {
    if (iterator != NULL && owned) ubrk_close(iterator);
    return fail(error, U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
  }
  ubrk_setText(iterator, (const UChar *)utf16, length, &status);
  if (U_FAILURE(status)) {
    if (owned) ubrk_close(iterator);
    return fail(error, status);
  }

  int32_t count = 0;
  int32_t position = ubrk_first(iterator);
  for (;;) {
    position = ubrk_next(iterator);
    if (position == UBRK_DONE) break;
    if (position <= 0) continue;
    if (count >= capacity) {
      if (owned) ubrk_close(iterator);
      return fail(error, U_BUFFER_OVERFLOW_ERROR);
    }
    int32_t rule = ubrk_getRuleStatus(iterator);
    offsets[count] = position;
    hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    count += 1;
  }
  if (owned) ubrk_close(iterator);
  return count;
}

int32_t fontfit_bidi_levels(const uint16_t *utf16, int32_t length, uint8_t paragraph_level,
                            uint8_t *levels, uint8_t *paragraph_levels, int32_t *error) {
  if (error != NULL) *error = (int32_t)U_ZERO_ERROR;
  if (length < 0 || (length > 0 && (utf16 == NULL || levels == NULL))) {
    return fail(error, U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  thread_iterators *iterators = this_threads_iterators();
  int owned = 1;
  UBiDi *bidi = NULL;
  if (iterators != NULL && iterators->bidi != NULL) {
    bidi = iterators->bidi;
    owned = 0;
  } else {
    bidi = ubidi_open();
    if (bidi == NULL) return fail(error, U_MEMORY_ALLOCATION_ERROR);
    if (iterators != NULL) {
      iterators->bidi = bidi;
      owned = 0;
    }
  }
  ubidi_setPara(bidi, (const UChar *)utf16, length, (UBiDiLevel)paragraph_level, NULL, &status);
  const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
  if (U_FAILURE(status) || resolved == NULL) {
    if (owned) ubidi_close(bidi);
    return fail(error, U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
  }
  for (int32_t index = 0; index < length; index += 1) levels[index] = resolved[index];
  if (paragraph_levels != NULL) {
    int32_t count = ubidi_countParagraphs(bidi);
    for (int32_t paragraph = 0; paragraph < count; paragraph += 1) {
      int32_t start = 0, limit = 0;
      UBiDiLevel level = 0;
      ubidi_getParagraphByIndex(bidi, paragraph, &start, &limit, &level, &status);
      if (U_FAILURE(status)) {
        if (owned) ubidi_close(bidi);
        return fail(error, status);
      }
      for (int32_t index = start; index < limit && index < length; index += 1) {
        paragraph_levels[index] = level & 1;
      }
    }
  }
  if (owned) ubidi_close(bidi);
  return 0;
}

int32_t fontfit_script_code(uint32_t code_point) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode code = uscript_getScript((UChar32)code_point, &status);
  if (U_FAILURE(status)) return -1;
  return (int32_t)code;
}

const char *fontfit_script_tag(int32_t script_code) {
  return uscript_getShortName((UScriptCode)script_code);
}

int32_t fontfit_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map) {
  if (length < 0 || (length > 0 && (levels == NULL || map == NULL))) return -1;
  if (length == 0) return 0;
  ubidi_reorderVisual((const UBiDiLevel *)levels, length, map);
  return 0;
}

int32_t fontfit_word_boundaries(const uint16_t *utf16, int32_t length, uint8_t *boundary,
                                int32_t *error) {
  if (error != NULL) *error = (int32_t)U_ZERO_ERROR;
  if (length < 0 || boundary == NULL || (length > 0 && utf16 == NULL)) {
    return fail(error, U_ILLEGAL_ARGUMENT_ERROR);
  }
  for (int32_t index = 0; index <= length; index += 1) boundary[index] = 0;
  boundary[0] = 1;
  boundary[length] = 1;
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  thread_iterators *iterators = this_threads_iterators();
  int owned = 1;
  UBreakIterator *iterator = NULL;
  if (iterators != NULL && iterators->word != NULL) {
    iterator = iterators->word;
    owned = 0;
  } else {
    iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) {
      if (iterator != NULL) ubrk_close(iterator);
      return fail(error, U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
    }
    if (iterators != NULL) {
      iterators->word = iterator;
      owned = 0;
    }
  }
  ubrk_setText(iterator, (const UChar *)utf16, length, &status);
  if (U_FAILURE(status)) {
    if (owned) ubrk_close(iterator);
    return fail(error, status);
  }
  for (int32_t position = ubrk_first(iterator); position != UBRK_DONE;
       position = ubrk_next(iterator)) {
    if (position >= 0 && position <= length) boundary[position] = 1;
  }
  if (owned) ubrk_close(iterator);
  return 0;
}
