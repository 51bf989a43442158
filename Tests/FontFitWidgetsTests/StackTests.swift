import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitText
import TestSupport
import Testing

@testable import FontFitWidgets

/// A column of labels with real fonts, in a root view the size of `screen`.
private func column(
  _ texts: [String], on screen: Screen, scale: TextScale = .standard, spacing: Double = 8
) throws -> (root: View, stack: Stack, labels: [Label]) {
  var environment = Fixture.environment(on: screen, shaper: try FontSystem.shared())
  environment.textScale = scale
  let root = View(id: "root", frame: Fixture.frame(screen.width, screen.height))
  let stack = Stack(
    id: "column", frame: Rect(x: 16, y: 20, width: screen.width - 32, height: screen.height - 40),
    spacing: spacing)
  let labels = try texts.enumerated().map { index, text in
    Label(id: "label\(index)", font: try Font("DejaVu Sans 15"), text: text)
  }
  for label in labels { try stack.addChild(label) }
  try root.addChild(stack)
  root.environment = environment
  root.layoutIfNeeded()
  return (root, stack, labels)
}

private let paragraphs = [
  "Order summary", "Three items, shipped together in one parcel within two working days.",
  "Shipping to 221B Baker Street, London", "Total 42.50 EUR",
]

@Suite("Stacks")
struct StackTests {
  @Test("A column of labels at AX3 grows in height, pushes its siblings down, overlaps nothing")
  func accessibilityGrowsTheColumn() throws {
    let standard = try column(paragraphs, on: TestScreens.iPhone6Plus)
    let large = try column(
      paragraphs, on: TestScreens.iPhone6Plus, scale: try TextScale(category: .accessibility3))
    for (small, big) in zip(standard.labels, large.labels) {
      let smallFit = try #require(small.layout?.fit)
      let bigFit = try #require(big.layout?.fit)
      // The text keeps its scaled size: the column gave it the height it asked for.
      #expect(bigFit.pointSize > smallFit.pointSize * 2)
      #expect(bigFit.fits)
      #expect(big.screenFrame.height > small.screenFrame.height)
      #expect(bigFit.textSize.height <= big.screenFrame.height + 1e-9)
    }
    for layout in [standard, large] {
      let frames = layout.labels.map(\.screenFrame)
      for (upper, lower) in zip(frames, frames.dropFirst()) {
        #expect(upper.y + upper.height + 8 <= lower.y + 1e-9, "\(upper) overlaps \(lower)")
      }
      #expect(frames.allSatisfy { $0.width == layout.stack.screenFrame.width })
    }
  }

  @Test("The same column at AX3 on an iPhone 4s shrinks all its texts by one factor and fits")
  func oneFitForTheScreen() throws {
    let texts = paragraphs + paragraphs
    let layout = try column(
      texts, on: TestScreens.iPhone4s, scale: try TextScale(category: .accessibility3))
    let factors = Set(layout.labels.map(\.stackFitFactor))
    #expect(factors.count == 1, "one factor for the whole column: \(factors)")
    let factor = try #require(factors.first)
    #expect(factor < 1 && factor > 0.3)
    for label in layout.labels {
      let fit = try #require(label.layout?.fit)
      let adapted = label.adaptedFont.pointSize
      #expect(fit.fits, "\(label.id)")
      #expect(abs(fit.pointSize - adapted * factor) < 1e-6, "\(label.id): each at its share")
      #expect(label.layout?.stages.last?.detail.hasPrefix("stack ×") == true)
    }
    let bottom = layout.labels.last.map { $0.screenFrame.y + $0.screenFrame.height } ?? 0
    #expect(bottom <= layout.stack.screenFrame.height + 1e-9, "the column fits its screen")
    // A little larger and it would not: the factor is the largest that fits.
    // The labels are the stack's children: it measures them afresh, with nothing of its own
    // to forget.
    for label in layout.labels { _ = label.setStackFitFactor(factor * 1.01) }
    let wanted = layout.stack.sizeThatFits(ProposedSize(width: layout.stack.screenFrame.width))
    #expect(wanted.height > layout.stack.screenFrame.height)
  }

