#include "cicu.h"

#include <stddef.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>


static int32_t fail(int32_t *error, UErrorCode code) {
  if (error != NULL) *error = (int32_t)code;
  return -1;
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
  if (language_tag != NULL && language_tag[0] != '\0') {
    int32_t parsed = 0;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof(locale), &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
      return fail(error, U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR);
    }
    status = U_ZERO_ERROR;
  }
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  if (U_FAILURE(status) || iterator == NULL) {
    if (iterator != NULL) ubrk_close(iterator);
    return fail(error, U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
  }
  ubrk_setText(iterator, (const UChar *)utf16, length, &status);
  if (U_FAILURE(status)) {
    ubrk_close(iterator);
    return fail(error, status);
  }

  int32_t count = 0;
  int32_t position = ubrk_first(iterator);
  for (;;) {
    position = ubrk_next(iterator);
    if (position == UBRK_DONE) break;
    if (position <= 0) continue;
    if (count >= capacity) {
      ubrk_close(iterator);
      return fail(error, U_BUFFER_OVERFLOW_ERROR);
    }
    int32_t rule = ubrk_getRuleStatus(iterator);
    offsets[count] = position;
    hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    count += 1;
  }
  ubrk_close(iterator);
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
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status) || bidi == NULL) {
    if (bidi != NULL) ubidi_close(bidi);
    return fail(error, U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR);
  }
  ubidi_setPara(bidi, (const UChar *)utf16, length, (UBiDiLevel)paragraph_level, NULL, &status);
  const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
  if (U_FAILURE(status) || resolved == NULL) {
    ubidi_close(bidi);
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
        ubidi_close(bidi);
        return fail(error, status);
      }
      for (int32_t index = start; index < limit && index < length; index += 1) {
        paragraph_levels[index] = level & 1;
      }
    }
  }
  ubidi_close(bidi);
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
  UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", (const UChar *)utf16, length, &status);
  if (U_FAILURE(status) || iterator == NULL) {
    if (iterator != NULL) ubrk_close(iterator);
    return fail(error, U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
  }
  for (int32_t position = ubrk_first(iterator); position != UBRK_DONE;
       position = ubrk_next(iterator)) {
    if (position >= 0 && position <= length) boundary[position] = 1;
  }
  ubrk_close(iterator);
  return 0;
}
