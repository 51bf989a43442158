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

  /// The members of `screen`'s object but its root, its texts in `locale`.
  private static func members(screen: Screen, locale: String?) -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = [
      ("name", .string(screen.name)),
      ("width", .number(screen.width)),
      ("height", .number(screen.height)),
      ("scale", .number(screen.scale)),
      ("dpi", .number(screen.dpi)),
    ]
    if let locale { members.append(("locale", .string(locale))) }
    return members
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
    Self.appendOpening(screen: screen, locale: locale, level: level, to: &output)
    root.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 1)
    output += JSONStream.close(level: level)
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
    appendOpening(screen: environment.screen, locale: locale, level: level, to: &output)
    try appendTreeJSON(tree, includingGlyphs: includingGlyphs, level: level + 1, to: &output)
    output += JSONStream.close(level: level)
  }

  /// Appends the screen's object up to its root's value.
  private static func appendOpening(
    screen: Screen, locale: String?, level: Int, to output: inout TextOutput
  ) {
    JSONOutput.object(members(screen: screen, locale: locale))
      .write(to: &output, indent: 2, level: level)
    JSONStream.reopen(&output, level: level)
    output += JSONStream.memberStart("root", level: level)
  }
}

/// Appends `view`'s JSON and its subtree's, nested `level` containers deep, each widget
/// snapshotted alone as it is written.
private func appendTreeJSON(
  _ view: View, includingGlyphs: Bool, level: Int, to output: inout TextOutput
) throws(SnapshotError) {
  try WidgetSnapshot(leaf: view, includingGlyphs: includingGlyphs).appendOpening(
    to: &output, includingGlyphs: includingGlyphs, level: level)
  try JSONStream.appendChildren(view.children, level: level, to: &output) {
    (child, output) throws(SnapshotError) in
    try appendTreeJSON(child, includingGlyphs: includingGlyphs, level: level + 2, to: &output)
  }
  output += JSONStream.close(level: level)
}

/// Splicing of pretty-printed objects (two-space indentation), so that a tree's JSON can be
/// written node by node.
private enum JSONStream {
  /// Spaces for `level`.
  static func indentation(_ level: Int) -> String {
    String(repeating: " ", count: 2 * level)
  }

  /// The closing line of an object at `level` with members.
  static func close(level: Int) -> String {
    "\n" + indentation(level) + "}"
  }

  /// Removes the closing line of `object`, a serialised object with members at `level`, so
  /// more members can follow.
  static func reopen(_ object: inout TextOutput, level: Int) {
    object.removeLast(close(level: level).utf8.count)
  }

  /// What starts another member `key` of an object at `level` that already has members.
  static func memberStart(_ key: String, level: Int) -> String {
    ",\n" + indentation(level + 1) + "\"" + key + "\": "
  }

  /// Appends the array of an object's `children` at `level`, each written by `write` (on
  /// all cores when there are many: see ``ParallelAppend``).
  static func appendChildren<Child, Failure: Error>(
    _ children: [Child], level: Int, to output: inout TextOutput,
    _ write: @escaping @Sendable (Child, inout TextOutput) throws(Failure) -> Void
  ) throws(Failure) {
    guard !children.isEmpty else {
      output += "[]"
      return
    }
    output += "["
    let childIndentation = indentation(level + 2)
    try ParallelAppend.forEach(children, to: &output) {
      (child, position, output) throws(Failure) in
      output += position > 0 ? ",\n" : "\n"
      output += childIndentation
      try write(child, &output)
    }
    output += "\n"
    output += indentation(level + 1)
    output += "]"
  }
}

/// `value` rounded to 1/1000 point.
private func rounded(_ value: Double) -> JSONOutput {
  .number(TextFormat.rounded(value, fractionDigits: 3))
}

extension WidgetSnapshot {
  /// The widget's members but its children.
  private func ownMembers(includingGlyphs: Bool) -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = [
      ("type", .string(kind.rawValue)),
      ("id", .string(id)),
      (
        "frame",
        .object([
          ("x", rounded(frame.x)), ("y", rounded(frame.y)), ("width", rounded(frame.width)),
          ("height", rounded(frame.height)),
        ])
      ),
    ]
    if let text {
      members += text.jsonMembers(isTextView: kind == .textView, includingGlyphs: includingGlyphs)
    }
    return members
  }

  /// Appends this widget's JSON, nested `level` containers deep, one widget at a time.
  fileprivate func appendJSON(to output: inout TextOutput, includingGlyphs: Bool, level: Int) {
    appendOpening(to: &output, includingGlyphs: includingGlyphs, level: level)
    JSONStream.appendChildren(children, level: level, to: &output) { child, output in
      child.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 2)
    }
    output += JSONStream.close(level: level)
  }

  /// Appends this widget's object, nested `level` containers deep, up to its children's
  /// value.
  fileprivate func appendOpening(to output: inout TextOutput, includingGlyphs: Bool, level: Int) {
    JSONOutput.object(ownMembers(includingGlyphs: includingGlyphs))
      .write(to: &output, indent: 2, level: level)
    JSONStream.reopen(&output, level: level)
    output += JSONStream.memberStart("children", level: level)
  }
}

