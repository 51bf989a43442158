// The package's one way of writing numbers and code points for people: dumps, error messages
// and font names all go through these, so `17`, `16.5` and `U+4E2D` look the same everywhere.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes numbers, code points and quoted strings the same way everywhere.
package enum TextFormat {
  /// `value` without a needless fraction: `17`, `16.5`, `0.1`.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Round to this many decimal places first (the dumps use 3, so 1/1000
  ///     point); nil keeps the shortest text that reads back as the same number.
  /// - Returns: An integer when the (rounded) value is whole and below 10^15 in magnitude,
  ///   else Swift's shortest round-trip form; `nan`, `inf` and `-inf` as Swift writes them.
  package static func string(_ value: Double, fractionDigits: Int? = nil) -> String {
    guard value.isFinite else { return String(value) }
    if let digits = decimalDigits(value, fractionDigits: fractionDigits) {
      return decimal(value, fractionDigits: digits)
    }
    let rounded = fractionDigits.map { self.rounded(value, fractionDigits: $0) } ?? value
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// Calls `body` with the UTF-8 of ``string(_:fractionDigits:)`` of `value`, written digit by
  /// digit into a buffer on the stack where it can be, without making a string: for writers
  /// that keep bytes of their own.
  package static func withUTF8(
    of value: Double, fractionDigits: Int? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if let digits = decimalDigits(value, fractionDigits: fractionDigits) {
      withDecimal(value, fractionDigits: digits, body)
    } else {
      var text = string(value, fractionDigits: fractionDigits)
      text.withUTF8(body)
    }
  }

  /// The decimal places to write `value` with digit by digit, or nil when it needs Swift's
  /// description: `fractionDigits` when it is 0–4, and without rounding, 4 when `value` is
  /// the double nearest to a number of at most 4 decimal places (as every length a dump
  /// rounds to 1/1000 point is), whose shortest form has no more places; values of 10^9 and
  /// more, and values that are not finite, need the description.
  private static func decimalDigits(_ value: Double, fractionDigits: Int?) -> Int? {
    guard value.isFinite, abs(value) < 1e9 else { return nil }
    guard let fractionDigits else {
      return rounded(value, fractionDigits: 4) == value ? 4 : nil
    }
    return (0...4).contains(fractionDigits) ? fractionDigits : nil
  }

  /// `value` rounded to `fractionDigits` (0–4) decimal places, written digit by digit.
  private static func decimal(_ value: Double, fractionDigits: Int) -> String {
    withDecimal(value, fractionDigits: fractionDigits) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of `value` rounded to `fractionDigits` (0–4) decimal places,
  /// written digit by digit into a buffer on the stack (``writeDecimal(_:fractionDigits:to:)``).
  private static func withDecimal<Result>(
    _ value: Double, fractionDigits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decimalCapacity) { buffer in
      guard let start = buffer.baseAddress else { return body(UnsafeBufferPointer(buffer)) }
      let count = writeDecimal(value, fractionDigits: fractionDigits, to: start)
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// The most bytes ``writeUTF8(of:fractionDigits:to:)`` writes.
  package static var decimalCapacity: Int { 32 }

  /// Writes the UTF-8 of ``string(_:fractionDigits:)`` of `value` at `start`, which has room
  /// for ``decimalCapacity`` bytes, and returns how many it wrote; nil, having written
  /// nothing, when the number needs Swift's description (see ``withUTF8(of:fractionDigits:_:)``):
  /// for writers that keep bytes of their own and write numbers straight into them.
  @inline(__always)
  package static func writeUTF8(
    of value: Double, fractionDigits: Int?, to start: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    guard let digits = decimalDigits(value, fractionDigits: fractionDigits) else { return nil }
    return writeDecimal(value, fractionDigits: digits, to: start)
  }

  /// Writes `value` rounded to `fractionDigits` (0–4) decimal places at `start` (room for
  /// ``decimalCapacity`` bytes), digit by digit, and returns how many bytes it wrote.
  ///
  /// Below 10^9 the rounded value has at most 13 significant digits, so its decimal form is
  /// exactly the shortest text that reads back as the double nearest to it, and at least
  /// 0.0001 it is not written with an exponent: the same text as Swift's `description` of
  /// that double gives, without its cost.
  private static func writeDecimal(
    _ value: Double, fractionDigits: Int, to start: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let units = roundedToInteger(value * Double(powerOfTen(fractionDigits)))
    // The fraction without its trailing zeros.
    var magnitude = units.magnitude
    var digits = fractionDigits
    while digits > 0, magnitude % 10 == 0 {
      magnitude /= 10
      digits -= 1
    }
    // Divided by a constant, which the compiler turns into a multiplication.
    let whole: UInt64
    switch digits {
    case 0: whole = magnitude
    case 1: whole = magnitude / 10
    case 2: whole = magnitude / 100
    case 3: whole = magnitude / 1000
    default: whole = magnitude / 10_000
    }
    var fraction = magnitude - whole * powerOfTen(digits)
    // Counted first, so the digits are written in place from the right: the fraction, the
    // point, the whole part (at least one digit), the sign.
    let length = (units < 0 ? 1 : 0) + decimalLength(whole) + (digits > 0 ? digits + 1 : 0)
    var position = length
    if digits > 0 {
      for _ in 0..<digits {
        position -= 1
        start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
        fraction /= 10
      }
      position -= 1
      start[position] = UInt8(ascii: ".")
    }
    // The whole part two digits at a time, from a table of the hundred pairs.
    var rest = whole
    digitPairs.withUTF8Buffer { pairs in
      while rest >= 10 {
        let pair = Int(truncatingIfNeeded: rest % 100) &* 2
        rest /= 100
        position -= 2
        start[position] = pairs[pair]
        start[position + 1] = pairs[pair + 1]
      }
    }
    // One digit is left, or none when the pairs ended the number; 0 is written as 0.
    if rest > 0 || whole == 0 {
      position -= 1
      start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    if units < 0 { start[0] = UInt8(ascii: "-") }
    return length
  }

  /// 10^`exponent`, for an exponent of 0–4.
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    default: 10_000
    }
  }

  /// The number of decimal digits of `value` (1 for 0).
  @inline(__always)
  private static func decimalLength(_ value: UInt64) -> Int {
    var length = 1
    var bound: UInt64 = 10
    while length < 20, value >= bound {
      length += 1
      if bound > UInt64.max / 10 { break }
      bound *= 10
    }
    return length
  }

  /// "00", "01", … "99": the digits of every number below a hundred.
  private static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }

  /// `value` rounded to the nearest integer, halves away from zero (as `rounded()` does), for
  /// a magnitude below 2^53: truncated by the processor, then moved by one when the part cut
  /// off (exact, as both are below 2^53) is half or more, without calling the C library.
  @inline(__always)
  private static func roundedToInteger(_ value: Double) -> Int64 {
    var whole = Int64(value)
    let rest = value - Double(whole)
    if rest >= 0.5 { whole += 1 } else if rest <= -0.5 { whole -= 1 }
    return whole
  }

  /// `value` rounded to `fractionDigits` decimal places; values of 10^12 and more, and values
  /// that are not finite, as they are.
  package static func rounded(_ value: Double, fractionDigits: Int) -> Double {
    guard value.isFinite, abs(value) < 1e12 else { return value }
    var scale = 1.0
    for _ in 0..<max(0, fractionDigits) { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// A Unicode scalar as `U+XXXX`: uppercase hexadecimal, at least four digits.
  package static func codePoint(_ value: UInt32) -> String {
    var bytes: [UInt8] = []
    appendCodePoint(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``codePoint(_:)`` of `value` to `bytes`, as UTF-8.
  package static func appendCodePoint(_ value: UInt32, to bytes: inout [UInt8]) {
    var digits = 4
    while digits < 8, value >> (4 * UInt32(digits)) != 0 { digits += 1 }
    bytes.append(UInt8(ascii: "U"))
    bytes.append(UInt8(ascii: "+"))
    for place in stride(from: digits - 1, through: 0, by: -1) {
      let digit = UInt8(truncatingIfNeeded: value >> (4 * UInt32(place))) & 0xF
      bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
    }
  }

  /// Calls `body` with the UTF-8 of `value` in decimal, as `String(value)` writes it, written
  /// into a buffer on the stack.
  package static func withUTF8(
    ofInteger value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
      var position = buffer.count
      repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        position -= 1
        buffer[position] = UInt8(ascii: "-")
      }
      body(UnsafeBufferPointer(rebasing: buffer[position...]))
    }
  }

  /// Whether `string` has a character a terminal may act on or that reorders what it shows:
  /// a control character (C0, DEL or C1) or a bidi control (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069).
  package static func hasControlCharacters(_ string: String) -> Bool {
    var string = string
    // One pass over the bytes answers while they are ASCII (an id, a name); the first byte
    // of another scalar sends the rest to the scalars' test.
    let ascii = string.withUTF8 { bytes -> Bool? in
      for byte in bytes {
        if byte < 0x20 || byte == 0x7F { return true }
        if byte >= 0x80 { return nil }
      }
      return false
    }
    if let ascii { return ascii }
    return string.unicodeScalars.contains(where: isControl)
  }

  /// Whether `scalar` is a control character (C0, DEL, C1) or a bidi control.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }

  /// Whether `scalar` is invisible or looks like another character in a message: a space
  /// other than U+0020, a format character other than the joiners (U+200C, U+200D), a line
  /// or paragraph separator.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x80, scalar.value != 0x200C, scalar.value != 0x200D else {
      return false
    }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// `message` safe to write to a terminal: each control character (but line feeds and
  /// tabs), bidi control and invisible character (a no-break space, U+FEFF, U+2028) written
  /// as `\u{XXXX}`, so an error message can neither act on the terminal nor hide what
  /// differs in a name.
  package static func terminalSafe(_ message: String) -> String {
    let unsafe: (Unicode.Scalar) -> Bool = { scalar in
      scalar != "\n" && scalar != "\t" && (isControl(scalar) || isInvisible(scalar))
    }
    guard message.unicodeScalars.contains(where: unsafe) else { return message }
    var output = String.UnicodeScalarView()
    for scalar in message.unicodeScalars {
      if unsafe(scalar) {
        output.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// `string` as it is when it has no control character, else ``quoted(_:)``: how a name
  /// (an id, a screen) is written where a terminal shows it.
  package static func printable(_ string: String) -> String {
    hasControlCharacters(string) ? quoted(string) : string
  }

  /// `string` as a JSON string literal: in double quotes, with `"`, `\`, control characters
  /// (C0, DEL and C1) and bidi controls escaped and every other character as it is.
  package static func quoted(_ string: String) -> String {
    var output = "\""
    var string = string
    let needsEscaping =
      string.withUTF8 { bytes in
        bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
      } || hasControlCharacters(string)
    guard needsEscaping else {
      output.reserveCapacity(string.utf8.count + 2)
      output += string
      output += "\""
      return output
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where isControl(scalar):
        let digits = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}

extension StringProtocol {
  /// The string without leading and trailing spaces and tabs, as names are compared.
  package func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

/// A string compared and hashed by its exact UTF-8 code units.
///
/// `String` compares by canonical equivalence; here "é" and "e\u{301}" are different keys.
/// Caches of shaped text key on it, since
/// HarfBuzz shapes the code points as written, and it hashes without normalising.
package struct ExactString: Hashable, Sendable {
  /// The string.
  package let string: String

  /// Wraps `string`.
  package init(_ string: String) {
    self.string = string
  }

  /// Whether both have the same UTF-8 code units.
  package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
    #if _pointerBitWidth(_64)
      // A string is two words here. The same two words are the same text: one stored string
      // both share (a widget's text compared with the one its shaped text was kept for), or
      // the same small string's bytes held in place.
      if unsafeBitCast(lhs.string, to: (UInt64, UInt64).self)
        == unsafeBitCast(rhs.string, to: (UInt64, UInt64).self)
      {
        return true
      }
    #endif
    return lhs.hasBytes(of: rhs.string)
  }

  /// Whether `string` has exactly these UTF-8 code units.
  ///
  /// Native strings are contiguous UTF-8, read in place (a text compared with its own cache
  /// key shares the bytes, and is equal at once); others are made contiguous first.
  package func hasBytes(of string: borrowing String) -> Bool {
    let equal = self.string.utf8.withContiguousStorageIfAvailable { left in
      string.utf8.withContiguousStorageIfAvailable { right in Self.equalBytes(left, right) }
    }
    if let equal, let equal { return equal }
    var left = self.string
    var right = copy string
    return left.withUTF8 { left in right.withUTF8 { right in Self.equalBytes(left, right) } }
  }

  /// Whether `left` and `right` hold the same bytes.
  private static func equalBytes(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard left.count == right.count else { return false }
    guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress,
      leftBytes != rightBytes
    else { return true }
    return memcmp(leftBytes, rightBytes, left.count) == 0
  }

  /// Hashes the UTF-8 code units: folds them into one word, eight bytes at a time, then
  /// feeds that word to `hasher`.
  ///
  /// A text's key is hashed on every fit, and the standard `Hasher` takes about ten
  /// instructions a byte; the fold takes about one. It multiplies by a secret chosen per
  /// process, as the standard hasher is seeded per process, so which texts share a word
  /// cannot be planned from outside.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(folded)
  }

  /// The UTF-8 code units folded into one word, as ``hash(into:)`` feeds it to a hasher:
  /// for a key that combines it with other words through ``mix(_:)``, without a `Hasher`.
  package var folded: UInt64 {
    var copy = string
    return copy.withUTF8 { ExactString.fold(UnsafeRawBufferPointer($0)) }
  }

  /// One step of ``fold(_:)``: `value` multiplied out to 128 bits by the secret, and the two
  /// halves exclusive-ored.
  @inline(__always)
  package static func mix(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: secret)
    return product.high ^ product.low
  }

  /// The multiplier of ``fold(_:)``: odd, so no multiplication loses a bit, and random.
  private static let secret = UInt64.random(in: .min ... .max) | 1

  /// `bytes` folded into one word: each eight-byte word of them (the last padded with zeros,
  /// the count mixed in first) is added in and multiplied out to 128 bits by the secret, and
  /// the two halves are exclusive-ored, so every input bit reaches every output bit within two
  /// words (the "mum" step of wyhash).
  static func fold(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var state = mix(UInt64(truncatingIfNeeded: count) ^ 0x9E37_79B9_7F4A_7C15)
    guard let base = bytes.baseAddress else { return state }
    var offset = 0
    while offset + 8 <= count {
      state = mix(state ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < count {
      var last: UInt64 = 0
      for index in offset..<count {
        last |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (8 * (index - offset))
      }
      state = mix(state ^ last)
    }
    return mix(state)
  }
}
