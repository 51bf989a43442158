// Typography end to end (issue 23): the built demo on the typography project, on real fonts
// and Debian's hyphenation dictionaries.

import Foundation
import Testing

@Suite("Typography through the demo")
struct DemoTypographyTests {
  static let project = "Demo/Projects/typography/layout.json"

  @Test("Dumps show the lever that made a text fit: hyphenated words and the tracking")
  func dumpShowsLevers() throws {
    let run = try runDemo(
      [Self.project, "--screen", "iPhone 5", "--locale", "all"], in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    let compound = try #require(lines.first { $0.contains("Label compound ") })
    #expect(
      compound.contains(
        "→ fit 17 → hyphenated Donaudampf-schifffahrts-gesellschafts-kapitän (4 lines) · fits"),
      "\(compound)")
    #expect(compound.contains("\"Donaudampf‐ ⏎ schifffahrts‐ ⏎ gesellschafts‐ ⏎ k"))
    let tabs = lines.filter { $0.contains("Button tab ") }
    #expect(tabs.count == 2)
    for tab in tabs {
      #expect(tab.contains("→ fit 14 → tracking −2."), "\(tab)")
      #expect(tab.contains("(1 line) · aligned center · fits"), "\(tab)")
    }
    // The English compound fits with its words whole: the size lever alone.
    let english = try #require(lines.last { $0.contains("Label compound ") })
    #expect(english.contains("fit 12 (2 lines) · fits · \"Internationalization ⏎ accessibility\""))
  }

  @Test("check notes what a fit's levers did, per locale, without failing")
  func checkNotes() throws {
    let run = try runDemo(
      ["check", Self.project, "--screen", "iPhone 5", "--locale", "all"], in: packageRoot)
    #expect(run.status == 0, "notes alone pass: \(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.split(separator: "\n") == [
        "iPhone 5 · de · compound · hyphenated · Donaudampf-schifffahrts-gesellschafts-kapitän",
        "iPhone 5 · de · tab · tracked · letters tightened by 2.25% of an em at 14pt to fit",
        "iPhone 5 · en · tab · tracked · letters tightened by 2.16% of an em at 14pt to fit",
      ])
    let json = try runDemo(
      ["check", Self.project, "--screen", "iPhone 5", "--locale", "de", "--format", "json"],
      in: packageRoot)
    #expect(json.status == 0)
    #expect(json.stdout.contains("\"kind\": \"hyphenated\""), "\(json.stdout)")
  }

  @Test("A language with no dictionary is a check note, not an error")
  func missingDictionaryNote() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("swahili.json")
    try Data(
      """
      { "designScreen": "iPhone 5", "language": "sw", "hyphenation": "auto",
        "root": { "type": "View", "frame": [0, 0, 320, 568], "children": [
          { "type": "Label", "id": "word", "frame": [20, 20, 90, 60], "numberOfLines": 0,
            "text": "Mabadilikotabianchi duniani" } ] } }
      """.utf8
    ).write(to: file)
    let run = try runDemo(["check", file.path, "--screen", "iPhone 5"])
    #expect(run.status == 1, "the broken word is still a problem")
    #expect(
      run.stdout.contains(
        "word · noHyphenationDictionary · the text needed hyphenation, but no dictionary "
          + "serves \"sw\""), "\(run.stdout)")
    #expect(run.stdout.contains("word · brokenWord ·"))
  }

  @Test("The typography project dumps as its golden file")
  func golden() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/typography.txt")
    let expected = try String(contentsOf: url, encoding: .utf8)
    let run = try runDemo([Self.project, "--locale", "all"], in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == expected, "differs from Golden/typography.txt")
  }
}
