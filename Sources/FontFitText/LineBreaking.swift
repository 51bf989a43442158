/// Finds where lines may break in a text, one answer per grapheme cluster.
///
/// A shaper asks its line breaker once per text and stores the answers in the clusters of a
/// ``ShapedText``; wrapping then only reads them.
///
/// A shaper checks that the answer has exactly one entry per grapheme cluster and reports a
/// wrong count as an error rather than trusting it.
public protocol LineBreaking: Sendable {
  /// The break opportunity before each grapheme cluster of `text` (the first is ignored).
  ///
  /// - Throws: ``LineBreakingError`` when the breaker cannot analyse the text.
  func opportunities(in text: String) throws(LineBreakingError) -> [LineBreakOpportunity]
}

/// Why break opportunities could not be found.
public enum LineBreakingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The breaker's engine failed, with its own code and explanation.
  case engineFailed(code: Int32, message: String)
  /// The breaker answered with a different number of entries than the text has grapheme
  /// clusters.
  case wrongCount(expected: Int, received: Int)

  /// A sentence saying what failed.
  public var description: String {
    switch self {
    case .engineFailed(let code, let message): "line breaking failed (error \(code)): \(message)"
    case .wrongCount(let expected, let received):
      "the line breaker gave \(received) answers for \(expected) grapheme clusters"
    }
  }
}

/// How a cluster takes part in line layout.
public enum ClusterKind: UInt8, Hashable, Sendable {
  /// Drawn ink: counts towards the width of its line.
  case visible
  /// White space: hangs past the end of a line, so it never makes a line too wide and is not
  /// part of the measured line width, as in every renderer.
  case space
  /// A line separator (LF, CR LF, U+2028, …): ends its line and is not drawn.
  case lineSeparator

  /// The kind of a grapheme cluster: the one classifier every shaper uses.
  public init(_ character: Character) {
    let scalars = character.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      self.init(scalar: first)
    } else {
      self = character == "\r\n" ? .lineSeparator : .visible
    }
  }

  /// The kind of a grapheme cluster of one scalar; the same as the cluster's kind.
  public init(scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: self = .lineSeparator
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: self = .space
    default: self = .visible
    }
  }
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
