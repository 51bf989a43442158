import FontFitFontModel
import FontFitWidgets
import TestSupport
import Testing

@Suite("Screen catalog")
struct ScreenCatalogTests {
  static let catalog = ScreenCatalog(screens: [
    TestScreens.iPhone4s, TestScreens.iPhone5, TestScreens.iPhone6, TestScreens.iPhone6Plus,
  ])

  @Test("Names match without regard to case or surrounding spaces")
  func lookup() {
    #expect(Self.catalog["  IPHONE 6 plus "] == TestScreens.iPhone6Plus)
    #expect(Self.catalog["iphone 5"] == TestScreens.iPhone5)
    #expect(Self.catalog["iPhone 7"] == nil)
    #expect(Self.catalog[""] == nil)
  }

  @Test("A later screen replaces an earlier one of the same name in its place")
  func replaces() {
    var catalog = Self.catalog
    let tall = Screen(name: "IPHONE 5", width: 320, height: 600, scale: 2)
    let pad = Screen(name: "iPad", width: 768, height: 1024, scale: 2)
    catalog.add([tall, pad])
    #expect(
      catalog.screens == [
        TestScreens.iPhone4s, tall, TestScreens.iPhone6, TestScreens.iPhone6Plus, pad,
      ])
    #expect(catalog["iPhone 5"]?.height == 600)
    let duplicated = ScreenCatalog(screens: [TestScreens.iPhone5, tall])
    #expect(duplicated.screens == [tall])
  }

  @Test("The name list names the screens in catalog order")
  func nameList() {
    #expect(Self.catalog.nameList == "iPhone 4s, iPhone 5, iPhone 6, iPhone 6 Plus")
    #expect(ScreenCatalog(screens: []).nameList == "")
  }
}
