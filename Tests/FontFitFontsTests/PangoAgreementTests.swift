import FontFitFontModel
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

/// Fitted sizes against Pango itself (issue 7): a small C harness (Tests/Harness/pango_fit.c)
/// lays each case out with Pango 1.50 over HarfBuzz and FreeType at 72 dpi, unhinted, and
/// finds the largest size on the same grid that fits; FontFit fits the same case.
@Suite("Fitted sizes agree with Pango (issue 7)")
struct PangoAgreementTests {
  /// One fit to compare.
  struct Case {
    var family: String
    var language: String?
    var text: String
    var width: Double
    var height: Double
    var maximumLines: Int
    var minimum = 8.0
    var maximum: Double
    var step = 0.5

    /// The harness's input line.
    var harnessLine: String {
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\n", with: "\\n")
      return [
        family, "\(minimum)", "\(maximum)", "\(step)", "\(width)", "\(height)",
        "\(maximumLines)", language ?? "-", escaped,
      ].joined(separator: "\t")
    }
  }

  /// Texts by script, with the font family that covers them and their language.
  static let corpora: [(name: String, family: String, language: String?, texts: [String])] = [
    (
      "Latin", "DejaVu Sans", "en",
      [
        "When the text is longer than its label, the font shrinks step by step until it fits.",
        "modification has been made.", "Supercalifragilisticexpialidocious words wrap too",
        "The official staff shuffled the fluffy files.", "Download report", "Search titles",
        "Fine print that cannot fit even at the minimum size is truncated with an ellipsis.",
        "A short text keeps its full size.", "Öffnen, Schließen, Übersicht der Änderungen",
        "Pack my box with five dozen liquor jugs! How vexingly quick daft zebras jump.",
        "Tiếng Việt có dấu: Xin chào thế giới, người Việt Nam",
      ]
    ),
    (
      "Latin serif", "DejaVu Serif", "en",
      [
        "A text view adapts its font to the screen but never shrinks it.",
        "Typography: affluent office waffles, efficient fjords.",
        "It scrolls instead and reports its content height to the app.",
      ]
    ),
    (
      "CJK", "DejaVu Sans", "zh-cn",
      [
        "在指定大小的文本框中显示文本，当不断增加文本数量时，文本框大小不够大时候，需要自动调整字体的大小适应文本框大小。",
        "字体自适应标签：文本缩小直到合适为止。", "FontFit 字体自适应 ✓ 混合文本测试",
      ]
    ),
    (
      "Arabic", "Noto Sans Arabic", "ar",
      [
        "مرحبا بالعالم، هذا نص عربي للتجربة", "السلام عليكم ورحمة الله وبركاته",
        "الخط العربي يتصل حرفا بحرف في الكلمة الواحدة", "تحميل التقرير",
        "مرحبابالعالممرحبابالعالم", "الاستقلاليةوالمسؤولية",
      ]
    ),
    (
      "Persian", "Noto Naskh Arabic", "fa",
      [
        "سلام دنیا، این یک متن فارسی است", "کتابخانه ملی ایران در تهران",
        "کتابخانهملیایراندرتهران",
      ]
    ),
    (
      "Hebrew", "Noto Sans Hebrew", "he",
      [
        "שלום עולם, זהו טקסט בעברית לבדיקה", "הגדרות החשבון וחיפוש בכותרות ובמחברים",
        "שלוםעולםזהוטקסטארוךמאוד",
      ]
    ),
    (
      "Devanagari", "Noto Sans Devanagari", "hi",
      [
        "नमस्ते दुनिया, यह हिन्दी में एक परीक्षण है", "कृपया प्रतीक्षा करें, स्वतंत्रता दिवस",
        "नमस्तेदुनियायहहिन्दीमें",
      ]
    ),
    (
      "Mixed direction", "DejaVu Sans", nil,
      ["שלום world 123 עולם, hello again", "مرحبا Swift 6 بالعالم and more text"]
    ),
  ]

  /// Deterministic random boxes for every text.
  static func cases(perText: Int) -> [(corpus: String, fit: Case)] {
    var generator = SplitMix64(seed: 7)
    var result: [(String, Case)] = []
    for corpus in corpora {
      for text in corpus.texts {
        for _ in 0..<perText {
          result.append(
            (
              corpus.name,
              Case(
                family: corpus.family, language: corpus.language, text: text,
                width: Double(Int.random(in: 30...400, using: &generator)),
                height: Double(Int.random(in: 20...300, using: &generator)),
                maximumLines: Int.random(in: 0...4, using: &generator),
                maximum: Double(Int.random(in: 12...40, using: &generator)))
            ))
        }
      }
    }
    return result
  }

