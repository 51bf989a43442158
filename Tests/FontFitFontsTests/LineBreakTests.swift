import Foundation
import Testing
import TextLayout

@testable import FontKit

@Suite("Unicode line breaking (UAX #14) through ICU")
struct LineBreakTests {
  /// Debian's `unicode-data` copy of Unicode's line break conformance test.
  static let conformanceFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

  /// One conformance case: the text as UTF-16, and the UTF-16 offsets where a break is allowed.
  struct ConformanceCase {
    var line: Int
    var units: [UInt16]
    var breaks: Set<Int>
  }

  /// Parses `× 0023 ÷ 0020 ÷  # comment` lines; nil for lines without a case.
  static func parseCase(_ text: Substring, line: Int) -> ConformanceCase? {
    let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    guard let body = content.first else { return nil }
    let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard !tokens.isEmpty else { return nil }
    var units: [UInt16] = []
    var breaks: Set<Int> = []
    for token in tokens {
      switch token {
      case "÷": if !units.isEmpty { breaks.insert(units.count) }
      case "×": break
      default:
        guard let value = UInt32(token, radix: 16) else { return nil }
        if let scalar = Unicode.Scalar(value) {
          units.append(contentsOf: UTF16.encode(scalar).map { Array($0) } ?? [])
        } else if let unit = UInt16(exactly: value) {
          units.append(unit)  // A lone surrogate, kept as is.
        } else {
          return nil
        }
      }
    }
    return ConformanceCase(line: line, units: units, breaks: breaks)
  }

