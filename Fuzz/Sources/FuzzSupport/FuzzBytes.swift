/// A cursor over the bytes libFuzzer passes to a target, read as the target's parameters.
///
/// Reading past the end gives zeros, so every input, however short, means something; what is
/// left after the parameters is usually the text under test.
public struct FuzzBytes {
  /// The input.
  private let bytes: [UInt8]
  /// The index of the next byte to read.
  private var offset = 0

  /// Copies the input libFuzzer passes.
  ///
  /// - Parameters:
  ///   - data: The first byte, or nil for an empty input.
  ///   - count: The number of bytes.
  public init(_ data: UnsafePointer<UInt8>?, count: Int) {
    if let data, count > 0 {
      bytes = Array(UnsafeBufferPointer(start: data, count: count))
    } else {
      bytes = []
    }
  }

  /// The whole input, as UTF-8 with invalid sequences replaced by U+FFFD.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// The next two bytes, big-endian.
  public mutating func uint16() -> UInt16 {
    UInt16(byte()) << 8 | UInt16(byte())
  }

  /// An element of `choices` picked by the next byte.
  public mutating func choice<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// Whether bit `bit` (0 to 7) of `flags` is set.
  public static func isSet(_ bit: Int, in flags: UInt8) -> Bool {
    flags & (1 << UInt8(bit)) != 0
  }

  /// The bytes not read yet, as UTF-8 with invalid sequences replaced by U+FFFD.
  public mutating func restAsText() -> String {
    let rest = offset < bytes.count ? bytes[offset...] : []
    offset = bytes.count
    return String(decoding: rest, as: UTF8.self)
  }
}