  @Test("A self-sizing label is as tall as its text at that width, and no taller")
  func selfSizingHeight() throws {
    let layout = try column(paragraphs, on: TestScreens.iPhone5)
    for label in layout.labels {
      let measured = try label.sizeThatFits(width: label.screenFrame.width)
      #expect(abs(label.screenFrame.height - measured.height) < 1e-9)
      let fit = try #require(label.layout?.fit)
      #expect(fit.pointSize == 15, "the label kept its design size: it was given its height")
    }
  }

  @Test("A row that squeezes a label is as tall as the label's wrapped lines")
  func squeezedRow() throws {
    let screen = TestScreens.iPhone5
    let root = View(id: "root", frame: Fixture.frame(screen.width, screen.height))
    let column = Stack(id: "column", frame: Fixture.frame(screen.width, screen.height))
    let row = Stack(id: "row", axis: .horizontal, spacing: 8)
    let label = Label(id: "label", font: try Font("DejaVu Sans 15"), text: paragraphs[1])
    let price = Label(id: "price", font: try Font("DejaVu Sans 15"), text: paragraphs[3])
    price.shrink = 0
    for child in [label, Spacer(minLength: 8), price] { try row.addChild(child) }
    try column.addChild(row)
    try root.addChild(column)
    root.environment = Fixture.environment(on: screen, shaper: try FontSystem.shared())
    root.layoutIfNeeded()
    #expect(label.intrinsicContentSize.width > label.screenFrame.width, "the row squeezed it")
    let wrapped = try label.sizeThatFits(width: label.screenFrame.width)
    #expect(wrapped.height > label.intrinsicContentSize.height, "it wraps onto more lines")
    #expect(abs(label.screenFrame.height - wrapped.height) < 1e-9)
    #expect(abs(row.screenFrame.height - wrapped.height) < 1e-9)
    #expect(label.layout?.fit?.pointSize == 15, "the label kept its design size")
    #expect(price.screenFrame.width == price.intrinsicContentSize.width)
  }

  @Test("Content insets keep the text off the edges: in the size asked for, and in the lines")
  func contentInsets() throws {
    let environment = Fixture.environment(shaper: try FontSystem.shared())
    func button(_ insets: EdgeInsets) throws -> Button {
      let button = Button(frame: Fixture.frame(200, 44), font: try Font("DejaVu Sans 17"))
      button.title = "Done"
      button.contentInsets = insets
      button.environment = environment
      button.layoutIfNeeded()
      return button
    }
    let plain = try button(.zero)
    let inset = try button(EdgeInsets(top: 6, leading: 12, bottom: 4, trailing: 20))
    #expect(inset.intrinsicContentSize.width == plain.intrinsicContentSize.width + 32)
    #expect(inset.intrinsicContentSize.height == plain.intrinsicContentSize.height + 10)
    let plainLine = try #require(plain.layout?.lines.first)
    let insetLine = try #require(inset.layout?.lines.first)
    // Centred in a box 32 narrower that starts 12 in: 12 - 16 = 4 to the left of the plain
    // line; and vertically centred in a box 10 shorter starting 6 down: 1 lower.
    #expect(abs(insetLine.x - (plainLine.x - 4)) < 1e-9)
    #expect(abs(insetLine.baseline - (plainLine.baseline + 1)) < 1e-9)
    let glyphShift = zip(insetLine.runs[0].glyphs, plainLine.runs[0].glyphs).map { $0.x - $1.x }
    #expect(glyphShift.allSatisfy { abs($0 + 4) < 1e-9 })
  }

