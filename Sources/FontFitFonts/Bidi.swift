internal import CICUShim
import FontFitFontModel
import FontFitText

/// The bidi embedding levels (UAX #9, through ICU's `ubidi`) of a text's grapheme clusters.
///
/// Even levels run left to right, odd levels right to left. Shaping needs only each run's
/// direction; lines are reordered for display from the same levels.
struct BidiLevels {
  /// One level per grapheme cluster, the level of its first character; empty when every
  /// level is 0, as in left-to-right text (``level(_:)`` reads it so).
  let levels: [UInt8]
  /// The paragraphs (split after each line separator cluster, ``ClusterKind/lineSeparator``)
  /// and their directions.
  let paragraphs: [ShapedParagraph]

  /// The level of cluster `index`.
  func level(_ index: Int) -> UInt8 { levels.isEmpty ? 0 : levels[index] }

  /// The levels of `text`, with the paragraph direction `direction` says: from the first
  /// strong character when it is natural.
  init(graphemes: Graphemes, direction: WritingDirection) throws(ShapingError) {
    // Without a right-to-left character, an Arabic number or a bidi control, every level is
    // 0 and every paragraph left to right unless the paragraph is forced right to left: no
    // need to ask ICU, nor to read levels per UTF-16 unit.
    if graphemes.isLeftToRightOnly, direction != .rightToLeft {
      self.init(leftToRight: graphemes)
    } else {
      try self.init(askingICU: graphemes, direction: direction)
    }
  }

  /// The levels and paragraphs ICU's bidi algorithm finds.
  init(askingICU graphemes: Graphemes, direction: WritingDirection) throws(ShapingError) {
    let (unitLevels, unitParagraphs) = try Self.unitLevels(
      of: graphemes.utf16, direction: direction)
    levels = (0..<graphemes.count).map { unitLevels[graphemes.utf16Offset($0)] }
    var paragraphs: [ShapedParagraph] = []
    for index in 0..<graphemes.count {
      let direction: TextDirection =
        unitParagraphs[graphemes.utf16Offset(index)] == 1 ? .rightToLeft : .leftToRight
      if let last = paragraphs.last, last.direction == direction,
        index == last.clusters.upperBound, index > 0,
        graphemes[index - 1].kind != .lineSeparator
      {
        paragraphs[paragraphs.count - 1].clusters = last.clusters.lowerBound..<index + 1
      } else {
        paragraphs.append(ShapedParagraph(clusters: index..<index + 1, direction: direction))
      }
    }
    if paragraphs.isEmpty {
      let forced: TextDirection = direction == .rightToLeft ? .rightToLeft : .leftToRight
      paragraphs = [ShapedParagraph(clusters: 0..<0, direction: forced)]
    }
    self.paragraphs = paragraphs
  }

  /// ICU's level of each UTF-16 unit of `units`, and for each whether its paragraph runs
  /// right to left (1) or not (0).
  static func unitLevels(of units: [UInt16], direction: WritingDirection)
    throws(ShapingError) -> (levels: [UInt8], paragraphs: [UInt8])
  {
    var levels = [UInt8](filled: 0, count: units.count)
    var paragraphs = [UInt8](filled: 0, count: units.count)
    var error: Int32 = 0
    guard let length = Int32(exactly: units.count) else {
      throw .bidi(code: 0, message: "ICU cannot take \(units.count) UTF-16 units")
    }
    let status = units.withUnsafeBufferPointer { text in
      levels.withUnsafeMutableBufferPointer { levels in
        paragraphs.withUnsafeMutableBufferPointer { paragraphs in
          fontfit_bidi_levels(
            text.baseAddress, length, Self.paragraphLevel(direction), levels.baseAddress,
            paragraphs.baseAddress, &error)
        }
      }
    }
    guard status == 0, error <= 0 else {
      throw .bidi(code: error, message: "ICU's bidi algorithm failed")
    }
    return (levels, paragraphs)
  }

