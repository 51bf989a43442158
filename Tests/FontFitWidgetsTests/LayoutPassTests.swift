import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

/// A property of a text widget that layout depends on, with a way to change it and a way to set
/// it to its current value.
enum Setting: String, CaseIterable, Sendable {
  case text, font, frame, numberOfLines, lineBreakMode, autoFit, overflow, lineHeightMultiple
  case truncationToken, placeholder
  // Kept packed or boxed (issue 25, target 4): each must still read back and mark alone.
  case textAlignment, writingDirection, fitGroup, markup, frameScaling, mirrorsInRightToLeft
  case layoutDirection

  /// Gives the property of `field` another value.
  func change(_ field: TextField) {
    switch self {
    case .text: field.text += "b"
    case .font: field.font = field.font.withPointSize(field.font.pointSize + 1)
    case .frame: field.frame.width += 1
    case .numberOfLines: field.numberOfLines += 1
    case .lineBreakMode: field.lineBreakMode = field.lineBreakMode == .clip ? .wordWrap : .clip
    case .autoFit: field.autoFit = field.autoFit == nil ? AutoFit() : nil
    case .overflow: field.overflow = field.overflow == .reject ? .truncate : .reject
    case .lineHeightMultiple: field.lineHeightMultiple += 0.5
    case .truncationToken: field.truncationToken += "."
    case .placeholder: field.placeholder += "p"
    case .textAlignment: field.textAlignment = field.textAlignment == .right ? .left : .right
    case .writingDirection:
      field.writingDirection = field.writingDirection == .rightToLeft ? .natural : .rightToLeft
    case .fitGroup: field.fitGroup = (field.fitGroup ?? "") + "g"
    case .markup: try? field.setMarkup("<b>\(field.text)</b>b")
    case .frameScaling:
      field.frameScaling = field.frameScaling == FrameScaling.both ? FrameScaling.width : .both
    case .mirrorsInRightToLeft: field.mirrorsInRightToLeft.toggle()
    case .layoutDirection:
      field.layoutDirection = field.layoutDirection == .rightToLeft ? .leftToRight : .rightToLeft
    }
  }

  /// Sets the property of `field` to the value it has.
  func reassign(_ field: TextField) {
    switch self {
    case .text: Self.reassign(field, \.text)
    case .font: Self.reassign(field, \.font)
    case .frame: Self.reassign(field, \.frame)
    case .numberOfLines: Self.reassign(field, \.numberOfLines)
    case .lineBreakMode: Self.reassign(field, \.lineBreakMode)
    case .autoFit: Self.reassign(field, \.autoFit)
    case .overflow: Self.reassign(field, \.overflow)
    case .lineHeightMultiple: Self.reassign(field, \.lineHeightMultiple)
    case .truncationToken: Self.reassign(field, \.truncationToken)
    case .placeholder: Self.reassign(field, \.placeholder)
    case .textAlignment: Self.reassign(field, \.textAlignment)
    case .writingDirection: Self.reassign(field, \.writingDirection)
    case .fitGroup: Self.reassign(field, \.fitGroup)
    case .markup: Self.reassign(field, \.styledText)
    case .frameScaling: Self.reassign(field, \.frameScaling)
    case .mirrorsInRightToLeft: Self.reassign(field, \.mirrorsInRightToLeft)
    case .layoutDirection: Self.reassign(field, \.layoutDirection)
    }
  }

  private static func reassign<Value>(
    _ field: TextField, _ property: ReferenceWritableKeyPath<TextField, Value>
  ) {
    let value = field[keyPath: property]
    field[keyPath: property] = value
  }
}

@Suite("Explicit layout pass (issue 6)")
struct LayoutPassTests {
  /// A laid-out text field measured by `shaper`.
  static func laidOutField(shaper: any TextShaping = ArithmeticShaper()) -> TextField {
    let field = TextField(
      frame: Fixture.frame(100, 30), font: Fixture.font, text: "hello", placeholder: "Search")
    field.environment = Fixture.environment(shaper: shaper)
    field.layoutIfNeeded()
    return field
  }

