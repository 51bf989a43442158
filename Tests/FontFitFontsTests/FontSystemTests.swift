import FontFitFontModel
import FontFitText
import Foundation
import Testing

@testable import FontFitFonts

@Suite("Font system on the installed DejaVu fonts")
struct FontSystemTests {
  let fonts: FontSystem

  init() throws {
    fonts = try FontSystem.shared()
  }

  @Test(
    "Fontconfig resolves DejaVu names to their files",
    arguments: [
      ("DejaVu Sans 17", "DejaVu Sans", "DejaVuSans.ttf"),
      ("DejaVu Sans Bold 17", "DejaVu Sans", "DejaVuSans-Bold.ttf"),
      ("DejaVu Serif:italic:size=12", "DejaVu Serif", "DejaVuSerif-Italic.ttf"),
      ("DejaVu Sans Mono Bold Oblique 10", "DejaVu Sans Mono", "DejaVuSansMono-BoldOblique.ttf"),
    ])
  func resolves(name: String, family: String, file: String) throws {
    let resolved = try fonts.resolve(Font(name).descriptor)
    #expect(resolved.family == family)
    #expect(resolved.file.hasSuffix("/" + file))
    #expect(!resolved.isSubstitution)
  }

  @Test(
    "A face's lock-free coverage answers as its character map does, for every BMP code point",
    arguments: [("DejaVu Sans 12", nil), ("DejaVu Serif Bold 12", nil), ("sans-serif 12", "zh")])
  func coverage(name: String, language: String?) throws {
    let face = try fonts.face(
      for: fonts.resolve(Font(name).descriptor, language: language.map { try Language($0) }))
    var drawn = 0
    for value in UInt32(0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let expected = face.missingCharacters(in: Character(scalar)).isEmpty
      #expect(face.draws(scalar) == expected, "U+\(String(value, radix: 16))")
      if expected { drawn += 1 }
    }
    #expect(drawn > 2000)
  }

  @Test("A missing family is reported as a substitution, not hidden")
  func substitution() throws {
    let resolved = try fonts.resolve(FontDescriptor(family: "No Such Family Anywhere"))
    #expect(resolved.isSubstitution)
    #expect(!resolved.file.isEmpty)
    #expect(resolved.description.contains("substituted for \"No Such Family Anywhere\""))
  }

  @Test("Generic families are aliases, not substitutions")
  func generic() throws {
    let resolved = try fonts.resolve(FontDescriptor(family: "sans-serif"))
    #expect(!resolved.isSubstitution)
    #expect(!resolved.family.isEmpty)
  }

  @Test(
    "The requested descriptor is kept on the resolution",
    arguments: [
      FontDescriptor(family: "DejaVu Sans"),
      FontDescriptor(family: "DejaVu Serif", weight: .bold, slant: .italic),
      FontDescriptor(families: ["No Such Family Anywhere", "DejaVu Sans Mono"], weight: .light),
    ])
  func requestedDescriptor(descriptor: FontDescriptor) throws {
    #expect(try fonts.resolve(descriptor).requested == descriptor)
  }

  @Test("DejaVu Sans line metrics come from its hhea table: 1901 + 483 units of 2048, in ems")
  func lineMetrics() throws {
    let metrics = try fonts.lineMetrics(of: FontDescriptor(family: "DejaVu Sans"))
    #expect(abs(metrics.ascent * 2048 - 1901) < 1e-9)
    #expect(abs(metrics.descent * 2048 - 483) < 1e-9)
    #expect(metrics.lineGap == 0)
    #expect(abs(metrics.height(atPointSize: 17) - (1901 + 483) * 17 / 2048) < 1e-9)
    let shaped = try fonts.shape("a", font: FontDescriptor(family: "DejaVu Sans"))
    #expect(shaped.fonts.first?.metrics == metrics)
  }

