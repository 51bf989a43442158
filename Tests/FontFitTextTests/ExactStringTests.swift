import TestSupport
import Testing

@testable import FontFitText

// Cache keys compare and hash texts by their exact bytes (issue 25 folds the bytes instead of
// running the standard hasher over them): equal keys must hash alike, and texts HarfBuzz
// shapes differently must stay different keys.

@Suite("Exact strings as keys")
struct ExactStringTests {
  /// Pieces whose joins make texts equal in bytes but built differently, texts that Unicode
  /// calls equivalent, and texts that differ only in their last byte or their length.
  static let pieces = [
    "a", "b", "é", "e\u{301}", "中", "😀", " ", "\u{0}", "\u{AD}", "ab", "abcdefgh", "abcdefg",
  ]

  /// A random text of up to `count` pieces.
  static func randomText(_ count: Int, using generator: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int(generator.next() % UInt64(count + 1)) {
      text += pieces[Int(generator.next() % UInt64(pieces.count))]
    }
    return text
  }

  @Test("Two texts are equal keys exactly when their bytes are, and equal keys hash alike")
  func equalityFollowsBytes() {
    var generator = SplitMix64(seed: 25)
    for _ in 0..<4000 {
      // Short texts are stored inline and long ones on the heap; both are compared.
      let length = generator.next() % 2 == 0 ? 3 : 12
      let left = Self.randomText(length, using: &generator)
      let right = Self.randomText(length, using: &generator)
      let equal = ExactString(left) == ExactString(right)
      #expect(equal == left.utf8.elementsEqual(right.utf8), "\(left.debugDescription)")
      if equal {
        #expect(ExactString(left).hashValue == ExactString(right).hashValue)
        #expect(ExactString(left).folded == ExactString(right).folded)
      }
      // The same bytes in another string's storage are the same key.
      let copy = String(decoding: Array(left.utf8), as: UTF8.self)
      #expect(ExactString(copy) == ExactString(left))
      #expect(ExactString(copy).hashValue == ExactString(left).hashValue)
    }
  }

  @Test("Canonically equivalent texts are different keys, as HarfBuzz shapes them differently")
  func equivalentSpellingsDiffer() {
    #expect("é" == "e\u{301}")
    #expect(ExactString("é") != ExactString("e\u{301}"))
    #expect(ExactString("café") != ExactString("cafe\u{301}"))
  }

  @Test("Every byte, its place and the length reach the folded word")
  func foldSeesEveryByte() {
    var generator = SplitMix64(seed: 8)
    var seen: [UInt64: String] = [:]
    var texts: Set<String> = []
    for _ in 0..<3000 { texts.insert(Self.randomText(12, using: &generator)) }
    // Texts one byte apart at every position, and texts that differ in trailing zero bytes
    // only (the last word is padded with zeros).
    let base = "abcdefghijklmnopq"
    for position in 0..<base.utf8.count {
      var bytes = Array(base.utf8)
      bytes[position] = UInt8(ascii: "Z")
      texts.insert(String(decoding: bytes, as: UTF8.self))
    }
    for zeros in 0..<10 { texts.insert("ab" + String(repeating: "\u{0}", count: zeros)) }
    for text in texts {
      let folded = ExactString(text).folded
      #expect(
        seen[folded] == nil, "\(text.debugDescription) and \(seen[folded]?.debugDescription ?? "")")
      seen[folded] = text
    }
  }
}
