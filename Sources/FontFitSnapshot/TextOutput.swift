@_spi(Engine) import FontFitText
import FontFitWidgets

/// Text being written, kept as UTF-8 bytes and made a `String` once, when it is done, or
/// handed on as the bytes.
///
/// A dump appends a hundred short pieces per widget. Appending to a `String` costs about 300
/// instructions a piece (its capacity, uniqueness and ASCII flags are checked and updated each
/// time), and to an array of bytes about 90 (its generic copy checks the count and capacity
/// in several steps before `memcpy`); here a piece costs a capacity and a uniqueness check
/// and the copy.
///
/// Copies share their bytes until one of them writes, which then copies them first, as an
/// array does: a value handed to another thread is never written by two threads at once,
/// hence `@unchecked Sendable`.
struct TextOutput: @unchecked Sendable {
  /// The memory the bytes are in, freed when no copy of the output holds it.
  ///
  /// Only an output that holds it alone writes to it, so storage shared between threads is
  /// only read, hence `@unchecked Sendable`.
  private final class Storage: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    /// The bytes `base` has room for: at least the capacity asked for, more when the memory
    /// was kept from a larger output.
    let capacity: Int
    /// Where the memory came from and goes back to when it is large.
    let blocks: LargeBlocks

    init(capacity: Int, blocks: LargeBlocks) {
      self.blocks = blocks
      if let kept = blocks.take(atLeast: capacity) {
        (base, self.capacity) = kept
      } else {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
      }
    }

    deinit {
      if !blocks.keep(base, capacity: capacity) { base.deallocate() }
    }

