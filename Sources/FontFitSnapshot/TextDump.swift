import FontFitText
import FontFitWidgets

extension LayoutSnapshot {
  /// The text dump: per screen a heading line, then one indented line per widget; screens are
  /// separated by a blank line.
  ///
  /// ```
  /// iPhone 6 375×667 @2x
  ///   View root [0, 0, 375, 667]
  ///     Label title [23.438, 46.972, 328.125, 70.458] DejaVu Sans Book 17 → +2 increments → 19 → fit 15.5 (3 lines) · fits · "…"
  /// ```
  ///
  /// A text widget's line shows its font size at each stage: the design size, screen
  /// adaptation, the text scale when one applies, and the fit (or the group that capped it),
  /// with the line count.
  public var text: String {
    screens.map(\.text).joined(separator: "\n\n")
  }
}

extension ScreenSnapshot {
  /// The text dump of this screen.
  public var text: String {
    var output = TextOutput(reservingCapacity: 1024)
    appendText(to: &output)
    return output.string
  }

  /// Appends ``text``.
  func appendText(to output: inout TextOutput) {
    Self.appendHeading(screen: screen, locale: locale, to: &output)
    root.appendText(depth: 1, unit: screen.unitName, to: &output)
  }

  /// Appends the text dump of the laid-out `tree` on its environment's screen, its texts in
  /// `locale`: the same text as ``text`` of its snapshot, written widget by widget, so the
  /// tree's snapshot is never held whole.
  ///
  /// The tree is read from several threads at once when a widget has many children, so
  /// nothing may change it meanwhile.
  ///
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  static func appendText(
    of tree: View, locale: String?, to output: inout TextOutput
  ) throws(SnapshotError) {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    appendHeading(screen: environment.screen, locale: locale, to: &output)
    try appendTree(tree, depth: 1, unit: environment.screen.unitName, to: &output)
  }

  /// Appends the line that heads a screen's dump.
  private static func appendHeading(
    screen: Screen, locale: String?, to output: inout TextOutput
  ) {
    output += screen.summary
    if let locale {
      output += " · locale "
      output += locale
    }
  }
}

/// Appends `view`'s line (after a line break) and its subtree's, lengths in `unit`, each
/// widget snapshotted alone as its line is written.
private func appendTree(
  _ view: View, depth: Int, unit: String, to output: inout TextOutput
) throws(SnapshotError) {
  try WidgetSnapshot(leaf: view, includingGlyphs: false, forTextDump: true).appendLine(
    depth: depth, unit: unit, to: &output)
  try ParallelAppend.forEach(view.children, to: &output) {
    (child, _, output) throws(SnapshotError) in
    try appendTree(child, depth: depth + 1, unit: unit, to: &output)
  }
}

extension WidgetSnapshot {
  /// Appends this widget's line (after a line break) and its children's, lengths in `unit`.
  fileprivate func appendText(depth: Int, unit: String, to output: inout TextOutput) {
    appendLine(depth: depth, unit: unit, to: &output)
    ParallelAppend.forEach(children, to: &output) { child, _, output in
      child.appendText(depth: depth + 1, unit: unit, to: &output)
    }
  }

  /// Appends this widget's own line, after a line break, lengths in `unit`.
  fileprivate func appendLine(depth: Int, unit: String, to output: inout TextOutput) {
    output += "\n"
    for _ in 0..<depth { output += "  " }
    output += kind.rawValue
    if !id.isEmpty {
      output += " "
      output += TextFormat.printable(id)
    }
    output += " "
    frame.appendSummary(to: &output)
    if let text {
      output += " "
      text.appendSummary(unit: unit, to: &output)
    }
  }
}

