// An XML description's elements turned into the JSON model the description loader reads: the
// same keys, values typed by key, every node and key located where it is in the XML. The
// converter checks only the XML's shape (which elements go where, no text content); values are
// left to the loader, so both formats share every rule, bound and message.

import FontFitText
import FontFitWidgets

/// How an attribute's text becomes a JSON value, chosen by the attribute's name.
enum XMLValueKind {
  /// Any text, as it is.
  case string
  /// `true` or `false`.
  case bool
  /// A number written as in JSON.
  case number
  /// Numbers separated by commas: `frame="0,0,320,568"`, `sizes="24,18,13"`.
  case numberList
  /// `true` or `false`, else the text (`scalesFrames="width"`, `autoFit="true"`).
  case boolOrString
  /// `true` or `false`, a number (`1.3`), else the text (`AX1`).
  case boolNumberOrString
  /// A number (`0.05`), else the text (`1.5pt`).
  case numberOrString

  /// The kind of value the attribute `name` holds.
  init(attribute name: String) {
    switch name {
    case "scalesWithText", "adaptsToScreen", "keepsWordsWhole", "wraps", "mirrorsInRightToLeft":
      self = .bool
    case "numberOfLines", "lineHeightMultiple", "minimumSize", "maximumSize", "step", "width",
      "height", "scale", "dpi", "minWidth", "increment", "exponent", "spacing", "grow", "shrink",
      "maxWidth", "minHeight", "maxHeight", "lineSpacing", "maximumTightening":
      self = .number
    case "frame", "sizes", "padding", "insets", "hyphenationLimits": self = .numberList
    case "letterSpacing", "wordSpacing": self = .numberOrString
    case "scalesFrames", "autoFit": self = .boolOrString
    case "textScale": self = .boolNumberOrString
    default: self = .string
    }
  }
}

/// Turns the element tree of an XML description into the JSON node tree the loader reads,
/// remembering which element each JSON key path came from.
struct XMLLayoutConverter {
  /// The file, for errors.
  let file: String
  /// The start tags' positions, by the elements' ordinals.
  let tags: [XMLTagSource]
  /// Each element's path (`layout/View[root]/Label[title]`), by the JSON key path it became.
  private(set) var elementPaths: [String: ElementPath] = [:]
  /// The text of attribute values that stayed strings though their name asks for a number or
  /// boolean, by JSON key path, so that errors can quote them.
  private(set) var untypedValues: [String: String] = [:]

  /// The element names of the widgets, which are the `type` values.
  static let widgetNames = WidgetKind.allCases.map(\.rawValue)

  /// The widget element names for messages: `View, Label, Button, TextField or TextView`.
  private static var widgetList: String {
    widgetNames.dropLast().joined(separator: ", ") + " or " + (widgetNames.last ?? "")
  }

  /// Creates a converter of a document whose start tags are `tags`, named `file` in errors.
  init(file: String, tags: [XMLTagSource]) {
    self.file = file
    self.tags = tags
  }

  // MARK: - Elements

