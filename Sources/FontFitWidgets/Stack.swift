import FontFitEngine
import FontFitText

/// Where a stack puts a child across its axis.
public enum StackAlignment: String, CaseIterable, Hashable, Sendable {
  /// At the start: the left (the right in a right-to-left layout) of a column, the top of a
  /// row.
  case leading
  /// In the middle.
  case center
  /// At the end.
  case trailing
  /// Across the whole stack (the default), within the child's size limits.
  case fill
}

/// How a stack shares its length along its axis among its children.
public enum StackDistribution: String, CaseIterable, Hashable, Sendable {
  /// Each child takes its own length; spare length goes to the children that grow, missing
  /// length comes from those that shrink (the default; flexbox's model).
  case fill
  /// Every child takes the same length.
  case equal
  /// Each child's length is its own scaled by one factor, so that together they fill the
  /// stack.
  case proportional
}

/// A container that sizes its children to their content and places them in a column or a
/// row: UIStackView, Android's LinearLayout, a CSS flex container.
///
/// Children of a stack have no frame of their own: the stack offers each its width (in a
/// column) or its height (in a row) and asks how much it needs along the axis
/// (``View/sizeThatFits(_:)``), then shares its length among them by ``distribution`` and
/// places them one after another, ``spacing`` apart, inside ``padding``. A label in a column
/// therefore grows in height with its text instead of shrinking its font; it shrinks only
/// when the column cannot give it the height it asks for.
///
/// A stack sizes to its children, so a change inside one lays the stack out again, and the
/// stacks that hold it, up to the first container that does not size to its children.
open class Stack: View {
  /// The direction children are placed in: a column (the default) or a row.
  public var axis: Axis = .vertical {
    didSet { if axis != oldValue { setNeedsLayout() } }
  }

  /// The space between neighbouring children, in screen units.
  public var spacing: Double = 0 {
    didSet { if spacing != oldValue { setNeedsLayout() } }
  }

  /// Where children sit across the axis.
  public var alignment: StackAlignment = .fill {
    didSet { if alignment != oldValue { setNeedsLayout() } }
  }

  /// How the length along the axis is shared.
  public var distribution: StackDistribution = .fill {
    didSet { if distribution != oldValue { setNeedsLayout() } }
  }

  /// The space kept free inside the stack's edges, in screen units.
  public var padding: EdgeInsets = .zero {
    didSet { if padding != oldValue { setNeedsLayout() } }
  }

  /// Whether children that do not fit in one line along the axis go on to the next (false by
  /// default): a row of chips that continues below, as Flutter's `Wrap` and CSS's
  /// `flex-wrap` do.
  ///
  /// Lines are filled greedily in order, ``spacing`` apart along the axis and between lines;
  /// each line is as long across the axis as its longest child, ``alignment`` places children
  /// within it, and spare length in a line goes to its children that grow. A child longer than
  /// a whole line has a line of its own and is measured at the line's length.
  public var wraps = false {
    didSet { if wraps != oldValue { setNeedsLayout() } }
  }

  /// How far the content reached past the stack at the last layout pass, in screen units,
  /// along the direction it grows in (the axis; across it for a stack that ``wraps``), after
  /// its texts shrank as far as they may; 0 when it fits.
  ///
  /// What does not fit is taken from the children that shrink, and their texts truncate;
  /// `check` reports it as the stack's `overflow`. A child squeezed below its natural length
  /// that still shows all of itself there (a label that wraps onto more lines or fits at a
  /// smaller size, a stack whose own content fits) does not count: read after layout.
  public var contentOverflow: Double {
    var excess = placedExcess
    for entry in squeezed where Self.absorbs(entry.child) {
      excess -= entry.natural - entry.assigned
    }
    return excess > 1e-9 ? excess : 0
  }

  /// How far the content at its children's natural lengths reached past the stack when it
  /// was last placed.
  private var placedExcess = 0.0
  /// The children given less than their natural length when last placed, with both lengths.
  private var squeezed: [(child: View, natural: Double, assigned: Double)] = []

  /// Whether `child`, given less than its natural length, still shows all of itself.
  private static func absorbs(_ child: View) -> Bool {
    if let text = child as? TextWidget { return text.layout?.textFits == true }
    if let stack = child as? Stack { return !stack.needsLayout && stack.contentOverflow == 0 }
    return false
  }