  @Test("Advances are unhinted font units scaled to the size: 'a' in DejaVu Sans is 1255 units")
  func advance() throws {
    #expect(abs(try fonts.width(of: "a", font: Font("DejaVu Sans 2048")) - 1255) < 1e-9)
    #expect(abs(try fonts.width(of: "a", font: Font("DejaVu Sans 17")) - 1255 * 17 / 2048) < 1e-9)
  }

  @Test("Width grows linearly with size", arguments: ["Hello, world", "AVATAR", "ﬁx 123"])
  func widthScales(text: String) throws {
    var previous = 0.0
    let base = try fonts.width(of: text, font: Font("DejaVu Sans 10"))
    for size in stride(from: 4.0, through: 64, by: 2.5) {
      let width = try fonts.width(of: text, font: Font("DejaVu Sans \(size)"))
      #expect(width > previous)
      #expect(abs(width - base * size / 10) < 1e-9)
      previous = width
    }
  }

  @Test("Width grows as text is appended")
  func widthGrowsWithText() throws {
    let font = try Font("DejaVu Serif 15")
    let text = "The quick brown fox jumps over the lazy dog"
    var previous = 0.0
    for length in 1...text.count {
      let width = try fonts.width(of: String(text.prefix(length)), font: font)
      #expect(width > previous, "prefix of \(length) characters")
      previous = width
    }
  }

  @Test("Kerning (HarfBuzz applies the font's GPOS or kern table) narrows pairs such as AV and To")
  func kerning() throws {
    let font = try Font("DejaVu Sans 100")
    for pair in ["AV", "To", "LT"] {
      let separate = try pair.reduce(0.0) { $0 + (try fonts.width(of: String($1), font: font)) }
      let together = try fonts.width(of: pair, font: font)
      #expect(together < separate, "\(pair)")
    }
  }

  @Test("Combining marks and joiners add no width to their cluster")
  func marks() throws {
    let font = try Font("DejaVu Sans 20")
    #expect(try fonts.width(of: "e\u{301}", font: font) == fonts.width(of: "e", font: font))
    #expect(try fonts.width(of: "a\u{200D}", font: font) == fonts.width(of: "a", font: font))
  }

  @Test("Shaping yields one cluster per character with breaks after spaces")
  func clusters() throws {
    let shaped = try fonts.shape("Hi there\nyou", font: FontDescriptor(family: "DejaVu Sans"))
    #expect(shaped.count == 12)
    #expect(shaped.clusters[3].breakBefore == .allowed)
    #expect(shaped.clusters[2].kind == .space)
    #expect(shaped.clusters[8].kind == .lineSeparator)
    #expect(shaped.clusters[9].breakBefore == .mandatory)
    #expect(shaped.fonts.map(\.name) == ["DejaVu Sans Book"])
  }

  @Test("Many threads measure through one font system at once")
  func concurrent() async throws {
    let fonts = fonts
    let expected = try fonts.width(of: "Concurrency 123", font: Font("DejaVu Sans 13"))
    try await withThrowingTaskGroup(of: Double.self) { group in
      for index in 0..<64 {
        group.addTask {
          let name = index.isMultiple(of: 2) ? "DejaVu Sans 13" : "DejaVu Serif Bold 13"
          let text = String(repeating: "wxyz ", count: index)
          _ = try fonts.shape(text, font: Font(name).descriptor)
          return try fonts.width(of: "Concurrency 123", font: Font("DejaVu Sans 13"))
        }
      }
      for try await width in group {
        #expect(width == expected)
      }
    }
  }

  // MARK: - Custom line breakers

  static let sans = FontDescriptor(family: "DejaVu Sans")

