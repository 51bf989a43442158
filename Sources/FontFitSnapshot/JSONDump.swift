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

  /// The screen's members but its root.
  private var ownMembers: [(String, JSONOutput)] {
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
    JSONOutput.object(ownMembers).write(to: &output, indent: 2, level: level)
    JSONStream.reopen(&output, level: level)
    output += JSONStream.memberStart("root", level: level)
    root.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 1)
    output += JSONStream.close(level: level)
  }
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
    JSONOutput.object(ownMembers(includingGlyphs: includingGlyphs))
      .write(to: &output, indent: 2, level: level)
    JSONStream.reopen(&output, level: level)
    output += JSONStream.memberStart("children", level: level)
    if children.isEmpty {
      output += "[]"
    } else {
      output += "["
      let indentation = JSONStream.indentation(level + 2)
      ParallelAppend.forEach(children, to: &output) { child, position, output in
        output += position > 0 ? ",\n" : "\n"
        output += indentation
        child.appendJSON(to: &output, includingGlyphs: includingGlyphs, level: level + 2)
      }
      output += "\n"
      output += JSONStream.indentation(level + 1)
      output += "]"
    }
    output += JSONStream.close(level: level)
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
