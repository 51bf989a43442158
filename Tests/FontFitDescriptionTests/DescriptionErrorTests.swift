import FontFitDescription
import FontFitFontModel
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@Suite("Description file errors")
struct DescriptionErrorTests {
  @Test(
    "A bad layout is rejected with its file, line:column, key path and reason",
    arguments: DescriptionErrorTests.badLayouts)
  func badLayoutIsLocated(_ bad: BadLayout) throws {
    try Self.expectLocated(bad)
  }

  /// Checks that `bad` is refused with its file, line:column, key path and message.
  static func expectLocated(_ bad: BadLayout) throws {
    let catalog = ScreenCatalog.bundled
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(bad.json, file: "layout.json", catalog: catalog)
    }
    let error = try #require(thrown)
    #expect(error.file == "layout.json")
    #expect(error.line == bad.line)
    #expect(error.column == bad.column)
    #expect(error.keyPath == bad.keyPath)
    #expect(error.message.contains(bad.message), "message: \(error.message)")
    #expect(error.description.hasPrefix(bad.expectedPrefix), "description: \(error.description)")
  }

  @Test(
    "Many children, read on all cores, are the children read one at a time, and the first bad one is the error"
  )
  func manyChildrenReadInOrder() throws {
    // More children than one thread reads alone; every kind of text widget, fonts repeated.
    func child(_ index: Int, bad: Bool = false) -> String {
      let kinds = ["Label", "Button", "TextField", "TextView", "View"]
      let kind = kinds[index % kinds.count]
      let text = kind == "Button" ? "title" : kind == "TextField" ? "placeholder" : "text"
      let body =
        kind == "View"
        ? "" : ", \"font\": \"DejaVu Sans \(8 + index % 7)\", \"\(text)\": \"Item \(index)\""
      return "{\"type\": \"\(kind)\", \"id\": \"w\(index)\", \"frame\": [0, \(index), 100, 20]"
        + body + (bad ? ", \"numberOfLine\": 2" : "") + "}"
    }
    func layout(_ children: [String]) -> String {
      "{\"designScreen\": \"iPhone 5\", \"root\": {\"type\": \"View\", \"id\": \"root\", "
        + "\"frame\": [0, 0, 320, 568], \"children\": [\n" + children.joined(separator: ",\n")
        + "]}}"
    }
    let catalog = ScreenCatalog.bundled
    let many = try LayoutDocument.parse(
      layout((0..<1000).map { child($0) }), file: "many.json", catalog: catalog)
    #expect(many.root.children.count == 1000)
    for index in [0, 1, 2, 3, 4, 255, 256, 499, 998, 999] {
      let alone = try LayoutDocument.parse(
        layout([child(index)]), file: "one.json", catalog: catalog)
      #expect(many.root.children[index] == alone.root.children[0], "child \(index)")
    }
    // Two bad children: the first in the file's order is the error, wherever the threads
    // happen to read them.
    let bad = (0..<1000).map { child($0, bad: $0 == 700 || $0 == 900) }
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(layout(bad), file: "many.json", catalog: catalog)
    }
    #expect(thrown?.keyPath == "root.children[700].numberOfLine")
    #expect(thrown?.line == 702)
  }

  @Test("The message for an unknown design screen lists every catalog screen")
  func unknownScreenListsCatalog() throws {
    let catalog = ScreenCatalog.bundled
    let json = """
      { "designScreen": "Commodore 64",
        "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 200] } }
      """
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(json, file: "layout.json", catalog: catalog)
    }
    let error = try #require(thrown)
    #expect(catalog.screens.count == 11)
    for screen in catalog.screens {
      #expect(error.message.contains(screen.name), "\(screen.name) missing: \(error.message)")
    }
  }

  @Test("A file that cannot be read names the path and has no line or column")
  func missingFileNamesPath() throws {
    let path = "/nonexistent-\(UUID().uuidString)/layout.json"
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.load(path: path, catalog: ScreenCatalog.bundled)
    }
    let error = try #require(thrown)
    #expect(error.file == path)
    #expect(error.line == nil)
    #expect(error.column == nil)
    #expect(error.description.hasPrefix("\(path): "))
    #expect(error.message.contains("cannot be read"))
  }

  @Test("The bundled sample layout parses, designed for the iPhone 5")
  func bundledSampleParses() throws {
    let sample = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // FontFitDescriptionTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // package root
      .appendingPathComponent("Demo/Resources/sample.json")
    let document = try LayoutDocument.load(path: sample.path, catalog: ScreenCatalog.bundled)
    #expect(document.file == sample.path)
    #expect(document.designScreen == TestScreens.iPhone5)
    #expect(document.adaptation == .seedIncrements)
    #expect(document.root.kind == .view)
    #expect(document.root.children.count == 16)
    let kinds = Set(document.root.children.map(\.kind))
    #expect(kinds == [.label, .button, .textField, .textView])
  }
}
