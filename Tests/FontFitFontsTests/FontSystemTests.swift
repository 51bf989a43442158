import Testing
import TextLayout

@testable import FontKit

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
    let resolved = try fonts.resolve(Font(name))
    #expect(resolved.family == family)
    #expect(resolved.file.hasSuffix("/" + file))
    #expect(!resolved.isSubstitution)
  }

  @Test("A missing family is reported as a substitution, not hidden")
  func substitution() throws {
    let resolved = try fonts.resolve(Font("No Such Family Anywhere 17"))
    #expect(resolved.isSubstitution)
    #expect(!resolved.file.isEmpty)
    #expect(resolved.description.contains("substituted for \"No Such Family Anywhere\""))
  }

  @Test("Generic families are aliases, not substitutions")
  func generic() throws {
    let resolved = try fonts.resolve(Font("sans-serif 12"))
    #expect(!resolved.isSubstitution)
    #expect(!resolved.family.isEmpty)
  }

  @Test("The requested size is kept on the resolution")
  func requestedSize() throws {
    #expect(try fonts.resolve(Font("DejaVu Sans 9")).requested.pointSize == 9)
    #expect(try fonts.resolve(Font("DejaVu Sans 31")).requested.pointSize == 31)
  }

  @Test("DejaVu Sans line metrics come from its hhea table: 1901 + 483 units of 2048")
  func lineMetrics() throws {
    let metrics = try fonts.lineMetrics(of: Font("DejaVu Sans 2048"))
    #expect(abs(metrics.ascent - 1901) < 1e-9)
    #expect(abs(metrics.descent - 483) < 1e-9)
    #expect(metrics.lineGap == 0)
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

  @Test("Kerning from the font's kern table narrows pairs such as AV and To")
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
    let shaped = try fonts.shape("Hi there\nyou", font: Font("DejaVu Sans 12"))
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
          _ = try fonts.shape(String(repeating: "wxyz ", count: index), font: Font(name))
          return try fonts.width(of: "Concurrency 123", font: Font("DejaVu Sans 13"))
        }
      }
      for try await width in group {
        #expect(width == expected)
      }
    }
  }
}
