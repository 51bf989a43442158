// Issue 19: the reliability probe's defects that concern bounds, `check`'s output and what
// reaches the terminal, each reproduced end to end with the built demo.

import Foundation
import Testing

/// A layout of `count` copies of `widget` (a JSON object without an id) in one root view.
private func layout(_ count: Int, _ widget: String) -> String {
  let children = (0..<count).map { index in
    "{\"id\": \"w\(index)\", " + widget.dropFirst()
  }
  return """
    {"designScreen": "iPhone 5", "root": {"type": "View", "id": "r", "frame": [0, 0, 320, 568],
    "children": [\(children.joined(separator: ",\n"))]}}
    """
}

@Suite("Trust: bounds, streaming check and terminal-safe messages (issue 19)")
struct TrustTests {
  @Test("D1: check on 2,000 overlapping labels reports each once, capped per screen")
  func overlapsAreCappedAndPerWidget() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "pile.json", layout(2_000, #"{"type": "Label", "frame": [0, 0, 50, 10], "text": "ab"}"#))
    let run = try runDemo(["check", path, "--screen", "iPhone 5"])
    #expect(run.status == 1, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    // 1,000 problems, then one line for the rest: 2,000 overflows and 1,999 overlaps.
    #expect(lines.count == 1_001)
    #expect(lines.last == "iPhone 5 · 2999 more problems not shown (--max-problems 1000)")
    #expect(lines.contains("iPhone 5 · w1 · overlap · its frame overlaps w0's"))
    #expect(
      lines.contains(
        "iPhone 5 · w9 · overlap · its frame overlaps 9 earlier text widgets: w0, w1, w2 and 6 more"
      ))
    // One overlap line per widget, never one per pair.
    let overlaps = lines.filter { $0.contains(" · overlap · ") }
    #expect(Set(overlaps.map { $0.split(separator: " · ")[1] }).count == overlaps.count)

    let all = try runDemo(["check", path, "--screen", "iPhone 5", "--max-problems", "0"])
    #expect(all.stdout.split(separator: "\n").count == 3_999)
    #expect(all.stdout.contains("w1999 · overlap · its frame overlaps 1999 earlier text widgets"))

