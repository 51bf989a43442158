// What `demo check` reports: the problems of a laid-out tree a designer, translator or CI job
// must hear about, one value per problem, in a stable order.

import FontFitText
import FontFitWidgets

/// One problem of a laid-out widget tree on one screen.
public struct LayoutProblem: Hashable, Sendable, Codable {
  /// What kind of problem.
  public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
    /// The text does not fit even at the smallest size its fit may choose; or a stack's
    /// content is longer than the stack, with how much.
    case overflow
    /// The text does not fit at its fixed size (no auto-fit) and is cut.
    case truncated
    /// The widget refused its text (`overflow: reject`) and shows another.
    case rejected
    /// The fit shrank an accessibility text scale back: the size drawn keeps less than
    /// ``LayoutProblem/scaleKept`` of what the scale added.
    case scaleLost
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
    /// A note: the fit's tracking lever tightened the letters to make the text fit.
    case tracked
    /// A note: the fit's hyphenation lever broke these words at the dictionary's points.
    case hyphenated
    /// A note: the fit needed hyphenation, but no dictionary serves the text's language (or
    /// libhyphen is not installed).
    case noHyphenationDictionary

    /// Whether this kind is a note that says what a fit did, not a problem: notes never make
    /// `demo check` fail.
    public var isNote: Bool {
      switch self {
      case .tracked, .hyphenated, .noHyphenationDictionary: true
      default: false
      }
    }
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
  /// The share of what a text scale adds to a size that the fit must keep, or `check`
  /// reports `scaleLost`: one half.
  ///
  /// A 14pt text at the ×2.353 AX3 scale is asked for at 32.941pt; it must be drawn at 23.471pt
  /// or more (14 plus half of 18.941). WCAG 1.4.4 asks that text can be resized to 200%
  /// without loss; a fit that takes most of a scale back fails that for the user who chose it,
  /// though the text fits.
  public static let scaleKept = 0.5

  /// The problems of a laid-out tree on its environment's screen, in a stable order: widgets
  /// depth first, each widget's problems in the order of ``Kind``.
  ///
  /// A scrolling text view that is taller than its frame is not a problem; neither is a text
  /// that fits. A widget that reaches outside the screen is reported, and what is inside it
  /// is not reported as outside the screen again. Frames are compared with a tolerance of
  /// 1/1000 point. A text widget whose frame overlaps earlier text widgets (in depth-first
  /// order) has one `overlap` problem naming how many and the first three. A ``Stack``
  /// whose content is longer than it (``Stack/contentOverflow``) has an `overflow` problem;
  /// a ``ScrollView``'s children are checked against its content, not its frame, and what
  /// scrolls out of it neither overlaps nor reaches outside the screen.
  ///
  /// This collects what ``forEachProblem(in:locale:_:)`` hands out one by one; a tree with
  /// very many problems is better read with that.
  ///
  /// - Parameters:
  ///   - tree: The root, in an environment and laid out.
  ///   - locale: The locale to name in each problem, if the layout was localised.
  /// - Returns: The problems; empty when there are none.
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  public static func problems(in tree: View, locale: String? = nil) throws(SnapshotError)
    -> [LayoutProblem]
  {
    var problems: [LayoutProblem] = []
    try forEachProblem(in: tree, locale: locale) { problems.append($0) }
    return problems
  }

