/// A description or catalog file that cannot be used, saying where and what was expected.
public struct DescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as named by the caller.
  public var file: String
  /// The 1-based line of the offending text, when known.
  public var line: Int?
  /// The 1-based column of the offending text, when known.
  public var column: Int?
  /// The key path of the offending value, such as `root.children[0].frame`; empty for the file.
  public var keyPath: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(
    file: String, line: Int? = nil, column: Int? = nil, keyPath: String = "", message: String
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.message = message
  }

  /// `layout.json:12:7: root.children[0].frame: expected an array of 4 numbers, found a string`.
  public var description: String {
    var text = file
    if let line, let column { text += ":\(line):\(column)" }
    text += ": "
    if !keyPath.isEmpty { text += "\(keyPath): " }
    return text + message
  }
}
