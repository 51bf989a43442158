/// Where a ``FontSystem``'s fonts come from: the system's fonts, application font directories,
/// or only those directories.
///
/// With ``includesSystemFonts`` the directories add to the fonts installed on the machine, as
/// an app bundling its own fonts does. Without it only the fonts in the directories are ever
/// resolved or fallen back on, while Fontconfig's usual rules still apply (so `sans-serif`
/// names whichever of those fonts the rules prefer): two machines given the same directories
/// and the same rules measure the same text the same way, whatever else they have installed.
///
/// Directories are scanned with their subdirectories when the font system is made; each must
/// exist, hold at least one font file Fontconfig accepts, and hold nothing but regular files
/// and directories (symbolic links followed, names starting with `.` skipped): a FIFO, socket
/// or device in one is an error naming it, since Fontconfig would open it and a FIFO never
/// answers.
public struct FontSources: Hashable, Sendable {
  /// Font directories, as given; the font system makes relative paths absolute against the
  /// working directory.
  public var directories: [String]
  /// Whether the fonts installed on the machine (Fontconfig's configured directories) are
  /// used too.
  public var includesSystemFonts: Bool

  /// The fonts installed on the machine, and no others: what a font system uses unless told
  /// otherwise.
  public static let system = FontSources(directories: [], includesSystemFonts: true)

  /// Sources of the given directories, with or without the system's fonts.
  ///
  /// - Parameters:
  ///   - directories: Font directories, scanned with their subdirectories.
  ///   - includesSystemFonts: Whether the installed fonts are used too; true by default.
  public init(directories: [String], includesSystemFonts: Bool = true) {
    self.directories = directories
    self.includesSystemFonts = includesSystemFonts
  }

  /// The fonts in `directories` and no others, for results that do not depend on the
  /// machine.
  ///
  /// - Parameter directories: Font directories, scanned with their subdirectories.
  /// - Returns: Sources without the system's fonts.
  public static func only(_ directories: [String]) -> FontSources {
    FontSources(directories: directories, includesSystemFonts: false)
  }
}

/// How a font request resolves: the face Fontconfig chooses and the faces text falls back
/// along, as ``FontSystem/explain(_:language:)`` reports it.
public struct FontResolution: Hashable, Sendable, CustomStringConvertible {
  /// The families, weight and slant asked for.
  public var requested: FontDescriptor
  /// The language the request was made for, which Fontconfig weighs; nil for none.
  public var language: Language?
  /// The face chosen, with whether it substitutes for the requested families.
  public var resolved: ResolvedFont
  /// The faces a character missing from the chosen one is looked for in, in order: the
  /// chosen face first, then the faces of Fontconfig's sorted list that add coverage, each
  /// once, at most ``chainLimit`` in all.
  public var fallbackChain: [ResolvedFont]

  /// The most faces ``fallbackChain`` lists.
  public static let chainLimit = 20

  /// Creates a resolution; a font system makes these.
  public init(
    requested: FontDescriptor, language: Language?, resolved: ResolvedFont,
    fallbackChain: [ResolvedFont]
  ) {
    self.requested = requested
    self.language = language
    self.resolved = resolved
    self.fallbackChain = fallbackChain
  }

  /// Several lines: the request, the chosen face (family, style, weight, slant, file) and
  /// whether it is a substitution, then the numbered fallback chain.
  ///
  /// ```
  /// request: "DejaVu Sans", weight Regular, Roman
  /// resolved: DejaVu Sans Mono Book, weight Regular, Roman
  ///   file: /fonts/DejaVuSansMono.ttf
  ///   substitution: yes, no requested family is available
  /// fallback chain (1 face):
  ///   1. DejaVu Sans Mono Book: /fonts/DejaVuSansMono.ttf
  /// ```
  public var description: String {
    let families = requested.families.map { "\"\($0)\"" }.joined(separator: ", ")
    var request = "request: \(families), weight \(requested.weight.name), \(requested.slant.name)"
    if let language { request += ", language \(language.tag)" }
    var lines = [
      request,
      "resolved: \(resolved.displayName), weight \(resolved.weight.name), \(resolved.slant.name)",
      "  file: \(Self.location(of: resolved))",
      "  substitution: "
        + (resolved.isSubstitution ? "yes, no requested family is available" : "no"),
      "fallback chain (\(fallbackChain.count) face\(fallbackChain.count == 1 ? "" : "s")):",
    ]
    for (number, face) in zip(1..., fallbackChain) {
      lines.append("  \(number). \(face.displayName): \(Self.location(of: face))")
    }
    return lines.joined(separator: "\n")
  }

  /// The file, with the face's index when it is not the first of a collection.
  private static func location(of face: ResolvedFont) -> String {
    face.index == 0 ? face.file : "\(face.file) (face \(face.index))"
  }
}
