import FontFit
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

/// The repository's root, where the demo's projects and the golden files are.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

private func path(_ relative: String) -> String {
  root.appendingPathComponent(relative).path
}

private func golden(_ name: String) throws -> String {
  try String(contentsOfFile: path("Tests/DemoTests/Golden/\(name)"), encoding: .utf8)
}

/// The project API a front end calls instead of the demo (issue 20).
@Suite("Project API")
struct ProjectTests {
  let fonts: FontSystem

  init() throws {
    fonts = try Project.fontSystem(sources: FontSources(directories: []))
  }

  @Test("The project API dumps the bundled sample exactly as the demo's golden dump")
  func dumpMatchesTheDemo() throws {
    let project = try Project(file: path("Demo/Resources/sample.json"))
    #expect(project.screens == ScreenCatalog.bundled.screens)
    let text = try project.dump(.text, shaper: fonts)
    #expect(text.failures.isEmpty)
    #expect(text.text + "\n" == (try golden("sample.txt")))
    let json = try project.dump(.json(includingGlyphs: false), shaper: fonts)
    #expect(json.text + "\n" == (try golden("sample.json")))
  }

  @Test(
    "The UTF-8 dump is the dump's bytes, piece by piece, in text and JSON, glyphs or not",
    arguments: [DumpFormat.text, .json(includingGlyphs: false), .json(includingGlyphs: true)])
  func utf8DumpIsTheDump(format: DumpFormat) throws {
    // Arabic and pseudo-localised texts: bytes past ASCII, in every part.
    let project = try Project(
      file: path("Demo/Projects/news/layout.json"), options: ProjectOptions(locales: ["all"]))
    let glyphs = format == .json(includingGlyphs: true)
    var pieces: [String] = []
    let failures = try project.writeDump(format, shaper: fonts) {
      pieces.append($0)
    }
    var bytes: [[UInt8]] = []
    let utf8Failures = try project.writeUTF8Dump(format, shaper: fonts) {
      bytes.append(Array($0))
    }
    #expect(utf8Failures == failures)
    #expect(bytes.count == project.jobs.count + 2)
    // Compared as booleans: a failure would otherwise print every byte.
    let samePieces = bytes == pieces.map { Array($0.utf8) }
    #expect(samePieces, "the UTF-8 pieces differ from the strings' bytes")
    #expect(pieces.joined().unicodeScalars.contains { !$0.isASCII })
    // The same screens snapshotted one by one and dumped whole.
    let whole = LayoutSnapshot(
      screens: try project.jobs.map { job in
        var snapshot = try ScreenSnapshot(
          tree: job.layOut(shaper: fonts), includingGlyphs: glyphs)
        snapshot.locale = job.layout.locale
        return snapshot
      })
    let expected = format == .text ? whole.text : whole.json(includingGlyphs: glyphs)
    let sameDump = Array(bytes.joined()) == Array(expected.utf8)
    #expect(sameDump, "the UTF-8 dump differs from the snapshots' dump")
  }

