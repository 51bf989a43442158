"""FontFit: text that fits every screen, through libfontfit's C API (ctypes, no build step).

The library is loaded from ``$FONTFIT_LIBRARY`` when it is set, else as ``libfontfit.so.0``
from the loader's search path.

Example::

    import math
    import fontfit

    with fontfit.FontSystem() as fonts:
        layout = fonts.fit("Text that fits every screen", font="DejaVu Sans Bold 22",
                           box=(200, 60), fit="grid", min_size=10)
        print(layout.font_size, layout.fits, [line.text for line in layout.lines])
        width, height = fonts.measure("One line", font="DejaVu Sans 12")

        with fontfit.Project("Demo/Resources/sample.json", screens=["iPhone 6 Plus"]) as project:
            print([screen.name for screen in project.screens], project.locales)
            with project.layout(fonts, screen="iPhone 6 Plus") as screen:
                for widget in screen.widgets:
                    if widget.text is not None:
                        print(widget.id, widget.text.design_size, widget.text.font_size)
                for problem in screen.problems:
                    print(problem.widget, problem.kind, problem.message)
                pixels = screen.draw(background=(255, 255, 255, 255))  # RGBA bytes

    try:
        fontfit.Project(data='{"root": 1}', name="bad.json")
    except fontfit.FileError as error:
        print(error.file, error.line, error.column, error.key_path, error)
"""

from __future__ import annotations

import ctypes
import math
import struct
from ctypes import byref, c_char_p, c_double, c_size_t, c_uint, c_uint8, c_void_p
from dataclasses import dataclass
from typing import Any, Dict, Iterable, Optional, Sequence, Tuple, Type, Union

from ._ffi import lib

__version__ = "0.1.0"

__all__ = [
    "version", "FontSystem", "TextLayout", "Failure", "Face", "Line", "Run", "Glyph",
    "Project", "ScreenInfo", "ScreenLayout", "Widget", "WidgetText", "Stage", "Problem",
    "FontFitError", "InvalidArgumentError", "FileError", "FontError", "LayoutError",
    "ProjectError", "RenderError",
]

Frame = Tuple[float, float, float, float]
Text = Union[str, bytes]


def version() -> str:
    """The version of the libfontfit loaded at run time, "MAJOR.MINOR.MICRO"."""
    return lib.ff_version().decode()


# ---- Errors ------------------------------------------------------------------------------

_OK, _INVALID_ARGUMENT, _FILE, _FONT, _LAYOUT, _PROJECT, _RENDER = range(7)


