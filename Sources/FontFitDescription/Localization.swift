// Localised texts: a description's `"@key"` texts looked up in one locale's strings table, and
// pseudo-localisation, the classic way to find truncation before translators do.

import FontFitFontModel
@_spi(Engine) import FontFitText

/// The strings a layout's `"@key"` texts are looked up in: one locale's table, or
/// pseudo-localisation.
///
/// A text, title or placeholder that starts with `@` names a key (`"@greeting"`); `@@` stands
/// for a literal `@` at the start (`"@@home"` is the text `@home`). A strings table is a JSON
/// file `DIR/<locale>.json` holding one object of string values: `{"greeting": "Hallo"}`.
public struct Localization: Hashable, Sendable {
  /// The locale's name, as the dumps and `check` name it: `de`, `en`, `pseudo`.
  public var locale: String
  /// The table's file, for messages; nil for pseudo-localisation without a base table.
  public var file: String?
  /// The texts by key.
  private var strings: [String: String]
  /// Whether every text is pseudo-localised (longer, with accents).
  public var isPseudo: Bool

  /// The name `--locale` gives pseudo-localisation.
  public static let pseudoLocale = "pseudo"

  /// The locale `table(in:locale:)` and pseudo-localisation prefer as their base.
  public static let defaultLocale = "en"

  /// The table of `locale` in `directory`: `directory/<locale>.json`.
  ///
  /// - Throws: ``DescriptionError`` naming the file when it cannot be read, is not JSON, is not
  ///   one object of strings, or has an empty key.
  public static func table(in directory: String, locale: String) throws(DescriptionError)
    -> Localization
  {
    let path = DescriptionFile.path(directory, appending: locale + ".json")
    // A sweep of many layouts shares its tables: each is read once while it stays unchanged
    // (the same device, inode, size and change time).
    let identity = DescriptionFile.identity(of: path)
    if let identity, let known = tables.withLock({ $0[path] }), known.identity == identity {
      return known.table
    }
    let readAt = DescriptionFile.now()
    let table = try read(path, locale: locale)
    reads.withLock { reads in
      if reads.count >= tableCacheLimit, reads[path] == nil { reads.removeAll() }
      reads[path, default: 0] += 1
    }
    // Kept only when the file had settled before it was read and is still the same file.
    if let identity, identity.settled(before: readAt),
      DescriptionFile.identity(of: path) == identity
    {
      tables.withLock { tables in
        // Bounded: a process that reads more tables than this forgets them all and starts over.
        if tables.count >= tableCacheLimit { tables.removeAll() }
        tables[path] = (identity, table)
      }
    }
    return table
  }

  /// How many times the table file at `path` was read and parsed in this process (counted
  /// for the last 64 files read): what a test counts to see the cache answer.
  package static func fileReads(of path: String) -> Int { reads.withLock { $0[path] ?? 0 } }

  private static let reads = Lock<[String: Int]>([:])

  /// The most tables kept for reading again.
  static let tableCacheLimit = 64

  /// The tables read so far, by path, with the identity of the file each was read from.
  private static let tables = Lock<
    [String: (identity: DescriptionFile.Identity, table: Localization)]
  >([:])

  /// Reads the table at `path`.
  private static func read(_ path: String, locale: String) throws(DescriptionError)
    -> Localization
  {
    let reader = try DescriptionReader(path: path)
    let object = try reader.object(reader.root, at: "")
    var strings: [String: String] = [:]
    for member in object.members {
      guard !member.key.isEmpty else {
        throw DescriptionError(
          file: path, line: member.keyLocation.line, column: member.keyLocation.column,
          message: "expected a non-empty key")
      }
      strings[member.key] = try reader.string(member.value, at: member.key)
    }
    return Localization(locale: locale, file: path, strings: strings, isPseudo: false)
  }

  /// The locales that have a table in `directory`: the names of its `.json` files, sorted.
  ///
  /// - Throws: ``DescriptionError`` when the directory cannot be read or has no table.
  public static func locales(in directory: String) throws(DescriptionError) -> [String] {
    guard let names = DescriptionFile.names(inDirectory: directory) else {
      throw DescriptionError(file: directory, message: "is not a readable directory of strings")
    }
    let locales = names.filter { $0.hasSuffix(".json") && $0.count > 5 }.map {
      String($0.dropLast(5))
    }.sorted()
    guard !locales.isEmpty else {
      throw DescriptionError(
        file: directory, message: "has no strings table (a file such as en.json)")
    }
    return locales
  }

  /// Pseudo-localisation: every text, literal or looked up in `base`, made about 40% longer
  /// with accented letters and marked at both ends, so that truncation and hard-coded texts
  /// show before translators start.
  ///
  /// - Parameter base: The table `"@key"` texts are looked up in; nil when the layout has none.
  /// - Returns: The pseudo-localisation, named ``pseudoLocale``.
  public static func pseudo(base: Localization?) -> Localization {
    Localization(
      locale: pseudoLocale, file: base?.file, strings: base?.strings ?? [:], isPseudo: true)
  }

  /// The text for `key`, pseudo-localised when this is pseudo-localisation; nil when the table
  /// has no such key.
  ///
  /// A markup text is pseudo-localised with its tags kept.
  public func text(forKey key: String, isMarkup: Bool = false) -> String? {
    guard let text = strings[key] else { return nil }
    return literal(text, isMarkup: isMarkup)
  }

  /// A literal text as this localisation shows it: as it is, or pseudo-localised (a markup
  /// text with its tags kept).
  public func literal(_ text: String, isMarkup: Bool = false) -> String {
    guard isPseudo else { return text }
    return isMarkup ? Self.pseudoLocalizedMarkup(text) : Self.pseudoLocalized(text)
  }

