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
