import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

/// Where widgets place their lines (issue 7): arithmetic numbers, 16pt, lines 20pt tall.
@Suite("Line positions in widgets")
struct WidgetPositionTests {
  @Test("A label centres its text block vertically; a text view starts at the top")
  func verticalPlacement() throws {
    let label = Fixture.label(width: 100, height: 100, text: Fixture.words(2)) {
      $0.autoFit = nil
    }
    let view = TextView(frame: Fixture.frame(100, 100), font: Fixture.font, text: Fixture.words(2))
    view.environment = Fixture.environment()
    for widget in [label, view] as [TextWidget] { widget.layoutIfNeeded() }
    // "aaaa aaaa" is 68pt wide: one 20pt line in a 100pt box.
    #expect(label.layout?.lines.map(\.y) == [40])
    #expect(view.layout?.lines.map(\.y) == [0])
    #expect(label.layout?.lines.first?.width == 68)
  }

  @Test(
    "The alignment places every line in the frame on the screen",
    arguments: [(TextAlignment.left, 0.0), (.center, 16.0), (.right, 32.0), (.natural, 0.0)])
  func alignment(alignment: TextAlignment, x: Double) throws {
    let label = Fixture.label(width: 100, height: 100, text: Fixture.words(2)) {
      $0.autoFit = nil
      $0.textAlignment = alignment
    }
    label.layoutIfNeeded()
    #expect(label.layout?.lines.map(\.x) == [x])
  }

  @Test("Changing the alignment marks the widget as needing layout, and layout moves the lines")
  func alignmentIsLayout() throws {
    let label = Fixture.label(width: 100, height: 100, text: Fixture.words(2)) {
      $0.autoFit = nil
    }
    label.layoutIfNeeded()
    label.textAlignment = .natural
    #expect(!label.needsLayout)
    label.textAlignment = .right
    #expect(label.needsLayout)
    #expect(label.layout?.lines.first?.x == 0, "reading does not lay out")
    label.layoutIfNeeded()
    #expect(label.layout?.lines.first?.x == 32)
  }

  @Test("Lines are placed in the frame as scaled to the screen")
  func screenFrame() throws {
    let label = Fixture.label(
      width: 100, height: 50, text: Fixture.words(2),
      environment: Fixture.environment(
        on: Fixture.big, design: Fixture.small, adaptation: .none)
    ) {
      $0.autoFit = nil
      $0.textAlignment = .right
    }
    label.layoutIfNeeded()
    // The frame doubles to 200×100 on the big screen; the 68pt line ends at its right edge.
    #expect(label.layout?.lines.map(\.x) == [132])
    #expect(label.layout?.lines.map(\.y) == [40])
  }
}
