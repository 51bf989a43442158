import FontFitText
import FontFitWidgets

extension LayoutSnapshot {
  /// The JSON dump: `{"screens": [{"name", "width", "height", "scale", "root"}]}`, members
  /// in a fixed order, numbers rounded to 1/1000 point, two-space indentation.
  public var json: String {
    JSONOutput.object([("screens", .array(screens.map(\.jsonOutput)))]).serialized(indent: 2)
  }
}

extension ScreenSnapshot {
  fileprivate var jsonOutput: JSONOutput {
    .object([
      ("name", .string(screen.name)),
      ("width", .number(screen.width)),
      ("height", .number(screen.height)),
      ("scale", .number(screen.scale)),
      ("root", root.jsonOutput),
    ])
  }
}

/// `value` rounded to 1/1000 point.
private func rounded(_ value: Double) -> JSONOutput {
  .number(TextFormat.rounded(value, fractionDigits: 3))
}

extension WidgetSnapshot {
  fileprivate var jsonOutput: JSONOutput {
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
    if let text { members += text.jsonMembers(isTextView: kind == .textView) }
    members.append(("children", .array(children.map(\.jsonOutput))))
    return .object(members)
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
  fileprivate func jsonMembers(isTextView: Bool) -> [(String, JSONOutput)] {
    var members: [(String, JSONOutput)] = [
      (
        "font",
        .object([
          ("requested", .string(font.requested)),
          ("family", .string(font.family)),
          ("style", .string(font.style)),
          ("file", .string(font.file)),
          ("substituted", .bool(font.substituted)),
          ("designSize", rounded(font.designSize)),
          ("adaptedSize", rounded(font.adaptedSize)),
          ("size", font.size.map(rounded) ?? .null),
        ])
      ),
      ("text", .string(text)),
    ]
    if let placeholder { members.append(("placeholder", .string(placeholder))) }
    members += [
      ("lines", .array(lines.map { .string($0) })),
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
