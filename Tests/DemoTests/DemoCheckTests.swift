import Foundation
import Testing

/// The committed output of a command, in `Tests/DemoTests/Golden`.
private func golden(_ name: String) throws -> String {
  try String(
    contentsOf: packageRoot.appendingPathComponent("Tests/DemoTests/Golden/\(name)"),
    encoding: .utf8)
}

/// A layout with one of each problem `check` finds, on the iPhone 5 (its design screen).
private let troubled = """
  { "designScreen": "iPhone 5", "adaptation": { "policy": "none" }, "scalesFrames": false,
    "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 600], "children": [
      { "type": "Label", "id": "fine", "frame": [10, 10, 300, 30], "text": "Fine" },
      { "type": "Label", "id": "tight", "frame": [10, 50, 60, 20], "numberOfLines": 1,
        "text": "A sentence far too long for a label this small" },
      { "type": "Label", "id": "fixed", "frame": [10, 80, 60, 20], "numberOfLines": 1,
        "autoFit": false, "text": "A sentence far too long" },
      { "type": "Label", "id": "refusing", "frame": [10, 110, 60, 20], "numberOfLines": 1,
        "overflow": "reject", "text": "A sentence far too long" },
      { "type": "Label", "id": "split", "frame": [10, 140, 60, 100],
        "autoFit": { "keepsWordsWhole": false, "minimumSize": 17 },
        "text": "Supercalifragilistic" },
      { "type": "Label", "id": "emoji", "frame": [10, 250, 300, 30], "text": "Hi \\uE000" },
      { "type": "Label", "id": "helvetica", "frame": [10, 285, 300, 30],
        "font": "Helvetica 17", "text": "Helvetica" },
      { "type": "View", "id": "box", "frame": [10, 320, 100, 25], "children": [
        { "type": "Label", "id": "spill", "frame": [50, 0, 100, 20], "text": "Spill" } ] },
      { "type": "Label", "id": "away", "frame": [10, 570, 100, 20], "text": "Away" },
      { "type": "Label", "id": "under", "frame": [10, 350, 100, 30], "text": "Under" },
      { "type": "Label", "id": "over", "frame": [60, 360, 100, 30], "text": "Over" },
      { "type": "Label", "id": "fine", "frame": [10, 400, 100, 30], "text": "Twin" },
      { "type": "TextView", "id": "notes", "frame": [10, 440, 300, 20],
        "text": "A text view that scrolls is not a problem, however long its text may be." }
    ] } }
  """

@Suite("demo check")
struct DemoCheckTests {
  @Test("The news project's German overflow is reported on every screen, as the golden file says")
  func newsGolden() throws {
    for (format, file) in [("text", "check-news.txt"), ("json", "check-news.json")] {
      let run = try runDemo(
        ["check", "Demo/Projects/news/layout.json", "--locale", "all", "--format", format],
        in: packageRoot)
      #expect(run.status == 1, "\(format): \(run.stderr)")
      #expect(run.stderr.isEmpty, "\(run.stderr)")
      #expect(run.stdout == (try golden(file)), "\(format) differs from Golden/\(file)")
    }
    // English alone fits everywhere: exit 0, nothing printed.
    let english = try runDemo(
      ["check", "Demo/Projects/news/layout.json", "--locale=en"], in: packageRoot)
    #expect(english.status == 0, "\(english.stdout)\(english.stderr)")
    #expect(english.stdout.isEmpty)
  }

