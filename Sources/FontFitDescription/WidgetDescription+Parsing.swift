import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// Reads widget objects into ``WidgetDescription`` values.
struct WidgetParser {
  let reader: DescriptionReader
  /// The strings `"@key"` texts are looked up in; nil for literal texts.
  var localization: Localization?
  /// The typography a text widget starts from: the document's hyphenation.
  var defaultTypography = Typography.standard
  /// The font names read so far, each parsed once: a layout names a few fonts many times.
  private let fonts = ParsedFonts()

  /// Fonts by the exact code units of the name they were read from.
  private final class ParsedFonts {
    var byName: [ExactString: Font] = [:]
  }

  static let commonKeys = [
    "type", "id", "frame", "backgroundColor", "scalesFrames", "children", "grow", "shrink",
    "minWidth", "maxWidth", "minHeight", "maxHeight", "layoutDirection", "mirrorsInRightToLeft",
  ]
  static let stackKeys = ["axis", "spacing", "alignment", "distribution", "padding", "wraps"]
  static let scrollKeys = ["axis", "spacing", "alignment", "padding"]
  static let textKeys =
    [
      "font", "textColor", "insets", "textAlignment", "numberOfLines", "lineBreakMode", "autoFit",
      "overflow",
      "lineHeightMultiple", "truncationToken", "language", "writingDirection", "fitGroup",
      "scalesWithText", "adaptsToScreen", "adaptation", "markup",
    ] + typographyKeys

  /// The names `autoFit.mode` accepts.
  private enum ModeName: String, CaseIterable {
    case shrink, shrinkAndGrow, presets, exact
  }

