import FontKit
import TextLayout

/// How lines sit horizontally in a widget, after UIKit's `NSTextAlignment`.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
  /// Flush left.
  case left
  /// Centred.
  case center
  /// Flush right.
  case right
  /// Both edges flush, except the last line.
  case justified
  /// The script's natural side: left for left-to-right text.
  case natural
}

/// How a widget shrinks its font so the text fits its box (the AXAutoSuitLabel behaviour).
///
/// Every fit starts from the widget's adapted design size, never from the size a previous fit
/// chose, so a shorter text grows back.
public struct AutoFit: Hashable, Sendable {
  /// The smallest size to shrink to, in points (10 by default, as in the seed).
  public var minimumPointSize: Double
  /// The largest size, in points; nil means the adapted design size.
  public var maximumPointSize: Double?
  /// The distance between candidate sizes, in points (0.5 by default; any positive value).
  public var step: Double

  /// Creates an auto-fit policy.
  ///
  /// - Parameters:
  ///   - minimumPointSize: The smallest size to shrink to.
  ///   - maximumPointSize: The largest size; nil for the adapted design size.
  ///   - step: The distance between candidate sizes.
  public init(minimumPointSize: Double = 10, maximumPointSize: Double? = nil, step: Double = 0.5) {
    self.minimumPointSize = minimumPointSize
    self.maximumPointSize = maximumPointSize
    self.step = step
  }

  /// The sizes a fit may choose from for a widget whose adapted design size is `adapted`.
  func sizes(adapted: Double) throws(FitPolicyError) -> FontSizeRange {
    try FontSizeRange(
      minimum: minimumPointSize, maximum: maximumPointSize ?? adapted, step: step)
  }
}

/// Why a widget could not lay out its text, when no font or fit error says it better.
public struct WidgetLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String

  /// The message.
  public var description: String { message }
}

/// A text that a widget with `.reject` overflow refused, and the fit that failed.
public struct Rejection: Sendable {
  /// The refused text.
  public var text: String
  /// The layout the refused text would have had at the smallest size.
  public var result: FitResult
}

/// A widget that shows text: the common base of ``Label``, ``Button``, ``TextField`` and
/// ``TextView``.
///
/// Its `font` is the design font. Setting it adapts it to the current screen at once
/// (``adaptedFont``), and moving the widget to another screen adapts it again from the design
/// font, so `widget.font = widget.font` never adapts twice. The text is fitted lazily: reading
/// ``fitResult`` lays out what changed since the last read.
open class TextWidget: View {
  private var storedText: String
  private var acceptedText: String = ""
  private var storedFont: Font
  private var cachedAdaptedFont: Font?
  private var cachedResult: FitResult?
  private var cachedShape: (key: ShapeKey, text: ShapedText, token: ShapedText)?
  /// Why the last layout could not be made, such as an unreadable font file.
  public private(set) var layoutError: (any Error)?
  /// The last text refused under `.reject` overflow, or nil.
  public private(set) var rejection: Rejection?

  private struct ShapeKey: Equatable {
    var text: String
    var token: String
    var font: Font
  }

