import Testing

@testable import Widgets

// MARK: - Helpers

/// The parser's location type; `Testing` also declares a `SourcePosition`, so a bare name is
/// ambiguous in this file.
private typealias Location = SourcePosition

/// Converts a parsed node into the writer's representation, dropping locations.
private func output(_ node: JSONNode) -> JSONOutput {
  switch node.value {
  case .null: .null
  case .bool(let flag): .bool(flag)
  case .number(let number, _): .number(number)
  case .string(let string): .string(string)
  case .array(let elements): .array(elements.map(output))
  case .object(let members): .object(members.map { ($0.key, output($0.value)) })
  }
}

/// Whether two strings consist of exactly the same Unicode scalars.
///
/// `==` on `String` uses canonical equivalence, which would hide a lossy round trip.
private func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
  lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
}

/// Structural equality of writer values; numbers compare with `==`, so -0 equals 0.
private func same(_ lhs: JSONOutput, _ rhs: JSONOutput) -> Bool {
  switch (lhs, rhs) {
  case (.null, .null): true
  case (.bool(let left), .bool(let right)): left == right
  case (.number(let left), .number(let right)): left == right
  case (.string(let left), .string(let right)): sameScalars(left, right)
  case (.array(let left), .array(let right)):
    left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
  case (.object(let left), .object(let right)):
    left.count == right.count
      && zip(left, right).allSatisfy { sameScalars($0.0, $1.0) && same($0.1, $1.1) }
  default: false
  }
}

/// Parses `text`, returning `nil` (and recording an issue) if it is not valid JSON.
private func parsed(_ text: String) -> JSONNode? {
  do {
    return try JSONParser.parse(text)
  } catch {
    Issue.record("unexpected error \(error) for \(text.debugDescription)")
    return nil
  }
}

/// Parses `text`, which must be invalid, and returns the error's description.
private func errorDescription(_ text: String) -> String? {
  do {
    let node = try JSONParser.parse(text)
    Issue.record("\(text.debugDescription) parsed as \(node.value.typeName)")
    return nil
  } catch {
    return error.description
  }
}

/// The members of an object node, or an empty list for any other value.
private func members(_ node: JSONNode?) -> [JSONMember] {
  if case .object(let members)? = node?.value { members } else { [] }
}

/// The elements of an array node, or an empty list for any other value.
private func elements(_ node: JSONNode?) -> [JSONNode] {
  if case .array(let elements)? = node?.value { elements } else { [] }
}

/// A small deterministic random number generator (SplitMix64) for reproducible tests.
private struct SplitMix64: RandomNumberGenerator {
  /// The generator's state, advanced on every call.
  var state: UInt64

  /// Returns the next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Generates random JSON values with a deterministic generator.
private struct ValueGenerator {
  /// The source of randomness.
  var random: SplitMix64

  /// A random scalar, biased towards characters that need escaping or are multi-byte.
  mutating func scalar() -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x22...0x22, 0x5C...0x5C, 0x2F...0x2F,
      0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
    ]
    let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
    let value = UInt32.random(in: range, using: &random)
    return Unicode.Scalar(value) ?? "?"
  }

  /// A random string of up to 12 scalars.
  mutating func string() -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      text.unicodeScalars.append(scalar())
    }
    return text
  }

  /// A random finite number: small integers, large integers, fractions, or any bit pattern.
  mutating func number() -> Double {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return Double(Int.random(in: -1000...1000, using: &random))
    case 1: return Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &random))
    case 2: return Double(Int.random(in: -100_000...100_000, using: &random)) / 1000
    case 3: return Double.random(in: -1e-5...1e-5, using: &random)
    default:
      while true {
        let number = Double(bitPattern: random.next())
        if number.isFinite {
          return number
        }
      }
    }
  }

  /// A random value nested at most `depth` more levels.
  mutating func value(depth: Int) -> JSONOutput {
    let kinds = depth > 0 ? 6 : 4
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0: return Bool.random(using: &random) ? .null : .bool(Bool.random(using: &random))
    case 1: return .number(number())
    case 2, 3: return .string(string())
    case 4:
      return .array(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth - 1) })
    default:
      var keys: Set<String> = []
      var members: [(String, JSONOutput)] = []
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        let key = string()
        if keys.insert(key).inserted {
          members.append((key, value(depth: depth - 1)))
        }
      }
      return .object(members)
    }
  }
}

