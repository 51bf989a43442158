import FontFitWidgets

/// Writing a widget's many children on all cores.
enum ParallelAppend {
  /// Below this many children, writing them on one thread is cheaper than sharing the work.
  static let threshold = 256

  /// Appends to `output` what `write` appends for each of `children` in turn (given its
  /// position), the same text in the same order, written on all cores when there are many:
  /// each core writes a consecutive run of children into a buffer of its own, and the runs
  /// are joined in order.
  ///
  /// The first error `write` throws, in the children's order, is thrown.
  ///
  /// The children are only read, from several threads at once when there are many: widgets
  /// (which are not `Sendable`) may be written this way only while nothing changes them, as a
  /// laid-out tree the dump owns is not changed while its part is written.
  static func forEach<Child, Failure: Error>(
    _ children: [Child], to output: inout TextOutput,
    _ write: @escaping @Sendable (Child, Int, inout TextOutput) throws(Failure) -> Void
  ) throws(Failure) {
    guard children.count >= threshold, ParallelLayout.processorCount > 1 else {
      for (position, child) in children.enumerated() { try write(child, position, &output) }
      return
    }
    let shared = ReadOnly(children)
    // More runs than cores, so a core that finishes early takes another.
    let runCount = ParallelLayout.processorCount * 4
    let runs = ParallelLayout.map(runCount) { run -> Result<TextOutput, Failure> in
      let children = shared.value
      var text = TextOutput()
      let lower = children.count * run / runCount
      let upper = children.count * (run + 1) / runCount
      do throws(Failure) {
        for position in lower..<upper { try write(children[position], position, &text) }
      } catch {
        return .failure(error)
      }
      return .success(text)
    }
    // Room for every run at once: joined one by one, a large part would be copied again at
    // every doubling.
    var joined = 0
    for text in runs { joined += (try? text.get())?.count ?? 0 }
    output.reserveCapacity(forAppending: joined)
    for text in runs { output.append(try text.get()) }
  }
}
