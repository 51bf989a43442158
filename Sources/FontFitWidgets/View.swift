import FontFitEngine
import FontFitFontModel
import FontFitText

/// The kinds of widget, as description files and dumps name them.
public enum WidgetKind: String, CaseIterable, Hashable, Sendable, Codable {
  /// A container: ``View``.
  case view = "View"
  /// A multi-line label that shrinks to fit: ``Label``.
  case label = "Label"
  /// A button with a single-line title: ``Button``.
  case button = "Button"
  /// A single-line text field: ``TextField``.
  case textField = "TextField"
  /// A scrolling multi-line text view: ``TextView``.
  case textView = "TextView"
  /// A container that sizes and places its children in a row or a column: ``Stack``.
  case stack = "Stack"
  /// Empty space that grows in a stack: ``Spacer``.
  case spacer = "Spacer"
  /// A stack whose content scrolls along its axis: ``ScrollView``.
  case scrollView = "ScrollView"

  /// Whether widgets of this kind show a text (labels, buttons, fields, text views).
  public var isText: Bool {
    switch self {
    case .label, .button, .textField, .textView: true
    case .view, .stack, .spacer, .scrollView: false
    }
  }
}

/// A change to a widget tree that would break it.
public enum WidgetTreeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Adding the child would make a widget its own ancestor.
  case cycle(parentID: String, childID: String)

  /// A sentence naming the widgets.
  public var description: String {
    switch self {
    case .cycle(let parent, let child):
      "adding \"\(child)\" to \"\(parent)\" would make a widget contain itself"
    }
  }
}

/// A rectangular widget that can hold other widgets; the container of a tree.
///
/// Widgets are objects with identity, used from one thread at a time, like UIKit views.
/// A tree is shown in the environment of its root. Layout is explicit: setters only record
/// what changed and mark the widget as needing layout; ``layoutIfNeeded()`` computes the
/// layout of every widget that needs it; reading a property never lays out or changes state.
///
/// Since a widget is used from one thread at a time and is not `Sendable`, its stored
/// properties (and ``TextWidget``'s) opt out of the runtime's dynamic exclusivity checks with
/// `@exclusivity(unchecked)`; the compiler's static checks still apply. A layout reads dozens
/// of them, and the runtime's check of each read cost a tenth of a warm re-fit.
open class View {
  /// An identifier for finding the widget and for dumps.
  @exclusivity(unchecked) public var id: String
  /// The frame in design points, relative to the parent.
  @exclusivity(unchecked) public var frame: Rect {
    didSet {
      if frame != oldValue {
        setNeedsLayout()
        mirroredChildrenNeedLayout()
      }
    }
  }
  /// The colour the widget's frame is filled with before its children are drawn; nil (the
  /// default) draws nothing, so what is behind shows through.
  @exclusivity(unchecked) public var backgroundColor: Color?
  /// Whether the widget's layout is stale: something it depends on changed since the last
  /// ``layoutIfNeeded()``.
  @exclusivity(unchecked) public private(set) var needsLayout = true {
    // Whatever marks a widget as needing layout may change what it measures.
    didSet { if needsLayout { measured.removeAll(keepingCapacity: true) } }
  }
  /// Set on a root when a fit group member left its tree, so the next layout pass settles the
  /// groups again.
  @exclusivity(unchecked) private var groupsNeedSettling = false
  /// ``isPackageSubtree`` once worked out; nil before, and again when a widget joins or
  /// leaves the subtree.
  @exclusivity(unchecked) private var knownPackageSubtree: Bool?
  // The settings below are declared beside the colour and the flags above, so that the
  // one-byte fields share a word of the object instead of each padding one.

  /// How the frames of this widget and the widgets inside it scale to the screen, or nil (the
  /// default) for the parent's (and at the root, the environment's
  /// ``WidgetEnvironment/frameScaling``).
  ///
  /// Frames are relative to the parent, so a container's setting reaches its children: a
  /// container that keeps its design frame keeps theirs too, unless one says otherwise.
  @exclusivity(unchecked) public var frameScaling: FrameScaling? {
    didSet { if frameScaling != oldValue { environmentDidChange() } }
  }
  /// Whether the widget's ``frame`` is mirrored inside a parent laid out right to left.
  ///
  /// UIKit mirrors views whose `semanticContentAttribute` follows the layout direction in the
  /// same way. False by default, so a design frame stays where it was drawn. A widget in a
  /// ``Stack`` is placed by the stack, which always mirrors rows.
  @exclusivity(unchecked) public var mirrorsInRightToLeft = false {
    didSet { if mirrorsInRightToLeft != oldValue { setNeedsLayout() } }
  }
  /// The direction rows run in inside this widget, or nil (the default) for the parent's;
  /// at the root, the environment language's (see ``LayoutDirection/init(language:)``).
  @exclusivity(unchecked) public var layoutDirection: LayoutDirection? {
    didSet { if layoutDirection != oldValue { environmentDidChange() } }
  }
  /// The widgets inside this one, back to front.
  @exclusivity(unchecked) public private(set) var children: [View] = []
  /// The widget that holds this one.
  public private(set) weak var parent: View?