  /// Creates a text widget.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points.
  ///   - font: The design font.
  ///   - text: The text.
  public init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    storedText = text
    storedFont = font
    super.init(id: id, frame: frame)
  }

  /// The text shown (a button's title, a field's text).
  ///
  /// With `.reject` overflow, a text that does not fit even at the smallest size is refused
  /// when set (or, for a widget not yet in an environment, when it is first laid out): `text`
  /// keeps the previous text and ``rejection`` reports the refused one until a text is
  /// accepted. An empty text is always accepted.
  public var text: String {
    get { storedText }
    set {
      // A new assignment supersedes any earlier refusal, even when it repeats the shown text.
      rejection = nil
      guard newValue != storedText else { return }
      storedText = newValue
      setNeedsLayout()
      if overflow == .reject { _ = fitResult }
    }
  }

  /// The design font: the size is the one designed for the design screen.
  public var font: Font {
    get { storedFont }
    set {
      storedFont = newValue
      adaptFont()
      setNeedsLayout()
    }
  }

  /// The design font adapted to the current screen, or the design font outside any environment.
  public var adaptedFont: Font {
    if let cachedAdaptedFont { return cachedAdaptedFont }
    adaptFont()
    return cachedAdaptedFont ?? storedFont
  }

  /// The installed face Fontconfig chose for the adapted font, or nil outside an environment.
  public var resolvedFont: ResolvedFont? {
    try? environment?.fonts.resolve(adaptedFont)
  }

  /// The font as drawn: the adapted font at the size the fit chose.
  public var displayedFont: Font {
    adaptedFont.withPointSize(fitResult?.pointSize ?? adaptedFont.pointSize)
  }

  /// How lines sit horizontally.
  public var textAlignment: TextAlignment = .natural

  /// The most lines to show; 0 means as many as the box holds.
  public var numberOfLines: Int = 0 {
    didSet { if numberOfLines != oldValue { setNeedsLayout() } }
  }

  /// How lines wrap and how text past the last line is marked.
  public var lineBreakMode: LineBreakMode = .truncateTail {
    didSet { if lineBreakMode != oldValue { setNeedsLayout() } }
  }

  /// How the font shrinks to fit, or nil to lay out at the adapted size only.
  public var autoFit: AutoFit? {
    didSet { if autoFit != oldValue { setNeedsLayout() } }
  }

  /// What happens to text that does not fit even at the smallest size.
  public var overflow: Overflow = .truncate {
    didSet { if overflow != oldValue { setNeedsLayout() } }
  }

  /// A factor applied to the font's natural line height (ascent + descent + line gap); a value
  /// that is not a positive finite number means 1.
  public var lineHeightMultiple: Double = 1 {
    didSet { if lineHeightMultiple != oldValue { setNeedsLayout() } }
  }

  /// The mark put where text is truncated; line separators in it become spaces.
  public var truncationToken: String = "…" {
    didSet {
      if truncationToken.contains(where: \.isLineSeparator) {
        truncationToken = truncationToken.lineSeparatorsAsSpaces()
      }
      if truncationToken != oldValue { setNeedsLayout() }
    }
  }

  /// The text the widget lays out; a text field shows its placeholder while empty.
  open var displayedText: String { storedText }

  /// Whether the widget lays out on a single line whatever `numberOfLines` says.
  open var isSingleLine: Bool { false }

  /// The layout of the text on the current screen.
  ///
  /// It gives the chosen size, the lines, the text size, whether it fits and why not. Nil outside an environment or when the font cannot be read
  /// (see ``layoutError``).
  public var fitResult: FitResult? {
    if let cachedResult { return cachedResult }
    layoutText()
    return cachedResult
  }

  /// The size the text needs when at most `width` points wide, at the adapted size, with
  /// no limit on height but the line limit: UIKit's `sizeThatFits`.
  public func sizeThatFits(width: Double) -> Size? {
    guard let environment, let shaped = try? shapes(in: environment) else { return nil }
    let options = LayoutOptions(
      box: Size(width: isSingleLine ? .infinity : width, height: .infinity),
      maximumLines: isSingleLine ? 1 : numberOfLines, lineBreakMode: lineBreakMode,
      lineHeightMultiple: lineHeightMultiple, overflow: .truncate)
    return TextLayouter(shaped: shaped.text, truncationToken: shaped.token)
      .layout(pointSize: adaptedFont.pointSize, options: options).size
  }

  /// Re-adapts the design font to the current screen.
  open override func environmentDidChange() {
    adaptFont()
    super.environmentDidChange()
  }

  /// Forgets the last layout; the next read of ``fitResult`` lays out again.
  open override func setNeedsLayout() {
    cachedResult = nil
  }

  private func adaptFont() {
    cachedAdaptedFont = environment?.adapted(storedFont)
  }

  private func shapes(in environment: WidgetEnvironment) throws -> (
    text: ShapedText, token: ShapedText
  ) {
    // A single-line widget shows line separators as spaces, as a text field does.
    let shown = isSingleLine ? displayedText.lineSeparatorsAsSpaces() : displayedText
    let key = ShapeKey(text: shown, token: truncationToken, font: adaptedFont.withPointSize(1))
    if let cachedShape, cachedShape.key == key { return (cachedShape.text, cachedShape.token) }
    let text = try environment.fonts.shape(key.text, font: key.font)
    let token =
      try cachedShape.flatMap {
        $0.key.token == key.token && $0.key.font == key.font ? $0.token : nil
      }
      ?? environment.fonts.shape(key.token, font: key.font)
    cachedShape = (key, text, token)
    return (text, token)
  }

  private func layoutText() {
    guard let environment else { return }
    do {
      let result = try fit(in: environment)
      layoutError = nil
      if overflow == .reject, !result.fits, !storedText.isEmpty, storedText != acceptedText {
        // Refuse the text, as the seed does, but say so: keep the last text that fitted.
        rejection = Rejection(text: storedText, result: result)
        storedText = acceptedText
        cachedResult = try fit(in: environment)
        return
      }
      if storedText != acceptedText {
        acceptedText = storedText
        rejection = nil
      }
      cachedResult = result
    } catch {
      layoutError = error
      cachedResult = nil
    }
  }

  private func fit(in environment: WidgetEnvironment) throws -> FitResult {
    let adaptedSize = adaptedFont.pointSize
    guard Font.pointSizeRange.contains(adaptedSize) else {
      throw WidgetLayoutError(
        message: "font size \(adaptedSize) is outside \(Font.pointSizeRange.lowerBound)…"
          + "\(Font.pointSizeRange.upperBound) points")
    }
    let shaped = try shapes(in: environment)
    let sizes = try autoFit?.sizes(adapted: adaptedSize) ?? FontSizeRange(fixed: adaptedSize)
    let options = LayoutOptions(
      box: screenFrame.size, maximumLines: isSingleLine ? 1 : numberOfLines,
      lineBreakMode: lineBreakMode, lineHeightMultiple: lineHeightMultiple, overflow: overflow)
    return Fitter(shaped: shaped.text, truncationToken: shaped.token).fit(
      sizes: sizes, options: options)
  }
}

