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
public struct TextRequest: Hashable, Sendable, CustomReflectable {
  /// What the request's text is shaped from, and what fits kept of it.
  ///
  /// The values are shared by the request's copies until one changes them: a fit, a widget
  /// and a caller that moves a request to a new box copy requests often, and a copy then
  /// costs a retain, not one for each string and array of the request.
  private var shaping: ShapingStorage
  /// The rest of the request's values (sizes, box, lines, spacing), shared likewise.
  private var layout: Storage<LayoutValues>

  /// The text, exactly as given (its code units, not just its canonical form, are compared).
  public var text: String {
    get { shaping.values.text.string }
    set {
      changeShaping {
        $0.text = ExactString(newValue)
        $0.styles = []
      }
    }
  }
  /// The styled runs of rich text over ``text`` (UTF-8 offsets), as Pango markup gives them.
  ///
  /// Empty for plain text. Set them with ``styledText`` or ``setMarkup(_:)``.
  public private(set) var styles: [StyleRun] {
    get { shaping.values.styles }
    set { changeShaping { $0.styles = newValue } }
  }
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
  /// The size that absolute sizes, rises and letter spacings in ``styles`` are relative to:
  /// the text's design size (a span of `size="14pt"` in a 17pt design is 14/17 of the text
  /// whatever size it is adapted or fitted to); nil for ``fontSize``.
  public var designFontSize: Double? {
    get { shaping.values.designFontSize }
    set { changeShaping { $0.designFontSize = newValue } }
  }
  /// The font's family, weight and slant.
  public var font: FontDescriptor {
    get { shaping.values.font }
    set { changeShaping { $0.font = newValue } }
  }
  /// The size the text has before any fit, and the one ``TextEngine/measure(_:proposal:)``
  /// measures at.
  public var fontSize: Double {
    get { layout.values.fontSize }
    set { changeLayout { $0.fontSize = newValue } }
  }
  /// The sizes a fit may choose from; nil to set the text at ``fontSize`` only.
  public var fitSizes: FontSizeRange? {
    get { layout.values.fitSizes }
    set { changeLayout { $0.fitSizes = newValue } }
  }
  /// Whether a fit keeps every word on one line (a size that must break a word inside is not
  /// chosen while a smaller one keeps words whole).
  public var keepsWordsWhole: Bool {
    get { layout.values.keepsWordsWhole }
    set { changeLayout { $0.keepsWordsWhole = newValue } }
  }
  /// Whether a fit chooses the largest size at which the text fills its box exactly, between
  /// the grid's sizes; otherwise the largest grid size that fits.
  public var fitsExactly: Bool {
    get { layout.values.fitsExactly }
    set { changeLayout { $0.fitsExactly = newValue } }
  }
  /// The text's language, or nil for none in particular.
  public var language: Language? {
    get { shaping.values.language }
    set { changeShaping { $0.language = newValue } }
  }
  /// The paragraph direction.
  public var direction: WritingDirection {
    get { shaping.values.direction }
    set { changeShaping { $0.direction = newValue } }
  }
  /// The box the text is laid out in; `.infinity` on a side for no limit.
  public var box: Size {
    get { layout.values.box }
    set { changeLayout { $0.box = newValue } }
  }
  /// The most lines; 0 for no limit but the box.
  public var maximumLines: Int {
    get { layout.values.maximumLines }
    set { changeLayout { $0.maximumLines = newValue } }
  }
  /// Where lines wrap.
  public var wrapping: LineWrapping {
    get { layout.values.wrapping }
    set { changeLayout { $0.wrapping = newValue } }
  }
  /// How text past the last line is marked.
  public var truncation: Truncation {
    get { layout.values.truncation }
    set { changeLayout { $0.truncation = newValue } }
  }
  /// The text that marks where text was cut.
  public var truncationToken: String {
    get { shaping.values.truncationToken }
    set { changeShaping { $0.truncationToken = newValue } }
  }
  /// A factor on every line's height.
  public var lineHeightMultiple: Double {
    get { layout.values.lineHeightMultiple }
    set { changeLayout { $0.lineHeightMultiple = newValue } }
  }
  /// What happens to text that does not fit even at the smallest size.
  public var overflow: Overflow {
    get { layout.values.overflow }
    set { changeLayout { $0.overflow = newValue } }
  }
  /// How lines are aligned across the box.
  public var alignment: TextAlignment {
    get { layout.values.alignment }
    set { changeLayout { $0.alignment = newValue } }
  }
  /// Where the block of lines sits in a box taller than it.
  public var verticalPlacement: VerticalPlacement {
    get { layout.values.verticalPlacement }
    set { changeLayout { $0.verticalPlacement = newValue } }
  }
  /// Letter and word spacing, in ems of the size laid out at, so that they scale with the
  /// fit (none by default).
  public var spacing: TextSpacing {
    get { layout.values.spacing }
    set { changeLayout { $0.spacing = newValue } }
  }
  /// Extra space added to every line's height, in the request's units (0 by default).
  public var lineSpacing: Double {
    get { layout.values.lineSpacing }
    set { changeLayout { $0.lineSpacing = newValue } }
  }
  /// Whether words may be hyphenated by dictionary (``Hyphenation/none`` by default).
  public var hyphenation: Hyphenation {
    get { layout.values.hyphenation }
    set { changeLayout { $0.hyphenation = newValue } }
  }
  /// Where dictionary hyphenation may break a word.
  public var hyphenationLimits: HyphenationLimits {
    get { layout.values.hyphenationLimits }
    set { changeLayout { $0.hyphenationLimits = newValue } }
  }
  /// The levers a fit may use, in order, before it truncates; nil for the size, then
  /// hyphenation when ``hyphenation`` is ``Hyphenation/auto``.
  public var fitLadder: FitLadder? {
    get { layout.values.fitLadder }
    set { changeLayout { $0.fitLadder = newValue } }
  }
  /// How lines are chosen once the size is known (``LineBreakStrategy/greedy`` by default).
  public var lineBreakStrategy: LineBreakStrategy {
    get { shaping.values.lineBreakStrategy }
    set { changeShaping { $0.lineBreakStrategy = newValue } }
  }

