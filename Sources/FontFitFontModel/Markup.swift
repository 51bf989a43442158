// Pango markup: `<b>`, `<big>`, `<i>`, `<s>`, `<sub>`, `<sup>`, `<small>`, `<tt>`, `<u>` and
// `<span …>`, read as Pango's markup parser reads them (pango-markup.c), into a StyledText.

import FontFitText

/// Where a markup text is malformed, and what was expected there.
public struct MarkupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The UTF-8 offset in the markup of the tag, attribute or value at fault.
  public var offset: Int
  /// The line of the markup it is on, from 1.
  public var line: Int
  /// Its column on that line, in characters, from 1.
  public var column: Int
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(offset: Int, line: Int, column: Int, message: String) {
    self.offset = offset
    self.line = line
    self.column = column
    self.message = message
  }

  /// The place in the markup and the message.
  public var description: String {
    let place = line == 1 ? "offset \(offset)" : "offset \(offset) (line \(line):\(column))"
    return "at \(place) of the markup: \(message)"
  }
}

/// Reads and writes Pango markup.
public enum Markup {
  /// The tags markup may use, as Pango names them.
  public static let tags = [
    "b", "big", "i", "s", "sub", "sup", "small", "tt", "u", "span", "markup",
  ]

  /// The styled text `markup` describes.
  ///
  /// Sizes follow Pango: `<big>`, `<small>`, `size="larger"` and `"smaller"` step by 1.2 from
  /// the size around them; `xx-small` … `xx-large` and percentages are multiples of the
  /// text's size; `"14pt"` (or a number of 1/1024 points) is absolute. `<tt>` sets the family
  /// `Monospace`; `<sub>` and `<sup>` scale and shift by the font's own metrics.
  ///
  /// - Throws: ``MarkupError`` at the first unknown or unclosed tag, unknown attribute or
  ///   bad value, with its offset and what was expected.
  public static func parse(_ markup: String) throws(MarkupError) -> StyledText {
    var reader = MarkupReader(markup)
    let locator = reader.locator
    var builder = StyleBuilder()
    try reader.read(
      text: { bytes, _ in builder.append(bytes) },
      open: { (tag) throws(MarkupError) in try builder.open(tag, reader: locator) },
      close: { builder.close() })
    return builder.finish()
  }

  /// `text` with its markup characters escaped (`&`, `<`, `>`, quotes), so it reads as plain
  /// text in markup.
  public static func escape(_ text: some StringProtocol) -> String {
    // Scalar by scalar: a `<` followed by a combining mark is one Character, but still a tag
    // opener to the parser.
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;".unicodeScalars
      case "<": result += "&lt;".unicodeScalars
      case ">": result += "&gt;".unicodeScalars
      case "\"": result += "&quot;".unicodeScalars
      case "'": result += "&apos;".unicodeScalars
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// `markup` with every stretch of its text replaced by `transform` of it, the tags kept as
  /// written: what pseudo-localisation does to a translated string that carries markup.
  ///
  /// - Throws: ``MarkupError`` when `markup` is malformed, as ``parse(_:)`` does.
  public static func mapText(_ markup: String, _ transform: (String) -> String)
    throws(MarkupError) -> String
  {
    _ = try parse(markup)
    var reader = MarkupReader(markup)
    var result = ""
    var last = 0
    let bytes = Array(markup.utf8)
    try reader.read(
      text: { decoded, raw in
        if raw.lowerBound > last {
          result += String(decoding: bytes[last..<raw.lowerBound], as: UTF8.self)
        }
        result += escape(transform(String(decoding: decoded, as: UTF8.self)))
        last = raw.upperBound
      },
      open: { _ in }, close: {})
    if last < bytes.count { result += String(decoding: bytes[last...], as: UTF8.self) }
    return result
  }
}

/// One start tag as read: its name, where it starts, and its attributes.
struct MarkupTag {
  /// The element name.
  var name: String
  /// The UTF-8 offset of its `<`.
  var offset: Int
  /// Its attributes in order: name, value (entities replaced), and the offsets of name and
  /// value.
  var attributes: [(name: String, value: String, nameOffset: Int, valueOffset: Int)]
}

/// Turns offsets in a markup text into located errors.
struct MarkupLocator {
  let bytes: [UInt8]

