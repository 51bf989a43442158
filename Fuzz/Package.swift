// swift-tools-version: 6.0
// libFuzzer targets for FontFit (issue 12.6), built apart from the main package so that its own
// build never needs the fuzzer runtime: `scripts/fuzz` builds them with
// `-sanitize=fuzzer,address` and runs them on the corpora in Corpus/.
import PackageDescription

let package = Package(
  name: "FontFitFuzz",
  products: [
    .executable(name: "description-json", targets: ["FuzzDescriptionJSON"]),
    .executable(name: "description-xml", targets: ["FuzzDescriptionXML"]),
    .executable(name: "font-name", targets: ["FuzzFontName"]),
    .executable(name: "fit", targets: ["FuzzFit"]),
    .executable(name: "large-input", targets: ["FuzzLargeInput"]),
    .executable(name: "markup", targets: ["FuzzMarkup"]),
  ],
  dependencies: [.package(name: "FontFit", path: "..")],
  targets: [
    // What the targets share: reading the fuzzer's bytes, reporting a broken property, and a
    // shaper that measures with arithmetic so that no target depends on the installed fonts.
    .target(
      name: "FuzzSupport",
      dependencies: ["CLibFuzzer", .product(name: "FontFit", package: "FontFit")]),
    // The declaration of libFuzzer's driver, which each target's main.swift runs.
    .target(name: "CLibFuzzer"),
    .executableTarget(name: "FuzzDescriptionJSON", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzDescriptionXML", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzFontName", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzFit", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzLargeInput", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzMarkup", dependencies: ["FuzzSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
