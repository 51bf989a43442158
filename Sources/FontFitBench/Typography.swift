// `bench --typography`: what the levers of issue 23 cost on the corpus. Every case is fitted
// with the engine as a widget fits it (whole words kept), in its language (German for the
// German cases, English for the rest): with every new setting at its default, with
// `hyphenation: auto`, with a tracking lever, and with balanced lines. Rounds interleave the
// settings so that the machine's drift hits them alike; each figure is the median round's
// time per fit, shaped texts cached as in an app that lays out again. The first round of
// `hyphenation: auto` is reported apart: it is the one that fills the hyphenation cache.

import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitText
import Foundation

/// The typography benchmark.
enum TypographyBench {
  /// The rounds each setting is timed.
  static let rounds = 7
  /// What hyphenation may cost, as a multiple of the same fits without it.
  static let hyphenationTarget = 1.5

  /// The settings compared, by name.
  static let settings: [(name: String, apply: @Sendable (inout TextRequest) -> Void)] = [
    ("defaults (greedy, no hyphenation)", { _ in }),
    ("hyphenation: auto", { $0.hyphenation = .auto }),
    ("fitLadder: size, tracking (5%)", { $0.fitLadder = FitLadder([.size, .tracking]) }),
    ("lineBreakStrategy: balanced", { $0.lineBreakStrategy = .balanced }),
  ]

  static func run(cases: [BenchCase], fonts: FontSystem) -> Never {
    let engine = TextEngine(shaper: fonts)
    var requests: [TextRequest] = []
    do {
      for benchCase in cases {
        var request = TextRequest(
          text: benchCase.text, font: benchCase.font.descriptor,
          fontSize: benchCase.font.pointSize,
          fitSizes: try FontSizeRange(minimum: 8, maximum: benchCase.font.pointSize, step: 0.5),
          box: Size(width: benchCase.width, height: benchCase.height),
          maximumLines: benchCase.maximumLines,
          language: try Language(benchCase.kind == "german" ? "de-DE" : "en-US"))
        request.keepsWordsWhole = true
        requests.append(request)
      }
      // Shape every text once, so rounds time the fits, not first shaping; load the two
      // dictionaries, so that the first round of hyphenation times its words, not the files.
      for request in requests { _ = try engine.fit(request) }
      for tag in ["de-DE", "en-US"] {
        let language = try Language(tag)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = fonts.hyphenationPoints(
          in: try fonts.shape("Einstellungen", font: FontDescriptor(family: "DejaVu Sans")),
          language: language, limits: .standard)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        print("loading the \(tag) hyphenation dictionary: \(format(elapsed)) ms")
      }
      print("")
    } catch {
      fail("\(error)")
    }
    var times = [[Double]](repeating: [], count: settings.count)
    var used = [Int](repeating: 0, count: settings.count)
    var firstHyphenationRound = 0.0
    for round in 0..<rounds {
      for (index, setting) in settings.enumerated() {
        var count = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for var request in requests {
          setting.apply(&request)
          guard let fit = try? engine.fit(request) else { fail("a fit failed") }
          if fit.result.lever != .size || (index == 3 && fit.result.lines.count > 1) {
            count += 1
          }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(requests.count)
        if round == 0, index == 1 { firstHyphenationRound = elapsed }
        times[index].append(elapsed)
        used[index] = count
      }
    }
    let medians = times.map { $0.sorted()[$0.count / 2] }
    print("Typography levers on \(requests.count) corpus fits (release build, µs per fit, median")
    print("of \(rounds) interleaved rounds; shaped texts cached, as when an app lays out again)")
    print("")
    print("| setting | µs per fit | × defaults | fits that used it |")
    print("|---|---|---|---|")
    for (index, setting) in settings.enumerated() {
      let usedBy = index == 0 ? "—" : "\(used[index])"
      print(
        "| \(setting.name) | \(format(medians[index] / 1000)) | "
          + "\(format(medians[index] / medians[0])) | \(usedBy) |")
    }
    print("")
    let ratio = medians[1] / medians[0]
    print(
      "hyphenation: auto costs \(format(ratio))× a fit without it (target ≤ "
        + "\(format(hyphenationTarget))×; \(ratio <= hyphenationTarget ? "met" : "missed")); "
        + "its first round, which finds every word's points in the dictionary, "
        + "\(format(firstHyphenationRound / medians[0]))×.")
    exit(0)
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
