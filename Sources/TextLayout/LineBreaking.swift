/// Finds where lines may break in a text, one answer per grapheme cluster.
///
/// A shaper asks its line breaker once per text and stores the answers in the clusters of a
/// ``ShapedText``; wrapping then only reads them.
public protocol LineBreaking: Sendable {
  /// The break opportunity before each grapheme cluster of `text` (the first is ignored).
  func opportunities(in text: String) -> [LineBreakOpportunity]
}

extension Character {
  /// Whether this cluster ends a line (LF, CR, CR LF, NEL, VT, FF, U+2028, U+2029).
  public var isLineSeparator: Bool {
    switch self {
    case "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  /// Whether this cluster is breakable white space that hangs at the end of a line.
  ///
  /// No-break spaces (U+00A0, U+202F, U+2007) are not: they glue words together.
  public var isBreakableSpace: Bool {
    guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
    switch scalar.value {
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
    default: return false
    }
  }
}

/// A small, predictable line breaker: breaks after spaces and after hyphens, and must break
/// after line separators.
///
/// It is the pure-Swift default; a shaper may supply a full Unicode (UAX #14) breaker instead.
public struct SpaceAndHyphenLineBreaker: LineBreaking {
  /// Creates the breaker.
  public init() {}

  /// The break opportunity before each grapheme cluster of `text`.
  ///
  /// A break is allowed after a run of breakable spaces, after a hyphen (U+002D, U+2010) that
  /// follows a letter or digit, and after U+200B; it is mandatory after a line separator.
  public func opportunities(in text: String) -> [LineBreakOpportunity] {
    var result: [LineBreakOpportunity] = []
    result.reserveCapacity(text.utf8.count)
    var previous: Character?
    var beforePrevious: Character?
    for character in text {
      result.append(Self.opportunity(after: previous, beforeThat: beforePrevious, at: character))
      beforePrevious = previous
      previous = character
    }
    return result
  }

  private static func opportunity(
    after previous: Character?, beforeThat: Character?, at character: Character
  ) -> LineBreakOpportunity {
    guard let previous else { return .prohibited }
    if previous.isLineSeparator { return .mandatory }
    if character.isBreakableSpace || character.isLineSeparator { return .prohibited }
    if previous.isBreakableSpace || previous == "\u{200B}" { return .allowed }
    if previous == "-" || previous == "\u{2010}",
      let beforeThat, beforeThat.isLetter || beforeThat.isNumber
    {
      return .allowed
    }
    return .prohibited
  }
}