/// Checks that every value and key location in `node` points at the character that starts it
/// within `lines`, the source split into lines of scalars.
private func checkLocations(_ node: JSONNode, in lines: [[Unicode.Scalar]]) -> Bool {
  func scalar(at location: Location) -> Unicode.Scalar? {
    guard location.line >= 1 && location.line <= lines.count else { return nil }
    let line = lines[location.line - 1]
    guard location.column >= 1 && location.column <= line.count else { return nil }
    return line[location.column - 1]
  }
  let start = scalar(at: node.location)
  switch node.value {
  case .null: return start == "n"
  case .bool(let flag): return start == (flag ? "t" : "f")
  case .number: return start == "-" || start.map { ("0"..."9").contains($0) } == true
  case .string: return start == "\""
  case .array(let elements):
    return start == "[" && elements.allSatisfy { checkLocations($0, in: lines) }
  case .object(let members):
    return start == "{"
      && members.allSatisfy {
        scalar(at: $0.keyLocation) == "\"" && checkLocations($0.value, in: lines)
      }
  }
}

// MARK: - Parser

@Suite("JSONParser")
struct JSONParserTests {
  @Test("Scalar values parse to the matching cases")
  func scalars() {
    if case .null? = parsed("null")?.value {} else { Issue.record("null") }
    if case .bool(true)? = parsed("true")?.value {} else { Issue.record("true") }
    if case .bool(false)? = parsed(" false ")?.value {} else { Issue.record("false") }
    if case .string("hi")? = parsed("\"hi\"")?.value {} else { Issue.record("string") }
    if case .array(let elements)? = parsed("[ ]")?.value {
      #expect(elements.isEmpty)
    } else {
      Issue.record("array")
    }
    if case .object(let members)? = parsed("{ }")?.value {
      #expect(members.isEmpty)
    } else {
      Issue.record("object")
    }
  }

  @Test(
    "Numbers keep their exact literal and parse to the right Double",
    arguments: [
      ("17", 17.0), ("-3", -3), ("0", 0), ("-0.5e3", -500), ("1E2", 100), ("1e+2", 100),
      ("2.5E-3", 0.0025), ("0.1", 0.1), ("1e300", 1e300), ("1e-400", 0),
      ("123456789012345678901234567890", 123456789012345678901234567890.0),
      ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ])
  func numbers(literal: String, expected: Double) {
    guard case .number(let value, let source)? = parsed(literal)?.value else {
      Issue.record("\(literal) is not a number")
      return
    }
    #expect(value == expected)
    #expect(source == literal)
  }

  @Test("Negative zero keeps its sign")
  func negativeZero() {
    guard case .number(let value, let literal)? = parsed("-0")?.value else {
      Issue.record("not a number")
      return
    }
    #expect(value == 0 && value.sign == .minus)
    #expect(literal == "-0")
  }

  @Test("All escape sequences decode, including surrogate pairs and NUL")
  func escapes() {
    let text = #""\"\\\/\b\f\n\r\t\u00e9\u00C9\uD83D\uDE00\u0000x""#
    guard case .string(let string)? = parsed(text)?.value else {
      Issue.record("not a string")
      return
    }
    #expect(sameScalars(string, "\"\\/\u{8}\u{C}\n\r\té\u{C9}😀\u{0}x"))
  }

  @Test("Unicode text in strings is kept exactly, without normalization")
  func unicodeStrings() {
    let text = "\"e\u{301} é 😀 \u{2028} 日本\""
    guard case .string(let string)? = parsed(text)?.value else {
      Issue.record("not a string")
      return
    }
    #expect(sameScalars(string, "e\u{301} é 😀 \u{2028} 日本"))
  }