  /// The levels of left-to-right text: all 0 (no array), with a paragraph ending at each line
  /// separator cluster, as ``init(askingICU:direction:)`` cuts them for such text.
  init(leftToRight graphemes: Graphemes) {
    let count = graphemes.count
    levels = []
    var paragraphs: [ShapedParagraph] = []
    var start = 0
    for index in 0..<count where graphemes[index].kind == .lineSeparator {
      paragraphs.append(ShapedParagraph(clusters: start..<index + 1, direction: .leftToRight))
      start = index + 1
    }
    if start < count || paragraphs.isEmpty {
      paragraphs.append(ShapedParagraph(clusters: start..<count, direction: .leftToRight))
    }
    self.paragraphs = paragraphs
  }

  /// ICU's paragraph level for a direction: 0 or 1, or 0xFE (UBIDI_DEFAULT_LTR) for natural.
  private static func paragraphLevel(_ direction: WritingDirection) -> UInt8 {
    switch direction {
    case .natural: 0xFE
    case .leftToRight: 0
    case .rightToLeft: 1
    }
  }
}

extension BidiLevels {
  /// The visual order of items with `levels`, as ICU's `ubidi_reorderVisual` computes it:
  /// `order[visual] == logical`; the reference the layout's own reordering is tested against.
  static func visualOrder(levels: [UInt8]) -> [Int] {
    guard let length = Int32(exactly: levels.count), length > 0 else { return [] }
    var map = [Int32](repeating: 0, count: levels.count)
    let status = levels.withUnsafeBufferPointer { levels in
      map.withUnsafeMutableBufferPointer { map in
        fontfit_reorder_visual(levels.baseAddress, length, map.baseAddress)
      }
    }
    return status == 0 ? map.map(Int.init) : []
  }
}

/// The Unicode script (ISO 15924) of each grapheme cluster, as HarfBuzz needs it per run.
struct Scripts {
  /// One ICU script code per grapheme cluster (of its first character), with Common and
  /// Inherited characters (spaces, digits, punctuation, marks) given the script of the run
  /// they are in; Common (0) when the text has no other.
  let resolved: [Int32]

  /// ICU's codes for the scripts the rules below name (`UScriptCode`).
  static let common: Int32 = 0
  static let inherited: Int32 = 1
  static let latin: Int32 = 25
  static let unknown: Int32 = 103

  /// Whether `code` is a real script: not Common, Inherited or Unknown (unassigned and
  /// private use characters), which take the script of the run they are in.
  static func isReal(_ code: Int32) -> Bool {
    code > inherited && code != unknown
  }

  /// Resolves the scripts as Pango's script iterator (after ICU's `usc_nextRun`) does.
  ///
  /// A run starts as Common and takes the first real script in it; Common, Inherited and
  /// Unknown characters join the run they are in (at a paragraph's start, the script after
  /// them). A closing bracket takes the script of the run its opening bracket was in, so in
  /// `abc (שלום) x` both brackets are Latin, and in `한국어 (שלום) x` the closing one ends the
  /// Hebrew run; one without a partner forgets every open bracket, as in Pango. Brackets nest
  /// up to 128 deep. Each paragraph (after a line feed, carriage return or U+2029) starts
  /// afresh, as Pango lays out each paragraph on its own.
  init(_ graphemes: Graphemes) {
    // Each cluster's own script.
    var resolved = graphemes.clusters.map { Self.code($0.first) }
    // A text of one real script (or none) and one paragraph, as most are: every cluster
    // takes that script (or Common), brackets and all, as the loop below would find.
    var only = Self.common
    var isSimple = true
    for index in resolved.indices {
      if graphemes[index].kind == .lineSeparator {
        isSimple = false
        break
      }
      let code = resolved[index]
      guard Self.isReal(code), code != only else { continue }
      if only != Self.common {
        isSimple = false
        break
      }
      only = code
    }
    if isSimple {
      for index in resolved.indices { resolved[index] = only }
      self.resolved = resolved
    } else {
      self.resolved = Self.resolvedByRuns(resolved, graphemes: graphemes)
    }
  }