class FontFitError(Exception):
    """A failed libfontfit call: its status, message and, for input files, where.

    ``str(error)`` is the located message ("bad.json:2:37: root.font: …").
    """

    status: int = -1

    def __init__(self, message: str, status: Optional[int] = None, file: Optional[str] = None,
                 line: int = 0, column: int = 0, key_path: Optional[str] = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.key_path = key_path

    def __str__(self) -> str:
        return self.message


class InvalidArgumentError(FontFitError, ValueError):
    """An argument is missing, out of range or not a valid value (FF_INVALID_ARGUMENT)."""

    status = _INVALID_ARGUMENT


class FileError(FontFitError):
    """An input file (layout, strings table, screen catalog) is wrong (FF_FILE_ERROR)."""

    status = _FILE


class FontError(FontFitError):
    """A font cannot be found, opened or measured (FF_FONT_ERROR)."""

    status = _FONT


class LayoutError(FontFitError):
    """A text cannot be laid out (FF_LAYOUT_ERROR)."""

    status = _LAYOUT


class ProjectError(FontFitError):
    """A project lacks a locale, screen or text scale it was asked for (FF_PROJECT_ERROR)."""

    status = _PROJECT


class RenderError(FontFitError):
    """A picture cannot be drawn (FF_RENDER_ERROR)."""

    status = _RENDER


_ERROR_CLASSES: Dict[int, Type[FontFitError]] = {
    cls.status: cls
    for cls in (InvalidArgumentError, FileError, FontError, LayoutError, ProjectError,
                RenderError)
}


def _str(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8", "replace")


def _call(function: Any, *args: Any) -> None:
    """Call a libfontfit function taking a trailing ff_error; raise on failure.

    Each call gets its own ff_error, so calls from several threads never share one.
    """
    error = lib.ff_error_create()
    if not error:
        raise MemoryError("ff_error_create failed")
    try:
        status = function(*args, error)
        if status != _OK:
            cls = _ERROR_CLASSES.get(status, FontFitError)
            raise cls(_str(lib.ff_error_get_message(error)) or f"status {status}",
                      status=status,
                      file=_str(lib.ff_error_get_file(error)),
                      line=lib.ff_error_get_line(error),
                      column=lib.ff_error_get_column(error),
                      key_path=_str(lib.ff_error_get_key_path(error)))
    finally:
        lib.ff_error_destroy(error)


def _choice(what: str, value: Any, choices: Dict[Any, int]) -> int:
    try:
        return choices[value]
    except (KeyError, TypeError):
        names = ", ".join(repr(name) for name in choices)
        raise InvalidArgumentError(f"{what}: {value!r} is not one of {names}") from None


def _encode(value: Text, what: str = "text") -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        # Lone surrogates pass through so the library reports the bad bytes and where.
        return value.encode("utf-8", "surrogatepass")
    raise InvalidArgumentError(f"{what}: expected str or bytes, not {type(value).__name__}")


def _take_string(pointer: c_void_p, length: c_size_t) -> str:
    """Copy a ``char *`` the library handed over, and free it."""
    try:
        return ctypes.string_at(pointer, length.value).decode("utf-8")
    finally:
        lib.ff_free(pointer)


# ---- Results -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Glyph:
    """One glyph, placed: origin on the baseline in points from the box's top-left corner."""

    id: int
    cluster: Optional[int]  # byte offset in the text; None for the ellipsis's glyphs
    x: float
    y: float
    advance: float


@dataclass(frozen=True)
class Run:
    """Glyphs of one face, in visual order: the font file, face index and size to draw with."""

    file: str
    face_index: int
    size: float
    glyphs: Tuple[Glyph, ...]


@dataclass(frozen=True)
class Line:
    """A line as shown: its text, its box in points (x is its ink's left edge), its runs."""

    text: str
    x: float
    y: float
    width: float
    height: float
    baseline: float
    rtl: bool
    runs: Tuple[Run, ...]


@dataclass(frozen=True)
class Failure:
    """Why a text does not fit: kind ("too_many_lines", "too_tall", "too_wide",
    "too_many_line_breaks"), what it needs and what is available (lines or points)."""

    kind: str
    needed: float
    available: float


@dataclass(frozen=True)
class Face:
    """The face a font name resolved to."""

    family: str
    style: str
    file: str
    index: int


@dataclass(frozen=True)
class TextLayout:
    """A text laid out in its box: the size chosen, whether it fits, its lines and glyphs."""

    text: str
    font_size: float
    fits: bool
    failure: Optional[Failure]
    width: float
    height: float
    face: Face
    lines: Tuple[Line, ...]


@dataclass(frozen=True)
class Stage:
    """One step of a widget's font size pipeline ("design", "screen", "textScale", "fit")."""

    kind: str
    detail: str
    size: float


@dataclass(frozen=True)
class WidgetText(TextLayout):
    """A widget's text: a TextLayout plus how its size came about, and any layout error."""

    design_size: float
    adapted_size: float
    stages: Tuple[Stage, ...]
    error: Optional[str]


_FAILURES = {1: "too_many_lines", 2: "too_tall", 3: "too_wide", 4: "too_many_line_breaks"}


def _doubles(count: int) -> Tuple[c_double, ...]:
    return tuple(c_double() for _ in range(count))


def _read_text_fields(text: int) -> Dict[str, Any]:
    """Copy everything out of an ff_text into TextLayout's fields."""
    needed, available = _doubles(2)
    failure_kind = lib.ff_text_get_failure(text, byref(needed), byref(available))
    failure = None
    if failure_kind:
        failure = Failure(_FAILURES.get(failure_kind, str(failure_kind)), needed.value,
                          available.value)
    width, height = _doubles(2)
    lib.ff_text_get_extents(text, byref(width), byref(height))
    family, style, file = c_char_p(), c_char_p(), c_char_p()
    face_index = c_uint()
    lib.ff_text_get_face(text, byref(family), byref(style), byref(file), byref(face_index))
    lines = []
    for line in range(lib.ff_text_get_line_count(text)):
        x, y, line_width, line_height, baseline = _doubles(5)
        _call(lib.ff_text_get_line_extents, text, line, byref(x), byref(y), byref(line_width),
              byref(line_height), byref(baseline))
        runs = []
        for run in range(lib.ff_text_get_run_count(text, line)):
            run_file, run_index, size = c_char_p(), c_uint(), c_double()
            _call(lib.ff_text_get_run, text, line, run, byref(run_file), byref(run_index),
                  byref(size))
            count = c_size_t()
            glyphs = lib.ff_text_get_glyphs(text, line, run, byref(count))
            runs.append(Run(_str(run_file.value) or "", run_index.value, size.value, tuple(
                Glyph(g.id, None if g.cluster < 0 else g.cluster, g.x, g.y, g.advance)
                for g in (glyphs[i] for i in range(count.value)))))
        lines.append(Line(_str(lib.ff_text_get_line_string(text, line)) or "", x.value, y.value,
                          line_width.value, line_height.value, baseline.value,
                          bool(lib.ff_text_line_is_rtl(text, line)), tuple(runs)))
    return dict(
        text=_str(lib.ff_text_get_string(text)) or "",
        font_size=lib.ff_text_get_font_size(text),
        fits=bool(lib.ff_text_fits(text)),
        failure=failure,
        width=width.value,
        height=height.value,
        face=Face(_str(family.value) or "", _str(style.value) or "", _str(file.value) or "",
                  face_index.value),
        lines=tuple(lines),
    )


def _read_widget_text(text: int) -> WidgetText:
    design, adapted, _ = _doubles(3)
    lib.ff_text_get_font_sizes(text, byref(design), byref(adapted), None)
    stages = []
    for stage in range(lib.ff_text_get_stage_count(text)):
        kind, detail, size = c_char_p(), c_char_p(), c_double()
        _call(lib.ff_text_get_stage, text, stage, byref(kind), byref(detail), byref(size))
        stages.append(Stage(_str(kind.value) or "", _str(detail.value) or "", size.value))
    return WidgetText(design_size=design.value, adapted_size=adapted.value,
                      stages=tuple(stages), error=_str(lib.ff_text_get_error(text)),
                      **_read_text_fields(text))


# ---- Font system and texts ---------------------------------------------------------------

_FIT_MODES = {None: 0, "grid": 1, "exact": 2}
_ALIGNMENTS = {"natural": 0, "left": 1, "center": 2, "right": 3, "justified": 4}
_WRAPPINGS = {"words": 0, "anywhere": 1}
_TRUNCATIONS = {"tail": 0, "none": 1, "clip": 2, "head": 3, "middle": 4}
_DIRECTIONS = {"natural": 0, "ltr": 1, "rtl": 2}


class _Handle:
    """An owned libfontfit handle, freed by close(), on leaving a with block, or when
    collected."""

    _destroy: Any = None
    _handle: Optional[int] = None

    def close(self) -> None:
        """Free the handle now; the object cannot be used afterwards. Safe to call twice."""
        handle, self._handle = self._handle, None
        if handle:
            type(self)._destroy(handle)

    def __enter__(self):  # type: ignore[no-untyped-def]
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def _live(self) -> int:
        if not self._handle:
            raise InvalidArgumentError(f"{type(self).__name__} is closed",
                                       status=_INVALID_ARGUMENT)
        return self._handle


def _text_options(font: str = "DejaVu Sans 17", size: Optional[float] = None,
                  box: Tuple[float, float] = (math.inf, math.inf), max_lines: int = 0,
                  fit: Optional[str] = None, min_size: float = 10,
                  max_size: Optional[float] = None, step: float = 0.5,
                  keep_words_whole: bool = False, alignment: str = "natural",
                  wrapping: str = "words", truncation: str = "tail",
                  token: Optional[str] = None, language: Optional[str] = None,
                  direction: str = "natural", line_height: float = 1.0) -> int:
    """A new ff_text_options set from the keyword arguments; the caller destroys it."""
    modes = (_choice("fit", fit, _FIT_MODES), _choice("alignment", alignment, _ALIGNMENTS),
             _choice("wrapping", wrapping, _WRAPPINGS),
             _choice("truncation", truncation, _TRUNCATIONS),
             _choice("direction", direction, _DIRECTIONS))
    fit_mode, align_mode, wrap_mode, truncate_mode, direction_mode = modes
    if max_lines < 0:
        raise InvalidArgumentError(f"max_lines: {max_lines} is negative")
    options = lib.ff_text_options_create()
    if not options:
        raise MemoryError("ff_text_options_create failed")
    try:
        _call(lib.ff_text_options_set_font, options, _encode(font, "font"))
        if size is not None:
            _call(lib.ff_text_options_set_font_size, options, float(size))
        width, height = box
        _call(lib.ff_text_options_set_box, options, float(width), float(height))
        _call(lib.ff_text_options_set_max_lines, options, int(max_lines))
        _call(lib.ff_text_options_set_fit, options, fit_mode, float(min_size),
              float(max_size or 0), float(step))
        lib.ff_text_options_set_keep_words_whole(options, int(bool(keep_words_whole)))
        _call(lib.ff_text_options_set_alignment, options, align_mode)
        _call(lib.ff_text_options_set_wrapping, options, wrap_mode)
        _call(lib.ff_text_options_set_truncation, options, truncate_mode,
              None if token is None else _encode(token, "token"))
        _call(lib.ff_text_options_set_language, options,
              None if language is None else _encode(language, "language"))
        _call(lib.ff_text_options_set_direction, options, direction_mode)
        _call(lib.ff_text_options_set_line_height, options, float(line_height))
    except BaseException:
        lib.ff_text_options_destroy(options)
        raise
    return options


class FontSystem(_Handle):
    """The fonts texts are resolved, measured and drawn with; may be shared by threads.

    ``directories`` are searched recursively for font files, in addition to the system's
    fonts unless ``include_system_fonts`` is false. Raises FontError when a directory is
    missing or holds no font.
    """

    _destroy = lib.ff_font_system_destroy

    def __init__(self, directories: Iterable[str] = (), include_system_fonts: bool = True):
        paths = [_encode(str(directory), "directory") for directory in directories]
        array = (c_char_p * len(paths))(*paths) if paths else None
        handle = c_void_p()
        _call(lib.ff_font_system_create, array, len(paths), int(bool(include_system_fonts)),
              byref(handle))
        self._handle = handle.value

    def fit(self, text: Text, **options: Any) -> TextLayout:
        """Fit ``text`` to a box and return its layout.

        Options: ``font`` (a Pango or Fontconfig name, "DejaVu Sans 17"), ``size`` (points;
        the largest with a fit), ``box`` ((width, height), math.inf for no limit),
        ``max_lines`` (0: no limit), ``fit`` (None, "grid" or "exact"), ``min_size``,
        ``max_size`` (None: the font size), ``step``, ``keep_words_whole``, ``alignment``
        ("natural", "left", "center", "right", "justified"), ``wrapping`` ("words",
        "anywhere"), ``truncation`` ("tail", "none", "clip", "head", "middle"), ``token``
        (None: "…"), ``language`` (BCP 47), ``direction`` ("natural", "ltr", "rtl"),
        ``line_height``. A text that does not fit is no error: see ``fits``/``failure``.
        """
        return self._fit_with(lib.ff_fit, text, options)

    def fit_markup(self, markup: Text, **options: Any) -> TextLayout:
        """Fit Pango markup ("Total <b>42,00 €</b> <small>incl. VAT</small>") as fit() fits a
        text: every span is sized relative to ``size``, so one fit scales them all. The
        layout's ``text`` is the plain text; its runs carry each span's face and size.
        Malformed markup raises InvalidArgument with the line and column inside the markup.
        """
        return self._fit_with(lib.ff_fit_markup, markup, options)

    def _fit_with(self, function: Any, text: Text, options: Dict[str, Any]) -> TextLayout:
        """``function`` (ff_fit or ff_fit_markup) on ``text`` with ``options``, as a layout."""
        data = _encode(text)
        handle = self._live()
        opts = _text_options(**options)
        result = c_void_p()
        try:
            _call(function, handle, data, len(data), opts, byref(result))
            return TextLayout(**_read_text_fields(result.value))
        finally:
            lib.ff_text_destroy(result)
            lib.ff_text_options_destroy(opts)

    def measure(self, text: Text, width: float = math.inf, height: float = math.inf,
                **options: Any) -> Tuple[float, float]:
        """The (width, height) ``text`` takes at its font size when offered width × height
        points, without fitting; options as for fit() (their ``box`` is not used)."""
        data = _encode(text)
        handle = self._live()
        opts = _text_options(**options)
        measured_width, measured_height = _doubles(2)
        try:
            _call(lib.ff_measure, handle, data, len(data), opts, float(width), float(height),
                  byref(measured_width), byref(measured_height))
        finally:
            lib.ff_text_options_destroy(opts)
        return measured_width.value, measured_height.value


# ---- Projects and screens ----------------------------------------------------------------

@dataclass(frozen=True)
class ScreenInfo:
    """A screen a project lays out on: catalog name, size in points, pixels per point."""

    name: str
    width: float
    height: float
    scale: float


@dataclass(frozen=True)
class Widget:
    """A laid-out widget. ``frame`` is (x, y, width, height) in its parent, ``screen_frame``
    on the screen; ``parent`` and ``children`` are widget indices; ``text`` is None for
    views; ``text_color`` is the (red, green, blue, alpha) its text is drawn in, 0-255 (a text
    field's placeholder colour while it shows its placeholder), None without a text."""

    index: int
    kind: str
    id: str
    parent: Optional[int]
    children: Tuple[int, ...]
    frame: Frame
    screen_frame: Frame
    text: Optional[WidgetText]
    text_color: Optional[Tuple[int, int, int, int]] = None


@dataclass(frozen=True)
class Problem:
    """A problem ``demo check`` reports: the widget, the kind ("overflow", …), a message."""

    widget: str
    kind: str
    message: str


_WIDGET_KINDS = {1: "View", 2: "Label", 3: "Button", 4: "TextField", 5: "TextView",
                 6: "Stack", 7: "Spacer", 8: "ScrollView"}
_FORMATS = {"rgba": 0, "argb32": 1}


class Project(_Handle):
    """A layout description file, in the locales and on the screens asked for; immutable.

    Give exactly one of ``path`` (a JSON or .xml file) or ``data`` (str or bytes, with
    ``name`` used in errors and to find strings tables). ``screens`` and ``locales`` are
    catalog names and strings table names ("all" for every one, "pseudo" for pseudo-text);
    ``catalogs`` are extra screen catalog files. Raises FileError (with file, line, column
    and key path) for a wrong file, ProjectError for a screen, locale or scale it lacks.
    """

    _destroy = lib.ff_project_destroy

    def __init__(self, path: Optional[str] = None, data: Optional[Text] = None,
                 name: Optional[str] = None, screens: Iterable[str] = (),
                 locales: Iterable[str] = (), text_scale: Optional[str] = None,
                 strings_directory: Optional[str] = None, catalogs: Iterable[str] = (),
                 landscape: bool = False) -> None:
        if (path is None) == (data is None):
            raise InvalidArgumentError("Project: give exactly one of path and data")
        options = lib.ff_project_options_create()
        if not options:
            raise MemoryError("ff_project_options_create failed")
        try:
            for catalog in catalogs:
                _call(lib.ff_project_options_add_catalog, options, _encode(str(catalog)))
            if strings_directory is not None:
                _call(lib.ff_project_options_set_strings_directory, options,
                      _encode(str(strings_directory)))
            for locale in locales:
                _call(lib.ff_project_options_add_locale, options, _encode(locale))
            if text_scale is not None:
                _call(lib.ff_project_options_set_text_scale, options, _encode(str(text_scale)))
            for screen in screens:
                _call(lib.ff_project_options_add_screen, options, _encode(screen))
            lib.ff_project_options_set_landscape(options, int(bool(landscape)))
            handle = c_void_p()
            if path is not None:
                _call(lib.ff_project_create_from_file, _encode(str(path)), options,
                      byref(handle))
            else:
                raw = _encode(data, "data")  # type: ignore[arg-type]
                _call(lib.ff_project_create_from_data, raw, len(raw),
                      None if name is None else _encode(name), options, byref(handle))
            self._handle = handle.value
        finally:
            lib.ff_project_options_destroy(options)

    @property
    def screens(self) -> list:
        """The screens laid out on, as ScreenInfo, in the order layout() counts them."""
        handle = self._live()
        result = []
        for index in range(lib.ff_project_get_screen_count(handle)):
            name, (width, height, scale) = c_char_p(), _doubles(3)
            _call(lib.ff_project_get_screen, handle, index, byref(name), byref(width),
                  byref(height), byref(scale))
            result.append(ScreenInfo(_str(name.value) or "", width.value, height.value,
                                     scale.value))
        return result

    @property
    def locales(self) -> list:
        """The locales laid out in (None for the one locale of a project asked for none)."""
        handle = self._live()
        return [_str(lib.ff_project_get_locale(handle, index))
                for index in range(lib.ff_project_get_locale_count(handle))]

    def dump_json(self, fonts: FontSystem, glyphs: bool = False) -> str:
        """The JSON dump of every screen in every locale, as ``demo dump --format json``."""
        json, length = c_void_p(), c_size_t()
        _call(lib.ff_project_dump_json, self._live(), fonts._live(), int(bool(glyphs)),
              byref(json), byref(length))
        return _take_string(json, length)

    def dump(self, fonts: FontSystem, glyphs: bool = False) -> Any:
        """dump_json() parsed with json.loads()."""
        import json
        return json.loads(self.dump_json(fonts, glyphs))

    def layout(self, fonts: FontSystem, screen: Union[int, str] = 0,
               locale: Union[int, str, None] = 0) -> "ScreenLayout":
        """Lay the project out on a screen (index or name) in a locale (index or name)."""
        handle = self._live()
        if isinstance(screen, str):
            names = [info.name for info in self.screens]
            if screen not in names:
                raise ProjectError(f"screen {screen!r} is not one of the project's: "
                                   + ", ".join(names))
            screen = names.index(screen)
        if locale is None or isinstance(locale, str):
            names = self.locales
            if locale not in names:
                raise ProjectError(f"locale {locale!r} is not one of the project's: "
                                   + ", ".join(str(name) for name in names))
            locale = names.index(locale)
        result = c_void_p()
        _call(lib.ff_project_layout, handle, fonts._live(), locale, screen, byref(result))
        return ScreenLayout(result.value)


class ScreenLayout(_Handle):
    """One screen's widget tree, laid out; read eagerly, but kept alive for draw().

    Made by Project.layout(); close() (or a with block) frees it.
    """

    _destroy = lib.ff_screen_destroy

    def __init__(self, handle: int) -> None:
        self._handle = handle
        self.name: str = _str(lib.ff_screen_get_name(handle)) or ""
        self.locale: Optional[str] = _str(lib.ff_screen_get_locale(handle))
        width, height, scale = _doubles(3)
        lib.ff_screen_get_size(handle, byref(width), byref(height), byref(scale))
        self.width: float = width.value
        self.height: float = height.value
        self.scale: float = scale.value
        self.widgets: Tuple[Widget, ...] = tuple(
            self._widget(index) for index in range(lib.ff_screen_get_widget_count(handle)))
        problems = []
        for index in range(lib.ff_screen_get_problem_count(handle)):
            widget, kind, message = c_char_p(), c_char_p(), c_char_p()
            _call(lib.ff_screen_get_problem, handle, index, byref(widget), byref(kind),
                  byref(message))
            problems.append(Problem(_str(widget.value) or "", _str(kind.value) or "",
                                    _str(message.value) or ""))
        self.problems: Tuple[Problem, ...] = tuple(problems)

    def _widget(self, index: int) -> Widget:
        handle = self._handle
        frames = []
        for coordinates in (0, 1):
            x, y, width, height = _doubles(4)
            _call(lib.ff_screen_get_widget_frame, handle, index, coordinates, byref(x),
                  byref(y), byref(width), byref(height))
            frames.append((x.value, y.value, width.value, height.value))
        parent = lib.ff_screen_get_widget_parent(handle, index)
        text = lib.ff_screen_get_widget_text(handle, index)
        kind = lib.ff_screen_get_widget_kind(handle, index)
        color = None
        if text:
            channels = [c_uint8() for _ in range(4)]
            _call(lib.ff_screen_get_widget_text_color, handle, index,
                  *[byref(channel) for channel in channels])
            color = tuple(channel.value for channel in channels)
        return Widget(
            index=index,
            kind=_WIDGET_KINDS.get(kind, str(kind)),
            id=_str(lib.ff_screen_get_widget_id(handle, index)) or "",
            parent=None if parent < 0 else parent,
            children=tuple(lib.ff_screen_get_widget_child(handle, index, child)
                           for child in range(lib.ff_screen_get_widget_child_count(handle,
                                                                                     index))),
            frame=frames[0],
            screen_frame=frames[1],
            text=_read_widget_text(text) if text else None,
            text_color=color,
        )

    def widget(self, id: str) -> Widget:
        """The first widget whose id is ``id``; KeyError when none."""
        for widget in self.widgets:
            if widget.id == id:
                return widget
        raise KeyError(id)

    def to_json(self, glyphs: bool = False) -> str:
        """This screen's JSON dump, as one element of dump_json()'s "screens"."""
        json, length = c_void_p(), c_size_t()
        _call(lib.ff_screen_to_json, self._live(), int(bool(glyphs)), byref(json),
              byref(length))
        return _take_string(json, length)

    def draw(self, widget: int = 0, width: Optional[int] = None, height: Optional[int] = None,
             scale: float = 0, format: str = "rgba", frames: bool = False,
             background: Optional[Sequence[int]] = None, buffer: Any = None,
             stride: Optional[int] = None) -> Any:
        """Draw widget ``widget`` (0: the whole screen) and what is inside it; return pixels.

        ``scale`` is pixels per point (0: the screen's). The size defaults to the widget's
        frame times the scale, rounded. ``format`` is "rgba" (bytes R, G, B, A, straight
        alpha) or "argb32" (cairo's native-endian premultiplied words). ``background``, an
        (r, g, b, a) of 0–255, fills the pixels first; otherwise drawing blends over them.
        Without ``buffer`` a new bytearray (stride width × 4) is returned; with one (a
        writable bytes-like object of at least stride × height bytes) it is drawn into and
        returned.
        """
        handle = self._live()
        pixel_format = _choice("format", format, _FORMATS)
        if not 0 <= widget < len(self.widgets):
            raise InvalidArgumentError(f"widget {widget} is out of range")
        pixels_per_point = scale or self.scale
        frame = self.widgets[widget].frame
        width = round(frame[2] * pixels_per_point) if width is None else width
        height = round(frame[3] * pixels_per_point) if height is None else height
        if width < 0 or height < 0:
            raise InvalidArgumentError(f"draw: size {width}×{height} is negative")
        stride = width * 4 if stride is None else stride
        if stride < width * 4:
            raise InvalidArgumentError(f"draw: stride {stride} is less than width × 4")
        if buffer is None:
            buffer = bytearray(stride * height)
        view = memoryview(buffer).cast("B")
        if view.readonly:
            raise InvalidArgumentError("draw: the buffer is read-only")
        if view.nbytes < stride * height:
            raise InvalidArgumentError(
                f"draw: the buffer has {view.nbytes} bytes, {stride * height} needed")
        if background is not None:
            pixel = _pixel(background, pixel_format)
            row = pixel * width
            for y in range(height):
                view[y * stride:y * stride + len(row)] = row
        if view.nbytes == 0:
            return buffer
        array = (ctypes.c_uint8 * view.nbytes).from_buffer(view)
        try:
            _call(lib.ff_screen_draw, handle, widget, array, width, height, stride,
                  pixel_format, float(scale), 1 if frames else 0)
        finally:
            del array
            view.release()
        return buffer


def _pixel(color: Sequence[int], pixel_format: int) -> bytes:
    """One pixel of ``color`` (r, g, b, a) in the given ff_pixel_format."""
    red, green, blue, alpha = (int(channel) for channel in color)
    if not all(0 <= channel <= 255 for channel in (red, green, blue, alpha)):
        raise InvalidArgumentError(f"background: {tuple(color)} is not four values 0–255")
    if pixel_format == 0:
        return bytes((red, green, blue, alpha))
    red, green, blue = ((channel * alpha + 127) // 255 for channel in (red, green, blue))
    return struct.pack("=I", alpha << 24 | red << 16 | green << 8 | blue)
