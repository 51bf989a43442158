#ifndef FONTFIT_CICU_H
#define FONTFIT_CICU_H

#include <stdint.h>

/// Finds the UAX #14 line break positions of a UTF-16 text with ICU's line break iterator,
/// with the rules of the locale `language_tag` names (a BCP 47 tag; NULL or "" for the root
/// rules). A tag whose locale ID ICU cannot hold is used without its extensions and private
/// use part, so a well-formed tag never fails.
///
/// Each position is a UTF-16 offset at which a line may (or must) start: the boundaries
/// `ubrk_following` reports, excluding 0 and including `length` (when `length > 0`).
/// `hard[i]` is 1 when the break at `offsets[i]` is mandatory (the rule status lies in
/// [UBRK_LINE_HARD, UBRK_LINE_HARD_LIMIT)), 0 otherwise.
///
/// Thread safe: each thread keeps the iterators it opened (a few line iterators by locale, one
/// word iterator, one bidi object) and reuses them, since opening one costs far more than a
/// short text's breaks; they are closed when the thread ends.
///
/// - utf16: the text, `length` UTF-16 code units (may be NULL when `length` is 0).
/// - offsets, hard: output arrays with room for `capacity` entries; `length` entries
///   always suffice.
/// - error: set to 0 (U_ZERO_ERROR) on success, to an ICU `UErrorCode` on failure (or
///   U_ILLEGAL_ARGUMENT_ERROR / U_BUFFER_OVERFLOW_ERROR for bad arguments or a too-small
///   buffer). May be NULL.
/// Returns the number of positions written, or -1 on failure.
int32_t fontfit_line_breaks(const uint16_t *utf16, int32_t length, const char *language_tag,
                            int32_t *offsets, uint8_t *hard, int32_t capacity,
                            int32_t *error);

/// The resolved bidi embedding level (UAX #9, ICU's `ubidi`) of every UTF-16 unit of a
/// paragraph.
///
/// - paragraph_level: 0 (left to right) or 1 (right to left) to force the paragraph direction,
///   or 0xFE to take it from the first strong character (left to right when there is none).
/// - levels: output, `length` entries; even levels are left to right, odd right to left.
/// - paragraph_levels: output, `length` entries: the level (0 or 1) of the paragraph each unit
///   is in; each paragraph's own direction, when `paragraph_level` is 0xFE. May be NULL.
/// - error: as for fontfit_line_breaks.
/// Returns 0 on success, -1 on failure.
int32_t fontfit_bidi_levels(const uint16_t *utf16, int32_t length, uint8_t paragraph_level,
                            uint8_t *levels, uint8_t *paragraph_levels, int32_t *error);

/// Marks the word boundaries (UAX #29, ICU's word break iterator, root rules) of a UTF-16
/// text: `boundary[i]` is 1 when a word boundary lies before unit `i`, for `length + 1`
/// entries. Returns 0 on success, -1 on failure (with `error` as for fontfit_line_breaks).
int32_t fontfit_word_boundaries(const uint16_t *utf16, int32_t length, uint8_t *boundary,
                                int32_t *error);

/// The visual order of items with the given bidi levels (UAX #9 rule L2), as ICU's
/// `ubidi_reorderVisual` computes it: `map[visual] = logical`. Returns 0, or -1 when `length` is
/// negative or an argument is NULL.
int32_t fontfit_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map);

/// The Unicode script of a code point as ICU's UScriptCode: 0 is Common, 1 Inherited,
/// negative on failure.
int32_t fontfit_script_code(uint32_t code_point);

/// The ISO 15924 four-letter code of a UScriptCode (`Latn`, `Arab`), or NULL when unknown.
const char *fontfit_script_tag(int32_t script_code);

#endif