  /// The last few sizes ``sizeThatFits(_:)`` answered, by proposal, since the widget was last
  /// marked as needing layout: a stack measures each child several times per pass (its own
  /// size, its ancestors', the one fit's bisection), and this keeps each a lookup.
  @exclusivity(unchecked) private var measured: [(proposal: ProposedSize, size: Size)] = []

  @exclusivity(unchecked) private var ownEnvironment: WidgetEnvironment?
  /// What the widget takes from its ancestors, worked out when they change (see
  /// ``environmentDidChange()``), so that reading it does not walk up the tree.
  @exclusivity(unchecked) private var inherited = Inherited()
  /// Whether the parent's ``environmentDidChange()`` is marking its subtree and calls this
  /// widget's, so it marks only itself: the ancestors above are marked once, by the widget
  /// the change began at. (Set by the parent, so no child reads its weak parent for it.)
  @exclusivity(unchecked) private var isMarkedByParent = false

  /// What a widget takes from its parent: its environment, frame scaling and layout
  /// direction in effect.
  private struct Inherited {
    var environment: WidgetEnvironment?
    var frameScaling: FrameScaling?
    var layoutDirection: LayoutDirection?
  }

  /// Creates a widget.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points.
  public init(id: String = "", frame: Rect = .zero) {
    self.id = id
    self.frame = frame
  }

  deinit {
    // A child that outlives this widget has no parent now, so nothing to inherit; its layout
    // stands, as it did when its parent went.
    for index in children.indices where !isKnownUniquelyReferenced(&children[index]) {
      children[index].inheritanceDidChange()
    }
  }

  /// The kind of widget, as description files and dumps name it.
  public var kind: WidgetKind { .view }

  /// The environment the widget is shown in: its own if set, else its parent's.
  ///
  /// Setting it marks this widget and every widget inside as needing layout: fonts are adapted
  /// again from their design fonts, and texts are fitted and judged again, on the next
  /// ``layoutIfNeeded()``.
  public var environment: WidgetEnvironment? {
    get { ownEnvironment ?? inherited.environment }
    set {
      ownEnvironment = newValue
      environmentDidChange()
    }
  }

  /// The frame scaling in effect: this widget's own, else the nearest ancestor's, else nil
  /// for the environment's.
  public var effectiveFrameScaling: FrameScaling? {
    frameScaling ?? inherited.frameScaling
  }

  /// The frame on the current screen, in that screen's units, relative to the parent: the one
  /// a ``Stack`` placed the widget in, else ``frame`` scaled to the screen.
  ///
  /// A widget that ``mirrorsInRightToLeft`` inside a parent laid out right to left has its
  /// frame mirrored across the parent's width: a design frame 20 points from the parent's
  /// left edge is 20 points from its right edge.
  public var screenFrame: Rect {
    if let placedFrame { return placedFrame }
    var scaled = environment?.screenFrame(frame, scaling: effectiveFrameScaling) ?? frame
    // What the widget inherits is its parent's direction, read without loading the parent.
    if mirrorsInRightToLeft, inherited.layoutDirection == .rightToLeft, let parent {
      scaled.x = parent.screenFrame.width - scaled.x - scaled.width
    }
    return scaled
  }

  /// The direction in effect: this widget's own, else the nearest ancestor's, else the
  /// environment language's.
  public var effectiveLayoutDirection: LayoutDirection {
    layoutDirection ?? inherited.layoutDirection ?? LayoutDirection(language: environment?.language)
  }

  /// The frame the ``Stack`` holding the widget gave it at the last layout pass, in screen
  /// units relative to the stack; nil outside a stack, where ``frame`` applies.
  @exclusivity(unchecked) public private(set) var placedFrame: Rect?

  /// The widget's share of a stack's spare length along its axis, against its siblings'.
  ///
  /// 0 (the default) takes none; a ``Spacer``'s is 1.
  public var grow: Double {
    get { stackItem?.value.grow ?? StackItem.default.grow }
    set { setStackItem(\.grow, newValue) }
  }