  @Test("A screen with hundreds of widgets, written on all cores, dumps its widgets in order")
  func manyWidgetsDumpInOrder() throws {
    // More children than one thread writes alone, in the root and in a nested view.
    func labels(_ prefix: String, _ count: Int) -> String {
      (0..<count).map { index in
        "{\"type\": \"Label\", \"id\": \"\(prefix)\(index)\", "
          + "\"frame\": [10, \(index % 500), 300, 40], \"font\": \"DejaVu Sans 12\", "
          + "\"text\": \"Settings and privacy \(index)\"}"
      }.joined(separator: ",\n")
    }
    let layout = """
      {"designScreen": "iPhone 5", "root": {
      "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
      {"type": "View", "id": "inner", "frame": [0, 0, 320, 568], "children": [
      \(labels("i", 300))]},
      \(labels("l", 700))]}}
      """
    let project = try Project(
      contents: layout, file: "many.json", options: ProjectOptions(screens: ["iPhone 6"]))
    let dumped = try project.dump(.text, shaper: fonts)
    #expect(dumped.failures.isEmpty)
    let ids = dumped.text.split(separator: "\n").dropFirst().map { line in
      line.split(separator: " ")[1]
    }
    let expected = ["root", "inner"] + (0..<300).map { "i\($0)" } + (0..<700).map { "l\($0)" }
    #expect(ids.count == expected.count)
    let misplaced = zip(ids, expected).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(misplaced == nil, "line \(misplaced?.offset ?? 0) names the wrong widget")
    // The same text and JSON as the tree's snapshot writes.
    let job = try #require(project.jobs.first)
    let snapshot = try ScreenSnapshot(tree: job.layOut(shaper: fonts))
    #expect(dumped.text == snapshot.text)
    for glyphs in [false, true] {
      let json = try project.dump(.json(includingGlyphs: glyphs), shaper: fonts).text
      let same = json == LayoutSnapshot(screens: [snapshot]).json(includingGlyphs: glyphs)
      #expect(same, "the JSON dump \(glyphs ? "with" : "without") glyphs differs")
    }
  }

  @Test("Texts shaped ahead on all cores: each distinct text once, laid out as without")
  func distinctTextsShapedAhead() throws {
    // More text widgets than one thread collects alone: 37 texts in 3 fonts, repeated, some
    // with a token or a language of their own, and texts of one label each.
    let fontsUsed = ["DejaVu Sans 12", "DejaVu Serif 14", "DejaVu Sans 12"]
    var labels: [String] = []
    var distinct: Set<String> = []
    for index in 0..<900 {
      // Every fifth text is a label's own, so each core's run of widgets starts and ends with
      // texts found nowhere else.
      let text = index % 5 == 4 ? "Unique \(index)" : "Item \(index % 37)"
      let font = fontsUsed[index % 3]
      var extra = ""
      if index % 101 == 0 { extra += ", \"truncationToken\": \"…\(index % 2)\"" }
      if index % 97 == 0 { extra += ", \"language\": \"de\"" }
      labels.append(
        "{\"type\": \"Label\", \"id\": \"l\(index)\", \"frame\": [10, \(index % 500), 300, 40], "
          + "\"font\": \"\(font)\", \"text\": \"\(text)\"\(extra)}")
      // DejaVu Sans 12 twice in the list: the same font, so the same work.
      distinct.insert("\(text)|\(font)|\(extra)")
    }
    let layout =
      #"{"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", "#
      + #""frame": [0, 0, 320, 568], "children": ["# + labels.joined(separator: ",") + "]}}"
    let project = try Project(
      contents: layout, file: "many.json", options: ProjectOptions(screens: ["iPhone 6"]))
    let job = try #require(project.jobs.first)
    // A new font system, so the count is this tree's alone.
    let system = try FontSystem()
    let tree = job.layout.document.makeTree(on: job.screen, shaper: system)
    #expect(system.prepareTexts(of: [tree]) == distinct.count)
    // Shaped ahead or not, the screen lays out the same.
    tree.layoutIfNeeded()
    let ahead = try ScreenSnapshot(tree: tree).text
    let plain = try ScreenSnapshot(tree: job.layOut(shaper: try FontSystem())).text
    #expect(ahead == plain)
  }

