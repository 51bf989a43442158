// swift-format-ignore-file: AlwaysUseLowerCamelCase
// A laid-out text as C reads it: copied once into C strings and frozen glyph records, so
// every accessor is a lookup and the object can be read from any thread.

import FontFit
@_spi(Engine) import FontFitText

/// One glyph run: the face to draw with, and where its glyphs are in the text's records.
struct RunRecord {
  var file: CString
  var faceIndex: UInt32
  var size: Double
  /// The first of its glyphs in ``GlyphRecords``.
  var start: Int
  var count: Int
}

/// One line: its text, its box and its runs.
struct LineRecord {
  var string: CString
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  var baseline: Double
  var isRightToLeft: Bool
  var runs: [RunRecord]
}

/// Every glyph of a text as `ff_glyph` records, in one block of memory:
/// `uint32_t id; int32_t cluster; double x, y, advance;`, 32 bytes each.
final class GlyphRecords: @unchecked Sendable {
  static let stride = 32

  let base: UnsafeMutableRawPointer
  private(set) var count = 0
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(
      byteCount: max(1, capacity) * Self.stride, alignment: MemoryLayout<Double>.alignment)
  }

  /// Appends one glyph; the caller made room for it.
  func append(id: UInt32, cluster: Int?, x: Double, y: Double, advance: Double) {
    guard count < capacity else { return }
    let record = base + count * Self.stride
    record.storeBytes(of: id, toByteOffset: 0, as: UInt32.self)
    record.storeBytes(of: Int32(clamping: cluster ?? -1), toByteOffset: 4, as: Int32.self)
    record.storeBytes(of: x, toByteOffset: 8, as: Double.self)
    record.storeBytes(of: y, toByteOffset: 16, as: Double.self)
    record.storeBytes(of: advance, toByteOffset: 24, as: Double.self)
    count += 1
  }

  /// The records of `run`.
  func records(of run: RunRecord) -> UnsafeRawPointer {
    UnsafeRawPointer(base + run.start * Self.stride)
  }

  deinit { base.deallocate() }
}

/// Makes the C strings of font files once per file, however many runs name it.
struct FileNames {
  /// The files met so far: a text's runs come from a few faces, most often one, whose file
  /// strings share their storage, so a linear search beats hashing the path.
  private var made: [(file: String, name: CString)] = []

  mutating func callAsFunction(_ file: String) -> CString {
    for entry in made where entry.file == file { return entry.name }
    let name = CString(file)
    made.append((file, name))
    return name
  }
}

/// What a text's lines, face and stages are copied from: a fit of a text by `ff_fit`, or a
/// widget's text on a screen.
///
/// A struct of optionals rather than an enum with two payloads: valgrind reads the spare bits
/// that tell such an enum's cases apart as uninitialised memory.
struct TextSource: Sendable {
  var fit: (TextFit, text: String)?
  var snapshot: TextSnapshot?
}

/// The parts of a text C reads as strings and records, made on first use; a class, so that
/// each accessor takes one reference to it rather than copying every field.
final class TextDetails: @unchecked Sendable {
  let string: CString
  let family: CString
  let style: CString
  let file: CString
  let faceIndex: UInt32
  let lines: [LineRecord]
  let glyphs: GlyphRecords
  let stages: [(kind: CString, detail: CString, size: Double)]
  let error: CString?

  init(
    string: CString, family: CString, style: CString, file: CString, faceIndex: UInt32,
    lines: [LineRecord], glyphs: GlyphRecords,
    stages: [(kind: CString, detail: CString, size: Double)], error: CString?
  ) {
    self.string = string
    self.family = family
    self.style = style
    self.file = file
    self.faceIndex = faceIndex
    self.lines = lines
    self.glyphs = glyphs
    self.stages = stages
    self.error = error
  }
}

