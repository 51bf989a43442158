import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

/// At 10pt the arithmetic shaper makes most characters 5pt wide, spaces 2.5pt, lines 12.5pt.
private let shaper = ArithmeticShaper()

/// `text` shaped with one glyph per visible cluster (its first scalar as the id), and with
/// upper-case letters (and spaces between them) right to left at level 1 — a stand-in for
/// Hebrew that keeps the tests readable.
private func bidiShaped(_ text: String, base: TextDirection = .leftToRight) throws -> ShapedText {
  let plain = shaper.shape(text)
  var clusters = Array(plain.clusters)
  var glyphs: [ShapedGlyph] = []
  let characters = Array(text)
  for index in clusters.indices {
    let character = characters[index]
    let isUpper = character.isUppercase
    let between =
      character == " " && index > 0 && index + 1 < characters.count
      && characters[index - 1].isUppercase && characters[index + 1].isUppercase
    clusters[index].level = isUpper || between ? 1 : (base == .rightToLeft ? 2 : 0)
    if base == .rightToLeft, !(isUpper || between) {
      clusters[index].level = character.isLetter || character.isNumber ? 2 : 1
    }
    guard clusters[index].kind != .lineSeparator else { continue }
    let first = glyphs.count
    glyphs.append(
      ShapedGlyph(
        id: character.unicodeScalars.first?.value ?? 0, font: 0,
        advance: clusters[index].advance))
    clusters[index].glyphs = first..<glyphs.count
  }
  return try ShapedText(
    text: text, clusters: clusters, fonts: plain.fonts, glyphs: glyphs, baseDirection: base)
}

private func positioned(
  _ shaped: ShapedText, width: Double, height: Double = 100, lines: Int = 0,
  alignment: TextAlignment = .natural, vertical: VerticalPlacement = .top,
  mode: LineBreakMode = .truncateTail
) throws -> (block: TextBlock, lines: [PositionedLine]) {
  let token = try bidiShaped("…")
  let options = try LayoutOptions(
    box: Size(width: width, height: height), maximumLines: lines, lineBreakMode: mode)
  let block = TextLayouter(shaped: shaped, truncationToken: token).layout(
    pointSize: 10, options: options)
  let placed = TextPositioner(shaped: shaped, truncationToken: token).position(
    block, in: Size(width: width, height: height), alignment: alignment, vertical: vertical)
  return (block, placed)
}

/// The characters of a positioned line's glyphs, left to right.
private func visual(_ line: PositionedLine) -> String {
  String(
    line.runs.flatMap(\.glyphs).compactMap { Unicode.Scalar($0.id).map(Character.init) })
}

@Suite("Positioning (issue 7)")
struct PositioningTests {
  @Test(
    "Lines sit where the alignment says, stack top to bottom, and keep the baseline inside",
    arguments: [TextAlignment.left, .center, .right, .natural])
  func alignment(alignment: TextAlignment) throws {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<60 {
      let text = randomText(using: &generator)
      let width = Double.random(in: 40...300, using: &generator)
      let placed = try positioned(
        try bidiShaped(text), width: width, height: 1000, alignment: alignment)
      var top = 0.0
      for (line, laid) in zip(placed.lines, placed.block.lines) {
        switch alignment {
        case .left, .natural: #expect(line.x == 0)
        case .right: #expect(abs(line.x + line.width - width) < 1e-9)
        case .center: #expect(abs(line.x - (width - line.width) / 2) < 1e-9)
        case .justified: break
        }
        #expect(line.width == laid.width)
        #expect(line.y == top)
        #expect(line.baseline > line.y && line.baseline <= line.y + line.height)
        top += line.height
      }
    }
  }

