import FontFitFontModel
@_spi(Engine) import FontFitText
import TestSupport
import Testing

@testable import FontFitFonts

/// Bidi on real fonts: levels from ICU, reordering and right alignment of placed lines (issue 7).
@Suite("Bidi and positions on real fonts (issue 7)")
struct BidiTests {
  static let mixed = [
    "שלום world 123 עולם", "Hello שלום, עולם!", "مرحبا Swift 6 بالعالم", "abc אבג def",
    "(ملف.txt) جديد", "זהו טקסט: one, two, three.", "السعر ٣٥ دولار", "a ב c ד e",
    "مرحبا بالعالم، هذا نص عربي للتجربة", "שלום עולם",
  ]

  /// `text` in `font`, laid out on one line of `width` and placed with `alignment`.
  static func place(
    _ text: String, font: String = "DejaVu Sans 17", width: Double = 2000,
    alignment: TextAlignment = .natural
  ) throws -> (shaped: ShapedText, lines: [PositionedLine]) {
    let system = try FontSystem.shared()
    let font = try Font(font)
    let shaped = try system.shape(text, font: font.descriptor)
    let token = try system.shape("…", font: font.descriptor)
    let box = Size(width: width, height: 1000)
    let block = TextLayouter(shaped: shaped, truncationToken: token).layout(
      pointSize: font.pointSize, options: try LayoutOptions(box: box))
    let lines = TextPositioner(shaped: shaped, truncationToken: token).position(
      block, in: box, alignment: alignment, vertical: .top)
    return (shaped, lines)
  }

