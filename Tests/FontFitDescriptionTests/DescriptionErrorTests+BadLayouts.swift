import FontFitDescription
import FontFitFontModel
import FontFitWidgets
import Foundation
import TestSupport
import Testing

// MARK: - Bad files

extension DescriptionErrorTests {
  /// A description file that must be rejected, and where and why.
  struct BadLayout: Sendable, CustomTestStringConvertible {
    /// What is wrong, shown as the test case's name.
    var name: String
    /// The file's text.
    var json: String
    /// The expected 1-based line.
    var line: Int
    /// The expected 1-based column.
    var column: Int
    /// The expected key path; empty for the file as a whole.
    var keyPath: String
    /// A fragment the message must contain.
    var message: String

    var testDescription: String { name }

    /// What `DescriptionError.description` must start with.
    var expectedPrefix: String {
      let location = "layout.json:\(line):\(column): "
      return keyPath.isEmpty ? location : location + "\(keyPath): "
    }
  }

  /// One file per kind of mistake; the fixtures are multi-line so lines and columns matter.
  static let badLayouts: [BadLayout] = [
    BadLayout(
      name: "JSON syntax error: trailing comma in an object",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": { "type": "View", "id": "root", },
        }
        """,
      line: 3, column: 43, keyPath: "", message: "expected a string key, found '}'"),
    BadLayout(
      name: "unknown widget type",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Slider", "id": "volume", "frame": [20, 20, 280, 30] }
            ]
          }
        }
        """,
      line: 6, column: 17, keyPath: "root.children[0].type",
      message: "unknown value \"Slider\"; expected one of \"View\", \"Label\""),
    BadLayout(
      name: "frame given as a string",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root",
            "frame": "0 0 320 568"
          }
        }
        """,
      line: 5, column: 14, keyPath: "root.frame",
      message: "expected an array of 4 numbers [x, y, width, height], found a string"),
    BadLayout(
      name: "numberOfLines given as a string",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
                "numberOfLines": "2", "text": "Hello" }
            ]
          }
        }
        """,
      line: 7, column: 26, keyPath: "root.children[0].numberOfLines",
      message: "expected a number, found a string"),
    BadLayout(
      name: "text given as a number",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
                "text": 42 }
            ]
          }
        }
        """,
      line: 7, column: 17, keyPath: "root.children[0].text",
      message: "expected a string, found a number"),
    BadLayout(
      name: "negative frame width",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Label", "id": "title", "frame": [20, 20, -280, 60] }
            ]
          }
        }
        """,
      line: 6, column: 59, keyPath: "root.children[0].frame[2]",
      message: "expected a number ≥ 0, found -280"),
    BadLayout(
      name: "negative autoFit minimumSize",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": {
              "minimumSize": -2
            }
          }
        }
        """,
      line: 6, column: 22, keyPath: "root.autoFit.minimumSize",
      message: "expected a positive number, found -2"),
    BadLayout(
      name: "zero autoFit minimumSize",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": { "minimumSize": 0, "step": 0.5 }
          }
        }
        """,
      line: 5, column: 33, keyPath: "root.autoFit.minimumSize",
      message: "expected a positive number, found 0"),
    BadLayout(
      name: "zero autoFit step",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": { "minimumSize": 10, "step": 0 }
          }
        }
        """,
      line: 5, column: 45, keyPath: "root.autoFit.step",
      message: "expected a positive number, found 0"),
    BadLayout(
      name: "negative autoFit step",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": {
              "step": -0.5
            }
          }
        }
        """,
      line: 6, column: 15, keyPath: "root.autoFit.step",
      message: "expected a positive number, found -0.5"),
    BadLayout(
      name: "autoFit maximum below its minimum",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": { "minimumSize": 20, "maximumSize": 10 }
          }
        }
        """,
      line: 5, column: 52, keyPath: "root.autoFit.maximumSize",
      message: "expected a maximum size ≥ the minimum size 20"),
    BadLayout(
      name: "frame too large to scale",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": { "type": "View", "id": "root", "frame": [0, 0, 1e308, 568] }
        }
        """,
      line: 3, column: 59, keyPath: "root.frame[2]",
      message: "expected a number of at most 1000000, found 1e+308"),
    BadLayout(
      name: "autoFit step too fine",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": { "minimumSize": 1, "step": 0.00001 }
          }
        }
        """,
      line: 5, column: 16, keyPath: "root.autoFit",
      message: "step 1e-05 makes more than 100000 candidate sizes"),
    BadLayout(
      name: "truncation token with a line break",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "truncationToken": "\\n"
          }
        }
        """,
      line: 5, column: 24, keyPath: "root.truncationToken",
      message: "expected a token without line breaks"),
    BadLayout(
      name: "exponent out of range",
      json: """
        {
          "designScreen": "iPhone 5",
          "adaptation": { "policy": "proportional", "exponent": 1000000 },
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 3, column: 57, keyPath: "adaptation.exponent",
      message: "expected a number of at most 10, found"),
    BadLayout(
      name: "NaN is not JSON",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title",
            "frame": [20, 20, NaN, 60]
          }
        }
        """,
      line: 5, column: 23, keyPath: "", message: "expected a value, found 'N'"),
    BadLayout(
      name: "unknown design screen",
      json: """
        {
          "designScreen": "iPhone 99",
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 2, column: 19, keyPath: "designScreen",
      message: "unknown screen \"iPhone 99\"; known screens: iPhone 4s, iPhone 5, iPhone 6,"),
    BadLayout(
      name: "misspelt key",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
                "fnot": "DejaVu Sans 17" }
            ]
          }
        }
        """,
      line: 7, column: 9, keyPath: "root.children[0].fnot",
      message:
        "unknown key \"fnot\"; expected one of type, id, frame, backgroundColor, scalesFrames, "
        + "children, grow, shrink, minWidth, maxWidth, minHeight, maxHeight, layoutDirection, "
        + "mirrorsInRightToLeft, font, textColor, insets,"
    ),
    BadLayout(
      name: "text colour without its hash",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "textColor": "FF0000"
          }
        }
        """,
      line: 5, column: 18, keyPath: "root.textColor",
      message: "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal), found \"FF0000\""),
    BadLayout(
      name: "background colour with a bad digit",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "backgroundColor": "#12345G"
          }
        }
        """,
      line: 5, column: 24, keyPath: "root.backgroundColor",
      message: "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal), found \"#12345G\""),
    BadLayout(
      name: "text colour on a plain view",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "textColor": "#000000"
          }
        }
        """,
      line: 5, column: 5, keyPath: "root.textColor",
      message: "unknown key \"textColor\" on a View: it is for text widgets"),
    BadLayout(
      name: "font name without a size",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "font": "DejaVu Sans"
          }
        }
        """,
      line: 5, column: 13, keyPath: "root.font",
      message: "font name \"DejaVu Sans\": expected a size at the end"),
    BadLayout(
      name: "unknown adaptation policy",
      json: """
        {
          "designScreen": "iPhone 5",
          "adaptation": { "policy": "stretchy" },
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 3, column: 29, keyPath: "adaptation.policy",
      message: "unknown value \"stretchy\"; expected one of \"none\", \"increments\","),
    BadLayout(
      name: "missing root",
      json: """
        {
          "designScreen": "iPhone 5",
          "adaptation": { "policy": "none" }
        }
        """,
      line: 1, column: 1, keyPath: "", message: "missing key \"root\""),
    BadLayout(
      name: "frame with 3 numbers",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root",
            "frame": [0, 0, 320]
          }
        }
        """,
      line: 5, column: 14, keyPath: "root.frame",
      message: "expected an array of 4 numbers [x, y, width, height], found 3 items"),
    BadLayout(
      name: "error in a nested child",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "Label", "id": "first", "frame": [20, 20, 280, 60] },
              { "type": "View", "id": "group", "frame": [0, 100, 320, 200],
                "children": [
                  { "type": "Button", "id": "ok",
                    "frame": [20, 20, -1e2, 44] }
                ] }
            ]
          }
        }
        """,
      line: 10, column: 31, keyPath: "root.children[1].children[0].frame[2]",
      message: "expected a number ≥ 0, found -100"),
    BadLayout(
      name: "scalesFrames given as an unknown word",
      json: """
        {
          "designScreen": "iPhone 5",
          "scalesFrames": "no",
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 3, column: 19, keyPath: "scalesFrames",
      message: "expected true, false, \"both\", \"width\", \"uniform\" or \"none\", found \"no\""),
    BadLayout(
      name: "file screen without a width",
      json: """
        {
          "screens": [
            { "name": "Kiosk", "height": 600 }
          ],
          "designScreen": "Kiosk",
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 3, column: 5, keyPath: "screens[0]", message: "missing key \"width\""),
    BadLayout(
      name: "increments row without its increment",
      json: """
        {
          "designScreen": "iPhone 5",
          "adaptation": {
            "policy": "increments",
            "table": [{ "minWidth": 0, "increment": 0 }, { "minWidth": 400 }]
          },
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 5, column: 50, keyPath: "adaptation.table[1]",
      message: "expected keys \"minWidth\" and \"increment\""),
    BadLayout(
      name: "autoFit given as a string",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "autoFit": "yes"
          }
        }
        """,
      line: 5, column: 16, keyPath: "root.autoFit",
      message: "expected true, false or an object, found a string"),
    BadLayout(
      name: "placeholder on a label",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
            "placeholder": "Name"
          }
        }
        """,
      line: 5, column: 5, keyPath: "root.placeholder", message: "unknown key \"placeholder\""),
  ]
}
