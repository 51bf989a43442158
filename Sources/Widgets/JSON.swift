// A small strict JSON (RFC 8259) parser that remembers where every value and key starts, so
// that loaders can report errors such as `layout.json:12:7: expected a number`, and a
// deterministic JSON writer that keeps object members in the order they are given.

// MARK: - Source locations

/// A 1-based line and column in a source text.
///
/// Columns count Unicode scalars, so a tab, an `é`, or an emoji each count as one column.
/// Lines are separated by `\n`, `\r\n`, or a lone `\r`.
struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line number.
  var line: Int
  /// The 1-based column number, counted in Unicode scalars.
  var column: Int

  /// The location written as `line:column`, for example `12:7`.
  var description: String { "\(line):\(column)" }
}

// MARK: - Parsed values

/// A parsed JSON value together with the location of its first character in the source.
struct JSONNode: Sendable {
  /// The parsed value.
  var value: JSONValue
  /// Where the value starts: its quote, bracket, brace, sign, digit, or keyword letter.
  var location: SourcePosition
}

/// A parsed JSON value; object members keep their source order.
enum JSONValue: Sendable {
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
  var typeName: String {
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
struct JSONMember: Sendable {
  /// The key, with all escape sequences decoded.
  var key: String
  /// Where the key's opening quote is.
  var keyLocation: SourcePosition
  /// The member's value.
  var value: JSONNode
}

/// Why a text is not valid JSON, and where the offending character is.
///
/// When the input ends too early, the location is the position just after its last character.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the offending character is.
  var location: SourcePosition
  /// What was wrong, for example `expected a value, found end of input`.
  var message: String

  /// The error written as `line:column: message`, for example `12:7: unterminated string`.
  var description: String { "\(location): \(message)" }
}

// MARK: - Parser

/// A strict RFC 8259 JSON parser that records source locations.
///
/// Beyond the grammar, it rejects duplicate keys within one object, lone surrogate escapes,
/// numbers too large for `Double`, and nesting deeper than ``maximumDepth``. A leading UTF-8
/// byte order mark is skipped. Parsing runs in a single linear pass without recursion, so deep
/// or large inputs cannot overflow the stack.
enum JSONParser {
  /// The deepest nesting of arrays and objects that ``parse(_:)`` accepts.
  static let maximumDepth = 512

  /// Parses `text` as exactly one JSON value surrounded by optional whitespace.
  ///
  /// - Parameter text: The complete JSON document.
  /// - Returns: The top-level value with the locations of all nested values and keys.
  /// - Throws: A ``JSONSyntaxError`` at the first character that makes `text` invalid.
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    var reader = JSONReader(bytes: Array(text.utf8))
    return try reader.readDocument()
  }
}

/// A string wrapper whose equality and hashing compare Unicode scalars exactly.
///
/// Swift's `String` equality uses canonical equivalence, so `"é"` and `"e\u{301}"` are equal
/// strings; JSON keys, however, are different when their code points differ.
private struct ExactKey: Hashable {
  /// The wrapped key.
  var string: String

  /// Returns whether both keys have the same UTF-8 bytes.
  static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  /// Hashes the key's UTF-8 bytes.
  func hash(into hasher: inout Hasher) {
    for byte in string.utf8 {
      hasher.combine(byte)
    }
    hasher.combine(string.utf8.count)
  }
}

/// An array or object that has been opened but not yet closed while parsing.
private struct OpenContainer {
  /// Objects with at least this many members look up duplicate keys in a dictionary instead
  /// of comparing against every member.
  static let indexThreshold = 12

  /// Whether this is an object; otherwise it is an array.
  var isObject: Bool
  /// Where the opening bracket or brace is.
  var location: SourcePosition
  /// The elements parsed so far, when this is an array.
  var elements: [JSONNode] = []
  /// The members parsed so far, when this is an object.
  var members: [JSONMember] = []
  /// The location of each key in `members`, once the object has grown large.
  var keyIndex: [ExactKey: SourcePosition]?
  /// The key whose value is being parsed, when this is an object.
  var pendingKey = ""
  /// Where `pendingKey` starts.
  var pendingKeyLocation = SourcePosition(line: 0, column: 0)

