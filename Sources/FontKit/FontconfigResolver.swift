import CFontconfig
import Synchronization

/// What Fontconfig chose for a requested font.
public struct ResolvedFont: Hashable, Sendable, CustomStringConvertible {
  /// The font as requested (its point size is the one asked for).
  public var requested: Font
  /// The family of the chosen face, as Fontconfig names it.
  public var family: String
  /// The style of the chosen face, such as `Bold` or `Book`.
  public var style: String
  /// The path of the font file.
  public var file: String
  /// The index of the face in the file (for collections such as `.ttc`).
  public var index: Int
  /// The weight of the chosen face.
  public var weight: FontWeight
  /// The slant of the chosen face.
  public var slant: FontSlant
  /// Whether Fontconfig substituted another family for the requested one.
  ///
  /// Fontconfig always
  /// returns a font, so this is how a misspelt or missing family shows. Generic families
  /// (`sans-serif`, `serif`, `monospace`, …) are aliases, not substitutions.
  public var isSubstitution: Bool

  /// `DejaVu Sans Bold (DejaVuSans-Bold.ttf)`, with the request when it was substituted.
  public var description: String {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    let chosen = "\(family) \(style) (\(fileName))"
    return isSubstitution ? "\(chosen), substituted for \"\(requested.family)\"" : chosen
  }

  /// The family and style, as in `DejaVu Sans Bold`.
  public var displayName: String {
    [family, style].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Families that Fontconfig treats as aliases for a configured default.
  static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
    "emoji", "math",
  ]
}

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
        function: "FcInitLoadConfigAndFonts", message: "could not load the Fontconfig configuration"
      )
    }
    self.config = Mutex(Handle(config: config))
  }

  deinit {
    config.withLock { FcConfigDestroy($0.config) }
  }

  /// The face Fontconfig matches for `font`: the best of the installed fonts, never nothing
  /// while any font is installed.
  func resolve(_ font: Font) throws(FontError) -> ResolvedFont {
    try config.withLock { (handle) throws(FontError) -> ResolvedFont in
      let pattern = try Self.pattern(for: font, config: handle.config)
      defer { FcPatternDestroy(pattern) }
      var result = FcResultNoMatch
      guard let match = FcFontMatch(handle.config, pattern, &result) else {
        throw FontError(
          function: "FcFontMatch", code: Int32(bitPattern: result.rawValue),
          message: "no font matches \"\(font.family)\"; is any font installed?")
      }
      defer { FcPatternDestroy(match) }
      guard let resolved = Self.resolved(match, for: font) else {
        throw FontError(function: "FcFontMatch", message: "the match for \"\(font)\" has no file")
      }
      return resolved
    }
  }

  /// The fonts Fontconfig ranks for `font`, best first, trimmed to those that add coverage:
  /// the chain a character missing from the first font falls back along.
  func fallbackChain(for font: Font) throws(FontError) -> [ResolvedFont] {
    try config.withLock { (handle) throws(FontError) -> [ResolvedFont] in
      let pattern = try Self.pattern(for: font, config: handle.config)
      defer { FcPatternDestroy(pattern) }
      var result = FcResultNoMatch
      guard let set = FcFontSort(handle.config, pattern, 1, nil, &result) else {
        throw FontError(
          function: "FcFontSort", code: Int32(bitPattern: result.rawValue),
          message: "no fonts to fall back on for \"\(font.family)\"")
      }
      defer { FcFontSetDestroy(set) }
      var chain: [ResolvedFont] = []
      for index in 0..<Int(set.pointee.nfont) {
        guard let candidate = set.pointee.fonts[index] else { continue }
        // FcFontSort returns font patterns without the request's substitutions applied;
        // render-prepare each so its properties are what FcFontMatch would give.
        guard let prepared = FcFontRenderPrepare(handle.config, pattern, candidate) else {
          continue
        }
        defer { FcPatternDestroy(prepared) }
        var scalable: FcBool = 1
        _ = FcPatternGetBool(prepared, "scalable", 0, &scalable)
        if scalable != 0, let resolved = Self.resolved(prepared, for: font) {
          chain.append(resolved)
        }
      }
      return chain
    }
  }

  /// The request as a Fontconfig pattern with the configuration's substitutions applied; the
  /// caller destroys it.
  private static func pattern(for font: Font, config: OpaquePointer) throws(FontError)
    -> OpaquePointer
  {
    guard let pattern = FcPatternCreate() else {
      throw FontError(function: "FcPatternCreate", message: "out of memory")
    }
    for family in font.families {
      _ = FcPatternAddString(pattern, "family", family)
    }
    _ = FcPatternAddDouble(pattern, "weight", font.weight.fontconfigValue)
    _ = FcPatternAddInteger(pattern, "slant", font.slant.fontconfigValue)
    _ = FcPatternAddDouble(pattern, "size", font.pointSize)
    _ = FcPatternAddBool(pattern, "scalable", 1)
    guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else {
      FcPatternDestroy(pattern)
      throw FontError(function: "FcConfigSubstitute", message: "out of memory")
    }
    FcDefaultSubstitute(pattern)
    return pattern
  }

  /// What a matched pattern says about the face, or nil when it names no file.
  private static func resolved(_ match: OpaquePointer, for font: Font) -> ResolvedFont? {
    guard let file = string(match, "file") else { return nil }
    let families = strings(match, "family")
    let requested = Set(font.families.map { $0.lowercased() })
    let generic = !requested.isDisjoint(with: ResolvedFont.genericFamilies)
    let matched = families.contains { requested.contains($0.lowercased()) }
    var index: Int32 = 0
    _ = FcPatternGetInteger(match, "index", 0, &index)
    var weight = 80.0
    _ = FcPatternGetDouble(match, "weight", 0, &weight)
    var slant: Int32 = 0
    _ = FcPatternGetInteger(match, "slant", 0, &slant)
    return ResolvedFont(
      requested: font, family: families.first ?? "", style: string(match, "style") ?? "",
      file: file, index: Int(index), weight: FontWeight(fontconfigValue: weight),
      slant: FontSlant(fontconfigValue: slant), isSubstitution: !matched && !generic)
  }

  private static func string(_ pattern: OpaquePointer, _ object: String, at index: Int32 = 0)
    -> String?
  {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }

  private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
    var values: [String] = []
    var index: Int32 = 0
    while let value = string(pattern, object, at: index) {
      values.append(value)
      index += 1
    }
    return values
  }
}
