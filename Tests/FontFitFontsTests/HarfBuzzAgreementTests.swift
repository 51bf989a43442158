import Foundation
import Testing

@testable import FontFitFonts

/// One glyph of `hb-shape --output-format=json --no-glyph-names` output, in font units at upem.
struct HarfBuzzGlyph: Decodable {
  var glyph: Int
  var cluster: Int
  var advance: Int

  enum CodingKeys: String, CodingKey {
    case glyph = "g"
    case cluster = "cl"
    case advance = "ax"
  }
}

/// Why `hb-shape` could not shape the strings.
struct HarfBuzzError: Error, CustomStringConvertible {
  var description: String
}

/// Runs the `hb-shape` command-line tool of HarfBuzz, the shaper under Pango.
enum HarfBuzzShaper {
  /// The path of `hb-shape`, from `PATH` or `/usr/bin`, or nil when it is not installed.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories = path.split(separator: ":").map(String.init) + ["/usr/bin"]
    return directories.map { $0 + "/hb-shape" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// The options used for every run: advances in font units, JSON, a fixed language.
  static func options(file: String, index: Int, features: String?) -> [String] {
    var options = [
      "--font-file=\(file)", "--face-index=\(index)", "--font-size=upem", "--language=en",
      "--output-format=json", "--no-glyph-names",
    ]
    if let features { options.append("--features=\(features)") }
    return options
  }

  /// Shapes each string as its own line and returns the glyphs of each, in font units.
  ///
  /// The strings are written to a file and the output read from another, so no pipe can fill
  /// up and block the tool while the test waits for it.
  static func shape(
    _ lines: [String], file: String, index: Int, features: String?
  ) throws -> [[HarfBuzzGlyph]] {
    guard let executable else {
      throw HarfBuzzError(
        description:
          "hb-shape was not found on PATH or in /usr/bin: install libharfbuzz-bin "
          + "(apt-get install libharfbuzz-bin) to check measurements against HarfBuzz")
    }
    for line in lines where line.isEmpty || line.contains(where: \.isNewline) {
      throw HarfBuzzError(
        description: "hb-shape shapes one line at a time: \(line.debugDescription)")
    }
    let manager = FileManager.default
    let directory = manager.temporaryDirectory
      .appendingPathComponent("hb-agreement-\(UUID().uuidString)")
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: directory) }
    let input = directory.appendingPathComponent("input.txt")
    let output = directory.appendingPathComponent("output.jsonl")
    let errors = directory.appendingPathComponent("errors.txt")
    try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
    guard manager.createFile(atPath: errors.path, contents: nil) else {
      throw HarfBuzzError(description: "cannot create \(errors.path)")
    }
    let errorHandle = try FileHandle(forWritingTo: errors)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      options(file: file, index: index, features: features)
      + ["--text-file=\(input.path)", "--output-file=\(output.path)"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    try process.run()
    process.waitUntilExit()
    try errorHandle.close()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw HarfBuzzError(
        description: "hb-shape exited with status \(process.terminationStatus): \(message)")
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    let results = text.split(separator: "\n")
    guard results.count == lines.count else {
      throw HarfBuzzError(
        description: "hb-shape returned \(results.count) lines for \(lines.count) strings")
    }
    let decoder = JSONDecoder()
    return try results.map { try decoder.decode([HarfBuzzGlyph].self, from: Data($0.utf8)) }
  }
}

@Suite("Advances and kerning agree with HarfBuzz")
struct HarfBuzzAgreementTests {
  /// The point size compared.
  static let size = 17.0

  /// The DejaVu faces compared, by Pango name without a size.
  static let fonts = [
    "DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Oblique", "DejaVu Serif",
    "DejaVu Serif Bold Italic", "DejaVu Sans Mono", "DejaVu Sans Mono Bold",
  ]

