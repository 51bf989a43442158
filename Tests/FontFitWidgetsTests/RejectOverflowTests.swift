import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

/// The order in which a test sets a widget's text and its overflow.
enum SettingOrder: String, CaseIterable, Sendable {
  case textThenOverflow, overflowThenText
}

@Suite("Reject overflow")
struct RejectOverflowTests {
  /// Twenty words: at the 10pt minimum a 100×40 box holds twelve (three lines of four), a
  /// 200×80 box fifty-four (six lines of nine).
  static let long = Fixture.words(20)
  /// A hundred words, too many for either box.
  static let huge = Fixture.words(100)

  /// A rejecting 100×40 label showing "Fits", laid out.
  static func label(environment: WidgetEnvironment = Fixture.environment()) -> Label {
    let label = Fixture.label(width: 100, height: 40, text: "Fits", environment: environment) {
      $0.overflow = .reject
    }
    label.layoutIfNeeded()
    return label
  }

  /// Environments on the small and the big screen, designed for the small one, sizes unadapted.
  static func environment(on screen: Screen) -> WidgetEnvironment {
    Fixture.environment(on: screen, design: Fixture.small, adaptation: .none)
  }

  @Test("A refused text stays in text while the previous text is shown and the refusal reported")
  func refusal() throws {
    let label = Self.label()
    #expect(label.layout?.shownText == "Fits")
    #expect(label.layout?.rejection == nil)
    label.text = Self.long
    label.layoutIfNeeded()
    let layout = try #require(label.layout)
    #expect(label.text == Self.long)
    #expect(layout.shownText == "Fits")
    #expect(layout.fit?.lines.map(\.text) == ["Fits"])
    #expect(layout.fit?.pointSize == 16)
    let rejection = try #require(layout.rejection)
    #expect(rejection.text == Self.long)
    #expect(!rejection.result.fits)
    #expect(rejection.result.pointSize == 10)
    #expect(rejection.result.failure == .tooTall(needed: 62.5, available: 40))
  }

  @Test("Truncate overflow shows the same text truncated and refuses nothing")
  func truncateShowsText() throws {
    let label = Self.label()
    label.overflow = .truncate
    label.text = Self.long
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == Self.long)
    #expect(label.layout?.rejection == nil)
    #expect(label.layout?.fit?.fits == false)
  }

  @Test(
    "The outcome is the same whichever order text and overflow are set",
    arguments: SettingOrder.allCases)
  func orderDoesNotMatter(order: SettingOrder) throws {
    let label = Fixture.label(width: 100, height: 40, text: "Fits")
    label.layoutIfNeeded()
    switch order {
    case .textThenOverflow:
      label.text = Self.long
      label.overflow = .reject
    case .overflowThenText:
      label.overflow = .reject
      label.text = Self.long
    }
    label.layoutIfNeeded()
    #expect(label.text == Self.long)
    #expect(label.layout?.shownText == "Fits")
    #expect(label.layout?.rejection?.text == Self.long)
    #expect(label.layout?.fit?.lines.map(\.text) == ["Fits"])
  }

  @Test("A text accepted on a big screen is refused on a small one, and accepted again on the big")
  func judgedAgainOnAnotherScreen() throws {
    let label = Self.label(environment: Self.environment(on: Fixture.big))
    label.text = Self.long
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == Self.long)
    #expect(label.layout?.rejection == nil)
    #expect(label.layout?.fit?.fits == true)

    label.environment = Self.environment(on: Fixture.small)
    label.layoutIfNeeded()
    #expect(label.text == Self.long)
    #expect(label.layout?.rejection?.text == Self.long)
    // The previously shown text is the refused one itself: nothing is left to show.
    #expect(label.layout?.shownText == "")

    label.environment = Self.environment(on: Fixture.big)
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == Self.long)
    #expect(label.layout?.rejection == nil)
  }

  @Test("A refused text falls back on the previously shown text only while that one fits")
  func fallbackMustFit() throws {
    let label = Self.label(environment: Self.environment(on: Fixture.big))
    label.text = Self.long
    label.layoutIfNeeded()
    label.text = Self.huge
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == Self.long)
    #expect(label.layout?.rejection?.text == Self.huge)

    label.environment = Self.environment(on: Fixture.small)
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == "")
    #expect(label.layout?.rejection?.text == Self.huge)
    #expect(label.layout?.fit?.lines.allSatisfy { $0.text.isEmpty } == true)
  }

  @Test(
    "An empty text is always accepted, even in a box too small for anything",
    arguments: [(0.0, 0.0), (1, 1), (100, 0), (100, 40)])
  func emptyTextAccepted(width: Double, height: Double) throws {
    let label = Fixture.label(width: width, height: height, text: Self.long) {
      $0.overflow = .reject
    }
    label.layoutIfNeeded()
    label.text = ""
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == "")
    #expect(label.layout?.rejection == nil)
    #expect(label.layout?.error == nil)
  }

  @Test("A rejecting text field with a long placeholder can be cleared")
  func clearFieldWithPlaceholder() throws {
    let field = TextField(
      frame: Fixture.frame(80, 30), font: Fixture.font, text: "abc",
      placeholder: "Search titles and authors by keyword")
    field.overflow = .reject
    field.environment = Fixture.environment()
    field.layoutIfNeeded()
    field.text = Self.long
    field.layoutIfNeeded()
    #expect(field.layout?.shownText == "abc")
    #expect(field.layout?.rejection?.text == Self.long)

    field.text = ""
    field.layoutIfNeeded()
    #expect(field.text == "")
    #expect(field.layout?.shownText == "")
    #expect(field.layout?.rejection == nil)
    // The placeholder does not fit; it is shown truncated, not refused.
    let line = try #require(field.layout?.fit?.lines.first)
    #expect(line.text.hasPrefix("Search"))
    #expect(line.text.hasSuffix("…"))
  }

  @Test("The rejection disappears when a fitting text is set", arguments: ["Fine", "Fits"])
  func rejectionClears(replacement: String) throws {
    let label = Self.label()
    label.text = Self.long
    label.layoutIfNeeded()
    #expect(label.layout?.rejection != nil)
    label.text = replacement
    label.layoutIfNeeded()
    #expect(label.layout?.rejection == nil)
    #expect(label.layout?.shownText == replacement)
    #expect(label.text == replacement)
  }

  @Test(
    "A layout between the two setters does not change the outcome (issue 6)",
    arguments: SettingOrder.allCases)
  func layoutBetweenSetters(order: SettingOrder) throws {
    let label = Fixture.label(width: 100, height: 40, text: "Fits")
    label.layoutIfNeeded()
    switch order {
    case .textThenOverflow:
      label.text = Self.long
      label.layoutIfNeeded()
      label.overflow = .reject
    case .overflowThenText:
      label.overflow = .reject
      label.layoutIfNeeded()
      label.text = Self.long
    }
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == "Fits")
    #expect(label.layout?.rejection?.text == Self.long)
  }

  @Test("After a refusal on a small screen, the big screen shows the text again (issue 6)")
  func screenRoundTrip() throws {
    let label = Self.label(environment: Self.environment(on: Fixture.big))
    label.text = Self.huge
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == "Fits")
    label.environment = Self.environment(on: Fixture.small)
    label.layoutIfNeeded()
    label.environment = Self.environment(on: Fixture.big)
    label.layoutIfNeeded()
    // "Fits" is still the most recent text that fitted, so the big screen keeps showing it.
    #expect(label.layout?.shownText == "Fits")
    #expect(label.layout?.rejection?.text == Self.huge)
  }
}
