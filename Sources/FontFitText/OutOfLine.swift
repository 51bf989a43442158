/// A value kept out of line, behind one reference: a value most holders leave unset (a
/// widget's default settings, a layout's error, a truncated last line), so that those holders
/// keep 8 bytes for it instead of the value's own size.
///
/// Two boxes are equal when their values are.
package final class OutOfLine<Value: Sendable>: Sendable {
  /// The value.
  package let value: Value

  /// Boxes `value`.
  package init(_ value: Value) {
    self.value = value
  }
}

extension OutOfLine: Equatable where Value: Equatable {
  /// Whether both boxes hold equal values.
  package static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool { lhs.value == rhs.value }
}

extension OutOfLine: Hashable where Value: Hashable {
  /// Hashes the value.
  package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
