import FontFitText

/// A font name that cannot be read, with what was expected.
public struct FontNameError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name as given.
  public var name: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error for `name`.
  public init(name: String, message: String) {
    self.name = name
    self.message = message
  }

  /// `font name "…": message`; a name longer than 200 bytes is shown by its first 80
  /// characters.
  public var description: String {
    let shown = name.utf8.count > 200 ? String(name.prefix(80)) + "…" : name
    return "font name \(TextFormat.quoted(shown)): \(message)"
  }
}

extension Font {
  /// Reads a font name in either syntax users know.
  ///
  /// - Fontconfig patterns: `DejaVu Sans:bold:size=17`, `DejaVu Sans-17:italic`,
  ///   `Sans:weight=bold:slant=italic:pixelsize=12`.
  /// - Pango (CSS-like) descriptions: `DejaVu Sans Bold 17`, `Helvetica 17`,
  ///   `sans-serif Italic 12`, `Sans, Serif Bold Italic 12px`.
  ///
  /// A name containing `:`, or ending in `-<number>`, is a Fontconfig pattern; any other is a
  /// Pango description, whose trailing style words and size are peeled off the end. Names are
  /// read scalar by scalar, as the C libraries read them: a combining or prepended mark never
  /// hides a `:`, `,`, `-`, `=` or space.
  ///
  /// - Parameters:
  ///   - name: The font name.
  ///   - defaultPointSize: The size to use when the name gives none; without it such a name
  ///     is an error.
  /// - Throws: ``FontNameError`` saying what was expected.
  public init(_ name: String, defaultPointSize: Double? = nil) throws(FontNameError) {
    if let defaultPointSize { _ = try Self.checkedSize(defaultPointSize, in: name) }
    // C libraries end a name at a NUL ("DejaVu Sans 12\0junk" was read as size 12), and
    // other control characters are no part of any family or size.
    if let control = name.unicodeScalars.first(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      throw FontNameError(
        name: name,
        message: "a font name may not contain the control character "
          + TextFormat.codePoint(control.value))
    }
    // Nor invisible characters that no family name has and a reader cannot see: format
    // characters (U+FEFF, bidi controls; not the visible number signs of Arabic and Kaithi)
    // and line or paragraph separators.
    if let invisible = name.unicodeScalars.first(where: Self.isInvisible) {
      throw FontNameError(
        name: name,
        message: "a font name may not contain the invisible character "
          + TextFormat.codePoint(invisible.value))
    }
    if let violation = InputLimits.violation(of: .name, by: name) {
      throw FontNameError(name: name, message: violation)
    }
    if name.unicodeScalars.contains(":") || Self.trailingFontconfigSize(in: name) != nil {
      self = try Self.parseFontconfig(name, defaultPointSize: defaultPointSize)
    } else {
      self = try Self.parsePango(name, defaultPointSize: defaultPointSize)
    }
    guard descriptor.families.count <= InputLimits.fontFamilies else {
      throw FontNameError(
        name: name,
        message: "a font name of \(descriptor.families.count) families has more than "
          + "\(InputLimits.fontFamilies), the most a font name may have")
    }
  }

  /// The format characters that are visible: the number signs of Arabic and Kaithi.
  private static let visibleFormatCharacters: [ClosedRange<UInt32>] = [
    0x600...0x6FF, 0x70F...0x70F, 0x890...0x891, 0x8E2...0x8E2, 0x110BD...0x110BD,
    0x110CD...0x110CD,
  ]