  @Test("Values and keys on multi-line input report their line and scalar column")
  func locations() {
    let text = "{\n\t\"naïve\": [1, \"😀\", {\"k\": null}],\n\t\t\"x\" :\r\n  -0.5e3\n}"
    let root = parsed(text)
    #expect(root?.location == Location(line: 1, column: 1))
    let rootMembers = members(root)
    #expect(rootMembers.map(\.key) == ["naïve", "x"])
    #expect(rootMembers.first?.keyLocation == Location(line: 2, column: 2))
    let array = rootMembers.first?.value
    #expect(array?.location == Location(line: 2, column: 11))
    let items = elements(array)
    #expect(items.map(\.location.description) == ["2:12", "2:15", "2:20"])
    let inner = members(items.last)
    #expect(inner.first?.keyLocation == Location(line: 2, column: 21))
    #expect(inner.first?.value.location == Location(line: 2, column: 26))
    #expect(rootMembers.last?.keyLocation == Location(line: 3, column: 3))
    let number = rootMembers.last?.value
    #expect(number?.location == Location(line: 4, column: 3))
    if case .number(_, let literal)? = number?.value {
      #expect(literal == "-0.5e3")
    } else {
      Issue.record("x is not a number")
    }
  }

  @Test("Columns count scalars: combining marks count separately, emoji count once")
  func scalarColumns() {
    let items = elements(parsed("[\"e\u{301}😀\", 1]"))
    #expect(items.last?.location == Location(line: 1, column: 9))
  }

  @Test("A lone carriage return ends a line")
  func loneCarriageReturn() {
    let items = elements(parsed("[\r1,\r\n2,\n\r3]"))
    #expect(items.map(\.location.description) == ["2:1", "3:1", "5:1"])
  }

  @Test(
    "Each kind of syntax error reports its exact location and message",
    arguments: [
      ("", "1:1: expected a value, found end of input"),
      ("  \n  ", "2:3: expected a value, found end of input"),
      ("[1,]", "1:4: expected a value, found ']'"),
      ("[,1]", "1:2: expected a value, found ','"),
      ("{\"a\":1,}", "1:8: expected a string key, found '}'"),
      ("{a:1}", "1:2: expected a string key or '}', found 'a'"),
      ("{\"a\" 1}", "1:6: expected ':' after an object key, found '1'"),
      ("{\"a\"", "1:5: expected ':' after an object key, found end of input"),
      ("{\"a\":}", "1:6: expected a value, found '}'"),
      ("{\"a\":1 \"b\":2}", "1:8: expected ',' or '}' after an object member, found '\"'"),
      ("{\"a\":1", "1:7: expected ',' or '}' after an object member, found end of input"),
      ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
      ("[1", "1:3: expected ',' or ']' after an array element, found end of input"),
      ("[1}", "1:3: expected ',' or ']' after an array element, found '}'"),
      ("[1] x", "1:5: expected end of input after the top-level value, found 'x'"),
      ("1 2", "1:3: expected end of input after the top-level value, found '2'"),
      ("{} // c", "1:4: expected end of input after the top-level value, found '/'"),
      ("[/* c */ 1]", "1:2: expected a value, found '/'"),
      ("01", "1:2: leading zeros are not allowed in a number"),
      ("-007", "1:3: leading zeros are not allowed in a number"),
      ("+1", "1:1: expected a value, found '+'"),
      (".5", "1:1: expected a value, found '.'"),
      ("-", "1:2: expected a digit after '-', found end of input"),
      ("-x", "1:2: expected a digit after '-', found 'x'"),
      ("1.", "1:3: expected a digit after the decimal point, found end of input"),
      ("1.e5", "1:3: expected a digit after the decimal point, found 'e'"),
      ("1e", "1:3: expected a digit in the exponent, found end of input"),
      ("1e+", "1:4: expected a digit in the exponent, found end of input"),
      ("0x10", "1:2: expected end of input after the top-level value, found 'x'"),
      ("NaN", "1:1: expected a value, found 'N'"),
      ("Infinity", "1:1: expected a value, found 'I'"),
      ("-Infinity", "1:2: expected a digit after '-', found 'I'"),
      ("1e400", "1:1: number 1e400 is out of range"),
      ("[0, -1e999]", "1:5: number -1e999 is out of range"),
      ("tru", "1:4: expected 'true', found end of input"),
      ("nul1", "1:4: expected 'null', found '1'"),
      ("fals e", "1:5: expected 'false', found ' '"),
      ("True", "1:1: expected a value, found 'T'"),
      ("\"abc", "1:5: unterminated string"),
      ("[\"ab\ncd\"]", "1:5: unterminated string"),
      ("\"a\\", "1:4: unterminated string"),
      ("\"a\tb\"", "1:3: control character U+0009 must be escaped in a string"),
      ("\"\u{7}\"", "1:2: control character U+0007 must be escaped in a string"),
      ("\"\u{0}\"", "1:2: control character U+0000 must be escaped in a string"),
      ("\"\\x\"", "1:3: expected an escape character after '\\', found 'x'"),
      ("\"\\é\"", "1:3: expected an escape character after '\\', found 'é' (U+00E9)"),
      ("\"\\u12G4\"", "1:6: expected a hexadecimal digit in a \\u escape, found 'G'"),
      ("\"\\u12", "1:6: expected a hexadecimal digit in a \\u escape, found end of input"),
      ("\"\\uD83D\"", "1:2: lone surrogate \\uD83D in a string"),
      ("\"ab\\uDE00\"", "1:4: lone surrogate \\uDE00 in a string"),
      ("\"\\ud83d\\u0041\"", "1:2: lone surrogate \\ud83d in a string"),
      ("\"\\uD83D\\n\"", "1:2: lone surrogate \\uD83D in a string"),
      ("\"\\uD83D\\uZ\"", "1:10: expected a hexadecimal digit in a \\u escape, found 'Z'"),
      ("\u{A0}1", "1:1: expected a value, found U+00A0"),
      ("[\u{FEFF}1]", "1:2: expected a value, found U+FEFF"),
      ("\u{201C}a\u{201D}", "1:1: expected a value, found '\u{201C}' (U+201C)"),
      ("{\n\t\"é\": [1,\n\t\t2 x]}", "3:5: expected ',' or ']' after an array element, found 'x'"),
      ("[\"héllo\", x]", "1:11: expected a value, found 'x'"),
      ("[\"😀\", x]", "1:7: expected a value, found 'x'"),
      ("[\r\n1,\r\n]", "3:1: expected a value, found ']'"),
      ("[\r1,\r]", "3:1: expected a value, found ']'"),
      ("[1,\n", "2:1: expected a value, found end of input"),
    ])
  func syntaxErrors(text: String, expected: String) {
    #expect(errorDescription(text) == expected)
  }