  /// The error at `offset`, with its line and column.
  func error(at offset: Int, _ message: String) -> MarkupError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return MarkupError(offset: offset, line: line, column: column, message: message)
  }
}

/// Lexes markup: text (entities replaced), start and end tags, comments, CDATA.
struct MarkupReader {
  private let bytes: [UInt8]
  private var position = 0
  /// The open elements' names and offsets.
  private var open: [(name: String, offset: Int)] = []
  /// Locates errors in the same bytes.
  let locator: MarkupLocator

  init(_ markup: String) {
    bytes = Array(markup.utf8)
    locator = MarkupLocator(bytes: bytes)
  }

  private func error(at offset: Int, _ message: String) -> MarkupError {
    locator.error(at: offset, message)
  }

  /// Reads the whole markup, calling `text` with each stretch of text (decoded, and the raw
  /// range it came from), `open` with each start tag and `close` at each end tag.
  mutating func read(
    text: ([UInt8], Range<Int>) -> Void, open: (MarkupTag) throws(MarkupError) -> Void,
    close: () -> Void
  ) throws(MarkupError) {
    var chunk: [UInt8] = []
    var chunkStart = 0
    func flush(_ end: Int) {
      if end > chunkStart { text(chunk, chunkStart..<end) }
      chunk.removeAll(keepingCapacity: true)
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "&") {
        chunk += try entity()
        continue
      }
      guard byte == UInt8(ascii: "<") else {
        chunk.append(byte)
        position += 1
        continue
      }
      if starts(with: "<![CDATA[") {
        let start = position
        guard let end = find("]]>", from: position + 9) else {
          throw error(at: start, "a CDATA section is never closed; expected ]]>")
        }
        chunk += bytes[(position + 9)..<end]
        position = end + 3
        continue
      }
      flush(position)
      if starts(with: "<!--") {
        guard let end = find("-->", from: position + 4) else {
          throw error(at: position, "a comment is never closed; expected -->")
        }
        position = end + 3
      } else if starts(with: "<?") {
        guard let end = find("?>", from: position + 2) else {
          throw error(at: position, "a processing instruction is never closed; expected ?>")
        }
        position = end + 2
      } else if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
        try endTag()
        close()
      } else {
        let (tag, isEmpty) = try startTag()
        try open(tag)
        if isEmpty {
          close()
        } else {
          self.open.append((tag.name, tag.offset))
        }
      }
      chunkStart = position
    }
    flush(position)
    if let unclosed = self.open.last {
      throw error(
        at: unclosed.offset,
        "<\(unclosed.name)> is never closed; expected </\(unclosed.name)> before the end")
    }
  }

  private func starts(with prefix: String) -> Bool {
    let prefix = Array(prefix.utf8)
    return bytes.count - position >= prefix.count
      && Array(bytes[position..<(position + prefix.count)]) == prefix
  }

  private func find(_ needle: String, from start: Int) -> Int? {
    let needle = Array(needle.utf8)
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Reads `&…;` at the position.
  private mutating func entity() throws(MarkupError) -> [UInt8] {
    let start = position
    var end = position + 1
    while end < bytes.count, end - start < 64, bytes[end] != UInt8(ascii: ";") { end += 1 }
    let expected =
      "expected an entity (&amp; &lt; &gt; &quot; &apos; or a character reference such as "
      + "&#8364;); write a lone & as &amp;"
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw error(at: start, expected)
    }
    let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    position = end + 1
    switch name {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    var value: UInt32?
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      value = UInt32(name.dropFirst(2), radix: 16)
    } else if name.hasPrefix("#") {
      value = UInt32(name.dropFirst(), radix: 10)
    }
    guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
      throw error(at: start, expected)
    }
    return Array(String(Character(scalar)).utf8)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: ":"), UInt8(ascii: "."):
      true
    default: byte >= 0x80
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipSpaces() {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
  }

  private mutating func name() -> String {
    let start = position
    while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// Reads `<name attr="value" …>` or `<name …/>`.
  private mutating func startTag() throws(MarkupError) -> (MarkupTag, isEmpty: Bool) {
    let start = position
    position += 1
    let name = name()
    guard !name.isEmpty else {
      throw error(at: start, "expected a tag name after <; write a lone < as &lt;")
    }
    var tag = MarkupTag(name: name, offset: start, attributes: [])
    while true {
      let beforeSpace = position
      skipSpaces()
      guard position < bytes.count else {
        throw error(at: start, "<\(name) is never ended; expected >")
      }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        return (tag, false)
      }
      if bytes[position] == UInt8(ascii: "/") {
        guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
          throw error(at: position, "expected /> or >")
        }
        position += 2
        return (tag, true)
      }
      let nameOffset = position
      let attribute = self.name()
      guard !attribute.isEmpty, position > beforeSpace else {
        throw error(at: position, "expected an attribute name, > or /> in <\(name)>")
      }
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw error(at: nameOffset, "expected = and a quoted value after \(attribute)")
      }
      position += 1
      skipSpaces()
      guard position < bytes.count,
        bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else {
        throw error(at: position, "expected a value in quotes for \(attribute)")
      }
      let quote = bytes[position]
      let valueOffset = position
      position += 1
      var value: [UInt8] = []
      while position < bytes.count, bytes[position] != quote {
        if bytes[position] == UInt8(ascii: "&") {
          value += try entity()
        } else if bytes[position] == UInt8(ascii: "<") {
          throw error(
            at: position,
            "a < in the value of \(attribute): is its closing quote missing? (write a < in a "
              + "value as &lt;)")
        } else {
          value.append(bytes[position])
          position += 1
        }
      }
      guard position < bytes.count else {
        throw error(at: valueOffset, "the value of \(attribute) is never closed by its quote")
      }
      position += 1
      if tag.attributes.contains(where: { $0.name == attribute }) {
        throw error(at: nameOffset, "\(attribute) appears twice in <\(name)>; it may once")
      }
      tag.attributes.append(
        (attribute, String(decoding: value, as: UTF8.self), nameOffset, valueOffset))
    }
  }

  /// Reads `</name>` and checks it closes the innermost open element.
  private mutating func endTag() throws(MarkupError) {
    let start = position
    position += 2
    let name = name()
    skipSpaces()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
      throw error(at: start, "expected > to end </\(name)")
    }
    position += 1
    guard let innermost = open.last else {
      throw error(at: start, "</\(name)> closes nothing: no element is open")
    }
    guard innermost.name == name else {
      throw error(
        at: start,
        "</\(name)> closes <\(innermost.name)> opened at offset \(innermost.offset); "
          + "expected </\(innermost.name)>")
    }
    open.removeLast()
  }
}