  /// English, German, digits, punctuation, kerning pairs, quotes, dashes and ligature words.
  static let strings = [
    // English sentences and mixed case.
    "The quick brown fox jumps over the lazy dog.",
    "Pack my box with five dozen liquor jugs!",
    "Sphinx of black quartz, judge my vow.",
    "How vexingly quick daft zebras jump",
    "Hello, World",
    "Cancel",
    "Save changes before closing?",
    "OK",
    "iPhone and macOS and GNOME",
    "ALL CAPS HEADLINE WITH VARIED WIDTHS",
    "lowercase only with spaces   ",
    "  leading spaces",
    "MiXeD CaSe TeXt",
    "Wavy Valley, Yawning Tower",
    // German.
    "Straße",
    "Größenänderung",
    "Änderungen übernehmen",
    "Öffnen, Schließen, Übersicht",
    "Fußgängerübergänge",
    "äöüÄÖÜß",
    "Die Würde des Menschen ist unantastbar.",
    "Einstellungen für Barrierefreiheit",
    // Digits and punctuation.
    "0123456789",
    "3.14159, 2.71828; 1.41421",
    "1,234,567.89 €",
    "(555) 123-4567",
    "100% — 50% = 50%",
    "#!/usr/bin/env swift",
    "a+b=c; x*y/z",
    "[brackets] {braces} <angles>",
    "user@example.com",
    "12:45 PM",
    "$19.99 & £5.00",
    "Wait... what?!",
    // Kerning pairs.
    "AV",
    "To",
    "LT",
    "WA",
    "Ty",
    "Yo",
    "P.",
    "AVAVAV",
    "Tokyo",
    "LTA",
    "WAVE",
    "Typography",
    "Your Vote",
    "P. F. Y.",
    "F.A.Q.",
    "Av Aw Ay",
    "T, V, W, Y,",
    "rV r. y. v,",
    // Quotes and dashes.
    "\"quoted\" 'single'",
    "“curly” ‘quotes’",
    "„German“ ‚quotes‘",
    "«guillemets» ‹single›",
    "en – dash and em — dash",
    "it’s L’Oréal",
    "pre-release",
    // Ligature candidates.
    "office",
    "affluent",
    "fjord",
    "waffle",
    "efficient",
    "fi fl ff ffi ffl",
    "The official staff shuffled the fluffy files.",
    "Afflicted chiffon",
    "Schifffahrt",
    "Affe, Löffel, Stoff",
    // Special spaces, combining marks and invisible characters.
    "no\u{00A0}break",
    "soft\u{00AD}hyphen",
    "zero\u{200B}width",
    "Cafe\u{0301} and Café",
    "n\u{0303} q\u{0301} x\u{0308}",
  ]

  /// Our width and HarfBuzz's glyphs of every string at 17pt in the face named `name`.
  struct Comparison {
    var font: Font
    var resolved: ResolvedFont
    var unitsPerEm: Double
    var ours: [Double]
    var harfBuzz: [[HarfBuzzGlyph]]

    init(_ name: String, features: String?) throws {
      let system = try FontSystem.shared()
      let font = try Font("\(name) \(HarfBuzzAgreementTests.size)")
      self.font = font
      resolved = try system.resolve(font.descriptor)
      try #require(!resolved.isSubstitution, "\(name) is not installed: \(resolved)")
      unitsPerEm = try system.face(for: resolved).unitsPerEm
      let strings = HarfBuzzAgreementTests.strings
      ours = try strings.map { try system.width(of: $0, font: font) }
      harfBuzz = try HarfBuzzShaper.shape(
        strings, file: resolved.file, index: resolved.index, features: features)
    }

    /// HarfBuzz's total advance of string `index` in points.
    func harfBuzzWidth(_ index: Int) -> Double {
      let units = harfBuzz[index].reduce(0) { $0 + $1.advance }
      return Double(units) * font.pointSize / unitsPerEm
    }
  }

  static func points(_ value: Double) -> String {
    String(format: "%.4f", value)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  @Test("hb-shape is installed, so the comparisons below cannot pass vacuously")
  func toolInstalled() {
    #expect(
      HarfBuzzShaper.executable != nil,
      "hb-shape is missing: install libharfbuzz-bin (apt-get install libharfbuzz-bin)")
  }

