/// An sRGB colour with alpha, 8 bits per channel, as description files write it: `#RRGGBB` or
/// `#RRGGBBAA`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Reads `#RRGGBB` or `#RRGGBBAA` (hexadecimal digits in either case); nil for anything
  /// else.
  public init?(hex: String) {
    let bytes = Array(hex.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else {
      return nil
    }
    var channels: [UInt8] = []
    var index = 1
    while index < bytes.count {
      guard let high = Self.digit(bytes[index]), let low = Self.digit(bytes[index + 1]) else {
        return nil
      }
      channels.append(high << 4 | low)
      index += 2
    }
    self.init(
      red: channels[0], green: channels[1], blue: channels[2],
      alpha: channels.count == 4 ? channels[3] : 255)
  }

  /// `#RRGGBB` when opaque, else `#RRGGBBAA`, in uppercase.
  public var description: String {
    // Written byte by byte: a dump names two colours per text widget.
    let count = alpha == 255 ? 7 : 9
    return String(unsafeUninitializedCapacity: count) { buffer in
      let digits: StaticString = "0123456789ABCDEF"
      func write(_ channel: UInt8, at offset: Int) {
        buffer[offset] = digits.utf8Start[Int(channel >> 4)]
        buffer[offset + 1] = digits.utf8Start[Int(channel & 15)]
      }
      buffer[0] = UInt8(ascii: "#")
      write(red, at: 1)
      write(green, at: 3)
      write(blue, at: 5)
      if count == 9 { write(alpha, at: 7) }
      return count
    }
  }

  /// Black, the default text colour.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// White, the default screen background.
  public static let white = Color(red: 255, green: 255, blue: 255)

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