  /// Hands each problem of a laid-out tree to `body` as it is found, in the order
  /// ``problems(in:locale:)`` returns them.
  ///
  /// Memory grows with the number of widgets (a frame, a name and an overlap summary for
  /// each text widget), never with the number of problems. Time is O(n log n) in the text
  /// widgets, plus one comparison for each pair whose extents meet along one axis: the one
  /// with fewer such pairs, so that a column or a row of labels takes linear time.
  ///
  /// - Parameters:
  ///   - tree: The root, in an environment and laid out.
  ///   - locale: The locale to name in each problem, if the layout was localised.
  ///   - body: Called once per problem.
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout; nothing
  ///   is handed to `body` then.
  public static func forEachProblem(
    in tree: View, locale: String? = nil, _ body: (LayoutProblem) -> Void
  ) throws(SnapshotError) {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    var overlaps = OverlapFinder()
    try overlaps.collect(tree, origin: (0, 0), path: "root")
    let summaries = overlaps.summaries()
    var checker = Checker(
      screen: environment.screen, locale: locale, overlaps: summaries, names: overlaps.names)
    checker.visit(tree, origin: (0, 0), path: "root", parent: nil, outside: false, emit: body)
  }
}

/// The name a problem gives a widget: its id, or its kind and place in the tree.
private func problemName(_ view: View, path: String) -> String {
  view.id.isEmpty ? "\(view.kind.rawValue) at \(path)" : view.id
}

/// Frames are compared with this tolerance, in points.
private let frameTolerance = 1e-3

/// Which earlier text widgets each text widget overlaps: a first walk collects the frames
/// on the screen, and a sweep along one axis compares the frames whose extents on it meet.
private struct OverlapFinder {
  /// Text widgets' frames on the screen, in depth-first order.
  private var frames: [Rect] = []
  /// Text widgets' names, in depth-first order.
  private(set) var names: [String] = []

  /// Collects the text widgets' frames of `view` and its subtree, each cut to `visible`: the
  /// part of the screen the scroll views holding it show (the whole plane outside any).
  mutating func collect(
    _ view: View, origin: (x: Double, y: Double), path: String, visible: Rect? = nil
  ) throws(SnapshotError) {
    guard !view.needsLayout else { throw .needsLayout(widgetID: view.id) }
    let frame = view.screenFrame
    let absolute = Rect(
      x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    if let widget = view as? TextWidget {
      guard widget.layout != nil else { throw .needsLayout(widgetID: view.id) }
      frames.append(visible.map { Self.intersection(absolute, $0) } ?? absolute)
      names.append(problemName(view, path: path))
    }
    var inside = visible
    if view is ScrollView {
      // What scrolls out of a scroll view is hidden, so it overlaps nothing.
      inside = visible.map { Self.intersection(absolute, $0) } ?? absolute
    }
    for (position, child) in view.children.enumerated() {
      try collect(
        child, origin: (absolute.x, absolute.y), path: "\(path).children[\(position)]",
        visible: inside)
    }
  }

  /// The part of `a` inside `b`; empty (zero width and height) when they do not meet.
  static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = max(a.x, b.x)
    let y0 = max(a.y, b.y)
    let x1 = min(a.x + a.width, b.x + b.width)
    let y1 = min(a.y + a.height, b.y + b.height)
    guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// For each text widget (by its depth-first position among text widgets), the earlier
  /// ones its frame overlaps.
  ///
  /// A sweep along one axis compares each frame with the frames before it whose extents on
  /// that axis it meets. The axis is the one with fewer such pairs, counted first: a column
  /// of labels is swept down the screen and a row of them across it, so neither compares
  /// every pair.
  func summaries() -> [OverlapSummary] {
    var result = [OverlapSummary](repeating: OverlapSummary(), count: frames.count)
    // A frame with a coordinate or an edge that is not a number overlaps nothing (every
    // comparison with it is false), and would leave the sweep's order undefined.
    let comparable = frames.indices.filter { Self.isComparable(frames[$0]) }
    let spans = Self.sweepSpans(frames, comparable: comparable)
    let order = comparable.sorted { (spans[$0].low, $0) < (spans[$1].low, $1) }
    var active: [Int] = []
    for item in order {
      let frame = frames[item]
      let low = spans[item].low
      active.removeAll { spans[$0].high <= low + frameTolerance }
      for other in active where Self.overlap(frame, frames[other]) {
        let (earlier, later) = item < other ? (item, other) : (other, item)
        result[later].add(earlier)
      }
      active.append(item)
    }
    return result
  }

  /// Whether `frame`'s edges are all numbers, so that it can overlap another frame.
  static func isComparable(_ frame: Rect) -> Bool {
    !(frame.x.isNaN || frame.y.isNaN || (frame.x + frame.width).isNaN
      || (frame.y + frame.height).isNaN)
  }

  /// The frames' extents along the axis a sweep of the `comparable` frames (their indices)
  /// compares fewer pairs on: across the screen unless down it compares fewer.
  static func sweepSpans(_ frames: [Rect], comparable: [Int]) -> [(low: Double, high: Double)] {
    let across = frames.map { (low: $0.x, high: $0.x + $0.width) }
    let down = frames.map { (low: $0.y, high: $0.y + $0.height) }
    return comparisons(down, of: comparable) < comparisons(across, of: comparable) ? down : across
  }

  /// How many pairs a sweep along the spans at `indices` compares.
  ///
  /// For each span, it counts the spans that start before it (in the sweep's order) and do
  /// not end at or before its start, by the tolerance. A span of negative length leaves the
  /// sweep at the next start, so it is counted as ending where it starts.
  static func comparisons(_ spans: [(low: Double, high: Double)], of indices: [Int]) -> Int {
    let lows = indices.map { spans[$0].low }.sorted()
    let highs = indices.map { max(spans[$0].low, spans[$0].high) }.sorted()
    var ended = 0
    var total = 0
    for (index, low) in lows.enumerated() {
      while ended < highs.count, highs[ended] <= low + frameTolerance { ended += 1 }
      total += max(0, index - ended)
    }
    return total
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.x + a.width > b.x + frameTolerance && b.x + b.width > a.x + frameTolerance
      && a.y + a.height > b.y + frameTolerance && b.y + b.height > a.y + frameTolerance
  }
}

/// The earlier text widgets one text widget overlaps: how many, and the first few.
private struct OverlapSummary {
  /// How many are named.
  static let namedLimit = 3
  private(set) var count = 0
  /// The first ``namedLimit`` of them, by depth-first position, in order.
  private(set) var first: [Int] = []