  @Test("A change deep in the tree lays out again only the stacks that size to it")
  func invalidation() throws {
    let layout = try column(paragraphs, on: TestScreens.iPhone5)
    #expect(!layout.root.needsLayout && !layout.stack.needsLayout)
    let before = layout.labels.map(\.screenFrame)
    layout.labels[1].text = paragraphs[1] + " " + paragraphs[1]
    #expect(layout.stack.needsLayout, "the column sizes to its labels")
    #expect(!layout.root.needsLayout, "the root has a frame of its own")
    #expect(!layout.labels[0].needsLayout && !layout.labels[2].needsLayout)
    layout.root.layoutIfNeeded()
    let after = layout.labels.map(\.screenFrame)
    #expect(after[0] == before[0])
    #expect(after[1].height > before[1].height)
    #expect(after[2].y - before[2].y == after[1].height - before[1].height)
  }

  @Test("The same tree laid out twice places every widget the same")
  func idempotent() throws {
    let layout = try column(paragraphs, on: TestScreens.iPhone6)
    let frames = layout.labels.map(\.screenFrame)
    layout.root.environment = layout.root.environment
    layout.root.layoutIfNeeded()
    #expect(layout.labels.map(\.screenFrame) == frames)
  }
}

/// Stacks of fixed-size views: the sharing arithmetic, with nothing to measure.
@Suite("Stack distribution")
struct StackDistributionTests {
  /// A row `width` wide of views with design widths `widths`, laid out.
  private func row(
    _ widths: [Double], width: Double, distribution: StackDistribution = .fill,
    configure: ([View]) -> Void = { _ in }
  ) throws -> [Rect] {
    let stack = Stack(frame: Fixture.frame(width, 40), axis: .horizontal, spacing: 10)
    stack.distribution = distribution
    stack.alignment = .center
    let views = widths.map { View(frame: Fixture.frame($0, 20)) }
    for view in views { try stack.addChild(view) }
    configure(views)
    stack.environment = Fixture.environment(scalesFrames: false)
    stack.layoutIfNeeded()
    return views.map(\.screenFrame)
  }

  @Test("Spare length goes to the children that grow, by weight; the rest keep their width")
  func grow() throws {
    let frames = try row([50, 50, 50], width: 300) { views in
      views[0].grow = 1
      views[2].grow = 3
    }
    // 300 - 150 - 20 of spacing = 130 spare: a quarter and three quarters.
    #expect(frames.map(\.width) == [82.5, 50, 147.5])
    #expect(frames.map(\.x) == [0, 92.5, 152.5])
    #expect(frames.allSatisfy { $0.y == 10 && $0.height == 20 }, "centred across the row")
  }

  @Test("Missing length comes from those that shrink, by weight times width, to their minimum")
  func shrink() throws {
    let frames = try row([100, 100, 100], width: 220) { views in
      views[0].shrink = 0
      views[2].sizeLimits = SizeLimits(minWidth: 90)
    }
    // 300 + 20 - 220 = 100 missing: the last may give 10, the middle the other 90.
    #expect(frames.map(\.width) == [100, 10, 90])
    #expect(frames.last.map { $0.x + $0.width } == 220)
  }

  @Test("Equal and proportional distributions fill the stack")
  func equalAndProportional() throws {
    let equal = try row([30, 60, 90], width: 320, distribution: .equal)
    #expect(equal.map(\.width) == [100, 100, 100])
    let proportional = try row([30, 60, 90], width: 200, distribution: .proportional)
    #expect(proportional.map(\.width) == [30, 60, 90])
    let wider = try row([30, 60, 90], width: 380, distribution: .proportional)
    #expect(wider.map(\.width) == [60, 120, 180])
  }

