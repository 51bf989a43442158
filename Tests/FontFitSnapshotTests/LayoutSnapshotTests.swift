import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

// Snapshots and their dumps, built headlessly: the arithmetic shaper makes every number a
// sum of half and quarter ems, so the dumps can be compared as exact text (issue 6).

// MARK: - Fixtures

/// The arithmetic test font at 10pt: most characters 5pt wide, spaces and `i` 2.5pt, lines
/// 12.5pt tall.
private let testFont = Font(family: "Test", pointSize: 10)

/// A tree of every kind of widget, in an environment on `screen` designed for the iPhone 5.
///
/// - `title` fits; `tight` needs two lines and may have one; `status` refuses the same text;
///   `shrink` fits at 8pt; `ok` sits in the `bar` view; `search` shows its placeholder;
///   `notes` scrolls; `long` shows a 60-character text.
private func sampleTree(on screen: Screen = TestScreens.iPhone5) throws -> View {
  let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
  let title = Label(
    id: "title", frame: Rect(x: 10, y: 10, width: 100, height: 30), font: testFont,
    text: "Hello world")
  let tight = Label(
    id: "tight", frame: Rect(x: 10, y: 50, width: 40, height: 12.5), font: testFont,
    text: "aaaaaa bbbb")
  tight.numberOfLines = 1
  tight.autoFit = nil
  let status = Label(
    id: "status", frame: Rect(x: 10, y: 70, width: 40, height: 12.5), font: testFont,
    text: "aaaaaa bbbb")
  status.numberOfLines = 1
  status.autoFit = nil
  status.overflow = .reject
  let shrink = Label(
    id: "shrink", frame: Rect(x: 10, y: 90, width: 50, height: 12.5), font: testFont,
    text: "aaaaaaaaaaaa")
  shrink.numberOfLines = 1
  shrink.autoFit = AutoFit(minimumPointSize: 5)
  let bar = View(id: "bar", frame: Rect(x: 0, y: 110, width: 320, height: 40))
  try bar.addChild(
    Button(id: "ok", frame: Rect(x: 10, y: 10, width: 80, height: 32), font: testFont, title: "OK"))
  let search = TextField(
    id: "search", frame: Rect(x: 10, y: 160, width: 100, height: 20), font: testFont,
    placeholder: "Search")
  let notes = TextView(
    id: "notes", frame: Rect(x: 10, y: 190, width: 100, height: 20), font: testFont,
    text: "one two three four five six seven")
  let long = Label(
    id: "long", frame: Rect(x: 10, y: 220, width: 310, height: 20), font: testFont,
    text: String(repeating: "abcdefghij", count: 6))
  for child in [title, tight, status, shrink, bar, search, notes, long] {
    try root.addChild(child)
  }
  root.environment = WidgetEnvironment(
    screen: screen, designScreen: TestScreens.iPhone5, shaper: ArithmeticShaper())
  return root
}

/// The sample tree on the iPhone 5, laid out.
private func laidOutSample() throws -> View {
  let root = try sampleTree()
  root.layoutIfNeeded()
  return root
}

// MARK: - Reading the JSON dump

/// The value of `key` in an object node.
private func member(_ node: JSONNode?, _ key: String) -> JSONNode? {
  guard case .object(let members)? = node?.value else { return nil }
  return members.first { $0.key == key }?.value
}

/// The keys of an object node, in order.
private func memberKeys(_ node: JSONNode?) -> [String] {
  guard case .object(let members)? = node?.value else { return [] }
  return members.map(\.key)
}

/// The string in a node, or nil.
private func string(_ node: JSONNode?) -> String? {
  if case .string(let value)? = node?.value { value } else { nil }
}

/// The number in a node, or nil.
private func number(_ node: JSONNode?) -> Double? {
  if case .number(let value, _)? = node?.value { value } else { nil }
}

/// The elements of an array node.
private func elements(_ node: JSONNode?) -> [JSONNode] {
  if case .array(let values)? = node?.value { values } else { [] }
}

/// The widget objects of a JSON dump by id, over every screen's tree.
private func widgetsByID(_ json: String) throws -> [String: JSONNode] {
  var found: [String: JSONNode] = [:]
  func visit(_ node: JSONNode) {
    if let id = string(member(node, "id")) { found[id] = node }
    for child in elements(member(node, "children")) { visit(child) }
  }
  for screen in elements(member(try JSONParser.parse(json), "screens")) {
    if let root = member(screen, "root") { visit(root) }
  }
  return found
}

