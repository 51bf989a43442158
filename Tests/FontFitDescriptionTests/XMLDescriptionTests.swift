import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

// XML description files (issue 11): the same model as JSON, read by libxml2, checked by the JSON
// loader, errors located in the XML with an element path.

/// The package's root directory.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // FontFitDescriptionTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // package root

/// Writes `bytes` to `name` in a new temporary directory and returns the file's path.
private func temporaryFile(_ bytes: Data, name: String = "layout.xml") throws -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("xml-description-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent(name)
  try bytes.write(to: url)
  return url.path
}

/// Loads `xml` from a temporary file named `name`.
private func loadXML(_ xml: String, name: String = "layout.xml") throws -> LayoutDocument {
  let path = try temporaryFile(Data(xml.utf8), name: name)
  return try LayoutDocument.load(path: path, catalog: ScreenCatalog.bundled)
}

/// Loads `json` from a string.
private func loadJSON(_ json: String) throws -> LayoutDocument {
  try LayoutDocument.parse(json, file: "layout.json", catalog: ScreenCatalog.bundled)
}

/// The text and JSON dumps of `document` on every bundled screen, laid out with real fonts.
private func dumps(_ document: LayoutDocument) throws -> (text: String, json: String) {
  let fonts = try FontSystem.shared()
  let trees = ScreenCatalog.bundled.screens.map { screen in
    let tree = document.makeTree(on: screen, shaper: fonts)
    tree.layoutIfNeeded()
    return tree
  }
  let snapshot = try LayoutSnapshot(trees: trees)
  return (snapshot.text, snapshot.json)
}

/// Expects two documents to describe the same layout.
private func expectSameModel(
  _ xml: LayoutDocument, _ json: LayoutDocument, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(xml.root == json.root, sourceLocation: sourceLocation)
  #expect(xml.designScreen == json.designScreen, sourceLocation: sourceLocation)
  #expect(xml.adaptation == json.adaptation, sourceLocation: sourceLocation)
  #expect(xml.frameScaling == json.frameScaling, sourceLocation: sourceLocation)
  #expect(xml.textScale == json.textScale, sourceLocation: sourceLocation)
  #expect(xml.language == json.language, sourceLocation: sourceLocation)
  #expect(xml.catalog == json.catalog, sourceLocation: sourceLocation)
}

/// A JSON layout under `Demo/` and its XML twin beside it.
struct LayoutTwin: Sendable, CustomTestStringConvertible {
  /// The JSON file's path.
  var json: String
  /// The XML file's path: the same name, ending in `.xml`.
  var xml: String

  var testDescription: String {
    String(json.dropFirst(packageRoot.path.count + 1))
  }

  /// Every `Demo/**/*.xml` that has a `.json` of the same name beside it.
  static var all: [LayoutTwin] {
    let demo = packageRoot.appendingPathComponent("Demo")
    let files = FileManager.default.enumerator(atPath: demo.path)?.compactMap { $0 as? String }
    return (files ?? []).sorted().compactMap { relative in
      guard relative.hasSuffix(".xml") else { return nil }
      let xml = demo.appendingPathComponent(relative).path
      let json = String(xml.dropLast(4)) + ".json"
      guard FileManager.default.fileExists(atPath: json) else { return nil }
      return LayoutTwin(json: json, xml: xml)
    }
  }
}

@Suite("XML description files")
struct XMLDescriptionTests {
  @Test("The demo's sample has an XML twin")
  func sampleHasTwin() {
    let sample = packageRoot.appendingPathComponent("Demo/Resources/sample.json").path
    #expect(LayoutTwin.all.contains { $0.json == sample })
  }

