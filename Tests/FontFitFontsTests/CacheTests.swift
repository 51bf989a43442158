import FontFitFontModel
import FontFitFonts
import FontFitText
import TestSupport
import Testing

// Every cache is bounded (issue 8): it never holds more than its bound however much goes
// through it, and a value used recently survives.

@Suite("Bounded caches")
struct CacheTests {
  @Test("A bounded cache never exceeds its entry and cost bounds, whatever is inserted")
  func boundsHold() {
    var generator = SplitMix64(seed: 8)
    for _ in 0..<20 {
      let entries = Int(generator.next() % 40) + 2
      let costs = Int(generator.next() % 400) + 2
      var cache = BoundedCache<Int, Int>(entryLimit: entries, costLimit: costs)
      for step in 0..<500 {
        let key = Int(generator.next() % 100)
        if generator.next() % 3 == 0 {
          if let value = cache.value(for: key) { #expect(value == key * 2) }
        } else {
          cache.insert(key * 2, for: key, cost: Int(generator.next() % UInt64(costs)))
        }
        #expect(cache.count <= entries, "step \(step)")
        #expect(cache.totalCost <= costs, "step \(step)")
      }
    }
  }

  @Test("An entry read at least once per half the bound's insertions is never evicted")
  func recentlyUsedSurvives() {
    var cache = BoundedCache<Int, String>(entryLimit: 10)
    cache.insert("kept", for: -1)
    for key in 0..<1000 {
      cache.insert("\(key)", for: key)
      if key % 4 == 0 { #expect(cache.value(for: -1) == "kept") }
    }
    #expect(cache.value(for: -1) == "kept")
    #expect(cache.value(for: 0) == nil)
  }

  @Test("A reservation keeps a run's entries whatever came before, and reservations don't add up")
  func reservationsHoldARunAndStayBounded() {
    var generator = SplitMix64(seed: 25)
    var cache = BoundedCache<Int, Int>(entryLimit: 8, costLimit: 80)
    var largest = 0
    for run in 0..<30 {
      let size = Int(generator.next() % 200) + 1
      largest = max(largest, size)
      // Whatever the cache held, a reserved run's entries, touched in any order, all stay.
      cache.reserve(entries: size, cost: size * 10)
      let keys = (0..<size).map { run * 1000 + $0 }
      for key in keys { cache.insert(key, for: key, cost: Int(generator.next() % 11)) }
      for _ in 0..<3 {
        for key in keys.shuffled(using: &generator) { #expect(cache.value(for: key) == key) }
      }
      // The bounds follow the largest run, not the sum of all runs.
      #expect(cache.entryLimit == max(8, 2 * (largest + 1)))
      #expect(cache.costLimit == max(80, 2 * largest * 10))
      #expect(cache.count <= cache.entryLimit && cache.totalCost <= cache.costLimit)
    }
  }

  @Test("A value costing more than half the cost bound is not held")
  func oversizedValue() {
    var cache = BoundedCache<Int, Int>(entryLimit: 10, costLimit: 100)
    cache.insert(1, for: 1, cost: 51)
    #expect(cache.value(for: 1) == nil)
    cache.insert(2, for: 2, cost: 50)
    #expect(cache.value(for: 2) == 2)
  }

  /// An entry keyed by an integer, whose hash is chosen by the test: a few distinct hashes
  /// make long probe runs, and removals from the middle of them.
  private final class NumberEntry: CacheEntry {
    let key: Int
    let keyHash: Int
    let cost: Int

    init(_ key: Int, hash: Int, cost: Int) {
      self.key = key
      keyHash = hash
      self.cost = cost
    }

    func hasKey(_ key: borrowing Int) -> Bool { self.key == key }
  }

  @Test(
    "The shaped-text cache holds what the bounded cache holds after the same operations, however its hashes collide"
  )
  func entryCacheMatchesBoundedCache() {
    var generator = SplitMix64(seed: 2512)
    for round in 0..<60 {
      let entries = Int(generator.next() % 40) + 2
      let costs = Int(generator.next() % 400) + 2
      // From every key in its own slot to every key on one hash, offset by a salt that may
      // make hashes negative, as real ones are half the time.
      let hashes = [1, 3, 16, 1 << 20][round % 4]
      let salt = Int(bitPattern: UInt(generator.next()))
      var model = BoundedCache<Int, Int>(entryLimit: entries, costLimit: costs)
      var cache = EntryCache<NumberEntry>(entryLimit: entries, costLimit: costs)
      for step in 0..<600 {
        let key = Int(generator.next() % 120)
        let hash = (key &* 0x9E37_79B9) % hashes &+ salt
        switch generator.next() % 8 {
        case 0..<3:
          let expected = model.value(for: key)
          let found = cache.entry(key, hash: hash)
          #expect(found?.key == expected, "round \(round), step \(step)")
        case 3:
          let reserved = Int(generator.next() % 30)
          model.reserve(entries: reserved, cost: reserved * 10)
          cache.reserve(entries: reserved, cost: reserved * 10)
        default:
          let cost = Int(generator.next() % UInt64(costs))
          model.insert(key, for: key, cost: cost)
          cache.insert(NumberEntry(key, hash: hash, cost: cost))
        }
        #expect(cache.count == model.count && cache.totalCost == model.totalCost)
        #expect(cache.entryLimit == model.entryLimit && cache.costLimit == model.costLimit)
      }
      // Every key the model holds, the cache holds, and no other (each look-up touches both
      // alike).
      for key in 0..<120 {
        let hash = (key &* 0x9E37_79B9) % hashes &+ salt
        #expect(cache.entry(key, hash: hash)?.key == model.value(for: key))
      }
      cache.removeAll()
      #expect(cache.count == 0 && cache.totalCost == 0)
    }
  }

  /// The system's shaping, with the protocol's own `shapeForFit`: two shapes and a resolve.
  private struct OneCallEach: TextShaping {
    let system: FontSystem
    func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
      throws(ShapingError) -> ShapedText
    { try system.shape(text, font: font, options: options) }
    func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
      try system.resolve(font, language: language)
    }
  }

  @Test(
    "A fit's one look-up answers what two shapes and a resolve answer, the token changing or not"
  )
  func fitInputsAgreeWithSeparateCalls() throws {
    let system = try FontSystem(
      cacheLimits: CacheSizes(
        resolutions: 8, fallbackChains: 8, fallbackAnswers: 64, faces: 8, shapedTexts: 6,
        shapedTextBytes: 1 << 20))
    let separate = OneCallEach(system: try FontSystem())
    let texts = [
      "Download report", "مرحبا بالعالم", "字体自适应标签", "Mixed العربية and 中文", "",
      "Line one\nline two",
    ]
    let tokens = ["…", "...", "→", "", "…"]
    let fonts = [
      FontDescriptor(family: "DejaVu Sans"), FontDescriptor(family: "DejaVu Serif", weight: .bold),
    ]
    let languages = [nil, try Language("ar"), try Language("zh-CN")]
    var generator = SplitMix64(seed: 2512)
    // Texts come back (hits), tokens change under a kept text, and the small cache evicts.
    for step in 0..<120 {
      let text = texts[Int(generator.next() % UInt64(texts.count))]
      let token = tokens[Int(generator.next() % UInt64(tokens.count))]
      let font = fonts[Int(generator.next() % UInt64(fonts.count))]
      let options = ShapingOptions(
        language: languages[Int(generator.next() % UInt64(languages.count))],
        direction: generator.next() % 4 == 0 ? .rightToLeft : .natural,
        breaksBetweenPhrases: generator.next() % 5 == 0)
      let batched = try system.shapeForFit(text, token: token, font: font, options: options)
      let expected = try separate.shapeForFit(text, token: token, font: font, options: options)
      #expect(batched.text == expected.text, "step \(step): \(text)")
      #expect(batched.token == expected.token, "step \(step): \(token) after \(text)")
      #expect(batched.token.text == token)
      #expect(batched.resolvedFont == expected.resolvedFont, "step \(step)")
      #expect(system.cacheUsage.shapedTexts <= 6)
    }
  }

  @Test("A font system's caches stay within their limits as texts and fonts stream through")
  func fontSystemCachesStayFlat() throws {
    let limits = CacheSizes(
      resolutions: 8, fallbackChains: 4, fallbackAnswers: 16, faces: 4, shapedTexts: 32,
      shapedTextBytes: 64 << 10)
    let system = try FontSystem(cacheLimits: limits)
    let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Sans"]
    let first = try system.shape("text 0", font: FontDescriptor(families: ["DejaVu Sans"]))
    var usage: [CacheSizes] = []
    for round in 0..<3 {
      for index in 0..<200 {
        let family = families[index % families.count]
        let descriptor = FontDescriptor(families: [family, "Family \(index % 20)"])
        _ = try system.resolve(descriptor)
        // Chinese characters fall back through the chain; each is a new fallback answer.
        let han = Character(Unicode.Scalar(0x4E00 + UInt32(round * 200 + index))!)
        _ = try system.shape("text \(index) \(han)", font: descriptor)
        let current = system.cacheUsage
        #expect(current.resolutions <= limits.resolutions)
        #expect(current.fallbackChains <= limits.fallbackChains)
        #expect(current.fallbackAnswers <= limits.fallbackAnswers)
        #expect(current.faces <= limits.faces)
        #expect(current.shapedTexts <= limits.shapedTexts)
        #expect(current.shapedTextBytes <= limits.shapedTextBytes)
      }
      usage.append(system.cacheUsage)
    }
    // Flat: the bytes held after three rounds are no more than after the first, give or
    // take one generation of the cache.
    #expect(usage[2].shapedTextBytes <= usage[0].shapedTextBytes * 2)
    // Evicted texts are measured again, to the same result.
    #expect(try system.shape("text 0", font: FontDescriptor(families: ["DejaVu Sans"])) == first)
    system.removeCachedTexts()
    #expect(system.cacheUsage.shapedTexts == 0)
  }

  @Test("Canonically equivalent texts are cached apart: each keeps its own code points")
  func exactTextKeys() throws {
    let system = try FontSystem()
    let font = FontDescriptor(families: ["DejaVu Sans"])
    let composed = try system.shape("caf\u{E9} cr\u{E8}me", font: font)
    let decomposed = try system.shape("cafe\u{301} cre\u{300}me", font: font)
    #expect(composed.text == decomposed.text)  // equal as Swift strings
    #expect(Array(composed.text.unicodeScalars).count == 10)
    #expect(Array(decomposed.text.unicodeScalars).count == 12)
    #expect(system.cacheUsage.shapedTexts == 2)
  }

  @Test("A fallback answer for one spelling is not reused for an equivalent one")
  func exactFallbackKeys() throws {
    let font = FontDescriptor(families: ["DejaVu Sans"])
    let jamo = "\u{1100}\u{1161}"  // canonically equivalent to 가
    let fresh = try FontSystem().shape(jamo, font: font)
    let system = try FontSystem()
    _ = try system.shape("\u{AC00}", font: font)
    #expect(try system.shape(jamo, font: font) == fresh)
  }

  @Test("The default limits hold a few thousand label texts and bound their bytes")
  func defaultLimits() {
    let limits = CacheSizes()
    #expect(limits.shapedTexts >= 4096)
    #expect(limits.shapedTextBytes <= 128 << 20)
    #expect(limits.faces >= 16)
  }
}
