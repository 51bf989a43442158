internal import CFontconfig
import Synchronization

/// Resolves font names to files with one reused Fontconfig configuration.
///
/// `FcConfig` is not documented as safe for concurrent use, so every call holds the lock.
/// The configuration is destroyed with the resolver; `FcFini` is never called, since other
/// code in the process may use Fontconfig too.
final class FontconfigResolver: Sendable {
  /// The configuration, loaded once with the system's fonts.
  private let config: Mutex<Handle>

  /// The raw `FcConfig`; `@unchecked Sendable` because it is only reachable under the lock.
  private struct Handle: @unchecked Sendable {
    let config: OpaquePointer
  }

  /// Loads the system configuration and its fonts.
  init() throws(FontError) {
    guard let config = FcInitLoadConfigAndFonts() else {
      throw FontError(
        library: .fontconfig, function: "FcInitLoadConfigAndFonts",
        message: "could not load the Fontconfig configuration")
    }
    self.config = Mutex(Handle(config: config))
  }

  deinit {
    config.withLock { FcConfigDestroy($0.config) }
  }

  /// The face Fontconfig matches for `font`: the best of the installed fonts, never nothing
  /// while any font is installed.
  func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
    try config.withLock { (handle) throws(FontError) -> ResolvedFont in
      let pattern = try Self.pattern(for: font, language: language, config: handle.config)
      defer { FcPatternDestroy(pattern) }
      var result = FcResultNoMatch
      guard let match = FcFontMatch(handle.config, pattern, &result) else {
        throw FontError(
          library: .fontconfig, function: "FcFontMatch", code: Int32(bitPattern: result.rawValue),
          message: "no font matches \"\(font.familyList)\"; is any font installed?")
      }
      defer { FcPatternDestroy(match) }
      return try Self.resolved(match, for: font)
    }
  }

  /// The fonts Fontconfig ranks for `font`, best first, trimmed to those that add coverage:
  /// the chain a character missing from the first font falls back along.
  func fallbackChain(for font: FontDescriptor, language: Language?) throws(FontError)
    -> [FallbackCandidate]
  {
    try config.withLock { (handle) throws(FontError) -> [FallbackCandidate] in
      let pattern = try Self.pattern(for: font, language: language, config: handle.config)
      defer { FcPatternDestroy(pattern) }
      var result = FcResultNoMatch
      guard let set = FcFontSort(handle.config, pattern, 1, nil, &result) else {
        throw FontError(
          library: .fontconfig, function: "FcFontSort", code: Int32(bitPattern: result.rawValue),
          message: "no fonts to fall back on for \"\(font.familyList)\"")
      }
      defer { FcFontSetDestroy(set) }
      var chain: [FallbackCandidate] = []
      for index in 0..<Int(set.pointee.nfont) {
        guard let candidate = set.pointee.fonts[index] else { continue }
        // FcFontSort returns font patterns without the request's substitutions applied;
        // render-prepare each so its properties are what FcFontMatch would give.
        guard let prepared = FcFontRenderPrepare(handle.config, pattern, candidate) else {
          throw FontError(
            library: .fontconfig, function: "FcFontRenderPrepare", message: "out of memory")
        }
        defer { FcPatternDestroy(prepared) }
        // Bitmap-only faces cannot be measured in font units; a face without the property
        // is taken as scalable, as Fontconfig's own matching does.
        var scalable: FcBool = 1
        try check(
          FcPatternGetBool(prepared, "scalable", 0, &scalable), "FcPatternGetBool(scalable)",
          optional: true)
        guard scalable != 0 else { continue }
        // The face's character set, so a fallback search skips faces without opening them.
        var charset: OpaquePointer?
        try check(
          FcPatternGetCharSet(prepared, "charset", 0, &charset), "FcPatternGetCharSet(charset)",
          optional: true)
        chain.append(
          FallbackCandidate(
            resolved: try Self.resolved(prepared, for: font),
            coverage: charset.flatMap { FcCharSetCopy($0) }.map(CharacterCoverage.init)))
      }
      return chain
    }
  }

  /// The request as a Fontconfig pattern with the configuration's substitutions applied; the
  /// caller destroys it.
  private static func pattern(
    for font: FontDescriptor, language: Language?, config: OpaquePointer
  ) throws(FontError) -> OpaquePointer {
    guard let pattern = FcPatternCreate() else {
      throw FontError(library: .fontconfig, function: "FcPatternCreate", message: "out of memory")
    }
    do throws(FontError) {
      for family in font.families {
        try check(FcPatternAddString(pattern, "family", family), "FcPatternAddString(family)")
      }
      try check(
        FcPatternAddDouble(pattern, "weight", font.weight.fontconfigValue),
        "FcPatternAddDouble(weight)")
      try check(
        FcPatternAddInteger(pattern, "slant", font.slant.fontconfigValue),
        "FcPatternAddInteger(slant)")
      try check(FcPatternAddBool(pattern, "scalable", 1), "FcPatternAddBool(scalable)")
      if let language {
        // As Pango does: the language steers matching and the fallback order towards fonts
        // that support it (Chinese punctuation from a Chinese font for zh-CN, say).
        try check(FcPatternAddString(pattern, "lang", language.tag), "FcPatternAddString(lang)")
      }
      try check(
        FcConfigSubstitute(config, pattern, FcMatchPattern), "FcConfigSubstitute")
    } catch {
      FcPatternDestroy(pattern)
      throw error
    }
    FcDefaultSubstitute(pattern)
    return pattern
  }

  /// What a matched pattern says about the face.
  private static func resolved(_ match: OpaquePointer, for font: FontDescriptor)
    throws(FontError) -> ResolvedFont
  {
    guard let file = try string(match, "file") else {
      throw FontError(
        library: .fontconfig, function: "FcPatternGetString(file)",
        message: "the match for \"\(font.familyList)\" names no file")
    }
    let families = try strings(match, "family")
    let requested = Set(font.families.map { $0.lowercased() })
    let generic = !requested.isDisjoint(with: ResolvedFont.genericFamilies)
    let matched = families.contains { requested.contains($0.lowercased()) }
    // A match without these properties is a face at index 0 of regular, upright style.
    var index: Int32 = 0
    try check(
      FcPatternGetInteger(match, "index", 0, &index), "FcPatternGetInteger(index)",
      optional: true)
    var weight = FontWeight.regular.fontconfigValue
    try check(
      FcPatternGetDouble(match, "weight", 0, &weight), "FcPatternGetDouble(weight)",
      optional: true)
    var slant: Int32 = 0
    try check(
      FcPatternGetInteger(match, "slant", 0, &slant), "FcPatternGetInteger(slant)",
      optional: true)
    return ResolvedFont(
      requested: font, family: families.first ?? "", style: try string(match, "style") ?? "",
      file: file, index: Int(index), weight: FontWeight(fontconfigValue: weight),
      slant: FontSlant(fontconfigValue: slant), isSubstitution: !matched && !generic)
  }

  /// The string value `index` of `object`, or nil when the pattern has no such value.
  private static func string(_ pattern: OpaquePointer, _ object: String, at index: Int32 = 0)
    throws(FontError) -> String?
  {
    var value: UnsafeMutablePointer<FcChar8>?
    let result = FcPatternGetString(pattern, object, index, &value)
    try check(result, "FcPatternGetString(\(object))", optional: true)
    guard result == FcResultMatch, let value else { return nil }
    return String(cString: value)
  }

  private static func strings(_ pattern: OpaquePointer, _ object: String) throws(FontError)
    -> [String]
  {
    var values: [String] = []
    var index: Int32 = 0
    while let value = try string(pattern, object, at: index) {
      values.append(value)
      index += 1
    }
    return values
  }
}