  /// `codes` (each cluster's own script) resolved run by run, by the rules above.
  static func resolvedByRuns(_ codes: [Int32], graphemes: Graphemes) -> [Int32] {
    var resolved = codes
    var runStart = 0
    var runScript = Self.common
    // Open brackets: the pair's number and the script of the run they were in.
    var stack: [(pair: UInt32, script: Int32)] = []
    var stackAtRunStart = 0
    var index = 0
    while index < codes.count {
      if graphemes[index].kind == .lineSeparator,
        ["\n", "\r", "\u{2029}"].contains(graphemes[index].first)
      {
        // The separator ends its paragraph's run; the next paragraph starts afresh (Pango's
        // paragraphs end at a line feed, a carriage return and U+2029).
        for member in runStart...index { resolved[member] = runScript }
        index += 1
        runStart = index
        runScript = Self.common
        stack.removeAll()
        stackAtRunStart = 0
        continue
      }
      var script = Self.isReal(codes[index]) ? codes[index] : Self.common
      var closes = false
      if script == Self.common, let bracket = Self.bracket(graphemes[index].first) {
        if bracket.isOpening {
          if stack.count == 128 {
            stack.removeAll()
            stackAtRunStart = 0
          }
          stack.append((bracket.pair, runScript))
        } else if let partner = stack.lastIndex(where: { $0.pair == bracket.pair }) {
          stack.removeSubrange((partner + 1)...)
          stackAtRunStart = min(stackAtRunStart, stack.count)
          script = stack[partner].script
          closes = true
        } else {
          stack.removeAll()
          stackAtRunStart = 0
        }
      }
      if !Self.isReal(runScript) || !Self.isReal(script) || script == runScript {
        if !Self.isReal(runScript), Self.isReal(script) {
          runScript = script
          for entry in stackAtRunStart..<stack.count { stack[entry].script = script }
        }
        if closes {
          stack.removeLast()
          stackAtRunStart = min(stackAtRunStart, stack.count)
        }
        index += 1
      } else {
        // The cluster starts the next run, and is read again there.
        for member in runStart..<index { resolved[member] = runScript }
        runStart = index
        runScript = Self.common
        stackAtRunStart = stack.count
      }
    }
    for member in runStart..<codes.count { resolved[member] = runScript }
    return resolved
  }

  /// The pairs of brackets and quotation marks whose two halves share a script, as Pango
  /// pairs them: each opening character and its closing one.
  private static let bracketPairs: [(open: UInt32, close: UInt32)] = {
    var pairs: [(UInt32, UInt32)] = [
      (0x28, 0x29), (0x3C, 0x3E), (0x5B, 0x5D), (0x7B, 0x7D), (0xAB, 0xBB), (0xF3A, 0xF3B),
      (0xF3C, 0xF3D), (0x169B, 0x169C), (0x2018, 0x2019), (0x201C, 0x201D), (0x2039, 0x203A),
      (0x2045, 0x2046), (0x207D, 0x207E), (0x208D, 0x208E), (0x29FC, 0x29FD), (0x2E02, 0x2E03),
      (0x2E04, 0x2E05), (0x2E09, 0x2E0A), (0x2E0C, 0x2E0D), (0x2E1C, 0x2E1D), (0x2E20, 0x2E21),
      (0x2E22, 0x2E23), (0x2E24, 0x2E25), (0x2E26, 0x2E27), (0x2E28, 0x2E29), (0x3008, 0x3009),
      (0x300A, 0x300B), (0x300C, 0x300D), (0x300E, 0x300F), (0x3010, 0x3011), (0x3014, 0x3015),
      (0x3016, 0x3017), (0x3018, 0x3019), (0x301A, 0x301B), (0xFE59, 0xFE5A), (0xFE5B, 0xFE5C),
      (0xFE5D, 0xFE5E), (0xFF08, 0xFF09), (0xFF3B, 0xFF3D), (0xFF5B, 0xFF5D), (0xFF5F, 0xFF60),
      (0xFF62, 0xFF63),
    ]
    // Mathematical brackets come in consecutive pairs.
    for open in stride(from: UInt32(0x27E6), through: 0x27EE, by: 2) {
      pairs.append((open, open + 1))
    }
    for open in stride(from: UInt32(0x2983), through: 0x2997, by: 2) {
      pairs.append((open, open + 1))
    }
    return pairs
  }()