extension TextSnapshot {
  /// Appends the font, sizes, lines, fit and shown text, joined by ` · `, lengths in `unit`.
  fileprivate func appendSummary(unit: String, to output: inout TextOutput) {
    guard let size = font.size else {
      output += "layout failed: \(error ?? "unknown error")"
      return
    }
    appendFontName(to: &output)
    output += " "
    appendPipeline(fittedSize: size, to: &output)
    if breaksWords { output += " · breaks words" }
    if alignment != .natural {
      output += " · aligned "
      output += alignment.rawValue
    }
    if lineBoxes.contains(where: { $0.direction == .rightToLeft }) {
      output += " · right to left"
    }
    if let rejectedText {
      output += " · rejected "
      appendQuotedExcerpt(of: [rejectedText], separator: "", to: &output)
      if let rejectionFailure { output += " (\(rejectionFailure.summary(unit: unit)))" }
      output += ", kept the previous text"
    } else if overflow == .scroll, let failure, failure.kind == .tooTall {
      output += " · scrolls (content "
      output.append(textSize.height, fractionDigits: 3)
      output += unit
      output += " tall)"
    } else if let failure {
      output += " · overflows (\(failure.summary(unit: unit)))"
    } else {
      output += " · fits"
    }
    if hiddenCharacters > 0 { output += " · \(hiddenCharacters) characters hidden" }
    if text.isEmpty, let placeholder, !placeholder.isEmpty, let placeholderColor {
      output += " · placeholder in "
      output += placeholderColor
    }
    if fonts.count > 1 || !isDisplayName(fonts.first) {
      output += " · fonts: "
      output += fonts.joined(separator: " + ")
    }
    if !missingCharacters.isEmpty {
      let first = missingCharacters.prefix(5).joined(separator: " ")
      let more = missingCharacters.count > 5 ? " …" : ""
      output += " · missing glyphs: \(missingCharacters.count) (\(first)\(more))"
    }
    output += " · "
    appendQuotedExcerpt(of: lines, separator: " ⏎ ", to: &output)
    appendStyles(to: &output)
  }

  /// Appends each line's styled pieces, for rich text: ` · styles: [Bold]"42,00 €" ⏎ …`,
  /// the plain pieces left out.
  private func appendStyles(to output: inout TextOutput) {
    guard !lineStyles.isEmpty else { return }
    output += " · styles: "
    var first = true
    for (index, line) in lineStyles.enumerated() {
      let styled = line.filter { !$0.style.isPlain }
      guard !styled.isEmpty else { continue }
      if !first { output += " " }
      first = false
      output += "\(index + 1): "
      output += styled.map { "[" + $0.style.summary + "]" + quotedExcerpt($0.text, limit: 24) }
        .joined(separator: " ")
    }
  }

  /// Appends the size stages: `17 → +3 increments → 20 → ×1.3 AX1 → 26 → fit 21.5 (2 lines)`.
  private func appendPipeline(fittedSize size: Double, to output: inout TextOutput) {
    var fitted = false
    for stage in font.pipeline {
      switch stage.kind {
      case .design:
        // `17px` for a size given in pixels; the size in points otherwise.
        if stage.detailEndsInPixels {
          output.appendDetail(of: stage)
        } else {
          output.append(stage.size, fractionDigits: 3)
        }
      case .screen, .textScale:
        output += " → "
        output.appendDetail(of: stage)
        output += " → "
        output.append(stage.size, fractionDigits: 3)
      case .tracking, .hyphenation:
        output += " → "
        output.appendDetail(of: stage)
      case .fit:
        fitted = true
        output += " → "
        if let group = font.cappingGroup {
          output += "group "
          output += group
        } else {
          // `fit` for the default mode, `fit MODE` for another.
          output += "fit"
          if !stage.isDefaultFitMode {
            output += " "
            output.appendDetail(of: stage)
          }
        }
        output += " "
        output.append(stage.size, fractionDigits: 3)
      }
    }
    if font.pipeline.isEmpty { output.append(size, fractionDigits: 3) }
    output += lines.count == 1 ? " (1 line" : " (\(lines.count) lines"
    if !fitted, font.pipeline.last.map({ abs($0.size - size) > 1e-9 }) ?? false {
      output += ", at "
      output.append(size, fractionDigits: 3)
    }
    if let pixelSize = font.pixelSize, abs(pixelSize - size) > 1e-9 {
      output += ", "
      output.append(pixelSize, fractionDigits: 3)
      output += "px"
    }
    if let fitGroup, font.cappingGroup == nil {
      output += ", group "
      output += fitGroup
    }
    output += ")"
  }

  /// Whether `name` is the face's family and style, as ``FontSnapshot/displayName`` joins them.
  private func isDisplayName(_ name: String?) -> Bool {
    guard let name else { return false }
    if font.style.isEmpty { return name == font.family }
    if font.family.isEmpty { return name == font.style }
    return name.utf8.count == font.family.utf8.count + 1 + font.style.utf8.count
      && name.hasPrefix(font.family) && name.hasSuffix(font.style)
      && name.utf8[name.utf8.index(name.startIndex, offsetBy: font.family.utf8.count)]
        == UInt8(ascii: " ")
  }

  /// Appends the face used, and the requested family when it was substituted.
  private func appendFontName(to output: inout TextOutput) {
    guard !font.family.isEmpty else {
      output += font.requestedFamilies
      return
    }
    output += font.family
    if !font.style.isEmpty {
      output += " "
      output += font.style
    }
    if font.substituted { output += " (for \(font.requestedFamilies))" }
  }
}
