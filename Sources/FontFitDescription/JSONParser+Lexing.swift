import FontFitText

// The JSON reader's lexical half: keys, keywords, numbers, strings and escapes, white space,
// locations and error messages.

extension JSONReader {
  /// Reads an object key and the colon after it into `container`.
  ///
  /// - Parameters:
  ///   - container: The object that gets the key as its pending key.
  ///   - expected: The start of the message if no string is at the read position.
  /// - Throws: A ``JSONSyntaxError`` when no string key and colon are there, or the key is
  ///   the object's already.
  mutating func readKey(
    into container: inout OpenContainer, expected: String
  ) throws(JSONSyntaxError) {
    guard index < bytes.count && bytes[index] == UInt8(ascii: "\"") else {
      throw unexpected(expected)
    }
    let location = currentLocation()
    let key = try readString()
    try container.beginMember(key: key, at: location)
    skipWhitespace()
    guard index < bytes.count && bytes[index] == UInt8(ascii: ":") else {
      throw unexpected("expected ':' after an object key")
    }
    index += 1
  }

  // MARK: Scalars

  /// Reads the keyword `word` (`true`, `false`, or `null`) starting at the read position.
  mutating func readKeyword(_ word: String) throws(JSONSyntaxError) {
    for expectedByte in word.utf8 {
      guard index < bytes.count && bytes[index] == expectedByte else {
        throw unexpected("expected '\(word)'")
      }
      index += 1
    }
  }

