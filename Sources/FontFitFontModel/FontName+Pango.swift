// Pango (CSS-like) font descriptions: `DejaVu Sans Bold 17`, `Sans, Serif Bold Italic 12px`.

extension Font {
  static func parsePango(_ name: String, defaultPointSize: Double?) throws(FontNameError)
    -> Font
  {
    var words = name.splitScalars { $0 == " " || $0 == "\t" }
    var pointSize = defaultPointSize
    var isPixelSize = false
    if let last = words.last, let size = try sizeWord(last, in: name) {
      pointSize = size
      isPixelSize = last.hasSuffix("px")
      words.removeLast()
    }
    var weight = FontWeight.regular
    var slant = FontSlant.roman
    var sawWeight = false
    var sawSlant = false
    // Style words are peeled from the end, as Pango does; the rest is the family.
    while words.count > 1, let word = words.last {
      let bare = word.unicodeScalars.last == "," ? String(word.unicodeScalars.dropLast()) : word
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
    while family.unicodeScalars.last == "," { family.unicodeScalars.removeLast() }
    family = family.trimmingSpaces()
    guard !family.isEmpty else {
      throw FontNameError(name: name, message: "expected a family name before the style and size")
    }
    guard let pointSize else {
      let example =
        family.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        ? family : "DejaVu Sans"
      throw FontNameError(
        name: name, message: "expected a size at the end, as in \"\(example) 17\"")
    }
    let families = family.splitScalars { $0 == "," }.map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
    // `, , 12` has commas where its families should be.
    guard !families.isEmpty else {
      throw FontNameError(name: name, message: "expected a family name before the size")
    }
    return Font(
      descriptor: FontDescriptor(families: families, weight: weight, slant: slant),
      pointSize: pointSize, isPixelSize: isPixelSize)
  }

  /// The size a Pango size word gives (`17`, `12.5`, `12px`), nil when the word is not a size.
  private static func sizeWord(_ word: String, in name: String) throws(FontNameError)
    -> Double?
  {
    let number = word.hasSuffix("px") || word.hasSuffix("pt") ? String(word.dropLast(2)) : word
    if let size = decimalNumber(number) { return try checkedSize(size, written: number, in: name) }
    // `nan`, `inf` and `0x11` read as numbers, but not as sizes a font name gives.
    if Double(number) != nil {
      throw FontNameError(
        name: name, message: "expected a size in decimal digits, such as 17, found \"\(word)\"")
    }
    return nil
  }
}