  @Test("A layout without problems exits 0 and prints nothing; the sample exits 1")
  func cleanAndSample() throws {
    let clean = try runDemo(["check", "Demo/Projects/settings/layout.json"], in: packageRoot)
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout.isEmpty)
    let sample = try runDemo(["check", "Demo/Resources/sample.json"], in: packageRoot)
    #expect(sample.status == 1)
    // Its emoji are drawn from Noto Color Emoji, so it has no missing glyphs; the troubled
    // layout of everyKind() has them.
    for kind in ["overflow", "truncated", "rejected"] {
      #expect(sample.stdout.contains(" · \(kind) · "), "no \(kind) in the sample's check")
    }
  }

  @Test("Every kind of problem is found, at the widget that has it, in a stable order")
  func everyKind() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("troubled.json", troubled)
    let run = try runDemo(["check", path, "--screen", "iPhone 5"])
    #expect(run.status == 1, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let found = lines.map { line -> String in
      let parts = line.components(separatedBy: " · ")
      return parts.count >= 3 ? "\(parts[1]) \(parts[2])" : line
    }
    #expect(
      found == [
        "root outsideScreen", "tight overflow", "fixed truncated", "refusing rejected",
        "split brokenWord",
        "emoji missingGlyphs", "helvetica fontSubstituted", "spill outsideParent",
        "over overlap", "fine duplicateID",
      ], "\(run.stdout)")
    #expect(lines.allSatisfy { $0.hasPrefix("iPhone 5 · ") })
    #expect(run.stdout.contains("over · overlap · its frame overlaps under's"))
    // The same input gives the same report.
    #expect(try runDemo(["check", path, "--screen", "iPhone 5"]).stdout == run.stdout)
    // JSON says the same, problem by problem.
    let json = try runDemo(["check", path, "--screen", "iPhone 5", "--format", "json"])
    #expect(json.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let problems = try #require(object?["problems"] as? [[String: Any]])
    #expect(problems.map { "\($0["id"] ?? "") \($0["kind"] ?? "")" } == found)
    #expect(problems.allSatisfy { Set($0.keys) == ["file", "screen", "id", "kind", "message"] })
  }

  @Test("With several files each line names its file")
  func severalFiles() throws {
    let run = try runDemo(
      [
        "check", "Demo/Projects/settings/layout.json", "Demo/Resources/sample.json",
        "--screen", "iPhone 5",
      ], in: packageRoot)
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("Demo/Resources/sample.json: iPhone 5 · ") })
  }

  @Test("Bad input is exit 2 with a located message, never a problem list")
  func badInput() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let bad = try scratch.write("bad.json", #"{ "designScreen": "iPhone 5", "root": 3 }"#)
    for arguments in [
      ["check"], ["check", scratch.url.appendingPathComponent("missing.json").path],
      ["check", bad], ["check", bad, "--glyphs"],
    ] {
      let run = try runDemo(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stdout)")
      #expect(run.stdout.isEmpty)
      #expect(!run.stderr.isEmpty)
    }
    #expect(try runDemo(["check", bad]).stderr.contains("bad.json:1:39: root: expected an object"))
  }
}