  @Test("Reading layout, adaptedFont and text never lays out")
  func readingNeverLaysOut() throws {
    let shaper = CountingShaper()
    let label = Fixture.label(
      width: 100, height: 40, text: "hello",
      environment: Fixture.environment(on: TestScreens.iPhone6, shaper: shaper))
    for _ in 0..<3 {
      #expect(label.layout == nil)
      #expect(label.adaptedFont.pointSize == 18)
      #expect(label.text == "hello")
      #expect(label.displayedFont == nil)
      _ = label.screenFrame
    }
    #expect(label.needsLayout)
    #expect(shaper.shapeCount == 0)

    label.layoutIfNeeded()
    let first = try #require(label.layout)
    #expect(first.shownText == "hello")
    #expect(!label.needsLayout)

    // A setter only marks: the layout read afterwards is the previous one until the next pass.
    label.text = Fixture.words(8)
    let shaped = shaper.shapeCount
    #expect(label.layout == first)
    #expect(label.text == Fixture.words(8))
    #expect(label.needsLayout)
    #expect(shaper.shapeCount == shaped)
    label.layoutIfNeeded()
    #expect(label.layout?.shownText == Fixture.words(8))
  }

  @Test("A layout prints and compares by its values, though it keeps them behind a reference")
  func layoutShowsItsValues() throws {
    let field = Self.laidOutField()
    let layout = try #require(field.layout)
    let printed = String(describing: layout)
    for name in ["screenFrame", "adaptedFont", "stages", "shownText: \"hello\"", "outcome"] {
      #expect(printed.contains(name), "\(printed)")
    }
    // Equal values are equal layouts, made apart; a changed value is not.
    #expect(Self.laidOutField().layout == layout)
    var moved = layout
    moved.screenFrame.x += 1
    #expect(moved != layout)
    #expect(moved.shownText == layout.shownText)
  }

  /// A laid-out label of six words that wraps onto as many lines as it needs.
  private static func wordsLabel(
    width: Double, on screen: Screen, shaper: any TextShaping = ArithmeticShaper()
  ) -> Label {
    let label = Fixture.label(
      width: width, height: 40, text: Fixture.words(6),
      environment: Fixture.environment(on: screen, shaper: shaper))
    label.numberOfLines = 0
    label.layoutIfNeeded()
    return label
  }

  @Test("A widget re-fitted in new frames, or measured at new widths, shapes its text once")
  func refitsShapeOnce() throws {
    let shaper = CountingShaper(keepsInputs: true)
    let label = Self.wordsLabel(width: 100, on: TestScreens.iPhone6, shaper: shaper)
    let shaped = shaper.shapeCount
    #expect(shaped > 0)
    for width in stride(from: 60.0, through: 300, by: 20) {
      label.frame.width = width
      label.layoutIfNeeded()
      _ = try label.sizeThatFits(width: width / 2)
      // The same as a label made afresh in this frame, with a shaper that keeps nothing.
      let fresh = Self.wordsLabel(width: width, on: TestScreens.iPhone6)
      #expect(label.layout?.fit == fresh.layout?.fit, "\(width)")
    }
    #expect(shaper.shapeCount == shaped)
    // Another text is shaped, once.
    label.text = Fixture.words(3)
    label.layoutIfNeeded()
    let reshaped = shaper.shapeCount
    #expect(reshaped > shaped)
    label.frame.width = 90
    label.layoutIfNeeded()
    #expect(shaper.shapeCount == reshaped)
  }