  /// Converts the document element, which must be `<layout>`.
  ///
  /// - Parameter element: The document element.
  /// - Returns: The layout object: its attributes, then `adaptation`, `textScale`, `screens`
  ///   and `root` in the order their elements first appear.
  /// - Throws: ``DescriptionError`` for an element or text where the format has none.
  mutating func layout(_ element: XMLParsedElement) throws(DescriptionError) -> JSONNode {
    let tag = try source(of: element)
    guard element.name == "layout" else {
      throw error(
        at: tag.nameLocation, path: element.name,
        "expected <layout> as the document element, found <\(element.name)>")
    }
    let path = ElementPath(document: "layout")
    elementPaths[""] = path
    try checkNoText(element, tag: tag, path: path)
    var members = try attributes(
      of: element, tag: tag, jsonPath: "", elementPath: path,
      reserved: [
        "root": "the root widget is an element inside <layout>, not an attribute",
        "screens": "screens are <screen name=… width=… height=…/> elements, not an attribute",
      ])
    var adaptations: [XMLParsedElement] = []
    var screens: [XMLParsedElement] = []
    var textScale: XMLParsedElement?
    var root: XMLParsedElement?
    var order: [(key: String, element: XMLParsedElement)] = []
    for child in element.children {
      switch child.name {
      case "adaptation":
        adaptations.append(child)
        if adaptations.count == 1 { order.append(("adaptation", child)) }
      case "screen":
        screens.append(child)
        if screens.count == 1 { order.append(("screens", child)) }
      case "textScale":
        guard textScale == nil else {
          throw try error(at: child, path: path.child("textScale"), "a layout has one <textScale>")
        }
        textScale = child
        order.append(("textScale", child))
      case _ where Self.widgetNames.contains(child.name):
        if root != nil {
          throw try error(
            at: child, path: path.child(Self.segment(child, index: nil)),
            "a layout has one root widget, found a second <\(child.name)>; put the widgets "
              + "inside one View")
        }
        root = child
        order.append(("root", child))
      default:
        throw try unknownElement(
          child, in: path, parent: "layout",
          expected: "<adaptation>, <textScale>, <screen> or a widget (\(Self.widgetList))")
      }
    }
    guard root != nil else {
      throw error(
        at: tag.location, path: path,
        "no root widget: <layout> needs one \(Self.widgetList) element")
    }
    for (key, child) in order {
      try checkNotAttribute(key, of: members, element: child, path: path)
      let location = try source(of: child).location
      let value: JSONNode
      switch key {
      case "adaptation":
        value = try adaptation(adaptations, jsonPath: key, parentPath: path)
      case "screens":
        var items: [JSONNode] = []
        for (index, screen) in screens.enumerated() {
          items.append(
            try plain(
              screen, jsonPath: "screens[\(index)]", elementPath: path.child("screen[\(index)]")))
        }
        value = JSONNode(value: .array(items), location: location)
      case "textScale":
        value = try plain(child, jsonPath: key, elementPath: path.child("textScale"))
      default:
        value = try widget(
          child, jsonPath: "root", elementPath: path.child(Self.segment(child, index: nil)))
      }
      members.append(JSONMember(key: key, keyLocation: location, value: value))
    }
    return JSONNode(value: .object(members), location: tag.location)
  }

  /// Converts a widget element: its name is the `type`, then its attributes, `autoFit`,
  /// `adaptation` and `children` from its child elements.
  private mutating func widget(
    _ element: XMLParsedElement, jsonPath: String, elementPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    let tag = try source(of: element)
    elementPaths[jsonPath] = elementPath
    try checkNoText(element, tag: tag, path: elementPath)
    let typeNode = JSONNode(value: .string(element.name), location: tag.nameLocation)
    var members = [JSONMember(key: "type", keyLocation: tag.nameLocation, value: typeNode)]
    members += try attributes(
      of: element, tag: tag, jsonPath: jsonPath, elementPath: elementPath,
      reserved: [
        "type": "the element's name is the widget's type; leave the type attribute out",
        "children": "child widgets are elements inside their View, not an attribute",
      ])
    var autoFit: XMLParsedElement?
    var markup: XMLParsedElement?
    var adaptations: [XMLParsedElement] = []
    var children: [XMLParsedElement] = []
    var order: [(key: String, element: XMLParsedElement)] = []
    for child in element.children {
      switch child.name {
      case "markup":
        guard markup == nil else {
          throw try error(at: child, path: elementPath.child("markup"), "a widget has one <markup>")
        }
        markup = child
        order.append(("markup", child))
      case "autoFit":
        guard autoFit == nil else {
          throw try error(
            at: child, path: elementPath.child("autoFit"), "a widget has one <autoFit>")
        }
        autoFit = child
        order.append(("autoFit", child))
      case "adaptation":
        adaptations.append(child)
        if adaptations.count == 1 { order.append(("adaptation", child)) }
      case _ where Self.widgetNames.contains(child.name):
        children.append(child)
        if children.count == 1 { order.append(("children", child)) }
      default:
        throw try unknownElement(
          child, in: elementPath, parent: element.name,
          expected: "a widget (\(Self.widgetList)), <markup>, <autoFit> or <adaptation>")
      }
    }
    for (key, child) in order {
      try checkNotAttribute(key, of: members, element: child, path: elementPath)
      let location = try source(of: child).location
      let keyPath = DescriptionReader.join(jsonPath, key)
      let value: JSONNode
      switch key {
      case "markup":
        value = try markupText(child, jsonPath: keyPath, elementPath: elementPath.child("markup"))
      case "autoFit":
        value = try plain(child, jsonPath: keyPath, elementPath: elementPath.child("autoFit"))
      case "adaptation":
        value = try adaptation(adaptations, jsonPath: keyPath, parentPath: elementPath)
      default:
        var items: [JSONNode] = []
        for (index, item) in children.enumerated() {
          items.append(
            try widget(
              item, jsonPath: "\(keyPath)[\(index)]",
              elementPath: elementPath.child(Self.segment(item, index: index))))
        }
        value = JSONNode(value: .array(items), location: location)
      }
      members.append(JSONMember(key: key, keyLocation: location, value: value))
    }
    return JSONNode(value: .object(members), location: tag.location)
  }

