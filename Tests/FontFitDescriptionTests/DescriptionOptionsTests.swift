import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

// Happy paths: every option a description file may give reaches the document, the environment
// or the built widget (issue 6).

/// Parses a description designed for the iPhone 5 against the bundled catalog; `top` holds
/// extra top-level members, each followed by a comma.
private func parsed(top: String = "", root: String) throws -> LayoutDocument {
  let json = """
    {
      "designScreen": "iPhone 5", \(top)
      "root": \(root)
    }
    """
  return try LayoutDocument.parse(json, file: "layout.json", catalog: ScreenCatalog.bundled)
}

/// A widget object of `kind` with id `w`, frame [10, 20, 200, 40] and the extra `keys`.
private func widget(_ kind: WidgetKind = .label, _ keys: String = "") -> String {
  let extra = keys.isEmpty ? "" : ", \(keys)"
  return #"{ "type": "\#(kind.rawValue)", "id": "w", "frame": [10, 20, 200, 40]\#(extra) }"#
}

/// The text widget a one-widget description builds.
private func built(_ kind: WidgetKind = .label, _ keys: String = "") throws -> TextWidget {
  let root = try parsed(root: widget(kind, keys)).root.makeWidget()
  return try #require(root as? TextWidget)
}

/// The text widget `w` of `document`'s tree on `screen`, laid out with arithmetic metrics.
private func laidOut(_ document: LayoutDocument, on screen: Screen) throws -> TextWidget {
  let tree = document.makeTree(on: screen, shaper: ArithmeticShaper())
  tree.layoutIfNeeded()
  return try #require(tree.child(withID: "w") as? TextWidget)
}

@Suite("Description file options")
struct DescriptionOptionsTests {
  // MARK: Adaptation

