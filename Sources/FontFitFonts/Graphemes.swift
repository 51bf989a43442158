import FontFitFontModel
import FontFitText

/// The grapheme clusters of a text with what shaping asks of each: its kind, its first and
/// last scalars and its UTF-8 and UTF-16 offsets, found in one pass over the text.
///
/// It is three arrays, each made at its exact size from the one scratch allocation the split
/// writes them into: the clusters, the text's UTF-16 units and each byte's cluster (every new
/// text is split).
struct Graphemes {
  /// One grapheme cluster and what shaping asks of it.
  struct Cluster {
    /// The UTF-8 offset of its start (``Graphemes/range(_:in:)`` is where it lies).
    var utf8Offset: Int
    /// The UTF-16 offset of its start.
    var utf16Offset: Int
    /// Its first and last Unicode scalars.
    var first: Unicode.Scalar
    var last: Unicode.Scalar
    var kind: ClusterKind
    /// Whether it is a control character other than a tab, which draws nothing.
    var isControl: Bool
    /// Whether it is a single scalar, so its first scalar is all of it.
    var isSingleScalar: Bool
  }

  /// The clusters, in order.
  let clusters: [Cluster]
  /// The text as UTF-16, which ICU reads.
  let utf16: [UInt16]
  /// For each UTF-8 byte of the text, the cluster it belongs to.
  let clusterOfByte: [Int32]
  /// Whether no UTF-16 unit is in a right-to-left block or a bidi control
  /// (``mayBeRightToLeft(_:)``): every level is then 0 in a left-to-right paragraph.
  let isLeftToRightOnly: Bool

  /// The number of clusters.
  var count: Int { clusters.count }

  /// Cluster `index`.
  subscript(index: Int) -> Cluster {
    @inline(__always) get { clusters[index] }
  }

  /// The UTF-8 offset of cluster `index`'s start, or the text's length for `index` ==
  /// ``count``.
  func utf8Offset(_ index: Int) -> Int {
    assert(index >= 0 && index <= clusters.count, "cluster \(index) of \(clusters.count)")
    return index < clusters.count ? clusters[index].utf8Offset : clusterOfByte.count
  }

