import Foundation
import Testing

@Suite("A screen laid out on all cores, through the demo")
struct DemoAllCoresTests {
  /// 600 widgets of every sort: labels in Latin, Chinese and Arabic, texts that overflow,
  /// fit groups, mirrored frames, and stacks that fit their labels together; each a line of
  /// JSON.
  static func widgets() -> [String] {
    let texts = [
      "Sign in with your account", "字体自适应标签", "مرحبا بالعالم، هذا نص عربي",
      "When the text is longer than its label, the font shrinks until every word fits",
      "Donaudampfschifffahrtsgesellschaftskapitän", "OK",
    ]
    return (0..<600).map { index in
      let text = "\(texts[index * 7 % texts.count]) \(index % 40)"
      let font = "DejaVu Sans \(10 + index * 13 % 20)"
      if index % 10 == 9 {
        let label =
          #"{"type": "Label", "id": "s\#(index)-%d", "font": "\#(font)", "#
          + #""numberOfLines": 1, "text": "\#(text)"}"#
        return #"{"type": "Stack", "id": "s\#(index)", "frame": [10, \#(index % 500), 200, 50], "#
          + #""children": [\#(String(format: label, 0)), \#(String(format: label, 1))]}"#
      }
      let group = index % 7 == 0 ? #", "fitGroup": "g\#(index % 3)""# : ""
      return #"{"type": "Label", "id": "l\#(index)", "#
        + #""frame": [10, \#(index % 500), \#(80 + index % 220), 40], "font": "\#(font)", "#
        + #""mirrorsInRightToLeft": \#(index % 11 == 0), "text": "\#(text)"\#(group)}"#
    }
  }

  /// A layout of `children` (lines of JSON) under a root laid out in `direction`.
  static func layout(_ children: [String], direction: String) -> String {
    #"{"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", "#
      + #""frame": [0, 0, 320, 568], "layoutDirection": "\#(direction)", "children": ["#
      + children.joined(separator: ",\n") + "]}}"
  }

  /// The dump's lines of labels and stacks, without their indentation, screen by screen.
  static func widgetLines(_ dump: String) -> [String] {
    dump.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("Label ") || trimmed.hasPrefix("Stack ") || !line.hasPrefix(" ")
        ? trimmed : nil
    }
  }

  @Test(
    "600 widgets in one view dump as in views of 100, each laid out one by one",
    arguments: ["leftToRight", "rightToLeft"])
  func oneViewLikeViewsOfHundred(direction: String) throws {
    // The demo lays a view's many children out on all cores (its main thread shares the work
    // with the dispatch pool); views of 100 children are each too few to share out.
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let widgets = Self.widgets()
    let flat = try scratch.write("flat.json", Self.layout(widgets, direction: direction))
    let parts = (0..<6).map { part in
      #"{"type": "View", "id": "part\#(part)", "frame": [0, 0, 320, 568], "children": ["#
        + widgets[part * 100..<(part + 1) * 100].joined(separator: ",\n") + "]}"
    }
    let split = try scratch.write("split.json", Self.layout(parts, direction: direction))
    // One screen a run: the screen is laid out on the main thread with every core free (a
    // run of several lays two screens out at once, and each stays on its thread).
    for screen in ["iPhone 4s", "iPad"] {
      let one = try runDemo(["dump", flat, "--screen", screen])
      let serial = try runDemo(["dump", split, "--screen", screen])
      #expect(one.status == 0, "\(one.stderr)")
      #expect(serial.status == 0, "\(serial.stderr)")
      let lines = Self.widgetLines(one.stdout)
      #expect(lines.count == 1 + 600 + 60 * 2)
      #expect(lines == Self.widgetLines(serial.stdout), "\(screen)")
    }
  }
}
