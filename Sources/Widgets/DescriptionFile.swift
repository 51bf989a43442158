import FontKit
import TextLayout

/// The kinds of widget a description file can name.
public enum WidgetType: String, CaseIterable, Hashable, Sendable {
  /// A container.
  case View
  /// A multi-line label that shrinks to fit.
  case Label
  /// A button with a single-line title.
  case Button
  /// A single-line text field.
  case TextField
  /// A scrolling multi-line text view.
  case TextView
}

/// One widget of a description file, validated, ready to be built on any screen.
public struct WidgetDescription: Hashable, Sendable {
  /// The kind of widget.
  public var type: WidgetType
  /// The identifier.
  public var id: String
  /// The frame in design points.
  public var frame: Rect
  /// The design font; text widgets default to `sans-serif 17`.
  public var font: Font?
  /// The text (a button's title).
  public var text: String?
  /// A text field's placeholder.
  public var placeholder: String?
  /// The alignment, when set.
  public var textAlignment: TextAlignment?
  /// The line limit, when set.
  public var numberOfLines: Int?
  /// The line break mode, when set.
  public var lineBreakMode: LineBreakMode?
  /// The auto-fit policy: nil keeps the widget's default, `.some(nil)` turns fitting off.
  public var autoFit: AutoFit??
  /// The overflow behaviour, when set.
  public var overflow: Overflow?
  /// The line height multiple, when set.
  public var lineHeightMultiple: Double?
  /// The truncation token, when set.
  public var truncationToken: String?
  /// The widgets inside, back to front.
  public var children: [WidgetDescription]

  /// Builds the widget and its subtree, applying the description's settings; the design font
  /// goes through the font setter, so it is adapted once when the tree gets its environment.
  public func makeWidget() -> View {
    let view: View
    let font = font ?? Font(family: "sans-serif", pointSize: 17)
    switch type {
    case .View: view = View(id: id, frame: frame)
    case .Label: view = Label(id: id, frame: frame, font: font)
    case .Button: view = Button(id: id, frame: frame, font: font)
    case .TextField: view = TextField(id: id, frame: frame, font: font)
    case .TextView: view = TextView(id: id, frame: frame, font: font)
    }
    if let widget = view as? TextWidget {
      if let textAlignment { widget.textAlignment = textAlignment }
      if let numberOfLines { widget.numberOfLines = numberOfLines }
      if let lineBreakMode { widget.lineBreakMode = lineBreakMode }
      if let autoFit { widget.autoFit = autoFit }
      if let overflow { widget.overflow = overflow }
      if let lineHeightMultiple { widget.lineHeightMultiple = lineHeightMultiple }
      if let truncationToken { widget.truncationToken = truncationToken }
      if let field = widget as? TextField, let placeholder { field.placeholder = placeholder }
      widget.font = font
      if let text { widget.text = text }
    }
    for child in children { view.addChild(child.makeWidget()) }
    return view
  }
}

/// A layout loaded from a JSON description file.
///
/// ```json
/// { "designScreen": "iPhone 5",
///   "adaptation": { "policy": "increments" },
///   "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
///     { "type": "Label", "id": "title", "frame": [20, 40, 280, 60], "font": "DejaVu Sans 17",
///       "text": "…", "numberOfLines": 0, "autoFit": { "minimumSize": 10, "step": 0.5 } } ] } }
/// ```
/// Every key is checked: an unknown key, a value of the wrong type, a negative or non-finite
/// size or an unknown screen is a ``DescriptionError`` naming the file, line:column and key path.
public struct LayoutDocument: Hashable, Sendable {
  /// The file the layout came from.
  public var file: String
  /// The screen the design was made for.
  public var designScreen: Screen
  /// How font sizes adapt to other screens.
  public var adaptation: AdaptationPolicy
  /// Whether frames scale with the screen.
  public var scalesFrames: Bool
  /// The screens known to this document: the catalog given plus the file's own `screens`.
  public var catalog: ScreenCatalog
  /// The root widget.
  public var root: WidgetDescription