/// Builds a styled text from the tags' styles as the reader meets them.
private struct StyleBuilder {
  /// One open element: its style, and the size state Pango keeps per open tag.
  struct Open {
    var style: TextStyle
    var size: SizeState
  }

  /// Pango's per-tag size state (pango-markup.c's `OpenTag`): an absolute base size or a
  /// base scale, and a number of 1.2 steps from it; and the size and scale attributes that
  /// cover the tag's text.
  ///
  /// Pango keeps an absolute size and a scale as two attributes, the innermost of each
  /// applying, and multiplies them: `<big><span size="14pt">` is 14pt × 1.2. A tag's own
  /// attributes win over the one it makes when it closes from its steps.
  struct SizeState {
    /// The base scale (`base_scale_factor`).
    var baseScale = 1.0
    /// The absolute base size, when one is set (`base_font_size`).
    var basePoints: Double?
    /// The 1.2 steps from the base (`scale_level`).
    var level = 0
    /// This tag's own steps (`scale_level_delta`).
    var delta = 0
    /// The absolute size this tag sets itself.
    var ownPoints: Double?
    /// The scale this tag sets itself.
    var ownScale: Double?
    /// The innermost absolute size over the text, from outer tags.
    var sizeAttribute: Double?
    /// The innermost scale over the text, from outer tags.
    var scaleAttribute: Double?

