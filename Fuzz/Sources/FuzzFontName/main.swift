// Font names: parse → print → parse is the identity on whatever parses. For every input that
// `Font(_:defaultPointSize:)` accepts (with no default size, and with a default of 12 points),
// `Font(font.description)` must parse too, to an equal Font.

import FontFit
import FuzzSupport

runFuzzer(fuzzFontName)

/// The test of one input, read as a font name.
///
/// - Parameters:
///   - data: The input's bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a broken property stops the process instead.
func fuzzFontName(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let name = FuzzBytes(data, count: size).text
  for defaultPointSize in [nil, 12.0] {
    guard let font = try? Font(name, defaultPointSize: defaultPointSize) else { continue }
    let printed = font.description
    let size = defaultPointSize.map { "\($0)" } ?? "none"
    let input = "\(name.debugDescription) (default size \(size))"
    let reread: Font
    do {
      reread = try Font(printed)
    } catch {
      fail(
        "\(input) parses, but its description \(printed.debugDescription) does not: \(error)")
    }
    expect(
      reread == font,
      "\(input) parses to \(font.debugFields), but its description \(printed.debugDescription)"
        + " parses to \(reread.debugFields)")
  }
  return 0
}

extension Font {
  /// Every field, so that a finding shows what differs.
  fileprivate var debugFields: String {
    "families \(families), weight \(weight), slant \(slant), size \(pointSize)"
      + (isPixelSize ? "px" : "pt")
  }
}