  @Test("Glyph advances add up to the line width, and glyphs run left to right without gaps")
  func glyphsAddUp() throws {
    var generator = SplitMix64(seed: 12)
    for _ in 0..<60 {
      let text = randomText(using: &generator)
      let width = Double.random(in: 40...300, using: &generator)
      for alignment in TextAlignment.allCases {
        for line in try positioned(
          try bidiShaped(text), width: width, height: 1000, alignment: alignment
        ).lines {
          let glyphs = line.runs.flatMap(\.glyphs)
          let total = glyphs.reduce(0) { $0 + $1.advance }
          #expect(abs(total - line.width) < 1e-9, "\(text.debugDescription) \(alignment)")
          var pen = line.x
          for glyph in glyphs {
            #expect(abs(glyph.x - pen) < 1e-9)
            #expect(glyph.y == line.baseline)
            pen += glyph.advance
          }
        }
      }
    }
  }

  @Test("Justified lines fill the width; a paragraph's last line stays on its natural side")
  func justified() throws {
    let text = "aa bb cc dd ee ff gg\nhh ii"
    let placed = try positioned(try bidiShaped(text), width: 40, alignment: .justified)
    #expect(placed.lines.map(visual) == ["aa bb cc", "dd ee ff", "gg", "hh ii"])
    #expect(placed.lines[0].width == 40)
    #expect(placed.lines[1].width == 40)
    // "gg" ends the first paragraph and "hh ii" the text: both as laid out, on the left.
    #expect(placed.lines[2].width == 10)
    #expect(placed.lines[2].x == 0)
    #expect(placed.lines[3].width == placed.block.lines[3].width)
  }

  @Test("Right-to-left runs are reversed for display; left-to-right runs inside stay in order")
  func reordering() throws {
    let line = try positioned(try bidiShaped("ab CDE fg"), width: 500).lines[0]
    #expect(visual(line) == "ab EDC fg")
    let rtl = try positioned(try bidiShaped("ABC de 12 FG", base: .rightToLeft), width: 500)
    // In a right-to-left paragraph the whole line reverses, and the embedded left-to-right
    // words (level 2) read left to right again.
    #expect(visual(rtl.lines[0]) == "GF 12 de CBA")
    #expect(rtl.lines[0].direction == .rightToLeft)
  }

  @Test("Natural alignment puts right-to-left paragraphs on the right, to the point")
  func naturalRightToLeft() throws {
    var generator = SplitMix64(seed: 13)
    for _ in 0..<40 {
      let text = randomText(using: &generator).uppercased()
      let width = Double.random(in: 60...300, using: &generator)
      let placed = try positioned(try bidiShaped(text, base: .rightToLeft), width: width)
      for line in placed.lines {
        #expect(abs(line.x + line.width - width) < 1e-9)
        #expect(line.direction == .rightToLeft)
      }
    }
  }

  @Test("Tail truncation keeps the logical start; in a right-to-left line the token is on the left")
  func truncationToken() throws {
    let placed = try positioned(
      try bidiShaped("ABCD EFGH IJKL", base: .rightToLeft), width: 50, lines: 1)
    let line = try #require(placed.lines.first)
    let glyphs = line.runs.flatMap(\.glyphs)
    #expect(glyphs.first?.cluster == nil, "the token's glyph comes first, on the left")
    #expect(visual(line).hasPrefix("…"))
    #expect(visual(line).hasSuffix("DCBA"))
    #expect(glyphs.dropFirst().allSatisfy { $0.cluster != nil })
  }

  @Test("A centred block sits in the middle of its box; one taller than the box starts at the top")
  func verticalCentre() throws {
    let shaped = try bidiShaped("aaaa bbbb")
    let short = try positioned(shaped, width: 20, height: 100, vertical: .center)
    #expect(short.lines.first?.y == 37.5)
    let tall = try positioned(
      shaped, width: 20, height: 10, vertical: .center, mode: .wordWrap)
    #expect(tall.lines.first?.y == 0)
  }

  @Test("The layout's reordering is the bidi algorithm's rule L2 on hand-checked levels")
  func ruleL2() {
    #expect(TextPositioner.visualOrder(levels: [0, 0, 1, 1, 1, 0]) == [0, 1, 4, 3, 2, 5])
    #expect(TextPositioner.visualOrder(levels: [1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
    #expect(TextPositioner.visualOrder(levels: [0, 1, 2, 3]) == [0, 2, 3, 1])
    #expect(TextPositioner.visualOrder(levels: []) == [])
  }
}
