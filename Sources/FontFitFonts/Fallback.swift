import FontFitText

/// Finds, for a grapheme cluster the requested face lacks, the first face of Fontconfig's
/// sorted list (`FcFontSort`) that has all of its characters.
///
/// One search serves one shaping call: the chain is fetched on the first miss, and each
/// cluster's answer is remembered so a repeated character measures as its first occurrence.
/// Answers are also kept in the font system's bounded fallback cache, so the chain is walked
/// once per character and request, not once per text.
struct FallbackSearch {
  /// The font whose chain is searched.
  let requested: ResolvedFont
  /// The text's language, which orders the chain.
  let language: Language?
  /// The request, as the font system's fallback cache keys it (its hash worked out once).
  private let request: FontSystem.ResolutionKey
  private var chain: FallbackChain?
  /// Answers by the cluster's exact scalars: a canonically equivalent spelling may not be
  /// drawn by the same face.
  private var answers: [ExactString: FallbackFace?] = [:]
  /// The face of the last answer, reused while answers name it: a text's fallback
  /// characters mostly fall back to one face.
  private var lastFace: FallbackFace?

  /// A fallback face and the font it was resolved from.
  struct FallbackFace: Sendable {
    var resolved: ResolvedFont
    var face: FontFace
  }

  init(requested: ResolvedFont, language: Language?) {
    self.requested = requested
    self.language = language
    request = FontSystem.ResolutionKey(descriptor: requested.requested, language: language)
  }

  /// The first face after the requested one that draws every character of `character`, or
  /// nil when no installed face does.
  ///
  /// A fallback font that cannot be opened (a bitmap-only emoji font, say) is skipped: this is
  /// the one failure that is not reported, because the next font in the chain may serve, and a
  /// character no font covers is reported as missing anyway. Failures of the requested font
  /// itself are always errors.
  mutating func face(for character: Character, in system: FontSystem) throws(FontError)
    -> FallbackFace?
  {
    let exact = ExactString(String(character))
    if let known = answers[exact] { return known }
    if let shared = system.cachedFallback(for: exact, request: request),
      let answer = face(shared, in: system)
    {
      answers[exact] = .some(answer)
      return answer
    }
    if chain == nil {
      chain = try system.fallbackChain(for: requested.requested, language: language)
    }
    let requestedKey = FaceKey(requested)
    var found: FallbackFace?
    // Only the characters a face must draw: controls and default-ignorables draw nothing.
    let drawn = character.unicodeScalars.filter {
      !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
    }
    // A character no face of the chain covers is answered by one look-up in their union.
    let noFaceCovers = chain?.coverage.map { !drawn.allSatisfy($0.contains) } ?? false
    let candidates = noFaceCovers ? [] : chain?.candidates ?? []
    for candidate in candidates where FaceKey(candidate.resolved) != requestedKey {
      // Fontconfig's character set rules a face out without opening it.
      if let coverage = candidate.coverage, !drawn.allSatisfy(coverage.contains) { continue }
      let face: FontFace
      do {
        face = try system.face(for: candidate.resolved)
      } catch {
        continue
      }
      if face.missingCharacters(in: character).isEmpty {
        found = FallbackFace(resolved: candidate.resolved, face: face)
        break
      }
    }
    answers[exact] = .some(found)
    if let found { lastFace = found }
    system.cacheFallback(found?.resolved, for: exact, request: request)
    return found
  }

  /// A cached answer made usable.
  ///
  /// It is `.some(nil)` when no face draws the character, nil when the face it names can no
  /// longer be opened (the chain is then walked again). The face comes from the font system's
  /// bounded face cache, so answers keep no face open.
  private mutating func face(_ answer: ResolvedFont?, in system: FontSystem) -> FallbackFace?? {
    guard let answer else { return .some(nil) }
    if let lastFace, lastFace.resolved == answer { return .some(lastFace) }
    do {
      let found = FallbackFace(resolved: answer, face: try system.face(for: answer))
      lastFace = found
      return .some(found)
    } catch {
      return nil
    }
  }
}
