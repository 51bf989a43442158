import FontFitFontModel
import FontFitFonts
import FontFitText
import TestSupport
import Testing

@testable import FontFitWidgets

/// A stack's overflow counts only what its children cannot show (issue 22's check, found
/// with issue 24's demo): a child squeezed below its natural length that still shows all of
/// itself there is no overflow.
@Suite("Stack overflow on real fonts")
struct StackOverflowTests {
  func row(_ label: Label, width: Double) throws -> Stack {
    let screen = Screen(name: "Test", width: 400, height: 600, scale: 1, dpi: 72)
    let row = Stack(id: "row", frame: Rect(x: 0, y: 0, width: width, height: 60), axis: .horizontal)
    try row.addChild(label)
    row.environment = Fixture.environment(
      on: screen, design: screen, adaptation: .none, scalesFrames: false,
      shaper: try FontSystem.shared())
    row.layoutIfNeeded()
    return row
  }

  @Test("A single-line label that fits its squeezed length at a smaller size is no overflow")
  func autoFitAbsorbs() throws {
    for width in stride(from: 120.0, through: 300, by: 30) {
      let label = Label(
        id: "total", font: Font(family: "DejaVu Sans", pointSize: 17),
        text: "Total 42,00 € incl. VAT and delivery")
      label.numberOfLines = 1
      label.autoFit = AutoFit(minimumPointSize: 6)
      let row = try row(label, width: width)
      let fits = try #require(label.layout?.fit).fits
      #expect(fits, "at \(width)")
      #expect(row.contentOverflow == 0, "at \(width): \(row.contentOverflow)")
    }
  }

  @Test("A label cut by its squeezed length is overflow, by what it needs more")
  func truncatedCounts() throws {
    let label = Label(
      id: "total", font: Font(family: "DejaVu Sans", pointSize: 17),
      text: "Total 42,00 € incl. VAT and delivery")
    label.numberOfLines = 1
    let row = try row(label, width: 120)
    #expect(try #require(label.layout?.fit).fits == false)
    let natural = label.sizeThatFits(.unbounded).width
    #expect(abs(row.contentOverflow - (natural - 120)) < 1e-6)
  }
}
