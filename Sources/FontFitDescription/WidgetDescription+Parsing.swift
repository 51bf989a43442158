import FontFitEngine
import FontFitFontModel
@_spi(Engine) import FontFitText
import FontFitWidgets

/// Reads widget objects into ``WidgetDescription`` values.
///
/// It is read from several threads at once when a `children` array is long: its values are
/// immutable, and its one cache, of fonts, takes a lock.
struct WidgetParser: Sendable {
  let reader: DescriptionReader
  /// The strings `"@key"` texts are looked up in; nil for literal texts.
  var localization: Localization?
  /// The typography a text widget starts from: the document's hyphenation.
  var defaultTypography = Typography.standard
  /// The font names read so far, by the exact code units of the name, each parsed once: a
  /// layout names a few fonts many times. (The threads that read the runs of many children
  /// share it.)
  private let fonts = Lock<[ExactString: Font]>([:])

  /// A parser of `reader`'s widgets, their texts looked up in `localization`.
  init(reader: DescriptionReader, localization: Localization?) {
    self.reader = reader
    self.localization = localization
  }

  /// Below this many children, reading them on one thread is cheaper than sharing the work.
  static let parallelThreshold = 256

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
    let allowed = Self.allowedKeys(kind)
    try reader.checkKeys(object, allowed: allowed.list, byLength: allowed.byLength, at: path())
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
      let nodes = try reader.array(children, at: join(path(), "children"))
      let inStack = kind == .stack || kind == .scrollView
      // A document nested no deeper than a worker may go needs no walk of the children.
      if nodes.count >= Self.parallelThreshold, ParallelLayout.processorCount > 1,
        reader.deepestNesting <= Self.parallelNesting
          || Self.nest(nodes, atMost: Self.parallelNesting)
      {
        description.children = try parallelChildren(
          nodes, at: DescriptionReader.join(path(), "children"), inStack: inStack)
      } else {
        for (index, child) in nodes.enumerated() {
          description.children.append(
            try widget(
              child, at: "\(DescriptionReader.join(path(), "children"))[\(index)]",
              inStack: inStack))
        }
      }
    }
    return description
  }

  /// The deepest nesting of arrays and objects in the children read on all cores.
  ///
  /// Each child is read by a recursion on a worker thread, whose stack is the system's
  /// default for threads (2 MiB when the stack has no limit), where the main thread's grows.
  /// A widget is two levels (its object and its children's array), so eight levels of
  /// widgets in each child.
  static let parallelNesting = 16

  /// Whether no node of `nodes` nests more than `levels` arrays and objects (each node
  /// itself is one level when it is one), found without recursion.
  static func nest(_ nodes: [JSONNode], atMost levels: Int) -> Bool {
    var pending: [(node: JSONNode, depth: Int)] = []
    for node in nodes {
      pending.append((node, 1))
      while let (node, depth) = pending.popLast() {
        switch node.value {
        case .array(let items):
          guard depth <= levels else { return false }
          for item in items { pending.append((item, depth + 1)) }
        case .object(let members):
          guard depth <= levels else { return false }
          for member in members { pending.append((member.value, depth + 1)) }
        case .null, .bool, .number, .string:
          continue
        }
      }
    }
    return true
  }

  /// The widgets of a long `children` array at `path`, in order, read on all cores: each
  /// core reads a consecutive run of them into their places in the result. (Out of line, so
  /// that its frame does not make every level of the serial recursion deeper.)
  ///
  /// The first error in the array's order is thrown, as reading them one by one throws it:
  /// the runs before the first that fails read without error.
  @inline(never)
  private func parallelChildren(_ nodes: [JSONNode], at path: String, inStack: Bool)
    throws(DescriptionError) -> [WidgetDescription]
  {
    // More runs than cores, so a core that finishes early takes another.
    let runCount = ParallelLayout.processorCount * 4
    let parser = self
    // Each run writes its descriptions straight into their places in the result: joined
    // from arrays of their own, every description (some forty fields) was copied again on
    // the calling thread. A run that fails leaves its places from the failure on empty.
    var failure: DescriptionError?
    let widgets = [WidgetDescription](unsafeUninitializedCapacity: nodes.count) {
      buffer, initialized in
      let places = EachOnOneThread(buffer)
      let runs = ParallelLayout.map(runCount) { run -> (made: Int, error: DescriptionError?) in
        let range = ParallelLayout.part(run, of: runCount, splitting: nodes.count)
        for index in range {
          do throws(DescriptionError) {
            // Made straight into its place: a description held first was copied there.
            places.value.initializeElement(
              at: index,
              to: try parser.widget(nodes[index], at: "\(path)[\(index)]", inStack: inStack))
          } catch {
            return (index - range.lowerBound, error)
          }
        }
        return (range.count, nil)
      }
      failure = runs.lazy.compactMap(\.error).first
      guard failure != nil else {
        initialized = nodes.count
        return
      }
      // The descriptions made before a failure are let go of; the result is empty.
      for (run, result) in runs.enumerated() {
        let start = ParallelLayout.part(run, of: runCount, splitting: nodes.count).lowerBound
        _ = places.value.extracting(start..<start + result.made).deinitialize()
      }
      initialized = 0
    }
    if let failure { throw failure }
    return widgets
  }

  /// The keys a widget of `kind` may have, in order (as an error names them) and by length.
  private static func allowedKeys(_ kind: WidgetKind) -> AllowedKeys {
    switch kind {
    case .view: viewKeys
    case .stack: stackWidgetKeys
    case .scrollView: scrollViewKeys
    case .spacer: spacerKeys
    case .label, .textView: labelKeys
    case .button: buttonKeys
    case .textField: textFieldKeys
    }
  }

  /// A widget kind's keys, in order and by their length in UTF-8 (all are ASCII).
  private struct AllowedKeys {
    let list: [String]
    let byLength: [[String]]

    init(_ list: [String]) {
      self.list = list
      var byLength = Array(repeating: [String](), count: 1 + (list.map(\.utf8.count).max() ?? 0))
      for key in list { byLength[key.utf8.count].append(key) }
      self.byLength = byLength
    }
  }

  // Each kind's keys, made once.
  private static let viewKeys = AllowedKeys(commonKeys)
  private static let stackWidgetKeys = AllowedKeys(commonKeys + stackKeys)
  private static let scrollViewKeys = AllowedKeys(commonKeys + scrollKeys)
  private static let spacerKeys = AllowedKeys(
    commonKeys.filter { $0 != "frame" && $0 != "children" })
  private static let labelKeys = AllowedKeys(commonKeys + textKeys + ["text"])
  private static let buttonKeys = AllowedKeys(commonKeys + textKeys + ["title"])
  private static let textFieldKeys = AllowedKeys(
    commonKeys + textKeys + ["text", "placeholder", "placeholderColor"])

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
    // Each pair checked in turn (an array of the pairs was made for every widget).
    func check(_ low: Double?, _ high: Double?, _ lowKey: String, _ highKey: String)
      throws(DescriptionError)
    {
      if let low, let high, low > high, let node = object.member(highKey) {
        throw reader.error(
          at: node, path: join(path(), highKey),
          "expected at least \(lowKey) (\(TextFormat.string(low))), found "
            + TextFormat.string(high))
      }
    }
    try check(limits.minWidth, limits.maxWidth, "minWidth", "maxWidth")
    try check(limits.minHeight, limits.maxHeight, "minHeight", "maxHeight")
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
    // Read into a value of four, not an array grown number by number.
    func number(_ index: Int) throws(DescriptionError) -> Double {
      try reader.number(items[index], at: "\(path())[\(index)]", nonNegative: index >= 2)
    }
    return Rect(x: try number(0), y: try number(1), width: try number(2), height: try number(3))
  }

  private func font(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> Font
  {
    let name = try reader.string(node, at: path(), kind: .name)
    let key = ExactString(name)
    if let known = fonts.withLock({ $0[key] }) { return known }
    do {
      let font = try Font(name)
      fonts.withLock { $0[key] = font }
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
}

/// `path` with `key` after it (``DescriptionReader/join(_:_:)``).
///
/// A function of its own rather than the parser's: the key paths are autoclosures, made only
/// when an error names them, and one that called a method of the parser captured a copy of
/// it, retaining each of its fields, for every key of every widget read.
func join(_ path: String, _ key: String) -> String {
  DescriptionReader.join(path, key)
}