  /// Creates an empty container opened at `location`.
  init(isObject: Bool, location: SourcePosition) {
    self.isObject = isObject
    self.location = location
  }

  /// Makes `key` the key of the next member, unless the object already has that key.
  ///
  /// - Throws: A ``JSONSyntaxError`` at `location` if the key is a duplicate.
  mutating func beginMember(key: String, at location: SourcePosition) throws(JSONSyntaxError) {
    if keyIndex == nil && members.count >= Self.indexThreshold {
      var index: [ExactKey: SourcePosition] = [:]
      for member in members {
        index[ExactKey(string: member.key)] = member.keyLocation
      }
      keyIndex = index
    }
    var firstLocation: SourcePosition?
    if let keyIndex {
      firstLocation = keyIndex[ExactKey(string: key)]
    } else {
      firstLocation = members.first { $0.key.utf8.elementsEqual(key.utf8) }?.keyLocation
    }
    if let firstLocation {
      let quoted = JSONOutput.string(key).serialized(indent: 0)
      throw JSONSyntaxError(
        location: location, message: "duplicate key \(quoted); first at \(firstLocation)")
    }
    pendingKey = key
    pendingKeyLocation = location
  }

  /// Adds `value` as an array element, or as the value of the pending object member.
  mutating func append(_ value: JSONNode) {
    if isObject {
      members.append(JSONMember(key: pendingKey, keyLocation: pendingKeyLocation, value: value))
      keyIndex?[ExactKey(string: pendingKey)] = pendingKeyLocation
    } else {
      elements.append(value)
    }
  }

  /// The finished array or object.
  var node: JSONNode {
    JSONNode(value: isObject ? .object(members) : .array(elements), location: location)
  }
}

/// The state of one parse: the UTF-8 input, the read position, and line/column bookkeeping.
///
/// Columns are computed lazily and incrementally: `markOffset`/`markColumn` remember the last
/// computed column on the current line, and locations are requested in increasing order, so
/// every byte is counted at most once.
private struct JSONReader {
  /// The input as UTF-8; Swift strings are always valid UTF-8.
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  var index = 0
  /// The 1-based number of the line containing `index`.
  var line = 1
  /// The offset of the first byte of the current line.
  var lineStart = 0
  /// An offset on the current line whose column is known.
  var markOffset = 0
  /// The column of `markOffset`.
  var markColumn = 1

