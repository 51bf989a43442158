import FontFitText
import FontFitWidgets

extension LayoutSnapshot {
  /// The JSON dump: `{"screens": [{"name", "width", "height", "scale", "root"}]}`, members
  /// in a fixed order, numbers rounded to 1/1000 point, two-space indentation.
  public var json: String { json(includingGlyphs: false) }

  /// The JSON dump, with each line box's glyph runs when `includingGlyphs` is set.
  public func json(includingGlyphs: Bool) -> String {
    let format = DumpFormat.json(includingGlyphs: includingGlyphs)
    return format.header
      + screens.enumerated().map { format.part(for: $1, at: $0) }.joined()
      + format.footer(screenCount: screens.count)
  }
}

extension ScreenSnapshot {
  /// This screen's JSON dump, as one element of ``LayoutSnapshot/json(includingGlyphs:)``'s
  /// `screens`, with each line box's glyph runs when `includingGlyphs` is set.
  public func json(includingGlyphs: Bool) -> String {
    streamedJSON(includingGlyphs: includingGlyphs, level: 0)
  }

  /// ``json(includingGlyphs:)`` nested `level` containers deep, written widget by widget
  /// with the serialiser's layout, without building the whole screen's JSON value first (for
  /// 10,000 labels, that value was ten times the text).
  func streamedJSON(includingGlyphs: Bool, level: Int) -> String {
    var output = TextOutput(reservingCapacity: 4096)
    appendStreamedJSON(includingGlyphs: includingGlyphs, level: level, to: &output)
    return output.string
  }

  /// Appends ``streamedJSON(includingGlyphs:level:)``.
  func appendStreamedJSON(includingGlyphs: Bool, level: Int, to output: inout TextOutput) {
    let screenObject = Self.appendOpening(screen: screen, locale: locale, level: level, to: &output)
    root.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 1)
    screenObject.close(in: &output)
  }

  /// Appends ``streamedJSON(includingGlyphs:level:)`` of the laid-out `tree`'s snapshot with
  /// its texts in `locale`, each widget snapshotted alone as it is written, so the tree's
  /// snapshot is never held whole.
  ///
  /// The tree is read from several threads at once when a widget has many children, so
  /// nothing may change it meanwhile.
  ///
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  static func appendStreamedJSON(
    of tree: View, locale: String?, includingGlyphs: Bool, level: Int,
    to output: inout TextOutput
  ) throws(SnapshotError) {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    let screenObject = appendOpening(
      screen: environment.screen, locale: locale, level: level, to: &output)
    try appendTreeJSON(tree, includingGlyphs: includingGlyphs, level: level + 1, to: &output)
    screenObject.close(in: &output)
  }

  /// Lays `tree` out on its environment's screen and appends
  /// ``appendStreamedJSON(of:locale:includingGlyphs:level:to:)`` of it, with each child's
  /// subtree written as soon as it is laid out, on the core that laid it out (see
  /// ``FontFitWidgets/View/layoutIfNeeded(sharing:start:readingChildren:)``); appends the
  /// widgets whose layout failed to `failures`, as ``FontFitWidgets/View/layoutFailures``
  /// lists them.
  ///
  /// - Returns: Whether the dump was written; false, having written nothing, when fit groups
  ///   were settled after the layout, so the laid-out tree is to be read again.
  /// - Throws: ``SnapshotError`` when the tree has no environment.
  static func layOutAndAppendStreamedJSON(
    of tree: View, locale: String?, includingGlyphs: Bool, level: Int,
    sharing: View.CoreSharing, discardingLayouts: Bool, to output: inout TextOutput,
    failures: inout [String]
  ) throws(SnapshotError) -> Bool {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    let rootLevel = level + 1
    let runs = ChildrenPart.layOut(
      tree, sharing: sharing, discardingLayouts: discardingLayouts
    ) { (child, position, output) throws(SnapshotError) in
      output.appendElementStart(
        afterOther: position > 0, indentation: 2 * (rootLevel + 2), key: nil)
      try appendTreeJSON(
        child, includingGlyphs: includingGlyphs, level: rootLevel + 2, to: &output)
    }
    guard let runs else { return false }
    let screenObject = appendOpening(
      screen: environment.screen, locale: locale, level: level, to: &output)
    let root = try WidgetSnapshot(leaf: tree, includingGlyphs: includingGlyphs).appendOpening(
      to: &output, includingGlyphs: includingGlyphs, level: rootLevel)
    tree.appendOwnLayoutFailure(to: &failures)
    if tree.children.isEmpty {
      output += "[]"
    } else {
      output += "["
      try ChildrenPart.join(runs, to: &output, failures: &failures)
      output.appendLineStart(indentation: 2 * (rootLevel + 1))
      output += "]"
    }
    root.close(in: &output)
    screenObject.close(in: &output)
    // The children let go of theirs as they were written.
    if discardingLayouts { tree.discardOwnLayout() }
    return true
  }

  /// Appends the screen's object, its texts in `locale`, up to its root's value; returns the
  /// object, for the root's writer to close.
  private static func appendOpening(
    screen: Screen, locale: String?, level: Int, to output: inout TextOutput
  ) -> JSONContainer {
    var object = JSONContainer.object(level: level, in: &output)
    object.member("name", screen.name, in: &output)
    object.member("width", number: screen.width, in: &output)
    object.member("height", number: screen.height, in: &output)
    object.member("scale", number: screen.scale, in: &output)
    object.member("dpi", number: screen.dpi, in: &output)
    if let locale { object.member("locale", locale, in: &output) }
    object.key("root", in: &output)
    return object
  }
}

