import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  fileprivate static func appendHeading(
    screen: Screen, locale: String?, to output: inout TextOutput
  ) {
    output.append(screen.summary)
    if let locale {
      output += " · locale "
      output.append(locale)
    }
  }
}

/// Appends `view`'s line (after a line break) and its subtree's, lengths in `unit`, each
/// line read from the laid-out widget as it is written: the same line as its snapshot's,
/// without making the snapshot.
private func appendTree(
  _ view: View, depth: Int, unit: String, to output: inout TextOutput
) throws(SnapshotError) {
  try appendWidgetLine(view, depth: depth, unit: unit, to: &output)
  // Most widgets have no children: their writer's closure, which escapes to the cores, is
  // not made for them.
  let children = view.children
  guard !children.isEmpty else { return }
  try ParallelAppend.forEach(children, to: &output) {
    (child, _, output) throws(SnapshotError) in
    try appendTree(child, depth: depth + 1, unit: unit, to: &output)
  }
}

/// Appends `view`'s own line (after a line break), lengths in `unit`, read from the laid-out
/// widget.
private func appendWidgetLine(
  _ view: View, depth: Int, unit: String, to output: inout TextOutput
) throws(SnapshotError) {
  guard !view.needsLayout else { throw .needsLayout(widgetID: view.id) }
  if let widget = view as? TextWidget {
    guard let layout = widget.layout else { throw .needsLayout(widgetID: view.id) }
    appendLineStart(
      kind: view.kind, id: view.id, frame: layout.screenFrame, depth: depth, to: &output)
    output += " "
    LiveTextLine(widget, layout: layout).appendSummary(unit: unit, to: &output)
  } else {
    appendLineStart(
      kind: view.kind, id: view.id, frame: view.screenFrame, depth: depth, to: &output)
  }
}

extension ScreenSnapshot {
  /// Lays `tree` out on its environment's screen and appends its text dump, as
  /// ``appendText(of:locale:to:)`` writes it, with each child's subtree written as soon as it
  /// is laid out, on the core that laid it out (see
  /// ``FontFitWidgets/View/layoutIfNeeded(sharing:start:readingChildren:)``); appends the
  /// widgets whose layout failed to `failures`, as ``FontFitWidgets/View/layoutFailures``
  /// lists them.
  ///
  /// - Returns: Whether the dump was written; false, having written nothing, when fit groups
  ///   were settled after the layout, so the laid-out tree is to be read again.
  /// - Throws: ``SnapshotError`` when the tree has no environment.
  static func layOutAndAppendText(
    of tree: View, locale: String?, sharing: View.CoreSharing, discardingLayouts: Bool,
    to output: inout TextOutput, failures: inout [String]
  ) throws(SnapshotError) -> Bool {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    let unit = environment.screen.unitName
    let runs = ChildrenPart.layOut(
      tree, sharing: sharing, discardingLayouts: discardingLayouts
    ) { (child, _, output) throws(SnapshotError) in
      try appendTree(child, depth: 2, unit: unit, to: &output)
    }
    guard let runs else { return false }
    appendHeading(screen: environment.screen, locale: locale, to: &output)
    try appendWidgetLine(tree, depth: 1, unit: unit, to: &output)
    tree.appendOwnLayoutFailure(to: &failures)
    try ChildrenPart.join(runs, to: &output, failures: &failures)
    // The children let go of theirs as they were written.
    if discardingLayouts { tree.discardOwnLayout() }
    return true
  }
}

/// What a run of a tree's children wrote as each was laid out: their dump, the widgets whose
/// layout failed, and the first error, after which the run writes nothing more.
struct ChildrenPart: Sendable {
  private var output = TextOutput()
  private var failures: [String] = []
  private var error: SnapshotError?
  /// Whether each child's layouts are let go of once it is written
  /// (``FontFitWidgets/View/discardLayouts()``).
  private let discardsLayouts: Bool

  /// An empty part; `discardingLayouts` lets go of each child's layouts once it is written.
  init(discardingLayouts: Bool) {
    discardsLayouts = discardingLayouts
  }

  /// Lays `tree` out as ``FontFitWidgets/View/layoutIfNeeded(sharing:start:readingChildren:)``
  /// does, `write` writing each child (given its position among the children) into its run's
  /// part as soon as the child's subtree is laid out; nil when fit groups were settled after
  /// the layout, so the tree is to be read again.
  static func layOut(
    _ tree: View, sharing: View.CoreSharing, discardingLayouts: Bool,
    writing write: @escaping @Sendable (View, Int, inout TextOutput) throws(SnapshotError) -> Void
  ) -> [ChildrenPart]? {
    tree.layoutIfNeeded(
      sharing: sharing, start: { ChildrenPart(discardingLayouts: discardingLayouts) }
    ) { child, position, part in
      part.add(child) { (output) throws(SnapshotError) in try write(child, position, &output) }
    }
  }