  @Test(
    "A JSON sample and its XML twin load to the same document and byte-identical dumps",
    arguments: LayoutTwin.all)
  func twinsMatch(_ twin: LayoutTwin) throws {
    let catalog = ScreenCatalog.bundled
    // A project with a "strings" directory beside it is compared in every locale.
    let strings = (twin.json as NSString).deletingLastPathComponent + "/strings"
    var localizations: [Localization?] = [nil]
    if FileManager.default.fileExists(atPath: strings) {
      localizations = try Localization.locales(in: strings).map {
        try Localization.table(in: strings, locale: $0)
      }
    }
    for localization in localizations {
      let json = try LayoutDocument.load(
        path: twin.json, catalog: catalog, localization: localization)
      let xml = try LayoutDocument.load(
        path: twin.xml, catalog: catalog, localization: localization)
      #expect(xml.file == twin.xml)
      expectSameModel(xml, json)
      let fromXML = try dumps(xml)
      let fromJSON = try dumps(json)
      #expect(fromXML.text == fromJSON.text)
      #expect(fromXML.json == fromJSON.json)
      #expect(fromXML.text.utf8.count > 1000)
    }
  }

  @Test("Every element and attribute form maps to the same model as its JSON")
  func everyFormMaps() throws {
    let xml = try loadXML(
      """
      <layout designScreen="Desk" scalesFrames="width" language="de">
        <screen name="Desk" width="320" height="568" scale="1" dpi="96"/>
        <screen name="Wall" width="1920" height="1080"/>
        <textScale scale="1.3" curve="android14" minimumSize="14"/>
        <adaptation policy="increments">
          <row minWidth="0" increment="0"/>
          <row minWidth="414" increment="2.5"/>
        </adaptation>
        <adaptation policy="proportional" exponent="0.5" maximumSize="40"/>
        <View id="root" frame="0, 0, 320, 568" backgroundColor="#FFFFFF">
          <Label id="a" frame="10,10,300,40" font="DejaVu Sans 17" numberOfLines="0"
              lineHeightMultiple="1.25" scalesWithText="false" adaptsToScreen="true"
              fitGroup="g" writingDirection="leftToRight" truncationToken="…" text="A">
            <autoFit mode="presets" sizes="24,18,13" keepsWordsWhole="true"/>
            <adaptation policy="none"/>
          </Label>
          <Button id="b" frame="10,60,100,40" title="B" autoFit="false" scalesFrames="false"/>
          <TextField frame="10,110,300,40" placeholder="C" textColor="#336699"
              textAlignment="right" lineBreakMode="truncateHead" overflow="truncate"/>
          <TextView id="d" frame="10,160,300,100" text="D" autoFit="true"/>
        </View>
      </layout>
      """)
    let json = try loadJSON(
      """
      { "designScreen": "Desk", "scalesFrames": "width", "language": "de",
        "screens": [ { "name": "Desk", "width": 320, "height": 568, "scale": 1, "dpi": 96 },
                     { "name": "Wall", "width": 1920, "height": 1080 } ],
        "textScale": { "scale": 1.3, "curve": "android14", "minimumSize": 14 },
        "adaptation": [
          { "policy": "increments", "table": [ { "minWidth": 0, "increment": 0 },
                                                { "minWidth": 414, "increment": 2.5 } ] },
          { "policy": "proportional", "exponent": 0.5, "maximumSize": 40 } ],
        "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568],
          "backgroundColor": "#FFFFFF", "children": [
          { "type": "Label", "id": "a", "frame": [10, 10, 300, 40], "font": "DejaVu Sans 17",
            "numberOfLines": 0, "lineHeightMultiple": 1.25, "scalesWithText": false,
            "adaptsToScreen": true, "fitGroup": "g", "writingDirection": "leftToRight",
            "truncationToken": "…", "text": "A",
            "autoFit": { "mode": "presets", "sizes": [24, 18, 13], "keepsWordsWhole": true },
            "adaptation": { "policy": "none" } },
          { "type": "Button", "id": "b", "frame": [10, 60, 100, 40], "title": "B",
            "autoFit": false, "scalesFrames": false },
          { "type": "TextField", "frame": [10, 110, 300, 40], "placeholder": "C",
            "textColor": "#336699", "textAlignment": "right", "lineBreakMode": "truncateHead",
            "overflow": "truncate" },
          { "type": "TextView", "id": "d", "frame": [10, 160, 300, 100], "text": "D",
            "autoFit": true } ] } }
      """)
    expectSameModel(xml, json)
    #expect(xml.root.children.count == 4)
  }

