// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Fitting one text from C: a font system, options, and the laid-out text to read.

import FontFit
@_spi(Engine) import FontFitText
import Glibc

/// An `ff_font_system`: the fonts and the engine that fits with them.
final class FontSystemObject: CObject, @unchecked Sendable {
  let fonts: FontSystem
  let engine: TextEngine

  init(_ fonts: FontSystem) {
    self.fonts = fonts
    engine = TextEngine(shaper: fonts)
  }
}

/// Makes a font system over the system's fonts and `directories`.
@c public func ff_font_system_create(
  _ directories: UnsafePointer<UnsafePointer<CChar>?>?, _ count: UInt,
  _ includeSystemFonts: Int32, _ system: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: OpaquePointer?
) -> Int32 {
  system?.pointee = nil
  return call(error) { () throws(APIError) in
    guard let system else { throw .invalidArgument("system (the result) is NULL") }
    var paths: [String] = []
    if count > 0 {
      guard let directories else { throw .invalidArgument("directories is NULL") }
      guard count <= 4096 else { throw .invalidArgument("\(count) directories, more than 4096") }
      for index in 0..<Int(count) {
        paths.append(try requireString(directories[index], name: "directories[\(index)]"))
      }
    } else if includeSystemFonts == 0 {
      throw .invalidArgument("no fonts: no directories, and the system's fonts left out")
    }
    do throws(ProjectError) {
      let fonts = try Project.fontSystem(
        sources: FontSources(directories: paths, includesSystemFonts: includeSystemFonts != 0))
      system.pointee = HandleRegistry.retain(FontSystemObject(fonts))
    } catch {
      throw APIError(error)
    }
  }
}

/// Frees a font system; NULL is ignored.
@c public func ff_font_system_destroy(_ system: OpaquePointer?) {
  HandleRegistry.release(system, as: FontSystemObject.self)
}

/// The font system behind `handle`, or an invalid-argument error.
func fontSystem(_ handle: OpaquePointer?) throws(APIError) -> FontSystemObject {
  guard let object = HandleRegistry.object(handle, as: FontSystemObject.self) else {
    throw .invalidArgument(
      handle == nil ? "fonts is NULL" : "fonts is not a live ff_font_system")
  }
  return object
}

/// An `ff_text_options`: a request without its text, and the fit's grid.
///
/// Setters run on one thread at a time; `ff_fit` and `ff_measure` only read the options, so
/// any number of threads may fit with the same options at once: what they make from them (the
/// grid, the last text) is kept under a lock.
final class TextOptionsObject: CObject, @unchecked Sendable {
  /// What fits made from the options.
  private struct Made: Sendable {
    /// The last grid made, kept while the grid and font size stay the same.
    var sizes: (minimum: Double, maximum: Double, step: Double, sizes: FontSizeRange)?
    /// The last text decoded: an app re-fitting the same text (a resize, a relayout) gets it
    /// back without decoding it again, and the engine's caches see the very same string.
    var text = ""
    /// The last request made, for ``text`` and the options of ``generation``.
    var request: MadeRequest?
    /// The options' ``TextOptionsObject/generation`` when ``request`` was made.
    var generation: UInt64 = 0
  }

  var request = TextRequest(
    text: "", font: FontDescriptor(family: "DejaVu Sans"), fontSize: 17,
    box: Size(width: .infinity, height: .infinity))
  {
    didSet { generation &+= 1 }
  }
  var fitMode: Int32 = 0 {
    didSet { generation &+= 1 }
  }
  var grid = (minimum: 10.0, maximum: 0.0, step: 0.5) {
    didSet { generation &+= 1 }
  }
  /// Counts the changes to the options (only setters make them, on one thread at a time).
  private var generation: UInt64 = 1
  private let made = Lock(Made())