    /// The state a child tag starts from.
    var inherited: SizeState {
      var child = self
      child.delta = 0
      child.ownPoints = nil
      child.ownScale = nil
      return child
    }

    /// Sets an absolute base size, as Pango's `open_tag_set_absolute_font_size`.
    mutating func setAbsolute(points: Double) {
      basePoints = points
      level = 0
      delta = 0
      ownPoints = points
    }

    /// Sets a base scale, as Pango's `open_tag_set_absolute_font_scale`.
    mutating func setAbsolute(scale: Double) {
      baseScale = scale
      basePoints = nil
      level = 0
      delta = 0
      ownScale = scale
    }

    /// Takes the attributes this tag applies to its text: its own, else the one its steps
    /// make, else those around it.
    mutating func resolve() {
      var stepSize: Double?
      var stepScale: Double?
      if delta != 0 {
        let factor = Self.factor(level)
        if let basePoints { stepSize = basePoints * factor } else { stepScale = baseScale * factor }
      }
      sizeAttribute = ownPoints ?? stepSize ?? sizeAttribute
      scaleAttribute = ownScale ?? stepScale ?? scaleAttribute
    }

    /// The size of the tag's text.
    var size: SpanSize? {
      if let sizeAttribute { return .points(sizeAttribute * (scaleAttribute ?? 1)) }
      return scaleAttribute.map(SpanSize.relative)
    }

    /// 1.2 to the power `level`, by repeated multiplication as Pango computes it.
    static func factor(_ level: Int) -> Double {
      var factor = 1.0
      for _ in 0..<min(abs(level), 10_000) { factor *= 1.2 }
      return level < 0 ? 1 / factor : factor
    }
  }

  private var bytes: [UInt8] = []
  private var runs: [StyleRun] = []
  private var runStart = 0
  private var stack: [Open] = []

  private var current: TextStyle { stack.last?.style ?? TextStyle() }

  mutating func append(_ text: [UInt8]) {
    bytes += text
  }

  private mutating func endRun() {
    if bytes.count > runStart {
      runs.append(StyleRun(range: runStart..<bytes.count, style: current))
    }
    runStart = bytes.count
  }

  mutating func open(_ tag: MarkupTag, reader: MarkupLocator) throws(MarkupError) {
    endRun()
    var element = stack.last ?? Open(style: TextStyle(), size: SizeState())
    element.size = element.size.inherited
    func noAttributes() throws(MarkupError) {
      if let first = tag.attributes.first {
        throw reader.error(
          at: first.nameOffset, "<\(tag.name)> takes no attributes; use <span \(first.name)=…>")
      }
    }
    switch tag.name {
    case "b":
      try noAttributes()
      element.style.weight = .bold
    case "i":
      try noAttributes()
      element.style.slant = .italic
    case "s":
      try noAttributes()
      element.style.strikethrough = true
    case "u":
      try noAttributes()
      element.style.underline = .single
    case "tt":
      try noAttributes()
      element.style.families = ["Monospace"]
    case "big", "small":
      try noAttributes()
      let step = tag.name == "big" ? 1 : -1
      element.size.level += step
      element.size.delta += step
    case "sub", "sup":
      try noAttributes()
      let position: ScriptPosition = tag.name == "sub" ? .subscript : .superscript
      element.style.fontScales.append(position)
      element.style.baselineShifts.append(position == .subscript ? .subscript : .superscript)
    case "markup":
      try noAttributes()
    case "span":
      var span = SpanAttributes(reader: reader)
      try span.apply(tag, to: &element)
    default:
      throw reader.error(
        at: tag.offset,
        "unknown tag <\(tag.name)>; expected one of "
          + Markup.tags.map { "<\($0)>" }.joined(separator: ", "))
    }
    element.size.resolve()
    element.style.size = element.size.size
    try Self.checkSize(element.style.size, of: tag, reader: reader)
    stack.append(element)
  }