  /// Converts a `<markup>` element: its text, which is the widget's markup escaped
  /// (`<markup>Total &lt;b&gt;42&lt;/b&gt;</markup>`), as the string of the `markup` key.
  private mutating func markupText(
    _ element: XMLParsedElement, jsonPath: String, elementPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    let tag = try source(of: element)
    elementPaths[jsonPath] = elementPath
    if let name = element.attributes.keys.sorted().first {
      throw error(
        at: tag.location, path: elementPath.attribute(name),
        "<markup> takes no attributes; its text is the markup")
    }
    if let child = element.children.first {
      throw try error(
        at: child, path: elementPath.child(child.name),
        "<\(child.name)> inside <markup> is an XML element: escape the markup "
          + "(&lt;\(child.name)&gt;), or give it in the markup attribute")
    }
    return JSONNode(value: .string(element.text), location: tag.location)
  }

  /// Converts `<adaptation>` elements: one is the policy object, several an array of them.
  private mutating func adaptation(
    _ elements: [XMLParsedElement], jsonPath: String, parentPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    if elements.count == 1, let element = elements.first {
      return try policy(element, jsonPath: jsonPath, elementPath: parentPath.child("adaptation"))
    }
    elementPaths[jsonPath] = parentPath.child("adaptation")
    var items: [JSONNode] = []
    for (index, element) in elements.enumerated() {
      items.append(
        try policy(
          element, jsonPath: "\(jsonPath)[\(index)]",
          elementPath: parentPath.child("adaptation[\(index)]")))
    }
    let location = try elements.first.map { (element) throws(DescriptionError) in
      try source(of: element).location
    }
    return JSONNode(value: .array(items), location: location ?? SourcePosition(line: 1, column: 1))
  }

  /// Converts one `<adaptation>`: its attributes, and its `<row>` elements as `table`.
  private mutating func policy(
    _ element: XMLParsedElement, jsonPath: String, elementPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    let tag = try source(of: element)
    elementPaths[jsonPath] = elementPath
    try checkNoText(element, tag: tag, path: elementPath)
    var members = try attributes(
      of: element, tag: tag, jsonPath: jsonPath, elementPath: elementPath,
      reserved: ["table": "the table is <row minWidth=… increment=…/> elements, not an attribute"])
    var rows: [JSONNode] = []
    for child in element.children {
      guard child.name == "row" else {
        throw try unknownElement(
          child, in: elementPath, parent: "adaptation",
          expected: "<row minWidth=… increment=…/>")
      }
      let index = rows.count
      rows.append(
        try plain(
          child, jsonPath: "\(DescriptionReader.join(jsonPath, "table"))[\(index)]",
          elementPath: elementPath.child("row[\(index)]")))
    }
    if let first = element.children.first {
      let location = try source(of: first).location
      members.append(
        JSONMember(
          key: "table", keyLocation: location,
          value: JSONNode(value: .array(rows), location: location)
        ))
    }
    return JSONNode(value: .object(members), location: tag.location)
  }

  /// Converts an element that has only attributes: `<autoFit>`, `<textScale>`, `<screen>`,
  /// `<row>`.
  private mutating func plain(
    _ element: XMLParsedElement, jsonPath: String, elementPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    let tag = try source(of: element)
    elementPaths[jsonPath] = elementPath
    try checkNoText(element, tag: tag, path: elementPath)
    if let child = element.children.first {
      throw try unknownElement(
        child, in: elementPath, parent: element.name,
        expected: "no child elements, only attributes")
    }
    let members = try attributes(
      of: element, tag: tag, jsonPath: jsonPath, elementPath: elementPath, reserved: [:])
    return JSONNode(value: .object(members), location: tag.location)
  }

  // MARK: - Attributes

