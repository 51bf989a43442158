import FontFitEngine
@_spi(Engine) import FontFitText

extension View {
  /// The engine's requests for the texts the text widgets of this subtree show, without
  /// fitting any: a request for each shaping work none has claimed from `works` yet, which
  /// this call claims, so each distinct text once, as shaping them ahead of layout needs;
  /// the truncation tokens of the requests are claimed from `tokens` too.
  ///
  /// A large tree of the package's own text widgets has its requests made on all cores, each
  /// core taking a run of consecutive widgets; the runs' requests come back run by run. (The
  /// sets of claims are shared by the cores, each part of them behind a lock of its own: a
  /// serial pass that sifted the runs' requests in order took a third of the time.) The
  /// widgets are only read, from several threads at once, so nothing may change the tree
  /// meanwhile. An app's subclass of ``TextWidget`` need not be safe to read so (widgets are
  /// used from one thread at a time), so a tree with one is read on the calling thread.
  ///
  /// Which of several requests of one work is kept may differ from run to run; they shape
  /// the same text alike.
  package func distinctShapingRequests(
    claiming works: Claims<ShapingWork>, tokens: Claims<TokenWork>
  ) -> [[TextRequest]] {
    let widgets = textWidgets()
    let runCount =
      widgets.count >= Self.parallelRequestThreshold && widgets.allSatisfy(\.isPackageWidget)
      ? ParallelLayout.processorCount * 4 : 1
    let shared = ReadOnly(widgets)
    return ParallelLayout.map(runCount) { run -> [TextRequest] in
      let widgets = shared.value
      var kept: [TextRequest] = []
      for index in ParallelLayout.part(run, of: runCount, splitting: widgets.count) {
        guard let request = widgets[index].shapingRequest(), works.claim(request.shapingWork)
        else { continue }
        _ = tokens.claim(request.tokenWork)
        kept.append(request)
      }
      return kept
    }
  }

  /// Below this many text widgets, making their requests on one thread is cheaper than
  /// sharing the work.
  static let parallelRequestThreshold = 256

  /// The subtree's text widgets, in tree order.
  private func textWidgets() -> [TextWidget] {
    var widgets: [TextWidget] = []
    var pending: [View] = [self]
    while let view = pending.popLast() {
      if let widget = view as? TextWidget { widgets.append(widget) }
      pending.append(contentsOf: view.children.reversed())
    }
    return widgets
  }
}

/// A set of values that threads claim, each value once: the first to claim one gets true.
///
/// The values are spread over many sets by their hashes, each behind a lock of its own, so
/// cores claiming at once seldom wait for each other.
package final class Claims<Element: Hashable & Sendable>: Sendable {
  private let parts: [Lock<Set<Element>>] = (0..<64).map { _ in Lock([]) }

  /// An empty set of claims.
  package init() {}

  /// Claims `element`: whether no one had claimed it before.
  package func claim(_ element: Element) -> Bool {
    let part = Int(UInt(bitPattern: element.hashValue) % UInt(parts.count))
    return parts[part].withLock { $0.insert(element).inserted }
  }

  /// How many values were claimed.
  package var count: Int {
    parts.reduce(0) { count, part in count + part.withLock(\.count) }
  }
}
