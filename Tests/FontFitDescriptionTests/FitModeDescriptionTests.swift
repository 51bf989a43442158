import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

// Issue 10 in description files: the autoFit modes, fit groups, the text scale, frame scaling
// modes, per-widget adaptation, screen dpi and pixel font sizes — parsed, rejected with a
// location, and laid out with real fonts.

/// Parses a description designed for `design` against the bundled catalog; `top` holds extra
/// top-level members, each followed by a comma.
private func parsed(
  top: String = "", root: String, design: String = "iPhone 5"
) throws -> LayoutDocument {
  let json = """
    {
      "designScreen": "\(design)", \(top)
      "root": \(root)
    }
    """
  return try LayoutDocument.parse(json, file: "layout.json", catalog: ScreenCatalog.bundled)
}

/// A label with id `w`, frame [10, 20, 200, 40] and the extra `keys`.
private func label(_ keys: String) -> String {
  #"{ "type": "Label", "id": "w", "frame": [10, 20, 200, 40], \#(keys) }"#
}

/// `document`'s tree on `screen`, laid out with the real fonts.
private func tree(_ document: LayoutDocument, on screen: Screen) throws -> View {
  let tree = document.makeTree(on: screen, shaper: try FontSystem.shared())
  tree.layoutIfNeeded()
  return tree
}

/// The text widget `id` of `document`'s tree on `screen`, laid out with the real fonts.
private func laidOut(
  _ document: LayoutDocument, on screen: Screen, id: String = "w"
) throws -> TextWidget {
  try #require(try tree(document, on: screen).child(withID: id) as? TextWidget)
}

/// The size the fit chose for `widget`, in screen units.
private func fitted(_ widget: TextWidget) throws -> Double {
  try #require(widget.layout?.fit?.pointSize, "\(widget.id): \(String(describing: widget.layout))")
}

/// Whether `a` and `b` differ by at most `tolerance`.
private func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

/// A screen like the iPhone 5 at 96 dpi, as a file's `screens` entry and as a value.
private let deskEntry =
  #""screens": [{ "name": "Desk", "width": 320, "height": 568, "scale": 1, "dpi": 96 }],"#
private let desk = Screen(name: "Desk", width: 320, height: 568, scale: 1, dpi: 96)

@Suite("Fit modes, groups and text scale in description files (issue 10)")
struct FitModeDescriptionTests {
  // MARK: Parsing

