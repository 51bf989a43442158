import FontFitDescription
import FontFitFontModel
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@Suite("Stacks in description files")
struct StackDescriptionTests {
  /// A one-line layout whose root is a screen-sized stack holding `child`.
  static func layout(_ child: String, root: String = "Stack") -> String {
    #"{ "designScreen": "iPhone 5", "root": { "type": ""# + root
      + #"", "frame": [0, 0, 320, 568], "children": [ "# + child + " ] } }"
  }

  static let badValues: [BadValue] = [
    BadValue(
      name: "wraps that is not a boolean", child: #"{ "type": "Stack", "wraps": "yes" }"#,
      at: #""yes""#, keyPath: "root.children[0].wraps", message: "expected true or false"),
    BadValue(
      name: "insets of three numbers",
      child: #"{ "type": "Button", "title": "OK", "insets": [1, 2, 3] }"#, at: "[1, 2, 3]",
      keyPath: "root.children[0].insets", message: "found 3 items"),
    BadValue(
      name: "a negative inset", child: #"{ "type": "TextField", "insets": [2, -4] }"#,
      at: "-4", keyPath: "root.children[0].insets[1]", message: "expected a number ≥ 0"),
    BadValue(
      name: "insets as a string", child: #"{ "type": "Label", "insets": "4" }"#, at: #""4""#,
      keyPath: "root.children[0].insets", message: "found a string"),
    BadValue(
      name: "a placeholder colour on a label",
      child: ##"{ "type": "Label", "placeholderColor": "#999999" }"##, at: #""placeholderColor""#,
      keyPath: "root.children[0].placeholderColor", message: "unknown key \"placeholderColor\""),
    BadValue(
      name: "a bad placeholder colour",
      child: #"{ "type": "TextField", "placeholderColor": "grey" }"#, at: #""grey""#,
      keyPath: "root.children[0].placeholderColor", message: "expected a colour"),
    BadValue(
      name: "a distribution on a scroll view",
      child: #"{ "type": "ScrollView", "distribution": "equal" }"#, at: #""distribution""#,
      keyPath: "root.children[0].distribution", message: "unknown key \"distribution\""),
    BadValue(
      name: "a frame in a scroll view", child: #"{ "type": "Label", "frame": [0, 0, 10, 10] }"#,
      root: "ScrollView", at: "[0, 0, 10, 10]", keyPath: "root.children[0].frame",
      message: "has no frame"),
    BadValue(
      name: "mirrorsInRightToLeft that is not a boolean",
      child: #"{ "type": "View", "mirrorsInRightToLeft": 1 }"#, at: "1 }",
      keyPath: "root.children[0].mirrorsInRightToLeft", message: "expected true or false"),
    BadValue(
      name: "an unknown axis", child: #"{ "type": "Stack", "axis": "diagonal" }"#,
      at: #""diagonal""#, keyPath: "root.children[0].axis", message: "vertical"),
    BadValue(
      name: "an unknown layout direction",
      child: #"{ "type": "Stack", "layoutDirection": "up" }"#, at: #""up""#,
      keyPath: "root.children[0].layoutDirection", message: "rightToLeft"),
  ]

  @Test("A bad stack value is a located error naming what was expected", arguments: badValues)
  func badValueIsLocated(_ bad: BadValue) throws {
    try bad.expectLocated(in: Self.layout(bad.child, root: bad.root))
  }

  @Test("Every stack key reads the same from XML as from JSON, and builds the same widgets")
  func xmlMatchesJSON() throws {
    let xml = """
      <layout designScreen="iPhone 5">
        <Stack id="root" frame="0,0,320,568" spacing="8" padding="4,8,4,8" alignment="center"
            distribution="fill" layoutDirection="rightToLeft">
          <Stack id="chips" axis="horizontal" wraps="true" spacing="6" minHeight="20"
              maxHeight="200" grow="1" shrink="0.5">
            <Button id="a" title="A" insets="2,6"/>
            <Button id="b" title="B" insets="3"/>
          </Stack>
          <Spacer id="gap" minWidth="4" maxWidth="40"/>
          <TextField id="name" insets="0,4,0,12" placeholder="Name" placeholderColor="#99999980"/>
          <ScrollView id="terms" axis="vertical" spacing="2" padding="1">
            <Label id="t" text="Terms"/>
          </ScrollView>
          <View id="bar" minHeight="20"><View id="icon" frame="0,0,20,20" mirrorsInRightToLeft="true"/></View>
        </Stack>
      </layout>
      """
    let json = """
      { "designScreen": "iPhone 5",
        "root": { "type": "Stack", "id": "root", "frame": [0, 0, 320, 568], "spacing": 8,
          "padding": [4, 8, 4, 8], "alignment": "center", "distribution": "fill",
          "layoutDirection": "rightToLeft", "children": [
          { "type": "Stack", "id": "chips", "axis": "horizontal", "wraps": true, "spacing": 6,
            "minHeight": 20, "maxHeight": 200, "grow": 1, "shrink": 0.5, "children": [
              { "type": "Button", "id": "a", "title": "A", "insets": [2, 6] },
              { "type": "Button", "id": "b", "title": "B", "insets": 3 } ] },
          { "type": "Spacer", "id": "gap", "minWidth": 4, "maxWidth": 40 },
          { "type": "TextField", "id": "name", "insets": [0, 4, 0, 12], "placeholder": "Name",
            "placeholderColor": "#99999980" },
          { "type": "ScrollView", "id": "terms", "axis": "vertical", "spacing": 2, "padding": 1,
            "children": [ { "type": "Label", "id": "t", "text": "Terms" } ] },
          { "type": "View", "id": "bar", "minHeight": 20, "children": [
            { "type": "View", "id": "icon", "frame": [0, 0, 20, 20], "mirrorsInRightToLeft": true } ] }
        ] } }
      """
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("StackDescriptionTests-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fromXML = try LayoutDocument.load(path: directory.path, catalog: ScreenCatalog.bundled)
    let fromJSON = try LayoutDocument.parse(json, file: "layout.json", catalog: .bundled)
    #expect(fromXML.root == fromJSON.root)
    let root = try #require(fromJSON.root.makeWidget() as? Stack)
    #expect(root.padding == EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
    #expect(root.alignment == .center)
    #expect(root.layoutDirection == .rightToLeft)
    let chips = try #require(root.child(withID: "chips") as? Stack)
    #expect(chips.wraps && chips.axis == .horizontal && chips.spacing == 6)
    #expect(chips.grow == 1 && chips.shrink == 0.5)
    #expect(chips.sizeLimits == SizeLimits(minHeight: 20, maxHeight: 200))
    let a = try #require(root.child(withID: "a") as? Button)
    #expect(a.contentInsets == EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6))
    #expect((root.child(withID: "b") as? Button)?.contentInsets == EdgeInsets(all: 3))
    let field = try #require(root.child(withID: "name") as? TextField)
    #expect(field.contentInsets == EdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 12))
    #expect(field.placeholderColor == Color(hex: "#99999980"))
    let terms = try #require(root.child(withID: "terms") as? ScrollView)
    #expect(terms.kind == .scrollView && terms.spacing == 2 && terms.padding == EdgeInsets(all: 1))
    #expect(terms.grow == 1, "a scroll view takes what is left unless it says otherwise")
    #expect(root.child(withID: "gap") is Spacer)
    #expect(root.child(withID: "icon")?.mirrorsInRightToLeft == true)
    // A button without insets keeps its default.
    let plain = try LayoutDocument.parse(
      Self.layout(#"{ "type": "Button", "id": "x", "title": "X" }"#), file: "layout.json",
      catalog: .bundled)
    #expect(
      (plain.root.makeWidget().child(withID: "x") as? Button)?.contentInsets
        == Button.defaultContentInsets)
  }
}