/// An `ff_text`: a fitted text, or a widget's text on a screen.
///
/// The numbers are read when it is made; the strings, lines and glyph records are copied
/// on first use, under a lock (a text may be read from several threads), so a caller that
/// reads only the size pays for no copy.
final class TextObject: CObject, @unchecked Sendable {
  let fontSize: Double
  let fits: Bool
  let failure: (kind: Int32, needed: Double, available: Double)
  let extents: Size
  let sizes: (design: Double, adapted: Double, set: Double)
  private let source: TextSource
  private let made = Lock<TextDetails?>(nil)

  /// The text `fit` laid out for a request of `text` at `fontSize`.
  init(fit: TextFit, text: String, fontSize requested: Double) {
    fontSize = fit.pointSize
    fits = fit.fits
    failure = Self.failure(fit.failure.map(FailureSnapshot.init))
    extents = fit.size
    sizes = (requested, requested, fit.pointSize)
    source = TextSource(fit: (fit, text), snapshot: nil)
    super.init()
  }

  /// A widget's text as its snapshot has it, owned by a screen.
  init(snapshot text: TextSnapshot) {
    fontSize = text.font.size ?? 0
    fits = text.fits
    failure = Self.failure(text.failure)
    extents = text.textSize
    sizes = (text.font.designSize, text.font.adaptedSize, text.font.size ?? 0)
    source = TextSource(fit: nil, snapshot: text)
    super.init(isCallersOwn: false)
  }

  /// The strings and records, made on first use; they live as long as the text.
  var details: TextDetails {
    made.withLock { made in
      if let details = made { return details }
      let details = Self.details(of: source)
      made = details
      return details
    }
  }

  private static func details(of source: TextSource) -> TextDetails {
    if let (fit, text) = source.fit { return details(of: fit, text: text) }
    if let text = source.snapshot { return details(of: text) }
    return TextDetails(
      string: CString(""), family: CString(""), style: CString(""), file: CString(""),
      faceIndex: 0, lines: [], glyphs: GlyphRecords(capacity: 0), stages: [], error: nil)
  }

  private static func details(of fit: TextFit, text: String) -> TextDetails {
    var files = FileNames()
    do {
      let texts = fit.result.lines.map(\.text)
      let placed = fit.lines
      let glyphs = GlyphRecords(
        capacity: placed.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } })
      var lines: [LineRecord] = []
      lines.reserveCapacity(placed.count)
      for (index, line) in placed.enumerated() {
        var runs: [RunRecord] = []
        runs.reserveCapacity(line.runs.count)
        for run in line.runs {
          let start = glyphs.count
          for glyph in run.glyphs {
            glyphs.append(
              id: glyph.id, cluster: glyph.cluster, x: glyph.x, y: glyph.y,
              advance: glyph.advance)
          }
          runs.append(
            RunRecord(
              file: files(run.font.file ?? ""), faceIndex: UInt32(clamping: run.font.faceIndex),
              size: run.pointSize, start: start, count: run.glyphs.count))
        }
        lines.append(
          LineRecord(
            string: CString(index < texts.count ? texts[index] : ""), x: line.x, y: line.y,
            width: line.width, height: line.height, baseline: line.baseline,
            isRightToLeft: line.direction == .rightToLeft, runs: runs))
      }
      return TextDetails(
        string: CString(text), family: CString(fit.resolvedFont.family),
        style: CString(fit.resolvedFont.style), file: files(fit.resolvedFont.file),
        faceIndex: UInt32(clamping: fit.resolvedFont.index), lines: lines, glyphs: glyphs,
        stages: [], error: nil)
    }
  }

  private static func details(of text: TextSnapshot) -> TextDetails {
    var files = FileNames()
    do {
      let glyphs = GlyphRecords(
        capacity: text.lineBoxes.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } })
      var lines: [LineRecord] = []
      for (index, line) in text.lineBoxes.enumerated() {
        var runs: [RunRecord] = []
        for run in line.runs {
          let start = glyphs.count
          for glyph in run.glyphs {
            glyphs.append(
              id: glyph.id, cluster: glyph.cluster, x: glyph.x, y: glyph.y,
              advance: glyph.advance)
          }
          runs.append(
            RunRecord(
              file: files(run.file), faceIndex: UInt32(clamping: run.faceIndex), size: run.size,
              start: start, count: run.glyphs.count))
        }
        lines.append(
          LineRecord(
            string: CString(index < text.lines.count ? text.lines[index] : ""), x: line.x,
            y: line.y, width: line.width, height: line.height, baseline: line.baseline,
            isRightToLeft: line.direction == .rightToLeft, runs: runs))
      }
      return TextDetails(
        string: CString(text.text), family: CString(text.font.family),
        style: CString(text.font.style), file: files(text.font.file),
        faceIndex: UInt32(
          clamping: text.lineBoxes.lazy.flatMap(\.runs).first { $0.file == text.font.file }?
            .faceIndex ?? 0),
        lines: lines, glyphs: glyphs,
        stages: text.font.pipeline.map {
          (CString($0.kind.rawValue), CString($0.detail), $0.size)
        }, error: text.error.map(CString.init))
    }
  }

  /// `failure` as `ff_failure` and its numbers.
  private static func failure(_ failure: FailureSnapshot?) -> (Int32, Double, Double) {
    guard let failure else { return (0, 0, 0) }
    let kind: Int32 =
      switch failure.kind {
      case .tooManyLines: 1
      case .tooTall: 2
      case .tooWide: 3
      case .tooManyLineBreaks: 4
      }
    return (kind, failure.needed, failure.available)
  }

  /// Line `index`, or nil out of range.
  func line(_ index: UInt) -> LineRecord? {
    let lines = details.lines
    return index < UInt(lines.count) ? lines[Int(index)] : nil
  }

  /// Run `run` of line `line`, or nil out of range.
  func run(_ line: UInt, _ run: UInt) -> RunRecord? {
    guard let record = self.line(line), run < UInt(record.runs.count) else { return nil }
    return record.runs[Int(run)]
  }
}

