// Where things are in an XML description file. libxml2 (through CXML's SAX parser) says
// whether a file is well-formed and decodes its attribute values, but reports positions only at
// the end of each start tag; this scanner finds where every start tag, attribute name, attribute
// value and stray text starts, counting columns in Unicode scalars as the JSON parser does.

/// Where one attribute of a start tag is, and its text as written (entities not decoded).
struct XMLAttributeSource {
  /// The attribute's name, such as `font` or `xmlns:tools`.
  var name: String
  /// Where the name starts.
  var nameLocation: SourcePosition
  /// Where the value starts: the first character after the opening quote.
  var valueLocation: SourcePosition
  /// The value between the quotes, exactly as written.
  var raw: String
}

/// Where one start tag is, with its attributes in source order.
struct XMLTagSource {
  /// The element's name.
  var name: String
  /// Where the tag's `<` is.
  var location: SourcePosition
  /// Where the element's name starts, just after the `<`.
  var nameLocation: SourcePosition
  /// The attributes in the order they are written.
  var attributes: [XMLAttributeSource] = []
  /// The first character of text content (not whitespace, not markup) directly inside the
  /// element, if there is one.
  var firstText: SourcePosition?
}

/// What the scanner found: the start tags in document order, and anything in the prolog the
/// reader refuses.
struct XMLSourceMap {
  /// Every start tag, in the order libxml2 reports the elements.
  var tags: [XMLTagSource] = []
  /// Where a `<!DOCTYPE` declaration starts, if the file has one.
  var doctype: SourcePosition?
  /// The encoding the XML declaration names and where its value starts, if it names one
  /// (the first, as libxml2 reads it, when it names several).
  var encoding: (name: String, location: SourcePosition)?
  /// The first processing instruction without data (`<?target?>`), other than an XML
  /// declaration at the very start: its target (at most 40 scalars) and where its `<?` is.
  var processingInstructionWithoutData: (target: String, location: SourcePosition)?
  /// Where the first U+0000 is, if the text has one.
  var nul: SourcePosition?
  /// Where a second byte order mark is, when the text starts with two.
  var secondByteOrderMark: SourcePosition?
  /// The position just after the last character.
  var end = SourcePosition(line: 1, column: 1)
}

/// Finds the positions of tags, attributes and text in an XML source text.
///
/// The scanner trusts libxml2 for well-formedness: on a malformed text it still ends, but what
/// it finds is only meaningful for a text libxml2 accepts. Lines are separated by `\n`, `\r\n`
/// or a lone `\r`; a leading byte order mark is not counted.
struct XMLSourceScanner {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var column = 1
  private var map = XMLSourceMap()
  /// The ordinals of the elements whose start tag has been read but not their end tag.
  private var open: [Int] = []

  /// Creates a scanner of `text`.
  init(text: String) {
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    self.scalars = scalars
  }

  /// Scans the whole text.
  ///
  /// - Parameter text: The file's text.
  /// - Returns: The tags in document order and the prolog's declarations.
  static func scan(_ text: String) -> XMLSourceMap {
    var scanner = XMLSourceScanner(text: text)
    return scanner.scanDocument()
  }

  /// The position of each scalar of `raw`, which starts at `start` in the source.
  ///
  /// - Parameters:
  ///   - raw: Source text, such as an attribute value as written.
  ///   - start: Where its first scalar is.
  /// - Returns: One position per scalar of `raw`.
  static func positions(of raw: String, from start: SourcePosition) -> [SourcePosition] {
    var scanner = XMLSourceScanner(text: "")
    scanner.line = start.line
    scanner.column = start.column
    let scalars = Array(raw.unicodeScalars)
    var positions: [SourcePosition] = []
    positions.reserveCapacity(scalars.count)
    for (offset, scalar) in scalars.enumerated() {
      positions.append(scanner.position)
      scanner.step(over: scalar, next: offset + 1 < scalars.count ? scalars[offset + 1] : nil)
    }
    return positions
  }

