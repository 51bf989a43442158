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

  /// The text written.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether nothing has been written.
  var isEmpty: Bool { bytes.isEmpty }

  /// Appends `text`.
  mutating func append(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends `text`.
  mutating func append(_ text: Substring) {
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

  /// Appends what `other` holds.
  mutating func append(_ other: TextOutput) {
    bytes.append(contentsOf: other.bytes)
  }

  /// Appends `text`.
  static func += (output: inout TextOutput, text: String) {
    output.append(text)
  }

  /// Appends `text`.
  static func += (output: inout TextOutput, text: Substring) {
    output.append(text)
  }
}
