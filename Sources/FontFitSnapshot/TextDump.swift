import FontFitText
import FontFitWidgets

extension LayoutSnapshot {
  /// The text dump: per screen a heading line, then one indented line per widget; screens are
  /// separated by a blank line.
  ///
  /// ```
  /// iPhone 6 375×667 @2x
  ///   View root [0, 0, 375, 667]
  ///     Label title [23.438, 46.972, 328.125, 70.458] DejaVu Sans Book 17→19→15.5pt · 3 lines · fits · "…"
  /// ```
  public var text: String {
    screens.map(\.text).joined(separator: "\n\n")
  }
}

extension ScreenSnapshot {
  /// The text dump of this screen.
  public var text: String {
    var lines = [screen.summary]
    root.appendText(depth: 1, to: &lines)
    return lines.joined(separator: "\n")
  }
}

extension WidgetSnapshot {
  fileprivate func appendText(depth: Int, to lines: inout [String]) {
    var line = String(repeating: "  ", count: depth) + kind.rawValue
    if !id.isEmpty { line += " \(id)" }
    line += " \(frame.summary)"
    if let text { line += " " + text.summary }
    lines.append(line)
    for child in children { child.appendText(depth: depth + 1, to: &lines) }
  }
}

extension TextSnapshot {
  /// The font, sizes, lines, fit and shown text, joined by ` · `.
  var summary: String {
    guard let size = font.size else { return "layout failed: \(error ?? "unknown error")" }
    var parts = [
      "\(fontName) \(TextFormat.string(font.designSize, fractionDigits: 3))→"
        + "\(TextFormat.string(font.adaptedSize, fractionDigits: 3))→"
        + "\(TextFormat.string(size, fractionDigits: 3))pt",
      lines.count == 1 ? "1 line" : "\(lines.count) lines",
    ]
    if alignment != .natural { parts.append("aligned \(alignment.rawValue)") }
    if lineBoxes.contains(where: { $0.direction == .rightToLeft }) { parts.append("right to left") }
    if let rejectedText {
      let reason = rejectionFailure.map { " (\($0.summary))" } ?? ""
      parts.append("rejected \(quotedExcerpt(rejectedText))\(reason), kept the previous text")
    } else if overflow == .scroll, let failure, failure.kind == .tooTall {
      parts.append(
        "scrolls (content \(TextFormat.string(textSize.height, fractionDigits: 3))pt tall)")
    } else if let failure {
      parts.append("overflows (\(failure.summary))")
    } else {
      parts.append("fits")
    }
    if hiddenCharacters > 0 { parts.append("\(hiddenCharacters) characters hidden") }
    if fonts.count > 1 || fonts.first != font.displayName {
      parts.append("fonts: \(fonts.joined(separator: " + "))")
    }
    if !missingCharacters.isEmpty {
      let first = missingCharacters.prefix(5).joined(separator: " ")
      let more = missingCharacters.count > 5 ? " …" : ""
      parts.append("missing glyphs: \(missingCharacters.count) (\(first)\(more))")
    }
    parts.append(quotedExcerpt(lines.joined(separator: " ⏎ ")))
    return parts.joined(separator: " · ")
  }

  /// The face used, and the requested family when it was substituted.
  private var fontName: String {
    guard !font.family.isEmpty else { return font.requestedFamilies }
    let name = font.displayName
    return font.substituted ? "\(name) (for \(font.requestedFamilies))" : name
  }
}
