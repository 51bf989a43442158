import FontFitEngine
import FontFitFontModel
import FontFitText

/// A button whose single-line title shrinks to the button's width, like UIKit's
/// `adjustsFontSizeToFitWidth` with a minimum font size.
///
/// Its title keeps ``defaultContentInsets`` from its edges unless ``TextWidget/contentInsets``
/// says otherwise.
public final class Button: TextWidget {
  /// The insets a new button keeps around its title: 6 above and below, 12 at the sides, in
  /// screen units.
  ///
  /// They give the look of a UIKit button (a `UIButton.Configuration` title sits well inside
  /// its background); they are FontFit's choice, not a value read from UIKit.
  public static let defaultContentInsets = EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)

  /// Creates a button.
  public init(id: String = "", frame: Rect = .zero, font: Font, title: String = "") {
    super.init(id: id, frame: frame, font: font, text: title)
    numberOfLines = 1
    textAlignment = .center
    autoFit = AutoFit()
    contentInsets = Self.defaultContentInsets
  }

  /// The title; the same as `text`.
  public var title: String {
    get { text }
    set { text = newValue }
  }

  /// Whether the title is one line: when `numberOfLines` is 1, the default.
  public override var isSingleLine: Bool { numberOfLines == 1 }

  /// ``WidgetKind/button``.
  public override var kind: WidgetKind { .button }
}