  /// Appends what `write` writes of `child`, and the failures of its subtree.
  mutating func add(
    _ child: View, _ write: (inout TextOutput) throws(SnapshotError) -> Void
  ) {
    guard error == nil else { return }
    do throws(SnapshotError) {
      try write(&output)
    } catch {
      self.error = error
      return
    }
    child.appendLayoutFailures(to: &failures)
    if discardsLayouts { child.discardLayouts() }
  }

  /// Appends the runs' output and failures in order; throws the first run's error.
  static func join(
    _ runs: [ChildrenPart], to output: inout TextOutput, failures: inout [String]
  ) throws(SnapshotError) {
    output.reserveCapacity(forAppending: runs.reduce(0) { $0 + $1.output.count })
    for run in runs {
      if let error = run.error { throw error }
      output.append(run.output)
      failures += run.failures
    }
  }
}

extension WidgetSnapshot {
  /// Appends this widget's line (after a line break) and its children's, lengths in `unit`.
  fileprivate func appendText(depth: Int, unit: String, to output: inout TextOutput) {
    appendLine(depth: depth, unit: unit, to: &output)
    guard !children.isEmpty else { return }
    ParallelAppend.forEach(children, to: &output) { child, _, output in
      child.appendText(depth: depth + 1, unit: unit, to: &output)
    }
  }

  /// Appends this widget's own line, after a line break, lengths in `unit`.
  fileprivate func appendLine(depth: Int, unit: String, to output: inout TextOutput) {
    appendLineStart(kind: kind, id: id, frame: frame, depth: depth, to: &output)
    if let text {
      output += " "
      text.appendSummary(unit: unit, to: &output)
    }
  }
}

/// Appends what starts a widget's line of the text dump: a line break, the indentation, the
/// kind, the id and the frame.
private func appendLineStart(
  kind: WidgetKind, id: String, frame: Rect, depth: Int, to output: inout TextOutput
) {
  output.appendLineStart(indentation: 2 * depth)
  output.append(kind.rawValue)
  if !id.isEmpty {
    output += " "
    output.append(TextFormat.printable(id))
  }
  output += " "
  frame.appendSummary(to: &output)
}

/// What a text widget's line of the text dump reads: a ``TextSnapshot``'s values, or the same
/// values read from a laid-out widget (``LiveTextLine``), so a dump written from a tree need
/// not make each widget's snapshot and still writes its very line.
protocol TextDumpLine {
  /// The size the fit chose, in points (``FontSnapshot/size``); nil when layout failed.
  var fittedPointSize: Double? { get }
  /// Why layout failed (``TextSnapshot/error``).
  var error: String? { get }
  /// The chosen face's family (``FontSnapshot/family``); empty when layout failed.
  var faceFamily: String { get }
  /// The chosen face's style (``FontSnapshot/style``).
  var faceStyle: String { get }
  /// The chosen face's family and style, joined as ``FontSnapshot/displayName`` joins them.
  var faceDisplayName: String { get }
  /// Whether Fontconfig substituted another family (``FontSnapshot/substituted``).
  var isSubstituted: Bool { get }
  /// The requested families as written (``FontSnapshot/requestedFamilies``).
  var requestedFamilyList: String { get }
  /// The size stages (``FontSnapshot/pipeline``).
  var sizeStages: [SizeStage] { get }
  /// The fit group that capped the size (``FontSnapshot/cappingGroup``).
  var cappingGroupName: String? { get }
  /// The fitted size in the screen's units (``FontSnapshot/pixelSize``).
  var fittedPixelSize: Double? { get }
  /// The fit group the widget belongs to.
  var fitGroup: String? { get }
  /// Whether a line shown whole ends inside a word.
  var breaksWords: Bool { get }
  /// How lines sit horizontally.
  var alignment: TextAlignment { get }
  /// Whether a line runs right to left.
  var hasRightToLeftLine: Bool { get }
  /// The text refused under `.reject` overflow.
  var rejectedText: String? { get }
  /// Why the refused text did not fit.
  var rejectionFailure: FailureSnapshot? { get }
  /// What happens to text that does not fit.
  var overflow: Overflow { get }
  /// Why the text does not fit.
  var failure: FailureSnapshot? { get }
  /// The height of the laid-out lines, in the screen's units.
  var textHeight: Double { get }
  /// How many drawn characters truncation hides.
  var hiddenCharacters: Int { get }
  /// A text field's placeholder colour while it shows its placeholder (its text is empty
  /// and its placeholder is not); nil otherwise.
  var shownPlaceholderColor: String? { get }
  /// The names of the fonts that measured the text.
  var fonts: [String] { get }
  /// The one name of ``fonts``, or nil when it has several or none.
  var onlyFontName: String? { get }
  /// How many characters no installed font covers.
  var missingCharacterCount: Int { get }
  /// Appends the first `count` characters no font covers, as `U+XXXX` separated by spaces.
  func appendMissingCharacters(first count: Int, to output: inout TextOutput)
  /// The lines' texts, as laid out.
  var lineTexts: [String] { get }
  /// How many lines there are.
  var lineCount: Int { get }
  /// Appends the lines' excerpt: ``appendQuotedExcerpt(of:separator:to:limit:)`` of
  /// ``lineTexts`` joined by ` ⏎ `.
  func appendLinesExcerpt(to output: inout TextOutput)
  /// Each line's pieces in their styles (``TextSnapshot/lineStyles``); empty for plain text.
  var lineStyles: [[StyleRunSnapshot]] { get }
}