  @Test("The thrown error carries the location and message separately")
  func errorFields() {
    let error = #expect(throws: JSONSyntaxError.self) {
      try JSONParser.parse("{\n  \"width\": 12,\n  \"height\": ?\n}")
    }
    #expect(error?.location == Location(line: 3, column: 13))
    #expect(error?.message == "expected a value, found '?'")
    #expect(error?.description == "3:13: expected a value, found '?'")
  }

  @Test("A duplicate key is reported at the second key with the first key's location")
  func duplicateKey() {
    let text = "{\n  \"id\": 1,\n  \"name\": \"x\",\n  \"id\": 2\n}"
    #expect(errorDescription(text) == "4:3: duplicate key \"id\"; first at 2:3")
  }

  @Test("Keys that are equal after decoding escapes are duplicates")
  func duplicateKeyAfterEscapes() {
    #expect(
      errorDescription("{\"a\\\"\":1, \"\\u0061\\\"\":2}")
        == "1:11: duplicate key \"a\\\"\"; first at 1:2")
  }

  @Test("Duplicates are found in large objects too")
  func duplicateKeyInLargeObject() {
    let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(keys), \"k7\": 0}"
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    #expect(error?.message == "duplicate key \"k7\"; first at 1:\(2 + 9 * 7)")
    #expect(error?.location.column == text.unicodeScalars.count - 7)
    #expect(members(parsed("{\(keys)}")).count == 40)
  }

  @Test("Keys compare by scalars, so canonically equivalent keys are distinct")
  func canonicallyEquivalentKeys() {
    let keys = members(parsed("{\"é\": 1, \"e\u{301}\": 2}")).map(\.key)
    #expect(keys.count == 2)
  }

  @Test("The same key may appear in different objects")
  func sameKeyInNestedObjects() {
    let root = members(parsed("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 2}, {\"a\": 3}]}"))
    #expect(root.map(\.key) == ["a", "b"])
  }

  @Test("Nesting up to 512 levels parses, and one more level is an error at its bracket")
  func depthLimit() {
    let depth = JSONParser.maximumDepth
    let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(parsed(deepest) != nil)
    let objects =
      String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(parsed(objects) != nil)
    let tooDeep = "[" + deepest + "]"
    #expect(errorDescription(tooDeep) == "1:513: nesting deeper than 512 levels")
  }

  @Test("A 100000-deep input is an error, not a stack overflow")
  func veryDeepInput() {
    #expect(
      errorDescription(String(repeating: "[", count: 100_000))
        == "1:513: nesting deeper than 512 levels")
    #expect(
      errorDescription(String(repeating: "{\"k\":[", count: 100_000))
        == "1:\(256 * 6 + 1): nesting deeper than 512 levels")
  }

  @Test("A leading byte order mark is skipped and does not count as a column")
  func byteOrderMark() {
    let root = parsed("\u{FEFF}{\"a\": 1}")
    #expect(root?.location == Location(line: 1, column: 1))
    #expect(members(root).first?.keyLocation == Location(line: 1, column: 2))
    #expect(errorDescription("\u{FEFF}") == "1:1: expected a value, found end of input")
    #expect(errorDescription("\u{FEFF}\u{FEFF}1") == "1:1: expected a value, found U+FEFF")
  }

  @Test(
    "typeName names each kind of value with an article",
    arguments: [
      ("null", "null"), ("true", "a boolean"), ("1", "a number"), ("\"\"", "a string"),
      ("[]", "an array"), ("{}", "an object"),
    ])
  func typeNames(text: String, expected: String) {
    #expect(parsed(text)?.value.typeName == expected)
  }

  @Test("A 1 MB document on one line parses in linear time")
  func largeInput() {
    let item = "{\"name\":\"wïdget\",\"size\":[12,-0.5e3],\"on\":true,\"tag\":null}"
    let count = 1_000_000 / item.utf8.count
    let text = "[" + Array(repeating: item, count: count).joined(separator: ",") + "]"
    let clock = ContinuousClock()
    var root: JSONNode?
    let duration = clock.measure { root = parsed(text) }
    #expect(elements(root).count == count)
    let lastSize = members(elements(root).last).dropFirst().first?.value
    let expectedColumn = text.unicodeScalars.count - item.unicodeScalars.count + 24
    #expect(lastSize?.location == Location(line: 1, column: expectedColumn))
    #expect(duration < .seconds(10))
  }
}