  func widget(_ node: JSONNode, at path: @autoclosure () -> String, inStack: Bool = false)
    throws(DescriptionError) -> WidgetDescription
  {
    let object = try reader.object(node, at: path())
    guard let typeNode = object.member("type") else {
      throw reader.error(at: node, path: path(), "missing key \"type\"")
    }
    let kind = try reader.choice(typeNode, at: join(path(), "type"), as: WidgetKind.self)
    if kind == .view, let member = object.members.first(where: { Self.textKeys.contains($0.key) }) {
      throw DescriptionError(
        file: reader.file, line: member.keyLocation.line, column: member.keyLocation.column,
        keyPath: join(path(), member.key),
        message: "unknown key \"\(member.key)\" on a View: it is for text widgets "
          + "(Label, Button, TextField, TextView)")
    }
    try reader.checkKeys(object, allowed: allowedKeys(kind), at: path())
    var description = WidgetDescription(kind: kind)
    if let id = object.member("id") {
      description.id = try reader.string(id, at: join(path(), "id"), kind: .name)
    }
    if let frame = object.member("frame") {
      guard !inStack else {
        throw reader.error(
          at: frame, path: join(path(), "frame"),
          "a widget in a Stack has no frame: the stack sizes and places it (use minWidth, "
            + "maxWidth, minHeight, maxHeight, grow or shrink)")
      }
      description.frame = try self.frame(frame, at: join(path(), "frame"))
    }
    try sizing(object, into: &description, at: path())
    if kind == .stack || kind == .scrollView { description.stack = try stack(object, at: path()) }
    if let font = object.member("font") {
      description.font = try self.font(font, at: join(path(), "font"))
    }
    if let value = object.member("backgroundColor") {
      description.backgroundColor = try color(value, at: join(path(), "backgroundColor"))
    }
    if let value = object.member("textColor") {
      description.textColor = try color(value, at: join(path(), "textColor"))
    }
    if let value = object.member("placeholderColor") {
      description.placeholderColor = try color(value, at: join(path(), "placeholderColor"))
    }
    if let value = object.member("insets") {
      description.contentInsets = try insets(value, at: join(path(), "insets"))
    }
    if let value = object.member("scalesFrames") {
      description.frameScaling = try reader.frameScaling(value, at: join(path(), "scalesFrames"))
    }
    if let value = object.member("fitGroup") {
      let name = try reader.string(value, at: join(path(), "fitGroup"), kind: .name)
      guard !name.trimmingSpaces().isEmpty else {
        throw reader.error(at: value, path: join(path(), "fitGroup"), "expected a group name")
      }
      description.fitGroup = name
    }
    if let value = object.member("scalesWithText") {
      description.scalesWithText = try reader.bool(value, at: join(path(), "scalesWithText"))
    }
    if let value = object.member("adaptsToScreen") {
      description.adaptsToScreen = try reader.bool(value, at: join(path(), "adaptsToScreen"))
    }
    if let value = object.member("adaptation") {
      description.adaptation = try AdaptationPolicy(
        value, reader: reader, at: join(path(), "adaptation"))
    }
    for key in ["text", "title"] {
      if let text = object.member(key) {
        description.text = try reader.text(text, at: join(path(), key), localization: localization)
      }
    }
    if let markup = object.member("markup") {
      if let text = object.members.first(where: { $0.key == "text" || $0.key == "title" }) {
        throw reader.error(
          at: markup, path: join(path(), "markup"),
          "markup and \(text.key) both set the text; give one (markup is the text with its "
            + "styles)")
      }
      description.markup = try reader.markup(
        markup, at: join(path(), "markup"), localization: localization
      ).markup
    }
    if let placeholder = object.member("placeholder") {
      description.placeholder = try reader.text(
        placeholder, at: join(path(), "placeholder"), localization: localization)
    }
    if let value = object.member("textAlignment") {
      description.textAlignment = try reader.choice(
        value, at: join(path(), "textAlignment"), as: TextAlignment.self)
    }
    if let value = object.member("numberOfLines") {
      description.numberOfLines = try reader.count(value, at: join(path(), "numberOfLines"))
    }
    if let value = object.member("lineBreakMode") {
      description.lineBreakMode = try reader.choice(
        value, at: join(path(), "lineBreakMode"), as: LineBreakMode.self)
    }
    if let value = object.member("autoFit") {
      description.autoFit = .some(try autoFit(value, at: join(path(), "autoFit")))
    }
    if let value = object.member("overflow") {
      description.overflow = try reader.choice(
        value, at: join(path(), "overflow"), as: Overflow.self)
    }
    if let value = object.member("lineHeightMultiple") {
      description.lineHeightMultiple = try reader.number(
        value, at: join(path(), "lineHeightMultiple"), positive: true, atMost: 100)
    }
    if let value = object.member("language") {
      description.language = try reader.language(value, at: join(path(), "language"))
    }
    if let value = object.member("writingDirection") {
      description.writingDirection = try reader.choice(
        value, at: join(path(), "writingDirection"), as: WritingDirection.self)
    }
    if let value = object.member("truncationToken") {
      let token = try reader.string(value, at: join(path(), "truncationToken"))
      guard !token.contains(where: \.isLineSeparator) else {
        throw reader.error(
          at: value, path: join(path(), "truncationToken"), "expected a token without line breaks")
      }
      description.truncationToken = token
    }
    if kind.isText {
      description.typography = try typography(
        object, defaults: defaultTypography, at: path())
    }
    if let fit = description.autoFit ?? nil, let node = object.member("autoFit") {
      // Check the grid against the design size now, so a step too fine is a located error.
      let maximum = fit.maximumPointSize ?? description.font?.pointSize ?? 17
      do {
        _ = try fit.sizes(adapted: maximum)
      } catch {
        throw reader.error(at: node, path: join(path(), "autoFit"), error.description)
      }
    }
    if let children = object.member("children") {
      for (index, child) in try reader.array(children, at: join(path(), "children")).enumerated() {
        description.children.append(
          try widget(
            child, at: "\(DescriptionReader.join(path(), "children"))[\(index)]",
            inStack: kind == .stack || kind == .scrollView))
      }
    }
    return description
  }

  /// The keys a widget of `kind` may have, each kind's list made once.
  private func allowedKeys(_ kind: WidgetKind) -> [String] {
    Self.allowedKeys[kind] ?? Self.commonKeys
  }

  private static let allowedKeys: [WidgetKind: [String]] = Dictionary(
    uniqueKeysWithValues: WidgetKind.allCases.map { kind in
      let keys: [String] =
        switch kind {
        case .view: commonKeys
        case .stack: commonKeys + stackKeys
        case .scrollView: commonKeys + scrollKeys
        case .spacer: commonKeys.filter { $0 != "frame" && $0 != "children" }
        case .label, .textView: commonKeys + textKeys + ["text"]
        case .button: commonKeys + textKeys + ["title"]
        case .textField: commonKeys + textKeys + ["text", "placeholder", "placeholderColor"]
        }
      return (kind, keys)
    })