  /// The harness, compiled once into a temporary folder.
  static func harness() throws -> URL {
    try buildPangoHarness("pango_fit")
  }

  /// FontFit's fitted size for `fit`.
  static func ours(_ fit: Case) throws -> (size: Double, fits: Bool) {
    let system = try FontSystem.shared()
    let descriptor = FontDescriptor(family: fit.family)
    let options = ShapingOptions(language: try fit.language.map(Language.init))
    let shaped = try system.shape(fit.text, font: descriptor, options: options)
    let result = Fitter(shaped: shaped, truncationToken: nil).fit(
      sizes: try FontSizeRange(minimum: fit.minimum, maximum: fit.maximum, step: fit.step),
      options: try LayoutOptions(
        box: Size(width: fit.width, height: fit.height), maximumLines: fit.maximumLines,
        lineBreakMode: .wordWrap))
    return (result.pointSize, result.fits)
  }

  @Test("Fitted sizes equal Pango's on Latin and CJK, and are close on the other scripts")
  func agreement() throws {
    let cases = Self.cases(perText: 16)
    let binary = try Self.harness()
    let (status, output) = try runCommand(
      [binary.path], input: cases.map(\.fit.harnessLine).joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map { $0.split(separator: "\t") }
    try #require(answers.count == cases.count, "the harness answered \(answers.count) cases")
    var totals: [String: (cases: Int, equal: Int, within: Int)] = [:]
    var differences: [String] = []
    var sizes: Set<Double> = []
    for ((corpus, fit), answer) in zip(cases, answers) {
      let pango = try #require(Double(answer[0]))
      let ours = try Self.ours(fit)
      sizes.insert(pango)
      var total = totals[corpus] ?? (0, 0, 0)
      total.cases += 1
      if ours.size == pango { total.equal += 1 }
      if abs(ours.size - pango) <= 1 { total.within += 1 }
      totals[corpus] = total
      if ours.size != pango, differences.count < 12 {
        differences.append(
          "\(corpus) \(fit.width)×\(fit.height) lines \(fit.maximumLines): ours \(ours.size), "
            + "Pango \(pango) — \(fit.text.prefix(40))")
      }
    }
    func share(_ names: [String]) -> (equal: Double, within: Double, cases: Int) {
      let picked = totals.filter { names.contains($0.key) }.values
      let count = picked.reduce(0) { $0 + $1.cases }
      let equal = picked.reduce(0) { $0 + $1.equal }
      let within = picked.reduce(0) { $0 + $1.within }
      return (Double(equal) / Double(max(count, 1)), Double(within) / Double(max(count, 1)), count)
    }
    for (name, total) in totals.sorted(by: { $0.key < $1.key }) {
      print(
        "Pango agreement \(name): \(total.equal)/\(total.cases) equal, \(total.within) within 1pt")
    }
    for line in differences { print("  \(line)") }
    let latinAndCJK = share(["Latin", "Latin serif", "CJK"])
    let others = share(["Arabic", "Persian", "Hebrew", "Devanagari", "Mixed direction"])
    print(
      """
      Pango agreement: Latin and CJK \(latinAndCJK.cases) cases, \
      \(String(format: "%.1f", latinAndCJK.equal * 100))% equal, \
      \(String(format: "%.1f", latinAndCJK.within * 100))% within 1pt; other scripts \
      \(others.cases) cases, \(String(format: "%.1f", others.equal * 100))% equal, \
      \(String(format: "%.1f", others.within * 100))% within 1pt
      """)
    #expect(latinAndCJK.cases >= 150 && others.cases >= 150)
    // The issue's targets: Latin and CJK at least 99% equal and all within 1pt; the other
    // scripts and mixed directions at least 97% equal and 99% within 1pt.
    #expect(latinAndCJK.equal >= 0.99)
    #expect(latinAndCJK.within == 1)
    #expect(others.equal >= 0.97)
    #expect(others.within >= 0.99)
    // The boxes must make the fits differ, or agreement would be vacuous.
    #expect(sizes.count > 20, "only \(sizes.count) distinct sizes: \(sizes.sorted())")
  }
}
