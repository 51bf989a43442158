import Testing

@testable import FontFitFonts

// Splitting text into grapheme clusters without Unicode's rules where no rule can join two
// characters (issue 25: a cold fit's own instructions).

@Suite("Grapheme clusters")
struct GraphemesTests {
  /// Characters that join with a character before them unless it is of class Other or
  /// Control: a letter (extending marks, joiners and spacing marks join it; a prepended mark
  /// joins what follows), CR (LF joins it) and a Hangul leading consonant (the Hangul
  /// syllable classes join it).
  static let before: [Unicode.Scalar] = ["a", "\r", "\u{1100}"]
  /// Characters that join with a character after them unless it is of class Other or
  /// Control: a letter (a prepended mark joins it), LF (CR joins it), a Hangul vowel and a
  /// trailing consonant (the Hangul syllable classes join them).
  static let after: [Unicode.Scalar] = ["a", "\n", "\u{1161}", "\u{11A8}"]

  @Test("Every character the fast path splits alone is of class Other or Control")
  func alwaysSeparateIsOtherOrControl() {
    var checked = 0
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value), Graphemes.isAlwaysSeparate(scalar) else {
        continue
      }
      checked += 1
      let name = "U+\(String(value, radix: 16))"
      for probe in Self.before {
        let pair = String(String.UnicodeScalarView([probe, scalar]))
        #expect(pair.count == 2, "\(name) after \(probe.debugDescription)")
      }
      for probe in Self.after {
        let pair = String(String.UnicodeScalarView([scalar, probe]))
        #expect(pair.count == 2, "\(name) before \(probe.debugDescription)")
      }
      // Not a regional indicator, which joins the next one.
      #expect(String(String.UnicodeScalarView([scalar, scalar])).count == 2, "\(name) twice")
    }
    #expect(checked > 29_000)
  }

  @Test("Clusters are the standard library's on mixed text", arguments: 0..<4)
  func matchesStandardLibrary(batch: UInt64) {
    // Characters from the fast ranges, next to marks, joiners, Hangul, emoji and CR LF.
    let pool: [String] = [
      "a", "Z", " ", "ä", "ß", "\u{AD}", "é", "e\u{301}", "Ω", "ж", "ש", "ם", "ع", "ـ",
      "\u{64B}", "—", "…", "“", "、", "。", "〪", "あ", "\u{3099}", "カ", "ｶ", "\u{FF9E}", "中", "字",
      "한", "\u{1100}\u{1161}", "👍", "👍🏽", "👩‍👩‍👧", "🇩🇪", "\r\n", "\r", "\n", "\t",
      "\u{200D}", "क्ष", "\u{903}", "\u{600}",
    ]
    var state = batch &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next() -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(pool.count))
    }
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<(1 + next() % 30) { text += pool[next()] }
      let graphemes = Graphemes(text)
      let expected = text.indices.map { $0..<text.index(after: $0) }
      #expect(graphemes.clusters.map(\.range) == expected, "\(text.debugDescription)")
      #expect(
        graphemes.utf16 == Array(text.utf16),
        "\(text.debugDescription)")
    }
  }
}