  /// Loads the description file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - catalog: The screens that names may refer to.
  /// - Throws: ``DescriptionError`` saying where the file is wrong.
  public static func load(path: String, catalog: ScreenCatalog) throws(DescriptionError)
    -> LayoutDocument
  {
    try LayoutDocument(reader: DescriptionReader(path: path), catalog: catalog)
  }

  /// Reads a description from `text`, naming it `file` in errors.
  public static func parse(_ text: String, file: String, catalog: ScreenCatalog)
    throws(DescriptionError) -> LayoutDocument
  {
    try LayoutDocument(reader: DescriptionReader(text: text, file: file), catalog: catalog)
  }

  /// Builds the widget tree shown on `screen`: frames scaled, fonts adapted.
  public func makeTree(on screen: Screen, fonts: FontSystem) -> View {
    let tree = root.makeWidget()
    tree.environment = WidgetEnvironment(
      screen: screen, designScreen: designScreen, adaptation: adaptation,
      scalesFrames: scalesFrames, fonts: fonts)
    return tree
  }

  private init(reader: DescriptionReader, catalog: ScreenCatalog) throws(DescriptionError) {
    file = reader.file
    let top = try reader.object(reader.root, at: "")
    try reader.checkKeys(
      top, allowed: ["designScreen", "adaptation", "scalesFrames", "screens", "root"], at: "")
    var catalog = catalog
    if let screens = top.member("screens") {
      catalog.add(try reader.screens(screens, at: "screens"))
    }
    self.catalog = catalog
    designScreen = try Self.screen(top.member("designScreen"), reader: reader, catalog: catalog)
    adaptation =
      try top.member("adaptation").map { (node) throws(DescriptionError) in
        try Self.adaptation(node, reader: reader)
      } ?? .seedIncrements
    scalesFrames =
      try top.member("scalesFrames").map { (node) throws(DescriptionError) in
        try reader.bool(node, at: "scalesFrames")
      } ?? true
    guard let rootNode = top.member("root") else {
      throw reader.error(at: reader.root, path: "", "missing key \"root\" (the widget tree)")
    }
    root = try WidgetParser(reader: reader).widget(rootNode, at: "root")
  }

  private static func screen(
    _ node: JSONNode?, reader: DescriptionReader, catalog: ScreenCatalog
  ) throws(DescriptionError) -> Screen {
    guard let node else {
      throw reader.error(at: reader.root, path: "", "missing key \"designScreen\"")
    }
    let name = try reader.string(node, at: "designScreen")
    guard let screen = catalog[name] else {
      let names = catalog.screens.map(\.name).joined(separator: ", ")
      throw reader.error(
        at: node, path: "designScreen", "unknown screen \"\(name)\"; known screens: \(names)")
    }
    return screen
  }

  private static func adaptation(_ node: JSONNode, reader: DescriptionReader)
    throws(DescriptionError) -> AdaptationPolicy
  {
    let path = "adaptation"
    if case .array(let items) = node.value {
      var policies: [AdaptationPolicy] = []
      for (index, item) in items.enumerated() {
        policies.append(try adaptationPolicy(item, reader: reader, at: "\(path)[\(index)]"))
      }
      return .sequence(policies)
    }
    return try adaptationPolicy(node, reader: reader, at: path)
  }

