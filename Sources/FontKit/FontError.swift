/// A failure of Fontconfig or FreeType, naming the C function that failed.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The C function that failed, such as `FT_New_Face`.
  public var function: String
  /// The library's error code, or 0 when the function reports failure without one.
  public var code: Int32
  /// What went wrong.
  public var message: String

  /// Creates an error.
  public init(function: String, code: Int32 = 0, message: String) {
    self.function = function
    self.code = code
    self.message = message
  }

  /// `FT_New_Face failed (error 1): cannot open resource`.
  public var description: String {
    code == 0
      ? "\(function) failed: \(message)" : "\(function) failed (error \(code)): \(message)"
  }
}