  /// Refuses a size nesting has taken out of reach: more than 1,000 times the text's, or
  /// under a thousandth, or points outside what a font may have.
  static func checkSize(_ size: SpanSize?, of tag: MarkupTag, reader: MarkupLocator)
    throws(MarkupError)
  {
    switch size {
    case .relative(let factor)? where !(0.001...1000).contains(factor):
      throw reader.error(
        at: tag.offset,
        "<\(tag.name)> makes its text \(TextFormat.string(factor, fractionDigits: 3))× the text's size; sizes "
          + "nest to at most 1000× and at least 0.001×")
    case .points(let points)? where !Font.pointSizeRange.contains(points):
      throw reader.error(
        at: tag.offset,
        "<\(tag.name)> makes its text \(TextFormat.string(points, fractionDigits: 3))pt; sizes nest to "
          + "\(TextFormat.string(Font.pointSizeRange.lowerBound))pt to "
          + "\(TextFormat.string(Font.pointSizeRange.upperBound))pt")
    default: break
    }
  }

  mutating func close() {
    endRun()
    stack.removeLast()
  }

  mutating func finish() -> StyledText {
    endRun()
    let text = String(decoding: bytes, as: UTF8.self)
    // Runs are built in order from whole characters (tags sit between them), so the check
    // cannot fail; an unexpected failure keeps the text whole in the base style.
    return (try? StyledText(text: text, runs: runs)) ?? StyledText(text)
  }

  /// The attributes of `<span>`, read as Pango reads them.
  struct SpanAttributes {
    let reader: MarkupLocator

    typealias Attribute = (name: String, value: String, nameOffset: Int, valueOffset: Int)

    /// Spellings Pango accepts for each attribute, by canonical name.
    static let aliases: [String: String] = [
      "font": "font_desc", "font_desc": "font_desc", "face": "font_family",
      "font_family": "font_family", "size": "size", "font_size": "size", "style": "style",
      "font_style": "style", "weight": "weight", "font_weight": "weight", "variant": "variant",
      "font_variant": "variant", "stretch": "stretch", "font_stretch": "stretch",
      "foreground": "foreground", "fgcolor": "foreground", "color": "foreground",
      "background": "background", "bgcolor": "background", "alpha": "alpha",
      "fgalpha": "alpha", "background_alpha": "bgalpha", "bgalpha": "bgalpha",
      "underline": "underline", "underline_color": "underline_color",
      "strikethrough": "strikethrough", "strikethrough_color": "strikethrough_color",
      "rise": "rise", "baseline_shift": "baseline_shift", "font_scale": "font_scale",
      "letter_spacing": "letter_spacing", "lang": "lang",
    ]

    /// Pango's span attributes that FontFit does not lay out, which are refused rather than
    /// ignored.
    static let unsupported: Set<String> = [
      "fallback", "gravity", "gravity_hint", "font_features", "allow_breaks",
      "insert_hyphens", "show", "line_height", "text_transform", "segment", "overline",
      "overline_color", "width", "font_width",
    ]

