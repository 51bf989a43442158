/// An entry of an ``EntryCache``: an object that holds its own key, that key's hash (worked
/// out once, when the entry was made) and what it costs to hold.
package protocol CacheEntry: AnyObject {
  /// What the entry is found by.
  associatedtype Key
  /// The entry's key.
  var key: Key { get }
  /// The hash of the entry's key.
  var keyHash: Int { get }
  /// What holding the entry costs, in the caller's unit (bytes for shaped texts).
  var cost: Int { get }
  /// Whether the entry's key is `key`.
  ///
  /// Asked of the entry rather than read as `entry.key == key`: in the cache's generic code
  /// that reading copies the key, retaining every reference it holds, at each probe (a warm
  /// fit 3% dearer).
  func hasKey(_ key: borrowing Key) -> Bool
}

/// ``BoundedCache``'s two generations over entries that carry their own key and its hash, so
/// that a look-up neither hashes nor copies the key it is asked with: the caller works its
/// hash out once, and the key is compared with each entry's in place.
///
/// Each generation is an open-addressing table (linear probing, at most half full, removal by
/// shifting the entries after it back), indexed by the hash's low bits. The bounds and when a
/// generation turns over are ``BoundedCache``'s (``CacheBounds``), so the two hold the same
/// keys after the same operations (a test runs both side by side).
package struct EntryCache<Entry: CacheEntry> {
  /// The bounds, and when the young generation turns old.
  private var bounds: CacheBounds
  /// The most entries the cache holds.
  package var entryLimit: Int { bounds.entryLimit }
  /// The most total cost the cache holds.
  package var costLimit: Int { bounds.costLimit }

  private var young = Generation()
  private var old = Generation()

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
  package var totalCost: Int { young.cost + old.cost }

  /// The entry of `key`, whose hash is `hash`, marked as used, or nil.
  package mutating func entry(_ key: borrowing Entry.Key, hash: Int) -> Entry? {
    if let entry = young.find(key, hash: hash) { return entry }
    guard let entry = old.remove(key, hash: hash) else { return nil }
    store(entry)
    return entry
  }

  /// Holds `entry`, dropping any entry with the same key.
  ///
  /// An entry costing more than half the cost bound is not held.
  package mutating func insert(_ entry: Entry) {
    let key = entry.key
    _ = young.remove(key, hash: entry.keyHash)
    _ = old.remove(key, hash: entry.keyHash)
    guard bounds.holds(cost: entry.cost) else { return }
    store(entry)
  }

  /// Raises the bounds so that each generation can hold `entries` entries of total cost `cost`,
  /// as ``BoundedCache/reserve(entries:cost:)`` does.
  package mutating func reserve(entries: Int, cost: Int) {
    bounds.reserve(entries: entries, cost: cost)
  }

  /// Forgets every entry.
  package mutating func removeAll() {
    young = Generation()
    old = Generation()
  }

  private mutating func store(_ entry: Entry) {
    if bounds.turnsOver(count: young.count, cost: young.cost, adding: entry.cost) {
      old = young
      young = Generation()
    }
    young.add(entry)
  }

  /// One generation: a table of entries at most half full, with its count and total cost.
  private struct Generation {
    /// A power of two in length, or empty before the first entry.
    private var slots: [Entry?] = []
    private(set) var count = 0
    private(set) var cost = 0

    /// The slot of the entry of `key`, whose hash is `hash`.
    @inline(__always)
    private func slot(of key: borrowing Entry.Key, hash: Int) -> Int? {
      guard !slots.isEmpty else { return nil }
      let mask = slots.count - 1
      var index = hash & mask
      while let held = slots[index] {
        if held.keyHash == hash, held.hasKey(key) { return index }
        index = (index + 1) & mask
      }
      return nil
    }

    /// The entry of `key`, whose hash is `hash`.
    @inline(__always)
    func find(_ key: borrowing Entry.Key, hash: Int) -> Entry? {
      guard let slot = slot(of: key, hash: hash) else { return nil }
      return slots[slot]
    }

    /// Adds `entry`, whose key no entry here has.
    mutating func add(_ entry: Entry) {
      if 2 * (count + 1) > slots.count { grow() }
      place(entry)
      count += 1
      cost += entry.cost
    }

    /// Puts `entry` in the first free slot from its hash's.
    private mutating func place(_ entry: Entry) {
      let mask = slots.count - 1
      var index = entry.keyHash & mask
      while slots[index] != nil { index = (index + 1) & mask }
      slots[index] = entry
    }

    /// Removes and returns the entry of `key`, whose hash is `hash`, if there is one.
    mutating func remove(_ key: borrowing Entry.Key, hash: Int) -> Entry? {
      guard var hole = slot(of: key, hash: hash), let removed = slots[hole] else {
        return nil
      }
      slots[hole] = nil
      count -= 1
      cost -= removed.cost
      // Entries after the hole that probing would no longer reach move back into it.
      let mask = slots.count - 1
      var index = (hole + 1) & mask
      while let held = slots[index] {
        let home = held.keyHash & mask
        // `held` may fill the hole when its home is not cyclically within (hole, index].
        if (index - home) & mask >= (index - hole) & mask {
          slots[hole] = held
          slots[index] = nil
          hole = index
        }
        index = (index + 1) & mask
      }
      return removed
    }

    private mutating func grow() {
      let entries = slots
      slots = Array(repeating: nil, count: max(8, 2 * slots.count))
      for case let entry? in entries { place(entry) }
    }
  }
}