  /// The request for the text at `utf8` (`length` bytes, or up to its NUL when negative),
  /// with the fit's sizes.
  func request(utf8: UnsafePointer<CChar>?, length: Int) throws(APIError) -> MadeRequest {
    guard let utf8 else { throw .invalidArgument("utf8 (the text) is NULL") }
    let count = length < 0 ? strlen(utf8) : length
    let generation = generation
    let (last, made, earlier) = self.made.withLock { made in
      (made.text, made.generation == generation ? made.request : nil, made.request)
    }
    let text: String
    if Self.text(last, is: utf8, count: count) {
      if let made { return made }
      text = last
    } else {
      text = try decodeUTF8(UnsafeRawBufferPointer(start: utf8, count: count), name: "utf8")
    }
    var fresh = try request(for: text)
    // After a setter that changed only the box, lines or sizes (a resize), the text is
    // shaped as before: the new request shares what the last one's fits were given.
    if let earlier { fresh.shareShaping(with: earlier.request) }
    let request = MadeRequest(fresh)
    self.made.withLock { made in
      made.text = text
      made.request = request
      made.generation = generation
    }
    return request
  }

  /// Whether `text`'s UTF-8 is the `count` bytes at `bytes`.
  private static func text(_ text: String, is bytes: UnsafePointer<CChar>, count: Int) -> Bool {
    guard text.utf8.count == count else { return false }
    guard count > 0 else { return true }
    return text.utf8.withContiguousStorageIfAvailable { stored in
      stored.baseAddress.map { memcmp($0, bytes, count) == 0 } ?? false
    } ?? false
  }

  /// The request for `text`, with the fit's sizes.
  func request(for text: String) throws(APIError) -> TextRequest {
    var request = request
    request.text = text
    if fitMode != 0 {
      let maximum = grid.maximum == 0 ? request.fontSize : grid.maximum
      if let made = made.withLock({ $0.sizes }), made.minimum == grid.minimum,
        made.maximum == maximum, made.step == grid.step
      {
        request.fitSizes = made.sizes
      } else {
        do {
          let sizes = try FontSizeRange(minimum: grid.minimum, maximum: maximum, step: grid.step)
          self.made.withLock { $0.sizes = (grid.minimum, maximum, grid.step, sizes) }
          request.fitSizes = sizes
        } catch {
          throw .invalidArgument("fit: \(error)")
        }
      }
      request.fitsExactly = fitMode == 2
    }
    return request
  }
}

/// A request made from options, shared by the fits that use it unchanged: passing one
/// reference costs less than copying the request's fields.
final class MadeRequest: Sendable {
  /// The request.
  let request: TextRequest

  init(_ request: TextRequest) {
    self.request = request
  }
}

/// The options behind `handle`, or an invalid-argument error.
func textOptions(_ handle: OpaquePointer?) throws(APIError) -> TextOptionsObject {
  guard let object = HandleRegistry.object(handle, as: TextOptionsObject.self) else {
    throw .invalidArgument(
      handle == nil ? "options is NULL" : "options is not a live ff_text_options")
  }
  return object
}

/// New options with a label's defaults.
@c public func ff_text_options_create() -> OpaquePointer? {
  HandleRegistry.retain(TextOptionsObject())
}

/// Frees options; NULL is ignored.
@c public func ff_text_options_destroy(_ options: OpaquePointer?) {
  HandleRegistry.release(options, as: TextOptionsObject.self)
}

/// Sets the font from a Pango or Fontconfig name.
@c public func ff_text_options_set_font(
  _ options: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    let name = try requireString(name, name: "name")
    do throws(FontNameError) {
      let font = try Font(name, defaultPointSize: object.request.fontSize)
      object.request.font = font.descriptor
      object.request.fontSize = font.pointSize
    } catch {
      throw .invalidArgument(error.description)
    }
  }
}

/// Sets the font size.
@c public func ff_text_options_set_font_size(
  _ options: OpaquePointer?, _ points: Double, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard points.isFinite, points > 0, points <= 10_000 else {
      throw .invalidArgument(
        "font size must be a positive finite number of at most 10000 points, not \(points)")
    }
    object.request.fontSize = points
  }
}

