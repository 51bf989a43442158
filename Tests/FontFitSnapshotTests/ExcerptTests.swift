import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

@testable import FontFitSnapshot

// The dump's excerpts, written without joining the lines, say what the joined text says.

@Suite("Excerpts")
struct ExcerptTests {
  /// The excerpt as first defined: the joined text, cut to `limit` characters.
  static func reference(_ parts: [String], separator: String, limit: Int) -> String {
    let text = parts.joined(separator: separator)
    let count = text.count
    guard count > limit else { return TextFormat.quoted(text) }
    return TextFormat.quoted(String(text.prefix(limit))) + " [+\(count - limit) characters]"
  }

  /// Checks `rounds` random excerpts against ``reference(_:separator:limit:)``: up to five
  /// lines of fewer than `pieces` pieces each, each piece from `piece`, joined by the
  /// separator `separator` picks, cut to 1–60 characters.
  static func checkAgainstJoined(
    seed: UInt64, rounds: Int, pieces: UInt64, piece: (inout SplitMix64) -> String,
    separator: (inout SplitMix64) -> String
  ) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<rounds {
      var parts: [String] = []
      for _ in 0...(generator.next() % 4) {
        var part = ""
        for _ in 0..<(generator.next() % pieces) { part += piece(&generator) }
        parts.append(part)
      }
      let joiner = separator(&generator)
      let limit = Int(generator.next() % 60) + 1
      var output = TextOutput()
      appendQuotedExcerpt(of: parts, separator: joiner, to: &output, limit: limit)
      let expected = reference(parts, separator: joiner, limit: limit)
      #expect(
        output.string == expected, "\(parts) separator \(joiner.debugDescription) limit \(limit)")
    }
  }

  @Test("An excerpt of lines equals the excerpt of the joined lines")
  func matchesJoined() {
    let pieces = [
      "a", "b", " ", "e\u{301}", "字", "👍🏽", "\r\n", "x\u{308}\u{301}", "ß", "1", "\u{301}",
      "\u{600}",
    ]
    Self.checkAgainstJoined(seed: 48, rounds: 500, pieces: 40) { generator in
      pieces[Int(generator.next() % UInt64(pieces.count))]
    } separator: { _ in
      " ⏎ "
    }
  }

  @Test(
    "An excerpt of ASCII lines, cut by counting bytes, equals the excerpt of the joined lines, with every separator"
  )
  func asciiMatchesJoined() {
    // Printable ASCII and the characters that need escaping or join their neighbours.
    let pieces = ["a", "Z", " ", "~", "1", "\"", "\\", "\t", "\u{7F}", "\n"]
    let separators = [
      " ⏎ ", "", ", ", "\u{301}", "\u{903}", "\u{600}", "\u{200D}", "\"", "\u{85}", "⏎",
      "\u{1F1EB}", "\r",
    ]
    Self.checkAgainstJoined(seed: 4848, rounds: 10000, pieces: 30) { generator in
      // Mostly plain, so that most excerpts take the byte-counting path.
      let choice = Int(generator.next() % 1000)
      return choice < 995 ? pieces[choice % 5] : pieces[5 + choice % 5]
    } separator: { generator in
      // The dump's separator half the time.
      let pick = Int(generator.next() % UInt64(2 * separators.count))
      return separators[pick < separators.count ? pick : 0]
    }
  }

  @Test("Every lone-character scalar is a character of its own beside any other and beside ASCII")
  func loneCharactersNeverJoin() {
    // One neighbour of each grapheme break class the lone scalars have: Other (a letter, an
    // ideograph), LV and LVT (Hangul syllables), and an Extended_Pictographic symbol.
    let neighbours = ["a", "字", "가", "각", "©"]
    var checked = 0
    for value in UInt32(0x80)...0x2_FFFF where isLoneCharacter(value) {
      guard let scalar = Unicode.Scalar(value) else {
        Issue.record("U+\(String(value, radix: 16)) is not a scalar")
        continue
      }
      let lone = String(scalar)
      checked += 1
      #expect(lone.count == 1 && (lone + lone).count == 2, "U+\(String(value, radix: 16))")
      #expect(!TextFormat.hasControlCharacters(lone), "U+\(String(value, radix: 16))")
      for neighbour in neighbours {
        #expect(
          (neighbour + lone).count == 2 && (lone + neighbour).count == 2,
          "U+\(String(value, radix: 16)) beside \(neighbour)")
      }
    }
    #expect(checked > 60000)
  }

  @Test("An excerpt of lines of letters from many scripts equals the excerpt of the joined lines")
  func loneCharactersMatchJoined() {
    // Lone characters, mostly, and now and then one that joins or needs escaping.
    let lone = ["a", " ", "ü", "ß", "字", "、", "مر", "،", "가", "я", "€", "→", "⏎", "𠀀", "ア"]
    let joining = ["e\u{301}", "\u{64E}", "\u{600}", "\"", "\u{1100}", "👍🏽", "\r\n", "\u{FF9E}"]
    Self.checkAgainstJoined(seed: 4849, rounds: 10000, pieces: 30) { generator in
      let choice = Int(generator.next() % 1000)
      return choice < 995
        ? lone[choice % lone.count] : joining[Int(generator.next() % UInt64(joining.count))]
    } separator: { generator in
      generator.next() % 4 == 0 ? "" : " ⏎ "
    }
  }

  @Test("Eight bytes are plain at once exactly when each of them is plain")
  func plainWords() {
    func bytewise(_ word: UInt64) -> Bool {
      (0..<8).allSatisfy { isPlainQuoted(UInt8(truncatingIfNeeded: word >> (8 * $0))) }
    }
    // Every byte value at every position among plain letters.
    for value in 0...255 {
      for position in 0..<8 {
        let word =
          UInt64(0x6161_6161_6161_6161) & ~(0xFF << (8 * position))
          | UInt64(value) << (8 * position)
        #expect(allPlainQuoted(word) == bytewise(word), "\(value) at \(position)")
      }
    }
    // Random words, mostly of bytes near the bounds, so that borrows meet.
    var generator = SplitMix64(seed: 8)
    let near: [UInt64] = [
      0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xFF,
    ]
    for _ in 0..<200_000 {
      var word: UInt64 = 0
      for position in 0..<8 {
        let random = generator.next()
        let byte =
          random % 3 == 0 ? (random >> 8) & 0xFF : near[Int((random >> 8) % UInt64(near.count))]
        word |= byte << (8 * UInt64(position))
      }
      #expect(allPlainQuoted(word) == bytewise(word), "\(String(word, radix: 16))")
    }
  }

  @Test(
    "The excerpt of laid-out lines, read from the shaped text as UTF-8, equals the excerpt of their texts joined"
  )
  func laidOutLinesMatchJoined() throws {
    // Plain words and compounds that hyphenate (hyphens end lines), and pieces that are not
    // plain: a combining accent, an emoji, a quote, a backslash, a tab.
    let pieces = [
      "Donaudampfschifffahrtsgesellschaftskapitän ", "Datenschutzgrundverordnung ", "word ",
      "字体自适应", "بحث في ", "Ünïcödé ", "e\u{301} ", "👍🏽 ", "\"quoted\" ", "back\\slash ",
      "tab\there ", "1234567890 ", "\n", "\n\n",
    ]
    let fonts = try FontSystem.shared()
    var generator = SplitMix64(seed: 2507)
    var hyphenated = 0
    var truncated = 0
    var emptyLines = 0
    var plainAndNot = (plain: 0, other: 0)
    for round in 0..<300 {
      var text = ""
      for _ in 0...(generator.next() % 6) {
        // Mostly plain pieces, so most excerpts are read from the shaped text.
        let pick = Int(generator.next() % UInt64(2 * pieces.count))
        text += pieces[pick < pieces.count ? pick : pick % 4]
      }
      let label = Label(
        id: "l\(round)",
        frame: Rect(
          x: 0, y: 0, width: Double(40 + generator.next() % 260),
          height: Double(20 + generator.next() % 120)),
        font: Font(family: "DejaVu Sans", pointSize: Double(10 + generator.next() % 14)),
        text: text)
      label.numberOfLines = Int(generator.next() % 4)
      if generator.next() % 2 == 0 { label.autoFit = nil }
      label.language = try Language("de")
      label.typography = Typography(hyphenation: .auto)
      let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
      try root.addChild(label)
      root.environment = WidgetEnvironment(screen: TestScreens.iPhone5, shaper: fonts)
      root.layoutIfNeeded()
      let block = try #require(label.layout?.fit?.block, "\(text)")
      if block.lineTexts.contains(where: { $0.hasSuffix("\u{2010}") || $0.hasSuffix("-") }) {
        hyphenated += 1
      }
      let texts = block.lineTexts
      if block.hiddenCharacterCount > 0 { truncated += 1 }
      if texts.contains(where: \.isEmpty) { emptyLines += 1 }
      var source = text
      if source.withUTF8(plainCharacterCount) != nil {
        plainAndNot.plain += 1
      } else {
        plainAndNot.other += 1
      }
      for limit in [1, 5, 20, 48, Int(generator.next() % 80) + 1] {
        let expected = Self.reference(texts, separator: " ⏎ ", limit: limit)
        var output = TextOutput()
        appendLinesExcerpt(of: block, to: &output, limit: limit)
        #expect(output.string == expected, "\(texts) limit \(limit)")
      }
      // Once the lines are built, the excerpt is read from them.
      _ = block.lines
      var output = TextOutput()
      appendLinesExcerpt(of: block, to: &output, limit: 48)
      #expect(output.string == Self.reference(texts, separator: " ⏎ ", limit: 48))
    }
    #expect(hyphenated > 10, "lines ending in a hyphen: \(hyphenated)")
    #expect(truncated > 10, "truncated layouts: \(truncated)")
    #expect(emptyLines > 5, "layouts with an empty line: \(emptyLines)")
    #expect(plainAndNot.plain > 50 && plainAndNot.other > 50, "\(plainAndNot)")
  }
}
