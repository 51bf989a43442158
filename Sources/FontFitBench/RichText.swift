// `bench --rich`: what rich text costs on the corpus. Every case is fitted twice, as plain
// text and as markup that wraps about a third of its words in a tag (bold, italic, small, big,
// monospace, a percentage size, a colour), through the engine: cold (every shaped text
// forgotten first, so each fit shapes its text) and warm (shaped texts cached, as when an app
// lays out again). Rounds interleave plain and rich; each figure is the median round's time
// per fit.

import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitText
import Foundation

/// The rich text benchmark.
enum RichTextBench {
  /// The rounds each variant is timed.
  static let rounds = 5

  /// The tags words are wrapped in, in turn.
  static let tags: [(open: String, close: String)] = [
    ("<b>", "</b>"), ("<i>", "</i>"), ("<small>", "</small>"), ("<big>", "</big>"),
    ("<tt>", "</tt>"), ("<span size=\"120%\">", "</span>"),
    ("<span foreground=\"#c00\">", "</span>"),
  ]

  /// `text` with every third word wrapped in a tag.
  static func markup(_ text: String) -> String {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    return words.enumerated().map { index, word in
      let escaped = Markup.escape(word)
      guard index % 3 == 1, !word.isEmpty else { return escaped }
      let tag = tags[(index / 3) % tags.count]
      return tag.open + escaped + tag.close
    }.joined(separator: " ")
  }

  static func run(cases: [BenchCase], fonts: FontSystem) -> Never {
    let engine = TextEngine(shaper: fonts)
    var plain: [TextRequest] = []
    var rich: [TextRequest] = []
    var spans = 0
    do {
      for benchCase in cases {
        var request = TextRequest(
          text: benchCase.text, font: benchCase.font.descriptor,
          fontSize: benchCase.font.pointSize,
          fitSizes: try FontSizeRange(minimum: 8, maximum: benchCase.font.pointSize, step: 0.5),
          box: Size(width: benchCase.width, height: benchCase.height),
          maximumLines: benchCase.maximumLines)
        request.keepsWordsWhole = true
        plain.append(request)
        try request.setMarkup(markup(benchCase.text))
        spans += request.styles.count
        rich.append(request)
      }
      for request in plain + rich { _ = try engine.fit(request) }
    } catch {
      fail("\(error)")
    }
    let variants = [("plain", plain), ("markup", rich)]
    var cold = [[Double]](repeating: [], count: 2)
    var warm = [[Double]](repeating: [], count: 2)
    for _ in 0..<rounds {
      for (index, variant) in variants.enumerated() {
        fonts.removeCachedTexts()
        cold[index].append(time(variant.1, engine))
        warm[index].append(time(variant.1, engine))
      }
    }
    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
    print("Rich text on \(plain.count) corpus fits (\(spans) styled runs; release build, µs per")
    print("fit, median of \(rounds) interleaved rounds)")
    print("")
    print("| text | cold µs per fit | warm µs per fit |")
    print("|---|---|---|")
    for (index, variant) in variants.enumerated() {
      print(
        "| \(variant.0) | \(format(median(cold[index]) / 1000)) | "
          + "\(format(median(warm[index]) / 1000)) |")
    }
    print("")
    print(
      "markup costs \(format(median(cold[1]) / median(cold[0])))× plain text cold and "
        + "\(format(median(warm[1]) / median(warm[0])))× warm.")
    exit(0)
  }

  /// The time per fit of `requests`, in nanoseconds.
  private static func time(_ requests: [TextRequest], _ engine: TextEngine) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for request in requests {
      guard (try? engine.fit(request)) != nil else { fail("a fit failed") }
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(requests.count)
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
