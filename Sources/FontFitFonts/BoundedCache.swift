/// A map that holds at most a given number of entries and a given total cost, and forgets the
/// entries used least recently first.
///
/// Entries live in two generations. New and recently read entries go into the young one; when
/// the young generation reaches half of either bound, the old generation is dropped and the
/// young one becomes old. A read of an old entry moves it back to the young generation. So an
/// entry survives as long as it is used at least once per half-cache of insertions — the
/// behaviour of least-recently-used eviction, at the cost of one dictionary operation — and
/// the two generations together never exceed the bounds.
package struct BoundedCache<Key: Hashable, Value> {
  /// The bounds, and when the young generation turns old.
  private var bounds: CacheBounds
  /// The most entries the cache holds.
  package var entryLimit: Int { bounds.entryLimit }
  /// The most total cost (in bytes, as the caller measures it) the cache holds.
  package var costLimit: Int { bounds.costLimit }

  private var young: [Key: Entry] = [:]
  private var old: [Key: Entry] = [:]
  private var youngCost = 0
  private var oldCost = 0

  private struct Entry {
    var value: Value
    var cost: Int
  }

  /// An empty cache.
  ///
  /// - Parameters:
  ///   - entryLimit: The most entries it holds; at least 2.
  ///   - costLimit: The most total cost it holds; by default no bound but the entries'.
  package init(entryLimit: Int, costLimit: Int = .max) {
    bounds = CacheBounds(entryLimit: entryLimit, costLimit: costLimit)
  }

  /// The number of entries held.
  package var count: Int { young.count + old.count }
  /// The total cost of the entries held.
  package var totalCost: Int { youngCost + oldCost }

  /// The value for `key`, marked as used, or nil.
  package mutating func value(for key: Key) -> Value? {
    if let entry = young[key] { return entry.value }
    guard let entry = old.removeValue(forKey: key) else { return nil }
    oldCost -= entry.cost
    store(entry, for: key)
    return entry.value
  }

  /// Holds `value` for `key`, replacing any value it had.
  ///
  /// A value costing more than half the
  /// cost bound is not held.
  package mutating func insert(_ value: Value, for key: Key, cost: Int = 0) {
    if let replaced = young.removeValue(forKey: key) { youngCost -= replaced.cost }
    if let replaced = old.removeValue(forKey: key) { oldCost -= replaced.cost }
    guard bounds.holds(cost: cost) else { return }
    store(Entry(value: value, cost: cost), for: key)
  }

  /// Raises the bounds so that each generation can hold `entries` entries of total cost `cost`.
  ///
  /// That many, inserted and read in any order with nothing else, all stay held, whatever
  /// was inserted before. Bounds already larger are kept.
  package mutating func reserve(entries: Int, cost: Int) {
    bounds.reserve(entries: entries, cost: cost)
  }

  /// Forgets every entry.
  package mutating func removeAll() {
    young = [:]
    old = [:]
    youngCost = 0
    oldCost = 0
  }

  private mutating func store(_ entry: Entry, for key: Key) {
    if bounds.turnsOver(count: young.count, cost: youngCost, adding: entry.cost) {
      old = young
      oldCost = youngCost
      young = [:]
      youngCost = 0
    }
    young[key] = entry
    youngCost += entry.cost
  }
}

/// The bounds of a two-generation cache (``BoundedCache``, ``EntryCache``): how many entries
/// and how much cost it holds, when its young generation turns old, and which entries are too
/// costly to hold at all.
package struct CacheBounds {
  /// The most entries the cache holds.
  package private(set) var entryLimit: Int
  /// The most total cost the cache holds.
  package private(set) var costLimit: Int

  /// Bounds of `entryLimit` entries (at least 2) and `costLimit` cost (at least 2).
  package init(entryLimit: Int, costLimit: Int) {
    self.entryLimit = max(2, entryLimit)
    self.costLimit = max(2, costLimit)
  }

  /// Whether an entry of `cost` may be held: one costing more than half the cost bound is
  /// not.
  package func holds(cost: Int) -> Bool {
    cost <= costLimit / 2
  }

  /// Whether a young generation of `count` entries costing `cost` must turn old before an
  /// entry costing `adding` joins it: it would reach half of either bound.
  package func turnsOver(count: Int, cost: Int, adding: Int) -> Bool {
    count + 1 > entryLimit / 2 || cost + adding > costLimit / 2
  }

  /// Raises the bounds so that each generation can hold `entries` entries of total cost
  /// `cost`; bounds already larger are kept.
  package mutating func reserve(entries: Int, cost: Int) {
    entryLimit = max(entryLimit, 2 * (min(entries, .max / 4) + 1))
    costLimit = max(costLimit, 2 * min(cost, .max / 2))
  }
}
