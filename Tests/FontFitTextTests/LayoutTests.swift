import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

/// At 10pt the arithmetic shaper makes most characters 5pt wide, spaces and `i` 2.5pt, `W`
/// 10pt, and lines 12.5pt tall.
private let shaper = ArithmeticShaper()
private let ellipsis = shaper.shape("…")

private func layout(
  _ text: String, width: Double, height: Double = .infinity, lines: Int = 0,
  mode: LineBreakMode = .truncateTail, overflow: Overflow = .truncate
) throws -> TextBlock {
  TextLayouter(shaped: shaper.shape(text), truncationToken: ellipsis).layout(
    pointSize: 10,
    options: try LayoutOptions(
      box: Size(width: width, height: height), maximumLines: lines, lineBreakMode: mode,
      overflow: overflow))
}

@Suite("Wrapping")
struct WrappingTests {
  @Test("Lines break at spaces, and trailing spaces are not measured")
  func spaces() throws {
    #expect(try layout("aaaa bbbb", width: 45).lines.map(\.text) == ["aaaa bbbb"])
    let wrapped = try layout("aaaa bbbb", width: 40)
    #expect(wrapped.lines.map(\.text) == ["aaaa", "bbbb"])
    #expect(wrapped.lines.map(\.width) == [20, 20])
    #expect(wrapped.size == Size(width: 20, height: 25))
  }

  @Test("Spaces hang past the edge instead of pushing a line over")
  func hangingSpaces() throws {
    let block = try layout("aaaa     bbbb", width: 20)
    #expect(block.lines.map(\.text) == ["aaaa", "bbbb"])
    #expect(block.fits)
  }

  @Test("Explicit newlines always break, and a trailing newline adds an empty line")
  func newlines() throws {
    #expect(try layout("ab\ncd", width: 500).lines.map(\.text) == ["ab", "cd"])
    #expect(try layout("ab\r\ncd\n", width: 500).lines.map(\.text) == ["ab", "cd", ""])
    #expect(try layout("ab\n\ncd", width: 500).lines.map(\.text) == ["ab", "", "cd"])
  }

  @Test("Lines may break after a hyphen")
  func hyphens() throws {
    #expect(try layout("well-known", width: 30).lines.map(\.text) == ["well-", "known"])
  }

  @Test("A word breaks inside only when it alone is wider than the line")
  func longWords() throws {
    let block = try layout("a bbbbbbbbbb", width: 30)
    #expect(block.lines.map(\.text) == ["a", "bbbbbb", "bbbb"])
    #expect(try layout("a bbbbbb", width: 30).lines.map(\.text) == ["a", "bbbbbb"])
  }

  @Test("Character wrapping fills each line and ignores word boundaries")
  func charWrap() throws {
    let block = try layout("aaa bbb", width: 25, mode: .charWrap)
    #expect(block.lines.map(\.text) == ["aaa b", "bb"])
  }

  @Test("Emoji sequences and accents stay whole when a word is broken")
  func graphemes() throws {
    let text = "👩‍👩‍👧🇩🇪👍🏽e\u{301}👩‍👩‍👧🇩🇪👍🏽e\u{301}"
    let block = try layout(text, width: 10)
    #expect(block.lines.joined() == text)
    #expect(block.lines.allSatisfy { $0.text.count == 2 })
  }

  @Test("Re-wrapping at the measured width wraps the same way", arguments: 0..<50)
  func rewrapStable(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let text = randomText(using: &generator)
    let width = Double.random(in: 20...400, using: &generator)
    let first = try layout(text, width: width, mode: .wordWrap)
    let second = try layout(text, width: first.size.width, mode: .wordWrap)
    // Lines narrower than the box from a word wider than it keep their breaks too.
    if first.size.width <= width {
      #expect(first.lines.map(\.text) == second.lines.map(\.text))
    }
  }
}

extension [TextLine] {
  /// The line texts run together.
  fileprivate func joined() -> String { map(\.text).joined() }
}

@Suite("Truncation")
struct TruncationTests {
  let text = "aaaa bbbb cccc dddd"

  @Test("Tail truncation keeps the start and ends with the token")
  func tail() throws {
    let block = try layout(text, width: 40, lines: 1)
    #expect(block.lines.map(\.text) == ["aaaa bb…"])
    #expect(block.lines[0].width == 37.5)
    #expect(block.lines[0].isTruncated)
    #expect(!block.fits)
    #expect(block.failure == .tooManyLines(needed: 4, allowed: 1))
    #expect(block.hiddenCharacterCount == 10)
  }

  @Test("Head truncation keeps the end after the token")
  func head() throws {
    #expect(
      try layout(text, width: 40, lines: 1, mode: .truncateHead).lines.map(\.text) == ["…cc dddd"])
  }

  @Test("Middle truncation keeps both ends around the token")
  func middle() throws {
    let line = try layout(text, width: 40, lines: 1, mode: .truncateMiddle).lines[0]
    #expect(line.text == "aaa…dddd")
    #expect(line.width <= 40)
  }

  @Test("Clip cuts the last line at the edge without a token")
  func clip() throws {
    #expect(try layout(text, width: 40, lines: 1, mode: .clip).lines.map(\.text) == ["aaaa bbb"])
  }

  @Test("Word wrap drops whole lines past the limit, saying how much is hidden")
  func wordWrapLimit() throws {
    let block = try layout(text, width: 40, lines: 2, mode: .wordWrap)
    #expect(block.lines.map(\.text) == ["aaaa", "bbbb"])
    #expect(block.hiddenCharacterCount == 8)
  }

  @Test("The box height limits the lines as the line count does")
  func heightLimit() throws {
    let block = try layout(text, width: 40, height: 30)
    #expect(block.lines.map(\.text) == ["aaaa", "bbbb cc…"])
    #expect(block.failure == .tooTall(needed: 50, available: 30))
  }

  @Test("When not even the token fits, the line is empty rather than wider than the box")
  func tokenTooWide() throws {
    let block = try layout(text, width: 3, lines: 1)
    #expect(block.lines.map(\.text) == [""])
    #expect(block.size.width == 0)
    #expect(block.hiddenCharacterCount == 16)
  }

  @Test("A huge line limit neither crashes nor limits")
  func hugeLineLimit() throws {
    #expect(try layout(text, width: 40, lines: .max).lines.count == 4)
  }

  @Test("Scroll overflow keeps every line")
  func scroll() throws {
    let block = try layout(text, width: 40, height: 30, overflow: .scroll)
    #expect(block.lines.count == 4)
    #expect(!block.fits)
  }

  @Test(
    "Truncated lines never exceed the box width", arguments: LineBreakMode.allCases)
  func truncatedWidth(mode: LineBreakMode) throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<100 {
      let text = randomText(using: &generator)
      let width = Double.random(in: 15...300, using: &generator)
      let lines = Int.random(in: 1...3, using: &generator)
      let block = try layout(text, width: width, lines: lines, mode: mode)
      #expect(block.lines.count <= lines)
      for line in block.lines where line.text.count > 1 {
        #expect(line.width <= width + 1e-9, "\(mode) \(text.debugDescription) at \(width)")
      }
    }
  }
}
