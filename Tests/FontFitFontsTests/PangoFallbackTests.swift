import FontFitFontModel
import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

/// The faces FontFit draws each character with, against the faces Pango itself chooses
/// (issue 19): a small C harness (Tests/Harness/pango_items.c) itemises each text with
/// Pango 1.50 and prints each item's face; FontFit shapes the same text, and every grapheme
/// cluster that draws must come from the same font file as the Pango item it starts in.
@Suite("Fallback faces agree with Pango's itemiser (issue 19)")
struct PangoFallbackTests {
  /// One text to compare: its font description, its language (nil for none) and the text.
  struct Case: CustomStringConvertible {
    var font: String
    var language: String?
    var text: String

    var description: String { "\(font) [\(language ?? "-")] \(text)" }

    var harnessLine: String {
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\n", with: "\\n")
      return [font + " 17", language ?? "-", escaped].joined(separator: "\t")
    }
  }

  /// Texts mixing scripts, spaces between them, brackets, digits and emoji.
  static let texts = [
    "一个中文的一二三", "在指定大小的文本框中显示文本。", "FontFit 字体自适应 ✓ 混合文本测试",
    "في التطبيق", "مرحبا بالعالم، هذا نص عربي (للتجربة) 123", "हिंदी पाठ। दूसरा वाक्य।",
    "नमस्ते दुनिया (परीक्षण) 42", "שלום עולם", "Hello שלום (עולם) and العالم",
    "日本 abc (שלום) x", "Party 🎉 👩‍👩‍👧 🇩🇪 ok", "Keycap 1️⃣ and text ☺ and ☺️ and 👍🏽",
    "Mixed: English, 中文, العربية, हिन्दी, עברית — done.", "«Guillemets» and “quotes” (中文)",
    "Ελληνικά και Русский текст", "ภาษาไทย ทดสอบ", "한국어 (שלום) x", "日本語のテキスト、カタカナ",
    "Tabs\tand  double  spaces\u{00A0}nbsp", "A\u{2028}B", "🎉", "   ", "١٢٣ ٤٥٦",
    "abc\n 中文 def\r\nשלום\u{2029} x", "日 1", "日 \t 1 x", "\t 1", "שלום (abc] def) x",
    "abc\u{E000}def 中\u{10FFFD}文", "(中文) [עברית] «العربية»",
  ]

  static let fonts: [(font: String, languages: [String?])] = [
    ("DejaVu Sans", [nil, "zh-cn", "ja", "ar", "hi", "he", "en"]),
    ("Noto Sans", [nil, "ar", "zh-tw"]),
    ("DejaVu Serif Italic", [nil, "ko"]),
    ("sans-serif", [nil, "fa"]),
    ("Noto Sans Arabic", [nil]),
    ("DejaVu Sans Mono Bold", [nil, "zh"]),
  ]

  static var cases: [Case] {
    fonts.flatMap { font in
      font.languages.flatMap { language in
        texts.map { Case(font: font.font, language: language, text: $0) }
      }
    }
  }

  /// The harness, compiled into a temporary folder.
  static func harness() throws -> URL {
    try buildPangoHarness("pango_items")
  }

  /// Pango's items of one case: UTF-8 ranges and the file of each one's face.
  struct Item {
    var bytes: Range<Int>
    var file: String
    var index: Int
    var language: String
  }

