// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FontFit",
  products: [
    .library(name: "FontFit", targets: ["FontFit"]),
    .library(name: "fontfit", type: .dynamic, targets: ["FontFitC"]),
    .executable(name: "demo", targets: ["demo"]),
    .executable(name: "bench", targets: ["FontFitBench"]),
  ],
  targets: [
    // C libraries, from Debian packages through pkg-config.
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
    .systemLibrary(
      name: "CICU",
      pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"])]
    ),
    .target(name: "CICUShim", dependencies: ["CICU"]),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .target(name: "CPNGShim", dependencies: ["CPNG"]),
    // HarfBuzz's runtime library only (libharfbuzz0b), linked by its soname: the API FontFit
    // uses is declared in the target's header, so the build needs no libharfbuzz-dev.
    .target(name: "CHarfBuzz", linkerSettings: [.linkedLibrary(":libharfbuzz.so.0")]),
    // libxml2's runtime library only (libxml2), linked by its soname the same way: CXML
    // declares the part of libxml2 it uses and wraps its SAX parser.
    .target(name: "CXML", linkerSettings: [.linkedLibrary(":libxml2.so.2")]),
    // libhyphen, opened at run time by its soname (libhyphen.so.0) when it is installed:
    // hyphenation by dictionary is optional, so neither building nor running needs it.
    .target(name: "CHyphen"),

    // The pipeline, one module per role; dependencies run one way, top to bottom.
    // Only FontFitFonts (and Render's PNG writer, Description's XML reader) links C; the modules
    // above the seam compile and test with no font stack at all.
    .target(name: "FontFitText"),
    .target(name: "FontFitFontModel", dependencies: ["FontFitText"]),
    .target(
      name: "FontFitFonts",
      dependencies: [
        "FontFitFontModel", "FontFitText", "CFontconfig", "CFreeType", "CICUShim", "CHarfBuzz",
        "CHyphen",
      ]
    ),
    .target(name: "FontFitEngine", dependencies: ["FontFitFontModel", "FontFitText"]),
    .target(
      name: "FontFitWidgets", dependencies: ["FontFitEngine", "FontFitFontModel", "FontFitText"]),
    .target(
      name: "FontFitDescription",
      dependencies: ["FontFitWidgets", "FontFitFontModel", "FontFitText", "CXML"]
    ),
    .target(
      name: "FontFitSnapshot",
      dependencies: ["FontFitWidgets", "FontFitFontModel", "FontFitText"]
    ),
    .target(
      name: "FontFitRender",
      dependencies: ["FontFitWidgets", "FontFitFontModel", "FontFitText", "CPNGShim"]
    ),
    .target(
      name: "FontFit",
      dependencies: [
        "FontFitText", "FontFitFontModel", "FontFitEngine", "FontFitFonts", "FontFitWidgets", "FontFitDescription", "FontFitSnapshot",
        "FontFitRender",
      ]
    ),
    .target(name: "FontFitC", dependencies: ["FontFit", "FontFitText"]),
    // The heap counter `bench --memory` reads; the bench's alone.
    .target(name: "CBenchSupport"),
    .executableTarget(
      name: "FontFitBench",
      dependencies: [
        "CBenchSupport",
        "FontFitDescription", "FontFitSnapshot", "FontFitFontModel", "FontFitFonts", "FontFitWidgets",
        "FontFitText", "FontFitEngine", "FontFitC", "FontFit",
      ],
      // The Pango peer is compiled by the bench at run time, only where Pango is installed.
      exclude: ["Peers/pango_peer.c"]
    ),
    .executableTarget(
      name: "demo",
      dependencies: ["FontFit"],
      path: "Demo",
      exclude: ["Projects"],
      resources: [.copy("Resources/sample.json"), .copy("Resources/sample.xml")]
    ),

    // Tests: one target per module, plus shared helpers.
    .target(
      name: "TestSupport",
      dependencies: ["FontFitText", "FontFitFontModel", "FontFitFonts", "FontFitWidgets"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "FontFitTextTests", dependencies: ["FontFitText", "TestSupport"]),
    .testTarget(
      name: "FontFitEngineTests",
      dependencies: [
        "FontFitEngine", "FontFitFontModel", "FontFitText", "FontFitWidgets", "TestSupport",
      ]
    ),
    .testTarget(
      name: "FontFitFontsTests",
      dependencies: ["FontFitFontModel", "FontFitFonts", "FontFitText", "FontFitEngine", "TestSupport"]
    ),
    .testTarget(
      name: "FontFitWidgetsTests",
      dependencies: ["FontFitWidgets", "FontFitFontModel", "FontFitFonts", "FontFitText", "TestSupport"]
    ),
    .testTarget(
      name: "FontFitDescriptionTests",
      dependencies: [
        "FontFitDescription", "FontFitSnapshot", "FontFitWidgets", "FontFitFontModel", "FontFitFonts", "FontFitText",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "FontFitSnapshotTests",
      dependencies: [
        "FontFitSnapshot", "FontFitDescription", "FontFitWidgets", "FontFitFontModel", "FontFitFonts", "FontFitText",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "FontFitRenderTests",
      dependencies: [
        "FontFitRender", "FontFitDescription", "FontFitWidgets", "FontFitFontModel", "FontFitFonts", "FontFitText",
        "TestSupport",
      ]
    ),
    .testTarget(name: "FontFitTests", dependencies: ["FontFit", "TestSupport"]),
    .testTarget(
      name: "DemoTests", dependencies: ["demo", "TestSupport"], exclude: ["Golden", "BadInput"]),
  ],
  swiftLanguageModes: [.v6]
)