    /// The storage of every output made without room, shared and never written: the first
    /// byte appended moves the output to storage of its own.
    static let empty = Storage(capacity: 0, blocks: .shared)
  }

  private var storage: Storage
  /// `storage`'s memory, kept here so that writing reads no class property.
  private var base: UnsafeMutablePointer<UInt8>
  /// The bytes `storage` has room for.
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  /// Empty output with room for `capacity` bytes, its large memory taken from and given back
  /// to `blocks`.
  init(reservingCapacity capacity: Int = 0, blocks: LargeBlocks = .shared) {
    storage = capacity > 0 ? Storage(capacity: capacity, blocks: blocks) : Storage.empty
    base = storage.base
    self.capacity = storage.capacity
  }

  /// The bytes written.
  private var written: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// The text written.
  var string: String { String(decoding: written, as: UTF8.self) }

  /// Room for `extra` more bytes in memory this output alone holds; the address they go to.
  @inline(__always)
  private mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
    if extra > capacity &- count || !isKnownUniquelyReferenced(&storage) {
      grow(holding: count + extra)
    }
    return base + count
  }

  /// Moves to memory of this output's own with room for `needed` bytes.
  ///
  /// It takes twice the room when the room ran out, the same when the memory was shared. It
  /// stays out of line, so that every append inlines only the checks (inlined, it made the
  /// appends of strings and numbers too large to inline).
  @inline(never)
  private mutating func grow(holding needed: Int) {
    moveToNewStorage(capacity: needed > capacity ? max(needed, 2 * capacity, 64) : capacity)
  }

  /// Copies the bytes into new memory, of this output's own, with room for `room` bytes.
  private mutating func moveToNewStorage(capacity room: Int) {
    let moved = Storage(capacity: room, blocks: storage.blocks)
    moved.base.initialize(from: base, count: count)
    storage = moved
    base = moved.base
    capacity = moved.capacity
  }

  /// Makes room for `extra` more bytes at once, and an eighth more for what follows them, so
  /// appending them copies nothing already written.
  mutating func reserveCapacity(forAppending extra: Int) {
    guard extra > capacity - count || !isKnownUniquelyReferenced(&storage) else { return }
    let needed = count + max(0, extra)
    moveToNewStorage(capacity: max(capacity, needed + needed / 8))
  }

  /// Calls `body` with the bytes written, valid only during the call.
  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
    -> Result
  {
    try withExtendedLifetime(storage) { try body(UnsafeRawBufferPointer(written)) }
  }

  /// Appends `piece`'s bytes.
  @inline(__always)
  mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress, !piece.isEmpty else { return }
    let length = piece.count
    room(for: length).initialize(from: source, count: length)
    count += length
  }

  /// Appends `text`.
  mutating func append(_ text: some StringProtocol) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
    if copied == nil {
      var string = String(text)
      string.withUTF8 { append($0) }
    }
  }

  /// Appends `value` as ``FontFitText/TextFormat/string(_:fractionDigits:)`` writes it,
  /// written straight into the output when it is written digit by digit.
  mutating func append(_ value: Double, fractionDigits: Int? = nil) {
    let start = room(for: TextFormat.decimalCapacity)
    if let written = TextFormat.writeUTF8(of: value, fractionDigits: fractionDigits, to: start) {
      count += written
    } else {
      TextFormat.withUTF8(of: value, fractionDigits: fractionDigits) { append($0) }
    }
  }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(integer value: Int) {
    TextFormat.withUTF8(ofInteger: value) { append($0) }
  }

  /// Appends ``FontFitText/TextFormat/codePoint(_:)`` of `value`.
  mutating func appendCodePoint(_ value: UInt32) {
    var bytes: [UInt8] = []
    TextFormat.appendCodePoint(value, to: &bytes)
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends `stage`'s ``FontFitWidgets/SizeStage/detail``.
  mutating func appendDetail(of stage: SizeStage) {
    stage.writeDetail { append($0) }
  }

  /// Appends `stage`'s ``FontFitWidgets/SizeStage/detail`` as a JSON string, as
  /// ``appendQuoted(_:)`` writes it: written in place, without making the detail's string,
  /// when nothing in it needs escaping.
  mutating func appendQuotedDetail(of stage: SizeStage) {
    let start = count
    append(byte: UInt8(ascii: "\""))
    appendDetail(of: stage)
    if Self.isPlainQuoted(UnsafeBufferPointer(start: base + start + 1, count: count - start - 1)) {
      append(byte: UInt8(ascii: "\""))
    } else {
      removeLast(count - start)
      appendQuoted(stage.detail)
    }
  }

  /// Appends a line break and `count` spaces.
  mutating func appendLineStart(indentation count: Int) {
    let spaces = max(0, count)
    Self.writeLineStart(indentation: spaces, to: room(for: 1 + spaces))
    self.count += 1 + spaces
  }

  /// Writes a line break and `spaces` spaces at `target`: copied from a constant, in one copy
  /// up to its length.
  private static func writeLineStart(
    indentation spaces: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    lineStart.withUTF8Buffer { piece in
      guard let source = piece.baseAddress, spaces < piece.count else {
        target.initialize(to: UInt8(ascii: "\n"))
        (target + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        return
      }
      target.initialize(from: source, count: 1 + spaces)
    }
  }

  /// Appends, in one reservation, what starts the next element of a JSON container on a line
  /// of its own: a comma when `afterOther` (another element came before it), a line break,
  /// `indentation` spaces, and, for an object's member, its quoted `key` and `: `.
  mutating func appendElementStart(afterOther: Bool, indentation: Int, key: StaticString?) {
    let spaces = max(0, indentation)
    let keyLength = key.map { $0.utf8CodeUnitCount + 4 } ?? 0
    let length = (afterOther ? 1 : 0) + 1 + spaces + keyLength
    var target = room(for: length)
    if afterOther {
      target.initialize(to: UInt8(ascii: ","))
      target += 1
    }
    Self.writeLineStart(indentation: spaces, to: target)
    target += 1 + spaces
    if let key {
      let count = key.utf8CodeUnitCount
      target.initialize(to: UInt8(ascii: "\""))
      (target + 1).initialize(from: key.utf8Start, count: count)
      target += 1 + count
      target.initialize(to: UInt8(ascii: "\""))
      (target + 1).initialize(to: UInt8(ascii: ":"))
      (target + 2).initialize(to: UInt8(ascii: " "))
    }
    count += length
  }

  /// A line break and the most spaces ``appendLineStart(indentation:)`` copies at once.
  private static var lineStart: StaticString {
    "\n                                                                "
  }

  /// Appends one byte.
  mutating func append(byte: UInt8) {
    room(for: 1).initialize(to: byte)
    count += 1
  }

  /// Appends `text`.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends `value` as a JSON number: as ``FontFitText/TextFormat/string(_:fractionDigits:)``
  /// writes it, or `null` when it is not finite.
  mutating func appendJSON(_ value: Double) {
    if value.isFinite {
      append(value)
    } else {
      append("null" as StaticString)
    }
  }

  /// Appends `text` as a JSON string literal, as ``FontFitText/TextFormat/quoted(_:)``
  /// writes it; printable ASCII without quotes or backslashes, the usual case, is copied as
  /// it is.
  mutating func appendQuoted(_ text: String) {
    // One pass over a native string's bytes checks them; the copy follows.
    let plain =
      text.utf8.withContiguousStorageIfAvailable { utf8 in
        guard Self.isPlainQuoted(utf8) else { return false }
        // The quotes and the bytes in one reservation.
        let target = room(for: utf8.count + 2)
        target.initialize(to: UInt8(ascii: "\""))
        if let source = utf8.baseAddress {
          (target + 1).initialize(from: source, count: utf8.count)
        }
        (target + 1 + utf8.count).initialize(to: UInt8(ascii: "\""))
        count += utf8.count + 2
        return true
      } ?? false
    guard !plain else { return }
    append(TextFormat.quoted(text))
  }

  /// Whether every byte of `bytes` is ``FontFitText/isPlainQuoted(_:)``, checked eight at a
  /// time.
  private static func isPlainQuoted(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    while index + 8 <= bytes.count {
      guard allPlainQuoted(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) else {
        return false
      }
      index += 8
    }
    while index < bytes.count {
      guard FontFitText.isPlainQuoted(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// Removes the last `count` bytes written.
  mutating func removeLast(_ count: Int) {
    precondition(count >= 0 && count <= self.count, "removing more bytes than were written")
    self.count -= count
  }

  /// Appends what `other` holds.
  mutating func append(_ other: TextOutput) {
    // `other` keeps its storage alive while its bytes are copied.
    withExtendedLifetime(other) { append(other.written) }
  }

  /// Appends the constant `text`, whose bytes are copied from where the program keeps them
  /// (a string literal appended with `+=` is one; a `String` is appended with `append(_:)`).
  static func += (output: inout TextOutput, text: StaticString) {
    output.append(text)
  }
}

/// The memory of large outputs let go of, kept for the next while a dump is written.
///
/// A dump writes each screen's part, megabytes, into memory of its own, and memory the
/// system hands out afresh costs a page fault a page on first use (1.7 µs a page on the
/// machine the benchmarks run on: up to 12,000 of a 10,000-label dump's 22,000 faults were
/// its parts'). The allocator gave parts fresh memory again and again (each over its
/// threshold for mapping memory of its own, or in a thread's arena it gives back), so the
/// blocks are kept here instead, and given back when the dump is done
/// (``releaseAll()``).
///
/// At most `limit` blocks of at least `smallest` bytes, and `budget` bytes in all, are kept;
/// an output takes the smallest block that holds what it asks for, and no block more than
/// twice that. (Sendable as its blocks are only handed over under its lock, each to one
/// owner.)
package final class LargeBlocks: Sendable {
  /// The blocks every output keeps and takes: at most eight of 256 KiB or more, 48 MiB in
  /// all, released by each dump of ``FontFit/Project`` when it ends.
  package static let shared = LargeBlocks(smallest: 256 << 10, limit: 8, budget: 48 << 20)

  /// The smallest block kept: smaller ones come and go through the allocator's free lists.
  let smallest: Int
  /// The most blocks kept: a part per core and the runs of a screen shared out.
  let limit: Int
  /// The most bytes kept.
  let budget: Int
  /// The blocks kept, smallest first.
  private let blocks = Lock<[(base: UnsafeMutablePointer<UInt8>, capacity: Int)]>([])

  /// An empty store of at most `limit` blocks of `smallest` bytes or more, `budget` in all.
  package init(smallest: Int, limit: Int, budget: Int) {
    self.smallest = smallest
    self.limit = limit
    self.budget = budget
  }

  deinit {
    blocks.withLock { blocks in for block in blocks { block.base.deallocate() } }
  }

  /// The capacities of the blocks kept, smallest first.
  var capacities: [Int] { blocks.withLock { $0.map(\.capacity) } }

  /// A kept block of at least `capacity` bytes and at most twice that, which the caller now
  /// owns; nil when none fits (or `capacity` is under `smallest`). (A small output does not
  /// take a block a screen's part will need.)
  func take(atLeast capacity: Int) -> (base: UnsafeMutablePointer<UInt8>, capacity: Int)? {
    guard capacity >= smallest else { return nil }
    return blocks.withLock { blocks in
      guard let index = blocks.firstIndex(where: { $0.capacity >= capacity }),
        blocks[index].capacity / 2 <= capacity
      else { return nil }
      return blocks.remove(at: index)
    }
  }

  /// Frees every block kept: a dump calls it when it is done, so the memory is kept only
  /// while it writes.
  package func releaseAll() {
    let released = blocks.withLock { blocks in
      defer { blocks = [] }
      return blocks
    }
    for block in released { block.base.deallocate() }
  }

  /// Keeps `base`, a block of `capacity` bytes the caller let go of, for a later output;
  /// false when it is not kept (too small, or no room even were every smaller block let go
  /// of), and the caller frees it.
  ///
  /// With no room, the smallest blocks make way for a larger one: an output that grew by
  /// doubling lets go of a block at every step, which would otherwise fill the places a
  /// screen's part needs.
  func keep(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) -> Bool {
    guard capacity >= smallest, capacity <= budget else { return false }
    let evicted = blocks.withLock { blocks -> [UnsafeMutablePointer<UInt8>]? in
      // The blocks at least as large stay; is there room beside them?
      let larger = blocks.drop { $0.capacity < capacity }
      guard larger.count < limit, larger.reduce(capacity, { $0 + $1.capacity }) <= budget else {
        return nil
      }
      // The fewest of the smallest make room.
      var total = blocks.reduce(capacity) { $0 + $1.capacity }
      var evicted: [UnsafeMutablePointer<UInt8>] = []
      while blocks.count >= limit || total > budget {
        total -= blocks[0].capacity
        evicted.append(blocks.removeFirst().base)
      }
      let index = blocks.firstIndex { $0.capacity >= capacity } ?? blocks.endIndex
      blocks.insert((base, capacity), at: index)
      return evicted
    }
    guard let evicted else { return false }
    for block in evicted { block.deallocate() }
    return true
  }
}
