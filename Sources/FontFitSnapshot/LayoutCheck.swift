// What `demo check` reports: the problems of a laid-out tree a designer, translator or CI job
// must hear about, one value per problem, in a stable order.

import FontFitText
import FontFitWidgets

/// One problem of a laid-out widget tree on one screen.
public struct LayoutProblem: Hashable, Sendable, Codable {
  /// What kind of problem.
  public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
    /// The text does not fit even at the smallest size its fit may choose.
    case overflow
    /// The text does not fit at its fixed size (no auto-fit) and is cut.
    case truncated
    /// The widget refused its text (`overflow: reject`) and shows another.
    case rejected
    /// A line ends inside a word broken because it is wider than the line.
    case brokenWord
    /// Characters no installed font covers.
    case missingGlyphs
    /// The font names a family that is not installed, so Fontconfig chose another.
    case fontSubstituted
    /// The widget's frame reaches outside its parent's.
    case outsideParent
    /// The widget's frame reaches outside the screen.
    case outsideScreen
    /// Two text widgets' frames overlap.
    case overlap
    /// Another widget of the tree has the same id.
    case duplicateID
    /// The text could not be laid out at all (an impossible size, a font that cannot be read).
    case layoutFailed
  }

  /// The screen's name.
  public var screen: String
  /// The widget: its id, or its kind and place in the tree when it has none.
  public var id: String
  /// What kind of problem.
  public var kind: Kind
  /// What is wrong, with the numbers.
  public var message: String
  /// The locale of the texts, when the layout was localised.
  public var locale: String?

  /// Creates a problem.
  public init(screen: String, id: String, kind: Kind, message: String, locale: String? = nil) {
    self.screen = screen
    self.id = id
    self.kind = kind
    self.message = message
    self.locale = locale
  }

  /// `SCREEN · ID · KIND · message`, with the locale after the screen when there is one.
  public var line: String {
    var parts = [TextFormat.printable(screen)]
    if let locale { parts.append(TextFormat.printable(locale)) }
    parts += [TextFormat.printable(id), kind.rawValue, message]
    return parts.joined(separator: " · ")
  }
}

extension LayoutProblem {
  /// The problems of a laid-out tree on its environment's screen, in a stable order: widgets
  /// depth first, each widget's problems in the order of ``Kind``.
  ///
  /// A scrolling text view that is taller than its frame is not a problem; neither is a text
  /// that fits. A widget that reaches outside the screen is reported, and what is inside it
  /// is not reported as outside the screen again. Frames are compared with a tolerance of 1/1000 point.
  ///
  /// - Parameters:
  ///   - tree: The root, in an environment and laid out.
  ///   - locale: The locale to name in each problem, if the layout was localised.
  /// - Returns: The problems; empty when there are none.
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  public static func problems(in tree: View, locale: String? = nil) throws(SnapshotError)
    -> [LayoutProblem]
  {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    var checker = Checker(screen: environment.screen, locale: locale)
    try checker.visit(tree, origin: (0, 0), path: "root", parent: nil, outside: false)
    checker.findOverlaps()
    return checker.problems.sorted { $0.order < $1.order }.map(\.problem)
  }
}

/// Walks a tree once, collecting problems with the place each one sorts at.
private struct Checker {
  let screen: Screen
  let locale: String?
  var problems: [(order: (Int, Int), problem: LayoutProblem)] = []
  /// Text widgets' frames on the screen, by visit order, for the overlap sweep.
  var textFrames: [(index: Int, name: String, frame: Rect)] = []
  var firstByID: [String: String] = [:]
  var visited = 0

  static let tolerance = 1e-3

  init(screen: Screen, locale: String?) {
    self.screen = screen
    self.locale = locale
  }

  mutating func report(_ kind: LayoutProblem.Kind, _ name: String, _ message: String, at index: Int)
  {
    let rank = LayoutProblem.Kind.allCases.firstIndex(of: kind) ?? 0
    problems.append(
      (
        (index, rank),
        LayoutProblem(
          screen: screen.name, id: name, kind: kind, message: message, locale: locale)
      ))
  }

