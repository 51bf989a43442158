import FontFitEngine
import FontFitFontModel
import FontFitText

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

  /// ``WidgetKind/button``.
  public override var kind: WidgetKind { .button }
}
