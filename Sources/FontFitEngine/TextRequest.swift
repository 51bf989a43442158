import FontFitFontModel
@_spi(Engine) import FontFitText
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One text to lay out, with everything that decides its layout: a value a caller builds and
/// hands to ``TextEngine``, with no widget involved.
///
/// Sizes and the box are in one unit, whatever the caller draws in: points, or a screen's
/// units. The text is styled as Pango styles a layout, by a base style for the whole text;
/// attributes over ranges of it (a bold word, a smaller unit) will refine that base style.
public struct TextRequest: Hashable, Sendable {
  /// The text, exactly as given (its code units, not just its canonical form, are compared).
  public var text: String {
    get { storedText.string }
    set {
      storedText = ExactString(newValue)
      styles = []
    }
  }
  private var storedText: ExactString
  /// The styled runs of rich text over ``text`` (UTF-8 offsets), as Pango markup gives them.
  ///
  /// Empty for plain text. Set them with ``styledText`` or ``setMarkup(_:)``.
  public private(set) var styles: [StyleRun] = []
  /// The size that absolute sizes, rises and letter spacings in ``styles`` are relative to:
  /// the text's design size (a span of `size="14pt"` in a 17pt design is 14/17 of the text
  /// whatever size it is adapted or fitted to); nil for ``fontSize``.
  public var designFontSize: Double?

  /// The text with its styles; setting it sets ``text`` and ``styles``.
  public var styledText: StyledText {
    get {
      (try? StyledText(text: text, runs: styles)) ?? StyledText(text)
    }
    set {
      text = newValue.text
      styles = newValue.runs
    }
  }

  /// Sets ``text`` and ``styles`` from Pango markup.
  ///
  /// - Throws: ``MarkupError`` where the markup is malformed; the request is unchanged then.
  public mutating func setMarkup(_ markup: String) throws(MarkupError) {
    styledText = try Markup.parse(markup)
  }
  /// The font's family, weight and slant.
  public var font: FontDescriptor
  /// The size the text has before any fit, and the one ``TextEngine/measure(_:proposal:)``
  /// measures at.
  public var fontSize: Double
  /// The sizes a fit may choose from; nil to set the text at ``fontSize`` only.
  public var fitSizes: FontSizeRange?
  /// Whether a fit keeps every word on one line (a size that must break a word inside is not
  /// chosen while a smaller one keeps words whole).
  public var keepsWordsWhole: Bool
  /// Whether a fit chooses the largest size at which the text fills its box exactly, between
  /// the grid's sizes; otherwise the largest grid size that fits.
  public var fitsExactly: Bool
  /// The text's language, or nil for none in particular.
  public var language: Language?
  /// The paragraph direction.
  public var direction: WritingDirection
  /// The box the text is laid out in; `.infinity` on a side for no limit.
  public var box: Size
  /// The most lines; 0 for no limit but the box.
  public var maximumLines: Int
  /// Where lines wrap.
  public var wrapping: LineWrapping
  /// How text past the last line is marked.
  public var truncation: Truncation
  /// The text that marks where text was cut.
  public var truncationToken: String
  /// A factor on every line's height.
  public var lineHeightMultiple: Double
  /// What happens to text that does not fit even at the smallest size.
  public var overflow: Overflow
  /// How lines are aligned across the box.
  public var alignment: TextAlignment
  /// Where the block of lines sits in a box taller than it.
  public var verticalPlacement: VerticalPlacement
  /// Letter and word spacing, in ems of the size laid out at, so that they scale with the
  /// fit (none by default).
  public var spacing: TextSpacing
  /// Extra space added to every line's height, in the request's units (0 by default).
  public var lineSpacing: Double
  /// Whether words may be hyphenated by dictionary (``Hyphenation/none`` by default).
  public var hyphenation: Hyphenation
  /// Where dictionary hyphenation may break a word.
  public var hyphenationLimits: HyphenationLimits
  /// The levers a fit may use, in order, before it truncates; nil for the size, then
  /// hyphenation when ``hyphenation`` is ``Hyphenation/auto``.
  public var fitLadder: FitLadder?
  /// How lines are chosen once the size is known (``LineBreakStrategy/greedy`` by default).
  public var lineBreakStrategy: LineBreakStrategy
  /// What the request's last fit was given: read by the next fit of this request or a copy.
  private let keptInputs: KeptFitInputs

  /// The ladder a fit uses: ``fitLadder``, or the default for ``hyphenation``.
  public var effectiveFitLadder: FitLadder {
    if let fitLadder { return fitLadder }
    return hyphenation == .auto ? Self.sizeThenHyphenation : .sizeOnly
  }

  /// The ladder of automatic hyphenation, made once: every fit asks for its ladder.
  private static let sizeThenHyphenation = FitLadder([.size, .hyphenation])