  /// How much of a stack's missing length along its axis this widget gives up, against its
  /// siblings' weights times their lengths (as in CSS flexbox); 1 by default, 0 to keep its
  /// length.
  public var shrink: Double {
    get { stackItem?.value.shrink ?? StackItem.default.shrink }
    set { setStackItem(\.shrink, newValue) }
  }

  /// The limits a stack keeps the widget's size within.
  public var sizeLimits: SizeLimits {
    get { stackItem?.value.sizeLimits ?? StackItem.default.sizeLimits }
    set { setStackItem(\.sizeLimits, newValue) }
  }

  /// What a stack reads of the widget besides its size: most widgets keep the defaults, and
  /// keep none of it (the limits alone would take 64 bytes of every widget).
  private struct StackItem {
    var grow = 0.0
    var shrink = 1.0
    var sizeLimits = SizeLimits.none

    static let `default` = StackItem()

    /// Whether these are the defaults, bit for bit (a -0 is kept, and reads back as -0).
    var isDefault: Bool {
      grow.bitPattern == Self.default.grow.bitPattern
        && shrink.bitPattern == Self.default.shrink.bitPattern && sizeLimits == .none
    }
  }

  /// The stack settings, boxed; nil while they are the defaults.
  @exclusivity(unchecked) private var stackItem: OutOfLine<StackItem>?

  /// Sets one stack setting to `value`, as given; a change lays the parent out again.
  private func setStackItem<Value: Equatable>(
    _ field: WritableKeyPath<StackItem, Value>, _ value: Value
  ) {
    var item = stackItem?.value ?? .default
    let changed = item[keyPath: field] != value
    item[keyPath: field] = value
    stackItem = item.isDefault ? nil : OutOfLine(item)
    if changed { parentNeedsLayout() }
  }

  /// The size the widget takes when offered `proposal` (nil on a side for no limit), in
  /// screen units: SwiftUI's `sizeThatFits`, UIKit's `systemLayoutSizeFitting`.
  ///
  /// It reads the widget's settings and measures; it never lays out or changes what a reader
  /// sees. A plain view is as large as its frame on the screen; text widgets, stacks and
  /// spacers size to their content. A parent keeps the answer within ``sizeLimits``.
  open func sizeThatFits(_ proposal: ProposedSize) -> Size {
    let frame = environment?.screenFrame(frame, scaling: effectiveFrameScaling) ?? frame
    return frame.size
  }

  /// The narrowest and the widest the widget can usefully be, in screen units: CSS's
  /// min-content and max-content widths, for a parent sizing columns.
  ///
  /// A plain view's are its frame's width; a text widget's are its widest word and its text
  /// on one line at its adapted size; a stack's combine its children's.
  open func contentWidths() -> ContentWidths {
    let width = sizeThatFits(.unbounded).width
    return ContentWidths(minimum: width, maximum: width)
  }

  /// The size the widget takes with nothing constraining it: ``sizeThatFits(_:)`` of an
  /// unbounded proposal.
  public var intrinsicContentSize: Size { sizeThatFits(.unbounded) }

  /// Whether this widget's own size follows its children's, so that a change inside one
  /// must lay it out again: true for a ``Stack``.
  open var sizesToChildren: Bool { false }

  /// Adds `child` on top of the other children, taking it from its previous parent.
  ///
  /// - Throws: ``WidgetTreeError/cycle(parentID:childID:)`` when `child` is this widget or
  ///   one of its ancestors; the tree is then unchanged.
  public func addChild(_ child: View) throws(WidgetTreeError) {
    var ancestor: View? = self
    while let current = ancestor {
      if current === child { throw .cycle(parentID: id, childID: child.id) }
      ancestor = current.parent
    }
    adopt(child)
  }