  /// The element's attributes as members in source order, each value typed by its name.
  private mutating func attributes(
    of element: XMLParsedElement, tag: XMLTagSource, jsonPath: String, elementPath: ElementPath,
    reserved: [String: String]
  ) throws(DescriptionError) -> [JSONMember] {
    var members: [JSONMember] = []
    for attribute in tag.attributes {
      if let reason = reserved[attribute.name] {
        throw error(at: attribute.nameLocation, path: elementPath.attribute(attribute.name), reason)
      }
      // XML turns a literal line break or tab in an attribute into a space; a text would
      // silently lose it, where JSON keeps it.
      if XMLValueKind(attribute: attribute.name) == .string,
        attribute.raw.unicodeScalars.contains(where: { ["\n", "\r", "\t"].contains($0) })
      {
        throw error(
          at: attribute.valueLocation, path: elementPath.attribute(attribute.name),
          "a line break or tab written as is becomes a space in XML; write &#10; for a line "
            + "break, &#9; for a tab")
      }
      let text = element.attributes[attribute.name] ?? attribute.raw
      let keyPath = DescriptionReader.join(jsonPath, attribute.name)
      members.append(
        JSONMember(
          key: attribute.name, keyLocation: attribute.nameLocation,
          value: try value(
            text, of: attribute, at: keyPath, elementPath: elementPath.attribute(attribute.name))))
    }
    return members
  }

  /// The JSON value of an attribute's decoded `text`; a text that is not of the attribute's kind
  /// stays a string, which the loader then rejects.
  private mutating func value(
    _ text: String, of attribute: XMLAttributeSource, at keyPath: String, elementPath: ElementPath
  ) throws(DescriptionError) -> JSONNode {
    let location = attribute.valueLocation
    let kind = XMLValueKind(attribute: attribute.name)
    // A number too large for a Double (`1e400`) is a number out of range, as JSON says, not
    // a string.
    func number(_ text: String, at location: SourcePosition, path: ElementPath)
      throws(DescriptionError) -> JSONValue?
    {
      guard let literal = Self.numberLiteral(text) else { return nil }
      guard let value = Double(literal), value.isFinite else {
        throw error(at: location, path: path, "number \(literal) is out of range")
      }
      return .number(value, literal: literal)
    }
    switch kind {
    case .string:
      return JSONNode(value: .string(text), location: location)
    case .bool, .boolOrString, .boolNumberOrString:
      if let bool = Self.bool(text) { return JSONNode(value: .bool(bool), location: location) }
      if kind == .boolNumberOrString, let number = try number(text, at: location, path: elementPath)
      {
        return JSONNode(value: number, location: location)
      }
      if kind == .bool || attribute.name == "autoFit" { untypedValues[keyPath] = text }
      return JSONNode(value: .string(text), location: location)
    case .numberOrString:
      if let number = try number(text, at: location, path: elementPath) {
        return JSONNode(value: number, location: location)
      }
      return JSONNode(value: .string(text), location: location)
    case .number:
      if let number = try number(text, at: location, path: elementPath) {
        return JSONNode(value: number, location: location)
      }
      untypedValues[keyPath] = text
      return JSONNode(value: .string(text), location: location)
    case .numberList:
      var items: [JSONNode] = []
      for (index, item) in Self.items(of: text, attribute: attribute).enumerated() {
        if let number = try number(
          item.text, at: item.location, path: elementPath.item(index))
        {
          items.append(JSONNode(value: number, location: item.location))
        } else {
          untypedValues["\(keyPath)[\(index)]"] = item.text
          items.append(JSONNode(value: .string(item.text), location: item.location))
        }
      }
      return JSONNode(value: .array(items), location: location)
    }
  }

  /// The comma-separated items of a list attribute, without surrounding whitespace, each
  /// located where it is written; an empty value has no items.
  ///
  /// Items are located within the value as written; a value with entity references is split
  /// after decoding, and each item is then located at the value's start.
  private static func items(of text: String, attribute: XMLAttributeSource)
    -> [(text: String, location: SourcePosition)]
  {
    guard !trimmed(text).isEmpty else { return [] }
    guard !attribute.raw.contains("&") else {
      return text.split(separator: ",", omittingEmptySubsequences: false).map {
        (trimmed(String($0)), attribute.valueLocation)
      }
    }
    let scalars = Array(attribute.raw.unicodeScalars)
    let positions = XMLSourceScanner.positions(of: attribute.raw, from: attribute.valueLocation)
    var items: [(text: String, location: SourcePosition)] = []
    var start = 0
    for end in 0...scalars.count where end == scalars.count || scalars[end] == "," {
      var first = start
      while first < end, XMLSourceScanner.isWhitespace(scalars[first]) { first += 1 }
      var item = String.UnicodeScalarView()
      item.append(contentsOf: scalars[first..<end])
      let location =
        first < positions.count ? positions[first] : (positions.last ?? attribute.valueLocation)
      items.append((trimmed(String(item)), location))
      start = end + 1
    }
    return items
  }

