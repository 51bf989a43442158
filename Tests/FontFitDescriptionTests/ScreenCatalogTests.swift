import FontFitDescription
import FontFitFontModel
import FontFitWidgets
import Foundation
import TestSupport
import Testing

/// Writes `text` to a new temporary file and returns its path.
private func temporaryFile(_ text: String) throws -> String {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("screens-\(UUID().uuidString).json")
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

@Suite("ScreenCatalog.bundled")
struct ScreenCatalogTests {
  @Test("The bundled catalog has 11 screens, the seeds' iPhones first")
  func bundledScreens() throws {
    let catalog = ScreenCatalog.bundled
    #expect(catalog.screens.count == 11)
    #expect(
      Array(catalog.screens.prefix(4)) == [
        TestScreens.iPhone4s, TestScreens.iPhone5, TestScreens.iPhone6, TestScreens.iPhone6Plus,
      ])
    #expect(Set(catalog.screens.map { $0.name.lowercased() }).count == 11, "names are unique")
    for screen in catalog.screens {
      #expect(screen.width > 0 && screen.height > 0 && screen.scale > 0, "\(screen.name)")
    }
  }

  @Test("The compiled-in catalog is the one docs/screens.json shows as a catalog file")
  func bundledMatchesTheDocumentedFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var documented = ScreenCatalog(screens: [])
    try documented.addScreens(fromFile: root.appendingPathComponent("docs/screens.json").path)
    #expect(documented.screens == ScreenCatalog.bundled.screens)
  }

  @Test("The iPhone 5, the seeds' design screen, is 320×568 at 2x")
  func iPhone5() throws {
    let screen = try #require(ScreenCatalog.bundled["iPhone 5"])
    #expect(screen.width == 320)
    #expect(screen.height == 568)
    #expect(screen.scale == 2)
  }

  @Test(
    "Names are found ignoring case and surrounding spaces",
    arguments: ["iphone 6 plus", "IPHONE 6 PLUS", "  iPhone 6 Plus ", "iPhone 6 plus"])
  func caseInsensitiveNames(name: String) throws {
    #expect(ScreenCatalog.bundled[name] == TestScreens.iPhone6Plus)
  }

  @Test("A name not in the catalog finds nothing, and its message lists every screen")
  func unknownName() throws {
    let catalog = ScreenCatalog.bundled
    #expect(catalog["iPhone 6 Plus Plus"] == nil)
    #expect(catalog["iPhone"] == nil)
    let message = catalog.unknownScreenMessage("iPhone 99")
    #expect(message.hasPrefix("unknown screen \"iPhone 99\"; known screens: iPhone 4s, iPhone 5,"))
    for screen in catalog.screens {
      #expect(message.contains(screen.name))
    }
  }

  @Test("addScreens(fromFile:) adds new screens at the end, with scale 1 when not given")
  func addScreensAdds() throws {
    let path = try temporaryFile(
      """
      {"screens": [{"name": "Kiosk", "width": 1024, "height": 600},
                   {"name": "Watch", "width": 184, "height": 224, "scale": 2}]}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var catalog = ScreenCatalog.bundled
    try catalog.addScreens(fromFile: path)
    #expect(catalog.screens.count == 13)
    #expect(
      Array(catalog.screens.suffix(2)) == [
        Screen(name: "Kiosk", width: 1024, height: 600, scale: 1),
        Screen(name: "Watch", width: 184, height: 224, scale: 2),
      ])
    #expect(catalog["kiosk"]?.width == 1024)
    #expect(Array(catalog.screens.prefix(11)) == (ScreenCatalog.bundled).screens)
  }

  @Test("addScreens(fromFile:) replaces a screen of the same name, ignoring case, in place")
  func addScreensReplaces() throws {
    let path = try temporaryFile(
      #"{"screens": [{"name": "IPHONE 5", "width": 321, "height": 569, "scale": 3}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var catalog = ScreenCatalog.bundled
    try catalog.addScreens(fromFile: path)
    #expect(catalog.screens.count == 11)
    #expect(catalog.screens[1] == Screen(name: "IPHONE 5", width: 321, height: 569, scale: 3))
    #expect(catalog["iPhone 5"]?.width == 321)
  }

  @Test("A damaged catalog file is a located error and leaves the catalog unchanged")
  func addScreensError() throws {
    let path = try temporaryFile(
      """
      {"screens": [
        {"name": "Kiosk", "width": 1024, "height": 600},
        {"name": "Broken", "width": -1, "height": 600}
      ]}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var catalog = ScreenCatalog.bundled
    let thrown = #expect(throws: DescriptionError.self) {
      try catalog.addScreens(fromFile: path)
    }
    let error = try #require(thrown)
    #expect(error.file == path)
    #expect(error.line == 3)
    #expect(error.column == 31)
    #expect(error.keyPath == "screens[1].width")
    #expect(error.message == "expected a positive number, found -1")
    #expect(catalog == (ScreenCatalog.bundled))
  }

  @Test("A catalog file that cannot be read names its path")
  func addScreensMissingFile() throws {
    let path = "/nonexistent-\(UUID().uuidString)/screens.json"
    var catalog = ScreenCatalog.bundled
    let thrown = #expect(throws: DescriptionError.self) {
      try catalog.addScreens(fromFile: path)
    }
    #expect(thrown?.file == path)
    #expect(thrown?.message.contains("cannot be read") == true)
  }
}