  /// Each bracket's pair (by its opening character) and whether it opens.
  private static let brackets: [UInt32: (pair: UInt32, isOpening: Bool)] = {
    var table: [UInt32: (pair: UInt32, isOpening: Bool)] = [:]
    for (open, close) in bracketPairs {
      table[open] = (open, true)
      table[close] = (open, false)
    }
    return table
  }()

  /// The bracket `scalar` is, if it is one.
  static func bracket(_ scalar: Unicode.Scalar) -> (pair: UInt32, isOpening: Bool)? {
    let value = scalar.value
    if value < 0x80, value != 0x28, value != 0x29, value != 0x3C, value != 0x3E,
      value != 0x5B, value != 0x5D, value != 0x7B, value != 0x7D
    {
      return nil
    }
    return brackets[value]
  }

  /// The script code of `scalar`; Common when ICU fails, which it does only for a code
  /// point out of range.
  static func code(_ scalar: Unicode.Scalar) -> Int32 {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A: return latin
    case 0..<0x80: return common
    default: return max(fontfit_script_code(scalar.value), common)
    }
  }

  /// The ISO 15924 code of an ICU script code, such as `Latn`; `Zyyy` (Common) when unknown.
  ///
  /// The codes below 256 (all of ICU's so far) are answered from a table made on first use:
  /// every run of every text asks.
  static func tag(_ code: Int32) -> String {
    if code == latin { return "Latn" }
    if (0..<Int32(knownTags.count)).contains(code) { return knownTags[Int(code)] }
    return askedTag(code)
  }

  /// ``tag(_:)`` of the codes 0 to 255, as ICU names them.
  private static let knownTags: [String] = (0..<256).map(askedTag)

  /// ``tag(_:)``, from ICU.
  private static func askedTag(_ code: Int32) -> String {
    guard let tag = fontfit_script_tag(code) else { return "Zyyy" }
    return String(cString: tag)
  }
}

/// Where a line broken inside a word gets a hyphen, by Pango's rule: at a break that is not a
/// word boundary (UAX #29, through ICU), between two characters neither of which is a space or
/// a hyphen, after a character of a script that hyphenates — not Han, Hangul, Hiragana or
/// Katakana, and not a common character such as a digit or a sign, except a soft hyphen.
struct Hyphenation {
  /// For each grapheme cluster, whether a break just before it inserts a hyphen.
  let breaksInsertHyphen: [Bool]

  /// What the rule reads of a text: its UTF-16 units and each cluster's offset and first and
  /// last scalars.
  struct Input: Equatable, Sendable {
    var utf16: [UInt16]
    var utf16Offsets: [Int]
    var firstScalars: [Unicode.Scalar]
    var lastScalars: [Unicode.Scalar]

    init(_ graphemes: Graphemes) {
      utf16 = graphemes.utf16
      utf16Offsets = graphemes.clusters.map(\.utf16Offset) + [graphemes.utf16.count]
      firstScalars = graphemes.clusters.map(\.first)
      lastScalars = graphemes.clusters.map(\.last)
    }