  /// Checks `view` and its subtree; `outside` says whether an ancestor already reached
  /// outside its parent or the screen, so what is inside it is not reported as outside the
  /// screen again (reaching outside its own parent still is).
  mutating func visit(
    _ view: View, origin: (x: Double, y: Double), path: String,
    parent: (name: String, size: Size)?, outside: Bool
  ) throws(SnapshotError) {
    guard !view.needsLayout else { throw .needsLayout(widgetID: view.id) }
    let index = visited
    visited += 1
    let name = view.id.isEmpty ? "\(view.kind.rawValue) at \(path)" : view.id
    let frame = view.screenFrame
    let absolute = Rect(
      x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    if let widget = view as? TextWidget {
      guard let layout = widget.layout else { throw .needsLayout(widgetID: view.id) }
      checkText(widget, layout, name: name, at: index)
      textFrames.append((index, name, absolute))
    }
    var reachesOutside = outside
    if let parent,
      !Self.contains(Size(width: parent.size.width, height: parent.size.height), frame)
    {
      reachesOutside = true
      report(
        .outsideParent, name,
        "frame \(frame.summary) reaches outside its parent \(parent.name) "
          + "(\(TextFormat.string(parent.size.width, fractionDigits: 3))×"
          + "\(TextFormat.string(parent.size.height, fractionDigits: 3)))", at: index)
    } else if !outside, !Self.contains(Size(width: screen.width, height: screen.height), absolute) {
      // Reported for the outermost widget only: what is inside it is outside too.
      reachesOutside = true
      report(
        .outsideScreen, name,
        "frame \(absolute.summary) on the screen reaches outside the "
          + "\(TextFormat.string(screen.width, fractionDigits: 3))×"
          + "\(TextFormat.string(screen.height, fractionDigits: 3)) screen", at: index)
    }
    if !view.id.isEmpty {
      if let first = firstByID[view.id] {
        report(.duplicateID, name, "the id is also used by the \(first)", at: index)
      } else {
        firstByID[view.id] = "\(view.kind.rawValue) at \(path)"
      }
    }
    for (position, child) in view.children.enumerated() {
      try visit(
        child, origin: (absolute.x, absolute.y), path: "\(path).children[\(position)]",
        parent: (name, frame.size), outside: reachesOutside)
    }
  }

  /// Whether `frame` lies inside a box of `size` at the origin.
  static func contains(_ size: Size, _ frame: Rect) -> Bool {
    frame.x >= -tolerance && frame.y >= -tolerance
      && frame.x + frame.width <= size.width + tolerance
      && frame.y + frame.height <= size.height + tolerance
  }

  mutating func checkText(_ widget: TextWidget, _ layout: WidgetLayout, name: String, at index: Int)
  {
    if let error = layout.error {
      report(.layoutFailed, name, error.description, at: index)
      return
    }
    guard let fit = layout.fit else { return }
    let size = "\(TextFormat.string(fit.pointSize / layout.unitsPerPoint, fractionDigits: 3))pt"
    if let rejection = layout.rejection {
      var message = "refused \(quotedExcerpt(rejection.text))"
      if let failure = rejection.result.failure {
        message += " (\(FailureSnapshot(failure).summary(unit: screen.unitName)))"
      }
      report(.rejected, name, message + ", showing the previous text", at: index)
    } else if let failure = fit.failure,
      !(widget is TextView && widget.overflow == .scroll && failure.isTooTall)
    {
      var message = FailureSnapshot(failure).summary(unit: screen.unitName)
      if fit.block.hiddenCharacterCount > 0 {
        message += "; \(fit.block.hiddenCharacterCount) characters hidden"
      }
      if widget.autoFit != nil {
        report(.overflow, name, "does not fit at \(size), its smallest size: " + message, at: index)
      } else {
        report(.truncated, name, "at its fixed size \(size): " + message, at: index)
      }
    }
    if fit.block.breaksWords {
      report(.brokenWord, name, "a word wider than the line is broken at \(size)", at: index)
    }
    if !fit.missingCharacters.isEmpty {
      let codes = fit.missingCharacters.prefix(5).map { TextFormat.codePoint($0.value) }
      let more = fit.missingCharacters.count > 5 ? " …" : ""
      report(
        .missingGlyphs, name,
        "\(fit.missingCharacters.count) characters no installed font covers: "
          + codes.joined(separator: " ") + more, at: index)
    }
    if let resolved = layout.resolvedFont, resolved.isSubstitution {
      report(
        .fontSubstituted, name,
        "\(TextFormat.quoted(resolved.requested.familyList)) is not installed; "
          + "Fontconfig chose \(resolved.family) \(resolved.style)", at: index)
    }
  }

  /// Every pair of text widgets whose frames overlap, by a sweep along x; each pair is
  /// reported once, at the later widget.
  mutating func findOverlaps() {
    let sorted = textFrames.sorted { ($0.frame.x, $0.index) < ($1.frame.x, $1.index) }
    var active: [(index: Int, name: String, frame: Rect)] = []
    var found: [(later: Int, earlier: Int, laterName: String, earlierName: String)] = []
    for item in sorted {
      active.removeAll { $0.frame.x + $0.frame.width <= item.frame.x + Self.tolerance }
      for other in active where Self.overlap(item.frame, other.frame) {
        let (earlier, later) = item.index < other.index ? (item, other) : (other, item)
        found.append((later.index, earlier.index, later.name, earlier.name))
      }
      active.append(item)
    }
    for pair in found.sorted(by: { ($0.later, $0.earlier) < ($1.later, $1.earlier) }) {
      report(.overlap, pair.laterName, "its frame overlaps \(pair.earlierName)'s", at: pair.later)
    }
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.x + a.width > b.x + tolerance && b.x + b.width > a.x + tolerance
      && a.y + a.height > b.y + tolerance && b.y + b.height > a.y + tolerance
  }
}

extension FitFailure {
  /// Whether the text is only taller than its box.
  fileprivate var isTooTall: Bool {
    if case .tooTall = self { return true }
    return false
  }
}
