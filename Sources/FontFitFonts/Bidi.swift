internal import CICUShim
import FontFitText

/// The bidi embedding levels (UAX #9, through ICU's `ubidi`) of a text's grapheme clusters.
///
/// Even levels run left to right, odd levels right to left. Shaping needs only each run's
/// direction; lines are reordered for display from the same levels.
struct BidiLevels {
  /// One level per grapheme cluster, the level of its first character.
  let levels: [UInt8]
  /// The paragraph's own level: 0 for left to right, 1 for right to left.
  let paragraphLevel: UInt8

  /// The levels of `text`, with the paragraph direction `direction` says: from the first
  /// strong character when it is natural.
  init(_ text: String, graphemes: Graphemes, direction: WritingDirection) throws(ShapingError) {
    let units = Array(text.utf16)
    var unitLevels = [UInt8](repeating: 0, count: units.count)
    var paragraph: UInt8 = 0
    var error: Int32 = 0
    guard let length = Int32(exactly: units.count) else {
      throw .bidi(code: 0, message: "ICU cannot take \(units.count) UTF-16 units")
    }
    let status = units.withUnsafeBufferPointer { text in
      unitLevels.withUnsafeMutableBufferPointer { levels in
        fontfit_bidi_levels(
          text.baseAddress, length, Self.paragraphLevel(direction), levels.baseAddress,
          &paragraph, &error)
      }
    }
    guard status == 0, error <= 0 else {
      throw .bidi(code: error, message: "ICU's bidi algorithm failed")
    }
    levels = (0..<graphemes.count).map { unitLevels[graphemes.utf16Offsets[$0]] }
    paragraphLevel = paragraph
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