  @Test("ICU passes Unicode's LineBreakTest.txt")
  func conformance() throws {
    guard FileManager.default.fileExists(atPath: Self.conformanceFile) else {
      Issue.record(
        """
        \(Self.conformanceFile) is missing: install the Debian package `unicode-data` \
        (apt-get install unicode-data) to run the UAX #14 conformance test
        """)
      return
    }
    let contents = try String(contentsOfFile: Self.conformanceFile, encoding: .utf8)
    var total = 0
    var passes = 0
    var failures: [String] = []
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, line) in lines.enumerated() {
      guard let test = Self.parseCase(line, line: number + 1) else { continue }
      total += 1
      let found = UnicodeLineBreaker.breakOffsets(inUTF16: test.units)
      let positions = Set(found?.map(\.offset) ?? [])
      if found != nil, positions == test.breaks {
        passes += 1
      } else if failures.count < 10 {
        failures.append(
          "line \(test.line): expected \(test.breaks.sorted()), ICU \(positions.sorted())")
      }
    }
    let percent = total > 0 ? Double(passes) * 100 / Double(total) : 0
    let rounded = (percent * 100).rounded() / 100
    print("LineBreakTest.txt: \(passes) of \(total) cases match (\(rounded)%)")
    for failure in failures { print("  mismatch at \(failure)") }
    #expect(total > 7000, "too few cases parsed from \(Self.conformanceFile)")
    #expect(percent >= 99.5)
  }

  // MARK: - Behaviour, cluster by cluster

  private func opportunities(_ text: String) -> [LineBreakOpportunity] {
    UnicodeLineBreaker().opportunities(in: text)
  }

  @Test("One entry per grapheme cluster, the first prohibited")
  func shape() {
    for text in ["", "a", "中文字", "a b", "e\u{301}x", "👩‍👩‍👧 ok", "a\r\nb"] {
      let result = opportunities(text)
      #expect(result.count == text.count, "\(text.debugDescription)")
      if let first = result.first { #expect(first == .prohibited) }
    }
  }

  @Test("A break is allowed between CJK ideographs")
  func ideographs() {
    #expect(opportunities("中文字") == [.prohibited, .allowed, .allowed])
  }

  @Test("No break before closing CJK punctuation", arguments: ["。", "，", "、", "）", "」"])
  func noBreakBeforeClosing(punctuation: String) {
    let result = opportunities("中文\(punctuation)中文")
    #expect(result == [.prohibited, .allowed, .prohibited, .allowed, .allowed])
  }

  @Test("No break after opening CJK punctuation", arguments: ["「", "（", "『", "【"])
  func noBreakAfterOpening(punctuation: String) {
    let result = opportunities("中文\(punctuation)中文")
    #expect(result.count == 5)
    #expect(result[3] == .prohibited)
    #expect(result[4] == .allowed)
  }

  @Test("No break at a no-break space or a word joiner", arguments: ["\u{A0}", "\u{2060}"])
  func glue(joiner: String) {
    let result = opportunities("word\(joiner)word")
    #expect(result.allSatisfy { $0 == .prohibited })
    #expect(result.count == 9)
  }

  @Test("A break is allowed after a zero-width space")
  func zeroWidthSpace() {
    #expect(
      opportunities("ab\u{200B}cd") == [
        .prohibited, .prohibited, .prohibited, .allowed,
        .prohibited,
      ])
  }

  @Test(
    "A line separator forces a break after it",
    arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"])
  func mandatory(separator: String) {
    let result = opportunities("ab\(separator)cd")
    #expect(result == [.prohibited, .prohibited, .prohibited, .mandatory, .prohibited])
  }

  @Test("Separators in a row each end a line")
  func emptyLines() {
    #expect(opportunities("a\n\nb") == [.prohibited, .prohibited, .mandatory, .mandatory])
  }

  @Test("Combining marks stay with their base")
  func combiningMarks() {
    #expect(opportunities("e\u{301}") == [.prohibited])
    #expect(
      opportunities("cafe\u{301} au") == [
        .prohibited, .prohibited, .prohibited, .prohibited, .prohibited, .allowed, .prohibited,
      ])
  }

  @Test("A break is allowed after a hyphen inside a word")
  func hyphen() {
    let result = opportunities("well-known")
    #expect(result.count == 10)
    #expect(result[5] == .allowed)
    #expect(result.enumerated().allSatisfy { $0.offset == 5 || $0.element == .prohibited })
  }

  @Test("An emoji ZWJ sequence is one cluster without breaks")
  func emojiSequence() {
    let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👩‍👩‍👧
    #expect(opportunities(family) == [.prohibited])
    #expect(
      opportunities("a \(family) b")
        == [.prohibited, .prohibited, .allowed, .prohibited, .allowed])
    let offsets = UnicodeLineBreaker.breakOffsets(inUTF16: Array(family.utf16))
    #expect(offsets?.map(\.offset) == [family.utf16.count])
  }

  @Test("Spaces hang: the break comes after the last space")
  func spaces() {
    #expect(
      opportunities("ab  cd") == [
        .prohibited, .prohibited, .prohibited, .prohibited, .allowed, .prohibited,
      ])
  }

  @Test("Break offsets are UTF-16 offsets, ending at the text's length")
  func offsets() {
    #expect(UnicodeLineBreaker.breakOffsets(inUTF16: [])?.isEmpty == true)
    let found = UnicodeLineBreaker.breakOffsets(inUTF16: Array("a b\nc".utf16))
    #expect(found?.map(\.offset) == [2, 4, 5])
    #expect(found?.map(\.isMandatory) == [false, true, false])
  }

  @Test("Breakers are safe to use from many tasks at once")
  func concurrent() async {
    let text = "当不断增加文本数量时，文本框大小不够大时候。 Some English too.\n"
    let expected = opportunities(text)
    let results = await withTaskGroup(of: [LineBreakOpportunity].self) { group in
      for _ in 0..<16 { group.addTask { UnicodeLineBreaker().opportunities(in: text) } }
      var results: [[LineBreakOpportunity]] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(results.allSatisfy { $0 == expected })
  }

  // MARK: - With the real font system

  /// The seed article's first sentence: Chinese with an English word and closing punctuation.
  static let seedParagraph =
    "在指定大小的文本框中显示文本，当不断增加文本数量时，文本框大小不够大时候，"
    + "需要自动调整字体的大小适应文本框大小，自定义控件AXAutoSuitLabel实现这个功能。"

  /// The lines of the seed paragraph at `width` points, broken by `breaker`.
  private func seedLines(width: Double, breaker: some LineBreaking) throws -> [String] {
    let shaped = try FontSystem.shared().shape(
      Self.seedParagraph, font: Font("DejaVu Sans 17"), lineBreaker: breaker)
    try #require(shaped.missingCharacters.isEmpty, "install a CJK font: fonts-wqy-microhei")
    return TextLayouter(shaped: shaped, truncationToken: nil).layout(
      pointSize: 17,
      options: LayoutOptions(box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
    ).lines.map(\.text)
  }

  @Test("The seed's Chinese paragraph never starts a line with 。，、）」 at any width")
  func chineseLayout() throws {
    var naiveStartsBadly = false
    for width in stride(from: 40.0, through: 320, by: 3) {
      let lines = try seedLines(width: width, breaker: UnicodeLineBreaker())
      #expect(lines.count > 1)
      #expect(lines.joined() == Self.seedParagraph)
      for line in lines {
        #expect(line.first.map { !"。，、）」".contains($0) } ?? true, "at \(width): \(lines)")
        #expect(line.last.map { !"「（".contains($0) } ?? true, "at \(width): \(lines)")
      }
      let naive = try seedLines(width: width, breaker: SpaceAndHyphenLineBreaker())
      naiveStartsBadly =
        naiveStartsBadly || naive.contains { $0.hasPrefix("，") || $0.hasPrefix("。") }
    }
    // Without UAX #14 some width does start a line with punctuation, so the test has teeth.
    #expect(naiveStartsBadly)
  }
}