/// Appends `view`'s JSON and its subtree's, nested `level` containers deep, each widget
/// snapshotted alone as it is written.
private func appendTreeJSON(
  _ view: View, includingGlyphs: Bool, level: Int, to output: inout TextOutput
) throws(SnapshotError) {
  let widget = try WidgetSnapshot(leaf: view, includingGlyphs: includingGlyphs).appendOpening(
    to: &output, includingGlyphs: includingGlyphs, level: level)
  let children = view.children
  if children.isEmpty {
    output += "[]"
  } else {
    try appendChildren(children, level: level, to: &output) {
      (child, output) throws(SnapshotError) in
      try appendTreeJSON(child, includingGlyphs: includingGlyphs, level: level + 2, to: &output)
    }
  }
  widget.close(in: &output)
}

/// Appends the array of the `children` of a widget's object at `level`, each written by
/// `write` (on all cores when there are many: see ``ParallelAppend``), laid out as
/// ``JSONContainer`` lays out an array.
///
/// `children` is not empty: a widget without children writes `[]` itself, without making
/// `write` (a closure that escapes to the cores, made for every widget otherwise).
private func appendChildren<Child, Failure: Error>(
  _ children: [Child], level: Int, to output: inout TextOutput,
  _ write: @escaping @Sendable (Child, inout TextOutput) throws(Failure) -> Void
) throws(Failure) {
  precondition(!children.isEmpty, "no children to write")
  output += "["
  // A run of children written on another core does not know the elements before it, so each
  // element is told its place.
  try ParallelAppend.forEach(children, to: &output) {
    (child, position, output) throws(Failure) in
    output.appendElementStart(afterOther: position > 0, indentation: 2 * (level + 2), key: nil)
    try write(child, &output)
  }
  output.appendLineStart(indentation: 2 * (level + 1))
  output += "]"
}

extension WidgetSnapshot {
  /// Appends this widget's JSON, nested `level` containers deep, one widget at a time.
  fileprivate func appendJSON(to output: inout TextOutput, includingGlyphs: Bool, level: Int) {
    let widget = appendOpening(to: &output, includingGlyphs: includingGlyphs, level: level)
    if children.isEmpty {
      output += "[]"
    } else {
      appendChildren(children, level: level, to: &output) { child, output in
        child.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 2)
      }
    }
    widget.close(in: &output)
  }

  /// Appends this widget's object, nested `level` containers deep, up to its children's
  /// value.
  ///
  /// Its members are written straight into `output`, none built as a ``JSONOutput``.
  /// Returns the object, for the children's writer to close.
  fileprivate func appendOpening(
    to output: inout TextOutput, includingGlyphs: Bool, level: Int
  ) -> JSONContainer {
    var widget = JSONContainer.object(level: level, in: &output)
    widget.member("type", kind.rawValue, in: &output)
    widget.member("id", id, in: &output)
    widget.key("frame", in: &output)
    var box = JSONContainer.object(level: widget.inner, in: &output)
    box.member("x", rounded: frame.x, in: &output)
    box.member("y", rounded: frame.y, in: &output)
    box.member("width", rounded: frame.width, in: &output)
    box.member("height", rounded: frame.height, in: &output)
    box.close(in: &output)
    text?.appendJSONMembers(
      to: &widget, in: &output, isTextView: kind == .textView, includingGlyphs: includingGlyphs)
    widget.key("children", in: &output)
    return widget
  }
}

