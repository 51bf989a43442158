// Rich text as Pango models it: a plain text, and styles over ranges of it that refine the
// widget's own font and colour. A style says only what it changes; everything it leaves nil
// comes from the text's base (the widget's font, size and colour).

/// What a span of rich text changes from the text's base style.
///
/// Sizes are relative to the base, so that fitting scales every span by one factor: a span
/// of `.relative(1 / 1.2)` (Pango's `<small>`) stays five sixths of the text whatever size the
/// fit chooses. An absolute size (`size="14pt"`) is a size at the text's design size, and so
/// is relative too, to that size; likewise a rise and letter spacing in points.
public struct TextStyle: Hashable, Sendable {
  /// Families that replace the base font's (`<tt>` sets `Monospace`), or nil.
  public var families: [String]?
  /// The weight, or nil for the base font's.
  public var weight: FontWeight?
  /// The slant, or nil for the base font's.
  public var slant: FontSlant?
  /// The size, or nil for the base size.
  public var size: SpanSize?
  /// The super- and subscript scales applied, outermost first (`<sup>` inside `<sub>`
  /// nests); each shrinks the size by the font's own super- or subscript size.
  public var fontScales: [ScriptPosition] = []
  /// The super- and subscript baseline shifts and explicit shifts applied, outermost first.
  public var baselineShifts: [BaselineShift] = []
  /// How far the baseline is raised, in points at the design size (negative lowers it), or
  /// nil.
  public var rise: Double?
  /// Extra space around each grapheme cluster, in points at the design size (half before,
  /// half after, as Pango's `letter_spacing`), or nil.
  public var letterSpacing: Double?
  /// The language the span is written in (for its fonts and shaping), or nil for the text's.
  public var language: Language?
  /// The text colour, or nil for the widget's.
  public var foreground: Color?
  /// The text's opacity (0–255), over ``foreground`` or the widget's colour, or nil for the
  /// colour's own (Pango's `alpha`).
  public var foregroundAlpha: UInt8?
  /// A colour painted behind the span's line box, or nil for none.
  public var background: Color?
  /// The background's opacity (0–255), over ``background``, or nil for its own.
  public var backgroundAlpha: UInt8?
  /// The underline, or nil for none.
  public var underline: Underline?
  /// The underline's colour, or nil for the text's.
  public var underlineColor: Color?
  /// Whether a line is drawn through the text, or nil for not.
  public var strikethrough: Bool?
  /// The strikethrough's colour, or nil for the text's.
  public var strikethroughColor: Color?

  /// A style that changes nothing.
  public init() {}

  /// Whether the style changes nothing of the base.
  public var isPlain: Bool { self == TextStyle() }

  /// The colour the text is painted in, over the widget's `color`: ``foreground`` or it, at
  /// ``foregroundAlpha`` when set.
  public func textColor(over color: Color) -> Color {
    var painted = foreground ?? color
    if let foregroundAlpha { painted.alpha = foregroundAlpha }
    return painted
  }

  /// The colour painted behind the text: ``background`` at ``backgroundAlpha`` when set; nil
  /// for none.
  public var backgroundColor: Color? {
    guard var painted = background else { return nil }
    if let backgroundAlpha { painted.alpha = backgroundAlpha }
    return painted
  }

  /// Whether the style changes how the text measures (its font, size, shift or spacing),
  /// rather than only how it is painted.
  public var affectsShaping: Bool {
    families != nil || weight != nil || slant != nil || size != nil || !fontScales.isEmpty
      || !baselineShifts.isEmpty || rise != nil || letterSpacing != nil || language != nil
  }

  /// The descriptor this style gives `base`.
  public func font(over base: FontDescriptor) -> FontDescriptor {
    FontDescriptor(
      families: families ?? base.families, weight: weight ?? base.weight,
      slant: slant ?? base.slant)
  }

  /// The size of this style as a multiple of the base size, taking an absolute size as one
  /// at `designSize` (the size the base is designed at).
  public func scale(designSize: Double) -> Double {
    switch size {
    case nil: 1
    case .relative(let factor): factor
    case .points(let points): designSize > 0 ? points / designSize : 1
    }
  }
}

/// A span's size: a multiple of the base size, or points at the design size.
public enum SpanSize: Hashable, Sendable {
  /// A multiple of the text's size (`<small>` is 1/1.2, `size="120%"` is 1.2).
  case relative(Double)
  /// A size in points, at the text's design size (`size="14pt"`).
  case points(Double)
}

/// Superscript or subscript.
public enum ScriptPosition: String, Hashable, Sendable, CaseIterable {
  /// Raised and smaller, by the font's superscript metrics.
  case superscript
  /// Lowered and smaller, by the font's subscript metrics.
  case `subscript`
}

/// A shift of the baseline: the font's super- or subscript offset, or a length.
public enum BaselineShift: Hashable, Sendable {
  /// The font's superscript offset (OpenType `OS/2.ySuperscriptYOffset`).
  case superscript
  /// The font's subscript offset, downwards (`OS/2.ySubscriptYOffset`).
  case `subscript`
  /// Points at the design size, upwards.
  case points(Double)
}

