@_spi(Engine) import FontFitText

/// A font's identity without a size: the families to try, the weight and the slant.
///
/// Fontconfig chooses the same scalable face for a descriptor at every size, so resolutions,
/// fallback chains and measurements are cached by descriptor; ``Font`` adds the size.
///
/// A descriptor works out its hash when it is made or changed, not when it is hashed: every
/// fit looks its text, truncation token and face up by descriptor, and hashing the family
/// names each time cost more than the look-ups themselves.
public struct FontDescriptor: Hashable, Sendable {
  /// The families to try, in order, such as `["DejaVu Sans", "Noto Sans CJK SC"]`.
  public var families: [String] { didSet { rehash() } }
  /// The weight, on the CSS / OpenType scale (400 regular, 700 bold).
  public var weight: FontWeight { didSet { rehash() } }
  /// Upright, italic or oblique.
  public var slant: FontSlant { didSet { rehash() } }
  /// The hash of the three, as ``hash(into:)`` gives it.
  private var hash = 0

  /// Creates a descriptor from a list of families.
  ///
  /// - Parameters:
  ///   - families: The families to try, in order.
  ///   - weight: The weight; regular by default.
  ///   - slant: The slant; upright by default.
  public init(families: [String], weight: FontWeight = .regular, slant: FontSlant = .roman) {
    self.families = families
    self.weight = weight
    self.slant = slant
    rehash()
  }

  private mutating func rehash() {
    var hasher = Hasher()
    hasher.combine(families)
    hasher.combine(weight)
    hasher.combine(slant)
    hash = hasher.finalize()
  }

  /// Whether both have the same families, weight and slant.
  public static func == (lhs: FontDescriptor, rhs: FontDescriptor) -> Bool {
    lhs.hash == rhs.hash && lhs.weight == rhs.weight && lhs.slant == rhs.slant
      && lhs.families == rhs.families
  }

  /// The hash worked out when the descriptor was made or last changed, for a key that
  /// combines it with others without a `Hasher`.
  package var precomputedHash: Int { hash }

  /// Feeds the hash worked out when the descriptor was made or last changed to `hasher`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// Creates a descriptor for one family.
  ///
  /// - Parameters:
  ///   - family: The family name, such as `DejaVu Sans` or `sans-serif`.
  ///   - weight: The weight; regular by default.
  ///   - slant: The slant; upright by default.
  public init(family: String, weight: FontWeight = .regular, slant: FontSlant = .roman) {
    self.init(families: [family], weight: weight, slant: slant)
  }

  /// The families as a font name lists them: `DejaVu Sans, Noto Sans CJK SC`.
  public var familyList: String {
    families.count == 1 ? families[0] : families.joined(separator: ", ")
  }

  /// The style words, such as `Bold Italic`, or an empty string for regular upright.
  public var styleName: String {
    switch (weight != .regular, slant != .roman) {
    case (false, false): ""
    case (true, false): weight.name
    case (false, true): slant.name
    case (true, true): weight.name + " " + slant.name
    }
  }
}

extension String {
  /// The string without `suffix` at its end, if it ends with it.
  fileprivate func replacingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}

/// A font as a widget asks for it: a ``FontDescriptor`` at a point size.
///
/// Sizes are in points at 72 dpi, so 1pt is 1px, as iOS points and Pango's device units at
/// 72 dpi. A `Font` names what is asked for; a font system resolves its descriptor to a file
/// through Fontconfig.
public struct Font: Hashable, Sendable, CustomStringConvertible {
  /// The families, weight and slant.
  public var descriptor: FontDescriptor
  /// The size: in points, or in pixels (screen units) when ``isPixelSize`` is set.
  public var pointSize: Double
  /// Whether ``pointSize`` is in pixels, as `17px` or `pixelsize=17` write it: screen units,
  /// which a screen's dpi relates to points.
  public var isPixelSize: Bool

  /// Creates a font from a descriptor and a size.
  ///
  /// - Parameters:
  ///   - descriptor: The families, weight and slant.
  ///   - pointSize: The size.
  ///   - isPixelSize: Whether the size is in pixels rather than points.
  public init(descriptor: FontDescriptor, pointSize: Double, isPixelSize: Bool = false) {
    self.descriptor = descriptor
    self.pointSize = pointSize
    self.isPixelSize = isPixelSize
  }