extension FailureSnapshot {
  /// Appends `{"kind", "needed", "available"}` of `failure`, nested `level` containers deep,
  /// or `null` for none.
  fileprivate static func appendJSON(
    _ failure: FailureSnapshot?, level: Int, to output: inout TextOutput
  ) {
    guard let failure else {
      output += "null"
      return
    }
    var object = JSONContainer.object(level: level, in: &output)
    object.member("kind", failure.kind.rawValue, in: &output)
    object.member("needed", rounded: failure.needed, in: &output)
    object.member("available", rounded: failure.available, in: &output)
    object.close(in: &output)
  }
}

extension TextSnapshot {
  /// Appends the text's members to `widget`, its widget's object.
  fileprivate func appendJSONMembers(
    to widget: inout JSONContainer, in output: inout TextOutput, isTextView: Bool,
    includingGlyphs: Bool
  ) {
    widget.key("font", in: &output)
    var fontObject = JSONContainer.object(level: widget.inner, in: &output)
    fontObject.member("requested", font.requested, in: &output)
    fontObject.member("family", font.family, in: &output)
    fontObject.member("style", font.style, in: &output)
    fontObject.member("file", font.file, in: &output)
    fontObject.member("substituted", font.substituted, in: &output)
    fontObject.member("designSize", rounded: font.designSize, in: &output)
    fontObject.member("adaptedSize", rounded: font.adaptedSize, in: &output)
    fontObject.member("size", rounded: font.size, in: &output)
    fontObject.member("pixelSize", rounded: font.pixelSize, in: &output)
    fontObject.key("pipeline", in: &output)
    var stages = JSONContainer.array(level: fontObject.inner, in: &output)
    for stage in font.pipeline {
      stages.element(in: &output)
      stage.appendJSON(level: stages.inner, to: &output)
    }
    stages.close(in: &output)
    if let fitGroup { fontObject.member("group", fitGroup, in: &output) }
    fontObject.close(in: &output)
    widget.member("text", text, in: &output)
    if let markup { widget.member("markup", markup, in: &output) }
    if !runs.isEmpty {
      widget.key("runs", in: &output)
      StyleRunSnapshot.appendJSON(runs, level: widget.inner, to: &output)
    }
    if let placeholder { widget.member("placeholder", placeholder, in: &output) }
    widget.member("color", color, in: &output)
    if let placeholderColor { widget.member("placeholderColor", placeholderColor, in: &output) }
    widget.member("lines", strings: lines, in: &output)
    if !lineStyles.isEmpty {
      widget.key("lineStyles", in: &output)
      var list = JSONContainer.array(level: widget.inner, in: &output)
      for styles in lineStyles {
        list.element(in: &output)
        StyleRunSnapshot.appendJSON(styles, level: list.inner, to: &output)
      }
      list.close(in: &output)
    }
    widget.key("lineBoxes", in: &output)
    var boxes = JSONContainer.array(level: widget.inner, in: &output)
    for box in lineBoxes {
      boxes.element(in: &output)
      box.appendJSON(level: boxes.inner, includingGlyphs: includingGlyphs, to: &output)
    }
    boxes.close(in: &output)
    widget.key("textSize", in: &output)
    var size = JSONContainer.object(level: widget.inner, in: &output)
    size.member("width", rounded: textSize.width, in: &output)
    size.member("height", rounded: textSize.height, in: &output)
    size.close(in: &output)
    if isTextView { widget.member("contentHeight", rounded: textSize.height, in: &output) }
    widget.member("fits", fits, in: &output)
    widget.key("failure", in: &output)
    FailureSnapshot.appendJSON(failure, level: widget.inner, to: &output)
    widget.member("hiddenCharacters", integer: hiddenCharacters, in: &output)
    widget.member("breaksWords", breaksWords, in: &output)
    widget.member("fonts", strings: fonts, in: &output)
    widget.key("missingCharacters", in: &output)
    var missing = JSONContainer.object(level: widget.inner, in: &output)
    missing.member("count", integer: missingCharacters.count, in: &output)
    missing.member("first", strings: missingCharacters.prefix(5), in: &output)
    missing.close(in: &output)
    if let rejectedText {
      widget.member("rejectedText", rejectedText, in: &output)
      widget.key("rejectionFailure", in: &output)
      FailureSnapshot.appendJSON(rejectionFailure, level: widget.inner, to: &output)
    }
    if let error { widget.member("error", error, in: &output) }
  }
}