    let json = try runDemo(
      ["check", path, "--screen", "iPhone 5", "--format", "json", "--max-problems", "3"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    #expect((object["problems"] as? [Any])?.count == 3)
    let omitted = try #require((object["omitted"] as? [[String: Any]])?.first)
    #expect(omitted["count"] as? Int == 3_996)
    #expect(omitted["screen"] as? String == "iPhone 5")
  }

  @Test("D1: --max-problems must be a whole number")
  func maxProblemsIsChecked() throws {
    for value in ["-1", "ten", "1.5", "٣"] {
      let run = try runDemo(["check", "Demo/Resources/sample.json", "--max-problems", value])
      #expect(run.status == 2, "\(value)")
      #expect(run.stderr.contains("--max-problems must be a whole number"), "\(run.stderr)")
    }
  }

  @Test("D2: a truncation token is bounded like a text, located")
  func truncationTokenIsBounded() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let token = String(repeating: "ab ", count: 40_000)
    let path = try scratch.write(
      "token.json",
      layout(
        1,
        #"{"type": "Label", "frame": [0, 0, 100, 20], "text": "hello", "truncationToken": ""#
          + token + #""}"#))
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "root.children[0].truncationToken: a text of 120000 bytes is longer than 100000"),
      "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("D3: font names are bounded in bytes and in families, in files and on the command line")
  func fontNamesAreBounded() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let many = (0..<64_000).map { "F\($0)" }.joined(separator: ",") + " 12"
    let path = try scratch.write(
      "families.json",
      layout(
        1,
        #"{"type": "Label", "frame": [0, 0, 100, 20], "text": "Hello", "font": ""# + many
          + #""}"#))
    let started = Date()
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(Date().timeIntervalSince(started) < 10, "a bounded name is refused at once")
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("root.children[0].font: a name of 436892 bytes is longer than 1000"),
      "\(run.stderr)")

    let sixtyFive = (0..<65).map { "F\($0)" }.joined(separator: ",") + " 12"
    let fonts = try runDemo(["fonts", sixtyFive])
    #expect(fonts.status == 2)
    #expect(fonts.stderr.contains("a font name of 65 families has more than 64"), "\(fonts.stderr)")
    let sixtyFour = (0..<64).map { "F\($0)" }.joined(separator: ",") + " 12"
    #expect(try runDemo(["fonts", sixtyFour]).status == 0)
  }

  @Test("D3: ids, screen names and fit groups are names, bounded and located")
  func namesAreBounded() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let long = String(repeating: "é", count: 501)
    let id = try scratch.write(
      "id.json",
      #"{"designScreen": "iPhone 5", "root": {"type": "Label", "id": ""# + long
        + #"", "frame": [0, 0, 10, 10], "text": "x"}}"#)
    let run = try runDemo([id])
    #expect(run.status == 2)
    #expect(run.stderr.contains("id: a name of 1002 bytes is longer than 1000"), "\(run.stderr)")
    let catalog = try scratch.write(
      "catalog.json", #"{"screens": [{"name": ""# + long + #"", "width": 10, "height": 10}]}"#)
    let screens = try runDemo(["screens", "--screens", catalog])
    #expect(screens.status == 2)
    #expect(screens.stderr.contains("screens[0].name: a name of 1002 bytes"), "\(screens.stderr)")
  }

  @Test(
    "D8: a language tag is bounded where it is written; one ICU cannot hold breaks as its language"
  )
  func languageTagsAreWhatICUAccepts() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let long = "en-x-" + Array(repeating: "abcdefgh", count: 17).joined(separator: "-")
    let path = try scratch.write(
      "tag.json",
      layout(
        1,
        #"{"type": "Label", "frame": [0, 0, 100, 20], "text": "Hi", "language": ""# + long
          + #""}"#))
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "root.children[0].language: expected a BCP 47 language tag: a tag of 157 bytes"),
      "\(run.stderr)")
    // Within the byte bound, a tag whose locale ID ICU cannot hold (its keys grow into
    // "calendar=", "collation=", …) is accepted, as Pango accepts any tag, and its lines break
    // by its language: the same lines as plain "en", never a line-breaking failure.
    let expanding =
      "en-u-ca-buddhist-co-phonebk-cu-usd-nu-arab-tz-usnyc-ka-shifted-kb-true-kc-true-kn-true"
    func dump(language: String) throws -> DemoRun {
      let path = try scratch.write(
        "icu-\(language.utf8.count).json",
        layout(
          1,
          #"{"type": "Label", "frame": [0, 0, 100, 80], "numberOfLines": 0, "text": "#
            + #""Several words that wrap over lines", "language": ""# + language + #""}"#))
      return try runDemo([path, "--screen", "iPhone 5"])
    }
    let expanded = try dump(language: expanding)
    let plain = try dump(language: "en")
    #expect(expanded.status == 0, "\(expanded.stderr)")
    // The lines as the dump quotes them: "(3 lines)", then the text with ⏎ at each break.
    func lines(_ run: DemoRun) -> [String] {
      run.stdout.split(separator: "\n").filter { $0.contains("Label") }.map {
        String($0.drop { $0 != "(" })
      }
    }
    #expect(lines(expanded).first?.hasPrefix("(1 line)") == false, "\(expanded.stdout)")
    #expect(lines(expanded) == lines(plain), "\(expanded.stdout)\n\(plain.stdout)")
    // Within the bound, a private use tag still works.
    let fine = "en-x-" + Array(repeating: "abcdefgh", count: 10).joined(separator: "-")
    let good = try scratch.write(
      "good.json",
      layout(
        1,
        #"{"type": "Label", "frame": [0, 0, 100, 20], "text": "Hi", "language": ""# + fine
          + #""}"#))
    #expect(try runDemo([good, "--screen", "iPhone 5"]).status == 0)
  }

  @Test("D15: a pseudo-localised text over the bound says so; a long table value is in its table")
  func lengthErrorsBlameTheRightThing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = String(repeating: "a", count: 90_000)
    let path = try scratch.write(
      "in.json",
      layout(1, #"{"type": "Label", "frame": [0, 0, 100, 20], "text": ""# + text + #""}"#))
    let pseudo = try runDemo([path, "--screen", "iPhone 5", "--locale", "pseudo"])
    #expect(pseudo.status == 2)
    #expect(
      pseudo.stderr.contains(
        "root.children[0].text: pseudo-localised (--locale pseudo), a text of"),
      "\(pseudo.stderr)")
    #expect(try runDemo([path, "--screen", "iPhone 5"]).status == 0)

    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("strings"), withIntermediateDirectories: false)
    let table = try scratch.write(
      "strings/en.json", #"{"long": ""# + String(repeating: "b", count: 100_001) + #""}"#)
    let keyed = try scratch.write(
      "keyed.json", layout(1, #"{"type": "Label", "frame": [0, 0, 100, 20], "text": "@long"}"#))
    let run = try runDemo([keyed, "--screen", "iPhone 5"])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("\(table):1:10: long: a text of 100001 bytes is longer than 100000"),
      "\(run.stderr)")
  }

  @Test("D5: a valid XML file of exactly 8 MiB loads; libxml2's own 10 MB limit is never met")
  func largestXMLLoads() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let head = #"<?xml version="1.0"?><layout designScreen="iPhone 5"><!--"#
    let tail = #"--><View id="root" frame="0,0,320,568"/></layout>"#
    let padding = String(repeating: " ", count: (8 << 20) - head.utf8.count - tail.utf8.count)
    let path = try scratch.write("large.xml", head + padding + tail)
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("View root"))
  }

  @Test("D7: control characters from the input never reach the terminal raw")
  func messagesAreTerminalSafe() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "osc.json",
      #"{"designScreen": "iPhone 5", "root": {"type": "View\u001b]0;pwned\u0007", "id": "r", "#
        + #""frame": [0, 0, 10, 10]}}"#)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run.stderr)")
    #expect(run.stderr.contains(#"View\u{1B}]0;pwned\u{7}"#), "\(run.stderr)")

    let nbsp = try scratch.write(
      "nbsp.json",
      #"{"designScreen": "iPhone\u00a05", "root": {"type": "View", "id": "r", "#
        + #""frame": [0, 0, 10, 10]}}"#)
    let unknown = try runDemo([nbsp])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains(#"iPhone\u{A0}5"#), "\(unknown.stderr)")

    let catalog = try scratch.write(
      "c.json",
      #"{"screens": [{"name": "a\u001b]0;pwned\u0007b", "width": 100, "height": 100}, "#
        + #"{"name": "c\u202ed", "width": 100, "height": 100}]}"#)
    let screens = try runDemo(["screens", "--screens", catalog])
    #expect(screens.status == 0, "\(screens.stderr)")
    #expect(!screens.stdout.contains("\u{1B}") && !screens.stdout.contains("\u{202E}"))
    #expect(screens.stdout.contains(#""a\u001b]0;pwned\u0007b""#), "\(screens.stdout)")
    #expect(screens.stdout.contains(#""c\u202ed""#), "\(screens.stdout)")
  }

  @Test("D7: a bidi override in an id is escaped in the dump and in check")
  func bidiControlsAreEscaped() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "rlo.json",
      #"{"designScreen": "iPhone 5", "root": {"type": "Label", "id": "evil\u202etxt.exe", "#
        + #""frame": [0, 0, 10, 10], "text": "A text far too long for its box"}}"#)
    for command in [["dump"], ["check"]] {
      let run = try runDemo(command + [path, "--screen", "iPhone 5"])
      #expect(!run.stdout.contains("\u{202E}"), "\(command)")
      #expect(run.stdout.contains(#""evil\u202etxt.exe""#), "\(command): \(run.stdout)")
    }
  }
}

@Suite("Trust: no usable font (issue 19, D13)")
struct NoUsableFontTests {
  @Test("With no usable font, check exits 2 and dump 1, each saying so once")
  func noFontIsSaidOnce() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let empty = scratch.url.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
    let config = try scratch.write(
      "fonts.conf",
      """
      <?xml version="1.0"?>
      <fontconfig><dir>\(empty.path)</dir><cachedir>\(scratch.url.path)/cache</cachedir></fontconfig>
      """)
    let environment = ["FONTCONFIG_FILE": config]
    let check = try runDemoProcess(
      [
        "check", packageRoot.appendingPathComponent("Demo/Resources/sample.json").path, "--screen",
        "iPhone 5",
      ],
      environment: environment)
    #expect(check.status == 2, "\(check.stderr)")
    #expect(check.stderr.hasPrefix("demo: no usable font: "), "\(check.stderr)")
    #expect(check.stdout.isEmpty)
    let dump = try runDemoProcess(["--screen", "iPhone 5"], environment: environment)
    #expect(dump.status == 1, "\(dump.stderr)")
    #expect(dump.stderr.hasPrefix("demo: no usable font: "), "\(dump.stderr)")
  }
}
