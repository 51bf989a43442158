import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// An object's members, looked up by key.
struct JSONObject {
  let members: [JSONMember]
  /// One bit for each member key's length in UTF-8 (``lengthBit(_:)``), or every bit when a
  /// key is not ASCII: a key whose bit is clear is no member's, which answers most of the 25
  /// keys a widget asks for without comparing a string.
  private let lengthBits: UInt64

  init(members: [JSONMember]) {
    self.members = members
    var bits: UInt64 = 0
    for member in members {
      bits |= isASCII(member.key) ? Self.lengthBit(member.key) : ~0
    }
    lengthBits = bits
  }

  /// The value of the member whose key is `key`, which is ASCII (as every key the parsers
  /// ask for is); nil when there is none.
  func member(_ key: String) -> JSONNode? {
    guard lengthBits & Self.lengthBit(key) != 0 else { return nil }
    // By index, so that only the member found is copied.
    for index in members.indices where members[index].key == key { return members[index].value }
    return nil
  }

  /// The bit that stands for `key`'s length in UTF-8. (`==` compares strings canonically, and
  /// only between ASCII keys does it need the same length: a key with a Kelvin sign equals
  /// one with a `K`.)
  private static func lengthBit(_ key: String) -> UInt64 {
    1 << (UInt64(key.utf8.count) & 63)
  }
}

/// Whether `text` is ASCII, read from its bytes in place.
func isASCII(_ text: String) -> Bool {
  var text = text
  return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
}

/// Reads typed values out of a parsed JSON file, turning every mismatch into a located
/// ``DescriptionError``.
struct DescriptionReader: Sendable {
  /// The file name used in errors.
  let file: String
  /// The parsed document.
  let root: JSONNode
  /// The most arrays and objects a value of the document is nested in, itself included;
  /// `Int.max` when it was not counted.
  let deepestNesting: Int

  /// Reads and parses the file at `path` (`-`: standard input, named `<stdin>`).
  init(path: String) throws(DescriptionError) {
    // Parsed from the bytes checked as UTF-8: a string of them was checked, and copied,
    // again.
    let bytes = try DescriptionFile.utf8(at: path)
    try self.init(utf8: bytes, file: path == DescriptionFile.standardInput ? "<stdin>" : path)
  }

  /// Parses `text`, naming it `file` in errors.
  init(text: String, file: String) throws(DescriptionError) {
    try self.init(utf8: Array(text.utf8), file: file)
  }

  /// Parses `bytes`, which are valid UTF-8, naming them `file` in errors.
  private init(utf8 bytes: [UInt8], file: String) throws(DescriptionError) {
    self.file = file
    do {
      (root, deepestNesting) = try JSONParser.parse(utf8: bytes)
    } catch {
      throw DescriptionError(
        file: file, line: error.location.line, column: error.location.column,
        message: error.message)
    }
  }

  func error(at node: JSONNode, path: String, _ message: String) -> DescriptionError {
    DescriptionError(
      file: file, line: node.location.line, column: node.location.column, keyPath: path,
      message: message)
  }