extension FailureSnapshot {
  fileprivate var jsonOutput: JSONOutput {
    .object([
      ("kind", .string(kind.rawValue)),
      ("needed", rounded(needed)),
      ("available", rounded(available)),
    ])
  }
}

extension TextSnapshot {
  fileprivate func jsonMembers(isTextView: Bool, includingGlyphs: Bool) -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = [
      (
        "font",
        .object(
          [
            ("requested", .string(font.requested)),
            ("family", .string(font.family)),
            ("style", .string(font.style)),
            ("file", .string(font.file)),
            ("substituted", .bool(font.substituted)),
            ("designSize", rounded(font.designSize)),
            ("adaptedSize", rounded(font.adaptedSize)),
            ("size", font.size.map(rounded) ?? .null),
            ("pixelSize", font.pixelSize.map(rounded) ?? .null),
            ("pipeline", .array(font.pipeline.map(\.jsonOutput))),
          ] + (fitGroup.map { [("group", .string($0))] } ?? []))
      ),
      ("text", .string(text)),
    ]
    if let markup { members.append(("markup", .string(markup))) }
    if !runs.isEmpty { members.append(("runs", .array(runs.map(\.jsonOutput)))) }
    if let placeholder { members.append(("placeholder", .string(placeholder))) }
    members.append(("color", .string(color)))
    if let placeholderColor { members.append(("placeholderColor", .string(placeholderColor))) }
    members += [
      ("lines", .array(lines.map { .string($0) }))
    ]
    if !lineStyles.isEmpty {
      members.append(
        ("lineStyles", .array(lineStyles.map { .array($0.map(\.jsonOutput)) })))
    }
    members += [
      ("lineBoxes", .array(lineBoxes.map { $0.jsonOutput(includingGlyphs: includingGlyphs) })),
      (
        "textSize",
        .object([("width", rounded(textSize.width)), ("height", rounded(textSize.height))])
      ),
    ]
    if isTextView { members.append(("contentHeight", rounded(textSize.height))) }
    members += [
      ("fits", .bool(fits)),
      ("failure", failure?.jsonOutput ?? .null),
      ("hiddenCharacters", .number(Double(hiddenCharacters))),
      ("breaksWords", .bool(breaksWords)),
      ("fonts", .array(fonts.map { .string($0) })),
      (
        "missingCharacters",
        .object([
          ("count", .number(Double(missingCharacters.count))),
          ("first", .array(missingCharacters.prefix(5).map { .string($0) })),
        ])
      ),
    ]
    if let rejectedText {
      members.append(("rejectedText", .string(rejectedText)))
      members.append(("rejectionFailure", rejectionFailure?.jsonOutput ?? .null))
    }
    if let error { members.append(("error", .string(error))) }
    return members
  }
}

extension SizeStage {
  /// `{"stage", "size", "detail"}`; a fit that a group capped has the detail `group NAME`.
  fileprivate var jsonOutput: JSONOutput {
    .object([
      ("stage", .string(kind.rawValue)), ("size", rounded(size)), ("detail", .string(detail)),
    ])
  }
}

extension LineBoxSnapshot {
  fileprivate func jsonOutput(includingGlyphs: Bool) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("x", rounded(x)), ("y", rounded(y)), ("width", rounded(width)),
      ("height", rounded(height)), ("baseline", rounded(baseline)),
      ("direction", .string(direction.rawValue)),
    ]
    if includingGlyphs { members.append(("runs", .array(runs.map(\.jsonOutput)))) }
    return .object(members)
  }
}

extension GlyphRunSnapshot {
  fileprivate var jsonOutput: JSONOutput {
    .object([
      ("font", .string(font)), ("file", .string(file)), ("faceIndex", .number(Double(faceIndex))),
      ("size", rounded(size)),
      (
        "glyphs",
        .array(
          glyphs.map { glyph in
            .object([
              ("id", .number(Double(glyph.id))), ("x", rounded(glyph.x)), ("y", rounded(glyph.y)),
              ("advance", rounded(glyph.advance)),
              ("cluster", glyph.cluster.map { .number(Double($0)) } ?? .null),
            ])
          })
      ),
    ])
  }
}
