import FontFitText

/// A simulated screen: its size in points and how many pixels make a point.
public struct Screen: Hashable, Sendable, Codable {
  /// The name users pick it by, such as `iPhone 6`; matched case-insensitively.
  ///
  /// Sizes are in screen units: points on iOS, logical pixels in GTK; ``dpi`` relates them to
  /// font points.
  public var name: String
  /// The width in screen units.
  public var width: Double
  /// The height in screen units.
  public var height: Double
  /// Pixels per screen unit (2 for Retina, 1 for a desktop panel).
  public var scale: Double
  /// Screen units per inch, which relates font points to screen units: 72 (the default) makes
  /// one font point one unit, as on iOS; 96 is GTK's logical pixel, where a 17pt font is
  /// 22.667 units.
  public var dpi: Double

  /// The dpi at which a font point is one screen unit.
  public static let pointsPerInch = 72.0

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - name: The name users pick it by.
  ///   - width: The width in screen units.
  ///   - height: The height in screen units.
  ///   - scale: Pixels per screen unit.
  ///   - dpi: Screen units per inch; 72 by default.
  public init(name: String, width: Double, height: Double, scale: Double, dpi: Double = 72) {
    self.name = name
    self.width = width
    self.height = height
    self.scale = scale
    self.dpi = dpi
  }

  /// Screen units per font point: `dpi / 72`; 1 when the dpi is not a positive finite number.
  public var unitsPerPoint: Double {
    dpi.isFinite && dpi > 0 ? dpi / Self.pointsPerInch : 1
  }

  /// The width in font points: what adaptation tables, written for iPhone widths, compare.
  public var widthInPoints: Double { width / unitsPerPoint }

  /// The same screen turned on its side: width and height swapped, `landscape` added to the
  /// name.
  public var landscape: Screen {
    Screen(name: name + " landscape", width: height, height: width, scale: scale, dpi: dpi)
  }

  private enum CodingKeys: String, CodingKey {
    case name, width, height, scale, dpi
  }

  /// Reads a screen; a missing `dpi` is 72.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    width = try container.decode(Double.self, forKey: .width)
    height = try container.decode(Double.self, forKey: .height)
    scale = try container.decode(Double.self, forKey: .scale)
    dpi = try container.decodeIfPresent(Double.self, forKey: .dpi) ?? Self.pointsPerInch
    guard dpi.isFinite, dpi > 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .dpi, in: container, debugDescription: "dpi must be a positive finite number")
    }
  }
}

/// The screens a layout can be simulated on, looked up by name.
///
/// A catalog is an in-memory list; the description module reads the bundled catalog and
/// catalog files into one.
public struct ScreenCatalog: Hashable, Sendable {
  /// The screens, in catalog order.
  public private(set) var screens: [Screen]
  /// Where each screen is in ``screens``, by its name's key: lookups and additions take
  /// constant time, so a catalog of many screens loads in linear time.
  private var positions: [String: Int] = [:]

  /// Creates a catalog of `screens`; a later screen replaces an earlier one of the same name.
  public init(screens: [Screen]) {
    self.screens = []
    add(screens)
  }

  /// The screen called `name`, ignoring case and surrounding spaces.
  public subscript(name: String) -> Screen? {
    positions[Self.key(name)].map { screens[$0] }
  }

  /// Adds screens, replacing any with the same name (ignoring case).
  public mutating func add(_ screens: [Screen]) {
    for screen in screens {
      let key = Self.key(screen.name)
      if let index = positions[key] {
        self.screens[index] = screen
      } else {
        positions[key] = self.screens.count
        self.screens.append(screen)
      }
    }
  }

  /// Whether both list the same screens in the same order.
  public static func == (lhs: ScreenCatalog, rhs: ScreenCatalog) -> Bool {
    lhs.screens == rhs.screens
  }

  /// Hashes the screens.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(screens)
  }

  /// The screen names, in catalog order, for messages: `iPhone 4s, iPhone 5, …`.
  public var nameList: String { screens.map(\.name).joined(separator: ", ") }

  private static func key(_ name: String) -> String {
    name.trimmingSpaces().lowercased()
  }
}
