// Dictionary hyphenation with libhyphen: finding a language's `hyph_*.dic`, reading its
// encoding and limits, and the cache of hyphen points per word.

import CHyphen
import FontFitFontModel
@_spi(Engine) import FontFitText
internal import Glibc

/// Finds where words may be hyphenated, with libhyphen and the pattern files of Debian's
/// `hyphen-*` packages (LibreOffice's dictionaries).
///
/// Dictionaries are looked up by language in the directories of `FONTFIT_HYPHEN_PATH`
/// (colon-separated) and then `/usr/share/hyphen`: for `de-CH`, `hyph_de_CH.dic`, then
/// `hyph_de.dic`, then any `hyph_de_*.dic`. Each is loaded once, when a fit first reaches its
/// hyphenation lever, and kept: libhyphen builds its pattern machine as it reads the file,
/// which takes about 3 s for Debian's German patterns and 30 ms for English ones. Hyphen points are
/// cached per word and dictionary, at most ``wordCacheLimit`` words (about 60 bytes each, so
/// under 4 MiB), forgetting the least recently used.
///
/// Thread-safe: libhyphen is called under one lock, and what it answers is cached.
public final class Hyphenator: Hyphenating, Sendable {
  /// The most words whose hyphen points are kept.
  public static let wordCacheLimit = 65_536

  /// The hyphenator every font system uses.
  public static let shared = Hyphenator()

  private let state = Lock(State())
  /// Held while a dictionary loads; it counts the loads. (A lock of `Void` would put its
  /// empty value at the address of its mutex pointer, which the thread sanitizer then
  /// reports as a race between a thread reading the pointer to lock and one inside.)
  private let loading = Lock(0)
  private let directories: [String]

  private struct State {
    /// Loaded dictionaries by path, and the path (or nil) for each language tag asked.
    var dictionaries: [String: Dictionary] = [:]
    var paths: [String: String?] = [:]
    var words = BoundedCache<WordKey, [UInt8]>(entryLimit: Hyphenator.wordCacheLimit)
  }

  private struct WordKey: Hashable {
    var word: String
    var dictionary: String
  }

  /// A hyphenator searching `directories`, by default `FONTFIT_HYPHEN_PATH` then
  /// `/usr/share/hyphen`.
  public init(directories: [String]? = nil) {
    if let directories {
      self.directories = directories
    } else {
      var found: [String] = []
      if let path = getenv("FONTFIT_HYPHEN_PATH") {
        found += String(cString: path).split(separator: ":").map(String.init)
      }
      found.append("/usr/share/hyphen")
      self.directories = found
    }
  }

  /// Whether libhyphen is installed.
  public static var isLibraryAvailable: Bool { chyphen_available() != 0 }

  /// The dictionary file that hyphenates `language`, or nil when none is installed (or
  /// libhyphen is not).
  public func dictionaryPath(for language: Language) -> String? {
    guard Self.isLibraryAvailable else { return nil }
    let tag = language.tag
    if let known = state.withLock({ $0.paths[tag] }) { return known }
    let path = findDictionary(for: tag)
    state.withLock { $0.paths[tag] = path }
    return path
  }

  /// The clusters of `text` before which a line may break with a hyphen.
  ///
  /// Words are runs of letters (with their marks); a word with a soft hyphen is left as its
  /// author broke it. Each word is lower-cased and converted to the dictionary's encoding; a
  /// word that cannot be (a letter outside ISO 8859-1 for a Latin-1 dictionary) is not
  /// hyphenated.
  public func hyphenationPoints(
    in text: ShapedText, language: Language?, limits: HyphenationLimits
  ) -> HyphenationPoints {
    guard let language, let path = dictionaryPath(for: language),
      let dictionary = dictionary(at: path)
    else { return .unavailable }
    var breaks: [Int] = []
    let clusters = text.packedClusters
    let source = text.text
    var index = 0
    while index < clusters.count {
      guard Self.isLetter(source[text.range(ofCluster: index)]) else {
        index += 1
        continue
      }
      let start = index
      var hasSoftHyphen = false
      while index < clusters.count {
        let character = source[text.range(ofCluster: index)]
        if character == "\u{AD}" {
          hasSoftHyphen = true
        } else if !Self.isLetter(character) {
          break
        }
        index += 1
      }
      let length = index - start
      guard !hasSoftHyphen, length >= max(limits.minimumWordLength, 2) else { continue }
      let letters = (start..<index).map { source[text.range(ofCluster: $0)] }
      let before = max(limits.minimumBefore, dictionary.leftMinimum, 1)
      let after = max(limits.minimumAfter, dictionary.rightMinimum, 1)
      guard let points = self.points(letters, dictionary: dictionary, path: path) else {
        continue
      }
      for offset in points.indices where points[offset] != 0 {
        let breakBefore = offset + 1
        if breakBefore >= before, length - breakBefore >= after {
          breaks.append(start + breakBefore)
        }
      }
    }
    return HyphenationPoints(breaks: breaks, dictionary: path)
  }