extension SizeStage {
  /// Appends `{"stage", "size", "detail"}` nested `level` containers deep; a fit that a
  /// group capped has the detail `group NAME`.
  fileprivate func appendJSON(level: Int, to output: inout TextOutput) {
    var object = JSONContainer.object(level: level, in: &output)
    object.member("stage", kind.rawValue, in: &output)
    object.member("size", rounded: size, in: &output)
    object.key("detail", in: &output)
    output.appendQuotedDetail(of: self)
    object.close(in: &output)
  }
}

extension LineBoxSnapshot {
  /// Appends the line box's object nested `level` containers deep, with its glyph runs
  /// when `includingGlyphs` is set.
  fileprivate func appendJSON(level: Int, includingGlyphs: Bool, to output: inout TextOutput) {
    var object = JSONContainer.object(level: level, in: &output)
    object.member("x", rounded: x, in: &output)
    object.member("y", rounded: y, in: &output)
    object.member("width", rounded: width, in: &output)
    object.member("height", rounded: height, in: &output)
    object.member("baseline", rounded: baseline, in: &output)
    object.member("direction", direction.rawValue, in: &output)
    if includingGlyphs {
      object.key("runs", in: &output)
      var list = JSONContainer.array(level: object.inner, in: &output)
      for run in runs {
        list.element(in: &output)
        run.appendJSON(level: list.inner, to: &output)
      }
      list.close(in: &output)
    }
    object.close(in: &output)
  }
}

extension GlyphRunSnapshot {
  /// Appends the run's object nested `level` containers deep.
  fileprivate func appendJSON(level: Int, to output: inout TextOutput) {
    var object = JSONContainer.object(level: level, in: &output)
    object.member("font", font, in: &output)
    object.member("file", file, in: &output)
    object.member("faceIndex", integer: faceIndex, in: &output)
    object.member("size", rounded: size, in: &output)
    object.key("glyphs", in: &output)
    var list = JSONContainer.array(level: object.inner, in: &output)
    for glyph in glyphs {
      list.element(in: &output)
      var member = JSONContainer.object(level: list.inner, in: &output)
      member.member("id", integer: Int(glyph.id), in: &output)
      member.member("x", rounded: glyph.x, in: &output)
      member.member("y", rounded: glyph.y, in: &output)
      member.member("advance", rounded: glyph.advance, in: &output)
      member.key("cluster", in: &output)
      if let cluster = glyph.cluster {
        output.append(integer: cluster)
      } else {
        output += "null"
      }
      member.close(in: &output)
    }
    list.close(in: &output)
    object.close(in: &output)
  }
}

extension StyleRunSnapshot {
  /// Appends the array of `runs`, each `{"start", "end", "text", "style"}`, nested `level`
  /// containers deep.
  fileprivate static func appendJSON(
    _ runs: [StyleRunSnapshot], level: Int, to output: inout TextOutput
  ) {
    var list = JSONContainer.array(level: level, in: &output)
    for run in runs {
      list.element(in: &output)
      var object = JSONContainer.object(level: list.inner, in: &output)
      object.member("start", integer: run.start, in: &output)
      object.member("end", integer: run.end, in: &output)
      object.member("text", run.text, in: &output)
      object.key("style", in: &output)
      run.style.appendJSON(level: object.inner, to: &output)
      object.close(in: &output)
    }
    list.close(in: &output)
  }
}

