import FontFitEngine
import FontFitFontModel
import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

/// Rich text against Pango (issue 24).
///
/// The harness lays each case out with `pango_layout_set_markup` and finds the largest size
/// on the grid that fits; FontFit fits the same markup through the engine. At the chosen size the harness also gives each line's
/// width and the layout's height, which FontFit's lines must match.
@Suite("Fitted rich text agrees with Pango (issue 24)")
struct PangoMarkupAgreementTests {
  /// Plain texts, their font family and language, to be marked up.
  static let corpora: [(name: String, family: String, language: String?, texts: [String])] = [
    (
      "Latin", "DejaVu Sans", "en",
      [
        "When the text is longer than its label, the font shrinks step by step until it fits.",
        "Pack my box with five dozen liquor jugs! How vexingly quick daft zebras jump.",
        "Total 42,00 € incl. VAT, delivery on Tuesday between 9 and 12",
        "Warning: do not unplug the device while the update is being installed",
        "Your order of 3 items has shipped and arrives tomorrow",
      ]
    ),
    (
      "Latin serif", "DejaVu Serif", "en",
      ["Typography: affluent office waffles, efficient fjords, official staff."]
    ),
    (
      "CJK", "DejaVu Sans", "zh-cn",
      ["字体自适应标签 文本缩小 直到合适为止 混合 FontFit 文本 测试", "在指定大小的文本框中 显示文本 需要自动调整 字体的大小"]
    ),
    (
      "Arabic", "Noto Sans Arabic", "ar",
      ["مرحبا بالعالم، هذا نص عربي للتجربة", "الخط العربي يتصل حرفا بحرف في الكلمة الواحدة"]
    ),
  ]

  /// The tags the generated markup wraps words in.
  static let wrappers: [(open: String, close: String)] = [
    ("<b>", "</b>"), ("<i>", "</i>"), ("<small>", "</small>"), ("<big>", "</big>"),
    ("<tt>", "</tt>"), ("<span size=\"120%\">", "</span>"), ("<u>", "</u>"),
    ("<span weight=\"bold\" style=\"italic\">", "</span>"),
    ("<span font_family=\"DejaVu Serif\">", "</span>"), ("<sup>", "</sup>"),
    ("<span foreground=\"#c00\">", "</span>"), ("<b><small>", "</small></b>"),
  ]

  /// A text with a few of its words wrapped in random tags.
  static func markup(_ text: String, using random: inout SplitMix64) -> String {
    let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var result: [String] = []
    var index = 0
    while index < words.count {
      let length = Int.random(in: 1...3, using: &random)
      let group = words[index..<min(words.count, index + length)].map { Markup.escape($0) }
        .joined(separator: " ")
      if Int.random(in: 0..<3, using: &random) == 0 {
        let wrapper = wrappers[Int.random(in: 0..<wrappers.count, using: &random)]
        result.append(wrapper.open + group + wrapper.close)
      } else {
        result.append(group)
      }
      index += length
    }
    return result.joined(separator: " ")
  }

