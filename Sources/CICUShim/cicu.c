#include "cicu.h"

#include <stddef.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>


static int32_t fail(int32_t *error, UErrorCode code) {
  if (error != NULL) *error = (int32_t)code;
  return -1;
}

int32_t fontfit_line_breaks(const uint16_t *utf16, int32_t length, int32_t *offsets,
                            uint8_t *hard, int32_t capacity, int32_t *error) {
  if (error != NULL) *error = (int32_t)U_ZERO_ERROR;
  if (length < 0 || capacity < 0 || (length > 0 && utf16 == NULL) ||
      (capacity > 0 && (offsets == NULL || hard == NULL))) {
    return fail(error, U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;

  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
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