  @Test("Every drawn cluster takes the face Pango's item for it takes")
  func sameFacesAsPango() throws {
    let cases = Self.cases
    let (status, output) = try runCommand(
      [try Self.harness().path], input: cases.map(\.harnessLine).joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    // Blocks end at "=" lines; anything else that is not an item (a GLib warning on standard
    // error) is left out.
    let blocks = output.components(separatedBy: "\n=\n")
    try #require(blocks.count >= cases.count, "the harness answered \(blocks.count) cases")
    let system = try FontSystem.shared()
    var compared = 0
    var differences: [String] = []
    for (fit, block) in zip(cases, blocks) {
      let items = block.split(separator: "\n").compactMap { line -> Item? in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 7, let offset = Int(fields[0]), let length = Int(fields[1]),
          let index = Int(fields[3])
        else {
          return nil
        }
        return Item(
          bytes: offset..<(offset + length), file: String(fields[2]), index: index,
          language: String(fields[6]))
      }
      let font = try Font(fit.font, defaultPointSize: 17)
      let options = ShapingOptions(language: try fit.language.map { try Language($0) })
      let shaped = try system.shape(fit.text, font: font.descriptor, options: options)
      // A character no font covers takes a base font in both; Pango's depends on the cases
      // before (it caches the answer in a fontset another language shares), so it is not
      // compared.
      let missing = Set(shaped.missingCharacters)
      for cluster in shaped.clusters where cluster.kind != .lineSeparator {
        if fit.text[cluster.range].unicodeScalars.contains(where: missing.contains) { continue }
        let start = fit.text.utf8.distance(from: fit.text.startIndex, to: cluster.range.lowerBound)
        guard let item = items.first(where: { $0.bytes.contains(start) }) else { continue }
        compared += 1
        let font = shaped.fonts[cluster.font]
        let ours = "\(font.file ?? "")#\(font.faceIndex)"
        let theirs = "\(item.file)#\(item.index)"
        if ours != theirs, differences.count < 20 {
          differences.append(
            "\(fit): \(String(fit.text[cluster.range]).debugDescription) at \(start): ours "
              + "\(ours), Pango \(theirs) (\(item.language))")
        }
      }
    }
    for line in differences { print("  \(line)") }
    #expect(compared > 3_000, "only \(compared) clusters compared")
    #expect(differences.isEmpty, "\(differences.count) clusters differ, first: \(differences)")
  }

  @Test("The issue's examples fit at Pango's sizes: Arabic in Noto Sans, Hindi in DejaVu Sans")
  func issueExamplesFitAsPango() throws {
    // Before runs took their faces by language, the space of the Arabic text was drawn in
    // Noto Sans (14.5pt) and the danda in Noto Sans Takri (17.5pt).
    let cases = [
      PangoAgreementTests.Case(
        family: "Noto Sans", text: "في التطبيق", width: 375, height: 20, maximumLines: 1,
        maximum: 28),
      PangoAgreementTests.Case(
        family: "DejaVu Sans", text: "हिंदी पाठ। दूसरा वाक्य।", width: 150, height: 40,
        maximumLines: 0, maximum: 28),
    ]
    let (status, output) = try runCommand(
      [try PangoAgreementTests.harness().path],
      input: cases.map(\.harnessLine).joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map { $0.split(separator: "\t") }
    try #require(answers.count == cases.count)
    for (fit, answer) in zip(cases, answers) {
      let pango = try #require(Double(answer[0]))
      #expect(try PangoAgreementTests.ours(fit).size == pango, "\(fit.text)")
    }
    #expect(answers.map { Double($0[0]) } == [17, 18])
  }

  @Test("A run's language: the text's when it writes the script, else the script's sample")
  func runLanguages() throws {
    let system = try FontSystem.shared()
    func derived(_ script: String, _ language: String?) throws -> String {
      let code = try #require(
        (0..<300).map(Int32.init).first { Scripts.tag($0) == script }, "no script \(script)")
      return Itemization.language(
        for: code, textLanguage: try language.map { try Language($0) },
        scriptsOfLanguage: { system.scripts(of: $0) }
      ).tag
    }
    #expect(try derived("Latn", nil) == "en")
    #expect(try derived("Latn", "de-CH") == "de-CH")
    #expect(try derived("Arab", "en") == "ar")
    #expect(try derived("Arab", "fa") == "fa")
    #expect(try derived("Deva", nil) == "hi")
    #expect(try derived("Deva", "mr") == "mr")
    #expect(try derived("Hebr", "en") == "he")
    // Han has no sample language: "xx", whatever the environment says.
    #expect(try derived("Hani", nil) == "xx")
    #expect(try derived("Hani", "ja") == "ja")
    #expect(try derived("Hani", "zh-CN") == "zh-CN")
    // Korean's orthography is Hangul only, as in Pango; zh has no orthography of its own, so
    // it writes every script.
    #expect(try derived("Hani", "ko") == "xx")
    #expect(try derived("Latn", "zh") == "zh")
    #expect(try derived("Zyyy", "ar") == "ar")
  }

  @Test("Scripts: common characters join their run, a closing bracket its opening one's")
  func scriptRuns() throws {
    func runs(_ text: String) -> [String] {
      let graphemes = Graphemes(text)
      let scripts = Scripts(graphemes).resolved
      var result: [String] = []
      var current = ""
      var script: Int32?
      for index in 0..<graphemes.count {
        if script != scripts[index], !current.isEmpty {
          result.append("\(Scripts.tag(script ?? 0)):\(current)")
          current = ""
        }
        script = scripts[index]
        current += String(text[graphemes.range(index, in: text)])
      }
      if !current.isEmpty { result.append("\(Scripts.tag(script ?? 0)):\(current)") }
      return result
    }
    #expect(runs("日本 abc (שלום) x") == ["Hani:日本 ", "Latn:abc (", "Hebr:שלום", "Latn:) x"])
    #expect(runs("한국어 (שלום) x") == ["Hang:한국어 (", "Hebr:שלום", "Hang:) ", "Latn:x"])
    #expect(runs("(123) abc") == ["Latn:(123) abc"])
    #expect(runs("123") == ["Zyyy:123"])
    #expect(runs("«中文» text") == ["Hani:«中文» ", "Latn:text"])
    // A closing bracket without its partner forgets the open ones, as in Pango.
    #expect(runs("שלום (abc] def) x") == ["Hebr:שלום (", "Latn:abc] def) x"])
    // Unassigned and private use characters join their run; a paragraph starts afresh.
    #expect(runs("abc\u{E000}def") == ["Latn:abc\u{E000}def"])
    #expect(runs("abc\n 中文") == ["Latn:abc\n", "Hani: 中文"])
  }

  @Test("Emoji presentation, as Pango's emoji iterator decides it")
  func emojiPresentation() {
    func isEmoji(_ text: String) -> Bool {
      Itemization.isEmojiPresentation(Substring(text).unicodeScalars)
    }
    for emoji in ["🎉", "👩‍👩‍👧", "🇩🇪", "☺️", "1️⃣", "👍🏽", "☝", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
      #expect(isEmoji(emoji), "\(emoji.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    for text in ["☺", "1", "#", "😀︎", "🏽", "🇩", "a", "❤"] {
      #expect(!isEmoji(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test(
    "The fast answers for the emoji and default-ignorable properties and for keeping the font agree with Unicode's"
  )
  func fastCharacterPropertiesAgree() {
    var emojiDisagreements: [UInt32] = []
    var fontDisagreements: [UInt32] = []
    var ignorableDisagreements: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if Itemization.isEmoji(scalar) != scalar.properties.isEmoji {
        emojiDisagreements.append(value)
      }
      if Itemization.keepsFont(scalar) != Itemization.keepsFontByCategory(scalar) {
        fontDisagreements.append(value)
      }
      if FallbackSearch.isDefaultIgnorable(scalar)
        != scalar.properties.isDefaultIgnorableCodePoint
      {
        ignorableDisagreements.append(value)
      }
    }
    #expect(emojiDisagreements.isEmpty, "\(emojiDisagreements.prefix(10))")
    #expect(fontDisagreements.isEmpty, "\(fontDisagreements.prefix(10))")
    #expect(ignorableDisagreements.isEmpty, "\(ignorableDisagreements.prefix(10))")
  }

  @Test(
    "The default-ignorable code points every face draws as nothing are Unicode's, U+0100–U+FFFF")
  func drawnAsNothingIsUnicodes() {
    var disagreements: [UInt32] = []
    for value in UInt32(0x100)..<0x10000 {
      let listed = FontFace.drawnAsNothing[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
      let unicode = Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint ?? false
      if listed != unicode { disagreements.append(value) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
  }
}
