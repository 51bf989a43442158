internal import CICUShim
import FontFitFontModel
import FontFitText

/// A line breaker that follows the Unicode Line Breaking Algorithm (UAX #14), through ICU.
///
/// It finds break opportunities between CJK ideographs, keeps closing punctuation such as
/// 。，）」 off the start of a line and opening punctuation such as 「（ off its end, honours
/// no-break spaces, word joiners and zero-width spaces, and makes every line separator (LF, CR,
/// CR LF, NEL, VT, FF, U+2028, U+2029) a mandatory break. Breaks come after trailing spaces, so
/// spaces hang at the end of a line as ``SpaceAndHyphenLineBreaker``'s do.
///
/// ICU's boundaries are UTF-16 offsets; this breaker maps them onto grapheme clusters and
/// ignores any boundary inside a cluster, so a cluster is never split.
///
/// Why ICU rather than tables of our own: Debian ships `libicu-dev` on every machine we build
/// on; ICU's rules are UAX #14 plus CLDR tailoring and are maintained upstream, whereas our own
/// tables would need regenerating for each Unicode version. Should ICU ever fail (it can only
/// run out of memory), the breaker throws rather than guess.
public struct UnicodeLineBreaker: LineBreaking {
  /// The language whose ICU rules apply (Japanese and Chinese tailor line breaking), or nil
  /// for the root rules.
  public var language: Language?
  /// Whether Japanese breaks only between phrases (ICU's `lw=phrase`, as CSS's
  /// `word-break: auto-phrase`); other languages are not affected.
  public var breaksBetweenPhrases: Bool

  /// Creates the breaker.
  ///
  /// - Parameters:
  ///   - language: The language whose ICU rules apply; nil for the root rules.
  ///   - breaksBetweenPhrases: Whether Japanese breaks only between phrases.
  public init(language: Language? = nil, breaksBetweenPhrases: Bool = false) {
    self.language = language
    self.breaksBetweenPhrases = breaksBetweenPhrases
  }

  /// The tag ICU's rules are chosen by: the language's, with `-u-lw-phrase` for phrases.
  private var ruleTag: String? {
    guard let tag = language?.tag else { return nil }
    guard breaksBetweenPhrases, !tag.lowercased().contains("-u-") else { return tag }
    return tag + "-u-lw-phrase"
  }

  /// The break opportunity before each grapheme cluster of `text`.
  ///
  /// The first entry is always `.prohibited`. An entry is `.mandatory` when ICU reports a hard
  /// break at the start of its cluster (that is, the previous cluster ends with a line
  /// separator), `.allowed` for a soft break there, and `.prohibited` otherwise.
  ///
  /// - Throws: ``LineBreakingError/engineFailed(code:message:)`` when ICU fails.
  public func opportunities(in text: String) throws(LineBreakingError) -> [LineBreakOpportunity] {
    let units = Array(text.utf16)
    let breaks = try Self.breakOffsets(inUTF16: units, tag: ruleTag)
    var result: [LineBreakOpportunity] = []
    result.reserveCapacity(units.count)
    var next = 0  // The first break in `breaks` not yet passed.
    var offset = 0  // The UTF-16 offset of the current cluster's start.
    for character in text {
      while next < breaks.count, breaks[next].offset < offset { next += 1 }
      if offset > 0, next < breaks.count, breaks[next].offset == offset {
        result.append(breaks[next].isMandatory ? .mandatory : .allowed)
      } else {
        result.append(.prohibited)
      }
      offset += character.utf16.count
    }
    return result
  }

  /// The opportunities before each cluster of text already split into grapheme clusters, as
  /// ``opportunities(in:)`` finds them, without walking the text again.
  func opportunities(in graphemes: Graphemes) throws(LineBreakingError)
    -> [LineBreakOpportunity]
  {
    var result: [LineBreakOpportunity] = []
    result.reserveCapacity(graphemes.count)
    // Read from ICU's own arrays of positions, without making pairs of them first.
    try Self.withBreaks(inUTF16: graphemes.utf16, tag: ruleTag) { offsets, hard in
      var next = 0
      for index in 0..<graphemes.count {
        let offset = graphemes.utf16Offset(index)
        while next < offsets.count, Int(offsets[next]) < offset { next += 1 }
        if offset > 0, next < offsets.count, Int(offsets[next]) == offset {
          result.append(hard[next] != 0 ? .mandatory : .allowed)
        } else {
          result.append(.prohibited)
        }
      }
    }
    return result
  }

  /// The UAX #14 line break positions ICU finds in a UTF-16 text.
  ///
  /// Each position is a UTF-16 offset at which a new line may start, in increasing order,
  /// excluding 0 and including `units.count` for a non-empty text; `isMandatory` is true for a
  /// hard break, after a line separator. Boundaries are not aligned to grapheme clusters, so
  /// the result can be compared directly with Unicode's `LineBreakTest.txt`. Unpaired
  /// surrogates are accepted and treated as ICU treats them.
  ///
  /// - Parameters:
  ///   - units: The text as UTF-16 code units.
  ///   - language: The language whose rules apply; nil for ICU's root rules.
  /// - Returns: The break positions.
  /// - Throws: ``LineBreakingError/engineFailed(code:message:)`` when ICU reports an error or
  ///   the text is longer than ICU's 32-bit lengths allow.
  public static func breakOffsets(inUTF16 units: [UInt16], language: Language? = nil)
    throws(LineBreakingError)
    -> [(offset: Int, isMandatory: Bool)]
  {
    try breakOffsets(inUTF16: units, tag: language?.tag)
  }

  private static func breakOffsets(inUTF16 units: [UInt16], tag: String?)
    throws(LineBreakingError)
    -> [(offset: Int, isMandatory: Bool)]
  {
    var result: [(offset: Int, isMandatory: Bool)] = []
    try withBreaks(inUTF16: units, tag: tag) { offsets, hard in
      result = (0..<offsets.count).map { (offset: Int(offsets[$0]), isMandatory: hard[$0] != 0) }
    }
    return result
  }

  /// Calls `body` with ICU's break positions in `units` (UTF-16 offsets, increasing) and,
  /// for each, whether it is a hard break, as ``breakOffsets(inUTF16:language:)`` returns
  /// them; `body` is not called for an empty text.
  private static func withBreaks(
    inUTF16 units: [UInt16], tag: String?,
    _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt8>) -> Void
  ) throws(LineBreakingError) {
    guard !units.isEmpty else { return }
    guard let length = Int32(exactly: units.count) else {
      throw .engineFailed(code: 0, message: "ICU cannot take \(units.count) UTF-16 units")
    }
    var offsets = [Int32](filled: 0, count: units.count)
    var hard = [UInt8](filled: 0, count: units.count)
    var error: Int32 = 0
    let count = units.withUnsafeBufferPointer { text in
      offsets.withUnsafeMutableBufferPointer { offsets in
        hard.withUnsafeMutableBufferPointer { hard in
          fontfit_line_breaks(
            text.baseAddress, length, tag, offsets.baseAddress, hard.baseAddress,
            length, &error)
        }
      }
    }
    guard count >= 0, error <= 0 else {
      throw .engineFailed(code: error, message: "ICU's line break iterator failed")
    }
    offsets.withUnsafeBufferPointer { offsets in
      hard.withUnsafeBufferPointer { hard in
        body(
          UnsafeBufferPointer(rebasing: offsets.prefix(Int(count))),
          UnsafeBufferPointer(rebasing: hard.prefix(Int(count))))
      }
    }
  }
}
