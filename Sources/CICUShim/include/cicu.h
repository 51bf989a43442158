#ifndef FONTFIT_CICU_H
#define FONTFIT_CICU_H

#include <stdint.h>

/// Finds the UAX #14 line break positions of a UTF-16 text with ICU's line break iterator
/// (root locale rules).
///
/// Each position is a UTF-16 offset at which a line may (or must) start: the boundaries
/// `ubrk_following` reports, excluding 0 and including `length` (when `length > 0`).
/// `hard[i]` is 1 when the break at `offsets[i]` is mandatory (the rule status lies in
/// [UBRK_LINE_HARD, UBRK_LINE_HARD_LIMIT)), 0 otherwise.
///
/// Thread safe: every call opens and closes its own iterator; nothing is cached here (ICU
/// itself caches the compiled rules).
///
/// - utf16: the text, `length` UTF-16 code units (may be NULL when `length` is 0).
/// - offsets, hard: output arrays with room for `capacity` entries; `length` entries
///   always suffice.
/// - error: set to 0 (U_ZERO_ERROR) on success, to an ICU `UErrorCode` on failure (or
///   U_ILLEGAL_ARGUMENT_ERROR / U_BUFFER_OVERFLOW_ERROR for bad arguments or a too-small
///   buffer). May be NULL.
/// Returns the number of positions written, or -1 on failure.
int32_t fontfit_line_breaks(const uint16_t *utf16, int32_t length, int32_t *offsets,
                            uint8_t *hard, int32_t capacity, int32_t *error);

#endif
