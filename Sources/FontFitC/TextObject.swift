// swift-format-ignore-file: AlwaysUseLowerCamelCase
// A laid-out text as C reads it: copied once into C strings and frozen glyph records, so
// every accessor is a lookup and the object can be read from any thread.

import FontFit

/// One glyph run: the face to draw with and its glyphs as `ff_glyph` records.
final class RunObject: @unchecked Sendable {
  /// The byte size of an `ff_glyph`: `uint32_t id; int32_t cluster; double x, y, advance;`.
  static let glyphStride = 32

  let file: CString
  let faceIndex: UInt32
  let size: Double
  let glyphs: UnsafeMutableRawPointer
  let count: Int

  init(file: String, faceIndex: Int, size: Double, glyphs: [(UInt32, Int?, Double, Double, Double)])
  {
    self.file = CString(file)
    self.faceIndex = UInt32(clamping: faceIndex)
    self.size = size
    count = glyphs.count
    self.glyphs = .allocate(
      byteCount: max(1, glyphs.count) * Self.glyphStride, alignment: MemoryLayout<Double>.alignment)
    for (index, glyph) in glyphs.enumerated() {
      let record = self.glyphs + index * Self.glyphStride
      record.storeBytes(of: glyph.0, toByteOffset: 0, as: UInt32.self)
      record.storeBytes(of: Int32(clamping: glyph.1 ?? -1), toByteOffset: 4, as: Int32.self)
      record.storeBytes(of: glyph.2, toByteOffset: 8, as: Double.self)
      record.storeBytes(of: glyph.3, toByteOffset: 16, as: Double.self)
      record.storeBytes(of: glyph.4, toByteOffset: 24, as: Double.self)
    }
  }

  deinit { glyphs.deallocate() }
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
  var runs: [RunObject]
}

/// An `ff_text`: a fitted text, or a widget's text on a screen.
final class TextObject: CObject, @unchecked Sendable {
  let string: CString
  let fontSize: Double
  let fits: Bool
  let failure: (kind: Int32, needed: Double, available: Double)
  let extents: Size
  let family: CString
  let style: CString
  let file: CString
  let faceIndex: UInt32
  let lines: [LineRecord]
  let sizes: (design: Double, adapted: Double, set: Double)
  let stages: [(kind: CString, detail: CString, size: Double)]
  let error: CString?

  /// The text `fit` laid out for `request`.
  init(fit: TextFit, request: TextRequest) {
    string = CString(request.text)
    fontSize = fit.pointSize
    fits = fit.fits
    failure = Self.failure(fit.failure.map(FailureSnapshot.init))
    extents = fit.size
    family = CString(fit.resolvedFont.family)
    style = CString(fit.resolvedFont.style)
    file = CString(fit.resolvedFont.file)
    faceIndex = UInt32(clamping: fit.resolvedFont.index)
    let texts = fit.result.lines.map(\.text)
    lines = fit.lines.enumerated().map { index, line in
      LineRecord(
        string: CString(index < texts.count ? texts[index] : ""), x: line.x, y: line.y,
        width: line.width, height: line.height, baseline: line.baseline,
        isRightToLeft: line.direction == .rightToLeft,
        runs: line.runs.map { run in
          RunObject(
            file: run.font.file ?? "", faceIndex: run.font.faceIndex, size: run.pointSize,
            glyphs: run.glyphs.map { ($0.id, $0.cluster, $0.x, $0.y, $0.advance) })
        })
    }
    sizes = (request.fontSize, request.fontSize, fit.pointSize)
    stages = []
    error = nil
    super.init()
  }

  /// A widget's text as its snapshot has it, owned by a screen.
  init(snapshot text: TextSnapshot) {
    string = CString(text.text)
    fontSize = text.font.size ?? 0
    fits = text.fits
    failure = Self.failure(text.failure)
    extents = text.textSize
    family = CString(text.font.family)
    style = CString(text.font.style)
    file = CString(text.font.file)
    faceIndex = UInt32(
      clamping: text.lineBoxes.first?.runs.first(where: { $0.file == text.font.file })?.faceIndex
        ?? 0)
    lines = text.lineBoxes.enumerated().map { index, line in
      LineRecord(
        string: CString(index < text.lines.count ? text.lines[index] : ""), x: line.x,
        y: line.y, width: line.width, height: line.height, baseline: line.baseline,
        isRightToLeft: line.direction == .rightToLeft,
        runs: line.runs.map { run in
          RunObject(
            file: run.file, faceIndex: run.faceIndex, size: run.size,
            glyphs: run.glyphs.map { ($0.id, $0.cluster, $0.x, $0.y, $0.advance) })
        })
    }
    sizes = (text.font.designSize, text.font.adaptedSize, text.font.size ?? 0)
    stages = text.font.pipeline.map {
      (CString($0.kind.rawValue), CString($0.detail), $0.size)
    }
    error = text.error.map(CString.init)
    super.init(isCallersOwn: false)
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
    index < UInt(lines.count) ? lines[Int(index)] : nil
  }

  /// Run `run` of line `line`, or nil out of range.
  func run(_ line: UInt, _ run: UInt) -> RunObject? {
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
  textObject(text)?.string.c
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
  let object = textObject(text)
  store(object?.family.c, family)
  store(object?.style.c, style)
  store(object?.file.c, file)
  store(object?.faceIndex ?? 0, faceIndex)
}

/// The number of lines.
@c public func ff_text_get_line_count(_ text: OpaquePointer?) -> UInt {
  UInt(textObject(text)?.lines.count ?? 0)
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
      throw .invalidArgument("line \(line) is out of range: the text has \(object.lines.count)")
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
        "line \(line), run \(run) is out of range: the text has \(object.lines.count) lines")
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
  guard let record = textObject(text)?.run(line, run) else {
    store(0, count)
    return nil
  }
  store(UInt(record.count), count)
  return UnsafeRawPointer(record.glyphs)
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
  UInt(textObject(text)?.stages.count ?? 0)
}

/// One stage of the size pipeline.
@c public func ff_text_get_stage(
  _ text: OpaquePointer?, _ stage: UInt, _ kind: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ detail: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ size: UnsafeMutablePointer<Double>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireText(text)
    guard stage < UInt(object.stages.count) else {
      throw .invalidArgument(
        "stage \(stage) is out of range: the text has \(object.stages.count) stages")
    }
    let record = object.stages[Int(stage)]
    store(record.kind.c, kind)
    store(record.detail.c, detail)
    store(record.size, size)
  }
}

/// Why a widget's text could not be laid out, or NULL.
@c public func ff_text_get_error(_ text: OpaquePointer?) -> UnsafePointer<CChar>? {
  textObject(text)?.error?.c
}
