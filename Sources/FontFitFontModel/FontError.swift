import FontFitText

/// A failure of Fontconfig, FreeType or HarfBuzz, naming the C function that failed.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The C libraries FontFit calls.
  public enum Library: String, Hashable, Sendable {
    /// Fontconfig, which resolves names to files.
    case fontconfig = "Fontconfig"
    /// FreeType, which opens faces and reads their vertical metrics and character maps.
    case freeType = "FreeType"
    /// HarfBuzz, which shapes text into positioned glyphs.
    case harfBuzz = "HarfBuzz"
  }

  /// The library whose call failed.
  public var library: Library
  /// The C function that failed, such as `FT_New_Face`.
  public var function: String
  /// The library's error code, or 0 when the function reports failure without one.
  public var code: Int32
  /// What went wrong.
  public var message: String
  /// The font file or font directory involved, when there is one.
  public var file: String?

  /// Creates an error.
  public init(
    library: Library, function: String, code: Int32 = 0, message: String, file: String? = nil
  ) {
    self.library = library
    self.function = function
    self.code = code
    self.message = message
    self.file = file
  }

  /// The ``function`` of the error a face gets when its file no longer holds the face
  /// Fontconfig listed (it was replaced after Fontconfig scanned it).
  public static let replacedFileCheck = "the check of the face's family"

  /// Whether the file no longer holds the face Fontconfig listed.
  public var isReplacedFile: Bool { function == Self.replacedFileCheck }

  /// `FT_New_Face failed (error 1) for /path/font.ttf: cannot open resource`.
  public var description: String {
    var text = "\(function) failed"
    if code != 0 { text += " (error \(code))" }
    if let file { text += " for \(file)" }
    return text + ": \(message)"
  }
}

/// Why a text could not be shaped: a font failure or a line breaker's.
public enum ShapingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Fontconfig, FreeType or HarfBuzz failed.
  case font(FontError)
  /// The line breaker failed or answered with the wrong number of entries.
  case lineBreaking(LineBreakingError)
  /// ICU's bidi algorithm failed (it can only run out of memory).
  case bidi(code: Int32, message: String)

  /// The underlying error's description.
  public var description: String {
    switch self {
    case .font(let error): error.description
    case .lineBreaking(let error): error.description
    case .bidi(let code, let message): "bidi analysis failed (error \(code)): \(message)"
    }
  }
}
