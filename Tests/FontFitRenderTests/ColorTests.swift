import FontFitFontModel
import TestSupport
import Testing

@testable import FontFitWidgets

// Colours as description files write them (issue 9).

@Suite("Colours")
struct ColorTests {
  @Test("#RRGGBB and #RRGGBBAA read back as they are written")
  func roundTrip() {
    for text in ["#000000", "#FFFFFF", "#12AB9F", "#12AB9F80", "#00000000"] {
      let color = Color(hex: text)
      #expect(color?.description == text)
    }
    #expect(Color(hex: "#a0b1c2") == Color(red: 0xA0, green: 0xB1, blue: 0xC2))
    #expect(Color(hex: "#a0b1c2")?.alpha == 255)
  }

  @Test("Every colour is written as two uppercase hex digits a channel, alpha when not opaque")
  func writtenDigits() {
    var generator = SplitMix64(seed: 9)
    for _ in 0..<2000 {
      let channels = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let alpha = Bool.random(using: &generator) ? 255 : channels[3]
      let color = Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
      let shown = alpha == 255 ? Array(channels.prefix(3)) : channels
      let expected =
        "#" + shown.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
      #expect(color.description == expected)
      #expect(Color(hex: color.description) == color)
    }
  }

  @Test(
    "Anything else is refused",
    arguments: [
      "", "#", "123456", "#12345", "#1234567", "#GG0000", "#12345678 ", " #123456", "#１２３４５６",
    ])
  func refused(text: String) {
    #expect(Color(hex: text) == nil)
  }
}
