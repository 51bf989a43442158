import FontFitFontModel
import FontFitText

/// The grapheme clusters of a text with what shaping asks of each: its kind, its first and
/// last scalars and its UTF-8 and UTF-16 offsets, found in one pass over the text.
struct Graphemes {
  let ranges: [Range<String.Index>]
  let kinds: [ClusterKind]
  /// Whether the cluster is a control character other than a tab, which draws nothing.
  let isControl: [Bool]
  /// Each cluster's first and last Unicode scalars.
  let firstScalars: [Unicode.Scalar]
  let lastScalars: [Unicode.Scalar]
  /// Whether the cluster is a single scalar, so its first scalar is all of it.
  let isSingleScalar: [Bool]
  /// The UTF-8 offset of each cluster's start, and the text's length at the end.
  let utf8Offsets: [Int]
  /// The UTF-16 offset of each cluster's start, and the text's length at the end.
  let utf16Offsets: [Int]

  var count: Int { ranges.count }

  /// The text as UTF-16, which ICU reads.
  let utf16: [UInt16]
  /// For each UTF-8 byte of the text, the cluster it belongs to.
  let clusterOfByte: [Int32]
  /// Whether every UTF-16 unit is below U+0590, so no character is strongly right to left
  /// and there are no bidi controls.
  let isBelowRightToLeftScripts: Bool

  /// Splits `text` in one pass.
  ///
  /// A pair of ASCII characters always has a grapheme boundary
  /// between them (except CR LF), so ASCII text is split byte by byte without Unicode's
  /// grapheme rules; other clusters are found by the standard library.
  init(_ text: String) {
    if let split = text.utf8.withContiguousStorageIfAvailable({ Self(text, utf8: $0) }) {
      self = split
    } else {
      // A bridged string without contiguous UTF-8: split a native copy.
      var copy = text
      copy.makeContiguousUTF8()
      self.init(copy)
    }
  }

  private init(_ text: String, utf8 bytes: UnsafeBufferPointer<UInt8>) {
    let capacity = bytes.count
    var ranges: [Range<String.Index>] = []
    var kinds: [ClusterKind] = []
    var isControl: [Bool] = []
    var firstScalars: [Unicode.Scalar] = []
    var lastScalars: [Unicode.Scalar] = []
    var isSingleScalar: [Bool] = []
    var utf8Offsets = [0]
    var utf16Offsets = [0]
    var utf16: [UInt16] = []
    var clusterOfByte: [Int32] = []
    clusterOfByte.reserveCapacity(capacity)
    ranges.reserveCapacity(capacity)
    kinds.reserveCapacity(capacity)
    isControl.reserveCapacity(capacity)
    firstScalars.reserveCapacity(capacity)
    lastScalars.reserveCapacity(capacity)
    isSingleScalar.reserveCapacity(capacity)
    utf8Offsets.reserveCapacity(capacity + 1)
    utf16Offsets.reserveCapacity(capacity + 1)
    utf16.reserveCapacity(capacity)
    let view = text.utf8
    var index = text.startIndex
    var offset = 0
    var belowRightToLeft = true
    while offset < capacity {
      let byte = bytes[offset]
      let first: Unicode.Scalar
      let last: Unicode.Scalar
      let single: Bool
      let kind: ClusterKind
      let length: Int
      if byte < 0x80,
        offset + 1 == capacity
          || (bytes[offset + 1] < 0x80 && !(byte == 0x0D && bytes[offset + 1] == 0x0A))
      {
        first = Unicode.Scalar(byte)
        last = first
        single = true
        kind = ClusterKind(scalar: first)
        length = 1
        utf16.append(UInt16(byte))
      } else {
        let character = text[index]
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        first = iterator.next() ?? "\u{FFFD}"
        single = iterator.next() == nil
        last = single ? first : scalars.last ?? first
        kind = single ? ClusterKind(scalar: first) : ClusterKind(character)
        length = single ? UTF8.width(first) : character.utf8.count
        for unit in character.utf16 {
          utf16.append(unit)
          if unit >= 0x0590 { belowRightToLeft = false }
        }
      }
      // O(1) for native strings: UTF-8 is their storage.
      let next = view.index(index, offsetBy: length)
      ranges.append(index..<next)
      kinds.append(kind)
      // General category Cc is exactly U+0000–001F and U+007F–009F.
      isControl.append(
        first != "\t" && (first.value < 0x20 || (first.value >= 0x7F && first.value <= 0x9F)))
      firstScalars.append(first)
      lastScalars.append(last)
      isSingleScalar.append(single)
      let cluster = Int32(truncatingIfNeeded: kinds.count - 1)
      for _ in 0..<length { clusterOfByte.append(cluster) }
      offset += length
      utf8Offsets.append(offset)
      utf16Offsets.append(utf16.count)
      index = next
    }
    self.ranges = ranges
    self.kinds = kinds
    self.isControl = isControl
    self.firstScalars = firstScalars
    self.lastScalars = lastScalars
    self.isSingleScalar = isSingleScalar
    self.utf8Offsets = utf8Offsets
    self.utf16Offsets = utf16Offsets
    self.utf16 = utf16
    self.clusterOfByte = clusterOfByte
    isBelowRightToLeftScripts = belowRightToLeft
  }

  /// The grapheme cluster at `index` of `text`, the text these clusters were found in.
  func character(_ index: Int, in text: String) -> Character {
    isSingleScalar[index] ? Character(firstScalars[index]) : Character(String(text[ranges[index]]))
  }

  /// The cluster that holds UTF-8 offset `offset`.
  func cluster(atUTF8 offset: Int) -> Int {
    if offset >= 0, offset < clusterOfByte.count { return Int(clusterOfByte[offset]) }
    return offset < 0 ? 0 : max(0, count - 1)
  }

  /// Adds the advances of a run's glyphs, in ems, to the clusters they came from.
  ///
  /// HarfBuzz gives every glyph the offset of its cluster's first character; a cluster that
  /// spans several grapheme clusters (a ligature such as "ffi") shares its advance equally
  /// among them, as Pango's cursor positions do, so wrapping still moves in whole graphemes.
  func distribute(
    _ glyphs: [HarfBuzzGlyph], in range: Range<Int>, scale: Double, into advances: inout [Double]
  ) {
    // HarfBuzz's clusters are monotone: increasing in a left-to-right run, decreasing in a
    // right-to-left one. Sum each cluster's advances, in logical order.
    var totals: [(start: Int, advance: Int)] = []
    for glyph in glyphs {
      if let last = totals.last, last.start == glyph.cluster {
        totals[totals.count - 1].advance += Int(glyph.xAdvance)
      } else {
        totals.append((glyph.cluster, Int(glyph.xAdvance)))
      }
    }
    if let first = totals.first, let last = totals.last, first.start > last.start {
      totals.reverse()
    }
    for (position, total) in totals.enumerated() {
      let end = position + 1 < totals.count ? totals[position + 1].start : range.upperBound
      let first = cluster(atUTF8: total.start)
      let last = max(first, cluster(atUTF8: max(total.start, end - 1)))
      let share = Double(total.advance) * scale / Double(last - first + 1)
      for index in first...last { advances[index] += share }
    }
  }
}
