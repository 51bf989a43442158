import FontFitDescription
import FontFitFontModel
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

/// The typography keys of description files (issue 23): spacing, hyphenation, the fit ladder
/// and the line break strategy, in JSON and XML, with located errors.
@Suite("Typography in description files (issue 23)")
struct TypographyDescriptionTests {
  /// A one-line layout whose root view holds `child`.
  static func layout(_ child: String, top: String = "") -> String {
    #"{ "designScreen": "iPhone 5", "# + top
      + #""root": { "type": "View", "frame": [0, 0, 320, 568], "children": [ "# + child
      + " ] } }"
  }

  static let label = #"{ "type": "Label", "frame": [0, 0, 100, 40], "text": "Text", "#

  static let badValues: [BadValue] = [
    BadValue(
      name: "an unknown hyphenation", child: label + #""hyphenation": "always" }"#,
      at: #""always""#, keyPath: "root.children[0].hyphenation", message: #""auto""#),
    BadValue(
      name: "tracking that may tighten by more than half an em",
      child: label + #""maximumTightening": 0.6 }"#, at: "0.6",
      keyPath:
        "root.children[0].maximumTightening", message: "from 0 to 0.5 (50%)"),
    BadValue(
      name: "a negative tracking bound", child: label + #""maximumTightening": -0.1 }"#,
      at: "-0.1", keyPath: "root.children[0].maximumTightening", message: "found -0.1"),
    BadValue(
      name: "letter spacing in unknown units", child: label + #""letterSpacing": "2px" }"#,
      at: #""2px""#, keyPath: "root.children[0].letterSpacing", message: #""1.5pt""#),
    BadValue(
      name: "letter spacing tighter than half an em", child: label + #""letterSpacing": -0.7 }"#,
      at: "-0.7", keyPath: "root.children[0].letterSpacing", message: "from -0.5em to 10em"),
    BadValue(
      name: "word spacing as a boolean", child: label + #""wordSpacing": true }"#, at: "true",
      keyPath: "root.children[0].wordSpacing", message: "found a boolean"),
    BadValue(
      name: "line spacing as a string", child: label + #""lineSpacing": "4pt" }"#,
      at: #""4pt""#, keyPath: "root.children[0].lineSpacing", message: "expected a number"),
    BadValue(
      name: "an unknown lever", child: label + #""fitLadder": ["size", "kerning"] }"#,
      at: #""kerning""#, keyPath: "root.children[0].fitLadder[1]", message: "unknown lever"),
    BadValue(
      name: "a ladder that does not start with the size",
      child: label + #""fitLadder": ["tracking", "size"] }"#, at: #"["tracking""#,
      keyPath: "root.children[0].fitLadder", message: "starts with \"size\""),
    BadValue(
      name: "a lever named twice",
      child: label + #""fitLadder": ["size", "tracking", "tracking"] }"#,
      at: #""tracking"]"#, keyPath: "root.children[0].fitLadder[2]", message: "named twice"),
    BadValue(
      name: "hyphenation limits of two numbers", child: label + #""hyphenationLimits": [5, 2] }"#,
      at: "[5, 2]", keyPath: "root.children[0].hyphenationLimits", message: "3 whole numbers"),
    BadValue(
      name: "a zero hyphenation limit", child: label + #""hyphenationLimits": [5, 0, 2] }"#,
      at: "0, 2]", keyPath: "root.children[0].hyphenationLimits[1]", message: "≥ 1"),
    BadValue(
      name: "an unknown line break strategy", child: label + #""lineBreakStrategy": "even" }"#,
      at: #""even""#, keyPath: "root.children[0].lineBreakStrategy", message: #""balanced""#),
    BadValue(
      name: "typography on a plain view", child: #"{ "type": "View", "hyphenation": "auto" }"#,
      at: #""hyphenation""#, keyPath: "root.children[0].hyphenation",
      message: "it is for text widgets"),
  ]

  @Test("A bad typography value is a located error naming what was expected", arguments: badValues)
  func badValueIsLocated(_ bad: BadValue) throws {
    try bad.expectLocated(in: Self.layout(bad.child))
  }

  @Test(
    "A language without a dictionary is not an error, and the file's hyphenation is the default")
  func fileDefaultAndUnknownLanguage() throws {
    let json = Self.layout(
      Self.label + #""language": "sw" }, "# + Self.label + #""hyphenation": "none" }"#,
      top: #""hyphenation": "auto", "#)
    let document = try LayoutDocument.parse(json, file: "layout.json", catalog: .bundled)
    #expect(document.root.children[0].typography.hyphenation == .auto)
    #expect(document.root.children[1].typography.hyphenation == .none)
    let bad = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(
        Self.layout(Self.label + "\"id\": \"x\" }", top: #""hyphenation": 1, "#),
        file: "layout.json", catalog: .bundled)
    }
    #expect(bad?.keyPath == "hyphenation")
  }

  @Test("Every typography key reads the same from XML as from JSON, and reaches the widget")
  func xmlMatchesJSON() throws {
    let xml = """
      <layout designScreen="iPhone 5" hyphenation="auto">
        <View id="root" frame="0,0,320,568">
          <Label id="a" frame="0,0,100,40" text="Einstellungen" letterSpacing="1.5pt"
              wordSpacing="0.1" lineSpacing="4" hyphenationLimits="6,3,3"
              fitLadder="size, tracking, hyphenation" maximumTightening="0.04"
              lineBreakStrategy="balanced"/>
          <Button id="b" frame="0,50,100,40" title="OK" letterSpacing="-0.02em"
              hyphenation="none" lineBreakStrategy="phrase" maximumTightening="0.03"/>
        </View>
      </layout>
      """
    let json = """
      { "designScreen": "iPhone 5", "hyphenation": "auto",
        "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
          { "type": "Label", "id": "a", "frame": [0, 0, 100, 40], "text": "Einstellungen",
            "letterSpacing": "1.5pt", "wordSpacing": 0.1, "lineSpacing": 4,
            "hyphenationLimits": [6, 3, 3], "fitLadder": ["size", "tracking", "hyphenation"],
            "maximumTightening": 0.04, "lineBreakStrategy": "balanced" },
          { "type": "Button", "id": "b", "frame": [0, 50, 100, 40], "title": "OK",
            "letterSpacing": "-0.02em", "hyphenation": "none", "lineBreakStrategy": "phrase",
            "maximumTightening": 0.03 }
        ] } }
      """
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("TypographyDescriptionTests-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let fromXML = try LayoutDocument.load(path: file.path, catalog: ScreenCatalog.bundled)
    let fromJSON = try LayoutDocument.parse(json, file: "layout.json", catalog: .bundled)
    #expect(fromXML.root == fromJSON.root)
    let root = fromJSON.root.makeWidget()
    let a = try #require(root.child(withID: "a") as? Label)
    #expect(
      a.typography
        == Typography(
          letterSpacing: .points(1.5), wordSpacing: .ems(0.1), lineSpacing: 4,
          hyphenation: .auto,
          hyphenationLimits: HyphenationLimits(
            minimumWordLength: 6, minimumBefore: 3, minimumAfter: 3),
          fitLadder: FitLadder([.size, .tracking, .hyphenation], maximumTightening: 0.04),
          lineBreakStrategy: .balanced))
    let b = try #require(root.child(withID: "b") as? Button)
    #expect(b.typography.letterSpacing == .ems(-0.02))
    #expect(b.typography.hyphenation == .none)
    #expect(b.typography.lineBreakStrategy == .phrase)
    #expect(b.typography.fitLadder == FitLadder([.size, .tracking], maximumTightening: 0.03))
  }
}