extension StyleSnapshot {
  /// Appends the object of the fields set, nested `level` containers deep.
  fileprivate func appendJSON(level: Int, to output: inout TextOutput) {
    var object = JSONContainer.object(level: level, in: &output)
    if let families { object.member("families", families, in: &output) }
    if let weight { object.member("weight", weight, in: &output) }
    if let slant { object.member("slant", slant, in: &output) }
    if let scale { object.member("scale", number: scale, in: &output) }
    if let points { object.member("points", number: points, in: &output) }
    if let scripts { object.member("scripts", strings: scripts, in: &output) }
    if let rise { object.member("rise", number: rise, in: &output) }
    if let language { object.member("language", language, in: &output) }
    if let color { object.member("color", color, in: &output) }
    if let opacity { object.member("opacity", integer: opacity, in: &output) }
    if let background { object.member("background", background, in: &output) }
    if let underline { object.member("underline", underline, in: &output) }
    if let underlineColor { object.member("underlineColor", underlineColor, in: &output) }
    if let strikethrough { object.member("strikethrough", strikethrough, in: &output) }
    if let strikethroughColor {
      object.member("strikethroughColor", strikethroughColor, in: &output)
    }
    object.close(in: &output)
  }
}

/// A JSON object or array being written straight into a ``TextOutput``.
///
/// It is pretty-printed as ``JSONOutput`` writes it with two-space indentation: each member
/// or element on its own line, `": "` after keys, `{}` and `[]` when empty. A dump writes its
/// widgets this way rather than building each as a ``JSONOutput`` and freeing it again,
/// which cost more than writing the bytes.
struct JSONContainer {
  /// How many containers deep it is nested.
  private let level: Int
  /// `}` or `]`.
  private let closing: UInt8
  /// Whether no member or element was started.
  private var isEmpty = true

  private init(level: Int, opening: UInt8, closing: UInt8, output: inout TextOutput) {
    self.level = level
    self.closing = closing
    output.append(byte: opening)
  }

  /// Opens an object nested `level` containers deep.
  static func object(level: Int, in output: inout TextOutput) -> JSONContainer {
    JSONContainer(
      level: level, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), output: &output)
  }

  /// Opens an array nested `level` containers deep.
  static func array(level: Int, in output: inout TextOutput) -> JSONContainer {
    JSONContainer(
      level: level, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), output: &output)
  }

  /// The level of the values inside it.
  var inner: Int { level + 1 }

  /// Starts the next element of an array; its value follows.
  mutating func element(in output: inout TextOutput) {
    output.appendElementStart(afterOther: !isEmpty, indentation: 2 * inner, key: nil)
    isEmpty = false
  }

  /// Starts the member `key` of an object (plain ASCII, written as it is); its value follows.
  mutating func key(_ key: StaticString, in output: inout TextOutput) {
    output.appendElementStart(afterOther: !isEmpty, indentation: 2 * inner, key: key)
    isEmpty = false
  }

  /// Writes the member `key` with a string.
  mutating func member(_ key: StaticString, _ value: String, in output: inout TextOutput) {
    self.key(key, in: &output)
    output.appendQuoted(value)
  }

  /// Writes the member `key` with `true` or `false`.
  mutating func member(_ key: StaticString, _ value: Bool, in output: inout TextOutput) {
    self.key(key, in: &output)
    output += value ? "true" : "false"
  }

  /// Writes the member `key` with a whole number.
  mutating func member(_ key: StaticString, integer value: Int, in output: inout TextOutput) {
    self.key(key, in: &output)
    output.append(integer: value)
  }

  /// Writes the member `key` with a number as it is (`null` when not finite).
  mutating func member(_ key: StaticString, number value: Double, in output: inout TextOutput) {
    self.key(key, in: &output)
    output.appendJSON(value)
  }

  /// Writes the member `key` with a number rounded to 1/1000, or `null` for nil.
  mutating func member(_ key: StaticString, rounded value: Double?, in output: inout TextOutput) {
    self.key(key, in: &output)
    if let value {
      output.appendJSON(TextFormat.rounded(value, fractionDigits: 3))
    } else {
      output += "null"
    }
  }

  /// Writes the member `key` with an array of strings.
  mutating func member(
    _ key: StaticString, strings: some Collection<String>, in output: inout TextOutput
  ) {
    self.key(key, in: &output)
    var list = JSONContainer.array(level: inner, in: &output)
    for string in strings {
      list.element(in: &output)
      output.appendQuoted(string)
    }
    list.close(in: &output)
  }

  /// Closes it.
  func close(in output: inout TextOutput) {
    if !isEmpty {
      output.appendLineStart(indentation: 2 * level)
    }
    output.append(byte: closing)
  }
}
