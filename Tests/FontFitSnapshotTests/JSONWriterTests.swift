import FontFitDescription
import FontFitFontModel
import FontFitSnapshot
import FontFitText
import TestSupport
import Testing

// The writer's tests; the round trips read the output back with the description module's
// parser.

// MARK: - Helpers

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
  func scalar(at location: FontFitDescription.SourcePosition) -> Unicode.Scalar? {
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
    "Strings escape quotes, backslashes, and control characters (C0, DEL, C1) only",
    arguments: [
      ("plain", #""plain""#), ("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#),
      ("\n\r\t", #""\n\r\t""#), ("\u{8}\u{C}", #""\b\f""#), ("\u{0}", #""\u0000""#),
      ("\u{1}\u{1F}", #""\u0001\u001f""#), ("/", #""/""#), ("\u{7F}", #""\u007f""#),
      ("\u{9B}", #""\u009b""#),
      ("é😀 日本", "\"é😀 日本\""), ("\u{2028}", "\"\u{2028}\""),
    ])
  func strings(string: String, expected: String) {
    #expect(sameScalars(JSONOutput.string(string).serialized(), expected))
  }

  @Test("A string is written as the text dump quotes it, whether or not it needs escaping")
  func stringsAsQuoted() {
    var generator = SplitMix64(seed: 2025)
    let pieces = ["a", "Z", " ", "~", "\"", "\\", "\n", "\u{7F}", "\u{9B}", "é", "\u{202E}"]
    for _ in 0..<2000 {
      let count = Int(generator.next() % 12)
      // Mostly printable ASCII, so most strings are copied as they are.
      let string = (0..<count).map { _ in
        let choice = Int(generator.next() % 100)
        return choice < 90 ? pieces[choice % 4] : pieces[4 + choice % 7]
      }.joined()
      #expect(JSONOutput.string(string).serialized() == TextFormat.quoted(string))
    }
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
    var generator = ValueGenerator(random: SplitMix64(seed: 0x5EED_F0F0))
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
