// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FontFit",
  products: [
    .library(name: "FontFit", targets: ["Widgets", "TextLayout", "FontKit"]),
    .executable(name: "demo", targets: ["demo"]),
  ],
  targets: [
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc")]
    ),
    .target(name: "TextLayout"),
    .target(name: "FontKit", dependencies: ["TextLayout", "CFontconfig", "CFreeType", "CICU"]),
    .target(
      name: "Widgets",
      dependencies: ["FontKit", "TextLayout"],
      resources: [.copy("Resources/screens.json")]
    ),
    .executableTarget(
      name: "demo",
      dependencies: ["Widgets"],
      path: "Demo",
      resources: [.copy("Resources/sample.json")]
    ),
    .target(name: "TestSupport", dependencies: ["TextLayout"], path: "Tests/TestSupport"),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"]),
    .testTarget(name: "FontKitTests", dependencies: ["FontKit", "TextLayout"]),
    .testTarget(
      name: "WidgetsTests", dependencies: ["Widgets", "FontKit", "TextLayout", "TestSupport"]),
    .testTarget(name: "DemoTests", dependencies: ["demo"]),
  ],
  swiftLanguageModes: [.v6]
)
