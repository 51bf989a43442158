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
