// Fontconfig font patterns: `DejaVu Sans:bold:size=17`, `DejaVu Sans-17:italic`,
// `Sans:weight=bold:slant=italic:pixelsize=12`.

extension Font {
  /// What a pattern's elements say, filled in one element at a time.
  private struct FontconfigPattern {
    var families: [String]
    var weight = FontWeight.regular
    var slant = FontSlant.roman
    var pointSize: Double?
    var isPixelSize = false
  }

  static func parseFontconfig(_ name: String, defaultPointSize: Double?)
    throws(FontNameError) -> Font
  {
    let elements = splitUnescaped(name, on: ":").map { $0.trimmingSpaces() }
    var head = elements[0]
    var pattern = FontconfigPattern(families: [], pointSize: defaultPointSize)
    if let trailing = trailingFontconfigSize(in: head) {
      head = trailing.family
      pattern.pointSize = try checkedSize(trailing.size, written: trailing.written, in: name)
      pattern.isPixelSize = false
    }
    pattern.families = splitUnescaped(head, on: ",").map { unescape($0).trimmingSpaces() }
      .filter { !$0.isEmpty }
    for element in elements.dropFirst() where !element.isEmpty {
      try apply(element, to: &pattern, in: name)
    }
    guard let first = pattern.families.first else {
      throw FontNameError(name: name, message: "expected a family name before the first ':'")
    }
    guard let pointSize = pattern.pointSize else {
      throw FontNameError(name: name, message: "expected a size, as in \"\(first):size=17\"")
    }
    return Font(
      descriptor: FontDescriptor(
        families: pattern.families, weight: pattern.weight, slant: pattern.slant),
      pointSize: pointSize, isPixelSize: pattern.isPixelSize)
  }

  /// Reads one `:`-separated element: a constant such as `bold`, or `key=value`.
  private static func apply(
    _ element: String, to pattern: inout FontconfigPattern, in name: String
  ) throws(FontNameError) {
    let parts = element.splitScalars(maxSplits: 1) { $0 == "=" }
    if parts.count < 2, element.unicodeScalars.contains("=") {
      let key = String(String.UnicodeScalarView(element.unicodeScalars.prefix { $0 != "=" }))
        .trimmingSpaces()
      throw FontNameError(
        name: name,
        message: key.isEmpty
          ? "expected a property name before \"=\", such as size=17"
          : "expected a value after \"\(key)=\"")
    }
    guard parts.count == 2 else {
      if let named = FontWeight.named(element) {
        pattern.weight = named
      } else if let named = FontSlant.named(element) {
        pattern.slant = named
      } else {
        throw FontNameError(
          name: name,
          message: "unknown style \"\(element)\"; expected a weight such as bold or light, "
            + "or a slant: roman, italic, oblique")
      }
      return
    }
    let key = parts[0].trimmingSpaces().lowercased()
    let value = unescape(String(parts[1])).trimmingSpaces()
    switch key {
    case "size", "pixelsize":
      guard let size = decimalNumber(value) else {
        throw FontNameError(name: name, message: "expected a number for \(key), found \"\(value)\"")
      }
      pattern.pointSize = try checkedSize(size, written: value, in: name)
      pattern.isPixelSize = key == "pixelsize"
    case "weight":
      if let named = FontWeight.named(value) {
        pattern.weight = named
      } else if let number = decimalNumber(value), number.isFinite {
        pattern.weight = FontWeight(fontconfigValue: number)
      } else {
        throw FontNameError(
          name: name, message: "expected a weight name or number, found \"\(value)\"")
      }
    case "slant":
      if let named = FontSlant.named(value) {
        pattern.slant = named
      } else if let number = Int32(value) {
        pattern.slant = FontSlant(fontconfigValue: number)
      } else {
        throw FontNameError(
          name: name, message: "expected roman, italic or oblique for slant, found \"\(value)\"")
      }
    case "style":
      for word in value.splitScalars(where: { $0 == " " }) {
        if let named = FontWeight.named(word) {
          pattern.weight = named
        } else if let named = FontSlant.named(word) {
          pattern.slant = named
        } else {
          throw FontNameError(name: name, message: "unknown style word \"\(word)\"")
        }
      }
    case "family":
      guard !value.isEmpty else {
        throw FontNameError(name: name, message: "expected a family name after family=")
      }
      pattern.families.append(value)
    default:
      throw FontNameError(
        name: name,
        message: "unknown property \"\(key)\"; expected size, pixelsize, weight, slant, style "
          + "or family")
    }
  }
}
