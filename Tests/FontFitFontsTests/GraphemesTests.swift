import FontFitText
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
      // Controls, separators and a character beyond the Basic Multilingual Plane that is not
      // an emoji: what the control flag, the line-separator kind and the arrays' bounds
      // (four bytes, two UTF-16 units) rest on.
      "\u{0}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{1D400}",
    ]
    var state = batch &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next() -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(pool.count))
    }
    Self.expectFieldsMatchCharacters("", Graphemes(""))
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<(1 + next() % 30) { text += pool[next()] }
      let graphemes = Graphemes(text)
      let expected = text.indices.map { $0..<text.index(after: $0) }
      #expect(
        (0..<graphemes.count).map { graphemes.range($0, in: text) } == expected,
        "\(text.debugDescription)")
      #expect(
        graphemes.utf16 == Array(text.utf16),
        "\(text.debugDescription)")
      Self.expectFieldsMatchCharacters(text, graphemes)
    }
  }

  /// Checks every cluster's fields of `graphemes` against the same read from the standard
  /// library's `Character`s of `text` one by one, and each byte's cluster.
  static func expectFieldsMatchCharacters(_ text: String, _ graphemes: Graphemes) {
    var utf8Offset = 0
    var utf16Offset = 0
    var owners: [Int32] = []
    for (index, character) in text.enumerated() {
      guard index < graphemes.count else { break }
      let cluster = graphemes[index]
      let scalars = Array(character.unicodeScalars)
      let name = "cluster \(index) of \(text.debugDescription)"
      #expect(cluster.first == scalars.first, "\(name): first scalar")
      #expect(cluster.last == scalars.last, "\(name): last scalar")
      #expect(cluster.isSingleScalar == (scalars.count == 1), "\(name): one scalar")
      #expect(cluster.kind == ClusterKind(character), "\(name): kind")
      #expect(
        cluster.isControl
          == (scalars[0] != "\t" && scalars[0].properties.generalCategory == .control),
        "\(name): control")
      #expect(cluster.utf8Offset == utf8Offset, "\(name): UTF-8 offset")
      #expect(cluster.utf16Offset == utf16Offset, "\(name): UTF-16 offset")
      #expect(
        graphemes.utf8Offset(index) == utf8Offset && graphemes.utf16Offset(index) == utf16Offset)
      owners += Array(repeating: Int32(index), count: character.utf8.count)
      utf8Offset += character.utf8.count
      utf16Offset += character.utf16.count
    }
    #expect(graphemes.count == text.count, "\(text.debugDescription): cluster count")
    #expect(graphemes.utf8Offset(graphemes.count) == text.utf8.count)
    #expect(graphemes.utf16Offset(graphemes.count) == text.utf16.count)
    #expect(graphemes.clusterOfByte == owners, "\(text.debugDescription): each byte's cluster")
  }
}