/// Sets the box.
@c public func ff_text_options_set_box(
  _ options: OpaquePointer?, _ width: Double, _ height: Double, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard !width.isNaN, !height.isNaN, width >= 0, height >= 0 else {
      throw .invalidArgument(
        "box must be at least 0 by 0 points (INFINITY for no limit), not \(width) by \(height)")
    }
    object.request.box = Size(width: width, height: height)
  }
}

/// Sets the line limit.
@c public func ff_text_options_set_max_lines(
  _ options: OpaquePointer?, _ lines: UInt32, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard lines <= 1_000_000 else {
      throw .invalidArgument("max lines must be at most 1000000, not \(lines)")
    }
    object.request.maximumLines = Int(lines)
  }
}

/// Sets the fit: its mode and grid.
@c public func ff_text_options_set_fit(
  _ options: OpaquePointer?, _ mode: Int32, _ minimum: Double, _ maximum: Double,
  _ step: Double, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard (0...2).contains(mode) else {
      throw .invalidArgument("mode must be FF_FIT_NONE, FF_FIT_GRID or FF_FIT_EXACT, not \(mode)")
    }
    if mode != 0 {
      guard maximum == 0 || !(minimum > maximum) else {
        throw .invalidArgument(
          "fit: the minimum (\(minimum) pt) is above the maximum (\(maximum) pt)")
      }
      // The grid is checked now with a stand-in maximum when it follows the font size.
      do {
        _ = try FontSizeRange(
          minimum: minimum, maximum: maximum == 0 ? max(minimum, 1) : maximum, step: step)
      } catch {
        throw .invalidArgument("fit: \(error)")
      }
    }
    object.fitMode = mode
    object.grid = (minimum, maximum, step)
  }
}

/// Sets whether a fit keeps words whole.
@c public func ff_text_options_set_keep_words_whole(_ options: OpaquePointer?, _ keep: Int32) {
  HandleRegistry.object(options, as: TextOptionsObject.self)?.request.keepsWordsWhole = keep != 0
}

/// Reads an enumeration's value, or says which values it takes.
func enumeration<T>(_ value: Int32, _ cases: [T], name: String, names: String) throws(APIError)
  -> T
{
  guard value >= 0, Int(value) < cases.count else {
    throw .invalidArgument("\(name) must be one of \(names), not \(value)")
  }
  return cases[Int(value)]
}

/// Sets the alignment.
@c public func ff_text_options_set_alignment(
  _ options: OpaquePointer?, _ alignment: Int32, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    object.request.alignment = try enumeration(
      alignment, [.natural, .left, .center, .right, .justified], name: "alignment",
      names: "FF_ALIGN_NATURAL, LEFT, CENTER, RIGHT or JUSTIFIED")
  }
}

/// Sets the wrapping.
@c public func ff_text_options_set_wrapping(
  _ options: OpaquePointer?, _ wrapping: Int32, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    object.request.wrapping = try enumeration(
      wrapping, [.words, .anywhere], name: "wrapping", names: "FF_WRAP_WORDS or ANYWHERE")
  }
}

/// Sets the truncation and its token.
@c public func ff_text_options_set_truncation(
  _ options: OpaquePointer?, _ truncation: Int32, _ token: UnsafePointer<CChar>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    let mode: Truncation = try enumeration(
      truncation, [.tail, .none, .clip, .head, .middle], name: "truncation",
      names: "FF_TRUNCATE_TAIL, NONE, CLIP, HEAD or MIDDLE")
    let token = try readString(token, name: "token") ?? "…"
    guard token.utf8.count <= 256 else {
      throw .invalidArgument("token must be at most 256 bytes, not \(token.utf8.count)")
    }
    object.request.truncation = mode
    object.request.truncationToken = token
  }
}

/// Sets the language.
@c public func ff_text_options_set_language(
  _ options: OpaquePointer?, _ tag: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard let tag = try readString(tag, name: "tag") else {
      object.request.language = nil
      return
    }
    do throws(LanguageError) {
      object.request.language = try Language(tag)
    } catch {
      throw .invalidArgument(error.description)
    }
  }
}