  @Test("An Arabic or Hebrew language mirrors a row: it runs from the right, padding flips")
  func rightToLeftRows() throws {
    func frames(language: String?, direction: LayoutDirection? = nil) throws -> [Rect] {
      let stack = Stack(frame: Fixture.frame(300, 40), axis: .horizontal, spacing: 10)
      stack.padding = EdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 5)
      stack.layoutDirection = direction
      let views = [50.0, 60, 70].map { View(frame: Fixture.frame($0, 20)) }
      for view in views { try stack.addChild(view) }
      var environment = Fixture.environment(scalesFrames: false)
      environment.language = try language.map { try Language($0) }
      stack.environment = environment
      stack.layoutIfNeeded()
      return views.map(\.screenFrame)
    }
    let leftToRight = try frames(language: "en")
    #expect(leftToRight.map(\.x) == [20, 80, 150])
    for language in ["ar", "he-IL", "fa", "ur-PK", "az-Arab"] {
      let mirrored = try frames(language: language)
      #expect(mirrored.map(\.x) == [230, 160, 80], "\(language)")
      #expect(zip(mirrored, leftToRight).allSatisfy { $0.width == $1.width })
    }
    #expect(try frames(language: "az-Latn").map(\.x) == leftToRight.map(\.x))
    #expect(try frames(language: "ar", direction: .leftToRight).map(\.x) == [20, 80, 150])
    #expect(try frames(language: nil, direction: .rightToLeft).map(\.x) == [230, 160, 80])
  }

  @Test("Spacers share what is left; nested stacks size to their content")
  func spacersAndNesting() throws {
    let outer = Stack(frame: Fixture.frame(200, 300), axis: .vertical, spacing: 0)
    let inner = Stack(axis: .horizontal, spacing: 4)
    try inner.addChild(View(frame: Fixture.frame(20, 30)))
    try inner.addChild(Spacer())
    try inner.addChild(View(frame: Fixture.frame(20, 50)))
    try outer.addChild(inner)
    try outer.addChild(Spacer())
    let footer = View(frame: Fixture.frame(200, 40))
    try outer.addChild(footer)
    outer.environment = Fixture.environment(scalesFrames: false)
    outer.layoutIfNeeded()
    #expect(inner.screenFrame == Rect(x: 0, y: 0, width: 200, height: 50))
    #expect(inner.children[1].screenFrame.width == 200 - 40 - 8)
    #expect(inner.children[2].screenFrame.x == 180)
    #expect(footer.screenFrame.y == 260, "the spacer pushed the footer to the bottom")
    #expect(outer.intrinsicContentSize == Size(width: 200, height: 90))
  }

  @Test("A wrapping row fills lines in order, each as tall as its tallest child, and flows on")
  func wrappingRows() throws {
    let widths: [Double] = [60, 80, 50, 90, 40, 120]
    let stack = Stack(frame: Fixture.frame(200, 300), axis: .horizontal, spacing: 10)
    stack.wraps = true
    stack.alignment = .leading
    let views = widths.enumerated().map { index, width in
      View(frame: Fixture.frame(width, index == 1 ? 30 : 20))
    }
    for view in views { try stack.addChild(view) }
    stack.environment = Fixture.environment(scalesFrames: false)
    stack.layoutIfNeeded()
    let frames = views.map(\.screenFrame)
    // Lines: 60 + 10 + 80 = 150 (50 more would be 210); 50 + 10 + 90 + 10 + 40 = 200; 120.
    #expect(frames.map(\.y) == [0, 0, 40, 40, 40, 70])
    #expect(frames.map(\.x) == [0, 70, 0, 60, 160, 0])
    for (frame, width) in zip(frames, widths) { #expect(frame.width == width) }
    #expect(
      stack.sizeThatFits(ProposedSize(width: 200, height: nil)) == Size(width: 200, height: 90))
    #expect(stack.contentOverflow == 0)
    // Unbounded, it is one line.
    #expect(stack.intrinsicContentSize == Size(width: 440 + 50, height: 30))
    // In a right-to-left layout the lines run from the right.
    stack.layoutDirection = .rightToLeft
    stack.layoutIfNeeded()
    #expect(views[0].screenFrame.x == 140)
    #expect(views[5].screenFrame.x == 80)
  }

  @Test("A wrapping row of labels that does not fit its height shrinks its texts by one factor")
  func wrappingRowFits() throws {
    let stack = Stack(frame: Fixture.frame(200, 60), axis: .horizontal, spacing: 6)
    stack.wraps = true
    let labels = try (0..<8).map { index in
      Label(font: try Font("DejaVu Sans 17"), text: "chip \(index)")
    }
    for label in labels {
      label.numberOfLines = 1
      try stack.addChild(label)
    }
    stack.environment = Fixture.environment(
      on: TestScreens.iPhone5, scalesFrames: false, shaper: try FontSystem.shared())
    stack.layoutIfNeeded()
    let factors = Set(labels.map(\.stackFitFactor))
    #expect(factors.count == 1)
    let factor = try #require(factors.first)
    #expect(factor < 1)
    #expect(stack.contentOverflow == 0)
    let bottom = labels.map { $0.screenFrame.y + $0.screenFrame.height }.max() ?? 0
    #expect(bottom <= 60 + 1e-9)
    for label in labels { #expect(label.layout?.fit?.fits == true) }
  }

  @Test("A scroll view takes what its stack has left; its content keeps its length and scrolls")
  func scrollView() throws {
    let outer = Stack(frame: Fixture.frame(200, 300))
    let header = View(frame: Fixture.frame(200, 100))
    let scroll = ScrollView()
    let tall = View(frame: Fixture.frame(200, 500))
    let after = View(frame: Fixture.frame(200, 50))
    try scroll.addChild(tall)
    try scroll.addChild(after)
    try outer.addChild(header)
    try outer.addChild(scroll)
    outer.environment = Fixture.environment(scalesFrames: false)
    outer.layoutIfNeeded()
    #expect(scroll.screenFrame == Rect(x: 0, y: 100, width: 200, height: 200))
    #expect(scroll.contentSize == Size(width: 200, height: 550))
    #expect(tall.screenFrame == Rect(x: 0, y: 0, width: 200, height: 500))
    #expect(after.screenFrame.y == 500)
    #expect(outer.contentOverflow == 0, "what scrolls is not an overflow")
  }

  @Test("Texts in a scroll view keep their size when the screen's one fit shrinks the others")
  func scrollViewTextsKeepTheirSize() throws {
    let outer = Stack(frame: Fixture.frame(320, 200))
    let heading = Label(font: try Font("DejaVu Sans 17"), text: paragraphs[1])
    let scroll = ScrollView()
    let body = Label(font: try Font("DejaVu Sans 17"), text: paragraphs[1] + " " + paragraphs[2])
    try scroll.addChild(body)
    try outer.addChild(heading)
    try outer.addChild(scroll)
    var environment = Fixture.environment(
      on: TestScreens.iPhone5, scalesFrames: false, shaper: try FontSystem.shared())
    environment.textScale = try TextScale(category: .accessibility3)
    outer.environment = environment
    outer.layoutIfNeeded()
    #expect(heading.stackFitFactor < 1)
    #expect(body.stackFitFactor == 1)
    let size = try #require(body.layout?.fit?.pointSize)
    #expect(abs(size - 17 * 2.353) < 0.01, "\(size)")
    #expect(body.layout?.fit?.fits == true)
  }

  @Test("A plain frame mirrors in a right-to-left parent only when it asks to")
  func mirroredFrames() throws {
    let parent = View(frame: Fixture.frame(300, 100))
    let fixed = View(frame: Rect(x: 20, y: 10, width: 100, height: 30))
    let mirrored = View(frame: Rect(x: 20, y: 50, width: 100, height: 30))
    mirrored.mirrorsInRightToLeft = true
    try parent.addChild(fixed)
    try parent.addChild(mirrored)
    parent.environment = Fixture.environment(scalesFrames: false)
    parent.layoutIfNeeded()
    #expect(mirrored.screenFrame.x == 20)
    parent.layoutDirection = .rightToLeft
    parent.layoutIfNeeded()
    #expect(fixed.screenFrame.x == 20)
    #expect(mirrored.screenFrame == Rect(x: 180, y: 50, width: 100, height: 30))
    parent.frame.width = 400
    #expect(mirrored.needsLayout, "a wider parent moves a mirrored child")
    parent.layoutIfNeeded()
    #expect(mirrored.screenFrame.x == 280)
  }

  @Test("Buttons and fields start with their insets; a field draws its placeholder in its colour")
  func defaultInsetsAndPlaceholder() throws {
    let font = try Font("DejaVu Sans 15")
    let button = Button(font: font, title: "OK")
    let field = TextField(font: font, placeholder: "Name")
    #expect(button.contentInsets == Button.defaultContentInsets)
    #expect(field.contentInsets == TextField.defaultContentInsets)
    #expect(Label(font: font).contentInsets == .zero)
    #expect(field.textColor(showing: "") == TextField.defaultPlaceholderColor)
    #expect(field.textColor(showing: "Ada") == field.textColor)
    field.placeholder = ""
    #expect(field.textColor(showing: "") == field.textColor, "no placeholder, nothing to colour")
  }

  @Test(
    "Content widths: a label's widest word and its one line; a row sums, a column takes the max")
  func contentWidthsCombine() throws {
    let fonts = try FontSystem.shared()
    let environment = Fixture.environment(on: TestScreens.iPhone5, shaper: fonts)
    let font = try Font("DejaVu Sans 15")
    let label = Label(font: font, text: "Unbreakable words")
    let button = Button(font: font, title: "Go on")
    let row = Stack(frame: Fixture.frame(320, 100), axis: .horizontal, spacing: 10)
    try row.addChild(label)
    try row.addChild(button)
    row.environment = environment
    let words = label.contentWidths()
    let one = try label.sizeThatFits(width: .infinity).width
    #expect(abs(words.maximum - one) < 1e-9, "the max-content width is the one line")
    #expect(words.minimum < words.maximum)
    #expect(abs(words.minimum - (try label.sizeThatFits(width: words.minimum).width)) < 1e-9)
    // A single-line button cannot be narrower than its line, insets included.
    let title = button.contentWidths()
    #expect(title.minimum == title.maximum)
    #expect(abs(title.maximum - (try button.sizeThatFits(width: .infinity).width)) < 1e-9)
    let widths = row.contentWidths()
    #expect(abs(widths.minimum - (words.minimum + title.minimum + 10)) < 1e-9)
    #expect(abs(widths.maximum - (words.maximum + title.maximum + 10)) < 1e-9)
    row.axis = .vertical
    #expect(row.contentWidths().maximum == max(words.maximum, title.maximum))
  }

  @Test("Measured sizes never go stale: every change a stack measures moves what follows")
  func measuredSizesFollowChanges() throws {
    let layout = try column(paragraphs, on: TestScreens.iPhone6Plus)
    let first = layout.labels[0]
    let second = layout.labels[1]
    func secondY() -> Double {
      layout.root.layoutIfNeeded()
      return second.screenFrame.y
    }
    var y = secondY()
    let changes: [(String, () -> Void)] = [
      ("text", { first.text = paragraphs[1] + " " + paragraphs[1] }),
      ("insets", { first.contentInsets = EdgeInsets(all: 12) }),
      ("font", { first.font = first.font.withPointSize(22) }),
      ("limits", { first.sizeLimits = SizeLimits(minHeight: 300) }),
      ("spacing", { layout.stack.spacing = 30 }),
      (
        "scale",
        {
          var environment = try! #require(layout.root.environment)
          environment.textScale = try! TextScale(category: .accessibility1)
          layout.root.environment = environment
        }
      ),
    ]
    for (name, change) in changes {
      change()
      let moved = secondY()
      #expect(moved > y + 1, "\(name): the second label moved from \(y) to \(moved)")
      y = moved
    }
    // And back: a shorter text gives the room back.
    first.sizeLimits = .none
    first.text = "Short"
    #expect(secondY() < y - 100)
  }
}
