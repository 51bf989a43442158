import FontFitFontModel
import FontFitWidgets
import TestSupport
import Testing

// A widget's environment, frame scaling and layout direction come from its ancestors; they are
// worked out when the tree or an ancestor changes rather than by walking up on every read.
// Whatever the changes, what a widget reads must be what a walk up the tree gives.

@Suite("What widgets inherit")
struct InheritanceTests {
  /// The environment a walk up from `view` finds.
  private static func walkedEnvironment(_ view: View, own: [ObjectIdentifier: WidgetEnvironment])
    -> WidgetEnvironment?
  {
    var node: View? = view
    while let current = node {
      if let found = own[ObjectIdentifier(current)] { return found }
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
      let views = (0..<12).map { View(id: "v\($0)") }
      // The environments set on widgets, by widget, to compare against.
      var own: [ObjectIdentifier: WidgetEnvironment] = [:]
      for _ in 0..<60 {
        let view = views[Int.random(in: 0..<views.count, using: &random)]
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          // A cycle is refused and changes nothing.
          try? views[Int.random(in: 0..<views.count, using: &random)].addChild(view)
        case 1:
          view.removeFromParent()
        case 2:
          let environment = environments.randomElement(using: &random)
          view.environment = environment
          own[ObjectIdentifier(view)] = environment
        case 3:
          view.environment = nil
          own[ObjectIdentifier(view)] = nil
        case 4:
          view.frameScaling = [nil, .none, .width, .uniform].randomElement(using: &random)!
        default:
          view.layoutDirection = [nil, .leftToRight, .rightToLeft].randomElement(using: &random)!
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