  /// Creates a reader for `bytes`, skipping a leading byte order mark.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      index = 3
      lineStart = 3
      markOffset = 3
    }
  }

  // MARK: Structure

  /// Reads the whole input as one value followed only by whitespace.
  ///
  /// Containers are kept on an explicit stack rather than the call stack.
  mutating func readDocument() throws(JSONSyntaxError) -> JSONNode {
    var stack: [OpenContainer] = []
    readingValues: while true {
      // Read one value; containers with members are pushed and their contents read next.
      skipWhitespace()
      let location = currentLocation()
      guard index < bytes.count else {
        throw unexpected("expected a value")
      }
      var node: JSONNode
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let isObject = bytes[index] == UInt8(ascii: "{")
        guard stack.count < JSONParser.maximumDepth else {
          throw JSONSyntaxError(
            location: location,
            message: "nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < bytes.count && bytes[index] == closer {
          index += 1
          node = JSONNode(value: isObject ? .object([]) : .array([]), location: location)
        } else {
          stack.append(OpenContainer(isObject: isObject, location: location))
          if isObject {
            try readKey(into: &stack[stack.count - 1], expected: "expected a string key or '}'")
          }
          continue readingValues
        }
      case UInt8(ascii: "\""):
        node = JSONNode(value: .string(try readString()), location: location)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        node = JSONNode(value: try readNumber(at: location), location: location)
      case UInt8(ascii: "t"):
        try readKeyword("true")
        node = JSONNode(value: .bool(true), location: location)
      case UInt8(ascii: "f"):
        try readKeyword("false")
        node = JSONNode(value: .bool(false), location: location)
      case UInt8(ascii: "n"):
        try readKeyword("null")
        node = JSONNode(value: .null, location: location)
      default:
        throw unexpected("expected a value")
      }

      // Hand the finished value to its container, closing every container that ends here.
      while !stack.isEmpty {
        let top = stack.count - 1
        stack[top].append(node)
        skipWhitespace()
        let next: UInt8? = index < bytes.count ? bytes[index] : nil
        if next == UInt8(ascii: ",") {
          index += 1
          if stack[top].isObject {
            skipWhitespace()
            try readKey(into: &stack[top], expected: "expected a string key")
          }
          continue readingValues
        }
        if stack[top].isObject {
          guard next == UInt8(ascii: "}") else {
            throw unexpected("expected ',' or '}' after an object member")
          }
        } else {
          guard next == UInt8(ascii: "]") else {
            throw unexpected("expected ',' or ']' after an array element")
          }
        }
        index += 1
        node = stack.removeLast().node
      }
      skipWhitespace()
      guard index == bytes.count else {
        throw unexpected("expected end of input after the top-level value")
      }
      return node
    }
  }

  /// Reads an object key and the colon after it into `container`.
  ///
  /// - Parameters:
  ///   - container: The object that gets the key as its pending key.
  ///   - expected: The start of the message if no string is at the read position.
  mutating func readKey(
    into container: inout OpenContainer, expected: String
  ) throws(JSONSyntaxError) {
    guard index < bytes.count && bytes[index] == UInt8(ascii: "\"") else {
      throw unexpected(expected)
    }
    let location = currentLocation()
    let key = try readString()
    try container.beginMember(key: key, at: location)
    skipWhitespace()
    guard index < bytes.count && bytes[index] == UInt8(ascii: ":") else {
      throw unexpected("expected ':' after an object key")
    }
    index += 1
  }

  // MARK: Scalars

  /// Reads the keyword `word` (`true`, `false`, or `null`) starting at the read position.
  mutating func readKeyword(_ word: String) throws(JSONSyntaxError) {
    for expectedByte in word.utf8 {
      guard index < bytes.count && bytes[index] == expectedByte else {
        throw unexpected("expected '\(word)'")
      }
      index += 1
    }
  }

  /// Reads a number starting at the read position, which is `location`.
  ///
  /// - Returns: The number's value and its exact source text.
  mutating func readNumber(at location: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    guard isDigit(at: index) else {
      throw unexpected("expected a digit after '-'")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(at: index) {
        throw syntaxError(at: index, "leading zeros are not allowed in a number")
      }
    } else {
      skipDigits()
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(at: index) else {
        throw unexpected("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard isDigit(at: index) else {
        throw unexpected("expected a digit in the exponent")
      }
      skipDigits()
    }
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(literal), value.isFinite else {
      throw JSONSyntaxError(location: location, message: "number \(literal) is out of range")
    }
    return .number(value, literal: literal)
  }

  /// Returns whether the byte at `offset` exists and is an ASCII digit.
  func isDigit(at offset: Int) -> Bool {
    offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
  }

  /// Advances the read position past a run of ASCII digits.
  mutating func skipDigits() {
    while isDigit(at: index) {
      index += 1
    }
  }

  /// Reads a string whose opening quote is at the read position, decoding escapes.
  mutating func readString() throws(JSONSyntaxError) -> String {
    index += 1
    var segmentStart = index
    var decoded: [UInt8] = []
    var hasEscapes = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let result: String
        if hasEscapes {
          decoded.append(contentsOf: bytes[segmentStart..<index])
          result = String(decoding: decoded, as: UTF8.self)
        } else {
          result = String(decoding: bytes[segmentStart..<index], as: UTF8.self)
        }
        index += 1
        return result
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        decoded.append(contentsOf: bytes[segmentStart..<index])
        try readEscape(into: &decoded)
        segmentStart = index
      } else if byte == 0x0A || byte == 0x0D {
        throw syntaxError(at: index, "unterminated string")
      } else if byte < 0x20 {
        let code = Self.hex(UInt32(byte))
        throw syntaxError(at: index, "control character U+\(code) must be escaped in a string")
      } else {
        index += 1
      }
    }
    throw syntaxError(at: index, "unterminated string")
  }

  /// Reads the escape sequence whose backslash is at the read position, appending its UTF-8.
  mutating func readEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else {
      throw syntaxError(at: index, "unterminated string")
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try readHexQuad()
      var scalar = unit
      if (0xD800...0xDBFF).contains(unit) {
        var low: UInt32 = 0
        if index + 1 < bytes.count
          && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          low = try readHexQuad()
        }
        guard (0xDC00...0xDFFF).contains(low) else {
          throw loneSurrogate(at: escapeStart)
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw loneSurrogate(at: escapeStart)
      }
      Self.appendUTF8(of: scalar, to: &decoded)
    default:
      index -= 1
      throw unexpected("expected an escape character after '\\'")
    }
  }

  /// Reads the four hexadecimal digits of a `\u` escape.
  mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexDigitValue(bytes[index]) else {
        throw unexpected("expected a hexadecimal digit in a \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Returns the value of an ASCII hexadecimal digit, or `nil` for any other byte.
  static func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Appends the UTF-8 encoding of the scalar value `scalar`, which is not a surrogate.
  static func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      bytes.append(UInt8(scalar))
    case ..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: Whitespace and locations

  /// Advances past JSON whitespace (space, tab, line feed, carriage return), counting lines.
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        startLine()
      case UInt8(ascii: "\r"):
        index += 1
        if index < bytes.count && bytes[index] == UInt8(ascii: "\n") {
          index += 1
        }
        startLine()
      default:
        return
      }
    }
  }

  /// Records that a new line starts at the read position.
  mutating func startLine() {
    line += 1
    lineStart = index
    markOffset = index
    markColumn = 1
  }

  /// Returns the location of the read position.
  mutating func currentLocation() -> SourcePosition {
    location(at: index)
  }

  /// Returns the location of `offset`, which must be on the current line.
  mutating func location(at offset: Int) -> SourcePosition {
    if offset < markOffset {
      markOffset = lineStart
      markColumn = 1
    }
    while markOffset < offset {
      // Count every byte that starts a scalar, i.e. is not a UTF-8 continuation byte.
      if bytes[markOffset] & 0xC0 != 0x80 {
        markColumn += 1
      }
      markOffset += 1
    }
    return SourcePosition(line: line, column: markColumn)
  }

  // MARK: Errors

  /// Returns an error with `message` at byte `offset` on the current line.
  mutating func syntaxError(at offset: Int, _ message: String) -> JSONSyntaxError {
    JSONSyntaxError(location: location(at: offset), message: message)
  }

  /// Returns an error at the read position saying `"\(expectation), found <what is there>"`.
  mutating func unexpected(_ expectation: String) -> JSONSyntaxError {
    syntaxError(at: index, "\(expectation), found \(describeFound())")
  }

  /// Returns an error for the `\u` escape of an unpaired surrogate starting at `offset`.
  mutating func loneSurrogate(at offset: Int) -> JSONSyntaxError {
    let escape = String(decoding: bytes[offset..<min(offset + 6, bytes.count)], as: UTF8.self)
    return syntaxError(at: offset, "lone surrogate \(escape) in a string")
  }

  /// Describes the character at the read position for an error message.
  ///
  /// Printable ASCII is quoted (`'x'`); invisible characters are written as `U+00A0`; other
  /// characters are quoted and followed by their code point (`'“' (U+201C)`).
  func describeFound() -> String {
    guard index < bytes.count else {
      return "end of input"
    }
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(index + length, bytes.count)
    let text = String(decoding: bytes[index..<end], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first else {
      return "end of input"
    }
    let code = "U+" + Self.hex(scalar.value)
    if (0x20...0x7E).contains(scalar.value) {
      return "'\(scalar)'"
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .unassigned, .privateUse, .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
      return code
    default:
      return "'\(scalar)' (\(code))"
    }
  }

  /// Formats `value` as uppercase hexadecimal with at least four digits.
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

// MARK: - Writer

/// A JSON value to write, with object members in the given order.
indirect enum JSONOutput: Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number; infinities and NaN are written as `null`.
  case number(Double)
  /// A string, escaped as needed when written.
  case string(String)
  /// An array of values.
  case array([JSONOutput])
  /// An object's members, written in this order; keys should be unique.
  case object([(String, JSONOutput)])
}

