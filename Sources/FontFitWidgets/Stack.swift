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
  /// it, inside ``padding``.
  ///
  /// When the proposal gives a length along the axis, each child's length across is the one
  /// it needs at the length the stack would share out to it at that length, as
  /// ``updateLayout()`` does: a label squeezed in a row wraps onto more lines, and the row is
  /// as tall as they are.
  public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
    let inner = proposal.inset(by: padding)
    let cross = inner.length(along: axis.cross)
    var sizes = children.map { $0.fittingSize(ProposedSize(axis, main: nil, cross: cross)) }
    let mains = sizes.map { $0.length(along: axis) }
    let gaps = spacing * Double(max(0, children.count - 1))
    var main = mains.reduce(0, +)
    if distribution == .equal { main = (mains.max() ?? 0) * Double(mains.count) }
    main += gaps
    if let available = inner.length(along: axis) {
      let shared = Self.share(
        available - gaps, among: children, natural: mains, distribution: distribution, axis: axis)
      for index in children.indices where shared[index] != mains[index] {
        sizes[index] = children[index].fittingSize(
          ProposedSize(axis, main: shared[index], cross: cross))
      }
    }
    var across = sizes.reduce(0) { max($0, $1.length(along: axis.cross)) }
    if alignment == .fill, let cross { across = max(across, cross) }
    return Size(
      axis, main: main + padding.total(along: axis),
      cross: across + padding.total(along: axis.cross))
  }

  /// Shares the stack's length among its children and places them; the outermost stack of a
  /// tree first fits the texts to it (see ``fitTexts(in:)``).
  open override func updateLayout() {
    let bounds = screenFrame.size
    if !(parent is Stack) { fitTexts(in: bounds) }
    let available = max(0, bounds.length(along: axis) - padding.total(along: axis))
    let cross = max(0, bounds.length(along: axis.cross) - padding.total(along: axis.cross))
    let natural = children.map { $0.fittingSize(ProposedSize(axis, main: nil, cross: cross)) }
    let gaps = spacing * Double(max(0, children.count - 1))
    let mains = Self.share(
      available - gaps, among: children, natural: natural.map { $0.length(along: axis) },
      distribution: distribution, axis: axis)
    var offset = padding.start(along: axis)
    // Frames are made left to right, then mirrored in a right-to-left layout: a row runs
    // from the right, and leading alignment and padding are on the right.
    let mirrored = effectiveLayoutDirection == .rightToLeft
    for (index, child) in children.enumerated() {
      let main = mains[index]
      var size = natural[index]
      if main != size.length(along: axis) {
        // A new length along the axis can change what the child needs across it (a label
        // given less width wraps onto more lines).
        size = child.fittingSize(ProposedSize(axis, main: main, cross: cross))
      }
      let childCross =
        alignment == .fill
        ? child.sizeLimits.clamp(cross, along: axis.cross)
        : min(size.length(along: axis.cross), cross)
      let start: Double =
        switch alignment {
        case .leading, .fill: 0
        case .center: (cross - childCross) / 2
        case .trailing: cross - childCross
        }
      let crossOffset = padding.start(along: axis.cross) + start
      var frame =
        axis == .vertical
        ? Rect(x: crossOffset, y: offset, width: childCross, height: main)
        : Rect(x: offset, y: crossOffset, width: main, height: childCross)
      if mirrored { frame.x = bounds.width - frame.x - frame.width }
      child.place(in: frame)
      offset += main + spacing
    }
  }

  /// One fit for the whole stack: when its content at the adapted sizes is longer than the
  /// stack along its axis, every text in it that auto-fits is scaled by one common factor
  /// (each down to its own minimum size) until the content fits, found by bisection as a
  /// single text's fit is; the factor is each widget's ``View/stackFitFactor``.
  ///
  /// Texts inside a plain view (whose frame is fixed) take no part: their size does not
  /// change the stack's. What still does not fit at every text's minimum is shared out by
  /// ``View/shrink`` and truncates.
  func fitTexts(in bounds: Size) {
    var texts: [TextWidget] = []
    func collect(_ view: View) {
      for child in view.children {
        if let text = child as? TextWidget, text.autoFit != nil { texts.append(text) }
        if child is Stack { collect(child) }
      }
    }
    collect(self)
    guard !texts.isEmpty else { return }
    let extent = bounds.length(along: axis)
    let cross = ProposedSize(axis, main: nil, cross: bounds.length(along: axis.cross))
    func fits(at factor: Double) -> Bool {
      for text in texts { text.setStackFitFactor(factor) }
      return sizeThatFits(cross).length(along: axis) <= extent + 1e-9
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
    sizeLimits.clamp(sizeThatFits(proposal))
  }
}
