import FontFitWidgets

/// Writing a widget's many children on all cores.
enum ParallelAppend {
  /// Below this many children, writing them on one thread is cheaper than sharing the work.
  static let threshold = 256

  /// Appends to `output` what `write` appends for each of `children` in turn (given its
  /// position), the same text in the same order, written on all cores when there are many:
  /// each core writes a consecutive run of children into a string of its own, and the runs
  /// are joined in order.
  static func forEach(
    _ children: [WidgetSnapshot], to output: inout TextOutput,
    _ write: @escaping @Sendable (WidgetSnapshot, Int, inout TextOutput) -> Void
  ) {
    guard children.count >= threshold, ParallelLayout.processorCount > 1 else {
      for (position, child) in children.enumerated() { write(child, position, &output) }
      return
    }
    // More runs than cores, so a core that finishes early takes another.
    let runCount = ParallelLayout.processorCount * 4
    let runs = ParallelLayout.map(runCount) { run in
      var text = TextOutput()
      let lower = children.count * run / runCount
      let upper = children.count * (run + 1) / runCount
      for position in lower..<upper { write(children[position], position, &text) }
      return text
    }
    for text in runs { output.append(text) }
  }
}