  @Test(
    "A line breaker giving too few or too many answers is an error, not a crash (issue 6)",
    arguments: [
      ("Hello world", -1), ("Hello world", -11), ("Hello world", 1), ("Hello world", 20),
      ("中文 text", -3), ("👩‍👩‍👧 e\u{301} ok", -1), ("👩‍👩‍👧 e\u{301} ok", 2), ("", 1),
    ])
  func wrongCount(text: String, surplus: Int) {
    let breaker = MiscountingBreaker(surplus: surplus)
    let expected = ShapingError.lineBreaking(
      .wrongCount(expected: text.count, received: text.count + surplus))
    #expect(throws: expected) {
      try fonts.shape(text, font: Self.sans, lineBreaker: breaker)
    }
  }

  @Test("A failing line breaker's error surfaces as a line breaking error")
  func failingBreaker() {
    let failure = LineBreakingError.engineFailed(code: 7, message: "no dictionary for Thai")
    #expect(throws: ShapingError.lineBreaking(failure)) {
      try fonts.shape("ภาษาไทย", font: Self.sans, lineBreaker: FailingBreaker(error: failure))
    }
  }

  @Test("A custom line breaker's answers are the break opportunities of the shaped clusters")
  func customBreaker() throws {
    let text = "ab cd-ef 中文\ne\u{301}x"
    let breaker = EverywhereBreaker()
    let shaped = try fonts.shape(text, font: Self.sans, lineBreaker: breaker)
    #expect(shaped.clusters.map(\.breakBefore) == breaker.opportunities(in: text))
    let unicode = try fonts.shape(text, font: Self.sans)
    #expect(unicode.clusters.map(\.breakBefore) != breaker.opportunities(in: text))
  }

  // MARK: - Font errors

  /// A resolution pointing at `file`, as if Fontconfig had listed it.
  private func resolution(of file: String) -> ResolvedFont {
    ResolvedFont(
      requested: FontDescriptor(family: "Broken"), family: "Broken", style: "Regular",
      file: file, weight: .regular, slant: .roman, isSubstitution: false)
  }

  /// Checks that `error` is FreeType's `FT_New_Face` failing on `file`.
  private func expectOpenFailure(_ error: FontError, file: String) {
    #expect(error.library == .freeType)
    #expect(error.function == "FT_New_Face")
    #expect(error.file == file)
    #expect(error.code != 0)
    #expect(!error.message.isEmpty)
    #expect(error.description.hasPrefix("FT_New_Face failed (error \(error.code)) for \(file): "))
  }

  @Test("A font file that does not exist names FT_New_Face as the function and the path as file")
  func missingFile() throws {
    let file = "/nonexistent/fontfit-tests/Missing.ttf"
    let error = try #require(throws: FontError.self) { try fonts.face(for: resolution(of: file)) }
    expectOpenFailure(error, file: file)
  }

  @Test("A file that is not a font names FT_New_Face and the file each time; fonts still work")
  func notAFont() throws {
    let manager = FileManager.default
    let file = manager.temporaryDirectory
      .appendingPathComponent("fontfit-not-a-font-\(UUID().uuidString).ttf").path
    #expect(manager.createFile(atPath: file, contents: Data("not a font at all\n".utf8)))
    defer { try? manager.removeItem(atPath: file) }
    for _ in 0..<2 {
      let error = try #require(throws: FontError.self) {
        try fonts.face(for: resolution(of: file))
      }
      expectOpenFailure(error, file: file)
    }
    let width = try fonts.width(of: "a", font: Font(family: "DejaVu Sans", pointSize: 2048))
    #expect(abs(width - 1255) < 1e-9)
  }
}

/// Answers with `surplus` more entries than the text has grapheme clusters (fewer when
/// negative), as a buggy breaker might.
struct MiscountingBreaker: LineBreaking {
  var surplus: Int

  func opportunities(in text: String) -> [LineBreakOpportunity] {
    Array(repeating: .prohibited, count: max(text.count + surplus, 0))
  }
}

/// Fails with the given error, as a breaker whose engine is missing data might.
struct FailingBreaker: LineBreaking {
  var error: LineBreakingError

  func opportunities(in text: String) throws(LineBreakingError) -> [LineBreakOpportunity] {
    throw error
  }
}

/// Allows a break before every cluster but the first.
struct EverywhereBreaker: LineBreaking {
  func opportunities(in text: String) -> [LineBreakOpportunity] {
    text.indices.map { $0 == text.startIndex ? .prohibited : .allowed }
  }
}