/// The text behind `handle`, or nil.
func textObject(_ handle: OpaquePointer?) -> TextObject? {
  HandleRegistry.object(handle, as: TextObject.self)
}

/// The text behind `handle`, or an invalid-argument error.
func requireText(_ handle: OpaquePointer?) throws(APIError) -> TextObject {
  guard let object = textObject(handle) else {
    throw .invalidArgument(handle == nil ? "text is NULL" : "text is not a live ff_text")
  }
  return object
}

/// Frees a text C owns; NULL and a screen's texts are ignored.
@c public func ff_text_destroy(_ text: OpaquePointer?) {
  HandleRegistry.release(text, as: TextObject.self)
}

/// The text laid out.
@c public func ff_text_get_string(_ text: OpaquePointer?) -> UnsafePointer<CChar>? {
  textObject(text)?.details.string.c
}

/// The size the text is set at.
@c public func ff_text_get_font_size(_ text: OpaquePointer?) -> Double {
  textObject(text)?.fontSize ?? 0
}

/// Whether the text fits.
@c public func ff_text_fits(_ text: OpaquePointer?) -> Int32 {
  (textObject(text)?.fits ?? false) ? 1 : 0
}

/// Why the text does not fit.
@c public func ff_text_get_failure(
  _ text: OpaquePointer?, _ needed: UnsafeMutablePointer<Double>?,
  _ available: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let failure = textObject(text)?.failure else { return 0 }
  store(failure.needed, needed)
  store(failure.available, available)
  return failure.kind
}

/// The size of the block of lines.
@c public func ff_text_get_extents(
  _ text: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?,
  _ height: UnsafeMutablePointer<Double>?
) {
  let extents = textObject(text)?.extents ?? .zero
  store(extents.width, width)
  store(extents.height, height)
}

/// The face the font resolved to.
@c public func ff_text_get_face(
  _ text: OpaquePointer?, _ family: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ style: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ file: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ faceIndex: UnsafeMutablePointer<UInt32>?
) {
  let details = textObject(text)?.details
  store(details?.family.c, family)
  store(details?.style.c, style)
  store(details?.file.c, file)
  store(details?.faceIndex ?? 0, faceIndex)
}