  /// Reads a number starting at the read position, which is `location`.
  ///
  /// - Returns: The number's value and its exact source text.
  mutating func readNumber(at location: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative {
      index += 1
    }
    guard isDigit(at: index) else {
      throw unexpected("expected a digit after '-'")
    }
    let integerStart = index
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(at: index) {
        throw syntaxError(at: index, "leading zeros are not allowed in a number")
      }
    } else {
      skipDigits()
    }
    let integerEnd = index
    var fractionDigits = 0
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(at: index) else {
        throw unexpected("expected a digit after the decimal point")
      }
      let fractionStart = index
      skipDigits()
      fractionDigits = index - fractionStart
    }
    let literalEnd = index
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard isDigit(at: index) else {
        throw unexpected("expected a digit in the exponent")
      }
      skipDigits()
    }
    let literal = string(from: start, to: index)
    // Without an exponent, and with at most 15 digits, the digits are an integer a double
    // holds exactly, and so is the power of ten they are divided by: one division, which
    // rounds correctly, gives the double nearest to the literal, as `Double(_:)` does, at a
    // tenth of its cost (the frames and sizes of a layout are all such numbers).
    let digits = (integerEnd - integerStart) + fractionDigits
    if literalEnd == index, digits <= 15 {
      var mantissa: UInt64 = 0
      for offset in integerStart..<literalEnd where bytes[offset] != UInt8(ascii: ".") {
        mantissa = mantissa * 10 + UInt64(bytes[offset] &- UInt8(ascii: "0"))
      }
      let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
      return .number(negative ? -magnitude : magnitude, literal: literal)
    }
    guard let value = Double(literal), value.isFinite else {
      throw JSONSyntaxError(location: location, message: "number \(literal) is out of range")
    }
    return .number(value, literal: literal)
  }

  /// 10^0 through 10^15, each exactly a double.
  static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// Returns whether the byte at `offset` exists and is an ASCII digit.
  func isDigit(at offset: Int) -> Bool {
    offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
  }

  /// The bytes from `start` to `end` (valid UTF-8) as a string: one read before when it is
  /// short (see ``ShortStrings``).
  mutating func string(from start: Int, to end: Int) -> String {
    let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
    func decoded() -> String { String(decoding: piece, as: UTF8.self) }
    let count = end - start
    guard count <= ShortStrings.longest else { return decoded() }
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(piece)) }
    return shortStrings.string(words, count: count, make: decoded)
  }

  /// Advances the read position past a run of ASCII digits.
  mutating func skipDigits() {
    while isDigit(at: index) {
      index += 1
    }
  }

  /// Reads a string whose opening quote is at the read position, decoding escapes.
  mutating func readString() throws(JSONSyntaxError) -> String {
    index += 1
    var segmentStart = index
    var decoded: [UInt8] = []
    var hasEscapes = false
    while index < bytes.count {
      // Eight bytes with no quote, backslash or control character are all the string's.
      if index + 8 <= bytes.count,
        !Self.mayEndPlainRun(
          UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let result: String
        if hasEscapes {
          decoded.append(contentsOf: bytes[segmentStart..<index])
          result = String(decoding: decoded, as: UTF8.self)
        } else {
          result = string(from: segmentStart, to: index)
        }
        index += 1
        return result
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        decoded.append(contentsOf: bytes[segmentStart..<index])
        try readEscape(into: &decoded)
        segmentStart = index
      } else if byte == 0x0A || byte == 0x0D {
        throw syntaxError(at: index, "unterminated string")
      } else if byte < 0x20 {
        let code = TextFormat.codePoint(UInt32(byte))
        throw syntaxError(at: index, "control character \(code) must be escaped in a string")
      } else {
        index += 1
      }
    }
    throw syntaxError(at: index, "unterminated string")
  }

  /// Whether one of the eight bytes of `word` is a quote, a backslash or a control character
  /// (below 0x20): what ends a string's plain run. (A byte below a bound, or equal to a
  /// value, is found exactly in a word at a time: a byte's subtraction borrows into the next
  /// byte only when the byte was found already; bytes of 0x80 and above are never found.)
  static func mayEndPlainRun(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    return (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x22))
      || hasZero(word ^ (ones &* 0x5C))
  }

  /// Reads the escape sequence whose backslash is at the read position, appending its UTF-8.
  mutating func readEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else {
      throw syntaxError(at: index, "unterminated string")
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try readHexQuad()
      var scalar = unit
      if (0xD800...0xDBFF).contains(unit) {
        var low: UInt32 = 0
        if index + 1 < bytes.count
          && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          low = try readHexQuad()
        }
        guard (0xDC00...0xDFFF).contains(low) else {
          throw loneSurrogate(at: escapeStart)
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw loneSurrogate(at: escapeStart)
      }
      Self.appendUTF8(of: scalar, to: &decoded)
    default:
      index -= 1
      throw unexpected("expected an escape character after '\\'")
    }
  }

  /// Reads the four hexadecimal digits of a `\u` escape.
  mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexDigitValue(bytes[index]) else {
        throw unexpected("expected a hexadecimal digit in a \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Returns the value of an ASCII hexadecimal digit, or `nil` for any other byte.
  static func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Appends the UTF-8 encoding of the scalar value `scalar`, which is not a surrogate.
  static func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      bytes.append(UInt8(scalar))
    case ..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: Whitespace and locations

  /// Advances past JSON whitespace (space, tab, line feed, carriage return), counting lines.
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        startLine()
      case UInt8(ascii: "\r"):
        index += 1
        if index < bytes.count && bytes[index] == UInt8(ascii: "\n") {
          index += 1
        }
        startLine()
      default:
        return
      }
    }
  }

  /// Records that a new line starts at the read position.
  mutating func startLine() {
    line += 1
    lineStart = index
    markOffset = index
    markColumn = 1
  }

  /// Returns the location of the read position.
  mutating func currentLocation() -> SourcePosition {
    location(at: index)
  }

  /// Returns the location of `offset`, which must be on the current line.
  mutating func location(at offset: Int) -> SourcePosition {
    if offset < markOffset {
      markOffset = lineStart
      markColumn = 1
    }
    while markOffset < offset {
      // Count every byte that starts a scalar, i.e. is not a UTF-8 continuation byte.
      if bytes[markOffset] & 0xC0 != 0x80 {
        markColumn += 1
      }
      markOffset += 1
    }
    return SourcePosition(line: line, column: markColumn)
  }

  // MARK: Errors

  /// Returns an error with `message` at byte `offset` on the current line.
  mutating func syntaxError(at offset: Int, _ message: String) -> JSONSyntaxError {
    JSONSyntaxError(location: location(at: offset), message: message)
  }

  /// Returns an error at the read position saying `"\(expectation), found <what is there>"`.
  mutating func unexpected(_ expectation: String) -> JSONSyntaxError {
    syntaxError(at: index, "\(expectation), found \(describeFound())")
  }

  /// Returns an error for the `\u` escape of an unpaired surrogate starting at `offset`.
  mutating func loneSurrogate(at offset: Int) -> JSONSyntaxError {
    let escape = String(decoding: bytes[offset..<min(offset + 6, bytes.count)], as: UTF8.self)
    return syntaxError(at: offset, "lone surrogate \(escape) in a string")
  }

  /// Describes the character at the read position for an error message.
  ///
  /// Printable ASCII is quoted (`'x'`); invisible characters are written as `U+00A0`; other
  /// characters are quoted and followed by their code point (`'“' (U+201C)`).
  func describeFound() -> String {
    guard index < bytes.count else {
      return "end of input"
    }
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(index + length, bytes.count)
    let text = String(decoding: bytes[index..<end], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first else {
      return "end of input"
    }
    let code = TextFormat.codePoint(scalar.value)
    if (0x20...0x7E).contains(scalar.value) {
      return "'\(scalar)'"
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .unassigned, .privateUse, .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
      return code
    default:
      return "'\(scalar)' (\(code))"
    }
  }
}

/// The short strings a JSON reader made last, by their bytes: a layout's keys, widget kinds,
/// font names and numbers come back thousands of times, and each was decoded and checked as
/// UTF-8 anew.
///
/// A table of 256 places, each holding the last string whose bytes hash there.
struct ShortStrings {
  /// The longest string kept, in bytes.
  static let longest = 16

  /// A string and its bytes, zero-padded.
  private struct Entry {
    /// The bytes, zero-padded to sixteen.
    var words: (UInt64, UInt64)
    /// How many bytes the string has.
    var count: Int
    /// The string.
    var string: String
  }

  /// The last string kept at each place, by the hash of its bytes.
  private var entries: [Entry?] = Array(repeating: nil, count: 256)

  /// The string of the `count` bytes in `words` (zero-padded): the one kept when it has the
  /// same bytes, else the one `make` makes, which is kept.
  mutating func string(_ words: (UInt64, UInt64), count: Int, make: () -> String) -> String {
    let hash =
      (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
      ^ (UInt64(truncatingIfNeeded: count) &* 0x1656_67B1_9E37_79F9)
    let slot = Int(truncatingIfNeeded: hash >> 56)
    if let entry = entries[slot], entry.count == count, entry.words == words {
      return entry.string
    }
    let string = make()
    entries[slot] = Entry(words: words, count: count, string: string)
    return string
  }
}