  /// Creates a stack.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points, used when the stack is not itself in a stack.
  ///   - axis: A column (the default) or a row.
  ///   - spacing: The space between children, in screen units.
  public init(id: String = "", frame: Rect = .zero, axis: Axis = .vertical, spacing: Double = 0) {
    self.axis = axis
    self.spacing = spacing
    super.init(id: id, frame: frame)
  }

  /// ``WidgetKind/stack``.
  public override var kind: WidgetKind { .stack }

  /// A stack sizes to its children.
  public override var sizesToChildren: Bool { true }

  /// The children's lengths along the axis, with spacing, and their largest length across
  /// it, inside ``padding``; for a stack that ``wraps``, its longest line and its lines'
  /// lengths across the axis.
  ///
  /// When the proposal gives a length along the axis, each child's length across is the one
  /// it needs at the length the stack would share out to it at that length, as
  /// ``updateLayout()`` does: a label squeezed in a row wraps onto more lines, and the row is
  /// as tall as they are.
  open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
    let inner = proposal.inset(by: padding)
    let content =
      wraps
      ? wrappedLines(main: inner.length(along: axis)).size(axis: axis, spacing: spacing)
      : contentSize(main: inner.length(along: axis), cross: inner.length(along: axis.cross))
    var across = content.length(along: axis.cross)
    if alignment == .fill, !wraps, let cross = inner.length(along: axis.cross) {
      across = max(across, cross)
    }
    return Size(
      axis, main: content.length(along: axis) + padding.total(along: axis),
      cross: across + padding.total(along: axis.cross))
  }

  /// Its children's, within their size limits: in a column the largest of each; in a row
  /// their sums with spacing (a wrapping row is as narrow as its narrowest child allows);
  /// padding added.
  open override func contentWidths() -> ContentWidths {
    let widths = children.map { child in
      let own = child.contentWidths()
      return ContentWidths(
        minimum: child.sizeLimits.clamp(own.minimum, along: .horizontal),
        maximum: child.sizeLimits.clamp(own.maximum, along: .horizontal))
    }
    let gaps = spacing * Double(max(0, children.count - 1))
    let minimum: Double
    let maximum: Double
    if axis == .vertical {
      minimum = widths.reduce(0) { max($0, $1.minimum) }
      maximum = widths.reduce(0) { max($0, $1.maximum) }
    } else {
      minimum =
        wraps ? widths.reduce(0) { max($0, $1.minimum) } : widths.reduce(gaps) { $0 + $1.minimum }
      maximum = widths.reduce(gaps) { $0 + $1.maximum }
    }
    let padded = padding.total(along: .horizontal)
    return ContentWidths(minimum: minimum + padded, maximum: maximum + padded)
  }

  /// The content's size in one line: its children's lengths along the axis with spacing (each
  /// child's natural length, or the length shared out of `main` when given), and the largest
  /// length across it that any child needs at its length.
  func contentSize(main available: Double?, cross: Double?) -> Size {
    var sizes = children.map { $0.fittingSize(ProposedSize(axis, main: nil, cross: cross)) }
    let mains = sizes.map { $0.length(along: axis) }
    let gaps = spacing * Double(max(0, children.count - 1))
    var main = mains.reduce(0, +)
    if distribution == .equal { main = (mains.max() ?? 0) * Double(mains.count) }
    main += gaps
    if let available {
      let shared = Self.share(
        available - gaps, among: children, natural: mains, distribution: distribution, axis: axis)
      for index in children.indices where shared[index] != mains[index] {
        sizes[index] = children[index].fittingSize(
          ProposedSize(axis, main: shared[index], cross: cross))
      }
    }
    let across = sizes.reduce(0) { max($0, $1.length(along: axis.cross)) }
    return Size(axis, main: main, cross: across)
  }

  /// Shares the stack's length among its children and places them; the outermost stack of a
  /// tree first fits the texts to it (see ``fitTexts(in:)``).
  open override func updateLayout() {
    let bounds = screenFrame.size
    if !(parent is Stack) { fitTexts(in: bounds) }
    let needed = placeChildren(in: bounds)
    placedExcess = needed - bounds.length(along: wraps ? axis.cross : axis)
  }

  /// How far the content at its current sizes reaches past `bounds` along the direction it
  /// grows in; 0 when it fits.
  func overflow(in bounds: Size) -> Double {
    let grows = wraps ? axis.cross : axis
    let needed = sizeThatFits(fitProposal(bounds)).length(along: grows)
    let excess = needed - bounds.length(along: grows)
    return excess > 1e-9 ? excess : 0
  }

  /// What ``fitTexts(in:)`` offers the stack: the length across (along, for a stack that
  /// ``wraps``) the axis it has, with the other side unbounded.
  private func fitProposal(_ bounds: Size) -> ProposedSize {
    wraps
      ? ProposedSize(axis, main: bounds.length(along: axis), cross: nil)
      : ProposedSize(axis, main: nil, cross: bounds.length(along: axis.cross))
  }

  /// Places the children in a stack of `bounds`, mirrored in a right-to-left layout.
  ///
  /// - Returns: The length the content needs in the direction it grows in (along the axis;
  ///   across it for a stack that ``wraps``), padding included, at the children's natural
  ///   sizes: what ``contentOverflow`` compares with the stack's own.
  @discardableResult
  func placeChildren(in bounds: Size) -> Double {
    squeezed = []
    let available = max(0, bounds.length(along: axis) - padding.total(along: axis))
    let cross = max(0, bounds.length(along: axis.cross) - padding.total(along: axis.cross))
    // Frames are made left to right, then mirrored in a right-to-left layout: a row runs
    // from the right, and leading alignment and padding are on the right.
    let mirrored = effectiveLayoutDirection == .rightToLeft
    func place(
      _ child: View, natural: Size, main: Double, offset: Double, lineCross: Double,
      lineStart: Double
    ) {
      var size = natural
      if main != natural.length(along: axis) {
        // A new length along the axis can change what the child needs across it (a label
        // given less width wraps onto more lines).
        size = child.fittingSize(ProposedSize(axis, main: main, cross: wraps ? nil : lineCross))
      }
      let childCross =
        alignment == .fill
        ? child.sizeLimits.clamp(lineCross, along: axis.cross)
        : min(size.length(along: axis.cross), lineCross)
      let start: Double =
        switch alignment {
        case .leading, .fill: 0
        case .center: (lineCross - childCross) / 2
        case .trailing: lineCross - childCross
        }
      let crossOffset = padding.start(along: axis.cross) + lineStart + start
      var frame =
        axis == .vertical
        ? Rect(x: crossOffset, y: offset, width: childCross, height: main)
        : Rect(x: offset, y: crossOffset, width: main, height: childCross)
      if mirrored { frame.x = bounds.width - frame.x - frame.width }
      child.place(in: frame)
    }
    if wraps {
      let wrapped = wrappedLines(main: available)
      var lineStart = 0.0
      for line in wrapped.lines {
        let members = line.members.map { children[$0] }
        let gaps = spacing * Double(max(0, members.count - 1))
        let mains = Self.share(
          available - gaps, among: members, natural: line.mains, distribution: distribution,
          axis: axis)
        var offset = padding.start(along: axis)
        for (position, child) in members.enumerated() {
          place(
            child, natural: line.sizes[position], main: mains[position], offset: offset,
            lineCross: line.cross, lineStart: lineStart)
          offset += mains[position] + spacing
        }
        lineStart += line.cross + spacing
      }
      return wrapped.size(axis: axis, spacing: spacing).length(along: axis.cross)
        + padding.total(along: axis.cross)
    }
    let natural = children.map { $0.fittingSize(ProposedSize(axis, main: nil, cross: cross)) }
    let lengths = natural.map { $0.length(along: axis) }
    let gaps = spacing * Double(max(0, children.count - 1))
    let mains = Self.share(
      available - gaps, among: children, natural: lengths, distribution: distribution,
      axis: axis)
    var offset = padding.start(along: axis)
    for (index, child) in children.enumerated() {
      place(
        child, natural: natural[index], main: mains[index], offset: offset, lineCross: cross,
        lineStart: 0)
      offset += mains[index] + spacing
      if distribution != .equal, mains[index] < lengths[index] - 1e-9 {
        squeezed.append((child, lengths[index], mains[index]))
      }
    }
    let content =
      distribution == .equal
      ? (lengths.max() ?? 0) * Double(lengths.count) : lengths.reduce(0, +)
    return content + gaps + padding.total(along: axis)
  }

  /// The lines of a stack that ``wraps``, filled greedily within `main` (one line when nil).
  func wrappedLines(main available: Double?) -> WrappedLines {
    var lines: [WrappedLines.Line] = []
    var current = WrappedLines.Line()
    var length = 0.0
    for (index, child) in children.enumerated() {
      var size = child.fittingSize(.unbounded)
      var main = size.length(along: axis)
      if let available, main > available {
        // Too long for any line: it is measured at the line's length, on a line of its own.
        size = child.fittingSize(ProposedSize(axis, main: available, cross: nil))
        main = min(size.length(along: axis), available)
      }
      let needed = current.members.isEmpty ? main : length + spacing + main
      if let available, !current.members.isEmpty, needed > available + 1e-9 {
        lines.append(current)
        current = WrappedLines.Line()
        length = main
      } else {
        length = needed
      }
      current.members.append(index)
      current.mains.append(main)
      current.sizes.append(size)
      current.cross = max(current.cross, size.length(along: axis.cross))
      current.length = length
    }
    if !current.members.isEmpty { lines.append(current) }
    return WrappedLines(lines: lines)
  }

  /// One fit for the whole stack: when its content at the adapted sizes is longer than the
  /// stack along its axis (across it, for a stack that ``wraps``), every text in it that
  /// auto-fits is scaled by one common factor (each down to its own minimum size) until the
  /// content fits, found by bisection as a single text's fit is; the factor is each widget's
  /// ``View/stackFitFactor``.
  ///
  /// Texts inside a plain view (whose frame is fixed) or a ``ScrollView`` (whose content
  /// scrolls) take no part: their size does not change the stack's. What still does not fit
  /// at every text's minimum is shared out by ``View/shrink`` and truncates.
  func fitTexts(in bounds: Size) {
    var texts: [TextWidget] = []
    // The stacks that hold the texts, this one included: what they measure depends on the
    // factor.
    var holders: [View] = []
    func collect(_ view: View) -> Bool {
      var holds = false
      for child in view.children {
        if let text = child as? TextWidget, text.autoFit != nil {
          texts.append(text)
          holds = true
        }
        if child is Stack, !(child is ScrollView), collect(child) { holds = true }
      }
      if holds { holders.append(view) }
      return holds
    }
    guard collect(self) else { return }
    func fits(at factor: Double) -> Bool {
      var changed = false
      for text in texts where text.setStackFitFactor(factor) { changed = true }
      if changed {
        // Each holder and each stack around this one measured the texts: forgotten once
        // here, not once per text (which took the texts times the depth of the stacks).
        for holder in holders { holder.forgetMeasuredSizes() }
        var ancestor = parent
        while let current = ancestor, current.sizesToChildren {
          current.forgetMeasuredSizes()
          ancestor = current.parent
        }
      }
      return overflow(in: bounds) == 0
    }
    guard !fits(at: 1) else { return }
    let floor = texts.reduce(1) { min($0, $1.smallestStackFitFactor) }
    guard floor < 1, fits(at: floor) else {
      _ = fits(at: floor)
      return
    }
    var good = floor
    var bad = 1.0
    while bad - good > 1e-4 {
      let middle = (good + bad) / 2
      if fits(at: middle) { good = middle } else { bad = middle }
    }
    _ = fits(at: good)
  }

  /// The lengths along `axis` of `children`, whose own are `natural`, sharing `available`.
  ///
  /// `.fill` resolves flexible lengths as CSS flexbox does: spare length goes to the children
  /// that grow, in proportion to ``View/grow``; missing length is taken from those that
  /// shrink, in proportion to ``View/shrink`` times their length; a child held by its size
  /// limits is frozen there and the rest shared again among the others.
  static func share(
    _ available: Double, among children: [View], natural: [Double],
    distribution: StackDistribution, axis: Axis
  ) -> [Double] {
    let count = children.count
    guard count > 0 else { return [] }
    let limits = children.map(\.sizeLimits)
    switch distribution {
    case .equal:
      let each = max(0, available) / Double(count)
      return limits.map { $0.clamp(each, along: axis) }
    case .proportional:
      let total = natural.reduce(0, +)
      let factor = total > 0 ? max(0, available) / total : 0
      return zip(natural, limits).map { length, limit in
        limit.clamp(length * factor, along: axis)
      }
    case .fill:
      break
    }
    var lengths = natural
    var frozen = [Bool](repeating: false, count: count)
    // Each round freezes at least one child or ends, so `count` rounds settle every length.
    for _ in 0...count {
      let free = available - lengths.reduce(0, +)
      guard abs(free) > 1e-9 else { break }
      let weights = (0..<count).map { index -> Double in
        guard !frozen[index] else { return 0 }
        return free > 0 ? children[index].grow : children[index].shrink * natural[index]
      }
      let total = weights.reduce(0, +)
      guard total > 0 else { break }
      var clamped = false
      for index in 0..<count where weights[index] > 0 {
        let wanted = lengths[index] + free * weights[index] / total
        let length = max(0, limits[index].clamp(wanted, along: axis))
        if length != wanted {
          frozen[index] = true
          clamped = true
        }
        lengths[index] = length
      }
      if !clamped { break }
    }
    return lengths
  }
}

