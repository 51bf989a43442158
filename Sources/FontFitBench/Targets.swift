// The targets of issue 25, each beside its peer measured in the same run: FontFit's cold and
// warm fits through the text engine against the Pango peer (Peers/pango_peer.c) on the same
// texts. Rounds interleave FontFit and Pango; every round renumbers the corpus, so each cold
// fit is of a text the font system has never seen, and each figure is the median round's.

import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitText
import Foundation

/// FontFit against Pango on the corpus.
enum Targets {
  /// The figures of one measurement, in nanoseconds per fit (medians over the rounds).
  struct Figures {
    /// FontFit, a new text shaped and fitted: median and mean over the cases.
    var cold: (median: Double, mean: Double)
    /// FontFit, the same text in a new box.
    var warm: (median: Double, mean: Double)
    /// Pango, one new layout at the start size, its caches hot (the peer lays it out untimed first).
    var oneLayout: (median: Double, mean: Double)
    /// Pango, the binary-search fit.
    var binarySearch: (median: Double, mean: Double)
    /// Cases whose fitted size equals the Pango binary search's, of all cases.
    var sameSize: (equal: Int, of: Int)
  }

  /// Measures `count` corpus cases (of at most `maximumCharacters` characters) in `rounds`
  /// interleaved rounds; nil with the reason when Pango cannot be measured here.
  static func measure(
    count: Int, maximumCharacters: Int, rounds: Int, fonts: FontSystem
  ) -> Result<Figures, PeerUnavailable> {
    let peer: PangoPeer
    switch PangoPeer.build() {
    case .success(let built): peer = built
    case .failure(let reason): return .failure(reason)
    }
    defer { peer.remove() }
    let engine = TextEngine(shaper: fonts)
    var rows: [[Double]] = []
    var sameSize = (equal: 0, of: 0)
    do {
      for round in 0..<rounds {
        let cases = Corpus.cases(count: count, round: round + 1).filter {
          $0.text.count <= maximumCharacters
        }
        let requests = try cases.map(request)
        var cold: [Double] = []
        var warm: [Double] = []
        var sizes: [Double] = []
        for request in requests {
          var fit: TextFit?
          cold.append(try time { fit = try engine.fit(request) })
          sizes.append(fit?.pointSize ?? .nan)
        }
        for var request in requests {
          request.box.width = request.box.width * 0.8 + 10
          warm.append(try time { _ = try engine.fit(request) })
        }
        let pango = try peer.run(cases)
        for (ours, theirs) in zip(sizes, pango) {
          sameSize.of += 1
          if ours == theirs.pointSize { sameSize.equal += 1 }
        }
        rows.append(contentsOf: [
          cold, warm, pango.map(\.oneLayout), pango.map(\.binarySearch),
        ])
      }
    } catch let error as PeerUnavailable {
      return .failure(error)
    } catch {
      fail("targets: \(error)")
    }
    // rows holds four series per round; each figure is the median of its rounds' statistics.
    func figure(_ series: Int) -> (median: Double, mean: Double) {
      let members = stride(from: series, to: rows.count, by: 4).map { rows[$0] }
      let medians = members.map { Report.percentiles($0).median }.sorted()
      let means = members.map { $0.reduce(0, +) / Double(max($0.count, 1)) }.sorted()
      return (medians[medians.count / 2], means[means.count / 2])
    }
    return .success(
      Figures(
        cold: figure(0), warm: figure(1), oneLayout: figure(2), binarySearch: figure(3),
        sameSize: sameSize))
  }

  /// The engine's request for a case: the 0.5pt grid from 8pt to its design size, words
  /// broken where they must be, as the Pango peer's word-or-character wrapping does.
  static func request(_ benchCase: BenchCase) throws -> TextRequest {
    TextRequest(
      text: benchCase.text, font: benchCase.font.descriptor,
      fontSize: benchCase.font.pointSize,
      fitSizes: try FontSizeRange(minimum: 8, maximum: benchCase.font.pointSize, step: 0.5),
      box: Size(width: benchCase.width, height: benchCase.height),
      maximumLines: benchCase.maximumLines)
  }

  /// The table of targets: each FontFit figure, its peer, the ratio and the target.
  ///
  /// `demoPerLabel` is the whole demo's nanoseconds per label per screen, when it ran.
  static func table(_ figures: Figures, demoPerLabel: Double?) -> String {
    let micro = { (value: Double) in Report.number(value / 1000, 1) }
    var lines = [
      "| target | FontFit µs | peer | peer µs | ratio (median; mean) | target | met |",
      "|---|---|---|---|---|---|---|",
    ]
    func row(
      _ name: String, _ ours: (median: Double, mean: Double), _ peerName: String,
      _ theirs: (median: Double, mean: Double), limit: Double
    ) {
      let ratio = (ours.median / theirs.median, ours.mean / theirs.mean)
      lines.append(
        "| \(name) | \(micro(ours.median)); \(micro(ours.mean)) | \(peerName) | "
          + "\(micro(theirs.median)); \(micro(theirs.mean)) | "
          + "\(Report.number(ratio.0, 3)); \(Report.number(ratio.1, 3)) | ≤ \(limit) | "
          + "\(max(ratio.0, ratio.1) <= limit ? "yes" : "no") |")
    }
    row("1. cold fit, new text", figures.cold, "one Pango layout", figures.oneLayout, limit: 0.5)
    row(
      "2. warm re-fit, new box", figures.warm, "one Pango layout", figures.oneLayout,
      limit: 0.04)
    row(
      "cold fit against Pango's fit", figures.cold, "Pango binary search",
      figures.binarySearch, limit: 1)
    if let demoPerLabel {
      let speedup = figures.binarySearch.mean / demoPerLabel
      lines.append(
        "| 5. demo per label·screen (all cores) | \(micro(demoPerLabel)) | Pango binary search (mean) | "
          + "\(micro(figures.binarySearch.mean)) | \(Report.number(speedup, 0))× faster | "
          + "≥ 100× | \(speedup >= 100 ? "yes" : "no") |")
    }
    return lines.joined(separator: "\n")
  }
}
