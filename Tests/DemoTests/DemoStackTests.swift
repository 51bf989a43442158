// Screens that follow their text, end to end: the built demo on stack layouts, on real fonts.

import Foundation
import Testing

@Suite("Stacks through the demo")
struct DemoStackTests {
  static let preferences = "Demo/Projects/preferences/layout.json"

  /// A column of labels in a screen-high stack, each label's text longer than the last.
  static func column(labels: Int) -> String {
    let words = "Labels grow"
    let children = (0..<labels).map { index in
      """
          { "type": "Label", "id": "label\(index)", "font": "DejaVu Sans 15",
            "text": "\(index): \(String(repeating: words + " ", count: index + 1))" }
      """
    }
    return """
      { "designScreen": "iPhone 5", "adaptation": { "policy": "increments" },
        "root": { "type": "Stack", "id": "column", "frame": [0, 0, 320, 568], "spacing": 8,
          "padding": 16, "children": [
      \(children.joined(separator: ",\n"))
          ] } }
      """
  }

  /// The widgets of `run`'s first screen by id.
  private func widgetsByID(_ run: DemoRun) throws -> [String: [String: Any]] {
    let root = try #require(try jsonScreens(run).first?["root"] as? [String: Any])
    var byID: [String: [String: Any]] = [:]
    for widget in widgets(in: root) {
      if let id = widget["id"] as? String { byID[id] = widget }
    }
    return byID
  }

  private func frame(_ widget: [String: Any]?) throws -> (
    x: Double, y: Double, w: Double, h: Double
  ) {
    let frame = try #require(widget?["frame"] as? [String: Any])
    return (
      try #require(number(frame, "x")), try #require(number(frame, "y")),
      try #require(number(frame, "width")), try #require(number(frame, "height"))
    )
  }

  /// The fitted size and the stage details of a text widget.
  private func fitted(_ widget: [String: Any]?) throws -> (size: Double, details: [String]) {
    let font = try #require(widget?["font"] as? [String: Any])
    let pipeline = try #require(font["pipeline"] as? [[String: Any]])
    return (try #require(number(font, "size")), pipeline.compactMap { $0["detail"] as? String })
  }

  @Test("At AX3 a column of labels grows in height and pushes each label below it down")
  func columnGrowsAtAX3() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // Three labels fit the iPhone 14 Pro Max at AX3, so nothing has to shrink.
    let layout = try scratch.write("column.json", Self.column(labels: 3))
    let screen = ["--screen", "iPhone 14 Pro Max", "--format", "json"]
    let standard = try widgetsByID(try runDemo([layout] + screen))
    let large = try widgetsByID(try runDemo([layout, "--text-scale", "AX3"] + screen))
    var previousBottom = 16.0 - 8
    for index in 0..<3 {
      let id = "label\(index)"
      let before = try frame(standard[id])
      let after = try frame(large[id])
      #expect(after.h > before.h * 1.8, "\(id) grows with its text: \(before.h) → \(after.h)")
      #expect(after.y >= previousBottom + 8 - 1e-3, "\(id) starts below the label above it")
      previousBottom = after.y + after.h
      let (size, details) = try fitted(large[id])
      #expect(details.contains { $0.hasPrefix("×2.353") }, "\(details)")
      #expect(!details.contains { $0.hasPrefix("stack") }, "\(id) is not shrunk: \(details)")
      #expect(size > 15 * 2.353 * 1.08, "\(id) keeps its scaled size: \(size)")
      #expect(large[id]?["fits"] as? Bool == true)
    }
    let check = try runDemo([
      "check", layout, "--text-scale", "AX3", "--screen", "iPhone 14 Pro Max",
    ])
    #expect(check.status == 0, "no problem: \(check.stdout)")
  }