  /// Whether `scalar` is XML whitespace: space, tab, line feed or carriage return.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private func starts(with literal: String) -> Bool {
    var offset = 0
    for scalar in literal.unicodeScalars {
      guard peek(offset) == scalar else { return false }
      offset += 1
    }
    return true
  }

  /// Moves the line and column past `scalar`, which `next` follows.
  private mutating func step(over scalar: Unicode.Scalar, next: Unicode.Scalar?) {
    if scalar == "\n" || (scalar == "\r" && next != "\n") {
      line += 1
      column = 1
    } else if scalar != "\r" {
      column += 1
    }
  }

  private mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where index < scalars.count {
      if scalars[index] == "\u{0}", map.nul == nil { map.nul = position }
      step(over: scalars[index], next: peek(1))
      index += 1
    }
  }

  /// Advances past the next `terminator`, or to the end.
  private mutating func skip(past terminator: String) {
    while index < scalars.count, !starts(with: terminator) { advance() }
    advance(terminator.unicodeScalars.count)
  }

  private mutating func skipWhitespace() {
    while let scalar = peek(), Self.isWhitespace(scalar) { advance() }
  }

  /// Reads a name: everything up to whitespace, `=`, `/`, `>` or a quote.
  private mutating func readName() -> String {
    var name = String.UnicodeScalarView()
    while let scalar = peek(), !Self.isWhitespace(scalar),
      !["=", "/", ">", "\"", "'", "<"].contains(scalar)
    {
      name.append(scalar)
      advance()
    }
    return String(name)
  }

  private mutating func noteText(at location: SourcePosition) {
    guard let ordinal = open.last, map.tags[ordinal].firstText == nil else { return }
    map.tags[ordinal].firstText = location
  }

  private mutating func scanDocument() -> XMLSourceMap {
    if peek() == "\u{FEFF}" { map.secondByteOrderMark = position }
    while let scalar = peek() {
      if scalar != "<" {
        if !Self.isWhitespace(scalar) { noteText(at: position) }
        advance()
      } else if starts(with: "<?") {
        scanProcessingInstruction()
      } else if starts(with: "<!--") {
        skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        advance(9)
        while index < scalars.count, !starts(with: "]]>") {
          if let scalar = peek(), !Self.isWhitespace(scalar) { noteText(at: position) }
          advance()
        }
        advance(3)
      } else if starts(with: "<!DOCTYPE") {
        map.doctype = position
        break
      } else if starts(with: "</") {
        skip(past: ">")
        _ = open.popLast()
      } else {
        scanStartTag()
      }
    }
    map.end = position
    return map
  }

  /// Reads `<?…?>`, noting the encoding an XML declaration names, or the target of a
  /// processing instruction without data.
  private mutating func scanProcessingInstruction() {
    let isDeclaration =
      index == 0 && starts(with: "<?xml") && peek(5).map(Self.isWhitespace) == true
    guard isDeclaration else {
      var target = String.UnicodeScalarView()
      var offset = 2
      while let scalar = peek(offset), !Self.isWhitespace(scalar),
        scalar != "?" || peek(offset + 1) != ">"
      {
        if target.count < 40 { target.append(scalar) }
        offset += 1
      }
      // Only an instruction whose target ends at `?>` has no data at all.
      let hasNoData = peek(offset) == "?" && peek(offset + 1) == ">"
      if hasNoData, map.processingInstructionWithoutData == nil {
        map.processingInstructionWithoutData = (String(target), position)
      }
      return skip(past: "?>")
    }
    advance(5)
    while index < scalars.count, !starts(with: "?>") {
      skipWhitespace()
      let name = readName()
      skipWhitespace()
      guard name != "", peek() == "=" else { break }
      advance()
      skipWhitespace()
      guard let quote = peek(), quote == "\"" || quote == "'" else { break }
      advance()
      let location = position
      var value = String.UnicodeScalarView()
      while let scalar = peek(), scalar != quote {
        value.append(scalar)
        advance()
      }
      advance()
      if name == "encoding", map.encoding == nil { map.encoding = (String(value), location) }
    }
    skip(past: "?>")
  }

  private mutating func scanStartTag() {
    let location = position
    advance()
    let nameLocation = position
    var tag = XMLTagSource(name: readName(), location: location, nameLocation: nameLocation)
    var selfClosing = false
    while let scalar = peek() {
      if scalar == ">" {
        advance()
        break
      }
      if scalar == "/" {
        selfClosing = true
        advance()
        continue
      }
      if Self.isWhitespace(scalar) {
        skipWhitespace()
        continue
      }
      let attributeLocation = position
      let name = readName()
      skipWhitespace()
      guard !name.isEmpty, peek() == "=" else {
        if name.isEmpty { advance() }
        continue
      }
      advance()
      skipWhitespace()
      guard let quote = peek(), quote == "\"" || quote == "'" else { continue }
      advance()
      let valueLocation = position
      var raw = String.UnicodeScalarView()
      while let scalar = peek(), scalar != quote {
        raw.append(scalar)
        advance()
      }
      advance()
      tag.attributes.append(
        XMLAttributeSource(
          name: name, nameLocation: attributeLocation, valueLocation: valueLocation,
          raw: String(raw)))
    }
    map.tags.append(tag)
    if !selfClosing { open.append(map.tags.count - 1) }
  }
}