  /// Reads the keys every widget has for the stack that holds it.
  private func sizing(
    _ object: JSONObject, into description: inout WidgetDescription,
    at path: @autoclosure () -> String
  ) throws(DescriptionError) {
    if let value = object.member("grow") {
      description.grow = try reader.number(value, at: join(path(), "grow"), nonNegative: true)
    }
    if let value = object.member("shrink") {
      description.shrink = try reader.number(value, at: join(path(), "shrink"), nonNegative: true)
    }
    func length(_ key: String) throws(DescriptionError) -> Double? {
      guard let value = object.member(key) else { return nil }
      return try reader.number(value, at: join(path(), key), nonNegative: true)
    }
    let limits = SizeLimits(
      minWidth: try length("minWidth"), maxWidth: try length("maxWidth"),
      minHeight: try length("minHeight"), maxHeight: try length("maxHeight"))
    for (low, high, lowKey, highKey) in [
      (limits.minWidth, limits.maxWidth, "minWidth", "maxWidth"),
      (limits.minHeight, limits.maxHeight, "minHeight", "maxHeight"),
    ] {
      if let low, let high, low > high, let node = object.member(highKey) {
        throw reader.error(
          at: node, path: join(path(), highKey),
          "expected at least \(lowKey) (\(TextFormat.string(low))), found "
            + TextFormat.string(high))
      }
    }
    description.sizeLimits = limits
    if let value = object.member("layoutDirection") {
      description.layoutDirection = try reader.choice(
        value, at: join(path(), "layoutDirection"), as: LayoutDirection.self)
    }
    if let value = object.member("mirrorsInRightToLeft") {
      description.mirrorsInRightToLeft = try reader.bool(
        value, at: join(path(), "mirrorsInRightToLeft"))
    }
  }

  /// Reads a stack's keys.
  private func stack(_ object: JSONObject, at path: @autoclosure () -> String)
    throws(DescriptionError)
    -> StackSettings
  {
    var settings = StackSettings()
    if let value = object.member("axis") {
      settings.axis = try reader.choice(value, at: join(path(), "axis"), as: Axis.self)
    }
    if let value = object.member("spacing") {
      settings.spacing = try reader.number(value, at: join(path(), "spacing"), nonNegative: true)
    }
    if let value = object.member("alignment") {
      settings.alignment = try reader.choice(
        value, at: join(path(), "alignment"), as: StackAlignment.self)
    }
    if let value = object.member("distribution") {
      settings.distribution = try reader.choice(
        value, at: join(path(), "distribution"), as: StackDistribution.self)
    }
    if let value = object.member("padding") {
      settings.padding = try insets(value, at: join(path(), "padding"))
    }
    if let value = object.member("wraps") {
      settings.wraps = try reader.bool(value, at: join(path(), "wraps"))
    }
    return settings
  }

