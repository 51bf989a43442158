extension Array {
  /// `count` copies of `value`, as `Array(repeating:count:)` makes them, for the arrays made
  /// once per text.
  ///
  /// `Array(repeating:count:)` allocates through the standard library's unspecialised
  /// allocator, which looks up the array storage's generic metadata on every call (about 200
  /// instructions); reserving and appending is specialised here and looks up nothing. A cold
  /// fit makes about fifteen such arrays.
  @inline(__always)
  init(filled value: Element, count: Int) {
    self.init()
    reserveCapacity(count)
    append(contentsOf: repeatElement(value, count: count))
  }
}