  mutating func add(_ earlier: Int) {
    count += 1
    guard first.count < Self.namedLimit || earlier < first[first.count - 1] else { return }
    let place = first.firstIndex { $0 > earlier } ?? first.count
    first.insert(earlier, at: place)
    if first.count > Self.namedLimit { first.removeLast() }
  }

  /// `its frame overlaps A's`, or `its frame overlaps 5 text widgets: A, B, C and 2 more`.
  func message(names: [String]) -> String {
    let named = first.map { TextFormat.printable(names[$0]) }
    guard count > 1 else { return "its frame overlaps \(named.joined())'s" }
    let more = count > named.count ? " and \(count - named.count) more" : ""
    return "its frame overlaps \(count) earlier text widgets: "
      + named.joined(separator: ", ") + more
  }
}

/// Walks a tree once, handing out each widget's problems in the order of their kinds.
private struct Checker {
  let screen: Screen
  let locale: String?
  let overlaps: [OverlapSummary]
  let names: [String]
  var firstByID: [String: String] = [:]
  /// The text widgets visited so far.
  var textWidgets = 0
  /// The current widget's problems, emitted in the order of their kinds once it is checked.
  var pending: [LayoutProblem] = []

  init(screen: Screen, locale: String?, overlaps: [OverlapSummary], names: [String]) {
    self.screen = screen
    self.locale = locale
    self.overlaps = overlaps
    self.names = names
  }

  mutating func report(_ kind: LayoutProblem.Kind, _ name: String, _ message: String) {
    pending.append(
      LayoutProblem(screen: screen.name, id: name, kind: kind, message: message, locale: locale))
  }

