import FontFitText

/// A simulated screen: its size in points and how many pixels make a point.
public struct Screen: Hashable, Sendable, Codable {
  /// The name users pick it by, such as `iPhone 6`; matched case-insensitively.
  public var name: String
  /// The width in points.
  public var width: Double
  /// The height in points.
  public var height: Double
  /// Pixels per point (2 for Retina, 1 for a desktop panel).
  public var scale: Double

  /// Creates a screen.
  public init(name: String, width: Double, height: Double, scale: Double) {
    self.name = name
    self.width = width
    self.height = height
    self.scale = scale
  }
}

/// The screens a layout can be simulated on, looked up by name.
///
/// A catalog is an in-memory list; the description module reads the bundled catalog and
/// catalog files into one.
public struct ScreenCatalog: Hashable, Sendable {
  /// The screens, in catalog order.
  public private(set) var screens: [Screen]

  /// Creates a catalog of `screens`; a later screen replaces an earlier one of the same name.
  public init(screens: [Screen]) {
    self.screens = []
    add(screens)
  }

  /// The screen called `name`, ignoring case and surrounding spaces.
  public subscript(name: String) -> Screen? {
    let key = Self.key(name)
    return screens.first { Self.key($0.name) == key }
  }

  /// Adds screens, replacing any with the same name (ignoring case).
  public mutating func add(_ screens: [Screen]) {
    for screen in screens {
      let key = Self.key(screen.name)
      if let index = self.screens.firstIndex(where: { Self.key($0.name) == key }) {
        self.screens[index] = screen
      } else {
        self.screens.append(screen)
      }
    }
  }

  /// The screen names, in catalog order, for messages: `iPhone 4s, iPhone 5, …`.
  public var nameList: String { screens.map(\.name).joined(separator: ", ") }

  private static func key(_ name: String) -> String {
    name.trimmingSpaces().lowercased()
  }
}