/// Sets the paragraph direction.
@c public func ff_text_options_set_direction(
  _ options: OpaquePointer?, _ direction: Int32, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    object.request.direction = try enumeration(
      direction, [.natural, .leftToRight, .rightToLeft], name: "direction",
      names: "FF_DIRECTION_NATURAL, LTR or RTL")
  }
}

/// Sets the line height factor.
@c public func ff_text_options_set_line_height(
  _ options: OpaquePointer?, _ multiple: Double, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try textOptions(options)
    guard multiple.isFinite, multiple > 0, multiple <= 100 else {
      throw .invalidArgument(
        "line height must be a positive finite factor of at most 100, not \(multiple)")
    }
    object.request.lineHeightMultiple = multiple
  }
}

/// Fits a text to the options' box.
@c public func ff_fit(
  _ fonts: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int,
  _ options: OpaquePointer?, _ text: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: OpaquePointer?
) -> Int32 {
  text?.pointee = nil
  return call(error) { () throws(APIError) in
    let system = try fontSystem(fonts)
    let options = try textOptions(options)
    guard let text else { throw .invalidArgument("text (the result) is NULL") }
    let made = try options.request(utf8: utf8, length: length)
    text.pointee = try fittedText(made.request, engine: system.engine)
  }
}

/// The handle of a new text: `request` fitted by `engine`.
private func fittedText(_ request: TextRequest, engine: TextEngine) throws(APIError)
  -> OpaquePointer?
{
  let fit: TextFit
  do throws(TextLayoutError) {
    fit = try engine.fit(request)
  } catch {
    throw APIError(error)
  }
  return HandleRegistry.retain(
    TextObject(fit: consume fit, text: request.text, fontSize: request.fontSize))
}

/// Fits a Pango markup text to the options' box.
@c public func ff_fit_markup(
  _ fonts: OpaquePointer?, _ markup: UnsafePointer<CChar>?, _ length: Int,
  _ options: OpaquePointer?, _ text: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: OpaquePointer?
) -> Int32 {
  text?.pointee = nil
  return call(error) { () throws(APIError) in
    let system = try fontSystem(fonts)
    let options = try textOptions(options)
    guard let text else { throw .invalidArgument("text (the result) is NULL") }
    guard let markup else { throw .invalidArgument("markup is NULL") }
    let count = length < 0 ? strlen(markup) : length
    let source = try decodeUTF8(
      UnsafeRawBufferPointer(start: markup, count: count), name: "markup")
    let styled: StyledText
    do throws(MarkupError) {
      styled = try Markup.parse(source)
    } catch {
      var failure = APIError.invalidArgument(error.description)
      failure.line = error.line
      failure.column = error.column
      throw failure
    }
    var request = try options.request(utf8: "", length: 0).request
    request.styledText = styled
    text.pointee = try fittedText(request, engine: system.engine)
  }
}

/// Measures a text at its font size in the space offered.
@c public func ff_measure(
  _ fonts: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int,
  _ options: OpaquePointer?, _ width: Double, _ height: Double,
  _ measuredWidth: UnsafeMutablePointer<Double>?, _ measuredHeight: UnsafeMutablePointer<Double>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let system = try fontSystem(fonts)
    let options = try textOptions(options)
    guard !width.isNaN, !height.isNaN, width >= 0, height >= 0 else {
      throw .invalidArgument(
        "the space offered must be at least 0 by 0 points (INFINITY for no limit), not "
          + "\(width) by \(height)")
    }
    let request = try options.request(utf8: utf8, length: length).request
    let proposal = ProposedSize(
      width: width.isInfinite ? nil : width, height: height.isInfinite ? nil : height)
    do throws(TextLayoutError) {
      let size = try system.engine.measure(request, proposal: proposal)
      store(size.width, measuredWidth)
      store(size.height, measuredHeight)
    } catch {
      throw APIError(error)
    }
  }
}
