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
  public var description: String { "font name \"\(name)\": \(message)" }
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
    if name.contains(":") || Self.trailingFontconfigSize(in: name) != nil {
      self = try Self.parseFontconfig(name, defaultPointSize: defaultPointSize)
    } else {
      self = try Self.parsePango(name, defaultPointSize: defaultPointSize)
    }
  }

  /// The number after the last `-` when it ends the name (`DejaVu Sans-17` → 17).
  private static func trailingFontconfigSize(in head: some StringProtocol) -> (
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

  private static func parsePango(_ name: String, defaultPointSize: Double?) throws(FontNameError)
    -> Font
  {
    var words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
    var pointSize = defaultPointSize
    if let last = words.last, let size = try sizeWord(last, in: name) {
      pointSize = size
      words.removeLast()
    }
    var weight = FontWeight.regular
    var slant = FontSlant.roman
    var sawWeight = false
    var sawSlant = false
    // Style words are peeled from the end, as Pango does; the rest is the family.
    while words.count > 1, let word = words.last {
      let bare = word.hasSuffix(",") ? word.dropLast() : word
      if !sawWeight, let named = FontWeight.named(bare) {
        weight = named
        sawWeight = true
      } else if !sawSlant, let named = FontSlant.named(bare) {
        slant = named
        sawSlant = true
      } else {
        break
      }
      words.removeLast()
    }
    if words.count == 1, let word = words.first,
      FontWeight.named(word) != nil || FontSlant.named(word) != nil
    {
      throw FontNameError(
        name: name, message: "expected a family name before the style \"\(word)\"")
    }
    var family = words.joined(separator: " ")
    while family.hasSuffix(",") { family.removeLast() }
    family = family.trimmingSpaces()
    guard !family.isEmpty else {
      throw FontNameError(name: name, message: "expected a family name before the style and size")
    }
    guard let pointSize else {
      throw FontNameError(
        name: name, message: "expected a size at the end, as in \"\(family) 17\"")
    }
    return Font(family: family, weight: weight, slant: slant, pointSize: pointSize)
  }

  /// The size a Pango size word gives (`17`, `12.5`, `12px`), nil when the word is not a size.
  private static func sizeWord(_ word: Substring, in name: String) throws(FontNameError)
    -> Double?
  {
    let number = word.hasSuffix("px") || word.hasSuffix("pt") ? word.dropLast(2) : word
    guard let first = number.first, first.isNumber || first == "." || first == "-" else {
      return nil
    }
    guard let size = Double(number) else { return nil }
    return try checkedSize(size, in: name)
  }

  private static func checkedSize(_ size: Double, in name: String) throws(FontNameError)
    -> Double
  {
    guard size.isFinite, Font.pointSizeRange.contains(size) else {
      throw FontNameError(
        name: name,
        message: "expected a size between \(Font.format(Font.pointSizeRange.lowerBound)) and "
          + "\(Font.format(Font.pointSizeRange.upperBound)) points, found \(size)")
    }
    return size
  }

  private static func parseFontconfig(_ name: String, defaultPointSize: Double?)
    throws(FontNameError) -> Font
  {
    let elements = splitUnescaped(name, on: ":").map { $0.trimmingSpaces() }
    var head = elements[0]
    var pointSize = defaultPointSize
    if let trailing = trailingFontconfigSize(in: head) {
      head = String(trailing.family)
      pointSize = try checkedSize(trailing.size, in: name)
    }
    var families = splitUnescaped(head, on: ",").map { unescape($0).trimmingSpaces() }
      .filter { !$0.isEmpty }
    var weight = FontWeight.regular
    var slant = FontSlant.roman
    for element in elements.dropFirst() where !element.isEmpty {
      let parts = element.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else {
        // A constant such as `bold` or `italic`.
        if let named = FontWeight.named(element) {
          weight = named
        } else if let named = FontSlant.named(element) {
          slant = named
        } else {
          throw FontNameError(
            name: name,
            message: "unknown style \"\(element)\"; expected a weight such as bold or light, "
              + "or a slant: roman, italic, oblique")
        }
        continue
      }
      let key = parts[0].trimmingSpaces().lowercased()
      let value = unescape(String(parts[1])).trimmingSpaces()
      switch key {
      case "size", "pixelsize":
        guard let size = Double(value) else {
          throw FontNameError(
            name: name, message: "expected a number for \(key), found \"\(value)\"")
        }
        pointSize = try checkedSize(size, in: name)
      case "weight":
        if let named = FontWeight.named(value) {
          weight = named
        } else if let number = Double(value), number.isFinite {
          weight = FontWeight(fontconfigValue: number)
        } else {
          throw FontNameError(
            name: name, message: "expected a weight name or number, found \"\(value)\"")
        }
      case "slant":
        if let named = FontSlant.named(value) {
          slant = named
        } else if let number = Int32(value) {
          slant = FontSlant(fontconfigValue: number)
        } else {
          throw FontNameError(
            name: name, message: "expected roman, italic or oblique for slant, found \"\(value)\"")
        }
      case "style":
        for word in value.split(separator: " ") {
          if let named = FontWeight.named(word) {
            weight = named
          } else if let named = FontSlant.named(word) {
            slant = named
          } else {
            throw FontNameError(name: name, message: "unknown style word \"\(word)\"")
          }
        }
      case "family":
        families.append(value)
      default:
        throw FontNameError(
          name: name,
          message: "unknown property \"\(key)\"; expected size, pixelsize, weight, slant, style "
            + "or family")
      }
    }
    guard !families.isEmpty else {
      throw FontNameError(name: name, message: "expected a family name before the first ':'")
    }
    guard let pointSize else {
      throw FontNameError(
        name: name, message: "expected a size, as in \"\(families[0]):size=17\"")
    }
    return Font(
      family: families.joined(separator: ", "), weight: weight, slant: slant,
      pointSize: pointSize)
  }

  /// Splits on `separator` where it is not escaped by a backslash.
  private static func splitUnescaped(_ text: String, on separator: Character) -> [String] {
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
  private static func unescape(_ text: String) -> String {
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