@Suite("demo localisation")
struct DemoLocalizationTests {
  @Test("--locale picks a table; all gives one block per locale; the heading names it")
  func locales() throws {
    let german = try runDemo(
      ["Demo/Projects/news/layout.json", "--locale", "de", "--screen", "iPhone 5"],
      in: packageRoot)
    #expect(german.status == 0, "\(german.stderr)")
    #expect(german.stdout.hasPrefix("iPhone 5 320×568 @2x · locale de\n"))
    #expect(german.stdout.contains("\"Speichern\""))
    let all = try runDemo(
      ["Demo/Projects/news/layout.json", "--locale=all", "--screen=iPhone 5"], in: packageRoot)
    #expect(
      headings(all.stdout) == [
        "iPhone 5 320×568 @2x · locale de", "iPhone 5 320×568 @2x · locale en",
      ])
    let json = try runDemo(
      [
        "Demo/Projects/news/layout.json", "--locale", "all", "--screen", "iPhone 5", "--format",
        "json",
      ], in: packageRoot)
    let screens = try jsonScreens(json)
    #expect(screens.map { $0["locale"] as? String } == ["de", "en"])
    // Without --locale, the layout's own "strings" directory gives English.
    let plain = try runDemo(
      ["Demo/Projects/news/layout.json", "--screen", "iPhone 5"], in: packageRoot)
    #expect(plain.stdout.hasPrefix("iPhone 5 320×568 @2x\n"))
    #expect(plain.stdout.contains("\"Save\""))
  }

  @Test("Pseudo-localisation makes every text longer, accented and bracketed")
  func pseudo() throws {
    let run = try runDemo(
      [
        "Demo/Projects/news/layout.json", "--locale", "pseudo", "--screen", "iPhone 6 Plus",
        "--format", "json",
      ], in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let english = try runDemo(
      ["Demo/Projects/news/layout.json", "--screen", "iPhone 6 Plus", "--format", "json"],
      in: packageRoot)
    let pseudoTexts = widgets(
      in: try #require(try jsonScreens(run).first?["root"] as? [String: Any])
    )
    .compactMap { $0["text"] as? String }
    let englishTexts = widgets(
      in: try #require(try jsonScreens(english).first?["root"] as? [String: Any])
    ).compactMap { $0["text"] as? String }
    #expect(pseudoTexts.count == englishTexts.count)
    for (pseudo, text) in zip(pseudoTexts, englishTexts) where !text.isEmpty {
      #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"), "\(pseudo)")
      #expect(Double(pseudo.count) >= Double(text.count) * 1.3, "\(pseudo) for \(text)")
      #expect(pseudo.unicodeScalars.contains { $0.value > 0x7F }, "\(pseudo)")
    }
  }

  @Test("A missing key, an unknown locale or keys without tables are exit 2, located")
  func errors() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let strings = scratch.url.appendingPathComponent("strings")
    try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
    try Data(#"{ "hello": "Hallo" }"#.utf8).write(to: strings.appendingPathComponent("de.json"))
    let layout = try scratch.write(
      "keys.json",
      """
      { "designScreen": "iPhone 5",
        "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
          { "type": "Label", "id": "a", "frame": [0, 0, 100, 20], "text": "@hello" },
          { "type": "Label", "id": "b", "frame": [0, 30, 100, 20], "text": "@goodbye" },
          { "type": "Label", "id": "c", "frame": [0, 60, 100, 20], "text": "@@literal" } ] } }
      """)
    let missing = try runDemo([layout, "--locale", "de"])
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains(
        "keys.json:4:70: root.children[1].text: no string \"goodbye\" in locale de"),
      "\(missing.stderr)")
    let unknown = try runDemo([layout, "--locale", "fr"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--locale fr: no table fr.json"), "\(unknown.stderr)")
    try FileManager.default.removeItem(at: strings)
    let noTables = try runDemo([layout])
    #expect(noTables.status == 2)
    #expect(noTables.stderr.contains("names the string \"hello\", but no strings table"))
  }
}

@Suite("demo subcommands and options")
struct DemoSubcommandTests {
  @Test("--version, and --help on every subcommand with its exit statuses")
  func versionAndHelp() throws {
    let version = try runDemo(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("demo "))
    for command in ["dump", "check", "render", "screens", "fonts"] {
      let help = try runDemo([command, "--help"])
      #expect(help.status == 0, "\(command)")
      #expect(help.stdout.contains("USAGE: demo"), "\(command)")
      #expect(help.stdout.contains("EXIT STATUS:"), "\(command)")
    }
    let overview = try runDemo(["--help"])
    for command in ["check", "render", "screens", "fonts"] {
      #expect(overview.stdout.contains("demo \(command)"))
    }
  }

  @Test("--option=value equals --option value, and --screen all is every screen")
  func optionForms() throws {
    let spaced = try runDemo(["--screen", "iPhone 5", "--format", "json"])
    let joined = try runDemo(["dump", "--screen=iPhone 5", "--format=json"])
    #expect(spaced.status == 0)
    #expect(spaced.stdout == joined.stdout)
    let all = try runDemo(["--screen", "all"])
    #expect(headings(all.stdout).map(headingName) == catalogScreens)
    for (arguments, message) in [
      (["--glyphs=yes"], "--glyphs takes no value"), (["screens", "--glyphs"], "not an option"),
      (["--bogus"], "unknown option --bogus"), (["fonts"], "fonts needs a font NAME"),
    ] {
      let run = try runDemo(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
  }

  @Test("An XML layout dumps and checks exactly as its JSON twin, file by file")
  func xmlTwins() throws {
    for name in [
      "Resources/sample", "Projects/news/layout", "Projects/settings/layout",
      "Projects/preferences/layout",
    ] {
      for arguments in [[], ["--format", "json"], ["--locale", "pseudo"]] {
        let json = try runDemo(["Demo/\(name).json"] + arguments, in: packageRoot)
        let xml = try runDemo(["Demo/\(name).xml"] + arguments, in: packageRoot)
        #expect(json.status == 0, "\(name) \(arguments): \(json.stderr)")
        #expect(xml.stdout == json.stdout, "\(name) \(arguments)")
      }
      let json = try runDemo(["check", "Demo/\(name).json"], in: packageRoot)
      let xml = try runDemo(["check", "Demo/\(name).xml"], in: packageRoot)
      #expect(xml.status == json.status)
      #expect(xml.stdout == json.stdout, "check \(name)")
    }
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let bad = try scratch.write(
      "bad.xml",
      "<layout designScreen=\"iPhone 5\">\n  <View id=\"root\" frame=\"0,0,320\"/>\n</layout>\n")
    let run = try runDemo([bad])
    #expect(run.status == 2)
    #expect(run.stderr.contains("bad.xml:2:"), "\(run.stderr)")
    #expect(run.stderr.contains("layout/View[root]@frame"), "\(run.stderr)")
  }

  @Test("Odd command lines: a one-letter file, --, --help after the command, repeated screens")
  func oddCommandLines() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let layout = try String(
      contentsOf: packageRoot.appendingPathComponent("Demo/Projects/settings/layout.json"),
      encoding: .utf8)
    _ = try scratch.write("L", layout)
    _ = try scratch.write("-x.json", layout)
    let short = try runDemo(["check", "L"], in: scratch.url)
    #expect(short.status == 0, "\(short.stderr)")
    let dashed = try runDemo(["check", "--", "-x.json"], in: scratch.url)
    #expect(dashed.status == 0, "\(dashed.stderr)")
    let missing = try runDemo(["check", "-"], in: scratch.url)
    #expect(missing.status == 2, "\(missing.stderr)")
    let help = try runDemo(["--help", "check"])
    #expect(help.stdout.hasPrefix("USAGE: demo check"))
    let empty = try runDemo(["--screen="])
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("--screen needs a value"))
    let twice = try runDemo(
      [
        "check", "Demo/Projects/news/layout.json", "--locale", "de", "--screen", "iPhone 5",
        "--screen", "iphone 5", "--screen", "all",
      ], in: packageRoot)
    let lines = twice.stdout.split(separator: "\n")
    #expect(Set(lines).count == lines.count, "\(twice.stdout)")
    // A root taller than the screen is reported once, not again for every widget inside it.
    let turned = try runDemo(
      ["check", "Demo/Projects/news/layout.json", "--landscape", "--screen", "iPhone 5"],
      in: packageRoot)
    #expect(
      turned.stdout.split(separator: "\n").filter { $0.contains(" · outsideScreen · ") }
        .map { $0.components(separatedBy: " · ")[1] } == ["root"], "\(turned.stdout)")
  }

  @Test("screens lists the catalog with sizes, scales and dpi, as text and JSON")
  func screens() throws {
    let run = try runDemo(["screens"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == catalogScreens.count)
    #expect(lines.first?.hasPrefix("iPhone 4s") == true)
    #expect(run.stdout.contains("1280×720  @1x  96 dpi"))
    let json = try runDemo(["screens", "--format", "json", "--landscape"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let screens = try #require(object?["screens"] as? [[String: Any]])
    #expect(screens.first?["name"] as? String == "iPhone 4s landscape")
    #expect(number(screens.first, "width") == 480)
  }

  @Test("fonts shows the face, the file, a substitution and the fallback chain")
  func fonts() throws {
    let run = try runDemo(["fonts", "DejaVu Sans 17", "Helvetica Bold 12"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    #expect(run.stdout.contains("substitution: no"))
    #expect(run.stdout.contains("substitution: yes"))
    #expect(run.stdout.contains("fallback chain"))
    let bad = try runDemo(["fonts", "DejaVu Sans:bogus=1"])
    #expect(bad.status == 2)
  }

  @Test("--only-fonts pins the fonts: a family not in the directory is substituted")
  func pinnedFonts() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fonts = scratch.url.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
      toPath: fonts.appendingPathComponent("DejaVuSansMono.ttf").path)
    let explained = try runDemo(["fonts", "sans-serif 12", "--only-fonts", fonts.path])
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(explained.stdout.contains(fonts.path), "\(explained.stdout)")
    #expect(!explained.stdout.contains("/usr/share/fonts"), "\(explained.stdout)")
    let check = try runDemo(
      [
        "check", "Demo/Projects/settings/layout.json", "--only-fonts", fonts.path, "--screen",
        "iPhone 5",
      ], in: packageRoot)
    #expect(check.status == 1)
    #expect(check.stdout.contains(" · fontSubstituted · \"DejaVu Sans\" is not installed"))
    let missing = try runDemo(["--only-fonts", scratch.url.appendingPathComponent("none").path])
    #expect(missing.status == 2)
  }
}