  @Test("An increments table gives .increments with those rows, which adapt fonts by width")
  func incrementsTable() throws {
    let document = try parsed(
      top: """
        "adaptation": { "policy": "increments", "table": [
          { "minWidth": 0, "increment": 0 }, { "minWidth": 375, "increment": 1.5 },
          { "minWidth": 414, "increment": 4 } ] },
        """,
      root: widget(.label, #""font": "Sans 17""#))
    let rows = [
      SizeIncrement(minimumWidth: 0, points: 0), SizeIncrement(minimumWidth: 375, points: 1.5),
      SizeIncrement(minimumWidth: 414, points: 4),
    ]
    #expect(document.adaptation == .increments(rows))
    #expect(try laidOut(document, on: TestScreens.iPhone4s).adaptedFont.pointSize == 17)
    #expect(try laidOut(document, on: TestScreens.iPhone6).adaptedFont.pointSize == 18.5)
    #expect(try laidOut(document, on: TestScreens.iPhone6Plus).adaptedFont.pointSize == 21)
  }

  @Test("Increments without a table, and no adaptation at all, mean the seeds' table")
  func seedIncrements() throws {
    let named = try parsed(top: #""adaptation": { "policy": "increments" },"#, root: widget())
    #expect(named.adaptation == .seedIncrements)
    #expect(try parsed(root: widget()).adaptation == .seedIncrements)
  }

  @Test("The none policy keeps design sizes on every screen")
  func nonePolicy() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" },"#, root: widget(.label, #""font": "Sans 13""#))
    #expect(document.adaptation == .none)
    for screen in ScreenCatalog.bundled.screens {
      #expect(try laidOut(document, on: screen).adaptedFont.pointSize == 13, "\(screen.name)")
    }
  }

  @Test("proportional reads its exponent and bounds, and clamps adapted sizes to them")
  func proportionalPolicy() throws {
    let document = try parsed(
      top: """
        "adaptation": {
          "policy": "proportional", "exponent": 0.5, "minimumSize": 12, "maximumSize": 20 },
        """,
      root: widget(.label, #""font": "Sans 16""#))
    #expect(
      document.adaptation
        == .proportional(exponent: 0.5, minimumPointSize: 12, maximumPointSize: 20))
    let ipad = try #require(ScreenCatalog.bundled["iPad"])
    #expect(try laidOut(document, on: ipad).adaptedFont.pointSize == 20)
    let iPhone6 = try laidOut(document, on: TestScreens.iPhone6).adaptedFont.pointSize
    #expect(abs(iPhone6 - 16 * (375.0 / 320).squareRoot()) < 1e-9)
  }

  @Test("proportional alone scales by the width ratio, without bounds")
  func proportionalDefaults() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "proportional" },"#,
      root: widget(.label, #""font": "Sans 16""#))
    #expect(
      document.adaptation
        == .proportional(exponent: 1, minimumPointSize: nil, maximumPointSize: nil))
    #expect(try laidOut(document, on: TestScreens.iPhone6Plus).adaptedFont.pointSize == 20.7)
  }

  @Test("An array of policies gives .sequence, applied in order")
  func sequencePolicy() throws {
    let document = try parsed(
      top: """
        "adaptation": [
          { "policy": "proportional", "exponent": 1 },
          { "policy": "increments", "table": [{ "minWidth": 400, "increment": -2 }] },
          { "policy": "none" } ],
        """,
      root: widget(.label, #""font": "Sans 16""#))
    #expect(
      document.adaptation
        == .sequence([
          .proportional(exponent: 1, minimumPointSize: nil, maximumPointSize: nil),
          .increments([SizeIncrement(minimumWidth: 400, points: -2)]), .none,
        ]))
    #expect(try laidOut(document, on: TestScreens.iPhone6Plus).adaptedFont.pointSize == 18.7)
  }

  // MARK: Frames and screens

  @Test("scalesFrames false keeps design frames on another screen")
  func framesUnscaled() throws {
    let document = try parsed(top: #""scalesFrames": false,"#, root: widget())
    #expect(!document.scalesFrames)
    let label = try laidOut(document, on: TestScreens.iPhone6Plus)
    let frame = Rect(x: 10, y: 20, width: 200, height: 40)
    #expect(label.screenFrame == frame)
    #expect(label.layout?.screenFrame == frame)
  }

  @Test("Frames scale with the screen by default, each axis by its own ratio")
  func framesScaled() throws {
    let document = try parsed(root: widget())
    #expect(document.scalesFrames)
    let label = try laidOut(document, on: TestScreens.iPhone6Plus)
    let (sx, sy) = (414.0 / 320, 736.0 / 568)
    let frame = Rect(x: 10 * sx, y: 20 * sy, width: 200 * sx, height: 40 * sy)
    #expect(label.layout?.screenFrame == frame)
  }

  @Test("A file's own screens join the catalog and can be its design screen")
  func fileScreens() throws {
    let json = """
      {
        "screens": [{ "name": "Kiosk", "width": 640, "height": 400 }],
        "designScreen": "kiosk",
        "root": \(widget())
      }
      """
    let bundled = ScreenCatalog.bundled
    let document = try LayoutDocument.parse(json, file: "layout.json", catalog: bundled)
    let kiosk = Screen(name: "Kiosk", width: 640, height: 400, scale: 1)
    #expect(document.designScreen == kiosk)
    #expect(document.catalog["KIOSK"] == kiosk)
    #expect(document.catalog.screens == bundled.screens + [kiosk])
    let onKiosk = try laidOut(document, on: kiosk)
    #expect(onKiosk.layout?.screenFrame == Rect(x: 10, y: 20, width: 200, height: 40))
    let onPanel = try laidOut(document, on: try #require(bundled["Panel 800x480"]))
    #expect(onPanel.layout?.screenFrame == Rect(x: 12.5, y: 24, width: 250, height: 48))
  }

  @Test("A file's screen replaces the bundled screen of the same name")
  func fileScreenReplaces() throws {
    let document = try parsed(
      top: #""screens": [{ "name": "IPHONE 5", "width": 300, "height": 500, "scale": 3 }],"#,
      root: widget())
    let replaced = Screen(name: "IPHONE 5", width: 300, height: 500, scale: 3)
    #expect(document.designScreen == replaced)
    #expect(document.catalog.screens.count == 11)
    #expect(document.catalog["iPhone 5"] == replaced)
  }

  @Test("makeTree builds an unlaid-out tree in the document's environment")
  func makeTree() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" }, "scalesFrames": false,"#, root: widget())
    let tree = document.makeTree(on: TestScreens.iPhone6, shaper: ArithmeticShaper())
    let environment = try #require(tree.environment)
    #expect(environment.screen == TestScreens.iPhone6)
    #expect(environment.designScreen == TestScreens.iPhone5)
    #expect(environment.adaptation == .none)
    #expect(!environment.scalesFrames)
    #expect(tree.needsLayout)
    #expect((tree as? TextWidget)?.layout == nil)
    tree.layoutIfNeeded()
    #expect(!tree.needsLayout)
    #expect((tree as? TextWidget)?.layout != nil)
  }

  // MARK: autoFit

  @Test("autoFit true turns on the default fit, even where the widget has none")
  func autoFitTrue() throws {
    let document = try parsed(root: widget(.textView, #""autoFit": true"#))
    #expect(document.root.autoFit == .some(AutoFit()))
    #expect((document.root.makeWidget() as? TextWidget)?.autoFit == AutoFit())
  }

  @Test("autoFit false turns fitting off, so the text stays at its adapted size")
  func autoFitFalse() throws {
    let keys = #""font": "Sans 17", "text": "Hello world, once again and again and again""#
    let document = try parsed(root: widget(.label, keys + #", "autoFit": false"#))
    #expect(document.root.autoFit == .some(nil))
    let label = try laidOut(document, on: TestScreens.iPhone5)
    #expect(label.autoFit == nil)
    #expect(label.layout?.fit?.pointSize == 17)
    #expect(label.layout?.fit?.fits == false)
    let fitting = try laidOut(
      try parsed(root: widget(.label, keys)), on: TestScreens.iPhone5)
    #expect(fitting.layout?.fit?.fits == true)
    #expect((fitting.layout?.fit?.pointSize ?? 17) < 17)
  }

  @Test("An autoFit object sets the sizes it gives and keeps the defaults of the others")
  func autoFitObject() throws {
    let full = try built(
      .label, #""autoFit": { "minimumSize": 8, "maximumSize": 30, "step": 0.25 }"#)
    #expect(full.autoFit == AutoFit(minimumPointSize: 8, maximumPointSize: 30, step: 0.25))
    let partial = try built(.textView, #""autoFit": { "step": 1 }"#)
    #expect(partial.autoFit == AutoFit(minimumPointSize: 10, maximumPointSize: nil, step: 1))
  }

  @Test(
    "Without autoFit a widget keeps its kind's default",
    arguments: [
      (WidgetKind.label, AutoFit?.some(AutoFit())), (.button, AutoFit()), (.textField, AutoFit()),
      (.textView, nil),
    ])
  func autoFitAbsent(kind: WidgetKind, expected: AutoFit?) throws {
    let document = try parsed(root: widget(kind))
    #expect(document.root.autoFit == nil)
    #expect((document.root.makeWidget() as? TextWidget)?.autoFit == expected)
  }

  // MARK: Text keys

  @Test(
    "A font in Pango or Fontconfig syntax becomes the widget's design font",
    arguments: [
      (
        "DejaVu Sans Bold Italic 13",
        Font(family: "DejaVu Sans", weight: .bold, slant: .italic, pointSize: 13)
      ),
      (
        "Sans, Serif 12.5",
        Font(descriptor: FontDescriptor(families: ["Sans", "Serif"]), pointSize: 12.5)
      ),
      ("DejaVu Serif:bold:size=15", Font(family: "DejaVu Serif", weight: .bold, pointSize: 15)),
      (
        "DejaVu Sans Mono-11:italic",
        Font(family: "DejaVu Sans Mono", slant: .italic, pointSize: 11)
      ),
    ])
  func fontSyntaxes(name: String, expected: Font) throws {
    let document = try parsed(root: widget(.label, #""font": "\#(name)""#))
    #expect(document.root.font == expected)
    #expect((document.root.makeWidget() as? TextWidget)?.font == expected)
  }

  @Test("A text widget without a font gets sans-serif 17")
  func defaultFont() throws {
    #expect(try built(.button).font == Font(family: "sans-serif", pointSize: 17))
    #expect(WidgetDescription.defaultFont == Font(family: "sans-serif", pointSize: 17))
  }

  @Test(
    "Every text key lands on the built widget",
    arguments: [WidgetKind.label, .button, .textField, .textView])
  func everyTextKey(kind: WidgetKind) throws {
    let textKey = kind == .button ? "title" : "text"
    let placeholder = kind == .textField ? #", "placeholder": "Search""# : ""
    let keys = """
      "font": "DejaVu Serif Bold 21", "\(textKey)": "Hello, wörld", "textAlignment": "right",
      "numberOfLines": 3, "lineBreakMode": "truncateMiddle", "overflow": "reject",
      "lineHeightMultiple": 1.5, "truncationToken": "[…]",
      "autoFit": { "minimumSize": 9, "step": 1 }\(placeholder)
      """
    let widget = try built(kind, keys)
    #expect(widget.kind == kind)
    #expect(widget.id == "w")
    #expect(widget.frame == Rect(x: 10, y: 20, width: 200, height: 40))
    #expect(widget.font == Font(family: "DejaVu Serif", weight: .bold, pointSize: 21))
    #expect(widget.text == "Hello, wörld")
    #expect(widget.textAlignment == .right)
    #expect(widget.numberOfLines == 3)
    #expect(widget.lineBreakMode == .truncateMiddle)
    #expect(widget.overflow == .reject)
    #expect(widget.lineHeightMultiple == 1.5)
    #expect(widget.truncationToken == "[…]")
    #expect(widget.autoFit == AutoFit(minimumPointSize: 9, maximumPointSize: nil, step: 1))
    if let button = widget as? Button { #expect(button.title == "Hello, wörld") }
    if let field = widget as? TextField { #expect(field.placeholder == "Search") }
  }

  @Test("Each textAlignment value reaches the widget", arguments: TextAlignment.allCases)
  func textAlignments(alignment: TextAlignment) throws {
    #expect(
      try built(.label, #""textAlignment": "\#(alignment.rawValue)""#).textAlignment == alignment)
  }

  @Test("Each lineBreakMode value reaches the widget", arguments: LineBreakMode.allCases)
  func lineBreakModes(mode: LineBreakMode) throws {
    #expect(try built(.label, #""lineBreakMode": "\#(mode.rawValue)""#).lineBreakMode == mode)
  }

  @Test("Each overflow value reaches the widget", arguments: Overflow.allCases)
  func overflows(overflow: Overflow) throws {
    #expect(try built(.textView, #""overflow": "\#(overflow.rawValue)""#).overflow == overflow)
  }

  @Test("numberOfLines sets the line limit the layout keeps to", arguments: [0, 1, 2])
  func numberOfLines(limit: Int) throws {
    let keys = #""numberOfLines": \#(limit), "autoFit": false, "text": "a b c d e f g h i j k""#
    let document = try parsed(
      root: #"{ "type": "Label", "id": "w", "frame": [0, 0, 20, 500], \#(keys) }"#)
    let label = try laidOut(document, on: TestScreens.iPhone5)
    #expect(label.numberOfLines == limit)
    let lines = try #require(label.layout?.fit?.lines.count)
    #expect(limit == 0 ? lines > 2 : lines == limit)
  }

  @Test("A text field's placeholder is what it lays out while its text is empty")
  func placeholderShown() throws {
    let document = try parsed(root: widget(.textField, #""placeholder": "Search""#))
    let field = try laidOut(document, on: TestScreens.iPhone5)
    #expect(field.text == "")
    #expect(field.layout?.fit?.lines.map(\.text) == ["Search"])
  }

  @Test("The truncation token and line height multiple change the laid-out lines")
  func tokenAndLineHeight() throws {
    let keys = """
      "font": "Sans 10", "autoFit": false, "numberOfLines": 1, "truncationToken": "~",
      "lineHeightMultiple": 2, "text": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      """
    let label = try laidOut(try parsed(root: widget(.label, keys)), on: TestScreens.iPhone5)
    let line = try #require(label.layout?.fit?.lines.first?.text)
    #expect(line.hasSuffix("~"))
    #expect(label.layout?.fit?.textSize.height == 25)
  }

  // MARK: Descriptions in code

  @Test("A WidgetDescription built in code equals the parsed one and makes the same widget")
  func descriptionInCode() throws {
    let json = """
      { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
        { "type": "Label", "id": "title", "frame": [20, 20, 280, 60], "font": "Sans Bold 20",
          "text": "A title that wraps onto two lines", "textAlignment": "center",
          "numberOfLines": 2, "lineBreakMode": "truncateHead", "overflow": "truncate",
          "lineHeightMultiple": 1.25, "truncationToken": "...",
          "autoFit": { "minimumSize": 12, "step": 1 } },
        { "type": "Button", "id": "ok", "frame": [20, 100, 80, 44], "title": "OK",
          "autoFit": false },
        { "type": "TextField", "id": "name", "frame": [110, 100, 190, 44],
          "placeholder": "Your name" },
        { "type": "TextView", "id": "notes", "frame": [20, 160, 280, 100],
          "text": "Notes\\nsecond line" } ] }
      """
    let parsed = try parsed(root: json)
    let code = WidgetDescription(
      kind: .view, id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568),
      children: [
        WidgetDescription(
          kind: .label, id: "title", frame: Rect(x: 20, y: 20, width: 280, height: 60),
          font: Font(family: "Sans", weight: .bold, pointSize: 20),
          text: "A title that wraps onto two lines", textAlignment: .center, numberOfLines: 2,
          lineBreakMode: .truncateHead, autoFit: .some(AutoFit(minimumPointSize: 12, step: 1)),
          overflow: .truncate, lineHeightMultiple: 1.25, truncationToken: "..."),
        WidgetDescription(
          kind: .button, id: "ok", frame: Rect(x: 20, y: 100, width: 80, height: 44),
          text: "OK", autoFit: .some(nil)),
        WidgetDescription(
          kind: .textField, id: "name", frame: Rect(x: 110, y: 100, width: 190, height: 44),
          placeholder: "Your name"),
        WidgetDescription(
          kind: .textView, id: "notes", frame: Rect(x: 20, y: 160, width: 280, height: 100),
          text: "Notes\nsecond line"),
      ])
    #expect(parsed.root == code)
    for screen in [TestScreens.iPhone5, TestScreens.iPhone6Plus] {
      let environment = parsed.environment(on: screen, shaper: ArithmeticShaper())
      let fromJSON = parsed.makeTree(on: screen, shaper: ArithmeticShaper())
      let fromCode = code.makeWidget()
      fromCode.environment = environment
      fromJSON.layoutIfNeeded()
      fromCode.layoutIfNeeded()
      let expected = try LayoutSnapshot(trees: [fromJSON])
      #expect(try LayoutSnapshot(trees: [fromCode]) == expected, "\(screen.name)")
      #expect(expected.text.split(separator: "\n").count == 6)
    }
  }

  @Test("language and writingDirection reach the widget; the file's language, the environment")
  func languageAndDirection() throws {
    let document = try parsed(
      top: #""language": "sr-Latn","#,
      root: widget(.label, #""language": "ar", "writingDirection": "rightToLeft""#))
    #expect(document.language == (try Language("sr-Latn")))
    #expect(
      document.environment(on: TestScreens.iPhone5, shaper: ArithmeticShaper()).language
        == (try Language("sr-Latn")))
    let label = try #require(document.root.makeWidget() as? TextWidget)
    #expect(label.language == (try Language("ar")))
    #expect(label.writingDirection == .rightToLeft)
  }

  @Test("A language that is not a BCP 47 tag is a located error (issue 7)")
  func badLanguage() throws {
    #expect {
      try parsed(root: widget(.label, #""language": "en_US""#))
    } throws: { error in
      let text = "\(error)"
      return text.contains("layout.json:3:") && text.contains("root.language")
        && text.contains("expected a BCP 47 language tag")
    }
  }
}