  @Test("A widget moved to other screens shapes its text once, and again under another shaper")
  func movedWidgetsShapeOnce() throws {
    let shaper = CountingShaper(keepsInputs: true)
    let label = Self.wordsLabel(width: 100, on: TestScreens.iPhone6, shaper: shaper)
    let shaped = shaper.shapeCount
    #expect(shaped > 0)
    for screen in [TestScreens.iPhone5, TestScreens.iPhone6Plus, TestScreens.iPhone6] {
      label.environment = Fixture.environment(on: screen, shaper: shaper)
      label.layoutIfNeeded()
      // The same as a label made afresh on this screen, with a shaper that keeps nothing.
      let fresh = Self.wordsLabel(width: 100, on: screen)
      #expect(label.layout?.fit == fresh.layout?.fit, "\(screen.name)")
    }
    #expect(shaper.shapeCount == shaped)
    // Another shaper's answers are its own: the text is shaped again, by it.
    let other = CountingShaper(keepsInputs: true)
    label.environment = Fixture.environment(on: TestScreens.iPhone5, shaper: other)
    label.layoutIfNeeded()
    #expect(other.shapeCount > 0)
    #expect(shaper.shapeCount == shaped)
  }

  @Test(
    "A setter marks the widget as needing layout; layoutIfNeeded clears the mark",
    arguments: Setting.allCases)
  func setterMarks(setting: Setting) {
    let field = Self.laidOutField()
    #expect(!field.needsLayout)
    let before = field.layout
    setting.change(field)
    #expect(field.needsLayout)
    #expect(field.layout == before)
    field.layoutIfNeeded()
    #expect(!field.needsLayout)
  }

  @Test(
    "Setting a property to its current value leaves the layout valid",
    arguments: Setting.allCases)
  func sameValueKeepsLayout(setting: Setting) {
    let shaper = CountingShaper()
    let field = Self.laidOutField(shaper: shaper)
    let before = field.layout
    let shaped = shaper.shapeCount
    for _ in 0..<3 { setting.reassign(field) }
    #expect(!field.needsLayout)
    field.layoutIfNeeded()
    #expect(field.layout == before)
    #expect(shaper.shapeCount == shaped)
  }

  @Test(
    "A stack setting reads back as set, bit for bit, and marks the stack holding the widget only when it changes"
  )
  func stackSettings() throws {
    var generator = SplitMix64(seed: 25)
    let stack = Stack(frame: Fixture.frame(200, 300))
    let field = Self.laidOutField()
    try stack.addChild(field)
    stack.environment = Fixture.environment()
    // -0 equals 0 but must read back as -0, as a stored property would.
    func some() -> Double { [0, -0.0, 1, 2, 3][Int(generator.next() % 5)] }
    func limit() -> Double? { generator.next() % 2 == 0 ? nil : some() * 50 }
    for _ in 0..<300 {
      stack.layoutIfNeeded()
      let (grow, shrink) = (field.grow, field.shrink)
      let limits = field.sizeLimits
      let changed: Bool
      switch generator.next() % 3 {
      case 0:
        let value = some()
        field.grow = value
        #expect(field.grow.bitPattern == value.bitPattern)
        changed = value != grow
      case 1:
        let value = some()
        field.shrink = value
        #expect(field.shrink.bitPattern == value.bitPattern)
        changed = value != shrink
      default:
        let value = SizeLimits(
          minWidth: limit(), maxWidth: limit(), minHeight: limit(), maxHeight: limit())
        field.sizeLimits = value
        #expect(field.sizeLimits.minWidth?.bitPattern == value.minWidth?.bitPattern)
        #expect(field.sizeLimits == value)
        changed = value != limits
      }
      #expect(stack.needsLayout == changed)
      // A reassigned value changes nothing and marks nothing.
      stack.layoutIfNeeded()
      field.grow = field.grow
      field.shrink = field.shrink
      field.sizeLimits = field.sizeLimits
      #expect(!stack.needsLayout)
    }
    // Back to the defaults, which read back as the defaults.
    field.grow = 0
    field.shrink = 1
    field.sizeLimits = .none
    #expect(field.grow.bitPattern == 0.0.bitPattern && field.shrink == 1)
    #expect(field.sizeLimits == .none)
  }

