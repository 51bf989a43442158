/// A map a text fills with a few entries as a rule and, for a styled text, sometimes with
/// many: found by a scan while it holds at most ``scanLimit`` (which makes no dictionary, a
/// cost every new text would pay), and through a dictionary beyond, so that a text with many
/// keeps constant-time look-ups.
struct ScanningMap<Key: Hashable, Value> {
  /// The most entries held in the scanned array.
  static var scanLimit: Int { 8 }

  private struct Entry {
    var key: Key
    var value: Value
  }

  private var scanned: [Entry] = []
  private var hashed: [Key: Value] = [:]

  /// The number of entries.
  var count: Int { hashed.isEmpty ? scanned.count : hashed.count }

  /// The value of `key`, or nil.
  subscript(key: Key) -> Value? {
    hashed.isEmpty ? scanned.first { $0.key == key }?.value : hashed[key]
  }

  /// Holds `value` for `key`, which the map does not hold yet.
  mutating func insert(_ value: Value, for key: Key) {
    if hashed.isEmpty, scanned.count < Self.scanLimit {
      scanned.append(Entry(key: key, value: value))
      return
    }
    if hashed.isEmpty {
      for entry in scanned { hashed[entry.key] = entry.value }
      scanned = []
    }
    hashed[key] = value
  }
}
