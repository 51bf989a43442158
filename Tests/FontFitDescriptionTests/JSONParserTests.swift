import FontFitDescription
import FontFitFontModel
import TestSupport
import Testing

// MARK: - Helpers

// Locations are compared as `line:column` text, since `SourcePosition` has no public
// initializer.

/// Whether two strings consist of exactly the same Unicode scalars.
///
/// `==` on `String` uses canonical equivalence, which would hide a lossy decoding.
private func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
  lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
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

  @Test(
    "Every number parses to the double `Double(_:)` reads, digit counts about the fast path's edge")
  func numbersAgreeWithTheStandardLibrary() {
    // Literals without an exponent and of at most 15 digits are read by one division; the
    // rest by the standard library. Both must give the nearest double, bit for bit.
    var random = SplitMix64(seed: 25)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }
    var literals = ["0.1", "0.3", "9007199254740993", "999999999999999", "0.000000000000001"]
    for _ in 0..<20_000 {
      let whole = Int.random(in: 1...17, using: &random)
      var literal = Int.random(in: 0...1, using: &random) == 0 ? "" : "-"
      let first = digits(whole)
      literal += whole > 1 && first.hasPrefix("0") ? "1" + first.dropFirst() : first
      let fraction = Int.random(in: 0...17, using: &random)
      if fraction > 0 { literal += "." + digits(fraction) }
      if Int.random(in: 0...9, using: &random) == 0 {
        literal += "e" + String(Int.random(in: -30...30, using: &random))
      }
      literals.append(literal)
    }
    var disagreements: [String] = []
    for literal in literals {
      guard case .number(let value, let source)? = parsed(literal)?.value, source == literal,
        let expected = Double(literal), value.bitPattern == expected.bitPattern
      else {
        disagreements.append(literal)
        continue
      }
    }
    let agree = disagreements.isEmpty
    #expect(agree, "\(disagreements.count) differ, first \(disagreements.prefix(3))")
  }

  @Test("Strings read eight bytes at a time end at their quote, escapes and controls included")
  func stringsAcrossWords() {
    // A quote, an escape or a control character at every offset of a long string, with
    // more than a word of text after it.
    let plain = "abcdefghijklmnopqrstuvwxyzéà中文"
    for offset in 0...plain.utf8.count {
      let prefix = String(decoding: Array(plain.utf8).prefix(offset), as: UTF8.self)
      guard !prefix.unicodeScalars.contains("\u{FFFD}") else { continue }
      let document = "[\"" + prefix + #"\"tail", ""# + prefix + "\", \"after the end\"]"
      let strings = elements(parsed(document)).compactMap { node -> String? in
        if case .string(let string) = node.value { string } else { nil }
      }
      #expect(strings.count == 3, "at \(offset)")
      if strings.count == 3 {
        #expect(sameScalars(strings[0], prefix + "\"tail"))
        #expect(sameScalars(strings[1], prefix))
        #expect(strings[2] == "after the end")
      }
      let control = errorDescription("[\"" + prefix + "\u{1}tail\", \"after the end\"]")
      #expect(control?.contains("control character") == true, "at \(offset)")
      let newline = errorDescription("[\"" + prefix + "\ntail\", \"after the end\"]")
      #expect(newline?.contains("unterminated") == true, "at \(offset)")
    }
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
    #expect(root?.location.description == "1:1")
    let rootMembers = members(root)
    #expect(rootMembers.map(\.key) == ["naïve", "x"])
    #expect(rootMembers.first?.keyLocation.description == "2:2")
    let array = rootMembers.first?.value
    #expect(array?.location.description == "2:11")
    let items = elements(array)
    #expect(items.map(\.location.description) == ["2:12", "2:15", "2:20"])
    let inner = members(items.last)
    #expect(inner.first?.keyLocation.description == "2:21")
    #expect(inner.first?.value.location.description == "2:26")
    #expect(rootMembers.last?.keyLocation.description == "3:3")
    let number = rootMembers.last?.value
    #expect(number?.location.description == "4:3")
    if case .number(_, let literal)? = number?.value {
      #expect(literal == "-0.5e3")
    } else {
      Issue.record("x is not a number")
    }
  }

  @Test("Columns count scalars: combining marks count separately, emoji count once")
  func scalarColumns() {
    let items = elements(parsed("[\"e\u{301}😀\", 1]"))
    #expect(items.last?.location.description == "1:9")
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
    #expect(error?.location.description == "3:13")
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
    #expect(root?.location.description == "1:1")
    #expect(members(root).first?.keyLocation.description == "1:2")
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

  @Test("Short strings that come back are read as written, however their bytes collide")
  func shortStringsComeBack() throws {
    // A pool of short strings and numbers (the reader keeps the last of those whose bytes
    // hash alike, 256 places for many more), each read many times in a random order: every
    // value is its own, never a neighbour's.
    var random = SplitMix64(seed: 7)
    let alphabet = Array("ab01 é字🙂-.")
    var pool: Set<String> = []
    // Many alike in their first eight bytes, so that some share a place with a string of the
    // same length and start.
    let tails = Array("ab01-.")
    while pool.count < 300 {
      let length = 1 + Int(random.next() % 8)
      pool.insert("ab01 -.a" + String((0..<length).map { _ in tails[Int(random.next() % 6)] }))
    }
    while pool.count < 900 {
      let length = Int(random.next() % 17)
      let characters = (0..<length).map { _ in
        alphabet[Int(random.next() % UInt64(alphabet.count))]
      }
      pool.insert(String(characters))
    }
    let strings = pool.sorted()
    let numbers = (0..<300).map { "\($0 % 2 == 0 ? "-" : "")\($0 * 37 % 1000).\($0 % 7)" }
    var expected: [String] = []
    var items: [String] = []
    for _ in 0..<6000 {
      if random.next() % 4 == 0 {
        let number = numbers[Int(random.next() % UInt64(numbers.count))]
        expected.append(number)
        items.append(number)
      } else {
        let string = strings[Int(random.next() % UInt64(strings.count))]
        expected.append(string)
        items.append("{\"\(string)\": 1}")
      }
    }
    let root = try JSONParser.parse("[" + items.joined(separator: ", ") + "]")
    let read = elements(root).map { node -> String in
      switch node.value {
      case .number(_, let literal): literal
      case .object(let members): members.first?.key ?? "(none)"
      default: "(other)"
      }
    }
    #expect(read.count == expected.count)
    let wrong = zip(read, expected).filter { !sameScalars($0, $1) }
    #expect(wrong.isEmpty, "\(wrong.prefix(3))")
  }

  @Test(
    "The deepest nesting counts the arrays and objects a value is in, itself included",
    arguments: [
      ("0", 0), ("\"[{\"", 0), ("[]", 1), ("{}", 1), ("[[[]]]", 3), ("\u{FEFF}[[]]", 2),
      ("{\"a\": [{\"b\": []}, 1], \"c\": {}}", 4), ("[[], [[[{}]]], []]", 5),
    ])
  func deepestNesting(text: String, deepest: Int) throws {
    #expect(try JSONParser.parse(utf8: Array(text.utf8)).deepestNesting == deepest)
  }

  @Test("Bytes are judged UTF-8 exactly as the standard library judges them")
  func wellFormedUTF8AsTheStandardLibrary() {
    // Runs of ASCII (passed over eight bytes at a time) around the bytes where well-formed
    // sequences end and begin: every lead byte, the edges of each second byte's range,
    // continuation bytes alone, sequences cut short at the end.
    var random = SplitMix64(seed: 11)
    let edges: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
      0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    let scalars = ["é", "字", "🙂", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{10FFFF}"]
      .map { Array($0.utf8) }
    var valid = 0
    for round in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(random.next() % 6) {
        switch random.next() % 4 {
        case 0: bytes += Array(repeating: 0x61, count: Int(random.next() % 12))
        case 1: bytes += scalars[Int(random.next() % UInt64(scalars.count))]
        default: bytes.append(edges[Int(random.next() % UInt64(edges.count))])
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      if expected { valid += 1 }
      #expect(isWellFormedUTF8(bytes) == expected, "round \(round): \(bytes)")
    }
    // Both answers came up often enough to mean something.
    #expect(valid > 2_000 && valid < 18_000)
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
    #expect(lastSize?.location.description == "1:\(expectedColumn)")
    #expect(duration < .seconds(10))
  }
}