  /// Applies `body` to the shaping values, copying them first if another request shares
  /// them; what fits kept of the values before is not the new values'.
  private mutating func changeShaping(_ body: (inout ShapingValues) -> Void) {
    if isKnownUniquelyReferenced(&shaping) {
      shaping.replaceKept(with: nil)
    } else {
      shaping = ShapingStorage(shaping.values, keeps: shaping.keeps)
    }
    body(&shaping.values)
  }

  /// Applies `body` to the layout values, copying them first if another request shares them.
  private mutating func changeLayout(_ body: (inout LayoutValues) -> Void) {
    if !isKnownUniquelyReferenced(&layout) {
      layout = Storage(layout.values)
    }
    body(&layout.values)
  }

  /// The values the text is shaped from, as the properties of the same names describe them
  /// (``text`` is kept as its exact code units); the font size too, for styled text.
  fileprivate struct ShapingValues: Hashable, Sendable {
    var text: ExactString
    var styles: [StyleRun] = []
    var designFontSize: Double?
    var font: FontDescriptor
    var language: Language?
    var direction: WritingDirection
    var truncationToken: String
    var lineBreakStrategy: LineBreakStrategy
  }

  /// The values that lay the shaped text out, as the properties of the same names describe
  /// them: what ``init(text:styles:designFontSize:font:language:direction:truncationToken:lineBreakStrategy:layout:sharingShapingOf:)``
  /// takes at once.
  package struct LayoutValues: Hashable, Sendable {
    var fontSize: Double
    var fitSizes: FontSizeRange?
    var keepsWordsWhole: Bool
    var fitsExactly: Bool
    var box: Size
    var maximumLines: Int
    var wrapping: LineWrapping
    var truncation: Truncation
    var lineHeightMultiple: Double
    var overflow: Overflow
    var alignment: TextAlignment
    var verticalPlacement: VerticalPlacement
    var spacing: TextSpacing
    var lineSpacing: Double
    var hyphenation: Hyphenation
    var hyphenationLimits: HyphenationLimits
    var fitLadder: FitLadder?

    /// The values, each as the property of its name takes it.
    package init(
      fontSize: Double, fitSizes: FontSizeRange?, keepsWordsWhole: Bool, fitsExactly: Bool,
      box: Size, maximumLines: Int, wrapping: LineWrapping, truncation: Truncation,
      lineHeightMultiple: Double, overflow: Overflow, alignment: TextAlignment,
      verticalPlacement: VerticalPlacement, spacing: TextSpacing, lineSpacing: Double,
      hyphenation: Hyphenation, hyphenationLimits: HyphenationLimits, fitLadder: FitLadder?
    ) {
      self.fontSize = fontSize
      self.fitSizes = fitSizes
      self.keepsWordsWhole = keepsWordsWhole
      self.fitsExactly = fitsExactly
      self.box = box
      self.maximumLines = maximumLines
      self.wrapping = wrapping
      self.truncation = truncation
      self.lineHeightMultiple = lineHeightMultiple
      self.overflow = overflow
      self.alignment = alignment
      self.verticalPlacement = verticalPlacement
      self.spacing = spacing
      self.lineSpacing = lineSpacing
      self.hyphenation = hyphenation
      self.hyphenationLimits = hyphenationLimits
      self.fitLadder = fitLadder
    }
  }

