import FontFitText

/// A language, as a BCP 47 tag such as `en`, `zh-Hans-CN` or `sr-Latn`.
///
/// It chooses fonts (Fontconfig's `lang`, so Chinese punctuation in a `zh-CN` label and in a
/// `ja` label may come from different CJK fonts), shaping (HarfBuzz applies the font's
/// language-specific forms, such as Serbian letters or Turkish `fi` without a ligature) and
/// line breaking (ICU's rules for the locale).
public struct Language: Hashable, Sendable, CustomStringConvertible {
  /// The tag as given, checked to be a well-formed BCP 47 language tag.
  public let tag: String

  /// Checks and keeps a BCP 47 tag.
  ///
  /// Well-formed means RFC 5646's shape: a 2–3 letter language (or a 4–8 letter registered
  /// one) with up to three 3-letter extended subtags, then optionally a 4-letter script, a
  /// 2-letter or 3-digit region, variants (5–8 letters or digits, or a digit and 3 more),
  /// extensions (`u-ca-buddhist`) and a private use part (`x-…`); or a private use tag alone.
  ///
  /// - Parameter tag: The tag, such as `zh-Hant-TW`.
  /// - Throws: ``LanguageError`` saying which subtag is wrong.
  /// A tag is also bounded (``InputLimits/languageTagBytes``). Line breaking reads as much of
  /// an accepted tag as ICU can hold as a locale (at least its language, script, region and
  /// variants), so an accepted tag never fails later.
  public init(_ tag: String) throws(LanguageError) {
    guard tag.utf8.count <= InputLimits.languageTagBytes else {
      throw LanguageError(
        tag: tag,
        reason:
          "a tag of \(tag.utf8.count) bytes is longer than \(InputLimits.languageTagBytes), "
          + "the most a language tag may be")
    }
    try Self.check(tag)
    self.tag = tag
  }

  /// The tag.
  public var description: String { tag }

  /// Feeds the tag's bytes to `hasher`, folded as a shaped text's key folds its text.
  ///
  /// Every tag is ASCII (the check and the package's own tables see to it), and ASCII strings
  /// are equal exactly when their bytes are, so this agrees with `==`; a text's key hashes its
  /// language on every fit, and `String`'s hash, which normalises, cost more than the fold.
  public func hash(into hasher: inout Hasher) {
    ExactString(tag).hash(into: &hasher)
  }

  /// A tag known to be well-formed, unchecked.
  fileprivate init(knownTag: String) {
    tag = knownTag
  }

  /// The language of a tag known to be well-formed (one of the package's own tables).
  package static func known(_ tag: String) -> Language {
    Language(knownTag: tag)
  }

  /// The language a text without one is matched in: English, as Fontconfig assumes in the C
  /// locale, so the machine's `LANG` never changes a result.
  package static let unspecified = Language(knownTag: "en")

  /// Pango's tag for no particular language, `xx`.
  ///
  /// Fontconfig's order is then the family's alone. A run of a script with no sample
  /// language (Han among them) takes it.
  package static let none = Language(knownTag: "xx")

