import FontFitFonts
import FontFitText
import FontFitWidgets

/// Reads widget objects into ``WidgetDescription`` values.
struct WidgetParser {
  let reader: DescriptionReader
  /// The font names read so far, each parsed once: a layout names a few fonts many times.
  private let fonts = ParsedFonts()

  /// Fonts by the exact code units of the name they were read from.
  private final class ParsedFonts {
    var byName: [ExactString: Font] = [:]
  }

  static let commonKeys = ["type", "id", "frame", "backgroundColor", "children"]
  static let textKeys = [
    "font", "textColor", "textAlignment", "numberOfLines", "lineBreakMode", "autoFit", "overflow",
    "lineHeightMultiple", "truncationToken", "language", "writingDirection",
  ]

  func widget(_ node: JSONNode, at path: String) throws(DescriptionError) -> WidgetDescription {
    let object = try reader.object(node, at: path)
    guard let typeNode = object.member("type") else {
      throw reader.error(at: node, path: path, "missing key \"type\"")
    }
    let kind = try reader.choice(typeNode, at: join(path, "type"), as: WidgetKind.self)
    try reader.checkKeys(object, allowed: allowedKeys(kind), at: path)
    var description = WidgetDescription(kind: kind)
    if let id = object.member("id") { description.id = try reader.string(id, at: join(path, "id")) }
    if let frame = object.member("frame") {
      description.frame = try self.frame(frame, at: join(path, "frame"))
    }
    if let font = object.member("font") {
      description.font = try self.font(font, at: join(path, "font"))
    }
    if let value = object.member("backgroundColor") {
      description.backgroundColor = try color(value, at: join(path, "backgroundColor"))
    }
    if let value = object.member("textColor") {
      description.textColor = try color(value, at: join(path, "textColor"))
    }
    for key in ["text", "title"] {
      if let text = object.member(key) {
        description.text = try reader.string(text, at: join(path, key))
      }
    }
    if let placeholder = object.member("placeholder") {
      description.placeholder = try reader.string(placeholder, at: join(path, "placeholder"))
    }
    if let value = object.member("textAlignment") {
      description.textAlignment = try reader.choice(
        value, at: join(path, "textAlignment"), as: TextAlignment.self)
    }
    if let value = object.member("numberOfLines") {
      description.numberOfLines = try reader.count(value, at: join(path, "numberOfLines"))
    }
    if let value = object.member("lineBreakMode") {
      description.lineBreakMode = try reader.choice(
        value, at: join(path, "lineBreakMode"), as: LineBreakMode.self)
    }
    if let value = object.member("autoFit") {
      description.autoFit = .some(try autoFit(value, at: join(path, "autoFit")))
    }
    if let value = object.member("overflow") {
      description.overflow = try reader.choice(value, at: join(path, "overflow"), as: Overflow.self)
    }
    if let value = object.member("lineHeightMultiple") {
      description.lineHeightMultiple = try reader.number(
        value, at: join(path, "lineHeightMultiple"), positive: true, atMost: 100)
    }
    if let value = object.member("language") {
      description.language = try reader.language(value, at: join(path, "language"))
    }
    if let value = object.member("writingDirection") {
      description.writingDirection = try reader.choice(
        value, at: join(path, "writingDirection"), as: WritingDirection.self)
    }
    if let value = object.member("truncationToken") {
      let token = try reader.string(value, at: join(path, "truncationToken"))
      guard !token.contains(where: \.isLineSeparator) else {
        throw reader.error(
          at: value, path: join(path, "truncationToken"), "expected a token without line breaks")
      }
      description.truncationToken = token
    }
    if let fit = description.autoFit ?? nil, let node = object.member("autoFit") {
      // Check the grid against the design size now, so a step too fine is a located error.
      let maximum = fit.maximumPointSize ?? description.font?.pointSize ?? 17
      do {
        _ = try fit.sizes(adapted: maximum)
      } catch {
        throw reader.error(at: node, path: join(path, "autoFit"), error.description)
      }
    }
    if let children = object.member("children") {
      let childrenPath = join(path, "children")
      for (index, child) in try reader.array(children, at: childrenPath).enumerated() {
        description.children.append(try widget(child, at: "\(childrenPath)[\(index)]"))
      }
    }
    return description
  }

  private func allowedKeys(_ kind: WidgetKind) -> [String] {
    switch kind {
    case .view: Self.commonKeys
    case .label, .textView: Self.commonKeys + Self.textKeys + ["text"]
    case .button: Self.commonKeys + Self.textKeys + ["title"]
    case .textField: Self.commonKeys + Self.textKeys + ["text", "placeholder"]
    }
  }

  private func frame(_ node: JSONNode, at path: String) throws(DescriptionError) -> Rect {
    let expected = "expected an array of 4 numbers [x, y, width, height]"
    guard case .array(let items) = node.value, items.count == 4 else {
      let found: String
      if case .array(let items) = node.value {
        found = "\(items.count) items"
      } else {
        found = node.value.typeName
      }
      throw reader.error(at: node, path: path, "\(expected), found \(found)")
    }
    var values: [Double] = []
    for (index, item) in items.enumerated() {
      let value = try reader.number(item, at: "\(path)[\(index)]", nonNegative: index >= 2)
      values.append(value)
    }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  private func font(_ node: JSONNode, at path: String) throws(DescriptionError) -> Font {
    let name = try reader.string(node, at: path)
    if let known = fonts.byName[ExactString(name)] { return known }
    do {
      let font = try Font(name)
      fonts.byName[ExactString(name)] = font
      return font
    } catch {
      throw reader.error(at: node, path: path, "\(error.description)")
    }
  }

  private func color(_ node: JSONNode, at path: String) throws(DescriptionError) -> Color {
    let text = try reader.string(node, at: path)
    guard let color = Color(hex: text) else {
      throw reader.error(
        at: node, path: path,
        "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal), found \(TextFormat.quoted(text))"
      )
    }
    return color
  }

  private func autoFit(_ node: JSONNode, at path: String) throws(DescriptionError) -> AutoFit? {
    if case .bool(let enabled) = node.value { return enabled ? AutoFit() : nil }
    guard case .object = node.value else {
      throw reader.error(
        at: node, path: path, "expected true, false or an object, found \(node.value.typeName)")
    }
    let object = try reader.object(node, at: path)
    try reader.checkKeys(object, allowed: ["minimumSize", "maximumSize", "step"], at: path)
    var fit = AutoFit()
    if let value = object.member("minimumSize") {
      fit.minimumPointSize = try reader.number(
        value, at: join(path, "minimumSize"), positive: true, atMost: Font.pointSizeRange.upperBound
      )
    }
    if let value = object.member("maximumSize") {
      fit.maximumPointSize = try reader.number(
        value, at: join(path, "maximumSize"), positive: true, atMost: Font.pointSizeRange.upperBound
      )
    }
    if let value = object.member("step") {
      fit.step = try reader.number(
        value, at: join(path, "step"), positive: true, atMost: Font.pointSizeRange.upperBound)
    }
    if let maximum = fit.maximumPointSize, maximum < fit.minimumPointSize,
      let node = object.member("maximumSize")
    {
      throw reader.error(
        at: node, path: join(path, "maximumSize"),
        "expected a maximum size ≥ the minimum size \(TextFormat.string(fit.minimumPointSize))")
    }
    return fit
  }

  private func join(_ path: String, _ key: String) -> String {
    DescriptionReader.join(path, key)
  }
}