/// A failure object read back: its keys, in order, and its values.
private struct FailureJSON: Equatable {
  var keys: [String]
  var kind: String?
  var needed: Double?
  var available: Double?

  init(
    keys: [String] = ["kind", "needed", "available"], kind: String, needed: Double,
    available: Double
  ) {
    self.keys = keys
    self.kind = kind
    self.needed = needed
    self.available = available
  }

  init?(_ node: JSONNode?) {
    guard case .object? = node?.value else { return nil }
    keys = memberKeys(node)
    kind = string(member(node, "kind"))
    needed = number(member(node, "needed"))
    available = number(member(node, "available"))
  }
}

// MARK: - Tests

@Suite("LayoutSnapshot")
struct LayoutSnapshotTests {
  @Test("The text dump has a heading for the screen and one line per widget, indented by depth")
  func textDump() throws {
    let font = "Test Regular 10 → +0 increments → 10 → fit 10"
    let plain = "Test Regular 10 → +0 increments → 10"
    let excerpt = String(repeating: "abcdefghij", count: 5).prefix(48)
    let expected = """
      iPhone 5 320×568 @2x
        View root [0, 0, 320, 568]
          Label title [10, 10, 100, 30] \(font) (1 line) · fits · fonts: Test · "Hello world"
          Label tight [10, 50, 40, 12.5] \(plain) (1 line) · overflows (needs 2 lines, 1 allowed) \
      · 4 characters hidden · fonts: Test · "aaaaaa…"
          Label status [10, 70, 40, 12.5] \(plain) (0 lines) · rejected "aaaaaa bbbb" \
      (needs 2 lines, 1 allowed), kept the previous text · fonts: Test · ""
          Label shrink [10, 90, 50, 12.5] Test Regular 10 → +0 increments → 10 → fit 8 (1 line) · fits · fonts: Test \
      · "aaaaaaaaaaaa"
          View bar [0, 110, 320, 40]
            Button ok [10, 10, 80, 32] \(font) (1 line) · aligned center · fits · fonts: Test · "OK"
          TextField search [10, 160, 100, 20] \(font) (1 line) · fits · placeholder in #3C3C434D \
      · fonts: Test · "Search"
          TextView notes [10, 190, 100, 20] \(plain) (2 lines) · scrolls (content 25pt tall) \
      · fonts: Test · "one two three four ⏎ five six seven"
          Label long [10, 220, 310, 20] \(font) (1 line) · fits · fonts: Test · "\(excerpt)" \
      [+12 characters]
      """
    let snapshot = try LayoutSnapshot(trees: [laidOutSample()])
    #expect(snapshot.text == expected)
  }

  @Test("Lengths in messages carry the screen's unit: pt at 72 dpi, px on a 96 dpi screen")
  func lengthsCarryTheScreensUnit() throws {
    for (dpi, unit, other) in [(72.0, "pt", "px"), (96.0, "px", "pt")] {
      let screen = Screen(name: "Panel", width: 320, height: 568, scale: 1, dpi: dpi)
      let root = try sampleTree(on: screen)
      root.layoutIfNeeded()
      let dump = try LayoutSnapshot(trees: [root]).text
      #expect(dump.contains("\(unit) tall)"), "\(dump)")
      #expect(!dump.contains("\(other) tall"))
    }
  }