  private static func check(_ tag: String) throws(LanguageError) {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    func isAlpha(_ s: String) -> Bool { s.allSatisfy { $0.isASCII && $0.isLetter } }
    func isDigits(_ s: String) -> Bool { s.allSatisfy { $0.isASCII && $0.isNumber } }
    func isAlphanumeric(_ s: String) -> Bool {
      s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    func fail(_ reason: String) -> LanguageError { LanguageError(tag: tag, reason: reason) }
    guard let first = subtags.first, !first.isEmpty else {
      throw fail("expected a language subtag such as \"en\"")
    }
    if subtags.contains(where: \.isEmpty) { throw fail("a subtag is empty") }
    if let long = subtags.first(where: { $0.count > 8 }) {
      throw fail("subtag \"\(long)\" is longer than 8 characters")
    }
    if let bad = subtags.first(where: { !isAlphanumeric($0) }) {
      throw fail("subtag \"\(bad)\" has characters other than ASCII letters and digits")
    }
    var index = 0
    if first.lowercased() == "x" {
      guard subtags.count > 1 else { throw fail("expected subtags after the private use \"x\"") }
      return
    }
    guard isAlpha(first), (2...3).contains(first.count) || (4...8).contains(first.count) else {
      throw fail("expected a language of 2 to 3 (or 4 to 8) letters, found \"\(first)\"")
    }
    index = 1
    var extlangs = 0
    while index < subtags.count, first.count <= 3, subtags[index].count == 3,
      isAlpha(subtags[index]), extlangs < 3
    {
      extlangs += 1
      index += 1
    }
    if index < subtags.count, subtags[index].count == 4, isAlpha(subtags[index]) { index += 1 }
    if index < subtags.count,
      (subtags[index].count == 2 && isAlpha(subtags[index]))
        || (subtags[index].count == 3 && isDigits(subtags[index]))
    {
      index += 1
    }
    var variants = Set<String>()
    while index < subtags.count {
      let subtag = subtags[index]
      let isVariant =
        (5...8).contains(subtag.count)
        || (subtag.count == 4 && subtag.first.map { $0.isASCII && $0.isNumber } == true)
      guard isVariant else { break }
      guard variants.insert(subtag.lowercased()).inserted else {
        throw fail("variant \"\(subtag)\" appears twice")
      }
      index += 1
    }
    var singletons = Set<String>()
    while index < subtags.count {
      let singleton = subtags[index].lowercased()
      guard singleton.count == 1 else {
        throw fail("subtag \"\(subtags[index])\" is out of place")
      }
      if singleton == "x" {
        guard index + 1 < subtags.count else {
          throw fail("expected subtags after the private use \"x\"")
        }
        return
      }
      guard singletons.insert(singleton).inserted else {
        throw fail("extension \"\(singleton)\" appears twice")
      }
      index += 1
      var parts = 0
      while index < subtags.count, (2...8).contains(subtags[index].count) {
        parts += 1
        index += 1
      }
      guard parts > 0 else { throw fail("extension \"\(singleton)\" has no subtags") }
    }
  }
}

/// A language tag that is not well-formed BCP 47.
public struct LanguageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The tag as given.
  public var tag: String
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(tag: String, reason: String) {
    self.tag = tag
    self.reason = reason
  }

  /// `language "…" is not a BCP 47 tag: reason`.
  public var description: String {
    "language \"\(tag)\" is not a BCP 47 tag: \(reason)"
  }
}

/// Which way a paragraph runs when its text alone does not say.
public enum WritingDirection: String, CaseIterable, Hashable, Sendable {
  /// From the paragraph's first strong character (UAX #9 rules P2–P3); left to right when it
  /// has none.
  case natural
  /// Left to right, whatever the text.
  case leftToRight
  /// Right to left, whatever the text.
  case rightToLeft

  /// Feeds the case to `hasher`: a raw-value enum otherwise hashes its string, on every fit
  /// (a text's shaping options are part of its cache key).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ordinal)
  }

  /// The case's place in the declaration, from 0.
  package var ordinal: UInt8 {
    switch self {
    case .natural: 0
    case .leftToRight: 1
    case .rightToLeft: 2
    }
  }
}

/// What shapes a text besides its font: its language and paragraph direction, and the spans
/// of rich text that change its font, size or baseline.
public struct ShapingOptions: Hashable, Sendable {
  /// The text's language, or nil to leave it to the fonts' defaults.
  public var language: Language?
  /// The paragraph direction.
  public var direction: WritingDirection
  /// Whether Japanese breaks lines only between phrases (ICU's `lw=phrase`).
  public var breaksBetweenPhrases: Bool
  /// Ranges in another font, size or baseline than the text's.
  ///
  /// They are in order and do not overlap; the rest of the text is in the font shaped with.
  /// Empty for plain text.
  public var spans: [ShapingSpan]

  /// Creates options.
  public init(
    language: Language? = nil, direction: WritingDirection = .natural,
    breaksBetweenPhrases: Bool = false, spans: [ShapingSpan] = []
  ) {
    self.language = language
    self.direction = direction
    self.breaksBetweenPhrases = breaksBetweenPhrases
    self.spans = spans
  }
}