// MARK: - Writer

@Suite("JSONOutput.serialized")
struct JSONWriterTests {
  /// A small document with nested containers.
  static let sample = JSONOutput.object([
    ("a", .number(1)), ("b", .array([.number(1), .number(2)])),
  ])

  @Test("Pretty output puts each member and element on its own indented line")
  func pretty() {
    #expect(Self.sample.serialized() == "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}")
  }

  @Test("Indent 0 writes one compact line without spaces")
  func compact() {
    #expect(Self.sample.serialized(indent: 0) == "{\"a\":1,\"b\":[1,2]}")
    #expect(Self.sample.serialized(indent: -1) == "{\"a\":1,\"b\":[1,2]}")
  }

  @Test("A wider indent uses that many spaces per level")
  func wideIndent() {
    #expect(
      Self.sample.serialized(indent: 4)
        == "{\n    \"a\": 1,\n    \"b\": [\n        1,\n        2\n    ]\n}")
  }

  @Test("Empty containers are written as [] and {} even when nested")
  func emptyContainers() {
    let value = JSONOutput.object([("a", .array([])), ("b", .object([]))])
    #expect(value.serialized() == "{\n  \"a\": [],\n  \"b\": {}\n}")
    #expect(JSONOutput.array([]).serialized() == "[]")
    #expect(JSONOutput.object([]).serialized() == "{}")
    #expect(JSONOutput.array([.array([])]).serialized() == "[\n  []\n]")
  }

  @Test("Object members are written in the given order")
  func memberOrder() {
    let value = JSONOutput.object([("z", .null), ("a", .bool(true)), ("m", .bool(false))])
    #expect(value.serialized(indent: 0) == "{\"z\":null,\"a\":true,\"m\":false}")
  }

  @Test("Output has no trailing newline")
  func noTrailingNewline() {
    #expect(Self.sample.serialized().last == "}")
  }

  @Test(
    "Numbers are written as integers when integral and small, else shortest round trip",
    arguments: [
      (17.0, "17"), (-3, "-3"), (0, "0"), (-0.0, "0"), (17.5, "17.5"), (0.1, "0.1"),
      (-0.5, "-0.5"), (999_999_999_999_999, "999999999999999"),
      (-999_999_999_999_999, "-999999999999999"), (1e15, "1000000000000000.0"),
      (1e16, "1e+16"), (1e300, "1e+300"), (1e-7, "1e-07"), (123456789.125, "123456789.125"),
      (Double.leastNonzeroMagnitude, "5e-324"), (.nan, "null"), (.infinity, "null"),
      (-.infinity, "null"),
    ])
  func numbers(number: Double, expected: String) {
    #expect(JSONOutput.number(number).serialized() == expected)
  }

  @Test(
    "Strings escape quotes, backslashes, and control characters only",
    arguments: [
      ("plain", #""plain""#), ("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#),
      ("\n\r\t", #""\n\r\t""#), ("\u{8}\u{C}", #""\b\f""#), ("\u{0}", #""\u0000""#),
      ("\u{1}\u{1F}", #""\u0001\u001f""#), ("/", #""/""#), ("\u{7F}", "\"\u{7F}\""),
      ("é😀 日本", "\"é😀 日本\""), ("\u{2028}", "\"\u{2028}\""),
    ])
  func strings(string: String, expected: String) {
    #expect(sameScalars(JSONOutput.string(string).serialized(), expected))
  }

  @Test("Keys are escaped like strings")
  func keyEscaping() {
    let value = JSONOutput.object([("a\"\n", .null)])
    #expect(value.serialized(indent: 0) == #"{"a\"\n":null}"#)
  }

  @Test(
    "Serialized values parse back to the same value, pretty and compact",
    arguments: [
      JSONOutput.null, .bool(true), .bool(false), .number(0), .number(-0.0), .number(0.1),
      .number(1e300), .number(-0.5), .number(17), .number(1e15), .number(-1e-300),
      .number(Double.greatestFiniteMagnitude), .number(Double.leastNonzeroMagnitude),
      .number(9_007_199_254_740_992), .string(""), .string("héllo wörld 😀 日本"),
      .string("e\u{301} vs é"), .string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}\u{2028}"),
      .array([]), .object([]), .array([.array([.array([])])]),
      .object([
        ("", .null), ("ключ", .array([.number(1), .string("x")])),
        ("nested", .object([("deeper", .object([("deepest", .bool(true))]))])),
      ]),
      .array([.object([]), .array([]), .string("}],"), .number(-1e-7)]),
    ])
  func roundTrip(value: JSONOutput) {
    for indent in [0, 2, 3] {
      let text = value.serialized(indent: indent)
      guard let node = parsed(text) else { continue }
      #expect(same(output(node), value), "indent \(indent): \(text)")
    }
  }

  @Test("Random values survive serialize, parse, compare, with valid locations")
  func randomRoundTrips() {
    var generator = ValueGenerator(random: SplitMix64(state: 0x5EED_F0F0))
    for iteration in 0..<400 {
      let value = generator.value(depth: 5)
      let indent = [0, 1, 2, 4][iteration % 4]
      let text = value.serialized(indent: indent)
      #expect(value.serialized(indent: indent) == text, "serialization is deterministic")
      guard let node = parsed(text) else { continue }
      #expect(same(output(node), value), "iteration \(iteration): \(text.debugDescription)")
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { Array($0.unicodeScalars) }
      #expect(checkLocations(node, in: lines), "iteration \(iteration)")
    }
  }

  @Test("The deepest allowed nesting serializes and parses back")
  func deepRoundTrip() {
    var value = JSONOutput.number(1)
    for level in 0..<JSONParser.maximumDepth {
      value = level.isMultiple(of: 2) ? .array([value]) : .object([("k", value)])
    }
    let text = value.serialized()
    guard let node = parsed(text) else { return }
    #expect(same(output(node), value))
  }
}