    mutating func apply(_ tag: MarkupTag, to element: inout Open) throws(MarkupError) {
      var byName: [String: Attribute] = [:]
      for attribute in tag.attributes {
        if Self.unsupported.contains(attribute.name) {
          throw reader.error(
            at: attribute.nameOffset,
            "<span \(attribute.name)> is Pango's but FontFit does not lay it out; "
              + "remove it")
        }
        guard let canonical = Self.aliases[attribute.name] else {
          throw reader.error(
            at: attribute.nameOffset,
            "unknown attribute \(attribute.name) on <span>; expected one of "
              + Self.aliases.keys.sorted().joined(separator: ", "))
        }
        if byName[canonical] != nil {
          throw reader.error(
            at: attribute.nameOffset,
            "\(attribute.name) sets what another attribute of this <span> already sets")
        }
        byName[canonical] = attribute
      }
      // The description first, then the attributes that refine it, as Pango applies them.
      if let desc = byName["font_desc"] { try fontDescription(desc, into: &element) }
      if let family = byName["font_family"] {
        let families = family.value.split(separator: ",").map {
          $0.trimmingSpaces()
        }.filter { !$0.isEmpty }
        guard !families.isEmpty else {
          throw reader.error(at: family.valueOffset, "expected a family name")
        }
        element.style.families = families
      }
      if let size = byName["size"] { try self.size(size, into: &element.size) }
      if let style = byName["style"] {
        switch style.value {
        case "normal": element.style.slant = .roman
        case "italic": element.style.slant = .italic
        case "oblique": element.style.slant = .oblique
        default:
          throw reader.error(
            at: style.valueOffset,
            "style \"\(style.value)\" is not a style; expected normal, oblique or italic")
        }
      }
      if let weight = byName["weight"] {
        if let named = FontWeight.named(weight.value) {
          element.style.weight = named
        } else if let number = Double(weight.value), (1...1000).contains(number) {
          element.style.weight = FontWeight(number)
        } else {
          throw reader.error(
            at: weight.valueOffset,
            "weight \"\(weight.value)\" is not a weight; expected a name such as light, "
              + "bold or ultrabold, or a number from 1 to 1000")
        }
      }
      if let variant = byName["variant"], variant.value != "normal" {
        throw reader.error(
          at: variant.valueOffset,
          "variant \"\(variant.value)\": FontFit lays out only variant=\"normal\"")
      }
      if let stretch = byName["stretch"], stretch.value != "normal" {
        throw reader.error(
          at: stretch.valueOffset,
          "stretch \"\(stretch.value)\": FontFit lays out only stretch=\"normal\"")
      }
      if let color = byName["foreground"] {
        element.style.foreground = try self.color(color)
      }
      if let color = byName["background"] {
        element.style.background = try self.color(color)
      }
      if let alpha = byName["alpha"] { element.style.foregroundAlpha = try self.alpha(alpha) }
      if let alpha = byName["bgalpha"] { element.style.backgroundAlpha = try self.alpha(alpha) }
      if let underline = byName["underline"] {
        // Pango's "-line" styles draw one line across runs; here every run's line meets.
        switch underline.value {
        case "none": element.style.underline = nil
        case "single-line": element.style.underline = .single
        case "double-line": element.style.underline = .double
        case "error-line": element.style.underline = .error
        default:
          guard let style = Underline(rawValue: underline.value) else {
            throw reader.error(
              at: underline.valueOffset,
              "underline \"\(underline.value)\" is not an underline; expected none, single, "
                + "double, low, error, single-line, double-line or error-line")
          }
          element.style.underline = style
        }
      }
      if let color = byName["underline_color"] {
        element.style.underlineColor = try self.color(color)
      }
      if let strike = byName["strikethrough"] {
        switch strike.value {
        case "true", "yes", "t", "y", "1": element.style.strikethrough = true
        case "false", "no", "f", "n", "0": element.style.strikethrough = false
        default:
          throw reader.error(
            at: strike.valueOffset,
            "strikethrough \"\(strike.value)\" is not a boolean; expected true or false")
        }
      }
      if let color = byName["strikethrough_color"] {
        element.style.strikethroughColor = try self.color(color)
      }
      if let rise = byName["rise"] {
        element.style.rise = try length(rise, allowsNegative: true)
      }
      if let shift = byName["baseline_shift"] {
        switch shift.value {
        case "none": element.style.baselineShifts = []
        case "superscript": element.style.baselineShifts.append(.superscript)
        case "subscript": element.style.baselineShifts.append(.subscript)
        default:
          element.style.baselineShifts.append(
            .points(try length(shift, allowsNegative: true)))
        }
      }
      if let spacing = byName["letter_spacing"] {
        element.style.letterSpacing = try length(spacing, allowsNegative: true)
      }
      if let scale = byName["font_scale"] {
        switch scale.value {
        case "none": element.style.fontScales = []
        case "superscript": element.style.fontScales.append(.superscript)
        case "subscript": element.style.fontScales.append(.subscript)
        default:
          throw reader.error(
            at: scale.valueOffset,
            "font_scale \"\(scale.value)\" is not a scale FontFit lays out; expected none, "
              + "superscript or subscript")
        }
      }
      if let lang = byName["lang"] {
        do {
          element.style.language = try Language(lang.value)
        } catch {
          throw reader.error(at: lang.valueOffset, "lang: \(error.reason)")
        }
      }
    }

