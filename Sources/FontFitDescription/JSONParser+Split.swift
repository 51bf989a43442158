import FontFitWidgets

// A large document's largest array read on all cores: one pass over the bytes finds where the
// array's elements begin without reading a value, and each core reads a run of them into its
// places in the array. Whatever goes wrong (a document that is not JSON) is read again on one
// thread, so the error is the one the serial reader finds, and a document that is JSON reads
// to the same values, locations and nesting.

/// When ``JSONParser`` reads an array's elements on all cores.
package struct JSONSplitRule: Sendable {
  /// The fewest bytes a document has for any array of it to be split.
  package var minimumBytes: Int
  /// The fewest elements an array has to be split.
  package var minimumElements: Int
  /// How many runs the array is split into (more than cores, so that a core that finishes
  /// early takes another).
  package var runs: Int

  /// Large documents (256 KiB, an array of 256 elements) on machines of several cores.
  package static var whenLarge: JSONSplitRule {
    JSONSplitRule(
      minimumBytes: 256 << 10, minimumElements: 256, runs: ParallelLayout.processorCount * 4)
  }

  /// Every document is read on one thread.
  package static let never = JSONSplitRule(minimumBytes: .max, minimumElements: .max, runs: 1)

  /// A rule with these bounds.
  package init(minimumBytes: Int, minimumElements: Int, runs: Int) {
    self.minimumBytes = minimumBytes
    self.minimumElements = minimumElements
    self.runs = runs
  }
}

/// Where a document's array with the most elements is, and the runs its elements are read
/// in.
struct ArraySplit {
  /// A consecutive run of the array's elements.
  struct Run {
    /// The offset its first element's white space starts at: just after the array's bracket
    /// or after the comma before it.
    var start: Int
    /// The offset of the comma after its last element, or of the array's closing bracket.
    var end: Int
    /// The index in the array of its first element.
    var first: Int
    /// How many elements it has.
    var count: Int
    /// The line of `start`, and the offset of that line's first byte.
    var line: Int
    var lineStart: Int
  }

  /// The offset of the array's opening bracket, and of its closing bracket.
  var open: Int
  var close: Int
  /// The line of the closing bracket, and the offset of that line's first byte.
  var closeLine: Int
  var closeLineStart: Int
  /// How many elements the array has.
  var count: Int
  /// The runs, in order.
  var runs: [Run]

  /// A position the pass went by: its offset, its line and the offset the line starts at.
  private struct Place {
    var offset: Int
    var line: Int
    var lineStart: Int
  }

  /// An array or object the pass is in.
  private struct Open {
    var isArray: Bool
    var place: Place
    /// Where its commas start among the pass's commas, for an array.
    var firstComma: Int
  }

  /// The split of the array with the most elements in `bytes` (at least
  /// `rule.minimumElements`), found by one pass that follows strings, brackets and lines as
  /// the reader does; nil when the document is too small, has no such array, or is not
  /// balanced (a document that is not JSON: the reader finds why).
  static func largestArray(in bytes: UnsafeBufferPointer<UInt8>, rule: JSONSplitRule)
    -> ArraySplit?
  {
    guard bytes.count >= rule.minimumBytes, rule.runs > 1, let base = bytes.baseAddress else {
      return nil
    }
    let count = bytes.count
    var index = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    var line = 1
    var lineStart = index
    var open: [Open] = []
    // The commas of the open arrays, innermost last: an array's are dropped when it closes.
    var commas: [Place] = []
    var best: (open: Place, close: Place, commas: [Place])?
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        // To the closing quote, eight bytes at a time, over escaped characters.
        index += 1
        while true {
          if index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let found = Self.quoteOrBackslash(word)
            if found == 0 {
              index += 8
              continue
            }
            index += found.trailingZeroBitCount >> 3
          }
          guard index < count else { return nil }
          let byte = bytes[index]
          if byte == UInt8(ascii: "\"") {
            index += 1
            break
          }
          index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        guard open.count < JSONParser.maximumDepth else { return nil }
        open.append(
          Open(
            isArray: bytes[index] == UInt8(ascii: "["),
            place: Place(offset: index, line: line, lineStart: lineStart),
            firstComma: commas.count))
        index += 1
      case UInt8(ascii: "]"):
        guard let array = open.popLast(), array.isArray else { return nil }
        let elements = commas.count - array.firstComma + 1
        if elements >= rule.minimumElements, elements > (best?.commas.count ?? -1) + 1 {
          best = (
            array.place, Place(offset: index, line: line, lineStart: lineStart),
            Array(commas[array.firstComma...])
          )
        }
        commas.removeSubrange(array.firstComma...)
        index += 1
      case UInt8(ascii: "}"):
        guard let object = open.popLast(), !object.isArray else { return nil }
        index += 1
      case UInt8(ascii: ","):
        if open.last?.isArray == true {
          commas.append(Place(offset: index, line: line, lineStart: lineStart))
        }
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      case UInt8(ascii: "\r"):
        index += 1
        if index < count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
        line += 1
        lineStart = index
      default:
        index += 1
      }
    }
    guard open.isEmpty, let best else { return nil }
    return ArraySplit(open: best.open, close: best.close, commas: best.commas, parts: rule.runs)
  }

  /// The split of the array between `open` and `close` whose element-separating commas are
  /// `commas`, into about `parts` runs of about equal bytes.
  private init(open: Place, close: Place, commas: [Place], parts: Int) {
    self.open = open.offset
    self.close = close.offset
    closeLine = close.line
    closeLineStart = close.lineStart
    count = commas.count + 1
    var runs: [Run] = []
    var start = Place(offset: open.offset + 1, line: open.line, lineStart: open.lineStart)
    var first = 0
    var comma = 0
    for part in 1..<max(1, parts) {
      // The first comma at or after this part's share of the bytes ends a run.
      let target = open.offset + (close.offset - open.offset) * part / max(1, parts)
      while comma < commas.count && commas[comma].offset < target { comma += 1 }
      guard comma < commas.count else { break }
      // Comma k separates element k from element k + 1.
      let end = commas[comma]
      if comma + 1 > first {
        runs.append(
          Run(
            start: start.offset, end: end.offset, first: first, count: comma + 1 - first,
            line: start.line, lineStart: start.lineStart))
        first = comma + 1
        start = Place(offset: end.offset + 1, line: end.line, lineStart: end.lineStart)
      }
      comma += 1
    }
    runs.append(
      Run(
        start: start.offset, end: close.offset, first: first, count: count - first,
        line: start.line, lineStart: start.lineStart))
    self.runs = runs
  }

  /// The bytes of `word` that are a quote or a backslash, each marked by its high bit; the
  /// lowest mark is exact (a byte's subtraction borrows into the next one only when the
  /// byte was found).
  private static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    return zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C))
  }
}