  func object(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> JSONObject
  {
    guard case .object(let members) = node.value else {
      throw error(at: node, path: path(), "expected an object, found \(node.value.typeName)")
    }
    return JSONObject(members: members)
  }

  /// Rejects keys outside `allowed`, so a misspelt key is an error rather than ignored.
  func checkKeys(_ object: JSONObject, allowed: [String], at path: @autoclosure () -> String)
    throws(DescriptionError)
  {
    try checkKeys(object, allowed: allowed, byLength: nil, at: path())
  }

  /// ``checkKeys(_:allowed:at:)`` with the allowed keys also by their length in UTF-8
  /// (`allowed` names them in an error, in order), for an object with many allowed keys: an
  /// ASCII key is compared only with the allowed keys of its length.
  func checkKeys(
    _ object: JSONObject, allowed: [String], byLength: [[String]]?,
    at path: @autoclosure () -> String
  ) throws(DescriptionError) {
    func isAllowed(_ key: String) -> Bool {
      let length = key.utf8.count
      guard let byLength, isASCII(key) else { return allowed.contains(key) }
      return length < byLength.count && byLength[length].contains(key)
    }
    for member in object.members where !isAllowed(member.key) {
      throw DescriptionError(
        file: file, line: member.keyLocation.line, column: member.keyLocation.column,
        keyPath: Self.join(path(), member.key),
        message: "unknown key \"\(member.key)\"; expected one of \(allowed.joined(separator: ", "))"
      )
    }
  }

  /// A string value, within the bound of its kind (``InputLimits``): every string of a
  /// description is at most a text long, and ids, names and font names at most a name.
  func string(_ node: JSONNode, at path: @autoclosure () -> String, kind: InputLimits.Kind = .text)
    throws(DescriptionError) -> String
  {
    guard case .string(let value) = node.value else {
      throw error(at: node, path: path(), "expected a string, found \(node.value.typeName)")
    }
    if let violation = InputLimits.violation(of: kind, by: value) {
      throw error(at: node, path: path(), violation)
    }
    return value
  }

  func bool(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError) -> Bool {
    guard case .bool(let value) = node.value else {
      throw error(at: node, path: path(), "expected true or false, found \(node.value.typeName)")
    }
    return value
  }

  /// A finite number, positive when `positive` is set, else non-negative when `nonNegative`,
  /// and no larger in magnitude than `atMost`.
  func number(
    _ node: JSONNode, at path: @autoclosure () -> String, positive: Bool = false,
    nonNegative: Bool = false,
    atMost: Double = 1e6
  ) throws(DescriptionError) -> Double {
    guard case .number(let value, _) = node.value else {
      throw error(at: node, path: path(), "expected a number, found \(node.value.typeName)")
    }
    guard abs(value) <= atMost else {
      throw error(
        at: node, path: path(),
        "expected a number of at most \(TextFormat.string(atMost)), found \(TextFormat.string(value))"
      )
    }
    if positive, !(value > 0) {
      throw error(
        at: node, path: path(), "expected a positive number, found \(TextFormat.string(value))")
    }
    if nonNegative, !(value >= 0) {
      throw error(
        at: node, path: path(), "expected a number ≥ 0, found \(TextFormat.string(value))")
    }
    return value
  }

  /// A whole number ≥ 0.
  func count(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError) -> Int {
    let value = try number(node, at: path(), nonNegative: true)
    guard value == value.rounded(), value <= Double(Int32.max) else {
      throw error(
        at: node, path: path(), "expected a whole number ≥ 0, found \(TextFormat.string(value))")
    }
    return Int(value)
  }

  func array(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> [JSONNode]
  {
    guard case .array(let values) = node.value else {
      throw error(at: node, path: path(), "expected an array, found \(node.value.typeName)")
    }
    return values
  }

  /// A BCP 47 language tag.
  func language(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> Language
  {
    let tag = try string(node, at: path())
    do {
      return try Language(tag)
    } catch {
      throw self.error(at: node, path: path(), "expected a BCP 47 language tag: \(error.reason)")
    }
  }

  /// One of the raw values of `Choice`, listing them all when the value is not one.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ node: JSONNode, at path: @autoclosure () -> String, as type: Choice.Type
  ) throws(DescriptionError) -> Choice where Choice.RawValue == String {
    let value = try string(node, at: path())
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw error(at: node, path: path(), "unknown value \"\(value)\"; expected one of \(names)")
    }
    return choice
  }

  /// The screens of a catalog list.
  func screens(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> [Screen]
  {
    var screens: [Screen] = []
    for (index, item) in try array(node, at: path()).enumerated() {
      let itemPath = "\(path())[\(index)]"
      let object = try object(item, at: itemPath)
      try checkKeys(object, allowed: ["name", "width", "height", "scale", "dpi"], at: itemPath)
      func required(_ key: String) throws(DescriptionError) -> JSONNode {
        guard let value = object.member(key) else {
          throw error(at: item, path: itemPath, "missing key \"\(key)\"")
        }
        return value
      }
      let name = try string(required("name"), at: Self.join(itemPath, "name"), kind: .name)
      guard !name.trimmingSpaces().isEmpty else {
        throw error(at: item, path: Self.join(itemPath, "name"), "expected a non-empty name")
      }
      // At least one unit a side and a scale of at least 1/1000: a screen 5e-324 wide made
      // frames of NaN and infinity.
      func side(_ key: String) throws(DescriptionError) -> Double {
        let node = try required(key)
        let value = try number(node, at: Self.join(itemPath, key), positive: true)
        guard value >= Self.smallestScreenSide else {
          throw error(
            at: node, path: Self.join(itemPath, key),
            "expected at least \(TextFormat.string(Self.smallestScreenSide)) unit, found "
              + TextFormat.string(value))
        }
        return value
      }
      let width = try side("width")
      let height = try side("height")
      let scale = try object.member("scale").map { (node) throws(DescriptionError) in
        let value = try number(node, at: Self.join(itemPath, "scale"), positive: true, atMost: 100)
        guard value >= 0.001 else {
          throw error(
            at: node, path: Self.join(itemPath, "scale"),
            "expected a scale of at least 0.001, found \(TextFormat.string(value))")
        }
        return value
      }
      let dpi = try object.member("dpi").map { (node) throws(DescriptionError) in
        try number(node, at: Self.join(itemPath, "dpi"), positive: true, atMost: 10_000)
      }
      screens.append(
        Screen(
          name: name, width: width, height: height, scale: scale ?? 1,
          dpi: dpi ?? Screen.pointsPerInch))
    }
    return screens
  }

  /// A `scalesFrames` value: true or false, or a ``FontFitWidgets/FrameScaling`` name.
  func frameScaling(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> FrameScaling
  {
    switch node.value {
    case .bool(let scales): return scales ? .both : .none
    case .string(let name):
      if let scaling = FrameScaling(rawValue: name) { return scaling }
      throw error(
        at: node, path: path(),
        "expected true, false, \"both\", \"width\", \"uniform\" or \"none\", found "
          + TextFormat.quoted(name))
    default:
      throw error(
        at: node, path: path(),
        "expected true, false, \"both\", \"width\", \"uniform\" or \"none\", found "
          + node.value.typeName)
    }
  }

  /// A `textScale` value.
  ///
  /// A factor (`1.3`), a content size category (`"AX1"`), or an object
  /// `{"scale", "curve", "minimumSize", "maximumSize"}` whose scale is 1 when left out.
  func textScale(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> TextScale
  {
    var scale: (node: JSONNode, path: String)? = (node, path())
    var curve = TextScaleCurve.linear
    var minimum: Double?
    var maximum: Double?
    if case .object = node.value {
      let object = try object(node, at: path())
      try checkKeys(object, allowed: ["scale", "curve", "minimumSize", "maximumSize"], at: path())
      scale = object.member("scale").map { ($0, Self.join(path(), "scale")) }
      if let curveNode = object.member("curve") {
        curve = try choice(curveNode, at: Self.join(path(), "curve"), as: TextScaleCurve.self)
      }
      func size(_ key: String) throws(DescriptionError) -> Double? {
        try object.member(key).map { (item) throws(DescriptionError) in
          try number(
            item, at: Self.join(path(), key), positive: true, atMost: Font.pointSizeRange.upperBound
          )
        }
      }
      minimum = try size("minimumSize")
      maximum = try size("maximumSize")
      if let minimum, let maximum, minimum > maximum, let node = object.member("maximumSize") {
        throw error(
          at: node, path: Self.join(path(), "maximumSize"),
          "expected a maximum size ≥ the minimum size \(TextFormat.string(minimum))")
      }
    }
    guard let scale else {
      return
        (try? TextScale(
          factor: 1, curve: curve, minimumPointSize: minimum, maximumPointSize: maximum))
        ?? .standard
    }
    do throws(TextScaleError) {
      switch scale.node.value {
      case .number(let factor, _):
        return try TextScale(
          factor: factor, curve: curve, minimumPointSize: minimum, maximumPointSize: maximum)
      case .string(let text):
        return try TextScale(
          parsing: text, curve: curve, minimumPointSize: minimum, maximumPointSize: maximum)
      default:
        break
      }
    } catch {
      throw self.error(at: scale.node, path: scale.path, error.description)
    }
    throw error(
      at: scale.node, path: scale.path,
      "expected a number such as 1.3, a content size category such as \"AX1\", or an "
        + "object, found \(scale.node.value.typeName)")
  }

  /// The smallest side a screen may have, in screen units.
  static let smallestScreenSide = 1.0

  /// `path.key`, or `key` at the top.
  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
}
