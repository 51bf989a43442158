internal import CFontconfig
import FontFitFontModel
@_spi(Engine) import FontFitText
internal import Glibc

/// Resolves font names to files with one reused Fontconfig configuration.
///
/// `FcConfig` is not documented as safe for concurrent use, so every call holds the lock.
/// The configuration is destroyed with the resolver; `FcFini` is never called, since other
/// code in the process may use Fontconfig too.
final class FontconfigResolver: Sendable {
  /// The configuration, loaded once with its fonts.
  private let config: Lock<Handle>

  /// The raw `FcConfig`, and the fonts Pango matches among; `@unchecked Sendable` because it
  /// is only reachable under the lock.
  private struct Handle: @unchecked Sendable {
    let config: OpaquePointer
    /// The configuration's TrueType and CFF fonts (system and application), built on first
    /// use: Pango matches and sorts among these only (`filter_by_format`), so a bitmap,
    /// Type 1 or web font never takes part.
    var fonts: UnsafeMutablePointer<FcFontSet>?
    /// The scripts of each language's Fontconfig orthography, by tag; nil for a tag no
    /// orthography matches.
    var scripts: [String: Set<Int32>?] = [:]
  }

  /// Loads a configuration with the fonts of `sources`.
  ///
  /// With the system's fonts, this is the system configuration (`FcInitLoadConfigAndFonts`)
  /// with each directory added as application fonts (`FcConfigAppFontAddDir`). Without them,
  /// see ``rulesOnlyConfig()``: the directories are then the only fonts.
  ///
  /// - Throws: ``FontError`` when the configuration cannot be loaded, when only directories
  ///   are asked for and there are none, or when a directory is missing, unreadable or holds
  ///   no font file, naming it.
  init(sources: FontSources = .system) throws(FontError) {
    if !sources.includesSystemFonts && sources.directories.isEmpty {
      throw FontError(
        library: .fontconfig, function: "FcConfigAppFontAddDir",
        message: "no font directory is given and the system's fonts are excluded")
    }
    let config: OpaquePointer
    if sources.includesSystemFonts {
      guard let loaded = FcInitLoadConfigAndFonts() else {
        throw FontError(
          library: .fontconfig, function: "FcInitLoadConfigAndFonts",
          message: "could not load the Fontconfig configuration")
      }
      config = loaded
    } else {
      config = try Self.rulesOnlyConfig()
    }
    do throws(FontError) {
      try Self.addFonts(in: sources.directories, to: config)
    } catch {
      FcConfigDestroy(config)
      throw error
    }
    self.config = Lock(Handle(config: config))
  }

  /// The user's Fontconfig cache directory (`~/.cache/fontconfig`), as `fonts.conf` names it.
  private static let userCacheDirectory = "<cachedir prefix=\"xdg\">fontconfig</cachedir>"

  /// Rule files of `conf.d` that load per-user or per-machine customisation, left out of a
  /// configuration without the system's fonts.
  static let customisationRuleFiles: Set<String> = ["50-user.conf", "51-local.conf"]

  /// A configuration with Fontconfig's usual rules but no fonts yet; the caller destroys it.
  ///
  /// The rules are the rule files of the system's `conf.d` (found as `fonts.conf` finds it),
  /// loaded in Fontconfig's order, so generic names (`sans-serif` → `DejaVu Sans`, …), metric
  /// aliases and language preferences work as usual, with the four aliases `fonts.conf` itself
  /// defines (`mono`, `sans`, `sans serif`, `system ui`). Not loaded is `fonts.conf`, whose
  /// `<dir>` entries name the system's fonts, and ``customisationRuleFiles``, which load the
  /// user's and the machine's own files (`~/.config/fontconfig/fonts.conf`, `local.conf`):
  /// those may add rules that differ between machines.
  ///
  /// Fonts come only from application directories: `FcConfigBuildFonts` is never called, so
  /// even a `<dir>` in some rule file is never scanned (Debian's `conf.d` has none), and
  /// the configuration's set of system fonts stays empty. Scans are cached in the user's
  /// Fontconfig cache directory (`~/.cache/fontconfig`), as the system configuration caches
  /// application directories; without a cache directory Fontconfig complains on stderr.
  private static func rulesOnlyConfig() throws(FontError) -> OpaquePointer {
    guard let config = FcConfigCreate() else {
      throw FontError(library: .fontconfig, function: "FcConfigCreate", message: "out of memory")
    }
    var document = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
    document += "  \(userCacheDirectory)\n"
    // The aliases fonts.conf itself defines before it includes conf.d.
    for (alias, family) in [
      ("mono", "monospace"), ("sans serif", "sans-serif"), ("sans", "sans-serif"),
      ("system ui", "system-ui"),
    ] {
      document += "  <match target=\"pattern\"><test qual=\"any\" name=\"family\"><string>"
      document += alias
      document += "</string></test><edit name=\"family\" mode=\"assign\" binding=\"same\">"
      document += "<string>\(family)</string></edit></match>\n"
    }
    for file in ruleFiles(config) {
      document += "  <include ignore_missing=\"yes\">\(xmlEscaped(file))</include>\n"
    }
    document += "</fontconfig>\n"
    guard FcConfigParseAndLoadFromMemory(config, document, 1) != 0 else {
      FcConfigDestroy(config)
      throw FontError(
        library: .fontconfig, function: "FcConfigParseAndLoadFromMemory",
        message: "could not load Fontconfig's rule files")
    }
    return config
  }