extension JSONOutput {
  /// Writes the value as JSON text, deterministically and without a trailing newline.
  ///
  /// With a positive `indent`, every array element and object member goes on its own line,
  /// indented by `indent` spaces per level, with `": "` after keys; empty arrays and objects
  /// are written `[]` and `{}`. With `indent` 0 (or less) the output is one compact line
  /// without any spaces.
  ///
  /// Integral numbers with a magnitude below 10^15 are written without a fraction (`17`, and
  /// `0` for -0); other finite numbers use Swift's shortest round-trip form (`17.5`, `0.1`,
  /// `1e+300`). Strings escape `"`, `\`, and control characters; other characters, including
  /// non-ASCII ones, are written as they are.
  ///
  /// - Parameter indent: The number of spaces per nesting level, or 0 for compact output.
  func serialized(indent: Int = 2) -> String {
    var writer = JSONWriter(indent: max(0, indent))
    writer.write(self, level: 0)
    return writer.output
  }
}

/// Accumulates the text of a JSON value being written.
private struct JSONWriter {
  /// The number of spaces per nesting level; 0 means compact output.
  let indent: Int
  /// The text written so far.
  var output = ""

  /// Creates a writer with `indent` spaces per nesting level.
  init(indent: Int) {
    self.indent = indent
  }