  /// The package's own markup: the checkout demo's strings, every locale.
  static func packageMarkup() throws -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Demo/Projects/checkout/strings")
    var markups: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".json") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let table = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
      markups += table.keys.sorted().compactMap { table[$0] }
    }
    return markups
  }

  /// The cases: every text marked up several ways, in random boxes, and the package's own
  /// markup as it is.
  static func cases() throws -> [(corpus: String, fit: PangoAgreementTests.Case)] {
    var random = SplitMix64(seed: 2400)
    var result: [(String, PangoAgreementTests.Case)] = []
    for markup in try packageMarkup() {
      for _ in 0..<4 {
        result.append(
          (
            "Package",
            PangoAgreementTests.Case(
              family: "DejaVu Sans", language: "en", text: markup,
              width: Double(Int.random(in: 80...400, using: &random)),
              height: Double(Int.random(in: 30...200, using: &random)),
              maximumLines: Int.random(in: 0...3, using: &random), minimum: 6,
              maximum: Double(Int.random(in: 12...30, using: &random)))
          ))
      }
    }
    for corpus in corpora {
      for text in corpus.texts {
        for _ in 0..<24 {
          let marked = markup(text, using: &random)
          result.append(
            (
              corpus.name,
              PangoAgreementTests.Case(
                family: corpus.family, language: corpus.language, text: marked,
                width: Double(Int.random(in: 60...400, using: &random)),
                height: Double(Int.random(in: 30...240, using: &random)),
                maximumLines: Int.random(in: 0...4, using: &random),
                minimum: 6,
                maximum: Double(Int.random(in: 12...36, using: &random)))
            ))
        }
      }
    }
    return result
  }

  /// The first size of the grid from `minimum` by `step` that FontFit may fit `markup` at:
  /// no span set smaller than the text goes below `minimum`, so Pango is given the same grid.
  static func gridMinimum(_ minimum: Double, step: Double, for markup: String) -> Double {
    let smallest = ((try? Markup.parse(markup).runs) ?? []).reduce(1.0) {
      min($0, $1.style.scale(designSize: 1))
    }
    let steps = ((minimum / smallest - minimum) / step - 1e-9).rounded(.up)
    return minimum + max(0, steps) * step
  }

  /// FontFit's fit of `fit`'s markup.
  static func ours(_ fit: PangoAgreementTests.Case) throws -> TextFit {
    var request = TextRequest(
      text: "", font: FontDescriptor(family: fit.family), fontSize: fit.maximum,
      fitSizes: try FontSizeRange(minimum: fit.minimum, maximum: fit.maximum, step: fit.step),
      box: Size(width: fit.width, height: fit.height), maximumLines: fit.maximumLines,
      truncation: .none, language: try fit.language.map(Language.init))
    try request.setMarkup(fit.text)
    return try TextEngine(shaper: try FontSystem.shared()).fit(request)
  }

  @Test("Fitted sizes of generated markup equal Pango's, and so do lines and widths")
  func agreement() throws {
    let cases = try Self.cases()
    let binary = try buildPangoHarness("pango_fit")
    let (status, output) = try runCommand(
      [binary.path, "--markup"],
      input: cases.map { corpus, fit in
        // Pango fits on the grid FontFit may use: from the first size at which no span set
        // smaller than the text is below the minimum.
        var pango = fit
        pango.minimum = Self.gridMinimum(fit.minimum, step: fit.step, for: fit.text)
        return pango.harnessLine
      }.joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map { $0.split(separator: "\t") }
    try #require(answers.count == cases.count, "the harness answered \(answers.count) cases")
    var equal = 0
    var within = 0
    var linesCompared = 0
    var linesEqual = 0
    var differences: [String] = []
    var sizes: Set<Double> = []
    for ((corpus, fit), answer) in zip(cases, answers) {
      let pango = try #require(Double(answer[0]))
      let pangoFits = answer[1] == "1"
      let ours = try Self.ours(fit)
      sizes.insert(pango)
      // Where nothing on the grid fits, both say so (FontFit may stop above the grid's
      // minimum, where a small span would go below it).
      let same = ours.pointSize == pango || (!pangoFits && !ours.fits)
      if same { equal += 1 }
      if same || abs(ours.pointSize - pango) <= fit.step { within += 1 }
      if !same, differences.count < 12 {
        differences.append(
          "\(corpus) \(fit.width)×\(fit.height) lines \(fit.maximumLines): ours "
            + "\(ours.pointSize), Pango \(pango) — \(fit.text.prefix(70))")
      }
      // At the same fitting size, the same lines, each as wide as Pango's (which keeps each
      // glyph's advance in whole 1/1024 points).
      guard ours.pointSize == pango, pangoFits else { continue }
      let count = try #require(Int(answer[2]))
      let widths = answer.dropFirst(3).dropLast().compactMap { Double($0) }
      linesCompared += 1
      if ours.result.lines.count == count,
        zip(ours.result.lines, widths).allSatisfy({
          abs($0.width - $1) <= Double($0.text.unicodeScalars.count + 1) / 1024
        })
      {
        linesEqual += 1
      } else if differences.count < 12 {
        differences.append(
          "\(corpus) at \(pango): ours \(ours.result.lines.map(\.width)), Pango \(widths) — "
            + "\(fit.text.prefix(70))")
      }
    }
    let share = Double(equal) / Double(cases.count)
    print(
      "Pango markup agreement: \(cases.count) cases, \(equal) equal "
        + "(\(String(format: "%.1f", share * 100))%), \(within) within one step; lines and "
        + "widths equal in \(linesEqual) of \(linesCompared)")
    for line in differences { print("  \(line)") }
    #expect(cases.count >= 280)
    // The issue's target: at least 98% equal, all within one grid step.
    #expect(share >= 0.98)
    #expect(within == cases.count)
    #expect(Double(linesEqual) >= 0.98 * Double(linesCompared))
    #expect(sizes.count > 15, "only \(sizes.count) distinct sizes: \(sizes.sorted())")
  }

  /// Letter-spaced spans, which Pango spaces by absolute lengths: compared at one size (where
  /// FontFit's lengths at the design size are the same points), line by line.
  static let spacings: [(open: String, close: String)] = [
    ("<span letter_spacing=\"2048\">", "</span>"), ("<span letter_spacing=\"-700\">", "</span>"),
    ("<span letter_spacing=\"3072\"><b>", "</b></span>"),
  ]

  @Test("Letter-spaced spans break and measure their lines as Pango's do")
  func letterSpacing() throws {
    var random = SplitMix64(seed: 2401)
    var cases: [PangoAgreementTests.Case] = []
    for corpus in Self.corpora where corpus.name != "Arabic" {
      for text in corpus.texts {
        for _ in 0..<8 {
          let words = text.split(separator: " ").map { Markup.escape($0) }
          let marked = words.enumerated().map { index, word in
            guard Int.random(in: 0..<3, using: &random) == 0 else { return word }
            let tag = Self.spacings[Int.random(in: 0..<Self.spacings.count, using: &random)]
            return tag.open + word + tag.close
          }.joined(separator: " ")
          let size = Double(Int.random(in: 10...24, using: &random))
          cases.append(
            PangoAgreementTests.Case(
              family: corpus.family, language: corpus.language, text: marked,
              width: Double(Int.random(in: 80...400, using: &random)), height: 10_000,
              maximumLines: 0, minimum: size, maximum: size))
        }
      }
    }
    let binary = try buildPangoHarness("pango_fit")
    let (status, output) = try runCommand(
      [binary.path, "--markup"], input: cases.map(\.harnessLine).joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map { $0.split(separator: "\t") }
    try #require(answers.count == cases.count)
    var equal = 0
    var differences: [String] = []
    for (fit, answer) in zip(cases, answers) {
      let ours = try Self.ours(fit).result.lines
      let count = try #require(Int(answer[2]))
      let widths = answer.dropFirst(3).dropLast().compactMap { Double($0) }
      if ours.count == count,
        zip(ours, widths).allSatisfy({
          abs($0.width - $1) <= Double($0.text.unicodeScalars.count + 1) / 1024
        })
      {
        equal += 1
      } else if differences.count < 8 {
        differences.append(
          "\(fit.width) at \(fit.maximum): ours \(ours.map(\.width)), Pango \(widths) — "
            + "\(fit.text.prefix(80))")
      }
    }
    print("Pango letter spacing agreement: \(equal) of \(cases.count) cases line for line")
    for line in differences { print("  \(line)") }
    #expect(cases.count >= 60)
    #expect(Double(equal) >= 0.98 * Double(cases.count))
  }
}