  /// Insets as CSS writes them: one number for every side, `[vertical, horizontal]`, or
  /// `[top, leading, bottom, trailing]`.
  private func insets(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> EdgeInsets
  {
    let expected =
      "expected a number, an array of 2 numbers [vertical, horizontal] or of 4 numbers "
      + "[top, leading, bottom, trailing]"
    let items: [JSONNode]
    let isArray: Bool
    switch node.value {
    case .number: (items, isArray) = ([node], false)
    case .array(let array): (items, isArray) = (array, true)
    default:
      throw reader.error(at: node, path: path(), "\(expected), found \(node.value.typeName)")
    }
    var values: [Double] = []
    for (index, item) in items.enumerated() {
      let itemPath = isArray ? "\(path())[\(index)]" : path()
      values.append(try reader.number(item, at: itemPath, nonNegative: true))
    }
    switch values.count {
    case 1: return EdgeInsets(all: values[0])
    case 2:
      return EdgeInsets(top: values[0], leading: values[1], bottom: values[0], trailing: values[1])
    case 4:
      return EdgeInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    default:
      throw reader.error(at: node, path: path(), "\(expected), found \(values.count) items")
    }
  }

  private func frame(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> Rect
  {
    let expected = "expected an array of 4 numbers [x, y, width, height]"
    guard case .array(let items) = node.value, items.count == 4 else {
      let found: String
      if case .array(let items) = node.value {
        found = "\(items.count) items"
      } else {
        found = node.value.typeName
      }
      throw reader.error(at: node, path: path(), "\(expected), found \(found)")
    }
    var values: [Double] = []
    for (index, item) in items.enumerated() {
      let value = try reader.number(item, at: "\(path())[\(index)]", nonNegative: index >= 2)
      values.append(value)
    }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  private func font(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> Font
  {
    let name = try reader.string(node, at: path(), kind: .name)
    if let known = fonts.byName[ExactString(name)] { return known }
    do {
      let font = try Font(name)
      fonts.byName[ExactString(name)] = font
      return font
    } catch {
      throw reader.error(at: node, path: path(), "\(error.description)")
    }
  }

  private func color(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> Color
  {
    let text = try reader.string(node, at: path())
    guard let color = Color(hex: text) else {
      throw reader.error(
        at: node, path: path(),
        "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal), found \(TextFormat.quoted(text))"
      )
    }
    return color
  }

  private func autoFit(_ node: JSONNode, at path: @autoclosure () -> String)
    throws(DescriptionError) -> AutoFit?
  {
    if case .bool(let enabled) = node.value { return enabled ? AutoFit() : nil }
    guard case .object = node.value else {
      throw reader.error(
        at: node, path: path(), "expected true, false or an object, found \(node.value.typeName)")
    }
    let object = try reader.object(node, at: path())
    try reader.checkKeys(
      object, allowed: ["mode", "minimumSize", "maximumSize", "step", "sizes", "keepsWordsWhole"],
      at: path())
    var fit = AutoFit()
    func size(_ key: String) throws(DescriptionError) -> Double? {
      try object.member(key).map { (value) throws(DescriptionError) in
        try reader.number(
          value, at: join(path(), key), positive: true, atMost: Font.pointSizeRange.upperBound)
      }
    }
    fit.minimumPointSize = try size("minimumSize") ?? fit.minimumPointSize
    fit.maximumPointSize = try size("maximumSize")
    fit.step = try size("step") ?? fit.step
    if let value = object.member("keepsWordsWhole") {
      fit.keepsWordsWhole = try reader.bool(value, at: join(path(), "keepsWordsWhole"))
    }
    let modeNode = object.member("mode")
    let mode = try modeNode.map { (value) throws(DescriptionError) in
      try reader.choice(value, at: join(path(), "mode"), as: ModeName.self)
    }
    let sizesNode = object.member("sizes")
    if let sizesNode, mode != .presets {
      throw reader.error(
        at: sizesNode, path: join(path(), "sizes"),
        "sizes are for \"mode\": \"presets\"; add it, or leave sizes out")
    }
    switch mode ?? .shrink {
    case .shrink: fit.mode = .shrink
    case .exact: fit.mode = .exact
    case .shrinkAndGrow:
      guard fit.maximumPointSize != nil else {
        throw reader.error(
          at: modeNode ?? node, path: join(path(), "mode"),
          "mode shrinkAndGrow needs \"maximumSize\", the size text may grow to")
      }
      fit.mode = .shrinkAndGrow
    case .presets:
      for key in ["minimumSize", "maximumSize", "step"] {
        guard let member = object.member(key) else { continue }
        throw reader.error(
          at: member, path: join(path(), key),
          "mode presets chooses only among \"sizes\"; leave \(key) out")
      }
      guard let sizesNode else {
        throw reader.error(
          at: node, path: path(), "mode presets needs \"sizes\", such as [24, 18, 13]")
      }
      let items = try reader.array(sizesNode, at: join(path(), "sizes"))
      guard !items.isEmpty else {
        throw reader.error(
          at: sizesNode, path: join(path(), "sizes"), "expected at least one size, found none")
      }
      var sizes: [Double] = []
      for (index, item) in items.enumerated() {
        sizes.append(
          try reader.number(
            item, at: "\(join(path(), "sizes"))[\(index)]", positive: true,
            atMost: Font.pointSizeRange.upperBound))
      }
      fit.mode = .presets(sizes)
    }
    if let maximum = fit.maximumPointSize, maximum < fit.minimumPointSize,
      let node = object.member("maximumSize")
    {
      throw reader.error(
        at: node, path: join(path(), "maximumSize"),
        "expected a maximum size ≥ the minimum size \(TextFormat.string(fit.minimumPointSize))")
    }
    return fit
  }

  func join(_ path: String, _ key: String) -> String {
    DescriptionReader.join(path, key)
  }
}