extension TextSnapshot: TextDumpLine {
  var fittedPointSize: Double? { font.size }
  var faceFamily: String { font.family }
  var faceStyle: String { font.style }
  var faceDisplayName: String { font.displayName }
  var isSubstituted: Bool { font.substituted }
  var requestedFamilyList: String { font.requestedFamilies }
  var sizeStages: [SizeStage] { font.pipeline }
  var cappingGroupName: String? { font.cappingGroup }
  var fittedPixelSize: Double? { font.pixelSize }
  var hasRightToLeftLine: Bool { lineBoxes.contains { $0.direction == .rightToLeft } }
  var textHeight: Double { textSize.height }
  var shownPlaceholderColor: String? {
    guard text.isEmpty, let placeholder, !placeholder.isEmpty else { return nil }
    return placeholderColor
  }
  var missingCharacterCount: Int { missingCharacters.count }
  func appendMissingCharacters(first count: Int, to output: inout TextOutput) {
    for (index, name) in missingCharacters.prefix(count).enumerated() {
      if index > 0 { output += " " }
      output.append(name)
    }
  }
  var lineTexts: [String] { lines }
}

/// A laid-out text widget's line of the text dump, read from its layout.
///
/// It reads only what the line shows, without placing the lines or naming every missing
/// character. A ``TextSnapshot`` reads the same values through it, so both say the same.
struct LiveTextLine: TextDumpLine {
  private let widget: TextWidget
  private let layout: WidgetLayout
  /// The fitted text (nil when layout failed), whose result is read where it is kept.
  private let text: TextFit?
  /// The face, read once (nil when layout failed).
  let resolved: ResolvedFont?

  /// The line of `widget`, laid out as `layout`.
  init(_ widget: TextWidget, layout: WidgetLayout) {
    self.widget = widget
    self.layout = layout
    text = layout.textFit
    resolved = text?.resolvedFont
  }

  /// The fit (nil when layout failed), copied.
  var fit: FitResult? { text?.result }

