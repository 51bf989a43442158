import FontFitEngine
import FontFitFontModel
import FontFitText

/// A single-line text field whose text shrinks to the field's width; it shows its placeholder,
/// in ``placeholderColor``, while its text is empty.
///
/// Its text keeps ``defaultContentInsets`` from its sides unless ``TextWidget/contentInsets``
/// says otherwise.
public final class TextField: TextWidget {
  /// The insets a new field keeps around its text: 8 at the sides, none above or below, in
  /// screen units.
  ///
  /// They give the look of UIKit's rounded-rect text field, whose text starts a few points in
  /// from its border; they are FontFit's choice, not a value read from UIKit.
  public static let defaultContentInsets = EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)

  /// The colour of a new field's placeholder: `#3C3C434D`, a dark grey at 30% opacity, like
  /// UIKit's `placeholderText` colour.
  public static let defaultPlaceholderColor = Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x4D)

  /// The text shown while the field is empty.
  public var placeholder: String = "" {
    // Exact code units: a canonically equivalent text draws other code points.
    didSet { if !placeholder.utf8.elementsEqual(oldValue.utf8) { setNeedsLayout() } }
  }

  /// The colour the placeholder is drawn in; like ``TextWidget/textColor``, it never changes
  /// a layout.
  public var placeholderColor = TextField.defaultPlaceholderColor

  /// Creates a text field.
  public init(
    id: String = "", frame: Rect = .zero, font: Font, text: String = "", placeholder: String = ""
  ) {
    super.init(id: id, frame: frame, font: font, text: text)
    self.placeholder = placeholder
    numberOfLines = 1
    autoFit = AutoFit()
    contentInsets = Self.defaultContentInsets
  }

  /// ``placeholderColor`` while the placeholder is shown (`shown` is empty), else
  /// ``TextWidget/textColor``.
  public override func textColor(showing shown: String) -> Color {
    shown.isEmpty && !placeholder.isEmpty ? placeholderColor : textColor
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
