import FontFitFontModel
import FontFitText

/// Finds, for a grapheme cluster of one run, the first face of the run's font set that has
/// all of its characters, as Pango's fontset does: the face Fontconfig matches for the
/// request and the run's language, then the rest of Fontconfig's sorted list (see
/// ``FontSystem/fallbackChain(for:language:)``).
///
/// One search serves one font set in one shaping call: the chain is fetched on the first
/// cluster the matched face lacks, and each cluster's answer is remembered so a repeated
/// character measures as its first occurrence. Answers are also kept in the font system's
/// bounded fallback cache, so the chain is walked once per character, request and language,
/// not once per text.
struct FallbackSearch {
  /// The families, weight and slant of the font set.
  let descriptor: FontDescriptor
  /// The run's language, which orders the set.
  let language: Language
  /// The request, as the font system's fallback cache keys it (its hash worked out once).
  private let request: FontSystem.ResolutionKey
  private var chain: FallbackChain?
  /// The set's first face, once opened; `.some(nil)` when it cannot be.
  private var first: FallbackFace??
  /// Answers by the cluster's exact scalars: a canonically equivalent spelling may not be
  /// drawn by the same face.
  private var answers: [ExactString: FallbackFace?] = [:]
  /// The face of the last answer, reused while answers name it: a text's fallback
  /// characters mostly fall back to one face.
  private var lastFace: FallbackFace?
  /// The faces one-character look-ups opened, with their places in the set: a text falls
  /// back to a few faces at most, so a scan beats hashing.
  private var opened: [FallbackFace] = []
  /// The chain's table of first covering candidates, once fetched.
  private var firstCovering: FirstCoverage?

  /// A face of the set, the font it was resolved from and its place in the set (0 for the
  /// matched face).
  struct FallbackFace: Sendable {
    var resolved: ResolvedFont
    var face: FontFace
    var position: Int
  }

  init(descriptor: FontDescriptor, language: Language) {
    self.descriptor = descriptor
    self.language = language
    request = FontSystem.ResolutionKey(descriptor: descriptor, language: language)
  }

  /// The set's first face: the one Fontconfig matches for the request and language; nil
  /// when it cannot be opened (a fallback set's match may be a font FreeType refuses).
  mutating func firstFace(in system: FontSystem) throws(FontError) -> FallbackFace? {
    if let first { return first }
    let resolved = try system.resolve(descriptor, language: language)
    let opened: FontFace?
    do {
      opened = try system.face(for: resolved)
    } catch  where error.isReplacedFile {
      throw error
    } catch {
      opened = nil
    }
    let found = opened.map { FallbackFace(resolved: resolved, face: $0, position: 0) }
    first = .some(found)
    return found
  }

  /// How many faces the set has: the position Pango gives a character no face draws.
  mutating func faceCount(in system: FontSystem) throws(FontError) -> Int {
    try chain(in: system).count
  }

  private mutating func chain(in system: FontSystem) throws(FontError) -> FallbackChain {
    if let chain { return chain }
    let fetched = try system.fallbackChain(for: descriptor, language: language)
    chain = fetched
    return fetched
  }

  /// ``face(for:in:)`` for a cluster of the one character `scalar`: the same face, answered
  /// from the chain's ``FirstCoverage`` where it can be, without hashing the character,
  /// taking a lock or asking the sets one by one.
  ///
  /// The table names the one candidate the search would open first; when that face draws
  /// the character it is the answer, and otherwise (or when the table cannot tell) the search
  /// decides.
  mutating func face(for scalar: Unicode.Scalar, in system: FontSystem) throws(FontError)
    -> FallbackFace?
  {
    // Controls and default-ignorables draw nothing, so every face "has" them: the sets do
    // not say so, the search does.
    guard scalar.value >= 0xA0 || (0x20..<0x7F).contains(scalar.value),
      !Self.isDefaultIgnorable(scalar)
    else { return try face(for: Character(scalar), in: system) }
    if let first = try firstFace(in: system), first.face.draws(scalar) { return first }
    let table: FirstCoverage
    if let known = firstCovering {
      table = known
    } else {
      table = try chain(in: system).firstCovering
      firstCovering = table
    }
    let position = Int(table.position(of: scalar))
    if position == 0 { return nil }
    if position != Int(FirstCoverage.unknown) {
      if let known = opened.first(where: { $0.position == position }) {
        if known.face.draws(scalar) { return known }
      } else {
        let resolved = try chain(in: system).resolved(at: position)
        do {
          let face = try system.face(for: resolved)
          let found = FallbackFace(resolved: resolved, face: face, position: position)
          opened.append(found)
          if face.draws(scalar) { return found }
        } catch  where error.isReplacedFile {
          throw error
        } catch {
          // A face FreeType refuses is passed over by the search.
        }
      }
    }
    return try face(for: Character(scalar), in: system)
  }

