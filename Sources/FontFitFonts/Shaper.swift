import FontFitText

/// Shapes one text the way Pango does.
///
/// Grapheme clusters take the requested face or the first fallback face that covers them; the
/// text is cut into runs of one face, one script and one bidi direction; HarfBuzz shapes each
/// run with the face's default features, the whole text as context; and each run's advances go
/// back to the grapheme clusters they came from. One shaper serves one
/// ``FontSystem/shape(_:font:lineBreaker:)`` call.
struct Shaper {
  private let system: FontSystem
  /// The faces used so far; index 0 is the requested one.
  private var faces: [FontFace]
  private var faceKeys: [FaceKey]
  private var fonts: [ShapedFont]
  private var fallback: FallbackSearch
  private var missing: [Unicode.Scalar] = []
  private var reported: Set<Unicode.Scalar> = []
  private let options: ShapingOptions

  init(system: FontSystem, requested: ResolvedFont, options: ShapingOptions) throws(FontError) {
    let face = try system.face(for: requested)
    self.system = system
    faces = [face]
    faceKeys = [FaceKey(requested)]
    fonts = [
      ShapedFont(
        name: requested.displayName, metrics: face.lineMetrics, file: requested.file,
        faceIndex: requested.index)
    ]
    fallback = FallbackSearch(requested: requested, language: options.language)
    self.options = options
  }

  /// The clusters of `text` with advances in ems; `opportunities` has one entry per grapheme
  /// cluster.
  mutating func shape(
    _ text: String, graphemes: Graphemes, opportunities: [LineBreakOpportunity]
  ) throws(ShapingError) -> ShapedText {
    var faceOf = [Int](repeating: 0, count: graphemes.count)
    do {
      for index in 0..<graphemes.count where graphemes.kinds[index] != .lineSeparator {
        if graphemes.isSingleScalar[index], faces[0].draws(graphemes.firstScalars[index]) {
          continue
        }
        faceOf[index] = try face(for: graphemes.character(index, in: text))
      }
    } catch {
      throw .font(error)
    }
    let levels = try BidiLevels(graphemes: graphemes, direction: options.direction)
    let scripts = Scripts(graphemes).resolved
    var bytes = Array(text.utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\t") {
      bytes[index] = UInt8(ascii: " ")  // A tab measures as a space.
    }
    var advances = [Double](repeating: 0, count: graphemes.count)
    var placed = PlacedGlyphs(count: graphemes.count)
    for run in runs(graphemes, faceOf: faceOf, levels: levels.levels, scripts: scripts) {
      let face = faces[run.face]
      let glyphs: [HarfBuzzGlyph]
      do {
        glyphs = try face.harfBuzz.shape(bytes, run: run.shaping, language: options.language?.tag)
      } catch {
        throw .font(error)
      }
      let scale = 1 / Double(face.harfBuzz.unitsPerEm)
      graphemes.distribute(glyphs, in: run.shaping.range, scale: scale, into: &advances)
      placed.add(glyphs, font: run.face, scale: scale, graphemes: graphemes)
    }
    for index in fonts.indices where fonts[index].hyphen == nil {
      fonts[index].hyphen = faces[index].hyphen.map { hyphen in
        ShapedHyphen(
          text: hyphen.text,
          glyph: ShapedGlyph(id: hyphen.glyph, font: index, advance: hyphen.advance))
      }
    }
    let reshaper = BreakReshaper(
      system: system, flagged: placed.unsafeToBreak, bytes: bytes, graphemes: graphemes,
      faceOf: faceOf, faces: faceKeys, fonts: fonts, advances: advances,
      opportunities: opportunities,
      levels: levels.levels, scripts: scripts,
      language: options.language?.tag)
    var clusters: [ShapedCluster] = []
    clusters.reserveCapacity(graphemes.count)
    for index in 0..<graphemes.count {
      let kind = graphemes.kinds[index]
      let drawsNothing = kind == .lineSeparator || graphemes.isControl[index]
      clusters.append(
        ShapedCluster(
          range: graphemes.ranges[index], advance: drawsNothing ? 0 : advances[index],
          breakBefore: opportunities[index], kind: kind, font: faceOf[index],
          level: levels.levels[index], glyphs: drawsNothing ? 0..<0 : placed.ranges[index],
          insertsHyphen: false))
    }
    return ShapedText(
      validatedText: text, clusters: clusters, fonts: fonts, missingCharacters: missing,
      glyphs: placed.glyphs, paragraphs: levels.paragraphs, reshaper: reshaper)
  }