/// Throws when a Fontconfig call that returns `FcBool` failed (returned false), naming it.
///
/// Fontconfig's `FcPatternAdd*` and `FcConfigSubstitute` fail only when memory runs out.
private func check(_ success: FcBool, _ function: String) throws(FontError) {
  guard success == 0 else { return }
  throw FontError(library: .fontconfig, function: function, message: "out of memory")
}

/// Throws when a Fontconfig `FcPatternGet*` call failed, naming it.
///
/// With `optional`, a value that is absent (`FcResultNoMatch`, `FcResultNoId`) is not a
/// failure: the caller keeps its default. A value of the wrong type or an allocation failure
/// always is.
private func check(_ result: FcResult, _ function: String, optional: Bool) throws(FontError) {
  switch result {
  case FcResultMatch: return
  case FcResultNoMatch where optional, FcResultNoId where optional: return
  default:
    let reason =
      result == FcResultTypeMismatch
      ? "the value has an unexpected type"
      : result == FcResultOutOfMemory
        ? "out of memory"
        : "the value is missing"
    throw FontError(
      library: .fontconfig, function: function, code: Int32(bitPattern: result.rawValue),
      message: reason)
  }
}

/// A font of a fallback chain, with the characters Fontconfig says it covers.
struct FallbackCandidate: Sendable {
  /// The face.
  var resolved: ResolvedFont
  /// Its character set, when Fontconfig knows it.
  var coverage: CharacterCoverage?
}

/// A Fontconfig character set, owned by this object.
///
/// It is copied from a pattern and destroyed with this object. It is only read after it is
/// made, which Fontconfig allows from any thread, hence `@unchecked Sendable`.
final class CharacterCoverage: @unchecked Sendable {
  private let charset: OpaquePointer

  init(_ charset: OpaquePointer) {
    self.charset = charset
  }

  deinit {
    FcCharSetDestroy(charset)
  }

  /// Whether the set has `scalar`.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    FcCharSetHasChar(charset, scalar.value) != 0
  }
}
