import FontFitEngine
import FontFitText

extension View {
  /// The engine's requests for the texts the text widgets of this subtree show, without
  /// fitting any: the first request of each shaping work not in `seen`, in tree order, so
  /// each distinct text once, as shaping them ahead of layout needs; `seen` gains their works.
  ///
  /// A large tree of the package's own text widgets has its requests made and sifted on all
  /// cores, each core taking a run of consecutive widgets and keeping the first of each work
  /// in its run; the runs' requests are then sifted again in order. The widgets are only
  /// read, from several threads at once, so nothing may change the tree meanwhile. An app's
  /// subclass of ``TextWidget`` need not be safe to read so (widgets are used from one thread
  /// at a time), so a tree with one is read on the calling thread.
  package func distinctShapingRequests(skipping seen: inout Set<ShapingWork>) -> [TextRequest] {
    let widgets = textWidgets()
    let runCount =
      widgets.count >= Self.parallelRequestThreshold && widgets.allSatisfy(\.isPackageWidget)
      ? ParallelLayout.processorCount * 4 : 1
    let shared = ReadOnly(widgets)
    let runs = ParallelLayout.map(runCount) { run -> [(TextRequest, ShapingWork)] in
      let widgets = shared.value
      var seen: Set<ShapingWork> = []
      var kept: [(TextRequest, ShapingWork)] = []
      for index in ParallelLayout.part(run, of: runCount, splitting: widgets.count) {
        guard let request = widgets[index].shapingRequest() else { continue }
        let work = request.shapingWork
        if seen.insert(work).inserted { kept.append((request, work)) }
      }
      return kept
    }
    var requests: [TextRequest] = []
    for run in runs {
      for (request, work) in run where seen.insert(work).inserted { requests.append(request) }
    }
    return requests
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
