import FontKit
import TextLayout

/// Writes widget trees as text or JSON, the same way every time for the same layout.
public enum TreeDump {
  /// The text dump of `tree` on its screen: a heading line, then one indented line per widget.
  ///
  /// ```
  /// iPhone 6 375×667 @2x
  ///   View root [0, 0, 375, 667]
  ///     Label title [23.438, 46.972, 328.125, 70.458] DejaVu Sans Book 17→19→15.5pt 3 lines fits "…"
  /// ```
  public static func text(_ tree: View) -> String {
    var lines: [String] = []
    if let screen = tree.environment?.screen { lines.append(screen.description) }
    appendText(tree, depth: 1, to: &lines)
    return lines.joined(separator: "\n")
  }

  private static func appendText(_ view: View, depth: Int, to lines: inout [String]) {
    var line = String(repeating: "  ", count: depth) + view.typeName
    if !view.id.isEmpty { line += " \(view.id)" }
    line += " \(view.screenFrame)"
    if let widget = view as? TextWidget { line += " " + textSummary(widget) }
    lines.append(line)
    for child in view.children { appendText(child, depth: depth + 1, to: &lines) }
  }

  private static func textSummary(_ widget: TextWidget) -> String {
    guard let result = widget.fitResult else {
      return "layout failed: \(widget.layoutError.map { "\($0)" } ?? "no environment")"
    }
    var parts = [
      "\(fontName(widget)) \(format(widget.font.pointSize))→\(format(widget.adaptedFont.pointSize))"
        + "→\(format(result.pointSize))pt",
      result.lines.count == 1 ? "1 line" : "\(result.lines.count) lines",
    ]
    if let rejection = widget.rejection {
      let reason = rejection.result.failure.map { " (\($0))" } ?? ""
      parts.append("rejected \(quoted(excerpt(rejection.text)))\(reason), kept the previous text")
    } else if widget.overflow == .scroll, case .tooTall = result.failure {
      parts.append("scrolls (content \(format(result.textSize.height))pt tall)")
    } else if let failure = result.failure {
      parts.append("overflows (\(failure))")
    } else {
      parts.append("fits")
    }
    if result.block.hiddenCharacterCount > 0 {
      parts.append("\(result.block.hiddenCharacterCount) characters hidden")
    }
    if result.fonts.count > 1 || result.fonts.first != widget.resolvedFont?.displayName {
      parts.append("fonts: \(result.fonts.joined(separator: " + "))")
    }
    if !result.missingCharacters.isEmpty {
      parts.append("missing glyphs: \(missingSummary(result.missingCharacters))")
    }
    let shown = result.lines.map(\.text).joined(separator: " ⏎ ")
    parts.append(quoted(excerpt(shown)))
    return parts.joined(separator: " · ")
  }

  private static func fontName(_ widget: TextWidget) -> String {
    guard let resolved = widget.resolvedFont else { return widget.font.family }
    let name = resolved.displayName
    return resolved.isSubstitution ? "\(name) (for \(widget.font.family))" : name
  }

  /// `3 (U+1F600 U+1F601 U+1F602)`: how many characters no font covers, and the first few.
  static func missingSummary(_ scalars: [Unicode.Scalar]) -> String {
    let first = scalars.prefix(5).map(codePoint).joined(separator: " ")
    return "\(scalars.count) (\(first)\(scalars.count > 5 ? " …" : ""))"
  }

  /// `U+4E2D`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The first 48 characters of `text`, with "…" when there is more.
  static func excerpt(_ text: String, limit: Int = 48) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// The JSON dump of trees on several screens: `{"screens": [{"name", "width", "height",
  /// "scale", "root"}]}`.
  public static func json(_ trees: [View]) -> String {
    let screens: [JSONOutput] = trees.map { tree in
      let screen = tree.environment?.screen
      return .object([
        ("name", .string(screen?.name ?? "")),
        ("width", .number(screen?.width ?? 0)),
        ("height", .number(screen?.height ?? 0)),
        ("scale", .number(screen?.scale ?? 1)),
        ("root", widgetJSON(tree)),
      ])
    }
    return JSONOutput.object([("screens", .array(screens))]).serialized(indent: 2)
  }

  private static func number(_ value: Double) -> JSONOutput {
    .number((value * 1000).rounded() / 1000)
  }

  private static func widgetJSON(_ view: View) -> JSONOutput {
    let frame = view.screenFrame
    var members: [(String, JSONOutput)] = [
      ("type", .string(view.typeName)),
      ("id", .string(view.id)),
      (
        "frame",
        .object([
          ("x", number(frame.x)), ("y", number(frame.y)), ("width", number(frame.width)),
          ("height", number(frame.height)),
        ])
      ),
    ]
    if let widget = view as? TextWidget { members += textJSON(widget) }
    members.append(("children", .array(view.children.map(widgetJSON))))
    return .object(members)
  }

  private static func textJSON(_ widget: TextWidget) -> [(String, JSONOutput)] {
    let resolved = widget.resolvedFont
    let result = widget.fitResult
    var font: [(String, JSONOutput)] = [
      ("requested", .string(widget.font.description)),
      ("family", .string(resolved?.family ?? "")),
      ("style", .string(resolved?.style ?? "")),
      ("file", .string(resolved?.file ?? "")),
      ("substituted", .bool(resolved?.isSubstitution ?? false)),
      ("designSize", number(widget.font.pointSize)),
      ("adaptedSize", number(widget.adaptedFont.pointSize)),
    ]
    font.append(("size", result.map { number($0.pointSize) } ?? .null))
    var members: [(String, JSONOutput)] = [
      ("font", .object(font)),
      ("text", .string(widget.text)),
      ("lines", .array((result?.lines ?? []).map { .string($0.text) })),
      (
        "textSize",
        .object([
          ("width", number(result?.textSize.width ?? 0)),
          ("height", number(result?.textSize.height ?? 0)),
        ])
      ),
      ("fits", .bool(result?.fits ?? false)),
      ("failure", result?.failure.map { .string($0.description) } ?? .null),
      ("hiddenCharacters", .number(Double(result?.block.hiddenCharacterCount ?? 0))),
      ("fonts", .array((result?.fonts ?? []).map { .string($0) })),
      (
        "missingCharacters",
        .object([
          ("count", .number(Double(result?.missingCharacters.count ?? 0))),
          (
            "first",
            .array(
              (result?.missingCharacters ?? []).prefix(5).map {
                .string(codePoint($0))
              })
          ),
        ])
      ),
    ]
    if let field = widget as? TextField {
      members.insert(("placeholder", .string(field.placeholder)), at: 2)
    }
    if let rejection = widget.rejection {
      members.append(("rejectedText", .string(rejection.text)))
      members.append(
        ("rejectionFailure", rejection.result.failure.map { .string($0.description) } ?? .null))
    }
    if let error = widget.layoutError {
      members.append(("error", .string("\(error)")))
    }
    return members
  }
}
