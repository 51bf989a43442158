import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

/// The `markup` key of description files (issue 24): JSON and XML, strings tables,
/// pseudo-localisation, and errors located at the value with the offset inside the markup.
@Suite("Markup in description files (issue 24)")
struct MarkupDescriptionTests {
  /// A one-line layout whose root view holds `child`.
  static func layout(_ child: String) -> String {
    #"{ "designScreen": "iPhone 5", "root": { "type": "View", "frame": [0, 0, 320, 568], "#
      + #""children": [ "# + child + " ] } }"
  }

  static let label = #"{ "type": "Label", "id": "total", "frame": [0, 0, 200, 40], "#

  @Test("A label's markup reaches the widget as its plain text and styled runs")
  func markupReachesWidget() throws {
    let json = Self.layout(
      Self.label + #""markup": "Total <b>42,00 €</b> <small>incl. VAT</small>" }"#)
    let document = try LayoutDocument.parse(json, file: "layout.json", catalog: .bundled)
    let label = try #require(document.root.makeWidget().child(withID: "total") as? Label)
    #expect(label.text == "Total 42,00 € incl. VAT")
    #expect(label.markup == "Total <b>42,00 €</b> <small>incl. VAT</small>")
    #expect(label.textStyles.map(\.range) == [6..<15, 16..<25])
    // Setting plain text drops the styles.
    label.text = "Total"
    #expect(label.textStyles.isEmpty && label.markup == nil)
  }

  @Test("XML's escaped markup attribute reads as JSON's markup")
  func xmlMatchesJSON() throws {
    let xml = """
      <layout designScreen="iPhone 5">
        <View frame="0,0,320,568">
          <Label id="total" frame="0,0,200,40"
              markup="Total &lt;b&gt;42,00 €&lt;/b&gt; &lt;small&gt;incl. VAT&lt;/small&gt;"/>
          <Button id="pay" frame="0,50,200,40" markup="Pay &lt;i&gt;now&lt;/i&gt;"/>
          <TextView id="notes" frame="0,100,200,60"><markup>Read the &lt;span foreground="#007AFF"&gt;terms&lt;/span&gt; &amp;amp; sign</markup></TextView>
        </View>
      </layout>
      """
    let json = Self.layout(
      Self.label + #""markup": "Total <b>42,00 €</b> <small>incl. VAT</small>" }, "#
        + #"{ "type": "Button", "id": "pay", "frame": [0, 50, 200, 40], "#
        + #""markup": "Pay <i>now</i>" }, "#
        + #"{ "type": "TextView", "id": "notes", "frame": [0, 100, 200, 60], "#
        + ##""markup": "Read the <span foreground=\"#007AFF\">terms</span> &amp; sign" }"##)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("MarkupDescriptionTests-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let fromXML = try LayoutDocument.load(path: file.path, catalog: .bundled)
    let fromJSON = try LayoutDocument.parse(json, file: "layout.json", catalog: .bundled)
    #expect(fromXML.root == fromJSON.root)
    let notes = try #require(fromXML.root.makeWidget().child(withID: "notes") as? TextView)
    #expect(notes.text == "Read the terms & sign")
    let pay = try #require(fromXML.root.makeWidget().child(withID: "pay") as? Button)
    #expect(pay.text == "Pay now")
    #expect(pay.textStyles.first?.style.slant == .italic)
  }

  @Test("Tags inside an XML <markup> element must be escaped, and the error says so")
  func xmlMarkupElementNeedsEscaping() throws {
    let xml = """
      <layout designScreen="iPhone 5">
        <View frame="0,0,320,568">
          <Label id="total" frame="0,0,200,40"><markup>Total <b>42</b></markup></Label>
        </View>
      </layout>
      """
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("MarkupDescriptionTests-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.load(path: file.path, catalog: .bundled)
    }
    let error = try #require(thrown)
    #expect(error.line == 3)
    #expect(error.message.contains("escape the markup (&lt;b&gt;)"), "\(error.message)")
  }

  @Test(
    "A bad markup is located at its value, with the offset inside the markup",
    arguments: [
      BadValue(
        name: "an unclosed tag", child: label + #""markup": "Total <b>42" }"#,
        at: #""Total <b>42""#, keyPath: "root.children[0].markup",
        message: "at offset 6 of the markup: <b> is never closed"),
      BadValue(
        name: "an unknown attribute", child: label + #""markup": "<span colour='red'>x</span>" }"#,
        at: #""<span"#, keyPath: "root.children[0].markup",
        message: "at offset 6 of the markup: unknown attribute colour"),
      BadValue(
        name: "a bad size", child: label + #""markup": "<span size='huge'>x</span>" }"#,
        at: #""<span"#, keyPath: "root.children[0].markup",
        message: "offset 11 of the markup: size \"huge\" is not a size"),
      BadValue(
        name: "markup and text together",
        child: label + #""text": "Total", "markup": "<b>Total</b>" }"#, at: #""<b>"#,
        keyPath: "root.children[0].markup", message: "markup and text both set the text"),
      BadValue(
        name: "markup on a View", child: #"{ "type": "View", "markup": "<b>x</b>" }"#,
        at: #""markup""#, keyPath: "root.children[0].markup", message: "text widgets"),
    ])
  func badMarkupIsLocated(_ bad: BadValue) throws {
    try bad.expectLocated(in: Self.layout(bad.child))
  }

  @Test("A strings table's markup is read as markup, and its errors name the string")
  func stringsTable() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MarkupDescriptionTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(
      #"{ "total": "Gesamt <b>42,00 €</b>", "broken": "Gesamt <b>42" }"#.utf8
    ).write(to: folder.appendingPathComponent("de.json"))
    let table = try Localization.table(in: folder.path, locale: "de")
    let good = try LayoutDocument.parse(
      Self.layout(Self.label + #""markup": "@total" }"#), file: "layout.json", catalog: .bundled,
      localization: table)
    let label = try #require(good.root.makeWidget().child(withID: "total") as? Label)
    #expect(label.text == "Gesamt 42,00 €")
    #expect(label.textStyles.first?.style.weight == .bold)
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(
        Self.layout(Self.label + #""markup": "@broken" }"#), file: "layout.json",
        catalog: .bundled, localization: table)
    }
    let error = try #require(thrown)
    #expect(error.keyPath == "root.children[0].markup")
    #expect(error.message.contains("the string \"broken\" of locale de"), "\(error.message)")
    #expect(error.message.contains("at offset 7 of the markup: <b> is never closed"))
  }

  @Test("Pseudo-localisation accents a markup's text and lengthens it, keeping every tag")
  func pseudoLocalisation() throws {
    for markup in [
      "Total <b>42,00 €</b> <small>incl. VAT</small>", "<i>Settings</i>",
      "Fish &amp; <span foreground=\"#C00000\">chips</span>", "plain",
    ] {
      let pseudo = Localization.pseudoLocalizedMarkup(markup)
      let original = try Markup.parse(markup)
      let styled = try Markup.parse(pseudo)
      #expect(styled.runs.map(\.style) == original.runs.map(\.style), "\(pseudo)")
      #expect(styled.text.count > original.text.count, "\(pseudo)")
      #expect(styled.text.hasPrefix("[") && styled.text.hasSuffix("]"), "\(pseudo)")
      #expect(styled.text == Localization.pseudoLocalized(original.text), "\(pseudo)")
    }
  }

  /// A layout of one widget, laid out on the iPhone 5 with real fonts.
  static func laidOut(_ child: String) throws -> View {
    let document = try LayoutDocument.parse(
      layout(child), file: "layout.json", catalog: .bundled)
    let screen = try #require(ScreenCatalog.bundled["iPhone 5"])
    let tree = document.makeTree(on: screen, shaper: try FontSystem.shared())
    tree.layoutIfNeeded()
    return tree
  }

  @Test("A field's runs slice the text it lays out, its line separators turned to spaces")
  func singleLineOffsets() throws {
    let tree = try Self.laidOut(
      #"{ "type": "TextField", "id": "f", "frame": [0, 0, 300, 40], "#
        + #""markup": "Line1\r\n<b>Bold</b>\u2028<i>It</i>" }"#)
    let snapshot = try LayoutSnapshot(trees: [tree])
    let field = try #require(snapshot.screens.first?.root.children.first?.text)
    #expect(field.lines == ["Line1 Bold It"])
    #expect(field.runs.map(\.text) == ["Bold", "It"])
    #expect(field.runs.map(\.start) == [6, 11])
  }

  @Test("Under reject overflow, the text kept is the last accepted one with its styles")
  func rejectKeepsStyles() throws {
    let tree = try Self.laidOut(
      #"{ "type": "Label", "id": "l", "frame": [0, 0, 120, 30], "numberOfLines": 1, "#
        + #""overflow": "reject", "markup": "<small>Total</small>" }"#)
    let label = try #require(tree.child(withID: "l") as? Label)
    #expect(label.layout?.shownText == "Total")
    // The same plain text, too big in its new styles: refused, and the old styles kept.
    try label.setMarkup(
      String(repeating: "<big>", count: 8) + "Total" + String(repeating: "</big>", count: 8))
    tree.layoutIfNeeded()
    let layout = try #require(label.layout)
    #expect(layout.rejection != nil)
    #expect(layout.shownText == "Total")
    #expect(layout.styles.first?.style.size == .relative(1 / 1.2))
  }
}