  @Test(
    "Each autoFit mode parses into its AutoFit.Mode",
    arguments: [
      (#""mode": "shrink""#, AutoFit.Mode.shrink),
      (#""mode": "shrinkAndGrow", "maximumSize": 40"#, .shrinkAndGrow),
      (#""mode": "presets", "sizes": [24, 18, 13]"#, .presets([24, 18, 13])),
      (#""mode": "exact""#, .exact),
    ])
  func modes(keys: String, mode: AutoFit.Mode) throws {
    let document = try parsed(root: label(#""autoFit": { \#(keys) }"#))
    let fit = try #require(document.root.autoFit ?? nil)
    #expect(fit.mode == mode)
    #expect(fit.keepsWordsWhole)
    let widget = try #require(document.root.makeWidget() as? TextWidget)
    #expect(widget.autoFit?.mode == mode)
  }

  @Test("An autoFit object without mode or keepsWordsWhole shrinks and keeps words whole")
  func defaults() throws {
    let document = try parsed(root: label(#""autoFit": { "minimumSize": 9 }"#))
    let fit = try #require(document.root.autoFit ?? nil)
    #expect(fit == AutoFit(mode: .shrink, minimumPointSize: 9, keepsWordsWhole: true))
    let on = try parsed(root: label(#""autoFit": true"#))
    #expect(on.root.autoFit == .some(AutoFit()))
    #expect(AutoFit().mode == .shrink)
    #expect(AutoFit().keepsWordsWhole)
  }

  @Test("keepsWordsWhole reads true and false and reaches the widget", arguments: [true, false])
  func keepsWordsWhole(keeps: Bool) throws {
    let document = try parsed(
      root: label(#""autoFit": { "mode": "exact", "keepsWordsWhole": \#(keeps) }"#))
    #expect((document.root.autoFit ?? nil)?.keepsWordsWhole == keeps)
    let widget = try #require(document.root.makeWidget() as? TextWidget)
    #expect(widget.autoFit == AutoFit(mode: .exact, keepsWordsWhole: keeps))
  }

  @Test("Preset sizes keep their order, with keepsWordsWhole")
  func presetsWithOtherKeys() throws {
    let keys =
      #""autoFit": { "mode": "presets", "sizes": [13, 30, 18.5], "keepsWordsWhole": false }"#
    let fit = try #require(try parsed(root: label(keys)).root.autoFit ?? nil)
    #expect(fit == AutoFit(mode: .presets([13, 30, 18.5]), keepsWordsWhole: false))
  }

  @Test("fitGroup, scalesWithText, adaptsToScreen, adaptation and scalesFrames reach the widget")
  func widgetKeys() throws {
    let keys = """
      "fitGroup": "tabs", "scalesWithText": false, "adaptsToScreen": false,
      "adaptation": { "policy": "none" }, "scalesFrames": "uniform"
      """
    let document = try parsed(root: label(keys))
    #expect(document.root.fitGroup == "tabs")
    #expect(document.root.scalesWithText == false)
    #expect(document.root.adaptsToScreen == false)
    #expect(document.root.adaptation == AdaptationPolicy.none)
    #expect(document.root.frameScaling == .uniform)
    let widget = try #require(document.root.makeWidget() as? TextWidget)
    #expect(widget.fitGroup == "tabs")
    #expect(!widget.scalesWithText)
    #expect(!widget.adaptsToScreen)
    #expect(widget.adaptation == AdaptationPolicy.none)
    #expect(widget.frameScaling == .uniform)
    let plain = try parsed(root: label(#""text": "x""#)).root.makeWidget()
    let text = try #require(plain as? TextWidget)
    #expect(text.fitGroup == nil)
    #expect(text.scalesWithText)
    #expect(text.adaptsToScreen)
    #expect(text.adaptation == nil)
    #expect(text.frameScaling == nil)
  }

  @Test(
    "scalesFrames reads booleans and mode names, on the document and on a widget",
    arguments: [
      ("true", FrameScaling.both), ("false", .none), (#""both""#, .both), (#""width""#, .width),
      (#""uniform""#, .uniform), (#""none""#, .none),
    ])
  func scalesFramesValues(value: String, scaling: FrameScaling) throws {
    let document = try parsed(
      top: #""scalesFrames": \#(value),"#, root: label(#""scalesFrames": \#(value)"#))
    #expect(document.frameScaling == scaling)
    #expect(document.root.frameScaling == scaling)
  }

  @Test(
    "textScale reads a number, a category in any case, or an object",
    arguments: [
      ("1.3", try TextScale(factor: 1.3)),
      (#""AX1""#, try TextScale(category: .accessibility1)),
      (#""ax1""#, try TextScale(category: .accessibility1)),
      (#""xLarge""#, try TextScale(category: .xLarge)),
      (#""XLARGE""#, try TextScale(category: .xLarge)),
      (#""1.5""#, try TextScale(factor: 1.5)),
      (
        #"{ "scale": "AX2", "curve": "android14", "minimumSize": 12, "maximumSize": 40 }"#,
        try TextScale(
          category: .accessibility2, curve: .android14, minimumPointSize: 12,
          maximumPointSize: 40)
      ),
      (#"{ "scale": 2, "curve": "linear" }"#, try TextScale(factor: 2)),
      (#"{ "minimumSize": 14 }"#, try TextScale(factor: 1, minimumPointSize: 14)),
    ])
  func textScaleValues(value: String, scale: TextScale) throws {
    let document = try parsed(top: #""textScale": \#(value),"#, root: label(#""text": "x""#))
    #expect(document.textScale == scale)
  }

  @Test("Without textScale the document's scale is the identity")
  func textScaleAbsent() throws {
    let document = try parsed(root: label(#""text": "x""#))
    #expect(document.textScale == .standard)
    #expect(document.textScale.isIdentity)
  }

  @Test("A file screen's dpi is read, and 72 when left out")
  func screenDPI() throws {
    let document = try parsed(
      top: """
        "screens": [{ "name": "Desk", "width": 320, "height": 568, "scale": 1, "dpi": 96 },
          { "name": "Kiosk", "width": 640, "height": 400 }],
        """,
      root: label(#""text": "x""#))
    #expect(document.catalog["desk"] == desk)
    #expect(document.catalog["desk"]?.unitsPerPoint == 96.0 / 72)
    #expect(document.catalog["kiosk"]?.dpi == 72)
  }

  @Test("A font size in px is kept as pixels on the design font")
  func pixelFont() throws {
    let document = try parsed(root: label(#""font": "DejaVu Sans 12px""#))
    let font = try #require(document.root.font)
    #expect(font.isPixelSize)
    #expect(font.pointSize == 12)
    #expect(font.description == "DejaVu Sans 12px")
  }

  // MARK: Bad files

  @Test(
    "A bad fit mode, group, text scale, frame scaling or dpi is a located error",
    arguments: FitModeDescriptionTests.badLayouts)
  func badLayoutIsLocated(_ bad: DescriptionErrorTests.BadLayout) throws {
    try DescriptionErrorTests.expectLocated(bad)
  }

  // MARK: Fit groups on real fonts

  /// Three tab buttons, one with a long title, in group `tabs` when `grouped`.
  static func tabs(grouped: Bool) -> String {
    let group = grouped ? #", "fitGroup": "tabs""# : ""
    return """
      { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
        { "type": "Button", "id": "home", "frame": [20, 334, 88, 30],
          "font": "DejaVu Sans 15", "title": "Home", "insets": 0\(group) },
        { "type": "Button", "id": "alerts", "frame": [116, 334, 88, 30],
          "font": "DejaVu Sans 15", "title": "Notifications", "insets": 0\(group) },
        { "type": "Button", "id": "settings", "frame": [212, 334, 88, 30],
          "font": "DejaVu Sans 15", "title": "Settings", "insets": 0\(group) } ] }
      """
  }

  static let tabIDs = ["home", "alerts", "settings"]

  @Test(
    "Buttons in one fit group share the smallest size any of them gets alone",
    arguments: ScreenCatalog.bundled.screens)
  func groupSharesSmallestSize(screen: Screen) throws {
    // Design frames on every screen, so the long title shrinks on every screen.
    let top = #""scalesFrames": false,"#
    let alone = try tree(try parsed(top: top, root: Self.tabs(grouped: false)), on: screen)
    let together = try tree(try parsed(top: top, root: Self.tabs(grouped: true)), on: screen)
    var aloneSizes: [String: Double] = [:]
    for id in Self.tabIDs {
      aloneSizes[id] = try fitted(try #require(alone.child(withID: id) as? TextWidget))
    }
    let smallest = try #require(aloneSizes.values.min())
    #expect(aloneSizes["alerts"] == smallest, "the long title shrinks most: \(aloneSizes)")
    #expect(try #require(aloneSizes["home"]) > smallest, "the group must matter: \(aloneSizes)")
    for id in Self.tabIDs {
      let widget = try #require(together.child(withID: id) as? TextWidget)
      let size = try fitted(widget)
      #expect(size == smallest, "\(screen.name) \(id): \(size), group \(smallest)")
      #expect(widget.layout?.fit?.fits == true, "\(screen.name) \(id)")
      let capped = try #require(aloneSizes[id]) > smallest
      #expect(widget.layout?.group == (capped ? "tabs" : nil), "\(screen.name) \(id)")
      let stage = try #require(widget.layout?.stages.last)
      #expect(stage.kind == .fit)
      #expect(close(stage.size * screen.unitsPerPoint, smallest), "\(screen.name) \(id)")
    }
  }

  @Test("Members of a group capped at 96 dpi get exactly the group's size")
  func groupExactAt96DPI() throws {
    let screen = try #require(ScreenCatalog.bundled["Panel 800x480"])
    let document = try parsed(top: #""scalesFrames": false,"#, root: Self.tabs(grouped: true))
    let root = try tree(document, on: screen)
    let alerts = try fitted(try #require(root.child(withID: "alerts") as? TextWidget))
    let home = try fitted(try #require(root.child(withID: "home") as? TextWidget))
    // The cap is applied in screen units, so every member gets exactly the group's size.
    #expect(home == alerts)
  }

  @Test("A group grows back when its longest title gets shorter")
  func groupGrowsBack() throws {
    let document = try parsed(root: Self.tabs(grouped: true))
    let root = try tree(document, on: TestScreens.iPhone6)
    let alerts = try #require(root.child(withID: "alerts") as? TextWidget)
    let home = try #require(root.child(withID: "home") as? TextWidget)
    let before = try fitted(home)
    alerts.text = "Inbox"
    root.layoutIfNeeded()
    let shortAlone = try parsed(root: Self.tabs(grouped: false))
    let aloneTree = try tree(shortAlone, on: TestScreens.iPhone6)
    let aloneAlerts = try #require(aloneTree.child(withID: "alerts") as? TextWidget)
    aloneAlerts.text = "Inbox"
    aloneTree.layoutIfNeeded()
    var expected = try fitted(aloneAlerts)
    for id in ["home", "settings"] {
      let widget = try #require(aloneTree.child(withID: id) as? TextWidget)
      expected = min(expected, try fitted(widget))
    }
    #expect(expected > before)
    for id in Self.tabIDs {
      let widget = try #require(root.child(withID: id) as? TextWidget)
      #expect(try fitted(widget) == expected, "\(id)")
    }
  }

  // MARK: Fit modes on real fonts

  @Test("shrinkAndGrow grows a short text above its design size, up to maximumSize")
  func shrinkAndGrowGrows() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" },"#,
      root: label(
        """
        "font": "DejaVu Sans Bold 17", "numberOfLines": 1, "text": "42%",
        "autoFit": { "mode": "shrinkAndGrow", "minimumSize": 10, "maximumSize": 30 }
        """))
    let widget = try laidOut(document, on: TestScreens.iPhone5)
    let size = try fitted(widget)
    #expect(size > 17)
    #expect(size <= 30)
    #expect(widget.layout?.fit?.fits == true)
    #expect(
      widget.layout?.stages.last == SizeStage(kind: .fit, size: size, detail: "shrinkAndGrow"))
  }

  @Test("shrinkAndGrow still shrinks a text too long for its design size")
  func shrinkAndGrowShrinks() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" },"#,
      root: label(
        """
        "font": "DejaVu Sans 17", "numberOfLines": 1,
        "text": "A sentence far too long for two hundred points at seventeen",
        "autoFit": { "mode": "shrinkAndGrow", "minimumSize": 6, "maximumSize": 30 }
        """))
    let size = try fitted(try laidOut(document, on: TestScreens.iPhone5))
    #expect(size < 17)
    #expect(size >= 6)
  }

  @Test(
    "presets pick the largest preset that fits, or the smallest when none does",
    arguments: [
      ("OK", 24.0, true),
      ("Cancel the subscription", nil, true),
      (String(repeating: "Much too long for any preset size. ", count: 4), 13, false),
    ] as [(String, Double?, Bool)])
  func presetsPick(text: String, expected: Double?, fits: Bool) throws {
    let sizes = [24.0, 18, 13]
    let document = try parsed(
      top: #""adaptation": { "policy": "none" },"#,
      root: label(
        """
        "font": "DejaVu Sans 17", "numberOfLines": 1, "text": "\(text)",
        "autoFit": { "mode": "presets", "sizes": [24, 18, 13] }
        """))
    let widget = try laidOut(document, on: TestScreens.iPhone5)
    let size = try fitted(widget)
    #expect(sizes.contains(size), "\(size) is not a preset")
    if let expected { #expect(size == expected) } else { #expect(size < 24) }
    #expect(widget.layout?.fit?.fits == fits)
    #expect(widget.layout?.stages.last?.detail == "presets")
  }

  // MARK: Text scale on real fonts

  @Test(
    "A textScale category scales the adapted size by its Body size over 17",
    arguments: [
      (#""AX1""#, 28.0), (#""ax2""#, 33), (#""xLarge""#, 19), (#""large""#, 17), ("1.5", 25.5),
    ])
  func textScaleCategory(value: String, expected: Double) throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" }, "textScale": \#(value),"#,
      root: label(#""font": "DejaVu Sans 17", "autoFit": false, "text": "Hi""#))
    let widget = try laidOut(document, on: TestScreens.iPhone5)
    #expect(close(widget.adaptedFont.pointSize, expected), "\(widget.adaptedFont.pointSize)")
    #expect(close(try fitted(widget), expected))
    let kinds = widget.layout?.stages.map(\.kind) ?? []
    if expected == 17 {
      #expect(kinds == [.design, .screen], "the identity scale adds no stage")
    } else {
      #expect(kinds == [.design, .screen, .textScale])
      #expect(widget.layout?.stages.last?.detail == document.textScale.label)
    }
  }

  @Test("The text scale applies after screen adaptation")
  func textScaleAfterAdaptation() throws {
    let document = try parsed(
      top: #""textScale": "AX1","#,
      root: label(#""font": "DejaVu Sans 17", "autoFit": false, "text": "Hi""#))
    // The seeds' increments give 17 + 3 on the iPhone 6 Plus.
    let widget = try laidOut(document, on: TestScreens.iPhone6Plus)
    #expect(close(widget.adaptedFont.pointSize, 20 * 28 / 17))
    let stages = widget.layout?.stages ?? []
    #expect(stages.map(\.size).count == 3)
    #expect(stages.first?.size == 17)
    #expect(stages.dropFirst().first?.size == 20)
  }

  @Test("scalesWithText false opts a widget out of the text scale")
  func scalesWithTextFalse() throws {
    let document = try parsed(
      top: #""adaptation": { "policy": "none" }, "textScale": "AX3","#,
      root: label(
        #""font": "DejaVu Sans 17", "autoFit": false, "text": "Hi", "scalesWithText": false"#))
    let widget = try laidOut(document, on: TestScreens.iPhone5)
    #expect(widget.adaptedFont.pointSize == 17)
    #expect(try fitted(widget) == 17)
    #expect(widget.layout?.stages.map(\.kind) == [.design, .screen])
  }

  @Test("textScale's minimumSize keeps a fitted size at or above it, below autoFit's minimum")
  func textScaleFloor() throws {
    let keys = """
      "font": "DejaVu Sans 17", "numberOfLines": 0, "autoFit": { "minimumSize": 10 },
      "text": "\(String(repeating: "A long sentence that has to shrink to fit. ", count: 4))"
      """
    let floor = #""adaptation": { "policy": "none" }, "textScale": { "minimumSize": 14 },"#
    let floored = try laidOut(try parsed(top: floor, root: label(keys)), on: TestScreens.iPhone5)
    let free = try laidOut(
      try parsed(top: #""adaptation": { "policy": "none" },"#, root: label(keys)),
      on: TestScreens.iPhone5)
    #expect(try fitted(free) < 14, "the text should shrink below 14 without the floor")
    #expect(try fitted(floored) >= 14)
  }

  // MARK: Frames on real fonts

  /// The iPhone X: as wide as the iPhone 6, and taller for its width than the iPhone 5.
  static func iPhoneX() throws -> Screen {
    try #require(ScreenCatalog.bundled["iPhone X"])
  }

  @Test("scalesFrames width scales x and width and keeps y and height on a taller screen")
  func widthScaling() throws {
    let screen = try Self.iPhoneX()
    let document = try parsed(top: #""scalesFrames": "width","#, root: label(#""text": "Hi""#))
    let sx = screen.width / 320
    let widget = try laidOut(document, on: screen)
    #expect(widget.layout?.screenFrame == Rect(x: 10 * sx, y: 20, width: 200 * sx, height: 40))
  }

  @Test("scalesFrames uniform scales both axes by the smaller ratio")
  func uniformScaling() throws {
    let screen = try Self.iPhoneX()
    let document = try parsed(top: #""scalesFrames": "uniform","#, root: label(#""text": "Hi""#))
    let ratio = min(screen.width / 320, screen.height / 568)
    #expect(ratio == 375.0 / 320)
    let widget = try laidOut(document, on: screen)
    let expected = Rect(x: 10 * ratio, y: 20 * ratio, width: 200 * ratio, height: 40 * ratio)
    #expect(widget.layout?.screenFrame == expected)
  }

  @Test(
    "A widget's scalesFrames overrides the document's",
    arguments: [
      ("none", #""width""#, FrameScaling.width), ("uniform", "false", .none),
      ("both", #""uniform""#, .uniform), ("width", "true", .both),
    ])
  func widgetScalingOverrides(document: String, own: String, expected: FrameScaling) throws {
    let screen = try Self.iPhoneX()
    let parsedDocument = try parsed(
      top: #""scalesFrames": "\#(document)","#,
      root: label(#""text": "Hi", "scalesFrames": \#(own)"#))
    let widget = try laidOut(parsedDocument, on: screen)
    let frame = Rect(x: 10, y: 20, width: 200, height: 40)
    let designScreen = TestScreens.iPhone5
    #expect(widget.layout?.screenFrame == expected.scale(frame, from: designScreen, to: screen))
  }

  // MARK: Adaptation on real fonts

  @Test("adaptsToScreen false keeps the design size on the iPhone 6 Plus")
  func adaptsToScreenFalse() throws {
    let keys = #""font": "DejaVu Sans 17", "autoFit": false, "text": "Hi""#
    let adapting = try laidOut(try parsed(root: label(keys)), on: TestScreens.iPhone6Plus)
    #expect(adapting.adaptedFont.pointSize == 20)
    let fixed = try laidOut(
      try parsed(root: label(keys + #", "adaptsToScreen": false"#)), on: TestScreens.iPhone6Plus)
    #expect(fixed.adaptedFont.pointSize == 17)
    #expect(try fitted(fixed) == 17)
    #expect(fixed.layout?.stages.dropFirst().first?.detail == "not adapted")
  }

  @Test("A widget's own adaptation replaces the document's")
  func widgetAdaptation() throws {
    let keys = #""font": "DejaVu Sans 17", "autoFit": false, "text": "Hi""#
    let own = try laidOut(
      try parsed(root: label(keys + #", "adaptation": { "policy": "none" }"#)),
      on: TestScreens.iPhone6Plus)
    #expect(own.adaptedFont.pointSize == 17)
    let proportional = try laidOut(
      try parsed(
        top: #""adaptation": { "policy": "none" },"#,
        root: label(keys + #", "adaptation": { "policy": "proportional" }"#)),
      on: TestScreens.iPhone6Plus)
    #expect(close(proportional.adaptedFont.pointSize, 17 * 414 / 320))
  }

  // MARK: dpi and pixel sizes on real fonts

  @Test("On a 96 dpi screen a 12pt font is 16 screen units")
  func pointsOnA96DPIScreen() throws {
    let document = try parsed(
      top: deskEntry + #" "adaptation": { "policy": "none" },"#,
      root: label(#""font": "DejaVu Sans 12", "autoFit": false, "text": "Hi""#))
    let widget = try laidOut(document, on: desk)
    let layout = try #require(widget.layout)
    #expect(layout.unitsPerPoint == 4.0 / 3)
    #expect(close(try fitted(widget), 16))
    #expect(widget.adaptedFont.pointSize == 12)
    #expect(close(try #require(widget.displayedFont?.pointSize), 12))
    let onIPhone = try laidOut(document, on: TestScreens.iPhone5)
    #expect(onIPhone.layout?.unitsPerPoint == 1)
    #expect(try fitted(onIPhone) == 12)
  }

  @Test("A 12px font designed on a 96 dpi screen is 12 units there and 9 points everywhere")
  func pixelsOnA96DPIScreen() throws {
    let document = try parsed(
      top: deskEntry + #" "adaptation": { "policy": "none" },"#,
      root: label(#""font": "DejaVu Sans 12px", "autoFit": false, "text": "Hi""#),
      design: "Desk")
    let widget = try laidOut(document, on: desk)
    #expect(close(try fitted(widget), 12))
    #expect(close(widget.adaptedFont.pointSize, 9))
    let design = try #require(widget.layout?.stages.first)
    #expect(design.kind == .design)
    #expect(design.detail == "12px")
    #expect(close(design.size, 9))
    let onIPhone = try laidOut(document, on: TestScreens.iPhone5)
    #expect(close(try fitted(onIPhone), 9))
  }

  @Test("A 12px font designed on a 72 dpi screen is 12 points, so 16 units at 96 dpi")
  func pixelsFrom72DPIDesign() throws {
    let document = try parsed(
      top: deskEntry + #" "adaptation": { "policy": "none" },"#,
      root: label(#""font": "DejaVu Sans 12px", "autoFit": false, "text": "Hi""#))
    #expect(try fitted(try laidOut(document, on: TestScreens.iPhone5)) == 12)
    #expect(close(try fitted(try laidOut(document, on: desk)), 16))
  }
}

// MARK: - Bad files

extension FitModeDescriptionTests {
  typealias BadLayout = DescriptionErrorTests.BadLayout

  /// A file designed for the iPhone 5 whose root is a label with the extra `keys` on line 5.
  static func badLabel(_ keys: String) -> String {
    """
    {
      "designScreen": "iPhone 5",
      "root": {
        "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
        \(keys)
      }
    }
    """
  }

  /// A file designed for the iPhone 5 with the top-level `member` on line 3.
  static func badTop(_ member: String) -> String {
    """
    {
      "designScreen": "iPhone 5",
      \(member),
      "root": { "type": "Label", "id": "title", "frame": [20, 20, 280, 60] }
    }
    """
  }

  /// One file per kind of mistake issue 10 can make; lines and columns are 1-based.
  static let badLayouts: [BadLayout] = [
    BadLayout(
      name: "unknown autoFit mode",
      json: badLabel(#""autoFit": { "mode": "grow" }"#),
      line: 5, column: 26, keyPath: "root.autoFit.mode",
      message: #"unknown value "grow"; expected one of "shrink", "shrinkAndGrow", "presets""#),
    BadLayout(
      name: "presets without sizes",
      json: badLabel(#""autoFit": { "mode": "presets" }"#),
      line: 5, column: 16, keyPath: "root.autoFit", message: #"mode presets needs "sizes""#),
    BadLayout(
      name: "presets with an empty list of sizes",
      json: badLabel(#""autoFit": { "mode": "presets", "sizes": [] }"#),
      line: 5, column: 46, keyPath: "root.autoFit.sizes",
      message: "expected at least one size, found none"),
    BadLayout(
      name: "a negative preset size",
      json: badLabel(#""autoFit": { "mode": "presets", "sizes": [24, -12] }"#),
      line: 5, column: 51, keyPath: "root.autoFit.sizes[1]",
      message: "expected a positive number, found -12"),
    BadLayout(
      name: "a preset size given as a string",
      json: badLabel(#""autoFit": { "mode": "presets", "sizes": ["24"] }"#),
      line: 5, column: 47, keyPath: "root.autoFit.sizes[0]",
      message: "expected a number, found a string"),
    BadLayout(
      name: "sizes with mode shrink",
      json: badLabel(#""autoFit": { "mode": "shrink", "sizes": [12] }"#),
      line: 5, column: 45, keyPath: "root.autoFit.sizes",
      message: #"sizes are for "mode": "presets""#),
    BadLayout(
      name: "sizes without a mode",
      json: badLabel(#""autoFit": { "sizes": [12, 14] }"#),
      line: 5, column: 27, keyPath: "root.autoFit.sizes",
      message: #"sizes are for "mode": "presets""#),
    BadLayout(
      name: "shrinkAndGrow without maximumSize",
      json: badLabel(#""autoFit": { "mode": "shrinkAndGrow", "minimumSize": 10 }"#),
      line: 5, column: 26, keyPath: "root.autoFit.mode",
      message: #"mode shrinkAndGrow needs "maximumSize""#),
    BadLayout(
      name: "autoFit maximumSize below its minimumSize",
      json: badLabel(#""autoFit": { "minimumSize": 20, "maximumSize": 12 }"#),
      line: 5, column: 52, keyPath: "root.autoFit.maximumSize",
      message: "expected a maximum size ≥ the minimum size 20"),
    BadLayout(
      name: "keepsWordsWhole given as a string",
      json: badLabel(#""autoFit": { "keepsWordsWhole": "yes" }"#),
      line: 5, column: 37, keyPath: "root.autoFit.keepsWordsWhole",
      message: "expected true or false, found a string"),
    BadLayout(
      name: "unknown content size category",
      json: badTop(#""textScale": "AX9""#),
      line: 3, column: 16, keyPath: "textScale",
      message: #"text scale "AX9" is neither a number such as 1.3 nor a content size category"#),
    BadLayout(
      name: "negative text scale",
      json: badTop(#""textScale": -1"#),
      line: 3, column: 16, keyPath: "textScale",
      message: "text scale must be a positive finite number, not -1"),
    BadLayout(
      name: "a text scale too large to draw",
      json: badTop(#""textScale": 1e308"#),
      line: 3, column: 16, keyPath: "textScale",
      message: "text scale 1e+308 is above the largest, 10"),
    BadLayout(
      name: "presets with a step, which they would ignore",
      json: badLabel(#""autoFit": { "mode": "presets", "sizes": [24, 12], "step": 5 }"#),
      line: 5, column: 64, keyPath: "root.autoFit.step",
      message: #"mode presets chooses only among "sizes"; leave step out"#),
    BadLayout(
      name: "zero text scale",
      json: badTop(#""textScale": 0"#),
      line: 3, column: 16, keyPath: "textScale",
      message: "text scale must be a positive finite number, not 0"),
    BadLayout(
      name: "zero text scale in an object",
      json: badTop(#""textScale": { "scale": 0, "curve": "android14" }"#),
      line: 3, column: 27, keyPath: "textScale.scale",
      message: "text scale must be a positive finite number, not 0"),
    BadLayout(
      name: "text scale given as an array",
      json: badTop(#""textScale": [1.3]"#),
      line: 3, column: 16, keyPath: "textScale",
      message: "expected a number such as 1.3, a content size category such as \"AX1\""),
    BadLayout(
      name: "text scale with an unknown curve",
      json: badTop(#""textScale": { "scale": 1.3, "curve": "cubic" }"#),
      line: 3, column: 41, keyPath: "textScale.curve",
      message: #"unknown value "cubic"; expected one of "linear", "android14""#),
    BadLayout(
      name: "text scale minimumSize above its maximumSize",
      json: badTop(#""textScale": { "minimumSize": 20, "maximumSize": 12 }"#),
      line: 3, column: 52, keyPath: "textScale.maximumSize",
      message: "expected a maximum size ≥ the minimum size 20"),
    BadLayout(
      name: "text scale with an unknown key",
      json: badTop(#""textScale": { "factor": 1.3 }"#),
      line: 3, column: 18, keyPath: "textScale.factor", message: #"unknown key "factor""#),
    BadLayout(
      name: "fitGroup on a View",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": {
            "type": "View", "id": "root", "frame": [0, 0, 320, 568],
            "children": [
              { "type": "View", "id": "row", "frame": [0, 0, 320, 44],
                "fitGroup": "tabs" }
            ]
          }
        }
        """,
      line: 7, column: 9, keyPath: "root.children[0].fitGroup",
      message: #"unknown key "fitGroup" on a View: it is for text widgets"#),
    BadLayout(
      name: "scalesWithText on a View",
      json: """
        {
          "designScreen": "iPhone 5",
          "root": { "type": "View", "id": "root", "scalesWithText": false }
        }
        """,
      line: 3, column: 43, keyPath: "root.scalesWithText",
      message: #"unknown key "scalesWithText" on a View: it is for text widgets"#),
    BadLayout(
      name: "empty fitGroup",
      json: badLabel(#""fitGroup": """#),
      line: 5, column: 17, keyPath: "root.fitGroup", message: "expected a group name"),
    BadLayout(
      name: "fitGroup of spaces",
      json: badLabel(#""fitGroup": "   ""#),
      line: 5, column: 17, keyPath: "root.fitGroup", message: "expected a group name"),
    BadLayout(
      name: "fitGroup given as a number",
      json: badLabel(#""fitGroup": 1"#),
      line: 5, column: 17, keyPath: "root.fitGroup", message: "expected a string, found"),
    BadLayout(
      name: "scalesFrames on a widget given as an unknown mode",
      json: badLabel(#""scalesFrames": "diagonal""#),
      line: 5, column: 21, keyPath: "root.scalesFrames",
      message: #"expected true, false, "both", "width", "uniform" or "none", found "diagonal""#),
    BadLayout(
      name: "scalesFrames at the top given as a number",
      json: badTop(#""scalesFrames": 1"#),
      line: 3, column: 19, keyPath: "scalesFrames",
      message: #"expected true, false, "both", "width", "uniform" or "none", found a number"#),
    BadLayout(
      name: "scalesWithText given as a string",
      json: badLabel(#""scalesWithText": "no""#),
      line: 5, column: 23, keyPath: "root.scalesWithText",
      message: "expected true or false, found a string"),
    BadLayout(
      name: "adaptsToScreen given as a number",
      json: badLabel(#""adaptsToScreen": 0"#),
      line: 5, column: 23, keyPath: "root.adaptsToScreen",
      message: "expected true or false, found a number"),
    BadLayout(
      name: "a widget's adaptation with an unknown policy",
      json: badLabel(#""adaptation": { "policy": "shrink" }"#),
      line: 5, column: 31, keyPath: "root.adaptation.policy", message: #"unknown value "shrink""#),
    BadLayout(
      name: "dpi 0 on a file screen",
      json: """
        {
          "screens": [
            { "name": "Desk", "width": 320, "height": 568, "dpi": 0 }
          ],
          "designScreen": "Desk",
          "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568] }
        }
        """,
      line: 3, column: 59, keyPath: "screens[0].dpi", message: "expected a positive number, found 0"
    ),
  ]
}