    /// The same input made again from a shaped text's source and clusters (one per grapheme
    /// cluster), so that a text need not keep it until a break inside a word asks.
    init(_ shaped: ShapedText) {
      let text = shaped.text
      let clusters = shaped.packedClusters
      var units: [UInt16] = []
      var offsets = [0]
      var first: [Unicode.Scalar] = []
      var last: [Unicode.Scalar] = []
      // UTF-16 never takes more units than UTF-8 takes bytes.
      units.reserveCapacity(text.utf8.count)
      offsets.reserveCapacity(clusters.count + 1)
      first.reserveCapacity(clusters.count)
      last.reserveCapacity(clusters.count)
      // One pass over the scalars, writing their UTF-16 units, each cluster ending where the
      // next one's range starts (clusters cover the text in order, as ShapedText checks).
      var cluster = 0
      var end =
        clusters.isEmpty ? 0 : shaped.utf8End(ofCluster: 0)
      var offset = 0
      var startsCluster = true
      for scalar in text.unicodeScalars {
        if startsCluster { first.append(scalar) }
        offset += UTF8.width(scalar)
        if scalar.value < 0x1_0000 {
          units.append(UInt16(truncatingIfNeeded: scalar.value))
        } else {
          units.append(UTF16.leadSurrogate(scalar))
          units.append(UTF16.trailSurrogate(scalar))
        }
        startsCluster = offset >= end
        guard startsCluster else { continue }
        last.append(scalar)
        offsets.append(units.count)
        cluster += 1
        if cluster < clusters.count {
          end = shaped.utf8End(ofCluster: cluster)
        }
      }
      utf16 = units
      utf16Offsets = offsets
      firstScalars = first
      lastScalars = last
    }
  }

  init(_ input: Input) throws(ShapingError) {
    let count = input.firstScalars.count
    var result = [Bool](filled: false, count: count)
    // Only a pair of clusters that are neither spaces nor hyphens can take a hyphen; a text
    // without one needs no word boundaries.
    func isCandidate(_ index: Int) -> Bool {
      !Self.isSpaceOrHyphen(input.lastScalars[index - 1])
        && !Self.isSpaceOrHyphen(input.firstScalars[index])
    }
    guard (1..<max(count, 1)).contains(where: isCandidate) else {
      breaksInsertHyphen = result
      return
    }
    let units = input.utf16
    guard let length = Int32(exactly: units.count) else {
      throw .lineBreaking(.engineFailed(code: 0, message: "ICU cannot take the text's length"))
    }
    var boundary = [UInt8](filled: 1, count: units.count + 1)
    var error: Int32 = 0
    let status = units.withUnsafeBufferPointer { text in
      boundary.withUnsafeMutableBufferPointer { boundary in
        fontfit_word_boundaries(text.baseAddress, length, boundary.baseAddress, &error)
      }
    }
    guard status == 0, error <= 0 else {
      throw .lineBreaking(.engineFailed(code: error, message: "ICU's word break iterator failed"))
    }
    for index in 1..<count where boundary[input.utf16Offsets[index]] == 0 && isCandidate(index) {
      result[index] = Self.scriptHyphenates(after: input.lastScalars[index - 1])
    }
    breaksInsertHyphen = result
  }

  /// ``breaksInsertHyphen`` for `shaped`, told by the characters around each break without
  /// the text's word boundaries; nil when some break needs them.
  ///
  /// Finding the boundaries through ICU costs about a tenth of shaping a text, and a forced
  /// break asks for them before most texts' first fit; in most UI text every break is told by
  /// its neighbours (``answer(in:before:)``).
  static func breaksFromNeighbours(_ shaped: ShapedText) -> [Bool]? {
    let clusters = shaped.packedClusters
    guard clusters.count > 1 else { return Array(filled: false, count: clusters.count) }
    let found = shaped.text.utf8.withContiguousStorageIfAvailable { bytes -> [Bool]? in
      var result = [Bool](filled: false, count: clusters.count)
      for index in 1..<clusters.count {
        guard let answer = answer(in: bytes, before: Int(clusters[index].start)) else {
          return nil
        }
        result[index] = answer
      }
      return result
    }
    return found ?? nil
  }