  /// Adds a child known not to be an ancestor, such as a widget just made.
  package func adopt(_ child: View) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
    child.updateInherited()
    child.environmentDidChange()
    childrenDidChange()
  }

  /// Takes the widget out of its parent.
  public func removeFromParent() {
    guard let parent else { return }
    if containsFitGroupMember {
      // The groups it leaves behind must be settled again without it.
      var root = parent
      while let above = root.parent { root = above }
      root.groupsNeedSettling = true
    }
    parent.children.removeAll { $0 === self }
    parent.childrenDidChange()
    self.parent = nil
    placedFrame = nil
    stackFitFactor = 1
    updateInherited()
    environmentDidChange()
  }

  /// The first widget in this subtree (depth first, this one included) with the given id.
  public func child(withID id: String) -> View? {
    if self.id == id { return self }
    for child in children {
      if let found = child.child(withID: id) { return found }
    }
    return nil
  }

  /// Called when the screen or policy the widget is shown with may have changed; marks the
  /// subtree as needing layout.
  ///
  /// Subclasses that keep state derived from the environment forget it here. Always call
  /// `super`. What the widget inherits (``environment``, ``effectiveFrameScaling``,
  /// ``effectiveLayoutDirection``) is already current when this is called: whatever changes
  /// a widget's parent or ancestors works it out first.
  open func environmentDidChange() {
    if isMarkedByParent {
      needsLayout = true
    } else {
      setNeedsLayout()
    }
    // What every child inherits, worked out once (``updateInherited()`` for each).
    let passed = Inherited(
      environment: environment, frameScaling: effectiveFrameScaling,
      layoutDirection: effectiveLayoutDirection)
    for child in children {
      child.inherited = passed
      child.isMarkedByParent = true
      child.environmentDidChange()
      child.isMarkedByParent = false
    }
  }

  /// Works out again what the widget inherits from its parent, whose values are current: a
  /// change reaches the parent first, or begins below it.
  private func updateInherited() {
    inherited =
      parent.map {
        Inherited(
          environment: $0.environment, frameScaling: $0.effectiveFrameScaling,
          layoutDirection: $0.effectiveLayoutDirection)
      } ?? Inherited()
  }

  /// Works out again what the subtree inherits, marking nothing as needing layout.
  private func inheritanceDidChange() {
    updateInherited()
    for child in children { child.inheritanceDidChange() }
  }

  /// Marks the widget's layout as stale; the next ``layoutIfNeeded()`` computes it again.
  ///
  /// The mark goes up through every ancestor that sizes to its children (see
  /// ``sizesToChildren``), since their sizes may follow this one, and stops at the first
  /// that does not: a change deep in a tree lays out again only what depends on it.
  public func setNeedsLayout() {
    needsLayout = true
    parentNeedsLayout()
  }

  /// Marks the parent, when it sizes to its children, as needing layout.
  private func parentNeedsLayout() {
    var ancestor = parent
    while let current = ancestor, current.sizesToChildren {
      current.needsLayout = true
      ancestor = current.parent
    }
  }

  /// Called when a child was added or removed; a container that places its children lays
  /// out again.
  private func childrenDidChange() {
    if sizesToChildren { setNeedsLayout() }
    // A widget joined or left this subtree, and those of its ancestors.
    var view: View? = self
    while let current = view {
      current.knownPackageSubtree = nil
      view = current.parent
    }
  }

  /// The factor the outermost stack holding the widget scaled text sizes by so that its
  /// content fits (see ``Stack``); 1 when nothing had to shrink.
  @exclusivity(unchecked) public internal(set) var stackFitFactor = 1.0

  /// Sets ``stackFitFactor``, and returns whether it changed.
  ///
  /// A new factor marks the widget, and only it, as needing layout. The sizes the stacks
  /// holding the widget measured are then stale too: the caller forgets them
  /// (``forgetMeasuredSizes()``), once for all the texts it set.
  func setStackFitFactor(_ factor: Double) -> Bool {
    guard stackFitFactor != factor else { return false }
    stackFitFactor = factor
    needsLayout = true
    return true
  }

  /// Forgets the sizes this widget measured for its container, without marking it as
  /// needing layout.
  func forgetMeasuredSizes() {
    measured.removeAll(keepingCapacity: true)
  }

  /// ``sizeThatFits(_:)``, answered from the sizes measured since the widget last needed
  /// layout when it has seen `proposal`.
  func measuredSize(_ proposal: ProposedSize) -> Size {
    if let known = measured.first(where: { $0.proposal == proposal }) { return known.size }
    let size = sizeThatFits(proposal)
    if measured.count == 4 { measured.removeFirst() }
    measured.append((proposal, size))
    return size
  }

  /// Places the widget in `frame` (screen units, relative to its parent), for the ``Stack``
  /// that holds it; a new frame marks the widget, and only it, as needing layout.
  func place(in frame: Rect) {
    guard placedFrame != frame else { return }
    let resized = placedFrame?.width != frame.width
    placedFrame = frame
    needsLayout = true
    if resized { mirroredChildrenNeedLayout() }
  }

  /// Marks the children whose frames mirror across this widget's width as needing layout:
  /// they move when it is resized.
  private func mirroredChildrenNeedLayout() {
    for child in children where child.mirrorsInRightToLeft && child.placedFrame == nil {
      child.needsLayout = true
    }
  }

  /// Lays out this widget and every widget inside it that needs layout, in the current
  /// environment.
  ///
  /// This is the one call that adapts fonts, measures and fits text, and decides whether a
  /// text is accepted; afterwards the results are plain values to read.
  ///
  /// Fit groups are settled afterwards over the whole tree (from its root), whenever a member
  /// of one was laid out or changed group: see ``TextWidget/fitGroup``.
  ///
  /// A view of the package's own with many children, all of them (and everything inside
  /// them) the package's own widgets, has them laid out on all cores while a core is free; the
  /// call returns when every widget is laid out, each as a serial pass lays it out. A widget
  /// of an app's own subclass is never inside such a view, so it is always laid out on the
  /// calling thread.
  public func layoutIfNeeded() {
    layoutIfNeeded(sharing: .whenCoreFree)
  }

  /// When a view of many children shares them out among the cores.
  package enum CoreSharing: Equatable {
    /// Never: every widget is laid out on the calling thread (what the bench compares the
    /// shared-out layout with).
    case never
    /// While a core is free (``layoutIfNeeded()``): from the start, or from the moment a
    /// core falls free part way through the children.
    case whenCoreFree
    /// Whatever other tasks run (what the tests compare with a serial pass).
    case always
    /// The first `count` children laid out on the calling thread, the rest shared out,
    /// whatever other tasks run: a core falling free part way, made certain (what the tests
    /// compare with a serial pass).
    case handingOutAfter(Int)
  }

  /// ``layoutIfNeeded()``, with a view's many children shared among the cores as `sharing`
  /// says.
  package func layoutIfNeeded(sharing: CoreSharing) {
    settleFitGroups(ifTouched: layoutSubtree(sharing: sharing))
  }

  /// Settles the fit groups over the whole tree, from its root, when a member was laid out
  /// or changed group (`touched`) or left the tree; whether it did.
  @discardableResult
  private func settleFitGroups(ifTouched touched: Bool) -> Bool {
    var root = self
    while let parent = root.parent { root = parent }
    guard touched || root.groupsNeedSettling else { return false }
    root.groupsNeedSettling = false
    root.settleFitGroups()
    return true
  }

  /// Whether this widget or one inside it belongs to a fit group.
  private var containsFitGroupMember: Bool {
    (self as? TextWidget)?.fitGroup != nil || children.contains { $0.containsFitGroupMember }
  }

  /// Lays out this widget and its subtree where needed; whether a fit group member was laid
  /// out or changed group.
  ///
  /// A widget with many children lays their subtrees out on all cores when every widget in
  /// them is one of the package's own (see ``layOutOnAllCores(_:from:start:read:)``), as
  /// `sharing` allows (never inside such a subtree, which is laid out on one of the cores).
  private func layoutSubtree(sharing: CoreSharing) -> Bool {
    let groupsTouched = layOutSelf()
    // Few children (most widgets have none) are laid out here, with no reader to call.
    guard children.count >= Self.parallelLayoutThreshold else {
      var touched = groupsTouched
      for child in children where child.layoutSubtree(sharing: sharing) { touched = true }
      return touched
    }
    return layOutChildren(sharing: sharing, start: {}, read: { _, _, _ in }).touched
      || groupsTouched
  }

  /// Lays out this widget alone, when it needs layout; whether it is a fit group member
  /// laid out or one that changed group.
  private func layOutSelf() -> Bool {
    guard needsLayout else { return false }
    updateLayout()
    needsLayout = false
    guard let widget = self as? TextWidget else { return false }
    let touched = widget.fitGroup != nil || widget.groupChanged
    widget.groupChanged = false
    return touched
  }

  /// How a widget's children are laid out: on all cores from the first, on this thread with
  /// the rest handed out should a core fall free part way, or on this thread alone.
  private enum ChildrenPlan {
    case onAllCores
    case inTurnHandingOut
    case inTurn
  }

  /// How the children are laid out now, as `sharing` allows.
  ///
  /// The cheap tests first, the walk over the children's subtrees last: a re-layout of a few
  /// widgets (a text typed into one) stays on this thread, and is not walked again later, as
  /// fewer still would need layout then.
  private func childrenPlan(_ sharing: CoreSharing) -> ChildrenPlan {
    let threshold = Self.parallelLayoutThreshold
    let coreFree: Bool
    switch sharing {
    case .never: return .inTurn
    case .handingOutAfter(let count):
      // On any number of cores, but only widgets of the package's own are handed out.
      return children.count - count >= threshold && isPackageSubtree
        ? .inTurnHandingOut : .inTurn
    case .always: coreFree = true
    case .whenCoreFree: coreFree = ParallelLayout.hasFreeCore
    }
    guard children.count >= threshold, sharesChildrenOut else { return .inTurn }
    // No core free yet (only `whenCoreFree` gets here): one may fall free part way.
    guard coreFree else { return children.count >= 2 * threshold ? .inTurnHandingOut : .inTurn }
    return childrenNeedingLayout(atLeast: threshold) ? .onAllCores : .inTurn
  }

  /// Lays out the children's subtrees as ``childrenPlan(_:)`` says, reading each with `read`
  /// right after its layout; the runs' values in order, and whether a fit group member was
  /// laid out or changed group.
  private func layOutChildren<Reading: Sendable>(
    sharing: CoreSharing, start: @escaping @Sendable () -> Reading,
    read: @escaping @Sendable (View, Int, inout Reading) -> Void
  ) -> (touched: Bool, runs: [Reading]) {
    switch childrenPlan(sharing) {
    case .onAllCores: Self.layOutOnAllCores(children, start: start, read: read)
    case .inTurnHandingOut:
      layOutChildrenInTurn(sharing: sharing, handingOut: true, start: start, read: read)
    case .inTurn:
      layOutChildrenInTurn(sharing: sharing, handingOut: false, start: start, read: read)
    }
  }

  /// ``layoutIfNeeded(sharing:)``, reading each child's subtree with `read` as soon as it is
  /// laid out, on the thread that laid it out, while its widgets are still in that core's
  /// cache: a pass over thousands of widgets after their layout finds each of them in memory
  /// again, and a dump of a large screen spent most of its time waiting for it.
  ///
  /// The children are read in order, in runs of consecutive children, each run into a value
  /// of its own that `start` makes; the runs' values are returned in the children's order.
  /// `read` is given each child and its position among the children, after the child's
  /// subtree is laid out: a subtree's layout writes to its own widgets only, so what `read`
  /// sees is what a read of the laid-out tree would. Runs are read on all cores when the
  /// children are laid out there (see ``layoutIfNeeded()``), so `read` may touch only the
  /// subtree it is given (it may change it, say to let go of its layouts).
  ///
  /// - Returns: The runs' values, or nil when fit groups were settled after the layout: a
  ///   member may have changed after it was read, so the tree is to be read again (laid out
  ///   again first, if `read` changed what it read).
  package func layoutIfNeeded<Reading: Sendable>(
    sharing: CoreSharing, start: @escaping @Sendable () -> Reading,
    readingChildren read: @escaping @Sendable (View, Int, inout Reading) -> Void
  ) -> [Reading]? {
    let groupsTouched = layOutSelf()
    let laidOut = layOutChildren(sharing: sharing, start: start, read: read)
    return settleFitGroups(ifTouched: laidOut.touched || groupsTouched) ? nil : laidOut.runs
  }

  /// Lays out the children's subtrees in order on this thread, reading each with `read`
  /// right after its layout; the runs' values in order, and whether a fit group member was
  /// laid out or changed group.
  ///
  /// When `handingOut`, a core falls free part way through (the other tasks of a run of
  /// screens finished theirs and wait for this one) and many children are left, the rest are
  /// handed out on all cores (see ``layOutOnAllCores(_:from:start:read:)``), as `sharing`
  /// allows: a screen laid out on one core while another stood idle held the whole run up.
  /// Each widget is still laid out by one thread, so the layout is the one a serial pass
  /// gives.
  private func layOutChildrenInTurn<Reading: Sendable>(
    sharing: CoreSharing, handingOut: Bool, start: @escaping @Sendable () -> Reading,
    read: @escaping @Sendable (View, Int, inout Reading) -> Void
  ) -> (touched: Bool, runs: [Reading]) {
    var touched = false
    var reading = start()
    var mayHandOut = handingOut
    let children = self.children
    for position in children.indices {
      if mayHandOut, children.count - position >= Self.parallelLayoutThreshold,
        Self.handsOut(at: position, sharing)
      {
        if Self.subtreesNeedingLayout(
          children[position...], atLeast: Self.parallelLayoutThreshold)
        {
          let rest = Self.layOutOnAllCores(
            children, from: position, start: start, read: read)
          return (touched || rest.touched, [reading] + rest.runs)
        }
        // Too few left need layout (a text typed into one): fewer still will further on, as
        // a child's layout marks no sibling, so the walk is not made again.
        mayHandOut = false
      }
      let child = children[position]
      if child.layoutSubtree(sharing: sharing) { touched = true }
      read(child, position, &reading)
    }
    return (touched, [reading])
  }

  /// Whether a serial layout of children hands the rest out at `position`, as `sharing`
  /// says: every ``handOutInterval`` children it looks for a free core (an atomic load).
  private static func handsOut(at position: Int, _ sharing: CoreSharing) -> Bool {
    switch sharing {
    case .never, .always: false
    // Not at the first child: the plan has just found no core free.
    case .whenCoreFree:
      position > 0 && position % handOutInterval == 0 && ParallelLayout.hasFreeCore
    case .handingOutAfter(let count): position == count
    }
  }

  /// Every how many children a serial layout looks for a free core.
  private static let handOutInterval = 32

  /// Whether the widget lays its children's subtrees out on all cores, when a core is free
  /// and many of them need layout: it has many, the machine has several cores, and it and
  /// every widget in them are the package's own.
  ///
  /// The widget itself must be: a stack among the children asks the widgets around it
  /// whether they size to their children, and an app's view answers with its own code.
  package var sharesChildrenOut: Bool {
    children.count >= Self.parallelLayoutThreshold && ParallelLayout.processorCount > 1
      && isPackageSubtree
  }

  /// Whether at least `count` of the children need layout, or have a widget inside that does.
  private func childrenNeedingLayout(atLeast count: Int) -> Bool {
    Self.subtreesNeedingLayout(children[...], atLeast: count)
  }

  /// Whether at least `count` of `widgets` need layout, or have a widget inside that does.
  private static func subtreesNeedingLayout(_ widgets: ArraySlice<View>, atLeast count: Int)
    -> Bool
  {
    var found = 0
    for widget in widgets where widget.subtreeNeedsLayout {
      found += 1
      if found >= count { return true }
    }
    return false
  }

  /// Whether this widget or one inside it needs layout.
  private var subtreeNeedsLayout: Bool {
    needsLayout || children.contains(where: \.subtreeNeedsLayout)
  }

  /// Below this many children needing layout, a widget lays their subtrees out on the calling
  /// thread: the threads' start costs more than they save.
  package static let parallelLayoutThreshold = 128

  /// Lays out the subtrees of `children` from position `first` on all cores, each core taking
  /// runs of consecutive children, and reads each child with `read` right after its subtree's
  /// layout, into a value per run that `start` makes; the runs' values in order, and whether
  /// a fit group member was laid out or changed group. (The children before `first` were
  /// laid out already; `read` is given each one's position among all of `children`.)
  ///
  /// The parent's own layout is done, so its children's subtrees depend on nothing another
  /// run changes: a subtree's layout writes to its own widgets only, and reads above it only
  /// what its ancestors' layouts set (the frames a stack placed, the parent's frame a mirrored
  /// child reads). Fit groups are settled afterwards, over the whole tree, on the calling
  /// thread. Each widget is laid out by one thread, so its layout is the one a serial pass
  /// gives, and a tree's dump is the same byte for byte.
  private static func layOutOnAllCores<Reading: Sendable>(
    _ children: [View], from first: Int = 0, start: @escaping @Sendable () -> Reading,
    read: @escaping @Sendable (View, Int, inout Reading) -> Void
  ) -> (touched: Bool, runs: [Reading]) {
    let count = children.count - first
    let runCount = min(count, ParallelLayout.processorCount * 4)
    let shared = EachOnOneThread(children)
    let runs = ParallelLayout.map(runCount) { run in
      let children = shared.value
      var touched = false
      let runRange = ParallelLayout.part(run, of: runCount, splitting: count)
      var reading = start()
      for index in first + runRange.lowerBound..<first + runRange.upperBound {
        let child = children[index]
        if child.layoutSubtree(sharing: .never) { touched = true }
        read(child, index, &reading)
      }
      return (touched, reading)
    }
    return (runs.contains { $0.0 }, runs.map(\.1))
  }

  /// Lets go of `trees` on all cores: freeing thousands of widgets takes a while, and the
  /// last trees of a run are otherwise freed on one core while the other waits.
  ///
  /// A tree this call holds the only reference to, none of whose children is held
  /// elsewhere, gives up its children in runs of consecutive widgets, and each run and each
  /// tree is freed on whichever core is free. Any other tree is only let go of: a child that
  /// outlives its parent is told so by the parent's deinitialiser.
  package static func releaseOnAllCores(_ trees: consuming [View]) {
    var parts: [[View]] = []
    var trees = trees
    // Popped, so the array no longer holds the tree.
    while var tree = trees.popLast() {
      if isKnownUniquelyReferenced(&tree), tree.children.count >= parallelLayoutThreshold,
        tree.children.indices.allSatisfy({ isKnownUniquelyReferenced(&tree.children[$0]) })
      {
        let children = tree.children
        tree.children = []
        tree.knownPackageSubtree = nil
        let runCount = ParallelLayout.processorCount * 4
        for run in 0..<runCount {
          parts.append(
            Array(children[ParallelLayout.part(run, of: runCount, splitting: children.count)]))
        }
      }
      parts.append([tree])
    }
    let slots = UnsafeMutableBufferPointer<[View]>.allocate(capacity: parts.count)
    _ = slots.initialize(from: parts)
    let count = parts.count
    parts = []
    // Each worker moves its part out of its own slot and frees it there.
    let shared = EachOnOneThread(slots)
    _ = ParallelLayout.map(count) { index in
      _ = shared.value.moveElement(from: index)
    }
    slots.deallocate()
  }

  /// Whether every widget of this subtree is one of the package's own classes, whose layout
  /// is safe on any thread.
  ///
  /// An app's subclass may keep state its layout shares with other widgets, so a tree with
  /// one is laid out on the calling thread (widgets are used from one thread at a time).
  ///
  /// Worked out once and kept until a widget joins or leaves the subtree: a screen's layout
  /// asks when it could share its children out, and the walk over thousands of widgets
  /// found each in memory again.
  private var isPackageSubtree: Bool {
    if let known = knownPackageSubtree { return known }
    // Recursive, so the walk reads the widgets in place (a list of widgets still to visit
    // retains and releases each).
    let answer = isPackageWidget && children.allSatisfy(\.isPackageSubtree)
    knownPackageSubtree = answer
    return answer
  }

  /// Whether the widget is an instance of one of the package's own classes, not of an app's
  /// subclass: its code is the package's, safe to run on any thread while no other thread
  /// uses the widget.
  package var isPackageWidget: Bool {
    Self.packageClasses.contains(ObjectIdentifier(type(of: self)))
  }

  /// The package's widget classes, of which an app can subclass the open ``View``, ``Stack``
  /// and ``TextWidget`` (matched exactly, so a subclass is not among them).
  private static let packageClasses: Set<ObjectIdentifier> = [
    ObjectIdentifier(View.self), ObjectIdentifier(Stack.self), ObjectIdentifier(ScrollView.self),
    ObjectIdentifier(Spacer.self), ObjectIdentifier(TextWidget.self), ObjectIdentifier(Label.self),
    ObjectIdentifier(Button.self), ObjectIdentifier(TextField.self),
    ObjectIdentifier(TextView.self),
  ]

  /// Computes this widget's own layout.
  ///
  /// ``layoutIfNeeded()`` calls it when the widget needs layout. A plain view has nothing to
  /// compute: its screen frame follows from its frame.
  open func updateLayout() {}
}

