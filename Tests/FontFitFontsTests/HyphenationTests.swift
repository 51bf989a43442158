import FontFitFontModel
@_spi(Engine) import FontFitText
import TestSupport
import Testing

@testable import FontFitFonts

/// Where real text takes Pango's hyphen at a forced break (issue 7); the expected lines are
/// what Pango 1.50 draws for the same text, font and width.
@Suite("Hyphenation on real fonts")
struct HyphenationTests {
  static func lines(_ text: String, font: String, size: Double, width: Double) throws -> [String] {
    let system = try FontSystem.shared()
    let shaped = try system.shape(text, font: try Font("\(font) \(size)").descriptor)
    return TextLayouter(shaped: shaped, truncationToken: nil).layout(
      pointSize: size,
      options: try LayoutOptions(
        box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
    ).lines.map(\.text)
  }

  @Test("A Latin word broken inside takes U+2010 HYPHEN, as Pango draws it")
  func latin() throws {
    #expect(
      try Self.lines("supercalifragilistic", font: "DejaVu Sans", size: 17, width: 60)
        == ["super‐", "califra‐", "gilistic"])
    #expect(
      try Self.lines("modification has been made.", font: "DejaVu Sans", size: 37, width: 160)
        == ["modific‐", "ation", "has", "been", "made."])
  }

  @Test("The word-boundary input made again from a shaped text is the one its graphemes gave")
  func inputFromShapedText() throws {
    let system = try FontSystem.shared()
    let font = try Font("DejaVu Sans 17").descriptor
    let pieces = [
      "a", "word", " ", "\t", "\r\n", "\n", "e\u{301}", "👩‍👩‍👧", "🇫🇷", "在指定", "مرحبا",
      "\u{AD}", "-", "ﬁ", "\u{200D}", "x\u{FE0F}", "Ω", "\u{1F600}",
    ]
    var generator = SplitMix64(seed: 2512)
    for _ in 0..<300 {
      let count = Int(1 + generator.next() % 12)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let shaped = try system.shape(text, font: font)
      #expect(
        Hyphenation.Input(shaped) == Hyphenation.Input(Graphemes(text)), "\(text.debugDescription)")
    }
  }

  @Test("Digits and CJK break without a hyphen")
  func noHyphen() throws {
    #expect(
      try Self.lines("1234567890", font: "DejaVu Sans", size: 17, width: 40)
        == ["123", "456", "789", "0"])
    let chinese = try Self.lines("在指定大小的文本框中", font: "DejaVu Sans", size: 17, width: 40)
    #expect(chinese.allSatisfy { !$0.contains("‐") })
    #expect(chinese.joined() == "在指定大小的文本框中")
  }

  @Test("A broken Arabic word measures its pieces reshaped, as Pango breaks it")
  func arabicReshaped() throws {
    // Pango 1.50 draws these lines for the same text, font and width: each piece is shaped
    // on its own (final and initial forms), and each but the last ends with a hyphen.
    #expect(
      try Self.lines("مرحبابالعالممرحبا", font: "Noto Sans Arabic", size: 17, width: 40)
        == ["مرح‐", "بابالع‐", "المم‐", "رحبا"])
    let system = try FontSystem.shared()
    let shaped = try system.shape(
      "مرحبابالعالممرحبا", font: try Font("Noto Sans Arabic 17").descriptor)
    #expect(shaped.clusters.indices.contains { shaped.breakAdjustment(before: $0).end != 0 })
    #expect(shaped.clusters.indices.contains { shaped.breakAdjustment(before: $0).start != 0 })
  }

  @Test("Forced breaks land where every break's answer, asked in advance, puts them")
  func forcedBreaksMatchEagerAnswers() throws {
    // The font system's reshaper answers as a layout asks, and finds a text's hyphens from
    // each break's neighbours where it can; the same clusters with every answer written in
    // (no reshaper) must break into the same lines.
    let system = try FontSystem.shared()
    let cases: [(text: String, font: String)] = [
      ("Donaudampfschifffahrtsgesellschaftskapitän", "DejaVu Sans"),
      ("AVATAR WAVE Tyrannosaurus VAVAVAVA", "DejaVu Serif"),
      ("supercalifragilistic-expialidocious", "DejaVu Sans"),
      ("مرحبابالعالممرحبا", "Noto Sans Arabic"),
      ("affluent officials shuffle ffi", "Noto Serif"),
    ]
    var compared = 0
    for (text, name) in cases {
      let font = try Font("\(name) 17")
      let shaped = try system.shape(text, font: font.descriptor)
      let eager = try ShapedText(
        text: text,
        clusters: shaped.clusters.indices.map { index in
          var cluster = shaped.clusters[index]
          let answer = shaped.breakAdjustment(before: index)
          cluster.breakEndAdjustment = answer.end
          cluster.breakStartAdjustment = answer.start
          cluster.insertsHyphen = answer.insertsHyphen
          return cluster
        }, fonts: shaped.fonts, missingCharacters: shaped.missingCharacters,
        glyphs: Array(shaped.glyphs), paragraphs: shaped.paragraphs)
      // Fine steps: a reshaped break moves a line's end by a fraction of a point.
      for width in stride(from: 12.0, through: 160, by: 0.75) {
        for size in [9.0, 17, 31] {
          let options = try LayoutOptions(
            box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
          let lines = TextLayouter(shaped: shaped, truncationToken: nil).layout(
            pointSize: size, options: options
          ).lines
          let expected = TextLayouter(shaped: eager, truncationToken: nil).layout(
            pointSize: size, options: options
          ).lines
          #expect(lines.map(\.text) == expected.map(\.text), "\(text) at \(size)pt in \(width)")
          #expect(lines.map(\.width) == expected.map(\.width), "\(text) at \(size)pt in \(width)")
          compared += 1
        }
      }
    }
    #expect(compared > 2_500)
  }

  /// A text shaped by a font system that is then freed, with its layout at 40pt while the
  /// system lived, and a weak reference that tells whether the system is gone.
  static func orphanedText(_ text: String, font: FontDescriptor, options: LayoutOptions) throws
    -> (shaped: ShapedText, block: TextBlock, system: () -> FontSystem?)
  {
    let system = try FontSystem()
    let shaped = try system.shape(text, font: font)
    let block = TextLayouter(shaped: shaped, truncationToken: nil).layout(
      pointSize: 17, options: options)
    _ = block.lines
    weak let freed = system
    return (shaped, block, { freed })
  }

  @Test("A shaped text measures forced breaks alike after its font system is freed")
  func reshapingOutlivesFontSystem() throws {
    let text = "مرحبابالعالممرحبا"
    let font = try Font("Noto Sans Arabic 17").descriptor
    let narrow = try LayoutOptions(
      box: Size(width: 40, height: .infinity), lineBreakMode: .wordWrap)
    let orphan = try Self.orphanedText(text, font: font, options: narrow)
    #expect(orphan.system() == nil, "the font system is still alive")
    // The same text shaped by a font system that stays alive, for the widths (and so the
    // breaks) not asked before the first one was freed.
    let reference = try FontSystem.shared().shape(text, font: font)
    #expect(reference.clusters.indices.contains { reference.breakAdjustment(before: $0).end != 0 })
    #expect(orphan.block.lines.map(\.text) == ["مرح‐", "بابالع‐", "المم‐", "رحبا"])
    for width in [40.0, 30, 50, 60, 80, 100] {
      let options = try LayoutOptions(
        box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
      let again = TextLayouter(shaped: orphan.shaped, truncationToken: nil).layout(
        pointSize: 17, options: options)
      let expected = TextLayouter(shaped: reference, truncationToken: nil).layout(
        pointSize: 17, options: options)
      #expect(again.lines == expected.lines, "width \(width)")
      #expect(again.lines.map(\.width) == expected.lines.map(\.width), "width \(width)")
      if width == 40 { #expect(again.lines == orphan.block.lines) }
    }
    for index in reference.clusters.indices {
      #expect(
        orphan.shaped.breakAdjustment(before: index) == reference.breakAdjustment(before: index),
        "cluster \(index)")
    }
  }
}

@Suite("Script codes")
struct ScriptCodeTests {
  @Test("A text of one script and one paragraph resolves as the run-by-run rules resolve it")
  func oneScriptShortcut() {
    let pieces = [
      "word", " ", "(", ")", "[", "]", "«", "»", "\u{2018}", "\u{2019}", "1", ".", "e\u{301}",
      "\u{301}", "слово", "在指定", "مرحبا", "שלום", "👍", "\u{E000}", "\u{2028}", "\n", "-",
      "\u{10FFFF}",
    ]
    var generator = SplitMix64(seed: 2026_1208)
    var shortcut = 0
    for _ in 0..<3_000 {
      let count = Int(generator.next() % 9)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let graphemes = Graphemes(text)
      let codes = graphemes.clusters.map { Scripts.code($0.first) }
      let real = Set(codes.filter(Scripts.isReal))
      if real.count <= 1, !graphemes.clusters.contains(where: { $0.kind == .lineSeparator }) {
        shortcut += 1
      }
      #expect(
        Scripts(graphemes).resolved == Scripts.resolvedByRuns(codes, graphemes: graphemes),
        "\(text.debugDescription)")
    }
    #expect(shortcut > 500)
  }

  @Test("The ASCII fast path gives ICU's codes: letters Latin as é is, the rest Common as 、 is")
  func asciiMatchesICU() {
    let latin = Scripts.code("\u{E9}")  // through ICU
    let common = Scripts.code("\u{3001}")  // through ICU
    #expect(Scripts.tag(latin) == "Latn")
    #expect(Scripts.tag(common) == "Zyyy")
    for value in UInt8(0)..<0x80 {
      let scalar = Unicode.Scalar(value)
      let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
      #expect(Scripts.code(scalar) == (isLetter ? latin : common), "\(value)")
    }
  }
}