  @Test("An app's own text widgets are never read on several threads while texts are shaped")
  func appWidgetsReadOnOneThread() throws {
    // A subclass that notes the threads that ask it what it displays.
    final class Noting: TextWidget {
      static let threads = Lock<Set<UInt>>([])
      override func displayedText(for shown: String) -> String {
        Self.threads.withLock { _ = $0.insert(UInt(bitPattern: Int(pthread_self()))) }
        return shown
      }
    }
    let system = try FontSystem()
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    root.environment = WidgetEnvironment(
      screen: try #require(ScreenCatalog.bundled.screens.first), shaper: system)
    for index in 0..<600 {
      try root.addChild(
        Noting(
          id: "n\(index)", frame: Rect(x: 0, y: 0, width: 300, height: 40),
          font: try Font("DejaVu Sans 12"), text: "Item \(index % 50)"))
    }
    #expect(system.prepareTexts(of: [root]) == 50)
    #expect(Noting.threads.withLock { $0.count } == 1)
  }

  /// Every bundled layout and project, in JSON and XML.
  static let bundledLayouts = [
    "Demo/Resources/sample.json", "Demo/Resources/sample.xml",
    "Demo/Projects/checkout/layout.json", "Demo/Projects/news/layout.xml",
    "Demo/Projects/preferences/layout.json", "Demo/Projects/settings/layout.json",
    "Demo/Projects/typography/layout.json",
  ]

  /// Every locale and the pseudo-locale for a project with strings; none for a layout alone.
  static func locales(of file: String) -> [String] {
    let strings = (file as NSString).deletingLastPathComponent + "/strings"
    return FileManager.default.fileExists(atPath: path(strings)) ? ["all", "pseudo"] : []
  }

  @Test(
    "A tree moved from screen to screen lays out on each as a tree made for it, in any order",
    arguments: ProjectTests.bundledLayouts)
  func movedTreesLayOutAsMade(file: String) throws {
    // The dump lays a tree out again on the next screen instead of making its widgets again,
    // and which tree goes to which screen depends on the threads: a layout must depend on
    // the screen alone, never on where the tree was before (rejected texts, stack fits, fit
    // groups, text scale and every locale's texts included).
    let project = try Project(
      file: path(file),
      options: ProjectOptions(locales: Self.locales(of: file), textScale: "1.3"))
    var random = SplitMix64(seed: 41)
    for layout in project.localizations {
      // Each screen's snapshot, glyphs included, and what `check` reports (stacks' overflow
      // and scroll views' content are read by the check alone).
      let made = try project.screens.map { screen in
        let tree = LayoutJob(layout: layout, screen: screen).layOut(shaper: fonts)
        return (
          snapshot: try ScreenSnapshot(tree: tree),
          problems: try LayoutProblem.problems(in: tree, locale: layout.locale)
        )
      }
      let indices = Array(project.screens.indices)
      for order in [indices, indices.reversed(), indices.shuffled(using: &random)] {
        let tree = layout.document.makeTree(on: project.screens[order[0]], shaper: fonts)
        for index in order {
          tree.environment = layout.document.environment(on: project.screens[index], shaper: fonts)
          tree.layoutIfNeeded()
          // Compared whole, but only named when they differ.
          let same =
            try ScreenSnapshot(tree: tree) == made[index].snapshot
            && LayoutProblem.problems(in: tree, locale: layout.locale) == made[index].problems
          #expect(
            same,
            "\(file) \(layout.locale ?? "default"): \(project.screens[index].name) after \(order)")
        }
      }
    }
  }

  @Test(
    "The text dump, written from each laid-out widget, is its snapshot's text",
    arguments: ProjectTests.bundledLayouts)
  func textDumpIsTheSnapshotsText(file: String) throws {
    // A text widget's line is read from its layout rather than from its snapshot: every
    // kind of line (fallback fonts, missing glyphs, rejected and scrolling texts,
    // placeholders, groups, rich text, right to left, pixel sizes) in every locale must read
    // as the snapshot's.
    for options in [
      ProjectOptions(locales: Self.locales(of: file)),
      ProjectOptions(textScale: "AX3", landscape: true),
    ] {
      let project = try Project(file: path(file), options: options)
      let dumped = try project.dump(.text, shaper: fonts).text
      let snapshots = LayoutSnapshot(
        screens: try project.jobs.map { job in
          var snapshot = try ScreenSnapshot(tree: job.layOut(shaper: fonts))
          snapshot.locale = job.layout.locale
          return snapshot
        })
      let expected = snapshots.text
      let same = dumped == expected
      let firstDifference = zip(dumped.split(separator: "\n"), expected.split(separator: "\n"))
        .first { $0 != $1 }
      #expect(same, "\(file): \(firstDifference.map { "\($0.0)\nnot \($0.1)" } ?? "lengths")")
    }
  }

