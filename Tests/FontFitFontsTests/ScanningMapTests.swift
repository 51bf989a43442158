import TestSupport
import Testing

@testable import FontFitFonts

// The map a text's runs find their font sets and languages in: scanned while small, hashed
// past its limit (a styled text may have a span language or font per run).
@Suite("Scanning maps")
struct ScanningMapTests {
  @Test("A scanning map answers as a dictionary does, below, at and past its scan limit")
  func answersAsADictionary() {
    var random = SplitMix64(seed: 8)
    for size in [0, 1, 7, 8, 9, 10, 40, 300] {
      var map = ScanningMap<Int, Int>()
      var dictionary: [Int: Int] = [:]
      while dictionary.count < size {
        let key = Int.random(in: 0..<1_000, using: &random)
        guard dictionary[key] == nil else { continue }
        let value = Int.random(in: 0..<1_000_000, using: &random)
        map.insert(value, for: key)
        dictionary[key] = value
        #expect(map.count == dictionary.count, "\(size) entries")
        // Every key asked so far, held or not, answers as the dictionary does.
        for probe in 0..<1_000 where probe % 7 == 0 || dictionary[probe] != nil {
          #expect(map[probe] == dictionary[probe], "key \(probe) of \(size) entries")
        }
      }
    }
  }
}
