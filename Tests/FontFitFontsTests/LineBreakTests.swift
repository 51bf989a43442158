import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import Foundation
import Testing

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

  /// The version of the conformance file the known differences below were recorded against.
  static let conformanceVersion = "LineBreakTest-15.0.0.txt"

  /// The 22 cases of ``conformanceFile`` (of 7654) where ICU breaks differently from plain
  /// UAX #14, by line number: all come from ICU's (CLDR's) tailoring of the rules, which keeps
  /// a leading sign or a decimal separator with the word or number after it.
  ///
  /// A mismatch outside this set is a regression; a case in it that now matches means ICU's
  /// rules changed and the set must be re-recorded. Either way ``conformance()`` fails and
  /// names the lines.
  static let knownDifferences: Set<Int> = [
    // No break between a hyphen-minus and the letter after it (`-#`, `-§`, `-ก`, also with a
    // combining mark on the hyphen): ICU reads a leading `-` as a sign or dash prefix, while
    // UAX #14 allows a break after a hyphen that starts the text.
    2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431,
    // No break between a comma or full stop and the digit after it: ICU reads `,0`, `.35` and
    // `a.2` as numbers, while UAX #14 keeps the separator with a digit only after another
    // digit (so `equals .35 cents` breaks before `.35` in ICU, after its `.` in UAX #14).
    2873, 2875, 7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587,
  ]

  @Test("ICU matches Unicode's LineBreakTest.txt except at ICU's known tailorings")
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
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(
      lines.first?.contains(Self.conformanceVersion) == true,
      """
      \(Self.conformanceFile) is not \(Self.conformanceVersion) but \
      \(lines.first.map(String.init) ?? "empty"): re-record knownDifferences for it
      """)
    var total = 0
    var mismatches: [Int: String] = [:]
    for (number, line) in lines.enumerated() {
      guard let test = Self.parseCase(line, line: number + 1) else { continue }
      total += 1
      do {
        let positions = try UnicodeLineBreaker.breakOffsets(inUTF16: test.units).map(\.offset)
        if Set(positions) != test.breaks {
          mismatches[test.line] =
            "line \(test.line): expected \(test.breaks.sorted()), ICU \(positions)  \(line)"
        }
      } catch {
        mismatches[test.line] = "line \(test.line): ICU failed: \(error)"
      }
    }
    print("LineBreakTest.txt: \(total - mismatches.count) of \(total) cases match ICU")
    #expect(total == 7654, "expected 7654 cases in \(Self.conformanceVersion), parsed \(total)")
    let failing = Set(mismatches.keys)
    let regressions = failing.subtracting(Self.knownDifferences).sorted()
    let nowPassing = Self.knownDifferences.subtracting(failing).sorted()
    let newLines = regressions.compactMap { mismatches[$0] }
    let newText = newLines.isEmpty ? "none" : newLines.joined(separator: "; ")
    let fixedText =
      nowPassing.isEmpty ? "none" : nowPassing.map(String.init).joined(separator: ", ")
    #expect(
      failing == Self.knownDifferences,
      """
      ICU's mismatches with \(Self.conformanceVersion) changed. \
      New mismatches (regressions): \(newText). \
      Known differences that now match (remove them from knownDifferences): \(fixedText).
      """)
  }

  // MARK: - Behaviour, cluster by cluster

  private func opportunities(_ text: String) throws -> [LineBreakOpportunity] {
    try UnicodeLineBreaker().opportunities(in: text)
  }

  @Test("One entry per grapheme cluster, the first prohibited")
  func shape() throws {
    for text in ["", "a", "中文字", "a b", "e\u{301}x", "👩‍👩‍👧 ok", "a\r\nb"] {
      let result = try opportunities(text)
      #expect(result.count == text.count, "\(text.debugDescription)")
      if let first = result.first { #expect(first == .prohibited) }
    }
  }

  @Test("A break is allowed between CJK ideographs")
  func ideographs() throws {
    #expect(try opportunities("中文字") == [.prohibited, .allowed, .allowed])
  }

  @Test("No break before closing CJK punctuation", arguments: ["。", "，", "、", "）", "」"])
  func noBreakBeforeClosing(punctuation: String) throws {
    let result = try opportunities("中文\(punctuation)中文")
    #expect(result == [.prohibited, .allowed, .prohibited, .allowed, .allowed])
  }

  @Test("No break after opening CJK punctuation", arguments: ["「", "（", "『", "【"])
  func noBreakAfterOpening(punctuation: String) throws {
    let result = try opportunities("中文\(punctuation)中文")
    #expect(result.count == 5)
    #expect(result[3] == .prohibited)
    #expect(result[4] == .allowed)
  }

  @Test("No break at a no-break space or a word joiner", arguments: ["\u{A0}", "\u{2060}"])
  func glue(joiner: String) throws {
    let result = try opportunities("word\(joiner)word")
    #expect(result.allSatisfy { $0 == .prohibited })
    #expect(result.count == 9)
  }

  @Test("A break is allowed after a zero-width space")
  func zeroWidthSpace() throws {
    #expect(
      try opportunities("ab\u{200B}cd") == [
        .prohibited, .prohibited, .prohibited, .allowed,
        .prohibited,
      ])
  }

  @Test(
    "A line separator forces a break after it",
    arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"])
  func mandatory(separator: String) throws {
    let result = try opportunities("ab\(separator)cd")
    #expect(result == [.prohibited, .prohibited, .prohibited, .mandatory, .prohibited])
  }

  @Test("Separators in a row each end a line")
  func emptyLines() throws {
    #expect(try opportunities("a\n\nb") == [.prohibited, .prohibited, .mandatory, .mandatory])
  }

  @Test("Combining marks stay with their base")
  func combiningMarks() throws {
    #expect(try opportunities("e\u{301}") == [.prohibited])
    #expect(
      try opportunities("cafe\u{301} au") == [
        .prohibited, .prohibited, .prohibited, .prohibited, .prohibited, .allowed, .prohibited,
      ])
  }

  @Test("A break is allowed after a hyphen inside a word")
  func hyphen() throws {
    let result = try opportunities("well-known")
    #expect(result.count == 10)
    #expect(result[5] == .allowed)
    #expect(result.enumerated().allSatisfy { $0.offset == 5 || $0.element == .prohibited })
  }

  @Test("An emoji ZWJ sequence is one cluster without breaks")
  func emojiSequence() throws {
    let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👩‍👩‍👧
    #expect(try opportunities(family) == [.prohibited])
    #expect(
      try opportunities("a \(family) b")
        == [.prohibited, .prohibited, .allowed, .prohibited, .allowed])
    let offsets = try UnicodeLineBreaker.breakOffsets(inUTF16: Array(family.utf16))
    #expect(offsets.map(\.offset) == [family.utf16.count])
  }

  @Test("Spaces hang: the break comes after the last space")
  func spaces() throws {
    #expect(
      try opportunities("ab  cd") == [
        .prohibited, .prohibited, .prohibited, .prohibited, .allowed, .prohibited,
      ])
  }

  @Test("Break offsets are UTF-16 offsets, ending at the text's length")
  func offsets() throws {
    #expect(try UnicodeLineBreaker.breakOffsets(inUTF16: []).isEmpty)
    let found = try UnicodeLineBreaker.breakOffsets(inUTF16: Array("a b\nc".utf16))
    #expect(found.map(\.offset) == [2, 4, 5])
    #expect(found.map(\.isMandatory) == [false, true, false])
  }

  @Test("Breakers are safe to use from many tasks at once")
  func concurrent() async throws {
    let text = "当不断增加文本数量时，文本框大小不够大时候。 Some English too.\n"
    let expected = try opportunities(text)
    let results = try await withThrowingTaskGroup(of: [LineBreakOpportunity].self) { group in
      for _ in 0..<16 { group.addTask { try UnicodeLineBreaker().opportunities(in: text) } }
      var results: [[LineBreakOpportunity]] = []
      for try await result in group { results.append(result) }
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
      Self.seedParagraph, font: FontDescriptor(family: "DejaVu Sans"), lineBreaker: breaker)
    try #require(shaped.missingCharacters.isEmpty, "install a CJK font: fonts-wqy-microhei")
    return TextLayouter(shaped: shaped, truncationToken: nil).layout(
      pointSize: 17,
      options: try LayoutOptions(
        box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
    ).lines.map { $0.endsWithInsertedHyphen ? String($0.text.dropLast()) : $0.text }
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