/// How text is underlined, as Pango's underline styles.
public enum Underline: String, Hashable, Sendable, CaseIterable {
  /// One line at the font's underline position.
  case single
  /// Two lines, the second below the first.
  case double
  /// One line below the descent, clear of descenders.
  case low
  /// A wavy line, as spelling checkers mark errors.
  case error
}

/// One styled range of a text.
public struct StyleRun: Hashable, Sendable {
  /// The range, in UTF-8 offsets of the plain text.
  public var range: Range<Int>
  /// What the range changes of the base.
  public var style: TextStyle

  /// Creates a run.
  public init(range: Range<Int>, style: TextStyle) {
    self.range = range
    self.style = style
  }
}

/// A plain text with styles over ranges of it: what Pango markup describes.
///
/// Runs are in order, do not overlap and are never empty; a range no run covers has the
/// base style. ``runs`` holds only styled ranges, so a text without markup has none.
public struct StyledText: Hashable, Sendable {
  /// The text as drawn, tags removed and entities replaced.
  public var text: String
  /// The styled ranges, in order.
  public private(set) var runs: [StyleRun]

  /// A text of one style, the base.
  public init(_ text: String) {
    self.text = text
    runs = []
  }

  /// A text with styled runs; adjacent runs of one style are merged and plain runs dropped.
  ///
  /// - Throws: ``StyledTextError`` when a run is empty, out of order, overlaps the one before
  ///   it, or leaves the text or cuts a character's UTF-8 bytes.
  public init(text: String, runs: [StyleRun]) throws(StyledTextError) {
    let utf8 = text.utf8
    var merged: [StyleRun] = []
    var end = 0
    for (index, run) in runs.enumerated() {
      guard !run.range.isEmpty, run.range.lowerBound >= end, run.range.upperBound <= utf8.count
      else { throw .runOutOfOrder(run: index) }
      for offset in [run.range.lowerBound, run.range.upperBound] where offset < utf8.count {
        let position = utf8.index(utf8.startIndex, offsetBy: offset)
        guard position.samePosition(in: text.unicodeScalars) != nil else {
          throw .runSplitsCharacter(run: index)
        }
      }
      end = run.range.upperBound
      if run.style.isPlain { continue }
      if let last = merged.last, last.style == run.style,
        last.range.upperBound == run.range.lowerBound
      {
        merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        merged.append(run)
      }
    }
    self.text = text
    self.runs = merged
  }

  /// Whether any run changes more than colours and decorations.
  public var affectsShaping: Bool { runs.contains { $0.style.affectsShaping } }

  /// The style at UTF-8 offset `offset`: its run's, or the base (an empty style).
  public func style(at offset: Int) -> TextStyle { Self.style(at: offset, in: runs) }

  /// The style at UTF-8 offset `offset` of ordered, non-overlapping `runs`: its run's, or
  /// the base (an empty style).
  public static func style(at offset: Int, in runs: [StyleRun]) -> TextStyle {
    let low = firstRun(endingAfter: offset, in: runs)
    return low < runs.count && runs[low].range.contains(offset) ? runs[low].style : TextStyle()
  }

  /// The index of the first of ordered, non-overlapping `runs` that ends after UTF-8 offset
  /// `offset` (`runs.count` when none does), found by halving.
  private static func firstRun(endingAfter offset: Int, in runs: [StyleRun]) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The runs that meet `range` (UTF-8 offsets), cut to it, with the base style's stretches
  /// between them as plain runs: the styled pieces of a line, in logical order.
  public func pieces(of range: Range<Int>) -> [StyleRun] { Self.pieces(of: range, in: runs) }

  /// ``pieces(of:)`` for ordered, non-overlapping `runs`, without making a styled text.
  public static func pieces(of range: Range<Int>, in runs: [StyleRun]) -> [StyleRun] {
    guard !range.isEmpty else { return [] }
    var result: [StyleRun] = []
    var position = range.lowerBound
    // The runs before the range are skipped by halving: a text of many runs and many lines
    // asks once per line.
    for run in runs[firstRun(endingAfter: range.lowerBound, in: runs)...]
    where run.range.upperBound > range.lowerBound {
      if run.range.lowerBound >= range.upperBound { break }
      let start = max(run.range.lowerBound, range.lowerBound)
      if start > position {
        result.append(StyleRun(range: position..<start, style: TextStyle()))
      }
      let end = min(run.range.upperBound, range.upperBound)
      result.append(StyleRun(range: start..<end, style: run.style))
      position = end
    }
    if position < range.upperBound {
      result.append(StyleRun(range: position..<range.upperBound, style: TextStyle()))
    }
    return result
  }
}

/// Why a ``StyledText`` cannot be made from the runs given.
public enum StyledTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A run is empty, starts before the previous one ends, or ends after the text.
  case runOutOfOrder(run: Int)
  /// A run starts or ends inside a character's UTF-8 bytes.
  case runSplitsCharacter(run: Int)

  /// A sentence naming the broken invariant.
  public var description: String {
    switch self {
    case .runOutOfOrder(let run):
      "style run \(run) is empty, overlaps the run before it or leaves the text"
    case .runSplitsCharacter(let run):
      "style run \(run) starts or ends inside a character's UTF-8 bytes"
    }
  }
}