  /// Whether `scalar` is a format character (but a visible one) or a line or paragraph
  /// separator; ASCII never is.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x80 else { return false }
    switch scalar.properties.generalCategory {
    case .format:
      return !visibleFormatCharacters.contains { $0.contains(scalar.value) }
    case .lineSeparator, .paragraphSeparator:
      return true
    default:
      return false
    }
  }

  /// The number after the last unescaped `-` when it ends the name (`DejaVu Sans-17` → 17).
  static func trailingFontconfigSize(in head: String) -> (
    family: String, size: Double, written: String
  )? {
    let scalars = Array(head.unicodeScalars)
    guard let dash = scalars.lastIndex(of: "-"), dash > 0 else { return nil }
    // `Sans\-3` is the family `Sans-3`: an odd run of backslashes escapes the dash.
    let backslashes = scalars[..<dash].reversed().prefix { $0 == "\\" }.count
    if backslashes % 2 == 1 { return nil }
    // `Sans -3` is a Pango name with a bad size, and `Sans 1e-300` one with an exponent.
    let before = scalars[..<dash]
    let word = before.split(separator: " ", omittingEmptySubsequences: false).last ?? []
    if word.isEmpty { return nil }
    if word.count > 1, word.last == "e" || word.last == "E",
      word.dropLast().allSatisfy({ ("0"..."9").contains($0) || $0 == "." })
    {
      return nil
    }
    let after = String(String.UnicodeScalarView(scalars[(dash + 1)...]))
    guard !after.isEmpty, let size = decimalNumber(after) else { return nil }
    return (String(String.UnicodeScalarView(before)), size, after)
  }

  /// `size` when it is in ``Font/pointSizeRange``.
  ///
  /// - Parameters:
  ///   - size: The size read.
  ///   - written: The size as the name writes it (`1e400`, which reads as infinity), if the
  ///     name gives it.
  ///   - name: The whole name, for the error.
  /// - Returns: `size`.
  /// - Throws: ``FontNameError`` saying which sizes a font may have.
  static func checkedSize(
    _ size: Double, written: String? = nil, in name: String
  ) throws(FontNameError) -> Double {
    guard size.isFinite, Font.pointSizeRange.contains(size) else {
      throw FontNameError(
        name: name,
        message: "expected a size between \(TextFormat.string(Font.pointSizeRange.lowerBound)) "
          + "and \(TextFormat.string(Font.pointSizeRange.upperBound)) points, found "
          + (written?.trimmingSpaces() ?? "\(size)"))
    }
    return size
  }

  /// The number `text` writes in decimal (`17`, `-1.5`, `12.5e0`), or nil: Swift's `Double`
  /// would also read `0x11`, `nan` and `inf`, which no font name means as a size.
  static func decimalNumber(_ text: String) -> Double? {
    var scalars = text.unicodeScalars[...]
    func digits() -> Int {
      let count = scalars.prefix { ("0"..."9").contains($0) }.count
      scalars = scalars.dropFirst(count)
      return count
    }
    if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
    var mantissa = digits()
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if scalars.first == "e" || scalars.first == "E" {
      scalars = scalars.dropFirst()
      if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    return scalars.isEmpty ? Double(text) : nil
  }

  /// Splits on `separator` where it is not escaped by a backslash, scalar by scalar.
  static func splitUnescaped(_ text: String, on separator: Unicode.Scalar) -> [String] {
    var parts = [String.UnicodeScalarView()]
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        parts[parts.count - 1].append("\\")
        parts[parts.count - 1].append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == separator {
        parts.append(String.UnicodeScalarView())
      } else {
        parts[parts.count - 1].append(scalar)
      }
    }
    return parts.map(String.init)
  }

  /// Removes Fontconfig's backslash escapes (`\-`, `\:`, `\,`).
  static func unescape(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if !escaped, scalar == "\\" {
        escaped = true
        continue
      }
      escaped = false
      result.append(scalar)
    }
    return String(result)
  }
}

extension String {
  /// The parts between the scalars `isSeparator` accepts, empty parts left out.
  ///
  /// The text is split scalar by scalar, as the C libraries read names: a combining or
  /// prepended mark next to a separator joins it into one `Character`, but never hides it.
  func splitScalars(maxSplits: Int = .max, where isSeparator: (Unicode.Scalar) -> Bool)
    -> [String]
  {
    unicodeScalars.split(maxSplits: maxSplits, whereSeparator: isSeparator)
      .map { String(String.UnicodeScalarView($0)) }
  }
}
