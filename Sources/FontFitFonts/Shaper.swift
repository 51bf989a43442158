import FontFitText

/// Measures one text cluster by cluster in the requested face, falling back to other faces
/// for clusters it lacks; one shaper serves one ``FontSystem/shape(_:font:lineBreaker:)`` call.
struct Shaper {
  private let system: FontSystem
  /// The faces used so far; index 0 is the requested one.
  private var faces: [FontFace]
  private var faceKeys: [FaceKey]
  private var fonts: [ShapedFont]
  private var fallback: FallbackSearch
  private var missing: [Unicode.Scalar] = []
  private var reported: Set<Unicode.Scalar> = []

  init(system: FontSystem, requested: ResolvedFont) throws(FontError) {
    let face = try system.face(for: requested)
    self.system = system
    faces = [face]
    faceKeys = [FaceKey(requested)]
    fonts = [ShapedFont(name: requested.displayName, metrics: face.lineMetrics)]
    fallback = FallbackSearch(requested: requested)
  }

  /// The clusters of `text` with advances and kerning in ems; `opportunities` has one entry
  /// per grapheme cluster.
  mutating func shape(_ text: String, opportunities: [LineBreakOpportunity]) throws(FontError)
    -> ShapedText
  {
    var clusters: [ShapedCluster] = []
    clusters.reserveCapacity(opportunities.count)
    var previous = (face: 0, glyph: UInt32(0))
    var index = text.startIndex
    for (offset, character) in text.enumerated() {
      let next = text.index(after: index)
      let kind = ClusterKind(character)
      var measured = ClusterMeasure()
      var faceIndex = 0
      if kind != .lineSeparator {
        (faceIndex, measured) = try measure(character, after: previous)
        for scalar in measured.missing where reported.insert(scalar).inserted {
          missing.append(scalar)
        }
      }
      let scale = 1 / faces[faceIndex].unitsPerEm
      clusters.append(
        ShapedCluster(
          range: index..<next, advance: Double(measured.advance) * scale,
          kerning: Double(measured.kerning) * scale, breakBefore: opportunities[offset],
          kind: kind, font: faceIndex))
      previous = (faceIndex, measured.last)
      index = next
    }
    return ShapedText(
      validatedText: text, clusters: clusters, fonts: fonts, missingCharacters: missing)
  }

  /// `character` measured in the requested face, or in the fallback face that has it; kerned
  /// after the previous cluster's last glyph when both are in the same face.
  private mutating func measure(
    _ character: Character, after previous: (face: Int, glyph: UInt32)
  ) throws(FontError) -> (face: Int, measure: ClusterMeasure) {
    let kernAfterRequested = previous.face == 0 ? previous.glyph : 0
    let measured = try faces[0].withMeasurer { (measurer) throws(FontError) in
      try ClusterMeasure(character, after: kernAfterRequested, in: &measurer)
    }
    guard !measured.missing.isEmpty,
      let found = try fallback.face(for: character, in: system)
    else { return (0, measured) }
    let key = FaceKey(found.resolved)
    let faceIndex: Int
    if let known = faceKeys.firstIndex(of: key) {
      faceIndex = known
    } else {
      faceIndex = faces.count
      faces.append(found.face)
      faceKeys.append(key)
      fonts.append(ShapedFont(name: found.resolved.displayName, metrics: found.face.lineMetrics))
    }
    let kernAfter = previous.face == faceIndex ? previous.glyph : 0
    let inFallback = try found.face.withMeasurer { (measurer) throws(FontError) in
      try ClusterMeasure(character, after: kernAfter, in: &measurer)
    }
    return (faceIndex, inFallback)
  }
}

/// One grapheme cluster measured in one face, in font units.
struct ClusterMeasure {
  var advance: Int32 = 0
  var kerning: Int32 = 0
  var first: UInt32 = 0
  var last: UInt32 = 0
  /// The characters the face has no glyph for.
  var missing: [Unicode.Scalar] = []

  init() {}

  /// Measures `character` in the locked face, kerning it after glyph `previous` (0 for none).
  init(_ character: Character, after previous: UInt32, in measurer: inout FontFace.Measurer)
    throws(FontError)
  {
    for (position, scalar) in character.unicodeScalars.enumerated() {
      guard let glyph = try Self.glyph(for: scalar, measurer: &measurer) else { continue }
      if glyph.index == 0 { missing.append(scalar) }
      // Combining marks attach to their base: HarfBuzz zeroes their advances.
      if position == 0 || !scalar.isMark { advance &+= glyph.advance }
      if first == 0 { first = glyph.index }
      last = glyph.index
    }
    if previous != 0, first != 0 {
      kerning = try measurer.kerning(previous, first)
    }
  }

  /// The glyph drawn for `scalar`, or nil for characters that draw nothing.
  ///
  /// Controls and default-ignorable code points such as ZWJ and variation selectors draw
  /// nothing, as HarfBuzz hides them. A tab measures as a space.
  private static func glyph(for scalar: Unicode.Scalar, measurer: inout FontFace.Measurer)
    throws(FontError) -> Glyph?
  {
    if scalar == "\t" { return try measurer.glyph(for: " ") }
    let properties = scalar.properties
    if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control {
      return nil
    }
    return try measurer.glyph(for: scalar)
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a combining mark that attaches to the character before it.
  var isMark: Bool {
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark: true
    default: false
    }
  }
}
