import Dispatch
import FontFitEngine
import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import TestSupport
import Testing

/// A request keeps the inputs of its fit (its shaped text, token and face), and its next fit,
/// or a copy's, takes them back while its text, token, font and shaping options are the same.
@Suite("Kept fit inputs")
struct KeptFitInputsTests {
  /// The font system, counting what it is asked to shape for a fit, and standing for its
  /// answers as the font system does (or not at all, to fit as if nothing were kept).
  struct CountingShaper: TextShaping {
    let base: FontSystem
    let keeps: Bool
    let asked = Counter()

    final class Counter: Sendable {
      let count = Lock(0)
    }

    func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
      throws(ShapingError) -> ShapedText
    {
      try base.shape(text, font: font, options: options)
    }

    func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
      try base.resolve(font, language: language)
    }

    func shapeForFit(
      _ text: String, token: String, font: FontDescriptor, options: ShapingOptions
    ) throws(ShapingError) -> ShapedForFit {
      asked.count.withLock { $0 += 1 }
      return try base.shapeForFit(text, token: token, font: font, options: options)
    }

    var fitInputsIdentity: (any AnyObject & Sendable)? { keeps ? base.fitInputsIdentity : nil }

    var askedCount: Int { asked.count.withLock { $0 } }
  }

  /// Changes to a request, each named: those that change what is shaped, and those that do
  /// not.
  static let changes:
    [(name: String, shapes: Bool, change: @Sendable (inout TextRequest) throws -> Void)] =
      [
        ("text", true, { $0.text = "Ein Silbentrennungsverfahren für Überschriften" }),
        ("markup", true, { try $0.setMarkup("Fit <b>bold</b> and <small>small</small> text") }),
        ("family", true, { $0.font = FontDescriptor(family: "DejaVu Serif") }),
        ("weight", true, { $0.font = FontDescriptor(family: "DejaVu Sans", weight: .bold) }),
        ("language", true, { $0.language = try Language("ar") }),
        ("another language", true, { $0.language = try Language("ja") }),
        ("direction", true, { $0.direction = .rightToLeft }),
        ("token", true, { $0.truncationToken = "[more]" }),
        ("phrase breaks", true, { $0.lineBreakStrategy = .phrase }),
        ("box", false, { $0.box = Size(width: $0.box.width * 0.6 + 7, height: 40) }),
        ("lines", false, { $0.maximumLines = 2 }),
        ("plain text's size", false, { $0.fontSize += 3 }),
        ("hyphenation", false, { $0.hyphenation = .auto }),
      ]

  static let texts = [
    "Settings and privacy", "مرحبا بالعالم، هذا نص طويل", "设置与隐私，以及更多选项",
    "Fit <i>styled</i> text <span size=\"larger\">here</span>", "一二三 Fit mixed שלום text",
  ]

  /// A request for `text` (markup when it has any) in a random box.
  static func request(_ text: String, using random: inout SplitMix64) throws -> TextRequest {
    var request = TextRequest(
      text: text, font: FontDescriptor(family: "DejaVu Sans"), fontSize: 17,
      fitSizes: try FontSizeRange(minimum: 8, maximum: 17, step: 0.5),
      box: Size(
        width: Double.random(in: 40...260, using: &random),
        height: Double.random(in: 20...120, using: &random)))
    if text.contains("<") { try request.setMarkup(text) }
    return request
  }

  @Test("A changed copy fits as a request made afresh, and is shaped again only if it must be")
  func changedCopiesFitAsFreshRequests() throws {
    let fonts = try FontSystem.shared()
    let counting = CountingShaper(base: fonts, keeps: true)
    let engine = TextEngine(shaper: counting)
    let fresh = TextEngine(shaper: CountingShaper(base: fonts, keeps: false))
    var random = SplitMix64(seed: 26)
    for text in Self.texts {
      for round in 0..<6 {
        let original = try Self.request(text, using: &random)
        _ = try engine.fit(original)
        // Random changes, one to three, applied to a copy of a request that was fitted.
        var changed = original
        var shapes = false
        var names: [String] = []
        for _ in 0...Int.random(in: 0...2, using: &random) {
          let change = Self.changes[Int.random(in: 0..<Self.changes.count, using: &random)]
          try change.change(&changed)
          // A plain text's size shapes nothing, but a styled one's spans are relative to it.
          shapes =
            shapes || change.shapes || (change.name.hasSuffix("size") && !changed.styles.isEmpty)
          names.append(change.name)
        }
        let before = counting.askedCount
        let fit = try engine.fit(changed)
        #expect(
          counting.askedCount - before == (shapes ? 1 : 0),
          "\(text), round \(round), changes \(names)")
        #expect(fit == (try fresh.fit(changed)), "\(text), round \(round), changes \(names)")
        // Fitted again, the changed copy asks nothing; the original still fits as it did.
        let again = counting.askedCount
        #expect(try engine.fit(changed) == fit)
        #expect(counting.askedCount == again, "\(text), round \(round), changes \(names)")
        #expect(try engine.fit(original) == (try fresh.fit(original)))
      }
    }
  }

  @Test("A request changed in place, with no copy sharing it, forgets what it kept")
  func changedInPlaceForgets() throws {
    let fonts = try FontSystem.shared()
    let counting = CountingShaper(base: fonts, keeps: true)
    let engine = TextEngine(shaper: counting)
    let fresh = TextEngine(shaper: CountingShaper(base: fonts, keeps: false))
    var random = SplitMix64(seed: 31)
    for change in Self.changes {
      var request = try Self.request(Self.texts[3], using: &random)
      _ = try engine.fit(request)
      let before = counting.askedCount
      try change.change(&request)
      let fit = try engine.fit(request)
      // Every change to styled text's size is a shaping change: its spans are relative to it.
      let shapes = change.shapes || change.name.hasSuffix("size")
      #expect(counting.askedCount - before == (shapes ? 1 : 0), "\(change.name)")
      #expect(fit == (try fresh.fit(request)), "\(change.name)")
    }
  }

  @Test("A request made afresh shares what an equal one kept, and only an equal one")
  func freshRequestsShareEqualShaping() throws {
    let counting = CountingShaper(base: try FontSystem.shared(), keeps: true)
    let engine = TextEngine(shaper: counting)
    var random = SplitMix64(seed: 33)
    for text in Self.texts {
      let fitted = try Self.request(text, using: &random)
      _ = try engine.fit(fitted)
      let asked = counting.askedCount
      // Built the same way, in another box and with another line limit: the same shaping.
      var fresh = try Self.request(text, using: &random)
      fresh.maximumLines = 3
      fresh.shareShaping(with: fitted)
      #expect(try engine.fit(fresh) == (try engine.fit(fresh)))
      #expect(counting.askedCount == asked, "\(text)")
      // Any other shaping value: nothing is shared, and the text is shaped for it.
      var expected = asked
      for change in Self.changes where change.shapes {
        var other = try Self.request(text, using: &random)
        try change.change(&other)
        other.shareShaping(with: fitted)
        _ = try engine.fit(other)
        expected += 1
        #expect(counting.askedCount == expected, "\(text), \(change.name)")
      }
    }
  }

  @Test("A shaper that stands for nothing, or another font system, is asked every time")
  func otherShapersAreAsked() throws {
    let fonts = try FontSystem.shared()
    let keeping = CountingShaper(base: fonts, keeps: true)
    let notKeeping = CountingShaper(base: fonts, keeps: false)
    let other = CountingShaper(base: try FontSystem(), keeps: true)
    var random = SplitMix64(seed: 27)
    let request = try Self.request("Settings and privacy", using: &random)
    _ = try TextEngine(shaper: keeping).fit(request)
    _ = try TextEngine(shaper: keeping).fit(request)
    #expect(keeping.askedCount == 1)
    for _ in 0..<3 { _ = try TextEngine(shaper: notKeeping).fit(request) }
    #expect(notKeeping.askedCount == 3)
    // Another system's answers are its own: the request's kept inputs are not them.
    let theirs = try TextEngine(shaper: other).fit(request)
    #expect(other.askedCount == 1)
    #expect(theirs == (try TextEngine(shaper: notKeeping).fit(request)))
  }

  @Test("Preparing a request keeps its inputs for its fits")
  func preparedRequestsFitWithoutAsking() throws {
    let counting = CountingShaper(base: try FontSystem.shared(), keeps: true)
    let engine = TextEngine(shaper: counting)
    var random = SplitMix64(seed: 28)
    var request = try Self.request("设置与隐私，以及更多选项", using: &random)
    try engine.prepare(request)
    for width in stride(from: 40.0, through: 200, by: 20) {
      request.box.width = width
      _ = try engine.fit(request)
    }
    #expect(counting.askedCount == 1)
  }

  @Test("Copies fitted on many threads at once each fit as a request made afresh")
  func copiesFitAcrossThreads() throws {
    let fonts = try FontSystem.shared()
    let engine = TextEngine(shaper: CountingShaper(base: fonts, keeps: true))
    let fresh = TextEngine(shaper: CountingShaper(base: fonts, keeps: false))
    var random = SplitMix64(seed: 30)
    // Styled text: every copy shares the original's shaping values, but its spans are shaped
    // relative to its own size, so the copies take turns replacing what the others kept in
    // the one storage they share. A quarter have a text of their own.
    let original = try Self.request(Self.texts[3], using: &random)
    let copies = (0..<64).map { index in
      var copy = original
      copy.box.width = 40 + Double(index) * 3
      copy.fontSize = 12 + Double(index % 4)
      if index.isMultiple(of: 4) { copy.text = "设置与隐私，以及更多选项 \(index % 3)" }
      return copy
    }
    let expected = try copies.map { try fresh.fit($0) }
    let results = Lock([TextFit?](repeating: nil, count: copies.count))
    DispatchQueue.concurrentPerform(iterations: copies.count * 4) { iteration in
      let index = iteration % copies.count
      let fit = try? engine.fit(copies[index])
      results.withLock { $0[index] = fit }
    }
    for (index, fit) in results.withLock({ $0 }).enumerated() {
      #expect(fit == expected[index], "copy \(index)")
    }
  }

  @Test("A request shows its values, not the storage that holds them")
  func requestsDescribeTheirValues() throws {
    var random = SplitMix64(seed: 32)
    let request = try Self.request("Settings and privacy", using: &random)
    let description = String(describing: request)
    #expect(description.hasPrefix("TextRequest(text: \"Settings and privacy\""))
    #expect(description.contains("maximumLines: 0"))
    #expect(Mirror(reflecting: request).children.count == 25)
  }

  @Test("Kept inputs are no part of a request's value")
  func keptInputsAreNotCompared() throws {
    var random = SplitMix64(seed: 29)
    let request = try Self.request("Settings and privacy", using: &random)
    let fitted = request
    _ = try TextEngine(shaper: try FontSystem.shared()).fit(fitted)
    let unfitted = try Self.request("Settings and privacy", using: &random)
    var same = unfitted
    same.box = fitted.box
    #expect(same == fitted)
    #expect(Set([same, fitted]).count == 1)
  }
}