  var fittedPointSize: Double? { layout.fittedPointSize.map { $0 / layout.unitsPerPoint } }
  var error: String? { layout.error?.description }
  var faceFamily: String { resolved?.family ?? "" }
  var faceStyle: String { resolved?.style ?? "" }
  var faceDisplayName: String { resolved?.displayName ?? "" }
  var isSubstituted: Bool { resolved?.isSubstitution ?? false }
  var requestedFamilyList: String { widget.font.descriptor.familyList }
  var sizeStages: [SizeStage] { layout.stages }
  var cappingGroupName: String? { layout.group }
  var fittedPixelSize: Double? { layout.fittedPointSize }
  var fitGroup: String? { widget.fitGroup }
  var breaksWords: Bool { text?.breaksWords ?? false }
  var alignment: TextAlignment { widget.textAlignment }
  var hasRightToLeftLine: Bool { layout.hasRightToLeftLine }
  var rejectedText: String? { layout.rejection?.text }
  var rejectionFailure: FailureSnapshot? {
    layout.rejection?.result.failure.map(FailureSnapshot.init)
  }
  var overflow: Overflow { widget.overflow }
  var failure: FailureSnapshot? { text?.failure.map(FailureSnapshot.init) }
  var textHeight: Double { text?.size.height ?? 0 }
  var hiddenCharacters: Int { text?.hiddenCharacterCount ?? 0 }
  var shownPlaceholderColor: String? {
    // A text field first: most widgets are labels, whose shown text need not be read.
    guard let field = widget as? TextField, layout.shownText.isEmpty, !field.placeholder.isEmpty
    else { return nil }
    return field.placeholderColor.description
  }
  var fonts: [String] { text?.fonts ?? [] }
  var onlyFontName: String? { text?.onlyFontName }
  var missingCharacterCount: Int { text?.missingCharacters.count ?? 0 }
  func appendMissingCharacters(first count: Int, to output: inout TextOutput) {
    guard let missing = text?.missingCharacters else { return }
    for (index, scalar) in missing.prefix(count).enumerated() {
      if index > 0 { output += " " }
      output.appendCodePoint(scalar.value)
    }
  }
  var lineTexts: [String] { text?.lineTexts ?? [] }
  var lineCount: Int { text?.lineCount ?? 0 }
  /// Read from the laid-out lines without making their strings.
  func appendLinesExcerpt(to output: inout TextOutput) {
    guard let text else {
      appendQuotedExcerpt(of: [], separator: lineBreakSeparator.text, to: &output)
      return
    }
    FontFitSnapshot.appendLinesExcerpt(of: text, to: &output)
  }
  var lineStyles: [[StyleRunSnapshot]] {
    let styled = layout.lineStyles
    guard !styled.isEmpty else { return [] }
    return styled.map { line in line.map { StyleRunSnapshot($0, in: styledText) } }
  }
  /// The shown text's styled runs (``TextSnapshot/runs``); empty for plain text.
  var styleRuns: [StyleRunSnapshot] {
    layout.styles.map { StyleRunSnapshot($0, in: styledText) }
  }
  /// The text the styles index: the text laid out (a field's line separators are spaces
  /// there).
  private var styledText: String { layout.laidOutText ?? layout.shownText }
}

extension TextDumpLine {
  var lineCount: Int { lineTexts.count }

  var onlyFontName: String? { fonts.count == 1 ? fonts[0] : nil }

  func appendLinesExcerpt(to output: inout TextOutput) {
    appendQuotedExcerpt(of: lineTexts, separator: lineBreakSeparator.text, to: &output)
  }

  /// Appends the font, sizes, lines, fit and shown text, joined by ` · `, lengths in `unit`.
  func appendSummary(unit: String, to output: inout TextOutput) {
    guard let size = fittedPointSize else {
      output += "layout failed: "
      output.append(error ?? "unknown error")
      return
    }
    appendFontName(to: &output)
    output += " "
    appendPipeline(fittedSize: size, lineCount: lineCount, to: &output)
    if breaksWords { output += " · breaks words" }
    if alignment != .natural {
      output += " · aligned "
      output.append(alignment.rawValue)
    }
    if hasRightToLeftLine { output += " · right to left" }
    if let rejectedText {
      output += " · rejected "
      appendQuotedExcerpt(of: [rejectedText], separator: "", to: &output)
      if let rejectionFailure { output.append(" (\(rejectionFailure.summary(unit: unit)))") }
      output += ", kept the previous text"
    } else if overflow == .scroll, let failure, failure.kind == .tooTall {
      output += " · scrolls (content "
      output.append(textHeight, fractionDigits: 3)
      output.append(unit)
      output += " tall)"
    } else if let failure {
      output.append(" · overflows (\(failure.summary(unit: unit)))")
    } else {
      output += " · fits"
    }
    let hidden = hiddenCharacters
    if hidden > 0 {
      output += " · "
      output.append(integer: hidden)
      output += " characters hidden"
    }
    if let color = shownPlaceholderColor {
      output += " · placeholder in "
      output.append(color)
    }
    // Named when other fonts than the face drew (or none did).
    if onlyFontName.map({ !isDisplayName($0) }) ?? true {
      output += " · fonts: "
      let fonts = fonts
      for (index, name) in fonts.enumerated() {
        if index > 0 { output += " + " }
        output.append(name)
      }
    }
    let missing = missingCharacterCount
    if missing > 0 {
      output += " · missing glyphs: "
      output.append(integer: missing)
      output += " ("
      appendMissingCharacters(first: 5, to: &output)
      if missing > 5 { output += " …" }
      output += ")"
    }
    output += " · "
    appendLinesExcerpt(to: &output)
    appendStyles(to: &output)
  }

