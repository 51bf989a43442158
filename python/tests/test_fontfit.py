"""Tests of the fontfit ctypes bindings; run with FONTFIT_LIBRARY set to libfontfit.so.0."""

import math
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import fontfit

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "Demo" / "Resources" / "sample.json"
LONG = ("When the text is longer than its label, the font shrinks step by step until the "
        "wrapped lines fit the box.")


@pytest.fixture(scope="module")
def fonts():
    with fontfit.FontSystem() as system:
        yield system


@pytest.fixture(scope="module")
def screen(fonts):
    with fontfit.Project(SAMPLE, screens=["iPhone 6 Plus"]) as project:
        with project.layout(fonts, screen="iPhone 6 Plus") as layout:
            yield project, layout


def test_version():
    assert fontfit.version().count(".") == 2
    assert fontfit.__version__


@pytest.mark.parametrize("box", [(100, 40), (200, 60), (280, 100), (90, 200), (400, 30)])
def test_fitted_text_is_no_taller_than_its_box(fonts, box):
    layout = fonts.fit(LONG, box=box, fit="grid", min_size=6, max_size=40)
    assert layout.fits and layout.failure is None
    assert layout.height <= box[1] + 1e-9
    assert 6 <= layout.font_size <= 40
    assert all(line.width <= box[0] + 1e-6 for line in layout.lines)


def test_fit_is_monotonic_over_a_range_of_heights(fonts):
    sizes = []
    for height in range(30, 200, 10):
        layout = fonts.fit(LONG, box=(150, height), fit="grid", min_size=5, max_size=60)
        assert layout.height <= height
        sizes.append(layout.font_size)
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]


def test_exact_fit_is_no_taller_than_its_box(fonts):
    layout = fonts.fit(LONG, box=(150, 30), fit="exact", min_size=5, max_size=60)
    assert layout.fits and layout.height <= 30


def test_shorter_text_grows_back(fonts):
    long = fonts.fit(LONG, box=(150, 40), fit="grid", max_size=30)
    short = fonts.fit("Short", box=(150, 40), fit="grid", max_size=30)
    assert short.font_size > long.font_size
    assert short.text == "Short" and [line.text for line in short.lines] == ["Short"]


def test_same_input_same_result(fonts):
    first = fonts.fit(LONG, box=(120, 80), fit="exact")
    assert first == fonts.fit(LONG, box=(120, 80), fit="exact")
    assert first.lines[0].runs[0].glyphs


def test_unbounded_text_and_measure(fonts):
    layout = fonts.fit("One line", font="DejaVu Sans 12", box=(math.inf, math.inf))
    assert layout.font_size == 12 and len(layout.lines) == 1
    assert layout.face.family == "DejaVu Sans"
    width, height = fonts.measure("One line", font="DejaVu Sans 12")
    assert width == pytest.approx(layout.width) and height == pytest.approx(layout.height)
    narrow = fonts.measure("One line", 30, font="DejaVu Sans 12")
    assert narrow[1] > height


def test_failure_and_ellipsis(fonts):
    layout = fonts.fit(LONG, box=(100, math.inf), max_lines=1)
    assert not layout.fits
    assert layout.failure.kind == "too_many_lines"
    assert layout.failure.needed > layout.failure.available == 1
    assert layout.lines[-1].text.endswith("…")
    assert any(glyph.cluster is None for run in layout.lines[-1].runs for glyph in run.glyphs)


def test_chinese_falls_back_to_another_face(fonts):
    layout = fonts.fit("中文字体测试", language="zh-Hans")
    files = {run.file for line in layout.lines for run in line.runs}
    assert files and not any("DejaVu" in file for file in files)


def test_arabic_line_is_rtl(fonts):
    layout = fonts.fit("مرحبا بالعالم")
    assert layout.lines[0].rtl
    assert not fonts.fit("Hello").lines[0].rtl


@pytest.mark.parametrize("kwargs", [
    {"box": (-1, 10)},
    {"alignment": "diagonal"},
    {"fit": "grid", "min_size": 20, "max_size": 10},
    {"size": -3},
    {"line_height": 0},
])
def test_invalid_arguments(fonts, kwargs):
    with pytest.raises(fontfit.InvalidArgumentError) as caught:
        fonts.fit("text", **kwargs)
    assert caught.value.status == 1 and str(caught.value) == caught.value.message != ""


def test_bad_utf8(fonts):
    with pytest.raises(fontfit.InvalidArgumentError, match="UTF-8"):
        fonts.fit(b"abc\xff")


def test_bad_layout_data_is_located():
    data = '{"designScreen": "iPhone 5",\n  "root": {"type": "Label", "font": 12}\n}'
    with pytest.raises(fontfit.FileError) as caught:
        fontfit.Project(data=data, name="bad.json")
    error = caught.value
    assert error.status == 2 and error.file == "bad.json" and error.line == 2
    assert error.column > 0 and error.key_path == "root.font"
    assert str(error).startswith(f"bad.json:2:{error.column}:")


def test_project_arguments():
    with pytest.raises(fontfit.InvalidArgumentError):
        fontfit.Project()
    with pytest.raises(fontfit.FileError):
        fontfit.Project(REPO / "no-such-layout.json")


def test_unknown_screen(fonts):
    with pytest.raises(fontfit.ProjectError):
        fontfit.Project(SAMPLE, screens=["iPhone 99"])
    with fontfit.Project(SAMPLE) as project:
        with pytest.raises(fontfit.ProjectError):
            project.layout(fonts, screen="iPhone 99")