/// A range of a text shaped otherwise than the rest: in another font, at a multiple of the
/// text's size, raised or lowered, letter-spaced, or in another language.
///
/// Lengths are in ems of the text's size, so the span scales with it when a fit chooses the
/// size; super- and subscripts take their size and offset from the text font's own metrics
/// when it is shaped.
public struct ShapingSpan: Hashable, Sendable {
  /// The range, in UTF-8 offsets of the text.
  public var range: Range<Int>
  /// The span's font.
  public var font: FontDescriptor
  /// The span's size as a multiple of the text's, before super- and subscripts.
  public var scale: Double
  /// Super- and subscript scales, outermost first.
  public var fontScales: [ScriptPosition]
  /// Super- and subscript baseline shifts, outermost first.
  public var scriptShifts: [ScriptPosition]
  /// A further baseline shift, in ems of the text's size, up.
  public var shift: Double
  /// Extra space around each of the span's grapheme clusters, in ems of the text's size,
  /// trimmed at a line's ends, as Pango's `letter_spacing`.
  public var letterSpacing: Double
  /// The part of ``letterSpacing`` that goes before each cluster; the rest goes after.
  ///
  /// Half, as Pango splits it; a spacing of whole points has its half rounded to a whole
  /// point, as Pango's hinting rounds it (`2pt` is 1 and 1, `3pt` 2 and 1).
  public var letterSpacingBefore: Double
  /// The span's language, or nil for the text's.
  public var language: Language?
  /// The offset, in ems of the text's size, that the super- or subscripts of a span starting
  /// the text take in place of the font's.
  ///
  /// Pango takes a script's metrics from the text before it; with none it scales by 1/1.2
  /// and shifts by 5000/1024 points.
  public var leadingScriptOffset: Double?

  /// Creates a span.
  public init(
    range: Range<Int>, font: FontDescriptor, scale: Double = 1,
    fontScales: [ScriptPosition] = [], scriptShifts: [ScriptPosition] = [], shift: Double = 0,
    letterSpacing: Double = 0, letterSpacingBefore: Double? = nil, language: Language? = nil
  ) {
    self.range = range
    self.font = font
    self.scale = scale
    self.fontScales = fontScales
    self.scriptShifts = scriptShifts
    self.shift = shift
    self.letterSpacing = letterSpacing
    self.letterSpacingBefore = letterSpacingBefore ?? letterSpacing / 2
    self.language = language
  }

  /// The part of a letter spacing of `points` that Pango puts before a cluster, in points:
  /// half, in whole 1/1024 points, rounded to a whole point when the spacing is whole points.
  static func before(_ points: Double) -> Double {
    guard points.isFinite, abs(points) < 1_000_000 else { return points / 2 }
    let units = Int((points * 1024).rounded())
    var before = units / 2
    if units % 1024 == 0 { before = (before + 512) & ~1023 }
    return Double(before) / 1024
  }

  /// The spans of a styled text's `runs` that change how it shapes, for a text in `font`
  /// designed at `designSize` points (which absolute sizes, rises and letter spacings are
  /// relative to).
  public static func spans(
    of runs: [StyleRun], font: FontDescriptor, designSize: Double
  ) -> [ShapingSpan] {
    // Runs that differ only in paint (a coloured word inside a bold phrase) shape as one
    // span, so HarfBuzz kerns across them as Pango does.
    var merged: [ShapingSpan] = []
    for span in unmerged(runs, font: font, designSize: designSize) {
      if var last = merged.last, last.range.upperBound == span.range.lowerBound {
        last.range = span.range
        var candidate = span
        candidate.leadingScriptOffset = last.leadingScriptOffset
        if candidate == last {
          merged[merged.count - 1].range =
            merged[merged.count - 1].range.lowerBound..<span.range.upperBound
          continue
        }
      }
      merged.append(span)
    }
    return merged
  }

  private static func unmerged(
    _ runs: [StyleRun], font: FontDescriptor, designSize: Double
  ) -> [ShapingSpan] {
    runs.compactMap { run in
      let style = run.style
      guard style.affectsShaping else { return nil }
      let em = designSize > 0 ? 1 / designSize : 0
      var shift = (style.rise ?? 0) * em
      var scripts: [ScriptPosition] = []
      for entry in style.baselineShifts {
        switch entry {
        case .superscript: scripts.append(.superscript)
        case .subscript: scripts.append(.subscript)
        case .points(let points): shift += points * em
        }
      }
      var span = ShapingSpan(
        range: run.range, font: style.font(over: font), scale: style.scale(designSize: designSize),
        fontScales: style.fontScales, scriptShifts: scripts, shift: shift,
        letterSpacing: (style.letterSpacing ?? 0) * em,
        letterSpacingBefore: Self.before(style.letterSpacing ?? 0) * em, language: style.language)
      if run.range.lowerBound == 0, !scripts.isEmpty || !style.fontScales.isEmpty {
        span.leadingScriptOffset = 5000 / 1024 * em
      }
      return span
    }
  }
}