/// The number of lines.
@c public func ff_text_get_line_count(_ text: OpaquePointer?) -> UInt {
  UInt(textObject(text)?.details.lines.count ?? 0)
}

/// A line's text.
@c public func ff_text_get_line_string(_ text: OpaquePointer?, _ line: UInt) -> UnsafePointer<
  CChar
>? {
  textObject(text)?.line(line)?.string.c
}

/// Where a line sits.
@c public func ff_text_get_line_extents(
  _ text: OpaquePointer?, _ line: UInt, _ x: UnsafeMutablePointer<Double>?,
  _ y: UnsafeMutablePointer<Double>?, _ width: UnsafeMutablePointer<Double>?,
  _ height: UnsafeMutablePointer<Double>?, _ baseline: UnsafeMutablePointer<Double>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireText(text)
    guard let record = object.line(line) else {
      throw .invalidArgument(
        "line \(line) is out of range: the text has \(object.details.lines.count)")
    }
    store(record.x, x)
    store(record.y, y)
    store(record.width, width)
    store(record.height, height)
    store(record.baseline, baseline)
  }
}

/// Whether a line runs right to left.
@c public func ff_text_line_is_rtl(_ text: OpaquePointer?, _ line: UInt) -> Int32 {
  (textObject(text)?.line(line)?.isRightToLeft ?? false) ? 1 : 0
}

/// The number of runs of a line.
@c public func ff_text_get_run_count(_ text: OpaquePointer?, _ line: UInt) -> UInt {
  UInt(textObject(text)?.line(line)?.runs.count ?? 0)
}

/// A run's face and size.
@c public func ff_text_get_run(
  _ text: OpaquePointer?, _ line: UInt, _ run: UInt,
  _ file: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ faceIndex: UnsafeMutablePointer<UInt32>?,
  _ size: UnsafeMutablePointer<Double>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireText(text)
    guard let record = object.run(line, run) else {
      throw .invalidArgument(
        "line \(line), run \(run) is out of range: the text has \(object.details.lines.count) lines"
      )
    }
    store(record.file.c, file)
    store(record.faceIndex, faceIndex)
    store(record.size, size)
  }
}

/// A run's glyphs.
@c public func ff_text_get_glyphs(
  _ text: OpaquePointer?, _ line: UInt, _ run: UInt, _ count: UnsafeMutablePointer<UInt>?
) -> UnsafeRawPointer? {
  guard let object = textObject(text), let record = object.run(line, run) else {
    store(0, count)
    return nil
  }
  store(UInt(record.count), count)
  return object.details.glyphs.records(of: record)
}

/// How the font size came about.
@c public func ff_text_get_font_sizes(
  _ text: OpaquePointer?, _ design: UnsafeMutablePointer<Double>?,
  _ adapted: UnsafeMutablePointer<Double>?, _ set: UnsafeMutablePointer<Double>?
) {
  let sizes = textObject(text)?.sizes ?? (design: 0, adapted: 0, set: 0)
  store(sizes.design, design)
  store(sizes.adapted, adapted)
  store(sizes.set, set)
}

/// The number of stages of the size pipeline.
@c public func ff_text_get_stage_count(_ text: OpaquePointer?) -> UInt {
  UInt(textObject(text)?.details.stages.count ?? 0)
}

/// One stage of the size pipeline.
@c public func ff_text_get_stage(
  _ text: OpaquePointer?, _ stage: UInt, _ kind: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ detail: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ size: UnsafeMutablePointer<Double>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireText(text)
    let stages = object.details.stages
    guard stage < UInt(stages.count) else {
      throw .invalidArgument("stage \(stage) is out of range: the text has \(stages.count) stages")
    }
    let record = stages[Int(stage)]
    store(record.kind.c, kind)
    store(record.detail.c, detail)
    store(record.size, size)
  }
}

/// Why a widget's text could not be laid out, or NULL.
@c public func ff_text_get_error(_ text: OpaquePointer?) -> UnsafePointer<CChar>? {
  textObject(text)?.details.error?.c
}