  /// The file name of a directory entry, read where `readdir` put it: up to its NUL, and not
  /// a byte beyond (an entry is only as long as its name, not the 256 bytes `d_name` declares).
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The paths of the system's rule files in the order Fontconfig loads a `conf.d`: names
  /// starting with a digit and ending in `.conf`, by bytes; empty without a `conf.d`.
  private static func ruleFiles(_ config: OpaquePointer) -> [String] {
    // Asked of the new configuration: asking the default one would load the system's.
    guard let found = FcConfigGetFilename(config, "conf.d") else { return [] }
    let directory = String(cString: found)
    FcStrFree(found)
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = Self.name(of: entry)
      guard let first = name.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
        name.utf8.count > 5, name.hasSuffix(".conf"), !customisationRuleFiles.contains(name)
      else { continue }
      names.append(name)
    }
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
      directory + "/" + $0
    }
  }

  /// Adds the fonts of each directory (and its subdirectories) to `config` as application
  /// fonts.
  ///
  /// - Throws: ``FontError`` naming a directory that is empty as a name, does not exist, is
  ///   not a directory, holds a FIFO, socket or device, cannot be scanned, or holds no font
  ///   file Fontconfig accepts.
  private static func addFonts(in directories: [String], to config: OpaquePointer)
    throws(FontError)
  {
    var added: [String] = []
    for directory in directories {
      func failure(_ message: String, path: String? = nil) -> FontError {
        FontError(
          library: .fontconfig, function: "FcConfigAppFontAddDir", message: message,
          file: path ?? directory)
      }
      guard !directory.isEmpty else { throw failure("the font directory's name is empty") }
      // Absolute, with `~` expanded and `.` and `..` removed, as Fontconfig stores it.
      guard let canonical = FcStrCopyFilename(directory) else {
        throw failure("the font directory's name cannot be read")
      }
      let path = String(cString: canonical)
      FcStrFree(canonical)
      guard access(path, F_OK) == 0 else {
        throw failure("the font directory does not exist", path: path)
      }
      guard FcFileIsDir(path) != 0 else {
        throw failure("the path is not a directory", path: path)
      }
      // The same directory twice (spelt differently, say) is scanned once.
      guard !added.contains(path) else { continue }
      if let (entry, kind) = firstSpecialFile(in: path) {
        throw failure(
          "\(entry) is \(kind), not a font file; a font directory may hold only regular files "
            + "and directories (symbolic links are followed, names starting with \".\" are "
            + "skipped)", path: path)
      }
      guard FcConfigAppFontAddDir(config, path) != 0 else {
        throw failure("the font directory cannot be scanned", path: path)
      }
      added.append(path)
    }
    guard !added.isEmpty else { return }
    let files = try fontFiles(of: config, in: FcSetApplication)
    for path in added {
      let prefix = path.hasSuffix("/") ? path : path + "/"
      guard files.contains(where: { $0.hasPrefix(prefix) }) else {
        throw FontError(
          library: .fontconfig, function: "FcConfigAppFontAddDir",
          message: "the font directory holds no font file", file: path)
      }
    }
  }

  /// The first entry under `directory` (searched with its subdirectories, as Fontconfig scans
  /// it) that is neither a regular file nor a directory once symbolic links are followed,
  /// with what it is: a FIFO, a socket or a device.
  ///
  /// Fontconfig opens every such entry to query it, and opening a FIFO waits for a writer
  /// forever, so a directory holding one is refused before it is scanned. Names starting with
  /// `.` are left out, as Fontconfig leaves them out; an entry that cannot be examined (a
  /// dangling link, say) is left to Fontconfig, which skips it. A directory reached twice
  /// (through a link) is searched once.
  private static func firstSpecialFile(in directory: String) -> (path: String, kind: String)? {
    var pending = [directory]
    var visited: Set<[UInt64]> = []
    while let current = pending.popLast() {
      var status = stat()
      guard stat(current, &status) == 0,
        visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted,
        let stream = opendir(current)
      else { continue }
      defer { closedir(stream) }
      var names: [String] = []
      while let entry = readdir(stream) {
        let name = Self.name(of: entry)
        if !name.hasPrefix(".") { names.append(name) }
      }
      // By bytes, so the entry named is the same on every run.
      for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        var entry = stat()
        guard stat(path, &entry) == 0 else { continue }
        switch entry.st_mode & S_IFMT {
        case S_IFREG: continue
        case S_IFDIR: pending.append(path)
        case S_IFIFO: return (path, "a FIFO")
        case S_IFSOCK: return (path, "a socket")
        case S_IFCHR: return (path, "a character device")
        case S_IFBLK: return (path, "a block device")
        default: return (path, "a special file")
        }
      }
    }
    return nil
  }

  /// The files of the configuration's system or application fonts.
  private static func fontFiles(of config: OpaquePointer, in kind: FcSetName)
    throws(FontError) -> [String]
  {
    guard let set = FcConfigGetFonts(config, kind) else { return [] }
    var files: [String] = []
    for index in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[index], let file = try string(font, "file") else {
        continue
      }
      files.append(file)
    }
    return files
  }

  /// `text` with XML's special characters escaped, for an attribute or element.
  private static func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  deinit {
    config.withLock { handle in
      if let fonts = handle.fonts { FcFontSetDestroy(fonts) }
      FcConfigDestroy(handle.config)
    }
  }

  /// The fonts matching and sorting choose among, as Pango filters them: those whose format
  /// is TrueType or CFF, each pattern referenced, not copied.
  private static func matchableFonts(_ handle: inout Handle) throws(FontError)
    -> UnsafeMutablePointer<FcFontSet>
  {
    if let fonts = handle.fonts { return fonts }
    guard let filtered = FcFontSetCreate() else {
      throw FontError(library: .fontconfig, function: "FcFontSetCreate", message: "out of memory")
    }
    for kind in [FcSetSystem, FcSetApplication] {
      guard let set = FcConfigGetFonts(handle.config, kind) else { continue }
      for index in 0..<Int(set.pointee.nfont) {
        guard let font = set.pointee.fonts[index] else { continue }
        // As Pango's `pango_fc_is_supported_font_format`: the format compared without case,
        // and web fonts left out.
        let format = ((try? string(font, "fontformat")) ?? nil)?.lowercased()
        guard format == "truetype" || format == "cff" else { continue }
        let file = ((try? string(font, "file")) ?? nil)?.lowercased() ?? ""
        guard !file.hasSuffix(".woff"), !file.hasSuffix(".woff2") else { continue }
        FcPatternReference(font)
        guard FcFontSetAdd(filtered, font) != 0 else {
          FcPatternDestroy(font)
          FcFontSetDestroy(filtered)
          throw FontError(library: .fontconfig, function: "FcFontSetAdd", message: "out of memory")
        }
      }
    }
    handle.fonts = filtered
    return filtered
  }

  /// The files of every font in the configuration, system and application fonts alike, in
  /// Fontconfig's order.
  func fontFiles() throws(FontError) -> [String] {
    try config.withLock { (handle) throws(FontError) -> [String] in
      var files: [String] = []
      for kind in [FcSetSystem, FcSetApplication] {
        files += try Self.fontFiles(of: handle.config, in: kind)
      }
      return files
    }
  }

  /// Deletes the cache files Fontconfig wrote in the user's cache directory for the fonts
  /// directly in `directory`, as a test does before it deletes a temporary font directory.
  ///
  /// - Returns: Whether Fontconfig could remove them (it can when there are none).
  @discardableResult
  static func removeCacheFiles(of directory: String) -> Bool {
    guard let config = FcConfigCreate() else { return false }
    defer { FcConfigDestroy(config) }
    let document = "<fontconfig>\(userCacheDirectory)</fontconfig>"
    guard FcConfigParseAndLoadFromMemory(config, document, 1) != 0 else { return false }
    return FcDirCacheUnlink(directory, config) != 0
  }

  /// The face Fontconfig matches for `font`: the best of the installed TrueType and CFF
  /// fonts (as Pango matches, `FcFontSetMatch`), never nothing while any is installed.
  func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
    try config.withLock { (handle) throws(FontError) -> ResolvedFont in
      let pattern = try Self.pattern(for: font, language: language, config: handle.config)
      defer { FcPatternDestroy(pattern) }
      let match = try Self.match(pattern, for: font, in: &handle)
      defer { FcPatternDestroy(match) }
      return try Self.resolved(match, for: font)
    }
  }

  /// `FcFontSetMatch` among the matchable fonts: a render-prepared pattern the caller
  /// destroys.
  private static func match(
    _ pattern: OpaquePointer, for font: FontDescriptor, in handle: inout Handle
  ) throws(FontError) -> OpaquePointer {
    var sets: [UnsafeMutablePointer<FcFontSet>?] = [try matchableFonts(&handle)]
    var result = FcResultNoMatch
    guard let match = FcFontSetMatch(handle.config, &sets, 1, pattern, &result) else {
      throw FontError(
        library: .fontconfig, function: "FcFontSetMatch",
        code: Int32(bitPattern: result.rawValue),
        message: "no font matches \"\(font.familyList)\"; is any TrueType or OpenType font "
          + "installed?")
    }
    return match
  }

  /// The fonts a run in `language` falls back along, as Pango's fontset for the request has
  /// them: first the face Fontconfig matches (`FcFontSetMatch`), then the rest of its sorted
  /// list (`FcFontSetSort`, trimmed to the fonts that add coverage), among the TrueType and
  /// CFF fonts, with the union of their character sets.
  func fallbackChain(for font: FontDescriptor, language: Language?) throws(FontError)
    -> FallbackChain
  {
    try config.withLock { (handle) throws(FontError) -> FallbackChain in
      let pattern = try Self.pattern(for: font, language: language, config: handle.config)
      // The sorted fonts keep the pattern until they are freed: each is prepared against it
      // when a search first reaches it.
      defer { FcPatternDestroy(pattern) }
      let match = try Self.match(pattern, for: font, in: &handle)
      defer { FcPatternDestroy(match) }
      var sets: [UnsafeMutablePointer<FcFontSet>?] = [try Self.matchableFonts(&handle)]
      var result = FcResultNoMatch
      var union: OpaquePointer?
      guard let set = FcFontSetSort(handle.config, &sets, 1, pattern, 1, &union, &result) else {
        if let union { FcCharSetDestroy(union) }
        throw FontError(
          library: .fontconfig, function: "FcFontSetSort",
          code: Int32(bitPattern: result.rawValue),
          message: "no fonts to fall back on for \"\(font.familyList)\"")
      }
      // The union is owned by the caller of FcFontSetSort: the coverage takes it over; the
      // sorted fonts take the set over (each font after the first, which is the match's
      // place).
      var coverage = union.map(CharacterCoverage.init)
      let fonts = UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont))
      let positions = fonts.indices.dropFirst().filter { fonts[$0] != nil }
      let rest = SortedFallbacks(
        set: set, pattern: pattern, positions: positions.map { Int32($0) }, font: font,
        resolver: self)
      let first = try Self.resolved(match, for: font)
      var coverages = [try Self.coverage(of: match)]
      // Pango's fontset puts the match in the sorted list's first place; the union then
      // describes the chain only when they are the same face (preparing a font for its
      // request leaves its file as it is).
      if let sortedFirst = fonts.first ?? nil, try Self.string(sortedFirst, "file") != first.file {
        coverage = nil
      }
      // Preparing a font copies its character set as it is (unless a rule of the
      // configuration edits sets, which none of Fontconfig's own does, and a debug build
      // asserts), so the sorted pattern's set is the prepared font's.
      for index in positions {
        guard let candidate = fonts[index] else { continue }
        coverages.append(try Self.coverage(of: candidate))
      }
      if coverages.contains(where: { $0 == nil }) { coverage = nil }
      return FallbackChain(match: first, rest: rest, coverages: coverages, coverage: coverage)
    }
  }

  /// `candidate`, one of the fonts `FcFontSetSort` returned for `pattern`, as a match for it
  /// resolves: prepared with the request's substitutions (`FcFontRenderPrepare`), which the
  /// sorted list's patterns lack.
  fileprivate func prepared(
    _ candidate: OpaquePointer, for pattern: OpaquePointer, font: FontDescriptor
  ) throws(FontError) -> ResolvedFont {
    try config.withLock { (handle) throws(FontError) -> ResolvedFont in
      guard let prepared = FcFontRenderPrepare(handle.config, pattern, candidate) else {
        throw FontError(
          library: .fontconfig, function: "FcFontRenderPrepare", message: "out of memory")
      }
      defer { FcPatternDestroy(prepared) }
      assert(
        Self.sameCharacterSet(prepared, candidate),
        "preparing a font changed its character set, which the chain read before preparing it")
      return try Self.resolved(prepared, for: font)
    }
  }

  /// Whether two patterns have equal character sets, or neither has one.
  private static func sameCharacterSet(_ first: OpaquePointer, _ second: OpaquePointer) -> Bool {
    var sets: [OpaquePointer?] = [nil, nil]
    for (index, pattern) in [first, second].enumerated() {
      _ = FcPatternGetCharSet(pattern, "charset", 0, &sets[index])
    }
    guard let one = sets[0], let other = sets[1] else { return sets[0] == nil && sets[1] == nil }
    return FcCharSetEqual(one, other) != 0
  }

  /// The character set of `pattern`, copied; nil when it has none.
  private static func coverage(of pattern: OpaquePointer) throws(FontError)
    -> CharacterCoverage?
  {
    var charset: OpaquePointer?
    try check(
      FcPatternGetCharSet(pattern, "charset", 0, &charset), "FcPatternGetCharSet(charset)",
      optional: true)
    return charset.flatMap { FcCharSetCopy($0) }.map(CharacterCoverage.init)
  }

  /// The scripts (ICU codes) of the characters of the Fontconfig orthography that `language`
  /// names, as Pango's table of scripts by language was made from them; nil when no
  /// orthography matches it.
  ///
  /// An orthography matches when its name is the tag or a prefix of it followed by `-`
  /// (`en` for `en-US`), the longest such; `zh` and `zh-Hans` match none (Fontconfig has
  /// `zh-cn`, `zh-tw`, …), and a tag that matches none includes every script, as in Pango.
  func scripts(of language: Language) -> Set<Int32>? {
    let tag = Self.normalizedTag(language.tag)
    return config.withLock { handle in
      if let known = handle.scripts[tag] { return known }
      let found = Self.orthographyScripts(tag)
      if handle.scripts.count >= 256 { handle.scripts.removeAll() }
      handle.scripts[tag] = .some(found)
      return found
    }
  }

  /// A language tag as orthographies are compared: lower case, `-` between subtags.
  private static func normalizedTag(_ tag: String) -> String {
    String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
  }

  private static func orthographyScripts(_ tag: String) -> Set<Int32>? {
    guard let names = FcGetLangs() else { return nil }
    defer { FcStrSetDestroy(names) }
    guard let list = FcStrListCreate(names) else { return nil }
    defer { FcStrListDone(list) }
    var best: String?
    while let next = FcStrListNext(list) {
      let name = normalizedTag(String(cString: next))
      guard name == tag || tag.hasPrefix(name + "-") else { continue }
      if name.utf8.count > (best?.utf8.count ?? -1) { best = name }
    }
    guard let best, let charset = FcLangGetCharSet(best) else { return nil }
    var scripts: Set<Int32> = []
    var map = [FcChar32](repeating: 0, count: 8)
    var next: FcChar32 = 0
    var page = FcCharSetFirstPage(charset, &map, &next)
    while page != FcChar32.max {  // FC_CHARSET_DONE
      for (word, bits) in map.enumerated() where bits != 0 {
        for bit in 0..<32 where bits & (1 << FcChar32(bit)) != 0 {
          guard let scalar = Unicode.Scalar(page + FcChar32(word * 32 + bit)) else { continue }
          let code = Scripts.code(scalar)
          if Scripts.isReal(code) { scripts.insert(code) }
        }
      }
      page = FcCharSetNextPage(charset, &map, &next)
    }
    // An orthography of no real script (`und-zsye`) says nothing, as an empty entry in
    // Pango's table: it writes every script.
    return scripts.isEmpty ? nil : scripts
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
      // As Pango does: the language steers matching and the fallback order towards fonts
      // that support it (Chinese punctuation from a Chinese font for zh-CN, say). Without
      // one, English, as Fontconfig assumes in the C locale: the machine's LANG, which
      // FcDefaultSubstitute would read, never changes a result.
      try check(
        FcPatternAddString(pattern, "lang", language?.tag ?? Language.unspecified.tag),
        "FcPatternAddString(lang)")
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
    var resolved = ResolvedFont(
      requested: font, family: families.first ?? "", style: try string(match, "style") ?? "",
      file: file, index: Int(index), weight: FontWeight(fontconfigValue: weight),
      slant: FontSlant(fontconfigValue: slant), isSubstitution: !matched && !generic)
    resolved.familyNames = families
    return resolved
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

/// The fonts a character missing from a requested face falls back along.
///
/// The first is the face Fontconfig matches; the rest are its sorted list, each resolved when
/// a search first reaches it: preparing a font as a match of the request costs about as much
/// as the sort, and a chain holds every installed font that adds coverage (a hundred or more)
/// while a search opens a few.
struct FallbackChain: Sendable {
  /// The faces' character sets, best first, when Fontconfig knows them: a search rules a face
  /// out by its set without resolving or opening it.
  let coverages: [CharacterCoverage?]
  /// Every character any of them covers (Fontconfig's union of their sets), when each has a
  /// set: a character outside it is missing from every face, found in one look-up rather
  /// than one per face.
  var coverage: CharacterCoverage?
  /// For each character of the Basic Multilingual Plane, the first candidate after the match
  /// whose set has it: a fallback search's answer in one look-up.
  let firstCovering: FirstCoverage
  /// The matched face.
  private let match: ResolvedFont
  /// The rest, resolved on first use.
  private let rest: SortedFallbacks

  fileprivate init(
    match: ResolvedFont, rest: SortedFallbacks, coverages: [CharacterCoverage?],
    coverage: CharacterCoverage?
  ) {
    self.match = match
    self.rest = rest
    self.coverages = coverages
    self.coverage = coverage
    firstCovering = FirstCoverage(coverages)
  }

  /// The number of faces, the match included.
  var count: Int { coverages.count }

  /// How many faces after the match have been resolved so far.
  var resolvedCount: Int { rest.resolvedCount }

  /// The face at `position` (0 for the match), resolved on first use.
  ///
  /// - Throws: ``FontError`` when Fontconfig runs out of memory preparing it, or when its
  ///   pattern names no file.
  func resolved(at position: Int) throws(FontError) -> ResolvedFont {
    position == 0 ? match : try rest.resolved(at: position - 1)
  }
}

/// The fonts of a chain after its match, in Fontconfig's order, each resolved once when first
/// asked for.
///
/// It owns the sorted font set and the request's pattern, which it prepares each font
/// against; both are freed with it. The set's patterns are only read, under the resolver's
/// lock when prepared, hence `@unchecked Sendable`.
private final class SortedFallbacks: @unchecked Sendable {
  private let set: UnsafeMutablePointer<FcFontSet>
  private let pattern: OpaquePointer
  /// The index in `set` of each font, in the chain's order.
  private let positions: [Int32]
  private let font: FontDescriptor
  /// The resolver whose configuration prepares the fonts, kept alive with them.
  private let resolver: FontconfigResolver
  /// The fonts resolved so far.
  private let resolutions: Lock<[ResolvedFont?]>

  /// Takes over `set` (from `FcFontSetSort`) and references `pattern`.
  init(
    set: UnsafeMutablePointer<FcFontSet>, pattern: OpaquePointer, positions: [Int32],
    font: FontDescriptor, resolver: FontconfigResolver
  ) {
    self.set = set
    FcPatternReference(pattern)
    self.pattern = pattern
    self.positions = positions
    self.font = font
    self.resolver = resolver
    resolutions = Lock(Array(repeating: nil, count: positions.count))
  }

  deinit {
    FcFontSetDestroy(set)
    FcPatternDestroy(pattern)
  }

  /// How many fonts have been resolved so far.
  var resolvedCount: Int { resolutions.withLock { $0.lazy.filter { $0 != nil }.count } }

  /// Font `index` of the sorted fonts after the match.
  func resolved(at index: Int) throws(FontError) -> ResolvedFont {
    if let known = resolutions.withLock({ $0[index] }) { return known }
    guard let candidate = set.pointee.fonts[Int(positions[index])] else {
      preconditionFailure("a sorted font the chain listed is gone")
    }
    // Prepared outside this lock, under the resolver's: two threads that ask at once prepare
    // the same font, and the first kept is the answer.
    let made = try resolver.prepared(candidate, for: pattern, font: font)
    return resolutions.withLock { resolutions in
      if let known = resolutions[index] { return known }
      resolutions[index] = made
      return made
    }
  }
}

/// For each code point below U+10000, the first candidate of a chain whose set has it.
///
/// The position counts from the match (position 0), which it leaves out: it is the one
/// candidate a fallback search opens first for a one-character cluster, since the search rules
/// out every candidate before it without opening it. 0 when no candidate's set has it;
/// ``unknown`` when a candidate without a set comes first, or more than 254 do, so that only a
/// search can tell.
///
/// Made once per chain from the sets' pages, 256 code points at a time, a candidate's pages
/// only where they add code points: under a millisecond for a chain of 60 fonts. It holds 64
/// KiB.
final class FirstCoverage: Sendable {
  /// The entry of a code point the table cannot answer for.
  static let unknown: UInt8 = 255
  private let positions: [UInt8]

  init(_ coverages: [CharacterCoverage?]) {
    var positions = [UInt8](repeating: 0, count: 0x10000)
    // One bit per code point some earlier candidate already answers.
    var answered = [UInt32](repeating: 0, count: 0x10000 / 32)
    var complete = true
    for position in coverages.indices.dropFirst() {
      guard position < Int(Self.unknown), let coverage = coverages[position] else {
        complete = false
        break
      }
      coverage.forEachBasicPage { base, words in
        for (offset, word) in words.enumerated() {
          let index = Int(base) / 32 + offset
          var added = word & ~answered[index]
          guard added != 0 else { continue }
          answered[index] |= added
          while added != 0 {
            positions[index * 32 + added.trailingZeroBitCount] = UInt8(position)
            added &= added - 1
          }
        }
      }
    }
    if !complete {
      for index in answered.indices where answered[index] != .max {
        for bit in 0..<32 where answered[index] & (1 << UInt32(bit)) == 0 {
          positions[index * 32 + bit] = Self.unknown
        }
      }
    }
    self.positions = positions
  }

  /// The position of the first candidate after the match whose set has `scalar`; 0 for none,
  /// ``unknown`` when a search must tell (and for every code point from U+10000).
  func position(of scalar: Unicode.Scalar) -> UInt8 {
    scalar.value < 0x10000 ? positions[Int(scalar.value)] : Self.unknown
  }
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

  /// Calls `body` with each page of the set below U+10000 that has a code point: its first
  /// code point (a multiple of 256) and its 8 words of 32 bits, bit `b` of word `w` for the
  /// code point `base + 32 × w + b`.
  func forEachBasicPage(_ body: (UInt32, UnsafeBufferPointer<UInt32>) -> Void) {
    var map = [FcChar32](repeating: 0, count: 8)
    var next: FcChar32 = 0
    map.withUnsafeMutableBufferPointer { words in
      guard let pointer = words.baseAddress else { return }
      var base = FcCharSetFirstPage(charset, pointer, &next)
      while base != 0xFFFF_FFFF, base < 0x10000 {
        body(base, UnsafeBufferPointer(words))
        base = FcCharSetNextPage(charset, pointer, &next)
      }
    }
  }
}
