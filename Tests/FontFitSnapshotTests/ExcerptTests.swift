import FontFitText
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

  @Test("An excerpt of lines equals the excerpt of the joined lines")
  func matchesJoined() {
    var generator = SplitMix64(seed: 48)
    let pieces = [
      "a", "b", " ", "e\u{301}", "字", "👍🏽", "\r\n", "x\u{308}\u{301}", "ß", "1", "\u{301}",
      "\u{600}",
    ]
    for _ in 0..<500 {
      var parts: [String] = []
      for _ in 0...(generator.next() % 4) {
        var part = ""
        for _ in 0..<(generator.next() % 40) {
          part += pieces[Int(generator.next() % UInt64(pieces.count))]
        }
        parts.append(part)
      }
      let limit = Int(generator.next() % 60) + 1
      var output = TextOutput()
      appendQuotedExcerpt(of: parts, separator: " ⏎ ", to: &output, limit: limit)
      let expected = Self.reference(parts, separator: " ⏎ ", limit: limit)
      #expect(output.string == expected, "\(parts) limit \(limit)")
    }
  }

  @Test(
    "An excerpt of ASCII lines, cut by counting bytes, equals the excerpt of the joined lines, with every separator"
  )
  func asciiMatchesJoined() {
    var generator = SplitMix64(seed: 4848)
    // Printable ASCII and the characters that need escaping or join their neighbours.
    let pieces = ["a", "Z", " ", "~", "1", "\"", "\\", "\t", "\u{7F}", "\n"]
    let separators = [
      " ⏎ ", "", ", ", "\u{301}", "\u{903}", "\u{600}", "\u{200D}", "\"", "\u{85}", "⏎",
      "\u{1F1EB}", "\r",
    ]
    for _ in 0..<10000 {
      var parts: [String] = []
      for _ in 0...(generator.next() % 4) {
        var part = ""
        for _ in 0..<(generator.next() % 30) {
          // Mostly plain, so that most excerpts take the byte-counting path.
          let choice = Int(generator.next() % 1000)
          part += choice < 995 ? pieces[choice % 5] : pieces[5 + choice % 5]
        }
        parts.append(part)
      }
      // The dump's separator half the time.
      let pick = Int(generator.next() % UInt64(2 * separators.count))
      let separator = separators[pick < separators.count ? pick : 0]
      let limit = Int(generator.next() % 60) + 1
      var output = TextOutput()
      appendQuotedExcerpt(of: parts, separator: separator, to: &output, limit: limit)
      let expected = Self.reference(parts, separator: separator, limit: limit)
      #expect(
        output.string == expected, "\(parts) separator \(separator.debugDescription) limit \(limit)"
      )
    }
  }
}
