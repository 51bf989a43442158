import FontFitFontModel
import FontFitText

/// A text cut into runs the way Pango's itemiser cuts it before it chooses fonts: by script
/// (common characters joining the script around them, a closing bracket its opening one's),
/// by bidi level, and by emoji presentation; each run with the language its fonts are
/// chosen for.
///
/// The language of a run is the text's own when it is written in the run's script
/// (Fontconfig's orthography for the language has characters of it, as Pango's table of
/// scripts by language was made), else the script's sample language (Pango's
/// `pango_script_get_sample_language`: `ar` for Arabic, `hi` for Devanagari, …), else
/// ``Language/none`` (`xx`), Han among them. Pango first looks for a language of the script in
/// `PANGO_LANGUAGE` or `LANGUAGE`; FontFit never reads the environment, so results never
/// depend on it, and a text's own language (`zh-CN`, `ja`, …) chooses a regional face.
struct Itemization {
  /// One run: a range of grapheme clusters.
  struct Run {
    /// The clusters, by index.
    var clusters: Range<Int>
    /// The run's script (an ICU code; Common when the run has no other).
    var script: Int32
    /// Whether the run is emoji shown as emoji, whose fonts are those of the family `emoji`.
    var isEmoji: Bool
    /// The language the run's fonts are chosen for, and HarfBuzz shapes it in.
    var language: Language
    /// The rich-text span the run lies in (``ShapingOptions/spans``), or -1.
    var span: Int
  }

  /// The runs, in logical order, covering every cluster.
  let runs: [Run]

  /// Cuts `graphemes` of `text` into runs.
  ///
  /// - Parameters:
  ///   - graphemes: The text's clusters.
  ///   - text: The text.
  ///   - scripts: Each cluster's resolved script.
  ///   - levels: Each cluster's bidi level; empty when every level is 0.
  ///   - language: The text's own language, or nil (English for a run of common characters).
  ///   - spans: Each cluster's rich-text span, or -1; empty when the text has none. A run
  ///     never crosses from one span to another.
  ///   - spanLanguages: Each span's own language, which replaces the text's in it.
  ///   - scriptsOfLanguage: The scripts a language is written in; nil when it is not known,
  ///     which counts as every script.
  init(
    _ graphemes: Graphemes, text: String, scripts: [Int32], levels: [UInt8], language: Language?,
    spans: [Int] = [], spanLanguages: [Language?] = [],
    scriptsOfLanguage: (Language) -> Set<Int32>?
  ) {
    var runs: [Run] = []
    var start = 0
    var emoji = false
    // The language of each script in each language a text or span is written in, found once
    // per text (spans without a language of their own share the text's).
    var derived = ScanningMap<DerivedKey, Language>()
    func span(_ index: Int) -> Int { spans.isEmpty ? -1 : spans[index] }
    func runLanguage(_ script: Int32, span: Int) -> Language {
      let key = DerivedKey(
        language: (span >= 0 ? spanLanguages[span] : nil) ?? language, script: script)
      if let known = derived[key] { return known }
      let chosen = Self.language(
        for: script, textLanguage: key.language, scriptsOfLanguage: scriptsOfLanguage)
      derived.insert(chosen, for: key)
      return chosen
    }
    for index in 0..<graphemes.count {
      // A cluster whose first character is not an emoji is not one (asked first: most are
      // not, and the cluster's characters need not be read).
      let first = graphemes[index].first
      let isEmoji =
        (!graphemes[index].isSingleScalar || first.value >= 0x80) && Self.isEmoji(first)
        && Self.isEmojiPresentation(text[graphemes.range(index, in: text)].unicodeScalars)
      // A line separator is a run of its own: each paragraph is itemised apart, as Pango
      // lays out each paragraph on its own.
      let separates =
        index > 0
        && (graphemes[index].kind == .lineSeparator
          || graphemes[index - 1].kind == .lineSeparator)
      if index > start,
        separates || scripts[index] != scripts[start]
          || (!levels.isEmpty && levels[index] != levels[start])
          || isEmoji != emoji || span(index) != span(start)
      {
        runs.append(
          Run(
            clusters: start..<index, script: scripts[start], isEmoji: emoji,
            language: runLanguage(scripts[start], span: span(start)), span: span(start)))
        start = index
      }
      emoji = isEmoji
    }
    if start < graphemes.count {
      runs.append(
        Run(
          clusters: start..<graphemes.count, script: scripts[start], isEmoji: emoji,
          language: runLanguage(scripts[start], span: span(start)), span: span(start)))
    }
    self.runs = runs
  }

  /// A language a text or span is written in, and a script of its text.
  private struct DerivedKey: Hashable {
    var language: Language?
    var script: Int32
  }

