internal import CICUShim
import FontFitText

/// The bidi embedding levels (UAX #9, through ICU's `ubidi`) of a text's grapheme clusters.
///
/// Even levels run left to right, odd levels right to left. Shaping needs only each run's
/// direction; lines are reordered for display from the same levels.
struct BidiLevels {
  /// One level per grapheme cluster, the level of its first character.
  let levels: [UInt8]
  /// The paragraphs (split at paragraph separators) and their directions.
  let paragraphs: [ShapedParagraph]

  /// The levels of `text`, with the paragraph direction `direction` says: from the first
  /// strong character when it is natural.
  init(_ text: String, graphemes: Graphemes, direction: WritingDirection) throws(ShapingError) {
    let units = Array(text.utf16)
    var unitLevels = [UInt8](repeating: 0, count: units.count)
    var unitParagraphs = [UInt8](repeating: 0, count: units.count)
    var error: Int32 = 0
    guard let length = Int32(exactly: units.count) else {
      throw .bidi(code: 0, message: "ICU cannot take \(units.count) UTF-16 units")
    }
    let status = units.withUnsafeBufferPointer { text in
      unitLevels.withUnsafeMutableBufferPointer { levels in
        unitParagraphs.withUnsafeMutableBufferPointer { paragraphs in
          fontfit_bidi_levels(
            text.baseAddress, length, Self.paragraphLevel(direction), levels.baseAddress,
            paragraphs.baseAddress, &error)
        }
      }
    }
    guard status == 0, error <= 0 else {
      throw .bidi(code: error, message: "ICU's bidi algorithm failed")
    }
    levels = (0..<graphemes.count).map { unitLevels[graphemes.utf16Offsets[$0]] }
    var paragraphs: [ShapedParagraph] = []
    for index in 0..<graphemes.count {
      let direction: TextDirection =
        unitParagraphs[graphemes.utf16Offsets[index]] == 1 ? .rightToLeft : .leftToRight
      if let last = paragraphs.last, last.direction == direction,
        index == last.clusters.upperBound, index > 0,
        graphemes.kinds[index - 1] != .lineSeparator
      {
        paragraphs[paragraphs.count - 1].clusters = last.clusters.lowerBound..<index + 1
      } else {
        paragraphs.append(ShapedParagraph(clusters: index..<index + 1, direction: direction))
      }
    }
    if paragraphs.isEmpty {
      let forced: TextDirection = direction == .rightToLeft ? .rightToLeft : .leftToRight
      paragraphs = [ShapedParagraph(clusters: 0..<0, direction: forced)]
    }
    self.paragraphs = paragraphs
  }

  /// ICU's paragraph level for a direction: 0 or 1, or 0xFE (UBIDI_DEFAULT_LTR) for natural.
  private static func paragraphLevel(_ direction: WritingDirection) -> UInt8 {
    switch direction {
    case .natural: 0xFE
    case .leftToRight: 0
    case .rightToLeft: 1
    }
  }
}

extension BidiLevels {
  /// The visual order of items with `levels`, as ICU's `ubidi_reorderVisual` computes it:
  /// `order[visual] == logical`; the reference the layout's own reordering is tested against.
  static func visualOrder(levels: [UInt8]) -> [Int] {
    guard let length = Int32(exactly: levels.count), length > 0 else { return [] }
    var map = [Int32](repeating: 0, count: levels.count)
    let status = levels.withUnsafeBufferPointer { levels in
      map.withUnsafeMutableBufferPointer { map in
        fontfit_reorder_visual(levels.baseAddress, length, map.baseAddress)
      }
    }
    return status == 0 ? map.map(Int.init) : []
  }
}

/// The Unicode script (ISO 15924) of each grapheme cluster, as HarfBuzz needs it per run.
struct Scripts {
  /// One code per grapheme cluster, such as `Latn` or `Arab`, with Common and Inherited
  /// characters (spaces, digits, punctuation, marks) given the script around them.
  let resolved: [String]

  init(_ text: String) {
    var codes: [String?] = text.map { character in
      guard let scalar = character.unicodeScalars.first else { return nil }
      let code = fontfit_script_code(scalar.value)
      // 0 is Common and 1 Inherited: they take their neighbours' script.
      guard code > 1, let tag = fontfit_script_tag(code) else { return nil }
      return String(cString: tag)
    }
    // Common characters take the script before them, or at the start the first one after.
    var previous = codes.first { $0 != nil } ?? nil
    for index in codes.indices {
      if let code = codes[index] { previous = code } else { codes[index] = previous }
    }
    resolved = codes.map { $0 ?? "Zyyy" }
  }
}

/// Where a line broken inside a word gets a hyphen, by Pango's rule: at a break that is not a
/// word boundary (UAX #29, through ICU), between two characters neither of which is a space or
/// a hyphen, after a character of a script that hyphenates — not Han, Hangul, Hiragana or
/// Katakana, and not a common character such as a digit or a sign, except a soft hyphen.
struct Hyphenation {
  /// For each grapheme cluster, whether a break just before it inserts a hyphen.
  let breaksInsertHyphen: [Bool]

  init(_ text: String, graphemes: Graphemes) throws(ShapingError) {
    let units = Array(text.utf16)
    var boundary = [UInt8](repeating: 1, count: units.count + 1)
    var error: Int32 = 0
    guard let length = Int32(exactly: units.count) else {
      throw .lineBreaking(.engineFailed(code: 0, message: "ICU cannot take the text's length"))
    }
    let status = units.withUnsafeBufferPointer { text in
      boundary.withUnsafeMutableBufferPointer { boundary in
        fontfit_word_boundaries(text.baseAddress, length, boundary.baseAddress, &error)
      }
    }
    guard status == 0, error <= 0 else {
      throw .lineBreaking(.engineFailed(code: error, message: "ICU's word break iterator failed"))
    }
    let characters = Array(text)
    var result = [Bool](repeating: false, count: characters.count)
    for index in characters.indices.dropFirst() {
      guard boundary[graphemes.utf16Offsets[index]] == 0,
        let previous = characters[index - 1].unicodeScalars.last,
        let current = characters[index].unicodeScalars.first,
        !Self.isSpaceOrHyphen(previous), !Self.isSpaceOrHyphen(current)
      else { continue }
      result[index] = Self.scriptHyphenates(after: previous)
    }
    breaksInsertHyphen = result
  }

  private static func scriptHyphenates(after scalar: Unicode.Scalar) -> Bool {
    guard let tag = fontfit_script_tag(fontfit_script_code(scalar.value)) else { return true }
    switch String(cString: tag) {
    case "Zyyy": return scalar == "\u{AD}"
    case "Hani", "Hang", "Hira", "Kana": return false
    default: return true
    }
  }

  private static func isSpaceOrHyphen(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
    case .control: return ["\t", "\n", "\r", "\u{0C}"].contains(scalar)
    default:
      return [
        "-", "\u{058A}", "\u{1400}", "\u{1806}", "\u{2010}", "\u{2E17}", "\u{2E40}",
        "\u{30A0}", "\u{FE63}", "\u{FF0D}",
      ].contains(scalar)
    }
  }
}