  /// `text` without XML whitespace at either end.
  private static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, XMLSourceScanner.isWhitespace(first) {
      scalars.removeFirst()
    }
    while let last = scalars.last, XMLSourceScanner.isWhitespace(last) { scalars.removeLast() }
    return String(scalars)
  }

  /// `true` or `false`, with whitespace around allowed.
  private static func bool(_ text: String) -> Bool? {
    switch trimmed(text) {
    case "true": true
    case "false": false
    default: nil
    }
  }

  /// The text of a number written as JSON writes one (`17`, `-0.5`, `1e3`), with the
  /// whitespace around it removed; nil when `text` is not one.
  private static func numberLiteral(_ text: String) -> String? {
    let literal = trimmed(text)
    var scalars = Substring(literal).unicodeScalars[...]
    func digits() -> Int {
      var count = 0
      while let scalar = scalars.first, ("0"..."9").contains(scalar) {
        scalars.removeFirst()
        count += 1
      }
      return count
    }
    if scalars.first == "-" { scalars.removeFirst() }
    let leadingZero = scalars.first == "0"
    let whole = digits()
    guard whole > 0, !(leadingZero && whole > 1) else { return nil }
    if scalars.first == "." {
      scalars.removeFirst()
      guard digits() > 0 else { return nil }
    }
    if scalars.first == "e" || scalars.first == "E" {
      scalars.removeFirst()
      if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
      guard digits() > 0 else { return nil }
    }
    return scalars.isEmpty ? literal : nil
  }

  // MARK: - Shape checks

  /// The start tag of `element`.
  private func source(of element: XMLParsedElement) throws(DescriptionError) -> XMLTagSource {
    guard element.ordinal < tags.count, tags[element.ordinal].name == element.name else {
      throw DescriptionError(
        file: file, message: "cannot locate <\(element.name)> in the source text")
    }
    return tags[element.ordinal]
  }

  private func checkNoText(_ element: XMLParsedElement, tag: XMLTagSource, path: ElementPath)
    throws(DescriptionError)
  {
    guard let location = tag.firstText else { return }
    let advice: String
    switch element.name {
    case "Label", "TextField", "TextView": advice = "; use the text attribute"
    case "Button": advice = "; use the title attribute"
    default: advice = ""
    }
    throw error(
      at: location, path: path, "text content is not allowed in <\(element.name)>\(advice)")
  }

  /// Rejects an element standing for a key that an attribute already gives.
  private func checkNotAttribute(
    _ key: String, of members: [JSONMember], element: XMLParsedElement, path: ElementPath
  ) throws(DescriptionError) {
    guard let member = members.first(where: { $0.key == key }) else { return }
    throw error(
      at: member.keyLocation, path: path.attribute(key),
      "\(key) is given both as an attribute and by a <\(element.name)> element; keep one")
  }

  private func unknownElement(
    _ element: XMLParsedElement, in path: ElementPath, parent: String, expected: String
  ) throws(DescriptionError) -> DescriptionError {
    try error(
      at: element, path: path.child(element.name),
      "unknown element <\(element.name)> in <\(parent)>; expected \(expected)")
  }

  private func error(at location: SourcePosition, path: String, _ message: String)
    -> DescriptionError
  {
    DescriptionError(
      file: file, line: location.line, column: location.column, keyPath: path, message: message)
  }

  private func error(at location: SourcePosition, path: ElementPath, _ message: String)
    -> DescriptionError
  {
    error(at: location, path: path.description, message)
  }

  private func error(at element: XMLParsedElement, path: ElementPath, _ message: String)
    throws(DescriptionError) -> DescriptionError
  {
    error(at: try source(of: element).location, path: path, message)
  }

  // MARK: - Element paths

  /// An element's step in an element path: `Label[title]` with an id, `Label[2]` with the
  /// index among its siblings, or the bare name.
  static func segment(_ element: XMLParsedElement, index: Int?) -> String {
    if let id = element.attributes["id"], widgetNames.contains(element.name) {
      return "\(element.name)[\(id)]"
    }
    return index.map { "\(element.name)[\($0)]" } ?? element.name
  }

  /// The element path of the innermost of `open` elements, outermost first, as far as the
  /// document has been read: for the location of a well-formedness error.
  static func path(ofOpen open: [XMLParsedElement]) -> String {
    var steps: [String] = []
    for (depth, element) in open.enumerated() {
      guard depth > 0 else {
        steps.append(element.name)
        continue
      }
      let parent = open[depth - 1]
      let isWidget = widgetNames.contains(element.name)
      let earlier = parent.children.filter {
        isWidget ? widgetNames.contains($0.name) : $0.name == element.name
      }.count
      let listed = ["row", "screen"].contains(element.name) || (isWidget && depth > 1)
      let index = listed || (element.name == "adaptation" && earlier > 0) ? earlier : nil
      steps.append(segment(element, index: index))
    }
    return ElementPath.joined(steps)
  }

  /// The element path of the JSON `keyPath` the loader named: the element it came from, then
  /// `@` and the attribute, with any index into the attribute's list.
  ///
  /// `root.children[0].autoFit.sizes[1]` becomes `layout/View[root]/Label[title]/autoFit@sizes[1]`.
  func elementPath(for keyPath: String) -> String {
    if let path = elementPaths[keyPath] { return path.description }
    var cut = keyPath.endIndex
    while let boundary = keyPath[..<cut].lastIndex(where: { $0 == "." || $0 == "[" }) {
      if let path = elementPaths[String(keyPath[..<boundary])] {
        let rest = keyPath[boundary...]
        return path.description + (rest.first == "." ? "@" + rest.dropFirst() : rest)
      }
      cut = boundary
    }
    return (elementPaths[""]?.description ?? "layout") + "@" + keyPath
  }
}