  /// Appends `value`, which is nested `level` containers deep.
  mutating func write(_ value: JSONOutput, level: Int) {
    switch value {
    case .null:
      output += "null"
    case .bool(let flag):
      output += flag ? "true" : "false"
    case .number(let number):
      output += Self.format(number)
    case .string(let string):
      writeString(string)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 {
          output += ","
        }
        startLine(level: level + 1)
        write(element, level: level + 1)
      }
      startLine(level: level)
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (position, (key, member)) in members.enumerated() {
        if position > 0 {
          output += ","
        }
        startLine(level: level + 1)
        writeString(key)
        output += indent > 0 ? ": " : ":"
        write(member, level: level + 1)
      }
      startLine(level: level)
      output += "}"
    }
  }

  /// In pretty mode, appends a line break and the indentation for `level`.
  mutating func startLine(level: Int) {
    guard indent > 0 else {
      return
    }
    output += "\n"
    output += String(repeating: " ", count: indent * level)
  }

  /// Appends `string` in quotes, escaping quotes, backslashes, and control characters.
  mutating func writeString(_ string: String) {
    output += "\""
    let needsEscaping = string.utf8.contains {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }
    guard needsEscaping else {
      output += string
      output += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}":
        let digits = String(scalar.value, radix: 16)
        output += (scalar.value < 0x10 ? "\\u000" : "\\u00") + digits
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Formats a number: `null` if not finite, an integer if integral and below 10^15 in
  /// magnitude, and otherwise Swift's shortest round-trip description.
  static func format(_ number: Double) -> String {
    guard number.isFinite else {
      return "null"
    }
    if number.magnitude < 1e15 && number == number.rounded(.towardZero) {
      return String(Int64(number))
    }
    return number.description
  }
}