  /// Where cluster `index` lies in `text`, the text these clusters were found in.
  ///
  /// Worked out when asked (only a cluster of several characters needs it) rather than kept
  /// for every cluster: O(1) in a native string, whose storage is its UTF-8.
  func range(_ index: Int, in text: String) -> Range<String.Index> {
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: utf8Offset(index))
    return start..<utf8.index(start, offsetBy: utf8Offset(index + 1) - utf8Offset(index))
  }

  /// The UTF-16 offset of cluster `index`'s start, or the text's length in UTF-16 units for
  /// `index` == ``count``.
  func utf16Offset(_ index: Int) -> Int {
    assert(index >= 0 && index <= clusters.count, "cluster \(index) of \(clusters.count)")
    return index < clusters.count ? clusters[index].utf16Offset : utf16.count
  }

  /// Splits `text` in one pass.
  ///
  /// A pair of ASCII characters always has a grapheme boundary between them (except CR LF),
  /// and so does a pair of characters whose grapheme cluster break property is Other or
  /// Control (``isAlwaysSeparate(_:)``: most letters, ideographs and punctuation), so such
  /// text is split scalar by scalar without Unicode's grapheme rules; other clusters are found
  /// by the standard library.
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
    // A text has at most one cluster and one UTF-16 unit per UTF-8 byte, and exactly one
    // owner per byte: each column is written once, up to its count.
    let capacity = bytes.count
    // An empty text makes empty arrays, and no scratch.
    guard capacity > 0 else {
      clusters = []
      utf16 = []
      clusterOfByte = []
      isLeftToRightOnly = true
      return
    }
    var leftToRightOnly = true
    // The three columns are written into one scratch allocation, then copied into arrays of
    // their exact sizes: an array made with uninitialised capacity is allocated through the
    // standard library's unspecialised path, which looks up its storage's generic metadata
    // (about 350 instructions an array); copying from a buffer takes the specialised one.
    let scratch = UnsafeMutableRawPointer.allocate(
      byteCount: capacity * Self.scratchStride, alignment: MemoryLayout<Cluster>.alignment)
    defer { scratch.deallocate() }
    let found = scratch.bindMemory(to: Cluster.self, capacity: capacity)
    let owners = (scratch + capacity * MemoryLayout<Cluster>.stride)
      .bindMemory(to: Int32.self, capacity: capacity)
    let units = (scratch + capacity * (MemoryLayout<Cluster>.stride + 4))
      .bindMemory(to: UInt16.self, capacity: capacity)
    var clusterCount = 0
    var unitCount = 0
    var offset = 0
    while offset < capacity {
      let byte = bytes[offset]
      let first: Unicode.Scalar
      let last: Unicode.Scalar
      let single: Bool
      let kind: ClusterKind
      let length: Int
      let utf16Offset = unitCount
      if byte < 0x80,
        offset + 1 == capacity
          || (bytes[offset + 1] < 0x80 && !(byte == 0x0D && bytes[offset + 1] == 0x0A))
      {
        first = Unicode.Scalar(byte)
        last = first
        single = true
        kind = ClusterKind(scalar: first)
        length = 1
        (units + unitCount).initialize(to: UInt16(byte))
        unitCount += 1
      } else if let scalar = Self.separateScalar(in: bytes, at: offset) {
        // A BMP character of class Other or Control followed by ASCII or another such:
        // a cluster of its own (an ASCII one is followed by such a character here).
        first = scalar.value
        last = first
        single = true
        kind = ClusterKind(scalar: first)
        length = scalar.length
        let unit = UInt16(truncatingIfNeeded: first.value)
        (units + unitCount).initialize(to: unit)
        unitCount += 1
        if Self.mayBeRightToLeft(unit) { leftToRightOnly = false }
      } else {
        // The standard library's cluster, from the character's index: O(1) for native
        // strings, whose storage is their UTF-8.
        let character = text[text.utf8.index(text.utf8.startIndex, offsetBy: offset)]
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        first = iterator.next() ?? "\u{FFFD}"
        single = iterator.next() == nil
        last = single ? first : scalars.last ?? first
        kind = single ? ClusterKind(scalar: first) : ClusterKind(character)
        length = single ? UTF8.width(first) : character.utf8.count
        // The columns' bounds rest on this: no scalar takes more UTF-16 units than UTF-8
        // bytes, and the cluster is the `length` bytes from `offset`. Checked in every
        // build, as a write past the end would not trap.
        precondition(
          offset + length <= capacity && unitCount + character.utf16.count <= offset + length,
          "a grapheme cluster outgrew the bytes it was found in")
        for unit in character.utf16 {
          (units + unitCount).initialize(to: unit)
          unitCount += 1
          if Self.mayBeRightToLeft(unit) { leftToRightOnly = false }
        }
      }
      (found + clusterCount).initialize(
        to: Cluster(
          utf8Offset: offset, utf16Offset: utf16Offset,
          first: first, last: last, kind: kind,
          // General category Cc is exactly U+0000–001F and U+007F–009F.
          isControl: first != "\t"
            && (first.value < 0x20 || (first.value >= 0x7F && first.value <= 0x9F)),
          isSingleScalar: single))
      let cluster = Int32(truncatingIfNeeded: clusterCount)
      clusterCount += 1
      for byte in offset..<offset + length {
        (owners + byte).initialize(to: cluster)
      }
      offset += length
    }
    self.clusters = Array(UnsafeBufferPointer(start: found, count: clusterCount))
    self.utf16 = Array(UnsafeBufferPointer(start: units, count: unitCount))
    self.clusterOfByte = Array(UnsafeBufferPointer(start: owners, count: capacity))
    isLeftToRightOnly = leftToRightOnly
  }

  /// The scratch bytes per UTF-8 byte of a text: room for a cluster, its owner and a UTF-16
  /// unit.
  private static let scratchStride = MemoryLayout<Cluster>.stride + 4 + 2

  /// Whether a UTF-16 unit may belong to a character that is not left to right in a
  /// left-to-right paragraph.
  ///
  /// Such a unit is in one of the blocks where every right-to-left (R, AL) and Arabic number
  /// (AN) character is (Hebrew to Arabic Extended-A, the Hebrew and Arabic presentation
  /// forms, and through their high surrogates U+10800–10FFF and U+1E800–1EFFF), or is an
  /// explicit bidi mark, embedding, override or isolate. Without any, the bidi algorithm
  /// gives every character of a left-to-right paragraph level 0; a test checks that against
  /// ICU for every other scalar.
  static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0590...0x08FF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF,
      0xFE70...0xFEFF, 0xD802...0xD803, 0xD83A...0xD83B:
      true
    default: false
    }
  }

  /// The scalar at `offset` of `bytes` (valid UTF-8) and its length, when it is a grapheme
  /// cluster of its own because it and the scalar after it are both ASCII (not CR) or
  /// ``isAlwaysSeparate(_:)``; nil otherwise, and for a scalar outside the Basic Multilingual
  /// Plane.
  private static func separateScalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> (value: Unicode.Scalar, length: Int)?
  {
    guard let (scalar, length) = bmpScalar(in: bytes, at: offset) else { return nil }
    guard scalar.value < 0x80 ? scalar.value != 0x0D : isAlwaysSeparate(scalar) else {
      return nil
    }
    let next = offset + length
    if next < bytes.count, bytes[next] >= 0x80 {
      guard let (following, _) = bmpScalar(in: bytes, at: next), isAlwaysSeparate(following)
      else { return nil }
    }
    return (scalar, length)
  }

  /// The scalar of one to three UTF-8 bytes at `offset`, or nil for a longer one.
  private static func bmpScalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> (Unicode.Scalar, Int)?
  {
    let decoded = scalar(in: bytes, at: offset)
    return decoded.length < 4 ? decoded : nil
  }

  /// The scalar whose UTF-8 starts at `offset` of `bytes` (valid UTF-8, as a string's is), and
  /// its length in bytes.
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> (scalar: Unicode.Scalar, length: Int)
  {
    var value = UInt32(bytes[offset])
    guard value >= 0x80 else { return (Unicode.Scalar(UInt8(value)), 1) }
    let length = value >= 0xF0 ? 4 : value >= 0xE0 ? 3 : 2
    value &= 0x7F >> UInt32(length)
    for next in offset + 1..<offset + length {
      value = value << 6 | UInt32(bytes[next] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// Whether `scalar` is in a range whose characters all have the grapheme cluster break
  /// property Other or Control (and are not CR or LF), so a grapheme boundary falls between
  /// any two of them (UAX #29, GB4, GB5 and GB999: no rule joins them).
  ///
  /// The ranges are letters, ideographs and punctuation of the scripts most UI text is in;
  /// combining marks, Hangul, Indic scripts, prepended marks and format characters are left
  /// out, and found by the standard library. A test checks every scalar of the ranges against
  /// the standard library's clusters.
  static func isAlwaysSeparate(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0x2FF: true  // ASCII, Latin-1 and Latin Extended, IPA
    case 0x370...0x482: true  // Greek and Cyrillic letters, before Cyrillic's marks
    case 0x5D0...0x5EA: true  // Hebrew letters
    case 0x620...0x64A: true  // Arabic letters, before the harakat
    case 0x2010...0x2027, 0x2030...0x205E: true  // general punctuation
    case 0x3000...0x3029, 0x3030...0x303F: true  // CJK punctuation, not the tone marks
    case 0x3041...0x3096, 0x30A0...0x30FF: true  // kana, not the combining sound marks
    case 0x3400...0x4DBF, 0x4E00...0x9FFF: true  // CJK ideographs
    case 0xFF01...0xFF9D: true  // full- and halfwidth forms, not the sound marks
    default: false
    }
  }

  /// The grapheme cluster at `index` of `text`, the text these clusters were found in.
  func character(_ index: Int, in text: String) -> Character {
    let cluster = clusters[index]
    return cluster.isSingleScalar
      ? Character(cluster.first) : Character(String(text[range(index, in: text)]))
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
    // right-to-left one. Each cluster's advances are summed in logical order (from the end
    // of a right-to-left run), one cluster at a time, without a table of the sums.
    guard let firstGlyph = glyphs.first, let lastGlyph = glyphs.last else { return }
    let reversed = firstGlyph.cluster > lastGlyph.cluster
    let count = glyphs.count
    func glyph(_ position: Int) -> HarfBuzzGlyph {
      glyphs[reversed ? count - 1 - position : position]
    }
    var position = 0
    while position < count {
      let start = glyph(position).cluster
      var advance = 0
      while position < count, glyph(position).cluster == start {
        advance += Int(glyph(position).xAdvance)
        position += 1
      }
      let end = position < count ? glyph(position).cluster : range.upperBound
      let first = cluster(atUTF8: start)
      let last = max(first, cluster(atUTF8: max(start, end - 1)))
      let share = Double(advance) * scale / Double(last - first + 1)
      for index in first...last { advances[index] += share }
    }
  }
}
