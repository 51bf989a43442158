import FontFitFontModel
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

  @Test(
    "Anything else is refused",
    arguments: [
      "", "#", "123456", "#12345", "#1234567", "#GG0000", "#12345678 ", " #123456", "#１２３４５６",
    ])
  func refused(text: String) {
    #expect(Color(hex: text) == nil)
  }
}
