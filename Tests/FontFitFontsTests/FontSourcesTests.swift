import FontFitFontModel
import FontFitText
import Foundation
import Testing

@testable import FontFitFonts

@Suite("Font sources: application font directories and only-these-fonts directories")
struct FontSourcesTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
  static let microHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
  static let mono = dejaVu + "DejaVuSansMono.ttf"

  /// Families and generic names that all resolve, whatever is installed.
  static let names = [
    "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "WenQuanYi Micro Hei", "Noto Sans CJK SC",
    "No Such Family", "sans-serif", "serif", "monospace",
  ]

  @Test("With only a directory's fonts, no system font is loaded, resolved or fallen back on")
  func onlyDirectoryFonts() throws {
    let directory = try ScratchFontDirectory(copying: [Self.mono], prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: .only([directory.path]))
    #expect(try fonts.resolver.fontFiles() == [directory.file("DejaVuSansMono.ttf")])
    for name in Self.names {
      let resolved = try fonts.resolve(FontDescriptor(family: name))
      #expect(resolved.file == directory.file("DejaVuSansMono.ttf"), "\(name)")
      #expect(resolved.family == "DejaVu Sans Mono", "\(name)")
      let generic = ["sans-serif", "serif", "monospace"].contains(name)
      #expect(resolved.isSubstitution == (name != "DejaVu Sans Mono" && !generic), "\(name)")
      let chain = try fonts.explain(FontDescriptor(family: name), language: Language("zh-CN"))
      #expect(chain.fallbackChain.allSatisfy { directory.holds($0.file) }, "\(name)")
    }
  }

  @Test(
    "With only a directory's fonts, Fontconfig's rules still map generic names to its fonts",
    arguments: [
      ("sans-serif", "DejaVuSans.ttf"), ("serif", "DejaVuSerif.ttf"),
      ("monospace", "DejaVuSansMono.ttf"), ("Arial", "DejaVuSans.ttf"),
      ("Times New Roman", "DejaVuSerif.ttf"),
    ])
  func genericNames(name: String, file: String) throws {
    let files = ["DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSansMono.ttf"]
    let directory = try ScratchFontDirectory(
      copying: files.map { Self.dejaVu + $0 }, prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: .only([directory.path]))
    #expect(try fonts.resolve(FontDescriptor(family: name)).file == directory.file(file))
  }

  @Test(
    "With only a Latin font, a mixed Latin and CJK text reports its CJK characters missing",
    arguments: ["sans-serif", "DejaVu Sans"], [nil, "zh-CN"])
  func cjkMissing(family: String, language: String?) throws {
    let directory = try ScratchFontDirectory(copying: [Self.mono], prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: .only([directory.path]))
    let shaped = try fonts.shape(
      "Hello 中文 world", font: FontDescriptor(family: family),
      options: ShapingOptions(language: language.map { try Language($0) }))
    #expect(shaped.missingCharacters == ["中", "文"])
    #expect(shaped.fonts.map(\.file) == [directory.file("DejaVuSansMono.ttf")])
  }

  @Test("With only a directory's fonts, CJK text falls back on the directory's CJK font")
  func cjkFallbackInDirectory() throws {
    let directory = try ScratchFontDirectory(
      copying: [Self.dejaVu + "DejaVuSans.ttf", Self.microHei], prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: .only([directory.path]))
    let shaped = try fonts.shape("Hello 中文 world", font: FontDescriptor(family: "DejaVu Sans"))
    #expect(shaped.missingCharacters.isEmpty)
    #expect(
      shaped.fonts.map(\.file)
        == [directory.file("DejaVuSans.ttf"), directory.file("wqy-microhei.ttc")])
    let serif = try fonts.resolve(FontDescriptor(family: "DejaVu Serif"))
    #expect(serif.file == directory.file("DejaVuSans.ttf") && serif.isSubstitution)
  }

  @Test("An application directory adds its fonts to the system's, which stay resolvable")
  func applicationDirectory() throws {
    let directory = try ScratchFontDirectory(copying: [Self.mono], prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: FontSources(directories: [directory.path]))
    let files = try fonts.resolver.fontFiles()
    #expect(files.contains(directory.file("DejaVuSansMono.ttf")))
    #expect(files.contains(Self.dejaVu + "DejaVuSerif.ttf"))
    let serif = try fonts.resolve(FontDescriptor(family: "DejaVu Serif"))
    #expect(serif.file == Self.dejaVu + "DejaVuSerif.ttf" && !serif.isSubstitution)
    // The copy and the installed file are the same face; Fontconfig may choose either.
    let mono = try fonts.resolve(FontDescriptor(family: "DejaVu Sans Mono"))
    #expect([Self.mono, directory.file("DejaVuSansMono.ttf")].contains(mono.file))
    #expect(!mono.isSubstitution)
    #expect(
      try fonts.shape("中", font: FontDescriptor(family: "DejaVu Sans")).missingCharacters
        .isEmpty)
  }

  @Test("The default font system has the system's fonts and no others")
  func defaultSources() throws {
    let fonts = try FontSystem()
    #expect(fonts.sources == .system)
    #expect(try FontSystem.shared().sources == .system)
    let files = try fonts.resolver.fontFiles()
    #expect(files.contains(Self.dejaVu + "DejaVuSans.ttf"))
    #expect(files.allSatisfy { !$0.hasPrefix(FileManager.default.temporaryDirectory.path) })
  }

  @Test("Font systems of different sources never answer with each other's fonts")
  func separateCaches() throws {
    let directory = try ScratchFontDirectory(copying: [Self.mono], prefix: "FontSourcesTests")
    let only = try FontSystem(sources: .only([directory.path]))
    let system = try FontSystem.shared()
    let sans = FontDescriptor(family: "DejaVu Sans")
    for _ in 0..<2 {
      #expect(try system.resolve(sans).file == Self.dejaVu + "DejaVuSans.ttf")
      #expect(try only.resolve(sans).file == directory.file("DejaVuSansMono.ttf"))
      #expect(try system.shape("Hi 中", font: sans).missingCharacters.isEmpty)
      #expect(try only.shape("Hi 中", font: sans).missingCharacters == ["中"])
      #expect(
        try only.shape("Hi 中", font: sans).fonts.map(\.file)
          == [directory.file("DejaVuSansMono.ttf")])
    }
  }

  @Test(
    "A directory that is missing, empty, holds no font or is a file is an error naming it",
    arguments: [true, false])
  func badDirectories(includesSystemFonts: Bool) throws {
    let directory = try ScratchFontDirectory(copying: [], prefix: "FontSourcesTests")
    let missing = directory.file("missing")
    let textOnly = directory.file("text")
    try FileManager.default.createDirectory(atPath: textOnly, withIntermediateDirectories: false)
    try Data("not a font".utf8).write(to: URL(fileURLWithPath: textOnly + "/font.ttf"))
    let cases = [
      (missing, "does not exist"), (directory.path, "holds no font file"),
      (textOnly, "holds no font file"), (textOnly + "/font.ttf", "is not a directory"),
    ]
    for (path, reason) in cases {
      let sources = FontSources(directories: [path], includesSystemFonts: includesSystemFonts)
      let error = #expect(throws: FontError.self) { try FontSystem(sources: sources) }
      #expect(error?.file == path)
      #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
      #expect(error?.description.contains(path) == true)
    }
  }

  @Test("A good directory does not excuse a bad one, and only-fonts needs a directory")
  func badAmongGood() throws {
    let directory = try ScratchFontDirectory(copying: [Self.mono], prefix: "FontSourcesTests")
    let missing = directory.path + "-missing"
    let error = #expect(throws: FontError.self) {
      try FontSystem(sources: .only([directory.path, missing]))
    }
    #expect(error?.file == missing)
    #expect(throws: FontError.self) { try FontSystem(sources: .only([])) }
    // The same directory twice, or spelt with a trailing slash, is accepted.
    let twice = try FontSystem(sources: .only([directory.path, directory.path + "/"]))
    #expect(try twice.resolve(FontDescriptor(family: "serif")).file.hasPrefix(directory.path))
  }

  @Test("explain reports the substitution and a chain starting with the resolved face")
  func explain() throws {
    let files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"]
    let directory = try ScratchFontDirectory(
      copying: files.map { Self.dejaVu + $0 } + [Self.microHei], prefix: "FontSourcesTests")
    let fonts = try FontSystem(sources: .only([directory.path]))

    let serif = try fonts.explain(FontDescriptor(family: "DejaVu Serif"))
    #expect(serif.resolved.isSubstitution)
    #expect(serif.resolved.family != "DejaVu Serif")
    #expect(serif.fallbackChain.first == serif.resolved)
    #expect(serif.description.contains("substitution: yes"))

    let bold = try fonts.explain(FontDescriptor(family: "DejaVu Sans", weight: .bold))
    #expect(!bold.resolved.isSubstitution)
    #expect(bold.resolved.file == directory.file("DejaVuSans-Bold.ttf"))
    #expect(bold.resolved.weight == .bold)
    #expect(bold.fallbackChain.first == bold.resolved)
    #expect(bold.fallbackChain.contains { $0.file == directory.file("wqy-microhei.ttc") })
    let keys = bold.fallbackChain.map { FaceKey($0) }
    #expect(Set(keys).count == keys.count)
    #expect(bold.fallbackChain.allSatisfy { directory.holds($0.file) })
    #expect(bold.description.contains("substitution: no"))
    #expect(bold.description.contains("1. DejaVu Sans Bold: " + directory.file(files[1])))

    let chinese = try fonts.explain(FontDescriptor(family: "sans-serif"), language: Language("zh"))
    #expect(!chinese.resolved.isSubstitution)
    #expect(chinese.description.contains("language zh"))
  }

  @Test("The system's fallback chain is cut at the limit, each face once")
  func chainLimit() throws {
    let resolution = try FontSystem.shared().explain(FontDescriptor(family: "DejaVu Sans"))
    #expect(resolution.fallbackChain.count <= FontResolution.chainLimit)
    #expect(resolution.fallbackChain.first == resolution.resolved)
    let keys = resolution.fallbackChain.map { FaceKey($0) }
    #expect(Set(keys).count == keys.count)
  }

  @Test("The same sources give the same resolutions, chains and measurements twice")
  func determinism() throws {
    let installed = try FileManager.default.contentsOfDirectory(atPath: Self.dejaVu)
      .filter { $0.hasSuffix(".ttf") }.map { Self.dejaVu + $0 }
    let directory = try ScratchFontDirectory(
      copying: installed + [Self.microHei], prefix: "FontSourcesTests")
    let sources = FontSources.only([directory.path])
    let first = try FontSystem(sources: sources)
    let second = try FontSystem(sources: sources)
    let text = "Hello 中文 world ﬁ ⅓"
    for name in Self.names {
      for language in [nil, try Language("zh-CN")] {
        let descriptor = FontDescriptor(family: name)
        let resolution = try first.explain(descriptor, language: language)
        let repeated = try second.explain(descriptor, language: language)
        #expect(resolution == repeated)
        #expect(resolution.description == repeated.description)
        #expect(resolution.fallbackChain.allSatisfy { directory.holds($0.file) })
        let options = ShapingOptions(language: language)
        let shaped = try first.shape(text, font: descriptor, options: options)
        let again = try second.shape(text, font: descriptor, options: options)
        #expect(shaped.fonts == again.fonts)
        #expect(shaped.clusters == again.clusters)
        #expect(shaped.missingCharacters == again.missingCharacters)
        #expect(shaped.fonts.allSatisfy { directory.holds($0.file) })
      }
    }
  }
}