  @Test("With ligatures off, every total advance matches HarfBuzz within 0.01pt", arguments: fonts)
  func agreement(name: String) throws {
    let strings = Self.strings
    #expect(strings.count >= 50)
    let comparison = try Comparison(name, features: "-liga,-clig")
    var largest = (difference: 0.0, text: "")
    for (index, text) in strings.enumerated() {
      let ours = comparison.ours[index]
      let theirs = comparison.harfBuzzWidth(index)
      let difference = ours - theirs
      if abs(difference) > abs(largest.difference) { largest = (difference, text) }
      #expect(
        abs(difference) <= 0.01,
        """
        \(name) \(text.debugDescription) at 17pt: ours \(Self.points(ours)) pt, \
        HarfBuzz \(Self.points(theirs)) pt, difference \(Self.points(difference)) pt
        """)
    }
    let worst = largest.text.isEmpty ? "all exact" : largest.text.debugDescription
    print(
      """
      HarfBuzz agreement (-liga,-clig) for \(name) at 17pt over \(strings.count) strings: \
      largest difference \(Self.points(largest.difference)) pt (\(worst))
      """)
  }

  /// Pango applies `liga` and `clig`; we do not, so our widths differ where the font has them.
  ///
  /// The gap is reported, not hidden: a known limitation until ligature substitution (GSUB)
  /// is measured.
  ///
  /// Where HarfBuzz is wider, text we say fits can overflow when Pango draws it: DejaVu Sans
  /// Oblique's ffi and fi ligatures are wider than their letters, and a ligature after `A`
  /// loses the A–f kerning pair in DejaVu Sans.
  @Test("With ligatures on, the gap to HarfBuzz is measured and shows where DejaVu forms ffi")
  func ligatureGap() throws {
    let strings = Self.strings
    var hasLigatures = false
    for name in Self.fonts {
      let comparison = try Comparison(name, features: nil)
      var gaps: [(gap: Double, text: String)] = []
      var ffiGap = 0.0
      for (index, text) in strings.enumerated() {
        let gap = comparison.ours[index] - comparison.harfBuzzWidth(index)
        gaps.append((gap, text))
        if text.contains("ffi"), abs(gap) > abs(ffiGap) { ffiGap = gap }
      }
      // HarfBuzz forms the ffi ligature when it shapes "ffi" into fewer than three glyphs.
      let ffi = try HarfBuzzShaper.shape(
        ["ffi"], file: comparison.resolved.file, index: comparison.resolved.index, features: nil)
      let formsFfi = ffi.first.map { $0.count < 3 } ?? false
      hasLigatures = hasLigatures || formsFfi
      if formsFfi {
        #expect(ffiGap != 0, "\(name) forms an ffi ligature but no ffi string shows a gap")
      }
      let sorted = gaps.sorted { $0.gap < $1.gap }
      let largest = sorted.last ?? (0, "")
      let smallest = sorted.first ?? (0, "")
      let ligatureWords = gaps.filter { gap in
        ["ff", "fi", "fl"].contains { gap.text.contains($0) }
      }
      let narrower = gaps.filter { $0.gap > 1e-9 }.count
      let wider = gaps.filter { $0.gap < -1e-9 }.count
      print(
        """
        Ligature gap at 17pt over \(strings.count) strings: largest \
        \(Self.points(largest.gap)) pt (\(largest.text.debugDescription)), median \
        \(Self.points(Self.median(sorted.map(\.gap)))) pt [\(name); ffi ligature: \(formsFfi); \
        HarfBuzz narrower in \(narrower), wider in \(wider); smallest \
        \(Self.points(smallest.gap)) pt (\(smallest.text.debugDescription)); median over the \
        \(ligatureWords.count) ff/fi/fl strings \(Self.points(Self.median(ligatureWords.map(\.gap)))) pt]
        """)
    }
    #expect(hasLigatures, "DejaVu Sans forms ffi with liga, so some font should show the gap")
  }
}
