import Foundation

/// A simulated screen: its size in points and how many pixels make a point.
public struct Screen: Hashable, Sendable, CustomStringConvertible {
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

  /// `iPhone 6 375×667 @2x`.
  public var description: String {
    "\(name) \(format(width))×\(format(height)) @\(format(scale))x"
  }
}

/// The screens a layout can be simulated on, looked up by name.
///
/// The bundled catalog covers the seeds' iPhones, later phones, an iPad and common Linux
/// panels; a JSON file of the same shape adds screens or replaces same-named ones:
/// `{"screens": [{"name": "Kiosk", "width": 1024, "height": 600, "scale": 1}]}`.
public struct ScreenCatalog: Hashable, Sendable {
  /// The screens, in catalog order.
  public private(set) var screens: [Screen]

  /// Creates a catalog of `screens`.
  public init(screens: [Screen]) {
    self.screens = []
    add(screens)
  }

  /// The catalog bundled with the package.
  ///
  /// - Throws: ``DescriptionError`` when the bundled resource is missing or damaged, which
  ///   means a broken installation.
  public static func bundled() throws(DescriptionError) -> ScreenCatalog {
    guard let url = Bundle.module.url(forResource: "screens", withExtension: "json") else {
      throw DescriptionError(file: "screens.json", message: "the bundled screen catalog is missing")
    }
    var catalog = ScreenCatalog(screens: [])
    try catalog.add(contentsOf: url.path)
    return catalog
  }

  /// The screen called `name`, ignoring case and surrounding spaces.
  public subscript(name: String) -> Screen? {
    let key = Self.key(name)
    return screens.first { Self.key($0.name) == key }
  }

  /// Adds screens, replacing any with the same name (ignoring case).
  public mutating func add(_ screens: [Screen]) {
    for screen in screens {
      if let index = self.screens.firstIndex(where: { Self.key($0.name) == Self.key(screen.name) })
      {
        self.screens[index] = screen
      } else {
        self.screens.append(screen)
      }
    }
  }

  /// Adds the screens listed in a JSON catalog file.
  ///
  /// - Throws: ``DescriptionError`` naming the file and the place that is wrong.
  public mutating func add(contentsOf path: String) throws(DescriptionError) {
    let document = try DescriptionReader(path: path)
    let root = try document.object(document.root, at: "")
    try document.checkKeys(root, allowed: ["screens"], at: "")
    guard let list = root.member("screens") else {
      throw document.error(at: document.root, path: "", "expected a \"screens\" array")
    }
    add(try document.screens(list, at: "screens"))
  }

  static func key(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespaces).lowercased()
  }
}

/// A number without a needless fraction, rounded to 1/1000: `375`, `23.438`.
func format(_ value: Double) -> String {
  guard value.isFinite, abs(value) < 1e12 else { return String(value) }
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 {
    return String(Int(rounded))
  }
  return String(rounded)
}
