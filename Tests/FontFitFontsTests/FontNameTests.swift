import FontFitFontModel
import FontFitFonts
import FontFitText
import TestSupport
import Testing

@Suite("Font names")
struct FontNameTests {
  @Test(
    "Pango descriptions read families, style words and size",
    arguments: [
      ("DejaVu Sans Bold 17", ["DejaVu Sans"], FontWeight.bold, FontSlant.roman, 17.0),
      ("Helvetica 17", ["Helvetica"], .regular, .roman, 17),
      ("sans-serif Italic 12", ["sans-serif"], .regular, .italic, 12),
      ("DejaVu Serif Bold Italic 9.5", ["DejaVu Serif"], .bold, .italic, 9.5),
      ("Sans, Serif Light 12px", ["Sans", "Serif"], .light, .roman, 12),
      ("DejaVu Sans Condensed 11", ["DejaVu Sans Condensed"], .regular, .roman, 11),
      ("Noto Sans CJK SC Semi-Bold Oblique 20", ["Noto Sans CJK SC"], .semibold, .oblique, 20),
    ])
  func pango(name: String, families: [String], weight: FontWeight, slant: FontSlant, size: Double)
    throws
  {
    let font = try Font(name)
    #expect(
      font
        == Font(
          descriptor: FontDescriptor(families: families, weight: weight, slant: slant),
          pointSize: size, isPixelSize: name.hasSuffix("px")))
  }

  @Test(
    "Fontconfig patterns read families, constants and properties",
    arguments: [
      ("DejaVu Sans:bold:size=17", ["DejaVu Sans"], FontWeight.bold, FontSlant.roman, 17.0),
      ("DejaVu Sans-17:italic", ["DejaVu Sans"], .regular, .italic, 17),
      ("Sans:weight=bold:slant=italic:pixelsize=12", ["Sans"], .bold, .italic, 12),
      ("DejaVu Serif:style=Bold Italic:size=9.5", ["DejaVu Serif"], .bold, .italic, 9.5),
      ("Foo,Bar-10:weight=200", ["Foo", "Bar"], .bold, .roman, 10),
      ("DejaVu Sans:light:size=8", ["DejaVu Sans"], .light, .roman, 8),
      ("DejaVu Sans : bold : size=17", ["DejaVu Sans"], .bold, .roman, 17),
      ("DejaVu Sans-17 :bold", ["DejaVu Sans"], .bold, .roman, 17),
    ])
  func fontconfig(
    name: String, families: [String], weight: FontWeight, slant: FontSlant, size: Double
  ) throws {
    let font = try Font(name)
    #expect(
      font
        == Font(
          descriptor: FontDescriptor(families: families, weight: weight, slant: slant),
          pointSize: size, isPixelSize: name.contains("pixelsize=")))
  }

  @Test(
    "A font's description reads back as the same font",
    arguments: [
      Font(family: "DejaVu Sans", pointSize: 17),
      Font(family: "DejaVu Serif", weight: .bold, slant: .italic, pointSize: 12.5),
      Font(family: "sans-serif", weight: .light, pointSize: 9),
      Font(
        descriptor: FontDescriptor(families: ["DejaVu Sans", "Noto Sans CJK SC"], weight: .bold),
        pointSize: 12),
      Font(descriptor: FontDescriptor(family: "DejaVu Sans"), pointSize: 17, isPixelSize: true),
    ])
  func roundTrip(font: Font) throws {
    #expect(try Font(font.description) == font)
  }

  @Test("A default size fills in for a name without one")
  func defaultSize() throws {
    #expect(try Font("DejaVu Sans Bold", defaultPointSize: 14).pointSize == 14)
    #expect(try Font("DejaVu Sans:bold", defaultPointSize: 14).pointSize == 14)
  }

  @Test(
    "Bad names say what was expected",
    arguments: [
      ("DejaVu Sans", "expected a size"),
      ("Bold 12", "expected a family"),
      ("DejaVu Sans 0", "expected a size between"),
      ("DejaVu Sans -3", "expected a size between"),
      ("DejaVu Sans:size=abc", "expected a number for size"),
      ("DejaVu Sans:size=17:boldest", "unknown style \"boldest\""),
      ("DejaVu Sans:size=17:colour=red", "unknown property \"colour\""),
      (":size=12", "expected a family"),
      ("DejaVu Sans:size=nan", "expected a number for size, found \"nan\""),
      ("DejaVu Sans 1e-300", "expected a size between"),
      ("DejaVu Sans 1e20", "expected a size between"),
      ("DejaVu Sans 1e400", "points, found 1e400"),
      ("DejaVu Sans:size=1e400", "points, found 1e400"),
      ("DejaVu Sans-1e400", "points, found 1e400"),
      (", , 12", "expected a family name before the size"),
      ("\\\u{FFFD}:size=12:family=\\ \\", "expected a family name after family="),
    ])
  func badNames(name: String, expected: String) {
    #expect {
      try Font(name)
    } throws: { error in
      guard let error = error as? FontNameError else { return false }
      return error.name == name && error.message.contains(expected)
    }
  }
}

