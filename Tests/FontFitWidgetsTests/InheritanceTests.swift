import FontFitFontModel
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

// A widget's environment, frame scaling and layout direction come from its ancestors; they are
// worked out when the tree or an ancestor changes rather than by walking up on every read.
// Whatever the changes, what a widget reads must be what a walk up the tree gives.

@Suite("What widgets inherit")
struct InheritanceTests {
  /// An environment the test set on a widget, and the widget (weakly: its identifier may
  /// name another widget once it is freed).
  private struct SetEnvironment {
    weak var view: View?
    var environment: WidgetEnvironment
  }

  /// The environment a walk up from `view` finds.
  private static func walkedEnvironment(_ view: View, own: [ObjectIdentifier: SetEnvironment])
    -> WidgetEnvironment?
  {
    var node: View? = view
    while let current = node {
      if let found = own[ObjectIdentifier(current)], found.view === current {
        return found.environment
      }
      node = current.parent
    }
    return nil
  }

  /// The frame scaling a walk up from `view` finds.
  private static func walkedScaling(_ view: View) -> FrameScaling? {
    var node: View? = view
    while let current = node {
      if let scaling = current.frameScaling { return scaling }
      node = current.parent
    }
    return nil
  }

  /// The layout direction a walk up from `view` finds: the first set, else the root's
  /// environment language's.
  private static func walkedDirection(_ view: View) -> LayoutDirection {
    var node = view
    while true {
      if let direction = node.layoutDirection { return direction }
      guard let parent = node.parent else {
        return LayoutDirection(language: node.environment?.language)
      }
      node = parent
    }
  }

  @Test("After any sequence of changes, each widget reads what a walk up the tree finds")
  func inheritedValuesFollowChanges() throws {
    var random = SplitMix64(seed: 0x1_4E41)
    let arabic = try Language("ar")
    let environments = [
      WidgetEnvironment(screen: TestScreens.iPhone5, shaper: ArithmeticShaper()),
      WidgetEnvironment(screen: TestScreens.iPhone6, shaper: ArithmeticShaper(), language: arabic),
      WidgetEnvironment(screen: TestScreens.iPhone4s, shaper: ArithmeticShaper()),
    ]
    for _ in 0..<20 {
      var views = (0..<12).map { View(id: "v\($0)") }
      // The environments set on widgets, by widget, to compare against.
      var own: [ObjectIdentifier: SetEnvironment] = [:]
      for _ in 0..<60 {
        let view = views[Int.random(in: 0..<views.count, using: &random)]
        switch Int.random(in: 0..<7, using: &random) {
        case 6:
          // The test lets go of a widget: one outside a tree is freed, and its children
          // (which the test still holds) are left without a parent.
          let slot = Int.random(in: 0..<views.count, using: &random)
          views[slot] = View(id: "v\(slot)")
        case 0:
          // A cycle is refused and changes nothing.
          try? views[Int.random(in: 0..<views.count, using: &random)].addChild(view)
        case 1:
          view.removeFromParent()
        case 2:
          let environment = environments[Int.random(in: 0..<environments.count, using: &random)]
          view.environment = environment
          own[ObjectIdentifier(view)] = SetEnvironment(view: view, environment: environment)
        case 3:
          view.environment = nil
          own[ObjectIdentifier(view)] = nil
        case 4:
          let scalings: [FrameScaling?] = [nil, FrameScaling.none, .width, .uniform]
          view.frameScaling = scalings[Int.random(in: 0..<scalings.count, using: &random)]
        default:
          let directions: [LayoutDirection?] = [nil, .leftToRight, .rightToLeft]
          view.layoutDirection = directions[Int.random(in: 0..<directions.count, using: &random)]
        }
        for view in views {
          #expect(
            view.environment?.screen == Self.walkedEnvironment(view, own: own)?.screen,
            "\(view.id)")
          #expect(view.effectiveFrameScaling == Self.walkedScaling(view), "\(view.id)")
          #expect(view.effectiveLayoutDirection == Self.walkedDirection(view), "\(view.id)")
        }
      }
    }
  }

  @Test("A change marks the widgets inside and the stacks above that size to them, no others")
  func changeMarksSubtreeAndStacksAbove() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let column = Stack(id: "column", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let row = Stack(id: "row", axis: .horizontal)
    let box = View(id: "box")
    let inside = (0..<3).map { View(id: "inside\($0)") }
    let sibling = View(id: "sibling")
    try root.addChild(column)
    try column.addChild(row)
    try column.addChild(sibling)
    try row.addChild(box)
    for view in inside { try box.addChild(view) }
    try inside[0].addChild(View(id: "deepest"))
    let environment = WidgetEnvironment(screen: TestScreens.iPhone5, shaper: ArithmeticShaper())
    root.environment = environment
    root.layoutIfNeeded()
    let all = [root, column, row, box, sibling] + inside + inside[0].children
    #expect(all.allSatisfy { !$0.needsLayout })

    box.environment = WidgetEnvironment(screen: TestScreens.iPhone6, shaper: ArithmeticShaper())
    // The box's subtree, and the stacks above it (which size to their children).
    let marked = [column, row, box] + inside + inside[0].children
    for view in all {
      #expect(view.needsLayout == marked.contains { $0 === view }, "\(view.id)")
    }
  }

  /// A widget that reads what it inherits when its environment changes, before `super`.
  private final class Reader: View {
    var seen: [(screen: Screen?, direction: LayoutDirection, scaling: FrameScaling?)] = []

    override func environmentDidChange() {
      seen.append((environment?.screen, effectiveLayoutDirection, effectiveFrameScaling))
      super.environmentDidChange()
    }
  }

  @Test("A subclass reads current inherited values in environmentDidChange, before super")
  func overrideSeesCurrentValues() throws {
    let parent = View(id: "parent")
    parent.environment = WidgetEnvironment(
      screen: TestScreens.iPhone6, shaper: ArithmeticShaper(), language: try Language("ar"))
    parent.frameScaling = .width
    let reader = Reader(id: "reader")
    try parent.addChild(reader)
    #expect(reader.seen.last?.screen == TestScreens.iPhone6)
    #expect(reader.seen.last?.direction == .rightToLeft)
    #expect(reader.seen.last?.scaling == .width)
    parent.frameScaling = .uniform
    #expect(reader.seen.last?.scaling == .uniform)
    reader.removeFromParent()
    #expect(reader.seen.last?.screen == nil)
    #expect(reader.seen.last?.scaling == nil)
  }

  @Test("A widget whose parent is freed inherits nothing, and keeps its layout")
  func orphanInheritsNothing() throws {
    let child = View(id: "child")
    do {
      let parent = View(id: "parent")
      parent.environment = WidgetEnvironment(
        screen: TestScreens.iPhone6, shaper: ArithmeticShaper(), language: try Language("ar"))
      parent.frameScaling = .width
      try parent.addChild(child)
      parent.layoutIfNeeded()
      #expect(child.environment?.screen == TestScreens.iPhone6)
      #expect(child.effectiveLayoutDirection == .rightToLeft)
    }
    #expect(child.parent == nil)
    #expect(!child.needsLayout)
    #expect(child.environment == nil)
    #expect(child.effectiveFrameScaling == nil)
    #expect(child.effectiveLayoutDirection == .leftToRight)
  }
}
