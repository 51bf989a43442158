import FontKit
import TextLayout

/// A rectangle in points: origin at the top left, y downwards.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The width and height.
  public var size: Size { Size(width: width, height: height) }

  /// `[x, y, width, height]`.
  public var description: String {
    "[\(format(x)), \(format(y)), \(format(width)), \(format(height))]"
  }
}

/// Where a widget tree is shown: the screen, the design it was made for, and how fonts adapt.
public struct WidgetEnvironment: Sendable {
  /// The screen the tree is shown on.
  public var screen: Screen
  /// The screen the design (frames and font sizes) was made for.
  public var designScreen: Screen
  /// How design font sizes adapt to `screen`.
  public var adaptation: AdaptationPolicy
  /// Whether design frames scale with the screen (x and width by the width ratio, y and height
  /// by the height ratio), as the seeds' proportional layouts do.
  public var scalesFrames: Bool
  /// Resolves and measures fonts.
  public var fonts: FontSystem

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - screen: The screen the tree is shown on.
  ///   - designScreen: The screen the design was made for; `screen` when nil.
  ///   - adaptation: How design font sizes adapt; the seed's increments by default.
  ///   - scalesFrames: Whether frames scale with the screen.
  ///   - fonts: The font system that measures text.
  public init(
    screen: Screen, designScreen: Screen? = nil,
    adaptation: AdaptationPolicy = .seedIncrements, scalesFrames: Bool = true, fonts: FontSystem
  ) {
    self.screen = screen
    self.designScreen = designScreen ?? screen
    self.adaptation = adaptation
    self.scalesFrames = scalesFrames
    self.fonts = fonts
  }

  /// `frame`, given in design points, on this environment's screen.
  public func screenFrame(_ frame: Rect) -> Rect {
    guard scalesFrames, designScreen.width > 0, designScreen.height > 0 else { return frame }
    let sx = screen.width / designScreen.width
    let sy = screen.height / designScreen.height
    return Rect(
      x: frame.x * sx, y: frame.y * sy, width: frame.width * sx, height: frame.height * sy)
  }

  /// `font`, designed for the design screen, adapted to this screen.
  ///
  /// The adapted size is at least ``minimumAdaptedPointSize``, so a table with large negative
  /// increments cannot produce an empty or negative font. A size that is not finite stays as it
  /// is, and the widget reports it as a layout error.
  public func adapted(_ font: Font) -> Font {
    let size = adaptation.adaptedPointSize(font.pointSize, on: screen, designScreen: designScreen)
    return font.withPointSize(size.isNaN ? size : max(size, Self.minimumAdaptedPointSize))
  }

  /// The smallest size adaptation produces, in points.
  public static let minimumAdaptedPointSize = 1.0
}

/// A rectangular widget that can hold other widgets; the container of a tree.
///
/// Widgets are objects with identity, used from one thread at a time, like UIKit views.
/// A tree is shown in the environment of its root; changing it re-adapts every widget from its
/// design font.
open class View {
  /// An identifier for finding the widget and for dumps.
  public var id: String
  /// The frame in design points, relative to the parent.
  public var frame: Rect {
    didSet { if frame != oldValue { setNeedsLayout() } }
  }
  /// The widgets inside this one, back to front.
  public private(set) var children: [View] = []
  /// The widget that holds this one.
  public private(set) weak var parent: View?

  private var ownEnvironment: WidgetEnvironment?

  /// Creates a widget.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points.
  public init(id: String = "", frame: Rect = .zero) {
    self.id = id
    self.frame = frame
  }

  /// The environment the widget is shown in: its own if set, else its parent's.
  public var environment: WidgetEnvironment? {
    get { ownEnvironment ?? parent?.environment }
    set {
      ownEnvironment = newValue
      environmentDidChange()
    }
  }

  /// The type name used in description files and dumps.
  open var typeName: String { "View" }

  /// The frame on the current screen, in that screen's points.
  public var screenFrame: Rect {
    environment?.screenFrame(frame) ?? frame
  }

  /// Adds `child` on top of the other children, taking it from its previous parent.
  public func addChild(_ child: View) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
    child.environmentDidChange()
  }

  /// Takes the widget out of its parent.
  public func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
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

  /// Called when the screen or policy the widget is shown with may have changed.
  ///
  /// Subclasses re-adapt their fonts. Always call `super`.
  open func environmentDidChange() {
    setNeedsLayout()
    for child in children { child.environmentDidChange() }
  }

  /// Marks the widget's layout as stale; it is redone on next read.
  open func setNeedsLayout() {}
}
