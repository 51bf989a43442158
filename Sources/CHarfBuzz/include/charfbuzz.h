#ifndef FONTFIT_CHARFBUZZ_H
#define FONTFIT_CHARFBUZZ_H

// The part of HarfBuzz's C API that FontFit uses, declared here so that the package builds
// against the runtime library alone (`libharfbuzz0b`, linked by its soname) on machines
// without `libharfbuzz-dev`. HarfBuzz keeps its ABI stable; a test compiles these
// declarations against the real <hb.h> (define FONTFIT_HB_CHECK_AGAINST_HB_H) and compares the
// layouts of the types, so a mismatch fails.

#include <stdint.h>

#ifdef FONTFIT_HB_CHECK_AGAINST_HB_H
#include <hb.h>
#include <hb-ot.h>
// hb.h also offers this function as a macro; the exported function is what FontFit calls.
#undef hb_glyph_info_get_glyph_flags
#else

typedef int hb_bool_t;
typedef uint32_t hb_codepoint_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_mask_t;
typedef uint32_t hb_tag_t;

typedef union _hb_var_int_t {
  uint32_t u32;
  int32_t i32;
  uint16_t u16[2];
  int16_t i16[2];
  uint8_t u8[4];
  int8_t i8[4];
} hb_var_int_t;

typedef struct hb_glyph_info_t {
  hb_codepoint_t codepoint;
  hb_mask_t mask;
  uint32_t cluster;
  hb_var_int_t var1;
  hb_var_int_t var2;
} hb_glyph_info_t;

typedef struct hb_glyph_position_t {
  hb_position_t x_advance;
  hb_position_t y_advance;
  hb_position_t x_offset;
  hb_position_t y_offset;
  hb_var_int_t var;
} hb_glyph_position_t;

typedef struct hb_feature_t {
  hb_tag_t tag;
  uint32_t value;
  unsigned int start;
  unsigned int end;
} hb_feature_t;

typedef enum {
  HB_DIRECTION_INVALID = 0,
  HB_DIRECTION_LTR = 4,
  HB_DIRECTION_RTL,
  HB_DIRECTION_TTB,
  HB_DIRECTION_BTT
} hb_direction_t;

// hb.h lists every script; FontFit makes them from ISO 15924 tags and names none.
typedef enum {
  HB_SCRIPT_INVALID = 0,
  _HB_SCRIPT_MAX_VALUE = 0x7FFFFFFF,
  _HB_SCRIPT_MAX_VALUE_SIGNED = 0x7FFFFFFF
} hb_script_t;

typedef enum {
  HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES = 0,
  HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS = 1,
  HB_BUFFER_CLUSTER_LEVEL_CHARACTERS = 2,
  HB_BUFFER_CLUSTER_LEVEL_DEFAULT = HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES
} hb_buffer_cluster_level_t;

typedef enum {
  HB_GLYPH_FLAG_UNSAFE_TO_BREAK = 0x00000001
} hb_glyph_flags_t;

typedef enum {
  HB_MEMORY_MODE_DUPLICATE,
  HB_MEMORY_MODE_READONLY,
  HB_MEMORY_MODE_WRITABLE,
  HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE
} hb_memory_mode_t;

typedef void (*hb_destroy_func_t)(void *user_data);

typedef const struct hb_language_impl_t *hb_language_t;
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;

#endif

const char *hb_version_string(void);

// FontFit reads font files itself and hands HarfBuzz the bytes (HB_MEMORY_MODE_READONLY, with
// `destroy` releasing them), never a path: hb_blob_create_from_file memory-maps the file, and a
// mapped file truncated under the process raises SIGBUS on the next read of it.
hb_blob_t *hb_blob_create(const char *data, unsigned int length, hb_memory_mode_t mode,
                          void *user_data, hb_destroy_func_t destroy);
unsigned int hb_blob_get_length(hb_blob_t *blob);
void hb_blob_destroy(hb_blob_t *blob);

hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index);
unsigned int hb_face_get_upem(const hb_face_t *face);
unsigned int hb_face_get_glyph_count(const hb_face_t *face);
void hb_face_destroy(hb_face_t *face);

hb_bool_t hb_ot_layout_has_substitution(hb_face_t *face);
hb_bool_t hb_ot_layout_has_positioning(hb_face_t *face);

hb_font_t *hb_font_create(hb_face_t *face);
void hb_font_set_scale(hb_font_t *font, int x_scale, int y_scale);
hb_bool_t hb_font_get_nominal_glyph(hb_font_t *font, hb_codepoint_t unicode,
                                    hb_codepoint_t *glyph);
hb_position_t hb_font_get_glyph_h_advance(hb_font_t *font, hb_codepoint_t glyph);
void hb_font_destroy(hb_font_t *font);

hb_language_t hb_language_from_string(const char *str, int len);
const char *hb_language_to_string(hb_language_t language);
hb_script_t hb_script_from_iso15924_tag(hb_tag_t tag);

hb_buffer_t *hb_buffer_create(void);
void hb_buffer_destroy(hb_buffer_t *buffer);
void hb_buffer_reset(hb_buffer_t *buffer);
hb_bool_t hb_buffer_allocation_successful(hb_buffer_t *buffer);
void hb_buffer_add_utf8(hb_buffer_t *buffer, const char *text, int text_length,
                        unsigned int item_offset, int item_length);
void hb_buffer_set_direction(hb_buffer_t *buffer, hb_direction_t direction);
void hb_buffer_set_script(hb_buffer_t *buffer, hb_script_t script);
void hb_buffer_set_language(hb_buffer_t *buffer, hb_language_t language);
void hb_buffer_set_cluster_level(hb_buffer_t *buffer, hb_buffer_cluster_level_t cluster_level);
hb_glyph_info_t *hb_buffer_get_glyph_infos(hb_buffer_t *buffer, unsigned int *length);
hb_glyph_position_t *hb_buffer_get_glyph_positions(hb_buffer_t *buffer, unsigned int *length);
hb_glyph_flags_t hb_glyph_info_get_glyph_flags(const hb_glyph_info_t *info);

void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
              unsigned int num_features);

#endif
