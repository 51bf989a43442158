import FontFitDescription
import TestSupport
import Testing

/// Every value of `node` with its location, keys and their locations, in order: two parses
/// that write the same are the same.
private func written(_ node: JSONNode) -> String {
  var text = ""
  func write(_ node: JSONNode) {
    text += "@\(node.location) "
    switch node.value {
    case .null: text += "null"
    case .bool(let value): text += "\(value)"
    case .number(let value, let literal): text += "\(literal)=\(value)"
    case .string(let string):
      text += string.unicodeScalars.map { "\($0.value)" }.joined(separator: ".")
    case .array(let elements):
      text += "[\(elements.count) "
      for element in elements {
        write(element)
        text += ", "
      }
      text += "]"
    case .object(let members):
      text += "{"
      for member in members {
        text += "\(member.key.unicodeScalars.map { "\($0.value)" })@\(member.keyLocation): "
        write(member.value)
        text += ", "
      }
      text += "}"
    }
  }
  write(node)
  return text
}

/// The outcome of parsing `bytes` by `rule`: the values written, or the error.
private func outcome(_ bytes: [UInt8], _ rule: JSONSplitRule) -> String {
  do {
    let (root, deepest) = try JSONParser.parse(utf8: bytes, splitting: rule)
    return "deepest \(deepest): " + written(root)
  } catch {
    return "error: \(error)"
  }
}

/// A random JSON value: strings with escapes, quotes, brackets, commas and non-ASCII
/// characters inside, numbers, literals, nested arrays and objects, line breaks of every
/// kind between tokens.
private func randomValue(_ random: inout SplitMix64, depth: Int) -> String {
  func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
  let space = pick([" ", "", "\n", "\r\n", "\r", "\t ", "\n  "])
  switch random.next() % (depth > 3 ? 3 : 6) {
  case 0:
    let pieces = [
      "a", "é", "字", "🙂", "\\\"", "\\\\", "\\n", "\\u00e9", "[", "]", "{", "}", ",", ":", "\\/",
      "0123456789", " ",
    ]
    return "\"" + (0..<Int(random.next() % 12)).map { _ in pick(pieces) }.joined() + "\""
  case 1: return pick(["0", "-1.5", "12", "3e2", "-0.25E-1", "1024"])
  case 2: return pick(["true", "false", "null"])
  case 3, 4:
    let count = Int(random.next() % 4)
    let items = (0..<count).map { _ in randomValue(&random, depth: depth + 1) }
    return "[" + space + items.joined(separator: "," + space) + "]"
  default:
    let count = Int(random.next() % 4)
    let items = (0..<count).map { index in
      "\"k\(index)\"" + space + ":" + randomValue(&random, depth: depth + 1)
    }
    return "{" + items.joined(separator: "," + space) + space + "}"
  }
}

/// A document whose largest array (of `count` random elements) is inside an object, with
/// other arrays around it.
private func randomDocument(_ random: inout SplitMix64, count: Int) -> [UInt8] {
  let elements = (0..<count).map { _ in randomValue(&random, depth: 2) }
  let breaks = [",", ",\n", ", ", ",\r\n  ", ",\r"]
  var array = "["
  for (index, element) in elements.enumerated() {
    if index > 0 { array += breaks[Int(random.next() % UInt64(breaks.count))] }
    array += element
  }
  array += "]"
  let bom = random.next() % 4 == 0 ? "\u{FEFF}" : ""
  return Array(
    (bom + "{\"before\": [1, [2, 3], {\"x\": \"],[\"}],\n \"items\": \(array),\r\n \"after\": "
      + "[true, \"é\"]}").utf8)
}

@Suite("JSON arrays read on all cores")
struct JSONSplitTests {
  /// Arrays of any size split into runs, as many as the test asks, on any document.
  static let rules = [2, 3, 7, 40].map {
    JSONSplitRule(minimumBytes: 0, minimumElements: 2, runs: $0)
  }

  @Test(
    "A large array read in runs on all cores reads as on one thread: values, locations, nesting"
  )
  func runsReadAsOneThread() {
    var random = SplitMix64(seed: 21)
    for round in 0..<60 {
      let bytes = randomDocument(&random, count: 1 + Int(random.next() % 200))
      let serial = outcome(bytes, .never)
      #expect(serial.hasPrefix("deepest"), "round \(round): the document is JSON")
      for rule in Self.rules {
        #expect(outcome(bytes, rule) == serial, "round \(round), \(rule.runs) runs")
      }
    }
  }

  @Test("A document that is not JSON gives the error one thread finds, wherever it is broken")
  func brokenDocumentsFailAsOneThread() {
    var random = SplitMix64(seed: 22)
    let breakers: [[UInt8]] = [
      [UInt8(ascii: "\"")], [UInt8(ascii: "[")], [UInt8(ascii: "]")], [UInt8(ascii: "{")],
      [UInt8(ascii: "}")], [UInt8(ascii: ",")], [UInt8(ascii: "\\")], [UInt8(ascii: ":")],
      [0x0A], [0x0D], [0x01], Array(",,".utf8), [],
    ]
    var failures = 0
    for round in 0..<300 {
      var bytes = randomDocument(&random, count: 2 + Int(random.next() % 60))
      // One byte replaced, inserted or deleted, anywhere.
      let place = Int(random.next() % UInt64(bytes.count))
      let breaker = breakers[Int(random.next() % UInt64(breakers.count))]
      if random.next() % 2 == 0 {
        bytes.replaceSubrange(place..<place + 1, with: breaker)
      } else {
        bytes.insert(contentsOf: breaker, at: place)
      }
      // Still UTF-8, as every reader's input is (a cut sequence is made a replacement).
      bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
      let serial = outcome(bytes, .never)
      if serial.hasPrefix("error") { failures += 1 }
      for rule in Self.rules {
        #expect(outcome(bytes, rule) == serial, "round \(round), \(rule.runs) runs")
      }
    }
    // Most broken documents failed, so the errors were compared.
    #expect(failures > 150)
  }

  @Test("Nesting past the limit inside a split array is the error one thread finds")
  func deepElementsFailAsOneThread() {
    let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    let items = (0..<10).map { $0 == 6 ? deep : "[\($0)]" }.joined(separator: ",")
    let bytes = Array("{\"a\": [\(items)]}".utf8)
    let serial = outcome(bytes, .never)
    #expect(serial.contains("nesting deeper than 512 levels"))
    for rule in Self.rules { #expect(outcome(bytes, rule) == serial) }
  }
}
