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

  /// `font name "…": message`.
  public var description: String { "font name \(TextFormat.quoted(name)): \(message)" }
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
  /// Pango description, whose trailing style words and size are peeled off the end.
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
    if name.contains(":") || Self.trailingFontconfigSize(in: name) != nil {
      self = try Self.parseFontconfig(name, defaultPointSize: defaultPointSize)
    } else {
      self = try Self.parsePango(name, defaultPointSize: defaultPointSize)
    }
  }

  /// The number after the last `-` when it ends the name (`DejaVu Sans-17` → 17).
  static func trailingFontconfigSize(in head: some StringProtocol) -> (
    family: Substring, size: Double
  )? {
    guard let dash = head.lastIndex(of: "-"), dash > head.startIndex else { return nil }
    // `Sans -3` is a Pango name with a bad size, and `Sans 1e-300` one with an exponent.
    let word = head[..<dash].split(separator: " ", omittingEmptySubsequences: false).last ?? ""
    if word.isEmpty { return nil }
    if word.count > 1, word.last == "e" || word.last == "E",
      word.dropLast().allSatisfy({ $0.isNumber || $0 == "." })
    {
      return nil
    }
    let after = head[head.index(after: dash)...]
    guard let size = Double(after), !after.isEmpty else { return nil }
    return (Substring(head[..<dash]), size)
  }

  static func checkedSize(_ size: Double, in name: String) throws(FontNameError)
    -> Double
  {
    guard size.isFinite, Font.pointSizeRange.contains(size) else {
      throw FontNameError(
        name: name,
        message: "expected a size between \(TextFormat.string(Font.pointSizeRange.lowerBound)) "
          + "and \(TextFormat.string(Font.pointSizeRange.upperBound)) points, found \(size)")
    }
    return size
  }

  /// Splits on `separator` where it is not escaped by a backslash.
  static func splitUnescaped(_ text: String, on separator: Character) -> [String] {
    var parts: [String] = [""]
    var escaped = false
    for character in text {
      if escaped {
        parts[parts.count - 1].append("\\")
        parts[parts.count - 1].append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == separator {
        parts.append("")
      } else {
        parts[parts.count - 1].append(character)
      }
    }
    return parts
  }

  /// Removes Fontconfig's backslash escapes (`\-`, `\:`, `\,`).
  static func unescape(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if !escaped, character == "\\" {
        escaped = true
        continue
      }
      escaped = false
      result.append(character)
    }
    return result
  }
}