  /// Values behind one reference.
  ///
  /// Only a request that holds the one reference to it changes it, so sharing it across
  /// threads is safe, and the values need no run-time exclusivity checks: a request's own
  /// exclusive access (it is a value) covers its storage's.
  fileprivate class Storage<Values: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) final var values: Values

    init(_ values: Values) {
      self.values = values
    }
  }

  /// The shaping values, and what a fit was given for them: the inputs a shaper returned, so
  /// that fitting the request or a copy again (in a new box, at new sizes) takes them back
  /// instead of looking its text up in the shaper's cache, as a PangoLayout keeps its shaped
  /// text until its text or attributes change.
  ///
  /// What was kept is read and replaced under a spin lock on an atomic flag: fits of copies on
  /// several threads may use it at once, but only to check it or copy a few references. The
  /// package's `Lock` would cost every request an allocation and a mutex's set-up, and
  /// `Synchronization.Mutex`, stored inline, waits on futexes the thread sanitizer cannot
  /// see, so it would report every read of what the mutex guards as a race.
  fileprivate final class ShapingStorage: Storage<ShapingValues>, @unchecked Sendable {
    /// Whether fits keep their inputs here; the batch layout's requests, each made for one
    /// fit and dropped, keep none.
    let keeps: Bool
    private let busy = Atomic<Bool>(false)
    @exclusivity(unchecked) private var kept: Kept?

    /// What a fit was given, and by whom; kept inline (in an object of its own it took 80
    /// bytes of every widget's request more).
    struct Kept: Sendable {
      /// The shaper's ``TextShaping/fitInputsIdentity``.
      let identity: any AnyObject & Sendable
      /// The size styled text's spans were shaped relative to; nil for plain text.
      let designSize: Double?
      /// The shaped text, token and face.
      let inputs: ShapedForFit
    }

    init(_ values: ShapingValues, keeps: Bool) {
      self.keeps = keeps
      super.init(values)
    }

    /// Whether `other`'s values are these, compared field by field in place: comparing the
    /// two values whole would copy each out of its storage first (a retain for each string
    /// and array), on every re-fit of a widget.
    func hasValues(of other: ShapingStorage) -> Bool {
      let same =
        values.text == other.values.text && values.truncationToken == other.values.truncationToken
        && values.font == other.values.font && values.language == other.values.language
        && values.direction == other.values.direction
        && values.lineBreakStrategy == other.values.lineBreakStrategy
        && values.designFontSize == other.values.designFontSize
        && values.styles == other.values.styles
      // Every field: a test build checks the list against the synthesized comparison.
      assert(same == (values == other.values), "ShapingValues has a field hasValues skips")
      return same
    }

    /// `body` applied to what was kept, with the flag held.
    private func withKept<Result>(_ body: (inout Kept?) -> Result) -> Result {
      while !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        sched_yield()
      }
      defer { busy.store(false, ordering: .releasing) }
      return body(&kept)
    }

    /// The inputs kept from a shaper of `identity` for styled text's `designSize`.
    func kept(from identity: any AnyObject & Sendable, designSize: Double?) -> ShapedForFit? {
      withKept { kept in
        guard let kept, kept.identity === identity, kept.designSize == designSize else {
          return nil
        }
        return kept.inputs
      }
    }

    /// Keeps `kept` in place of what was kept; nil forgets it, as the values are about to
    /// change (only for a storage one request holds alone).
    func replaceKept(with kept: Kept?) {
      guard keeps else { return }
      // What was kept before goes after the flag is let go: freeing it may free shaped texts.
      let replaced = withKept { old in
        defer { old = kept }
        return old
      }
      withExtendedLifetime(replaced) {}
    }
  }

  /// The request's values by name, as a struct's stored properties would show them (in
  /// `print`, `dump` and test failures), not the storage that holds them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "text": text, "styles": styles, "designFontSize": designFontSize as Any,
        "font": font, "fontSize": fontSize, "fitSizes": fitSizes as Any,
        "keepsWordsWhole": keepsWordsWhole, "fitsExactly": fitsExactly,
        "language": language as Any, "direction": direction, "box": box,
        "maximumLines": maximumLines, "wrapping": wrapping, "truncation": truncation,
        "truncationToken": truncationToken, "lineHeightMultiple": lineHeightMultiple,
        "overflow": overflow, "alignment": alignment, "verticalPlacement": verticalPlacement,
        "spacing": spacing, "lineSpacing": lineSpacing, "hyphenation": hyphenation,
        "hyphenationLimits": hyphenationLimits, "fitLadder": fitLadder as Any,
        "lineBreakStrategy": lineBreakStrategy,
      ], displayStyle: .struct)
  }

  /// Whether two requests have the same values; what their fits kept is not compared.
  public static func == (lhs: TextRequest, rhs: TextRequest) -> Bool {
    (lhs.shaping === rhs.shaping || lhs.shaping.values == rhs.shaping.values)
      && (lhs.layout === rhs.layout || lhs.layout.values == rhs.layout.values)
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(shaping.values)
    hasher.combine(layout.values)
  }

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
  /// a caller that makes a request for one fit and drops it (the batch layout) spares each
  /// fit keeping what no later fit reads.
  package init(
    text: String, font: FontDescriptor, fontSize: Double, fitSizes: FontSizeRange? = nil,
    box: Size, maximumLines: Int = 0, wrapping: LineWrapping = .words,
    truncation: Truncation = .tail, language: Language? = nil,
    direction: WritingDirection = .natural, keepsFitInputs: Bool
  ) {
    shaping = ShapingStorage(
      ShapingValues(
        text: ExactString(text), designFontSize: nil, font: font, language: language,
        direction: direction, truncationToken: "…", lineBreakStrategy: .greedy),
      keeps: keepsFitInputs)
    layout = Storage(
      LayoutValues(
        fontSize: fontSize, fitSizes: fitSizes, keepsWordsWhole: false, fitsExactly: false,
        box: box, maximumLines: maximumLines, wrapping: wrapping, truncation: truncation,
        lineHeightMultiple: 1, overflow: .truncate, alignment: .natural,
        verticalPlacement: .center, spacing: .none, lineSpacing: 0, hyphenation: .none,
        hyphenationLimits: .standard, fitLadder: nil))
  }

  /// A request with every value given at once, keeping its fits' inputs: what a widget makes
  /// at each layout.
  ///
  /// Its shaping values are `kept`'s, with what `kept`'s fits kept, when they are the same
  /// (as ``shareShaping(with:)`` would find them after), so no new storage is made for them;
  /// otherwise they are new.
  package init(
    text: borrowing String, styles: borrowing [StyleRun], designFontSize: Double?,
    font: borrowing FontDescriptor, language: borrowing Language?, direction: WritingDirection,
    truncationToken: borrowing String, lineBreakStrategy: LineBreakStrategy,
    layout: LayoutValues, sharingShapingOf kept: ShapingValuesReference?
  ) {
    // Compared field by field with the kept values before any are gathered into new ones;
    // borrowed, so a request that shares the kept values copies none of them.
    if let kept = kept?.storage, kept.keeps, kept.values.text.hasBytes(of: text),
      kept.values.truncationToken == truncationToken, kept.values.font == font,
      kept.values.language == language, kept.values.direction == direction,
      kept.values.lineBreakStrategy == lineBreakStrategy,
      kept.values.designFontSize == designFontSize, kept.values.styles == styles
    {
      // Every field: a test build checks the list against the synthesized comparison.
      assert(
        kept.values
          == Self.shapingValues(
            text: text, styles: styles, designFontSize: designFontSize, font: font,
            language: language, direction: direction, truncationToken: truncationToken,
            lineBreakStrategy: lineBreakStrategy),
        "ShapingValues has a field the init skips")
      shaping = kept
    } else {
      shaping = ShapingStorage(
        Self.shapingValues(
          text: text, styles: styles, designFontSize: designFontSize, font: font,
          language: language, direction: direction, truncationToken: truncationToken,
          lineBreakStrategy: lineBreakStrategy),
        keeps: true)
    }
    self.layout = Storage(layout)
  }

  /// Shaping values made of copies of borrowed ones.
  private static func shapingValues(
    text: borrowing String, styles: borrowing [StyleRun], designFontSize: Double?,
    font: borrowing FontDescriptor, language: borrowing Language?, direction: WritingDirection,
    truncationToken: borrowing String, lineBreakStrategy: LineBreakStrategy
  ) -> ShapingValues {
    ShapingValues(
      text: ExactString(copy text), styles: copy styles, designFontSize: designFontSize,
      font: copy font, language: copy language, direction: direction,
      truncationToken: copy truncationToken, lineBreakStrategy: lineBreakStrategy)
  }

  /// What shaping the request depends on: its text, truncation token, font and options.
  ///
  /// Two requests with equal work shape alike, whatever their boxes and sizes.
  package var shapingWork: ShapingWork {
    ShapingWork(
      text: shaping.values.text, token: ExactString(truncationToken), font: font,
      options: shapingOptions)
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
  /// Takes `other`'s shaping values, with what its fits kept, when they equal this request's
  /// and both keep inputs or neither does: a request made afresh from the same settings (the
  /// C library makes one after every setter) then finds what the other's fits were given.
  package mutating func shareShaping(with other: TextRequest) {
    shareShaping(with: other.shapingValues)
  }

  /// What the request's text is shaped from, with what its fits kept, for
  /// ``shareShaping(with:)``: a caller that keeps only this (a
  /// widget between its layouts) keeps no sizes, box or spacing.
  package var shapingValues: ShapingValuesReference {
    ShapingValuesReference(storage: shaping)
  }

  /// Takes `values`, with what fits kept of them, when they equal this request's shaping
  /// values (see the other ``shareShaping(with:)``).
  package mutating func shareShaping(with values: ShapingValuesReference) {
    guard shaping !== values.storage, shaping.keeps == values.storage.keeps,
      shaping.hasValues(of: values.storage)
    else { return }
    shaping = values.storage
  }

  /// The inputs a fit through a shaper of `identity` was given for this request's text,
  /// token, font and shaping options, when the request (or a copy) kept them; nil otherwise.
  func keptFitInputs(from identity: any AnyObject & Sendable) -> ShapedForFit? {
    shaping.kept(from: identity, designSize: shapingDesignSize)
  }

  /// Keeps `inputs`, which a shaper of `identity` gave for this request, for the next fit of
  /// the request or a copy with the same shaping values; they replace what was kept.
  func keepFitInputs(_ inputs: ShapedForFit, from identity: any AnyObject & Sendable) {
    shaping.replaceKept(
      with: ShapingStorage.Kept(identity: identity, designSize: shapingDesignSize, inputs: inputs))
  }

  /// The size the styles' spans are shaped relative to; nil for plain text, whose shaping
  /// no size changes.
  private var shapingDesignSize: Double? {
    styles.isEmpty ? nil : designFontSize ?? fontSize
  }
}

/// A request's shaping values and what its fits kept of them, held by reference
/// (``TextRequest/shapingValues``).
package struct ShapingValuesReference: Sendable {
  fileprivate let storage: TextRequest.ShapingStorage
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