  private static func adaptationPolicy(
    _ node: JSONNode, reader: DescriptionReader, at path: String
  ) throws(DescriptionError) -> AdaptationPolicy {
    let object = try reader.object(node, at: path)
    guard let policyNode = object.member("policy") else {
      throw reader.error(
        at: node, path: path, "missing key \"policy\"; expected none, increments or proportional")
    }
    let policy = try reader.string(policyNode, at: DescriptionReader.join(path, "policy"))
    func optionalNumber(_ key: String, positive: Bool = false) throws(DescriptionError) -> Double? {
      try object.member(key).map { (node) throws(DescriptionError) in
        try reader.number(node, at: DescriptionReader.join(path, key), positive: positive)
      }
    }
    switch policy {
    case "none":
      try reader.checkKeys(object, allowed: ["policy"], at: path)
      return .none
    case "increments":
      try reader.checkKeys(object, allowed: ["policy", "table"], at: path)
      guard let table = object.member("table") else { return .seedIncrements }
      let tablePath = DescriptionReader.join(path, "table")
      var rows: [SizeIncrement] = []
      for (index, item) in try reader.array(table, at: tablePath).enumerated() {
        let rowPath = "\(tablePath)[\(index)]"
        let row = try reader.object(item, at: rowPath)
        try reader.checkKeys(row, allowed: ["minWidth", "increment"], at: rowPath)
        guard let minWidth = row.member("minWidth"), let increment = row.member("increment")
        else {
          throw reader.error(
            at: item, path: rowPath, "expected keys \"minWidth\" and \"increment\"")
        }
        rows.append(
          SizeIncrement(
            minimumWidth: try reader.number(
              minWidth, at: DescriptionReader.join(rowPath, "minWidth"), nonNegative: true),
            points: try reader.number(
              increment, at: DescriptionReader.join(rowPath, "increment"), atMost: 1000)
          ))
      }
      return .increments(rows)
    case "proportional":
      try reader.checkKeys(
        object, allowed: ["policy", "exponent", "minimumSize", "maximumSize"], at: path)
      let exponent =
        try object.member("exponent").map { (node) throws(DescriptionError) in
          try reader.number(node, at: DescriptionReader.join(path, "exponent"), atMost: 10)
        } ?? 1
      let minimum = try optionalNumber("minimumSize", positive: true)
      let maximum = try optionalNumber("maximumSize", positive: true)
      if let minimum, let maximum, minimum > maximum, let node = object.member("maximumSize") {
        throw reader.error(
          at: node, path: DescriptionReader.join(path, "maximumSize"),
          "expected a maximum size ≥ the minimum size \(format(minimum))")
      }
      return .proportional(exponent: exponent, minimumPointSize: minimum, maximumPointSize: maximum)
    default:
      throw reader.error(
        at: policyNode, path: DescriptionReader.join(path, "policy"),
        "unknown policy \"\(policy)\"; expected none, increments or proportional")
    }
  }
}

/// Reads widget objects into ``WidgetDescription`` values.
private struct WidgetParser {
  let reader: DescriptionReader

  static let commonKeys = ["type", "id", "frame", "children"]
  static let textKeys = [
    "font", "textAlignment", "numberOfLines", "lineBreakMode", "autoFit", "overflow",
    "lineHeightMultiple", "truncationToken",
  ]

  func widget(_ node: JSONNode, at path: String) throws(DescriptionError) -> WidgetDescription {
    let object = try reader.object(node, at: path)
    guard let typeNode = object.member("type") else {
      throw reader.error(at: node, path: path, "missing key \"type\"")
    }
    let type = try reader.choice(typeNode, at: join(path, "type"), as: WidgetType.self)
    try reader.checkKeys(object, allowed: allowedKeys(type), at: path)
    var description = WidgetDescription(
      type: type, id: "", frame: .zero, children: [])
    if let id = object.member("id") { description.id = try reader.string(id, at: join(path, "id")) }
    if let frame = object.member("frame") {
      description.frame = try self.frame(frame, at: join(path, "frame"))
    }
    if let font = object.member("font") {
      description.font = try self.font(font, at: join(path, "font"))
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

  private func allowedKeys(_ type: WidgetType) -> [String] {
    switch type {
    case .View: Self.commonKeys
    case .Label, .TextView: Self.commonKeys + Self.textKeys + ["text"]
    case .Button: Self.commonKeys + Self.textKeys + ["title"]
    case .TextField: Self.commonKeys + Self.textKeys + ["text", "placeholder"]
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
    do {
      return try Font(name)
    } catch {
      throw reader.error(at: node, path: path, "\(error.description)")
    }
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
        "expected a maximum size ≥ the minimum size \(format(fit.minimumPointSize))")
    }
    return fit
  }

  private func join(_ path: String, _ key: String) -> String {
    DescriptionReader.join(path, key)
  }
}