  /// For each letter of a word, 1 when it may break after it; nil when the word cannot be
  /// put in the dictionary's encoding.
  private func points(_ letters: [Substring], dictionary: Dictionary, path: String) -> [UInt8]? {
    let word = letters.joined().lowercased()
    let key = WordKey(word: word, dictionary: path)
    if let cached = state.withLock({ $0.words.value(for: key) }) { return cached }
    // The bytes of the word, and the byte that ends each letter.
    var bytes: [UInt8] = []
    var ends: [Int] = []
    for letter in letters {
      for scalar in letter.lowercased().unicodeScalars {
        if dictionary.isUTF8 {
          bytes.append(contentsOf: String(scalar).utf8)
        } else {
          guard scalar.value <= 0xFF else { return nil }
          bytes.append(UInt8(scalar.value))
        }
      }
      ends.append(bytes.count - 1)
    }
    var marks = [CChar](repeating: 0, count: bytes.count)
    let status = state.withLock { _ in
      bytes.withUnsafeBufferPointer { word in
        word.withMemoryRebound(to: CChar.self) { word in
          marks.withUnsafeMutableBufferPointer { marks in
            chyphen_hyphenate(
              dictionary.handle.pointer, word.baseAddress, Int32(word.count), marks.baseAddress)
          }
        }
      }
    }
    guard status == 0 else { return nil }
    let points = ends.map { marks[$0] != 0 ? UInt8(1) : 0 }
    state.withLock { $0.words.insert(points, for: key, cost: word.utf8.count + points.count) }
    return points
  }

  private static func isLetter(_ character: Substring) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    return first.properties.isAlphabetic && !first.properties.isIdeographic
  }

  private func dictionary(at path: String) -> Dictionary? {
    if let loaded = state.withLock({ $0.dictionaries[path] }) { return loaded }
    // libhyphen takes seconds over a large pattern file (about 3 s for German's): one thread
    // loads it while the others wait, rather than each loading its own.
    return loading.withLock { loads in
      if let loaded = state.withLock({ $0.dictionaries[path] }) { return loaded }
      loads += 1
      guard let loaded = Dictionary(path: path) else { return nil }
      state.withLock { $0.dictionaries[path] = loaded }
      return loaded
    }
  }

  private func findDictionary(for tag: String) -> String? {
    let parts = tag.split(separator: "-")
    guard let language = parts.first?.lowercased() else { return nil }
    let region = parts.dropFirst().first {
      $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber)
    }
    var names: [String] = []
    if let region { names.append("hyph_\(language)_\(region.uppercased()).dic") }
    names.append("hyph_\(language).dic")
    for directory in directories {
      for name in names where Self.isReadable(directory + "/" + name) {
        return directory + "/" + name
      }
      if let other = Self.files(in: directory).sorted().first(where: {
        $0.hasPrefix("hyph_\(language)_") && $0.hasSuffix(".dic")
      }) {
        return directory + "/" + other
      }
    }
    return nil
  }

  private static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }

  private static func files(in directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return names
  }
}

/// A loaded pattern file, its encoding and its hyphenmin limits.
private final class Dictionary: Sendable {
  let handle: DictionaryHandle
  let isUTF8: Bool
  let leftMinimum: Int
  let rightMinimum: Int

  init?(path: String) {
    // The header: the character set on the first line, then optional LEFTHYPHENMIN and
    // RIGHTHYPHENMIN lines.
    guard let file = fopen(path, "r") else { return nil }
    var lines: [String] = []
    var buffer = [CChar](repeating: 0, count: 256)
    while lines.count < 8, fgets(&buffer, Int32(buffer.count), file) != nil {
      // fgets always ends what it read with a NUL inside the buffer.
      let line = buffer.withUnsafeBufferPointer { bytes in
        bytes.baseAddress.map { String(cString: $0) } ?? ""
      }
      lines.append(line.trimmingCharacters())
    }
    fclose(file)
    guard let charset = lines.first, let pointer = chyphen_load(path) else { return nil }
    handle = DictionaryHandle(pointer: pointer)
    isUTF8 = charset.uppercased() == "UTF-8"
    func value(_ name: String) -> Int {
      for line in lines.dropFirst() where line.hasPrefix(name + " ") {
        return Int(line.dropFirst(name.count + 1).trimmingCharacters()) ?? 0
      }
      return 0
    }
    leftMinimum = value("LEFTHYPHENMIN")
    rightMinimum = value("RIGHTHYPHENMIN")
  }
}

/// Owns a libhyphen dictionary; used only under the hyphenator's lock.
private final class DictionaryHandle: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer

  init(pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  deinit { chyphen_free(pointer) }
}

extension StringProtocol {
  fileprivate func trimmingCharacters() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars[first...last])
    return result
  }
}

extension FontSystem: Hyphenating {
  /// The shared ``Hyphenator``'s points for `text`.
  public func hyphenationPoints(
    in text: ShapedText, language: Language?, limits: HyphenationLimits
  ) -> HyphenationPoints {
    Hyphenator.shared.hyphenationPoints(in: text, language: language, limits: limits)
  }
}
