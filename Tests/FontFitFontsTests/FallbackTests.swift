import FontFitFontModel
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

@Suite("Font fallback")
struct FallbackTests {
  let fonts: FontSystem

  init() throws {
    fonts = try FontSystem.shared()
  }

  static let sans = FontDescriptor(family: "DejaVu Sans")

  @Test("A run's clusters take the first face of the font's set in the run's language")
  func runTakesItsSetsFirstFace() throws {
    // `sans-serif` is Noto Sans for English and no language, WenQuanYi Micro Hei for Japanese:
    // a Latin run of a Japanese text is in English (Japanese is not written in Latin), and
    // takes Noto Sans, not the requested face, as Pango does.
    let system = try FontSystem()
    let english = try Language("en")
    for family in ["sans-serif", "DejaVu Sans", "serif"] {
      let font = FontDescriptor(family: family)
      for language in [nil, english, try Language("ja"), try Language("ru")] {
        // Twice: the second text asks what the first remembered.
        for text in ["Hello world", "Sign in again"] {
          let shaped = try system.shape(
            text, font: font, options: ShapingOptions(language: language))
          let expected = try system.resolve(font, language: english).displayName
          for index in 0..<shaped.clusters.count where shaped.clusters[index].kind == .visible {
            #expect(
              shaped.fonts[shaped.clusters[index].font].name == expected,
              "\(family) in \(language?.tag ?? "no language"): \(text)")
          }
        }
      }
    }
    let japanese = try system.resolve(
      FontDescriptor(family: "sans-serif"), language: Language("ja"))
    #expect(
      japanese.displayName
        != (try system.resolve(FontDescriptor(family: "sans-serif"), language: english)).displayName
    )
  }

  @Test("Threads that ask a new font system for the same new fallback chain at once make it once")
  func concurrentChainMadeOnce() throws {
    let system = try FontSystem()
    let languages: [Language?] = [nil, try Language("zh"), try Language("ar")]
    // Every thread asks for every chain, all at once.
    runTogether(threads: 8) { thread in
      for offset in 0..<languages.count {
        _ = try? system.fallbackChain(
          for: Self.sans, language: languages[(thread + offset) % languages.count])
      }
    }
    #expect(system.fallbackChainsMade == languages.count)
  }

  @Test("Threads that ask a new font system for the same new fonts at once resolve each once")
  func concurrentResolutionsMadeOnce() throws {
    let system = try FontSystem()
    let fonts = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"].map {
      FontDescriptor(family: $0)
    }
    let files = Lock<Set<String>>([])
    // Every thread asks for every font, all at once.
    runTogether(threads: 8) { thread in
      for offset in 0..<fonts.count {
        if let resolved = try? system.resolve(fonts[(thread + offset) % fonts.count]) {
          files.withLock { _ = $0.insert(resolved.file) }
        }
      }
    }
    #expect(system.resolutionsMade == fonts.count)
    #expect(files.withLock { $0.count } == fonts.count)
  }

  @Test(
    "A face's lock-free answer for a character is its character map's, over the whole BMP",
    arguments: ["DejaVu Sans", "DejaVu Serif Bold", "Noto Sans"])
  func drawsAgreesWithTheCharacterMap(family: String) throws {
    let face = try fonts.face(for: try fonts.resolve(FontDescriptor(family: family)))
    var drawn = 0
    for value in 0..<0x10000 {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let mapped = face.missingCharacters(in: Character(scalar)).isEmpty
      #expect(face.draws(scalar) == mapped, "U+\(String(value, radix: 16, uppercase: true))")
      if mapped { drawn += 1 }
    }
    // Not a face that "draws" everything: most of the plane is missing from these fonts.
    #expect(drawn > 500 && drawn < 20_000)
  }

  @Test(
    "The one-character fallback answers as the full search, for every BMP character sampled",
    arguments: [
      (FontDescriptor(family: "DejaVu Sans"), "en"), (FontDescriptor(family: "DejaVu Serif"), "zh"),
      (FontDescriptor(family: "Noto Sans", weight: .bold), "ja"),
      (FontDescriptor(family: "No Such Family"), "ar"),
    ])
  func oneCharacterFallbackAgrees(font: FontDescriptor, language: String) throws {
    let language = try Language(language)
    // Two searches, so neither answers from what the other remembered.
    var fast = FallbackSearch(descriptor: font, language: language)
    var full = FallbackSearch(descriptor: font, language: language)
    var compared = 0
    // Every 7th code point of the BMP, and whole blocks where fonts differ most.
    let sampled =
      Array(stride(from: 0x20, to: 0x10000, by: 7)) + Array(0x4E00..<0x4F00)
      + Array(0x0600..<0x0700) + Array(0xFE00..<0xFF00) + Array(0x2000..<0x2070)
    for value in sampled {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let quick = try fast.face(for: scalar, in: fonts)
      let searched = try full.face(for: Character(scalar), in: fonts)
      let code = "U+" + String(value, radix: 16, uppercase: true)
      let said = "\(quick?.resolved.file ?? "none") at \(quick?.position ?? -1)"
      let expected = "\(searched?.resolved.file ?? "none") at \(searched?.position ?? -1)"
      #expect(
        quick?.position == searched?.position && quick?.resolved == searched?.resolved,
        "\(code): \(said), the search \(expected)")
      compared += 1
    }
    #expect(compared > 9_000)
  }

  /// The CJK font the chain falls back on; the test fails, saying what to install, without one.
  private func requireCJKFont() throws -> String {
    let shaped = try fonts.shape("中", font: Self.sans)
    try #require(
      shaped.missingCharacters.isEmpty && shaped.fonts.count == 2,
      "no CJK font is installed: apt-get install fonts-wqy-microhei (or fonts-noto-cjk)")
    return shaped.fonts[1].name
  }

  @Test("Chinese text in a DejaVu Sans label is measured with a CJK font, named in the result")
  func mixedText() throws {
    let cjk = try requireCJKFont()
    let shaped = try fonts.shape("Hello 中文 world", font: Self.sans)
    #expect(shaped.fonts.map(\.name) == ["DejaVu Sans Book", cjk])
    #expect(shaped.missingCharacters.isEmpty)
    let chinese = shaped.clusters.filter {
      shaped.text[$0.range] == "中" || shaped.text[$0.range] == "文"
    }
    #expect(chinese.count == 2)
    #expect(chinese.allSatisfy { $0.font == 1 && $0.advance > 0.5 })
    #expect(shaped.clusters.first?.font == 0)
    let result = Fitter(shaped: shaped, truncationToken: nil).fit(
      sizes: try FontSizeRange(fixed: 17),
      options: try LayoutOptions(box: Size(width: 500, height: 100)))
    #expect(result.fonts == ["DejaVu Sans Book", cjk])
  }

  @Test("A repeated fallback character measures as its first occurrence did")
  func repeatedFallback() throws {
    _ = try requireCJKFont()
    let text = "中a中 文x文 中"
    let shaped = try fonts.shape(text, font: Self.sans)
    let alone = try fonts.shape("中", font: Self.sans)
    let expected = try #require(alone.clusters.first)
    for cluster in shaped.clusters where shaped.text[cluster.range] == "中" {
      #expect(cluster.font == 1)
      #expect(cluster.advance == expected.advance)
    }
    #expect(shaped.fonts.count == 2)
  }

  @Test("A line mixing fonts is as tall as the union of their line boxes")
  func mixedLineHeight() throws {
    _ = try requireCJKFont()
    let latin = try fonts.shape("Hello", font: Self.sans)
    let mixed = try fonts.shape("Hello 中文", font: Self.sans)
    let options = try LayoutOptions(box: Size(width: 1000, height: 1000))
    let latinHeight = TextLayouter(shaped: latin, truncationToken: nil)
      .layout(pointSize: 20, options: options).size.height
    let mixedHeight = TextLayouter(shaped: mixed, truncationToken: nil)
      .layout(pointSize: 20, options: options).size.height
    let union = mixed.fonts[0].metrics.union(mixed.fonts[1].metrics).height(atPointSize: 20)
    #expect(abs(mixedHeight - union) < 1e-9)
    #expect(mixedHeight >= latinHeight)
  }

  @Test("A character no font covers is measured with .notdef and reported, never zero-width")
  func missingGlyph() throws {
    let text = "a\u{10FFFD}b\u{10FFFD}\u{10FFFC}"
    let shaped = try fonts.shape(text, font: Self.sans)
    #expect(shaped.missingCharacters == ["\u{10FFFD}", "\u{10FFFC}"])
    #expect(shaped.clusters.count == 5)
    #expect(shaped.clusters.allSatisfy { $0.advance > 0 })
    #expect(shaped.clusters[1].font == 0)
  }

  @Test("A fallback chain resolves only the faces a search reaches, each as a match would")
  func chainResolvesOnDemand() throws {
    _ = try requireCJKFont()
    // A new system, so no other test has resolved this chain's faces.
    let system = try FontSystem()
    let chinese = try Language("zh-CN")
    let shaped = try system.shape(
      "Hello 中文 world", font: Self.sans, options: ShapingOptions(language: chinese))
    #expect(shaped.fonts.count == 2)
    let chain = try system.fallbackChain(for: Self.sans, language: chinese)
    // Preparing each of a hundred fonts would cost more than the sort: the search reached the
    // CJK face after ruling the others out by their character sets.
    #expect(chain.count > 10)
    #expect(chain.resolvedCount >= 1)
    #expect(chain.resolvedCount <= 2, "\(chain.resolvedCount) of \(chain.count) resolved")
    // Every face resolves on demand to a file, the match first; in a debug build, each
    // preparation also checks that the face's character set is the one the chain read.
    #expect(try chain.resolved(at: 0) == system.resolve(Self.sans, language: chinese))
    for position in 0..<chain.count {
      let resolved = try chain.resolved(at: position)
      #expect(FileManager.default.fileExists(atPath: resolved.file), "\(resolved.file)")
      #expect(try chain.resolved(at: position) == resolved)
    }
    #expect(chain.resolvedCount == chain.count - 1)
  }

  @Test("A fallback chain knows every character its faces cover, in one set (issue 12)")
  func chainCoverage() throws {
    _ = try requireCJKFont()
    let chain = try fonts.fallbackChain(for: Self.sans, language: nil)
    let coverage = try #require(chain.coverage, "Fontconfig gave no union of the chain's sets")
    // What any face covers is in the union; a character no face covers is not, so a text
    // of them is answered with one look-up each, whatever the number of fonts installed.
    for scalar: Unicode.Scalar in ["A", "中", "\u{0627}"] {
      #expect(coverage.contains(scalar))
      #expect(chain.coverages.contains { $0?.contains(scalar) ?? true })
    }
    for scalar: Unicode.Scalar in ["\u{F0000}", "\u{10FFFD}"] {
      #expect(!coverage.contains(scalar))
      #expect(!chain.coverages.contains { $0?.contains(scalar) ?? true })
    }
  }

  @Test("Emoji and symbols missing from DejaVu fall back or are reported, never dropped")
  func noSilentDrop() throws {
    let text = "Ok ☃ → ✓ 😀"
    let shaped = try fonts.shape(text, font: FontDescriptor(family: "DejaVu Serif"))
    #expect(shaped.count == text.count)
    for cluster in shaped.clusters where cluster.kind == .visible {
      #expect(cluster.advance > 0, "\(shaped.text[cluster.range]) has no width")
    }
    // DejaVu Serif lacks ☃ and ✓; DejaVu Sans, next in Fontconfig's list, draws them. 😀 is
    // shown as emoji: it takes the face of the family "emoji", as in Pango.
    #expect(shaped.missingCharacters.isEmpty)
    let snowman = shaped.clusters[3]
    #expect(shaped.text[snowman.range] == "☃")
    #expect(shaped.fonts[snowman.font].name == "DejaVu Sans Book")
    let emoji = try #require(shaped.clusters.last)
    #expect(shaped.fonts[emoji.font].name == "Noto Color Emoji Regular")
  }
}