/// The bytes a parse reads, shared by the threads that read runs of them; the caller keeps
/// them while they read.
private struct SharedBytes: @unchecked Sendable {
  let bytes: UnsafeBufferPointer<UInt8>
}

extension JSONReader {
  /// A reader of `bytes` from `offset`, which is on line `line` starting at `lineStart`.
  init(bytes: UnsafeBufferPointer<UInt8>, at offset: Int, line: Int, lineStart: Int) {
    self.init(bytes: bytes)
    index = offset
    self.line = line
    self.lineStart = lineStart
    markOffset = lineStart
    markColumn = 1
  }

  /// The elements of `split`'s array, read in runs on all cores, each into its place; the
  /// read position moves past the closing bracket.
  ///
  /// - Parameters:
  ///   - split: The array, found in these bytes; the read position is at its bracket.
  ///   - base: How many arrays and objects the elements are in, the array included.
  /// - Returns: The elements, in order.
  /// - Throws: The first error of a run, in order (the caller reads the document again on one
  ///   thread for the error it reports).
  mutating func readSplit(_ split: ArraySplit, base: Int) throws(JSONSyntaxError)
    -> [JSONNode]
  {
    let shared = SharedBytes(bytes: bytes)
    var failure: JSONSyntaxError?
    var deepest = deepestNesting
    let elements = [JSONNode](unsafeUninitializedCapacity: split.count) { buffer, initialized in
      let places = EachOnOneThread(buffer)
      let runs = ParallelLayout.map(split.runs.count) {
        index -> (made: Int, deepest: Int, error: JSONSyntaxError?) in
        let run = split.runs[index]
        var reader = JSONReader(
          bytes: shared.bytes, at: run.start, line: run.line, lineStart: run.lineStart)
        var made = 0
        do throws(JSONSyntaxError) {
          while true {
            let node = try reader.readValue(base: base, splitting: nil)
            guard made < run.count else {
              throw reader.unexpected("expected the run's last element")
            }
            places.value.initializeElement(at: run.first + made, to: node)
            made += 1
            reader.skipWhitespace()
            if reader.index == run.end, made == run.count { break }
            guard reader.index < run.end, reader.bytes[reader.index] == UInt8(ascii: ",") else {
              throw reader.unexpected("expected ',' after an array element")
            }
            reader.index += 1
          }
        } catch {
          return (made, reader.deepestNesting, error)
        }
        return (made, reader.deepestNesting, nil)
      }
      failure = runs.lazy.compactMap(\.error).first
      guard failure != nil else {
        deepest = runs.reduce(deepest) { max($0, $1.deepest) }
        initialized = split.count
        return
      }
      // The elements read before a failure are let go of; the result is empty.
      for (run, result) in zip(split.runs, runs) {
        _ = places.value.extracting(run.first..<run.first + result.made).deinitialize()
      }
      initialized = 0
    }
    if let failure { throw failure }
    deepestNesting = deepest
    index = split.close + 1
    line = split.closeLine
    lineStart = split.closeLineStart
    markOffset = lineStart
    markColumn = 1
    return elements
  }
}