/// Widgets are used from one thread at a time.
@available(*, unavailable)
extension View: Sendable {}

extension View {
  /// The text widgets of this laid-out tree whose layout failed, with the reason:
  /// `label title: reason`.
  public var layoutFailures: [String] {
    var failures: [String] = []
    appendLayoutFailures(to: &failures)
    return failures
  }

  /// Lets go of the layout of every text widget of this subtree, which then needs layout.
  ///
  /// For a tree whose layout has been read and is about to be laid out again on another
  /// screen, or let go of: its layouts are freed here, while a read that has just written
  /// them has them in the cache, rather than by the next layout or the tree's release, which
  /// would find each of them in memory again.
  package func discardLayouts() {
    discardOwnLayout()
    for child in children { child.discardLayouts() }
  }

  /// Lets go of this widget's own layout, not its children's (see ``discardLayouts()``).
  package func discardOwnLayout() {
    if let widget = self as? TextWidget { widget.discardLayout() }
    needsLayout = true
  }

  /// Appends ``layoutFailures`` to `failures`, in one walk that makes no array per widget.
  package func appendLayoutFailures(to failures: inout [String]) {
    appendOwnLayoutFailure(to: &failures)
    for child in children { child.appendLayoutFailures(to: &failures) }
  }

  /// Appends this widget's own entry of ``layoutFailures``, when its layout failed.
  package func appendOwnLayoutFailure(to failures: inout [String]) {
    if let widget = self as? TextWidget, let error = widget.layout?.error {
      failures.append("\(widget.kind.rawValue) \(widget.id): \(error)")
    }
  }
}