def test_sample_on_iphone_6_plus(fonts, screen):
    project, layout = screen
    assert [info.name for info in project.screens] == ["iPhone 6 Plus"]
    assert project.locales == [None]
    assert (layout.name, layout.width, layout.height, layout.scale) == (
        "iPhone 6 Plus", 414, 736, 3)
    headline = layout.widget("headline")
    assert headline.kind == "Label" and headline.parent == 0
    assert headline.text.design_size == 22 and headline.text.adapted_size == 25
    assert [stage.kind for stage in headline.text.stages][:2] == ["design", "screen"]
    root = layout.widgets[0]
    assert root.parent is None and headline.index in root.children

    dump = project.dump(fonts)
    children = dump["screens"][0]["root"]["children"]
    texts = [widget for widget in layout.widgets if widget.text is not None]
    assert len(texts) == len(children)
    for widget, child in zip((layout.widgets[i] for i in root.children), children):
        assert widget.id == child["id"]
        assert widget.text.font_size == pytest.approx(child["font"]["size"])
        assert widget.frame == pytest.approx(tuple(child["frame"][key] for key in
                                                   ("x", "y", "width", "height")), abs=1e-3)
    assert any(problem.widget == "legal" for problem in layout.problems)
    assert '"iPhone 6 Plus"' in layout.to_json()


def test_draw(screen):
    _, layout = screen
    headline = layout.widget("headline")
    rgba = layout.draw(headline.index, background=(255, 255, 255, 255))
    width, height = round(headline.frame[2] * 3), round(headline.frame[3] * 3)
    assert len(rgba) == width * height * 4
    darkest = min(rgba[i] for i in range(0, len(rgba), 4))
    assert darkest < 80  # text was drawn
    assert rgba[0:4] == b"\xff\xff\xff\xff"  # the corner is background

    argb = layout.draw(headline.index, format="argb32", background=(255, 255, 255, 255))
    words = struct.unpack(f"={width * height}I", argb)
    converted = bytearray()
    for word in words:
        converted += bytes((word >> 16 & 255, word >> 8 & 255, word & 255, word >> 24))
    assert max(abs(a - b) for a, b in zip(converted, rgba)) <= 1

    buffer = bytearray(100 * 50 * 4 + 16)
    assert layout.draw(headline.index, 100, 50, stride=100 * 4 + 0, buffer=memoryview(buffer),
                       background=(255, 255, 255, 255)) is not None
    assert min(buffer[0:100 * 50 * 4:4]) < 255
    with pytest.raises(fontfit.InvalidArgumentError):
        layout.draw(headline.index, 100, 50, buffer=bytearray(10))


def test_closed_handles_raise(fonts):
    system = fontfit.FontSystem()
    system.close()
    system.close()
    with pytest.raises(fontfit.InvalidArgumentError):
        system.fit("x")


def test_missing_library_gives_clear_error(tmp_path):
    env = dict(os.environ, FONTFIT_LIBRARY=str(tmp_path / "libfontfit.so.0"))
    result = subprocess.run([sys.executable, "-c", "import fontfit"], env=env,
                            cwd=str(REPO / "python"), capture_output=True, text=True)
    assert result.returncode != 0
    assert "FONTFIT_LIBRARY" in result.stderr and "OSError" in result.stderr


def test_stacks_mirror_in_arabic_and_report_colours(fonts):
    preferences = REPO / "Demo" / "Projects" / "preferences" / "layout.json"
    with fontfit.Project(preferences, screens=["iPhone 5"], locales=["en", "ar"]) as project:
        rows = {}
        for locale in ("en", "ar"):
            layout = project.layout(fonts, screen=0, locale=locale)
            assert layout.widgets[0].kind == "Stack"
            assert layout.widget("terms").kind == "ScrollView"
            label, value = layout.widget("wifi"), layout.widget("wifiValue")
            rows[locale] = label.frame[0] > value.frame[0]
            assert layout.widget("name").text_color == (0x3C, 0x3C, 0x43, 0x4D)
            assert layout.widget("save").text_color == (255, 255, 255, 255)
            assert layout.widgets[0].text_color is None
        assert rows == {"en": False, "ar": True}


def test_markup_scales_every_span_by_one_factor(fonts):
    markup = "Total <b>42,00 €</b> <small>incl. VAT</small>"
    for width in (120, 180, 260, 400):
        layout = fonts.fit_markup(markup, font="DejaVu Sans 24", box=(width, 40), fit="grid",
                                  min_size=6, max_size=24, max_lines=1)
        assert layout.text == "Total 42,00 € incl. VAT"
        assert layout.fits and all(line.width <= width + 1e-6 for line in layout.lines)
        runs = [run for line in layout.lines for run in line.runs]
        assert any("Bold" in run.file for run in runs)
        sizes = sorted({round(run.size, 9) for run in runs})
        # The text's size, and the small run's at 1/1.2 of it.
        assert sizes == [round(layout.font_size / 1.2, 9), round(layout.font_size, 9)]


def test_bad_markup_names_its_place(fonts):
    with pytest.raises(fontfit.InvalidArgumentError) as raised:
        fonts.fit_markup("Total\n<b>42", font="DejaVu Sans 12", box=(100, 40))
    assert raised.value.line == 2 and raised.value.column == 1
    assert "<b> is never closed" in str(raised.value)