  @Test("The dump shows design, adapted and fitted sizes and the screen frame to 1/1000 point")
  func adaptedDump() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let label = Label(
      id: "fit", frame: Rect(x: 16, y: 16, width: 96, height: 32), font: testFont,
      text: String(repeating: "a", count: 30))
    label.numberOfLines = 1
    label.autoFit = AutoFit(minimumPointSize: 5)
    try root.addChild(label)
    root.environment = WidgetEnvironment(
      screen: TestScreens.iPhone6Plus, designScreen: TestScreens.iPhone5,
      shaper: ArithmeticShaper())
    root.layoutIfNeeded()
    let snapshot = try LayoutSnapshot(trees: [root])
    let text = String(repeating: "a", count: 30)
    let expected = """
      iPhone 6 Plus 414×736 @3x
        View root [0, 0, 414, 736]
          Label fit [20.7, 20.732, 124.2, 41.465] Test Regular 10 → +3 increments → 13 → fit 8 (1 line) · fits \
      · fonts: Test · "\(text)"
      """
    #expect(snapshot.text == expected)
    let font = member(try widgetsByID(snapshot.json)["fit"], "font")
    #expect(number(member(font, "designSize")) == 10)
    #expect(number(member(font, "adaptedSize")) == 13)
    #expect(number(member(font, "size")) == 8)
  }

  @Test("Screens are dumped in the order given, separated by a blank line")
  func severalScreens() throws {
    let screens = [TestScreens.iPhone6, TestScreens.iPhone4s, TestScreens.iPhone5]
    let trees = try screens.map { try sampleTree(on: $0) }
    for tree in trees { tree.layoutIfNeeded() }
    let snapshot = try LayoutSnapshot(trees: trees)
    #expect(snapshot.screens.map(\.screen) == screens)
    let blocks = snapshot.text.components(separatedBy: "\n\n")
    #expect(blocks.count == 3)
    #expect(
      blocks.map { $0.split(separator: "\n").first } == [
        "iPhone 6 375×667 @2x", "iPhone 4s 320×480 @2x", "iPhone 5 320×568 @2x",
      ])
    #expect(blocks.allSatisfy { $0.split(separator: "\n").count == 11 })
    let json = try JSONParser.parse(snapshot.json)
    #expect(
      elements(member(json, "screens")).map { string(member($0, "name")) } == screens.map(\.name))
  }

  @Test(
    "A dump written screen by screen is byte for byte the dump of all screens, for 0 to 4 screens",
    arguments: 0...4)
  func streamedDump(screenCount: Int) throws {
    let screens = Array(
      [TestScreens.iPhone6, TestScreens.iPhone4s, TestScreens.iPhone5, TestScreens.iPhone6Plus]
        .prefix(screenCount))
    let trees = try screens.map { try sampleTree(on: $0) }
    for tree in trees { tree.layoutIfNeeded() }
    let snapshot = try LayoutSnapshot(trees: trees)
    let formats: [(DumpFormat, String)] = [
      (.text, snapshot.text), (.json(includingGlyphs: false), snapshot.json),
      (.json(includingGlyphs: true), snapshot.json(includingGlyphs: true)),
    ]
    for (format, whole) in formats {
      var streamed = format.header
      for (position, screen) in snapshot.screens.enumerated() {
        streamed += format.part(for: screen, at: position)
      }
      streamed += format.footer(screenCount: snapshot.screens.count)
      #expect(streamed == whole, "\(format)")
    }
  }

  @Test("A snapshot without glyphs has the same line boxes and dump, without their runs")
  func snapshotWithoutGlyphs() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    for (index, alignment) in TextAlignment.allCases.enumerated() {
      let label = Label(
        id: "l\(index)", frame: Rect(x: 10, y: 10 + 60 * Double(index), width: 150, height: 50),
        font: Font(family: "DejaVu Sans", pointSize: 15),
        text: "Justified and aligned lines sit where their glyphs are drawn. مرحبا")
      label.textAlignment = alignment
      try root.addChild(label)
    }
    root.environment = WidgetEnvironment(
      screen: TestScreens.iPhone6, designScreen: TestScreens.iPhone5, adaptation: .none,
      shaper: try FontSystem.shared())
    root.layoutIfNeeded()
    let full = try ScreenSnapshot(tree: root)
    let bare = try ScreenSnapshot(tree: root, includingGlyphs: false)
    func boxes(_ widget: WidgetSnapshot) -> [LineBoxSnapshot] {
      (widget.text?.lineBoxes ?? []) + widget.children.flatMap(boxes)
    }
    #expect(boxes(full.root).count > TextAlignment.allCases.count)
    #expect(boxes(full.root).allSatisfy { !$0.runs.isEmpty })
    #expect(boxes(bare.root).allSatisfy { $0.runs.isEmpty })
    let withoutRuns = boxes(full.root).map { box in
      var box = box
      box.runs = []
      return box
    }
    #expect(boxes(bare.root) == withoutRuns)
    #expect(bare.text == full.text)
  }

  @Test("JSON failure is an object of kind, needed and available, or null when the text fits")
  func failureObject() throws {
    let widgets = try widgetsByID(LayoutSnapshot(trees: [laidOutSample()]).json)
    #expect(
      FailureJSON(member(widgets["tight"], "failure"))
        == FailureJSON(kind: "tooManyLines", needed: 2, available: 1))
    #expect(
      FailureJSON(member(widgets["notes"], "failure"))
        == FailureJSON(kind: "tooTall", needed: 25, available: 20))
    for id in ["title", "shrink", "ok", "search", "long"] {
      if case .null? = member(widgets[id], "failure")?.value {
      } else {
        Issue.record("\(id): failure is not null")
      }
    }
  }

  @Test("A character wider than the box is a tooWide failure in points")
  func tooWideFailure() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let label = Label(
      id: "w", frame: Rect(x: 0, y: 0, width: 8, height: 40), font: testFont, text: "W")
    label.autoFit = nil
    try root.addChild(label)
    root.environment = WidgetEnvironment(screen: TestScreens.iPhone5, shaper: ArithmeticShaper())
    root.layoutIfNeeded()
    let snapshot = try LayoutSnapshot(trees: [root])
    #expect(
      snapshot.screens.first?.root.children.first?.text?.failure
        == FailureSnapshot(.tooWide(needed: 10, available: 8)))
    #expect(
      FailureJSON(member(try widgetsByID(snapshot.json)["w"], "failure"))
        == FailureJSON(kind: "tooWide", needed: 10, available: 8))
    #expect(
      snapshot.text.contains("overflows (a character needs 10pt of width, 8pt available)"))
  }

  @Test("A rejected text and its rejectionFailure object appear only where a text was refused")
  func rejectionFailure() throws {
    let widgets = try widgetsByID(LayoutSnapshot(trees: [laidOutSample()]).json)
    let status = widgets["status"]
    #expect(string(member(status, "text")) == "")
    #expect(string(member(status, "rejectedText")) == "aaaaaa bbbb")
    #expect(
      FailureJSON(member(status, "rejectionFailure"))
        == FailureJSON(kind: "tooManyLines", needed: 2, available: 1))
    #expect(memberKeys(status).suffix(3) == ["rejectedText", "rejectionFailure", "children"])
    for (id, widget) in widgets where id != "status" {
      #expect(member(widget, "rejectedText") == nil, "\(id)")
      #expect(member(widget, "rejectionFailure") == nil, "\(id)")
    }
  }

  @Test("Only a TextView has contentHeight: its text's height, which may exceed its frame")
  func contentHeight() throws {
    let root = try laidOutSample()
    let notes = try #require(root.child(withID: "notes") as? TextView)
    let widgets = try widgetsByID(LayoutSnapshot(trees: [root]).json)
    #expect(notes.contentHeight == 25)
    #expect(number(member(widgets["notes"], "contentHeight")) == 25)
    #expect(number(member(member(widgets["notes"], "frame"), "height")) == 20)
    #expect(
      Array(memberKeys(widgets["notes"]).drop { $0 != "textSize" }.prefix(3)) == [
        "textSize", "contentHeight", "fits",
      ])
    for (id, widget) in widgets where id != "notes" {
      #expect(member(widget, "contentHeight") == nil, "\(id)")
    }
  }

  @Test("A text field's placeholder is in the JSON next to its empty text")
  func placeholder() throws {
    let search = try widgetsByID(LayoutSnapshot(trees: [laidOutSample()]).json)["search"]
    #expect(string(member(search, "text")) == "")
    #expect(string(member(search, "placeholder")) == "Search")
    #expect(elements(member(search, "lines")).map { string($0) } == ["Search"])
  }

  @Test(
    "An excerpt longer than 48 characters ends with [+N characters] outside the quotes",
    arguments: [0, 1, 47, 48, 49, 60, 500])
  func excerpts(length: Int) throws {
    // Characters, not scalars, are counted: `e` + combining acute and a family emoji are one.
    let pieces = ["a", "e\u{301}", "b", "👩‍👩‍👧", "c"]
    let text = (0..<length).map { pieces[$0 % pieces.count] }.joined()
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let label = Label(
      id: "l", frame: Rect(x: 0, y: 0, width: 10_000, height: 20), font: testFont, text: text)
    try root.addChild(label)
    root.environment = WidgetEnvironment(screen: TestScreens.iPhone5, shaper: ArithmeticShaper())
    root.layoutIfNeeded()
    let snapshot = try LayoutSnapshot(trees: [root])
    let line = try #require(snapshot.text.split(separator: "\n").last)
    if length > 48 {
      #expect(line.hasSuffix(" · \"\(text.prefix(48))\" [+\(length - 48) characters]"))
    } else {
      #expect(line.hasSuffix(" · \"\(text)\""))
      #expect(!line.contains("characters]"))
    }
    #expect(string(member(try widgetsByID(snapshot.json)["l"], "text")) == text)
  }

  @Test("A tree that needs layout cannot be snapshotted, and the error names the widget")
  func needsLayout() throws {
    let root = try sampleTree()
    #expect(throws: SnapshotError.needsLayout(widgetID: "root")) {
      try LayoutSnapshot(trees: [root])
    }
    root.layoutIfNeeded()
    let title = try #require(root.child(withID: "title") as? Label)
    title.text = "Changed"
    #expect(throws: SnapshotError.needsLayout(widgetID: "title")) {
      try LayoutSnapshot(trees: [root])
    }
    root.layoutIfNeeded()
    let snapshot = try LayoutSnapshot(trees: [root])
    #expect(snapshot.text.contains("\"Changed\""))
  }

  @Test("A tree outside any environment cannot be snapshotted")
  func noEnvironment() throws {
    let root = View(id: "lonely", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.layoutIfNeeded()
    #expect(throws: SnapshotError.noEnvironment(rootID: "lonely")) {
      try LayoutSnapshot(trees: [root])
    }
  }

  @Test("Taking a snapshot twice gives equal values and dumps, and leaves the tree laid out")
  func repeatable() throws {
    let root = try laidOutSample()
    let first = try LayoutSnapshot(trees: [root])
    let second = try LayoutSnapshot(trees: [root])
    #expect(first == second)
    #expect(first.text == second.text)
    #expect(first.json == second.json)
    #expect(!root.needsLayout)
    #expect(root.children.allSatisfy { !$0.needsLayout })
  }

  @Test("A snapshot is Codable: encoded and decoded, it is equal and dumps the same")
  func codable() throws {
    let trees = try [TestScreens.iPhone5, TestScreens.iPhone6Plus].map { try sampleTree(on: $0) }
    for tree in trees { tree.layoutIfNeeded() }
    let snapshot = try LayoutSnapshot(trees: trees)
    let data = try JSONEncoder().encode(snapshot)
    let decoded = try JSONDecoder().decode(LayoutSnapshot.self, from: data)
    #expect(decoded == snapshot)
    #expect(decoded.text == snapshot.text)
    #expect(decoded.json == snapshot.json)
  }

  @Test("For random texts, the snapshot and its JSON agree with the widget's layout")
  func agreesWithLayout() throws {
    var generator = SplitMix64(seed: 0x5AA9_5407)
    for iteration in 0..<60 {
      let label = Label(
        id: "l",
        frame: Rect(
          x: 0, y: 0, width: Double.random(in: 20...300, using: &generator),
          height: Double.random(in: 10...200, using: &generator)), font: testFont,
        text: randomText(using: &generator))
      label.numberOfLines = Int.random(in: 0...3, using: &generator)
      label.overflow = Overflow.allCases.randomElement(using: &generator) ?? .truncate
      label.lineBreakMode = LineBreakMode.allCases.randomElement(using: &generator) ?? .wordWrap
      label.environment = WidgetEnvironment(
        screen: TestScreens.iPhone5, shaper: ArithmeticShaper())
      label.layoutIfNeeded()
      let layout = try #require(label.layout)
      let fit = try #require(layout.fit)
      let snapshot = try LayoutSnapshot(trees: [label])
      let text = try #require(snapshot.screens.first?.root.text)
      #expect(text.lines == fit.lines.map(\.text), "iteration \(iteration)")
      #expect(text.fits == fit.fits, "iteration \(iteration)")
      #expect(text.failure == fit.failure.map(FailureSnapshot.init), "iteration \(iteration)")
      #expect(text.text == layout.shownText, "iteration \(iteration)")
      #expect(text.rejectedText == layout.rejection?.text, "iteration \(iteration)")
      #expect(text.font.size == fit.pointSize, "iteration \(iteration)")
      let json = try #require(try widgetsByID(snapshot.json)["l"])
      #expect(elements(member(json, "lines")).map { string($0) } == text.lines)
      if case .bool(let fits)? = member(json, "fits")?.value {
        #expect(fits == fit.fits, "iteration \(iteration)")
      } else {
        Issue.record("iteration \(iteration): fits is not a boolean")
      }
    }
  }
}