  /// The index in `faces` of the face that draws `character`: the requested one, or the first
  /// fallback face that has all its characters; the requested one when none has.
  private mutating func face(for character: Character) throws(FontError) -> Int {
    let lacking = faces[0].missingCharacters(in: character)
    guard !lacking.isEmpty else { return 0 }
    guard let found = try fallback.face(for: character, in: system) else {
      for scalar in lacking where reported.insert(scalar).inserted { missing.append(scalar) }
      return 0
    }
    let key = FaceKey(found.resolved)
    if let known = faceKeys.firstIndex(of: key) { return known }
    faces.append(found.face)
    faceKeys.append(key)
    fonts.append(
      ShapedFont(
        name: found.resolved.displayName, metrics: found.face.lineMetrics,
        file: found.resolved.file, faceIndex: found.resolved.index))
    return faces.count - 1
  }

  /// A run to shape and the face that shapes it.
  private struct Run {
    var face: Int
    var shaping: ShapingRun
  }

  /// The maximal runs of grapheme clusters with one face, one script and one direction; line
  /// separators end runs and are not shaped.
  private func runs(
    _ graphemes: Graphemes, faceOf: [Int], levels: [UInt8], scripts: [Int32]
  ) -> [Run] {
    var result: [Run] = []
    var start: Int?
    func close(_ end: Int) {
      guard let first = start else { return }
      result.append(
        Run(
          face: faceOf[first],
          shaping: ShapingRun(
            range: graphemes.utf8Offsets[first]..<graphemes.utf8Offsets[end],
            isRightToLeft: levels[first] % 2 == 1, script: Scripts.tag(scripts[first]))))
      start = nil
    }
    for index in 0..<graphemes.count {
      if graphemes.kinds[index] == .lineSeparator {
        close(index)
        continue
      }
      if let first = start,
        faceOf[first] != faceOf[index] || levels[first] % 2 != levels[index] % 2
          || scripts[first] != scripts[index]
      {
        close(index)
      }
      if start == nil { start = index }
    }
    close(graphemes.count)
    return result
  }
}

/// The glyphs of a text, each grapheme cluster's kept together in visual order.
struct PlacedGlyphs {
  private(set) var glyphs: [ShapedGlyph] = []
  /// The grapheme clusters before which breaking changes the shaping (HarfBuzz's flag).
  private(set) var unsafeToBreak: Set<Int> = []
  /// Each grapheme cluster's glyphs; empty for one that shares a ligature drawn by another.
  private(set) var ranges: [Range<Int>]

  /// Prepares for `count` grapheme clusters, with room for a glyph each (most texts have
  /// about as many glyphs as clusters; doubling from empty would leave up to half unused).
  init(count: Int) {
    ranges = Array(repeating: 0..<0, count: count)
    glyphs.reserveCapacity(count)
  }

  /// Adds a run's glyphs (in visual order) in ems, each to the grapheme cluster where its
  /// HarfBuzz cluster starts.
  mutating func add(
    _ run: [HarfBuzzGlyph], font: Int, scale: Double, graphemes: Graphemes
  ) {
    var start = 0
    while start < run.count {
      var end = start
      while end < run.count, run[end].cluster == run[start].cluster { end += 1 }
      let cluster = graphemes.cluster(atUTF8: run[start].cluster)
      if run[start..<end].contains(where: \.isUnsafeToBreak) { unsafeToBreak.insert(cluster) }
      let first = glyphs.count
      for glyph in run[start..<end] {
        glyphs.append(
          ShapedGlyph(
            id: glyph.id, font: font, advance: Double(glyph.xAdvance) * scale,
            xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale))
      }
      let previous = ranges[cluster]
      ranges[cluster] =
        previous.isEmpty || previous.upperBound != first
        ? first..<glyphs.count : previous.lowerBound..<glyphs.count
      start = end
    }
  }
}