    private func fontDescription(_ attribute: Attribute, into element: inout Open)
      throws(MarkupError)
    {
      if try styleWords(attribute, into: &element) { return }
      var hasSize = true
      let font: Font
      do {
        font = try Font(attribute.value)
      } catch {
        do {
          font = try Font(attribute.value, defaultPointSize: 1)
          hasSize = false
        } catch {
          throw reader.error(at: attribute.valueOffset, "font_desc: \(error.message)")
        }
      }
      if !font.families.isEmpty { element.style.families = font.families }
      element.style.weight = font.weight
      element.style.slant = font.slant
      if hasSize {
        guard !font.isPixelSize else {
          throw reader.error(
            at: attribute.valueOffset, "font_desc: a size in pixels; give it in points")
        }
        element.size.setAbsolute(points: font.pointSize)
      }
    }

    /// Reads a description without a family, as Pango reads `font="Bold"` or `font="12"`:
    /// style words and a size only; false when it names a family.
    private func styleWords(_ attribute: Attribute, into element: inout Open)
      throws(MarkupError) -> Bool
    {
      var weight: FontWeight?
      var slant: FontSlant?
      var points: Double?
      for word in attribute.value.split(whereSeparator: { $0 == " " || $0 == "," }) {
        if let named = FontWeight.named(word) {
          weight = named
        } else if let named = FontSlant.named(word) {
          slant = named
        } else if word.lowercased() == "normal" || word.lowercased() == "roman" {
          slant = .roman
        } else if let number = Double(word.hasSuffix("pt") ? word.dropLast(2) : word[...]),
          number.isFinite, number > 0
        {
          points = number
        } else {
          return false
        }
      }
      guard weight != nil || slant != nil || points != nil else { return false }
      if let weight { element.style.weight = weight }
      if let slant { element.style.slant = slant }
      if let points {
        guard Font.pointSizeRange.contains(points) else {
          throw reader.error(at: attribute.valueOffset, "font_desc: the size is out of range")
        }
        element.size.setAbsolute(points: points)
      }
      return true
    }

    private func size(_ attribute: Attribute, into state: inout SizeState) throws(MarkupError) {
      let value = attribute.value
      let named: [String: Int] = [
        "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2,
        "xx-large": 3,
      ]
      if value == "smaller" || value == "larger" {
        let step = value == "larger" ? 1 : -1
        state.level += step
        state.delta += step
      } else if let level = named[value] {
        state.setAbsolute(scale: SizeState.factor(level))
      } else if value.hasSuffix("%"), let percent = Double(value.dropLast()), percent > 0,
        percent.isFinite
      {
        state.setAbsolute(scale: percent / 100)
      } else if let points = try? length(attribute, allowsNegative: false), points > 0 {
        guard points >= 1 else {
          throw reader.error(
            at: attribute.valueOffset,
            "size \"\(value)\" is \(TextFormat.string(points)) of a point (a bare number "
              + "counts 1/1024 points, as in Pango); write it as \(value)pt")
        }
        guard points <= Font.pointSizeRange.upperBound else {
          throw reader.error(
            at: attribute.valueOffset,
            "size \"\(value)\" is larger than \(TextFormat.string(Font.pointSizeRange.upperBound))pt"
          )
        }
        state.setAbsolute(points: points)
      } else {
        throw reader.error(
          at: attribute.valueOffset,
          "size \"\(value)\" is not a size; expected points (\"12pt\", or a number of 1/1024 "
            + "points), a percentage (\"120%\"), smaller, larger, or xx-small to xx-large")
      }
    }

    /// A length as Pango reads one: a whole number of 1/1024 points, or `"<number>pt"`.
    private func length(_ attribute: Attribute, allowsNegative: Bool) throws(MarkupError)
      -> Double
    {
      let value = attribute.value
      var points: Double?
      if let units = Int(value) {
        points = Double(units) / 1024
      } else if value.hasSuffix("pt"), let number = Double(value.dropLast(2)), number.isFinite {
        points = number
      }
      guard let points, allowsNegative || points >= 0, abs(points) <= 10_000 else {
        throw reader.error(
          at: attribute.valueOffset,
          "\(attribute.name) \"\(value)\" is not a length; expected points (\"2pt\") or a "
            + "whole number of 1/1024 points")
      }
      return points
    }