  @Test("Markup, a fit group and a truncation token read back as the code units given")
  func rareStringsKeepTheirBytes() throws {
    let field = Self.laidOutField()
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    for (first, second) in [(composed, decomposed), (decomposed, composed)] {
      try field.setMarkup(first)
      try field.setMarkup(second)
      #expect(field.markup.map { Array($0.utf8) } == Array(second.utf8))
      #expect(Array(field.text.utf8) == Array(second.utf8))
      field.fitGroup = first
      field.layoutIfNeeded()
      field.fitGroup = second
      #expect(field.fitGroup.map { Array($0.utf8) } == Array(second.utf8))
      field.truncationToken = first
      field.layoutIfNeeded()
      field.truncationToken = second
      #expect(Array(field.truncationToken.utf8) == Array(second.utf8))
      // Other code units draw other glyphs: the token is laid out again.
      #expect(field.needsLayout)
    }
    field.fitGroup = nil
    field.truncationToken = "…"
    field.text = "plain"
    #expect(field.markup == nil && field.fitGroup == nil && field.truncationToken == "…")
  }

  @Test("A truncation token keeps line separators as spaces, so setting it again changes nothing")
  func tokenLineSeparators() {
    let field = Self.laidOutField()
    field.truncationToken = "more\nto come"
    #expect(field.truncationToken == "more to come")
    field.layoutIfNeeded()
    field.truncationToken = "more\r\nto come"
    #expect(!field.needsLayout)
    field.truncationToken = "more\u{2028}to come"
    #expect(!field.needsLayout)
  }

  @Test(
    "font = font never adapts twice",
    arguments: [
      (TestScreens.iPhone4s, 17.0), (TestScreens.iPhone5, 17), (TestScreens.iPhone6, 19),
      (TestScreens.iPhone6Plus, 20),
    ] as [(Screen, Double)])
  func fontReassignmentIsIdempotent(screen: Screen, adapted: Double) throws {
    let label = Fixture.label(
      width: 300, height: 60, text: "Idempotent", font: Font(family: "Test Sans", pointSize: 17),
      environment: Fixture.environment(on: screen))
    label.layoutIfNeeded()
    for _ in 0..<5 {
      label.font = label.font
      #expect(!label.needsLayout)
      label.layoutIfNeeded()
    }
    // Setting the same environment again re-adapts, from the design font.
    for _ in 0..<3 {
      label.environment = label.environment
      label.layoutIfNeeded()
    }
    #expect(label.font.pointSize == 17)
    #expect(label.adaptedFont.pointSize == adapted)
    let layout = try #require(label.layout)
    #expect(layout.adaptedFont.pointSize == adapted)
    #expect(layout.fit?.pointSize == adapted)
    #expect(label.displayedFont == Font(family: "Test Sans", pointSize: adapted))
  }

  @Test("layoutIfNeeded lays out only the widgets that changed, and all of them")
  func onlyChangedWidgets() throws {
    let root = View(id: "root", frame: Fixture.frame(320, 568))
    let title = Label(id: "title", frame: Fixture.frame(100, 40), font: Fixture.font, text: "A")
    let body = Label(id: "body", frame: Fixture.frame(100, 40), font: Fixture.font, text: "B")
    let group = View(id: "group")
    try root.addChild(title)
    try root.addChild(group)
    try group.addChild(body)
    root.environment = Fixture.environment()
    #expect([root, title, group, body].allSatisfy { $0.needsLayout })
    root.layoutIfNeeded()
    #expect(![root, title, group, body].contains { $0.needsLayout })
    let titleLayout = title.layout

    body.text = "C"
    #expect(body.needsLayout)
    #expect(!root.needsLayout)
    #expect(!title.needsLayout)
    root.layoutIfNeeded()
    #expect(body.layout?.shownText == "C")
    #expect(title.layout == titleLayout)
    #expect(!body.needsLayout)
  }

  @Test("A new environment's shaper measures the text again")
  func newShaperMeasuresAgain() throws {
    let label = Fixture.label(width: 300, height: 40, text: "aaaa")
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.textSize == Size(width: 32, height: 20))
    var wide = ArithmeticShaper()
    wide.advance = 1
    label.environment = Fixture.environment(shaper: wide)
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.textSize == Size(width: 64, height: 20))
  }
}