  /// Unicode's `Default_Ignorable_Code_Point` property of `scalar`.
  ///
  /// It is answered without the property tables for the ranges most text is in: below
  /// U+061C only the soft hyphen and the combining grapheme joiner have it, and no CJK
  /// ideograph or Hangul syllable does. Every character of a text outside ASCII asks, and a
  /// table look-up costs about 80 instructions; a test compares the answers with the tables
  /// for every scalar.
  static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x61C { return value == 0xAD || value == 0x34F }
    if (0x3400..<0xA000).contains(value) || (0xAC00...0xD7A3).contains(value) { return false }
    return scalar.properties.isDefaultIgnorableCodePoint
  }

  /// The first face of the set that draws every character of `character`, or nil when no
  /// installed face does.
  ///
  /// A face FreeType cannot open (a monochrome bitmap font, say) is skipped: this is the one
  /// failure that is not reported, because the next font in the set may serve, and a
  /// character no font covers is reported as missing anyway. A file that no longer holds the
  /// face Fontconfig listed is an error, as for the requested font.
  mutating func face(for character: Character, in system: FontSystem) throws(FontError)
    -> FallbackFace?
  {
    if let first = try firstFace(in: system), first.face.missingCharacters(in: character).isEmpty {
      return first
    }
    let exact = ExactString(String(character))
    if let known = answers[exact] { return known }
    if let shared = system.cachedFallback(for: exact, request: request),
      let answer = face(shared, in: system)
    {
      answers[exact] = .some(answer)
      return answer
    }
    let chain = try chain(in: system)
    var found: FallbackFace?
    // Only the characters a face must draw: controls and default-ignorables draw nothing.
    let drawn = character.unicodeScalars.filter {
      !Self.isDefaultIgnorable($0) && $0.properties.generalCategory != .control
    }
    // A character no face of the chain covers is answered by one look-up in their union.
    let noFaceCovers = chain.coverage.map { !drawn.allSatisfy($0.contains) } ?? false
    for position in (noFaceCovers ? 0..<0 : 1..<chain.count) {
      // Fontconfig's character set rules a face out without resolving or opening it.
      if let coverage = chain.coverages[position], !drawn.allSatisfy(coverage.contains) {
        continue
      }
      let resolved = try chain.resolved(at: position)
      let face: FontFace
      do {
        face = try system.face(for: resolved)
      } catch  where error.isReplacedFile {
        // A replaced file is reported, never passed over for the next face.
        throw error
      } catch {
        continue
      }
      if face.missingCharacters(in: character).isEmpty {
        found = FallbackFace(resolved: resolved, face: face, position: position)
        break
      }
    }
    answers[exact] = .some(found)
    if let found { lastFace = found }
    system.cacheFallback(
      found.map { FontSystem.FallbackAnswer(resolved: $0.resolved, position: $0.position) },
      for: exact, request: request)
    return found
  }

  /// A cached answer made usable.
  ///
  /// It is `.some(nil)` when no face draws the character, nil when the face it names can no
  /// longer be opened (the chain is then walked again). The face comes from the font system's
  /// bounded face cache, so answers keep no face open.
  private mutating func face(_ answer: FontSystem.FallbackAnswer?, in system: FontSystem)
    -> FallbackFace??
  {
    guard let answer else { return .some(nil) }
    if let lastFace, lastFace.resolved == answer.resolved { return .some(lastFace) }
    do {
      let found = FallbackFace(
        resolved: answer.resolved, face: try system.face(for: answer.resolved),
        position: answer.position)
      lastFace = found
      return .some(found)
    } catch {
      return nil
    }
  }
}