    private func color(_ attribute: Attribute) throws(MarkupError) -> Color {
      guard let color = MarkupColor.parse(attribute.value) else {
        throw reader.error(
          at: attribute.valueOffset,
          "\(attribute.name) \"\(attribute.value)\" is not a colour; expected #rgb, #rrggbb, "
            + "#rrggbbaa, #rrrrggggbbbb or a name ("
            + MarkupColor.names.keys.sorted().joined(
              separator: ", ") + ")")
      }
      return color
    }

    private func alpha(_ attribute: Attribute) throws(MarkupError) -> UInt8 {
      let value = attribute.value
      if value.hasSuffix("%"), let percent = Double(value.dropLast()), (0...100).contains(percent) {
        return UInt8((percent * 255 / 100).rounded())
      }
      if let units = Int(value), (1...65536).contains(units) {
        return UInt8((Double(min(units, 65535)) * 255 / 65535).rounded())
      }
      throw reader.error(
        at: attribute.valueOffset,
        "\(attribute.name) \"\(value)\" is not an opacity; expected a percentage (\"50%\") or "
          + "a number from 1 to 65536")
    }
  }
}

/// Colours as Pango's `pango_color_parse` reads them: hexadecimal forms and names.
enum MarkupColor {
  /// The colour names FontFit knows, with the values of the X11 table Pango uses.
  static let names: [String: Color] = [
    "black": Color(red: 0, green: 0, blue: 0), "white": Color(red: 255, green: 255, blue: 255),
    "red": Color(red: 255, green: 0, blue: 0), "green": Color(red: 0, green: 255, blue: 0),
    "blue": Color(red: 0, green: 0, blue: 255), "yellow": Color(red: 255, green: 255, blue: 0),
    "cyan": Color(red: 0, green: 255, blue: 255),
    "magenta": Color(red: 255, green: 0, blue: 255),
    "gray": Color(red: 190, green: 190, blue: 190),
    "grey": Color(red: 190, green: 190, blue: 190),
    "darkgray": Color(red: 169, green: 169, blue: 169),
    "lightgray": Color(red: 211, green: 211, blue: 211),
    "orange": Color(red: 255, green: 165, blue: 0),
    "purple": Color(red: 160, green: 32, blue: 240),
    "brown": Color(red: 165, green: 42, blue: 42), "pink": Color(red: 255, green: 192, blue: 203),
    "navy": Color(red: 0, green: 0, blue: 128), "maroon": Color(red: 176, green: 48, blue: 96),
    "darkred": Color(red: 139, green: 0, blue: 0),
    "darkgreen": Color(red: 0, green: 100, blue: 0),
    "darkblue": Color(red: 0, green: 0, blue: 139),
  ]

  /// The colour `value` names, or nil.
  static func parse(_ value: String) -> Color? {
    if let named = names[value.lowercased().replacingSpaces()] { return named }
    let bytes = Array(value.utf8)
    guard bytes.first == UInt8(ascii: "#") else { return nil }
    let digits = bytes.dropFirst().map { byte -> Int? in
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
      default: nil
      }
    }
    guard digits.allSatisfy({ $0 != nil }) else { return nil }
    let values = digits.compactMap { $0 }
    let (channels, width): (Int, Int) =
      switch values.count {
      case 3: (3, 1)
      case 4: (4, 1)
      case 6: (3, 2)
      case 8: (4, 2)
      case 12: (3, 4)
      default: (0, 0)
      }
    guard channels > 0 else { return nil }
    let maximum = Double((1 << (4 * width)) - 1)
    let eight = (0..<channels).map { channel -> UInt8 in
      let value = values[(channel * width)..<((channel + 1) * width)].reduce(0) { $0 << 4 | $1 }
      return UInt8((Double(value) * 255 / maximum).rounded())
    }
    return Color(
      red: eight[0], green: eight[1], blue: eight[2], alpha: channels == 4 ? eight[3] : 255)
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  fileprivate func replacingSpaces() -> String {
    String(filter { $0 != " " })
  }
}