  /// Hands out the current widget's problems, in the order of ``LayoutProblem/Kind``.
  mutating func flush(_ emit: (LayoutProblem) -> Void) {
    let ranks = LayoutProblem.Kind.allCases
    for kind in ranks {
      for problem in pending where problem.kind == kind { emit(problem) }
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Checks `view` and its subtree, handing each widget's problems to `emit`.
  ///
  /// `outside` says whether an ancestor already reached outside its parent or the screen,
  /// so what is inside it is not reported as outside the screen again (reaching outside its
  /// own parent still is). The overlap finder has already checked that every widget is
  /// laid out.
  mutating func visit(
    _ view: View, origin: (x: Double, y: Double), path: String,
    parent: (name: String, size: Size)?, outside: Bool, emit: (LayoutProblem) -> Void
  ) {
    let name = problemName(view, path: path)
    let frame = view.screenFrame
    if let stack = view as? Stack, stack.contentOverflow > frameTolerance {
      let grows = stack.wraps ? stack.axis.cross : stack.axis
      let extent = grows == .vertical ? frame.height : frame.width
      let unit = screen.unitName
      report(
        .overflow, name,
        "its content needs \(TextFormat.string(extent + stack.contentOverflow, fractionDigits: 3))"
          + "\(unit), \(TextFormat.string(stack.contentOverflow, fractionDigits: 3))\(unit) more "
          + "than its \(TextFormat.string(extent, fractionDigits: 3))\(unit) "
          + (grows == .vertical ? "height" : "width")
          + ", with its texts at their smallest sizes; the children that shrink are cut")
    }
    let absolute = Rect(
      x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    if let widget = view as? TextWidget, let layout = widget.layout {
      checkText(widget, layout, name: name)
      let summary = overlaps[textWidgets]
      if summary.count > 0 { report(.overlap, name, summary.message(names: names)) }
      textWidgets += 1
    }
    var reachesOutside = outside
    if let parent,
      !Self.contains(Size(width: parent.size.width, height: parent.size.height), frame)
    {
      reachesOutside = true
      report(
        .outsideParent, name,
        "frame \(frame.summary) reaches outside its parent \(TextFormat.printable(parent.name)) "
          + "(\(TextFormat.string(parent.size.width, fractionDigits: 3))×"
          + "\(TextFormat.string(parent.size.height, fractionDigits: 3)))")
    } else if !outside, !Self.contains(Size(width: screen.width, height: screen.height), absolute) {
      // Reported for the outermost widget only: what is inside it is outside too.
      reachesOutside = true
      report(
        .outsideScreen, name,
        "frame \(absolute.summary) on the screen reaches outside the "
          + "\(TextFormat.string(screen.width, fractionDigits: 3))×"
          + "\(TextFormat.string(screen.height, fractionDigits: 3)) screen")
    }
    if !view.id.isEmpty {
      if let first = firstByID[view.id] {
        report(.duplicateID, name, "the id is also used by the \(TextFormat.printable(first))")
      } else {
        firstByID[view.id] = "\(view.kind.rawValue) at \(path)"
      }
    }
    flush(emit)
    let inside = (view as? ScrollView)?.contentSize ?? frame.size
    for (position, child) in view.children.enumerated() {
      visit(
        child, origin: (absolute.x, absolute.y), path: "\(path).children[\(position)]",
        parent: (name, inside), outside: reachesOutside || view is ScrollView, emit: emit)
    }
  }

  /// Whether `frame` lies inside a box of `size` at the origin.
  static func contains(_ size: Size, _ frame: Rect) -> Bool {
    frame.x >= -frameTolerance && frame.y >= -frameTolerance
      && frame.x + frame.width <= size.width + frameTolerance
      && frame.y + frame.height <= size.height + frameTolerance
  }

  mutating func checkText(_ widget: TextWidget, _ layout: WidgetLayout, name: String) {
    if let error = layout.error {
      report(.layoutFailed, name, error.description)
      return
    }
    guard let fit = layout.fit else { return }
    let size = "\(TextFormat.string(fit.pointSize / layout.unitsPerPoint, fractionDigits: 3))pt"
    if let rejection = layout.rejection {
      var message = "refused \(quotedExcerpt(rejection.text))"
      if let failure = rejection.result.failure {
        message += " (\(FailureSnapshot(failure).summary(unit: screen.unitName)))"
      }
      report(.rejected, name, message + ", showing the previous text")
    } else if let failure = fit.failure,
      !(widget is TextView && widget.overflow == .scroll && failure.isTooTall)
    {
      var message = FailureSnapshot(failure).summary(unit: screen.unitName)
      if fit.block.hiddenCharacterCount > 0 {
        message += "; \(fit.block.hiddenCharacterCount) characters hidden"
      }
      if widget.autoFit != nil {
        report(.overflow, name, "does not fit at \(size), its smallest size: " + message)
      } else {
        report(.truncated, name, "at its fixed size \(size): " + message)
      }
    }
    checkScale(layout, drawn: fit.pointSize / layout.unitsPerPoint, name: name)
    if fit.block.breaksWords {
      report(.brokenWord, name, "a word wider than the line is broken at \(size)")
    }
    if !fit.missingCharacters.isEmpty {
      let codes = fit.missingCharacters.prefix(5).map { TextFormat.codePoint($0.value) }
      let more = fit.missingCharacters.count > 5 ? " …" : ""
      report(
        .missingGlyphs, name,
        "\(fit.missingCharacters.count) characters no installed font covers: "
          + codes.joined(separator: " ") + more)
    }
    if let resolved = layout.resolvedFont, resolved.isSubstitution {
      report(
        .fontSubstituted, name,
        "\(TextFormat.quoted(resolved.requested.familyList)) is not installed; "
          + "Fontconfig chose \(resolved.family) \(resolved.style)")
    }
    switch fit.lever {
    case .size: break
    case .tracking(let amount):
      report(
        .tracked, name,
        "letters tightened by \(TextFormat.string(-amount * 100, fractionDigits: 2))% of an em "
          + "at \(size) to fit")
    case .hyphenation(let words):
      report(.hyphenated, name, words.joined(separator: ", "))
    }
    if case .some(.none) = fit.hyphenationDictionary {
      let language = widget.language ?? widget.environment?.language
      report(
        .noHyphenationDictionary, name,
        "the text needed hyphenation, but no dictionary serves "
          + (language.map { "\"\($0.tag)\"" } ?? "a text without a language")
          + " (install its hyphen-* package)")
    }
  }
}

extension Checker {
  /// Reports `scaleLost` when the size drawn keeps less than ``LayoutProblem/scaleKept`` of
  /// what the text scale stage added.
  mutating func checkScale(_ layout: WidgetLayout, drawn: Double, name: String) {
    guard let index = layout.stages.firstIndex(where: { $0.kind == .textScale }), index > 0
    else { return }
    let unscaled = layout.stages[index - 1].size
    let scale = layout.stages[index]
    let added = scale.size - unscaled
    guard added > 1e-6 else { return }
    let kept = (drawn - unscaled) / added
    guard kept < LayoutProblem.scaleKept - 1e-9 else { return }
    let share = Int((max(0, kept) * 100).rounded(.down))
    report(
      .scaleLost, name,
      "the text scale \(scale.detail) asks for \(TextFormat.string(scale.size, fractionDigits: 3))pt "
        + "(from \(TextFormat.string(unscaled, fractionDigits: 3))pt); the fit draws "
        + "\(TextFormat.string(drawn, fractionDigits: 3))pt, keeping \(share)% of the scale "
        + "(at least \(Int(LayoutProblem.scaleKept * 100))% is asked; WCAG 1.4.4 asks for 200%)")
  }
}

extension FitFailure {
  /// Whether the text is only taller than its box.
  fileprivate var isTooTall: Bool {
    if case .tooTall = self { return true }
    return false
  }
}