@Suite("Font names read back (issue 12)")
struct FontNameRoundTripTests {
  @Test("A font's printed name reads back as the same font, whatever its family or size")
  func printedNamesReadBack() throws {
    var generator = SplitMix64(seed: 12)
    let families = [
      "DejaVu Sans", "DejaVu Sans 562.5", "Noto Sans CJK SC", "A-B", "Foo:Bar", "Bold", "X,Y",
      "Sans 12", "Font\\Slash", "Semi Light",
    ]
    for _ in 0..<2_000 {
      let family = families.randomElement(using: &generator) ?? "Sans"
      let weights: [FontWeight] = [.thin, .light, .book, .regular, .medium, .bold, .black]
      let weight = weights.randomElement(using: &generator) ?? .regular
      let slant = [FontSlant.roman, .italic, .oblique].randomElement(using: &generator) ?? .roman
      let size = (Double(generator.next() % 100_000) + 1) / Double(1 + generator.next() % 100)
      let font = Font(
        descriptor: FontDescriptor(families: [family], weight: weight, slant: slant),
        pointSize: min(size, 10_000), isPixelSize: generator.next() % 4 == 0)
      let reread = try Font(font.description)
      #expect(reread == font, "\(font.description)")
    }
    let example = try Font("DejaVu Sans:weight=150:size=12")
    #expect(try Font(example.description) == example)
  }

  @Test("Every Fontconfig weight, named or not, reads back from the printed name")
  func numericWeightsReadBack() throws {
    for tenths in stride(from: 0, through: 2_200, by: 7) {
      let weight = Double(tenths) / 10
      let font = try Font("DejaVu Sans:weight=\(weight):size=12")
      #expect(try Font(font.description) == font, "weight \(weight): \(font.description)")
    }
  }

  /// Names the font-name fuzzer found (Fuzz/Seeds/font-name/fixed-…), each of which parsed
  /// to a font whose printed name read back as another font or not at all.
  @Test(
    "Names the fuzzer found read back as the same font",
    arguments: [
      // A dash in the family prints escaped (`Sans  \-3`); the escape keeps it in the family.
      ("Sans  -3:size=12", nil, "Sans  -3"),
      // U+0601 is a prepended mark: `؁:` is one Character, but the colon is still a colon.
      ("Sans\u{0601}", 12, "Sans\u{0601}"),
      ("Sans\u{0601}:size=12", nil, "Sans\u{0601}"),
      ("A\u{0601}\\:B:size=12", nil, "A\u{0601}:B"),
      // A combining mark after a space starts the next word.
      ("Sans \u{0301}X 12", nil, "Sans \u{0301}X"),
    ] as [(String, Double?, String)])
  func fuzzerFindingsReadBack(name: String, defaultSize: Double?, family: String) throws {
    let font = try Font(name, defaultPointSize: defaultSize)
    #expect(font.families == [family])
    #expect(try Font(font.description) == font, "printed as \(font.description)")
  }
  @Test("A combining mark after '=' in a Fontconfig pattern does not hide it")
  func marksHideNoSeparator() throws {
    let font = try Font("DejaVu Sans:family=\u{0301}X:style=Bold Italic:size=12")
    #expect(font.families == ["DejaVu Sans", "\u{0301}X"])
    #expect(font.weight == .bold && font.slant == .italic)
    #expect(try Font(font.description) == font, "printed as \(font.description)")
  }

}

@Suite("Font names say what is wrong (issue 19, D17)")
struct FontNameMessageTests {
  /// The message a name is refused with, or nil when it is read.
  private func message(_ name: String) -> String? {
    do {
      _ = try Font(name)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("A weight and a size print as written, and read back as the same font")
  func roundTrip() throws {
    let font = try Font("DejaVu Sans:weight=150:size=12")
    #expect(font.description == "DejaVu Sans:weight=150:size=12")
    #expect(try Font(font.description) == font)
    for weight in [0.0, 1, 40, 55, 77.5, 150, 181, 214] {
      let name = "DejaVu Sans:weight=\(TextFormat.string(weight)):size=12.5"
      let read = try Font(name)
      #expect(try Font(read.description) == read, "\(name) → \(read.description)")
      #expect(!read.description.contains("9999"), "\(read.description)")
    }
  }

  @Test("An empty value is named as missing, not as an unknown style")
  func emptyValues() {
    #expect(message("DejaVu Sans:size=") == "expected a value after \"size=\"")
    #expect(message("DejaVu Sans:weight=:size=12") == "expected a value after \"weight=\"")
    #expect(message("DejaVu Sans:=12") == "expected a property name before \"=\", such as size=17")
  }

  @Test("Sizes are decimal: not NaN, infinity, hexadecimal")
  func decimalSizes() {
    for size in ["nan", "inf", "0x11", "0x1p4", "-inf"] {
      #expect(
        message("DejaVu Sans \(size)")
          == "expected a size in decimal digits, such as 17, found \"\(size)\"", "\(size)")
      #expect(message("DejaVu Sans:size=\(size)")?.hasPrefix("expected a number") == true)
    }
    #expect(message("DejaVu Sans 12.5e0") == nil)
    #expect(message("DejaVu Sans-17") == nil)
  }

  @Test("A name of punctuation is not suggested as a family")
  func punctuationSuggestion() {
    for name in ["\\", "=", "-"] {
      #expect(
        message(name) == "expected a size at the end, as in \"DejaVu Sans 17\"", "\(name)")
    }
    #expect(message("Helvetica") == "expected a size at the end, as in \"Helvetica 17\"")
  }

  @Test("Invisible characters are refused in font names")
  func invisibleCharacters() {
    for scalar in ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{202E}", "\u{200B}"] {
      #expect(message("DejaVu\(scalar)Sans 12")?.contains("invisible character") == true)
    }
  }
}