  /// A request with a label's defaults: wrapped at words, truncated at the tail with `…`,
  /// centred vertically, natural alignment.
  ///
  /// The request keeps the inputs of its fits for the next fit of it or a copy (see
  /// ``TextShaping/fitInputsIdentity``).
  public init(
    text: String, font: FontDescriptor, fontSize: Double, fitSizes: FontSizeRange? = nil,
    box: Size, maximumLines: Int = 0, wrapping: LineWrapping = .words,
    truncation: Truncation = .tail, language: Language? = nil,
    direction: WritingDirection = .natural
  ) {
    self.init(
      text: text, font: font, fontSize: fontSize, fitSizes: fitSizes, box: box,
      maximumLines: maximumLines, wrapping: wrapping, truncation: truncation, language: language,
      direction: direction, keepsFitInputs: true)
  }

  /// A request with a label's defaults that keeps its fits' inputs only if `keepsFitInputs`:
  /// a caller that makes a request for each fit and keeps the shaped text itself (a widget)
  /// spares the request the room to keep them.
  package init(
    text: String, font: FontDescriptor, fontSize: Double, fitSizes: FontSizeRange? = nil,
    box: Size, maximumLines: Int = 0, wrapping: LineWrapping = .words,
    truncation: Truncation = .tail, language: Language? = nil,
    direction: WritingDirection = .natural, keepsFitInputs: Bool
  ) {
    keptInputs = KeptFitInputs(keeps: keepsFitInputs)
    storedText = ExactString(text)
    self.font = font
    self.fontSize = fontSize
    self.fitSizes = fitSizes
    keepsWordsWhole = false
    fitsExactly = false
    self.language = language
    self.direction = direction
    self.box = box
    self.maximumLines = maximumLines
    self.wrapping = wrapping
    self.truncation = truncation
    truncationToken = "…"
    lineHeightMultiple = 1
    overflow = .truncate
    alignment = .natural
    verticalPlacement = .center
    spacing = .none
    lineSpacing = 0
    hyphenation = .none
    hyphenationLimits = .standard
    fitLadder = nil
    lineBreakStrategy = .greedy
  }

  /// What shaping the request depends on: its text, truncation token, font and options.
  ///
  /// Two requests with equal work shape alike, whatever their boxes and sizes.
  package var shapingWork: ShapingWork {
    ShapingWork(
      text: storedText, token: ExactString(truncationToken), font: font, options: shapingOptions)
  }

  /// What shaping the request's truncation token depends on.
  ///
  /// The token is shaped in either direction, as the text's paragraph runs, so one token work
  /// stands for two shaped texts.
  package var tokenWork: TokenWork {
    TokenWork(token: ExactString(truncationToken), font: font, language: language)
  }

  /// The language and direction the text is shaped with.
  var shapingOptions: ShapingOptions {
    ShapingOptions(
      language: language, direction: direction,
      breaksBetweenPhrases: lineBreakStrategy == .phrase,
      spans: styles.isEmpty
        ? [] : ShapingSpan.spans(of: styles, font: font, designSize: designFontSize ?? fontSize))
  }

  /// The layout options for `box`, checked.
  func layoutOptions(box: Size, overflow: Overflow) throws(TextLayoutError) -> LayoutOptions {
    var options: LayoutOptions
    do {
      options = try LayoutOptions(
        box: box, maximumLines: maximumLines, wrapping: wrapping, truncation: truncation,
        lineHeightMultiple: lineHeightMultiple, overflow: overflow)
    } catch {
      throw .layoutOptions(error)
    }
    guard spacing.letter.isFinite, spacing.word.isFinite,
      TextSpacing.range.contains(spacing.letter), TextSpacing.range.contains(spacing.word)
    else { throw .layoutOptions(.invalidSpacing(spacing)) }
    guard lineSpacing.isFinite else { throw .layoutOptions(.invalidLineSpacing(lineSpacing)) }
    let tightening = fitLadder?.maximumTightening ?? 0
    guard tightening.isFinite, tightening >= 0, tightening <= FitLadder.tighteningLimit else {
      throw .layoutOptions(.invalidTightening(tightening))
    }
    options.spacing = spacing
    options.lineSpacing = lineSpacing
    options.lineBreakStrategy = lineBreakStrategy
    return options
  }
}

extension TextRequest {
  /// The inputs a fit through a shaper of `identity` was given for this request's text,
  /// token, font and shaping options, when the request (or a copy) kept them; nil otherwise.
  func keptFitInputs(from identity: any AnyObject & Sendable) -> ShapedForFit? {
    keptInputs.box?.withKept { kept in
      guard let kept, kept.identity === identity, kept.text == storedText,
        kept.token == truncationToken, kept.font == font, kept.language == language,
        kept.direction == direction, kept.lineBreakStrategy == lineBreakStrategy,
        kept.styles == styles, kept.designSize == shapingDesignSize
      else { return nil }
      return kept.inputs
    }
  }

