import FontFitText

// MARK: - Parser

/// A strict RFC 8259 JSON parser that records source locations.
///
/// Beyond the grammar, it rejects duplicate keys within one object, lone surrogate escapes,
/// numbers too large for `Double`, and nesting deeper than ``maximumDepth``. A leading UTF-8
/// byte order mark is skipped. Parsing runs in a single linear pass without recursion, so deep
/// or large inputs cannot overflow the stack.
package enum JSONParser {
  /// The deepest nesting of arrays and objects that ``parse(_:)`` accepts.
  package static let maximumDepth = 512

  /// Parses `text` as exactly one JSON value surrounded by optional whitespace.
  ///
  /// - Parameter text: The complete JSON document.
  /// - Returns: The top-level value with the locations of all nested values and keys.
  /// - Throws: A ``JSONSyntaxError`` at the first character that makes `text` invalid.
  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try parse(utf8: Array(text.utf8)).root
  }

  /// Parses `bytes`, which are valid UTF-8 (as ``DescriptionFile`` checks a file's are), as
  /// exactly one JSON value surrounded by optional whitespace: ``parse(_:)`` without making
  /// a string of them first.
  ///
  /// - Returns: The top-level value, and the most arrays and objects any value of the
  ///   document is nested in, itself included (0 for a document of one scalar).
  /// - Throws: A ``JSONSyntaxError`` at the first character that makes the input invalid.
  package static func parse(utf8 bytes: [UInt8]) throws(JSONSyntaxError) -> (
    root: JSONNode, deepestNesting: Int
  ) {
    // Read in place: a reader holding the array retained and released it at every string.
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer)
      return Result { () throws(JSONSyntaxError) in
        (root: try reader.readDocument(), deepestNesting: reader.deepestNesting)
      }
    }
    return try parsed.get()
  }
}

/// An array or object that has been opened but not yet closed while parsing.
struct OpenContainer {
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
  var keyIndex: [ExactString: SourcePosition]?
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
      var index: [ExactString: SourcePosition] = [:]
      for member in members {
        index[ExactString(member.key)] = member.keyLocation
      }
      keyIndex = index
    }
    var firstLocation: SourcePosition?
    if let keyIndex {
      firstLocation = keyIndex[ExactString(key)]
    } else {
      // Keys are equal when their bytes are: `String`'s `==` compares canonically. Read in
      // place by index: `first(where:)` copies each member out to test it. Keys of other
      // lengths (most) are passed over at once.
      let exact = ExactString(key)
      let count = key.utf8.count
      for index in members.indices
      where members[index].key.utf8.count == count && ExactString(members[index].key) == exact {
        firstLocation = members[index].keyLocation
        break
      }
    }
    if let firstLocation {
      let quoted = TextFormat.quoted(key)
      throw JSONSyntaxError(
        location: location, message: "duplicate key \(quoted); first at \(firstLocation)")
    }
    pendingKey = key
    pendingKeyLocation = location
  }

  /// Adds `value` as an array element, or as the value of the pending object member.
  mutating func append(_ value: consuming JSONNode) {
    if isObject {
      // Room for a widget's usual members at once, rather than growing four times.
      if members.isEmpty { members.reserveCapacity(8) }
      members.append(JSONMember(key: pendingKey, keyLocation: pendingKeyLocation, value: value))
      keyIndex?[ExactString(pendingKey)] = pendingKeyLocation
    } else {
      // Room for a frame's four numbers at once.
      if elements.isEmpty { elements.reserveCapacity(4) }
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
struct JSONReader {
  /// The input as UTF-8, valid (as a Swift string's always is), kept by the caller while
  /// the reader reads it.
  let bytes: UnsafeBufferPointer<UInt8>
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
  /// The short strings made last, by their bytes.
  var shortStrings = ShortStrings()
  /// The most arrays and objects a value read so far is nested in, itself included.
  var deepestNesting = 0

  /// Creates a reader for `bytes`, skipping a leading byte order mark.
  init(bytes: UnsafeBufferPointer<UInt8>) {
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
        deepestNesting = max(deepestNesting, stack.count + 1)
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
        stack[top].append(consume node)
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
}