  /// Appends each line's styled pieces, for rich text: ` · styles: [Bold]"42,00 €" ⏎ …`,
  /// the plain pieces left out.
  private func appendStyles(to output: inout TextOutput) {
    let lineStyles = lineStyles
    guard !lineStyles.isEmpty else { return }
    output += " · styles: "
    var first = true
    for (index, line) in lineStyles.enumerated() {
      let styled = line.filter { !$0.style.isPlain }
      guard !styled.isEmpty else { continue }
      if !first { output += " " }
      first = false
      output.append("\(index + 1): ")
      output.append(
        styled.map { "[" + $0.style.summary + "]" + quotedExcerpt($0.text, limit: 24) }
          .joined(separator: " "))
    }
  }

  /// Appends the size stages: `17 → +3 increments → 20 → ×1.3 AX1 → 26 → fit 21.5 (2 lines)`.
  private func appendPipeline(
    fittedSize size: Double, lineCount: Int, to output: inout TextOutput
  ) {
    var fitted = false
    let pipeline = sizeStages
    for stage in pipeline {
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
        if let group = cappingGroupName {
          output += "group "
          output.append(group)
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
    if pipeline.isEmpty { output.append(size, fractionDigits: 3) }
    if lineCount == 1 {
      output += " (1 line"
    } else {
      output += " ("
      output.append(integer: lineCount)
      output += " lines"
    }
    if !fitted, pipeline.last.map({ abs($0.size - size) > 1e-9 }) ?? false {
      output += ", at "
      output.append(size, fractionDigits: 3)
    }
    if let pixelSize = fittedPixelSize, abs(pixelSize - size) > 1e-9 {
      output += ", "
      output.append(pixelSize, fractionDigits: 3)
      output += "px"
    }
    if let fitGroup, cappingGroupName == nil {
      output += ", group "
      output.append(fitGroup)
    }
    output += ")"
  }

  /// Whether `name` is the face's family and style, as ``FontSnapshot/displayName`` joins them.
  private func isDisplayName(_ name: String) -> Bool {
    // The usual answer, at once: the font's name is the face's display name, the very string
    // a shaper names a face with.
    if sameUTF8(name, faceDisplayName) { return true }
    let (family, style) = (faceFamily, faceStyle)
    if style.isEmpty { return name == family }
    if family.isEmpty { return name == style }
    // Compared as bytes, `name` against `family + " " + style` (the face's own names, spelt
    // as it spells them), without joining them: `hasPrefix` and `hasSuffix` compare
    // characters, at several times the cost.
    var (whole, first, last) = (name, family, style)
    return whole.withUTF8 { (name: UnsafeBufferPointer<UInt8>) -> Bool in
      first.withUTF8 { (family: UnsafeBufferPointer<UInt8>) -> Bool in
        last.withUTF8 { (style: UnsafeBufferPointer<UInt8>) -> Bool in
          guard name.count == family.count + 1 + style.count,
            name[family.count] == UInt8(ascii: " ")
          else { return false }
          let head = UnsafeBufferPointer(rebasing: name[..<family.count])
          let tail = UnsafeBufferPointer(rebasing: name[(family.count + 1)...])
          return head.elementsEqual(family) && tail.elementsEqual(style)
        }
      }
    }
  }

  /// Appends the face used, and the requested family when it was substituted.
  private func appendFontName(to output: inout TextOutput) {
    let family = faceFamily
    guard !family.isEmpty else {
      output.append(requestedFamilyList)
      return
    }
    output.append(family)
    let style = faceStyle
    if !style.isEmpty {
      output += " "
      output.append(style)
    }
    if isSubstituted {
      output += " (for "
      output.append(requestedFamilyList)
      output += ")"
    }
  }
}

/// Whether `first` and `second` have the same UTF-8 bytes (`==` compares canonical forms).
private func sameUTF8(_ first: String, _ second: String) -> Bool {
  guard first.utf8.count == second.utf8.count else { return false }
  let same = first.utf8.withContiguousStorageIfAvailable { left in
    second.utf8.withContiguousStorageIfAvailable { right in
      guard let left = left.baseAddress, let right = right.baseAddress else { return true }
      return memcmp(left, right, first.utf8.count) == 0
    }
  }
  return (same ?? nil) ?? first.utf8.elementsEqual(second.utf8)
}
