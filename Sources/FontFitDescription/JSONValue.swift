// A small strict JSON (RFC 8259) parser that remembers where every value and key starts, so
// that loaders can report errors such as `layout.json:12:7: expected a number`, and a
// deterministic JSON writer that keeps object members in the order they are given.

// MARK: - Source locations

/// A 1-based line and column in a source text.
///
/// Columns count Unicode scalars, so a tab, an `é`, or an emoji each count as one column.
/// Lines are separated by `\n`, `\r\n`, or a lone `\r`.
package struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line number.
  package var line: Int
  /// The 1-based column number, counted in Unicode scalars.
  package var column: Int

  /// The location written as `line:column`, for example `12:7`.
  package var description: String { "\(line):\(column)" }
}

// MARK: - Parsed values

/// A parsed JSON value together with the location of its first character in the source.
package struct JSONNode: Sendable {
  /// The parsed value.
  package var value: JSONValue
  /// Where the value starts: its quote, bracket, brace, sign, digit, or keyword letter.
  package var location: SourcePosition
}

/// A parsed JSON value; object members keep their source order.
package enum JSONValue: Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number, with its value and the exact source text, such as `"17"` or `"-0.5e3"`.
  case number(Double, literal: String)
  /// A string, with all escape sequences decoded.
  case string(String)
  /// An array of values in source order.
  case array([JSONNode])
  /// An object's members in source order; keys are unique.
  case object([JSONMember])

  /// The kind of value with an article, for messages like `expected a number, found a string`.
  ///
  /// One of `null`, `a boolean`, `a number`, `a string`, `an array`, or `an object`.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable {
  /// The key, with all escape sequences decoded.
  package var key: String
  /// Where the key's opening quote is.
  package var keyLocation: SourcePosition
  /// The member's value.
  package var value: JSONNode
}

/// Why a text is not valid JSON, and where the offending character is.
///
/// When the input ends too early, the location is the position just after its last character.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the offending character is.
  package var location: SourcePosition
  /// What was wrong, for example `expected a value, found end of input`.
  package var message: String

  /// The error written as `line:column: message`, for example `12:7: unterminated string`.
  package var description: String { "\(location): \(message)" }
}