  @Test("The attribute forms of textScale and a single increments table match JSON")
  func attributeForms() throws {
    let xml = try loadXML(
      """
      <layout designScreen="iPhone 5" textScale="AX1" scalesFrames="true">
        <adaptation policy="increments"><row minWidth="0" increment="1"/></adaptation>
        <Label id="only" frame="0,0,320,40" text="x"/>
      </layout>
      """)
    let json = try loadJSON(
      """
      { "designScreen": "iPhone 5", "textScale": "AX1", "scalesFrames": true,
        "adaptation": { "policy": "increments", "table": [{ "minWidth": 0, "increment": 1 }] },
        "root": { "type": "Label", "id": "only", "frame": [0, 0, 320, 40], "text": "x" } }
      """)
    expectSameModel(xml, json)
    let factor = try loadXML(#"<layout designScreen="iPhone 5" textScale="1.3"><View/></layout>"#)
    let json13 = #"{"designScreen": "iPhone 5", "textScale": 1.3, "root": {"type": "View"}}"#
    #expect(factor.textScale == (try loadJSON(json13)).textScale)
  }

  @Test("Entities and character references decode in attribute values")
  func entitiesDecode() throws {
    let document = try loadXML(
      """
      <layout designScreen="iPhone 5">
        <View id="root" frame="0,0,320,568">
          <Label id="t" frame="0,0,320,40"
              text="a &amp; b &lt; c &gt; &quot;q&quot; &apos;s&apos;&#10;d &#x4E2D;&#25991;"/>
        </View>
      </layout>
      """)
    #expect(document.root.children.first?.text == "a & b < c > \"q\" 's'\nd 中文")
  }

  @Test("A byte order mark, a declaration and instructions with data are read; columns skip it")
  func byteOrderMarkAndDeclaration() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <?xml-model href="layout.rnc" type="application/relax-ng-compact-syntax"?>
      <!-- a comment --><?editor fold ?>
      <layout designScreen="iPhone 5"><View id="root" frame="0,0,320,568"/></layout>
      """
    let path = try temporaryFile(Data([0xEF, 0xBB, 0xBF]) + Data(xml.utf8))
    let document = try LayoutDocument.load(path: path, catalog: ScreenCatalog.bundled)
    #expect(document.root.id == "root")
    let bad = try temporaryFile(Data([0xEF, 0xBB, 0xBF]) + Data(#"<layout frame="1"/>"#.utf8))
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.load(path: bad, catalog: ScreenCatalog.bundled)
    }
    #expect(thrown?.line == 1)
    #expect(thrown?.column == 1)
  }

  @Test("The .xml extension is recognised in any case")
  func extensionIgnoresCase() throws {
    let document = try loadXML(
      #"<layout designScreen="iPhone 5"><View id="r"/></layout>"#, name: "Layout.XML")
    #expect(document.root.id == "r")
  }

  @Test(
    "A bad XML layout is rejected with its line:column, element path and reason",
    arguments: XMLDescriptionTests.badLayouts)
  func badLayoutIsLocated(_ bad: BadXML) throws {
    let path = try temporaryFile(Data(bad.xml.utf8))
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.load(path: path, catalog: ScreenCatalog.bundled)
    }
    let error = try #require(thrown)
    #expect(error.file == path)
    #expect(error.line == bad.line)
    #expect(error.column == bad.column)
    #expect(error.keyPath == bad.path)
    #expect(error.message.contains(bad.message), "message: \(error.message)")
    let location = "\(path):\(bad.line):\(bad.column): "
    let prefix = bad.path.isEmpty ? location : location + "\(bad.path): "
    #expect(error.description.hasPrefix(prefix), "description: \(error.description)")
  }
}

// MARK: - Bad files

extension XMLDescriptionTests {
  /// An XML description that must be rejected, and where and why.
  struct BadXML: Sendable, CustomTestStringConvertible {
    /// What is wrong, shown as the test case's name.
    var name: String
    /// The file's text.
    var xml: String
    /// The expected 1-based line.
    var line: Int
    /// The expected 1-based column, in Unicode scalars.
    var column: Int
    /// The expected element path.
    var path: String
    /// A fragment the message must contain.
    var message: String

    var testDescription: String { name }
  }

  /// `<layout>` around a root View holding `children`, which start on line 3.
  private static func layout(_ children: String) -> String {
    """
    <layout designScreen="iPhone 5">
      <View id="root" frame="0,0,320,568">
    \(children)
      </View>
    </layout>
    """
  }

  /// `<layout>` around 13 nested Views (`v0` to `v12`, one per line from line 2) holding
  /// `innermost` on line 15: a path through them names its first and last four elements.
  private static func deep(_ innermost: String) -> String {
    "<layout designScreen=\"iPhone 5\">\n"
      + (0..<13).map { #"<View id="v\#($0)" frame="0,0,320,568">"# + "\n" }.joined()
      + innermost + "\n" + String(repeating: "</View>", count: 13) + "</layout>\n"
  }

  static let badLayouts: [BadXML] = [
    BadXML(
      name: "a bad list item deep in the tree, located by a shortened element path",
      xml: deep(#"<Label id="deep" frame="0,x,10,10" text="a"/>"#),
      line: 15, column: 27,
      path: "layout/View[v0]/View[v1]/View[v2]/… 7 elements …/View[v10]/View[v11]/View[v12]/"
        + "Label[deep]@frame[1]",
      message: "expected a number"),
    BadXML(
      name: "an unknown element deep in the tree, located by a shortened element path",
      xml: deep(#"<Label id="deep" text="a"><Bogus/></Label>"#),
      line: 15, column: 27,
      path: "layout/View[v0]/View[v1]/View[v2]/… 8 elements …/View[v11]/View[v12]/Label[deep]/"
        + "Bogus",
      message: "unknown element <Bogus> in <Label>"),
    BadXML(
      name: "malformed XML: an end tag that does not match",
      xml: layout(#"    <Label id="title" frame="20,40,280,60" text="Hi">"#),
      line: 4, column: 10, path: "layout/View[root]/Label[title]",
      message: "the end tag does not match <Label>"),
    BadXML(
      name: "malformed XML: an attribute value without quotes",
      xml: layout(#"    <Label id="title" frame=20/>"#),
      line: 3, column: 29, path: "layout/View[root]",
      message: "expected an attribute value in quotes"),
    BadXML(
      name: "malformed XML: the file ends inside an element",
      xml: "<layout designScreen=\"iPhone 5\">\n  <View id=\"root\">\n",
      line: 3, column: 1, path: "layout/View[root]",
      message: "unexpected end of file: <View> is not closed"),
    BadXML(
      name: "malformed XML: an undefined entity",
      xml: layout(#"    <Label id="t" text="Q&amp;A &nbsp;"/>"#),
      line: 3, column: 39, path: "layout/View[root]", message: "unknown entity"),
    BadXML(
      name: "a NUL among the first four bytes, which libxml2 takes for UCS-4",
      xml: "\0\0\0<layout/>",
      line: 1, column: 1, path: "", message: "a character that XML does not allow (U+0000)"),
    BadXML(
      name: "a NUL inside an element, located in its element",
      xml: layout("    <Label id=\"t\" text=\"a\0b\"/>"),
      line: 3, column: 26, path: "layout/View[root]",
      message: "a character that XML does not allow (U+0000)"),
    BadXML(
      name: "a processing instruction without data, which Foundation reads as a null string",
      xml: "<layout><?pi?></layout>",
      line: 1, column: 9, path: "",
      message: "a processing instruction needs data after its target, as in <?pi data?>"),
    BadXML(
      name: "a processing instruction without data before a NUL",
      xml: "<?pi?>\0<layout/>",
      line: 1, column: 1, path: "",
      message: "a processing instruction needs data after its target, as in <?pi data?>"),
    BadXML(
      name: "an XML declaration after the start",
      xml: "\n<?xml version=\"1.0\"?><layout/>",
      line: 2, column: 6, path: "",
      message: "an XML declaration must come first"),
    BadXML(
      name: "an XML declaration without data, which Foundation reads as a null string",
      xml: "<?xml?><layout/>",
      line: 1, column: 1, path: "",
      message: "an XML declaration needs a version, as in <?xml version=\"1.0\"?>"),
    BadXML(
      name: "a second encoding in the XML declaration, which libxml2 ignores for the first",
      xml: "<?xml version=\"1.0\" encoding=\"UTF7\" encoding=\"UTF-8\"?><layout/>",
      line: 1, column: 31, path: "", message: "unsupported encoding \"UTF7\""),
    BadXML(
      name: "two byte order marks",
      xml: "\u{FEFF}\u{FEFF}<layout/>",
      line: 1, column: 1, path: "", message: "a second byte order mark (U+FEFF)"),
    BadXML(
      name: "a number too large for a Double",
      xml: layout(#"    <Label id="t" frame="20,20,1e400,30"/>"#),
      line: 3, column: 32, path: "layout/View[root]/Label[t]@frame[2]",
      message: "number 1e400 is out of range"),
    BadXML(
      name: "a DOCTYPE",
      xml: "<!DOCTYPE layout [<!ENTITY e \"x\">]>\n<layout/>",
      line: 1, column: 1, path: "", message: "a DOCTYPE is not allowed"),
    BadXML(
      name: "a document element other than <layout>",
      xml: "<Layout designScreen=\"iPhone 5\"/>",
      line: 1, column: 2, path: "Layout", message: "expected <layout> as the document element"),
    BadXML(
      name: "unknown element",
      xml: layout(#"    <Slider id="volume" frame="20,20,280,30"/>"#),
      line: 3, column: 5, path: "layout/View[root]/Slider",
      message: "unknown element <Slider> in <View>; expected a widget"),
    BadXML(
      name: "unknown attribute",
      xml: layout(#"    <Label id="t" frame="20,20,280,30" colour="red"/>"#),
      line: 3, column: 40, path: "layout/View[root]/Label[t]@colour",
      message: "unknown key \"colour\""),
    BadXML(
      name: "frame with 3 numbers",
      xml: layout(#"    <Label id="t" frame="20, 20, 280"/>"#),
      line: 3, column: 26, path: "layout/View[root]/Label[t]@frame",
      message: "expected an array of 4 numbers [x, y, width, height], found 3 items"),
    BadXML(
      name: "a frame item that is not a number",
      xml: layout(#"    <Label id="t" frame="20,20,wide,30"/>"#),
      line: 3, column: 32, path: "layout/View[root]/Label[t]@frame[2]",
      message: "expected a number, found \"wide\""),
    BadXML(
      name: "numberOfLines=\"two\"",
      xml: layout(
        """
            <Label id="t" frame="20,20,280,30"
                numberOfLines="two"/>
        """),
      line: 4, column: 24, path: "layout/View[root]/Label[t]@numberOfLines",
      message: "expected a number, found \"two\""),
    BadXML(
      name: "a boolean attribute that is not true or false",
      xml: layout(#"    <Label id="t" scalesWithText="yes"/>"#),
      line: 3, column: 35, path: "layout/View[root]/Label[t]@scalesWithText",
      message: "expected true or false, found \"yes\""),
    BadXML(
      name: "two root widgets",
      xml: """
        <layout designScreen="iPhone 5">
          <View id="root" frame="0,0,320,568"/>
          <Label id="second" frame="0,0,320,40"/>
        </layout>
        """,
      line: 3, column: 3, path: "layout/Label[second]",
      message: "a layout has one root widget, found a second <Label>"),
    BadXML(
      name: "no root widget",
      xml: """
        <layout designScreen="iPhone 5">
          <adaptation policy="none"/>
        </layout>
        """,
      line: 1, column: 1, path: "layout", message: "no root widget"),
    BadXML(
      name: "text content in a Label",
      xml: layout(
        """
            <Label id="t" frame="20,20,280,30">
              Hello
            </Label>
        """),
      line: 4, column: 7, path: "layout/View[root]/Label[t]",
      message: "text content is not allowed in <Label>; use the text attribute"),
    BadXML(
      name: "bad autoFit mode",
      xml: layout(
        """
            <Label id="t" frame="20,20,280,30">
              <autoFit mode="squeeze"/>
            </Label>
        """),
      line: 4, column: 22, path: "layout/View[root]/Label[t]/autoFit@mode",
      message: "unknown value \"squeeze\"; expected one of \"shrink\""),
    BadXML(
      name: "an autoFit attribute that is neither true, false nor an element",
      xml: layout(#"    <Label id="t" autoFit="maybe"/>"#),
      line: 3, column: 28, path: "layout/View[root]/Label[t]@autoFit",
      message: "expected true, false or an object, found \"maybe\""),
    BadXML(
      name: "autoFit given both as an attribute and as an element",
      xml: layout(
        """
            <Label id="t" autoFit="false">
              <autoFit minimumSize="10"/>
            </Label>
        """),
      line: 3, column: 19, path: "layout/View[root]/Label[t]@autoFit",
      message: "autoFit is given both as an attribute and by a <autoFit> element"),
    BadXML(
      name: "a located error deep in the tree: a preset size in a nested widget without id",
      xml: layout(
        """
            <View id="panel" frame="0,0,320,300">
              <Label id="a" frame="0,0,100,20"/>
              <Label frame="0,20,100,20">
                <autoFit mode="presets"
                    sizes="24, x, 13"/>
              </Label>
            </View>
        """),
      line: 7, column: 24, path: "layout/View[root]/View[panel]/Label[1]/autoFit@sizes[1]",
      message: "expected a number, found \"x\""),
    BadXML(
      name: "a located error in the second adaptation's table",
      xml: """
        <layout designScreen="iPhone 5">
          <adaptation policy="none"/>
          <adaptation policy="increments">
            <row minWidth="0" increment="big"/>
          </adaptation>
          <View id="root"/>
        </layout>
        """,
      line: 4, column: 34, path: "layout/adaptation[1]/row[0]@increment",
      message: "expected a number, found \"big\""),
    BadXML(
      name: "an unknown design screen, named on <layout>",
      xml: "<layout designScreen=\"Commodore 64\"><View/></layout>",
      line: 1, column: 23, path: "layout@designScreen", message: "Commodore 64"),
    BadXML(
      name: "a text key on a View",
      xml: layout(#"    <View id="box" font="DejaVu Sans 17"/>"#),
      line: 3, column: 20, path: "layout/View[root]/View[box]@font",
      message: "unknown key \"font\" on a View"),
    BadXML(
      name: "a type attribute on a widget",
      xml: layout(#"    <Label id="t" type="Button"/>"#),
      line: 3, column: 19, path: "layout/View[root]/Label[t]@type",
      message: "the element's name is the widget's type"),
    BadXML(
      name: "an unsupported encoding",
      xml: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<layout/>",
      line: 1, column: 31, path: "", message: "unsupported encoding \"ISO-8859-1\""),
  ]
}