  @Test("On the iPhone 4s at AX3 every text of the screen shrinks by one factor, and it fits")
  func oneFitOnTheSmallestScreen() throws {
    let run = try runDemo(
      [Self.preferences, "--screen", "iPhone 4s", "--text-scale", "AX3", "--format", "json"],
      in: packageRoot)
    #expect(run.status == 0)
    let byID = try widgetsByID(run)
    var factors: Set<String> = []
    for id in ["title", "intro", "wifi", "wifiValue", "topicsHeading", "news", "name", "save"] {
      let (_, details) = try fitted(byID[id])
      let stack = try #require(details.first { $0.hasPrefix("stack ×") }, "\(id): \(details)")
      factors.insert(stack)
      #expect(byID[id]?["fits"] as? Bool == true, "\(id)")
    }
    #expect(factors.count == 1, "one factor for the whole screen: \(factors)")
    // The text in the scroll view keeps its scaled size.
    let (terms, termsDetails) = try fitted(byID["termsText"])
    #expect(!termsDetails.contains { $0.hasPrefix("stack") })
    #expect(abs(terms - 13 * 2.353) < 0.01, "\(terms)")
    // Everything is on the screen, one below the other.
    let save = try frame(byID["save"])
    #expect(save.y + save.h <= 480 - 16 + 1e-3)
    let check = try runDemo(
      ["check", Self.preferences, "--screen", "iPhone 4s", "--text-scale", "AX3"],
      in: packageRoot)
    #expect(check.status == 1)
    let lines = check.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(line.contains(" · scaleLost · "), "only lost scale is reported: \(line)")
    }
    #expect(
      check.stdout.contains("title · scaleLost · the text scale ×2.353 AX3 asks for 65.882pt"))
  }

  @Test("An Arabic locale mirrors rows: the first child is on the right")
  func arabicMirrorsRows() throws {
    for (locale, mirrored) in [("en", false), ("ar", true)] {
      let run = try runDemo(
        [Self.preferences, "--screen", "iPhone 5", "--locale", locale, "--format", "json"],
        in: packageRoot)
      #expect(run.status == 0)
      let byID = try widgetsByID(run)
      let label = try frame(byID["wifi"])
      let value = try frame(byID["wifiValue"])
      #expect((label.x > value.x) == mirrored, "\(locale): wifi at \(label.x), value at \(value.x)")
      let first = try frame(byID["news"])
      let second = try frame(byID["sport"])
      #expect((first.x > second.x) == mirrored, "\(locale): chips run the other way")
      if mirrored {
        #expect(abs(first.x + first.w - 288) < 1e-3, "the first chip ends at the right")
      }
    }
  }

  @Test("A stack whose fixed texts cannot fit reports its overflow with how much")
  func stackOverflowIsChecked() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let layout = try scratch.write(
      "fixed.json",
      """
      { "designScreen": "iPhone 5",
        "root": { "type": "Stack", "id": "column", "frame": [0, 0, 320, 100], "children": [
          { "type": "Label", "id": "a", "font": "DejaVu Sans 17", "autoFit": false, "text": "one" },
          { "type": "Label", "id": "b", "font": "DejaVu Sans 17", "autoFit": false, "text": "two" },
          { "type": "Label", "id": "c", "font": "DejaVu Sans 17", "autoFit": false, "text": "three" },
          { "type": "Label", "id": "d", "font": "DejaVu Sans 17", "autoFit": false, "text": "four" },
          { "type": "Label", "id": "e", "font": "DejaVu Sans 17", "autoFit": false, "text": "five" },
          { "type": "Label", "id": "f", "font": "DejaVu Sans 17", "autoFit": false, "text": "six" }
        ] } }
      """)
    let check = try runDemo(["check", layout, "--screen", "iPhone 5"])
    #expect(check.status == 1)
    // Six lines of DejaVu Sans 17, 19.789pt each, need 118.734pt of the column's 100.
    let line = try #require(
      check.stdout.split(separator: "\n").first { $0.contains("column · overflow") },
      "no overflow for the column: \(check.stdout)")
    #expect(line.contains("needs 118.734pt, 18.734pt more than its 100pt height"), "\(line)")
  }

  @Test("The preferences project dumps as its golden files, from JSON and from XML")
  func preferencesGolden() throws {
    for (name, extra) in [
      ("preferences", [String]()), ("preferences-AX3", ["--text-scale", "AX3"]),
    ] {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/\(name).txt")
      let expected = try String(contentsOf: url, encoding: .utf8)
      for file in [Self.preferences, "Demo/Projects/preferences/layout.xml"] {
        let run = try runDemo([file, "--locale", "all"] + extra, in: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == expected, "\(file) \(extra) differs from Golden/\(name).txt")
      }
    }
  }
}