  @Test("Reordering matches ICU's ubidi_reorderVisual on random level sequences")
  func reorderingMatchesICU() {
    var generator = SplitMix64(seed: 21)
    for _ in 0..<500 {
      let count = Int.random(in: 0...24, using: &generator)
      let levels = (0..<count).map { _ in UInt8.random(in: 0...5, using: &generator) }
      #expect(
        TextPositioner.visualOrder(levels: levels) == BidiLevels.visualOrder(levels: levels),
        "levels \(levels)")
    }
  }

  @Test(
    "Text with no right-to-left character gets ICU's levels and paragraphs without asking ICU"
  )
  func leftToRightWithoutICU() throws {
    let pieces = [
      "a", "word", " ", "\t", "\r\n", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}",
      "e\u{301}", "👩‍👩‍👧", "在指定", "Ω", "1", "(", "-",
    ]
    var generator = SplitMix64(seed: 2506)
    for _ in 0..<400 {
      let count = Int(generator.next() % 10)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let graphemes = Graphemes(text)
      for direction in [WritingDirection.natural, .leftToRight] {
        let direct = BidiLevels(leftToRight: graphemes)
        let asked = try BidiLevels(askingICU: graphemes, direction: direction)
        let clusters = 0..<graphemes.count
        #expect(
          clusters.map(direct.level) == clusters.map(asked.level), "\(text.debugDescription)")
        #expect(direct.paragraphs == asked.paragraphs, "\(text.debugDescription)")
      }
    }
  }

  @Test("ICU gives level 0 to every character the left-to-right shortcut lets through")
  func leftToRightShortcutCoversOnlyLevelZero() throws {
    // Every scalar whose UTF-16 units are all let through, in runs of 4,096 after a Latin
    // letter (a paragraph of them would take its direction from its first strong character),
    // each unit's level read from ICU: marks and other characters inside a cluster too.
    let allowed = (0...0x10_FFFF).lazy.compactMap(Unicode.Scalar.init).filter { scalar in
      !String(scalar).utf16.contains(where: Graphemes.mayBeRightToLeft)
    }
    let scalars = Array(allowed)
    #expect(scalars.count > 1_000_000)
    for start in stride(from: 0, to: scalars.count, by: 4096) {
      var text = "a"
      text.unicodeScalars.append(contentsOf: scalars[start..<min(start + 4096, scalars.count)])
      #expect(Graphemes(text).isLeftToRightOnly)
      let units = Array(text.utf16)
      let first = String(scalars[start].value, radix: 16)
      for direction in [WritingDirection.natural, .leftToRight] {
        let (levels, paragraphs) = try BidiLevels.unitLevels(of: units, direction: direction)
        #expect(levels.allSatisfy { $0 == 0 }, "from U+\(first)")
        #expect(paragraphs.allSatisfy { $0 == 0 }, "from U+\(first)")
      }
    }
  }

  @Test("A text takes the left-to-right shortcut exactly when it has nothing right to left")
  func shortcutChosen() throws {
    for (text, direction, expected) in [
      ("abc", WritingDirection.natural, true), ("在指定 👍", .leftToRight, true),
      ("a\u{2029}b", .natural, true), ("abc", .rightToLeft, false),
      ("a\u{200F}b", .natural, false), ("aשb", .natural, false), ("a\u{2067}b", .natural, false),
    ] {
      let graphemes = Graphemes(text)
      let levels = try BidiLevels(graphemes: graphemes, direction: direction)
      let asked = try BidiLevels(askingICU: graphemes, direction: direction)
      #expect(
        graphemes.isLeftToRightOnly
          == (text.unicodeScalars.allSatisfy { scalar in
            !String(scalar).utf16.contains(where: Graphemes.mayBeRightToLeft)
          }))
      let clusters = 0..<graphemes.count
      #expect(
        clusters.map(levels.level) == clusters.map(asked.level)
          && levels.paragraphs == asked.paragraphs)
      #expect((graphemes.isLeftToRightOnly && direction != .rightToLeft) == expected, "\(text)")
    }
  }

  @Test("Mixed-direction lines show their grapheme clusters in ICU's visual order")
  func mixedStrings() throws {
    for text in Self.mixed {
      let (shaped, lines) = try Self.place(text)
      let line = try #require(lines.first)
      try #require(lines.count == 1)
      let visible = shaped.clusters.indices.filter { !shaped.clusters[$0].glyphs.isEmpty }
      let expected = BidiLevels.visualOrder(levels: shaped.clusters.map(\.level))
        .filter { visible.contains($0) }
        .map { shaped.clusters[$0].range.lowerBound.utf16Offset(in: text) }
      var seen: [Int] = []
      for glyph in line.runs.flatMap(\.glyphs) {
        let offset = try #require(glyph.cluster)
        let index = text.utf8.index(text.startIndex, offsetBy: offset)
        let utf16 = index.utf16Offset(in: text)
        if seen.last != utf16 { seen.append(utf16) }
      }
      #expect(seen == expected, "\(text)")
    }
  }

  @Test("Right-to-left paragraphs are right-aligned to 0.01pt, in every width")
  func rightAlignment() throws {
    for text in ["שלום עולם, זהו טקסט", "مرحبا بالعالم، هذا نص عربي للتجربة"] {
      for width in stride(from: 80.0, through: 400, by: 40) {
        let system = try FontSystem.shared()
        let font = try Font("DejaVu Sans 17")
        let shaped = try system.shape(text, font: font.descriptor)
        #expect(shaped.baseDirection == .rightToLeft)
        let box = Size(width: width, height: 1000)
        let block = TextLayouter(shaped: shaped, truncationToken: nil).layout(
          pointSize: 17, options: try LayoutOptions(box: box, lineBreakMode: .wordWrap))
        let lines = TextPositioner(shaped: shaped, truncationToken: nil).position(
          block, in: box, alignment: .natural, vertical: .top)
        for line in lines {
          let glyphs = line.runs.flatMap(\.glyphs)
          let right = (glyphs.last?.x ?? 0) + (glyphs.last?.advance ?? 0)
          #expect(abs(right - width) <= 0.01, "\(text) at \(width): ends at \(right)")
          #expect(line.direction == .rightToLeft)
        }
      }
    }
  }

  @Test("On real fonts the glyph advances of every line add up to its width")
  func advancesAddUp() throws {
    let texts =
      Self.mixed + [
        "The official staff shuffled the fluffy files.", "नमस्ते दुनिया, हिन्दी भाषा",
        "Tiếng Việt có dấu",
      ]
    for text in texts {
      for alignment in TextAlignment.allCases {
        let (_, lines) = try Self.place(text, width: 120, alignment: alignment)
        for line in lines {
          let total = line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
          #expect(abs(total - line.width) <= 0.01, "\(text) \(alignment)")
        }
      }
    }
  }

  @Test("Each paragraph takes its own direction from its first strong character")
  func paragraphDirections() throws {
    let (shaped, lines) = try Self.place("Hello world\nשלום עולם\nagain", width: 300)
    #expect(shaped.paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
    #expect(lines.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
    #expect(lines[0].x == 0)
    #expect(abs(lines[1].x + lines[1].width - 300) <= 0.01)
    #expect(lines[2].x == 0)
  }
}