  /// Creates a font of one family.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - weight: The weight; regular by default.
  ///   - slant: The slant; upright by default.
  ///   - pointSize: The size in points.
  public init(
    family: String, weight: FontWeight = .regular, slant: FontSlant = .roman, pointSize: Double
  ) {
    self.init(
      descriptor: FontDescriptor(family: family, weight: weight, slant: slant),
      pointSize: pointSize)
  }

  /// The sizes a font may have, in points.
  public static let pointSizeRange = 0.01...10_000.0

  /// The families to try, in order.
  public var families: [String] { descriptor.families }
  /// The weight.
  public var weight: FontWeight { descriptor.weight }
  /// The slant.
  public var slant: FontSlant { descriptor.slant }

  /// The same font at another size, in points.
  public func withPointSize(_ pointSize: Double) -> Font {
    Font(descriptor: descriptor, pointSize: pointSize)
  }

  /// The font as a name ``init(_:defaultPointSize:)`` reads back as the same font: Pango's
  /// syntax, `DejaVu Sans Bold 17`, when it can say it, else a Fontconfig pattern,
  /// `DejaVu Sans:weight=150:size=12` (a weight without a name, a family that ends in a
  /// number or a style word).
  public var description: String {
    // Reading the name back to check it costs about 40,000 instructions, and a dump names
    // the same few fonts for every widget on every screen: names are kept once made.
    let key = NameKey(self)
    if let known = Self.names.withLock({ $0[key] }) { return known }
    var text = descriptor.familyList
    let size = String(pointSize).replacingSuffix(".0") + (isPixelSize ? "px" : "")
    for part in [descriptor.styleName, size] where !part.isEmpty {
      if !text.isEmpty { text += " " }
      text += part
    }
    let name = (try? Font(text)) == self ? text : fontconfigPattern
    Self.names.withLock { names in
      // Bounded: a process that names more fonts than this starts over.
      if names.count >= Self.nameCacheLimit { names.removeAll() }
      names[key] = name
    }
    return name
  }

  /// A font exactly as written: its families by their scalars (`==` on strings would take
  /// "Café" composed and decomposed for one another) and its size by its bits.
  ///
  /// The key holds the descriptor's own array of families (copying a reference, not the
  /// names) and compares and hashes them by their bytes.
  private struct NameKey: Hashable {
    var families: [String]
    var weight: FontWeight
    var slant: FontSlant
    var size: UInt64
    var isPixelSize: Bool

    init(_ font: Font) {
      families = font.descriptor.families
      weight = font.descriptor.weight
      slant = font.descriptor.slant
      size = font.pointSize.bitPattern
      isPixelSize = font.isPixelSize
    }

    static func == (lhs: NameKey, rhs: NameKey) -> Bool {
      lhs.size == rhs.size && lhs.weight == rhs.weight && lhs.slant == rhs.slant
        && lhs.isPixelSize == rhs.isPixelSize && lhs.families.count == rhs.families.count
        && zip(lhs.families, rhs.families).allSatisfy { ExactString($0) == ExactString($1) }
    }

    func hash(into hasher: inout Hasher) {
      var folded = UInt64(truncatingIfNeeded: families.count)
      for family in families { folded = ExactString.mix(folded ^ ExactString(family).folded) }
      hasher.combine(folded)
      hasher.combine(weight)
      hasher.combine(slant)
      hasher.combine(size)
      hasher.combine(isPixelSize)
    }
  }

  /// The most font names kept.
  static let nameCacheLimit = 1024

  /// The names made so far.
  private static let names = Lock<[NameKey: String]>([:])

  /// The font as a Fontconfig pattern, with `\`, `-`, `:` and `,` in family names escaped.
  private var fontconfigPattern: String {
    let families = descriptor.families.map { family in
      var escaped = String.UnicodeScalarView()
      for scalar in family.unicodeScalars {
        if "\\-:,".unicodeScalars.contains(scalar) { escaped.append("\\") }
        escaped.append(scalar)
      }
      return String(escaped)
    }
    var pattern = families.joined(separator: ",")
    if weight != .regular {
      pattern +=
        ":weight=" + TextFormat.string(weight.exactFontconfigValue ?? weight.fontconfigValue)
    }
    if slant != .roman { pattern += ":slant=" + String(slant.fontconfigValue) }
    pattern += (isPixelSize ? ":pixelsize=" : ":size=") + TextFormat.string(pointSize)
    return pattern
  }
}