  @Test("A layout given as text dumps as the same layout read from its file")
  func contentsLoadLikeFiles() throws {
    let file = path("Demo/Resources/sample.json")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let fromText = try Project(contents: text, file: file)
    #expect(
      try fromText.dump(.text, shaper: fonts).text
        == (try Project(file: file).dump(.text, shaper: fonts).text))
    let bad = try #require(throws: ProjectError.self) {
      try Project(contents: "{\"root\": 3}", file: "inline.json")
    }
    #expect(bad.description.hasPrefix("inline.json:"), "\(bad)")
  }

  @Test("The same project gives the same dump every time, and one screen alone dumps as its part")
  func dumpsAreDeterministic() throws {
    let project = try Project(
      file: path("Demo/Projects/news/layout.json"), options: ProjectOptions(locales: ["all"]))
    let first = try project.dump(.text, shaper: fonts).text
    #expect(try project.dump(.text, shaper: fonts).text == first)
    // One job laid out alone gives the lines its screen has in the whole dump.
    let job = try #require(project.jobs.last)
    var snapshot = try ScreenSnapshot(tree: job.layOut(shaper: fonts))
    snapshot.locale = job.layout.locale
    #expect(first.contains(DumpFormat.text.part(for: snapshot, at: 1)))
  }

  @Test("check's problems through the API are the golden check of the news project")
  func problemsMatchTheDemo() throws {
    let project = try Project(
      file: path("Demo/Projects/news/layout.json"), options: ProjectOptions(locales: ["all"]))
    var lines: [String] = []
    try project.forEachScreenProblems(limit: 0, shaper: fonts) { screen in
      lines += screen.problems.map(\.line)
      #expect(screen.omitted == 0)
    }
    #expect(lines.joined(separator: "\n") + "\n" == (try golden("check-news.txt")))
    var kept = 0
    var omitted = 0
    try project.forEachScreenProblems(limit: 1, shaper: fonts) { screen in
      kept += screen.problems.count
      omitted += screen.omitted
    }
    #expect(kept + omitted == lines.count)
    #expect(kept <= project.jobs.count)
  }

  @Test("Locales: all tables in order, pseudo over the default table, each once")
  func locales() throws {
    let file = path("Demo/Projects/news/layout.json")
    let all = try Project(file: file, options: ProjectOptions(locales: ["all", "de", "pseudo"]))
    #expect(all.localizations.map(\.locale) == ["de", "en", "pseudo"])
    let base = try Project(file: file)
    #expect(base.localizations.map(\.locale) == [nil])
  }

  @Test("Bad project input is an error that names what was asked for and what exists")
  func badInput() throws {
    let news = path("Demo/Projects/news/layout.json")
    #expect(throws: ProjectError.self) {
      try Project(file: news, options: ProjectOptions(locales: ["fr"]))
    }
    do {
      _ = try Project(file: news, options: ProjectOptions(locales: ["fr"]))
    } catch {
      guard case .unknownLocale(_, let locale, _, let available) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(locale == "fr")
      #expect(available == ["de", "en"])
    }
    let literal = path("Demo/Resources/sample.json")
    #expect(throws: ProjectError.noStringsTables(layout: literal, locale: "de")) {
      try Project(file: literal, options: ProjectOptions(locales: ["de"]))
    }
    let unknown = try #require(throws: ProjectError.self) {
      try Project(file: literal, options: ProjectOptions(screens: ["Nokia 3310"]))
    }
    #expect(unknown.description.contains("unknown screen \"Nokia 3310\"; known screens:"))
    let scale = try #require(throws: ProjectError.self) {
      try Project(file: literal, options: ProjectOptions(textScale: "huge"))
    }
    guard case .textScale = scale else {
      Issue.record("\(scale)")
      return
    }
    #expect(throws: ProjectError.self) { try Project(file: path("no/such/layout.json")) }
  }

  @Test("Screens are laid out once each, in the order named, turned in landscape")
  func screens() throws {
    let project = try Project(
      file: path("Demo/Resources/sample.json"),
      options: ProjectOptions(
        screens: ["iPhone 6", "iphone 5", "iPhone 6", "all"], landscape: true))
    #expect(project.screens.count == ScreenCatalog.bundled.screens.count)
    #expect(project.screens.prefix(2).map(\.name) == ["iPhone 6 landscape", "iPhone 5 landscape"])
    #expect(project.screens[0].width == 667)
  }

  /// A layout of `count` labels, each with a text no other has.
  private static func distinctLabels(_ count: Int) -> String {
    let labels = (0..<count).map { index in
      #"{"type": "Label", "id": "l\#(index)", "frame": [10, \#(index * 9 % 500), 300, 40], "#
        + #""font": "DejaVu Sans \#(12 + index % 9)", "numberOfLines": 0, "#
        + #""autoFit": {"minimumSize": 9}, "text": "Label number \#(index) of the run"}"#
    }
    return #"{"designScreen": "iPhone 5", "root": {"type": "View", "frame": [0, 0, 320, 568], "#
      + #""children": [\#(labels.joined(separator: ", "))]}}"#
  }

  @Test(
    "A run keeps every distinct text shaped for all its screens, whatever the cache's size",
    arguments: [3, 40, 120])
  func shapesEachTextOnce(labels: Int) throws {
    let project = try Project(contents: Self.distinctLabels(labels), file: "distinct.json")
    // A cache of 8 texts would forget most of them between one screen and the next.
    let small = try FontSystem(
      cacheLimits: CacheSizes(shapedTexts: 8), sources: FontSources(directories: []))
    let dumped = try project.dump(.text, shaper: small)
    #expect(dumped.failures.isEmpty)
    // Every label's text (and the truncation token) is still held after all 11 screens.
    #expect(small.cacheUsage.shapedTexts >= labels + 1)
    // The bound stated for the reservation holds.
    #expect(
      small.cacheUsage.shapedTextBytes <= (labels + 1) * FontSystem.reservedBytesPerText)
    // And the dump is the one a font system with room to spare writes.
    #expect(dumped.text == (try project.dump(.text, shaper: fonts).text))
    var lines = 0
    try project.forEachScreenProblems(limit: 0, shaper: small) { lines += $0.problems.count }
    #expect(small.cacheUsage.shapedTexts >= labels + 1)
  }

  @Test("Pictures drawn on all cores have the pixels of the screens drawn one by one")
  func parallelDrawingMatchesSerial() throws {
    let project = try Project(
      file: path("Demo/Resources/sample.json"),
      options: ProjectOptions(screens: ["iPhone 4s", "iPhone 6 Plus", "HD 1280x720", "iPad"]))
    let set = try #require(try project.pictures().first)
    let written = Lock<[String: RGBAImage]>([:])
    let failures = try project.draw(set, fonts: fonts) { (file, image) throws(RenderError) in
      written.withLock { $0[file] = image }
    }
    #expect(failures.isEmpty)
    let pictures = written.withLock { $0 }
    #expect(pictures.count == project.screens.count + 1)
    var sheet = try ContactSheet(screens: project.screens, fonts: fonts)
    for (index, screen) in project.screens.enumerated() {
      let tree = LayoutJob(layout: set.layout, screen: screen).layOut(shaper: fonts)
      let alone = try WidgetRenderer(fonts: fonts, scale: screen.scale).renderScreen(tree)
      #expect(pictures[set.screenFiles[index]]?.pixels == alone.pixels, "\(screen.name)")
      try sheet.draw(tree, onScreen: index)
    }
    #expect(pictures[set.sheetFile]?.pixels == sheet.image.pixels)
    // A picture of the wrong size has no place on the sheet.
    #expect(throws: RenderError.self) {
      try sheet.place(try RGBAImage(width: 3, height: 3), onScreen: 0)
    }
  }
}
