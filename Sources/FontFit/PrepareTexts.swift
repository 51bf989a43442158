import FontFitEngine
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets

extension FontSystem {
  /// Shapes the texts of `trees` ahead of their layout, each distinct one once, on all cores,
  /// into this font system's cache, so that laying the trees out (on any screen, in any box)
  /// finds every text shaped.
  ///
  /// The cache is first given room for all of them (``FontFitFonts/FontSystem/reserveCachedTexts(_:)``),
  /// so no text is forgotten before its screens are laid out, however many distinct texts
  /// there are. A text that cannot be shaped is left for layout to report.
  ///
  /// A large tree made only of the package's text widgets (``Label``, ``Button``,
  /// ``TextField``, ``TextView``) is read on all cores too, so nothing may change the trees
  /// meanwhile; a tree with a subclass of ``TextWidget`` of an app's own is read on the
  /// calling thread.
  ///
  /// - Parameters:
  ///   - trees: Widget trees in environments that measure with this font system, such as one
  ///     per locale (trees that show the same texts on other screens need not be given, as
  ///     shaping does not depend on the screen); a lazy sequence that builds each tree when
  ///     asked holds one at a time.
  ///   - workers: The most texts shaped at once; by default one per processor.
  /// - Returns: The number of distinct texts shaped.
  @discardableResult
  public func prepareTexts(
    of trees: some Sequence<View>, workers: Int = ParallelLayout.processorCount
  ) -> Int {
    let works = Claims<ShapingWork>()
    let tokens = Claims<TokenWork>()
    var runs: [[TextRequest]] = []
    // Each tree is read and let go in turn, so a lazy sequence holds one tree at a time.
    for tree in trees {
      runs += tree.distinctShapingRequests(claiming: works, tokens: tokens)
    }
    let count = runs.reduce(0) { $0 + $1.count }
    // Room for every text, and for each token in both directions.
    reserveCachedTexts(count + 2 * tokens.count)
    let engine = TextEngine(shaper: self)
    // Shaped on all cores in runs of consecutive requests (four a core, so one that finishes
    // early takes another), however the trees were read: a small tree, or one with an app's
    // own widgets, is read in one run.
    let work = Array(runs.joined())
    let runCount = min(work.count, workers * 4)
    _ = ParallelLayout.map(runCount, workers: workers) { run in
      for index in ParallelLayout.part(run, of: runCount, splitting: work.count) {
        _ = try? engine.prepare(work[index])
      }
    }
    return count
  }
}