/// The lines of a stack that wraps.
struct WrappedLines {
  /// One line: its children's indices, their lengths along the axis, the line's length along
  /// the axis with spacing, and its length across.
  struct Line {
    var members: [Int] = []
    var mains: [Double] = []
    var sizes: [Size] = []
    var length = 0.0
    var cross = 0.0
  }

  var lines: [Line]

  /// The longest line, and the lines across the axis with `spacing` between them.
  func size(axis: Axis, spacing: Double) -> Size {
    let main = lines.reduce(0) { max($0, $1.length) }
    let cross = lines.reduce(0) { $0 + $1.cross } + spacing * Double(max(0, lines.count - 1))
    return Size(axis, main: main, cross: cross)
  }
}

/// A stack whose content is unbounded along its axis and scrolls: it is as long as it is
/// given (a stack grows it, as ``View/grow`` is 1) while its children take the lengths they
/// need, as SwiftUI's and UIKit's scroll views do.
///
/// Its texts never shrink for the screen: the one fit of an enclosing stack leaves what is
/// inside a scroll view alone, and a text too long for it scrolls instead. Dumps show the
/// children's frames in the content, which may reach past the scroll view;
/// ``contentSize`` is its extent.
public final class ScrollView: Stack {
  /// Creates a scroll view.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points, used when the scroll view is not in a stack.
  ///   - axis: The direction it scrolls in: vertical (the default) or horizontal.
  public init(id: String = "", frame: Rect = .zero, axis: Axis = .vertical) {
    super.init(id: id, frame: frame, axis: axis)
    grow = 1
  }

