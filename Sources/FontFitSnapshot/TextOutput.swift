import FontFitText
import FontFitWidgets

/// Text being written, kept as UTF-8 bytes and made a `String` once, when it is done.
///
/// A dump appends a hundred short pieces per widget. Appending to a `String` costs about 300
/// instructions a piece (its capacity, uniqueness and ASCII flags are checked and updated each
/// time); copying the piece's bytes costs a tenth of that, and the `String` made at the end
/// checks the bytes once.
struct TextOutput {
  private var bytes: [UInt8] = []

  /// Empty output with room for `capacity` bytes.
  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The number of bytes written.
  var count: Int { bytes.count }

  /// The text written.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// The text written, as the UTF-8 bytes it is kept in: no `String` is made, so the bytes
  /// are not checked again.
  var utf8: [UInt8] { bytes }

  /// Appends `text`.
  mutating func append(_ text: some StringProtocol) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends the first `count` bytes of `text`'s UTF-8, which must end on a character
  /// boundary.
  mutating func append(utf8Prefix count: Int, of text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0.prefix(count)))
    }
    if copied == nil { bytes.append(contentsOf: text.utf8.prefix(count)) }
  }

  /// Appends `value` as ``FontFitText/TextFormat/string(_:fractionDigits:)`` writes it.
  mutating func append(_ value: Double, fractionDigits: Int? = nil) {
    TextFormat.append(value, fractionDigits: fractionDigits, to: &bytes)
  }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(integer value: Int) {
    TextFormat.append(integer: value, to: &bytes)
  }

  /// Appends ``FontFitText/TextFormat/codePoint(_:)`` of `value`.
  mutating func appendCodePoint(_ value: UInt32) {
    TextFormat.appendCodePoint(value, to: &bytes)
  }

  /// Appends `stage`'s ``FontFitWidgets/SizeStage/detail``.
  mutating func appendDetail(of stage: SizeStage) {
    stage.appendDetail(to: &bytes)
  }

  /// Appends a line break and `count` spaces, copied from a constant.
  mutating func appendLineStart(indentation count: Int) {
    Self.lineStart.withUTF8Buffer { piece in
      var left = max(0, count)
      // The first copy starts with the line break, any later one after it.
      var start = 0
      repeat {
        let length = min(left, piece.count - 1)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start..<1 + length]))
        left -= length
        start = 1
      } while left > 0
    }
  }

  /// A line break and the most spaces ``appendLineStart(indentation:)`` copies at once.
  private static var lineStart: StaticString {
    "\n                                                                "
  }

  /// Appends one byte.
  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `text`.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `value` as a JSON number: as ``FontFitText/TextFormat/string(_:fractionDigits:)``
  /// writes it, or `null` when it is not finite.
  mutating func appendJSON(_ value: Double) {
    if value.isFinite {
      append(value)
    } else {
      append("null" as StaticString)
    }
  }

  /// Appends `text` as a JSON string literal, as ``FontFitText/TextFormat/quoted(_:)``
  /// writes it; printable ASCII without quotes or backslashes, the usual case, is copied as
  /// it is.
  mutating func appendQuoted(_ text: String) {
    // One pass over a native string's bytes checks them; the copy follows.
    let plain =
      text.utf8.withContiguousStorageIfAvailable { utf8 in
        for byte in utf8 where !isPlainQuoted(byte) { return false }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
        return true
      } ?? false
    guard !plain else { return }
    append(TextFormat.quoted(text))
  }

  /// Removes the last `count` bytes written.
  mutating func removeLast(_ count: Int) {
    bytes.removeLast(count)
  }

  /// Appends what `other` holds.
  mutating func append(_ other: TextOutput) {
    bytes.append(contentsOf: other.bytes)
  }

  /// Appends `text`.
  static func += (output: inout TextOutput, text: some StringProtocol) {
    output.append(text)
  }
}

/// Whether `byte` is printable ASCII that a quoted string (``FontFitText/TextFormat/quoted(_:)``)
/// writes as it is: not a control character, a quote or a backslash.
func isPlainQuoted(_ byte: UInt8) -> Bool {
  byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
}