extension String {
  /// The text with each line separator (LF, CR LF, U+2028, …) replaced by a space.
  func lineSeparatorsAsSpaces() -> String {
    guard contains(where: \.isLineSeparator) else { return self }
    return String(map { $0.isLineSeparator ? " " : $0 })
  }
}

/// A multi-line label that shrinks its font until the wrapped text fits its box.
///
/// Defaults follow the seed's AXAutoSuitLabel: unlimited lines, word wrapping with the tail
/// truncated, auto-fit from the adapted design size down to 10pt in 0.5pt steps.
public final class Label: TextWidget {
  /// Creates a label.
  public override init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    super.init(id: id, frame: frame, font: font, text: text)
    numberOfLines = 0
    autoFit = AutoFit()
  }

  /// `Label`.
  public override var typeName: String { "Label" }
}

/// A button whose single-line title shrinks to the button's width, like UIKit's
/// `adjustsFontSizeToFitWidth` with a minimum font size.
public final class Button: TextWidget {
  /// Creates a button.
  public init(id: String = "", frame: Rect = .zero, font: Font, title: String = "") {
    super.init(id: id, frame: frame, font: font, text: title)
    numberOfLines = 1
    textAlignment = .center
    autoFit = AutoFit()
  }

  /// The title; the same as `text`.
  public var title: String {
    get { text }
    set { text = newValue }
  }

  /// Whether the title is one line: when `numberOfLines` is 1, the default.
  public override var isSingleLine: Bool { numberOfLines == 1 }

  /// `Button`.
  public override var typeName: String { "Button" }
}

/// A single-line text field whose text shrinks to the field's width; it shows its placeholder
/// while its text is empty.
public final class TextField: TextWidget {
  /// The text shown while the field is empty.
  public var placeholder: String = "" {
    didSet { if placeholder != oldValue { setNeedsLayout() } }
  }

  /// Creates a text field.
  public init(
    id: String = "", frame: Rect = .zero, font: Font, text: String = "", placeholder: String = ""
  ) {
    super.init(id: id, frame: frame, font: font, text: text)
    self.placeholder = placeholder
    numberOfLines = 1
    autoFit = AutoFit()
  }

  /// The text, or the placeholder while the text is empty.
  public override var displayedText: String { text.isEmpty ? placeholder : text }

  /// Always true: a field is one line.
  public override var isSingleLine: Bool { true }

  /// `TextField`.
  public override var typeName: String { "TextField" }
}

/// A scrolling multi-line text view: its font adapts but does not shrink by default, and it
/// reports the height of its content.
public final class TextView: TextWidget {
  /// Creates a text view.
  public override init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    super.init(id: id, frame: frame, font: font, text: text)
    numberOfLines = 0
    lineBreakMode = .wordWrap
    overflow = .scroll
  }

  /// The height of the laid-out text, which may exceed the frame (the view scrolls).
  public var contentHeight: Double { fitResult?.textSize.height ?? 0 }

  /// `TextView`.
  public override var typeName: String { "TextView" }
}