  /// ``WidgetKind/scrollView``.
  public override var kind: WidgetKind { .scrollView }

  /// The size of the content at the last layout pass, in screen units: at least the scroll
  /// view's own size, and as long along the axis as its children need.
  public private(set) var contentSize = Size.zero

  /// Along its axis, the length proposed, or none when unbounded (it needs no length of its
  /// own: a stack gives it what is spare); across it, what its content needs.
  public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
    let content = super.sizeThatFits(
      ProposedSize(axis, main: nil, cross: proposal.length(along: axis.cross)))
    return Size(
      axis, main: proposal.length(along: axis) ?? 0, cross: content.length(along: axis.cross))
  }

  /// Places the children in content as long as they need, from the scroll view's origin;
  /// nothing shrinks.
  public override func updateLayout() {
    let bounds = screenFrame.size
    let cross = bounds.length(along: axis.cross)
    let content = super.sizeThatFits(ProposedSize(axis, main: nil, cross: cross))
    contentSize = Size(
      axis, main: max(bounds.length(along: axis), content.length(along: axis)), cross: cross)
    placeChildren(in: contentSize)
  }
}

/// Empty space that takes a stack's spare length: it grows (``View/grow`` is 1) and needs no
/// space of its own beyond its minimum size.
public final class Spacer: View {
  /// Creates a spacer.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - minLength: The least space it keeps along a stack's axis, in screen units.
  public init(id: String = "", minLength: Double = 0) {
    super.init(id: id)
    grow = 1
    sizeLimits = SizeLimits(minWidth: minLength, minHeight: minLength)
  }

  /// ``WidgetKind/spacer``.
  public override var kind: WidgetKind { .spacer }

  /// A spacer needs no space.
  public override func sizeThatFits(_ proposal: ProposedSize) -> Size { .zero }
}

extension View {
  /// ``View/sizeThatFits(_:)`` kept within ``View/sizeLimits``: what a stack works with.
  func fittingSize(_ proposal: ProposedSize) -> Size {
    sizeLimits.clamp(measuredSize(proposal))
  }
}