  /// Pango markup pseudo-localised as ``pseudoLocalized(_:)`` does a text.
  ///
  /// The letters of its text are accented, its tags and entities kept, and 40% more of its
  /// text (escaped) added inside the closing bracket. Malformed markup is left as it is, for
  /// its error to be reported where it is read.
  public static func pseudoLocalizedMarkup(_ markup: String) -> String {
    guard let plain = try? Markup.parse(markup).text, !plain.isEmpty,
      let accented = try? Markup.mapText(markup, { String($0.map { accents[$0] ?? $0 }) })
    else { return markup }
    let long = pseudoLocalized(plain)
    // `[` + the accented text + ` ` + the extra + `]`: keep the extra, around the markup.
    let extra = long.dropFirst(plain.count + 2).dropLast()
    return "[" + accented + " " + Markup.escape(extra) + "]"
  }

  /// `text` with its letters accented and about 40% more text after it, between brackets.
  ///
  /// `Settings` becomes `[Šéţţîñĝš Šéţţ]`. Line breaks and spaces are kept; an empty text stays
  /// empty.
  public static func pseudoLocalized(_ text: String) -> String {
    guard !text.isEmpty else { return text }
    let accented = String(text.map { accents[$0] ?? $0 })
    // The first 40% of the text again, so words stay words and lines break as they would.
    let extra = accented.prefix(max(1, (accented.count * 2 + 4) / 5))
      .map { $0.isNewline ? " " : $0 }
    let trimmed = String(extra).unicodeScalars.drop(while: isSpace).reversed().drop(while: isSpace)
    return "[" + accented + " " + String(String.UnicodeScalarView(trimmed.reversed())) + "]"
  }

  /// Whether `scalar` is white space as Foundation's `CharacterSet.whitespaces` has it: a
  /// space separator (Unicode category Zs) or a tab.
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }

  private static let accents: [Character: Character] = [
    "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î",
    "j": "ĵ", "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "r": "ŕ", "s": "š",
    "t": "ţ", "u": "û", "w": "ŵ", "y": "ý", "z": "ž", "A": "Å", "C": "Ç", "D": "Ð", "E": "É",
    "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "N": "Ñ", "O": "Ö", "R": "Ŕ",
    "S": "Š", "T": "Ţ", "U": "Û", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
  ]
}

extension DescriptionReader {
  /// A text value (`text`, `title`, `placeholder`) with `"@key"` looked up in `localization`.
  func text(_ node: JSONNode, at path: @autoclosure () -> String, localization: Localization?)
    throws(DescriptionError) -> String
  {
    let text = try localizedText(node, at: path(), localization: localization)
    // A 10 MiB label on every screen took 76 s and 5.2 GiB: texts are bounded. The written
    // text and every table value are checked where they are read; only pseudo-localisation
    // can make a text longer here.
    if let violation = InputLimits.violation(of: .text, by: text) {
      throw error(
        at: node, path: path(),
        localization?.isPseudo == true
          ? "pseudo-localised (--locale \(Localization.pseudoLocale)), \(violation)" : violation)
    }
    return text
  }

  /// A markup value (`markup`) with `"@key"` looked up in `localization`, and the styled
  /// text it reads as.
  ///
  /// - Throws: ``DescriptionError`` at the value for a missing string or a bad markup: the
  ///   message gives the offset inside the markup (and the table string's key), and what was
  ///   expected there.
  func markup(_ node: JSONNode, at path: @autoclosure () -> String, localization: Localization?)
    throws(DescriptionError) -> (markup: String, styled: StyledText)
  {
    let markup = try localizedText(node, at: path(), localization: localization, isMarkup: true)
    if let violation = InputLimits.violation(of: .text, by: markup) {
      throw error(at: node, path: path(), violation)
    }
    do {
      return (markup, try Markup.parse(markup))
    } catch {
      let value = (try? string(node, at: path())) ?? ""
      var source = ""
      if value.hasPrefix("@"), !value.hasPrefix("@@"), let localization {
        source =
          "the string \(TextFormat.quoted(String(value.dropFirst()))) of locale "
          + "\(localization.locale)\(localization.file.map { " (\($0))" } ?? ""), "
      }
      throw self.error(at: node, path: path(), source + error.description)
    }
  }

  private func localizedText(
    _ node: JSONNode, at path: @autoclosure () -> String, localization: Localization?,
    isMarkup: Bool = false
  ) throws(DescriptionError) -> String {
    let value = try string(node, at: path())
    // Most texts are literal: a text that starts with another byte than `@` has neither
    // prefix, found without comparing characters.
    guard value.utf8.first == UInt8(ascii: "@") else {
      return localization?.literal(value, isMarkup: isMarkup) ?? value
    }
    if value.hasPrefix("@@") {
      let literal = String(value.dropFirst())
      return localization?.literal(literal, isMarkup: isMarkup) ?? literal
    }
    guard value.hasPrefix("@"), value.count > 1 else {
      return localization?.literal(value, isMarkup: isMarkup) ?? value
    }
    let key = String(value.dropFirst())
    guard let localization else {
      throw error(
        at: node, path: path(),
        "\(TextFormat.quoted(value)) names the string \(TextFormat.quoted(key)), but no strings "
          + "table was given (demo: --strings DIR --locale NAME; write @@ for a literal @)")
    }
    guard let text = localization.text(forKey: key, isMarkup: isMarkup) else {
      let table = localization.file.map { " (\($0))" } ?? ""
      throw error(
        at: node, path: path(),
        "no string \(TextFormat.quoted(key)) in locale \(localization.locale)\(table)")
    }
    return text
  }
}