  /// Whether a break at byte `offset` of `bytes` (valid UTF-8; the offset starts a grapheme
  /// cluster, not the first) takes a hyphen, when the characters around it tell; nil when the
  /// answer takes the text's word boundaries.
  ///
  /// Beside a space or a hyphen no break takes one, nor after a character whose script does
  /// not hyphenate, whatever the boundaries. After a Latin or Cyrillic letter
  /// (``isWordCharacter(_:)``) the boundary is UAX #29's, read from the character after the
  /// break and, for a full stop or an apostrophe, the one after that: none before another
  /// letter or a digit (WB5, WB9) or a low line (WB13a), nor before a full stop or an
  /// apostrophe followed by a letter (WB6); one before any other ASCII character and the
  /// guillemets, dashes, ellipsis and double quotation marks (WB999), where no hyphen goes. A
  /// test compares these answers with the whole rule, through ICU, on random texts of those
  /// characters and others.
  static func answer(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool? {
    // Most breaks asked about lie between two ASCII letters, or a letter and a digit.
    if isASCIILetter(bytes[offset - 1]), isASCIILetter(bytes[offset]) || isASCIIDigit(bytes[offset])
    {
      return true
    }
    var lastStart = offset - 1
    while bytes[lastStart] & 0xC0 == 0x80 { lastStart -= 1 }
    let last = Graphemes.scalar(in: bytes, at: lastStart).scalar
    let (first, firstLength) = Graphemes.scalar(in: bytes, at: offset)
    if isSpaceOrHyphen(last) || isSpaceOrHyphen(first) { return false }
    guard scriptHyphenates(after: last) else { return false }
    guard isWordCharacter(last) else { return nil }
    if isWordCharacter(first) || first == "_" { return true }
    switch first.value {
    case 0x2E, 0x27, 0x2018, 0x2019:
      // Full stop, apostrophe and single quotation marks: no boundary when a letter follows
      // (WB6, WB7). (ICU's root rules leave the colon out of MidLetter: it is a boundary.)
      let next = offset + firstLength
      guard next < bytes.count else { return false }
      let following = Graphemes.scalar(in: bytes, at: next).scalar
      if following.value < 0x80 { return isWordCharacter(following) && following.value > 0x39 }
      return isWordCharacter(following) ? true : nil
    // The rest of ASCII (punctuation and controls), guillemets, dashes, double quotation
    // marks and the ellipsis: WB999.
    case 0x00...0x7F, 0xAB, 0xBB, 0x2013, 0x2014, 0x201C, 0x201D, 0x2026: return false
    default: return nil
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Whether `scalar` is an ASCII letter or digit, a Latin letter of Latin-1 or Latin
  /// Extended-A or B, or a Cyrillic letter of U+0400–U+0481: characters whose word break
  /// property is ALetter or Numeric.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0xD7, 0xF7: false  // The multiplication and division signs.
    case 0xC0...0x24F, 0x400...0x481: true
    default: false
    }
  }

  /// Whether a break after `scalar` takes a hyphen, by its script.
  private static func scriptHyphenates(after scalar: Unicode.Scalar) -> Bool {
    let code =
      scalar.value < 0x80 ? Scripts.code(scalar) : fontfit_script_code(scalar.value)
    switch code {
    case Scripts.common: return scalar == "\u{AD}"
    // ICU's codes for Han, Hangul, Hiragana and Katakana.
    case 17, 18, 20, 22: return false
    default: return true
    }
  }

  /// Whether `scalar` is a space (general category Zs, Zl or Zp, or one of the controls tab,
  /// line feed, form feed and carriage return) or a hyphen, as Pango's rule reads them.
  ///
  /// The separators are listed rather than looked up: every fit that first breaks a word asks
  /// about each of its characters, and the lookup cost more than the rest of the rule. A test
  /// compares the list with the standard library's categories over every scalar.
  static func isSpaceOrHyphen(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2D: return true
    // Space, line and paragraph separators (Zs, Zl, Zp).
    case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    // Hyphens: Armenian, Canadian syllabics, Mongolian, the hyphen, double oblique, double
    // hyphen, katakana-hiragana double hyphen, small and fullwidth hyphen-minus.
    case 0x058A, 0x1400, 0x1806, 0x2010, 0x2E17, 0x2E40, 0x30A0, 0xFE63, 0xFF0D: return true
    default: return false
    }
  }
}
