import FontFitEngine
import FontFitFontModel
import FontFitText

/// A single-line text field whose text shrinks to the field's width; it shows its placeholder
/// while its text is empty.
public final class TextField: TextWidget {
  /// The text shown while the field is empty.
  public var placeholder: String = "" {
    // Exact code units: a canonically equivalent text draws other code points.
    didSet { if !placeholder.utf8.elementsEqual(oldValue.utf8) { setNeedsLayout() } }
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

  /// `shown`, or the placeholder when `shown` is empty.
  public override func displayedText(for shown: String) -> String {
    shown.isEmpty ? placeholder : shown
  }

  /// Always true: a field is one line.
  public override var isSingleLine: Bool { true }

  /// ``WidgetKind/textField``.
  public override var kind: WidgetKind { .textField }
}