/// Where an element is in an XML description, as a chain of steps up to `<layout>`, joined
/// into `layout/View[root]/Label[title]@frame[2]` only when an error names it: each element
/// keeps its own step, so a deep tree's paths take memory and time in proportion to the
/// elements, not to the elements times their depth.
final class ElementPath: Sendable, CustomStringConvertible {
  /// The step before this one; nil for the document element.
  private let parent: ElementPath?
  /// This step: an element's segment (`Label[title]`), an attribute (`@frame`) or an index
  /// into an attribute's list (`[2]`).
  private let step: String
  /// Whether the step is an element's, which a `/` separates from the steps before it.
  private let isElement: Bool

  private init(parent: ElementPath?, step: String, isElement: Bool) {
    self.parent = parent
    self.step = step
    self.isElement = isElement
  }

  /// The path of the document element, `name`.
  convenience init(document name: String) {
    self.init(parent: nil, step: name, isElement: true)
  }

  /// The path of a child element whose segment is `segment`.
  func child(_ segment: String) -> ElementPath {
    ElementPath(parent: self, step: segment, isElement: true)
  }

  /// The path of this element's attribute `name`.
  func attribute(_ name: String) -> ElementPath {
    ElementPath(parent: self, step: "@" + name, isElement: false)
  }

  /// The path of item `index` of this attribute's list.
  func item(_ index: Int) -> ElementPath {
    ElementPath(parent: self, step: "[\(index)]", isElement: false)
  }

  /// The path written out: the elements' segments joined by `/` (the first and last four
  /// only through a very deep tree), then any attribute and index.
  var description: String {
    var elements: [String] = []
    var suffix = ""
    var node: ElementPath? = self
    while let current = node {
      if current.isElement {
        elements.append(current.step)
      } else {
        suffix = current.step + suffix
      }
      node = current.parent
    }
    return Self.joined(elements.reversed()) + suffix
  }

  /// Element segments, outermost first, joined by `/`; a path through a very deep tree names
  /// its first and last four elements only.
  static func joined(_ segments: [String]) -> String {
    guard segments.count > 12 else { return segments.joined(separator: "/") }
    return (segments.prefix(4) + ["… \(segments.count - 8) elements …"] + segments.suffix(4))
      .joined(separator: "/")
  }
}