@Suite("Spaces and hyphens in the hyphen rule")
struct SpaceOrHyphenTests {
  @Test("The listed spaces and hyphens are the standard library's separators, every scalar")
  func listMatchesCategories() {
    let hyphens: Set<UInt32> = [
      0x2D, 0x058A, 0x1400, 0x1806, 0x2010, 0x2E17, 0x2E40, 0x30A0, 0xFE63, 0xFF0D,
    ]
    let controls: Set<UInt32> = [0x09, 0x0A, 0x0C, 0x0D]
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected: Bool
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .lineSeparator, .paragraphSeparator: expected = true
      default: expected = hyphens.contains(value) || controls.contains(value)
      }
      if Hyphenation.isSpaceOrHyphen(scalar) != expected { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.map { "U+" + String($0, radix: 16) })")
  }
}

@Suite("Hyphens told by a break's neighbours")
struct NeighbourHyphenTests {
  /// Each break's answer from its neighbours (nil where they do not tell), by cluster, and
  /// the whole rule's, through ICU's word boundaries.
  static func answers(_ text: String) throws -> (local: [Bool?], whole: [Bool]) {
    let graphemes = Graphemes(text)
    let whole = try Hyphenation(Hyphenation.Input(graphemes)).breaksInsertHyphen
    let local =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        (0..<graphemes.count).map { index -> Bool? in
          index == 0 ? false : Hyphenation.answer(in: bytes, before: graphemes.utf8Offset(index))
        }
      } ?? []
    return (local, whole)
  }

  @Test("Every answer the neighbours give is the whole rule's, for each word character")
  func wordCharactersAgree() throws {
    let partners = [
      "a", "Z", "5", "_", ".", ":", "'", "\u{2019}", "\u{2018}", "?", ",", ";", "\"", "(",
      "\u{2014}",
      "\u{2013}", "\u{2026}", "\u{AB}", "\u{BB}", "\u{201C}", " ", "-", "\u{AD}", "é", "ж", "ω",
      "\u{301}", "\u{2060}", "\u{200D}", "在", "م", "\u{1}", "\u{7F}", "×",
    ]
    var characters = (0x30...0x39).map { String(UnicodeScalar(UInt8($0))) }
    for value in Array(0x41...0x5A) + Array(0x61...0x7A) + Array(0xC0...0x24F)
      + Array(0x400...0x481)
    {
      characters.append(String(Character(Unicode.Scalar(UInt32(value))!)))
    }
    var told = 0
    var mismatches: [String] = []
    for character in characters {
      for partner in partners {
        for text in [
          character + partner, partner + character, character + partner + "b",
          character + partner + character, "x" + character + partner + "1",
        ] {
          let (local, whole) = try Self.answers(text)
          for (index, answer) in local.enumerated() {
            guard let answer else { continue }
            told += 1
            if answer != whole[index] { mismatches.append("\(text.debugDescription) @\(index)") }
          }
        }
      }
    }
    #expect(mismatches.count == 0, "\(mismatches.prefix(20))")
    // Most breaks between these characters are told without ICU.
    #expect(told > characters.count * partners.count * 5)
  }

  @Test("Random texts: a text told by its neighbours has the whole rule's hyphens")
  func randomTexts() throws {
    let system = try FontSystem.shared()
    let font = try Font("DejaVu Sans 17").descriptor
    let pieces = [
      "word", "Wort", "a", "I", "7", "42", " ", ". ", ".", ": ", ":", "'", "\u{2019}", "don't",
      "it\u{2019}s", "?", "!", ",", ";", "(", ")", "\"", "_", "-", "\u{2014}", "\u{2026}",
      "café", "straße", "слово", "e\u{301}", "\u{AD}", "在指定", "مرحبا", "\t", "\n", "Ω",
      "\u{2060}", "👩‍👩‍👧",
    ]
    var generator = SplitMix64(seed: 2026_1207)
    var toldTexts = 0
    for _ in 0..<2_000 {
      let count = Int(1 + generator.next() % 10)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let shaped = try system.shape(text, font: font)
      let whole = try Hyphenation(Hyphenation.Input(shaped)).breaksInsertHyphen
      let (local, _) = try Self.answers(text)
      for (index, answer) in local.enumerated() where answer != nil {
        #expect(answer == whole[index], "\(text.debugDescription) @\(index)")
      }
      if let told = Hyphenation.breaksFromNeighbours(shaped) {
        toldTexts += 1
        #expect(told == whole, "\(text.debugDescription)")
      }
    }
    #expect(toldTexts > 200)
    // UI text of Latin letters, digits and common punctuation needs no word boundaries.
    for text in [
      "Delete this item? 1", "Sign in with your account", "Don\u{2019}t stop: it's 5 o'clock.",
      "Kraftfahrzeug-Haftpflichtversicherung", "Hello, world!", "snake_case (x)",
    ] {
      #expect(
        Hyphenation.breaksFromNeighbours(try system.shape(text, font: font)) != nil, "\(text)")
    }
  }
}