  /// Keeps `inputs`, which a shaper of `identity` gave for this request, for the next fit of
  /// the request or a copy; they replace what was kept.
  func keepFitInputs(_ inputs: ShapedForFit, from identity: any AnyObject & Sendable) {
    guard let box = keptInputs.box else { return }
    let kept = KeptFitInputs.Kept(
      identity: identity, text: storedText, token: truncationToken, font: font,
      language: language, direction: direction, lineBreakStrategy: lineBreakStrategy,
      styles: styles, designSize: shapingDesignSize, inputs: inputs)
    // What was kept before goes after the lock is let go: freeing it may free shaped texts.
    let replaced = box.withKept { old in
      defer { old = kept }
      return old
    }
    withExtendedLifetime(replaced) {}
  }

  /// The size the styles' spans are shaped relative to; nil for plain text, whose shaping
  /// no size changes.
  private var shapingDesignSize: Double? {
    styles.isEmpty ? nil : designFontSize ?? fontSize
  }
}

/// The inputs of a request's last fit, with what they were made from, so that fitting the
/// request again (in a new box, at new sizes) takes them back by comparing the request with
/// what they were made from, not by looking its text up in the shaper's cache.
///
/// A PangoLayout keeps its shaped text the same way until its text or attributes change.
/// Copies of a request share what was kept: a copy moved to a new box, the usual re-fit,
/// finds its original's inputs. It is no part of the request's value (every two are equal
/// and hash alike), and it keeps the shaped texts alive as long as the request.
private struct KeptFitInputs: Hashable, Sendable {
  /// The last inputs and what they were made from; the fields are the request's, as
  /// ``TextRequest/shapingOptions`` and ``TextRequest/shapingWork`` read them.
  ///
  /// A class, so that a fit reads it in place: a copy of so many fields costs a retain each.
  final class Kept: Sendable {
    let identity: any AnyObject & Sendable
    let text: ExactString
    let token: String
    let font: FontDescriptor
    let language: Language?
    let direction: WritingDirection
    let lineBreakStrategy: LineBreakStrategy
    let styles: [StyleRun]
    let designSize: Double?
    let inputs: ShapedForFit

    init(
      identity: any AnyObject & Sendable, text: ExactString, token: String,
      font: FontDescriptor, language: Language?, direction: WritingDirection,
      lineBreakStrategy: LineBreakStrategy, styles: [StyleRun], designSize: Double?,
      inputs: ShapedForFit
    ) {
      self.identity = identity
      self.text = text
      self.token = token
      self.font = font
      self.language = language
      self.direction = direction
      self.lineBreakStrategy = lineBreakStrategy
      self.styles = styles
      self.designSize = designSize
      self.inputs = inputs
    }
  }

  /// What was kept, shared by the request's copies; nil for a request that keeps nothing.
  let box: Box?

  /// Room to keep inputs in, or none.
  init(keeps: Bool) {
    box = keeps ? Box() : nil
  }

  /// What was kept, guarded by a flag: fits of copies on several threads may read and replace
  /// it at once.
  ///
  /// A spin lock, not a mutex: every request that keeps inputs makes a box, many are fitted
  /// once, and a mutex's storage would cost its allocation and set-up each time; the lock is
  /// held only to compare a few fields or swap a reference.
  final class Box: @unchecked Sendable {
    private let busy = Atomic<Bool>(false)
    private var kept: Kept?

    /// `body` applied to what was kept, with the flag held.
    func withKept<Result>(_ body: (inout Kept?) -> Result) -> Result {
      while !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        sched_yield()
      }
      defer { busy.store(false, ordering: .releasing) }
      return body(&kept)
    }
  }

  static func == (lhs: KeptFitInputs, rhs: KeptFitInputs) -> Bool { true }

  func hash(into hasher: inout Hasher) {}
}

/// The space a parent offers a text: a width and a height, each nil for no limit.
public struct ProposedSize: Hashable, Sendable {
  /// The width offered, or nil for as wide as the text wants.
  public var width: Double?
  /// The height offered, or nil for as tall as the text wants.
  public var height: Double?

  /// A proposal; nil on a side for no limit.
  public init(width: Double? = nil, height: Double? = nil) {
    self.width = width
    self.height = height
  }

  /// No limit on either side: the size the text takes when nothing constrains it.
  public static let unbounded = ProposedSize()
}

/// How narrow and how wide a text can be laid out: CSS's min-content and max-content widths.
public struct ContentWidths: Hashable, Sendable {
  /// The widest piece that cannot be broken (a word, or a grapheme cluster when lines wrap
  /// anywhere): no width below it avoids breaking inside a word.
  public var minimum: Double
  /// The widest paragraph on one line: no width above it changes the lines.
  public var maximum: Double

  /// Creates widths.
  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// What a request's shaping depends on; see ``TextRequest/shapingWork``.
package struct ShapingWork: Hashable, Sendable {
  /// The text, by its exact code units.
  var text: ExactString
  /// The truncation token.
  var token: ExactString
  /// The font.
  var font: FontDescriptor
  /// The shaping options.
  var options: ShapingOptions
}

/// What shaping a request's truncation token depends on; see ``TextRequest/tokenWork``.
package struct TokenWork: Hashable, Sendable {
  /// The token.
  var token: ExactString
  /// The font.
  var font: FontDescriptor
  /// The language.
  var language: Language?
}
