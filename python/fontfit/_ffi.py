"""Low-level ctypes declarations of libfontfit's C API (see include/fontfit.h).

Internal: use the classes of :mod:`fontfit` instead.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import (
    POINTER, Structure, c_char_p, c_double, c_int, c_int32, c_size_t, c_ssize_t, c_uint,
    c_uint32, c_uint8, c_void_p,
)

__all__ = ["lib", "GlyphStruct", "load_library"]


class GlyphStruct(Structure):
    """``ff_glyph``: one glyph of a run, placed (a frozen 32-byte layout)."""

    _fields_ = [
        ("id", c_uint32),
        ("cluster", c_int32),
        ("x", c_double),
        ("y", c_double),
        ("advance", c_double),
    ]


if ctypes.sizeof(GlyphStruct) != 32:  # the header freezes this layout
    raise ImportError(f"fontfit: ff_glyph is {ctypes.sizeof(GlyphStruct)} bytes, not 32")

_P = c_void_p  # every opaque handle
_PP = POINTER(c_void_p)  # a handle out-parameter
_D = POINTER(c_double)
_S = c_int  # ff_status and the other enums
_ptrdiff = c_ssize_t

# name: (restype, argtypes)
_SIGNATURES = {
    "ff_version": (c_char_p, []),
    "ff_version_numbers": (None, [POINTER(c_uint)] * 3),
    "ff_error_create": (_P, []),
    "ff_error_destroy": (None, [_P]),
    "ff_error_get_status": (_S, [_P]),
    "ff_error_get_message": (c_char_p, [_P]),
    "ff_error_get_file": (c_char_p, [_P]),
    "ff_error_get_line": (c_uint, [_P]),
    "ff_error_get_column": (c_uint, [_P]),
    "ff_error_get_key_path": (c_char_p, [_P]),
    "ff_free": (None, [c_void_p]),
    # Font system
    "ff_font_system_create": (_S, [POINTER(c_char_p), c_size_t, c_int, _PP, _P]),
    "ff_font_system_destroy": (None, [_P]),
    # Text options
    "ff_text_options_create": (_P, []),
    "ff_text_options_destroy": (None, [_P]),
    "ff_text_options_set_font": (_S, [_P, c_char_p, _P]),
    "ff_text_options_set_font_size": (_S, [_P, c_double, _P]),
    "ff_text_options_set_box": (_S, [_P, c_double, c_double, _P]),
    "ff_text_options_set_max_lines": (_S, [_P, c_uint, _P]),
    "ff_text_options_set_fit": (_S, [_P, _S, c_double, c_double, c_double, _P]),
    "ff_text_options_set_keep_words_whole": (None, [_P, c_int]),
    "ff_text_options_set_alignment": (_S, [_P, _S, _P]),
    "ff_text_options_set_wrapping": (_S, [_P, _S, _P]),
    "ff_text_options_set_truncation": (_S, [_P, _S, c_char_p, _P]),
    "ff_text_options_set_language": (_S, [_P, c_char_p, _P]),
    "ff_text_options_set_direction": (_S, [_P, _S, _P]),
    "ff_text_options_set_line_height": (_S, [_P, c_double, _P]),
    # Texts
    "ff_fit": (_S, [_P, c_char_p, _ptrdiff, _P, _PP, _P]),
    "ff_fit_markup": (_S, [_P, c_char_p, _ptrdiff, _P, _PP, _P]),
    "ff_measure": (_S, [_P, c_char_p, _ptrdiff, _P, c_double, c_double, _D, _D, _P]),
    "ff_text_destroy": (None, [_P]),
    "ff_text_get_string": (c_char_p, [_P]),
    "ff_text_get_font_size": (c_double, [_P]),
    "ff_text_fits": (c_int, [_P]),
    "ff_text_get_failure": (_S, [_P, _D, _D]),
    "ff_text_get_extents": (None, [_P, _D, _D]),
    "ff_text_get_face": (None, [_P, POINTER(c_char_p), POINTER(c_char_p), POINTER(c_char_p),
                                POINTER(c_uint)]),
    "ff_text_get_line_count": (c_size_t, [_P]),
    "ff_text_get_line_string": (c_char_p, [_P, c_size_t]),
    "ff_text_get_line_extents": (_S, [_P, c_size_t, _D, _D, _D, _D, _D, _P]),
    "ff_text_line_is_rtl": (c_int, [_P, c_size_t]),
    "ff_text_get_run_count": (c_size_t, [_P, c_size_t]),
    "ff_text_get_run": (_S, [_P, c_size_t, c_size_t, POINTER(c_char_p), POINTER(c_uint), _D,
                             _P]),
    "ff_text_get_glyphs": (POINTER(GlyphStruct), [_P, c_size_t, c_size_t, POINTER(c_size_t)]),
    "ff_text_get_font_sizes": (None, [_P, _D, _D, _D]),
    "ff_text_get_stage_count": (c_size_t, [_P]),
    "ff_text_get_stage": (_S, [_P, c_size_t, POINTER(c_char_p), POINTER(c_char_p), _D, _P]),
    "ff_text_get_error": (c_char_p, [_P]),
    # Projects
    "ff_project_options_create": (_P, []),
    "ff_project_options_destroy": (None, [_P]),
    "ff_project_options_add_catalog": (_S, [_P, c_char_p, _P]),
    "ff_project_options_set_strings_directory": (_S, [_P, c_char_p, _P]),
    "ff_project_options_add_locale": (_S, [_P, c_char_p, _P]),
    "ff_project_options_set_text_scale": (_S, [_P, c_char_p, _P]),
    "ff_project_options_add_screen": (_S, [_P, c_char_p, _P]),
    "ff_project_options_set_landscape": (None, [_P, c_int]),
    "ff_project_create_from_file": (_S, [c_char_p, _P, _PP, _P]),
    "ff_project_create_from_data": (_S, [c_char_p, c_size_t, c_char_p, _P, _PP, _P]),
    "ff_project_destroy": (None, [_P]),
    "ff_project_get_screen_count": (c_size_t, [_P]),
    "ff_project_get_screen": (_S, [_P, c_size_t, POINTER(c_char_p), _D, _D, _D, _P]),
    "ff_project_get_locale_count": (c_size_t, [_P]),
    "ff_project_get_locale": (c_char_p, [_P, c_size_t]),
    # The char ** out-parameters are c_void_p so the memory can be handed back to ff_free().
    "ff_project_dump_json": (_S, [_P, _P, c_int, POINTER(c_void_p), POINTER(c_size_t), _P]),
    "ff_project_layout": (_S, [_P, _P, c_size_t, c_size_t, _PP, _P]),
    # Screens
    "ff_screen_destroy": (None, [_P]),
    "ff_screen_get_name": (c_char_p, [_P]),
    "ff_screen_get_locale": (c_char_p, [_P]),
    "ff_screen_get_size": (None, [_P, _D, _D, _D]),
    "ff_screen_get_widget_count": (c_size_t, [_P]),
    "ff_screen_get_widget_kind": (_S, [_P, c_size_t]),
    "ff_screen_get_widget_id": (c_char_p, [_P, c_size_t]),
    "ff_screen_get_widget_parent": (_ptrdiff, [_P, c_size_t]),
    "ff_screen_get_widget_child_count": (c_size_t, [_P, c_size_t]),
    "ff_screen_get_widget_child": (_ptrdiff, [_P, c_size_t, c_size_t]),
    "ff_screen_get_widget_frame": (_S, [_P, c_size_t, _S, _D, _D, _D, _D, _P]),
    "ff_screen_get_widget_text": (_P, [_P, c_size_t]),
    "ff_screen_get_widget_text_color": (_S, [_P, c_size_t, POINTER(c_uint8), POINTER(c_uint8),
                                             POINTER(c_uint8), POINTER(c_uint8), _P]),
    "ff_screen_get_problem_count": (c_size_t, [_P]),
    "ff_screen_get_problem": (_S, [_P, c_size_t, POINTER(c_char_p), POINTER(c_char_p),
                                   POINTER(c_char_p), _P]),
    "ff_screen_to_json": (_S, [_P, c_int, POINTER(c_void_p), POINTER(c_size_t), _P]),
    "ff_screen_draw": (_S, [_P, c_size_t, POINTER(c_uint8), c_int, c_int, c_int, _S, c_double,
                            c_uint, _P]),
}


def load_library() -> ctypes.CDLL:
    """Load libfontfit from ``$FONTFIT_LIBRARY`` or the loader's path; declare its functions.

    Raises OSError with a message saying how to make the library found.
    """
    path = os.environ.get("FONTFIT_LIBRARY")
    name = path if path else "libfontfit.so.0"
    try:
        library = ctypes.CDLL(name)
    except OSError as error:
        where = (f"FONTFIT_LIBRARY={path!r} cannot be loaded" if path
                 else "libfontfit.so.0 is not on the loader's search path")
        raise OSError(
            f"fontfit: {where} ({error}); install libfontfit or set FONTFIT_LIBRARY "
            "to the path of libfontfit.so.0"
        ) from error
    for function_name, (restype, argtypes) in _SIGNATURES.items():
        function = getattr(library, function_name)
        function.restype = restype
        function.argtypes = argtypes
    return library


lib = load_library()