  /// The language a run of `script` is chosen for (Pango's `compute_derived_language`).
  static func language(
    for script: Int32, textLanguage: Language?, scriptsOfLanguage: (Language) -> Set<Int32>?
  ) -> Language {
    if !Scripts.isReal(script) { return textLanguage ?? .unspecified }
    if let textLanguage {
      // A language without an orthography (`zh`, `zh-Hans`) counts as writing every script.
      guard let scripts = scriptsOfLanguage(textLanguage) else { return textLanguage }
      if scripts.contains(script) { return textLanguage }
    }
    return sampleLanguages[Scripts.tag(script)].map(Language.known) ?? .none
  }

  /// A typical language of each script Pango names one for, by ISO 15924 code
  /// (`pango_script_get_sample_language`); scripts not listed have none.
  static let sampleLanguages: [String: String] = [
    "Arab": "ar", "Armn": "hy", "Beng": "bn", "Cher": "chr", "Copt": "cop", "Cyrl": "ru",
    "Deva": "hi", "Ethi": "am", "Geor": "ka", "Grek": "el", "Gujr": "gu", "Guru": "pa",
    "Hang": "ko", "Hebr": "he", "Hira": "ja", "Knda": "kn", "Kana": "ja", "Khmr": "km",
    "Laoo": "lo", "Latn": "en", "Mlym": "ml", "Mong": "mn", "Mymr": "my", "Orya": "or",
    "Sinh": "si", "Syrc": "syr", "Taml": "ta", "Telu": "te", "Thaa": "dv", "Thai": "th",
    "Tibt": "bo", "Cans": "iu", "Tglg": "tl", "Hano": "hnn", "Buhd": "bku", "Tagb": "tbw",
    "Ugar": "uga", "Bugi": "bug", "Sylo": "syl", "Xpeo": "peo", "Nkoo": "nqo",
  ]

  /// Whether a cluster is shown as emoji, by the rules of Pango's emoji iterator: an emoji
  /// presentation character, a modifier base (👍, ☝), any emoji followed by VS16 (U+FE0F),
  /// a keycap with VS16, a flag, a tag sequence or a ZWJ sequence with such an element; never
  /// with VS15 (U+FE0E), and not a lone skin-tone modifier, regional indicator or digit.
  static func isEmojiPresentation(_ scalars: Substring.UnicodeScalarView) -> Bool {
    guard let first = scalars.first, isEmoji(first) else { return false }
    let properties = first.properties
    var count = 0
    var hasPresentationElement = false
    for scalar in scalars {
      count += 1
      switch scalar.value {
      case 0xFE0E: return false
      case 0xFE0F, 0x20E0: hasPresentationElement = true
      default:
        if count > 1, scalar.properties.isEmojiPresentation { hasPresentationElement = true }
      }
    }
    let isRegionalIndicator = (0x1F1E6...0x1F1FF).contains(first.value)
    if count == 1, properties.isEmojiModifier || isRegionalIndicator { return false }
    return hasPresentationElement || properties.isEmojiPresentation
      || properties.isEmojiModifierBase
  }

  /// Unicode's `Emoji` property of `scalar`.
  ///
  /// It is answered without the property tables for the ranges most text is in: below U+203C
  /// only the keycap bases (`#`, `*`, the digits), `©` and `®` have it, and no CJK unified
  /// ideograph does. Every cluster of a text asks, and a table look-up costs about 80
  /// instructions.
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x203C {
      return value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) || value == 0xA9
        || value == 0xAE
    }
    if (0x4E00..<0xA000).contains(value) { return false }
    return scalar.properties.isEmoji
  }

  /// Whether a cluster never changes the font, as Pango's `consider_as_space` decides it.
  ///
  /// It does not when every character of it is a control, a format character (but those of
  /// the Arabic block, U+070F and U+08E2, which are visible), a surrogate, a line or
  /// paragraph separator, a space (but the Ogham space mark) or a variation selector. It
  /// takes the font of the characters around it.
  static func keepsFont(_ scalars: Substring.UnicodeScalarView) -> Bool {
    scalars.allSatisfy(keepsFont)
  }

  /// ``keepsFont(_:)`` for one character.
  ///
  /// Letters of the ranges most text is in (Latin to Hebrew but the soft hyphen, Arabic
  /// letters and marks, CJK ideographs, Hangul syllables) are answered without the property
  /// tables; ``keepsFontByCategory(_:)`` answers the rest.
  static func keepsFont(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x20 { return true }
    if value < 0x80 { return value < 0x20 || value == 0x7F }
    if (0xA1...0x5FF).contains(value) { return value == 0xAD }
    if (0x620...0x6DC).contains(value) || (0x3400..<0xA000).contains(value)
      || (0xAC00...0xD7A3).contains(value)
    {
      return false
    }
    return keepsFontByCategory(scalar)
  }

  /// ``keepsFont(_:)`` by the character's general category alone.
  static func keepsFontByCategory(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .control, .surrogate, .lineSeparator, .paragraphSeparator: return true
    case .format: return !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
    case .spaceSeparator: return value != 0x1680
    default: return false
    }
  }
}
